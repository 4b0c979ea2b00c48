"""Betting rounds: fold, check, call, bet and raise checked and applied, the round closed with
its uncalled chips returned (RULES.md §6.2, §7), as a part of :class:`~drawdealer.engine.state.HandState`."""

from __future__ import annotations

from drawdealer.engine import italian_procedure
from drawdealer.engine.betting import is_full_fixed_limit_raise, pot_limit_max_to
from drawdealer.engine.frozen import record
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import BETTING, COMPLETE, DRAW, SETUP, SHOWDOWN
from drawdealer.engine.pots import uncalled_excess
from drawdealer.engine.problems import Problem
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.variants import Structure

_K = ActionKind
CALL, FOLD = _K.CALL, _K.FOLD
FIXED, POT = Structure.FIXED, Structure.POT


@record(frozen=False)
class RoundState:
    """Bookkeeping of the betting round in progress (RULES.md §7.1)."""

    high: int = 0  # H
    full: int = 0  # F, fixed limit
    complete_to: int = 0  # fixed limit, COMPLETE_LEVEL: the raise-to completing a half-bet all-in (§18.2), or 0
    lraise: int = 0  # Lraise, big-bet games and Italian LAST_INCREMENT
    nbets: int = 0  # bets + raises counted toward the fixed-limit cap (or Italian raises)
    unit: int = 0  # fixed-limit bet size of this round
    aggressor: int = -1
    any_bet: bool = False
    capped_multiway: bool = False
    opened: bool = True  # Italian B1 / jacks-or-better: False until the opening bet
    blind: bool = False  # Italian B1 after a blind opening: no raises (§10.6)
    skipped: bool = False
    acted: list[bool]  # per seat
    level: list[int]  # per seat: H (big bet) or F (fixed) when he last acted


