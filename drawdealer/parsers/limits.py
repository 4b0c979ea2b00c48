"""The limits per hand that keep every input's cost linear in its size (issue 15, "Bounded resources").

Both readers, the splitters that cut a file into hands (:mod:`~drawdealer.parsers.sniff`) and the
dealer's input (``drawdealer deal``: its command lines, ``--config`` and its journal's TOML) apply
these limits, so that no input, however hostile, makes memory grow faster than the input or beyond
a few hundred megabytes. Each is far above what any real hand needs. A hand over a limit is one
finding (``PARSE_ERROR`` on the line where the limit is crossed; ``PLAYER_COUNT_INVALID`` for too
many players) and the next hand is read; a TOML file of the dealer's over a limit is one error line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from drawdealer.parsers.patterns import lazy

if TYPE_CHECKING:
    from drawdealer.parsers.results import ParseFailure

MAX_PLAYERS = 10
"""Players in a hand: no game seats more (RULES.md §2.1). A hand with more seats is one
``PLAYER_COUNT_INVALID`` finding, read no further."""

MAX_SEAT = 1_000
"""The highest seat number (seats are numbered from 1; a table may leave numbers out)."""

MAX_LINE_CHARS = 20_000
"""Characters in a line (real lines have a few hundred at most). Longer lines are cut while reading
(the rest is never held in memory) and the hand is a ``PARSE_ERROR`` at that line."""

MAX_HAND_CHARS = 1_000_000
"""Characters in a hand, its lines together (a real hand has a few thousand). Text beyond this, up to
the next hand header, is counted for line numbers but not kept; the hand is a ``PARSE_ERROR``. Also
the largest ``deal --config`` file and journal file read."""

MAX_ACTIONS = 2_000
"""Actions in a hand (forced bets, deals, bets, draws, shows; a real hand has well under 200)."""

MAX_AMOUNT_DIGITS = 15
"""Digits in an amount (stack, bet, pot), before the cents: 10¹⁵ chips is more than any game."""

MAX_NESTING = 8
"""Arrays and tables nested in one another in TOML (PHH, ``deal --config``, the journal; 3 at most is used)."""


def line_problem(lines: list[str]) -> tuple[int, str] | None:
    """``(index, message)`` of the first line of a hand longer than :data:`MAX_LINE_CHARS`, or None
    (the usual case, found in C). Readers check it before they read the hand."""
    if not lines or max(map(len, lines)) <= MAX_LINE_CHARS:
        return None
    index = next(k for k, line in enumerate(lines) if len(line) > MAX_LINE_CHARS)
    return index, f"line longer than {MAX_LINE_CHARS:,} characters (the limit per line); hand not read"


def hand_problem(lines: list[str]) -> tuple[int, str] | None:
    """``(index, message)`` of the line that makes a hand longer than :data:`MAX_HAND_CHARS`, or
    None. The splitter cuts such a hand at about the limit, so its end is missing: the PokerStars
    reader checks this after reading the lines (a line that breaks the format is reported first)
    and before the hand's shape; TOML cut short cannot be read, so the PHH reader checks it first."""
    if sum(map(len, lines)) <= MAX_HAND_CHARS:
        return None
    total = 0
    for index, line in enumerate(lines):
        total += len(line)
        if total > MAX_HAND_CHARS:
            break
    return index, (f"hand longer than {MAX_HAND_CHARS:,} characters (the limit per hand; is a hand header "
                   f"missing?); the rest up to the next hand header is not read")


AMOUNT_BOUND = 10 ** MAX_AMOUNT_DIGITS
"""The least amount with more than :data:`MAX_AMOUNT_DIGITS` digits."""


def too_many_digits(value: int | float) -> bool:
    """Whether amount ``value`` has more than :data:`MAX_AMOUNT_DIGITS` digits before the point."""
    return not -AMOUNT_BOUND < value < AMOUNT_BOUND


def digits_message(what: str) -> str:
    return f"{what}: an amount of more than {MAX_AMOUNT_DIGITS} digits (the limit per amount)"


_LONG_NUMBER = re.compile(rf"\d{{{MAX_AMOUNT_DIGITS + 1},}}")


def long_number(lines: list[str]) -> int | None:
    """The index of the first line that writes a number of more than :data:`MAX_AMOUNT_DIGITS`
    digits (where a reader's ``int()`` of thousands of digits failed), or None."""
    return next((index for index, line in enumerate(lines) if _LONG_NUMBER.search(line)), None)


class EndlessLine(OSError):
    """A stream that runs on for more than :data:`MAX_HAND_CHARS` characters without a line end
    (``< /dev/zero``) is not text: it is read no further, so that reading it ends."""

    def __init__(self) -> None:
        super().__init__(f"no line end in {MAX_HAND_CHARS:,} characters: not text; not read further")


