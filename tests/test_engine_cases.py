"""Data-driven rule cases: ``tests/cases/<CODE>.toml``, one file per finding code (RULES.md §11).

Each ``[[case]]`` is a hand in the compact notation of ``engine_dsl`` (or ``hands``, a session of
several) and ``expect``: the findings replay must produce, in order, each with its ``code`` and
optionally ``event`` (0-based action index), ``line``, ``expected``, ``actual``. ``expect = []``
marks the legal twin of a broken hand.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from engine_dsl import record

from drawdealer.engine.findings import CODES
from drawdealer.engine.replay import replay, replay_session

CASES = Path(__file__).parent / "cases"
NOT_ENGINE = {"PARSE_ERROR", "CARD_MALFORMED", "HAND_CLAIM_WRONG", "INTERNAL_ERROR"}
"""Codes raised by the readers (text, cards, hand descriptions), not by the engine; INTERNAL_ERROR by
the containment of a hand drawdealer fails on (tests/test_containment.py)."""


def _load() -> list[tuple[str, str, dict]]:
    out = []
    for path in sorted(CASES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for k, case in enumerate(data["case"]):
            out.append((path.stem, case.get("name", str(k)), case))
    return out


ALL = _load()


def _record(case: dict, hand: dict, hand_id: str):
    merged = {**case, **hand}
    return record(game=merged["game"], players=merged["players"], button=merged["button"],
                  actions=merged["actions"], stakes=merged.get("stakes"), options=merged.get("options"),
                  claims_data=merged.get("claims"), extra=merged.get("extra"), hand_id=hand_id,
                  runs=merged.get("runs", ()))


def _findings(case: dict):
    if "hands" in case:
        results = replay_session([_record(case, hand, str(k)) for k, hand in enumerate(case["hands"])])
        return [f for r in results for f in r.findings]
    return list(replay(_record(case, {}, "t")).findings)


@pytest.mark.parametrize(("code", "name", "case"), ALL, ids=[f"{c}:{n}" for c, n, _ in ALL])
def test_case(code, name, case):
    findings = _findings(case)
    expect = case["expect"]
    assert [f.code for f in findings] == [e["code"] for e in expect], [f.message for f in findings]
    for finding, wanted in zip(findings, expect):
        for key in ("event", "line", "expected", "actual", "player", "street"):
            if key in wanted:
                got = finding.event_index if key == "event" else getattr(finding, key)
                if isinstance(got, tuple):
                    got = list(got)
                assert got == wanted[key], (key, finding.message)


def test_every_engine_code_has_a_case_file():
    files = {path.stem for path in CASES.glob("*.toml")}
    assert set(CODES) - NOT_ENGINE - files == set()
    assert files <= set(CODES)


@pytest.mark.parametrize("path", sorted(CASES.glob("*.toml")), ids=lambda p: p.stem)
def test_each_file_triggers_its_own_code(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert any(e["code"] == path.stem for case in data["case"] for e in case["expect"])
