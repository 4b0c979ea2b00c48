"""What a log says about a hand beyond its play: when (date, time, time zone), where (table, number
of seats, home-game club) and in which tournament (id, buy-in, level).

A :class:`HandInfo` is read from a PokerStars header and table line or from PHH fields, and written
as either, so that ``convert`` keeps it through PokerStars → PHH → PokerStars (the hand id, seat
numbers and currency travel in the record itself). PHH's own fields carry what the PHH spec names
(``year``, ``month``, ``day``, ``time``, ``time_zone_abbreviation``, ``table``, ``seat_count``,
``level``); the rest goes into the extension fields of :data:`PHH_EXTENSIONS`. What a log does not
say stays unsaid: a hand without a date is written without one. (pokerkit 0.7.7 warns that
``time_zone_abbreviation`` is unexpected, though the PHH spec's optional fields and pokerkit's own
site converters have it; it reads the hand all the same.)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from drawdealer.engine.frozen import record

PHH_EXTENSIONS = {
    "_drawdealer_tournament": "the tournament id (PokerStars 'Tournament #743144019')",
    "_drawdealer_buy_in": "the tournament buy-in as the log writes it ('$1.00+$0.20 USD', '100+9', 'Freeroll')",
    "_drawdealer_club": "the PokerStars home-game club ('{Dazzle's Room}' is 'Dazzle's Room')",
}
"""The extension fields of PHH that hold what the PHH spec has no field for, all strings."""

_DATE = re.compile(r" - (\d{4})/(\d{1,2})/(\d{1,2})(?: (\d{1,2}):(\d{2}):(\d{2}))?(?: ([A-Z]{2,5})\b)?")
_ROMAN = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100), ("XC", 90), ("L", 50), ("XL", 40),
          ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))


@record
class HandInfo:
    """When, where and in which tournament a hand was played; empty where the log does not say.

    ``time_zone`` is the abbreviation the log gives (``ET``, ``CET``); with two times, as in
    PokerStars' ``2012/06/22 0:33:10 CET [2012/06/21 18:33:10 ET]``, the first (local) one is kept.
    """

    date: datetime.date | None = None
    time: datetime.time | None = None
    time_zone: str = ""
    table: str = ""
    seat_count: int | None = None
    tournament: str = ""
    buy_in: str = ""
    level: int | None = None
    club: str = ""


def of_record(record: Any) -> HandInfo:
    """The info of a :class:`~drawdealer.engine.record.HandRecord`: from its PokerStars header and
    table line when it was read from PokerStars, else from the PHH fields it kept."""
    extra = record.extra
    if "header" in extra:
        return from_pokerstars(str(extra["header"]), str(extra.get("table") or ""))
    return from_phh(extra.get("phh") or {})


def from_pokerstars(header: str, table: str) -> HandInfo:
    """The info of a PokerStars hand header and its ``Table '…' 6-max …`` line."""
    from drawdealer.parsers.pokerstars import HEAD_BODY, HEAD_ID, MIXED_CASH, TABLE_LINE

    values: dict[str, Any] = {}
    start = HEAD_ID.match(header)
    date = _DATE.search(header, start.end() if start else 0)
    if start is not None:
        text = header[start.end():date.start()] if date else header[start.end():]
        body = HEAD_BODY.match(text)
        if body is not None:
            values |= {"club": body.group("club") or "", "tournament": body.group("tid") or "",
                       "buy_in": body.group("buyin") or "", "level": _level(body.group("level"))}
        elif (mixed := MIXED_CASH.match(text)) is not None:  # a mixed game's cash hand: its club only
            values["club"] = mixed.group("club") or ""
    if date is not None:
        y, mo, d = (int(g) for g in date.groups()[:3])
        values |= {"date": datetime.date(y, mo, d), "time_zone": date.group(7) or ""}
        if date.group(4) is not None:
            values["time"] = datetime.time(*(int(g) for g in date.groups()[3:6]))
    seats = TABLE_LINE.match(table)
    if seats is not None:
        values |= {"table": seats.group("name"), "seat_count": int(seats.group("max")) if seats.group("max") else None}
    return HandInfo(**values)


def from_phh(fields: Mapping[str, Any]) -> HandInfo:
    """The info of a PHH hand's fields (values of another type than the spec's are left out)."""
    year, month, day = (fields.get(k) for k in ("year", "month", "day"))
    date = None
    if all(type(v) is int for v in (year, month, day)):
        try:
            date = datetime.date(year, month, day)
        except (ValueError, OverflowError):  # out of the calendar: the PHH reader refuses it on its line
            date = None
    time = fields.get("time")
    table = fields.get("table")
    return HandInfo(
        date=date,
        time=time if isinstance(time, datetime.time) else None,
        time_zone=_text(fields.get("time_zone_abbreviation")),
        table=str(table) if isinstance(table, (str, int)) and not isinstance(table, bool) else "",
        seat_count=_integer(fields.get("seat_count")),
        tournament=_text(fields.get("_drawdealer_tournament")),
        buy_in=_text(fields.get("_drawdealer_buy_in")),
        level=_integer(fields.get("level")),
        club=_text(fields.get("_drawdealer_club")),
    )


def phh_fields(info: HandInfo) -> dict[str, Any]:
    """The PHH fields of ``info``, only those it has."""
    fields: dict[str, Any] = {}
    if info.date is not None:
        fields |= {"year": info.date.year, "month": info.date.month, "day": info.date.day}
    if info.time is not None:
        fields["time"] = info.time
    named = {"time_zone_abbreviation": info.time_zone, "table": info.table, "seat_count": info.seat_count,
             "level": info.level, "_drawdealer_tournament": info.tournament, "_drawdealer_buy_in": info.buy_in,
             "_drawdealer_club": info.club}
    return fields | {key: value for key, value in named.items() if value not in ("", None)}


def pokerstars_when(info: HandInfo) -> str:
    """The date part of a PokerStars header (`` - 2012/06/22 0:33:10 ET``) with what ``info`` knows of
    it, or ``""`` without a date."""
    if info.date is None:
        return ""
    time = f" {info.time.hour}:{info.time:%M:%S}" if info.time is not None else ""
    return f" - {info.date:%Y/%m/%d}{time}" + (f" {info.time_zone}" if info.time_zone else "")


def pokerstars_event(info: HandInfo) -> tuple[str, str]:
    """What a PokerStars header says before and after the game: ``('{club} Tournament #T, BUY-IN ',
    ' - Level VII')``, empty parts where ``info`` has nothing."""
    before = f"{{{info.club}}} " if info.club else ""
    if info.tournament:
        before += f"Tournament #{info.tournament}, " + (f"{info.buy_in} " if info.buy_in else "")
    after = f" - Level {_roman(info.level)}" if info.level else ""
    return before, after


def _level(text: str | None) -> int | None:
    """A PokerStars level, ``VII`` or ``7``, as a number."""
    if not text:
        return None
    if text.isdigit():
        return int(text)
    total, rest = 0, text
    for letters, value in _ROMAN:
        while rest.startswith(letters):
            total, rest = total + value, rest[len(letters):]
    return total or None


def _roman(number: int) -> str:
    out = []
    for letters, value in _ROMAN:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _integer(value: Any) -> int | None:
    return value if type(value) is int else None
