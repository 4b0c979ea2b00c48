"""``drawdealer potlimit`` (RULES.md §7.3; its examples are §12.1 PL-1..PL-10)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app

runner = CliRunner()

# id: (arguments, to call, min raise to, max raise to, pot after call) — RULES.md §12.1
EXAMPLES = {
    "PL-1": (["--pot", "0", "--bets", "SB=1,BB=2,UTG=0", "--actor", "UTG", "--big-blind", "2"], 2, 4, 7, 5),
    "PL-2": (["--pot", "0", "--bets", "SB=1,BB=2,UTG=7,HJ=0", "--actor", "HJ", "--big-blind", "2"], 7, 12, 24, 17),
    "PL-3": (["--pot", "0", "--bets", "SB=1,BB=2,UTG=7,CO=7", "--actor", "SB", "--big-blind", "2"], 6, 12, 30, 23),
    "PL-4": (["--pot", "0", "--bets", "SB=30,BB=2,UTG=7,CO=7", "--actor", "BB", "--big-blind", "2"], 28, 53, 104, 74),
    "PL-5": (["--pot", "0", "--bets", "BTN=5,BB=10", "--actor", "BTN", "--big-blind", "10"], 5, 20, 30, 20),
    "PL-6": (["--pot", "40", "--bets", "A=0,B=0,C=0", "--actor", "A", "--big-blind", "2"], 0, 2, 40, 40),
    "PL-7": (["--pot", "40", "--bets", "A=10,B=30,C=0", "--actor", "C", "--big-blind", "2"], 30, 50, 140, 110),
    "PL-8": (["--pot", "40", "--bets", "A=10,B=30,C=30", "--actor", "A", "--big-blind", "2"], 20, 50, 160, 130),
    "PL-9": (["--pot", "0", "--bets", "SB=30,BB=2,UTG=7,CO=7", "--actor", "BB", "--big-blind", "2", "--stack", "60"],
             28, 53, 62, 74),
    "PL-10": (["--pot", "60", "--bets", "A=20,B=25,C=0", "--actor", "C", "--big-blind", "2"], 25, 45, 155, 130),
}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_json_matches_rules_examples(example):
    args, call, least, most, after = EXAMPLES[example]
    result = runner.invoke(app, ["potlimit", *args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"to_call": call, "min_raise_to": least, "max_raise_to": most,
                                         "pot_after_call": after}


def test_human_output_spells_out_the_arithmetic():
    result = runner.invoke(app, ["potlimit", *EXAMPLES["PL-4"][0]])
    assert result.exit_code == 0
    assert "H + P + (H − c) = 30 + 46 + 28 = 104" in result.stdout
    assert "H + Lraise = 30 + 23 = 53" in result.stdout
    assert "pot after call: 74" in result.stdout


def test_stack_clips_the_maximum():
    result = runner.invoke(app, ["potlimit", *EXAMPLES["PL-9"][0]])
    assert "clipped by the stack: all-in to c + stack = 2 + 60 = 62" in result.stdout
    assert "max raise to:   62" in result.stdout


def test_last_raise_overrides_the_inference():
    # A raised to 7, B re-raised to 30 and A called: the 7 is no longer in front; the last raise was 23.
    args = ["potlimit", "--pot", "0", "--bets", "A=30,B=30,SB=1,BB=2,C=0", "--actor", "C", "--big-blind", "2", "--json"]
    inferred = json.loads(runner.invoke(app, args).stdout)
    assert inferred["min_raise_to"] == 58  # 30 + 28: the visible step 2 -> 30
    given = json.loads(runner.invoke(app, [*args, "--last-raise", "23"]).stdout)
    assert given["min_raise_to"] == 53


@pytest.mark.parametrize(("args", "limit", "least"), [
    (["--pot", "2", "--bets", "A=0,B=0", "--actor", "A", "--big-blind", "10"], 2, 10),
    (["--pot", "3", "--bets", "A=3,B=0", "--actor", "B", "--big-blind", "10", "--last-raise", "10"], 12, 13),
])
def test_a_pot_below_the_minimum_allows_the_minimum(args, limit, least):
    """RULES.md §7.3: a pot of antes below the big blind, an all-in bet short of it: the pot limit is
    below the minimum bet or raise, and the minimum is allowed (betting.pot_limit_max_to)."""
    result = runner.invoke(app, ["potlimit", *args])
    assert result.exit_code == 0
    assert f"the pot limit {limit} is below the minimum {least}: the minimum is allowed" in result.stdout
    quote = json.loads(runner.invoke(app, ["potlimit", *args, "--json"]).stdout)
    assert quote["min_raise_to"] == quote["max_raise_to"] == least


def test_short_stack_can_only_call():
    result = runner.invoke(app, ["potlimit", "--pot", "0", "--bets", "A=10,B=0", "--actor", "B", "--stack", "8",
                                 "--json"])
    assert json.loads(result.stdout) == {"to_call": 10, "min_raise_to": None, "max_raise_to": None,
                                         "pot_after_call": 18}


@pytest.mark.parametrize(("args", "message"), [
    (["--pot", "0", "--bets", "A=1,B=-2", "--actor", "A"], "negative"),
    (["--pot", "-5", "--bets", "A=1,B=2", "--actor", "A"], "--pot -5 is negative"),
    (["--pot", "0", "--bets", "A=1,B=2", "--actor", "Z"], "'Z' is not in --bets"),
    (["--pot", "0", "--bets", "", "--actor", "A"], "empty"),
    (["--pot", "0", "--bets", "A=x", "--actor", "A"], "not a whole number"),
    (["--pot", "0", "--bets", "A1", "--actor", "A"], "not NAME=AMOUNT"),
    (["--pot", "0", "--bets", "A=1", "--actor", "A", "--stack", "-1"], "--stack -1 is negative"),
])
def test_bad_input_exits_2_with_one_line(args, message):
    result = runner.invoke(app, ["potlimit", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("drawdealer: error: ") and message in lines[0]


def test_without_the_big_blind_the_output_warns_that_blinds_are_read_as_bets():
    """Blinds 5/10 in front and no --big-blind: the steps 0→5→10 give Lraise 5 (min raise to 15), which is
    right for a bet and a min raise but not for the blinds (RULES.md §7.3: Lraise is at least the big blind), so the
    human output says to give --big-blind; with it the note is gone and the answer is 20 (PL-5)."""
    bare = runner.invoke(app, ["potlimit", "--pot", "0", "--bets", "BTN=5,BB=10", "--actor", "BTN"])
    assert bare.exit_code == 0
    assert "min raise to:   15" in bare.stdout and "give --big-blind" in bare.stdout
    given = runner.invoke(app, ["potlimit", *EXAMPLES["PL-5"][0]])
    assert "min raise to:   20" in given.stdout and "--big-blind" not in given.stdout
