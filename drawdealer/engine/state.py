"""HandState: one hand of draw poker, action by action (RULES.md §5-§10).

The state says who acts next and what is legal (:meth:`HandState.legal_actions`, a frozen value),
answers "is this legal, and if not which findings and why" without changing anything
(:meth:`HandState.verify`), and applies an action (:meth:`HandState.apply`), returning the
findings of RULES.md §11 it breaks. ``apply`` always carries on with the *recorded* action, so the
validator can keep checking a broken history (§11.1); an action that leaves the state undefined (a
player who is not seated) gives ``HISTORY_ABORTED`` and stops the hand.

Actions are :class:`~drawdealer.engine.record.Action` values, the same vocabulary the parsers emit.
Streets are ``SETUP``, ``B1``, ``D1``, … ``SHOWDOWN``; at the end :meth:`HandState.settle` builds
the pots, awards them and, in the Italian game, says what is carried into the next deal
(:class:`ItalianCarry`: the dead money, the opening requirement, a false opener's penalty).
Card identities may be unknown; counts are always tracked (``draw.DeckState``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Sequence

from drawdealer.engine import italian
from drawdealer.engine.betting import fixed_limit_unit, is_full_fixed_limit_raise, pot_limit_max_to
from drawdealer.engine.cards import Card, cards_str, full_deck, italian_deck, parse_cards
from drawdealer.engine.draw import DECLARED, DONE, PROTECTED, DeckState, Problem
from drawdealer.engine.findings import Finding
from drawdealer.engine.legal import LegalActions
from drawdealer.engine.options import DEFAULT_OPTIONS, Options
from drawdealer.engine.pots import Pot, PotAward, award_pots, build_pots, expected_rake, split_pot, take_rake
from drawdealer.engine.ranking import Ranking, get_ranking
from drawdealer.engine.record import Action, ActionKind, Seat, Stakes
from drawdealer.engine.variants import GameSpec, Structure

SETUP, BETTING, DRAW, SHOWDOWN, COMPLETE = range(5)
PHASE_NAMES = ("SETUP", "BETTING", "DRAW", "SHOWDOWN", "COMPLETE")

_K = ActionKind
_BETTING = frozenset({_K.FOLD, _K.CHECK, _K.CALL, _K.BET, _K.RAISE})
_RANKINGS: dict[object, Ranking] = {}
_DECKS: dict[tuple[bool, int], tuple[Card, ...]] = {}


def _deck(italian_game: bool, players: int) -> tuple[Card, ...]:
    """The deck of a game for ``players`` (RULES.md §2), cached."""
    key = (italian_game and 2 <= players <= 10, players if italian_game else 0)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(italian_deck(players) if key[0] else full_deck())
    return deck
_JACKS = tuple(parse_cards("Js Jc 2d 3h 4s"))  # the weakest hand that opens jacks or better


def ranking_for(spec: GameSpec, players: int, options: Options) -> Ranking:
    """The ranking of ``spec`` (cached); Italian rankings depend on the player count and options."""
    key = (spec.ranking, players, options) if spec.is_italian else spec.ranking
    ranking = _RANKINGS.get(key)
    if ranking is None:
        ranking = _RANKINGS[key] = get_ranking(spec.ranking, players=players, options=options.to_dict())
    return ranking


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(frozen=True, slots=True, kw_only=True)
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


@dataclass(slots=True)
class _Round:
    """Bookkeeping of the betting round in progress (RULES.md §7.1)."""

    high: int = 0  # H
    full: int = 0  # F, fixed limit
    lraise: int = 0  # Lraise, big-bet games and Italian LAST_INCREMENT
    nbets: int = 0  # bets + raises counted toward the fixed-limit cap (or Italian raises)
    unit: int = 0  # fixed-limit bet size of this round
    aggressor: int = -1
    any_bet: bool = False
    capped_multiway: bool = False
    opened: bool = True  # Italian B1 / jacks-or-better: False until the opening bet
    blind: bool = False  # Italian B1 after a blind opening: no raises (§10.6)
    skipped: bool = False
    acted: list[bool] = field(default_factory=list)
    level: list[int] = field(default_factory=list)  # H (big bet) or F (fixed) when he last acted


class HandState:
    """One hand (see the module docstring). Build it with :meth:`new` or :meth:`from_record`."""

    __slots__ = ("spec", "opts", "stakes", "hand_id", "names", "seat_no", "index", "n", "button", "order",
                 "stack", "start_stacks", "bet", "total", "antes", "folded", "dead", "pot", "returned",
                 "phase", "k", "streets", "street", "rnd", "to_act", "deck", "events", "aborted",
                 "draw_order", "draw_pos", "drawn", "delayed", "declared", "shown", "mucked", "show_order",
                 "first_show_checked", "sb_poster", "bb_poster", "bb_expected", "sb_expected", "posted",
                 "requirement", "opener", "opening_pot", "false_opener", "predraw", "blind_posters",
                 "carry_in", "dead_paid", "outcome", "ended_in", "sb", "bb", "ante", "chip",
                 "small_bet", "big_bet", "last_street_bet", "_settlement", "ranking_cache", "nactive", "ncan",
                 "italian", "two_bb", "plain_draw", "opener_draw")

    # ------------------------------------------------------------------ construction
    def __init__(self, spec: GameSpec, *, seats: Sequence[Seat], button: str | None, stakes: Stakes,
                 options: Options | None = None, hand_id: str = "", carry: ItalianCarry | None = None,
                 button_seat: int | None = None) -> None:
        opts = options or DEFAULT_OPTIONS
        self.spec, self.opts, self.stakes, self.hand_id = spec, opts, stakes, hand_id
        dealt = sorted((s for s in seats if not s.sitting_out), key=lambda s: s.seat)
        self.names = [s.name for s in dealt]
        self.seat_no = [s.seat for s in dealt]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.n = n = len(dealt)
        self.stack = [s.stack for s in dealt]
        self.start_stacks = tuple(self.stack)
        self.bet = [0] * n
        self.total = [0] * n
        self.antes = [0] * n  # antes of blind games: in the pots, never uncalled (§7.1, §9.4)
        self.folded = [False] * n
        self.dead = 0
        self.pot = 0
        self.returned = [0] * n
        if button in self.index:
            self.button = self.index[button]
        else:
            seat = button_seat if button_seat is not None else next(
                (s.seat for s in seats if s.name == button), None)
            below = [i for i in range(n) if seat is not None and self.seat_no[i] <= seat]
            self.button = below[-1] if below else n - 1
        b = self.button
        self.order = [(b + 1 + j) % n for j in range(n)]  # clockwise from left of the button
        self.sb = opts.sb if opts.sb is not None else stakes.sb
        self.bb = opts.bb if opts.bb is not None else stakes.bb
        self.ante = opts.ante or stakes.ante
        if spec.is_italian:
            self.ante = opts.it_ante if opts.it_ante is not None else stakes.ante
            self.chip = opts.it_chip if opts.it_chip is not None else (stakes.chip or 1)
        else:
            self.chip = max(1, self.bb)
        self.small_bet = stakes.small_bet or self.bb
        self.big_bet = stakes.big_bet
        if n == 2:
            self.sb_expected, self.bb_expected = b, (b + 1) % 2
        else:
            self.sb_expected, self.bb_expected = (b + 1) % n if n else 0, (b + 2) % n if n else 0
        self.sb_poster = self.bb_poster = -1
        self.posted: set[tuple[int, str]] = set()
        self.phase, self.k, self.streets, self.street = SETUP, -1, spec.streets, "SETUP"
        self.rnd = _Round(acted=[False] * n, level=[0] * n)
        self.to_act = -1
        self.deck = DeckState(_deck(spec.is_italian, n), self.names, opts)
        self.italian = spec.is_italian
        self.two_bb = (opts.min_open_predraw == "TWO_BB" and not spec.is_italian
                       and spec.structure is not Structure.FIXED)
        # draws with no delayed card and no declare-all-then-deal (the fast path of _draw)
        self.plain_draw = (not spec.is_italian and opts.draw_deal_mode == "SEQUENTIAL"
                           and not opts.five_card_draw_split)
        self.events = 0
        self.aborted = False
        self.draw_order: list[int] = []
        self.draw_pos = 0
        self.drawn = [False] * n
        self.delayed: list[tuple[int, int, tuple[Card, ...] | None]] = []
        self.declared: list[tuple[int, int, tuple[Card, ...] | None, tuple[Card, ...] | None]] = []
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.mucked: set[int] = set()
        self.show_order: list[int] = []
        self.first_show_checked = False
        self.carry_in = carry if carry is not None else (ItalianCarry() if spec.is_italian else None)
        self.requirement = self.carry_in.requirement if self.carry_in else "J"
        self.opener = -1
        self.opening_pot = 0
        self.false_opener: bool | None = None
        self.predraw: dict[int, tuple[Card, ...]] = {}
        self.opener_draw: tuple[int, tuple[Card, ...] | None, tuple[Card, ...] | None] | None = None
        self.blind_posters: list[int] = []
        self.dead_paid = [0] * n
        self.outcome = ""
        self.ended_in = ""
        self.last_street_bet = False
        self._settlement: Settlement | None = None
        self.ranking_cache: Ranking | None = None
        self.nactive = self.ncan = n  # players not folded / not folded with chips behind
        if self.carry_in and self.carry_in.pot:
            self.dead = self.pot = self.carry_in.pot

    @classmethod
    def new(cls, spec: GameSpec, *, players: Sequence[tuple[str, int]], button: str, stakes: Stakes,
            options: Options | None = None, hand_id: str = "", carry: ItalianCarry | None = None) -> HandState:
        """A hand for the live dealer: ``players`` are ``(name, stack)`` in clockwise seat order."""
        seats = [Seat(seat=i + 1, name=name, stack=stack) for i, (name, stack) in enumerate(players)]
        return cls(spec, seats=seats, button=button, stakes=stakes, options=options, hand_id=hand_id, carry=carry)

    def setup_problems(self) -> list[Finding]:
        """Findings about the table itself: player count, tight Italian deck (RULES.md §2)."""
        out: list[Finding] = []
        spec, n = self.spec, self.n
        high = 10 if spec.is_italian else min(10, self.opts.max_players_27)
        if not 2 <= n <= high:
            out.append(self._finding(("PLAYER_COUNT_INVALID", f"{spec.id} is for 2 to {high} players, not {n}",
                                      f"2..{high}", n, {}), None))
        elif spec.is_italian and n >= 9:
            left = len(italian_deck(n)) - 5 * n
            out.append(self._finding(("IT_DECK_TIGHT", f"{n} players leave {left} cards after the deal",
                                      None, n, {"cards_left": left}), None))
        return out

    # ------------------------------------------------------------------ copying (verify)
    def copy(self) -> HandState:
        """An independent copy (``verify`` applies the action to one)."""
        new = object.__new__(HandState)
        for name in HandState.__slots__:
            setattr(new, name, getattr(self, name))
        for name in ("stack", "bet", "total", "antes", "folded", "returned", "dead_paid", "draw_order", "drawn", "delayed",
                     "declared", "show_order", "blind_posters"):
            setattr(new, name, list(getattr(self, name)))
        new.posted, new.mucked = set(self.posted), set(self.mucked)
        new.shown, new.predraw = dict(self.shown), dict(self.predraw)
        r = self.rnd
        new.rnd = _Round(high=r.high, full=r.full, lraise=r.lraise, nbets=r.nbets, unit=r.unit, aggressor=r.aggressor,
                         any_bet=r.any_bet, capped_multiway=r.capped_multiway, opened=r.opened, blind=r.blind,
                         skipped=r.skipped, acted=list(r.acted), level=list(r.level))
        d, nd = self.deck, object.__new__(DeckState)
        for name in DeckState.__slots__:
            setattr(nd, name, getattr(d, name))
        nd.hands = [list(h) for h in d.hands]
        nd.unknown, nd.burns, nd.reshuffles = list(d.unknown), list(d.burns), list(d.reshuffles)
        nd.round_out = list(d.round_out)
        nd.where, nd.dealt_gen, nd.counts = dict(d.where), dict(d.dealt_gen), dict(d.counts)
        if d.cards is not None:
            nd.cards, nd.rng = list(d.cards), copy.copy(d.rng)
        new.deck = nd
        return new

    # ------------------------------------------------------------------ queries
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def is_complete(self) -> bool:
        return self.phase == COMPLETE

    @property
    def actor(self) -> str | None:
        """Who must act now (bet, draw or show), None in set-up or when the hand is over."""
        i = self._current()
        return self.names[i] if i >= 0 else None

    def _current(self) -> int:
        if self.phase == BETTING:
            return self.to_act
        if self.phase == DRAW:
            return self.draw_order[self.draw_pos] if self.draw_pos < len(self.draw_order) else -1
        if self.phase == SHOWDOWN:
            return next((i for i in self.show_order if i not in self.shown and i not in self.mucked), -1)
        return -1

    def active(self) -> list[str]:
        """Players dealt in and not folded, clockwise from left of the button."""
        return [self.names[i] for i in self.order if not self.folded[i]]

    def stacks(self) -> dict[str, int]:
        """Chips behind each player now."""
        return dict(zip(self.names, self.stack))

    def bets(self) -> dict[str, int]:
        """Chips in front of each player in the current betting round."""
        return {name: b for name, b in zip(self.names, self.bet) if b}

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
                        post(_K.POST_ANTE, i, self.ante)
            if (self.button, "invito") not in self.posted:
                post(_K.POST_INVITO, self.button,
                     self.chip if self.opts.it_forced_bet == "ALL_ANTE" else self._invito())
            for name, amount in (self.carry_in.owed() if self.carry_in else {}).items():
                j = self.index.get(name, -1)
                if j >= 0 and not self.dead_paid[j]:
                    post(_K.POST_DEAD, j, amount)
            return out
        fb = self.opts.forced_bets
        if fb != "BLINDS":
            for i in self._ante_payers():
                if (i, "ante") not in self.posted:
                    post(_K.POST_ANTE, i, self.ante)
        if fb != "ANTES_ONLY":
            if (self.sb_expected, "sb") not in self.posted:
                post(_K.POST_SB, self.sb_expected, self.sb)
            if (self.bb_expected, "bb") not in self.posted:
                post(_K.POST_BB, self.bb_expected, self.bb)
        return out

    def _ante_payers(self) -> list[int]:
        """Who owes an ante: everybody, or the big blind alone (``BIG_BLIND_ANTE``)."""
        return [self.bb_expected] if self.opts.big_blind_ante else self.order

    def _invito(self) -> int:
        opts, stakes = self.opts, self.stakes
        return opts.it_invito if opts.it_invito is not None else stakes.invito

    # ------------------------------------------------------------------ verify / apply
    def verify(self, action: Action) -> list[Finding]:
        """The findings ``action`` would produce now; the state does not change (DESIGN.md 3)."""
        return self.copy().apply(action)

    def can(self, action: Action) -> bool:
        """True when ``action`` is legal now (no error finding; warnings allowed)."""
        return not any(f.is_error for f in self.verify(action))

    def apply(self, action: Action) -> list[Finding]:
        """Apply ``action`` (even an illegal one, as recorded) and return the findings it raises."""
        street = self.street
        i = self.index.get(action.player, -1)
        if i < 0 or self.aborted:
            if self.aborted:
                return []
            self.aborted = True
            return [self._finding(("HISTORY_ABORTED", f"{action.player!r} is not dealt into this hand",
                                   None, action.player, {}), action, street)]
        self._settlement = None
        problems = HANDLERS[action.kind](self, i, action)
        self.events += 1
        if problems:
            return [self._finding(p, action, street, self.events - 1) for p in problems]
        return problems

    def _finding(self, p: Problem, action: Action | None, street: str | None = None,
                 event_index: int | None = None) -> Finding:
        code, message, expected, actual, details = p
        return Finding(code=code, message=message, hand_id=self.hand_id,
                       line=action.line if action is not None else None,
                       event_index=self.events if event_index is None else event_index,
                       street=street or self.street,
                       player=details.get("payer") or details.get("seat") or (action.player if action else ""),
                       expected=expected, actual=actual, details=details)

    # ------------------------------------------------------------------ set-up
    def _forced(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        kind, name, amount = a.kind, self.names[i], a.amount
        if kind is _K.POST_BLIND_OPEN or kind is _K.POST_CONTROBUIO:
            return self._blind_open(i, a)
        if self.phase != SETUP:
            problems.append(("FORCED_BET_WRONG", f"{name} posts {amount} after the deal", None, amount,
                             {"payer": name, "kind": kind.value}))
            self._put(i, min(amount, self.stack[i]), live=False)
            self._recount()
            return problems
        if amount > self.stack[i]:
            problems.append(("BET_EXCEEDS_STACK", f"{name} posts {amount} with {self.stack[i]} behind",
                             self.stack[i], amount, {}))
            amount = self.stack[i]
        short = amount == self.stack[i]
        if kind is _K.POST_SB or kind is _K.POST_BB:
            tag, nominal = ("sb", self.sb) if kind is _K.POST_SB else ("bb", self.bb)
            expected = self.sb_expected if tag == "sb" else self.bb_expected
            if self.italian:
                problems.append(("FORCED_BET_WRONG", f"{name} posts a {tag.upper()}: Italian poker has no blinds",
                                 None, amount, {"payer": name}))
            elif tag == "sb" and self.sb_poster < 0:
                self.sb_poster = i
                if i != expected:
                    problems.append(("BLIND_POSTER_WRONG", f"the small blind is {self.names[expected]}'s, not {name}'s",
                                     self.names[expected], name, {"blind": "SB"}))
            elif tag == "bb" and self.bb_poster < 0:
                self.bb_poster = i
                if i != expected and not (self.sb_poster < 0 and i == self.sb_expected and self.n > 2):
                    problems.append(("BLIND_POSTER_WRONG", f"the big blind is {self.names[expected]}'s, not {name}'s",
                                     self.names[expected], name, {"blind": "BB"}))
            if amount != nominal and not (short and amount < nominal) and not self.italian:
                problems.append(("BLIND_AMOUNT_WRONG", f"{name} posts {amount} for the {tag.upper()} ({nominal})",
                                 nominal, amount, {"blind": tag.upper()}))
            self.posted.add((i, tag))
            self._put(i, amount, live=True)
        elif kind is _K.POST_ANTE:
            due = self.ante if (not self.italian or self.opts.it_forced_bet == "ALL_ANTE") else 0
            if not due or (self.italian is False and self.opts.forced_bets == "BLINDS"):
                problems.append(("FORCED_BET_WRONG", f"{name} posts an ante, but no ante is due", 0, amount,
                                 {"payer": name}))
            elif self.opts.big_blind_ante and i != self.bb_expected:
                problems.append(("FORCED_BET_WRONG", f"the big blind {self.names[self.bb_expected]} posts the ante, "
                                 f"not {name}", self.names[self.bb_expected], name, {"payer": name}))
            elif amount != due and not (short and amount < due):
                problems.append(("FORCED_BET_WRONG", f"{name} posts an ante of {amount}, not {due}", due, amount,
                                 {"payer": name}))
            self.posted.add((i, "ante"))
            self._put_forced(i, amount)
        elif kind is _K.POST_INVITO:
            due = self.chip if self.opts.it_forced_bet == "ALL_ANTE" else self._invito()
            if not self.italian:
                problems.append(("FORCED_BET_WRONG", f"{name} posts an invito outside Italian poker", 0, amount,
                                 {"payer": name}))
            elif i != self.button:
                problems.append(("FORCED_BET_WRONG", f"the invito is the dealer's ({self.names[self.button]}), not {name}'s",
                                 self.names[self.button], name, {"payer": name}))
            elif amount != due and not (short and amount < due):
                problems.append(("FORCED_BET_WRONG", f"the invito is {due}, not {amount}", due, amount, {"payer": name}))
            self.posted.add((i, "invito"))
            self._put_forced(i, amount)
        else:  # POST_DEAD: dead money (a dead blind; the Italian false opener's penalty)
            self.dead_paid[i] += amount
            self.stack[i] -= amount
            self.pot += amount
            self.dead += amount
        return problems

    def _put_forced(self, i: int, amount: int) -> None:
        """An ante or invito: a player's contribution in blind games (§9.4), dead money in Italian poker
        (§10.1) and for a big-blind ante (the table's ante, for the main pot)."""
        if self.italian or self.opts.big_blind_ante:
            self.stack[i] -= amount
            self.pot += amount
            self.dead += amount
        else:
            self.antes[i] += amount
            self._put(i, amount, live=False)

    def _put(self, i: int, amount: int, *, live: bool) -> None:
        self.stack[i] -= amount
        self.total[i] += amount
        self.pot += amount
        if live:
            self.bet[i] += amount

    def _blind_open(self, i: int, a: Action) -> list[Problem]:
        """*Buio* and *controbuio* (RULES.md §10.6)."""
        problems: list[Problem] = []
        name, amount = self.names[i], a.amount
        opts = self.opts
        contro = a.kind is _K.POST_CONTROBUIO
        if not self.italian:
            problems.append(("IT_BLIND_NOT_ALLOWED", "blind opening exists only in Italian poker", None, name,
                             {"reason": "not Italian"}))
        elif self.phase != SETUP:
            problems.append(("IT_BLIND_NOT_ALLOWED", f"{name} opens blind after the deal", None, name,
                             {"reason": "after the deal"}))
        elif self.requirement != "J":
            problems.append(("IT_BLIND_NOT_ALLOWED", f"blind opening needs R = J, not {self.requirement}", "J",
                             self.requirement, {"reason": "requirement"}))
        else:
            posters = self.blind_posters
            allowed = 1 + (1 if posters else 0) + (1 if len(posters) == 2 and opts.it_contro_controbuio else 0)
            nxt = self.order[len(posters)] if len(posters) < self.n else -1
            if (contro and not posters) or (not contro and posters) or len(posters) >= min(allowed, 3) \
                    or (len(posters) == 2 and not opts.it_contro_controbuio):
                problems.append(("IT_BLIND_NOT_ALLOWED", f"{name} cannot post a {'controbuio' if contro else 'blind'} now",
                                 None, name, {"reason": "sequence"}))
            elif i != nxt:
                problems.append(("IT_BLIND_NOT_ALLOWED", f"the {'controbuio' if contro else 'blind'} is "
                                 f"{self.names[nxt]}'s to post, not {name}'s", self.names[nxt], name,
                                 {"reason": "wrong seat"}))
            else:
                due = (italian.controbuio_amount(self.bet[posters[-1]]) if contro
                       else italian.blind_open_amount(self.pot, opts.it_blind_multiplier))
                if amount != due and not (amount == self.stack[i] and amount < due):
                    problems.append(("IT_BLIND_AMOUNT_WRONG", f"the {'controbuio' if contro else 'blind'} is {due}, "
                                     f"not {amount}", due, amount, {}))
        amount = min(amount, self.stack[i])
        if self.phase == SETUP:
            self.blind_posters.append(i)
            self._put(i, amount, live=True)
            if self.opener < 0:
                self.opener = i
                self.opening_pot = self.pot - amount
        return problems

    def start(self) -> list[Finding]:
        """End the set-up: check the forced bets, deal five cards each, begin ``B1`` (RULES.md §5)."""
        if self.phase != SETUP:
            return []
        return [self._finding(p, None, "SETUP") for p in self._start_play()]

    def _start_play(self) -> list[Problem]:
        problems: list[Problem] = []
        spec, opts = self.spec, self.opts
        if spec.is_italian:
            if opts.it_forced_bet == "ALL_ANTE":
                for i in self.order:
                    if (i, "ante") not in self.posted and self.ante and self.stack[i]:
                        problems.append(("FORCED_BET_WRONG", f"{self.names[i]} did not post the ante", self.ante, 0,
                                         {"payer": self.names[i]}))
            due = self.chip if opts.it_forced_bet == "ALL_ANTE" else self._invito()
            if due and (self.button, "invito") not in self.posted and self.stack[self.button]:
                problems.append(("FORCED_BET_WRONG", f"the dealer {self.names[self.button]} did not post the invito",
                                 due, 0, {"payer": self.names[self.button]}))
            carry = self.carry_in
            if carry:
                for name, amount in carry.owed().items():
                    j = self.index.get(name, -1)
                    if j < 0 or self.dead_paid[j] >= amount or not self.stack[j]:
                        continue
                    if name == carry.penalty_player:
                        problems.append(("IT_FALSE_OPENER_PENALTY_MISSING", f"{name} owes {carry.penalty} from the "
                                         "false opening of the last deal", carry.penalty, self.dead_paid[j],
                                         {"payer": name}))
                    else:
                        problems.append(("FORCED_BET_WRONG", f"{name} folded in the carried deal and owes {amount} to "
                                         "be dealt in (IT_PAROLA_REENTRY)", amount, self.dead_paid[j], {"payer": name}))
        else:
            fb = opts.forced_bets
            if fb != "ANTES_ONLY" and self.bb_poster < 0 and self.bb:
                problems.append(("BLIND_POSTER_WRONG", f"nobody posted the big blind ({self.names[self.bb_expected]}'s)",
                                 self.names[self.bb_expected], None, {"blind": "BB"}))
            if fb != "BLINDS" and self.ante:
                for i in self._ante_payers():
                    if (i, "ante") not in self.posted and self.stack[i]:
                        problems.append(("FORCED_BET_WRONG", f"{self.names[i]} did not post the ante", self.ante, 0,
                                         {"payer": self.names[i]}))
        problems += self.deck.deal_initial(self.order)
        self._recount()
        self.k = 0
        self.street = "B1"
        self.phase = BETTING
        r = self.rnd
        self._reset_round()
        if spec.is_italian:
            if self.blind_posters:
                r.opened, r.blind = True, True
                r.high = max(self.bet)
                r.any_bet = True
                r.aggressor = self.blind_posters[-1]
                for j in self.blind_posters:
                    r.acted[j] = True
                    r.level[j] = self.bet[j]
                first = (self.blind_posters[-1] + 1) % self.n
            else:
                r.opened = False
                first = self.order[0]
        else:
            blinds = opts.forced_bets != "ANTES_ONLY"
            r.opened = not opts.openers_jacks
            if blinds:
                r.high = max(max(self.bet), self.bb)
                r.full = self.bb
                r.nbets = 1
                bb = self.bb_poster if self.bb_poster >= 0 else self.bb_expected
                first = (bb + 1) % self.n
            else:
                first = self.order[0]
        self.to_act = self._next_from(first, include=True)
        if self.to_act < 0:
            problems += self._end_round()
        return problems

    def _reset_round(self) -> None:
        r, n = self.rnd, self.n
        r.high = r.full = r.nbets = 0
        r.aggressor = -1
        r.any_bet = r.capped_multiway = r.blind = r.skipped = False
        r.opened = True
        r.acted = [False] * n
        r.level = [0] * n
        r.unit = 0
        if self.spec.structure is Structure.FIXED:
            r.unit = fixed_limit_unit(self.spec, self.k // 2 + 1, small_bet=self.small_bet, big_bet=self.big_bet,
                                      options=self.opts)
        r.lraise = self.chip if self.italian else self.bb

    # ------------------------------------------------------------------ turn order
    def _next_from(self, start: int, *, include: bool) -> int:
        """The first player from ``start`` (itself if ``include``) clockwise who must act, or -1.

        A can-act player must act if he faces a bet, or has not acted this round while someone else
        can still act (RULES.md §6.2, §7.1).
        """
        r, n = self.rnd, self.n
        stack, folded, bet, acted, high = self.stack, self.folded, self.bet, r.acted, r.high
        several = self.ncan >= 2
        j = start if include else (start + 1 if start + 1 < n else 0)
        for _ in range(n):
            if not folded[j] and stack[j] > 0 and (bet[j] < high or (several and not acted[j])):
                return j
            j = j + 1 if j + 1 < n else 0
        return -1

    def _recount(self) -> None:
        """Recompute the active and can-act counts (after forced bets, returns)."""
        active = can = 0
        for f, chips in zip(self.folded, self.stack):
            if not f:
                active += 1
                if chips > 0:
                    can += 1
        self.nactive, self.ncan = active, can

    def pending(self) -> list[str]:
        """Players who still have to act in the current betting round or draw."""
        if self.phase == BETTING:
            r = self.rnd
            can = sum(1 for j in range(self.n) if not self.folded[j] and self.stack[j] > 0)
            return [self.names[j] for j in self.order if not self.folded[j] and self.stack[j] > 0
                    and (self.bet[j] < r.high or (not r.acted[j] and can >= 2))]
        if self.phase == DRAW:
            return [self.names[j] for j in self.draw_order[self.draw_pos:]]
        return []

    # ------------------------------------------------------------------ betting
    def _betting(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        if self.phase != BETTING:
            if self.phase == SETUP:
                problems += self._start_play()
            if self.phase != BETTING and not self._reopen_for_betting(i, a, problems):
                return problems
        r = self.rnd
        if i != self.to_act:
            name = self.names[i]
            if self.folded[i] or self.stack[i] == 0:
                status = "folded" if self.folded[i] else "all-in"
                problems.append(("ACTION_BY_INACTIVE_PLAYER", f"{name} is {status} and cannot act", None, name,
                                 {"seat": name, "status": status}))
                return problems
            if self.to_act >= 0:
                expected = self.names[self.to_act]
                if self.italian and self.k == 2 and not r.any_bet and not any(r.acted):
                    problems.append(("IT_POSTDRAW_FIRST_ACTOR", f"B2 starts with {expected}, not {name}", expected,
                                     name, {}))
                else:
                    problems.append(("ACTION_OUT_OF_TURN", f"{expected} is to act, not {name}", expected, name, {}))
        kind = a.kind
        bet = self.bet
        high = r.high
        owed = high - bet[i]
        if kind is _K.CALL:
            stack = self.stack[i]
            if owed <= 0:
                problems.append(("CALL_NOTHING_TO_CALL", f"{self.names[i]} calls with nothing to call", 0, a.amount,
                                 {}))
            else:
                due = owed if owed < stack else stack
                if (a.amount and a.amount != due) or (a.all_in and due != stack) or (self.two_bb and self.k == 0):
                    problems += self._call_problems(i, a, due, stack)
                stack -= due
                self.stack[i] = stack
                bet[i] += due
                self.total[i] += due
                self.pot += due
                if stack == 0:
                    self.ncan -= 1
            r.acted[i] = True
            r.level[i] = r.full if r.unit else high
        elif kind is _K.CHECK:
            if owed > 0:
                problems.append(("CHECK_FACING_BET", f"{self.names[i]} checks facing {owed} to call",
                                 min(owed, self.stack[i]), 0, {}))
            r.acted[i] = True
            r.level[i] = r.full if r.unit else high
        elif kind is _K.FOLD:
            self._fold(i)
        else:
            if kind is _K.BET:
                to = bet[i] + a.amount
                if high > 0:
                    problems.append(("BET_WHEN_FACING_BET", f"{self.names[i]} bets facing a bet of {high}: a raise is "
                                     "due", None, a.amount, {}))
                    if to <= high:  # what the bet puts in only calls: apply it as a call
                        return problems + self._betting(i, Action(kind=_K.CALL, player=a.player, all_in=a.all_in))
            else:
                if high == 0:
                    problems.append(("RAISE_WITHOUT_BET", f"{self.names[i]} raises with no bet to raise", None,
                                     a.amount, {}))
                to = a.amount
            problems += self._aggress(i, to, a)
        if self.phase == BETTING:
            if self.nactive > 1:
                # the next player clockwise who must act (RULES.md §6.2, §7.1), as in _next_from
                n, stack, folded, acted, high = self.n, self.stack, self.folded, r.acted, r.high
                several = self.ncan >= 2
                j = i
                for _ in range(n):
                    j = j + 1 if j + 1 < n else 0
                    if not folded[j] and stack[j] > 0 and (bet[j] < high or (several and not acted[j])):
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
            problems.append(("CALL_AMOUNT_MISMATCH", f"{name} calls {a.amount}, the call is {due}", due, a.amount, {}))
        if a.all_in and due != stack:
            problems.append(("ALLIN_AMOUNT_MISMATCH", f"{name} is flagged all-in calling {due} with {stack} behind",
                             stack, due, {}))
        if self._limp(i, due):
            problems.append(("MIN_OPEN_VIOLATION", f"{name} limps; the first entry must be a raise to {2 * self.bb}",
                             2 * self.bb, self.bet[i] + due, {}))
        return problems

    def _reopen_for_betting(self, i: int, a: Action, problems: list[Problem]) -> bool:
        """A betting action while no betting round is open (RULES.md §6.2, §7.1)."""
        previous = self.k - 1 if self.phase == DRAW else self.k
        skipped = self.rnd.skipped
        if skipped and a.kind is not _K.FOLD:
            problems.append(("ACTION_NO_BETTING_POSSIBLE", f"no betting is possible in {self.street}", None,
                             a.kind.value, {}))
            return False
        if self.phase == DRAW and self.draw_pos < len(self.draw_order) and self.draw_pos > 0:
            waiting = [self.names[j] for j in self.draw_order[self.draw_pos:]]
            problems.append(("ROUND_NOT_CLOSED", f"{self.street} is not finished: {', '.join(waiting)} still to draw",
                             waiting, self.names[i], {"seats": waiting}))
            self._finish_draw_round(problems)
            return self.phase == BETTING
        closed = self.streets[min(previous, len(self.streets) - 1)]
        problems.append(("ACTION_AFTER_ROUND_CLOSED", f"{a.kind.value} by {self.names[i]} after {closed} was complete",
                         None, a.kind.value, {"round": closed}))
        if a.kind is _K.FOLD and not self.folded[i] and self.phase != COMPLETE:
            self._fold(i)
            if self.phase == DRAW and i in self.draw_order[self.draw_pos:]:
                self.draw_order.remove(i)
                if self.draw_pos >= len(self.draw_order):
                    self._finish_draw_round(problems)
        return False

    def _fold(self, i: int) -> None:
        self.folded[i] = True
        self.nactive -= 1
        if self.stack[i] > 0:
            self.ncan -= 1
        self.deck.fold(i)

    def _aggress(self, i: int, to: int, a: Action) -> list[Problem]:
        """Check and apply a bet or raise to ``to`` (RULES.md §7.2-§7.6)."""
        problems: list[Problem] = []
        r, name, spec = self.rnd, self.names[i], self.spec
        bet, stack = self.bet, self.stack
        c = bet[i]
        cap_to = c + stack[i]
        if to > cap_to:
            problems.append(("BET_EXCEEDS_STACK", f"{name} puts in {to - c} with {stack[i]} behind", stack[i],
                             to - c, {}))
            to = cap_to
        all_in = to == cap_to
        if a.all_in and not all_in:
            problems.append(("ALLIN_AMOUNT_MISMATCH", f"{name} is flagged all-in but goes to {to} of {cap_to}",
                             cap_to, to, {}))
        high = r.high
        structure = spec.structure
        is_bet = high == 0
        if not r.opened and is_bet and not spec.is_italian:
            r.opened = True
            self.opener = i
            jacks = self._jacks_problem(i)
            if jacks:
                problems.append(jacks)
        if to <= high:
            code = "RAISE_SIZE_FIXED_LIMIT" if structure is Structure.FIXED else "RAISE_BELOW_MINIMUM"
            want = r.full + r.unit if structure is Structure.FIXED else high + r.lraise
            if not all_in:
                problems.append((code, f"{name} raises to {to}, not above the bet of {high}", want, to, {}))
        elif structure is Structure.FIXED:
            unit = r.unit
            if is_bet:
                if to != unit and not (all_in and to < unit):
                    problems.append(("BET_SIZE_FIXED_LIMIT", f"{name} bets {to}; the bet in {self.street} is {unit}",
                                     unit, to, {"round": self.street}))
            else:
                target = r.full + unit
                if to != target and not (all_in and to < target):
                    problems.append(("RAISE_SIZE_FIXED_LIMIT", f"{name} raises to {to}; the raise is to {target}",
                                     target, to, {}))
            cap = self.opts.fl_max_bets_per_round
            active = self.nactive
            uncapped = self.opts.fl_heads_up_uncapped and active == 2 and not r.capped_multiway
            if r.nbets >= cap and not uncapped:
                problems.append(("RAISE_CAP_EXCEEDED", f"{self.street} is capped at {cap} bets", cap, r.nbets + 1, {}))
            if r.acted[i] and r.full <= r.level[i] and not is_bet:
                problems.append(("RAISE_NOT_REOPENED", f"{name} may only call or fold: no full raise since he acted",
                                 unit, 0, {}))
            if is_full_fixed_limit_raise(to - r.full, unit, self.opts.fl_short_allin_reopen_fraction):
                r.full = to
                r.nbets += 1
                if r.nbets >= cap and active > 2:
                    r.capped_multiway = True
        elif spec.is_italian:
            problems += self._italian_aggress(i, to, all_in)
        else:
            pot = self.pot
            if is_bet:
                if to < self.bb and not all_in:
                    problems.append(("BET_BELOW_MINIMUM", f"{name} bets {to}; the minimum is {self.bb}", self.bb, to, {}))
                if structure is Structure.POT and to > pot:
                    problems.append(("BET_ABOVE_POT_LIMIT", f"{name} bets {to} into a pot of {pot}", pot, to,
                                     {"pot": pot}))
                if to >= self.bb:
                    r.lraise = max(to, self.bb)
            else:
                least = high + r.lraise
                if to < least and not all_in:
                    problems.append(("RAISE_BELOW_MINIMUM", f"{name} raises to {to}; the minimum is {least}", least,
                                     to, {}))
                if structure is Structure.POT:
                    most = pot_limit_max_to(pot=pot, high=high, committed=c)
                    if to > most:
                        problems.append(("RAISE_ABOVE_POT_LIMIT", f"{name} raises to {to}; the pot limit is {most}",
                                         most, to, {"pot": pot, "to_call": high - c}))
                if r.acted[i] and high - r.level[i] < r.lraise:
                    problems.append(("RAISE_NOT_REOPENED", f"{name} may only call or fold: the bet rose by "
                                     f"{high - r.level[i]} since he acted, a full raise is {r.lraise}",
                                     r.lraise, high - r.level[i], {}))
                if to - high >= r.lraise:
                    r.lraise = to - high
        d = to - c
        if d > 0:
            stack[i] -= d
            bet[i] = to
            self.total[i] += d
            self.pot += d
            if stack[i] == 0:
                self.ncan -= 1
        if to > r.high:
            r.high = to
            r.aggressor = i
            r.any_bet = True
        r.acted[i] = True
        r.level[i] = r.full if structure is Structure.FIXED else r.high
        return problems

    def _italian_aggress(self, i: int, to: int, all_in: bool) -> list[Problem]:
        """Italian opening, bets and raises (RULES.md §7.6, §10.2, §10.6)."""
        problems: list[Problem] = []
        r, name, opts = self.rnd, self.names[i], self.opts
        high, c, pot = r.high, self.bet[i], self.pot
        chip = self.chip
        if high == 0:
            if not (chip <= to <= pot) and not (all_in and to < chip):
                problems.append(("IT_OPEN_BET_OUT_OF_RANGE", f"{name} bets {to}; the range is {chip}..{pot}",
                                 (chip, pot), to, {"pot": pot}))
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
            problems.append(("IT_RAISE_AFTER_BLIND", f"{name} raises after a blind opening", None, name, {"seat": name}))
        least = high + (r.lraise if opts.it_min_raise == "LAST_INCREMENT" else chip)
        if to < least and not all_in:
            problems.append(("RAISE_BELOW_MINIMUM", f"{name} raises to {to}; the minimum is {least}", least, to, {}))
        if opts.it_raise_limit == "POT":
            most = pot_limit_max_to(pot=pot, high=high, committed=c)
            if to > most:
                problems.append(("RAISE_ABOVE_POT_LIMIT", f"{name} raises to {to}; the pot limit is {most}", most, to,
                                 {"pot": pot, "to_call": high - c}))
        step = r.lraise if opts.it_min_raise == "LAST_INCREMENT" else chip
        if r.acted[i] and high - r.level[i] < step:
            problems.append(("RAISE_NOT_REOPENED", f"{name} may only call or fold: no full raise since he acted",
                             step, high - r.level[i], {}))
        limit = opts.it_max_raises_per_round
        if limit and r.nbets >= limit:
            problems.append(("RAISE_CAP_EXCEEDED", f"at most {limit} raises per round", limit, r.nbets + 1, {}))
        r.nbets += 1
        if to - high >= step:
            r.lraise = to - high
        return problems

    def _openers_problem(self) -> Problem | None:
        """``IT_OPEN_WITHOUT_OPENERS`` once the opener's pre-draw cards are known (§10.2, §11.6)."""
        i = self.opener
        if i < 0 or self.blind_posters or i not in self.predraw:
            return None
        cards = self.predraw[i]
        ok = italian.has_openers(cards, self.requirement, players=self.n, sf_draw=self.opts.it_open_with_sf_draw)
        self.false_opener = not ok
        if ok:
            return None
        ranking = self._ranking()
        return ("IT_OPEN_WITHOUT_OPENERS", f"{self.names[i]} opened with {cards_str(cards)} "
                f"({ranking.category(cards)}) at R = {self.requirement}", self.requirement, cards_str(cards),
                {"category": ranking.category(cards), "seat": self.names[i]})

    def _jacks_problem(self, i: int) -> Problem | None:
        """Jacks or better to open (classic 5-card draw, option ``OPENERS_JACKS``)."""
        hand = self.deck.hands[i]
        if len(hand) != 5:
            return None
        ranking = self._ranking()
        if ranking.strength(hand) >= ranking.strength(_JACKS):
            return None
        return ("IT_OPEN_WITHOUT_OPENERS", f"{self.names[i]} opened without jacks or better ({cards_str(hand)})",
                "J", cards_str(hand), {"seat": self.names[i], "category": ranking.category(hand)})

    def _return_uncalled(self) -> None:
        """Give back the excess of the top commitment over the next highest (RULES.md §7.1, §9.4).

        Commitments are the live chips: antes are dead money, never uncalled.
        """
        total, antes = self.total, self.antes
        top, second, who = -1, -1, -1
        for j, t in enumerate(total):
            t -= antes[j]
            if t > top:
                second, top, who = top, t, j
            elif t > second:
                second = t
        if who >= 0 and top > second >= 0:
            excess = top - second
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
        if self.nactive <= 1:
            self._complete("FOLDED")
            return problems
        if self.italian or self.opts.openers_jacks:
            if self.k == 0 and not r.opened:
                self.outcome = italian.DealOutcome.UNOPENED.value
                self._complete("UNOPENED")
                return problems
            if self.italian and self.k == len(self.streets) - 1 and not r.any_bet:
                self.outcome = italian.DealOutcome.PAROLA.value
                self._complete("PAROLA")
                return problems
        self._next_street(problems)
        return problems

    def _next_street(self, problems: list[Problem]) -> None:
        self.k += 1
        if self.k >= len(self.streets):
            self._begin_showdown()
            return
        self.street = self.streets[self.k]
        self.bet = [0] * self.n
        if self.street[0] == "D":
            self._begin_draw()
            return
        self.phase = BETTING
        self._reset_round()
        r = self.rnd
        first = self.order[0]
        if self.italian:
            first = self._from_opener()
        self.to_act = self._next_from(first, include=True)
        if self.to_act < 0:
            r.skipped = True
            self.last_street_bet = False
            self._next_street(problems)

    def _from_opener(self) -> int:
        """The opener, or the next active player clockwise from his seat (RULES.md §6.4)."""
        start = self.opener if self.opener >= 0 else self.order[0]
        for j in range(self.n):
            p = (start + j) % self.n
            if not self.folded[p]:
                return p
        return start

    # ------------------------------------------------------------------ draws
    def _begin_draw(self) -> None:
        self.phase = DRAW
        if self.italian and self.opts.it_draw_order_start == "OPENER":
            start = self._from_opener()
            order = [(start + j) % self.n for j in range(self.n)]
        else:
            order = self.order
        self.draw_order = [j for j in order if not self.folded[j]]
        self.draw_pos = 0
        self.drawn = [False] * self.n
        self.delayed = []
        self.declared = []
        self.deck.begin_draw_round()

    def _draw(self, i: int, a: Action) -> list[Problem]:
        if self.plain_draw and self.phase == DRAW and self.draw_order[self.draw_pos] == i:
            count, received = a.count, a.received
            if (count <= self.spec.max_discard and a.kept is None and a.received_count in (None, count)
                    and (received is None or len(received) == count)):
                deck = self.deck
                problems = deck.discard(i, count, a.discarded, DONE)
                self.drawn[i] = True
                self.draw_pos += 1
                if count:
                    problems += deck.serve(i, count, received, own=(count, a.discarded or ()))
                if self.draw_pos >= len(self.draw_order):
                    self._finish_draw_round(problems)
                return problems
        problems: list[Problem] = []
        name = self.names[i]
        if self.phase != DRAW:
            if self.phase == SETUP:
                problems += self._start_play()
            if self.phase == BETTING:
                waiting = self.pending()
                problems.append(("ROUND_NOT_CLOSED", f"{self.street} is not finished: {', '.join(waiting)} still to "
                                 "act", waiting, name, {"seats": waiting}))
                self.rnd.acted = [True] * self.n
                problems += self._end_round()
            if self.phase != DRAW:
                if self.folded[i]:
                    problems.append(("DRAW_BY_INACTIVE_PLAYER", f"{name} has folded and cannot draw", None, name,
                                     {"seat": name}))
                else:
                    problems.append(("ACTION_AFTER_ROUND_CLOSED", f"{name} draws but no draw is under way", None,
                                     "draw", {}))
                return problems
        if self.folded[i]:
            problems.append(("DRAW_BY_INACTIVE_PLAYER", f"{name} has folded and cannot draw", None, name, {"seat": name}))
            return problems
        if self.drawn[i]:
            problems.append(("DRAW_OUT_OF_ORDER", f"{name} has already drawn in {self.street}", None, name, {}))
            return problems
        order = self.draw_order
        expected = order[self.draw_pos]
        if i != expected:
            code = "IT_DRAW_ORDER" if self.italian and self.draw_pos == 0 else "DRAW_OUT_OF_ORDER"
            problems.append((code, f"{self.names[expected]} draws now, not {name}", self.names[expected], name, {}))
            order.remove(i)
            order.insert(self.draw_pos, i)
        count = a.count
        if count > self.spec.max_discard:
            problems.append(("DRAW_COUNT_EXCEEDED", f"{name} changes {count} cards; at most {self.spec.max_discard}",
                             self.spec.max_discard, count, {}))
        received, discarded = a.received, a.discarded
        if (received is not None and len(received) > count) or (a.received_count is not None
                                                                  and a.received_count != count):
            got = a.received_count if a.received_count is not None else len(received or ())
            problems.append(("DRAW_COUNT_MISMATCH", f"{name} discards {count} and receives {got}", count, got, {}))
        deck = self.deck
        if a.kept is not None:
            fresh = [c for c in a.kept if c not in deck.hands[i]]
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
            problems += self._serve(i, serve, received, own)
        else:
            self.declared.append((i, serve, discarded, received))
        if self.draw_pos >= len(order):
            self._finish_draw_round(problems)
        return problems

    def _serve(self, i: int, count: int, received: tuple[Card, ...] | None,
               own: tuple[int, Sequence[Card]]) -> list[Problem]:
        """Serve one player's replacements, holding back a delayed last card (RULES.md §6.3, §6.4)."""
        delay = 0
        if count >= 4:
            italian_four = self.italian and count == 4
            delay = 1 if italian_four or (self.opts.five_card_draw_split and count == 5) else 0
        if not delay:
            return self.deck.serve(i, count, received, own=own)
        problems: list[Problem] = []
        now = count - delay
        later = None
        if received is not None:
            received, later = received[:now], received[now:] or None
            if later and self.italian and self.draw_pos < len(self.draw_order):
                problems.append(("IT_FOURTH_CARD_EARLY", f"{self.names[i]} got his 4th card before the others were "
                                 "served", None, self.names[i], {"seat": self.names[i]}))
        problems += self.deck.serve(i, now, received, own=own)
        self.delayed.append((i, delay, later))
        return problems

    def _finish_draw_round(self, problems: list[Problem]) -> None:
        """Serve declared and delayed cards, close the draw round, go on (RULES.md §6.3, §6.4, §8)."""
        deck = self.deck
        if self.draw_pos < len(self.draw_order):
            self.draw_order = self.draw_order[:self.draw_pos]
        for i, count, discarded, received in self.declared:
            opener = self.italian and i == self.opener
            if not opener:
                deck.move(DECLARED, DONE, count, discarded)
            problems += self._serve(i, count, received, (0, ()) if opener else (count, discarded or ()))
        self.declared = []
        last = self.draw_order[-1] if self.draw_order else -1
        burn_once = self.italian and self.opts.it_delayed_card_burn
        for i, count, cards in self.delayed:
            burn = burn_once or (self.opts.five_card_draw_split and not self.italian and i == last)
            burn_once = False
            problems += deck.serve(i, count, cards, last_burn=burn)
        self.delayed = []
        deck.end_draw_round()
        self._next_street(problems)

    # ------------------------------------------------------------------ cards shown
    def _deal(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        if self.phase == SETUP:
            problems += self._start_play()
        cards = a.cards or ()
        if len(cards) > 5 or (a.count and a.count > 5):
            problems.append(("HAND_SIZE_INVALID", f"{self.names[i]} is dealt {max(len(cards), a.count)} cards", 5,
                             max(len(cards), a.count), {"seat": self.names[i]}))
        if cards:
            hand = self.deck.hands[i]
            problems += self.deck.reveal(i, [c for c in cards if c not in hand] if hand else cards)
            if self.k == 0 and self.italian and i == self.opener and len(self.deck.hands[i]) == 5:
                self.predraw[i] = tuple(self.deck.hands[i])
        return problems

    def _show(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        name = self.names[i]
        cards = tuple(a.cards or ())
        if self.phase == SHOWDOWN and not self.folded[i] and i not in self.shown and i not in self.mucked:
            if not self.first_show_checked:
                self.first_show_checked = True
                first = self._current()
                if first >= 0 and first != i:
                    problems.append(("SHOW_ORDER", f"{self.names[first]} shows first, not {name}", self.names[first],
                                     name, {}))
            if a.kind is _K.MUCK:
                self.mucked.add(i)
            else:
                problems += self._reveal_shown(i, cards)
            if self._current() < 0 or self._contenders() <= 1:
                self._complete("SHOWDOWN")
            return problems
        if a.kind is _K.SHOW and cards:
            if self.italian and i == self.opener and self.phase == COMPLETE:
                problems += self._opener_shows(i, cards)
            elif self.phase == COMPLETE and not self.folded[i] and len(cards) == 5:
                problems += self._reveal_shown(i, cards)
            else:
                problems += self.deck.reveal(i, [c for c in cards if c not in self.deck.hands[i]])
        return problems

    def _reveal_shown(self, i: int, cards: tuple[Card, ...]) -> list[Problem]:
        problems: list[Problem] = []
        if not cards:
            return problems
        if len(cards) != 5:
            problems.append(("HAND_SIZE_INVALID", f"{self.names[i]} shows {len(cards)} cards", 5, len(cards),
                             {"seat": self.names[i]}))
        problems += self.deck.reveal(i, cards, replace_hand=len(cards) == 5)
        if len(cards) == 5:
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
        return sum(1 for j in range(self.n) if not self.folded[j] and j not in self.mucked)

    def _begin_showdown(self) -> None:
        """Who shows first (RULES.md §9.1): the last aggressor of the final round, else from the button."""
        self.phase = SHOWDOWN
        self.street = "SHOWDOWN"
        r, n = self.rnd, self.n
        if self.last_street_bet and r.aggressor >= 0 and not self.folded[r.aggressor]:
            first = r.aggressor
        elif self.opts.showdown_no_bet_first == "RIGHT_OF_BUTTON":
            first = next(((self.button - j) % n for j in range(n) if not self.folded[(self.button - j) % n]),
                         self.button)
        else:
            first = next(j for j in self.order if not self.folded[j])
        self.show_order = [(first + j) % n for j in range(n) if not self.folded[(first + j) % n]]

    def _complete(self, how: str) -> None:
        self.phase = COMPLETE
        self.ended_in = self.street
        self.to_act = -1
        if not self.outcome:
            self.outcome = how
        self.street = "AWARD"

    def abandon(self) -> list[Finding]:
        """Close a hand whose history stops before the rules end it (the log's summary follows).

        Players still due to act or draw give ``ROUND_NOT_CLOSED``; unclaimed chips go back (§7.1)
        and the hand is settled as it stands: shown hands, known hands, eligible players.
        """
        if self.phase == COMPLETE:
            return []
        out: list[Finding] = []
        if self.phase == SETUP:
            out += [self._finding(p, None, "SETUP") for p in self._start_play()]
        waiting = self.pending()
        if waiting and self.phase in (BETTING, DRAW):
            out.append(self._finding(("ROUND_NOT_CLOSED", f"the history ends with {', '.join(waiting)} still to act "
                                      f"in {self.street}", waiting, None, {"seats": waiting}), None))
        self._return_uncalled()
        self.street = "SHOWDOWN" if self.n - sum(self.folded) > 1 else self.street
        self._complete("ABANDONED")
        self.ended_in = "SHOWDOWN" if self.n - sum(self.folded) > 1 else self.ended_in
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with amounts (DESIGN.md convention 4)."""
        if self.phase == BETTING and self.to_act >= 0:
            return self._legal_betting(self.to_act)
        if self.phase == DRAW:
            i = self._current()
            return LegalActions(street=self.street, player=self.names[i] if i >= 0 else None, draw=i >= 0,
                                draw_max=self.spec.max_discard if i >= 0 else None, stub=self.deck.stub)
        if self.phase == SHOWDOWN:
            i = self._current()
            return LegalActions(street=self.street, player=self.names[i] if i >= 0 else None, show=i >= 0,
                                muck=i >= 0)
        if self.phase == SETUP and self.italian and not self.forced_actions() and self.requirement == "J":
            posters = self.blind_posters
            if not posters:
                i = self.order[0]
                return LegalActions(street="SETUP", player=self.names[i],
                                    blind_open=italian.blind_open_amount(self.pot, self.opts.it_blind_multiplier))
            if len(posters) == 1 or (len(posters) == 2 and self.opts.it_contro_controbuio):
                i = self.order[len(posters)] if len(posters) < self.n else -1
                if i >= 0 and i not in posters:
                    return LegalActions(street="SETUP", player=self.names[i],
                                        controbuio=italian.controbuio_amount(self.bet[posters[-1]]))
        return LegalActions(street=self.street, player=None)

    def _legal_betting(self, i: int) -> LegalActions:
        r, spec, opts = self.rnd, self.spec, self.opts
        c, stack, high = self.bet[i], self.stack[i], r.high
        owed = high - c
        all_in_to = c + stack
        to_call = min(owed, stack) if owed > 0 else None
        others = any(not self.folded[j] and self.stack[j] > 0 for j in range(self.n) if j != i)
        bet_ok = raise_ok = False
        min_bet = max_bet = min_to = max_to = None
        structure = spec.structure
        if high == 0:
            if structure is Structure.FIXED:
                min_bet = max_bet = min(r.unit, stack)
            elif spec.is_italian:
                chip = self.chip
                min_bet, max_bet = min(chip, stack), min(self.pot, stack)
                if self.pot < chip:
                    min_bet = max_bet = min(chip, stack)
            else:
                min_bet = min(self.bb, stack)
                max_bet = min(self.pot, stack) if structure is Structure.POT else stack
            bet_ok = stack > 0 and others
        elif all_in_to > high and others:
            if structure is Structure.FIXED:
                active = self.n - sum(self.folded)
                uncapped = opts.fl_heads_up_uncapped and active == 2 and not r.capped_multiway
                reopened = not r.acted[i] or r.full > r.level[i]
                if (r.nbets < opts.fl_max_bets_per_round or uncapped) and reopened:
                    raise_ok = True
                    min_to = max_to = min(r.full + r.unit, all_in_to)
            elif spec.is_italian:
                step = r.lraise if opts.it_min_raise == "LAST_INCREMENT" else self.chip
                limit = opts.it_max_raises_per_round
                reopened = not r.acted[i] or high - r.level[i] >= step
                if not r.blind and reopened and not (limit and r.nbets >= limit):
                    raise_ok = True
                    most = pot_limit_max_to(pot=self.pot, high=high, committed=c) if opts.it_raise_limit == "POT" \
                        else all_in_to
                    min_to, max_to = min(high + step, all_in_to), min(most, all_in_to)
            else:
                reopened = not r.acted[i] or high - r.level[i] >= r.lraise
                if reopened:
                    raise_ok = True
                    most = pot_limit_max_to(pot=self.pot, high=high, committed=c) if structure is Structure.POT \
                        else all_in_to
                    min_to, max_to = min(high + r.lraise, all_in_to), min(most, all_in_to)
        call_ok = owed > 0 and not self._limp(i, to_call or 0)
        return LegalActions(street=self.street, player=self.names[i], fold=True, check=owed <= 0,
                            call=call_ok, to_call=to_call if call_ok else None, bet=bet_ok, min_bet=min_bet if bet_ok else None,
                            max_bet=max_bet if bet_ok else None, raise_=raise_ok, min_raise_to=min_to,
                            max_raise_to=max_to, all_in_to=all_in_to if stack else None)

    # ------------------------------------------------------------------ the end
    def _ranking(self) -> Ranking:
        if self.ranking_cache is None:
            self.ranking_cache = ranking_for(self.spec, self.n, self.opts)
        return self.ranking_cache

    def finish(self) -> list[Finding]:
        """End-of-history checks on the opener (RULES.md §9.2, §10.2): openers shown, and judged
        when his pre-draw cards became known only after the opening. Call once, at the end."""
        out: list[Finding] = []
        i = self.opener
        if not self.italian or i < 0 or self.blind_posters:
            return out
        if i not in self.predraw:
            if self.phase == COMPLETE:
                out.append(self._finding(("IT_OPENER_DID_NOT_SHOW", f"{self.names[i]} did not show his openers",
                                          None, self.names[i], {"seat": self.names[i]}), None, "AWARD"))
        elif self.false_opener is None:
            found = self._openers_problem()
            if found:
                out.append(self._finding(found, None, "AWARD"))
        return out

    def pots(self) -> list[Pot]:
        """Main and side pots from the chips committed so far, dead money in the main pot (§9.4)."""
        names, n, folded, total = self.names, self.n, self.folded, self.total
        levels = {total[j] for j in range(n) if not folded[j]}
        if len(levels) == 1:
            pots = [Pot(amount=sum(total), eligible=tuple(names[j] for j in range(n) if not folded[j]))]
        else:
            active = [names[j] for j in range(n) if not folded[j]]
            pots = build_pots({names[j]: total[j] for j in range(n)}, active) if active else []
        if self.dead:
            if pots:
                pots[0] = Pot(amount=pots[0].amount + self.dead, eligible=pots[0].eligible)
            else:
                pots = [Pot(amount=self.dead, eligible=())]
        return pots

    def settle(self, *, rake: int | None = None, explain: bool = True) -> Settlement:
        """Pots, rake, awards and final stacks of a finished (or abandoned) hand (RULES.md §9, §10).

        The rake is ``RAKE_PERCENT``'s formula (§9.5) unless ``rake`` is given (a log's own rake
        when no formula is configured). ``explain=False`` leaves the awards' reasons empty (the
        validator's fast path).
        """
        if self._settlement is not None and rake is None and (self._settlement.explained or not explain):
            return self._settlement
        override = rake
        names, n = self.names, self.n
        total = self.total
        pots = self.pots()
        returned = {names[j]: self.returned[j] for j in range(n) if self.returned[j]}
        final = dict(zip(names, self.stack))
        pot_total = sum(p.amount for p in pots)
        carry = None
        refunds: dict[str, int] = {}
        carried = 0
        false_name = None
        outcome = self.outcome
        if self.italian or self.opts.openers_jacks:
            if self.outcome in ("UNOPENED", "PAROLA"):
                carried = pot_total
                if self.italian:
                    carry = ItalianCarry(pot=carried, requirement=italian.next_requirement(
                        self.requirement, italian.DealOutcome(self.outcome), cap=self.opts.it_opener_cap),
                        reentry=self._reentry())
                s = Settlement(pots=tuple(pots), rake=0, awards=(), returned=returned, collected={}, refunds={},
                               carried=carried, final_stacks=final, outcome=outcome, determined=True, carry=carry,
                               explained=True)
                self._settlement = s
                return s
        rake = self.expected_rake(pot_total) if override is None else min(override, pot_total)
        awards = self.award(pots, rake, explain=explain)
        collected: dict[str, int] = {}
        for aw in awards:
            for p, chips in aw.shares.items():
                collected[p] = collected.get(p, 0) + chips
        determined = all(aw.winners for aw in awards)
        if self.italian and self.opener >= 0 and not self.blind_posters:
            if self.false_opener is None and self.opener in self.predraw:
                self._openers_problem()
            if self.false_opener:
                opener = names[self.opener]
                false_name = opener
                winner = opener if collected.get(opener) else next(iter(collected), opener)
                contributions = {names[j]: total[j] for j in range(n)}  # Italian forced bets are dead money
                s = italian.false_opener_settlement(contributions=contributions, initial_pot=self.opening_pot,
                                                    false_opener=opener, winner=winner, requirement=self.requirement,
                                                    policy=self.opts.it_false_opener_win_policy)
                outcome = s.outcome.value
                if s.outcome is italian.DealOutcome.FALSE_OPENER_WOULD_WIN:
                    refunds = {p: v for p, v in s.refunds.items() if v}
                    collected = {}
                    awards = []
                    carried = pot_total - sum(refunds.values())
                    carry = ItalianCarry(pot=carried, requirement=s.next_requirement)
                else:
                    carry = ItalianCarry(pot=0, requirement=s.next_requirement, penalty=s.penalty,
                                         penalty_player=opener)
            else:
                outcome = italian.DealOutcome.AWARDED.value
                carry = ItalianCarry(pot=0, requirement="J")
        elif self.italian:
            outcome = italian.DealOutcome.AWARDED.value
            carry = ItalianCarry(pot=0, requirement="J")
        for p, v in collected.items():
            final[p] += v
        for p, v in refunds.items():
            final[p] += v
        s = Settlement(pots=tuple(pots), rake=rake, awards=tuple(awards), returned=returned, collected=collected,
                       refunds=refunds, carried=carried, final_stacks=final, outcome=outcome, determined=determined,
                       carry=carry, false_opener=false_name, explained=explain)
        if override is None:
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

    def award(self, pots: Sequence[Pot], rake: int = 0, *, explain: bool = True) -> list[PotAward]:
        """Award ``pots`` (minus ``rake``) to the best hands at showdown (RULES.md §9.2, §9.4, §9.6).

        A mucked hand has no claim; a hand neither shown nor mucked counts when all its cards are
        known (a hand history's hero), else the pot it contests may be undetermined.
        """
        raked = take_rake(pots, rake) if rake else list(pots)
        names = self.names
        mucked = {names[j] for j in self.mucked}
        hands: dict[str, tuple[Card, ...]] = {}
        if self._contenders() >= 2:
            for j in range(self.n):
                if self.folded[j] or j in self.mucked:
                    continue
                if j in self.shown:
                    hands[names[j]] = self.shown[j]
                elif len(self.deck.hands[j]) == 5:
                    hands[names[j]] = tuple(self.deck.hands[j])
        if mucked:
            raked = [Pot(amount=p.amount, eligible=tuple(e for e in p.eligible if e not in mucked) or p.eligible)
                     for p in raked]
        order = [names[j] for j in self.order]
        if explain:
            return award_pots(raked, hands, self._ranking(), order)
        return self._award_quietly(raked, hands, order)

    def _award_quietly(self, pots: Sequence[Pot], hands: dict[str, tuple[Card, ...]],
                       order: list[str]) -> list[PotAward]:
        """:func:`~drawdealer.engine.pots.award_pots` without the reasons (the validator's fast path)."""
        ranking = self._ranking()
        awards: list[PotAward] = []
        for index, pot in enumerate(pots):
            eligible = pot.eligible
            if len(eligible) == 1:
                winners: tuple[str, ...] = eligible
            else:
                contenders = [p for p in order if p in hands and p in eligible]
                if len(contenders) > 1:
                    best = ranking.winners([hands[p] for p in contenders])
                    winners = tuple(contenders[k] for k in best)
                else:
                    winners = tuple(contenders)
            if not winners:
                awards.append(PotAward(index=index, amount=pot.amount, eligible=eligible, winners=(), shares={},
                                       odd_chip_to=None, reason=""))
                continue
            shares = split_pot(pot.amount, winners) if len(winners) > 1 else {winners[0]: pot.amount}
            odd = winners[0] if len(winners) > 1 and pot.amount % len(winners) else None
            awards.append(PotAward(index=index, amount=pot.amount, eligible=eligible, winners=winners, shares=shares,
                                   odd_chip_to=odd, reason=""))
        return awards


HANDLERS = {kind: HandState._betting for kind in _BETTING}
"""The method applying each kind of action: ``HANDLERS[kind](state, player_index, action) -> problems``."""
HANDLERS.update({_K.DRAW: HandState._draw, _K.DEAL: HandState._deal, _K.SHOW: HandState._show,
                  _K.MUCK: HandState._show})
HANDLERS.update({kind: HandState._forced for kind in _K if kind not in HANDLERS})
