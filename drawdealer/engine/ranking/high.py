"""Standard high ranking for classic five-card draw: the highest hand wins, the ace is high or
low (``A-2-3-4-5`` is the lowest straight, RULES.md §2.3 for contrast with 2-7), suits never
break ties; 7462 classes.

The tables are built when this module is first imported (a few ms), which
:func:`drawdealer.engine.ranking.get_ranking` does only on first use. :func:`value_high` is the
fast path for code that holds Card ints already.
"""

from __future__ import annotations

from typing import Any, Mapping

from drawdealer.engine.ranking.fivecard import build_tables, evaluators
from drawdealer.engine.ranking.tableranking import TableRanking

_TABLES = build_tables(ace_low_straight=True, low_wins=False)

value_high, values_high = evaluators(_TABLES)
"""High strength of five distinct cards: 7462 for a royal flush … 1 for ``7-5-4-3-2``.
``values_high(hands)``: the same for many hands."""


HIGH = TableRanking(name="high", tables=_TABLES, low_wins=False, value=value_high, values=values_high)


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> TableRanking:
    """The standard high ranking; no player count or RULES.md §13 option changes it."""
    return HIGH
