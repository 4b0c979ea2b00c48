"""Standard output of every command: a reader that stops reading ends drawdealer quietly (exit 0), any
other write that fails ends it with one line on stderr and exit 2, never a traceback, never exit 0.

Python ignores SIGPIPE and SIGXFSZ, so a write to a pipe whose reader has gone raises
``BrokenPipeError``, and one to a full device or past a file-size limit (``ulimit -f``) an
``OSError`` (``ENOSPC``, ``EFBIG``): Click and Rich turned them into tracebacks or exit 1. Worse,
Python's own buffered writer drops the rest of a write the system cut short: past ``ulimit -f 2``,
``validate --format json > v.json`` wrote 2,048 of 3,096 bytes and exited 0.

The console script (``cli/main.py``) therefore puts :func:`checked` in place of ``sys.stdout``: a
text stream over the same file descriptor whose lowest layer writes every byte or raises
(:class:`_WholeWrites`), watched by :class:`Watched`, which raises :class:`ReaderGone` for a closed
pipe and :class:`OutputFailed` for any other failed write: exceptions no command, Click or Rich
catches, so that every command ends the same way, in one place (:func:`reader_gone`,
:func:`output_failed`).
"""

from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any, NoReturn, TextIO


class ReaderGone(Exception):
    """The reader of standard output has closed its end of the pipe."""


class OutputFailed(Exception):
    """A write to standard output failed (``cause``: the ``OSError``: a full device, a file-size limit)."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(cause)
        self.cause = cause


class _WholeWrites(io.RawIOBase):
    """File descriptor ``fd`` written whole: a write the system cuts short is carried on until every
    byte is written or the system says why not (an ``OSError``)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            written = os.write(self._fd, view[done:])
            if written == 0:  # never for a blocking descriptor; no endless loop if it ever were
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            done += written
        return done


class Watched:
    """A text stream whose failed writes and flushes raise :class:`ReaderGone` (a closed pipe) or
    :class:`OutputFailed` (anything else); everything else passes through."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError as exc:
            raise ReaderGone from exc
        except OSError as exc:
            raise OutputFailed(exc) from exc

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError as exc:
            raise ReaderGone from exc
        except OSError as exc:
            raise OutputFailed(exc) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def checked(stream: TextIO) -> Watched:
    """``stream`` (``sys.stdout``) as the module docstring says: the same file descriptor, encoding,
    error handler and line buffering, written whole and :class:`Watched`. A stream without a file
    descriptor (a test's) is only watched."""
    try:
        fd = stream.fileno()
        stream.flush()
    except (AttributeError, OSError, ValueError):
        return Watched(stream)
    text = io.TextIOWrapper(io.BufferedWriter(_WholeWrites(fd)), encoding=stream.encoding, errors=stream.errors,
                            newline="\n", line_buffering=stream.line_buffering)
    return Watched(text)


def _silence_stdout() -> None:
    """Point file descriptor 1 at /dev/null, so that the interpreter's last flush of what is still
    buffered cannot fail again as it exits."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)


def reader_gone() -> NoReturn:
    """Exit 0 without a word: the output was wanted no further, which is not an error."""
    _silence_stdout()
    raise SystemExit(0)


def output_failed(failed: OutputFailed) -> NoReturn:
    """One line on stderr, ``drawdealer: error: cannot write the output: No space left on device``,
    and exit 2: the output is incomplete, so the run is not a success."""
    _silence_stdout()
    reason = failed.cause.strerror or str(failed.cause)
    try:
        sys.stderr.write(f"drawdealer: error: cannot write the output (standard output): {reason}\n")
        sys.stderr.flush()
    except OSError:
        pass  # stderr is gone too: the exit code alone says it
    raise SystemExit(2)
