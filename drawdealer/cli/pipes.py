"""A reader that stops reading ends drawdealer quietly: ``drawdealer validate big | head -1`` exits 0.

Python ignores SIGPIPE, so a write to a pipe whose reader has gone raises ``BrokenPipeError``; Click
turns that into exit 1 and Rich into exit 1 too, each its own way. The console script instead puts
:class:`WatchedStdout` in front of ``sys.stdout``: every write and flush that meets a closed pipe
raises :class:`ReaderGone`, which neither Click nor Rich catches, and :func:`reader_gone` ends the
process with exit 0 and nothing on stderr (the output was wanted no further; it is not an error).
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn


class ReaderGone(Exception):
    """The reader of standard output has closed its end of the pipe."""


class WatchedStdout:
    """``sys.stdout`` with broken pipes raised as :class:`ReaderGone`; everything else passes through."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError as exc:
            raise ReaderGone from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError as exc:
            raise ReaderGone from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def reader_gone() -> NoReturn:
    """Exit 0 without a word; standard output now goes to /dev/null, so the interpreter's last flush of
    what is still buffered cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.__stdout__.fileno())
    os.close(devnull)
    raise SystemExit(0)
