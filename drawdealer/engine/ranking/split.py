"""Split-pot rankings (RULES.md §17): Badeucey (2-7 and Badugi) and Badacey (A-5 and Badugi).

Every five-card hand is ranked twice: by the low ranking on all five cards (2-7, §3, or A-5, §16)
and by Badugi on its best four (§15). Each pot is halved and each half goes to its own winners
(§9.6 on ties); one player may win both. A split ranking is a pair of ordinary rankings, so each
half uses that ranking's comparing, descriptions and sentences unchanged.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from drawdealer.engine.cards import Card
from drawdealer.engine.ranking.badugi import BADUGI, BadugiRanking
from drawdealer.engine.ranking.tableranking import TableRanking


class Half(NamedTuple):
    """One half of a split pot: its name (``2-7``, ``A-5``, ``Badugi``) and its ranking."""

    title: str
    ranking: TableRanking | BadugiRanking


class SplitRanking:
    """Two rankings, each awarding half of every pot (RULES.md §17)."""

    __slots__ = ("name", "halves")

    def __init__(self, name: str, low_title: str, low: TableRanking) -> None:
        self.name = name
        self.halves = (Half(low_title, low), Half("Badugi", BADUGI))
        """The low half first, the Badugi half second (the half that takes an odd chip by default)."""

    def winners_by_half(self, hands: Sequence[Sequence[Card]]) -> tuple[list[int], ...]:
        """Indices of the winners of each half (several on a tie), in :attr:`halves` order."""
        return tuple(half.ranking.winners(hands) for half in self.halves)

    def describe(self, cards: Sequence[Card]) -> str:
        """Both halves: ``2-7: 8-6-4-3-2 (eight-six low); Badugi: 6-4-3-2 badugi``."""
        return "; ".join(f"{half.title}: {half.ranking.describe(cards)}" for half in self.halves)

    def explain_pot(self, hands: Sequence[Sequence[Card]], names: Sequence[str]) -> str:
        """One sentence per half, joined: each half's winners and why (RULES.md §17)."""
        return "; ".join(f"{half.title} half: {half.ranking.explain_pot(hands, names)}" for half in self.halves)


def make_split(name: str, *, players: int = 4, options: Mapping[str, Any] | None = None) -> SplitRanking:
    """``badeucey`` (2-7 and Badugi) or ``badacey`` (A-5 and Badugi)."""
    if name == "badeucey":
        from drawdealer.engine.ranking.lowball27 import LOWBALL27
        return SplitRanking("badeucey", "2-7", LOWBALL27)
    from drawdealer.engine.ranking.a5 import A5
    return SplitRanking("badacey", "A-5", A5)
