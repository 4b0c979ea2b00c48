"""Inputs that are not plain files (issue 15): ``-`` and pipes are read, named FIFOs and devices are
refused at once, and a folder that cannot be listed is reported, never passed over."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.validate import FileProblem, validate
from validate_support import FIXTURES, validate_json

CLEAN = FIXTURES / "clean" / "27td_pl.txt"
RUNNER = CliRunner()


def run(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``drawdealer ARGS`` in a child (a real pipe or FIFO), stopped after 60 s instead of hanging."""
    return subprocess.run([sys.executable, "-m", "drawdealer", *args], input=stdin.decode() if stdin else None,
                          capture_output=True, text=True, timeout=60)


def test_dash_reads_a_hand_history_from_standard_input() -> None:
    _, expected, _, _ = validate_json(CLEAN)
    result = RUNNER.invoke(app, ["validate", "--format", "json", "-"], input=CLEAN.read_bytes())
    assert result.exit_code == 0, result.stderr
    hands = [json.loads(line) for line in result.stdout.splitlines()]
    assert [h["file"] for h in hands] == ["<stdin>"] * len(expected)
    assert [(h["hand_id"], h["line"], h["findings"]) for h in hands] == [
        (h["hand_id"], h["line"], h["findings"]) for h in expected]


def test_convert_and_status_read_standard_input() -> None:
    converted = RUNNER.invoke(app, ["convert", "--to", "phh", "-"], input=CLEAN.read_bytes())
    assert converted.exit_code == 0 and converted.stdout.startswith("[1]\n"), converted.stderr
    status = RUNNER.invoke(app, ["status", "--json", "-"], input=(FIXTURES / "phh" / "td_fl.phh").read_bytes())
    assert status.exit_code == 0, status.stderr
    assert json.loads(status.stdout)["complete"] is True


def test_process_substitution_is_read_as_a_pipe() -> None:
    """``validate <(cat FILE)``: bash names the pipe /dev/fd/N; it is read once, like ``-``."""
    result = subprocess.run(["bash", "-c", f'"{sys.executable}" -m drawdealer validate --format json <(cat "{CLEAN}")'],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    hands = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(hands) == len(validate_json(CLEAN)[1]) and hands[0]["file"].startswith("/dev/fd/")


def test_a_named_fifo_or_device_is_refused_at_once_and_the_other_files_are_read(tmp_path: Path) -> None:
    """A FIFO nobody writes to blocked ``validate`` forever; ``/dev/zero`` was read forever."""
    fifo = tmp_path / "hands.fifo"
    os.mkfifo(fifo)
    result = run(["validate", "--format", "json", str(fifo), "/dev/zero", str(CLEAN)])
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"drawdealer: error: {fifo}: is a FIFO, not a file: not read (give - to read standard input)",
        "drawdealer: error: /dev/zero: is a character device, not a file: not read (give - to read standard input)"]
    assert len(result.stdout.splitlines()) == len(validate_json(CLEAN)[1])
    for command in (["convert", "--to", "phh", str(fifo)], ["status", str(fifo)]):
        refused = run(command)
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "is a FIFO" in refused.stderr


def test_a_folder_that_cannot_be_listed_is_a_file_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``rglob`` passed over a sub-folder it could not list; now it is among the run's file problems
    (exit 2). The listing error is simulated: the tests may run as root, whom permissions do not stop."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "hands.txt").write_bytes(CLEAN.read_bytes())
    locked = tmp_path / "b"
    locked.mkdir()
    (locked / "hidden.txt").write_bytes(CLEAN.read_bytes())
    real = os.scandir

    def scandir(path: str | os.PathLike[str] = ".") -> object:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    items = list(validate([tmp_path]))
    problems = [i for i in items if isinstance(i, FileProblem)]
    assert [(p.file, p.message) for p in problems] == [(str(locked), "cannot read this folder (Permission denied)")]
    assert {i.file for i in items if not isinstance(i, FileProblem)} == {str(tmp_path / "a" / "hands.txt")}
    result = RUNNER.invoke(app, ["validate", "--format", "json", str(tmp_path)])
    assert result.exit_code == 2 and "cannot read this folder" in result.stderr


ENCODINGS = FIXTURES / "pokerstars" / "encodings"


@pytest.mark.parametrize("second", ["utf16le_bom_crlf.txt", "utf16be_bom.txt"])
def test_utf8_then_utf16_is_read_hand_by_hand_in_each_encoding(tmp_path: Path, second: str) -> None:
    """Exports end to end, UTF-8, UTF-16 (its byte-order mark starts a line), UTF-8 again (with its
    mark): the UTF-16 hands were decoded as UTF-8, one garbled text of NULs without a hand header."""
    parts = [FIXTURES / "clean" / "27td_fl.txt", ENCODINGS / second, ENCODINGS / "utf8_bom.txt"]
    path = tmp_path / "all.txt"
    path.write_bytes(b"".join(p.read_bytes() for p in parts))
    alone = [validate_json(p) for p in parts]
    code, hands, _, stderr = validate_json(path)
    assert stderr == "" and code == max(c for c, _, _, _ in alone)
    expected = [h for _, each, _, _ in alone for h in each]
    assert [(h["hand_id"], [f["code"] for f in h["findings"]]) for h in hands] == [
        (h["hand_id"], [f["code"] for f in h["findings"]]) for h in expected]
    lines = [len(p.read_bytes().decode("utf-8" if p.suffix and "16" not in p.name else "utf-16").splitlines())
             for p in parts]
    assert hands[len(alone[0][1])]["line"] == lines[0] + alone[1][1][0]["line"]  # numbered on through the parts


def test_a_stray_nul_byte_does_not_make_a_utf8_file_utf16(tmp_path: Path) -> None:
    """One NUL in the first kilobytes made the whole file UTF-16 (no hand read, exit 2)."""
    text = CLEAN.read_bytes()
    path = tmp_path / "nul.txt"
    path.write_bytes(text.replace(b"*** DEALING HANDS ***", b"*** DEALING\x00HANDS ***", 1))
    code, hands, _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    assert len(hands) == len(validate_json(CLEAN)[1])


@pytest.mark.parametrize("command", [["validate"], ["convert", "--to", "phh"], ["status"]])
def test_standard_input_that_never_ends_a_line_is_one_line_exit_2(command: list[str]) -> None:
    """``- < /dev/zero`` was copied to the temporary file until the disk was full: a stream that runs
    past MAX_HAND_CHARS without a line end is not text and is read no further (issue 15)."""
    with open("/dev/zero", "rb") as zeros:
        result = subprocess.run([sys.executable, "-m", "drawdealer", *command, "-"], stdin=zeros,
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("drawdealer: error:")]
    assert len(errors) == 1 and "no line end in 1,000,000 characters" in errors[0]


def test_long_lines_that_end_are_copied_whole() -> None:
    """The endless-line bound counts from the last line end: a long stream of short lines (and a
    line under the bound) is read as it is, hand by hand."""
    text = CLEAN.read_bytes() + b"\n" + b"x" * 900_000 + b"\n" + CLEAN.read_bytes()
    result = RUNNER.invoke(app, ["validate", "--format", "json", "-"], input=text)
    hands = [json.loads(line) for line in result.stdout.splitlines()]
    assert sum("hand_id" in h for h in hands) >= 2, result.stdout[:500]
