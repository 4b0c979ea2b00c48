"""`drawdealer showdown`: output, JSON, ties, Italian decks and every bad input (exit 2, one line).

Every case runs twice: through Typer (CliRunner) and through ``showdown.fast_path``, the route the
console script takes for plain arguments; both must print the same thing.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.cli.showdown_core import fast_path

runner = CliRunner()


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


def run_typer(args: list[str], capsys) -> Result:
    r = runner.invoke(app, ["showdown", *args])
    assert not isinstance(r.exception, Exception) or isinstance(r.exception, SystemExit), r.exception
    return Result(r.exit_code, r.stdout, r.stderr)


def run_fast(args: list[str], capsys) -> Result:
    with pytest.raises(SystemExit) as done:
        fast_path(args)
    out, err = capsys.readouterr()
    return Result(done.value.code or 0, out, err)


@pytest.fixture(params=[run_typer, run_fast], ids=["typer", "fast"])
def run(request, capsys):
    return lambda *args: request.param(list(args), capsys)


# --- output -------------------------------------------------------------------------------------

def test_human_output_best_first(run) -> None:
    r = run("--game", "27", "Bob=7h6d4s3c2d", "Alice=7s5d4c3h2s")
    assert r.code == 0, r.err
    assert r.err == ""
    lines = r.out.splitlines()
    alice = next(i for i, line in enumerate(lines) if "Alice" in line and "7s 5d 4c 3h 2s" in line)
    bob = next(i for i, line in enumerate(lines) if "Bob" in line and "7h 6d 4s 3c 2d" in line)
    assert alice < bob
    assert "7-5-4-3-2 (seven-five low)" in lines[alice] and lines[alice].split()[0] == "1"
    assert "7-6-4-3-2 (seven-six low)" in lines[bob] and lines[bob].split()[0] == "2"
    assert "Winner: Alice" in r.out
    assert "Why: Alice's 7-5-4-3-2 beats Bob's 7-6-4-3-2: 5 is lower than 6 at the second card." in r.out
    assert "♠" not in r.out  # plain text when not on a terminal


def test_json_output(run) -> None:
    r = run("--game", "2-7", "--json", "Bob=7h6d4s3c2d", "Alice=7s5d4c3h2s")
    assert r.code == 0
    data = json.loads(r.out)
    assert set(data) == {"game", "winners", "hands", "explanation"}
    assert data["game"] == "lowball27"
    assert data["winners"] == ["Alice"]
    assert data["hands"] == [
        {"name": "Alice", "cards": "7s 5d 4c 3h 2s", "description": "7-5-4-3-2 (seven-five low)", "place": 1},
        {"name": "Bob", "cards": "7h 6d 4s 3c 2d", "description": "7-6-4-3-2 (seven-six low)", "place": 2},
    ]
    assert data["explanation"] == "Alice's 7-5-4-3-2 beats Bob's 7-6-4-3-2: 5 is lower than 6 at the second card"


def test_bare_hands_are_numbered(run) -> None:
    r = run("--game", "deuce", "--json", "7h 6d 4s 3c 2d", "7s,5d,4c,3h,2s")
    data = json.loads(r.out)
    assert data["winners"] == ["2"]
    assert [x["name"] for x in data["hands"]] == ["2", "1"]


def test_tie_names_every_winner(run) -> None:
    r = run("-g", "27", "--json", "A=7s5h4d3c2s", "B=8h6d4c3s2d", "C=7h5c4s3d2h")
    data = json.loads(r.out)
    assert data["winners"] == ["A", "C"]
    assert [(x["name"], x["place"]) for x in data["hands"]] == [("A", 1), ("C", 1), ("B", 3)]
    assert data["explanation"].startswith("split: A and C have the same ranks (7-5-4-3-2)")
    human = run("-g", "27", "A=7s5h4d3c2s", "B=8h6d4c3s2d", "C=7h5c4s3d2h")
    assert "Split: A, C" in human.out


def test_two_way_tie(run) -> None:
    data = json.loads(run("-g", "27", "--json", "A=7s5h4d3c2s", "B=7h5c4s3d2h").out)
    assert data["winners"] == ["A", "B"]
    assert data["explanation"].startswith("tie:") and "suits do not count" in data["explanation"]


def test_high_game(run) -> None:
    data = json.loads(run("--game", "5cd", "--json", "W=As5h4d3c2s", "K=KhKd9c9s2h").out)
    assert data["game"] == "high"
    assert data["winners"] == ["W"]
    assert data["hands"][0]["description"] == "straight, 5-4-3-2-A"


def test_italian_minimum_straight_flush_beats_the_maximum(run) -> None:
    """RULES.md §12.5 I-2, and I-14's three-way cycle where the royal wins."""
    data = json.loads(run("--game", "italian", "--json", "X=Ac7c8c9cTc", "Y=ThJhQhKhAh").out)
    assert data["game"] == "italian"
    assert data["winners"] == ["X"]
    three = json.loads(run("-g", "ita", "--json", "X=Ac7c8c9cTc", "M=8s9sTsJsQs", "R=ThJhQhKhAh").out)
    assert three["winners"] == ["R"]
    assert sorted(x["place"] for x in three["hands"]) == [1, 2, 3]


