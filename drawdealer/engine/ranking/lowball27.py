"""2-7 lowball ranking (RULES.md §3): the lowest hand wins, the ace is high only, straights and
flushes count against the hand, suits never break ties; 7462 classes (§3.4).

The tables are built when this module is first imported (a few ms), which
:func:`drawdealer.engine.ranking.get_ranking` does only on first use. :func:`value27` is the fast
path for code that holds Card ints already.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from drawdealer.engine.cards import Card
from drawdealer.engine.ranking.fivecard import build_tables
from drawdealer.engine.ranking.tableranking import TableRanking

_TABLES = build_tables(ace_low_straight=False, low_wins=True)
_UNIQUE = _TABLES.unique
_PAIRED = _TABLES.paired


def value27(a: Card, b: Card, c: Card, d: Card, e: Card) -> int:
    """2-7 strength of five distinct cards: 7462 for ``7-5-4-3-2`` … 1 for ``A-K-Q-J-T`` suited.

    Higher is better; equal values tie (RULES.md §3.3). See :mod:`.fivecard` for the look-up.
    """
    return _UNIQUE[(a | b | c | d | e) >> 12] or _PAIRED[(a & 255) * (b & 255) * (c & 255) * (d & 255) * (e & 255)]


def values27(hands: Iterable[Sequence[Card]]) -> list[int]:
    """:func:`value27` of each five-card hand (the same look-up, without a call per hand)."""
    unique, paired = _UNIQUE, _PAIRED
    return [unique[(a | b | c | d | e) >> 12] or paired[(a & 255) * (b & 255) * (c & 255) * (d & 255) * (e & 255)]
            for a, b, c, d, e in hands]


LOWBALL27 = TableRanking(name="lowball27", tables=_TABLES, low_wins=True, value=value27, values=values27)


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> TableRanking:
    """The 2-7 ranking; no player count or RULES.md §13 option changes it."""
    return LOWBALL27
