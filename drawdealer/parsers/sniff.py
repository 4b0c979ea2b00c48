"""Which format a file is, how it is encoded, and its hands one at a time (DESIGN.md "sniff.py").

Decoding: a UTF-8 BOM, a UTF-16 BOM (LE or BE) or, without a BOM, NUL bytes in the first
kilobytes (UTF-16 LE/BE by where the NULs fall); otherwise UTF-8, and any byte sequence that is not
UTF-8 is read as Windows-1252 (old PokerStars exports). Lines lose their end (LF, CRLF, CR),
trailing spaces and any BOM left at their start (files made by concatenating exports).

The format is decided by the content, never by the file name: a PokerStars hand header, PHH's
TOML keys, or the header of a site we know but do not read (a clear message).

:func:`iter_hands` streams ``(start_line, lines)`` per hand: PokerStars files are read in
blocks of 256k characters and split at their headers, PHH files line by line, so memory stays flat
however large the file (one block and one hand at a time).
"""

from __future__ import annotations

import codecs
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from drawdealer.parsers import limits

POKERSTARS = "pokerstars"
PHH = "phh"
UNKNOWN = "unknown"

_HEAD_BYTES = 65536
_SNIFF_LINES = 400

_PS_HEADER = re.compile(r"PokerStars (?:Home Game |Zoom |Rush )?(?:Game|Hand) #")
_BLOCK_CHARS = 1 << 18
_PHH_KEY = re.compile(r"(variant|antes|blinds_or_straddles|starting_stacks|actions)\s*=")
_TOML_START = re.compile(r"(#|\[|[A-Za-z0-9_\-\"'.]+\s*=)")
_PHH_SECTION = re.compile(r"\[[^\[\]]+\]\s*(?:#.*)?$")
_ARCHIVE_SEPARATOR = re.compile(r"\*{5,} # \d+ \*{5,}$")
_OTHER_SITES = (
    (re.compile(r"PokerStars Tournament #|Full Tilt Poker Tournament Summary"), "tournament summary"),
    (re.compile(r"(?:Full Tilt Poker|FullTiltPoker) Game #"), "Full Tilt Poker"),
    (re.compile(r"Winamax Poker - "), "Winamax"),
    (re.compile(r"\*{5} History for hand "), "OnGame"),
    (re.compile(r"<description type=|<game id="), "Merge Network (XML)"),
    (re.compile(r"<HISTORY ID="), "Boss Media (XML)"),
    (re.compile(r"<session|<game gamecode="), "iPoker (XML)"),
    (re.compile(r"#\d+: (?:Limit|No Limit|Pot Limit|NL|PL) "), "KingsClub"),
)


def _cp1252_fallback(error: UnicodeError) -> tuple[str, int]:
    """Decode bytes that are not UTF-8 as Windows-1252 (latin-1 for its five holes)."""
    assert isinstance(error, UnicodeDecodeError)
    bad = error.object[error.start:error.end]
    return bad.decode("cp1252", errors="replace"), error.end


codecs.register_error("drawdealer-cp1252", _cp1252_fallback)


@dataclass(frozen=True, slots=True, kw_only=True)
class Sniffed:
    """A file's format (``pokerstars``, ``phh`` or ``unknown``), encoding, and why it is unknown."""

    format: str
    encoding: str
    message: str = ""


