"""Opening requirements: the Italian openers and jacks or better (RULES.md §10.2, §11.6), as a part
of :class:`~drawdealer.engine.state.HandState`."""

from __future__ import annotations

from drawdealer.engine import italian_procedure
from drawdealer.engine.cards import cards_str, parse_cards
from drawdealer.engine.findings import Finding
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import COMPLETE
from drawdealer.engine.problems import Problem

_JACKS = tuple(parse_cards("Js Jc 2d 3h 4s"))  # the weakest hand that opens jacks or better



class Openers(HandFields):
    """Whether the opener held openers, judged as soon as his pre-draw cards are known."""

    __slots__ = ()

    def opened_by(self) -> str | None:
        """The player who opened: the first bet of ``B1`` of an Italian deal (RULES.md §10.2) or of a
        jacks-or-better game (``OPENERS_JACKS``), or the Italian blind opener (§10.6); None before the
        opening and in games without openers."""
        i = self.opener
        return self.names[i] if i >= 0 else None

    def openers_due(self) -> str | None:
        """The Italian opener who must still show his openers now that the deal is over (§9.2, §10.2)."""
        i = self.opener
        if self.italian and self.phase == COMPLETE and i >= 0 and not self.blind_posters and i not in self.predraw:
            return self.names[i]
        return None

    def _openers_problem(self) -> Problem | None:
        """``IT_OPEN_WITHOUT_OPENERS`` once the opener's pre-draw cards are known (§10.2, §11.6)."""
        i = self.opener
        if i < 0 or self.blind_posters or i not in self.predraw:
            return None
        cards = self.predraw[i]
        if not self._is_hand(cards):  # its cards are findings of their own; no openers can be judged
            return None
        ok = italian_procedure.has_openers(cards, self.requirement, players=self.n, sf_draw=self.opts.it_open_with_sf_draw)
        self.false_opener = not ok
        if ok:
            return None
        ranking = self._ranking()
        return Problem("IT_OPEN_WITHOUT_OPENERS", f"{self.names[i]} opened with {cards_str(cards)} "
                                                  f"({ranking.category(cards)}) at R = {self.requirement}",
                       expected=self.requirement, actual=cards_str(cards),
                       data={"category": ranking.category(cards), "seat": self.names[i]})

    def _jacks_problem(self, i: int) -> Problem | None:
        """Jacks or better to open (classic 5-card draw, option ``OPENERS_JACKS``)."""
        hand = self.deck.hands[i]
        if not self._is_hand(hand):
            return None
        ranking = self._ranking()
        if ranking.strength(hand) >= ranking.strength(_JACKS):
            return None
        return Problem("IT_OPEN_WITHOUT_OPENERS", f"{self.names[i]} opened without jacks or better ({cards_str(hand)})",
                       expected="J", actual=cards_str(hand),
                       data={"seat": self.names[i], "category": ranking.category(hand)})

    def finish(self) -> list[Finding]:
        """End-of-history checks on the opener (RULES.md §9.2, §10.2): openers shown, and judged
        when his pre-draw cards became known only after the opening. Call once, at the end."""
        out: list[Finding] = []
        i = self.opener
        if not self.italian or i < 0 or self.blind_posters:
            return out
        if i not in self.predraw:
            if self.phase == COMPLETE:
                problem = Problem("IT_OPENER_DID_NOT_SHOW", f"{self.names[i]} did not show the openers",
                                  expected=None, actual=self.names[i], data={"seat": self.names[i]})
                out.append(self._finding(problem, None, "AWARD"))
        elif self.false_opener is None:
            found = self._openers_problem()
            if found:
                out.append(self._finding(found, None, "AWARD"))
        return out
