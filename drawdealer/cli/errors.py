"""Exit codes and the one-line error every command uses for bad input."""

from __future__ import annotations

import sys
from enum import IntEnum
from typing import NoReturn

from drawdealer.cli.text import shown


class ExitCode(IntEnum):
    """0 clean, 1 findings, 2 bad input or usage (the brief's contract)."""

    CLEAN = 0
    FINDINGS = 1
    BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """Print ``drawdealer: error: <message>`` as one line on stderr and exit with code 2; control
    characters in the message (a file or player name's) are shown escaped (``cli/text.py``).

    ``SystemExit`` rather than ``typer.Exit``: Typer lets it through unchanged, and this module
    stays free of Typer so that the showdown fast path starts quickly (``cli/main.py``).
    """
    sys.stderr.write(f"drawdealer: error: {shown(message)}\n")
    raise SystemExit(ExitCode.BAD_INPUT)
