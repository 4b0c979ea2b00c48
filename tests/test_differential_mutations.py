"""Mutation suite (issue 14): one illegal change to a clean pokerkit hand is flagged with its own code.

Each mutation edits the PHH pokerkit wrote (``tests/pokerkit_hands.py``) at the first place it
applies, choosing amounts from pokerkit's own state just before the edited action; the first
finding of the hand must then be the mutation's code (RULES.md §11.3-§11.5), and the only root cause
(no ``caused_by``): every other finding follows from it (``engine.causes``, §11.1), and the
unmutated hand has none.

One fault, one root: each mutation edits one line (or the claims) and leaves the rest of the
history as pokerkit played it, for the chips and the turn order of the unmutated hand. What the
replay then finds further on (calls and raises measured from the wrong bet, a player held all-in
by a clipped bet who acts again, the log's stacks computed without the edit) is the trace of that
one edit, not a second fault. No mutation here makes a second, independent fault, so there is no
exception to the one-root rule. (Outside this suite, ``fixtures/findings/IT_FALSE_OPENER_COLLECTED.phh``
keeps two roots on purpose: opening without openers is the player's fault, paying him the pot is
the dealer's, §10.2 and §10.4.)
"""

from __future__ import annotations

import re
import warnings
from typing import Callable, NamedTuple

import pytest

pk = pytest.importorskip("pokerkit")

from pokerkit_hands import Hand, findings, play, validate  # noqa: E402

SEEDS = range(300)
_ACTIONS = re.compile(r"^actions = \[(.*)\]$", re.M)
_FINISH = re.compile(r"^finishing_stacks = \[(.*)\]$", re.M)
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def _actions(text: str) -> list[str]:
    return re.findall(r"'([^']*)'", _ACTIONS.search(text)[1])


def _with_actions(text: str, actions: list[str]) -> str:
    return _ACTIONS.sub(lambda _: "actions = [" + ", ".join(f"'{a}'" for a in actions) + "]", text)


class Before(NamedTuple):
    """pokerkit's state just before one action: who acts, bets and stacks, the minimum raise-to,
    the street, its bet unit and whether its cap is reached."""

    actor: int | None
    bets: tuple[int, ...]
    stacks: tuple[int, ...]
    min_to: int | None
    street: int | None
    unit: int | None
    capped: bool


def _snapshot(state: pk.State) -> Before:
    street = state.street
    cap = street.max_completion_betting_or_raising_count if street is not None else None
    return Before(state.actor_index, tuple(state.bets), tuple(state.stacks),
                  state.min_completion_betting_or_raising_to_amount, state.street_index,
                  street.min_completion_betting_or_raising_amount if street is not None else None,
                  cap is not None and state.completion_betting_or_raising_count >= cap)


def _before(text: str) -> list[Before]:
    """pokerkit's state before each action of the hand (one replay)."""
    out: list[Before] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        last = None
        for state, action in pk.HandHistory.loads(text).state_actions:
            if action is not None:
                out.append(last)  # type: ignore[arg-type]
            last = _snapshot(state)
    return out


def _unseen(text: str) -> str:
    """A card the hand never shows."""
    seen = set(_CARD.findall(_ACTIONS.search(text)[1]))
    return next(c for c in DECK if c not in seen)


Mutation = Callable[[Hand], "str | None"]


def raise_below_minimum(hand: Hand) -> str | None:
    if hand.table.variant != "N2L1D":
        return None
    actions = _actions(hand.text)
    for k, (a, state) in enumerate(zip(actions, _before(hand.text))):
        if " cbr " in a:
            i, high, low = state.actor, max(state.bets), state.min_to
            if high > 0 and high + 1 < low < state.stacks[i] + state.bets[i]:
                actions[k] = f"p{i + 1} cbr {low - 1}"
                return _with_actions(hand.text, actions)
    return None


def fixed_limit_wrong_size(hand: Hand) -> str | None:
    if hand.table.variant != "F2L3D":
        return None
    actions = _actions(hand.text)
    for k, (a, state) in enumerate(zip(actions, _before(hand.text))):
        if " cbr " in a:
            i, to = state.actor, int(a.split()[-1])
            if max(state.bets) > 0 and to + 1 < state.stacks[i] + state.bets[i]:
                actions[k] = f"p{i + 1} cbr {to + 1}"
                return _with_actions(hand.text, actions)
    return None


def raise_past_the_cap(hand: Hand) -> str | None:
    if hand.table.variant != "F2L3D" or hand.text.count(" cbr ") < 4:  # no round can be capped
        return None
    actions = _actions(hand.text)
    for k, (a, state) in enumerate(zip(actions, _before(hand.text))):
        if a.endswith(" cc"):
            i, high, unit = state.actor, max(state.bets), state.unit
            if state.capped and state.street and state.stacks[i] + state.bets[i] > high + unit:
                actions[k] = f"p{i + 1} cbr {high + unit}"
                return _with_actions(hand.text, actions)
    return None


def _over_the_stack(hand: Hand) -> str | None:
    actions = _actions(hand.text)
    for k, (a, state) in enumerate(zip(actions, _before(hand.text))):
        if " cbr " in a:
            i = state.actor
            actions[k] = f"p{i + 1} cbr {state.stacks[i] + state.bets[i] + 10}"
            return _with_actions(hand.text, actions)
    return None


def over_the_stack_fixed_limit(hand: Hand) -> str | None:
    return _over_the_stack(hand) if hand.table.variant == "F2L3D" else None


