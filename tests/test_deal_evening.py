"""A whole evening at the dealer's table (issue 16): rebuys, arrivals, departures, sitting out, the
button, ``undo`` of session commands and of ``next``, and the ledger, through ``--json``.

Expectations are chip arithmetic and RULES.md §6.1 (the button moves one occupied seat clockwise;
blinds fall left of it among the players dealt in), never a previous run's output.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from deal_support import deal, scripted, validate_journal
from drawdealer.cli.app import app

FL = ["--game", "27TD-FL", "--stakes", "1/2"]


def _ledger(line: dict) -> dict[str, tuple[int, int, int, int, int]]:
    """``{name: (bought_in, cashed_out, stack, net, hands)}`` of a ``ledger`` JSON object."""
    return {p["name"]: (p["bought_in"], p["cashed_out"], p["stack"], p["net"], p["hands"])
            for p in line["players"]}


def test_27td_fl_evening_with_a_rebuy_a_late_arrival_and_a_departure(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    commands = [
        "rebuy Bob 50",              # hand 1: Ann button, Bob SB 1, Cy BB 2, Ann first (RULES.md §6.1, §6.2)
        "fold",                      # Ann
        "seat Dan 120 after Ann",    # arrives: dealt in from the next hand
        "fold",                      # Bob: Cy wins the blinds; the hand is over
        "leave Cy",
        "undo", "undo", "undo",      # takes back, in order: leave Cy, Bob's fold, seat Dan
        "seat Dan 120 after Ann", "fold", "leave Cy",
        "next",                      # hand 2: Cy cashed out 101; the button moves to Dan (next seat after Ann)
        "undo",                      # back into hand 1, over, with its three changes pending
        "next",
        "ledger",
        "fold", "fold",              # hand 2: Dan and Bob fold to Ann's big blind
        "quit",
    ]
    out = scripted(journal, [*FL, "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100", "--button", "Ann"], commands)
    assert all(line["ok"] for line in out)
    assert out[0]["message"] == "ok: Bob rebuys 50 (at the next deal)"
    assert out[0]["stacks"] == {"Ann": 100, "Bob": 99, "Cy": 98}  # the rebuy waits for the next deal
    assert out[5]["message"] == "undone: Cy leaves (cashes out)"
    assert out[6]["message"].startswith("undone: Bob folds") and out[6]["to_act"] == "Bob"
    assert out[7]["message"].startswith("undone: Dan takes a seat with 120")
    hand2 = out[11]
    assert hand2["hand"] == 2 and hand2["message"] == "hand 2: Dan has the button"
    # Ann, Dan, Bob clockwise: Dan button, Bob SB (149 - 1), Ann BB (100 - 2), Dan first to act
    assert hand2["stacks"] == {"Ann": 98, "Dan": 120, "Bob": 148} and hand2["to_act"] == "Dan"
    back = out[12]
    assert back["hand"] == 1 and back["street"] == "AWARD" and back["stacks"] == {"Ann": 100, "Bob": 99, "Cy": 101}
    assert back["message"] == "undone: next (back in hand 1; hand 2 is not dealt)"
    assert out[13]["stacks"] == hand2["stacks"]
    ledger = out[14]["ledger"]
    assert _ledger(ledger) == {"Ann": (100, 0, 100, 0, 1), "Bob": (150, 0, 149, -1, 1), "Cy": (100, 101, 0, 1, 1),
                               "Dan": (120, 0, 120, 0, 0)}
    assert ledger["hand_under_way"] == 2 and ledger["balance"] == 0 and ledger["adds_up"]
    end = out[-1]["ledger"]  # quit: hand 2 is over, Ann took the blinds
    assert _ledger(end) == {"Ann": (100, 0, 101, 1, 2), "Bob": (150, 0, 148, -2, 2), "Cy": (100, 101, 0, 1, 1),
                            "Dan": (120, 0, 120, 0, 1)}
    assert end["hands"] == 2 and end["balance"] == 0
    assert "the ledger adds up" in out[-1]["message"]
    assert out[-1]["message"].endswith(f"bye: continue with: drawdealer deal --resume {journal}")
    for name, findings in validate_journal(journal).items():  # each hand file is a clean PHH hand
        assert [f for f in findings if f["severity"] == "error"] == [], name
    assert not (journal / "hand-0003.phh").exists()
    # the ledger command reads the same from the journal, and changes nothing in it
    before = {p.name: p.read_bytes() for p in journal.iterdir()}
    result = CliRunner().invoke(app, ["ledger", str(journal), "--json"])
    assert result.exit_code == 0, result.stderr
    import json

    assert _ledger(json.loads(result.stdout)) == _ledger(end)
    text = CliRunner().invoke(app, ["ledger", str(journal)])
    assert text.exit_code == 0 and "nets 0 + rake 0 = 0: the ledger adds up" in text.stdout
    assert {p.name: p.read_bytes() for p in journal.iterdir()} == before


def test_sitout_sitin_and_button_correction(tmp_path: Path) -> None:
    """A player sitting out is not dealt in and the blinds fall among the others (RULES.md §6.1);
    ``sitin NAME`` deals him in at the next hand; ``button NAME`` puts the button where the dealer
    says instead of moving it."""
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=100", "--seat=D=100"]
    commands = [
        "sitout C", "fold", "fold", "fold",          # hand 1 (A button: B SB, C BB, D first): D, A, B fold
        "next",                                       # hand 2: A, B, D; button B; D SB, A BB, B first
        "sitin C", "fold", "fold",                    # B and D fold
        "button A", "next",                           # hand 3: the button stays with A: B SB, C BB
    ]
    out = scripted(tmp_path / "j", [*FL, *seats, "--button", "A"], commands)
    hand2 = out[4]
    assert hand2["message"] == "hand 2: B has the button"
    assert hand2["stacks"] == {"A": 98, "B": 99, "C": 101, "D": 99}  # D posts SB 1, A BB 2; C not dealt in
    assert hand2["to_act"] == "B"
    hand3 = out[-1]
    assert hand3["message"] == "hand 3: A has the button"
    assert hand3["stacks"] == {"A": 101, "B": 98, "C": 99, "D": 99} and hand3["to_act"] == "D"


def test_sitin_bb_waits_for_the_big_blind(tmp_path: Path) -> None:
    """``sitin NAME bb``: the returning player stays out until the next hand would make him the big
    blind, then posts it (the second documented option for a returning player)."""
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=100", "--seat=D=100", "--seat=E=100"]
    commands = [
        "sitout C", "fold", "fold", "fold", "fold", "next",  # hand 1 (A button; B SB, C BB): C wins 3
        "sitin C bb", "fold", "fold", "fold", "next",        # hand 2: B button, D SB, E BB (C out)
        "fold", "fold", "fold", "next",                      # hand 3: D button; with C in, A would be BB
        "fold", "fold", "fold", "next",                      # hand 4: E button; with C in, B would be BB
    ]
    out = scripted(tmp_path / "j", [*FL, *seats, "--button", "A"], commands)
    buttons = [out[k]["message"] for k in (5, 10, 14, 18)]
    assert buttons == [f"hand {n}: {b} has the button" for n, b in ((2, "B"), (3, "D"), (4, "E"), (5, "A"))]
    assert [out[k]["stacks"]["C"] for k in (5, 10, 14)] == [101, 101, 101]  # waiting: not dealt in
    hand5 = out[18]  # A button, B SB, C BB: C is dealt in posting the big blind
    assert hand5["stacks"]["C"] == 99 and hand5["to_act"] == "D"
    code, lines, _ = deal(["--resume", str(tmp_path / "j")], ["status"])
    assert code == 0 and lines[0]["stacks"] == hand5["stacks"]


def test_session_commands_are_refused_with_what_was_typed_and_why(tmp_path: Path) -> None:
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=100"]
    commands = ["rebuy Zed 10", "seat A 50", "seat D 50 after Q", "sitin B", "leave b", "rebuy B 10",
                "sitin A bb", "rebuy A x"]
    code, out, err = deal([*FL, *seats, "--button", "A", "--journal", str(tmp_path / "j")], commands)
    assert code == 1 and err.strip().endswith("7 commands refused")
    assert [line["ok"] for line in out] == [False, False, False, False, True, False, False, False]
    messages = [line["message"].split(" — ")[0] for line in out]
    assert messages[0] == "refused 'rebuy Zed 10': Zed is not seated (players: A, B, C)"
    assert messages[1] == "refused 'seat A 50': A is already seated: use rebuy A CHIPS"
    assert messages[2] == "refused 'seat D 50 after Q': no seat after Q: not seated (players: A, B, C)"
    assert messages[3] == "refused 'sitin B': B is not sitting out"
    assert messages[4] == "ok: B leaves (cashes out) (at the next deal)"
    assert messages[5].startswith("refused 'rebuy B 10': B is not seated")  # he is leaving
    assert messages[6] == "refused 'sitin A bb': A is not sitting out"
    assert messages[7] == "refused 'rebuy A x': 'rebuy' needs the chips as a whole number, not 'x'"
    assert out[7]["message"].endswith("A: call 2 · raise to 4 · fold")  # and the choices


def test_a_seat_beyond_the_table_size_is_refused(tmp_path: Path) -> None:
    seats = [f"--seat=P{i}=50" for i in range(1, 7)]
    code, out, _ = deal([*FL, *seats, "--button", "P1", "--journal", str(tmp_path / "j")], ["seat Q 50"])
    assert code == 1 and out[0]["message"].startswith(
        "refused 'seat Q 50': the table is full: 27TD-FL seats at most 6 players (RULES.md §18.1); MAX_PLAYERS_27 "
        f"raises it, up to 10: quit, then drawdealer deal --resume {tmp_path / 'j'} --option MAX_PLAYERS_27=7")


def test_config_takes_the_session_toml_layout_and_a_journal_session_file(tmp_path: Path) -> None:
    """``--config`` accepts ``[stakes]`` as a table and ``[[seats]]`` rows, as ``session.toml`` writes
    them; a journal's own session file starts a new session with its table (issue 16)."""
    config = tmp_path / "table.toml"
    config.write_text('game = "27TD-FL"\nbutton = "Bob"\n[stakes]\nsb = 5\nbb = 10\n'
                      '[[seats]]\nname = "Ann"\nstack = 1500\n[[seats]]\nname = "Bob"\nstack = 2500\n'
                      '[options]\nFL_MAX_BETS_PER_ROUND = 5\n')
    out = scripted(tmp_path / "a", ["--config", str(config)], ["call", "rebuy Ann 500", "check", "quit"])
    assert out[0]["stacks"] == {"Ann": 1490, "Bob": 2490}  # heads-up: Bob (button) posts the SB... then calls
    first = tmp_path / "a" / "session.toml"
    again = scripted(tmp_path / "b", ["--config", str(first)], ["status"])
    # the session file's table, at the start of its current hand; its evening (rebuy pending) is not carried
    assert again[0]["stacks"] == {"Ann": 1490, "Bob": 2495}
    assert again[0]["hand"] == 1 and again[0]["to_act"] == "Bob"
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "27TD-FL"\nbutton = "Bob"\n[stakes]\nsb = 5\nbig = 10\n[seats]\nAnn = 1\nBob = 2\n')
    code, _, err = deal(["--config", str(bad), "--journal", str(tmp_path / "c")], [])
    assert code == 2 and f"--config {bad}: unknown stake 'big'" in err


