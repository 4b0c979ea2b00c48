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

This module holds the hand itself: its seats and chips, turn order, streets and the handler of
each kind of action (:data:`HANDLERS`). Each part of the rules is a mixin in its own module:
forced bets (``forced``), betting rounds (``rounds``), draw rounds (``drawround``), the showdown
(``showdown``), openers (``openers``), what is legal (``legal``) and the settlement (``settle``).
The validator's replay and the live dealer apply every action through :meth:`HandState.apply`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable, Sequence

from drawdealer.engine.betting import fixed_limit_unit
from drawdealer.engine.cards import Card, cards_not_in, full_deck, italian_deck
from drawdealer.engine.copying import copy_of, slots
from drawdealer.engine.deck import DeckState
from drawdealer.engine.drawround import DrawRound
from drawdealer.engine.findings import Finding
from drawdealer.engine.forced import ForcedBets
from drawdealer.engine.frozen import record
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.legal import LegalQueries
from drawdealer.engine.money import money
from drawdealer.engine.openers import Openers
from drawdealer.engine.options import DEFAULT_OPTIONS, Options
from drawdealer.engine.phases import BETTING, COMPLETE, DRAW, PHASE_NAMES, SETUP, SHOWDOWN
from drawdealer.engine.problems import Problem
from drawdealer.engine.ranking import Ranking, get_ranking
from drawdealer.engine.record import Action, ActionKind, Seat, Stakes
from drawdealer.engine.rounds import BettingRound, RoundState
from drawdealer.engine.settle import ItalianCarry, Settlement, Settling
from drawdealer.engine.showdown import Showdown
from drawdealer.engine.variants import GameSpec, Structure
from drawdealer.engine.words import counted

__all__ = ["BETTING", "COMPLETE", "DRAW", "HANDLERS", "PHASE_NAMES", "SETUP", "SHOWDOWN", "HandState", "ItalianCarry",
           "PlayerView", "Settlement", "ranking_for"]

_K = ActionKind
_RANKINGS: dict[object, Ranking] = {}
_SEAT, _NAME, _STACK = attrgetter("seat"), attrgetter("name"), attrgetter("stack")
_CONFIGS: dict[tuple[int, ...], tuple[GameSpec, Options, _Config]] = {}
_LAYOUTS: dict[tuple[int, int], tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], int, int]] = {}
_NO_ONE: frozenset[int] = frozenset()


class _Config:
    """What a hand's game, options and stakes fix: forced bets, bet sizes, the deck (RULES.md §2, §6.1, §7)."""

    __slots__ = ("sb", "bb", "ante", "chip", "small_bet", "big_bet", "italian", "fixed", "two_bb", "plain_draw",
                 "units", "streets", "deck", "raked")

    def __init__(self, spec: GameSpec, opts: Options, stakes: Stakes, players: int) -> None:
        self.sb = opts.sb if opts.sb is not None else stakes.sb
        self.bb = bb = opts.bb if opts.bb is not None else stakes.bb
        self.ante = opts.ante or stakes.ante
        self.italian = italian_game = spec.is_italian
        if italian_game:
            self.ante = opts.it_ante if opts.it_ante is not None else stakes.ante
            self.chip = opts.it_chip if opts.it_chip is not None else (stakes.chip or 1)
        else:
            self.chip = max(1, bb)
        self.small_bet = stakes.small_bet or bb
        self.big_bet = stakes.big_bet
        self.fixed = spec.structure is Structure.FIXED
        self.two_bb = opts.min_open_predraw == "TWO_BB" and not italian_game and not self.fixed
        # draws with no delayed card and no declare-all-then-deal (the fast path of _draw)
        self.plain_draw = not italian_game and opts.draw_deal_mode == "SEQUENTIAL" and not opts.five_card_draw_split
        self.streets = spec.streets
        self.raked = bool(opts.rake_percent)
        self.units = tuple(fixed_limit_unit(spec, b, small_bet=self.small_bet, big_bet=self.big_bet, options=opts)
                           for b in range(1, spec.draws + 2)) if self.fixed else ()
        self.deck = frozenset(italian_deck(players) if italian_game and 2 <= players <= 10 else full_deck())


