"""The human report's plain lines are written without Rich only where Rich would print them unchanged
(``cli/plainconsole.py``; DESIGN.md convention 12): the output is the same either way."""

from __future__ import annotations

import io
import os
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.cli.plainconsole import PlainConsole

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
_STYLING_ENV = ("COLUMNS", "LINES", "FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")


@pytest.fixture
def plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """No variable that changes Rich's width or colours; pytest's capture leaves no terminal on fds 0-2."""
    for name in _STYLING_ENV:
        monkeypatch.delenv(name, raising=False)
    assert not any(os.isatty(fd) for fd in (0, 1, 2)), "run without -s: a terminal on a standard stream"


def _through_rich(text: str) -> str:
    out = io.StringIO()
    Console(file=out, highlight=False, emoji=False).print(text, markup=False)
    return out.getvalue()


_LINES = st.one_of(
    st.text(max_size=120),
    # near Rich's 80-column wrap, with colons (emoji codes such as :smile:) and tabs
    st.text(alphabet=st.sampled_from("ab :-_\t"), min_size=70, max_size=90),
    st.sampled_from([":smile:", "a :smile: b", "x" * 79, "x" * 80, "x" * 81, "word " * 16 + "end",
                     "3 hands in 1 file: 3 clean", "é" * 5, "漢字" * 30, "\x1b[31mred", "tab\there", "trailing  ",
                     "  leading", ""]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_LINES)
def test_a_line_is_printed_as_rich_prints_it(plain_env: None, text: str) -> None:
    """(``plain_env`` only clears variables: nothing to reset between examples.)"""
    console = PlainConsole()
    assert console._direct  # the direct path is the one under test
    with redirect_stdout(io.StringIO()) as out:
        console.line(text)
    assert out.getvalue() == _through_rich(text)


def test_emoji_codes_in_names_are_printed_as_written(plain_env: None, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """A file (or player) named ``x:thumbs_up:`` was printed as ``x👍`` once a line went through Rich
    (on a terminal, or a line with two colons): names are text, never emoji codes."""
    named = tmp_path / "x:thumbs_up:.txt"
    named.write_bytes((FIXTURES / "findings" / "RAISE_ABOVE_POT_LIMIT.txt").read_bytes().replace(b"Player3", b"Al:smile:"))
    for env in ({}, {"COLUMNS": "100"}):  # the direct path, and every line through Rich
        code, out = _report([str(named)], env)
        assert code == 1
        assert "x:thumbs_up:.txt" in out and "Al:smile: raises" in out and "\U0001f44d" not in out, out


def test_the_short_plain_line_does_not_make_a_rich_console(plain_env: None, capsys: pytest.CaptureFixture[str]) -> None:
    console = PlainConsole()
    console.line("3 hands in 1 file: 3 clean")
    assert capsys.readouterr().out == "3 hands in 1 file: 3 clean\n"
    assert "rich" not in console.__dict__  # cached_property: not made


@pytest.mark.parametrize("name", ["COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE"])
def test_a_width_or_a_forced_terminal_sends_every_line_through_rich(plain_env: None, monkeypatch: pytest.MonkeyPatch,
                                                                    name: str) -> None:
    monkeypatch.setenv(name, "40" if name == "COLUMNS" else "1")
    assert not PlainConsole()._direct


def _report(args: list[str], env: dict[str, str | None]) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["validate", *args], env=env)
    return result.exit_code, result.stdout


def test_the_report_is_the_same_with_and_without_rich_for_its_plain_lines(plain_env: None, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Each summary line the report can print, written directly (no COLUMNS) and by Rich (COLUMNS=80,
    Rich's width when no terminal is attached): the same text."""
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(FIXTURES / "clean" / "27td_fl.txt", folder / "a.txt")
    (folder / "notes.txt").write_text("not a hand history\n")
    (tmp_path / "empty.txt").write_text("")
    runs = [
        [str(FIXTURES / "clean" / "27td_fl.txt")],  # N hands in 1 file: N clean
        ["logs"],  # passed over 1 file (not validated):
        ["empty.txt"],  # no hand read
        ["--strict", str(FIXTURES / "findings" / "CALL_AMOUNT_MISMATCH.txt")],  # stopped at … (--strict)
        [str(FIXTURES / "findings" / "SPLIT_WRONG.txt"), str(FIXTURES / "clean" / "5cd_fl.txt")],
        ["missing.txt", str(FIXTURES / "clean" / "27td_nl.txt")],  # 1 file could not be read
    ]
    for args in runs:
        direct = _report(args, {"COLUMNS": None})
        rich = _report(args, {"COLUMNS": "80"})
        assert direct == rich, args
        assert direct[1].strip(), args


def test_every_rich_console_is_made_by_rich_console() -> None:
    """One place makes Rich consoles (``plainconsole.rich_console``, without emoji codes), so a new
    command cannot print a name like ``x:thumbs_up:`` as an emoji."""
    package = Path(__file__).resolve().parents[1] / "drawdealer"
    makers = [str(path.relative_to(package)) for path in package.rglob("*.py")
              if "Console(" in path.read_text(encoding="utf-8").replace("PlainConsole(", "")]
    assert makers == ["cli/plainconsole.py"]
