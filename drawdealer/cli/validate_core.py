"""What ``drawdealer validate`` prints (see ``cli/validate.py`` for the command), free of Typer.

JSON Lines are written in batches, and the line of a hand without findings, by far the most common,
is put together directly; it is the same text as ``json_text(report.to_dict())`` (``cli/text.py``:
valid UTF-8 also for file names that are not). A file of a folder that is passed over is a line
``{"schema": 1, "file": PATH, "skipped": REASON}``. Every line starts with the version of its shape
(``validate.REPORT_SCHEMA``; ``docs/report.schema.json``).

The human report names each file once (relative to the current folder), under it each flagged hand
and its findings with their severity, amounts as money, wrapped to the terminal: the root causes
first, the findings that follow from one printed below it, indented and marked ``↳``
(:func:`root_first`, ``engine.causes``); then the files passed over and a summary counting hands.
Names from the input (files, players, games) are shown escaped (``shown``).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from drawdealer.cli.plainconsole import PlainConsole
from drawdealer.cli.text import json_text, shown
from drawdealer.engine.words import counted

if TYPE_CHECKING:
    from drawdealer.cli.wrapped import Wrapped

PROGRESS_BYTES = 256 * 1024
"""Inputs above this size (a few hundred hands) get a progress bar on a terminal's stderr."""
FORMATS = ("human", "json")
_BATCH = 512  # JSON lines written at once
_SKIP_LABELS = {"cancelled": " (cancelled)"}
"""How the summary names a hand skipped for a reason other than its game (``Skipped.reason``)."""


def run(files: list[Path], *, output: str, strict: bool, game: str | None, jobs: str | None,
        fail_on_empty: bool = False, cluster: str | None = None, ship: bool = False) -> int:
    """Validate ``files`` and print the result in ``output`` format; the exit code (module ``cli.validate``).

    ``jobs`` is ``auto`` (every core for a large input, ``validate.auto_jobs``; None says it too) or
    a number ≥ 1; ``cluster``, a Dask scheduler's address, runs the work there instead
    (``drawdealer.cluster``), the workers sent the files' bytes when ``ship``;
    ``fail_on_empty``: exit 2 with one line on stderr when no hand at all was read.
    """
    from drawdealer.cli.errors import fail

    if cluster is not None and jobs is not None:
        fail("--jobs and --cluster: give one (--cluster runs the work on the cluster's workers)")
    if ship and cluster is None:
        fail("--ship sends the files' bytes to a cluster's workers: give --cluster ADDRESS too")
    processes = read_jobs(jobs or "auto")
    game_id = read_game(game)
    where: dict[str, Any] = {"jobs": processes} if cluster is None else {"cluster": cluster, "ship": ship}
    render = _json if output == "json" else _human
    if cluster is None:
        code, hands = render(files, game_id, where, strict)
    else:
        from drawdealer.cluster import ClusterError

        try:
            code, hands = render(files, game_id, where, strict)
        except ClusterError as exc:
            fail(str(exc))
    if fail_on_empty and not hands:
        sys.stderr.write(f"drawdealer: error: no hand read from {', '.join(map(str, files))} (--fail-on-empty)\n")
        return 2
    return code


def read_jobs(jobs: str) -> int | str:
    """``--jobs``: ``"auto"`` or a number of processes ≥ 1; anything else is a usage error (exit 2)."""
    processes: int | str = jobs.strip().lower()
    if processes != "auto":
        try:
            processes = int(processes)
        except ValueError:
            processes = 0
        if processes < 1:
            from drawdealer.cli.errors import fail

            fail(f"--jobs '{jobs}': give auto (every core for a large input) or a number of processes ≥ 1")
    return processes


def read_game(game: str | None) -> str | None:
    """``--game``: the id of the game named (an id or alias of ``engine.variants``), None when not
    given; an unknown or ambiguous name is a usage error (exit 2)."""
    if game is None:
        return None
    from drawdealer.engine.variants import UnknownGame, get_game

    try:
        return get_game(game).id
    except UnknownGame as exc:
        from drawdealer.cli.errors import fail

        fail(f"--game '{game}': {exc}")


