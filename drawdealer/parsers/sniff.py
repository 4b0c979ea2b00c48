"""Which format a file is, how it is encoded, and its hands one at a time (DESIGN.md "sniff.py").

Decoding: a UTF-8 BOM, a UTF-16 BOM (LE or BE) or, without a BOM, a quarter or more NUL bytes in
the first kilobytes (UTF-16 LE/BE by where the NULs fall); otherwise UTF-8, and any byte sequence
that is not UTF-8 is read as Windows-1252 (old PokerStars exports). Exports of other encodings
concatenated after the first are read each in its own encoding when a byte-order mark starts them
(:func:`decoded`). Lines lose their end (LF, CRLF, CR),
trailing spaces and any BOM left at their start (files made by concatenating exports).

The format is decided by the content, never by the file name: a PokerStars or Full Tilt hand header, PHH's
TOML keys, or the header of a site we know but do not read (a clear message).

:func:`iter_hands` streams ``(start_line, lines)`` per hand: files are read in blocks of 256k
characters (PokerStars files split at the headers found in each block, the others line by line from
the block's lines), so memory stays flat however large the file (one block and one hand at a time).
"""

from __future__ import annotations

import codecs
import io
import re
from itertools import islice
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator

from drawdealer.engine.frozen import record
from drawdealer.parsers import limits
from drawdealer.parsers.patterns import lazy

POKERSTARS = "pokerstars"
PHH = "phh"
UNKNOWN = "unknown"

_HEAD_BYTES = 65536
_SNIFF_LINES = 400

POKERSTARS_HEADER = re.compile(r"PokerStars (?:Home Game (?:Hand )?|(?:Zoom |Rush )?(?:Game|Hand|GAME) )#")
"""The start of a PokerStars hand's first line (``validate.split_points`` cuts files at the same lines)."""
FULL_TILT = "fulltilt"
FULL_TILT_HEADER = lazy(r"Full ?Tilt ?Poker Game #")  # "Full Tilt Poker Game #", older "FullTiltPoker Game #"
KINGSCLUB = "kingsclub"
KINGSCLUB_HEADER = lazy(r"#\d+: +(?:Limit|Pot Limit|No Limit) ")  # "#45394277: Limit Badugi - 30/60"
WINAMAX = "winamax"
WINAMAX_HEADER = lazy(r"Winamax Poker - .+ - HandId: #")
ONGAME = "ongame"
ONGAME_HEADER = lazy(r"\*{5} History for hand ")
_BLOCK_CHARS = 1 << 18
_PHH_KEY = lazy(r"(variant|antes|blinds_or_straddles|starting_stacks|actions)\s*=")
_TOML_START = lazy(r"(#|\[|[A-Za-z0-9_\-\"'.]+\s*=)")
_PHH_SECTION = lazy(r"\[[^\[\]]+\]\s*(?:#.*)?$")
_ARCHIVE_SEPARATOR = re.compile(r"\*{5,} # \d+ \*{5,}$")
XML_DECLARATION = lazy(r"<!(?:DOCTYPE|ENTITY)", re.I)
"""A DTD declaration in XML: refused by the sniffer and by the XML readers (``xmlsafe``)."""

Chunk = tuple[int, list[str]]
"""A hand's first line number and its lines."""
Source = str | Path | bytes
"""What a file's reader is given: the file's path, or the file's bytes (``drawdealer.validate_bytes``,
``validate --ship``)."""


@record(kw_only=False)
class Site:
    """A hand-history format drawdealer reads whose hands each start with a header line: how a
    file of it is recognised (by content) and cut into hands, and the module that reads a hand
    (its ``parse_hands(chunks, source)``; see :mod:`~drawdealer.parsers.sitekit`)."""

    format: str
    title: str
    header: re.Pattern[str]
    """Matches the start of a hand's first line."""
    prefix: str
    """Every header line starts with it (a cheap test before :attr:`header`)."""
    reader: str
    split: Callable[[Iterable[str]], Iterator[Chunk]] | None = None
    """Cuts a file's lines into hands; None: at each header line (:func:`split_at_headers`)."""

    def chunks(self, lines: Iterable[str]) -> Iterator[Chunk]:
        """The hands of a file's lines."""
        return self.split(lines) if self.split is not None else split_at_headers(lines, self.header, self.prefix)


