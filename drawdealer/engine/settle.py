"""The end of a hand: pots, rake, awards, returns, final stacks and the Italian carry-over
(RULES.md §9, §10), as a part of :class:`~drawdealer.engine.state.HandState`."""

from __future__ import annotations

from typing import Sequence

from drawdealer.engine import italian_procedure
from drawdealer.engine.cards import Card
from drawdealer.engine.frozen import maker, record, replace
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import BETTING, SETUP
from drawdealer.engine.pots import Pot, PotAward, award_pots, build_pots, expected_rake, new_pot, take_rake


@record
class ItalianCarry:
    """What one Italian deal hands the next (RULES.md §10.2, §10.4, §10.5).

    ``pot``: dead money staying in the middle (before the next deal's forced bets);
    ``requirement``: the next opening requirement ``R``; ``penalty``/``penalty_player``: the
    false opener's initial-pot refund, which he posts (``post_dead``) at the start of the next deal;
    ``reentry``: with ``IT_PAROLA_REENTRY``, what each player who folded in a carried deal pays
    (``post_dead``) to be dealt into the next (§10.5).
    """

    pot: int = 0
    requirement: str = "J"
    penalty: int = 0
    penalty_player: str | None = None
    reentry: tuple[tuple[str, int], ...] = ()

    def owed(self) -> dict[str, int]:
        """Dead money each player owes the next deal: the false opener's penalty and re-entries."""
        out = dict(self.reentry)
        if self.penalty and self.penalty_player:
            out[self.penalty_player] = out.get(self.penalty_player, 0) + self.penalty
        return out


@record
class Settlement:
    """The end of a hand: pots, rake, awards, returns, final stacks (RULES.md §9, §10).

    ``pots`` are after uncalled chips went back and before the rake; ``awards`` share the raked
    pots. ``collected`` is what each player took from pots, ``refunds`` Italian false-opener
    refunds (§10.4), ``returned`` uncalled chips (§7.1). ``carried`` chips stay in the middle for
    the next deal (Italian). ``determined`` is False when a contested pot had no hand shown.
    """

    pots: tuple[Pot, ...]
    rake: int
    awards: tuple[PotAward, ...]
    returned: dict[str, int]
    collected: dict[str, int]
    refunds: dict[str, int]
    carried: int
    final_stacks: dict[str, int]
    outcome: str
    determined: bool
    carry: ItalianCarry | None = None
    false_opener: str | None = None
    explained: bool = True  # the awards carry their reasons


_new_settlement = maker(Settlement)


