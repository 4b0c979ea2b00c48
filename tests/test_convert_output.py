"""Issue 15, "Data safety": ``convert -o OUT`` never destroys data.

OUT may not be the input (by name, through a symbolic link or a hard link), an existing OUT is
replaced only with ``--force``, and OUT is written through a temporary file renamed at the end:
a run that fails half-way leaves OUT as it was and no temporary file behind."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.parsers import read_hands

SOURCE = Path(__file__).resolve().parents[1] / "fixtures" / "clean" / "27td_fl.txt"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["convert", *args])
    return result.exit_code, result.stderr


@pytest.fixture()
def source(tmp_path: Path) -> Path:
    copy = tmp_path / "hands.txt"
    shutil.copyfile(SOURCE, copy)
    return copy


@pytest.mark.parametrize("link", ["itself", "symlink", "hardlink"])
def test_the_input_is_never_the_output(source: Path, link: str) -> None:
    out = source
    if link == "symlink":
        out = source.with_name("alias.txt")
        out.symlink_to(source)
    elif link == "hardlink":
        out = source.with_name("twin.txt")
        os.link(source, out)
    for force in ([], ["--force"]):
        code, err = run(str(source), "--to", "pokerstars", "-o", str(out), *force)
        assert code == 2
        assert err == f"drawdealer: error: -o {out}: is the input {source} itself; write the conversion to another file\n"
        assert source.read_bytes() == SOURCE.read_bytes()


def test_an_existing_output_is_replaced_only_with_force(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.phh"
    out.write_text("my notes\n")
    code, err = run(str(source), "--to", "phh", "-o", str(out))
    assert code == 2 and "already exists; use --force" in err
    assert out.read_text() == "my notes\n"
    code, err = run(str(source), "--to", "phh", "-o", str(out), "--force")
    assert code == 0, err
    assert len(list(read_hands(out))) == len(list(read_hands(source)))
    assert sorted(os.listdir(tmp_path)) == ["hands.txt", "out.phh"]


def test_a_failed_run_leaves_the_output_as_it_was(source: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.phh"
    out.write_text("my notes\n")
    written = []

    def full_disk(fd: int) -> None:  # the text is written; making it durable fails, as on a full disk
        written.append(os.fstat(fd).st_size)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("drawdealer.cli.atomic.os.fsync", full_disk)
    code, err = run(str(source), "--to", "phh", "-o", str(out), "--force")
    assert written and written[0] > 0  # it had written
    assert code == 2 and err == f"drawdealer: error: {out}: No space left on device\n"
    assert out.read_text() == "my notes\n"
    assert sorted(os.listdir(tmp_path)) == ["hands.txt", "out.phh"]


def test_a_new_output_gets_the_mode_of_a_new_file(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "new.phh"
    umask = os.umask(0o027)
    try:
        assert run(str(source), "--to", "phh", "-o", str(out))[0] == 0
    finally:
        os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o640


def test_standard_input_does_not_skip_the_existing_output_check(source: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.phh"
    out.write_text("my notes\n")
    result = CliRunner().invoke(app, ["convert", "-", "--to", "phh", "-o", str(out)], input=source.read_text())
    assert result.exit_code == 2 and "already exists; use --force" in result.stderr
    assert out.read_text() == "my notes\n"
    result = CliRunner().invoke(app, ["convert", "-", "--to", "phh", "-o", str(out), "--force"],
                                input=source.read_text())
    assert result.exit_code == 0, result.stderr
    assert len(list(read_hands(out))) == len(list(read_hands(source)))