MERGE = "merge"
BOSS = "boss"
SITES: tuple[Site, ...] = (
    Site(POKERSTARS, "PokerStars", POKERSTARS_HEADER, "PokerStars ", "drawdealer.parsers.pokerstars_memo"),
    Site(FULL_TILT, "Full Tilt", FULL_TILT_HEADER, "Full", "drawdealer.parsers.fulltilt"),
    Site(KINGSCLUB, "KingsClub", KINGSCLUB_HEADER, "#", "drawdealer.parsers.kingsclub"),
    Site(WINAMAX, "Winamax", WINAMAX_HEADER, "Winamax ", "drawdealer.parsers.winamax"),
    Site(ONGAME, "OnGame", ONGAME_HEADER, "*****", "drawdealer.parsers.ongame"),
    # a Merge file: a <description> of the game, then a <game> per hand (merge.py)
    Site(MERGE, "Merge Network (XML)", lazy(r"<(?:description type=|game id=)"), "<", "drawdealer.parsers.merge"),
    Site(BOSS, "Boss Media (XML)", lazy(r"<HISTORY ID="), "<HISTORY", "drawdealer.parsers.boss"),
)
"""Every site drawdealer reads (PHH, told by its keys, is not a site): one row per site."""
SITE_OF_FORMAT = {site.format: site for site in SITES}
_OTHER_SITES = (
    (lazy(r"PokerStars Tournament #|Full Tilt Poker Tournament Summary"), "tournament summary"),
    (lazy(r"<session|<game gamecode="), "iPoker (XML)"),
)


def _cp1252_fallback(error: UnicodeError) -> tuple[str, int]:
    """Decode bytes that are not UTF-8 as Windows-1252 (latin-1 for its five holes)."""
    assert isinstance(error, UnicodeDecodeError)
    bad = error.object[error.start:error.end]
    return bad.decode("cp1252", errors="replace"), error.end


codecs.register_error("drawdealer-cp1252", _cp1252_fallback)


@record
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
    if sample.count(0) * 4 >= len(sample):  # text of UTF-16 is half NULs; a stray NUL is not UTF-16
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


class _Segments(io.RawIOBase):
    """A file's bytes as UTF-8 when it is exports of several encodings end to end: a UTF-16
    byte-order mark at the start of a line starts UTF-16 text (transcoded), a UTF-8 one in UTF-16
    text starts UTF-8 again. UTF-8 passes through as it is (invalid bytes are left for the
    ``drawdealer-cp1252`` fallback); a file that starts in UTF-16 starts transcoded."""

    _UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)

    def __init__(self, raw: io.RawIOBase | io.BufferedIOBase, encoding: str) -> None:
        self._raw = raw
        self._pending = b""  # bytes read but not yet classified (a mark may straddle two reads)
        self._out = memoryview(b"")  # UTF-8 ready to be returned
        self._decoder = None if encoding.startswith("utf-8") else codecs.getincrementaldecoder(encoding)("replace")
        self._at_line_start = True

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._out:
            block = self._raw.read(1 << 18)
            if not block:
                self._out, self._pending = memoryview(self._convert(self._pending, final=True)), b""
                break
            self._out = memoryview(self._convert(self._pending + block if self._pending else block, final=False))
        n = min(len(buffer), len(self._out))
        buffer[:n] = self._out[:n]
        self._out = self._out[n:]
        return n

    def _convert(self, data: bytes, *, final: bool) -> bytes:
        """UTF-8 for ``data`` up to where it is safe to stop (the rest waits in ``_pending``). In
        UTF-16, ``data`` always starts at a code unit (an even offset of the UTF-16 text)."""
        out = []
        while data:
            if self._decoder is None:  # UTF-8: look for a UTF-16 mark at a line start
                at = self._utf16_mark(data)
                if at is not None:
                    out.append(data[:at])
                    self._decoder = codecs.getincrementaldecoder("utf-16")("replace")
                    data = data[at:]
                    continue
                cut = len(data) if final else len(data) - 2  # a line end and half a mark may end the block
                if cut <= 0:
                    break
                out.append(data[:cut])
                self._at_line_start = data[cut - 1:cut] == b"\n"
                data = data[cut:]
                break
            at, utf8 = self._mark_in_utf16(data)  # UTF-16: a UTF-8 or UTF-16 mark after a line end
            if at is not None:
                out.append(self._decoder.decode(data[:at], True).encode())
                self._decoder = None if utf8 else codecs.getincrementaldecoder("utf-16")("replace")
                self._at_line_start = True
                data = data[at:]
                continue
            cut = len(data) if final else (len(data) - 6) & ~1  # whole code units; a mark may end the block
            if cut <= 0 and not final:
                break
            out.append(self._decoder.decode(data[:cut], final).encode())
            data = data[cut:]
            break
        self._pending = data
        return b"".join(out)

    def _utf16_mark(self, data: bytes) -> int | None:
        """Where a UTF-16 byte-order mark starts a line of UTF-8 ``data`` (its bytes are never UTF-8:
        searched alone, they are found fast), or None."""
        found = []
        for mark in self._UTF16_BOMS:
            at = data.find(mark[0])  # one byte: memchr
            while at >= 0 and not (data[at + 1:at + 2] == mark[1:] and (data[at - 1] == 10 if at else self._at_line_start)):
                at = data.find(mark[0], at + 1)
            if at >= 0:
                found.append(at)
        return min(found) if found else None

    @staticmethod
    def _mark_in_utf16(data: bytes) -> tuple[int | None, bool]:
        """The first byte-order mark after a line end of UTF-16 ``data`` (either byte order) and
        whether it is UTF-8's; ``(None, False)`` when there is none."""
        best: tuple[int | None, bool] = (None, False)
        for end in (b"\n\x00", b"\x00\n"):
            for mark, utf8 in ((codecs.BOM_UTF8, True), *((bom, False) for bom in _Segments._UTF16_BOMS)):
                at = data.find(end + mark)
                while at >= 0 and at % 2:  # only a whole code unit is a line end
                    at = data.find(end + mark, at + 1)
                if at >= 0 and (best[0] is None or at + 2 < best[0]):
                    best = (at + 2, utf8)
        return best