class BettingRound(HandFields):
    """The betting actions of :class:`~drawdealer.engine.state.HandState`."""

    __slots__ = ()

    def _reset_round(self) -> None:
        r, n = self.rnd, self.n
        r.high = r.full = r.nbets = r.complete_to = 0
        r.aggressor = -1
        r.any_bet = r.capped_multiway = r.blind = r.skipped = False
        r.opened = True
        r.acted = [False] * n
        r.level = [0] * n
        r.unit = self.units[self.k >> 1] if self.fixed else 0  # fixed_limit_unit of betting round k // 2 + 1
        r.lraise = self.chip if self.italian else self.bb

    # Each betting action: the turn checked (a cheap test when the right player acts in an open
    # round), the action checked and applied, then the turn passes on (RULES.md §6.2, §7.1).
    def _call(self, i: int, a: Action) -> list[Problem]:
        """Call: the chips owed, clipped by the stack (RULES.md §7.1). A call of another amount is
        flagged and carried on as recorded (§11.1): the player has called, and the chips he put in
        are the log's (clipped by his stack), so one wrong call is one finding. Of a call for more,
        what nobody matched comes back as uncalled chips; a call for less, :meth:`_short_by`."""
        problems: list[Problem] = []
        if (i != self.to_act or self.phase != BETTING) and not self._take_turn(i, a, problems):
            return problems
        r = self.rnd
        bet = self.bet
        high = r.high
        owed = high - bet[i]
        if owed <= 0:
            problems.append(Problem("CALL_NOTHING_TO_CALL",
                                    f"{self.names[i]} calls {self.money(a.amount)} with nothing to "
                                    "call",
                                    expected=0, actual=a.amount, data={}))
        else:
            stack = self.stack
            left = stack[i]
            due = paid = owed if owed < left else left
            if (a.amount and a.amount != due) or (a.all_in and due != left) or (self.two_bb and self.k == 0):
                problems += self._call_problems(i, a, due, left)
                if a.amount:
                    paid = a.amount if a.amount < left else left
                    if paid < due:
                        self._short_by(i, due - paid)
            left -= paid
            stack[i] = left
            bet[i] += due
            self.total[i] += paid
            self.pot += paid
            if not left:
                self.ncan -= 1
        r.acted[i] = True
        r.level[i] = r.full if r.unit else high
        return self._pass_turn(i, problems)

    def _check(self, i: int, a: Action) -> list[Problem]:
        """Check: only with nothing to call (RULES.md §7.1), or the lone player's optional check after
        his round closed (:meth:`lone_checker`)."""
        problems: list[Problem] = []
        if i != self.to_act or self.phase != BETTING:
            if self.phase != BETTING and i == self.lone_checker():
                self.lone = None  # once
                return problems
            if not self._take_turn(i, a, problems):
                return problems
        r = self.rnd
        high = r.high
        owed = high - self.bet[i]
        if owed > 0:
            problems.append(Problem("CHECK_FACING_BET", f"{self.names[i]} checks facing {self.money(owed)} to call",
                                    expected=min(owed, self.stack[i]), actual=0, data={}))
        r.acted[i] = True
        r.level[i] = r.full if r.unit else high
        return self._pass_turn(i, problems)

    def _fold_turn(self, i: int, a: Action) -> list[Problem]:
        """Fold (RULES.md §7.1), or the site's kill of an absent player's hand (:meth:`_kill`)."""
        problems: list[Problem] = []
        if i != self.to_act or self.phase != BETTING:
            if i in self.absent and self.stack[i] == 0 and not self.folded[i] and self.phase in (BETTING, DRAW):
                return self._kill(i)
            if not self._take_turn(i, a, problems):
                return problems
        self._fold(i)
        return self._pass_turn(i, problems)

    def _kill(self, i: int) -> list[Problem]:
        """The site folds the hand of a player it marks as sitting out, all-in on his forced bet, as
        the action reaches him: his chips stay in the pot, he has no claim to any pot, and nobody
        else's turn changes (RULES.md §18.3, ``SITE_KILLS_SITTING_OUT``)."""
        problems: list[Problem] = []
        self._fold(i)
        if self.phase == DRAW:
            if i in self.draw_order[self.draw_pos:]:
                self.draw_order.remove(i)
                if self.draw_pos >= len(self.draw_order):
                    self._finish_draw_round(problems)
        elif self.nactive <= 1:
            self.to_act = -1
            problems += self._end_round()
        return problems

    def _bet(self, i: int, a: Action) -> list[Problem]:
        """Bet ``amount`` chips: only with no bet to face; one that only calls counts as a call (§7.1)."""
        problems: list[Problem] = []
        if (i != self.to_act or self.phase != BETTING) and not self._take_turn(i, a, problems):
            return problems
        high = self.rnd.high
        to = self.bet[i] + a.amount
        if high > 0:
            problems.append(Problem("BET_WHEN_FACING_BET",
                                    f"{self.names[i]} bets {self.money(a.amount)} facing a bet of "
                                    f"{self.money(high)}: a raise is due",
                                    expected=None, actual=a.amount, data={}))
            if to <= high:  # what the bet puts in only calls: apply it as a call
                return problems + self._call(i, Action(kind=CALL, player=a.player, all_in=a.all_in))
        problems += self._aggress(i, to, a)
        return self._pass_turn(i, problems)

    def _raise(self, i: int, a: Action) -> list[Problem]:
        """Raise to ``amount`` (RULES.md §7.2-§7.6)."""
        problems: list[Problem] = []
        if (i != self.to_act or self.phase != BETTING) and not self._take_turn(i, a, problems):
            return problems
        if self.rnd.high == 0:
            problems.append(Problem("RAISE_WITHOUT_BET",
                                    f"{self.names[i]} raises to {self.money(a.amount)} with no bet to "
                                    "raise",
                                    expected=None, actual=a.amount, data={}))
        problems += self._aggress(i, a.amount, a)
        return self._pass_turn(i, problems)

    def lone_checker(self) -> int:
        """The player who may still check in the betting round that just closed, or -1 (RULES.md §7.1).

        He was left as the only player able to act, with nothing to call (the others folded or
        all-in), and had not acted in that round: his check is legal and optional, and the round
        closed without it. It can come only before anything else happens: the first draw of the
        next draw round, or the first show.
        """
        lone = self.lone
        if lone is None or self.k != lone[1] + 1:
            return -1
        if (self.phase == DRAW and self.draw_pos == 0) or (self.phase == SHOWDOWN and not self.shown
                                                            and not self.mucked):
            return lone[0]
        return -1

    def _note_lone_player(self) -> None:
        """At the close (or skip) of a betting round with one player able to act and others all-in:
        remember him if he has not acted, for :meth:`lone_checker`."""
        if self.ncan != 1 or self.nactive <= 1:
            return
        r, folded, stack = self.rnd, self.folded, self.stack
        for j in range(self.n):
            if not folded[j] and stack[j] > 0 and not r.acted[j]:
                self.lone = (j, self.k)

    def _take_turn(self, i: int, a: Action, problems: list[Problem]) -> bool:
        """A betting action by someone else than the player to act, or outside an open round.

        Adds the findings; False when the action cannot be applied (RULES.md §6.2, §7.1).
        """
        if self.phase != BETTING:
            if self.phase == SETUP:
                problems += self._start_play()
            if self.phase != BETTING and not self._reopen_for_betting(i, a, problems):
                return False
        if i != self.to_act:
            name = self.names[i]
            if self.folded[i] or self.stack[i] == 0:
                status = "folded" if self.folded[i] else "all-in"
                problems.append(Problem("ACTION_BY_INACTIVE_PLAYER", f"{name} is {status} and cannot act",
                                        expected=None, actual=name, data={"seat": name, "status": status}))
                return False
            if self.to_act >= 0:
                r = self.rnd
                expected = self.names[self.to_act]
                if self.italian and self.k == 2 and not r.any_bet and not any(r.acted):
                    problems.append(Problem("IT_POSTDRAW_FIRST_ACTOR", f"B2 starts with {expected}, not {name}",
                                            expected=expected, actual=name, data={}))
                else:
                    problems.append(Problem("ACTION_OUT_OF_TURN", f"{expected} is to act, not {name}",
                                            expected=expected, actual=name, data={}))
        return True

    def _pass_turn(self, i: int, problems: list[Problem]) -> list[Problem]:
        """The next player clockwise from ``i`` who must act (as :meth:`_next_from`), or the round ends."""
        if self.phase != BETTING:
            return problems
        if self.nactive > 1:
            r = self.rnd
            bet, high = self.bet, r.high
            j = self.nxt[i]  # the seats between are folded: the common answer at once
            if self.stack[j] > 0 and (bet[j] < high or (not r.acted[j] and self.ncan >= 2)):
                self.to_act = j
                return problems
            stack, folded, acted, several = self.stack, self.folded, r.acted, self.ncan >= 2
            for j in self.after[i]:
                if (bet[j] < high or (several and not acted[j])) and not folded[j] and stack[j] > 0:
                    self.to_act = j
                    return problems
        self.to_act = -1
        problems += self._end_round()
        return problems

    def _limp(self, i: int, due: int) -> bool:
        """A call of the big blind where ``MIN_OPEN_PREDRAW = TWO_BB`` wants a raise (RULES.md §7.4)."""
        return (self.two_bb and self.k == 0 and self.rnd.aggressor < 0 and self.rnd.high == self.bb
                and due < self.stack[i])

    def _call_problems(self, i: int, a: Action, due: int, stack: int) -> list[Problem]:
        """Wrong call amount, a false all-in flag, a limp where a raise is due (RULES.md §7.1, §7.4)."""
        problems: list[Problem] = []
        name = self.names[i]
        if a.amount and a.amount != due:
            problems.append(Problem("CALL_AMOUNT_MISMATCH", f"{name} calls {self.money(a.amount)}, the call is "
                                                            f"{self.money(due)}",
                                    expected=due, actual=a.amount, data={}))
        if a.all_in and due != stack:
            problems.append(Problem("ALLIN_AMOUNT_MISMATCH", f"{name} is flagged all-in calling {self.money(due)} with "
                                                             f"{self.money(stack)} behind",
                                    expected=stack, actual=due, data={}))
        if self._limp(i, due):
            problems.append(Problem("MIN_OPEN_VIOLATION",
                                    f"{name} limps for {self.money(self.bet[i] + due)}; the first "
                                    f"entry must be a raise to {self.money(2 * self.bb)}",
                                    expected=2 * self.bb, actual=self.bet[i] + due, data={}))
        return problems

    def _reopen_for_betting(self, i: int, a: Action, problems: list[Problem]) -> bool:
        """A betting action while no betting round is open (RULES.md §6.2, §7.1)."""
        previous = self.k - 1 if self.phase == DRAW else self.k
        skipped = self.rnd.skipped
        if skipped and a.kind is not FOLD:
            problems.append(Problem("ACTION_NO_BETTING_POSSIBLE",
                                    f"{a.kind.value} by {self.names[i]}, but no betting is "
                                    f"possible in {self.street}",
                                    expected=None, actual=a.kind.value, data={}))
            return False
        if self.phase == DRAW and self.draw_pos < len(self.draw_order) and self.draw_pos > 0:
            waiting = [self.names[j] for j in self.draw_order[self.draw_pos:]]
            problems.append(Problem("ROUND_NOT_CLOSED", f"{self.street} is not finished when {self.names[i]} "
                                                        f"{a.kind.value}s: {', '.join(waiting)} still to draw",
                                    expected=waiting, actual=self.names[i], data={"seats": waiting}))
            self._finish_draw_round(problems)
            return self.phase == BETTING
        closed = self.streets[min(previous, len(self.streets) - 1)]
        problems.append(Problem("ACTION_AFTER_ROUND_CLOSED",
                                f"{a.kind.value} by {self.names[i]} after {closed} was complete",
                                expected=None, actual=a.kind.value, data={"round": closed}))
        if a.kind is FOLD and not self.folded[i] and self.phase != COMPLETE:
            self._fold(i)
            if self.phase == DRAW and i in self.draw_order[self.draw_pos:]:
                self.draw_order.remove(i)
                if self.draw_pos >= len(self.draw_order):
                    self._finish_draw_round(problems)
        return False

    def _fold(self, i: int) -> None:
        self.folded[i] = True
        nxt = self.nxt
        after, s, end = nxt[i], i - 1, i - self.n
        while s > end and nxt[s] == i:  # the seats pointing at i are those just before it (negative s wraps)
            nxt[s] = after
            s -= 1
        self.nactive -= 1
        if self.stack[i] > 0:
            self.ncan -= 1
        self.deck.fold(i)

    def _aggress(self, i: int, to: int, a: Action) -> list[Problem]:
        """Check and apply a bet or raise to ``to`` (RULES.md §7.2-§7.6)."""
        problems: list[Problem] = []
        r = self.rnd
        bet, stack = self.bet, self.stack
        c = bet[i]
        left = stack[i]
        cap_to = c + left
        if to > cap_to:
            problems.append(Problem("BET_EXCEEDS_STACK", f"{self.names[i]} puts in {self.money(to - c)} with "
                                                         f"{self.money(left)} behind",
                                    expected=left, actual=to - c, data={}))
            to = cap_to
        all_in = to == cap_to
        if a.all_in and not all_in:
            problems.append(Problem("ALLIN_AMOUNT_MISMATCH", f"{self.names[i]} is flagged all-in but goes to "
                                                             f"{self.money(to)} of {self.money(cap_to)}",
                                    expected=cap_to, actual=to, data={}))
        high = r.high
        fixed = self.fixed
        is_bet = high == 0
        if not r.opened and is_bet and not self.italian:
            r.opened = True
            self.opener = i
            jacks = self._jacks_problem(i)
            if jacks:
                problems.append(jacks)
        if to <= high:
            if not all_in:
                code = "RAISE_SIZE_FIXED_LIMIT" if fixed else "RAISE_BELOW_MINIMUM"
                want = self._fixed_raise_to() if fixed else high + r.lraise
                problems.append(Problem(code, f"{self.names[i]} raises to {self.money(to)}, not above the bet of "
                                              f"{self.money(high)}",
                                        expected=want, actual=to, data={}))
        elif fixed:
            problems += self._fixed_limit_size(i, to, all_in, is_bet)
        elif self.italian:
            problems += self._italian_aggress(i, to, all_in)
        else:
            problems += self._big_bet_size(i, to, all_in, is_bet)
        d = to - c
        if d > 0:
            left -= d
            stack[i] = left
            bet[i] = to
            self.total[i] += d
            self.pot += d
            if not left:
                self.ncan -= 1
        if to > high:
            r.high = to
            r.aggressor = i
            r.any_bet = True
        r.acted[i] = True
        r.level[i] = r.full if fixed else r.high
        return problems

    def _fixed_raise_to(self) -> int:
        """The fixed-limit raise-to now: ``F + unit`` (RULES.md §7.2), or, while a half-bet all-in waits
        for its completion under ``FL_RAISE_AFTER_SHORT_ALLIN = COMPLETE_LEVEL``, the level it began
        completed: the last full level before it plus one unit (§18.2)."""
        r = self.rnd
        return r.complete_to or r.full + r.unit

    def _fixed_capped(self) -> bool:
        """Whether the cap forbids another fixed-limit bet or raise (RULES.md §7.2): ``FL_MAX_BETS_PER_ROUND``
        bets made, unless the pot is heads-up and uncapped; the completion of a half-bet all-in is
        part of the all-in's bet (§18.2)."""
        r, opts = self.rnd, self.opts
        return (r.nbets >= opts.fl_max_bets_per_round and not r.complete_to
                and not (opts.fl_heads_up_uncapped and self.nactive == 2 and not r.capped_multiway))

    def _fixed_limit_size(self, i: int, to: int, all_in: bool, is_bet: bool) -> list[Problem]:
        """A fixed-limit bet or raise above the bet: its size, the cap, reopening (RULES.md §7.2, §18.2)."""
        problems: list[Problem] = []
        r, opts = self.rnd, self.opts
        unit, full, nbets = r.unit, r.full, r.nbets
        if is_bet:
            if to != unit and not (all_in and to < unit):
                problems.append(Problem("BET_SIZE_FIXED_LIMIT", f"{self.names[i]} bets {self.money(to)}; the bet in "
                                                                f"{self.street} is {self.money(unit)}",
                                        expected=unit, actual=to, data={"round": self.street}))
        else:
            target = self._fixed_raise_to()
            if to != target and not (all_in and to < target):
                problems.append(Problem("RAISE_SIZE_FIXED_LIMIT",
                                        f"{self.names[i]} raises to {self.money(to)}; the raise "
                                        f"is to {self.money(target)}",
                                        expected=target, actual=to, data={}))
        cap = opts.fl_max_bets_per_round
        if nbets >= cap and self._fixed_capped():  # the test of nbets first spares a call (most raises)
            problems.append(Problem("RAISE_CAP_EXCEEDED",
                                    f"{self.street} is capped at {cap} bets; this is bet {nbets + 1}",
                                    expected=cap, actual=nbets + 1, data={}))
        if not is_bet and r.acted[i] and full <= r.level[i]:
            name = self.names[i]
            problems.append(Problem("RAISE_NOT_REOPENED", f"{name} may only call or fold: no full raise of "
                                                          f"{self.money(unit)} since {name} acted",
                                    expected=unit, actual=0, data={}))
        increment = to - full
        if r.complete_to and to >= r.complete_to:  # the half-bet all-in completed: its bet is counted (§18.2)
            r.full = to
            r.complete_to = 0
        elif increment >= unit or is_full_fixed_limit_raise(increment, unit, opts.fl_short_allin_reopen_fraction):
            r.full = to  # a full bet or raise, or an all-in of at least the fraction: it reopens the betting
            if increment < unit and opts.fl_raise_after_short_allin == "COMPLETE_LEVEL":
                if r.complete_to:  # another half-bet all-in before the completion: still the same bet
                    return problems
                r.complete_to = full + unit
            r.nbets = nbets + 1
            if nbets + 1 >= cap and self.nactive > 2:
                r.capped_multiway = True
        return problems

    def _big_bet_size(self, i: int, to: int, all_in: bool, is_bet: bool) -> list[Problem]:
        """A pot- or no-limit bet or raise above the bet: minimum, pot limit, reopening (RULES.md §7.3-§7.5)."""
        problems: list[Problem] = []
        r, name, pot, high = self.rnd, self.names[i], self.pot, self.rnd.high
        pot_limit = self.spec.structure is POT
        if is_bet:
            if to < self.bb and not all_in:
                problems.append(Problem("BET_BELOW_MINIMUM", f"{name} bets {self.money(to)}; the minimum is "
                                                             f"{self.money(self.bb)}",
                                        expected=self.bb, actual=to, data={}))
            if pot_limit:
                most = pot_limit_max_to(pot=pot, high=0, committed=0, least=self.bb)
                if to > most:
                    problems.append(Problem("BET_ABOVE_POT_LIMIT", f"{name} bets {self.money(to)} into a pot of "
                                                                   f"{self.money(pot)}",
                                            expected=most, actual=to, data={"pot": pot}))
            if to >= self.bb:
                r.lraise = max(to, self.bb)
        else:
            c = self.bet[i]
            least = high + r.lraise
            if to < least and not all_in:
                problems.append(Problem("RAISE_BELOW_MINIMUM", f"{name} raises to {self.money(to)}; the minimum is "
                                                               f"{self.money(least)}",
                                        expected=least, actual=to, data={}))
            if pot_limit:
                most = pot_limit_max_to(pot=pot, high=high, committed=c, least=least)
                if to > most:
                    problems.append(Problem("RAISE_ABOVE_POT_LIMIT",
                                            f"{name} raises to {self.money(to)}; the pot limit is "
                                            f"{self.money(most)}",
                                            expected=most, actual=to, data={"pot": pot, "to_call": high - c}))
            if r.acted[i] and high - r.level[i] < r.lraise:
                problems.append(Problem("RAISE_NOT_REOPENED",
                                        f"{name} may only call or fold: the bet rose by "
                                        f"{self.money(high - r.level[i])} since {name} acted, a full raise is "
                                        f"{self.money(r.lraise)}",
                                        expected=r.lraise, actual=high - r.level[i], data={}))
            if to - high >= r.lraise:
                r.lraise = to - high
        return problems

    def _italian_aggress(self, i: int, to: int, all_in: bool) -> list[Problem]:
        """Italian opening, bets and raises (RULES.md §7.6, §10.2, §10.6)."""
        problems: list[Problem] = []
        r, name, opts = self.rnd, self.names[i], self.opts
        high, c, pot = r.high, self.bet[i], self.pot
        chip = self.chip
        if high == 0:
            most = pot_limit_max_to(pot=pot, high=0, committed=0, least=chip)
            if not (chip <= to <= most) and not (all_in and to < chip):
                problems.append(Problem("IT_OPEN_BET_OUT_OF_RANGE", f"{name} bets {self.money(to)}; the range is "
                                                                    f"{self.money(chip)}..{self.money(most)}",
                                        expected=(chip, most), actual=to, data={"pot": pot}))
            if self.k == 0 and not r.opened:
                r.opened = True
                self.opener = i
                self.opening_pot = pot
                hand = self.deck.hands[i]
                if len(hand) == 5:
                    self.predraw[i] = tuple(hand)
                    found = self._openers_problem()
                    if found:
                        problems.append(found)
            r.lraise = max(to, chip) if opts.it_min_raise == "LAST_INCREMENT" else chip
            return problems
        if r.blind:
            problems.append(Problem("IT_RAISE_AFTER_BLIND", f"{name} raises after a blind opening",
                                    expected=None, actual=name, data={"seat": name}))
        least = high + (r.lraise if opts.it_min_raise == "LAST_INCREMENT" else chip)
        if to < least and not all_in:
            problems.append(Problem("RAISE_BELOW_MINIMUM", f"{name} raises to {self.money(to)}; the minimum is "
                                                           f"{self.money(least)}",
                                    expected=least, actual=to, data={}))
        if opts.it_raise_limit == "POT":
            most = pot_limit_max_to(pot=pot, high=high, committed=c, least=least)
            if to > most:
                problems.append(Problem("RAISE_ABOVE_POT_LIMIT", f"{name} raises to {self.money(to)}; the pot limit is "
                                                                 f"{self.money(most)}",
                                        expected=most, actual=to, data={"pot": pot, "to_call": high - c}))
        step = r.lraise if opts.it_min_raise == "LAST_INCREMENT" else chip
        if r.acted[i] and high - r.level[i] < step:
            problems.append(Problem("RAISE_NOT_REOPENED",
                                    f"{name} may only call or fold: the bet rose by "
                                    f"{self.money(high - r.level[i])} since {name} acted, a full raise is "
                                    f"{self.money(step)}",
                                    expected=step, actual=high - r.level[i], data={}))
        limit = opts.it_max_raises_per_round
        if limit and r.nbets >= limit:
            problems.append(Problem("RAISE_CAP_EXCEEDED",
                                    f"at most {limit} raises per round; this is raise {r.nbets + 1}",
                                    expected=limit, actual=r.nbets + 1, data={}))
        r.nbets += 1
        if to - high >= step:
            r.lraise = to - high
        return problems

    def _short_by(self, i: int, chips: int) -> None:
        """Player ``i`` called for ``chips`` less than the call, as the log says: he has called all the
        same, so uncalled chips and side pots count him as matched (:meth:`matched`)."""
        if self.short is None:
            self.short = [0] * self.n
        self.short[i] += chips

    def matched(self) -> list[int]:
        """Each player's whole-hand commitment as the betting matched it: his chips, and the chips a
        call the log recorded short left out (RULES.md §11.1: carry on with the recorded action)."""
        short = self.short
        return self.total if short is None else [t + s for t, s in zip(self.total, short)]

    def _return_uncalled(self) -> None:
        """Give back the excess of the top commitment over the next highest (RULES.md §7.1, §9.4).

        Commitments are whole-hand totals, antes included (§9.4 step 2): a player all-in for less
        than the ante can win only as much from each opponent, and the rest of an opponent's forced
        bets above that is returned when nobody else matched it. Equal antes never make an excess;
        a big-blind ante (the table's, ``BIG_BLIND_ANTE``) is dead money, not in the totals. A dead
        blind is in its poster's total but no bet (§18.4): it is never returned as uncalled.
        """
        total = self.total
        matched = self.matched()
        if self.dead_posted:
            matched = [m - d for m, d in zip(matched, self.dead_paid)]
        uncalled = uncalled_excess(matched)
        if uncalled is not None:
            who, excess = uncalled
            short = self.short
            if short is not None and short[who]:  # chips a short call left out never came in: not returned
                kept = min(excess, short[who])
                short[who] -= kept
                excess -= kept
                if not excess:
                    return
            if self.stack[who] == 0 and not self.folded[who]:
                self.ncan += 1
            self.stack[who] += excess
            total[who] -= excess
            self.bet[who] = max(0, self.bet[who] - excess)
            self.pot -= excess
            self.returned[who] += excess

    def _end_round(self) -> list[Problem]:
        """Close the betting round: uncalled chips back, then the next street (RULES.md §5, §7.1)."""
        problems: list[Problem] = []
        r = self.rnd
        self._return_uncalled()
        self.to_act = -1
        self.last_street_bet = r.any_bet
        self._note_lone_player()
        if self.nactive <= 1:
            self._complete("FOLDED")
            return problems
        if self.italian or self.opts.openers_jacks:
            if self.k == 0 and not r.opened:
                self.outcome = italian_procedure.DealOutcome.UNOPENED.value
                self._complete("UNOPENED")
                return problems
            if self.italian and self.k == len(self.streets) - 1 and not r.any_bet:
                self.outcome = italian_procedure.DealOutcome.PAROLA.value
                self._complete("PAROLA")
                return problems
        self._next_street(problems)
        return problems
