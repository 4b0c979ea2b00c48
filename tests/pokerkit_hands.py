"""Seeded random complete hands played by pokerkit, written as PHH by pokerkit's own writer (issue 14).

The differential test (``tests/test_differential_pokerkit.py``) and ``bench/conformance.py`` both read
hands from here. A hand is fixed-limit 2-7 triple draw (``F2L3D``) or no-limit 2-7 single draw
(``N2L1D``), or on request fixed-limit Badugi (``FB``, RULES.md §15: four cards), with 2-6 players (or
as many as asked: Badugi and single draw seat 8, §18.1), blinds, antes or a big-blind ante, deep and
short stacks; every
betting decision is one pokerkit says is legal (fold, check or call, a bet or raise of the minimum,
the maximum or an amount between), every draw discards 0-5 held cards. pokerkit deals, shows down
and pays; :func:`play` returns ``HandHistory.from_game_state(...).dumps()`` with pokerkit's
finishing stacks, hole cards dealt in one action per player or one card per action.

Where RULES.md deliberately differs from pokerkit (:data:`DIFFERENCES`), the generator avoids the
situation or sets the matching drawdealer option (``_drawdealer_options``, a user field of PHH):
the hand it writes is then one both must find legal.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import pokerkit as pk
from pokerkit import Automation

from drawdealer.engine.findings import Finding
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers.phh import parse_hand

AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)
"""pokerkit does the dealer's work but burning and dealing (:func:`_deal`); the generator takes every player's decision."""


class Difference(NamedTuple):
    """A rule where RULES.md deliberately differs from pokerkit, and what the generator does about it."""

    rule: str
    sections: str
    why: str
    handling: str


DIFFERENCES: dict[str, Difference] = {
    "short_big_blind": Difference(
        "A big blind shorter than the big blind: the others still call the full BB", "§6.1, §7.1",
        "RULES.md keeps the BB level nominal; pokerkit lowers the bet to match to what was posted",
        "avoided: the stacks of the blinds cover their blinds and antes"),
    "fl_cap_blind_is_first_bet": Difference(
        "Fixed-limit cap before the draw: the big blind is bet #1, so three raises", "§7.2, §14.1",
        "S4's cap (bet + three raises, the blind counting as the bet); pokerkit allows four raises",
        "avoided: no fourth raise before the first draw"),
    "fl_raise_after_short_all_in": Difference(
        "Fixed-limit raise after a short all-in goes to F + unit", "§7.2, §12.2 FL-5",
        "an all-in below half a unit is not a bet level (TDA 47B); pokerkit raises from the all-in amount",
        "avoided: no raise while the bet to match is an all-in's odd amount"),
    "reshuffle": Difference(
        "The stub: no burn when everybody stands pat, the held-back last card, the staged reshuffle",
        "§8.2, §8.3, §8.4",
        "RULES.md keeps the bottom card and reshuffles earlier discards first, never the drawer's own (S3); "
        "pokerkit burns in every draw round, deals every card and reshuffles all discards, burns and "
        "mucked cards",
        "option: LAST_CARD_RULE = DEAL_TO_LAST, RESHUFFLE_POLICY = ALL_BUT_CURRENT_PLAYER, "
        "BURN_AFTER_RESHUFFLE = false, in every hand pokerkit reshuffled (even for the card it burns when "
        "all stand pat); no burn from the stub when all stand pat; a hand whose new stub "
        "gives out the drawer's own discards, or that reshuffles a second time (the stubs differ in length "
        "from the first), is dealt again"),
    "ante_trimming": Difference(
        "A player all-in for less than the ante wins at most his level from each opponent", "§9.4",
        "every chip committed counts, antes included; pokerkit's default puts every ante in one pot he may win",
        "option: pokerkit's ante_trimming_status = True with antes for all (its advice; False for a big-blind ante)"),
    "odd_chips": Difference(
        "Odd chips of a split pot: one unit per winner from the button's left", "§9.6",
        "the TDA odd-chip rule; pokerkit gives the whole remainder to the first winner, and splits once "
        "the pots whose contenders are the same after the losers muck",
        "avoided: a hand with a remainder of two or more chips in one split, or an odd chip in a pot that "
        "pokerkit merges with another, is dealt again"),
    "equal_blinds_heads_up": Difference(
        "Heads-up with equal blinds, the button (who posts the small blind) acts first before the draw",
        "§6.1, §6.2", "RULES.md names the blinds by position; pokerkit by amount, and with equal blinds "
        "it starts with the other player", "avoided: heads-up the small blind is half the big blind"),
    "short_all_in_reopens": Difference(
        "A short all-in does not reopen the betting for players who already acted", "§7.5",
        "TDA 47A; pokerkit lets them raise again (its bug)",
        "avoided: a player who acted raises again only after a full raise"),
}
"""Every deliberate difference, by key (docs/CONFORMANCE.md lists them)."""


@dataclass
class Table:
    """The set-up of one hand: game, blinds, antes, stacks (in pokerkit's player order, button last)."""

    variant: str  # F2L3D, N2L1D or FB
    blinds: tuple[int, int]
    antes: dict[int, int]  # player index → ante (all players, or the big blind alone)
    stacks: list[int]
    one_card_per_action: bool = False
    small_bet: int = 0
    big_bet: int = 0

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def trimmed(self) -> bool:
        """pokerkit's ``ante_trimming_status``: on with antes for all (:data:`DIFFERENCES` ``ante_trimming``)."""
        return len(self.antes) > 1


def random_table(rng: random.Random, variant: str | None = None, players: int | None = None) -> Table:
    """A table of 2-6 players (``players`` if given) whose blinds cover their forced bets
    (:data:`DIFFERENCES` ``short_big_blind``); the other players may hold less than the big blind, or
    than the ante. ``variant`` forces the game (else F2L3D or N2L1D, drawn last so that the 2-7 seeds
    stay as they were)."""
    n = players or rng.randint(2, 6)
    bb = rng.choice((2, 4, 10, 20))
    sb = rng.choice((bb // 2, bb // 2, bb)) if n > 2 else bb // 2  # DIFFERENCES["equal_blinds_heads_up"]
    kind = rng.choice(("none", "none", "all", "bb"))
    ante = rng.choice((1, bb // 4 or 1, bb // 2))
    antes = {i: ante for i in range(n)} if kind == "all" else {1: ante * n} if kind == "bb" else {}  # PHH: reversed heads-up
    floor = bb + max(antes.values(), default=0) + 1
    stacks = [rng.choice((rng.randint(floor, floor + 6 * bb), rng.randint(20 * bb, 200 * bb))) for _ in range(n)]
    for i in range(2, n):
        if rng.random() < 0.08:
            stacks[i] = rng.randint(1, floor)  # all-in on the ante, the call or the first raise
    variant = variant or rng.choice(("F2L3D", "N2L1D"))
    return Table(variant=variant, blinds=(sb, bb), antes=antes, stacks=stacks,
                 one_card_per_action=rng.random() < 0.25, small_bet=bb, big_bet=2 * bb)


def new_state(table: Table) -> tuple[pk.Poker, pk.State]:
    """pokerkit's game and initial state for ``table`` (antes trimmed: :data:`DIFFERENCES` ``ante_trimming``)."""
    if table.variant == "F2L3D":
        game: pk.Poker = pk.FixedLimitDeuceToSevenLowballTripleDraw(
            AUTOMATIONS, table.trimmed, table.antes, table.blinds, table.small_bet, table.big_bet,
            mode=pk.Mode.CASH_GAME)
    elif table.variant == "FB":
        game = pk.FixedLimitBadugi(
            AUTOMATIONS, table.trimmed, table.antes, table.blinds, table.small_bet, table.big_bet,
            mode=pk.Mode.CASH_GAME)
    else:
        game = pk.NoLimitDeuceToSevenLowballSingleDraw(
            AUTOMATIONS, table.trimmed, table.antes, table.blinds, table.blinds[1], mode=pk.Mode.CASH_GAME)
    return game, game(tuple(table.stacks), table.players)


@dataclass
class _Round:
    """What the generator tracks of a betting round to stay out of :data:`DIFFERENCES`."""

    raises: int = 0  # completions, bets and raises pokerkit counted
    lraise: int = 0  # the last full raise increment (§7.3)
    seen: dict[int, int] = field(default_factory=dict)  # player → the bet to match when he last acted


class Hand(NamedTuple):
    """One generated hand: its PHH text, the table, and the differences it had to steer around."""

    seed: int
    text: str
    table: Table
    avoided: tuple[str, ...]
    pots: int  # main and side pots pokerkit awarded


class Redeal(Exception):
    """The hand ran into a difference that cannot be steered around (it is dealt again)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@lru_cache(maxsize=None)
def play(seed: int, variant: str | None = None, players: int | None = None) -> Hand:
    """The hand of ``seed`` (of ``variant`` and with ``players`` if given): the first deal from it that
    needs no :class:`Redeal`."""
    avoided: list[str] = []
    rng = random.Random(seed)
    while True:
        try:
            text, table, steered, pots = _play_once(rng, variant, players)
            return Hand(seed=seed, text=text, table=table, avoided=tuple(avoided + steered), pots=pots)
        except Redeal as r:
            avoided.append(r.key)


def _play_once(rng: random.Random, variant: str | None = None, players: int | None = None
               ) -> tuple[str, Table, list[str], int]:
    table = random_table(rng, variant, players)
    steered: list[str] = []
    rounds: dict[int, _Round] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about every card dealt from a reshuffled stub
        random.seed(rng.getrandbits(64))  # pokerkit shuffles its deck with the random module
        game, state = new_state(table)
        stub = _Stub(state, table, rng)
        while state.status:
            if state.can_burn_card():
                stub.burn()
            elif state.can_deal_hole():
                stub.deal()
            elif state.can_stand_pat_or_discard():
                stub.discard()
            elif state.actor_index is not None:
                stub.discards.clear()
                street = state.street_index or 0
                _decide(state, table, rng, rounds.setdefault(street, _Round(lraise=table.blinds[1])), steered)
            else:
                raise AssertionError(f"pokerkit waits for nothing: {state}")
        _check_odd_chips(state, table)
    fields = {}
    if stub.reshuffles:  # pokerkit's stub rules (DIFFERENCES["reshuffle"]); drawdealer reads the rest from the PHH
        options = {"LAST_CARD_RULE": "DEAL_TO_LAST", "RESHUFFLE_POLICY": "ALL_BUT_CURRENT_PLAYER",
                   "BURN_AFTER_RESHUFFLE": False, "DRAW_DEAL_MODE": "DECLARE_ALL_THEN_DEAL"}
        if table.antes:
            options["FORCED_BETS"] = "BLINDS_AND_ANTES"
            if len(table.antes) == 1:
                options["BIG_BLIND_ANTE"] = True
        fields["user_defined_fields"] = {"_drawdealer_options": options}
        steered.append("reshuffle")
    history = pk.HandHistory.from_game_state(
        game, state, compression_status=not table.one_card_per_action, finishing_stacks=list(state.stacks),
        ante_trimming_status=table.trimmed, **fields)
    pots = 1 + max((op.pot_index for op in state.operations if isinstance(op, pk.ChipsPushing)), default=0)
    return history.dumps(), table, steered, pots


class _Stub:
    """The dealer's side of the draws: discards, the burn and the deals, and pokerkit's reshuffles.

    pokerkit deals to the last card and reshuffles every burn, mucked hand and discard, the served
    player's own included; RULES.md keeps that player's discards of the round out of the new stub
    until the next reshuffle (§8.4, option ``ALL_BUT_CURRENT_PLAYER``). A hand where pokerkit deals
    one of them is dealt again (:class:`Redeal`), and so is a hand that reshuffles a second time: after
    such a reshuffle pokerkit's stub, those cards longer, runs out later than RULES.md's (seed 7009061 of
    8-handed Badugi: RULES.md reshuffled for the next drawer a card earlier, and kept his discard
    out of the stub that pokerkit then dealt to the player after him)."""

    def __init__(self, state: pk.State, table: Table, rng: random.Random) -> None:
        self.state, self.table, self.rng = state, table, rng
        self.discards: dict[int, list[pk.Card]] = {}  # this draw round's discards, in draw order
        self.excluded: set[pk.Card] = set()  # the discards the last reshuffle left out of the stub
        self.reshuffles = 0

    def discard(self) -> None:
        """The next drawer discards 0-5 of his cards (0-4 of a Badugi hand)."""
        state = self.state
        i = state.stand_patter_or_discarder_index
        held = list(state.hole_cards[i])
        self.discards[i] = self.rng.sample(held, min(len(held), self.rng.choice((0, 0, 1, 1, 2, 2, 3, 3, 4, 5))))
        state.stand_pat_or_discard(self.discards[i])

    def burn(self) -> None:
        """The burn before a draw round's first replacement: none when everybody stands pat (§8.2; pokerkit
        burns anyway, so it burns an unknown card that leaves its stub alone); from an empty stub pokerkit
        reshuffles now, RULES.md when the first drawer is served (§8.4).

        Even the unknown card makes pokerkit reshuffle an empty stub: every card out of the live hands.
        RULES.md reshuffles at the burn of the next draw with replacements, the same cards and that
        draw's discards but its first drawer's (``ALL_BUT_CURRENT_PLAYER``): pokerkit's stub is part of
        RULES.md's, and shorter. It counts as a reshuffle, so that the PHH carries the options (seed
        112853 of 8-handed Badugi: the first draw took the stub's last card and everybody stood pat in
        the second; without the options drawdealer held the last card back, reshuffled for it and kept
        the first draw's discards out of a stub that pokerkit dealt them from in the third)."""
        if not any(self.discards.values()):
            if not self.state.deck_cards:
                self._reshuffle([])
            self.state.burn_card("??")
            return
        if not self.state.deck_cards:
            self._reshuffle(next((cards for cards in self.discards.values() if cards), []))
        self.state.burn_card()

    def deal(self) -> None:
        """The next player's cards: all at once, or (``table.one_card_per_action``) one card at a time;
        replacements sometimes in two parts."""
        state, rng = self.state, self.rng
        i = state.hole_dealee_index
        pending = len(state.hole_dealing_statuses[i])
        first_deal = not state.street_index
        k = 1 if first_deal or self.table.one_card_per_action else \
            rng.randint(1, pending) if rng.random() < 0.2 else pending
        if not first_deal and k > len(state.deck_cards):
            self._reshuffle(self.discards.get(i, []))
        if self.excluded.intersection(state.deal_hole(k).cards):
            raise Redeal("reshuffle")

    def _reshuffle(self, own: list[pk.Card]) -> None:
        if self.reshuffles:  # the stubs have not been the same length since the last reshuffle
            raise Redeal("reshuffle")
        self.reshuffles += 1
        self.excluded = set(own)


def _decide(state: pk.State, table: Table, rng: random.Random, rnd: _Round, steered: list[str]) -> None:
    """One legal betting decision for the player to act, outside :data:`DIFFERENCES`."""
    i = state.actor_index
    high = max(state.bets)
    facing = high > state.bets[i]
    may_raise = state.can_complete_bet_or_raise_to()
    if may_raise and table.variant in ("F2L3D", "FB"):  # fixed limit
        unit = table.small_bet if (state.street_index or 0) < 2 else table.big_bet
        if (state.street_index or 0) == 0 and rnd.raises >= 3:
            may_raise = False
            steered.append("fl_cap_blind_is_first_bet")
        elif high % unit:
            may_raise = False
            steered.append("fl_raise_after_short_all_in")
    elif may_raise and i in rnd.seen and high - rnd.seen[i] < rnd.lraise:
        may_raise = False  # §7.5: not reopened for him
        steered.append("short_all_in_reopens")
    roll = rng.random()
    rnd.seen[i] = high
    if facing and roll < 0.15:
        state.fold()
    elif may_raise and roll < 0.5:
        low = state.min_completion_betting_or_raising_to_amount
        top = state.max_completion_betting_or_raising_to_amount
        to = rng.choice((low, top, rng.randint(low, top))) if top > low and rng.random() < 0.5 else low
        if top > low and rng.random() < 0.08:
            to = top
        state.complete_bet_or_raise_to(to)
        rnd.raises += 1
        rnd.lraise = max(rnd.lraise, to - high)  # a short all-in leaves it (§7.3, §7.5)
        rnd.seen[i] = to
    else:
        state.check_or_call()


def _check_odd_chips(state: pk.State, table: Table) -> None:
    """:class:`Redeal` where pokerkit's split can differ from §9.6's: two or more odd chips of one split
    to one winner, or a split of pots that §9.6 splits one by one. pokerkit merges the main and side
    pots whose contenders are the same once the losers muck (an all-in loser's side pots), then splits
    the sum once: a main pot of 195 and a side pot of 77 shared by two give 153 each, not 98 + 39 and
    97 + 38 (seed 101157 of fixed-limit Badugi). The pots are drawdealer's: a big-blind ante (the
    table's) is dead money in the main pot, not in the big blind's total (seed 7017979 of 7-handed
    Badugi: the big blind all-in, a main pot of 85 and a side pot of 95 each split with an odd chip,
    where the ante in his total would have made 120 and 60). A pot's winners are the best hands shown
    among its contenders (pokerkit's hand types), not every player who won some pot: seed 103327 of
    8-handed Badugi has p6 and p7 tie for a main pot of 15 and a side pot of 51 that pokerkit merges
    (33 each, §9.6: 34 and 32), while p1, who lost both, wins the top side pot alone; counted as a
    third sharer, he made both pots look evenly split."""
    pushes = [op for op in state.operations if isinstance(op, pk.ChipsPushing)]
    won = [sum(op.amounts[i] for op in pushes) for i in range(state.player_count)]
    for op in pushes:
        winners = [a for a in op.amounts if a > 0]
        if len(winners) > 1 and max(winners) - min(winners) >= 2:
            raise Redeal("odd_chips")
    shown = {op.player_index: state.hand_types[0].from_game(op.hole_cards) for op in state.operations
             if isinstance(op, pk.HoleCardsShowingOrMucking) and op.hole_cards}  # a mucked hand wins nothing (§9.2)
    # what each player put in the pot, and the levels of the pots §9.4 builds from the contenders' totals
    put_in = [start - end + w for start, end, w in zip(state.starting_stacks, state.stacks, won)]
    dead = 0
    if len(table.antes) == 1:  # a big-blind ante: dead money in the main pot (RULES.md §6.1, BIG_BLIND_ANTE)
        (bb, dead), = table.antes.items()
        dead = min(dead, state.starting_stacks[bb])
        put_in[bb] -= dead
    folded = {op.player_index for op in state.operations if isinstance(op, pk.Folding)}
    below = 0
    for level in sorted({put_in[i] for i in range(state.player_count) if i not in folded} - {0}):
        pot = sum(min(c, level) - min(c, below) for c in put_in) + dead
        contenders = [hand for i, hand in shown.items() if put_in[i] >= level]
        sharing = contenders.count(max(contenders)) if contenders else 0
        if sharing > 1 and pot % sharing:
            raise Redeal("odd_chips")
        below, dead = level, 0


def findings(text: str) -> tuple[Finding, ...]:
    """drawdealer's findings for one PHH hand (AssertionError when it cannot be read)."""
    record = parse_hand(text.splitlines())
    assert isinstance(record, HandRecord), record
    return replay(record).findings


def validate(text: str) -> list[str]:
    """drawdealer's finding codes for one PHH hand, in order (``PARSE_ERROR: message`` when unread)."""
    record = parse_hand(text.splitlines())
    if not isinstance(record, HandRecord):
        return [f"PARSE_ERROR: {getattr(record, 'message', record)}"]
    return [f.code for f in replay(record).findings]