def decoded(raw: io.RawIOBase | io.BufferedIOBase, encoding: str) -> io.TextIOWrapper:
    """The text of a binary stream whose start is in ``encoding`` (:func:`detect_encoding`), hand
    histories of other encodings concatenated after it included (:class:`_Segments`): universal
    line ends, bytes that are not UTF-8 read as Windows-1252."""
    return io.TextIOWrapper(io.BufferedReader(_Segments(raw, encoding), 1 << 18), encoding="utf-8",
                            errors="drawdealer-cp1252", newline=None)


def _binary(source: Source) -> BinaryIO:
    """``source`` (:data:`Source`) as a binary stream from its start; a path is opened (``OSError``)."""
    return io.BytesIO(source) if isinstance(source, bytes) else open(source, "rb")  # noqa: SIM115 - closed by with


def open_lines(path: Source, encoding: str | None = None) -> Iterator[str]:
    """The file's lines, decoded and cleaned (no line end, no trailing spaces, no BOM), each cut
    past :data:`~drawdealer.parsers.limits.MAX_LINE_CHARS` (:func:`~drawdealer.parsers.limits.bounded_lines`).

    Raises ``OSError`` when the file cannot be opened.
    """
    with _binary(path) as raw:
        if encoding is None:
            encoding = detect_encoding(raw.read(_HEAD_BYTES))
            raw.seek(0)
        for block in text_blocks(decoded(raw, encoding)):  # a block at a time: no Python call per line
            yield from _block_lines(block)


def _block_lines(block: str) -> list[str]:
    """The lines of a block of :func:`text_blocks`, each cut past
    :data:`~drawdealer.parsers.limits.MAX_LINE_CHARS` as :func:`~drawdealer.parsers.limits.bounded_lines`
    cuts it, and cleaned (:func:`_clean`); none in an empty block."""
    if not block:
        return []
    lines = block.split("\n")
    if block.endswith("\n"):
        lines.pop()
    if len(block) > limits.MAX_LINE_CHARS and max(map(len, lines)) > limits.MAX_LINE_CHARS:
        lines = [line[:limits.MAX_LINE_CHARS + 1] for line in lines]
    return list(_clean(lines)) if "\ufeff" in block else list(map(str.rstrip, lines))


def open_blocks(path: Source, encoding: str) -> Iterator[str]:
    """The decoded file in blocks of 256k characters, each ending at a line end (``\\n``)."""
    with _binary(path) as raw:
        yield from text_blocks(decoded(raw, encoding))


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
    for number, line in enumerate(lines, 1):
        if not line:
            continue
        for site in SITES:
            if line.startswith(site.prefix) and site.header.match(line):
                return site.format, ""
        if line[:2] == "<!" and XML_DECLARATION.match(line):
            return UNKNOWN, (f"line {number}: an XML DOCTYPE or ENTITY declaration: refused (hand histories are"
                             " read without any DTD or entity)")
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
                return UNKNOWN, f"{site} hand histories are not supported (drawdealer reads {readable_formats()})"
        seen += 1
        if seen >= _SNIFF_LINES:
            break
    return UNKNOWN, "not a hand history drawdealer can read (no hand header of a site it reads, no PHH fields)"


def readable_formats() -> str:
    """The formats drawdealer reads, in words."""
    return ", ".join(site.title for site in SITES) + " and PHH"


def sniff(path: Source) -> Sniffed:
    """The format and encoding of ``path`` (or of a file's bytes), by content. Raises ``OSError`` if
    it cannot be read."""
    if isinstance(path, bytes):
        head = path[:_HEAD_BYTES]
    else:
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
    header = POKERSTARS_HEADER.match
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
    total = sum(map(len, lines))
    if total <= room:  # the usual case, in C
        kept += lines
        return room - total
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


