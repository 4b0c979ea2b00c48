"""The replay's fast lane (``engine/fastlane.py``) changes nothing but the speed.

Random hands of every game and option set (``engine.simulate``), clean and corrupted (an action
dropped, doubled, moved or given to another player, a wrong amount or all-in flag, a wrong kind of
action, a card from another hand, unknown cards, a site's view of the hand: the hero's cards and kept
cards, the others' cards unseen until they show), are applied twice: through the fast lane and
through the HandState handlers alone (``fast=False``). The findings and every field of the state
must be the same (RULES.md §11.1: the replay carries on after an error with the recorded action).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawdealer.engine import fastlane
from drawdealer.engine.deck import DeckState
from drawdealer.engine.fastlane import apply_actions
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


def apply_both(record, options, actions):
    fast, slow = new_state(record, options), new_state(record, options)
    fast_findings: list = []
    slow_findings: list = []
    if not apply_actions(fast, actions, fast_findings):
        fast, fast_findings = new_state(record, options), []
        apply_actions(fast, actions, fast_findings, fast=False)
    apply_actions(slow, actions, slow_findings, fast=False)
    return (fast, fast_findings), (slow, slow_findings)


@SETTINGS
@given(hands)
def test_fast_lane_and_handlers_agree(h):
    record, options, actions = make(h)
    (fast, fast_findings), (slow, slow_findings) = apply_both(record, options, actions)
    assert fast_findings == slow_findings
    assert snapshot(fast) == snapshot(slow)
    if not fast.aborted and fast.is_complete:
        assert fast.settle() == slow.settle()


def assert_handlers_see_nothing(monkeypatch, record):
    """Replay ``record`` clean, the handlers seeing no action: every one went through the fast lane,
    the deal that ends the set-up and the draws that need a reshuffle included."""
    seen: list[ActionKind] = []
    handlers = {kind: (lambda h: lambda state, i, a: seen.append(a.kind) or h(state, i, a))(h)
                for kind, h in fastlane.HANDLERS.items()}
    monkeypatch.setattr(fastlane, "HANDLERS", handlers)
    result = replay(record)
    assert result.findings == () and result.complete
    assert seen == []
    assert result.state.deck.reshuffles  # one draw needed a reshuffle: the fast lane served it too


def test_the_fast_lane_takes_the_regular_actions(monkeypatch):
    """A clean triple-draw hand with every card known."""
    record = random_hand("27TD-FL", random.Random(7), players=6, stacks=2000,
                         style=Style(fold=0.1, aggression=0.3, all_in=0.0))
    assert_handlers_see_nothing(monkeypatch, record)


def test_the_fast_lane_takes_a_sites_view_of_the_hand(monkeypatch):
    """As a site prints a hand: the hero's cards and kept cards, the others' draws unseen, their
    cards first seen at the showdown."""
    record = random_hand("27TD-FL", random.Random(7), players=6, stacks=2000,
                         style=Style(fold=0.1, aggression=0.3, all_in=0.0))
    record = site_view(record)
    assert any(a.kind is K.DRAW and a.kept for a in record.actions)
    assert any(a.kind is K.DRAW and a.count and a.discarded is None for a in record.actions)
    assert any(a.kind is K.SHOW and a.player != record.seats[0].name for a in record.actions)
    assert_handlers_see_nothing(monkeypatch, record)


def test_an_irregular_card_found_half_way_replays_the_hand_with_the_handlers():
    """A replacement card that is in another player's hand is seen only while moving the cards:
    the fast lane gives up, the hand is applied again by the handlers, the finding is the same."""
    record = random_hand("27TD-FL", random.Random(11), players=4, stacks=2000,
                         style=Style(fold=0.0, aggression=0.2, all_in=0.0))
    actions = list(record.actions)
    k = next(k for k, a in enumerate(actions) if a.kind is K.DRAW and a.count >= 2)
    other = next(a for a in actions if a.kind is K.DEAL and a.player != actions[k].player)
    actions[k] = replace(actions[k], received=actions[k].received[:-1] + (other.cards[0],))
    state, findings = new_state(record, Options()), []
    assert apply_actions(state, actions, findings) is False
    (fast, fast_findings), (slow, slow_findings) = apply_both(record, Options(), actions)
    assert fast_findings == slow_findings
    assert {"DRAW_CARD_UNAVAILABLE", "CARD_DUPLICATE"} & {f.code for f in fast_findings}
    assert snapshot(fast) == snapshot(slow)


def test_a_hand_first_seen_at_the_showdown_with_a_card_twice_is_a_duplicate():
    """A site's view of the hand: an opponent's five cards first shown at the showdown, one of them
    printed twice. The fast lane leaves the show to the handler, which finds the duplicate (RULES.md §8.5)."""
    record = site_view(random_hand("27TD-FL", random.Random(0), players=3, stacks=2000,
                                   style=Style(fold=0.0, aggression=0.2, all_in=0.0)))
    actions = list(record.actions)
    k = next(k for k, a in enumerate(actions) if a.kind is K.SHOW
             and not any(b.kind is K.DEAL and b.player == a.player and b.cards for b in actions[:k]))
    cards = actions[k].cards
    actions[k] = replace(actions[k], cards=(cards[0],) + cards[:4])
    (fast, fast_findings), (slow, slow_findings) = apply_both(record, Options(), actions)
    assert [f.code for f in fast_findings] == [f.code for f in slow_findings] == ["CARD_DUPLICATE"]
    assert snapshot(fast) == snapshot(slow)


@pytest.mark.parametrize("game", ["27TD-FL", "27SD-NL", "5CD-PL", "ITA", "BADUGI-FL", "BADEUCEY-NL"])
def test_replay_is_the_same_with_and_without_the_fast_lane(game):
    """replay() end to end: findings, settlement and final state as with HandState.apply alone."""
    rng = random.Random(game)
    for n in range(40):
        record = random_hand(game, rng, players=rng.randint(2, 6), stacks=rng.choice([30, 200]), hand_id=str(n))
        result = replay(record)
        state = new_state(record, Options())
        findings = [f for a in record.actions for f in state.apply(a)]
        assert result.findings == tuple(findings) == ()
        state.settle(explain=False)  # as the replay did, checking the claims
        assert snapshot(result.state) == snapshot(state)
