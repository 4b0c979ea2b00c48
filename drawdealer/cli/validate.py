"""``drawdealer validate FILES...``: every illegal action and wrong claim of hand-history files (RULES.md §11).

Reads the hand histories of every site in ``parsers.sniff.SITES`` and PHH (format by content), replays
each hand and prints its findings (the work is :func:`drawdealer.validate.validate`; ``cli/validate_core.py`` renders it).

- ``--format human`` (default): each file with flagged hands named once (relative to the current
  folder), under it each flagged hand and its findings (line, severity, code, message, expected and
  actual, amounts as money), wrapped to the terminal; then the files of folders passed over and why,
  and a summary counting hands ("3 hands in 1 file: 2 clean, 1 with errors") with the findings by code.
- ``--format json``: JSON Lines, one object per hand in input order:
  ``{"schema": 1, "file", "hand_id", "line", "game", "findings": [{"code", "severity", "line",
  "message", "expected", "actual", "caused_by"}]}`` (``PARSE_ERROR`` findings add ``column``); a file
  of a folder passed over is ``{"schema": 1, "file": PATH, "skipped": REASON}``. ``schema`` is the
  version of the lines' shape, described by ``docs/report.schema.json``.
- A progress bar runs on stderr, in both formats, for inputs of more than a few hundred hands when
  stderr is a terminal (never when it is piped).
- ``--strict``: stop at the first hand with an error finding (it is printed, exit 1).
- ``--fail-on-empty``: exit 2 (bad input) when no hand at all was read, e.g. a CI glob that matched
  only files passed over.
- ``--game G``: replay every hand as game ``G`` (an id or alias, e.g. ``27TD-PL``) instead of the
  game its header names; for headers that are ambiguous or wrong. Hands of games drawdealer does not
  play (Badugi …) stay skipped.
- ``--jobs auto`` (the default): one process per core when the input is large enough to gain
  (``validate.PARALLEL_BYTES``), else one; ``--jobs N`` forces N (``--jobs 1``: one process). Large
  files are split at hand boundaries; the output is the same, in input order, whatever the number.
- ``--cluster ADDRESS``: the same work on a Dask distributed cluster (the scheduler at ADDRESS,
  ``tcp://host:8786``), the same output (``drawdealer.cluster``; needs ``drawdealer[cluster]``).
  The workers read the files at the same absolute paths (a shared folder), or ``--ship`` sends
  them each task's bytes.

Files inside a folder that are not read (another site's histories, tournament summaries, other
files, unreadable ones, links that loop, point to nothing or name too long a path, links to folders,
FIFOs) are passed over and named with the reason; hidden files are not looked at.

A ``drawdealer deal`` journal's current hand (the one its ``session.toml`` names) may still be under
way: until it is over (an Italian opener's openers shown, RULES.md §9.2, §10.2) its actions are
checked but nothing due at its end, its heading says ``under way`` and the summary names it
("1 hand under way in a dealer's journal, checked as far as it is played:", then the file).

A hand drawdealer itself fails on (an exception in a reader or the engine: a bug) is that hand's
``INTERNAL_ERROR`` finding, with the exception and "please report this hand"; every other hand is
still read and reported, in one process or several.

Exit codes: 0 no hand has an error finding (warnings, skipped hands and files passed over allowed),
1 some hand has one (a hand that cannot be parsed is a ``PARSE_ERROR``), 2 a file named on the
command line cannot be read at all (missing, unreadable, unknown format, a FIFO or device, a folder
that cannot be listed, a name too long, a link that loops: one line on stderr per file; the other
files are still validated), a file of a folder could not be read, drawdealer failed on a hand
(``INTERNAL_ERROR``), the output could not be written (one line on stderr: a full disk, a file-size
limit), or no hand was read with ``--fail-on-empty``. ``-`` reads standard input
(``drawdealer.inputs``); the limits per hand (``parsers/limits.py``) are in the command's help.
"""

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from drawdealer.cli.formats import FORMATS


class OutputFormat(str, Enum):
    human = "human"
    json = "json"


def validate(
    files: Annotated[list[Path], typer.Argument(help=f"Hand-history files or folders ({FORMATS}); "
                                                "- reads standard input.", show_default=False)],
    output: Annotated[OutputFormat, typer.Option("--format", help="human: Rich report; json: JSON Lines, one "
                                                 "object per hand.")] = OutputFormat.human,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first hand with an error finding.")] = False,
    fail_on_empty: Annotated[bool, typer.Option("--fail-on-empty", help="Exit 2 when no hand at all was read "
                                                "(for CI).")] = False,
    game: Annotated[str | None, typer.Option("--game", help="Replay every hand as this game (id or alias, e.g. "
                                             "27TD-PL) when the headers are ambiguous.", show_default=False)] = None,
    jobs: Annotated[str | None, typer.Option("--jobs", "-j", metavar="auto|N", show_default=False,
                                             help="Worker processes: auto (the default) uses every core for a "
                                             "large input (8 MB or more), N forces N.")] = None,
    cluster: Annotated[str | None, typer.Option("--cluster", metavar="ADDRESS", show_default=False,
                                                help="Run the work on the Dask cluster whose scheduler is at "
                                                "ADDRESS (tcp://host:8786); needs drawdealer[cluster].")] = None,
    ship: Annotated[bool, typer.Option("--ship", help="With --cluster: send the files' bytes to the workers "
                                       "(else they read the same paths, a shared folder).")] = False,
) -> None:
    """Validate hand histories: replay every hand and report each finding (exit 0 clean, 1 findings, 2 unreadable).

    FILES may be folders (read recursively) and - (standard input; a pipe or <(...) works too). A
    FIFO, device or socket named here is refused unread, and a folder that cannot be listed, a link
    that loops or a name too long is reported (exit 2). A hand drawdealer fails on is reported as
    INTERNAL_ERROR (please report it) and the run goes on; it then exits 2.

    Limits per hand (parsers/limits.py; a hand over one is one finding and the next hand is read):
    10 players (PLAYER_COUNT_INVALID), 20,000 characters in a line, 1,000,000 characters in a hand,
    2,000 actions, 15 digits in an amount, PHH arrays and tables nested 8 deep (PARSE_ERROR).
    """
    from drawdealer.cli.validate_core import run

    raise typer.Exit(code=run(files, output=output.value, strict=strict, game=game, jobs=jobs,
                              fail_on_empty=fail_on_empty, cluster=cluster, ship=ship))
