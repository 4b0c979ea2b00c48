"""What a command is given to read: a file, ``-`` (standard input) or a pipe, never a device (issue 15).

``validate``, ``convert`` and ``status`` read a hand history more than once (its head to tell the
format, then its hands; ``validate`` also finds where to cut a large file), so a stream, which can
be read only once, is first copied to a private temporary file (:func:`readable`, created with mode
0600 and removed at exit), in blocks: memory stays flat however long the stream. Streams are
``-`` and the pipes a shell names ``/dev/fd/N`` for ``<(…)``. Any other path that is not a plain
file or a folder (a named FIFO, a device such as ``/dev/zero``, a socket) is refused at once
(:func:`not_a_file`): reading it could block or never end.
"""

from __future__ import annotations

import atexit
import errno
import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

STDIN = "-"
"""The argument that names standard input."""
STDIN_NAME = "<stdin>"
"""How reports name standard input."""
_STREAM_DIRS = ("/dev/fd/", "/proc/self/fd/")  # where a shell's process substitution <(…) points
_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def is_stream(path: str | Path) -> bool:
    """Whether ``path`` is ``-`` or a process substitution's ``/dev/fd/N`` (read once, then spooled)."""
    text = str(path)
    return text == STDIN or text.startswith(_STREAM_DIRS) or text == "/dev/stdin"


def display_name(path: str | Path) -> str:
    """The name reports give ``path``: ``<stdin>`` for ``-``, else the path as given."""
    return STDIN_NAME if str(path) == STDIN else str(path)


def not_a_file(path: str | Path) -> str | None:
    """Why a named ``path`` that is neither a stream (:func:`is_stream`) nor a plain file or folder
    is not read (``"is a FIFO, not a file"``), or None. Uses ``stat``, which never blocks."""
    if is_stream(path):
        return None
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # missing or unreadable: opening it says why
    kind = kind_of(mode)
    return f"is {kind}, not a file: not read (give - to read standard input)" if kind else None


_EXPLAINED = {
    errno.ELOOP: "a symbolic link that loops back on itself",
    errno.ENAMETOOLONG: "the name, or the target of a link in it, is longer than the file system allows",
}


def why_unreadable(exc: OSError, path: str | Path) -> str:
    """Why ``path`` cannot be read, for a person: the system's reason (``File name too long``), with
    what it means where its words say little (a link that loops, a link to nothing)."""
    text = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return f"{text}: a link to nothing (its target does not exist)"
    explained = _EXPLAINED.get(exc.errno)  # type: ignore[arg-type]
    return f"{text}: {explained}" if explained else text


def kind_of(mode: int) -> str | None:
    """``a FIFO``, ``a character device``, ``a block device`` or ``a socket`` for such a file's
    ``st_mode``, else None."""
    return next((kind for test, kind in _KINDS if test(mode)), None)


def readable(path: str | Path) -> Path:
    """``path`` as a file that can be read more than once: a plain file as it is; a stream
    (:func:`is_stream`) copied, in blocks, to a private temporary file that is removed when the
    process exits (a command reads one standard input). Raises ``OSError``."""
    if not is_stream(path):
        return Path(path)
    import tempfile  # here, not at the top: with random it costs every run's start-up

    fd, name = tempfile.mkstemp(prefix="drawdealer-stdin-")
    atexit.register(_remove, name)
    with os.fdopen(fd, "wb") as out:
        if str(path) == STDIN:
            _copy_text(sys.stdin.buffer, out)
        else:
            with open(path, "rb") as source:
                _copy_text(source, out)
    return Path(name)


def _copy_text(source: BinaryIO, out: BinaryIO) -> None:
    """Copy ``source`` to ``out`` a megabyte at a time; a stream that goes on for more than
    :data:`~drawdealer.parsers.limits.MAX_HAND_CHARS` bytes without a line end (``\\n`` or ``\\r``)
    raises :class:`~drawdealer.parsers.limits.EndlessLine`, so ``- < /dev/zero`` ends (issue 15)."""
    from drawdealer.parsers.limits import MAX_HAND_CHARS, EndlessLine

    since_line_end = 0
    while block := source.read(1 << 20):
        end = max(block.rfind(b"\n"), block.rfind(b"\r"))
        since_line_end = since_line_end + len(block) if end < 0 else len(block) - end - 1
        if since_line_end > MAX_HAND_CHARS:
            raise EndlessLine()
        out.write(block)


def _remove(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
