"""Invariants of the one path of the rules, ``HandState.apply``, on any history.

Random hands of every game and option set (``engine.simulate``), clean and corrupted (an action
dropped, doubled, moved or given to another player, a wrong amount or all-in flag, a wrong kind of
action, a card from another hand, unknown cards, a site's view of the hand: the hero's cards and kept
cards, the others' cards unseen until they show), are applied action by action. The replay carries
on after an error with the recorded action (RULES.md §11.1), and whatever the history holds:

- asking first changes nothing: ``verify`` gives the findings ``apply`` then gives, and leaves every
  field of the state as it was (DESIGN.md convention 3; a field ``copy`` forgot would leak);
- no chip is made or lost: every stack plus what it put in is the stack it sat down with (§9.4);
- ``replay`` gives the findings and the state of applying the actions one by one.
"""

from __future__ import annotations

import random
from copy import deepcopy

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from drawdealer.engine.deck import DeckState
from drawdealer.engine.frozen import fields, replace
from drawdealer.engine.options import Options
from drawdealer.engine.record import ActionKind
from drawdealer.engine.replay import replay
from drawdealer.engine.rounds import RoundState
from drawdealer.engine.simulate import Style, random_hand, site_view
from drawdealer.engine.state import HandState
from drawdealer.engine.variants import GAMES, get_game

K = ActionKind
OPTION_SETS = [
    {},
    {"LAST_CARD_RULE": "DEAL_TO_LAST", "RESHUFFLE_POLICY": "ALL_BUT_CURRENT_PLAYER", "BURN_BEFORE_DRAW_ROUND": False},
    {"FORCED_BETS": "BLINDS_AND_ANTES", "ANTE": 1, "FL_MAX_BETS_PER_ROUND": 2, "FL_HEADS_UP_UNCAPPED": True},
    {"DRAW_DEAL_MODE": "DECLARE_ALL_THEN_DEAL", "FIVE_CARD_DRAW_SPLIT": True},
    {"FL_STRUCTURE": "FLAT", "MIN_OPEN_PREDRAW": "TWO_BB", "RAKE_PERCENT": 5},
]
CORRUPTIONS = ("drop", "double", "swap", "player", "amount", "all_in", "kind", "foreign_card", "unknown_cards",
               "received_count", "hero_view", "kept_foreign", "shown_twice")
hands = st.fixed_dictionaries({
    "game": st.sampled_from(sorted(GAMES)),
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(2, 6),
    "stacks": st.sampled_from([40, 200, 2000]),
    "options": st.sampled_from(OPTION_SETS),
    "corruptions": st.lists(st.tuples(st.sampled_from(CORRUPTIONS), st.floats(0, 1)), max_size=3),
})
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make(h):
    spec = get_game(h["game"])
    options = Options() if spec.is_italian else Options.from_mapping(h["options"])
    record = random_hand(spec, random.Random(h["seed"]), players=h["players"], stacks=h["stacks"], options=options,
                         button=h["seed"] % h["players"], style=Style(fold=0.15, aggression=0.4, all_in=0.05))
    actions = list(record.actions)
    names = [s.name for s in record.seats]
    for what, where in h["corruptions"]:
        k = min(int(where * len(actions)), len(actions) - 1)
        a = actions[k]
        if what == "drop":
            del actions[k]
        elif what == "double":
            actions.insert(k, a)
        elif what == "swap" and k + 1 < len(actions):
            actions[k], actions[k + 1] = actions[k + 1], a
        elif what == "player":
            actions[k] = replace(a, player=names[(names.index(a.player) + 1) % len(names)])
        elif what == "amount":
            actions[k] = replace(a, amount=a.amount + 1)
        elif what == "all_in":
            actions[k] = replace(a, all_in=not a.all_in)
        elif what == "kind" and a.kind in (K.CALL, K.CHECK, K.BET, K.RAISE):
            actions[k] = replace(a, kind={K.CALL: K.CHECK, K.CHECK: K.BET, K.BET: K.RAISE,
                                                      K.RAISE: K.CALL}[a.kind])
        elif what == "foreign_card" and a.kind is K.DRAW and a.received:
            other = next((b.cards for b in actions if b.kind is K.DEAL and b.player != a.player and b.cards), None)
            if other:
                actions[k] = replace(a, received=(other[0],) + a.received[1:])
        elif what == "unknown_cards" and a.kind in (K.DRAW, K.DEAL):
            actions[k] = replace(a, discarded=None, received=None, cards=None)
        elif what == "received_count" and a.kind is K.DRAW:
            actions[k] = replace(a, received_count=a.count + 1)
        elif what == "hero_view":
            actions = list(site_view(replace(record, actions=tuple(actions))).actions)
        elif what == "shown_twice" and a.kind is K.SHOW and a.cards:
            actions[k] = replace(a, cards=(a.cards[0],) + a.cards[:4])
        elif what == "kept_foreign" and a.kind is K.DRAW and a.kept:
            other = next((b.cards for b in actions if b.kind is K.DEAL and b.player != a.player and b.cards), None)
            if other:
                actions[k] = replace(a, kept=(other[0],) + a.kept[1:])
    return record, options, actions


