"""Validate hand-history files: read every hand, replay it, report its findings (issue 4, RULES.md §11).

:func:`validate` runs over files and yields, in input order, one :class:`HandReport` per hand (the
findings of its replay, a ``PARSE_ERROR`` for a hand that cannot be parsed, a ``GAME_UNSUPPORTED``
notice for a hand of another game), a :class:`FileProblem` for a named file that cannot be read at
all (missing, unreadable, unknown format) and a :class:`PassedOver` for a file found in a folder that
is not read (another site's, not a hand history, unreadable). Nothing stops the run except ``strict``.

Streaming: hands are read and replayed one at a time, never all at once. The work is cut into
tasks (:func:`plan`): a file, or for a large PokerStars file a byte range starting at a hand header
(:func:`split_points`); a task's lines are numbered from its start and shifted by the lines of the
tasks before it, so ``jobs`` processes give the same reports, in the same order, as one.

A caller that wants more of each hand than its report (``drawdealer stats``) passes ``tally``: each
task's hands are also folded into a :class:`Tally` of their own, in the process that replays them,
and that tally follows the task's reports in the stream (small per-task values, merged by the
caller in input order).

Hands are replayed one by one with the house rules their reader attached (``HandRecord.options``);
consecutive Italian deals of a file are chained (:class:`~drawdealer.engine.replay.Session`:
carried pot, opening requirement, false opener's penalty, dealer rotation, RULES.md §10). Other
hands are not chained: sites move the button by dead-button rules, outside RULES.md (§0.1).
"""

from __future__ import annotations

import io
import os
import stat
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import maker, record, replace
from drawdealer.engine.record import HandRecord
from drawdealer.parsers.patterns import lazy
from drawdealer.parsers.results import Skipped
from drawdealer.parsers.sniff import POKERSTARS_HEADER

if TYPE_CHECKING:
    from drawdealer.engine.replay import ReplayResult

CHUNK_BYTES = 1 << 20
"""Target size of a byte range of a large PokerStars file (one task): about 700 hands, a quarter of a
second of work. When the last task is handed out the other processes have nothing left to do, for
half a task on average: small tasks keep that idle end short (a task costs under a millisecond of its
own)."""
TASKS_AHEAD = 8
"""Tasks a process may be given before the main process has taken the reports of the earliest one
in flight (8 MB of input, about two seconds of work): on a busy machine a main process left waiting
for a while does not leave the workers idle."""
IN_FLIGHT_BYTES = TASKS_AHEAD * 2 * CHUNK_BYTES
"""Input given to the worker processes and not yet reported, whatever their number (16 MB: what
two processes have in flight): the main process holds the reports of this much input at most, so
its memory does not grow with ``jobs`` (issue 25: 388 MB at 16 processes on 800,000 tiny flagged
hands, 140 MB at 2). More processes get smaller byte ranges (:func:`task_bytes`)."""
PARALLEL_BYTES = 8 << 20
"""``jobs="auto"`` uses every core from this much input on: about 5,000 hands, a second of work on
one core and several tasks, where a process pool's start (tens of ms) is soon won back."""
REPORT_SCHEMA = 1
"""The ``schema`` of every JSON line of the report (``docs/report.schema.json`` describes it):
raised whenever a line's shape changes (a key added, gone, renamed or of another type)."""
_HEADER = lazy(b"\n" + POKERSTARS_HEADER.pattern.encode())  # a header line, as the splitter reads one
_SPLITTABLE = ("utf-8", "utf-8-sig")  # encodings where a byte range starting after b"\n" decodes alone


