"""Every interleaving of the journal's writes with a crash resumes to the uninterrupted evening (issue 25).

A command is journaled by one to four file operations (``session.toml``, the hand's PHH file, the
session kept by ``next``, the removal of a hand taken back by ``undo``), each atomic, in an order
``session.py`` fixes. A ``kill -9`` lands between two of them, or inside one (its temporary file
left behind). Here the scripted evening (two games' worth of hands, rebuys, an arrival, a
departure, sitting out, undo of an action, of a session command and of ``next``) is played once
uninterrupted; then, for every command and every one of its file operations, the session "dies"
just before that operation (a temporary file left as a killed write leaves it), is resumed from
its journal with the commands it had not journaled, and played to the end. Every such run must end
with the very journal (every file, byte for byte) and state of the uninterrupted one: resume
reconciles each interleaving. ``bench/stress_journal.py`` does the same with real ``kill -9``s.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from drawdealer.cli.deal.commands import parse_command
from drawdealer.cli.deal.journal import SESSION_FILE, Journal
from drawdealer.cli.deal.restore import resume
from drawdealer.cli.deal.session import DealerSession
from drawdealer.cli.deal.setup import SetupArgs, build_session

ARGS = SetupArgs(game="27TD-FL", stakes="1/2", seats=("A=100", "B=100", "C=100"), button="A")
EVENING = [
    # hand 1: a rebuy, an arrival and a departure typed during the hand; next, undo of next, next
    "rebuy B 50", "fold", "seat D 80 after A", "fold", "leave C", "next", "undo", "next",
    # hand 2: A, D, B; a draw, undo of an action, A sits out for later
    "call", "call", "check", "draw 2", "undo", "draw 2", "draw 1", "pat", "bet 2", "fold", "fold", "sitout A", "next",
    # hand 3: D and B heads-up; a session command taken back; a showdown
    "rebuy A 20", "undo", "call", "check", "draw 1", "draw 2", "check", "bet 2", "call", "draw 0", "pat",
    "bet 4", "call", "draw 1", "pat", "check", "check", "show D 7s 5h 4d 3c 2s", "show B 8h 6c 4s 3d 2h", "next",
    # hand 4: A back
    "sitin A", "fold", "next",
]


class Killed(BaseException):
    """The process dies here (nothing in the session catches a BaseException that is not an Exception)."""


class Journaling:
    """Counts the journal's file operations and kills the session before the one numbered ``at``."""

    OPERATIONS = ("write_session", "write_hand", "write_kept_session", "remove_hand")

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.done = 0
        self.at: int | None = None
        for name in self.OPERATIONS:
            real = getattr(Journal, name)
            monkeypatch.setattr(Journal, name, self._wrapped(name, real))
        monkeypatch.setattr(os, "fsync", lambda fd: None)  # no power cut is simulated: spare the disk

    def _wrapped(self, name: str, real):
        def operation(journal: Journal, *args):
            if self.at is not None and self.done == self.at:
                self.at = None
                target = journal.session_path if name != "write_hand" else journal.hand_path(args[0])
                (journal.directory / f".{target.name}.killed.tmp").write_text("half a file")  # a killed write
                raise Killed(name)
            self.done += 1
            return real(journal, *args)
        return operation


def _command(session: DealerSession, text: str) -> None:
    reply = session.handle(parse_command(text, names=session.names))
    assert not reply.view.refused, (text, reply.view.message)


def journaled(directory: Path) -> int:
    """Commands the journal holds: the session file's count, or the current hand file's when that
    is one ahead (test_deal_kill.py reads it the same way)."""
    info = tomllib.loads((directory / SESSION_FILE).read_text())
    hand = directory / f"hand-{info['hand']:04d}.phh"
    count = info["commands"]
    if hand.is_file():
        count = max(count, tomllib.loads(hand.read_text())["_dealer_journal"]["commands"])
    return count


def _files(directory: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(directory.iterdir()) if p.name != "dealer.lock"}


def _evening(directory: Path, journaling: Journaling, kills: list[int]) -> DealerSession:
    """The evening in ``directory``, killed before its file operation ``kills[0]``, then resumed and
    killed again before the resumed session's operation ``kills[1]`` (its own repair of the journal,
    when it makes one, comes first) …, then finished."""
    journaling.done, journaling.at = 0, kills[0] if kills else None
    try:
        if not (directory / SESSION_FILE).is_file():  # nothing journaled yet: a new session
            session = DealerSession.start(build_session(ARGS, started="2026-01-01T20:00:00"), Journal(directory))
        else:
            session, _ = resume(Journal(directory))
        for text in EVENING[journaled(directory):]:
            _command(session, text)
        return session
    except Killed:
        return _evening(directory, journaling, kills[1:])


def test_every_crash_point_of_every_command_resumes_to_the_uninterrupted_evening(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journaling = Journaling(monkeypatch)
    whole = _evening(tmp_path / "whole", journaling, [])
    operations = journaling.done
    assert operations > len(EVENING) + 10  # every command writes at least once; next and undo more
    files, view = _files(tmp_path / "whole"), whole.view().to_json()
    assert whole.info.hand == 5 and whole.info.commands == len(EVENING)
    differ = []
    for at in range(operations + 1):
        for kills in ([at], [at, 0]):  # once; or again at the first write after resuming
            folder = tmp_path / f"killed-{'-'.join(map(str, kills))}"
            session = _evening(folder, journaling, kills)
            if _files(folder) != files or session.view().to_json() != view:
                differ.append(kills)
    assert differ == []
