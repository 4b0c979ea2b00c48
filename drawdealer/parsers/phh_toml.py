"""TOML for PHH hands, fast: :func:`loads` gives exactly what :func:`tomllib.loads` gives.

PHH files (``shared/corpus/phh/spec``) use a small part of TOML: bare keys, ``[section]`` headers
(``.phhs``), literal and escape-free basic strings, decimal integers and floats, booleans, local
times to the second (``time = 20:00:00``), arrays (the ``actions`` array over many lines, with
comments) and one-line inline tables. A scanner for
that part reads a hand several times faster than :mod:`tomllib`; anything else (escapes, dotted or
quoted keys, dates, ``inf``, hex, underscores in numbers, a key defined twice, a syntax error) is
handed to :mod:`tomllib`, which reads it or raises its own :class:`tomllib.TOMLDecodeError`.
The scanner follows ``tomllib``'s grammar step by step, so what it accepts it reads the same way.

What it buys, side by side on the same hands (``python bench/bench_parse.py --hands 5000``, rows
``PHH reader, the first 2,000 hands`` and ``PHH reader, its TOML read by tomllib``): with
:mod:`tomllib` the PHH reader takes 2.4-2.6 × its time on generated six-max hands as a site writes
them, 1.7-1.8 × with every card written and 2.3 × on the real hands of the corpus, replicated (two runs).
"""

from __future__ import annotations

import datetime
import re
import tomllib
from typing import Any, Callable

_CTRL = "\\x00-\\x08\\x0a-\\x1f\\x7f"  # characters TOML forbids in strings and comments (tab allowed)
_KEY_VALUE = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_HEADER = re.compile(rf"[ \t]*\[([A-Za-z0-9_-]+)\][ \t]*(?:#[^{_CTRL}]*)?(?:\n|\Z)")
_LINE_END = re.compile(rf"[ \t]*(?:#[^{_CTRL}]*)?(?:\n|\Z)")  # blanks, a comment, the line end
_ARRAY_WS = re.compile(rf"(?:[ \t\n]|#[^{_CTRL}]*+)*+")
_INLINE_WS = re.compile(r"[ \t]*")
_BLANKS = frozenset(" \t")
_GAP_STARTS = frozenset(" \t\n#")
"""The characters that may start what :data:`_INLINE_WS` (blanks) and :data:`_ARRAY_WS` (a gap in an
array) skip: before any other character the pattern is not run (a call costs more than most matches)."""
_LITERAL = re.compile(rf"'([^'{_CTRL}]*)'")
_BASIC = re.compile(rf'"([^"\\{_CTRL}]*)"')
_LOCAL_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])")  # tomllib's, without a fraction
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_INT = r"-?(?:0|[1-9][0-9]*)"
_INT_START = frozenset("-0123456789")
_INTS = re.compile(rf"\[[ \t]*+((?:{_INT}[ \t]*+,[ \t]*+)*+(?:{_INT}[ \t]*+)?)\]")  # [1, 2, 0] on one line
_GAP = rf"(?:[ \t\n]|#[^{_CTRL}]*+)*+"  # what may stand between the items of an array
_STRINGS = re.compile(rf"\[{_GAP}((?:'[^'{_CTRL}]*'{_GAP},{_GAP})*+(?:'[^'{_CTRL}]*'{_GAP})?)\]")  # ['a', 'b']
_STRING_OR_COMMENT = re.compile(rf"'([^'{_CTRL}]*)'|(#)[^{_CTRL}]*")
_ITEM = rf"(?:'[^'{_CTRL}]*'|{_NUMBER.pattern})"  # a literal string or a number
_ROW = rf"\[[ \t]*+{_ITEM}(?:[ \t]*+,[ \t]*+{_ITEM})*+[ \t]*+\]"
_ROWS = re.compile(rf"\[[ \t]*+(?:{_ROW}[ \t]*+,[ \t]*+)*+{_ROW}[ \t]*+\]")  # [['P1', 488], ['P2', 376]] on one line
_ROW_TOKEN = re.compile(rf"'([^'{_CTRL}]*)'|({_NUMBER.pattern})|(\[)")


_ERROR_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def error_position(error: tomllib.TOMLDecodeError, lines: int) -> tuple[int, int] | None:
    """Where ``tomllib``'s ``error`` points in a document of ``lines`` lines: ``(line, column)``,
    1-based. A document cut short ("at end of document") fails on its last line; None when the
    error names no place."""
    message = str(error)
    m = _ERROR_AT.search(message)
    if m:
        return int(m.group(1)), int(m.group(2))
    if "end of document" in message and lines:
        return lines, 1
    return None


