"""A console that loads Rich only when a line needs it (DESIGN.md convention 12).

Importing Rich's console costs about a quarter of ``drawdealer validate`` on one small file, whose
report is often one plain line (``3 hands in 1 file: 3 clean``). Rich prints such a line unchanged
when nothing can make it differ: no standard stream is a terminal and ``COLUMNS`` is not set (so
Rich writes no colour and wraps at its default 80 columns), and the line is printable ASCII (one
column a character, no tab or control character) shorter than 80 columns. :meth:`PlainConsole.line` writes those lines itself; every
other line, and everything styled, goes through :attr:`PlainConsole.rich`, made on first use.

Every command makes its Rich consoles with :func:`rich_console`: names from the input are text.
"""

from __future__ import annotations

import os
import sys
from functools import cached_property
from typing import Any

_RICH_DEFAULT_WIDTH = 80


def _rich_would_style() -> bool:
    """Whether Rich could colour or wrap a line differently from ``print``: some standard stream is
    a terminal, or the environment sets a width or forces a terminal."""
    if any(name in os.environ for name in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE")):
        return True
    return any(os.isatty(fd) for fd in (0, 1, 2))


def rich_console(**options: Any) -> Any:
    """A Rich ``Console(**options)`` without emoji codes: a file or player named ``x:thumbs_up:`` is
    printed as written, not as ``x👍`` (and Rich need not load its emoji table)."""
    from rich.console import Console

    return Console(emoji=False, **options)


class PlainConsole:
    """Plain lines written directly when Rich would print them unchanged; a Rich ``Console``
    (:func:`rich_console`, ``highlight=False``) for the rest."""

    def __init__(self) -> None:
        self._direct = not _rich_would_style()

    @cached_property
    def rich(self) -> Any:
        """The Rich console, imported and made on first use."""
        return rich_console(highlight=False)

    def line(self, text: str) -> None:
        """Print ``text`` as one line, without markup: the same output as ``rich.print(text, markup=False)``."""
        if self._direct and len(text) < _RICH_DEFAULT_WIDTH and text.isascii() and text.isprintable():
            sys.stdout.write(text + "\n")
        else:
            self.rich.print(text, markup=False)