def new_state(record, options):
    return HandState(get_game(record.game), seats=record.seats, button=record.button, stakes=record.stakes,
                     options=options, hand_id=record.hand_id)


def snapshot(state: HandState) -> dict:
    """Every field of the state, its betting round and its deck."""
    out = {name: getattr(state, name) for name in HandState.__slots__ if name not in ("deck", "rnd")}
    out.update({f"rnd.{f.name}": getattr(state.rnd, f.name) for f in fields(RoundState)})
    out.update({f"deck.{name}": getattr(state.deck, name) for name in DeckState.__slots__})
    return out


def assert_chips_kept(state: HandState, starting: list[int]) -> None:
    """The stacks and the pot hold what the players sat down with and the pot carried in (RULES.md
    §10.4); uncalled chips given back are in their stacks again."""
    carried = state.carry_in.pot if state.carry_in else 0
    assert sum(state.stack) + state.pot == sum(starting) + carried
    assert all(put_in >= 0 for put_in in state.total)


@SETTINGS
@given(hands)
# an Italian opener judged without openers at a fold, before any showdown: the ranking is kept by then
@example(h={"game": "ITA", "seed": 560, "players": 2, "stacks": 40, "options": {},
            "corruptions": [("drop", 0.0), ("drop", 0.0), ("player", 0.0)]})
def test_verify_answers_as_apply_and_changes_nothing(h):
    record, options, actions = make(h)
    state = new_state(record, options)
    starting = [s.stack for s in record.seats]
    for action in actions:
        # the hand ranking the state keeps is a pure function of the game (a memo, engine.handfields):
        # it is kept as it is, since a deep copy of it would differ from it by identity alone
        before = deepcopy(snapshot(state), {id(state.ranking_cache): state.ranking_cache})
        asked = state.verify(action)
        assert snapshot(state) == before, action
        assert state.apply(action) == asked, action
        assert_chips_kept(state, starting)
        if state.aborted:
            break


@SETTINGS
@given(hands)
def test_replay_is_the_actions_applied_one_by_one(h):
    record, options, actions = make(h)
    record = replace(record, actions=tuple(actions))
    result = replay(record, options=options)
    state = new_state(record, options)
    findings = [f for f in state.setup_problems()]
    for action in actions:
        findings += state.apply(action)
        if state.aborted:
            break
    unlinked = [replace(f, caused_by=None) for f in result.findings[:len(findings)]]  # replay links causes after
    assert unlinked == findings
    assert result.aborted == state.aborted


@pytest.mark.parametrize("game", sorted(GAMES))
def test_clean_hands_replay_without_findings(game):
    """Hands the engine's own player dealt are legal (RULES.md §11: no finding on a legal hand)."""
    rng = random.Random(game)
    for n in range(25):
        record = random_hand(game, rng, players=rng.randint(2, 6), stacks=rng.choice([30, 200]), hand_id=str(n))
        result = replay(record)
        assert result.findings == () and result.complete, (game, n, result.findings[:1])
