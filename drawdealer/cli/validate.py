"""``drawdealer validate FILES...``: every illegal action and wrong claim of hand-history files (RULES.md §11).

Reads PokerStars text and PHH (format by content), replays each hand and prints its findings
(the work is :func:`drawdealer.validate.validate`; ``cli/validate_core.py`` renders it).

- ``--format human`` (default): each flagged hand with its findings (``file:line``, code, message,
  expected vs actual), then a summary: hands read, clean, flagged, skipped, by code. A progress bar
  runs on stderr for inputs of more than a few hundred hands when stderr is a terminal.
- ``--format json``: JSON Lines, one object per hand in input order:
  ``{"file", "hand_id", "line", "game", "findings": [{"code", "severity", "line", "message",
  "expected", "actual"}]}`` (``PARSE_ERROR`` findings add ``column``).
- ``--strict``: stop at the first hand with an error finding (it is printed, exit 1).
- ``--game G``: replay every hand as game ``G`` (an id or alias, e.g. ``27TD-PL``) instead of the
  game its header names; for headers that are ambiguous or wrong. Hands of games drawdealer does not
  play (Badugi …) stay skipped.
- ``--jobs auto`` (the default): one process per core when the input is large enough to gain
  (``validate.PARALLEL_BYTES``), else one; ``--jobs N`` forces N (``--jobs 1``: one process). Large
  files are split at hand boundaries; the output is the same, in input order, whatever the number.

Exit codes: 0 no hand has an error finding (warnings and skipped hands allowed), 1 some hand has
one (a hand that cannot be parsed is a ``PARSE_ERROR``), 2 a file cannot be read at all (missing,
unreadable, unknown format: one line on stderr per file; the other files are still validated).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer


class OutputFormat(str, Enum):
    human = "human"
    json = "json"


def validate(
    files: Annotated[list[Path], typer.Argument(help="Hand-history files (PokerStars text or PHH).",
                                                show_default=False)],
    output: Annotated[OutputFormat, typer.Option("--format", help="human: Rich report; json: JSON Lines, one "
                                                 "object per hand.")] = OutputFormat.human,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first hand with an error finding.")] = False,
    game: Annotated[str | None, typer.Option("--game", help="Replay every hand as this game (id or alias, e.g. "
                                             "27TD-PL) when the headers are ambiguous.", show_default=False)] = None,
    jobs: Annotated[str, typer.Option("--jobs", "-j", metavar="auto|N", help="Worker processes: auto uses every "
                                      "core for a large input (8 MB or more), N forces N.")] = "auto",
) -> None:
    """Validate hand histories: replay every hand and report each finding (exit 0 clean, 1 findings, 2 unreadable)."""
    from drawdealer.cli.validate_core import run

    raise typer.Exit(code=run(files, output=output.value, strict=strict, game=game, jobs=jobs))