def split_at_headers(lines: Iterable[str], header_pattern: re.Pattern[str],
                     prefix: str) -> Iterator[tuple[int, list[str]]]:
    """``(start_line, lines)`` per hand of a site whose hands start at a header line
    (``header_pattern``; every such line starts with ``prefix``).

    Text before the first header comes out as a chunk of its own (the parser reports it); blank
    lines and archive separators (``***** # 3 *****``) between hands are dropped.
    """
    start = 0
    buf: list[str] = []
    header = header_pattern.match
    for number, line in enumerate(lines, 1):
        if line.startswith(prefix) and header(line):
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
    rest = iter(lines)
    return split_phh_batches(iter(lambda: list(islice(rest, 4096)), []))


def split_phh_batches(batches: Iterable[list[str]]) -> Iterator[tuple[int, list[str]]]:
    """:func:`split_phh` of the file's lines given a batch at a time, which it cuts at the
    ``[section]`` headers it finds in each."""
    return _phh_hands(_phh_runs_of_lines(batches))


def split_phh_blocks(blocks: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """:func:`split_phh` of the file's text blocks (:func:`open_blocks`): the same hands, the headers
    found by searching each block for the lines that start with ``[`` instead of testing every line;
    each hand's text is split into lines and cleaned once (:func:`_block_lines`)."""
    return _phh_hands(_phh_runs_of_blocks(blocks))


_Run = tuple[str | None, list[str]]
"""A ``[section]`` header line and the lines after it, or (header None) lines that go on the hand
before: what :func:`_phh_hands` puts together."""


def _phh_runs_of_lines(batches: Iterable[list[str]]) -> Iterator[_Run]:
    section = _PHH_SECTION.match
    for batch in batches:
        # a header starts with its bracket (the regular expression's first character)
        headers = [k for k, line in enumerate(batch) if line[:1] == "[" and section(line)]
        header, at = None, 0
        for k in headers:
            yield header, batch[at:k]
            header, at = batch[k], k + 1
        yield header, batch[at:]


def _phh_runs_of_blocks(blocks: Iterable[str]) -> Iterator[_Run]:
    section = _PHH_SECTION.match
    for block in blocks:
        if "\ufeff" in block:  # a BOM anywhere: cleaned line by line (_clean)
            yield from _phh_runs_of_lines([_block_lines(block)])
            continue
        find = block.find
        header, at = None, 0  # the text before ``at`` is read
        j = 0 if block.startswith("[") else find("\n[") + 1 or -1  # a line that may be a header
        while j >= 0:
            end = find("\n", j) + 1 or len(block)
            line = _block_lines(block[j:end])[0]  # cleaned as every line is
            if section(line):
                yield header, _block_lines(block[at:j])
                header, at = line, end
            j = find("\n[", j) + 1 or -1
        yield header, _block_lines(block[at:])


def _phh_hands(runs: Iterable[_Run]) -> Iterator[tuple[int, list[str]]]:
    """The hands of :func:`split_phh` from the file's runs of lines (:data:`_Run`): what comes
    before the first header is a hand when it holds more than blank lines and comments."""
    start = 1
    buf: list[str] = []
    room = limits.MAX_HAND_CHARS  # see _keep
    base = 0  # lines before the run
    for header, lines in runs:
        if header is not None:
            if _has_content(buf):
                yield start, _trimmed(buf)
            start, buf, room = base + 1, [header], limits.MAX_HAND_CHARS
            base += 1
        room = _keep(buf, lines, room)
        base += len(lines)
    if _has_content(buf):
        yield start, _trimmed(buf)


def _has_content(buf: list[str]) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in buf)


def iter_hands(path: Source, sniffed: Sniffed | None = None) -> Iterator[tuple[int, list[str]]]:
    """Stream ``(start_line, lines)`` per hand of ``path`` or of a file's bytes (format by content
    unless ``sniffed``)."""
    sniffed = sniffed or sniff(path)
    if sniffed.format == POKERSTARS:
        return split_pokerstars_blocks(open_blocks(path, sniffed.encoding))
    if sniffed.format == PHH:
        return split_phh_blocks(open_blocks(path, sniffed.encoding))
    if sniffed.format in SITE_OF_FORMAT:
        return SITE_OF_FORMAT[sniffed.format].chunks(open_lines(path, sniffed.encoding))
    raise ValueError(sniffed.message)


def split_lines(lines: list[str], fmt: str) -> Iterator[tuple[int, list[str]]]:
    """The hands of an in-memory text's cleaned lines in format ``fmt`` (not ``unknown``)."""
    if fmt == PHH:
        return split_phh(lines)
    return SITE_OF_FORMAT[fmt].chunks(lines)


def split_pokerstars(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(start_line, lines)`` per PokerStars hand (:func:`split_at_headers`)."""
    return split_at_headers(lines, POKERSTARS_HEADER, "PokerStars ")
