"""A hand's fields are declared in one place, and its copy shares nothing that can change.

``HandState.copy`` (which ``verify`` applies an action to, DESIGN.md convention 3) is derived from
the declared fields (``engine.handfields``, ``engine.copying``). These tests judge the copy by the
values it holds, not by the declarations: a field declared with a type it does not hold (a list
declared a tuple), or a copy rule that shares a container, fails them; so does a field that some part
of the rules sets without declaring it.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from drawdealer.engine import copying
from drawdealer.engine.deck import DeckState
from drawdealer.engine.frozen import fields
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.options import Options
from drawdealer.engine.record import ActionKind
from drawdealer.engine.rounds import RoundState
from drawdealer.engine.simulate import Style, random_hand
from drawdealer.engine.state import HandState
from drawdealer.engine.variants import get_game

ENGINE = Path(__file__).resolve().parents[1] / "drawdealer" / "engine"
DECLARING = (HandState, DeckState, RoundState)
HANDS = [  # (game, options): every kind of draw round, Italian openers and blinds, fixed and big-bet betting
    ("27TD-FL", {}),
    ("27TD-FL", {"DRAW_DEAL_MODE": "DECLARE_ALL_THEN_DEAL", "FIVE_CARD_DRAW_SPLIT": True}),
    ("27TD-FL", {"FORCED_BETS": "BLINDS_AND_ANTES", "ANTE": 1, "LAST_CARD_RULE": "DEAL_TO_LAST"}),
    ("27SD-NL", {"MIN_OPEN_PREDRAW": "TWO_BB"}),
    ("5CD-PL", {"OPENERS_JACKS": True, "FORCED_BETS": "ANTES_ONLY", "ANTE": 1}),
    ("BADUGI-FL", {}),
    ("ITA", {}),
]


# ------------------------------------------------------------------ every field declared

def _stored(cls_names: set[str]) -> dict[str, set[str]]:
    """The attributes ``self.X`` that methods of the classes ``cls_names`` assign, by class, in
    every module of the engine."""
    out: dict[str, set[str]] = {name: set() for name in cls_names}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name in cls_names:
                for sub in ast.walk(node):
                    targets = sub.targets if isinstance(sub, ast.Assign) else \
                        [sub.target] if isinstance(sub, (ast.AugAssign, ast.AnnAssign)) else []
                    for target in targets:
                        for t in ast.walk(target):
                            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                                out[node.name].add(t.attr)
    return out


def test_every_field_the_rules_set_is_declared():
    """The hand's mixins and HandState set only declared fields; the deck too; the slots are the declarations."""
    parts = {cls.__name__ for cls in HandState.__mro__ if issubclass(cls, HandFields) and cls.__module__ != "drawdealer.engine.handfields"}
    assert {"ForcedBets", "BettingRound", "DrawRound", "Showdown", "Openers", "LegalQueries", "Settling"} < parts
    declared = set(copying.declared(HandState))
    for cls, stored in _stored(parts).items():
        assert stored <= declared, f"{cls} sets {sorted(stored - declared)}, not declared in engine.handfields"
    assert _stored({"DeckState"})["DeckState"] <= set(copying.declared(DeckState))
    assert set(HandState.__slots__) == declared
    assert set(DeckState.__slots__) == set(copying.declared(DeckState))
    assert set(copying.declared(RoundState)) == {f.name for f in fields(RoundState)}


def test_init_sets_every_declared_field():
    state = _states()[0]
    for cls in DECLARING:
        obj = {HandState: state, DeckState: state.deck, RoundState: state.rnd}[cls]
        for name in copying.declared(cls):
            getattr(obj, name)  # an unset slot raises AttributeError


# ------------------------------------------------------------------ the copy is independent

