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
    child.send("show b\t")                   # completes a player name after show
    child.expect_exact("Bob ")
    child.send("7s 5h 4d 3c 2s\r")
    child.expect_exact("refused 'show Bob 7s 5h 4d 3c 2s': no showdown now (B1)")
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
    assert "commands = 2" in (journal / "session.toml").read_text()
    history = [line.strip() for line in (journal / "history").read_text().splitlines()]
    assert history == ["call", "show Bob 7s 5h 4d 3c 2s", "status", "status", "check", "quit"]


def test_interactive_resume_says_where_it_is(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    child = _spawn(["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=P1=100", "--seat=P2=100",
                    "--seat=P3=100", "--button", "P3", "--journal", str(journal)], tmp_path)
    child.expect_exact("P1: buio 20 · check · bet 1–10 (pot) · fold")
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
