"""The lone player's check (RULES.md §7.1, issue 14 defect 2).

"A player left as the only one able to act, with nothing to call (the others folded or all-in), may
still check: the check is legal and optional, and the round closes with it or without it." The
round closes at once (the next street begins), and his check may still come before anything else
happens; a second check, or one after the next draw began, is ``ACTION_AFTER_ROUND_CLOSED``. The
validator, the live dealer and ``status`` read the same value (``LegalActions.lone_check``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deal_support import scripted, validate_journal
from drawdealer.cli.app import app
from drawdealer.engine.replay import replay
from drawdealer.validate import validate
from engine_dsl import record

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "pokerstars" / "lone_checks.txt"
SHORT_SB = dict(game="27TD-NL", players=["A=3", "B=100", "C=100"], button="C", stakes={"sb": 2, "bb": 4})
"""A (small blind, 3 chips) can only call 1 more all-in: B (big blind) is then alone with nothing to call."""


def _codes(actions: list[str]) -> list[tuple[str, int | None]]:
    return [(f.code, f.event_index) for f in replay(record(**SHORT_SB, actions=actions)).findings]


@pytest.mark.parametrize("actions", [
    # the big blind's option after a short all-in call
    ["A sb 2", "B bb 4", "C fold", "A call 1 allin", "B check", "A pat", "B pat"],
    # without it: the round closes all the same
    ["A sb 2", "B bb 4", "C fold", "A call 1 allin", "A pat", "B pat"],
    # a check after the other player able to act folded
    ["A sb 2", "B bb 4", "C call 4", "A call 1 allin", "B check", "A pat", "B pat", "C pat", "B fold", "C check",
     "A pat", "C pat"],
    # a later round with one player able to act is skipped (§6.2); his check there is the same check
    ["A sb 2", "B bb 4", "C fold", "A call 1 allin", "A pat", "B pat", "B check", "A pat", "B pat"],
], ids=["bb-option", "bb-option-unused", "after-a-fold", "skipped-round"])
def test_the_lone_players_check_is_legal(actions: list[str]) -> None:
    assert _codes(actions) == []


@pytest.mark.parametrize("actions, code", [
    (["A sb 2", "B bb 4", "C fold", "A call 1 allin", "B check", "B check"], "ACTION_AFTER_ROUND_CLOSED"),  # once
    # the next draw has begun: B is still to draw
    (["A sb 2", "B bb 4", "C fold", "A call 1 allin", "A pat", "B check"], "ROUND_NOT_CLOSED"),
    # C raised: he acted in B1, so he is not left with an option when B folds
    (["A sb 2", "B bb 4", "C raise 8", "A call 1 allin", "B fold", "C check"], "ACTION_AFTER_ROUND_CLOSED"),
])
def test_only_before_anything_else_happens_and_only_once(actions: list[str], code: str) -> None:
    assert _codes(actions) == [(code, 5)]


def test_pokerstars_hands_with_lone_checks_are_clean() -> None:
    """The big blind checks after the small blind's short all-in call (single draw), and the last
    player able to act checks after the other one folded (triple draw, the third player all-in)."""
    reports = list(validate([FIXTURE]))
    assert [(r.hand_id, r.findings) for r in reports] == [("300000000001", ()), ("300000000002", ())]


DEAL = ["--game", "27TD-NL", "--stakes", "2/4", "--seat=A=3", "--seat=B=100", "--seat=C=100", "--button", "C"]


def test_the_dealer_offers_and_accepts_the_check_and_the_journal_validates(tmp_path: Path) -> None:
    out = scripted(tmp_path / "j", DEAL, ["fold", "call", "check", "pat", "pat"])
    after_call, after_check = out[1], out[2]
    assert after_call["to_act"] == "A" and after_call["legal"]["lone_check"] == "B"
    assert any("B may still check" in note for note in after_call["notes"])
    assert after_check["message"].endswith("B checks") and "lone_check" not in after_check["legal"]
    assert validate_journal(tmp_path / "j") == {"hand-0001.phh": []}


def test_status_names_the_optional_check_as_the_dealer_does(tmp_path: Path) -> None:
    scripted(tmp_path / "j", DEAL, ["fold", "call"])
    (hand,) = sorted((tmp_path / "j").glob("hand-*.phh"))
    result = CliRunner().invoke(app, ["status", str(hand), "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["legal"]["lone_check"] == "B"
    text = CliRunner().invoke(app, ["status", str(hand)]).stdout
    assert "B: check (optional, RULES.md §7.1)" in text
