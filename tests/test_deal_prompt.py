"""The interactive prompt of ``drawdealer deal`` on a real terminal (pexpect): tab completion of
commands and player names, history (arrow up), the Rich screen, ``quit`` (issue 5)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")


def _spawn(args: list[str], cwd: Path):
    env = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="40", NO_COLOR="1")
    child = pexpect.spawn(sys.executable, ["-m", "drawdealer", "deal", *args], cwd=str(cwd), env=env,
                          encoding="utf-8", timeout=60, dimensions=(40, 120))
    return child


def test_interactive_prompt_completion_history_and_quit(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    child = _spawn(["--game", "27TD-NL", "--stakes", "1/2", "--seat=Alice=100", "--seat=Bob=100",
                    "--button", "Alice", "--journal", str(journal)], tmp_path)
    child.expect_exact("Alice: call 1 · raise to 4–100 (all-in) · fold")
    child.expect_exact(f"journal: {journal}")
    child.expect_exact("[hand 1 B1 Alice] > ")
    child.send("ca\t")                       # completes the command word
    child.expect_exact("call ")
    child.send("\r")
    child.expect_exact("ok: Alice calls 1")
    child.expect_exact("[hand 1 B1 Bob] > ")
    child.send("sh\t")                       # no showdown now: 'show' is not offered (issue 16)
    child.expect_exact("\x07")
    child.send("ow Bob 7s 5h 4d 3c 2s\r")
    child.expect_exact("refused 'show Bob 7s 5h 4d 3c 2s': no showdown now (B1)")
    child.send("rebuy b\t")                  # completes a seated player's name after rebuy
    child.expect_exact("Bob ")
    child.send("50\r")
    child.expect_exact("ok: Bob rebuys 50 (at the next deal)")
    child.send("status\r")
    child.expect_exact("status of")
    child.expect_exact("[hand 1 B1 Bob] > ")
    child.send("\x1b[A")                     # arrow up recalls "status"
    child.expect_exact("status")
    child.send("\r")
    child.expect_exact("status of")
    child.send("check\r")
    child.expect_exact("D1: Bob draws now (0-5 cards); stub 42 cards, 41 dealable")
    child.expect_exact("ok: Bob checks")
    child.send("quit\r")
    child.expect_exact("the ledger adds up")  # quit prints the ledger and the way back (issue 16)
    child.expect_exact(f"bye: continue with: drawdealer deal --resume {journal}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "commands = 3" in (journal / "session.toml").read_text()
    history = [line.strip() for line in (journal / "history").read_text().splitlines()]
    assert history == ["call", "show Bob 7s 5h 4d 3c 2s", "rebuy Bob 50", "status", "status", "check", "quit"]


def test_the_table_is_redrawn_in_place_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal each command clears the screen and draws the table from the top (issue 16):
    one clear-and-home per screen, so the table stays put; the prompt keeps its history."""
    journal = tmp_path / "j"
    child = _spawn(["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
                    "--button", "Ann", "--journal", str(journal)], tmp_path)
    child.expect_exact("[hand 1 B1 Ann] > ")
    first = child.before
    assert first.count("\x1b[2J") == 1 and first.count("Hand 1 · 27TD-FL · B1") == 1
    for command, prompt in (("call", "Bob"), ("call", "Cy"), ("check", "Bob")):
        child.send(command + "\r")
        child.expect_exact(f" {prompt}] > ")
        screen = child.before
        assert screen.count("\x1b[2J") == 1, screen  # one redraw per command, from the top
        top = screen.index("\x1b[2J")
        assert screen.index("Hand 1 · 27TD-FL") > top and screen.count("Hand 1 · 27TD-FL") == 1
    assert "Drew" not in screen  # no draw yet: no column for it
    child.send("draw 2\r")
    child.expect_exact(" Cy] > ")
    bob = next(line for line in child.before.splitlines() if " Bob " in line)
    assert "Drew" in child.before and bob.rstrip(" │").endswith("2")  # Bob's draw in the Drew column
    child.send("\x1b[A")                     # history still there after the redraws
    child.expect_exact("draw 2")
    child.send("\x15quit\r")               # ^U clears the recalled line
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_interactive_resume_says_where_it_is(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    child = _spawn(["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=P1=100", "--seat=P2=100",
                    "--seat=P3=100", "--button", "P3", "--journal", str(journal)], tmp_path)
    child.expect_exact("P1: buio 20 · check / passo · bet 1–10 (pot) / chip / piatto · fold · deal (no buio)")
    child.expect_exact(" P1] > ")            # the prompt: SETUP while a buio may still be declared
    child.send("check\r")
    child.expect_exact("ok: P1 checks")
    child.expect_exact(" P2] > ")            # wait for the prompt, so ^D reaches readline
    child.sendcontrol("d")                   # end of input: the session stops, the journal stays
    child.expect(pexpect.EOF)
    child.close()
    resumed = _spawn(["--resume", str(journal)], tmp_path)
    resumed.expect_exact(f"resumed {journal}: hand 1, B1, P2 to act (1 commands so far)")
    resumed.expect_exact(" P2] > ")
    resumed.send("\x1b[A")                   # the history survives the restart
    resumed.expect_exact("check")
    resumed.send("\r")
    resumed.expect_exact("ok: P2 checks")
    resumed.send("quit\r")
    resumed.expect(pexpect.EOF)