def bounded_lines(stream: TextIO, limit: int = MAX_LINE_CHARS, *, endless: bool = False) -> Iterator[str]:
    """The lines of ``stream`` (with their ``\\n``), each cut to at most ``limit + 1`` characters: the
    rest of a longer line is read and dropped, never held, so that a reader can still tell that
    the line was too long (``len(line) > limit``). With ``endless``, a line that has not ended after
    :data:`MAX_HAND_CHARS` characters raises :class:`EndlessLine` (a stream that may never end)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            dropped = 0
            while (rest := stream.readline(1 << 16)) and not rest.endswith("\n"):
                dropped += len(rest)
                if endless and dropped > MAX_HAND_CHARS:
                    raise EndlessLine()
            if rest:
                line += "\n"
        yield line


def player_count_failure(players: int, *, line: int, hand_id: str, start_line: int, end_line: int | None,
                         source: str) -> ParseFailure:
    """The ``PLAYER_COUNT_INVALID`` refusal of a hand with more than :data:`MAX_PLAYERS` players."""
    from drawdealer.parsers.results import ParseFailure

    return ParseFailure(code="PLAYER_COUNT_INVALID", expected=f"2..{MAX_PLAYERS}", actual=players,
                        message=f"{players} players: no game seats more than {MAX_PLAYERS} (RULES.md §2); "
                                f"hand not read further",
                        line=line, hand_id=hand_id, start_line=start_line, end_line=end_line, source=source)


def actions_message(count: int) -> str:
    return f"more than {MAX_ACTIONS:,} actions in a hand (the limit per hand; {count:,} here); hand not read"


class TooLarge(OSError):
    """A file the dealer reads whole is larger than :data:`MAX_HAND_CHARS` bytes."""


def read_text(path: str | Path) -> str:
    """The UTF-8 text of a file read whole (``deal --config``, the journal's files), at most
    :data:`MAX_HAND_CHARS` bytes of it: past them :class:`TooLarge` (``/dev/zero`` is not read
    forever). ``OSError`` and ``UnicodeDecodeError`` propagate."""
    with open(path, "rb") as handle:
        raw = handle.read(MAX_HAND_CHARS + 1)
    if len(raw) > MAX_HAND_CHARS:
        raise TooLarge(f"larger than {MAX_HAND_CHARS:,} bytes (the limit)")
    return raw.decode("utf-8")


class TomlLimitError(ValueError):
    """A TOML text over :data:`MAX_AMOUNT_DIGITS` or :data:`MAX_NESTING` at ``line`` (1-based)."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(f"{message} (at line {line})")
        self.message = message
        self.line = line


# what counts in TOML text: strings (their brackets and digits are text), comments, brackets, line ends, numbers
_TOML_TOKENS = lazy(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
                          rf"|[\[{{\]}}\n]|[0-9][0-9_]{{{MAX_AMOUNT_DIGITS},}}")


def toml_loads(text: str, loads: Callable[[str], Any] | None = None) -> Any:
    """``loads(text)`` within the limits: :class:`TomlLimitError` at the line of a number of more
    than :data:`MAX_AMOUNT_DIGITS` digits or of nesting deeper than :data:`MAX_NESTING`, instead of
    a ``RecursionError`` or a ``ValueError`` with no place. ``TOMLDecodeError`` passes through.

    The dealer's small files (``loads`` None: :func:`tomllib.loads`) are checked first. A PHH hand
    (``loads`` its fast reader) only when reading fails: what reads is then checked field by field
    (amounts by :func:`too_many_digits`; no PHH field nests deeper than 3)."""
    import tomllib

    if loads is None:
        check_toml(text)
    try:
        return (loads or tomllib.loads)(text)
    except (RecursionError, ValueError) as exc:
        if isinstance(exc, tomllib.TOMLDecodeError):
            raise
        check_toml(text)  # finds the place: the text is over a limit
        raise


def check_toml(text: str) -> None:
    """Raise :class:`TomlLimitError` at the first line where ``text`` nests deeper than
    :data:`MAX_NESTING` or writes a number of more than :data:`MAX_AMOUNT_DIGITS` digits."""
    line = 1
    depth = 0
    for token in _TOML_TOKENS.finditer(text):
        char = token.group()[0]
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise TomlLimitError(f"arrays or tables nested more than {MAX_NESTING} deep (the limit)", line)
        elif char in "]}":
            depth -= 1
        elif char.isdigit():
            raise TomlLimitError(f"a number of more than {MAX_AMOUNT_DIGITS} digits (the limit per amount)", line)
        else:
            line += token.group().count("\n")
