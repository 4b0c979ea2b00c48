"""The journal directory: crash-safe files for a dealing session (issue 5, "nothing is lost").

A journal holds ``session.toml`` (the table between hands and the count of accepted commands, see
``sessionfile.py``) and one PHH file per hand, ``hand-0001.phh`` … (the hand so far), and for each
finished hand the session file as it stood before ``next``, ``hand-0001.session.toml`` … (what
``undo`` of ``next`` goes back to; issue 16). Every file
is replaced atomically: written to a temporary file in the same directory, flushed and fsynced,
renamed over the old one with ``os.replace``, then the directory itself is fsynced so the rename
survives a power cut. A reader therefore sees either the old or the new version, never a torn one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

SESSION_FILE = "session.toml"


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (temp file, fsync, ``os.replace``, fsync dir)."""
    directory = path.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    """Make a rename durable; a no-op where directories cannot be opened (Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class Journal:
    """The files of one session in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    @property
    def session_path(self) -> Path:
        return self.directory / SESSION_FILE

    def hand_path(self, number: int) -> Path:
        """The PHH file of hand ``number`` (1-based)."""
        return self.directory / f"hand-{number:04d}.phh"

    def exists(self) -> bool:
        """True when the directory already holds a session."""
        return self.session_path.is_file()

    def create(self) -> None:
        """Make the directory (and parents); leftover temporary files are harmless."""
        self.directory.mkdir(parents=True, exist_ok=True)

    def write_session(self, text: str) -> None:
        atomic_write(self.session_path, text)

    def write_hand(self, number: int, text: str) -> None:
        atomic_write(self.hand_path(number), text)

    def read_session(self) -> str:
        """The session file's text; OSError/UnicodeDecodeError propagate to the caller."""
        return self.session_path.read_text(encoding="utf-8")

    def read_hand(self, number: int) -> str | None:
        """The text of hand ``number``, or ``None`` when the file does not exist."""
        path = self.hand_path(number)
        if not path.is_file():
            return None
        return path.read_text(encoding="utf-8")

    def hand_numbers(self) -> list[int]:
        """Numbers of the hand files present, ascending."""
        numbers = []
        for path in self.directory.glob("hand-*.phh"):
            stem = path.stem[len("hand-"):]
            if stem.isdigit():
                numbers.append(int(stem))
        return sorted(numbers)

    def kept_session_path(self, number: int) -> Path:
        """The session file as it stood when hand ``number`` ended, before ``next``."""
        return self.directory / f"hand-{number:04d}.session.toml"

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
        _fsync_directory(self.directory)