def test_italian_never_ties(run) -> None:
    """Equal ranks: the key card's suit decides (RULES.md §12.5 I-6)."""
    data = json.loads(run("-g", "ita", "--json", "X=KhKcQs9d8c", "Y=KdKsQh9c8d").out)
    assert data["winners"] == ["X"]
    assert [x["place"] for x in data["hands"]] == [1, 2]


def test_italian_players_set_the_deck(run) -> None:
    r = run("-g", "ita", "-p", "5", "--json", "X=6s6d8c9hTs", "Y=AhAdKcKsQs")
    assert r.code == 0, r.err
    assert json.loads(r.out)["winners"] == ["Y"]
    r = run("-g", "ita", "--players=9", "--json", "X=As2s3s4s5s", "Y=ThJhQhKhAh")  # §12.5 I-12
    assert json.loads(r.out)["winners"] == ["X"]


# --- bad input: exit 2, one line on stderr naming the argument, nothing on stdout ---------------

BAD = [
    (["-g", "27", "A=7s5d4c3h2x", "B=7h6d4s3c2d"], "hand 1 'A=7s5d4c3h2x': '2x' is not a card"),
    (["-g", "27", "A=7s5d4c3h2s", "B=7h6d4s3c"], "hand 2 'B=7h6d4s3c': a hand is exactly 5 cards, got 4"),
    (["-g", "27", "A=7s5d4c3h2s9c", "B=7h6d4s3c2d"], "hand 1 'A=7s5d4c3h2s9c': a hand is exactly 5 cards, got 6"),
    (["-g", "27", "A=7s7s4c3h2s", "B=7h6d4s3c2d"], "hand 1 'A=7s7s4c3h2s': 7s appears twice"),
    (["-g", "27", "A=7s5d4c3h2s", "B=7h6d4s3c2s"], "hand 2 'B=7h6d4s3c2s': 2s is also in hand 1 (A)"),
    (["-g", "27", "7s5d4c3h2s", "7h6d4s3c2s"], "hand 2 '7h6d4s3c2s': 2s is also in hand 1;"),
    (["-g", "ita", "A=6s7d8c9hTs", "B=AhAdKcKsQs"], "hand 1 'A=6s7d8c9hTs': 6s is not in the 4-player Italian deck"),
    (["-g", "ita", "-p", "2", "A=8s9dTcJhQs", "B=AhAdKcKsQc"], "8s is not in the 2-player Italian deck"),
    (["-g", "ita", "-p", "2", "A=9s9dTcJhQs", "B=AhAdKcKsQc", "C=TsTdJcJsQd"], "--players 2: 3 hands"),
    (["-g", "omaha", "7s5d4c3h2s", "7h6d4s3c2d"], "--game 'omaha': unknown game"),
    (["7s5d4c3h2s", "7h6d4s3c2d"], "--game is required"),
    (["-g", "27", "7s5d4c3h2s"], "a showdown needs at least two hands, got 1"),
    (["-g", "27"], "a showdown needs at least two hands, got 0"),
    (["-g", "27", "A=7s5d4c3h2s", "A=7h6d4s3c2d"], "hand 2 'A=7h6d4s3c2d': the name 'A' is already used by hand 1"),
    (["-g", "27", "=7s5d4c3h2s", "B=7h6d4s3c2d"], "hand 1 '=7s5d4c3h2s': the name before '=' is empty"),
    (["-g", "ita", "-p", "11", "A=7s5d4c3h2s", "B=7h6d4s3c2d"], "--players 11: a table has 2 to 10 players"),
    (["-g", "ita", "-p", "four", "A=7s5d4c3h2s", "B=7h6d4s3c2d"], "--players 'four': not a whole number"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[m.split(":")[0] for _, m in BAD])
def test_bad_input(run, args: list[str], message: str) -> None:
    r = run(*args)
    assert r.code == 2
    assert r.out == ""
    assert r.err.endswith("\n") and r.err.count("\n") == 1, r.err
    assert r.err.startswith("drawdealer: error: ")
    assert message in r.err
    assert "Traceback" not in r.err


# --- the two routes ----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["-g", "27", "Bob=7h6d4s3c2d", "Alice=7s5d4c3h2s"],
    ["--json", "--game=high", "--", "A=AsAd9c5h3s", "B=KsKd9d5d3d"],
    ["-g", "ita", "-p", "6", "X=Jh Jd 8c 7s 6d", "Y=Td Tc 9s 9h Ad"],
])
def test_fast_path_prints_what_typer_prints(args: list[str], capsys) -> None:
    assert run_fast(args, capsys).__dict__ == run_typer(args, capsys).__dict__


