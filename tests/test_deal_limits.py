"""The dealer's input within the limits of ``parsers/limits.py`` (issue 15): ``--config`` and a
journal's TOML past a limit are one line naming the file and line (exit 2), not a traceback; input
that never ends a line is read in bounded pieces."""

from __future__ import annotations

from pathlib import Path

import pytest

from deal_support import RUNNER, deal, scripted
from drawdealer.cli.app import app

BASE = ["--game", "27TD-FL", "--stakes", "1/2", "--seat", "Ann=100", "--seat", "Ben=100", "--button", "Ann"]
HUGE = "9" * 5000
DEEP = "[" * 3000 + "]" * 3000


def one_line_error(code: int, err: str) -> str:
    assert code == 2, err
    assert err.startswith("drawdealer: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(("value", "fragment"), [
    (HUGE, "a number of more than 15 digits"), (DEEP, "arrays or tables nested more than 8 deep")])
def test_config_over_a_limit_is_one_line_naming_its_line(tmp_path: Path, value: str, fragment: str) -> None:
    """A 5,000-digit number was a ValueError traceback, deep nesting a RecursionError."""
    config = tmp_path / "game.toml"
    config.write_text(f'game = "27TD-FL"\nante = {value}\n')
    code, _, err = deal(["--config", str(config), "--journal", str(tmp_path / "j")], [])
    assert f"--config {config}:2: {fragment}" in one_line_error(code, err)


def test_config_that_never_ends_is_refused_after_the_limit() -> None:
    """``--config /dev/zero`` was read forever."""
    code, _, err = deal(["--config", "/dev/zero"], [])
    assert "--config /dev/zero: cannot read" in err and "larger than 1,000,000 bytes" in one_line_error(code, err)


def test_a_command_line_past_the_limit_is_one_refusal_and_the_session_goes_on(tmp_path: Path) -> None:
    """``deal < /dev/zero`` held the whole endless line; now a line is cut past MAX_LINE_CHARS as it
    is read, and refused."""
    result = RUNNER.invoke(app, ["deal", *BASE, "--journal", str(tmp_path / "j"), "--json"],
                           input="\0" * 300_000 + "\ncall\nquit\n")
    assert result.exit_code == 1, result.stderr  # one refusal: a piped session exits 1 (issue 16)
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and len(lines[0]) < 10_000
    assert "a line of more than 20,000 characters is not a command" in lines[0]


def test_journal_toml_over_a_limit_is_one_line_naming_file_and_line(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, BASE, ["call"])
    session = journal / "session.toml"
    text = session.read_text()
    at = next(k for k, line in enumerate(text.splitlines(), 1) if line.startswith("commands ="))
    session.write_text(text.replace("commands = ", f"commands = {HUGE}#", 1))
    code, _, err = deal(["--resume", str(journal)], [])
    assert f"{session}:{at}: a number of more than 15 digits" in one_line_error(code, err)

    session.write_text(text)
    hand = journal / "hand-0001.phh"
    hand.write_text(hand.read_text().replace("antes = ", f"deep = {DEEP}\nantes = ", 1))
    at = next(k for k, line in enumerate(hand.read_text().splitlines(), 1) if line.startswith("deep ="))
    code, _, err = deal(["--resume", str(journal)], [])
    assert f"{hand}:{at}: arrays or tables nested more than 8 deep" in one_line_error(code, err)


def test_a_journal_file_past_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    """A session file grown (or linked to ``/dev/zero``) past MAX_HAND_CHARS is one line, not read whole."""
    journal = tmp_path / "j"
    scripted(journal, BASE, ["call"])
    session = journal / "session.toml"
    session.write_text(session.read_text() + "#" * 1_100_000 + "\n")
    code, _, err = deal(["--resume", str(journal)], [])
    assert f"{session}: cannot read (larger than 1,000,000 bytes (the limit))" in one_line_error(code, err)


def test_input_that_never_ends_a_line_ends_the_session_keeping_the_journal(tmp_path: Path) -> None:
    """``deal < /dev/zero`` read forever (dropping what it read); past MAX_HAND_CHARS without a line
    end the input is not commands: one line, exit 2, and the commands before it stay journaled."""
    import subprocess
    import sys

    journal = tmp_path / "j"
    with subprocess.Popen([sys.executable, "-m", "drawdealer", "deal", *BASE, "--journal", str(journal), "--json"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        out, err = child.communicate("call\n" + "\0" * 1_100_000, timeout=60)
    errors = [line for line in err.splitlines() if line.startswith("drawdealer: error:")]
    assert child.returncode == 2 and "Traceback" not in err
    assert errors == ["drawdealer: error: standard input line 2: no line end in 1,000,000 characters: not text;"
                      " not read further (every command before it is journaled)"]
    assert len(out.splitlines()) == 1  # the reply to "call"
    code, lines, _ = deal(["--resume", str(journal)], ["quit"])
    assert code == 0 and lines[-1]["pot"] == 4, lines[-1]
