"""What a reader yields besides a :class:`~drawdealer.engine.record.HandRecord`.

A hand that cannot be parsed is a :class:`ParseFailure` (finding ``PARSE_ERROR``, RULES.md §11.1);
a hand of a game drawdealer does not play, or a hand the site cancelled, is :class:`Skipped`
(notice ``GAME_UNSUPPORTED``, RULES.md §0.1). Both are data: the reader yields them and goes on with
the next hand (DESIGN.md convention 1). A hand drawdealer itself fails on (an exception nobody
expected: a bug) is a :class:`ParseFailure` too, with the code ``INTERNAL_ERROR``
(:func:`internal_failure`): the run reports it and goes on.
"""

from __future__ import annotations

from typing import Any

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import record


class FormatError(ValueError):
    """A whole file cannot be read: unknown or unsupported format (the CLI exits 2)."""


@record
class ParseFailure:
    """A hand whose text breaks the format: where (``line``, 1-based ``column``), what, and why.

    ``code`` is ``PARSE_ERROR`` but for a hand refused before it is read for breaking a limit that
    is a rule too: more players than any game seats (``PLAYER_COUNT_INVALID``, with ``expected`` and
    ``actual``; :mod:`~drawdealer.parsers.limits`).
    """

    message: str
    line: int
    column: int = 1
    text: str = ""
    hand_id: str = ""
    start_line: int = 1
    end_line: int | None = None
    source: str = ""
    code: str = "PARSE_ERROR"
    expected: Any = None
    actual: Any = None

    def finding(self) -> Finding:
        """The ``PARSE_ERROR`` (or ``code``) finding for this failure."""
        return Finding(code=self.code, message=self.message, hand_id=self.hand_id, line=self.line,
                       expected=self.expected, actual=self.actual,
                       details={"column": self.column, "text": self.text, "source": self.source})


@record
class Skipped:
    """A hand read but not replayed: ``reason`` is ``"game"`` (not a drawdealer game) or ``"cancelled"``."""

    hand_id: str
    game: str
    reason: str
    message: str
    line: int
    end_line: int | None = None
    source: str = ""

    def finding(self) -> Finding:
        """The ``GAME_UNSUPPORTED`` notice (a warning) for this hand."""
        return Finding(code="GAME_UNSUPPORTED", message=self.message, hand_id=self.hand_id, line=self.line,
                       actual=self.game, details={"reason": self.reason, "source": self.source})


INTERNAL_ERROR = "INTERNAL_ERROR"
"""The code of a hand drawdealer failed on (RULES.md §11.1): not the hand's fault, drawdealer's."""
_SHOWN_CHARS = 200  # of the exception's text in the message


def internal_message(exc: BaseException, doing: str = "read") -> str:
    """The one-line message of an ``INTERNAL_ERROR``: what drawdealer was ``doing``, the exception
    (its type and text, on one line, cut at 200 characters) and a request to report the hand."""
    what = " ".join(f"{type(exc).__name__}: {exc}".split())
    if len(what) > _SHOWN_CHARS:
        what = what[:_SHOWN_CHARS - 1] + "…"
    return f"drawdealer failed to {doing} this hand (internal error: {what}); please report this hand"


def internal_failure(exc: BaseException, lines: list[str], start: int, source: str, hand_id: str = "",
                     doing: str = "read") -> ParseFailure:
    """The ``INTERNAL_ERROR`` of the hand ``lines`` (its first at line ``start``): on its first line,
    which it quotes."""
    return ParseFailure(message=internal_message(exc, doing), line=start, text=lines[0][:200] if lines else "",
                        hand_id=hand_id, start_line=start, end_line=start + max(len(lines), 1) - 1, source=source,
                        code=INTERNAL_ERROR)
