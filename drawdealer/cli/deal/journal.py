"""The journal directory: crash-safe files for a dealing session (issue 5, "nothing is lost").

A journal holds ``session.toml`` (the table between hands and the count of accepted commands, see
``sessionfile.py``) and one PHH file per hand, ``hand-0001.phh`` … (the hand so far), and for each
finished hand the session file as it stood before ``next``, ``hand-0001.session.toml`` … (what
``undo`` of ``next`` goes back to; issue 16). Every file is replaced atomically (``cli/atomic.py``:
a temporary file in the same directory, fsynced, renamed over the old one), so a reader sees either
the old or the new version, never a torn one.

A session holds the journal's lock (``lock.py``: one dealer per journal) from the moment it
creates or resumes the journal; holding it, the temporary files a crashed session left behind are
its own to remove.
"""

from __future__ import annotations

from pathlib import Path

from drawdealer.cli.atomic import TEMP_SUFFIX, fsync_directory, replacing
from drawdealer.cli.deal.lock import hold
from drawdealer.journal_files import HAND_FILE, KEPT_SESSION_FILE, SESSION_FILE, hand_number
from drawdealer.parsers import limits


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (``cli/atomic.py``)."""
    with replacing(path) as handle:
        handle.write(text)


class Journal:
    """The files of one session in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @property
    def session_path(self) -> Path:
        return self.directory / SESSION_FILE

    def hand_path(self, number: int) -> Path:
        """The PHH file of hand ``number`` (1-based)."""
        return self.directory / HAND_FILE.format(number)

    def exists(self) -> bool:
        """True when the directory already holds a session."""
        return self.session_path.is_file()

    def create(self) -> None:
        """Make the directory (and parents) for a new session and :meth:`lock` it; FileExistsError
        if, locked, it holds a session after all (another dealer started one there meanwhile)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        self.lock()
        if self.exists():
            raise FileExistsError(f"already holds a session; continue it with --resume {self.directory}")

    def lock(self) -> None:
        """Hold the journal's lock for the rest of the process (``lock.py``; raises
        :class:`~drawdealer.cli.deal.lock.JournalBusy`), then remove the temporary files of
        :func:`atomic_write` that a crash left behind: no other session writes here now."""
        hold(self.directory)
        for orphan in self.directory.glob(f".*{TEMP_SUFFIX}"):
            orphan.unlink(missing_ok=True)

    def write_session(self, text: str) -> None:
        atomic_write(self.session_path, text)

    def write_hand(self, number: int, text: str) -> None:
        atomic_write(self.hand_path(number), text)

    def read_session(self) -> str:
        """The session file's text (within ``parsers/limits.py``'s size); OSError/UnicodeDecodeError
        propagate to the caller."""
        return limits.read_text(self.session_path)

    def read_hand(self, number: int) -> str | None:
        """The text of hand ``number``, or ``None`` when the file does not exist."""
        path = self.hand_path(number)
        if not path.is_file():
            return None
        return limits.read_text(path)

    def hand_numbers(self) -> list[int]:
        """Numbers of the hand files present, ascending."""
        numbers = (hand_number(path.name) for path in self.directory.glob("hand-*.phh"))
        return sorted(number for number in numbers if number is not None)

    def kept_session_path(self, number: int) -> Path:
        """The session file as it stood when hand ``number`` ended, before ``next``."""
        return self.directory / KEPT_SESSION_FILE.format(number)

    def write_kept_session(self, number: int, text: str) -> None:
        atomic_write(self.kept_session_path(number), text)

    def read_kept_session(self, number: int) -> str | None:
        """The kept session file of hand ``number``, or ``None`` (a journal written before issue 16)."""
        path = self.kept_session_path(number)
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def remove_hand(self, number: int) -> None:
        """Remove the file of a hand taken back by ``undo`` of ``next`` (and make it durable)."""
        try:
            self.hand_path(number).unlink()
        except FileNotFoundError:
            return
        fsync_directory(self.directory)
