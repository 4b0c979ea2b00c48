"""Draw rounds: the order, discards and replacements, the delayed last card and declare-all-then-deal
(RULES.md §6.3, §6.4), as a part of :class:`~drawdealer.engine.state.HandState`; the stub and the
reshuffle are :class:`~drawdealer.engine.deck.DeckState`'s."""

from __future__ import annotations

from typing import Sequence

from drawdealer.engine.cards import Card, card_str, cards_not_in
from drawdealer.engine.deck import DECLARED, DONE, PROTECTED
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import BETTING, DRAW, SETUP
from drawdealer.engine.problems import Problem
from drawdealer.engine.record import Action


class DrawRound(HandFields):
    """The draw actions of :class:`~drawdealer.engine.state.HandState`."""

    __slots__ = ()

    def _begin_draw(self) -> None:
        self.phase = DRAW
        if self.italian and self.opts.it_draw_order_start == "OPENER":
            order = self.after[self._from_opener() - 1]  # clockwise from the opener's seat
        else:
            order = self.order
        folded = self.folded
        self.draw_order = [j for j in order if not folded[j]]
        self.draw_pos = 0
        self.drawn = [False] * self.n
        self.delayed = []
        self.declared = []
        self.deck.begin_draw_round()

    def _draw(self, i: int, a: Action) -> list[Problem]:
        if self.plain_draw and self.phase == DRAW and self.draw_order[self.draw_pos] == i:
            count, received, told = a.count, a.received, a.received_count
            if (count <= self.spec.max_discard and a.kept is None and (told is None or told == count)
                    and (received is None or len(received) == count)):
                deck, discarded = self.deck, a.discarded
                # standing pat moves no card: nothing to discard or serve
                problems = deck.discard(i, count, discarded, DONE) if count or discarded else []
                self.drawn[i] = True
                self.draw_pos = pos = self.draw_pos + 1
                if count:
                    served = deck.serve(i, count, received, own=(count, discarded or ()))
                    if served:
                        problems += self._where_dealt(i, served, received, a.received_lines)
                if pos >= len(self.draw_order):
                    self._finish_draw_round(problems)
                return problems
        problems: list[Problem] = []
        name = self.names[i]
        if self.phase != DRAW:
            if self.phase == SETUP:
                problems += self._start_play()
            if self.phase == BETTING and not self.folded[i]:  # a folded player's draw closes nothing
                waiting = self.pending()
                problems.append(Problem("ROUND_NOT_CLOSED", f"{self.street} is not finished when {name} draws: "
                                                            f"{', '.join(waiting)} still to act",
                                        expected=waiting, actual=name, data={"seats": waiting}))
                self.rnd.acted = [True] * self.n
                problems += self._end_round()
            if self.phase != DRAW:
                if self.folded[i]:
                    problems.append(Problem("DRAW_BY_INACTIVE_PLAYER", f"{name} has folded and cannot draw",
                                            expected=None, actual=name, data={"seat": name}))
                else:
                    problems.append(Problem("ACTION_AFTER_ROUND_CLOSED", f"{name} draws but no draw is under way",
                                            expected=None, actual="draw", data={}))
                return problems
        if self.folded[i]:
            problems.append(Problem("DRAW_BY_INACTIVE_PLAYER", f"{name} has folded and cannot draw",
                                    expected=None, actual=name, data={"seat": name}))
            return problems
        if self.drawn[i]:
            problems.append(Problem("DRAW_OUT_OF_ORDER", f"{name} has already drawn in {self.street}",
                                    expected=None, actual=name, data={}))
            return problems
        order = self.draw_order
        expected = order[self.draw_pos]
        if i != expected:
            code = "IT_DRAW_ORDER" if self.italian and self.draw_pos == 0 else "DRAW_OUT_OF_ORDER"
            problems.append(Problem(code, f"{self.names[expected]} draws now, not {name}",
                                    expected=self.names[expected], actual=name, data={}))
            order.remove(i)
            order.insert(self.draw_pos, i)
        count = a.count
        if count > self.spec.max_discard:
            problems.append(Problem("DRAW_COUNT_EXCEEDED",
                                    f"{name} changes {count} cards; at most {self.spec.max_discard}",
                                    expected=self.spec.max_discard, actual=count, data={}))
        received, discarded = a.received, a.discarded
        if (received is not None and len(received) > count) or (a.received_count is not None
                                                                  and a.received_count != count):
            got = a.received_count if a.received_count is not None else len(received or ())
            lines = a.received_lines
            details = {"stub": self.deck.gen}
            if lines:  # the line that deals the first card too many, or the last one dealt
                details["line"] = lines[min(count, len(lines) - 1)]
            problems.append(Problem("DRAW_COUNT_MISMATCH", f"{name} discards {count} and receives {got}",
                                    expected=count, actual=got, data=details))
        deck = self.deck
        if a.kept is not None:
            fresh = cards_not_in(a.kept, deck.hands[i])
            if fresh:
                problems += deck.reveal(i, fresh)
        opener = self.italian and i == self.opener
        if opener:
            self.opener_draw = (count, discarded, received)
        if opener and i not in self.predraw:
            before = set(deck.hands[i]) | set(discarded or ())
            if len(before) == 5:
                self.predraw[i] = tuple(before)
        sequential = self.opts.draw_deal_mode == "SEQUENTIAL"
        pile = PROTECTED if opener else (DONE if sequential else DECLARED)
        problems += deck.discard(i, count, discarded, pile)
        self.drawn[i] = True
        self.draw_pos += 1
        serve = count if received is None or len(received) <= count else len(received)
        if sequential:
            own = (0, ()) if opener else (count, discarded or ())
            problems += self._serve(i, serve, received, own, a.received_lines)
        else:
            self.declared.append((i, serve, discarded, received, a.received_lines))
        if self.draw_pos >= len(order):
            self._finish_draw_round(problems)
        return problems

    def _serve(self, i: int, count: int, received: tuple[Card, ...] | None,
               own: tuple[int, Sequence[Card]], lines: tuple[int | None, ...] | None) -> list[Problem]:
        """Serve one player's replacements, holding back a delayed last card (RULES.md §6.3, §6.4);
        ``lines``: where each was dealt (``Action.received_lines``)."""
        delay = 0
        if count >= 4:
            italian_four = self.italian and count == 4
            delay = 1 if italian_four or (self.opts.five_card_draw_split and count == 5) else 0
        if not delay:
            return self._where_dealt(i, self.deck.serve(i, count, received, own=own), received, lines)
        problems: list[Problem] = []
        now = count - delay
        later = None
        later_lines = lines[now:] if lines else None
        if received is not None:
            received, later = received[:now], received[now:] or None
            if later and self.italian and self.draw_pos < len(self.draw_order):
                problems.append(Problem("IT_FOURTH_CARD_EARLY",
                                        f"{self.names[i]} got their 4th card before the others were "
                                        "served",
                                        expected=None, actual=self.names[i], data={"seat": self.names[i]}))
                self._where_dealt(i, problems, later, later_lines)
        problems += self._where_dealt(i, self.deck.serve(i, now, received, own=own), received, lines)
        self.delayed.append((i, delay, later, later_lines))
        return problems

    def _where_dealt(self, i: int, problems: list[Problem], received: Sequence[Card] | None,
                     lines: tuple[int | None, ...] | None) -> list[Problem]:
        """``problems`` of serving player ``i`` the cards ``received``, each on the line that dealt its
        card (the first line for a problem of no one card, the stub running out) and on player ``i``
        (RULES.md §11.1): a fault in the dealt cards is where they were dealt, not on the discard
        line above (the log deals them on lines of their own, ``Action.received_lines``)."""
        name = self.names[i]
        for problem in problems:
            details = problem.data
            details.setdefault("seat", name)
            if lines:
                card = details.get("card")
                k = next((k for k, c in enumerate(received or ()) if card_str(c) == card), 0) if card else 0
                details.setdefault("line", lines[min(k, len(lines) - 1)])
        return problems

    def _finish_draw_round(self, problems: list[Problem]) -> None:
        """Serve declared and delayed cards, close the draw round, go on (RULES.md §6.3, §6.4, §8)."""
        deck = self.deck
        if self.draw_pos < len(self.draw_order):
            self.draw_order = self.draw_order[:self.draw_pos]
        for i, count, discarded, received, lines in self.declared:
            opener = self.italian and i == self.opener
            if not opener:
                deck.move(DECLARED, DONE, count, discarded)
            problems += self._serve(i, count, received, (0, ()) if opener else (count, discarded or ()), lines)
        self.declared = []
        last = self.draw_order[-1] if self.draw_order else -1
        burn_once = self.italian and self.opts.it_delayed_card_burn
        for i, count, cards, lines in self.delayed:
            burn = burn_once or (self.opts.five_card_draw_split and not self.italian and i == last)
            burn_once = False
            problems += self._where_dealt(i, deck.serve(i, count, cards, last_burn=burn), cards, lines)
        self.delayed = []
        deck.end_draw_round()
        self._next_street(problems)
