"""What the tests of every site's reader check alike (issue 19): a site's file converts and reads back."""

from __future__ import annotations

from pathlib import Path

from drawdealer.convert import convert_file
from drawdealer.engine.record import HandRecord
from drawdealer.parsers import read_hands


def assert_converts_and_reads_back_equal(path: Path, to: str, *, not_pokerstars: frozenset[str] = frozenset()) -> None:
    """Every played hand of ``path`` converts to ``to`` (``phh`` or ``pokerstars``) and reads back as
    the same record; only hands of the games in ``not_pokerstars`` (PokerStars never dealt them) may
    be left out, and only from PokerStars text."""
    results = list(convert_file(path, to))
    converted = [r for r in results if hasattr(r, "differences")]
    assert [(r.hand_id, r.differences) for r in converted if r.differences] == []
    played = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    no_format = [r.game for r in results if getattr(r, "left_out", "") == "format"]
    assert len(converted) + len(no_format) == len(played)
    assert set(no_format) <= (not_pokerstars if to == "pokerstars" else set())
