"""Random legal hands, written as :class:`~drawdealer.engine.record.HandRecord` values.

The engine deals real cards (``DeckState.use_physical_deck``) and a random player picks among the
legal actions (``HandState.legal_actions``), so every record is legal by construction: it replays
without an error finding, every card is known, and the claims (pots, collected amounts, uncalled
bets, rake, final stacks) are the engine's own. Property tests, the benchmarks and the validator's
file generator use :func:`random_hand` and :func:`random_session`; :func:`site_view` turns a record
into what a site's history shows of it.
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from drawdealer.engine import italian_procedure
from drawdealer.engine.cards import full_deck, italian_deck
from drawdealer.engine.frozen import record, replace
from drawdealer.engine.options import DEFAULT_OPTIONS, Options
from drawdealer.engine.pots import take_rake
from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes
from drawdealer.engine.state import COMPLETE, DRAW, SHOWDOWN, HandState, ItalianCarry
from drawdealer.engine.variants import GameSpec, get_game

K = ActionKind


@record
class Style:
    """How the random players behave: probabilities of folding and raising when they may, the
    chance of an all-in when a bet size is free, and the draw sizes (weights of 0, 1, 2 … cards)."""

    fold: float = 0.15
    aggression: float = 0.3
    all_in: float = 0.05
    draw_weights: tuple[int, ...] = (3, 4, 3, 2, 1, 1)
    muck_losers: float = 0.5
    blind_open: float = 0.2


def default_stakes(spec: GameSpec) -> Stakes:
    """Blinds 1/2 (fixed limit 2/4), or Italian invito 10 with a chip of 1."""
    if spec.is_italian:
        return Stakes(invito=10, ante=2, chip=1)
    return Stakes(sb=1, bb=2, small_bet=2, big_bet=4, ante=1)


def random_hand(spec: GameSpec | str, rng: random.Random, *, players: int = 6, stacks: int | Sequence[int] = 200,
                stakes: Stakes | None = None, options: Options | None = None, button: int = 0,
                carry: ItalianCarry | None = None, hand_id: str = "", names: Sequence[str] | None = None,
                style: Style = Style()) -> HandRecord:
    """One complete random legal hand of ``spec`` as a record with every card known and full claims.

    ``button`` indexes the players; ``carry`` is an Italian deal's incoming carry (written into
    ``record.extra``). Stacks below the forced bets are allowed (all-in blinds).
    """
    return _play(spec, rng, players=players, stacks=stacks, stakes=stakes, options=options, button=button,
                 carry=carry, hand_id=hand_id, names=names, style=style)[0]


def _play(spec: GameSpec | str, rng: random.Random, *, players: int, stacks: int | Sequence[int],
          stakes: Stakes | None, options: Options | None, button: int, carry: ItalianCarry | None, hand_id: str,
          names: Sequence[str] | None, style: Style) -> tuple[HandRecord, HandState]:
    spec = get_game(spec) if isinstance(spec, str) else spec
    opts = options or DEFAULT_OPTIONS
    stakes = stakes or default_stakes(spec)
    names = list(names or [f"P{i + 1}" for i in range(players)])
    amounts = [stacks] * len(names) if isinstance(stacks, int) else list(stacks)
    seats = tuple(Seat(seat=i + 1, name=name, stack=amounts[i]) for i, name in enumerate(names))
    state = HandState(spec, seats=seats, button=names[button], stakes=stakes, options=opts, hand_id=hand_id,
                      carry=carry)
    deck = italian_deck(len(names)) if spec.is_italian else full_deck()
    rng.shuffle(deck)
    state.deck.use_physical_deck(deck, random.Random(rng.random()))
    actions: list[Action] = []

    def play(action: Action) -> None:
        state.apply(action)
        actions.append(action)

    for action in state.forced_actions():
        play(action)
    if spec.is_italian:
        _maybe_blind_open(state, rng, style, play)
    state.start()
    for i in state.order:
        actions.append(Action(kind=K.DEAL, player=state.names[i], cards=tuple(state.deck.hands[i]),
                              count=spec.hand_size))
    ranking = state._ranking()
    best_shown: tuple | None = None
    while state.phase != COMPLETE:
        if state.phase == DRAW:
            _draw(state, rng, style, actions)
            continue
        if state.phase == SHOWDOWN:
            i = state._current()
            hand = tuple(state.deck.hands[i])
            worse = best_shown is not None and not spec.splits_pot and ranking.compare(hand, best_shown) < 0
            if worse and rng.random() < style.muck_losers and len(state.pots()) == 1:
                play(Action(kind=K.MUCK, player=state.names[i]))
            else:
                play(Action(kind=K.SHOW, player=state.names[i], cards=hand, count=spec.hand_size))
                if best_shown is None or (not spec.splits_pot and ranking.compare(hand, best_shown) > 0):
                    best_shown = hand
            continue
        play(_bet(state, rng, style))
    if spec.is_italian and state.opener >= 0 and not state.blind_posters and state.opener in state.predraw:
        actions.append(Action(kind=K.SHOW, player=state.names[state.opener], cards=state.predraw[state.opener],
                              count=5, text="openers"))
    extra = {}
    if spec.is_italian and carry is not None:
        extra = {"it_carried_pot": carry.pot, "it_requirement": carry.requirement, "it_penalty": carry.penalty,
                 "it_penalty_player": carry.penalty_player, "it_reentry": [list(item) for item in carry.reentry]}
    record = HandRecord(hand_id=hand_id, game=spec.id, seats=seats, button=names[button], stakes=stakes,
                        actions=tuple(actions), claims=_claims(state), options=opts.changed(), extra=extra)
    return record, state


def _maybe_blind_open(state: HandState, rng: random.Random, style: Style, play) -> None:
    """Sometimes open blind, and answer with a controbuio (RULES.md §10.6)."""
    legal = state.legal_actions()
    while legal.blind_open is not None or legal.controbuio is not None:
        amount = legal.blind_open if legal.blind_open is not None else legal.controbuio
        i = state.index[legal.player]
        if rng.random() >= style.blind_open or amount > state.stack[i] or amount == 0:
            return
        kind = K.POST_BLIND_OPEN if legal.blind_open is not None else K.POST_CONTROBUIO
        play(Action(kind=kind, player=legal.player, amount=amount, all_in=amount == state.stack[i]))
        legal = state.legal_actions()


def _bet(state: HandState, rng: random.Random, style: Style) -> Action:
    legal = state.legal_actions()
    name = legal.player
    i = state.index[name]
    stack, c = state.stack[i], state.bet[i]
    opening = (state.spec.is_italian or state.opts.openers_jacks) and not state.rnd.opened
    if legal.bet and opening:
        may_open = _may_open(state, i)
        if not may_open:
            return Action(kind=K.CHECK, player=name)
    roll = rng.random()
    if not legal.check and roll < style.fold:
        return Action(kind=K.FOLD, player=name)
    must_raise = not legal.check and not legal.call  # a limp is not allowed (MIN_OPEN_PREDRAW = TWO_BB)
    if (legal.bet or legal.raise_) and (roll > 1 - style.aggression or (opening and legal.bet) or must_raise):
        low, high = (legal.min_bet, legal.max_bet) if legal.bet else (legal.min_raise_to, legal.max_raise_to)
        if legal.bet:
            low, high = c + low, c + high
        to = high if rng.random() < style.all_in else rng.randint(low, high)
        if rng.random() < 0.3:
            to = low
        all_in = to == c + stack
        if legal.bet:
            return Action(kind=K.BET, player=name, amount=to - c, all_in=all_in)
        return Action(kind=K.RAISE, player=name, amount=to, all_in=all_in)
    if legal.call:
        return Action(kind=K.CALL, player=name, amount=legal.to_call, all_in=legal.to_call == stack)
    return Action(kind=K.CHECK if legal.check else K.FOLD, player=name)


def _may_open(state: HandState, i: int) -> bool:
    hand = state.deck.hands[i]
    if state.spec.is_italian:
        return italian_procedure.has_openers(hand, state.requirement, players=state.n, sf_draw=state.opts.it_open_with_sf_draw)
    return state._jacks_problem(i) is None


def _draw(state: HandState, rng: random.Random, style: Style, actions: list[Action]) -> None:
    i = state._current()
    name = state.names[i]
    legal = state.legal_actions()
    hand = list(state.deck.hands[i])
    weights = style.draw_weights[:legal.draw_max + 1]
    count = rng.choices(range(len(weights)), weights=weights)[0]
    discarded = tuple(rng.sample(hand, count))
    action = Action(kind=K.DRAW, player=name, count=count, discarded=discarded)
    while count and any(f.code == "DECK_EXHAUSTED" for f in state.verify(action)):
        # the reshuffle cannot serve this many (RULES.md §8.4 without ALLOW_OWN_DISCARDS_LAST_RESORT): change fewer
        count -= 1
        discarded = discarded[:count]
        action = Action(kind=K.DRAW, player=name, count=count, discarded=discarded)
    before = [list(h) for h in state.deck.hands]
    state.apply(action)
    kept = [c for c in before[i] if c not in discarded]
    mine = tuple(c for c in state.deck.hands[i] if c not in kept)  # own discards may come back (§8.4 stage 3)
    actions.append(Action(kind=K.DRAW, player=name, count=count, discarded=discarded, received=mine,
                          received_count=count))
    for j, old in enumerate(before):
        if j != i:
            late = tuple(c for c in state.deck.hands[j] if c not in old)
            if late:
                actions.append(Action(kind=K.DEAL, player=state.names[j], cards=late, count=len(late)))


def _claims(state: HandState) -> Claims:
    """What a log of this hand would claim: the engine's own settlement."""
    s = state.settle()
    collected = tuple(PotClaim(player=p, amount=v, pot_index=a.index) for a in s.awards
                      for p, v in a.shares.items() if v)
    collected += tuple(PotClaim(player=p, amount=v) for p, v in s.refunds.items())
    return Claims(total_pot=sum(p.amount for p in s.pots), pots=tuple(p.amount for p in take_rake(s.pots, s.rake)),
                  rake=s.rake if state.opts.rake_percent else None,
                  uncalled=tuple((p, v, None) for p, v in s.returned.items()), collected=collected,
                  final_stacks=tuple(s.final_stacks.items()))