class Settling(HandFields):
    """Settlement of :class:`~drawdealer.engine.state.HandState` (pots, awards, carry)."""

    __slots__ = ()

    def pots_now(self) -> list[Pot]:
        """The pots in the middle during the hand, as the dealer stacks them (RULES.md §9.4).

        Pots hold the chips of the closed betting rounds (antes and dead money included, dead money
        in the main pot); the bets of the round under way, blinds included, stay in front of the
        players (:meth:`bets`) until it closes and its uncalled chips have gone back (§7.1). So a
        side pot appears when the round in which a player went all-in closes, never while the
        others may still act. Between rounds, and once the hand is over, these are :meth:`pots`.
        """
        if self.phase != SETUP and self.phase != BETTING:
            return self.pots()
        bet = self.bet
        return self._pots([t - b for t, b in zip(self.matched(), bet)], [t - b for t, b in zip(self.total, bet)])

    def _dead_capped(self, total: list[int]) -> tuple[list[int], int]:
        """The totals that shape the pots, and the chips they leave to the last pot (RULES.md §9.4,
        §18.4). A dead blind counts in its poster's ``T[i]``: all-in, he can win as much from each
        opponent. But dead money of a player still in above every other such player's total is no
        bet anybody could call: it makes no pot of its own (he would win his own dead chips back) and
        joins the last pot, as folded chips above the top level do (§9.4 step 4)."""
        if not self.dead_posted:
            return total, 0
        dead, folded, capped, above = self.dead_paid, self.folded, list(total), 0
        for j, chips in enumerate(dead):
            if chips and not folded[j]:
                others = max((t for q, t in enumerate(total) if q != j and not folded[q]), default=0)
                cap = max(total[j] - chips, others)
                if total[j] > cap:
                    above += total[j] - cap
                    capped[j] = cap
        return capped, above

    def pots(self) -> list[Pot]:
        """Main and side pots from the chips committed so far, dead money in the main pot (§9.4).

        The pots are shaped by the commitments as the betting matched them (``matched``); a call the
        log recorded short leaves its missing chips out of the pot where his chips end.
        """
        return self._pots(self.matched(), self.total)

    def _pots(self, total: list[int], paid: list[int]) -> list[Pot]:
        """The pots of commitments ``total`` as the betting matched them, of which ``paid`` came in."""
        names, short = self.names, self.short
        total, above = self._dead_capped(total)
        active: list[str] = []
        level = -1
        split = False
        for j, out in enumerate(self.folded):
            if not out:
                active.append(names[j])
                if level < 0:
                    level = total[j]
                elif total[j] != level:
                    split = True
        if active and not split:  # one level: a single pot (the common case)
            return [new_pot(amount=sum(paid) + self.dead, eligible=tuple(active))]
        pots = build_pots(dict(zip(names, total)), active) if active else []
        if short is not None and pots:
            # pot k spans the matched levels (bounds[k], bounds[k + 1]], the last pot all above; each
            # pot loses what the short call left out of it: the part of his column between his chips
            # and his matched total, which may span more than one pot (never below what he put in)
            bounds = [0, *sorted({total[j] for j, out in enumerate(self.folded) if not out and total[j]})]
            last = len(pots) - 1
            for j, missing in enumerate(short):
                if missing:
                    for k in range(last + 1):
                        low, high = bounds[k], bounds[k + 1] if k < last else total[j]
                        left_out = max(0, min(total[j], high) - low) - max(0, min(paid[j], high) - low)
                        if left_out:
                            pots[k] = new_pot(amount=pots[k].amount - left_out, eligible=pots[k].eligible)
            pots = [pot for k, pot in enumerate(pots) if pot.amount or not k]  # a side pot of no chips is none
        if above and pots:
            pots[-1] = new_pot(amount=pots[-1].amount + above, eligible=pots[-1].eligible)
        if self.dead:
            if pots:
                pots[0] = new_pot(amount=pots[0].amount + self.dead, eligible=pots[0].eligible)
            else:
                pots = [new_pot(amount=self.dead, eligible=())]
        return pots

    def settle(self, *, rake: int | Sequence[int] | None = None, explain: bool = True) -> Settlement:
        """Pots, rake, awards and final stacks of a finished (or abandoned) hand (RULES.md §9, §10).

        The rake is ``RAKE_PERCENT``'s formula (§9.5) unless ``rake`` is given (a log's own rake
        when no formula is configured): a total, taken from the main pot first, or the rake taken
        from each pot (``pots.rake_division``). ``explain=False`` leaves the awards' reasons empty
        (the validator's fast path).
        """
        s = self._settlement
        if s is not None and rake is None and (s.explained or not explain):
            return s
        names = self.names
        pots = self.pots()
        pot_total = 0
        for pot in pots:
            pot_total += pot.amount
        returned = {names[j]: chips for j, chips in enumerate(self.returned) if chips} if any(self.returned) else {}
        final = dict(zip(names, self.stack))
        outcome = self.outcome
        if (self.italian or self.opts.openers_jacks) and outcome in ("UNOPENED", "PAROLA"):
            # nobody wins the deal: the pot stays in the middle for the next one (§10.2, §10.5)
            carry = ItalianCarry(pot=pot_total, requirement=italian_procedure.next_requirement(
                self.requirement, italian_procedure.DealOutcome(outcome), cap=self.opts.it_opener_cap),
                reentry=self._reentry()) if self.italian else None
            s = self._settlement = _new_settlement(
                pots=tuple(pots), rake=0, awards=(), returned=returned, collected={}, refunds={}, carried=pot_total,
                final_stacks=final, outcome=outcome, determined=True, carry=carry, explained=True)
            return s
        if rake is None:
            taken = by_pot = self.expected_rake(pot_total) if self.raked else 0
        elif isinstance(rake, int):
            taken = by_pot = min(rake, pot_total)
        else:
            taken, by_pot = sum(rake), rake
        if self.runs:  # run more than once: each pot shared among the runs (RULES.md §18.5)
            from drawdealer.engine.runs import settle_runs

            awards = settle_runs(self, pots, by_pot, explain=explain)
        else:
            awards = self.award(pots, by_pot, explain=explain)
        collected: dict[str, int] = {}
        determined = True
        for aw in awards:
            if not aw.winners:
                determined = False
            for p, chips in aw.shares.items():
                collected[p] = collected.get(p, 0) + chips
        refunds: dict[str, int] = {}
        carried = 0
        carry = false_name = None
        if self.italian:
            outcome = italian_procedure.DealOutcome.AWARDED.value
            carry = ItalianCarry(pot=0, requirement="J")
            if self.opener >= 0 and not self.blind_posters:
                if self.false_opener is None and self.opener in self.predraw:
                    self._openers_problem()
                if self.false_opener:
                    false_name = names[self.opener]
                    winner = false_name if collected.get(false_name) else next(iter(collected), false_name)
                    contributions = dict(zip(names, self.total))  # Italian forced bets are dead money
                    verdict = italian_procedure.false_opener_settlement(contributions=contributions, initial_pot=self.opening_pot,
                                                              false_opener=false_name, winner=winner,
                                                              requirement=self.requirement,
                                                              policy=self.opts.it_false_opener_win_policy)
                    outcome = verdict.outcome.value
                    if verdict.outcome is italian_procedure.DealOutcome.FALSE_OPENER_WOULD_WIN:
                        refunds = {p: v for p, v in verdict.refunds.items() if v}
                        collected = {}
                        awards = []
                        carried = pot_total - sum(refunds.values())
                        carry = ItalianCarry(pot=carried, requirement=verdict.next_requirement)
                    else:
                        carry = ItalianCarry(pot=0, requirement=verdict.next_requirement, penalty=verdict.penalty,
                                             penalty_player=false_name)
            for p, v in refunds.items():
                final[p] += v
        for p, v in collected.items():
            final[p] += v
        s = _new_settlement(pots=tuple(pots), rake=taken, awards=tuple(awards), returned=returned, collected=collected,
                            refunds=refunds, carried=carried, final_stacks=final, outcome=outcome,
                            determined=determined, carry=carry, false_opener=false_name, explained=explain)
        if rake is None:
            self._settlement = s
        return s

    def _reentry(self) -> tuple[tuple[str, int], ...]:
        """``IT_PAROLA_REENTRY`` (§10.5): after a carried *parola* deal each player who folded owes the
        difference between his contribution and the largest contribution of the deal."""
        if self.outcome != "PAROLA" or not self.opts.it_parola_reentry:
            return ()
        most = max(self.total)
        return tuple((self.names[j], most - self.total[j]) for j in range(self.n)
                     if self.folded[j] and most > self.total[j])

    def expected_rake(self, pot_total: int) -> int:
        """The rake RULES.md §9.5 asks for this hand (0 without ``RAKE_PERCENT``, or by no-draw-no-drop)."""
        opts = self.opts
        if not opts.rake_percent or (opts.no_draw_no_drop and self.ended_in == "B1"):
            return 0
        return expected_rake(pot_total, percent=opts.rake_percent, cap=opts.rake_cap, unit=opts.rake_unit)

    def award(self, pots: Sequence[Pot], rake: int | Sequence[int] = 0, *, explain: bool = True) -> list[PotAward]:
        """Award ``pots`` (minus ``rake``, as ``pots.take_rake`` takes it) to the best hands at showdown
        (RULES.md §9.2, §9.4, §9.6).

        ``pots`` are shared among players not folded, as :meth:`pots` builds them. A mucked hand has
        no claim; a hand neither shown nor mucked counts when all its cards are known (a hand
        history's hero), else the pot it contests may be undetermined. A hand shown whose cards the
        log does not print (``shown`` holds no card: OnGame prints some shown hands nowhere) keeps
        its claim, unknown: a contested pot it is eligible for cannot be awarded from the cards.
        """
        raked = take_rake(pots, rake) if rake else pots
        names, folded, out, shown = self.names, self.folded, self.mucked, self.shown
        active: list[str] = []  # clockwise from the first seat left of the button
        hands: dict[str, tuple[Card, ...]] = {}  # the hands that count
        for j in self.order:
            if folded[j]:
                continue
            name = names[j]
            active.append(name)
            if j in out:
                continue
            cards = shown.get(j)
            if cards is None:
                cards = tuple(self.deck.hands[j])
            if self._is_hand(cards):
                hands[name] = cards
        contested = raked
        if out:  # a mucked hand is not eligible for any pot: the others' pots may be uncontested
            index = self.index
            raked = [new_pot(amount=p.amount,
                             eligible=tuple([e for e in p.eligible if index[e] not in out]) or p.eligible)
                     for p in raked]
        if self.spec.splits_pot:  # RULES.md §17: each pot halved, each half to its own ranking's winners
            from drawdealer.engine.splitpot import award_split_pots

            awards = award_split_pots(raked, hands, self._ranking(), active,
                                      odd_chip_to_badugi=self.opts.split_odd_chip_to == "BADUGI", explain=explain)
        else:
            awards = award_pots(raked, hands, self._ranking(), active, explain=explain)
        if out and explain:
            mucked = {names[j] for j in out}
            awards = [_left_by_mucks(a, contested[a.index].eligible, mucked) for a in awards]
        if () not in shown.values():  # no hand shown unprinted: the common case, without building the set
            return awards
        unseen = {names[j] for j, cards in shown.items() if not cards}
        return [_unawarded(a, unseen) if len(a.eligible) > 1 and unseen.intersection(a.eligible) else a
                for a in awards]


def _left_by_mucks(award: PotAward, eligible: tuple[str, ...], mucked: set[str]) -> PotAward:
    """``award``, saying so when the pot went to its one player left because the others mucked
    (RULES.md §9.2: a mucked hand has no claim), not because nobody else was in it."""
    gave_up = [p for p in eligible if p in mucked]
    if len(award.eligible) != 1 or not award.winners or not gave_up:
        return award
    return replace(award, reason=f"{award.winners[0]} is the only player left in it: {', '.join(gave_up)} "
                                 f"mucked (RULES.md §9.2)")


def _unawarded(award: PotAward, unseen: set[str]) -> PotAward:
    """``award`` undone: a contender showed cards the log does not print (RULES.md §9.2: the cards
    speak, and these are unknown), so the pot's winner cannot be told from the cards."""
    who = ", ".join(p for p in award.eligible if p in unseen)
    return replace(award, winners=(), shares={}, odd_chip_to=None,
                   reason=f"{who} showed cards the log does not print: the winner cannot be determined")