@record
class HandReport:
    """One hand of a file and its findings; ``status`` is ``replayed``, ``skipped``, ``unparsed``
    or ``under_way``: a dealer's journal's hand still being played, replayed as far as it is played
    (:func:`~drawdealer.engine.replay.replay`'s ``under_way``: nothing due at its end is asked yet)."""

    file: str
    hand_id: str | None
    line: int
    game: str | None
    findings: tuple[Finding, ...]
    status: str = "replayed"

    @property
    def has_error(self) -> bool:
        return any(f.is_error for f in self.findings)

    @property
    def clean(self) -> bool:
        return not self.findings

    def shifted(self, lines: int) -> HandReport:
        """The same report for a text that started ``lines`` lines further down the file."""
        if not lines:
            return self
        return _report(self.file, self.hand_id, self.line + lines, self.game,
                       _shift(self.findings, lines) if self.findings else (), self.status)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields, in order (a worker sends every report of its task to the main process)."""
        return _report, (self.file, self.hand_id, self.line, self.game, self.findings, self.status)

    def to_dict(self) -> dict[str, Any]:
        """The JSON Lines object: schema (:data:`REPORT_SCHEMA`), file, hand_id, line, game, findings
        (code, severity, line, message, expected, actual, caused_by; ``column`` too for ``PARSE_ERROR``)."""
        return {"schema": REPORT_SCHEMA, "file": self.file, "hand_id": self.hand_id, "line": self.line,
                "game": self.game, "findings": [finding_dict(f) for f in self.findings]}


_report: Callable[..., HandReport] = maker(HandReport, positional=True, name="_report")
"""``_report(file, hand_id, line, game, findings, status="replayed")`` == ``HandReport(file=file, …)``,
at a third of the keyword constructor's cost (one per hand)."""


@record
class FileProblem:
    """A file that cannot be read at all (the CLI exits 2 after the other files)."""

    file: str
    message: str


