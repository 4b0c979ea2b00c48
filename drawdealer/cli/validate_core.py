"""What ``drawdealer validate`` prints (see ``cli/validate.py`` for the command), free of Typer.

The human report leads with the root causes of each hand, the findings that follow from one printed
below it, indented and marked ``↳`` (:func:`root_first`, ``engine.causes``).

JSON Lines are written in batches, and the line of a hand without findings, by far the most common,
is put together directly; it is the same text as ``json_text(report.to_dict())`` (``cli/text.py``:
valid UTF-8 also for file names that are not). Human output shows names escaped (``shown``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Sequence

from drawdealer.cli.text import json_text, shown

PROGRESS_BYTES = 256 * 1024
"""Inputs above this size (a few hundred hands) get a progress bar on a terminal's stderr."""
FORMATS = ("human", "json")
_BATCH = 512  # JSON lines written at once


def run(files: list[Path], *, output: str, strict: bool, game: str | None, jobs: str) -> int:
    """Validate ``files`` and print the result in ``output`` format; the exit code (module ``cli.validate``).

    ``jobs`` is ``auto`` (every core for a large input, ``validate.auto_jobs``) or a number ≥ 1."""
    from drawdealer.cli.errors import fail

    processes: int | str = jobs.strip().lower()
    if processes != "auto":
        try:
            processes = int(processes)
        except ValueError:
            processes = 0
        if processes < 1:
            fail(f"--jobs '{jobs}': give auto (every core for a large input) or a number of processes ≥ 1")
    game_id = None
    if game is not None:
        from drawdealer.engine.variants import UnknownGame, get_game

        try:
            game_id = get_game(game).id
        except UnknownGame as exc:
            fail(f"--game '{game}': {exc}")
    if output == "json":
        return _json(files, game_id, processes, strict)
    return _human(files, game_id, processes, strict)


def fast_path(argv: list[str]) -> None:
    """Run ``drawdealer validate ARGV`` without Typer when the arguments are plain, then exit with
    :func:`run`'s code (``cli/fastargs.py``). It understands exactly the options declared on
    :func:`drawdealer.cli.validate.validate`; anything else returns, and Typer handles it."""
    from drawdealer.cli.fastargs import plain_args

    read = plain_args(argv, {"--format": "format", "--game": "game", "--jobs": "jobs", "-j": "jobs"},
                      {"--strict": "strict"})
    if read is None:
        return
    values, flags, files = read
    output = values.get("format", "human")
    if not files or output not in FORMATS:
        return  # Typer words the usage error
    raise SystemExit(run([Path(f) for f in files], output=output, strict="strict" in flags, game=values.get("game"),
                         jobs=values.get("jobs", "auto")))


def _unreadable(problem: Any) -> None:
    sys.stderr.write(f"drawdealer: error: {shown(problem.file)}: {shown(problem.message)}\n")


def _json(files: list[Path], game: str | None, jobs: int | str, strict: bool) -> int:
    # json.dumps's own string encoder when ensure_ascii=False
    from json.encoder import encode_basestring as quote

    from drawdealer.validate import FileProblem, validate

    errors = unreadable = False
    write = sys.stdout.write
    batch: list[str] = []
    quoted: dict[Any, str] = {None: "null"}  # file names and games, in JSON
    for item in validate(files, game=game, jobs=jobs, strict=strict):
        if isinstance(item, FileProblem):
            unreadable = True
            write("".join(batch))
            batch.clear()
            _unreadable(item)
            continue
        hand_id = item.hand_id
        if item.findings or type(item.line) is not int or not isinstance(hand_id, str) and hand_id is not None:
            errors = errors or item.has_error
            batch.append(json_text(item.to_dict()) + "\n")
        else:
            file, game_name = item.file, item.game
            if file not in quoted:
                quoted[file] = json_text(file)
            if game_name not in quoted:
                quoted[game_name] = json_text(game_name)
            batch.append(f'{{"file": {quoted[file]}, "hand_id": {"null" if hand_id is None else quote(hand_id)}, '
                         f'"line": {item.line}, "game": {quoted[game_name]}, "findings": []}}\n')
        if len(batch) >= _BATCH:
            write("".join(batch))
            batch.clear()
    write("".join(batch))
    sys.stdout.flush()
    return 2 if unreadable else 1 if errors else 0


