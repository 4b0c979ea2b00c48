"""2-7 lowball ranking (RULES.md §3): the lowest hand wins, the ace is high only, straights and
flushes count against the hand, suits never break ties; 7462 classes (§3.4).

The tables are built when this module is first imported (a few ms), which
:func:`drawdealer.engine.ranking.get_ranking` does only on first use. :func:`value27` is the fast
path for code that holds Card ints already.
"""

from __future__ import annotations

from typing import Any, Mapping

from drawdealer.engine.ranking.fivecard import build_tables, evaluators
from drawdealer.engine.ranking.tableranking import TableRanking

_TABLES = build_tables(ace_low_straight=False, low_wins=True)

value27, values27 = evaluators(_TABLES)
"""2-7 strength of five distinct cards: 7462 for ``7-5-4-3-2`` … 1 for ``A-K-Q-J-T`` suited (RULES.md §3.3).
``values27(hands)``: the same for many hands."""


LOWBALL27 = TableRanking(name="lowball27", tables=_TABLES, low_wins=True, value=value27, values=values27)


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> TableRanking:
    """The 2-7 ranking; no player count or RULES.md §13 option changes it."""
    return LOWBALL27
