"""convert keeps what the log said (issue 17): date and time, time zone, table, hand and tournament
ids, seat numbers, max seats, currency, buy-in and level survive PokerStars → PHH → PokerStars; a PHH
hand without a date gets none; hands left out for their game are one summary line."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.record import HandRecord
from drawdealer.parsers import read_hands, read_text, write_phh, write_pokerstars
from drawdealer.parsers.handinfo import HandInfo, from_phh, of_record, phh_fields
from shared_data import CORPUS

ROOT = Path(__file__).resolve().parents[1]
STARS = sorted(p for folder in ("pokerstars", "clean", "findings") for p in (ROOT / "fixtures" / folder).glob("*.txt"))
STARS += sorted(p for p in CORPUS.rglob("*.txt") if "summaries" not in p.parts and p.read_bytes()[:64].lstrip(
    b"\xef\xbb\xbf").startswith(b"PokerStars")) if CORPUS.is_dir() else []


def _kept(record: HandRecord) -> tuple:
    """What must survive: the info of the header and table line, the hand id, seat numbers and currency."""
    return of_record(record), record.hand_id, [(s.seat, s.name) for s in record.seats], record.currency


def _one(text: str) -> HandRecord:
    (record,) = read_text(text)
    assert isinstance(record, HandRecord), record
    return record


def test_pokerstars_to_phh_to_pokerstars_keeps_when_where_and_which_tournament() -> None:
    seen: dict[str, int] = {}
    hands = 0
    for path in STARS:
        for record in read_hands(path):
            if not isinstance(record, HandRecord):
                continue
            hands += 1
            info = of_record(record)
            for name in HandInfo.__slots__:
                seen[name] = seen.get(name, 0) + (getattr(info, name) not in ("", None))
            via_phh = _one(write_phh(record))
            assert _kept(via_phh) == _kept(record), (path.name, record.hand_id)
            back = _one(write_pokerstars(via_phh))
            assert _kept(back) == _kept(record), (path.name, record.hand_id)
    assert hands > 30
    # every field was there to lose in some hand
    assert all(seen[name] for name in ("date", "time", "time_zone", "table", "seat_count", "tournament",
                                       "buy_in", "level")), seen


def test_the_phh_text_uses_phh_fields_and_documented_extensions() -> None:
    (record,) = [r for r in read_hands(ROOT / "fixtures" / "pokerstars" / "td_nl_tourney.txt")
                 if isinstance(r, HandRecord)][:1]
    text = write_phh(record)
    info = of_record(record)
    assert info.tournament and info.level and info.date
    assert f"year = {info.date.year}\n" in text and f"month = {info.date.month}\n" in text
    assert f"time = {info.time.isoformat()}\n" in text
    assert f"time_zone_abbreviation = '{info.time_zone}'\n" in text
    assert f"table = '{info.table}'\n" in text and f"seat_count = {info.seat_count}\n" in text
    assert f"level = {info.level}\n" in text
    assert f"_drawdealer_tournament = '{info.tournament}'\n" in text
    assert f"_drawdealer_buy_in = '{info.buy_in}'\n" in text


def test_a_phh_hand_without_a_date_gets_no_date() -> None:
    record = _one((ROOT / "fixtures" / "phh" / "td_fl.phh").read_text(encoding="utf-8"))
    assert of_record(record).date is None
    header = write_pokerstars(record).splitlines()[0]
    assert header == "PokerStars Hand #7001:  Triple Draw 2-7 Lowball Limit (20/40)"
    assert of_record(_one(write_pokerstars(record))) == HandInfo(table="drawdealer", seat_count=6)


def test_a_phh_day_without_a_time_stays_a_day() -> None:
    source = (ROOT / "fixtures" / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    record = _one(source + "year = 2023\nmonth = 7\nday = 4\ntable = 12\n")
    header = write_pokerstars(record).splitlines()[0]
    assert header.endswith("(20/40) - 2023/07/04")
    back = of_record(_one(write_pokerstars(record)))
    assert (back.date, back.time, back.time_zone, back.table) == (datetime.date(2023, 7, 4), None, "", "12")


def test_phh_fields_of_another_type_are_a_parse_error_or_left_out() -> None:
    source = (ROOT / "fixtures" / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    (failure,) = read_text(source + "_drawdealer_tournament = 5\n")
    assert not isinstance(failure, HandRecord)
    assert "_drawdealer_tournament: expected a string" in failure.message
    assert from_phh({"year": 2023, "month": 13, "day": 1, "level": "IV", "time": "noon"}) == HandInfo()
    assert phh_fields(HandInfo()) == {}


@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_hands_left_out_for_their_game_are_one_summary_line(to: str) -> None:
    """mixed_session.txt: a Razz hand (its Badugi hand is converted), a cancelled hand, and one hand that cannot be
    parsed (named on its own line, with its line number)."""
    path = ROOT / "fixtures" / "pokerstars" / "mixed_session.txt"
    result = CliRunner().invoke(app, ["convert", str(path), "--to", to])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"drawdealer: {path}:76: hand #200000000013 not converted: line 76, column 7: 'juggles the chips' is "
        "not a PokerStars action",
        f"drawdealer: {path}: 2 hands not converted: Razz Limit ×1 (games drawdealer does not "
        "play); 27TD-FL ×1 (cancelled)",
    ]


def test_a_game_the_target_cannot_say_is_counted_in_the_summary_line_and_exits_1() -> None:
    path = ROOT / "fixtures" / "clean" / "ita_session.phhs"
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "pokerstars"])
    assert result.exit_code == 1
    assert result.stderr == f"drawdealer: {path}: 5 hands not converted: ITA ×5 (no pokerstars format)\n"
