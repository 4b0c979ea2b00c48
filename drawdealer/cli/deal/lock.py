"""One dealer per journal (issue 15, "Data safety"): an exclusive lock held for the process's life.

Two sessions on one journal would interleave two game histories in its files. The session takes
``flock(LOCK_EX)`` on ``dealer.lock`` in the journal folder and writes its process id there; a
second session finds the lock taken and is refused, naming that process. The operating system
releases a ``flock`` when its process dies, however it dies, so a lock left by a crashed or
killed dealer never blocks ``--resume`` (the stale process id in the file is simply overwritten).
Where ``fcntl`` does not exist (Windows) journals are not locked.
"""

from __future__ import annotations

import os
from pathlib import Path

from drawdealer.journal_files import LOCK_FILE

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_held: dict[str, int] = {}
"""Journal folder (real path) → the open lock file of this process; kept open until it exits."""


class JournalBusy(BlockingIOError):
    """Another live process holds the journal's lock."""

    def __init__(self, holder: str) -> None:
        super().__init__(f"in use by another dealer ({holder}); one dealer per journal: "
                         "quit that session first")


def hold(directory: Path) -> None:
    """Take the lock of the journal in ``directory`` for the rest of this process, or raise
    :class:`JournalBusy` naming the process that holds it (OSError if the folder cannot be used)."""
    key = os.path.realpath(directory)
    if fcntl is None or key in _held:
        return
    fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        os.close(fd)
        raise JournalBusy(f"process {pid}" if pid.isdigit() else "a process that is starting") from None
    except BaseException:
        os.close(fd)
        raise
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    _held[key] = fd
