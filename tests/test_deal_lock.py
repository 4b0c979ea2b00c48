"""Issue 15, "Data safety": one dealer per journal, orphan temporary files, a journal deleted mid-session.

A second ``deal`` on a journal another live dealer holds is refused (exit 2, one line naming that
process) and writes nothing; a dealer killed with SIGKILL leaves no lock that blocks ``--resume``
(``cli/deal/lock.py``: the kernel drops a ``flock`` with its process)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from deal_support import deal, scripted

ARGS = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--seat=C=100", "--button", "A"]


class Dealer:
    """``drawdealer deal ... --json`` in a subprocess, one command at a time."""

    def __init__(self, args: list[str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "drawdealer", "deal", *args, "--json"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)

    def send(self, command: str) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, self.finish()[1]
        return json.loads(line)

    def finish(self) -> tuple[int, str]:
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err


def test_a_second_dealer_on_a_journal_in_use_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    first = Dealer([*ARGS, "--journal", str(journal)])
    try:
        assert first.send("raise 4")["to_act"] == "B"
        before = {p.name: p.read_bytes() for p in journal.iterdir()}
        second = subprocess.run([sys.executable, "-m", "drawdealer", "deal", "--resume", str(journal), "--json"],
                                input="fold\ncall\n", capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert second.stdout == ""
        assert second.stderr.count("\n") == 1
        assert f"in use by another dealer (process {first.process.pid})" in second.stderr
        assert {p.name: p.read_bytes() for p in journal.iterdir()} == before  # nothing written
        again = subprocess.run([sys.executable, "-m", "drawdealer", "deal", *ARGS, "--journal", str(journal)],
                               input="fold\n", capture_output=True, text=True, timeout=60)
        assert again.returncode == 2 and again.stderr.count("\n") == 1
        assert first.send("call")["to_act"] == "C"  # the first dealer is undisturbed
        assert first.finish()[0] == 0
    finally:
        first.process.kill()
        first.process.wait()
    code, out, err = deal(["--resume", str(journal)], ["call"])  # the lock went with its process
    assert code == 0, err
    assert out[-1]["street"] == "D1"


def test_resume_after_kill_9_is_not_blocked_by_the_lock(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    first = Dealer([*ARGS, "--journal", str(journal)])
    first.send("raise 4")
    first.process.send_signal(signal.SIGKILL)
    first.process.wait()
    assert (journal / "dealer.lock").read_text().strip() == str(first.process.pid)  # a stale lock file
    code, out, err = deal(["--resume", str(journal)], ["call", "call"])
    assert code == 0, err
    assert out[-1]["street"] == "D1"
    assert (journal / "dealer.lock").read_text().strip() == str(os.getpid())


def test_resume_removes_the_temporary_files_a_crash_left(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ARGS, ["raise 4"])
    orphans = [journal / ".session.toml.k2j3h4.tmp", journal / ".hand-0001.phh.x9y8z7.tmp"]
    for orphan in orphans:
        orphan.write_text("half a write")
    (journal / "notes.tmp").write_text("not ours")
    code, out, err = deal(["--resume", str(journal)], ["call"])
    assert code == 0, err
    assert not any(orphan.exists() for orphan in orphans)
    assert (journal / "notes.tmp").exists()
    assert sorted(p.name for p in journal.glob(".*")) == []


def test_a_journal_deleted_mid_session_is_said_to_be_gone(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    dealer = Dealer([*ARGS, "--journal", str(journal)])
    try:
        dealer.send("raise 4")
        shutil.rmtree(journal)
        dealer.process.stdin.write("call\n")  # type: ignore[union-attr]
        dealer.process.stdin.flush()  # type: ignore[union-attr]
        code, err = dealer.finish()
    finally:
        dealer.process.kill()
        dealer.process.wait()
    assert code == 2
    assert err.splitlines()[-1] == (f"drawdealer: error: journal {journal} is gone (the folder was deleted during "
                                    "the session); the session cannot be saved or resumed")
    assert "--resume" not in err


def test_a_new_session_never_overwrites_one_started_meanwhile(tmp_path: Path) -> None:
    """Two dealers start a new session in one folder at once: the one that takes the lock second
    finds the other's session there and is refused (here the first has already quit)."""
    from drawdealer.cli.deal.journal import Journal

    journal = tmp_path / "j"
    scripted(journal, ARGS, ["raise 4"])
    before = (journal / "session.toml").read_bytes()
    with pytest.raises(FileExistsError, match="already holds a session; continue it with --resume"):
        Journal(journal).create()
    assert (journal / "session.toml").read_bytes() == before