@record
class PassedOver:
    """A file found inside a folder that is not validated, and why (``reason``): another site's
    histories, a tournament summary, not a hand history, or ``unreadable``. Only an unreadable one
    makes the run exit 2, as any input that could not be read does."""

    file: str
    reason: str
    unreadable: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON Lines object: ``{"schema": 1, "file": PATH, "skipped": REASON}``."""
        return {"schema": REPORT_SCHEMA, "file": self.file, "skipped": self.reason}


class Tally(Protocol):
    """What ``validate(tally=...)`` folds each task's hands into: ``add`` is called once per hand in
    input order with its report and, for a replayed hand, its record and replay result (both None
    for a hand skipped or not parsed). It travels between processes pickled."""

    def add(self, report: HandReport, record: HandRecord | None, result: ReplayResult | None) -> None: ...


_NOT_READ = (FileProblem, PassedOver)
"""What :func:`plan` yields in place of a task for a file it will not read."""


@record
class Task:
    """One unit of work: a whole file, or the byte range ``[start, end)`` of a PokerStars file.
    ``file`` names it in reports, ``path`` is where it is read (standard input's copy, see
    :mod:`drawdealer.inputs`), unless its bytes travel with it in ``data`` (``--ship`` to a
    cluster's workers, :mod:`drawdealer.cluster`; ``validate_bytes``). ``under_way``: the file is
    a dealer's journal's current hand, which may still be being played
    (:func:`drawdealer.journal_files.is_current_hand`)."""

    file: str
    path: str
    format: str
    encoding: str
    start: int = 0
    end: int | None = None
    size: int = 0
    data: bytes | None = None
    under_way: bool = False


def _shift(findings: tuple[Finding, ...], lines: int) -> tuple[Finding, ...]:
    """``findings`` for a text that started ``lines`` lines further down the file."""
    return tuple(f if f.line is None else replace(f, line=f.line + lines) for f in findings)


def finding_dict(f: Finding) -> dict[str, Any]:
    """A finding as the validator prints it in JSON (see :meth:`HandReport.to_dict`)."""
    full = f.to_dict()
    out = {key: full[key] for key in ("code", "severity", "line", "message", "expected", "actual", "caused_by")}
    if f.code == "PARSE_ERROR":
        out["column"] = f.details.get("column")
    return out


# --------------------------------------------------------------------------- planning

def split_points(path: str | Path, size: int, chunk: int) -> list[int]:
    """Byte offsets cutting a PokerStars file into ranges of about ``chunk`` bytes, each starting at
    a hand header (at the start of a line), so each range is whole hands. Always starts with 0."""
    points = [0]
    with open(path, "rb") as raw:
        target = chunk
        while target < size:
            raw.seek(target - 1)  # from the byte before: the header's line end may sit there
            at = _next_header(raw, target - 1)
            if at is None:
                break
            points.append(at)
            target = at + chunk
    return points


def _next_header(raw: Any, offset: int) -> int | None:
    """The offset of the first hand header line in ``raw`` from its position ``offset`` on (the
    ``b"\n"`` before it included), or None. Reads 64 KiB at a time, keeping only the last bytes of
    the previous read (a header may straddle two), so time and memory stay linear whatever the
    distance to the next header."""
    tail = b""
    while block := raw.read(1 << 16):
        buf = tail + block
        match = _HEADER.search(buf)
        if match is not None:
            return offset - len(tail) + match.start() + 1  # the header line starts after the b"\n"
        tail = buf[-64:]
        offset += len(block)
    return None


def plan(paths: Iterable[str | Path], *, chunk: int | None = None) -> Iterator[Task | FileProblem | PassedOver]:
    """Tasks for ``paths`` in order. A named file that cannot be read gives a :class:`FileProblem` in its
    place, and so does a named FIFO or device (refused unread) and a folder that cannot be listed; a
    file inside a folder that is not read gives a :class:`PassedOver`.

    ``-`` and ``/dev/fd/N`` are read once into a temporary copy (:func:`drawdealer.inputs.readable`)."""
    from drawdealer import inputs
    from drawdealer.journal_files import is_current_hand
    from drawdealer.parsers import sniff

    chunk = chunk or CHUNK_BYTES
    current: dict[str, str | None] = {}  # each folder's journal's current hand file, for is_current_hand
    for item in expand(paths):
        if isinstance(item, _NOT_READ):
            yield item
            continue
        path, named = item
        name = inputs.display_name(path)
        if named:
            refused = inputs.not_a_file(path)
            if refused is not None:
                yield FileProblem(file=name, message=refused)
                continue
            if inputs.is_stream(path):
                try:
                    path = inputs.readable(path)
                except OSError as exc:
                    yield FileProblem(file=name, message=inputs.why_unreadable(exc, path))
                    continue
        try:
            sniffed = sniff.sniff(path)
            size = os.path.getsize(path)
        except OSError as exc:
            message = inputs.why_unreadable(exc, path)
            yield FileProblem(file=name, message=message) if named else PassedOver(
                file=name, reason=f"unreadable: {message}", unreadable=True)
            continue
        if sniffed.format == sniff.UNKNOWN:
            yield (FileProblem(file=name, message=sniffed.message) if named
                   else PassedOver(file=name, reason=sniffed.message))
            continue
        if sniffed.format == sniff.POKERSTARS and sniffed.encoding in _SPLITTABLE and size > chunk:
            try:
                points = split_points(path, size, chunk)
            except OSError as exc:
                yield FileProblem(file=name, message=exc.strerror or str(exc))
                continue
            ends = points[1:] + [size]
            for start, end in zip(points, ends):
                encoding = sniffed.encoding if start == 0 else "utf-8"
                yield Task(file=name, path=str(path), format=sniffed.format, encoding=encoding, start=start, end=end,
                           size=end - start)
        else:
            yield Task(file=name, path=str(path), format=sniffed.format, encoding=sniffed.encoding, size=size,
                       under_way=is_current_hand(path, current))


def expand(paths: Iterable[str | Path]) -> Iterator[tuple[Path, bool] | FileProblem | PassedOver]:
    """Each path as ``(path, named)``; a folder gives its plain files, recursively in name order,
    a :class:`FileProblem` for each folder inside it that cannot be listed (never passed over) and a
    :class:`PassedOver` for each entry that is not a plain file it could read: a link that loops,
    points to nothing or is too long a name (unreadable: the run exits 2), a link to a folder (not
    followed), a FIFO, device or socket.

    ``named`` is false for files found inside a folder: those that are not hand histories (notes,
    FPDB's ``.gt`` companions) are passed over, named with the reason, instead of being errors.
    Hidden files (``.name``) inside a folder are not looked at, nor the dealer's own files of a
    ``drawdealer deal`` journal (``journal_files.dealer_files``: its hands are read).
    """
    from drawdealer import inputs
    from drawdealer.journal_files import dealer_files

    for path in map(Path, paths):
        if not _is_folder(path):
            yield path, True  # a named path that cannot be read is refused when it is planned, with the reason
            continue
        found: list[tuple[str, Path | OSError]] = []
        linked: list[str] = []
        for folder, dirs, files in os.walk(path, onerror=lambda exc: found.append((exc.filename, exc))):
            own = dealer_files(files)
            found += ((os.path.join(folder, f), Path(folder, f)) for f in files
                      if not f.startswith(".") and f not in own)
            linked += (os.path.join(folder, d) for d in dirs if os.path.islink(os.path.join(folder, d)))
        found += ((name, Path(name)) for name in linked)
        for name, item in sorted(found, key=lambda pair: Path(pair[0])):
            if isinstance(item, OSError):
                yield FileProblem(file=name, message=f"cannot read this folder ({item.strerror or item})")
                continue
            try:
                mode = os.stat(item).st_mode
            except OSError as exc:
                yield PassedOver(file=name, reason=f"unreadable: {inputs.why_unreadable(exc, item)}", unreadable=True)
                continue
            if stat.S_ISREG(mode):
                yield item, False
            elif stat.S_ISDIR(mode):
                yield PassedOver(file=name, reason="a link to a folder: not followed (name the folder to read it)")
            else:
                yield PassedOver(file=name, reason=f"{inputs.kind_of(mode)}, not a file: not read")


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; False for anything that cannot be looked at (too long a name, a
    link that loops): reading it says why."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except OSError:
        return False


def total_bytes(paths: Iterable[str | Path]) -> int:
    """The size of the readable files among ``paths`` (for a progress bar)."""
    total = 0
    for item in expand(paths):
        try:
            total += os.path.getsize(item[0]) if isinstance(item, tuple) else 0
        except OSError:
            pass
    return total


# --------------------------------------------------------------------------- one task

class _Window(io.RawIOBase):
    """The bytes ``[start, end)`` of a file, as a raw stream."""

    def __init__(self, path: str, start: int, end: int) -> None:
        self._file = open(path, "rb")  # noqa: SIM115 - closed by close(), as a stream
        self._file.seek(start)
        self._left = end - start

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self._left <= 0:
            return 0
        view = memoryview(buffer)[: self._left]
        n = self._file.readinto(view)
        self._left -= n
        return n

    def close(self) -> None:
        self._file.close()
        super().close()


def _blocks(task: Task, counter: list[int]) -> Iterator[str]:
    """The decoded text of a byte-range task in blocks ending at line ends, counting its lines."""
    raw = (io.BytesIO(task.data) if task.data is not None
           else _Window(task.path, task.start, task.end if task.end is not None else task.start + task.size))
    from drawdealer.parsers.sniff import decoded, text_blocks

    text = decoded(raw, task.encoding)

    with text:
        for block in text_blocks(text):
            counter[0] += block.count("\n")
            yield block


def _results(task: Task, counter: list[int]) -> Iterator[Any]:
    """What the reader yields for ``task`` (lines relative to the task's start)."""
    from drawdealer.parsers import read_hands

    if task.end is None:
        return read_hands(task.path if task.data is None else task.data, source=task.file)
    from drawdealer.parsers import parse_chunks, sniff

    return parse_chunks(sniff.split_pokerstars_blocks(_blocks(task, counter)), sniff.POKERSTARS, task.file)


def _run(task: Task, game: str | None, counter: list[int], offset: int = 0,
         tally: Callable[[], Tally] | None = None) -> Iterator[HandReport | FileProblem | Tally]:
    """Read and replay every hand of ``task``, one at a time, lines shifted by ``offset`` (the lines
    of the file before the task's start, when known); a file that can no longer be read (gone since
    it was planned) gives a :class:`FileProblem`. With ``tally``, every hand is also added to a new
    tally, yielded last.

    Nothing a hand holds stops the others (RULES.md §11.1): a reader's failure on a hand is already
    its ``INTERNAL_ERROR`` (:func:`drawdealer.parsers.contained`); an exception while replaying or
    reporting a hand is made that hand's ``INTERNAL_ERROR`` here."""
    from drawdealer.parsers import FormatError

    name = task.file
    try:
        results = iter(_results(task, counter))
    except (OSError, FormatError) as exc:
        yield FileProblem(file=name, message=getattr(exc, "strerror", None) or str(exc))
        return
    replayer = _Replayer(name, game, offset, task.under_way)
    folded = tally() if tally is not None else None
    while True:
        try:
            result = next(results, None)
        except OSError as exc:  # the file cannot be read on
            yield FileProblem(file=name, message=f"cannot be read on: {exc.strerror or exc}")
            break
        except Exception as exc:  # noqa: BLE001 - the file's splitting failed: a bug, reported
            from drawdealer.parsers.results import internal_message

            yield FileProblem(file=name, message=internal_message(exc, "cut the rest of this file into hands")
                              .replace("this hand", "this file"))
            break
        if result is None:
            break
        try:
            report, record, outcome = replayer.report(result)
        except Exception as exc:  # noqa: BLE001 - an engine bug must not stop the run: report the hand, go on
            report, record, outcome = replayer.failed(result, exc), None, None
        if folded is not None:
            folded.add(report, record, outcome)
        yield report
    if folded is not None:
        yield folded


class _Replayer:
    """The report of each hand a task's reader yields, in order: consecutive Italian deals chained
    in one :class:`~drawdealer.engine.replay.Session` (RULES.md §10), every other hand alone;
    ``under_way``: the task's hand may still be being played (:attr:`Task.under_way`)."""

    def __init__(self, name: str, game: str | None, offset: int, under_way: bool) -> None:
        from drawdealer.engine.replay import Session, replay

        self.name, self.game, self.offset, self.under_way = name, game, offset, under_way
        self.session: Session | None = None
        self.new_session, self.replay = Session, replay
        self.italian_games: dict[str, bool] = {}

    def report(self, result: Any) -> tuple[HandReport, HandRecord | None, ReplayResult | None]:
        """The report of one hand the reader yielded (a record, a skip or a failure), and for a
        replayed hand its record and replay result (for a tally)."""
        name, offset = self.name, self.offset
        if isinstance(result, HandRecord):
            record = result if self.game is None else replace(result, game=self.game)
            under_way = self.under_way
            if self._italian(record.game):
                self.session = self.session or self.new_session()
                outcome = self.session.replay(record, under_way=under_way)
            else:
                self.session = None
                outcome = self.replay(record, under_way=under_way)
            findings = outcome.findings
            return _report(name, record.hand_id, record.line + offset, outcome.game,
                           _shift(findings, offset) if offset and findings else findings,
                           "under_way" if under_way and not outcome.complete else "replayed"), record, outcome
        self.session = None
        if isinstance(result, Skipped):
            return HandReport(file=name, hand_id=result.hand_id or None, line=result.line, game=result.game,
                              findings=(result.finding(),), status="skipped").shifted(offset), None, None
        finding = result.finding()
        if result.code == "PARSE_ERROR":  # the line that breaks the format is what was seen
            finding = replace(finding, actual=result.text or None)
        return HandReport(file=name, hand_id=result.hand_id or None, line=result.start_line, game=None,
                          findings=(finding,), status="unparsed").shifted(offset), None, None

    def failed(self, result: Any, exc: Exception) -> HandReport:
        """The ``INTERNAL_ERROR`` report of a hand whose replay or report raised ``exc``."""
        from drawdealer.parsers.results import INTERNAL_ERROR, internal_message

        self.session = None
        hand_id = getattr(result, "hand_id", None) or None
        line = getattr(result, "line", None) or getattr(result, "start_line", 1)
        failure = Finding(code=INTERNAL_ERROR, hand_id=hand_id or "", line=line,
                          message=internal_message(exc, "replay"))
        return HandReport(file=self.name, hand_id=hand_id, line=line, game=getattr(result, "game", None),
                          findings=(failure,), status="unparsed").shifted(self.offset)

    def _italian(self, game: str) -> bool:
        italian = self.italian_games.get(game)
        if italian is None:
            from drawdealer.engine.variants import UnknownGame, get_game

            try:
                italian = get_game(game).is_italian
            except UnknownGame:
                italian = False
            self.italian_games[game] = italian
        return italian


def _run_whole(args: tuple[Task, str | None, Callable[[], Tally] | None]) -> tuple[bytes, int]:
    """A worker's job: every report of a task (and its tally), pickled, and how many lines the task
    spans. The main process keeps them pickled until it reports them (:func:`_drain`): a flagged
    hand's report is a few hundred bytes so, several times that as objects."""
    import pickle

    task, game, tally = args
    counter = [0]
    reports = list(_run(task, game, counter, tally=tally))
    return pickle.dumps(reports, pickle.HIGHEST_PROTOCOL), counter[0]


# --------------------------------------------------------------------------- the run

def auto_jobs(paths: Sequence[str | Path]) -> int:
    """The processes ``jobs="auto"`` runs: one per core this process may use when ``paths`` hold at
    least :data:`PARALLEL_BYTES`, else one (a small input is done before a pool has started)."""
    if total_bytes(paths) < PARALLEL_BYTES:
        return 1
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(os.cpu_count() or 1)
    return max(1, len(cores))


def validate(paths: Sequence[str | Path], *, game: str | None = None, jobs: int | str = 1, strict: bool = False,
             chunk: int | None = None, progress: Callable[[int], None] | None = None,
             tally: Callable[[], Tally] | None = None, cluster: Any = None, ship: bool = False
             ) -> Iterator[HandReport | FileProblem | PassedOver | Tally]:
    """Every hand of ``paths`` (a :class:`HandReport`), every named file that cannot be read (a
    :class:`FileProblem`) and every file of a folder that is not read (a :class:`PassedOver`), in
    input order.

    ``game`` forces the game of every hand read (a game id or alias of ``engine.variants``; hands the
    reader skips as another game stay skipped). ``strict`` stops after the first hand with an error
    finding. ``jobs`` > 1 spreads the tasks over that many processes, same output; ``"auto"`` is
    :func:`auto_jobs`. ``cluster`` (a Dask scheduler's address or a ``distributed.Client``) runs the
    same tasks on a Dask cluster instead, same output (:mod:`drawdealer.cluster`; ``jobs`` is then
    not used), its workers reading the files or, with ``ship``, given their bytes. ``progress`` is
    called with the bytes of each finished task. ``chunk``: size of the byte ranges of large files
    (default :data:`CHUNK_BYTES`). ``tally`` (a picklable callable giving a :class:`Tally`): each
    task's hands are added to a new tally, yielded after the task's reports (module docstring).
    """
    if jobs == "auto" and cluster is None:
        jobs = auto_jobs(paths)
    tasks = plan(paths, chunk=chunk if cluster is not None else task_bytes(jobs, chunk))
    if cluster is not None:
        from drawdealer.cluster import on_cluster

        work = on_cluster(tasks, game, cluster, ship=ship, tally=tally)
        stream = _shift_lines(work, progress)
    elif jobs > 1:
        work = _parallel(tasks, game, jobs, tally)
        stream = _shift_lines(work, progress)
    else:
        work = stream = _serial(tasks, game, progress, tally)
    if not strict:
        yield from stream
        return
    for item in stream:
        yield item
        if isinstance(item, HandReport) and item.has_error:
            work.close()
            return


def task_bytes(jobs: int, chunk: int | None = None) -> int:
    """The size of a byte range (a task) of a large file for ``jobs`` processes: ``chunk`` (default
    :data:`CHUNK_BYTES`), smaller when ``jobs`` processes with :data:`TASKS_AHEAD` tasks each would
    hold more than :data:`IN_FLIGHT_BYTES` (128 KB at 16 processes), never below 64 KB."""
    chunk = chunk or CHUNK_BYTES
    if jobs <= 1:
        return chunk
    return min(chunk, max(64 << 10, IN_FLIGHT_BYTES // (TASKS_AHEAD * jobs)))


def _serial(tasks: Iterable[Task | FileProblem | PassedOver], game: str | None,
            progress: Callable[[int], None] | None = None, tally: Callable[[], Tally] | None = None
            ) -> Iterator[HandReport | FileProblem | PassedOver | Tally]:
    """The reports of the tasks, in order, with file line numbers: a range task starts where the
    tasks before it in its file ended. ``progress`` gets each finished task's bytes."""
    offset = 0
    for task in tasks:
        if isinstance(task, _NOT_READ):
            yield task
            continue
        if task.start == 0:  # a file's first task (the same file may be named twice)
            offset = 0
        counter = [0]
        yield from _run(task, game, counter, offset, tally)
        offset += counter[0]
        if progress is not None:
            progress(task.size)


def _parallel(tasks: Iterable[Task | FileProblem | PassedOver], game: str | None, jobs: int,
              tally: Callable[[], Tally] | None = None) -> Iterator[Any]:
    """The tasks run by ``jobs`` processes (:func:`in_order`), at most :data:`TASKS_AHEAD` tasks a
    process and :data:`IN_FLIGHT_BYTES` of input in all in flight, so that the main process's memory
    does not grow with ``jobs``; a worker failing outside any hand (a bug) is its task's
    :class:`FileProblem`. Workers ignore Ctrl-C: the interrupted main process stops them
    (``pool.terminate``) instead of each printing its own traceback."""
    import multiprocessing
    import signal

    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    pool = context.Pool(jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        yield from in_order(tasks, game, lambda run, args: _waiting(pool.apply_async(run, (args,)), args[0]),
                            TASKS_AHEAD * jobs, tally, in_flight_bytes=IN_FLIGHT_BYTES)
    finally:
        pool.terminate()
        pool.join()


def in_order(tasks: Iterable[Task | FileProblem | PassedOver], game: str | None,
             submit: Callable[[Callable[[Any], Any], Any], Callable[[], Any]], window: int,
             tally: Callable[[], Tally] | None = None, *, in_flight_bytes: int | None = None) -> Iterator[Any]:
    """The tasks run by an executor, in order: ``(task, report)`` pairs (and the task's tally), then
    ``(task, lines)`` when a task is done (for :func:`_shift_lines`). ``submit(run, args)`` starts
    ``run(args)`` elsewhere and gives a function that waits for its value; at most ``window`` tasks
    (and, with ``in_flight_bytes``, that much input but for one task) are in flight, so memory stays
    bounded however many tasks there are. One runner for two executors: a process pool (``--jobs``,
    :func:`_parallel`) and a Dask cluster (``--cluster``, :mod:`drawdealer.cluster`)."""
    pending: deque[tuple[Any, Any]] = deque()
    in_flight = 0  # bytes of the tasks in ``pending``
    limit = in_flight_bytes if in_flight_bytes is not None else float("inf")
    for task in tasks:
        if isinstance(task, _NOT_READ):
            pending.append((task, None))
        else:
            pending.append((task, submit(_run_whole, (task, game, tally))))
            in_flight += task.size
        while pending and (pending[0][1] is None or len(pending) > window or in_flight > limit and len(pending) > 1):
            done = pending.popleft()
            in_flight -= done[0].size if done[1] is not None else 0
            yield from _drain(done)
    while pending:
        yield from _drain(pending.popleft())


def _waiting(future: Any, task: Task) -> Callable[[], Any]:
    """What :func:`in_order` waits on for a task run by the process pool: its value, or, when the
    worker failed outside any hand (a bug), the task's :class:`FileProblem` in its place."""
    def value() -> Any:
        import pickle

        try:
            return future.get()
        except Exception as exc:  # noqa: BLE001 - report the task, go on
            from drawdealer.parsers.results import internal_message

            what = "this file" if task.end is None else f"bytes {task.start}-{task.end} of this file"
            problem = FileProblem(file=task.file, message=internal_message(exc, "read").replace("this hand", what))
            return pickle.dumps([problem]), 0
    return value


def _drain(item: tuple[Any, Any]) -> Iterator[Any]:
    task, result = item
    if result is None:
        yield task, None
        return
    import pickle

    blob, lines = result()
    reports = pickle.loads(blob)
    for report in reports:
        yield task, report
    yield task, lines


def _shift_lines(stream: Iterator[Any], progress: Callable[[int], None] | None
                 ) -> Iterator[HandReport | FileProblem | PassedOver | Tally]:
    """The reports of :func:`_parallel` with file line numbers: a range task's lines are shifted by
    the lines before it."""
    offset = 0
    current = None
    for task, item in stream:
        if isinstance(task, _NOT_READ):
            yield task
            continue
        if task is not current:
            current = task
            if task.start == 0:  # a file's first task (the same file may be named twice)
                offset = 0
        if isinstance(item, HandReport):
            yield item.shifted(offset)
        elif not isinstance(item, int):  # a FileProblem, or the task's tally
            yield item
        else:
            offset += item
            if progress is not None:
                progress(task.size)