def _config(spec: GameSpec, opts: Options, stakes: Stakes, players: int) -> _Config:
    """The :class:`_Config` of a hand, cached (the hands of a file share it)."""
    key = (id(spec), id(opts), stakes.sb, stakes.bb, stakes.ante, stakes.small_bet, stakes.big_bet, stakes.invito,
           stakes.chip, players if spec.is_italian else 0)
    hit = _CONFIGS.get(key)
    if hit is None or hit[0] is not spec or hit[1] is not opts:
        if len(_CONFIGS) > 256:
            _CONFIGS.clear()
        hit = _CONFIGS[key] = (spec, opts, _Config(spec, opts, stakes, players))
    return hit[2]


def _button_below(seats: Sequence[Seat], seat_no: Sequence[int], button: str | None, button_seat: int | None) -> int:
    """The button of a hand whose button player is not dealt in: the last player dealt in at or before
    the button's seat (``button_seat``, else the named player's seat), else the last player."""
    seat = button_seat if button_seat is not None else next((s.seat for s in seats if s.name == button), None)
    below = [i for i, no in enumerate(seat_no) if seat is not None and no <= seat]
    return below[-1] if below else len(seat_no) - 1


def _layout(n: int, b: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], int, int]:
    """Seat order for ``n`` players with the button at ``b``: clockwise from the left of the button, the
    seats after each seat (itself last), the seat after each seat, and the small and big blind seats
    (RULES.md §6.1)."""
    hit = _LAYOUTS.get((n, b))
    if hit is None:
        order = tuple((b + 1 + j) % n for j in range(n))
        after = tuple(tuple((s + 1 + j) % n for j in range(n)) for s in range(n))
        if n == 2:
            sb, bb = b, (b + 1) % 2
        else:
            sb, bb = ((b + 1) % n, (b + 2) % n) if n else (0, 0)
        hit = _LAYOUTS[(n, b)] = (order, after, tuple(seats[0] for seats in after), sb, bb)
    return hit


def ranking_for(spec: GameSpec, players: int, options: Options) -> Ranking:
    """The ranking of ``spec`` (cached); Italian rankings depend on the player count and options."""
    key = (spec.ranking, players, options) if spec.is_italian else spec.ranking
    ranking = _RANKINGS.get(key)
    if ranking is None:
        ranking = _RANKINGS[key] = get_ranking(spec.ranking, players=players, options=options.to_dict())
    return ranking


@record
class PlayerView:
    """One player dealt into the hand, now: chips behind, in front in the betting round under way
    (0 between rounds) and in the pot this hand, and what became of his cards (RULES.md §7.1, §9.2)."""

    name: str
    stack: int
    bet: int
    committed: int
    folded: bool
    shown: tuple[Card, ...] | None
    mucked: bool

    @property
    def all_in(self) -> bool:
        """In the hand with no chips behind (RULES.md §0.3: active but cannot act)."""
        return not self.folded and self.stack == 0


