"""Rankings valued by one number per hand: :class:`ValueRanking` (shared comparing, winners and
showdown sentence) and :class:`TableRanking` over the five-card classes (2-7, A-5, standard high).

The class number (1 = worst … 7462 = best) is the strength, so comparing hands is comparing ints;
ties are equal numbers and suits never count (RULES.md §3.1, §3.3 step 4).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from drawdealer.engine.cards import Card
from drawdealer.engine.ranking import wording
from drawdealer.engine.ranking.fivecard import HandClass, Tables


class ValueRanking:
    """A ranking whose hands are valued by one number (higher is better, equal numbers tie).

    Subclasses supply the value functions and the words (``label``, ``describe``, ``explain``);
    comparing, picking winners and the showdown sentence are shared here.
    """

    __slots__ = ("name", "low_wins", "_value", "_values")

    def __init__(self, *, name: str, low_wins: bool, value: Callable[..., int],
                 values: Callable[[Iterable[Sequence[Card]]], list[int]]) -> None:
        self.name = name
        self.low_wins = low_wins
        self._value = value
        self._values = values

    def strength(self, cards: Sequence[Card]) -> int:
        """The hand's number, higher is better; equal numbers tie."""
        return self._value(*cards)

    def strengths(self, hands: Iterable[Sequence[Card]]) -> list[int]:
        """:meth:`strength` of many hands at once (faster than one call per hand)."""
        return self._values(hands)

    def compare(self, a: Sequence[Card], b: Sequence[Card]) -> int:
        """> 0 if ``a`` beats ``b``, 0 on a tie, < 0 if ``b`` wins."""
        return self._value(*a) - self._value(*b)

    def winners(self, hands: Sequence[Sequence[Card]]) -> list[int]:
        """Indices of the best hand(s); several on a tie (the pot is split, RULES.md §9.6)."""
        values = self._values(hands)
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]

    def label(self, cards: Sequence[Card]) -> str:
        """A short name of the hand for a sentence."""
        raise NotImplementedError

    def explain(self, a: Sequence[Card], b: Sequence[Card], name_a: str, name_b: str) -> str:
        """One sentence: who wins and why, or why it is a tie."""
        raise NotImplementedError

    def explain_pot(self, hands: Sequence[Sequence[Card]], names: Sequence[str]) -> str:
        """One sentence for a whole showdown: the winner(s) against the best losing hand, or the tie."""
        values = self._values(hands)
        best = max(values)
        won = [i for i, v in enumerate(values) if v == best]
        lost = [i for i, v in enumerate(values) if v != best]
        if len(won) == 1:
            if not lost:
                return f"{names[won[0]]} is the only hand"
            runner = max(lost, key=values.__getitem__)
            return self.explain(hands[won[0]], hands[runner], names[won[0]], names[runner])
        if len(won) == 2 and not lost:
            return self.explain(hands[won[0]], hands[won[1]], names[won[0]], names[won[1]])
        together = _join([names[i] for i in won])
        same = self.label(hands[won[0]])
        tie = f"{together} have the same ranks ({same}), and suits do not count"
        if not lost:
            return f"tie: {tie}"
        runner = max(lost, key=values.__getitem__)
        return f"split: {tie}; {self.explain(hands[won[0]], hands[runner], names[won[0]], names[runner])}"


class TableRanking(ValueRanking):
    """Hands valued by a fast five-argument evaluator; words from :mod:`.wording`.

    Every method expects hands of five distinct cards (validate with ``cards.parse_hand``).
    """

    __slots__ = ("_tables",)

    def __init__(self, *, name: str, tables: Tables, low_wins: bool,
                 value: Callable[[Card, Card, Card, Card, Card], int],
                 values: Callable[[Iterable[Sequence[Card]]], list[int]]) -> None:
        super().__init__(name=name, low_wins=low_wins, value=value, values=values)
        self._tables = tables

    def hand_class(self, cards: Sequence[Card]) -> HandClass:
        """The hand's class: category, tie-break vector ``V`` and strength."""
        return self._tables.hand_class(self._value(*cards))

    def classes(self) -> list[HandClass]:
        """All classes, worst first (``classes()[s - 1]`` has strength ``s``)."""
        return [self._tables.hand_class(s) for s in range(1, len(self._tables.order) + 1)]

    def category(self, cards: Sequence[Card]) -> str:
        """``no pair``, ``one pair``, … ``straight flush`` (RULES.md §3.2)."""
        return self.hand_class(cards).category_name

    def label(self, cards: Sequence[Card]) -> str:
        """A short name for a sentence: ``7-5-4-3-2``, ``3-3-6-4-2``, ``6-5-4-3-2 straight``."""
        return wording.label(self.hand_class(cards))

    def describe(self, cards: Sequence[Card]) -> str:
        """E.g. ``7-5-4-3-2 (seven-five low)``, ``pair of threes, 6-4-2``, ``flush, 8-6-4-3-2``."""
        return wording.describe(self.hand_class(cards), low_wins=self.low_wins)

    def explain(self, a: Sequence[Card], b: Sequence[Card], name_a: str, name_b: str) -> str:
        """One sentence: who wins and why, or why it is a tie."""
        return wording.explain(self.hand_class(a), self.hand_class(b), name_a, name_b, low_wins=self.low_wins)


def _join(words: list[str]) -> str:
    """``a, b and c``."""
    return ", ".join(words[:-1]) + " and " + words[-1]
