"""Forced bets: blinds, antes, the Italian invito and all-ante, dead money, blind opening and
controbuio (RULES.md §6.1, §10.1, §10.6), as a part of :class:`~drawdealer.engine.state.HandState`."""

from __future__ import annotations

from drawdealer.engine import italian_procedure
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import SETUP
from drawdealer.engine.problems import Problem
from drawdealer.engine.record import Action, ActionKind

_K = ActionKind
POST_ANTE, POST_BB, POST_DEAD, POST_INVITO, POST_SB = _K.POST_ANTE, _K.POST_BB, _K.POST_DEAD, _K.POST_INVITO, _K.POST_SB
POST_BLIND_OPEN, POST_CONTROBUIO = _K.POST_BLIND_OPEN, _K.POST_CONTROBUIO


class ForcedBets(HandFields):
    """The set-up of a hand: which forced bets are due, and each post checked and applied."""

    __slots__ = ()

    def forced_actions(self) -> list[Action]:
        """The forced bets still due, in order (for the live dealer and the simulator, §6.1, §10.1).

        Each amount is clipped by what the player has left after the posts before it (all-in).
        """
        out: list[Action] = []
        if self.phase != SETUP:
            return out
        left = list(self.stack)

        def post(kind: ActionKind, i: int, amount: int) -> None:
            if amount > 0 and left[i] > 0:
                paid = min(amount, left[i])
                left[i] -= paid
                out.append(Action(kind=kind, player=self.names[i], amount=paid, all_in=left[i] == 0))

        if self.italian:
            if self.opts.it_forced_bet == "ALL_ANTE":
                for i in self.order:
                    if (i, "ante") not in self.posted:
                        post(POST_ANTE, i, self.ante)
            if (self.button, "invito") not in self.posted:
                post(POST_INVITO, self.button,
                     self.chip if self.opts.it_forced_bet == "ALL_ANTE" else self._invito())
            for name, amount in (self.carry_in.owed() if self.carry_in else {}).items():
                j = self.index.get(name, -1)
                if j >= 0 and not self.dead_paid[j]:
                    post(POST_DEAD, j, amount)
            return out
        fb = self.opts.forced_bets
        if fb != "BLINDS":
            for i in self._ante_payers():
                if (i, "ante") not in self.posted:
                    post(POST_ANTE, i, self.ante)
        if fb != "ANTES_ONLY":
            if (self.sb_expected, "sb") not in self.posted:
                post(POST_SB, self.sb_expected, self.sb)
            if (self.bb_expected, "bb") not in self.posted:
                post(POST_BB, self.bb_expected, self.bb)
        return out

    def _ante_payers(self) -> list[int]:
        """Who owes an ante: everybody, or the big blind alone (``BIG_BLIND_ANTE``)."""
        return [self.bb_expected] if self.opts.big_blind_ante else self.order

    def _invito(self) -> int:
        opts, stakes = self.opts, self.stakes
        return opts.it_invito if opts.it_invito is not None else stakes.invito

    def _forced(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        kind, name, amount = a.kind, self.names[i], a.amount
        if kind is POST_BLIND_OPEN or kind is POST_CONTROBUIO:
            return self._blind_open(i, a)
        if self.phase != SETUP:
            problems.append(Problem("FORCED_BET_WRONG", f"{name} posts {self.money(amount)} after the deal",
                                    expected=None, actual=amount, data={"payer": name, "kind": kind.value}))
            self._put(i, min(amount, self.stack[i]), live=False)
            self._recount()
            return problems
        if amount > self.stack[i]:
            problems.append(Problem("BET_EXCEEDS_STACK", f"{name} posts {self.money(amount)} with "
                                                         f"{self.money(self.stack[i])} behind",
                                    expected=self.stack[i], actual=amount, data={}))
            amount = self.stack[i]
        short = amount == self.stack[i]
        if kind is POST_SB or kind is POST_BB:
            tag, nominal = ("sb", self.sb) if kind is POST_SB else ("bb", self.bb)
            expected = self.sb_expected if tag == "sb" else self.bb_expected
            if self.italian:
                problems.append(Problem("FORCED_BET_WRONG",
                                        f"{name} posts a {tag.upper()}: Italian poker has no blinds",
                                        expected=None, actual=amount, data={"payer": name}))
            elif tag == "sb" and self.sb_poster < 0:
                self.sb_poster = i
                if i != expected:
                    problems.append(Problem("BLIND_POSTER_WRONG",
                                            f"the small blind is {self.names[expected]}'s, not {name}'s",
                                            expected=self.names[expected], actual=name, data={"blind": "SB"}))
            elif tag == "bb" and self.bb_poster < 0:
                self.bb_poster = i
                if i != expected and not (self.sb_poster < 0 and i == self.sb_expected and self.n > 2):
                    problems.append(Problem("BLIND_POSTER_WRONG",
                                            f"the big blind is {self.names[expected]}'s, not {name}'s",
                                            expected=self.names[expected], actual=name, data={"blind": "BB"}))
            if amount != nominal and not (short and amount < nominal) and not self.italian:
                problems.append(Problem("BLIND_AMOUNT_WRONG",
                                        f"{name} posts {self.money(amount)} for the {tag.upper()} "
                                        f"({self.money(nominal)})",
                                        expected=nominal, actual=amount, data={"blind": tag.upper()}))
            self.posted.add((i, tag))
            self._put(i, amount, live=True)
        elif kind is POST_ANTE:
            due = self.ante if (not self.italian or self.opts.it_forced_bet == "ALL_ANTE") else 0
            if not due or (self.italian is False and self.opts.forced_bets == "BLINDS"):
                problems.append(Problem("FORCED_BET_WRONG", f"{name} posts an ante, but no ante is due",
                                        expected=0, actual=amount, data={"payer": name}))
            elif self.opts.big_blind_ante and i != self.bb_expected:
                problems.append(Problem("FORCED_BET_WRONG",
                                        f"the big blind {self.names[self.bb_expected]} posts the ante, "
                                        f"not {name}",
                                        expected=self.names[self.bb_expected], actual=name, data={"payer": name}))
            elif amount != due and not (short and amount < due):
                problems.append(Problem("FORCED_BET_WRONG", f"{name} posts an ante of {self.money(amount)}, not "
                                                            f"{self.money(due)}",
                                        expected=due, actual=amount, data={"payer": name}))
            self.posted.add((i, "ante"))
            self._put_forced(i, amount)
        elif kind is POST_INVITO:
            due = self.chip if self.opts.it_forced_bet == "ALL_ANTE" else self._invito()
            if not self.italian:
                problems.append(Problem("FORCED_BET_WRONG", f"{name} posts an invito outside Italian poker",
                                        expected=0, actual=amount, data={"payer": name}))
            elif i != self.button:
                problems.append(Problem("FORCED_BET_WRONG",
                                        f"the invito is the dealer's ({self.names[self.button]}), not {name}'s",
                                        expected=self.names[self.button], actual=name, data={"payer": name}))
            elif amount != due and not (short and amount < due):
                problems.append(Problem("FORCED_BET_WRONG", f"the invito is {self.money(due)}, not "
                                                            f"{self.money(amount)}",
                                        expected=due, actual=amount, data={"payer": name}))
            self.posted.add((i, "invito"))
            self._put_forced(i, amount)
        else:  # POST_DEAD: dead money (a dead blind; the Italian false opener's penalty)
            self.dead_paid[i] += amount
            if self.italian:  # owed from the last deal (§10.4, §10.5): the middle's, no one's stake
                self.stack[i] -= amount
                self.pot += amount
                self.dead += amount
            else:  # a dead blind (§18.4): in his T[i] (§9.4), no part of his bet in the round
                self._put(i, amount, live=False)
                self.dead_posted = True
        return problems

    def _put_forced(self, i: int, amount: int) -> None:
        """An ante or invito: a player's contribution in blind games (§9.4), dead money in Italian poker
        (§10.1) and for a big-blind ante (the table's ante, for the main pot)."""
        if self.italian or self.opts.big_blind_ante:
            self.stack[i] -= amount
            self.pot += amount
            self.dead += amount
        else:
            self._put(i, amount, live=False)

    def _put(self, i: int, amount: int, *, live: bool) -> None:
        self.stack[i] -= amount
        self.total[i] += amount
        self.pot += amount
        if live:
            self.bet[i] += amount

    def _controbuio_due(self) -> int | None:
        """The *controbuio* that answers the last blind posted (RULES.md §10.6); None when that blind
        was no bet (posted as nothing: its own finding says so), which nobody can answer."""
        answered = self.bet[self.blind_posters[-1]]
        return italian_procedure.controbuio_amount(answered) if answered > 0 else None

    def _blind_open(self, i: int, a: Action) -> list[Problem]:
        """*Buio* and *controbuio* (RULES.md §10.6)."""
        problems: list[Problem] = []
        name, amount = self.names[i], a.amount
        opts = self.opts
        contro = a.kind is POST_CONTROBUIO
        if not self.italian:
            problems.append(Problem("IT_BLIND_NOT_ALLOWED", "blind opening exists only in Italian poker",
                                    expected=None, actual=name, data={"reason": "not Italian"}))
        elif self.phase != SETUP:
            problems.append(Problem("IT_BLIND_NOT_ALLOWED", f"{name} opens blind after the deal",
                                    expected=None, actual=name, data={"reason": "after the deal"}))
        elif self.requirement != "J":
            problems.append(Problem("IT_BLIND_NOT_ALLOWED", f"blind opening needs R = J, not {self.requirement}",
                                    expected="J", actual=self.requirement, data={"reason": "requirement"}))
        else:
            posters = self.blind_posters
            allowed = 1 + (1 if posters else 0) + (1 if len(posters) == 2 and opts.it_contro_controbuio else 0)
            nxt = self.order[len(posters)] if len(posters) < self.n else -1
            if (contro and not posters) or (not contro and posters) or len(posters) >= min(allowed, 3) \
                    or (len(posters) == 2 and not opts.it_contro_controbuio):
                problems.append(Problem("IT_BLIND_NOT_ALLOWED",
                                        f"{name} cannot post a {'controbuio' if contro else 'blind'} now",
                                        expected=None, actual=name, data={"reason": "sequence"}))
            elif i != nxt:
                problems.append(Problem("IT_BLIND_NOT_ALLOWED", f"the {'controbuio' if contro else 'blind'} is "
                                                                f"{self.names[nxt]}'s to post, not {name}'s",
                                        expected=self.names[nxt], actual=name, data={"reason": "wrong seat"}))
            else:
                if contro:
                    due = self._controbuio_due()
                else:
                    due = italian_procedure.blind_open_amount(self.pot, opts.it_blind_multiplier)
                if due is not None and amount != due and not (amount == self.stack[i] and amount < due):
                    problems.append(Problem("IT_BLIND_AMOUNT_WRONG", f"the {'controbuio' if contro else 'blind'} is "
                                                                     f"{self.money(due)}, not {self.money(amount)}",
                                            expected=due, actual=amount, data={}))
        amount = min(amount, self.stack[i])
        if self.phase == SETUP:
            self.blind_posters.append(i)
            self._put(i, amount, live=True)
            if self.opener < 0:
                self.opener = i
                self.opening_pot = self.pot - amount
        return problems

    def _forced_bet_problems(self) -> list[Problem]:
        """Forced bets missing when the deal starts (RULES.md §6.1, §10.1, §10.4, §10.5)."""
        problems: list[Problem] = []
        spec, opts = self.spec, self.opts
        if spec.is_italian:
            if opts.it_forced_bet == "ALL_ANTE":
                for i in self.order:
                    if (i, "ante") not in self.posted and self.ante and self.stack[i]:
                        problems.append(Problem("FORCED_BET_WRONG", f"{self.names[i]} did not post the ante",
                                                expected=self.ante, actual=0, data={"payer": self.names[i]}))
            due = self.chip if opts.it_forced_bet == "ALL_ANTE" else self._invito()
            if due and (self.button, "invito") not in self.posted and self.stack[self.button]:
                problems.append(Problem("FORCED_BET_WRONG",
                                        f"the dealer {self.names[self.button]} did not post the invito",
                                        expected=due, actual=0, data={"payer": self.names[self.button]}))
            carry = self.carry_in
            if carry:
                for name, amount in carry.owed().items():
                    j = self.index.get(name, -1)
                    if j < 0 or self.dead_paid[j] >= amount or not self.stack[j]:
                        continue
                    if name == carry.penalty_player:
                        problems.append(Problem("IT_FALSE_OPENER_PENALTY_MISSING",
                                                f"{name} owes {self.money(carry.penalty)} from the false opening of "
                                                "the last deal",
                                                expected=carry.penalty, actual=self.dead_paid[j],
                                                data={"payer": name}))
                    else:
                        problems.append(Problem("FORCED_BET_WRONG",
                                                f"{name} folded in the carried deal and owes "
                                                f"{self.money(amount)} to be dealt in (IT_PAROLA_REENTRY)",
                                                expected=amount, actual=self.dead_paid[j], data={"payer": name}))
        else:
            fb = opts.forced_bets
            bb = self.bb_expected  # a big blind all-in on his ante has nothing left to post (§6.1)
            if fb != "ANTES_ONLY" and self.bb_poster < 0 and self.bb and self.stack[bb]:
                problems.append(Problem("BLIND_POSTER_WRONG", f"nobody posted the big blind ({self.names[bb]}'s)",
                                        expected=self.names[bb], actual=None, data={"blind": "BB"}))
            if fb != "BLINDS" and self.ante:
                for i in self._ante_payers():
                    if (i, "ante") not in self.posted and self.stack[i]:
                        problems.append(Problem("FORCED_BET_WRONG", f"{self.names[i]} did not post the ante",
                                                expected=self.ante, actual=0, data={"payer": self.names[i]}))
        return problems
