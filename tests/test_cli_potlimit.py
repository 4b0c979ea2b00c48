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
    (["--pot", "-5", "--bets", "A=1,B=2", "--actor", "A"], "--pot: '-5' is negative"),
    (["--pot", "0", "--bets", "A=1,B=2", "--actor", "Z"], "'Z' is not in --bets"),
    (["--pot", "0", "--bets", "", "--actor", "A"], "empty"),
    (["--pot", "0", "--bets", "A=x", "--actor", "A"], "--bets (A): 'x' is not an amount"),
    (["--pot", "0", "--bets", "A=0.505", "--actor", "A"], "--bets (A): '0.505' has more than two decimals"),
    (["--pot", "0", "--bets", "A=1.5", "--actor", "A", "--big-blind", "1.005"], "--big-blind: '1.005' has more"),
    (["--pot", "$1", "--bets", "A=€1", "--actor", "A"], "amounts in more than one currency"),
    (["--pot", "0", "--bets", "A=1,A=2", "--actor", "A"], "A is listed twice"),
    (["--pot", "0", "--bets", "A1", "--actor", "A"], "not NAME=AMOUNT"),
    (["--pot", "0", "--bets", "A=1", "--actor", "A", "--stack", "-1"], "--stack: '-1' is negative"),
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


# --- money and the opening bet (issue 17) ------------------------------------------------------

def test_money_amounts_are_worked_in_cents_and_printed_as_money():
    """PL-3 (RULES.md §12.1) at 1 = $0.05: every amount scales, the arithmetic is the same."""
    result = runner.invoke(app, ["potlimit", "--pot", "0", "--bets", "SB=0.05,BB=0.10,UTG=0.35,CO=0.35",
                                 "--actor", "SB", "--big-blind", "0.10"])
    assert result.exit_code == 0, result.output
    assert "max raise to: H + P + (H − c) = 0.35 + 0.85 + 0.30 = 1.50" in result.stdout
    assert "to call:        0.30" in result.stdout
    assert "min raise to:   0.60" in result.stdout
    assert "max raise to:   1.50" in result.stdout
    assert "pot after call: 1.15" in result.stdout


def test_a_currency_sign_is_kept_and_whole_amounts_beside_cents_are_money():
    result = runner.invoke(app, ["potlimit", "--pot", "$2", "--bets", "UTG=0.50,BB=0.25", "--actor", "BB",
                                 "--stack", "1"])
    assert result.exit_code == 0, result.output
    assert "P = $2.00 in the middle + $0.75 in front = $2.75" in result.stdout
    assert "max raise to: H + P + (H − c) = $0.50 + $2.75 + $0.25 = $3.50" in result.stdout
    # the whole 1 behind is $1.00, not 1 cent: the all-in is to 0.25 + 1.00
    assert "clipped by the stack: all-in to c + stack = $0.25 + $1.00 = $1.25" in result.stdout
    assert "max raise to:   $1.25" in result.stdout


def test_money_json_is_in_cents_and_says_so():
    result = runner.invoke(app, ["potlimit", "--pot", "0", "--bets", "UTG=0.50,BB=0.25", "--actor", "BB", "--json"])
    assert json.loads(result.stdout) == {"to_call": 25, "min_raise_to": 75, "max_raise_to": 150,
                                         "pot_after_call": 100, "unit": "cents"}


def test_nobody_has_bet_says_min_bet_and_max_bet():
    """PL-6: pot 40, nobody has bet; the actor opens, so the answer is a bet, not a raise."""
    result = runner.invoke(app, ["potlimit", *EXAMPLES["PL-6"][0]])
    assert result.exit_code == 0
    assert "min bet:        2" in result.stdout and "max bet:        40" in result.stdout
    assert "raise to" not in result.stdout
    facing = runner.invoke(app, ["potlimit", *EXAMPLES["PL-7"][0]])
    assert "min raise to:   50" in facing.stdout and "min bet" not in facing.stdout
