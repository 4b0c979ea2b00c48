"""The showdown: who shows first, hands shown and mucked, the opener's proof after the deal
(RULES.md §9.1, §9.2, §10.2), as a part of :class:`~drawdealer.engine.state.HandState`."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from drawdealer.engine.cards import Card, card_str, cards_not_in, cards_str
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import COMPLETE, SHOWDOWN
from drawdealer.engine.problems import Problem
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.words import counted

_K = ActionKind
MUCK, SHOW = _K.MUCK, _K.SHOW
T = TypeVar("T")


def first_to_show(order: Sequence[T], still_in: Callable[[T], bool], aggressor: T | None, *,
                  right_of_button: bool = False) -> tuple[T, str]:
    """Who shows first at a showdown (RULES.md §9.1) and why: the last ``aggressor`` of the final
    betting round (None or -1 when it was checked through) if he is still in, else the first player
    still in ``left`` of the button, or ``right`` of it (``SHOWDOWN_NO_BET_FIRST``). ``order``: the
    players dealt in, clockwise from the first seat left of the button (the button last); a reader
    of a site that does not print the order of showing uses it too (``sitekit``)."""
    if aggressor is not None and aggressor != -1 and still_in(aggressor):
        return aggressor, "aggressor"
    if right_of_button:
        return next(p for p in reversed(order) if still_in(p)), "right"
    return next(p for p in order if still_in(p)), "left"


class Showdown(HandFields):
    """The show and muck actions of :class:`~drawdealer.engine.state.HandState`."""

    __slots__ = ()

    def _show(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        name = self.names[i]
        cards = tuple(a.cards or ())
        if self.phase == SHOWDOWN and not self.folded[i] and i not in self.shown and i not in self.mucked:
            if not self.first_show_checked:
                self.first_show_checked = True
                first = self._current()
                # all in (no more betting could happen): every hand is turned up, in no order (§9.1)
                if first >= 0 and first != i and self.ncan > 1:
                    problems.append(Problem("SHOW_ORDER",
                                            f"{name} showed first; {self.names[first]} should have, as the "
                                            f"{self.show_first_reason()}",
                                            expected=self.names[first], actual=name, data={}))
            if a.kind is MUCK:
                self.mucked.add(i)
            elif not cards and a.count:  # shown, but the log does not print the cards (OnGame's summary)
                self.shown[i] = ()
            else:
                problems += self._reveal_shown(i, cards)
            if self._current() < 0 or self._contenders() <= 1:
                self._complete("SHOWDOWN")
            return problems
        if a.kind is SHOW and cards:
            if self.italian and i == self.opener and self.phase == COMPLETE:
                problems += self._opener_shows(i, cards)
            elif self.phase == COMPLETE and not self.folded[i] and len(cards) == self.spec.hand_size:
                problems += self._reveal_shown(i, cards)
            else:
                problems += self.deck.reveal(i, cards_not_in(cards, self.deck.hands[i]))
        return problems

    def _reveal_shown(self, i: int, cards: tuple[Card, ...]) -> list[Problem]:
        problems: list[Problem] = []
        if not cards:
            return problems
        size = self.spec.hand_size
        if len(cards) != size:
            problems.append(Problem("HAND_SIZE_INVALID",
                                    f"{self.names[i]} shows {counted(len(cards), 'card')}, not {size}",
                                    expected=size, actual=len(cards), data={"seat": self.names[i]}))
        elif len(set(cards)) < size:  # no hand: the cards tracked for him stay as they were (§8.5)
            twice = card_str(next(c for k, c in enumerate(cards) if c in cards[:k]))
            name = self.names[i]
            problems.append(Problem("CARD_DUPLICATE", f"{name} shows {cards_str(cards)}: {twice} twice",
                                    expected=None, actual=twice,
                                    data={"card": twice, "places": [f"{name}'s hand"], "seat": name}))
            return problems
        problems += self.deck.reveal(i, cards, replace_hand=len(cards) == size)
        if len(cards) == size:
            self.shown[i] = cards
            if self.italian and i == self.opener and i not in self.predraw and self.opener_draw is not None:
                self._predraw_from_show(i, cards)
        return problems

    def _predraw_from_show(self, i: int, cards: tuple[Card, ...]) -> None:
        """The opener's pre-draw hand from his shown hand and his known draw (§10.2): shown, minus
        the replacements, plus the discards."""
        count, discarded, received = self.opener_draw
        if count == 0:
            self.predraw[i] = cards
        elif discarded is not None and received is not None and len(discarded) == len(received) == count:
            before = (set(cards) - set(received)) | set(discarded)
            if len(before) == 5:
                self.predraw[i] = tuple(before)

    def _opener_shows(self, i: int, cards: tuple[Card, ...]) -> list[Problem]:
        """The opener proves his openers after the deal: the cards shown are his pre-draw hand (§9.2, §10.2)."""
        problems = [] if self.deck.deck.issuperset(cards) else self.deck._not_in_deck(cards)
        if len(cards) == 5 and i not in self.predraw:
            self.predraw[i] = cards
        return problems

    def _contenders(self) -> int:
        """Players still holding a hand: not folded, not mucked."""
        if not self.mucked:
            return self.nactive
        return sum(1 for j in range(self.n) if not self.folded[j] and j not in self.mucked)

    def show_first_reason(self) -> str:
        """Why the first player of the showdown shows first (RULES.md §9.1): ``last aggressor`` (of the
        last betting round), or ``first player still in left of the button`` when it was checked through."""
        side = self._first_to_show()[1]
        if side == "aggressor":
            return "last aggressor"
        if self.rnd.skipped:  # nobody could bet in the last round: the players left are all-in
            return f"first player still in {side} of the button, no more betting possible: every hand is turned up"
        return f"first player still in {side} of the button, the last round checked through"

    def _first_to_show(self) -> tuple[int, str]:
        """Who shows first and why (:func:`first_to_show`)."""
        r, folded = self.rnd, self.folded
        return first_to_show(self.order, lambda j: not folded[j], r.aggressor if self.last_street_bet else -1,
                             right_of_button=self.opts.showdown_no_bet_first == "RIGHT_OF_BUTTON")

    def _begin_showdown(self) -> None:
        """The showdown begins: its order, clockwise from who shows first (RULES.md §9.1)."""
        self.phase = SHOWDOWN
        self.street = "SHOWDOWN"
        first = self._first_to_show()[0]
        folded = self.folded
        self.show_order = [j for j in self.after[first - 1] if not folded[j]]  # clockwise from ``first``
