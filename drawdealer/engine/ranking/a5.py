"""Ace-to-five lowball ranking (RULES.md §16): the lowest hand wins, the ace is always low,
straights and flushes do not count, pairs are bad; ``5-4-3-2-A`` (the wheel) is the best hand.

Its 6175 classes are the rank multisets of five cards (1287 without a pair, 4888 with one),
ordered no pair, one pair, two pair, three of a kind, full house, four of a kind, each from the
lowest ranks up. The tables come from :func:`~.fivecard.build_tables` (``ace_to_five=True``) when
this module is first imported; :func:`value_a5` is the fast path for code holding Card ints.
"""

from __future__ import annotations

from typing import Any, Mapping

from drawdealer.engine.ranking.fivecard import build_tables, evaluators
from drawdealer.engine.ranking.tableranking import TableRanking

_TABLES = build_tables(ace_low_straight=False, low_wins=True, ace_to_five=True)

value_a5, values_a5 = evaluators(_TABLES)
"""A-5 strength of five distinct cards: 6175 for ``5-4-3-2-A`` … 1 for four kings with a queen (RULES.md §16).
``values_a5(hands)``: the same for many hands."""


A5 = TableRanking(name="a5", tables=_TABLES, low_wins=True, value=value_a5, values=values_a5)


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> TableRanking:
    """The A-5 ranking; no player count or RULES.md §13 option changes it."""
    return A5