def test_options_lists_every_rules_13_key_with_default_domain_and_section() -> None:
    import json

    from drawdealer.engine.options import OPTION_SPECS

    result = CliRunner().invoke(app, ["options", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [r["key"] for r in rows] == list(OPTION_SPECS)
    by = {r["key"]: r for r in rows}
    assert by["IT_DELAYED_CARD_BURN"] == {"key": "IT_DELAYED_CARD_BURN", "default": "false", "domain": "bool",
                                          "section": "6.4"}
    assert by["LAST_CARD_RULE"]["default"] == "HOLD_BACK" and by["RAKE_CAP"]["default"] == "none"
    text = CliRunner().invoke(app, ["options"]).stdout
    assert any(line.split()[:3] == ["RESHUFFLE_POLICY", "STAGED", "§8.4"] for line in text.splitlines())


def test_ledger_of_a_directory_without_a_session_is_one_line_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["ledger", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0 and "no dealing session" in result.stderr


def test_a_journal_written_before_the_evening_keys_still_resumes(tmp_path: Path) -> None:
    """Backward compatibility: a session file without the issue-16 keys (accounts, pending, rake, hands
    played, away) resumes; every player's buy-in is his stack in hand 1 and the ledger adds up."""
    import re

    journal = tmp_path / "j"
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=100"]
    out = scripted(journal, [*FL, *seats, "--button", "A"], ["fold", "fold", "next", "call", "fold"])
    session = journal / "session.toml"
    text = session.read_text()
    old = re.sub(r"(?ms)^\[\[players\]\].*?(?=^\[|\Z)", "", text)
    old = re.sub(r"(?m)^(rake|hands_played|pending) = .*\n", "", old)
    assert "players" not in old and "pending" not in old and "hands_played" not in old
    session.write_text(old)
    for kept in journal.glob("hand-*.session.toml"):
        kept.unlink()
    code, lines, err = deal(["--resume", str(journal)], ["status", "ledger", "fold"])
    assert code == 0, err
    assert lines[0]["stacks"] == out[-1]["stacks"]
    ledger = lines[1]["ledger"]
    assert {p["name"]: (p["bought_in"], p["hands"]) for p in ledger["players"]} == {"A": (100, 1), "B": (100, 1),
                                                                                   "C": (100, 1)}
    assert ledger["hands"] == 1 and ledger["adds_up"]


def test_the_rake_is_in_the_ledger_and_the_sum_is_zero(tmp_path: Path) -> None:
    """RAKE_PERCENT 50 (RULES.md §9.5): a pot of 6 past the first round is raked 3; B collects 3. The
    nets (−2, +1, −2) and the rake (3) add up to zero, across a rebuy and the next hand."""
    commands = ["call", "call", "check", "pat", "pat", "pat", "bet 2", "fold", "fold", "rebuy C 50", "next",
                "ledger"]
    out = scripted(tmp_path / "j", [*FL, "--seat=A=100", "--seat=B=100", "--seat=C=100", "--button", "A",
                                    "--option", "RAKE_PERCENT=50"], commands)
    ledger = out[-1]["ledger"]
    assert ledger["rake"] == 3 and ledger["balance"] == 0
    assert {p["name"]: p["net"] for p in ledger["players"]} == {"A": -2, "B": 1, "C": -2}
    assert {p["name"]: p["bought_in"] for p in ledger["players"]} == {"A": 100, "B": 100, "C": 150}
    assert "nets -3 + rake 3 = 0: the ledger adds up" in out[-1]["message"]


def test_ledger_reads_a_journal_while_its_session_runs(tmp_path: Path) -> None:
    """The running session holds the journal's lock; ``drawdealer ledger`` only reads, so it needs none."""
    import subprocess
    import sys

    journal = tmp_path / "j"
    proc = subprocess.Popen([sys.executable, "-m", "drawdealer", "deal", *FL, "--seat=A=100", "--seat=B=100",
                             "--button", "A", "--journal", str(journal), "--json"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        proc.stdin.write("rebuy B 25\n")
        proc.stdin.flush()
        assert '"ok": true' in proc.stdout.readline()
        result = CliRunner().invoke(app, ["ledger", str(journal), "--json"])
        assert result.exit_code == 0, result.stderr
        assert '"bought_in": 125' in result.stdout
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == 0