def over_the_stack_no_limit(hand: Hand) -> str | None:
    """(Pot limit: ``tests/test_phh_other_tools.py``; pokerkit writes no pot-limit draw PHH.)"""
    return _over_the_stack(hand) if hand.table.variant == "N2L1D" else None


def out_of_turn(hand: Hand) -> str | None:
    actions = _actions(hand.text)
    betting = re.compile(r"p\d+ (cc|f|cbr \d+)$")
    for k in range(len(actions) - 1):
        a, b = actions[k], actions[k + 1]
        if betting.match(a) and betting.match(b) and a.split()[0] != b.split()[0]:
            actions[k], actions[k + 1] = b, a
            return _with_actions(hand.text, actions)
    return None


def six_cards_discarded(hand: Hand) -> str | None:
    actions = _actions(hand.text)
    for k, a in enumerate(actions):
        m = re.fullmatch(r"(p\d+) sd ((?:[2-9TJQKA][cdhs]){5})", a)
        if m:
            actions[k] = f"{m[1]} sd {m[2]}{_unseen(hand.text)}"
            return _with_actions(hand.text, actions)
    return None


def discard_not_held(hand: Hand) -> str | None:
    actions = _actions(hand.text)
    for k, a in enumerate(actions):
        m = re.fullmatch(r"(p\d+) sd ([2-9TJQKA][cdhs])(.*)", a)
        if m:
            actions[k] = f"{m[1]} sd {_unseen(hand.text)}{m[3]}"
            return _with_actions(hand.text, actions)
    return None


def one_card_too_many(hand: Hand) -> str | None:
    if hand.table.one_card_per_action:
        return None
    actions = _actions(hand.text)
    declared: set[str] = set()
    for k, a in enumerate(actions):
        m = re.fullmatch(r"(p\d+) sd [2-9TJQKA].*", a)
        if m:
            declared.add(m[1])
        m = re.fullmatch(r"d dh (p\d+) (.*)", a)
        if m and m[1] in declared:
            actions[k] = f"{a}{_unseen(hand.text)}"
            return _with_actions(hand.text, actions)
    return None


def _finishing(text: str) -> list[int]:
    return [int(x) for x in _FINISH.search(text)[1].split(", ")]


def _with_finishing(text: str, stacks: list[int]) -> str:
    return _FINISH.sub(lambda _: f"finishing_stacks = [{', '.join(map(str, stacks))}]", text)


def wrong_finishing_stacks(hand: Hand) -> str | None:
    stacks = _finishing(hand.text)
    k = max(range(len(stacks)), key=stacks.__getitem__)
    stacks[k] -= 1
    return _with_finishing(hand.text, stacks)


def winnings_to_a_loser(hand: Hand) -> str | None:
    """The winner's gain claimed by a player who lost the showdown (``winnings`` and stacks agree)."""
    if " sm " not in hand.text:
        return None
    start = [int(x) for x in re.search(r"^starting_stacks = \[(.*)\]$", hand.text, re.M)[1].split(", ")]
    finish = _finishing(hand.text)
    gains = [f - s for s, f in zip(start, finish)]
    winner = max(range(len(gains)), key=gains.__getitem__)
    shown = {int(p) - 1 for p in re.findall(r"'p(\d+) sm ", hand.text)}
    losers = [i for i in shown if gains[i] < 0 and finish[i] >= 0 and i != winner]
    if gains[winner] <= 0 or not losers:
        return None
    loser = losers[0]
    collected = [0] * len(finish)
    collected[loser] = gains[winner] - gains[loser]  # what he would have to collect to end where the winner did
    finish[winner], finish[loser] = finish[winner] - gains[winner] + gains[loser], finish[winner]
    text = _with_finishing(hand.text, finish)
    return text + f"\nwinnings = [{', '.join(map(str, collected))}]"


MUTATIONS: list[tuple[Mutation, set[str]]] = [
    (raise_below_minimum, {"RAISE_BELOW_MINIMUM"}),
    (fixed_limit_wrong_size, {"RAISE_SIZE_FIXED_LIMIT"}),
    (raise_past_the_cap, {"RAISE_CAP_EXCEEDED"}),
    (over_the_stack_fixed_limit, {"BET_EXCEEDS_STACK"}),
    (over_the_stack_no_limit, {"BET_EXCEEDS_STACK"}),
    (out_of_turn, {"ACTION_OUT_OF_TURN"}),
    (six_cards_discarded, {"DRAW_COUNT_EXCEEDED"}),
    (discard_not_held, {"DISCARD_NOT_IN_HAND"}),
    (one_card_too_many, {"DRAW_COUNT_MISMATCH"}),
    (wrong_finishing_stacks, {"STACK_ARITHMETIC"}),
    (winnings_to_a_loser, {"COLLECTED_AMOUNT_WRONG"}),
]


@pytest.mark.parametrize("mutate, wanted", MUTATIONS, ids=[m.__name__ for m, _ in MUTATIONS])
def test_each_mutation_is_flagged_with_its_code_as_the_one_root_cause(mutate: Mutation, wanted: set[str]) -> None:
    mutated = missed = 0
    for seed in SEEDS:
        hand = play(seed)
        text = mutate(hand)
        if text is None:
            continue
        assert validate(hand.text) == []
        mutated += 1
        found = findings(text)
        roots = [f.code for f in found if f.caused_by is None]
        missed += not found or found[0].code not in wanted or roots != [found[0].code]
        if mutated == 12:
            break
    assert mutated >= 5 and missed == 0