def random_session(spec: GameSpec | str, rng: random.Random, *, hands: int, players: int = 6, stacks: int = 200,
                   stakes: Stakes | None = None, options: Options | None = None,
                   style: Style = Style()) -> Iterator[HandRecord]:
    """Consecutive hands at one table: the button moves, stacks carry over (a broke player buys
    back in), and Italian deals pass their carry (RULES.md §10) to the next."""
    spec = get_game(spec) if isinstance(spec, str) else spec
    names = [f"P{i + 1}" for i in range(players)]
    chips = {n: stacks for n in names}
    carry: ItalianCarry | None = ItalianCarry() if spec.is_italian else None
    for h in range(hands):
        for n in names:
            if chips[n] <= 0:
                chips[n] = stacks
        record, state = _play(spec, rng, players=players, stacks=[chips[n] for n in names], stakes=stakes,
                              options=options, button=h % players, carry=carry, hand_id=f"{h + 1}", names=names,
                              style=style)
        chips = dict(record.claims.final_stacks)
        carry = state.settle().carry
        yield record


def site_view(record: HandRecord, hero: str | None = None) -> HandRecord:
    """``record`` as a site's history shows it to ``hero`` (default: the first seat, RULES.md §8.5):
    his cards, with the cards he kept when he changes some ("Dealt to Hero [kept] [new]"); of the other
    players only how many cards they change, their cards unseen until they show them."""
    hero = hero or record.seats[0].name
    actions: list[Action] = []
    hand: list = []
    for action in record.actions:
        if action.player != hero:
            if action.kind is K.DEAL:
                continue
            if action.kind is K.DRAW:
                action = replace(action, discarded=None, received=None, kept=None, received_count=None)
        elif action.kind is K.DEAL and action.cards:
            hand += action.cards
        elif action.kind is K.DRAW and action.count and action.discarded is not None and action.received is not None:
            kept = tuple(c for c in hand if c not in action.discarded)
            hand = list(kept + action.received)
            action = replace(action, kept=kept)
        actions.append(action)
    return replace(record, actions=tuple(actions), hero=hero)
