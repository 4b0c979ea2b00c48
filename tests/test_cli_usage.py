"""Usage errors through the real console script: one line on stderr, exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    code = "from drawdealer.cli.main import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    "args, needle",
    [
        (("potlimit", "--bogus", "1"), "No such option: --bogus"),
        (("nosuch",), "No such command 'nosuch'"),
        (("potlimit", "--pot"), "requires an argument"),
        (("showdown", "--game", "27", "7s5d4c3h2s", "7h6d4s3c2d", "--bogus"), "No such option: --bogus"),
        (("validate", "--format", "xml", "x.txt"), "xml"),
    ],
)
def test_usage_error_is_one_line_and_exit_2(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert needle in lines[0] and "error:" in lines[0]
    assert "Traceback" not in result.stderr


def test_no_arguments_prints_help_without_an_error_line() -> None:
    result = run()
    assert result.returncode == 2
    assert "Usage" in result.stdout
    assert result.stderr == ""


def test_help_exits_0() -> None:
    result = run("--help")
    assert result.returncode == 0 and "showdown" in result.stdout
