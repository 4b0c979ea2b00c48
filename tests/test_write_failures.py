"""A failed write is an error, never a success and never a traceback (issue 25, item 8).

With standard output on a full device (``/dev/full``) every command ended in an ``OSError``
traceback; under a file-size limit (``ulimit -f 2``) ``validate --format json > v.json`` exited 0
with the output cut at 2,048 bytes (Python's buffered writer dropped the rest of a write the
system cut short). Now any failed write is one line on stderr and exit 2, decided in one place, the
console script's standard output (``cli/stdout.py``); a reader that closes the pipe early
(``| head -1``) still ends the run quietly with exit 0. Real processes: the console script is what
is tested.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from deal_support import scripted
from validate_support import FIXTURES

CLEAN = FIXTURES / "clean" / "27td_fl.txt"
FULL = "drawdealer: error: cannot write the output (standard output): No space left on device\n"


def _journal(tmp_path: Path) -> Path:
    journal = tmp_path / "journal"
    scripted(journal, ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--button", "A"],
             ["fold"])
    return journal


COMMANDS = {
    "validate": ["validate", str(CLEAN)],
    "validate json": ["validate", "--format", "json", str(CLEAN)],
    "validate json, two processes": ["validate", "--format", "json", "--jobs", "2", str(CLEAN)],
    "convert": ["convert", str(CLEAN), "--to", "phh"],
    "showdown": ["showdown", "--game", "27", "A=7s5d4c3h2s", "B=8s6d4h3c2d"],
    "showdown json": ["showdown", "--game", "27", "--json", "A=7s5d4c3h2s", "B=8s6d4h3c2d"],
    "rules": ["rules"],
    "rules section": ["rules", "7.3"],
    "options": ["options"],
    "options json": ["options", "--json"],
    "status": ["status", str(FIXTURES / "phh" / "td_fl.phh")],
    "potlimit": ["potlimit", "--pot", "0", "--bets", "UTG=7,CO=7,SB=1,BB=2", "--actor", "SB", "--big-blind", "2"],
    "ledger": ["ledger", "JOURNAL"],
    "stats": ["stats", str(CLEAN)],
    "help": ["--help"],
}


def _run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "drawdealer", *argv], text=True, timeout=120, **kwargs)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_on_a_full_device_says_so_in_one_line_and_exits_2(tmp_path: Path, name: str) -> None:
    argv = [str(_journal(tmp_path)) if a == "JOURNAL" else a for a in COMMANDS[name]]
    assert _run(argv, capture_output=True).returncode in (0, 1)  # it runs, and writes something
    with open("/dev/full", "w") as full:
        result = _run(argv, stdout=full, stderr=subprocess.PIPE)
    assert (result.returncode, result.stderr) == (2, FULL)


def _file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))


def test_a_file_size_limit_is_never_a_success(tmp_path: Path) -> None:
    """``ulimit -f 2``: the JSON run's output is cut, so the run exits 2, not 0."""
    out = tmp_path / "v.json"
    files = [str(CLEAN)] * 8  # about 3 KB of JSON Lines
    with open(out, "w") as handle:
        result = _run(["validate", "--format", "json", *files], stdout=handle, stderr=subprocess.PIPE,
                      preexec_fn=_file_limit)
    assert result.returncode == 2
    assert result.stderr == "drawdealer: error: cannot write the output (standard output): File too large\n"
    assert out.stat().st_size == 2048


@pytest.mark.parametrize("argv", [["validate", "--format", "json", str(CLEAN), str(CLEAN), str(CLEAN)], ["rules"],
                                  ["convert", str(CLEAN), "--to", "phh"]])
def test_a_closed_pipe_is_a_quiet_success(argv: list[str]) -> None:
    """``drawdealer … | head -1``."""
    result = subprocess.run(f"'{sys.executable}' -m drawdealer {' '.join(argv)} | head -1; "
                            "echo \"exit ${PIPESTATUS[0]}\" >&2", shell=True, executable="/bin/bash",
                            capture_output=True, text=True, timeout=120)
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr == "exit 0\n"
