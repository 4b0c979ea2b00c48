"""``drawdealer deal`` set-up: bad input is one line on stderr and exit 2 (issue 5); a TOML config
and ``--option`` set RULES.md §13 options; the default journal directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deal_support import deal, scripted

BASE = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Ben=100", "--button", "Ann"]


def _with(**changes: object) -> list[str]:
    args = list(BASE)
    for flag, value in changes.items():
        flag = "--" + flag.replace("_", "-")
        if flag in args:
            k = args.index(flag)
            del args[k:k + 2]
        if value is not None:
            args += [flag, str(value)]
    return args


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (_with(game="holdem"), "--game 'holdem': unknown game"),
        (_with(game=None), "--game is required"),
        (_with(limit="half"), "--limit 'half': expected fixed, pot or no"),
        (_with(game="ITA", stakes=None), "--chip N is required"),
        (_with(stakes="1-2"), "--stakes '1-2': expected SB/BB"),
        (_with(stakes="2/1"), "the small blind 2 is larger than the big blind 1"),
        (_with(stakes="a/2"), "'a' is not a whole number"),
        (_with(stakes="1/0"), "must be at least 1"),
        (_with(stakes=None), "--stakes SB/BB is required"),
        (_with(button="Zed"), "--button Zed: not seated"),
        (_with(button=None), "--button NAME is required"),
        (_with(chip="1"), "--invito/--chip are for Italian poker"),
        (_with(chip="x"), "--chip: 'x' is not a whole number"),
        (BASE + ["--seat=ann=50"], "--seat ann: the name is used twice"),
        (BASE + ["--seat=Cat"], "expected NAME=STACK"),
        (BASE + ["--seat=Cat=-5"], "must be at least 1"),
        (BASE + ["--seat=Bad Name=5"], "a name is 1-32 letters"),
        (BASE + [f"--seat=X{i}=10" for i in range(5)], "7 players, but 27TD-FL seats at most 6 players (RULES.md "
                                                        "§18.1); MAX_PLAYERS_27 raises it, up to 10: --option "
                                                        "MAX_PLAYERS_27=7"),
        (_with(game="BADUGI-FL") + [f"--seat=X{i}=10" for i in range(7)],
         "9 players, but BADUGI-FL seats at most 8 players (RULES.md §18.1); no option raises it"),
        (_with(game="27SD-NL") + [f"--seat=X{i}=10" for i in range(7)],
         "9 players, but 27SD-NL seats at most 8 players (RULES.md §18.1); MAX_PLAYERS_27 raises it, up to 10"),
        (BASE + ["--option", "NOPE=1"], "--option NOPE: unknown option"),
        (BASE + ["--option", "FL_MAX_BETS_PER_ROUND=1"], "--option FL_MAX_BETS_PER_ROUND: must be within 2.."),
        (BASE + ["--option", "garbage"], "expected KEY=VALUE"),
        (["--game", "ITA", "--chip", "1", "--seat=A=10", "--seat=B=10", "--button", "A"], "--invito N"),
        (["--resume", "somewhere", "--game", "ITA"], "--resume DIR takes the table from the journal; drop --game"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], fragment: str) -> None:
    code, out, err = deal([*args, "--journal", str(tmp_path / "j")] if "--resume" not in args else args, ["status"])
    assert code == 2
    assert out == []
    assert err.startswith("drawdealer: error: ") and err.count("\n") == 1, err
    assert fragment in err, err
    assert "Traceback" not in err
    assert not (tmp_path / "j" / "session.toml").exists()


def test_a_journal_directory_already_in_use_is_refused_and_kept(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, BASE, ["call"])
    before = {p.name: p.read_bytes() for p in journal.iterdir()}
    code, out, err = deal([*BASE, "--journal", str(journal)], ["fold"])
    assert code == 2 and "already holds a session; continue it with --resume" in err
    assert {p.name: p.read_bytes() for p in journal.iterdir()} == before


def test_config_file_sets_the_table_and_options(tmp_path: Path) -> None:
    config = tmp_path / "game.toml"
    config.write_text(
        'game = "27TD"\nlimit = "pot"\nstakes = "5/10"\nbutton = "Ann"\n'
        "[seats]\nAnn = 500\nBen = 500\nCat = 500\n"
        "[options]\nMIN_OPEN_PREDRAW = \"TWO_BB\"\n"
    )
    code, out, err = deal(["--config", str(config), "--journal", str(tmp_path / "j")], ["call", "status"])
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    assert out[0]["message"].startswith("refused") and "MIN_OPEN_VIOLATION" in out[0]["message"]
    assert out[1]["to_act"] == "Ann" and out[1]["legal"]["max_raise_to"] == 35  # pot limit: 10 + 15 + 10
    text = (tmp_path / "j" / "session.toml").read_text()
    assert 'game = "27TD-PL"' in text and 'MIN_OPEN_PREDRAW = "TWO_BB"' in text
    # flags win over the config
    code, out, err = deal(["--config", str(config), "--limit", "no", "--journal", str(tmp_path / "k")], ["status"])
    assert code == 0 and out[0]["legal"]["max_raise_to"] == 500


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("game = ", "not valid TOML"), ("colour = 1\n", "unknown key 'colour'"),
     ("game = \"27TD-FL\"\nseats = 3\n", "'seats' must be")],
)
def test_bad_config_is_one_line_and_exit_2(tmp_path: Path, text: str, fragment: str) -> None:
    config = tmp_path / "bad.toml"
    config.write_text(text)
    code, out, err = deal(["--config", str(config), "--journal", str(tmp_path / "j")], [])
    assert code == 2 and err.count("\n") == 1 and fragment in err, err


def test_default_journal_directory_is_created_and_named(tmp_path: Path) -> None:
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, out, err = deal(BASE, ["call"])
    finally:
        os.chdir(cwd)
    assert code == 0
    (made,) = (tmp_path / "drawdealer-journal").iterdir()
    assert err.strip() == f"journal: {made}"
    assert (made / "session.toml").is_file() and (made / "hand-0001.phh").is_file()


def test_option_flag_changes_the_rules(tmp_path: Path) -> None:
    out = scripted(tmp_path / "j", [*BASE, "--option", "FL_STRUCTURE=FLAT", "--option", "BIG_BET_MULTIPLIER=3"],
                   ["call", "check", "pat", "pat", "check", "check", "pat", "pat", "status"])
    assert out[-1]["street"] == "B3" and out[-1]["legal"]["min_bet"] == 2  # FLAT: every bet is the BB


@pytest.mark.parametrize("players", [7, 8])
def test_badugi_seats_eight_and_its_journal_validates(tmp_path: Path, players: int) -> None:
    """RULES.md §18.1 (issue 26 item 5): Badugi seats 2 to 8 whatever MAX_PLAYERS_27 says; ``deal``
    takes 7 and 8 players, deals four cards each (a stub of 52 - 4n), and the hand it journals
    validates clean."""
    from deal_support import validate_journal

    seats = [f"--seat=P{i}=100" for i in range(players)]
    args = ["--game", "BADUGI-FL", "--stakes", "1/2", *seats, "--button", "P0"]
    out = scripted(tmp_path / "j", args, ["status"] + ["fold"] * (players - 1))
    assert out[0]["stub"] == 52 - 4 * players and out[0]["to_act"] == ("P3" if players > 3 else "P0")
    assert out[-1]["street"] == "AWARD" and out[-1]["stacks"]["P2"] == 101  # folded to the big blind
    assert validate_journal(tmp_path / "j")["hand-0001.phh"] == []