def fast_path(argv: list[str]) -> None:
    """Run ``drawdealer validate ARGV`` without Typer when the arguments are plain, then exit with
    :func:`run`'s code (``cli/fastargs.py``). It understands exactly the options declared on
    :func:`drawdealer.cli.validate.validate`; anything else returns, and Typer handles it."""
    from drawdealer.cli.fastargs import plain_args

    read = plain_args(argv, {"--format": "format", "--game": "game", "--jobs": "jobs", "-j": "jobs",
                             "--cluster": "cluster"},
                      {"--strict": "strict", "--fail-on-empty": "fail_on_empty", "--ship": "ship"})
    if read is None:
        return
    values, flags, files = read
    output = values.get("format", "human")
    if not files or output not in FORMATS:
        return  # Typer words the usage error
    raise SystemExit(run([Path(f) for f in files], output=output, strict="strict" in flags, game=values.get("game"),
                         jobs=values.get("jobs"), fail_on_empty="fail_on_empty" in flags,
                         cluster=values.get("cluster"), ship="ship" in flags))


def _unreadable(problem: Any) -> None:
    sys.stderr.write(f"drawdealer: error: {shown(problem.file)}: {shown(problem.message)}\n")


@contextmanager
def progress_bar(files: Sequence[Path], label: str = "validating"
                 ) -> Iterator[tuple[Any, Callable[[int], None] | None, int | None]]:
    """A progress bar on stderr for inputs above :data:`PROGRESS_BYTES` when stderr is a terminal
    (never when it is piped): ``(console, advance, chunk)``, or ``(None, None, None)`` without one.

    ``chunk`` cuts large files finer, so that the bar moves at least every half per cent.
    """
    # piped: no bar, and no Rich to import at start-up (FORCE_COLOR makes stderr a terminal to Rich)
    if not sys.stderr.isatty() and not os.environ.get("FORCE_COLOR"):
        yield None, None, None
        return
    from drawdealer.cli.plainconsole import rich_console
    from drawdealer.validate import total_bytes

    errconsole = rich_console(stderr=True)
    size = total_bytes(files) if errconsole.is_terminal else 0
    if size <= PROGRESS_BYTES:
        yield None, None, None
        return
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    progress = Progress(label, BarColumn(), DownloadColumn(), TimeRemainingColumn(), console=errconsole,
                        transient=True, redirect_stdout=False, redirect_stderr=False)
    bar = progress.add_task(label, total=size)
    progress.start()
    try:
        yield progress.console, lambda n: progress.advance(bar, n), max(PROGRESS_BYTES, size // 200)
    finally:
        progress.stop()


def _json(files: list[Path], game: str | None, where: dict[str, Any], strict: bool) -> tuple[int, int]:
    """JSON Lines on stdout; ``(exit code, hands read)``. ``where``: the work's ``jobs``, or its
    ``cluster`` and ``ship`` (``validate.validate``'s keywords)."""
    # json.dumps's own string encoder when ensure_ascii=False
    from json.encoder import encode_basestring as quote

    from drawdealer.validate import REPORT_SCHEMA, FileProblem, PassedOver, validate

    errors = unreadable = internal = False
    hands = 0
    write = sys.stdout.write
    batch: list[str] = []
    quoted: dict[Any, str] = {None: "null"}  # file names and games, in JSON
    failed: list[Exception] = []
    with progress_bar(files) as (_bar, advance, chunk):
        for item in _until_lost(validate(files, game=game, strict=strict, progress=advance, chunk=chunk, **where),
                                where, failed):
            if isinstance(item, FileProblem):
                unreadable = True
                write("".join(batch))
                batch.clear()
                sys.stdout.flush()
                _unreadable(item)
                continue
            if isinstance(item, PassedOver):
                unreadable = unreadable or item.unreadable
                batch.append(json_text(item.to_dict()) + "\n")
                continue
            hands += 1
            hand_id = item.hand_id
            if item.findings or type(item.line) is not int or not isinstance(hand_id, str) and hand_id is not None:
                errors = errors or item.has_error
                internal = internal or _failed_on(item)
                batch.append(json_text(item.to_dict()) + "\n")
            else:
                file, game_name = item.file, item.game
                if file not in quoted:
                    quoted[file] = json_text(file)
                if game_name not in quoted:
                    quoted[game_name] = json_text(game_name)
                batch.append(f'{{"schema": {REPORT_SCHEMA}, "file": {quoted[file]}, "hand_id": '
                             f'{"null" if hand_id is None else quote(hand_id)}, "line": {item.line}, '
                             f'"game": {quoted[game_name]}, "findings": []}}\n')
            if len(batch) >= _BATCH:
                write("".join(batch))
                batch.clear()
        write("".join(batch))
        sys.stdout.flush()
    if failed:
        raise failed[0]
    return (2 if unreadable or internal else 1 if errors else 0), hands


def _failed_on(report: Any) -> bool:
    """Whether drawdealer failed on the hand (``INTERNAL_ERROR``, the one finding of a hand it could
    not read or replay): the run then exits 2, as for any input it could not check."""
    return report.status == "unparsed" and report.findings[0].code == "INTERNAL_ERROR"


def _until_lost(items: Iterator[Any], where: dict[str, Any], failed: list[Exception]) -> Iterator[Any]:
    """``items`` until a cluster fails mid-run (``drawdealer.cluster.ClusterError``, kept in
    ``failed`` for the caller to raise once what was read before it is printed); ``items`` as they
    are when the work runs here."""
    return _until_cluster_lost(items, failed) if "cluster" in where else items


def _until_cluster_lost(items: Iterator[Any], failed: list[Exception]) -> Iterator[Any]:
    from drawdealer.cluster import ClusterError

    try:
        yield from items
    except ClusterError as exc:
        failed.append(exc)


def _human(files: list[Path], game: str | None, where: dict[str, Any], strict: bool) -> tuple[int, int]:
    """The report for people on stdout; ``(exit code, hands read)`` (``where``: see :func:`_json`)."""
    from collections import Counter

    from drawdealer.validate import FileProblem, PassedOver, validate

    console = PlainConsole()  # Rich only once a line needs it (a clean file's report is one plain line)
    counts: Counter[str] = Counter()  # hands: read, clean, errors, warnings, skipped
    codes: Counter[str] = Counter()
    skipped_games: Counter[str] = Counter()
    problems: list[FileProblem] = []
    passed: list[PassedOver] = []
    under_way: list[str] = []  # the files of journals' hands still being played
    seen_files: set[str] = set()
    current_file = None
    printer: Wrapped | None = None  # made at the first flagged hand: its console, width and kind asked once
    failed: list[Exception] = []
    with progress_bar(files) as (bar_console, advance, chunk):
        for item in _until_lost(validate(files, game=game, strict=strict, progress=advance, chunk=chunk, **where),
                                where, failed):
            if isinstance(item, FileProblem):
                problems.append(item)
                if printer is not None:
                    printer.flush()
                if bar_console is not None:
                    bar_console.print(f"drawdealer: error: {shown(item.file)}: {shown(item.message)}", markup=False,
                                      highlight=False, soft_wrap=True)
                else:
                    _unreadable(item)
                continue
            if isinstance(item, PassedOver):
                passed.append(item)
                continue
            counts["read"] += 1
            seen_files.add(item.file)
            if item.status == "skipped":
                counts["skipped"] += 1
                reason = item.findings[0].details.get("reason") if item.findings else None
                skipped_games[f"{item.game or '?'}" + _SKIP_LABELS.get(reason, "")] += 1
                continue
            if item.status == "under_way":
                under_way.append(item.file)
            if not item.findings:
                counts["clean"] += 1
                continue
            for f in item.findings:
                codes[f.code] += 1
            counts["errors" if item.has_error else "warnings"] += 1
            counts["internal"] += _failed_on(item)
            if printer is None:
                from drawdealer.cli.wrapped import Wrapped

                # on one terminal, hands are printed above the bar; piped, stdout gets them and stderr the bar
                above_bar = bar_console is not None and console.rich.is_terminal
                printer = Wrapped(bar_console if above_bar else console.rich)
            if item.file != current_file:
                current_file = item.file
                printer.heading(shown(_shown_path(item.file)), "bold")
            _print_hand(printer, item)
        if printer is not None:
            printer.flush()
    if failed:  # the hands read before it are printed; a count of part of the input would mislead
        raise failed[0]
    n_files = len(seen_files | {p.file for p in problems})
    _print_passed_over(console, passed)
    _print_summary(console, n_files, counts, codes, skipped_games, problems, strict, under_way)
    unreadable = problems or any(p.unreadable for p in passed) or counts["internal"]
    return (2 if unreadable else 1 if counts["errors"] else 0), counts["read"]


def _shown_path(file: str) -> str:
    """``file`` as the report prints it: relative to the current folder when it lies under it."""
    path = Path(file)
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return file
    return os.path.normpath(file)


def root_first(findings: Sequence[Any]) -> list[tuple[Any, bool]]:
    """The findings in the order the human report prints them: each root cause, then the findings
    that follow from it (``caused_by``, ``engine.causes``), marked True."""
    if len(findings) == 1:  # most flagged hands
        return [(findings[0], False)]
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


def _print_hand(printer: Wrapped, report: Any) -> None:
    """The hand's line, then one line a finding (``line N  severity  CODE  message``), root causes
    first, each followed by the findings it causes, marked ``↳`` (:func:`root_first`); each wrapped
    to the terminal under its own indent (:class:`~drawdealer.cli.wrapped.Wrapped`)."""
    head = [(f"hand #{shown(report.hand_id)}" if report.hand_id else "a hand without id", ""),
            (f"  line {report.line}", "")]
    if report.game:
        head.append((f"  {shown(report.game)}", "dim"))
    if report.status == "under_way":
        head.append(("  under way", "dim"))
    printer.indented(head, 2, "bold")
    for f, follows in root_first(report.findings):
        severity, error = _SEVERITY[f.code]
        if f.code == "PARSE_ERROR":  # an internal error has no place in a line: no column
            column = f.details.get("column")
            tail = f" (column {column}: {shown(repr(f.actual))})" if column is not None else ""
        else:
            tail = _expected_actual(f)
        printer.indented([("↳ " if follows else "", ""),
                          (f"line {f.line if f.line is not None else report.line}  ", "cyan"),
                          (severity, "red" if error else "yellow"), ("  ", ""),
                          (f.code, "bold red" if error else "bold yellow"), (f"  {shown(f.message)}", ""),
                          (tail, "dim")], 6 if follows else 4)


class _Severities(dict):  # type: ignore[type-arg]
    """A code's severity as printed and whether it is an error, looked up once per code."""

    def __missing__(self, code: str) -> tuple[str, bool]:
        from drawdealer.engine.findings import CODES, Severity

        severity = CODES[code].severity
        self[code] = value = (severity.value, severity is Severity.ERROR)
        return value


_SEVERITY = _Severities()


def _expected_actual(finding: Any) -> str:
    """`` (expected X, actual Y)`` with what the message does not already say of the two, amounts as
    money; or nothing. A value is said when each of its words is a word of the message (``$0.20``,
    ``Player3``, ``2..6`` in "for 2 to 6 players"); a zero amount is the check or the "nothing" a
    message names, never news (the JSON output keeps both values whatever the message says)."""
    from drawdealer.engine.findings import AMOUNT_CODES

    plain = finding.to_dict()
    said = set(_WORDS.findall(finding.message))
    parts = []
    for key in ("expected", "actual"):
        value = plain[key]
        if value is None or (value == 0 and type(value) is int and finding.code in AMOUNT_CODES):
            continue
        text = _value(value, finding)
        if not set(_WORDS.findall(text)) <= said:
            parts.append(f"{key} {text}")
    return shown(f" ({', '.join(parts)})") if parts else ""


_WORDS = re.compile(r"\w+(?:[.,]\w+)*")
"""The words of a message or a value: names, cards, amounts (``1,200.50``), hand descriptions."""


def _value(plain: Any, finding: Any) -> str:
    """``expected`` or ``actual`` as a person reads it: amounts in the hand's currency, as in the message
    (a dict of shares as ``name amount, …``), a pot by its name (``main pot``, RULES.md §9.4)."""
    from drawdealer.engine.findings import AMOUNT_CODES, POT_INDEX_CODES
    from drawdealer.engine.money import money
    from drawdealer.engine.words import pot_name

    if finding.code in POT_INDEX_CODES and type(plain) is int:
        return pot_name(plain)
    amounts = finding.code in AMOUNT_CODES
    if isinstance(plain, dict):
        return ", ".join(f"{k} {money(v, finding.currency) if amounts and type(v) is int else v}"
                         for k, v in plain.items())
    if isinstance(plain, list):
        return "[" + ", ".join(str(v) for v in plain) + "]"
    if type(plain) is int and amounts:
        return money(plain, finding.currency)
    return str(plain)


def _print_passed_over(console: PlainConsole, passed: list[Any]) -> None:
    """Every file of a folder that was not read, and why."""
    if not passed:
        return
    from drawdealer.cli.wrapped import Wrapped

    console.line(f"passed over {counted(len(passed), 'file')} (not validated):")
    printer = Wrapped(console.rich)
    for item in passed:
        printer.indented([(shown(f"{_shown_path(item.file)}: {item.reason}"), "")], 2)
    printer.flush()


def _print_summary(console: PlainConsole, n_files: int, counts: Any, codes: Any, skipped_games: Any,
                   problems: list[Any], strict: bool, under_way: list[str]) -> None:
    """``3 hands in 1 file: 2 clean, 1 with errors``, then the hands still under way (a dealer's
    journal's current hand, ``validate.HandReport``), what was skipped and the findings by code."""
    parts = [f"{counts['clean']:,} clean"]
    parts += [f"{counts[key]:,} {label}" for key, label in (("errors", "with errors"),
                                                              ("warnings", "with warnings only"),
                                                              ("skipped", "skipped")) if counts[key]]
    if counts["read"]:
        console.line(f"{counted(counts['read'], 'hand')} in {counted(n_files, 'file')}: {', '.join(parts)}")
    else:
        console.line("no hand read")
    if under_way:
        one = len(under_way) == 1
        where, checked = ("a dealer's journal", "it is") if one else ("dealers' journals", "they are")
        console.line(f"{counted(len(under_way), 'hand')} under way in {where}, checked as far as {checked} played:")
        for file in under_way:  # a line each: a path is not broken at the width of a terminal's line
            console.line(f"  {shown(_shown_path(file))}")
    if problems:
        console.line(f"{counted(len(problems), 'file')} could not be read (named above)")
    if counts["internal"]:
        console.line(f"{counted(counts['internal'], 'hand')} not checked: drawdealer failed on "
                     f"{'it' if counts['internal'] == 1 else 'them'} (INTERNAL_ERROR, named above); please report "
                     f"{'it' if counts['internal'] == 1 else 'them'}")
    if skipped_games:
        games = ", ".join(f"{shown(g)} ×{n}" for g, n in skipped_games.most_common())
        console.line(f"skipped: games drawdealer does not play, cancelled hands (GAME_UNSUPPORTED): {games}")
    if codes:
        from rich import box
        from rich.table import Table

        from drawdealer.engine.findings import CODES

        table = Table(box=box.SIMPLE_HEAD, title="findings by code", title_justify="left")
        table.add_column("code", no_wrap=True)
        table.add_column("severity")
        table.add_column("count", justify="right")
        table.add_column("§ of docs/RULES.md")
        for code, n in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])):
            info = CODES[code]
            colour = "red" if info.severity.value == "error" else "yellow"
            table.add_row(code, f"[{colour}]{info.severity.value}[/]", str(n), f"§{info.section}")
        console.rich.print(table)
    if strict and counts["errors"]:
        console.line("stopped at the first hand with an error (--strict)")