def detect_encoding(head: bytes) -> str:
    """The codec name for a file starting with ``head`` (see the module docstring)."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = head[:4096]
    if b"\x00" in sample:
        even = sample[0::2].count(0)
        odd = sample[1::2].count(0)
        return "utf-16-le" if odd >= even else "utf-16-be"
    return "utf-8"


def _clean(lines: Iterable[str]) -> Iterator[str]:
    for raw in lines:
        line = raw.rstrip()
        if line[:1] == "\ufeff":
            line = line.lstrip("\ufeff")
        yield line


def open_lines(path: str | Path, encoding: str | None = None) -> Iterator[str]:
    """The file's lines, decoded and cleaned (no line end, no trailing spaces, no BOM), each cut
    past :data:`~drawdealer.parsers.limits.MAX_LINE_CHARS` (:func:`~drawdealer.parsers.limits.bounded_lines`).

    Raises ``OSError`` when the file cannot be opened.
    """
    with open(path, "rb") as raw:
        if encoding is None:
            encoding = detect_encoding(raw.read(_HEAD_BYTES))
            raw.seek(0)
        errors = "drawdealer-cp1252" if encoding.startswith("utf-8") else "replace"
        text = io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline=None)
        yield from _clean(limits.bounded_lines(text))


def open_blocks(path: str | Path, encoding: str) -> Iterator[str]:
    """The decoded file in blocks of 256k characters, each ending at a line end (``\\n``)."""
    with open(path, "rb") as raw:
        errors = "drawdealer-cp1252" if encoding.startswith("utf-8") else "replace"
        yield from text_blocks(io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline=None))


def text_blocks(text: io.TextIOBase) -> Iterator[str]:
    """A decoded text stream in blocks of 256k characters, each ending at a line end; a line that
    runs past a block's end by more than :data:`~drawdealer.parsers.limits.MAX_LINE_CHARS` is cut
    there (the reader reports it), so a block never holds much more than 256k characters."""
    lines = limits.bounded_lines(text)  # type: ignore[arg-type]
    while True:
        block = text.read(_BLOCK_CHARS)
        if not block:
            return
        if not block.endswith("\n"):
            block += next(lines, "")
        yield block


def split_text(text: str) -> list[str]:
    """Cleaned lines of an in-memory text (tests, ``convert``)."""
    return list(_clean(text.splitlines()))


def detect_format(lines: Iterable[str]) -> tuple[str, str]:
    """``(format, message)`` from the first lines of a text; the message explains ``unknown``."""
    phh_keys: set[str] = set()
    toml_start: bool | None = None  # PHH is TOML: its first line is a key, a [section] or a comment
    seen = 0
    for line in lines:
        if not line:
            continue
        if _PS_HEADER.match(line):
            return POKERSTARS, ""
        if toml_start is None:
            toml_start = bool(_TOML_START.match(line))
        key = _PHH_KEY.match(line) if toml_start else None
        if key:
            phh_keys.add(key.group(1))
            if len(phh_keys) >= 2:
                return PHH, ""
        for pattern, site in _OTHER_SITES:
            if pattern.search(line):
                if site == "tournament summary":
                    return UNKNOWN, "a tournament summary, not a hand history"
                return UNKNOWN, f"{site} hand histories are not supported (drawdealer reads PokerStars text and PHH)"
        seen += 1
        if seen >= _SNIFF_LINES:
            break
    return UNKNOWN, "not a hand history drawdealer can read (no PokerStars hand header, no PHH fields)"


def sniff(path: str | Path) -> Sniffed:
    """The format and encoding of ``path``, by content. Raises ``OSError`` if it cannot be read."""
    with open(path, "rb") as raw:
        head = raw.read(_HEAD_BYTES)
    encoding = detect_encoding(head)
    errors = "drawdealer-cp1252" if encoding.startswith("utf-8") else "replace"
    text = head.decode(encoding, errors=errors)
    lines = list(_clean(text.splitlines()))  # the last may be cut short: every test but the other sites' is of a prefix
    fmt, message = detect_format(lines)
    return Sniffed(format=fmt, encoding=encoding, message=message)


def split_pokerstars_blocks(blocks: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """:func:`split_pokerstars` over text blocks (:func:`open_blocks`): the same chunks, found by
    searching each block for headers instead of testing every line.

    Each hand's text is split into lines and cleaned once; text left at the end of a block is
    carried to the next.
    """
    carry: list[str] = []  # lines of the hand still open at the end of the previous block
    room = limits.MAX_HAND_CHARS  # characters the open hand may still take (see _keep)
    base = 0  # lines before ``pos``
    start = 1  # the line where the open text starts
    header = _PS_HEADER.match
    separator = _ARCHIVE_SEPARATOR.match
    for block in blocks:
        if "\ufeff" in block:
            block = block.replace("\ufeff", "")
        find = block.find
        pos = 0  # the first character not yet read
        at_header = False  # whether ``pos`` is a header (and ``carry`` empty)
        j = 0 if block.startswith("PokerStars ") else find("\nPokerStars ") + 1 or -1  # a line that may be a header
        while j >= 0:
            if header(block, j):
                if j > pos:
                    lines = list(map(str.rstrip, block[pos:j].split("\n")))
                    lines.pop()  # the empty string after the line end before the header
                    base += len(lines)
                    if at_header:  # a hand from its header: drop the blank lines and separators after it
                        while not lines[-1] or (lines[-1][:5] == "*****" and separator(lines[-1])):
                            lines.pop()  # stops at the header at the latest
                        yield start, lines
                    else:
                        _keep(carry, lines, room)
                        yield from _chunk(start, carry)
                elif carry:
                    yield from _chunk(start, carry)
                carry, start, pos, at_header, room = [], base + 1, j, True, limits.MAX_HAND_CHARS
            j = find("\nPokerStars ", j) + 1 or -1
        if pos < len(block):
            lines = list(map(str.rstrip, block[pos:].split("\n")))
            if block.endswith("\n"):
                lines.pop()
            base += len(lines)
            room = _keep(carry, lines, room)
    if carry:
        yield from _chunk(start, carry)


def _keep(kept: list[str], lines: list[str], room: int) -> int:
    """Add ``lines`` to the open hand ``kept`` while it has ``room`` characters left, and the line
    that crosses :data:`~drawdealer.parsers.limits.MAX_HAND_CHARS` (the reader reports the hand
    there); the room left, negative once the hand is over the limit (later lines are dropped)."""
    if room < 0:
        return room
    for line in lines:
        kept.append(line)
        room -= len(line)
        if room < 0:
            break
    return room


def _chunk(start: int, lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The hand in ``lines`` (cleaned), without the blank lines and archive separators around it."""
    while lines and not lines[0]:
        lines.pop(0)
        start += 1
    lines = _trimmed(lines)
    if lines and not (len(lines) == 1 and _ARCHIVE_SEPARATOR.match(lines[0])):
        if _ARCHIVE_SEPARATOR.match(lines[0]):
            lines.pop(0)
            start += 1
            while lines and not lines[0]:
                lines.pop(0)
                start += 1
        if lines:
            yield start, lines


