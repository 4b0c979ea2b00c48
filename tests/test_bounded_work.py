"""Bounded work on any input (issue 25): what a hand says cannot make ``convert`` unbounded.

No draw can take more cards than a deck holds (RULES.md §2.1): the PHH writer refuses to write a
``discards 300000000 cards`` as 300,000,000 ``??`` (1.2 GB, a ``MemoryError`` with a 16-digit count)
and names the action's line; a draw of 6 (illegal: ``DRAW_COUNT_EXCEEDED``) is written as played. A PHH date out of the calendar (a 20-digit year, month 13, day 40)
gave an ``OverflowError`` in ``convert --to pokerstars``: it is a one-line error on its line.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.parsers import read_text
from drawdealer.parsers.results import ParseFailure

HOSTILE = Path(__file__).resolve().parent / "hostile"


def _convert(path: Path, to: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["convert", str(path), "--to", to])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


def test_a_16_digit_draw_is_refused_on_its_line() -> None:
    path = HOSTILE / "draw_16_digit_count.txt"
    code, out, err = _convert(path, "phh")
    assert code == 1 and out == ""
    assert err == (f"drawdealer: {path}:1: hand #300000000000 not converted: line 26: Hero's draw of "
                   "9,999,999,999,999,999 cards is more than a deck holds (52, RULES.md §2.1): not written\n")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (800 << 20, 800 << 20))


def test_a_300000000_card_draw_converts_in_bounded_memory() -> None:
    """In a process that may use 800 MB at most (the text alone would be 600 MB): one line on stderr."""
    path = HOSTILE / "draw_300000000_cards.txt"
    result = subprocess.run([sys.executable, "-m", "drawdealer", "convert", str(path), "--to", "phh"],
                            capture_output=True, text=True, preexec_fn=_limit_memory, timeout=120)
    assert result.returncode == 1 and result.stdout == "", result.stderr[-2000:]
    assert result.stderr == (f"drawdealer: {path}:1: hand #300000000000 not converted: line 26: Hero's draw of "
                             "300,000,000 cards is more than a deck holds (52, RULES.md §2.1): not written\n")


def test_the_replay_of_such_a_draw_is_a_finding() -> None:
    code = CliRunner().invoke(app, ["validate", "--format", "json", str(HOSTILE / "draw_300000000_cards.txt")])
    assert code.exit_code == 1 and '"DRAW_COUNT_EXCEEDED"' in code.stdout


@pytest.mark.parametrize("name, line, message", [
    ("phh_year_out_of_range.phh", 72, "'year': year 99999999999999999999 is not one of 1 to 9999"),
    ("phh_month_13.phh", 73, "'month': month 13 is not one of 1 to 12"),
    ("phh_day_40.phh", 74, "'day': day 40 is not a day of 2000-01"),
])
def test_a_phh_date_out_of_the_calendar_is_an_error_on_its_line(name: str, line: int, message: str) -> None:
    path = HOSTILE / name
    (failure,) = list(read_text(path.read_text(encoding="utf-8"), str(path)))
    assert isinstance(failure, ParseFailure) and (failure.line, failure.message) == (line, message)
    code, out, err = _convert(path, "pokerstars")
    assert code == 1 and out == ""
    assert err == f"drawdealer: {path}:{line}: hand #300000000000 not converted: line {line}, column 1: {message}\n"