@pytest.mark.parametrize("args", [["--help"], ["-g", "27", "--bogus", "7s5d4c3h2s"], ["-g27", "A=7s5d4c3h2s"], ["-g"]])
def test_fast_path_leaves_anything_else_to_typer(args: list[str]) -> None:
    assert fast_path(args) is None


def test_console_entry_point() -> None:
    """The real entry point, in a fresh interpreter: output, exit codes, no traceback."""
    ok = subprocess.run([sys.executable, "-m", "drawdealer", "showdown", "--game", "27", "7s5d4c3h2s", "7h6d4s3c2d"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    assert "Winner: 1" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "drawdealer", "showdown", "--game", "27", "7s5d4c3h2s", "7s6d4s3c2d"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.splitlines() == ["drawdealer: error: hand 2 '7s6d4s3c2d': 7s is also in hand 1; "
                                       "a card can be dealt only once"]


def test_help_lists_the_options() -> None:
    r = runner.invoke(app, ["showdown", "--help"])
    assert r.exit_code == 0
    for word in ("--game", "--players", "--json", "NAME=CARDS"):
        assert word in r.stdout


# --- card rendering ----------------------------------------------------------------------------

def test_render_cards() -> None:
    from drawdealer.cli.render import card_text, cards_text
    from drawdealer.engine.cards import parse_hand

    hand = parse_hand("7s 5d 4c 3h Ts")
    fancy = cards_text(hand)
    assert fancy.plain == "7♠ 5♦ 4♣ 3♥ T♠"
    assert {str(span.style) for span in fancy.spans} >= {"bold red", "bold blue", "bold green"}
    assert cards_text(hand, fancy=False).plain == "7s 5d 4c 3h Ts"
    assert card_text(hand[3]).style == "bold red"