def split_pokerstars(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(start_line, lines)`` per PokerStars hand: a hand starts at its header line.

    Text before the first header comes out as a chunk of its own (the parser reports it); blank
    lines and archive separators (``***** # 3 *****``) between hands are dropped.
    """
    start = 0
    buf: list[str] = []
    header = _PS_HEADER.match
    for number, line in enumerate(lines, 1):
        if line.startswith("PokerStars ") and header(line):
            if buf:
                yield start, _trimmed(buf)
            start, buf = number, [line]
        elif buf:
            buf.append(line)
        elif line and not _ARCHIVE_SEPARATOR.match(line):
            start, buf = number, [line]
    if buf:
        yield start, _trimmed(buf)


def _trimmed(buf: list[str]) -> list[str]:
    while buf and (not buf[-1] or _ARCHIVE_SEPARATOR.match(buf[-1])):
        buf.pop()
    return buf


def split_phh(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(start_line, lines)`` per PHH hand: the whole file, or one per ``[section]`` (``.phhs``)."""
    start = 1
    buf: list[str] = []
    room = limits.MAX_HAND_CHARS  # see _keep
    for number, line in enumerate(lines, 1):
        if _PHH_SECTION.match(line):
            if _has_content(buf):
                yield start, _trimmed(buf)
            start, buf, room = number, [line], limits.MAX_HAND_CHARS
        else:
            if not buf:
                start = number
            room = _keep(buf, [line], room)
    if _has_content(buf):
        yield start, _trimmed(buf)


def _has_content(buf: list[str]) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in buf)


def iter_hands(path: str | Path, sniffed: Sniffed | None = None) -> Iterator[tuple[int, list[str]]]:
    """Stream ``(start_line, lines)`` per hand of ``path`` (format by content unless ``sniffed``)."""
    sniffed = sniffed or sniff(path)
    if sniffed.format == POKERSTARS:
        return split_pokerstars_blocks(open_blocks(path, sniffed.encoding))
    if sniffed.format == PHH:
        return split_phh(open_lines(path, sniffed.encoding))
    raise ValueError(sniffed.message)