def _states() -> list[HandState]:
    """Hands of several games and option sets stopped after each action, and one holding a value in
    each field that is None in a fresh hand (a short call, the runs, a physical deck)."""
    out = []
    for n, (game, opts) in enumerate(HANDS):
        spec = get_game(game)
        options = Options.from_mapping(opts)
        record = random_hand(spec, random.Random(n), players=6, stacks=300, options=options, button=n % 6,
                             style=Style(fold=0.1, aggression=0.4, all_in=0.05, muck_losers=0.5))
        state = HandState(spec, seats=record.seats, button=record.button, stakes=record.stakes, options=options)
        out.append(state.copy())
        for action in record.actions:
            state.apply(action)
            out.append(state.copy())
    full = out[len(out) // 2].copy()
    full.short = [1] * full.n
    full.runs = [out[-1].copy(), out[-1].copy()]
    full.deck.use_physical_deck(list(range(12)), random.Random(7))
    out.append(full)
    return out


def _immutable(value: object) -> bool:
    if value is None or isinstance(value, (int, str, float, frozenset)):
        return True
    if type(value).__module__.startswith("drawdealer.engine.ranking"):  # a ranking: a rule, shared by every hand
        return True
    if isinstance(value, tuple):
        return all(_immutable(v) for v in value)
    cls = type(value)
    return hasattr(cls, "__record_fields__") and cls.__setattr__ is not object.__setattr__  # a frozen record


def _plain(value: object) -> object:
    """``value`` as plain data, every container and declared object opened (to compare states)."""
    if _immutable(value):
        return value
    if isinstance(value, list):
        return ["list", [_plain(v) for v in value]]
    if isinstance(value, dict):
        return ["dict", sorted((repr(k), _plain(v)) for k, v in value.items())]
    if isinstance(value, set):
        return ["set", sorted(map(repr, value))]
    if isinstance(value, random.Random):
        return ["rng", value.getstate()]
    return [type(value).__name__, {name: _plain(getattr(value, name)) for name in copying.declared(type(value))}]


def _assert_independent(original: object, copy: object, path: str, seen: dict[str, bool]) -> None:
    """Every mutable value reachable from ``copy`` is its own object, not ``original``'s."""
    if _immutable(original):
        assert copy is original or copy == original, path
        return
    assert copy is not original, f"{path}: the copy shares the original's {type(original).__name__}"
    assert type(copy) is type(original), path
    seen[path.split("[")[0]] = True
    if isinstance(original, list):
        for k, (a, b) in enumerate(zip(original, copy)):
            _assert_independent(a, b, f"{path}[{k}]", seen)
    elif isinstance(original, dict):
        for key, a in original.items():
            _assert_independent(a, copy[key], f"{path}[{key!r}]", seen)
    elif isinstance(original, (set, random.Random)):
        pass
    else:
        declared = copying.declared(type(original))
        assert declared, f"{path}: a {type(original).__name__} declares no fields"
        for name in declared:
            _assert_independent(getattr(original, name), getattr(copy, name), f"{path}.{name}", seen)


def _mutate(value: object) -> None:
    """Change every mutable value reachable from ``value``."""
    if _immutable(value):
        return
    if isinstance(value, list):
        for v in value:
            _mutate(v)
        value.append(object())
    elif isinstance(value, dict):
        for v in value.values():
            _mutate(v)
        value[object()] = object()
    elif isinstance(value, set):
        value.add(object())
    elif isinstance(value, random.Random):
        value.random()
    else:
        for name in copying.declared(type(value)):
            _mutate(getattr(value, name))


def test_a_copy_shares_no_mutable_value_and_changing_it_leaves_the_hand_alone():
    states = _states()
    seen: dict[str, bool] = {}
    for state in states:
        before = _plain(state)
        copy = state.copy()
        same = _plain(copy) == before  # a bool: the states are too large for pytest to compare in its report
        assert same, "the copy differs from the hand"
        _assert_independent(state, copy, "HandState", seen)
        _mutate(copy)
        same = _plain(state) == before
        assert same, "changing the copy changed the hand"
    # each field that can hold a mutable value held one in some state above: none went unchecked
    for cls, prefix in ((HandState, "HandState"), (DeckState, "HandState.deck"), (RoundState, "HandState.rnd")):
        for name, annotation in copying.declared(cls).items():
            if not copying._shared(annotation):
                assert seen.get(f"{prefix}.{name}"), f"no state held a value in {prefix}.{name}"


def test_verify_leaves_the_hand_as_it_was():
    """``verify`` of every action of the hands above, at each point: the hand unchanged."""
    for n, (game, opts) in enumerate(HANDS):
        spec, options = get_game(game), Options.from_mapping(opts)
        record = random_hand(spec, random.Random(n), players=6, stacks=300, options=options, button=n % 6)
        state = HandState(spec, seats=record.seats, button=record.button, stakes=record.stakes, options=options)
        for action in record.actions:
            for other in record.actions:  # any action, in or out of turn
                if other.kind is not ActionKind.DEAL:
                    before = _plain(state)
                    state.verify(other)
                    same = _plain(state) == before
                    assert same, f"{game}: verify({other}) changed the hand"
            state.apply(action)


def test_a_class_that_declares_nothing_is_not_copied():
    class Undeclared:
        __slots__ = ("x",)

    with pytest.raises(TypeError, match="declares no fields"):
        copying.copy_of(Undeclared())
