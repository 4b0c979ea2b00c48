"""Text → :class:`~drawdealer.engine.record.HandRecord`, and back (DESIGN.md "parsers/").

Readers yield, per hand and in file order, a ``HandRecord``, a
:class:`~drawdealer.parsers.results.ParseFailure` (finding ``PARSE_ERROR``) or a
:class:`~drawdealer.parsers.results.Skipped` (notice ``GAME_UNSUPPORTED``); they never stop at a bad
hand, and a reader that fails on a hand all the same (a bug) does not stop the others: every hand
is read through :func:`contained`, which makes the failure that hand's ``INTERNAL_ERROR``. A file
whose format cannot be read at all raises :class:`~drawdealer.parsers.results.FormatError`. The
format is told by content (:mod:`~drawdealer.parsers.sniff`). Modules load lazily: importing this
package costs nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Union

from drawdealer.parsers.results import FormatError, ParseFailure, Skipped, internal_failure

if TYPE_CHECKING:
    from drawdealer.engine.record import HandRecord
    from drawdealer.parsers.sniff import Sniffed

HandResult = Union["HandRecord", ParseFailure, Skipped]
Chunk = tuple[int, list[str]]
"""A hand's first line number and its lines, as :mod:`~drawdealer.parsers.sniff` cuts a file."""

__all__ = [
    "FormatError", "HandResult", "ParseFailure", "Skipped", "contained", "detect", "parse_chunks", "read_hands",
    "read_text", "write_phh", "write_pokerstars",
]


def detect(path: str | Path) -> Sniffed:
    """Format (a site's, :data:`~drawdealer.parsers.sniff.SITES`, or ``phh`` or ``unknown``) and
    encoding of ``path``, by content."""
    from drawdealer.parsers.sniff import sniff

    return sniff(path)


def read_hands(path: str | Path | bytes, *, source: str | None = None) -> Iterator[HandResult]:
    """Every hand of ``path``, streamed (memory stays flat however large the file), or of a file's
    bytes (``bytes``: decoded as a file of them is).

    Raises :class:`FormatError` (unknown format, with the reason) or ``OSError`` before yielding.
    ``source`` names the file in messages and records (default ``path``, ``<bytes>`` for bytes;
    ``<stdin>`` for a copy of standard input).
    """
    from drawdealer.parsers import sniff

    if source is None:
        source = "<bytes>" if isinstance(path, bytes) else str(path)
    sniffed = sniff.sniff(path)
    if sniffed.format == sniff.UNKNOWN:
        raise FormatError(f"{source}: {sniffed.message}")
    chunks = sniff.iter_hands(path, sniffed)
    return parse_chunks(chunks, sniffed.format, source)


def read_text(text: str, source: str = "<text>") -> Iterator[HandResult]:
    """Every hand of an in-memory text (format by content). Raises :class:`FormatError`."""
    from drawdealer.parsers import sniff

    lines = sniff.split_text(text)
    fmt, message = sniff.detect_format(lines)
    if fmt == sniff.UNKNOWN:
        raise FormatError(f"{source}: {message}")
    return parse_chunks(sniff.split_lines(lines, fmt), fmt, source)


def parse_chunks(chunks: Iterable[Chunk], fmt: str, source: str) -> Iterator[HandResult]:
    """The hands of ``chunks`` read by the reader of format ``fmt`` (imported only when needed),
    :func:`contained`."""
    from importlib import import_module

    from drawdealer.parsers import sniff

    site = sniff.SITE_OF_FORMAT.get(fmt)
    reader = import_module(site.reader if site is not None else "drawdealer.parsers.phh")
    return contained(reader.parse_hands, chunks, source)


def contained(parse_hands: Callable[[Iterable[Chunk], str], Iterator[HandResult]], chunks: Iterable[Chunk],
              source: str) -> Iterator[HandResult]:
    """Every hand ``parse_hands(chunks, source)`` yields, whatever the reader does (RULES.md §11.1):
    an exception it raises on a hand, a bug nobody has met yet, becomes that hand's
    ``INTERNAL_ERROR`` (:func:`~drawdealer.parsers.results.internal_failure`, on the hand's first
    line) and the reader is started again on the hands after it. An exception of ``chunks``
    itself (the file cannot be read on: ``OSError``) is raised as it is: no hand is left to read.
    """
    given: list[Chunk] = []  # the chunk the reader was given last
    broken: list[BaseException] = []

    def feed() -> Iterator[Chunk]:
        rest = iter(chunks)
        while True:
            try:
                chunk = next(rest)
            except StopIteration:
                return
            except BaseException as exc:
                broken.append(exc)
                raise
            given[:] = [chunk]
            yield chunk

    hands = feed()
    while True:
        try:
            yield from parse_hands(hands, source)
            return
        except Exception as exc:  # noqa: BLE001 - the reader failed on the hand it was given last
            if broken or not given:
                raise
            start, lines = given[0]
            given.clear()
            yield internal_failure(exc, lines, start, source)


def write_phh(record: HandRecord) -> str:
    """``record`` as PHH text (extension fields for what PHH cannot say, see ``phh.py``)."""
    from drawdealer.parsers.phh_writer import write

    return write(record)


def write_pokerstars(record: HandRecord) -> str:
    """``record`` as PokerStars text that :func:`read_text` reads back to the same record."""
    from drawdealer.parsers.pokerstars_writer import write_pokerstars as write

    return write(record)
