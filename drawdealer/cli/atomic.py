"""Replace a file atomically: readers (and a crash) see the old file or the new one, never a torn one.

The new text goes to a temporary file in the same folder (so that the rename stays on one file
system), is flushed and fsynced, renamed over the old file with ``os.replace``, and the folder is
fsynced so the rename survives a power cut. If anything fails before the rename, the temporary
file is removed and the old file is untouched; the new file keeps the old one's permissions. Used by
the dealer's journal, ``convert -o`` (which replaces only a regular file so: ``cli/outfile.py``) and
``stats --graph``.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TEMP_SUFFIX = ".tmp"
"""Temporary files are ``.<name>.<random>.tmp`` beside the file they will replace."""


def _new_file_mode() -> int:
    """The mode ``open(path, 'w')`` would give a new file: 0o666 less the umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


@contextmanager
def replacing(path: Path, *, binary: bool = False) -> Iterator[Any]:
    """A UTF-8 text handle (a binary one with ``binary``) whose content replaces ``path`` when the
    ``with`` block ends normally."""
    directory = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)  # the file replaced keeps its permissions
    except FileNotFoundError:
        mode = _new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=directory)
    try:
        os.fchmod(fd, mode)
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    fsync_directory(directory)


def fsync_directory(directory: Path) -> None:
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