class _Unsupported(Exception):
    """Outside the scanner's part of TOML: :mod:`tomllib` decides."""


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, faster for PHH (raises :class:`tomllib.TOMLDecodeError` the same)."""
    return read(text)[0]


def read(text: str) -> tuple[dict[str, Any], dict[str, int] | None]:
    """``(loads(text), key_lines)``: where the scanner read the text, ``key_lines`` holds the line
    (1-based) of each key's first ``key = …`` line, in any table; None where :mod:`tomllib` read it."""
    scanner = _Scanner(text)
    try:
        return scanner.document(), scanner.key_lines
    except _Unsupported:
        return tomllib.loads(text), None


def _rows(m: re.Match[str]) -> list[list[Any]]:
    """The rows of a match of :data:`_ROWS`, each item read as :meth:`_Scanner.value` reads it."""
    rows: list[list[Any]] = []
    row: list[Any] = rows  # replaced at the first row's bracket
    for string, number, fraction, exponent, bracket in _ROW_TOKEN.findall(m.string, m.start() + 1, m.end() - 1):
        if bracket:  # a group that did not take part is '': a number or a bracket is never empty
            row = []
            rows.append(row)
        elif number:
            row.append(float(number) if fraction or exponent else int(number))
        else:
            row.append(string)
    return rows


_KNOWN_LINES = 4096
_KNOWN_LINE_CHARS = 400
_known_lines: dict[str, tuple[str, Any, Any]] = {}
"""Lines ``key = value`` read before, with their key, value and the copier of the value (None for a
scalar; see :func:`_copier`): the lines hands repeat (``variant``,
the stakes, ``_drawdealer_options``, …) are read once (at most :data:`_KNOWN_LINES` lines of at most
:data:`_KNOWN_LINE_CHARS` characters, forgotten all at once when full). A value is a scalar, or an
array or inline table of scalars (copied for each reader, so that no two hands share one)."""
_SCALARS = frozenset((str, int, float, bool, datetime.time))


def _flat(value: Any) -> bool:
    """A scalar, or an array or table of scalars: what a copy (:func:`_copier`) copies whole."""
    kind = type(value)
    if kind is list:
        return _SCALARS.issuperset(map(type, value))
    if kind is dict:
        return _SCALARS.issuperset(map(type, value.values()))
    return kind in _SCALARS


def _copier(value: Any) -> Callable[[Any], Any] | None:
    """How a remembered value is copied for each reader: an array or a table by its ``copy``, a scalar not at all."""
    kind = type(value)
    return list.copy if kind is list else dict.copy if kind is dict else None


def _remember(line: str, key: str, value: Any) -> None:
    if len(_known_lines) >= _KNOWN_LINES:
        _known_lines.clear()
    copier = _copier(value)
    _known_lines[line] = key, value if copier is None else copier(value), copier