class HandState(ForcedBets, BettingRound, DrawRound, Showdown, Openers, LegalQueries, Settling):
    """One hand (see the module docstring). Build it with :meth:`new` or :meth:`from_record`."""

    __slots__ = slots(HandFields)  # the fields and their types: engine.handfields

    # ------------------------------------------------------------------ construction
    def __init__(self, spec: GameSpec, *, seats: Sequence[Seat], button: str | None, stakes: Stakes,
                 options: Options | None = None, hand_id: str = "", carry: ItalianCarry | None = None,
                 button_seat: int | None = None, currency: str = "") -> None:
        opts = options or DEFAULT_OPTIONS
        self.spec, self.opts, self.stakes, self.hand_id = spec, opts, stakes, hand_id
        self.currency = currency
        dealt = sorted([s for s in seats if not s.sitting_out], key=_SEAT)
        self.names = names = tuple(map(_NAME, dealt))  # attrgetters: no comprehension frame per hand
        self.seat_no = tuple(map(_SEAT, dealt))
        self.n = n = len(dealt)
        self.index = index = dict(zip(names, range(n)))
        self.stack = list(map(_STACK, dealt))
        self.bet = [0] * n
        self.total = [0] * n
        self.folded = [False] * n
        self.dead = 0
        self.pot = 0
        self.returned = [0] * n
        self.button = b = index[button] if button in index else _button_below(seats, self.seat_no, button, button_seat)
        self.order, self.after, nxt, self.sb_expected, self.bb_expected = _layout(n, b)
        self.nxt = list(nxt)
        c = _config(spec, opts, stakes, n)
        self.sb, self.bb, self.ante, self.chip, self.small_bet, self.big_bet = c.sb, c.bb, c.ante, c.chip, \
            c.small_bet, c.big_bet
        self.italian, self.fixed, self.two_bb, self.plain_draw, self.units, self.raked = c.italian, c.fixed, \
            c.two_bb, c.plain_draw, c.units, c.raked
        self.sb_poster = self.bb_poster = -1
        self.posted = set()
        self.phase, self.k, self.streets, self.street = SETUP, -1, c.streets, "SETUP"
        self.rnd = RoundState(acted=[False] * n, level=[0] * n)
        self.to_act = -1
        self.deck = DeckState(c.deck, names, opts, spec.hand_size)
        self.events = 0
        self.aborted = False
        self.draw_order = []
        self.draw_pos = 0
        self.drawn = [False] * n
        self.delayed = []
        self.declared = []
        self.shown = {}
        self.mucked = set()
        self.show_order = []
        self.first_show_checked = False
        self.carry_in = carry if carry is not None else (ItalianCarry() if c.italian else None)
        self.requirement = self.carry_in.requirement if self.carry_in else "J"
        self.opener = -1
        self.opening_pot = 0
        self.false_opener = None
        self.predraw = {}
        self.opener_draw = None
        self.blind_posters = []
        self.dead_paid = [0] * n
        self.outcome = ""
        self.ended_in = ""
        self.last_street_bet = False
        self._settlement = None
        self.ranking_cache = None
        self.nactive = self.ncan = n
        self.lone = None
        self.short = None
        self.runs = None
        self.absent = frozenset([index[s.name] for s in dealt if s.absent]) if opts.site_kills_sitting_out \
            else _NO_ONE
        self.dead_posted = False
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
        spec, n, italian_game = self.spec, self.n, self.italian
        high = spec.most_players(self.opts.max_players_27)
        if not 2 <= n <= high:
            raise_it = " (MAX_PLAYERS_27 raises the limit, up to 10)" if spec.seats_by_option and high < 10 else ""
            out.append(self._finding(Problem("PLAYER_COUNT_INVALID",
                                             f"{spec.id} is for 2 to {high} players, not {n}{raise_it}",
                                             expected=f"2..{high}", actual=n, data={}), None))
        elif italian_game and n >= 9:
            left = len(italian_deck(n)) - 5 * n
            out.append(self._finding(Problem("IT_DECK_TIGHT",
                                             f"{n} players leave {counted(left, 'card')} after the deal",
                                             expected=None, actual=n, data={"cards_left": left}), None))
        return out

    # ------------------------------------------------------------------ copying (verify)
    def copy(self) -> HandState:
        """An independent copy (``verify`` applies the action to one), derived from the declared
        fields (``engine.handfields``, ``engine.copying``): lists, dicts and sets copied, the round
        and the deck copied as their own declarations say, immutable values shared."""
        return copy_of(self)

    # ------------------------------------------------------------------ queries
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def is_complete(self) -> bool:
        return self.phase == COMPLETE

    @property
    def is_over(self) -> bool:
        """The hand is over: played to its end (:attr:`is_complete`) and, in an Italian deal, the
        opener's openers shown (RULES.md §9.2, §10.2). Until then the dealer's ``next`` waits."""
        return self.phase == COMPLETE and self.openers_due() is None

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
            shown, mucked = self.shown, self.mucked
            for i in self.show_order:
                if i not in shown and i not in mucked:
                    return i
        return -1

    def active(self) -> list[str]:
        """Players dealt in and not folded, clockwise from left of the button."""
        return [self.names[i] for i in self.order if not self.folded[i]]

    def player(self, name: str) -> PlayerView | None:
        """``name`` as the dealer sees him now, or None if he is not dealt in."""
        i = self.index.get(name)
        if i is None:
            return None
        in_front = self.bet[i] if self.phase <= BETTING else 0  # SETUP (forced bets) or BETTING
        return PlayerView(name=name, stack=self.stack[i], bet=in_front, committed=self.total[i],
                          folded=self.folded[i], shown=self.shown.get(i), mucked=i in self.mucked)

    @property
    def high_bet(self) -> int:
        """The bet to match in the betting round under way (``H``, RULES.md §7.1); 0 outside one."""
        return self.rnd.high if self.phase == BETTING else 0

    def money(self, amount: int) -> str:
        """``amount`` as the hand's players read it: ``$2.25`` in a cash game, ``225`` in chips."""
        return money(amount, self.currency)

    def stacks(self) -> dict[str, int]:
        """Chips behind each player now."""
        return dict(zip(self.names, self.stack))

    def bets(self) -> dict[str, int]:
        """Chips in front of each player in the betting round under way (forced bets before the
        deal); none between rounds, when the chips of the round just closed are in the pots."""
        if self.phase > BETTING:
            return {}
        return {name: b for name, b in zip(self.names, self.bet) if b}


    # ------------------------------------------------------------------ verify / apply
    def verify(self, action: Action) -> list[Finding]:
        """The findings ``action`` would produce now; the state does not change (DESIGN.md 3)."""
        return self.copy().apply(action)

    def can(self, action: Action) -> bool:
        """True when ``action`` is legal now (no error finding; warnings allowed)."""
        return not any(f.is_error for f in self.verify(action))

    def apply(self, action: Action) -> list[Finding]:
        """Apply ``action`` (even an illegal one, as recorded) and return the findings it raises."""
        findings: list[Finding] = []
        self.play((action,), findings)
        return findings

    def play(self, actions: Iterable[Action], findings: list[Finding]) -> None:
        """Apply ``actions`` in order, as :meth:`apply` would one by one, adding their findings to
        ``findings``; an action by a player not dealt in aborts the hand (``HISTORY_ABORTED``) and
        ends it. The validator's replay passes a whole history: one call, not one per action."""
        if self.aborted:
            return
        self._settlement = None
        index, handlers = self.index, HANDLERS
        event = self.events  # the index of the action in the hand: counted here, stored once at the end
        for action in actions:
            try:
                i = index[action.player]
            except KeyError:
                self.events = event
                self.aborted = True
                problem = Problem("HISTORY_ABORTED", f"{action.player!r} is not dealt into this hand",
                                  expected=None, actual=action.player, data={})
                findings.append(self._finding(problem, action, self.street))
                return
            street = self.street
            problems = handlers[action.kind](self, i, action)
            for problem in problems:  # a loop, not a comprehension: no closure cells in this method
                findings.append(self._finding(problem, action, street, event))
            event += 1
        self.events = event

    def _finding(self, p: Problem, action: Action | None, street: str | None = None,
                 event_index: int | None = None) -> Finding:
        details = p.data
        line = details.pop("line") if "line" in details else action.line if action is not None else None
        return Finding(code=p.code, message=p.message, hand_id=self.hand_id, line=line,
                       event_index=self.events if event_index is None else event_index,
                       street=street or self.street,
                       player=details.get("payer") or details.get("seat") or (action.player if action else ""),
                       expected=p.expected, actual=p.actual, details=details, currency=self.currency)

    def start(self) -> list[Finding]:
        """End the set-up: check the forced bets, deal five cards each, begin ``B1`` (RULES.md §5)."""
        if self.phase != SETUP:
            return []
        return [self._finding(p, None, "SETUP") for p in self._start_play()]

    def _start_play(self) -> list[Problem]:
        """End the set-up: forced bets checked, five cards dealt, ``B1`` begun (RULES.md §5)."""
        problems = self._forced_bet_problems()
        opts = self.opts
        problems += self.deck.deal_initial(self.order)
        self._recount()
        self.k = 0
        self.street = "B1"
        self.phase = BETTING
        r = self.rnd
        self._reset_round()
        if self.italian:
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

    # ------------------------------------------------------------------ turn order
    def _next_from(self, start: int, *, include: bool) -> int:
        """The first player from ``start`` (itself if ``include``) clockwise who must act, or -1.

        A can-act player must act if he faces a bet, or has not acted this round while someone else
        can still act (RULES.md §6.2, §7.1).
        """
        r = self.rnd
        stack, folded, bet, acted, high = self.stack, self.folded, self.bet, r.acted, r.high
        several = self.ncan >= 2
        j = start if include and not folded[start] else self.nxt[start]  # the seats between are folded
        if not folded[j] and stack[j] > 0 and (bet[j] < high or (several and not acted[j])):
            return j
        for j in self.after[start - 1 if include else start]:
            if (bet[j] < high or (several and not acted[j])) and not folded[j] and stack[j] > 0:
                return j
        return -1

    def _recount(self) -> None:
        """Recompute the active and can-act counts (after forced bets, returns)."""
        folded, stack = self.folded, self.stack
        if True not in folded and (not stack or min(stack) > 0):
            self.nactive = self.ncan = len(stack)
            return
        active = can = 0
        for f, chips in zip(folded, stack):
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

    def _next_street(self, problems: list[Problem]) -> None:
        self.k = k = self.k + 1
        if k >= len(self.streets):
            self._begin_showdown()
            return
        self.street = street = self.streets[k]
        self.bet = [0] * self.n
        if street[0] == "D":
            self._begin_draw()
            return
        self.phase = BETTING
        self._reset_round()
        self.to_act = self._next_from(self._from_opener() if self.italian else self.order[0], include=True)
        if self.to_act < 0:
            self.rnd.skipped = True
            self.last_street_bet = False
            self._note_lone_player()
            self._next_street(problems)

    def _from_opener(self) -> int:
        """The opener, or the next active player clockwise from his seat (RULES.md §6.4)."""
        start = self.opener if self.opener >= 0 else self.order[0]
        for j in range(self.n):
            p = (start + j) % self.n
            if not self.folded[p]:
                return p
        return start

    # ------------------------------------------------------------------ cards shown
    def _deal(self, i: int, a: Action) -> list[Problem]:
        problems: list[Problem] = []
        if self.phase == SETUP:
            problems += self._start_play()
        cards = a.cards or ()
        size = self.spec.hand_size
        if a.count > size and len(cards) <= size:  # more known cards than a hand: ``deck.reveal`` says so
            problems.append(Problem("HAND_SIZE_INVALID", f"{self.names[i]} is dealt {a.count} cards, not {size}",
                                    expected=size, actual=a.count, data={"seat": self.names[i]}))
        if cards:
            hand = self.deck.hands[i]
            problems += self.deck.reveal(i, cards_not_in(cards, hand) if hand else cards)
            if self.k == 0 and self.italian and i == self.opener and len(self.deck.hands[i]) == size:
                self.predraw[i] = tuple(self.deck.hands[i])
        return problems


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
            out.append(self._finding(Problem("ROUND_NOT_CLOSED",
                                             f"the history ends with {', '.join(waiting)} still to act "
                                             f"in {self.street}",
                                             expected=waiting, actual=None, data={"seats": waiting}), None))
        self._return_uncalled()
        self.street = "SHOWDOWN" if self.n - sum(self.folded) > 1 else self.street
        self._complete("ABANDONED")
        self.ended_in = "SHOWDOWN" if self.n - sum(self.folded) > 1 else self.ended_in
        return out

    # ------------------------------------------------------------------ the end
    def _is_hand(self, cards: Sequence[Card]) -> bool:
        """The game's hand size (RULES.md §15: four in Badugi, else five) of distinct cards of this
        hand's deck: a hand the ranking can rank. A history can show
        others (a card twice, a card below the Italian deck's lowest rank, RULES.md §2.2, §8.5); they
        are findings, and no such hand wins or opens."""
        size = self.spec.hand_size
        return len(cards) == size and len(set(cards)) == size and self.deck.deck.issuperset(cards)

    def _ranking(self) -> Ranking:
        if self.ranking_cache is None:
            self.ranking_cache = ranking_for(self.spec, self.n, self.opts)
        return self.ranking_cache


HANDLERS = {_K.CALL: HandState._call, _K.CHECK: HandState._check, _K.FOLD: HandState._fold_turn,
            _K.BET: HandState._bet, _K.RAISE: HandState._raise, _K.DRAW: HandState._draw, _K.DEAL: HandState._deal,
            _K.SHOW: HandState._show, _K.MUCK: HandState._show}
"""The method applying each kind of action: ``HANDLERS[kind](state, player_index, action) -> problems``."""
HANDLERS.update({kind: HandState._forced for kind in _K if kind not in HANDLERS})
