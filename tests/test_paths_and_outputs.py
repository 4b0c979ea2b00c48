"""Paths that cannot be read, and outputs that must not be destroyed (issue 25, items 5 to 7).

- A name too long for the file system (300 characters), a link to one inside a folder, a link that
  loops back on itself, a link to nothing: each is named with its reason and the run exits 2 once
  the other files are validated (they gave an ``OSError`` traceback, or were silently left out).
- ``convert -o OUT`` replaces only a regular file by renaming a new one over it; a character device
  or a FIFO is written into (``-o /dev/null --force`` turned the device into a plain file); a link is
  followed, its target written and the link kept; a block device is refused. The devices are made
  with ``mknod`` in a temporary folder, never the system's (root only).
- Standard input that is the same file as OUT is refused (``convert - -o f.phhs --force < f.phhs``
  left it empty); a run that converts no hand leaves an existing OUT as it was.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.parsers import read_hands
from validate_support import FIXTURES

CLEAN = FIXTURES / "clean" / "27td_fl.txt"
HOSTILE = Path(__file__).resolve().parent / "hostile"
LONG = "x" * 300
TOO_LONG = "File name too long: the name, or the target of a link in it, is longer than the file system allows"
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "300"})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr


# --------------------------------------------------------------------------- paths that cannot be read

def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "a-hands.txt").write_bytes(CLEAN.read_bytes())
    (folder / "b-long.txt").symlink_to(LONG)
    (folder / "c-loop.txt").symlink_to("c-loop.txt")
    (folder / "d-nothing.txt").symlink_to("gone.txt")
    (tmp_path / "elsewhere").mkdir()
    (folder / "e-folder").symlink_to(tmp_path / "elsewhere")
    os.mkfifo(folder / "f-pipe")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_links_that_cannot_be_read_are_named_with_their_reason(tmp_path: Path, jobs: str) -> None:
    folder = _folder(tmp_path)
    code, out, err = _invoke("validate", "--format", "json", "--jobs", jobs, str(folder))
    assert code == 2 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    passed = {Path(x["file"]).name: x["skipped"] for x in lines if "skipped" in x}
    assert passed == {
        "b-long.txt": f"unreadable: {TOO_LONG}",
        "c-loop.txt": "unreadable: Too many levels of symbolic links: a symbolic link that loops back on itself",
        "d-nothing.txt": "unreadable: No such file or directory: a link to nothing (its target does not exist)",
        "e-folder": "a link to a folder: not followed (name the folder to read it)",
        "f-pipe": "a FIFO, not a file: not read",
    }
    hands = [x for x in lines if "hand_id" in x]
    assert hands and all(x["file"] == str(folder / "a-hands.txt") for x in hands)


def test_the_human_report_names_them_too(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    code, out, err = _invoke("validate", str(folder))
    assert code == 2 and err == ""
    assert f"b-long.txt: unreadable: {TOO_LONG}" in out and "c-loop.txt: unreadable: Too many levels" in out


def test_a_name_too_long_given_to_validate_and_convert_is_one_line(tmp_path: Path) -> None:
    long = tmp_path / LONG
    code, out, err = _invoke("validate", "--format", "json", str(long), str(CLEAN))
    assert code == 2 and err == f"drawdealer: error: {long}: {TOO_LONG}\n"
    assert len(out.splitlines()) == len(list(read_hands(CLEAN)))
    code, out, err = _invoke("convert", str(long), "--to", "phh")
    assert code == 2 and err == f"drawdealer: error: {long}: {TOO_LONG}\n"
    code, out, err = _invoke("convert", str(CLEAN), "--to", "phh", "-o", str(long))
    assert code == 2 and err.startswith(f"drawdealer: error: -o {long}: File name too long") and err.count("\n") == 1


def test_a_named_link_that_loops_is_one_line(tmp_path: Path) -> None:
    loop = tmp_path / "loop.txt"
    loop.symlink_to("loop.txt")
    code, _, err = _invoke("validate", str(loop))
    assert code == 2 and err == (f"drawdealer: error: {loop}: Too many levels of symbolic links: a symbolic link "
                                 "that loops back on itself\n")


LOOPS = "Too many levels of symbolic links: a symbolic link that loops back on itself"


@pytest.mark.parametrize("target, reason", [(LONG, TOO_LONG), ("loop.txt", LOOPS)])
def test_convert_names_a_link_it_cannot_follow_as_file_or_out(tmp_path: Path, target: str, reason: str) -> None:
    """A link to a 300-character name, a link that loops: given to ``convert`` as FILE or as OUT
    (even with ``--force``), one line with the reason and exit 2, nothing written."""
    link = tmp_path / "loop.txt" if target == "loop.txt" else tmp_path / "long.txt"
    link.symlink_to(target)
    code, out, err = _invoke("convert", str(link), "--to", "phh")
    assert (code, out, err) == (2, "", f"drawdealer: error: {link}: {reason}\n")
    for force in ([], ["--force"]):
        code, out, err = _invoke("convert", str(CLEAN), "--to", "phh", "-o", str(link), *force)
        assert (code, out, err) == (2, "", f"drawdealer: error: -o {link}: {reason}\n")
    assert sorted(os.listdir(tmp_path)) == [link.name] and link.is_symlink()


# --------------------------------------------------------------------------- convert -o

def _convert_to(out: Path, *extra: str, source: Path = CLEAN) -> tuple[int, str, str]:
    return _invoke("convert", str(source), "--to", "phh", "-o", str(out), *extra)


def _phh_text() -> str:
    code, out, _ = _invoke("convert", str(CLEAN), "--to", "phh")
    assert code == 0
    return out


@root_only
def test_a_character_device_is_written_into_not_replaced(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    code, _, err = _convert_to(null)
    assert code == 2 and err == f"drawdealer: error: -o {null}: already exists; use --force to replace it\n"
    code, _, err = _convert_to(null, "--force")
    assert code == 0, err
    assert stat.S_ISCHR(os.stat(null).st_mode) and os.stat(null).st_rdev == os.makedev(1, 3)
    assert sorted(os.listdir(tmp_path)) == ["null"]  # no temporary file either


@root_only
def test_a_block_device_is_refused(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 250))  # a loop device number; never opened
    code, _, err = _convert_to(disk, "--force")
    assert code == 2 and err == f"drawdealer: error: -o {disk}: is a block device: not written\n"
    assert stat.S_ISBLK(os.stat(disk).st_mode)


def test_a_fifo_is_written_into(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, _, err = _convert_to(fifo, "--force")
    reader.join(timeout=30)
    if reader.is_alive():  # nothing was written into the FIFO: let the reader go
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert code == 0, err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert received == [_phh_text().encode()]
    assert sorted(os.listdir(tmp_path)) == ["pipe"]


def test_a_link_is_followed_its_target_replaced_and_the_link_kept(tmp_path: Path) -> None:
    (tmp_path / "notes").mkdir()
    target = tmp_path / "notes" / "hands.phh"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    link = tmp_path / "latest.phh"
    link.symlink_to(target)
    code, _, err = _convert_to(link)
    assert code == 2 and "already exists; use --force" in err
    code, _, err = _convert_to(link, "--force")
    assert code == 0, err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == _phh_text()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640  # the file replaced keeps its mode
    dangling = tmp_path / "next.phh"
    dangling.symlink_to(tmp_path / "notes" / "new.phh")
    code, _, err = _convert_to(dangling)
    assert code == 0, err
    assert dangling.is_symlink() and (tmp_path / "notes" / "new.phh").read_text() == _phh_text()


def test_standard_input_that_is_out_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "ita.phhs"
    out.write_bytes((FIXTURES / "clean" / "ita_session.phhs").read_bytes())
    before = out.read_bytes()
    with open(out, "rb") as stdin:
        result = subprocess.run([sys.executable, "-m", "drawdealer", "convert", "-", "--to", "phh", "-o", str(out),
                                 "--force"], stdin=stdin, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr == (f"drawdealer: error: -o {out}: is the input standard input itself; write the conversion "
                             "to another file\n")
    assert out.read_bytes() == before


def test_a_run_that_converts_no_hand_leaves_out_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "out.phh"
    out.write_text("my notes\n")
    source = HOSTILE / "fulltilt_cap_nl_holdem.txt"  # one hand, of a game drawdealer does not play
    code, _, err = _convert_to(out, "--force", source=source)
    assert code == 0
    assert err.splitlines() == [f"drawdealer: {source}: no hand converted: {out} not written",
                                f"drawdealer: {source}: 1 hand not converted: CAP NL Hold'em ×1 (games drawdealer "
                                "does not play)"]
    assert out.read_text() == "my notes\n"
    fresh = tmp_path / "fresh.phh"
    code, _, _ = _convert_to(fresh, source=source)
    assert code == 0 and not fresh.exists()