def _human(files: list[Path], game: str | None, jobs: int | str, strict: bool) -> int:
    from collections import Counter

    from rich.console import Console

    from drawdealer.validate import FileProblem, total_bytes, validate

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
    read = clean = flagged = errors = skipped = 0
    codes: Counter[str] = Counter()
    skipped_games: Counter[str] = Counter()
    problems = []
    seen_files: set[str] = set()
    try:
        advance = (lambda n: progress.advance(bar, n)) if progress is not None else None
        for item in validate(files, game=game, jobs=jobs, strict=strict, progress=advance, chunk=chunk):
            if isinstance(item, FileProblem):
                problems.append(item)
                if progress is not None:
                    progress.console.print(f"drawdealer: error: {shown(item.file)}: {shown(item.message)}", markup=False,
                                           highlight=False, soft_wrap=True)
                else:
                    _unreadable(item)
                continue
            read += 1
            seen_files.add(item.file)
            if not item.findings and item.status != "skipped":
                clean += 1
                continue
            if item.status == "skipped":
                skipped += 1
                reason = item.findings[0].details.get("reason") if item.findings else None
                skipped_games[f"{item.game or '?'}" + (" (cancelled)" if reason == "cancelled" else "")] += 1
                continue
            for f in item.findings:
                codes[f.code] += 1
            flagged += 1
            errors += item.has_error
            _print_hand(printer, item)
    finally:
        if progress is not None:
            progress.stop()
    stats = {"read": read, "clean": clean, "flagged": flagged, "errors": errors, "skipped": skipped}
    _print_summary(console, len(seen_files | {p.file for p in problems}), stats, codes, skipped_games, problems,
                   strict)
    return 2 if problems else 1 if errors else 0


def root_first(findings: Sequence[Any]) -> list[tuple[Any, bool]]:
    """The findings in the order the human report prints them: each root cause, then the findings
    that follow from it (``caused_by``, ``engine.causes``), marked True."""
    following: dict[int, list[Any]] = {}
    for f in findings:
        if f.caused_by is not None:
            following.setdefault(f.caused_by, []).append(f)
    out: list[tuple[Any, bool]] = []
    for k, f in enumerate(findings):
        if f.caused_by is None:
            out.append((f, False))
            out += [(g, True) for g in following.get(k, ())]
    return out


def _print_hand(console: Any, report: Any) -> None:
    from rich.text import Text

    file = shown(report.file)
    head = Text(f"{file}:{report.line}", style="bold")
    head.append(f"  hand #{shown(report.hand_id)}" if report.hand_id else "  (no hand id)")
    if report.game:
        head.append(f"  {shown(report.game)}", style="dim")
    console.print(head)
    for f, follows in root_first(report.findings):
        line = Text("      ↳ " if follows else "  ")
        line.append(f"{file}:{f.line if f.line is not None else report.line}", style="cyan")
        line.append("  ")
        line.append(f.code, style="bold red" if f.is_error else "bold yellow")
        line.append(f"  {shown(f.message)}")
        if f.code == "PARSE_ERROR":
            line.append(f"  (column {f.details.get('column')}: {shown(repr(f.actual))})", style="dim")
        elif f.expected is not None or f.actual is not None:
            plain = f.to_dict()
            line.append(shown(f"  expected {_value(plain['expected'], f)}, actual {_value(plain['actual'], f)}"),
                        style="dim")
        console.print(line)


def _value(plain: Any, finding: Any) -> str:
    """``expected`` or ``actual`` as a person reads it: amounts in the hand's currency, as in the message."""
    from drawdealer.engine.findings import AMOUNT_CODES
    from drawdealer.engine.money import money

    if isinstance(plain, list):
        return "[" + ", ".join(str(v) for v in plain) + "]"
    if type(plain) is int and finding.currency and finding.code in AMOUNT_CODES:
        return money(plain, finding.currency)
    return "—" if plain is None else str(plain)


def _print_summary(console: Any, n_files: int, stats: dict[str, int], codes: Any, skipped_games: Any,
                   problems: list[Any], strict: bool) -> None:
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
        games = ", ".join(f"{shown(g)} ×{n}" for g, n in skipped_games.most_common())
        console.print(f"skipped (GAME_UNSUPPORTED: games drawdealer does not play, cancelled hands): {games}",
                      markup=False)
    if codes:
        table = Table(box=box.SIMPLE_HEAD, title="findings by code", title_justify="left")
        table.add_column("code", no_wrap=True)
        table.add_column("severity")
        table.add_column("count", justify="right")
        table.add_column("docs/RULES.md")
        for code, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])):
            info = CODES[code]
            colour = "red" if info.severity.value == "error" else "yellow"
            table.add_row(code, f"[{colour}]{info.severity.value}[/]", str(n), f"§{info.section}")
        console.print(table)
    if strict and stats["errors"]:
        console.print("stopped at the first hand with an error (--strict)")
