"""Engine problems are named records built with their fields named, and only on faults."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from drawdealer.engine.frozen import replace
from drawdealer.engine.problems import Problem
from drawdealer.engine.record import ActionKind
from drawdealer.engine.replay import replay
from drawdealer.engine.simulate import random_hand
from drawdealer.engine.variants import GAMES

ENGINE = Path(__file__).resolve().parents[1] / "drawdealer" / "engine"


def _calls_and_tuples():
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            yield path.name, node


def test_every_problem_names_expected_actual_and_data():
    """``Problem(code, message, expected=…, actual=…, data=…)``: what the rules wanted and what the
    history did cannot be swapped unseen; and no problem travels as a bare tuple any more."""
    built = 0
    for name, node in _calls_and_tuples():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Problem":
            built += 1
            assert len(node.args) == 2 and [k.arg for k in node.keywords] == ["expected", "actual", "data"], \
                f"{name}:{node.lineno}"
        if isinstance(node, ast.Tuple) and len(node.elts) == 5 and isinstance(node.elts[0], ast.Constant):
            code = node.elts[0].value
            assert not (isinstance(code, str) and code.isupper() and "_" in code), f"{name}:{node.lineno}: a bare tuple"
    assert built > 80


@pytest.fixture
def count_problems(monkeypatch):
    made = []
    plain = Problem.__new__

    def counted(cls, *args, **kwargs):
        made.append(kwargs.get("code", args[0] if args else None))
        return plain(cls, *args, **kwargs)

    monkeypatch.setattr(Problem, "__new__", counted)
    return made


def test_a_clean_hand_builds_no_problem(count_problems):
    rng = random.Random(31)
    for game in sorted(GAMES):
        for n in range(8):
            result = replay(random_hand(game, rng, players=rng.randint(2, 6), stacks=rng.choice([30, 200, 2000]),
                                        hand_id=str(n)))
            assert result.findings == ()
    assert count_problems == []


def test_a_fault_builds_its_problem_and_its_finding_keeps_the_fields(count_problems):
    record = random_hand("27TD-FL", random.Random(5), players=4, stacks=2000)
    k, call = next((k, a) for k, a in enumerate(record.actions) if a.kind is ActionKind.CALL)
    actions = list(record.actions)
    actions[k] = replace(call, amount=call.amount + 7 if call.amount else 7)
    finding = next(f for f in replay(replace(record, actions=tuple(actions))).findings
                   if f.code == "CALL_AMOUNT_MISMATCH")
    assert count_problems[0] == "CALL_AMOUNT_MISMATCH"
    assert finding.actual == actions[k].amount and finding.expected != finding.actual
