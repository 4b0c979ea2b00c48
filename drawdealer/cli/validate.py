"""``drawdealer validate FILES...``: every illegal action and wrong claim of hand-history files (RULES.md §11).

Reads PokerStars text and PHH (format by content), replays each hand and prints its findings
(the work is :func:`drawdealer.validate.validate`; this module only renders it).

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
- ``--jobs N``: N processes (0 = one per core); large files are split at hand boundaries; the output
  is the same as with one.

Exit codes: 0 no hand has an error finding (warnings and skipped hands allowed), 1 some hand has
one (a hand that cannot be parsed is a ``PARSE_ERROR``), 2 a file cannot be read at all (missing,
unreadable, unknown format: one line on stderr per file; the other files are still validated).
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

PROGRESS_BYTES = 256 * 1024
"""Inputs above this size (a few hundred hands) get a progress bar on a terminal's stderr."""


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
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0 = one per core).")] = 1,
) -> None:
    """Validate hand histories: replay every hand and report each finding (exit 0 clean, 1 findings, 2 unreadable)."""
    import os

    from drawdealer.cli.errors import ExitCode, fail

    if jobs < 0:
        fail(f"--jobs {jobs}: give a number of processes ≥ 1, or 0 for one per core")
    jobs = jobs or os.cpu_count() or 1
    game_id = None
    if game is not None:
        from drawdealer.engine.variants import UnknownGame, get_game

        try:
            game_id = get_game(game).id
        except UnknownGame:
            fail(f"--game: unknown game '{game}' (e.g. 27TD-FL, 27TD-PL, 27TD-NL, 27SD-NL, 5CD-FL, ITA)")
    from drawdealer.validate import validate as run

    if output is OutputFormat.json:
        code = _json(run, files, game_id, jobs, strict)
    else:
        code = _human(run, files, game_id, jobs, strict)
    raise typer.Exit(code=int(code if code is not None else ExitCode.CLEAN))


def _unreadable(problem) -> None:
    sys.stderr.write(f"drawdealer: error: {problem.file}: {problem.message}\n")


def _json(run, files: list[Path], game: str | None, jobs: int, strict: bool) -> int:
    import json

    from drawdealer.validate import FileProblem

    errors = unreadable = False
    out = sys.stdout
    for item in run(files, game=game, jobs=jobs, strict=strict):
        if isinstance(item, FileProblem):
            unreadable = True
            _unreadable(item)
            continue
        errors = errors or item.has_error
        out.write(json.dumps(item.to_dict(), ensure_ascii=False) + "\n")
    out.flush()
    return 2 if unreadable else 1 if errors else 0


def _human(run, files: list[Path], game: str | None, jobs: int, strict: bool) -> int:
    from collections import Counter

    from rich.console import Console

    from drawdealer.validate import FileProblem, total_bytes

    console = Console(highlight=False, soft_wrap=True)
    errconsole = Console(stderr=True)
    size = total_bytes(files)
    progress = None
    if errconsole.is_terminal and size > PROGRESS_BYTES:
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TimeRemainingColumn,
        )

        progress = Progress("validating", BarColumn(), DownloadColumn(), TimeRemainingColumn(), console=errconsole,
                            transient=True, redirect_stdout=False, redirect_stderr=False)
        bar = progress.add_task("validating", total=size)
        progress.start()
    # on one terminal, hands are printed above the bar; piped, stdout gets them and stderr the bar
    printer = progress.console if progress is not None and console.is_terminal else console
    chunk = max(PROGRESS_BYTES, size // 200) if progress is not None else None
    stats: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    skipped_games: Counter[str] = Counter()
    problems = []
    seen_files: set[str] = set()
    try:
        advance = (lambda n: progress.advance(bar, n)) if progress is not None else None
        for item in run(files, game=game, jobs=jobs, strict=strict, progress=advance, chunk=chunk):
            if isinstance(item, FileProblem):
                problems.append(item)
                if progress is not None:
                    progress.console.print(f"drawdealer: error: {item.file}: {item.message}", markup=False,
                                           highlight=False, soft_wrap=True)
                else:
                    _unreadable(item)
                continue
            stats["read"] += 1
            seen_files.add(item.file)
            if item.status == "skipped":
                stats["skipped"] += 1
                reason = item.findings[0].details.get("reason") if item.findings else None
                skipped_games[f"{item.game or '?'}" + (" (cancelled)" if reason == "cancelled" else "")] += 1
                continue
            for f in item.findings:
                codes[f.code] += 1
            if item.clean:
                stats["clean"] += 1
                continue
            stats["flagged"] += 1
            stats["errors"] += item.has_error
            _print_hand(printer, item)
    finally:
        if progress is not None:
            progress.stop()
    _print_summary(console, len(seen_files | {p.file for p in problems}), stats, codes, skipped_games, problems,
                   strict)
    return 2 if problems else 1 if stats["errors"] else 0


def _print_hand(console, report) -> None:
    from rich.text import Text

    head = Text(f"{report.file}:{report.line}", style="bold")
    head.append(f"  hand #{report.hand_id}" if report.hand_id else "  (no hand id)")
    if report.game:
        head.append(f"  {report.game}", style="dim")
    console.print(head)
    for f in report.findings:
        line = Text("  ")
        line.append(f"{report.file}:{f.line if f.line is not None else report.line}", style="cyan")
        line.append("  ")
        line.append(f.code, style="bold red" if f.is_error else "bold yellow")
        line.append(f"  {f.message}")
        if f.code == "PARSE_ERROR":
            line.append(f"  (column {f.details.get('column')}: {f.actual!r})", style="dim")
        elif f.expected is not None or f.actual is not None:
            plain = f.to_dict()
            line.append(f"  expected {_value(plain['expected'])}, actual {_value(plain['actual'])}", style="dim")
        console.print(line)


def _value(plain) -> str:
    if isinstance(plain, list):
        return "[" + ", ".join(str(v) for v in plain) + "]"
    return "—" if plain is None else str(plain)


def _print_summary(console, n_files, stats, codes, skipped_games, problems, strict) -> None:
    from rich import box
    from rich.table import Table

    from drawdealer.engine.findings import CODES

    read = stats["read"]
    summary = Table(box=box.SIMPLE_HEAD, title=f"{n_files} file(s), {read} hand(s) read", title_justify="left")
    for column in ("clean", "flagged", "with errors", "skipped", "unreadable files"):
        summary.add_column(column, justify="right")
    summary.add_row(str(stats["clean"]), str(stats["flagged"]), str(stats["errors"]), str(stats["skipped"]),
                    str(len(problems)))
    console.print(summary)
    if skipped_games:
        games = ", ".join(f"{g} ×{n}" for g, n in skipped_games.most_common())
        console.print(f"skipped (GAME_UNSUPPORTED: games drawdealer does not play, cancelled hands): {games}",
                      markup=False)
    if codes:
        table = Table(box=box.SIMPLE_HEAD, title="findings by code", title_justify="left")
        table.add_column("code", no_wrap=True)
        table.add_column("severity")
        table.add_column("count", justify="right")
        table.add_column("RULES.md")
        for code, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])):
            info = CODES[code]
            colour = "red" if info.severity.value == "error" else "yellow"
            table.add_row(code, f"[{colour}]{info.severity.value}[/]", str(n), f"§{info.section}")
        console.print(table)
    if strict and stats["errors"]:
        console.print("stopped at the first hand with an error (--strict)")