class _Scanner:
    __slots__ = ("end", "key_lines", "pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.end = len(text)
        self.key_lines: dict[str, int] = {}  # see read()

    def document(self) -> dict[str, Any]:
        text, end, key_lines = self.text, self.end, self.key_lines
        if "\r" in text:
            raise _Unsupported
        root: dict[str, Any] = {}
        table = root
        number = 1  # the line at self.pos
        while self.pos < end:
            start = self.pos  # always a line's start
            stop = text.find("\n", start)
            line = text[start:stop if stop >= 0 else end]
            known = _known_lines.get(line)
            if known is not None:  # read before: the same key and value
                key, value, copier = known
                if key in table:
                    raise _Unsupported
                table[key] = value if copier is None else copier(value)
                key_lines.setdefault(key, number)
                self.pos = start + len(line) + 1
                number += 1
                continue
            m = _KEY_VALUE.match(text, start) if not text.startswith("[", start) else None  # not a header
            if m is not None:
                key = m.group(1)
                if key in table:
                    raise _Unsupported
                key_lines.setdefault(key, number)
                self.pos = m.end()
                table[key] = value = self.value()
                if text.startswith("\n", self.pos):  # the usual end of the value's line
                    self.pos += 1
                else:
                    m = _LINE_END.match(text, self.pos)
                    if m is None:
                        raise _Unsupported
                    self.pos = m.end()
                if self.pos == start + len(line) + (stop >= 0):  # the value ends on its line
                    number += 1
                    if len(line) <= _KNOWN_LINE_CHARS and _flat(value):
                        _remember(line, key, value)
                else:
                    number += text.count("\n", start, self.pos)
                continue
            m = _LINE_END.match(text, self.pos) if not text.startswith("[", start) else None
            if m is not None:
                self.pos = m.end()
                number += 1
                continue
            m = _HEADER.match(text, self.pos)
            if m is None or m.group(1) in root:
                raise _Unsupported
            table = root[m.group(1)] = {}
            self.pos = m.end()
            number += 1
        return root

    def value(self) -> Any:
        text, pos = self.text, self.pos
        char = text[pos] if pos < self.end else ""
        if char == "'":
            if text.startswith("'''", pos):
                raise _Unsupported
            m = _LITERAL.match(text, pos)
        elif char == '"':
            if text.startswith('"""', pos):
                raise _Unsupported
            m = _BASIC.match(text, pos)
        elif char == "[":
            return self.array()
        elif char == "{":
            return self.inline_table()
        elif char == "t" and text.startswith("true", pos):
            self.pos = pos + 4
            return True
        elif char == "f" and text.startswith("false", pos):
            self.pos = pos + 5
            return False
        else:
            m = _LOCAL_TIME.match(text, pos) if text.startswith(":", pos + 2) else None
            if m is not None:  # tomllib tries a time before a number (a date too: not read here)
                if text.startswith(".", m.end()):
                    raise _Unsupported  # a fraction of a second
                self.pos = m.end()
                return datetime.time(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            m = _NUMBER.match(text, pos)
            if m is None:
                raise _Unsupported
            self.pos = m.end()
            if m.group(1) is not None or m.group(2) is not None:
                return float(m.group())
            return int(m.group())
        if m is None:
            raise _Unsupported
        self.pos = m.end()
        return m.group(1)

    def array(self) -> list[Any]:
        text = self.text
        pos = self.pos + 1
        if text[pos:pos + 1] in _GAP_STARTS:
            pos = _ARRAY_WS.match(text, pos).end()  # type: ignore[union-attr]
        first = text[pos:pos + 1]
        if first in _INT_START:
            m = _INTS.match(text, self.pos)
            if m is not None:  # integers on one line
                self.pos = m.end()
                values = m.group(1).split(",")
                if values[-1].isspace() or not values[-1]:  # after a trailing comma
                    values.pop()
                return list(map(int, values))
        elif first == "[":
            m = _ROWS.match(text, self.pos)
            if m is not None:  # rows of strings and numbers on one line
                self.pos = m.end()
                return _rows(m)
        elif first == "'":
            if text.startswith("[\n  '", self.pos):
                strings = self.strings_one_a_line()
                if strings is not None:
                    return strings
            m = _STRINGS.match(text, self.pos)
            if m is not None and "'''" not in m.group():  # literal strings, maybe with comments between them
                self.pos = m.end()
                parts = m.group(1).split("'")  # outside, inside, outside, … while no comment holds a quote
                if "#" in "".join(parts[0::2]):
                    return [s for s, comment in _STRING_OR_COMMENT.findall(m.group(1)) if not comment]
                return parts[1::2]
        out: list[Any] = []
        while True:
            if text.startswith("]", pos):
                self.pos = pos + 1
                return out
            self.pos = pos
            out.append(self.value())
            pos = _ARRAY_WS.match(text, self.pos).end()  # type: ignore[union-attr]
            char = text[pos:pos + 1]
            if char == "]":
                self.pos = pos + 1
                return out
            if char != ",":
                raise _Unsupported
            pos = _ARRAY_WS.match(text, pos + 1).end()  # type: ignore[union-attr]

    def strings_one_a_line(self) -> list[str] | None:
        """An array as ``write_phh`` writes ``actions``: ``[``, one literal string a line (two spaces
        before it, a comma after it), ``]`` on a line of its own. Its strings, cut apart in C, when
        none holds a quote or a character that is not printable; None for anything else."""
        text, pos = self.text, self.pos
        close = text.find("\n]", pos)
        if close < pos + 7 or not text.startswith("',", close - 2):  # the shortest: [ '', ] on three lines
            return None
        strings = text[pos + 5:close - 2].split("',\n  '")
        joined = "".join(strings)
        if "'" in joined or not joined.isprintable():  # (a line end or a control character is not)
            return None
        self.pos = close + 2
        return strings

    def inline_table(self) -> dict[str, Any]:
        text = self.text
        out: dict[str, Any] = {}
        pos = _INLINE_WS.match(text, self.pos + 1).end()  # type: ignore[union-attr]
        if text.startswith("}", pos):
            self.pos = pos + 1
            return out
        while True:
            m = _KEY_VALUE.match(text, pos)
            if m is None or m.group(1) in out:
                raise _Unsupported
            self.pos = m.end()
            out[m.group(1)] = self.value()
            pos = self.pos
            if text[pos:pos + 1] in _BLANKS:
                pos = _INLINE_WS.match(text, pos).end()  # type: ignore[union-attr]
            char = text[pos] if pos < self.end else ""
            if char == "}":
                self.pos = pos + 1
                return out
            if char != ",":
                raise _Unsupported
            pos += 1  # the blanks before the next key are _KEY_VALUE's
