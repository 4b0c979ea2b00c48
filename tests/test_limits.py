"""The limits per hand (``parsers/limits.py``, issue 15 "Bounded resources"): a hand over one is one
finding at the line where it is crossed, and what is read to find that out stays bounded."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from drawdealer.parsers import limits, read_hands, sniff
from drawdealer.validate import split_points
from validate_support import FIXTURES, validate_json

HEADER = "PokerStars Hand #{id}:  Triple Draw 2-7 Lowball No Limit ($0.10/$0.25 USD) - 2000/01/01 00:00:00 ET"


def pokerstars_seats(seats: int, hand_id: int = 1) -> str:
    lines = [HEADER.format(id=hand_id), "Table 'drawdealer' 6-max Seat #1 is the button"]
    lines += [f"Seat {i}: P{i} ($10 in chips)" for i in range(1, seats + 1)]
    lines += ["P2: posts small blind $0.10", "P3: posts big blind $0.25", "*** DEALING HANDS ***"]
    lines += [f"P{i}: folds" for i in range(4, seats + 1)]
    lines += ["P1: folds", "P2: folds", "Uncalled bet ($0.15) returned to P3", "P3 collected $0.20 from pot",
              "*** SUMMARY ***", "Total pot $0.20 | Rake $0"]
    return "\n".join(lines) + "\n\n\n"


def phh_players(players: int, extra: str = "") -> str:
    """A PHH hand of ``players`` with its arrays one item a line."""
    def array(values: list[str]) -> str:
        return "[\n" + "".join(f"  {v},\n" for v in values) + "]"

    return (f'variant = "F2L3D"\nantes = {array(["0"] * players)}\n'
            f'blinds_or_straddles = {array(["10", "20"] + ["0"] * (players - 2))}\n'
            f"small_bet = 20\nbig_bet = 40\nstarting_stacks = {array(['500'] * players)}\n"
            f"actions = {array([repr(f'd dh p{i} ??????????') for i in range(1, players + 1)])}\n{extra}")


def only_finding(path: Path) -> dict:
    code, hands, _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    [hand] = hands
    [finding] = hand["findings"]
    return finding


def test_a_pokerstars_hand_with_more_seats_than_any_game_is_one_player_count_invalid(tmp_path: Path) -> None:
    """RULES.md §2: no game seats more than 10. 300 seats were read and replayed (the replay grows
    with players × actions: 976 MB for 5,000) and gave a second finding (DECK_EXHAUSTED); now the
    reader refuses the hand at its seats, before the record and the replay."""
    path = tmp_path / "seats.txt"
    path.write_text(pokerstars_seats(300) + pokerstars_seats(4, hand_id=2), encoding="utf-8")
    code, [big, small], _, _ = validate_json(path)
    assert code == 1
    [finding] = big["findings"]
    assert finding["code"] == "PLAYER_COUNT_INVALID"
    assert (finding["line"], finding["expected"], finding["actual"]) == (3, "2..10", 300)
    assert big["game"] is None  # not replayed
    assert small["hand_id"] == "2" and small["findings"] == []  # the next hand is read


def test_a_phh_hand_with_more_players_than_any_game_is_one_player_count_invalid(tmp_path: Path) -> None:
    """10,000 PHH players took 3.9 GB (a membership test per name, then the replay); 300 are enough
    to show the refusal, on the ``starting_stacks`` line."""
    path = tmp_path / "players.phh"
    text = phh_players(300)
    path.write_text(text, encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PLAYER_COUNT_INVALID" and finding["actual"] == 300
    assert text.splitlines()[finding["line"] - 1].startswith("starting_stacks")


def test_a_line_longer_than_the_limit_is_a_parse_error_there(tmp_path: Path) -> None:
    text = (FIXTURES / "clean" / "27td_nl.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    lines.insert(9, "Hero said, \"" + "x" * (limits.MAX_LINE_CHARS + 5) + "\"")
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, hands, _, _ = validate_json(path)
    [finding] = hands[0]["findings"]
    assert finding["code"] == "PARSE_ERROR" and finding["line"] == 10
    assert "longer than 20,000 characters" in finding["message"]
    assert all(not h["findings"] for h in hands[1:])


def test_bounded_lines_never_holds_more_than_the_limit_of_a_line() -> None:
    stream = io.StringIO("short\n" + "y" * 100_000 + "\nnext\nlast-no-newline")
    lines = list(limits.bounded_lines(stream, limit=1000))
    assert lines[0] == "short\n"
    assert lines[1] == "y" * 1001 + "\n"  # one more than the limit: the reader sees it is too long
    assert lines[2:] == ["next\n", "last-no-newline"]


def test_text_without_a_header_is_cut_past_the_hand_limit_and_line_numbers_go_on(tmp_path: Path) -> None:
    """Valid hands, then more characters without a hand header than a hand may have, then a hand:
    the open hand keeps only up to the limit (it was copied whole at every 256k block), is one
    PARSE_ERROR, and the hand after it has its true line number."""
    valid = (FIXTURES / "clean" / "27td_nl.txt").read_text(encoding="utf-8")
    junk_lines = limits.MAX_HAND_CHARS // 20 + 1000
    path = tmp_path / "junk.txt"
    path.write_text(valid + "no hand header here, 19\n" * junk_lines + pokerstars_seats(4, hand_id=9),
                    encoding="utf-8")
    chunks = list(sniff.iter_hands(path))
    assert max(sum(map(len, lines)) for _, lines in chunks) <= limits.MAX_HAND_CHARS + 100
    code, hands, _, _ = validate_json(path)
    assert [f["code"] for f in hands[-2]["findings"]] == ["PARSE_ERROR"]
    assert hands[-1]["hand_id"] == "9" and hands[-1]["findings"] == []
    assert hands[-1]["line"] == valid.count("\n") + junk_lines + 1


def test_more_actions_than_the_limit_is_a_parse_error_at_the_first_one_over(tmp_path: Path) -> None:
    actions = ["d dh p1 ??????????", "d dh p2 ??????????"] + ["p1 cc", "p2 cc"] * limits.MAX_ACTIONS
    text = ('variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nsmall_bet = 20\nbig_bet = 40\n'
            "starting_stacks = [500, 500]\nactions = [\n" + "".join(f"  '{a}',\n" for a in actions) + "]\n")
    path = tmp_path / "actions.phh"
    path.write_text(text, encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and "more than 2,000 actions" in finding["message"]
    assert finding["line"] == 8 + limits.MAX_ACTIONS


def test_pokerstars_actions_over_the_limit(tmp_path: Path) -> None:
    hand = pokerstars_seats(4).replace("P1: folds\n", "P1: calls $0.15\n" + "P2: checks\n"
                                       * limits.MAX_ACTIONS)
    path = tmp_path / "many.txt"
    path.write_text(hand, encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and "more than 2,000 actions" in finding["message"]


@pytest.mark.parametrize("digits", [16, 5000])
def test_an_amount_of_too_many_digits_is_a_parse_error_on_its_line(tmp_path: Path, digits: int) -> None:
    """5,000 digits passed ``int()``'s own limit: an "internal error" at the hand's first line."""
    text = pokerstars_seats(4).replace("Seat 2: P2 ($10 in chips)", f"Seat 2: P2 (${'9' * digits} in chips)")
    path = tmp_path / "digits.txt"
    path.write_text(text, encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and finding["line"] == 4
    assert "more than 15 digits" in finding["message"]


def test_a_seat_number_of_thousands_of_digits_is_a_parse_error_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "seat.txt"
    path.write_text(pokerstars_seats(4).replace("Seat 3: P3", f"Seat {'7' * 5000}: P3"), encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and finding["line"] == 5
    assert "internal error" not in finding["message"]


@pytest.mark.parametrize("field, value, message", [
    ("starting_stacks", "[500, 500, " + "9" * 5000 + "]", "more than 15 digits"),
    ("starting_stacks", "[500, 500, 10000000000000000]", "more than 15 digits"),
    ("antes", "[0, " + "[" * 5000 + "]" * 5000 + "]", "nested more than 8 deep"),
])
def test_phh_over_long_numbers_and_deep_arrays_are_a_parse_error_on_their_line(tmp_path: Path, field: str,
                                                                                 value: str, message: str) -> None:
    """A RecursionError or int()'s ValueError was an "internal error" at the hand's first line."""
    text = (FIXTURES / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith(f"{field} ="))
    lines[at] = f"{field} = {value}"
    path = tmp_path / "hand.phh"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and finding["line"] == at + 1
    assert message in finding["message"]


def test_a_cbr_amount_of_thousands_of_digits_is_a_parse_error_on_its_line(tmp_path: Path) -> None:
    text = (FIXTURES / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(k for k, line in enumerate(lines) if line.startswith("actions ="))
    lines.insert(at + 1, f"  'p1 cbr {'5' * 5000}',")
    lines[at] = "actions = ["
    path = tmp_path / "hand.phh"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and "more than 15 digits" in finding["message"]


@pytest.mark.parametrize("seats", ["[2, 4, -6]", "[0, 1, 2]", "[3, 3, 4]", "[1, 2, 1001]"])
def test_phh_seats_must_be_distinct_seat_numbers(tmp_path: Path, seats: str) -> None:
    """``seats = [2, 4, -6]`` was read as seat -6 (issue 15): a PARSE_ERROR on the ``seats`` line."""
    text = (FIXTURES / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    path = tmp_path / "hand.phh"
    path.write_text(text.replace("seats = [2, 4, 6]", f"seats = {seats}"), encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and finding["message"].startswith("'seats': ")
    assert text.splitlines()[finding["line"] - 1] == "seats = [2, 4, 6]"


def test_split_points_finds_a_header_across_reads_and_far_away(tmp_path: Path) -> None:
    """``split_points`` reads 64 KiB at a time, keeping only the bytes a header may straddle."""
    hand = pokerstars_seats(3).encode()
    filler = b"chat line without a header\n"
    body = hand + filler * ((1 << 16) // len(filler)) + b"x" * 20 + b"\n" + hand + filler * 40_000 + hand
    path = tmp_path / "big.txt"
    path.write_bytes(body)
    points = split_points(path, len(body), 100)
    starts = [m.start() for m in re.finditer(rb"PokerStars Hand #", body)]
    assert points == starts
    assert len(list(read_hands(path))) == 3


def test_the_limits_are_documented_in_validate_help() -> None:
    """``drawdealer validate --help`` states each limit with the value the readers apply."""
    from typer.testing import CliRunner

    from drawdealer.cli.app import app

    result = CliRunner().invoke(app, ["validate", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.stdout.replace("│", " ").split())
    for said in (f"{limits.MAX_PLAYERS} players (PLAYER_COUNT_INVALID)", f"{limits.MAX_LINE_CHARS:,} characters in a line",
                 f"{limits.MAX_HAND_CHARS:,} characters in a hand", f"{limits.MAX_ACTIONS:,} actions",
                 f"{limits.MAX_AMOUNT_DIGITS} digits in an amount", f"nested {limits.MAX_NESTING} deep",
                 "- (standard input"):
        assert said in text, said


def test_an_over_long_amount_in_drawdealer_commentary_is_a_parse_error_on_its_line(tmp_path: Path) -> None:
    """``# drawdealer: as raise N`` with 5,000 digits was reported on the hand's first line."""
    text = (FIXTURES / "phh" / "td_fl.phh").read_text(encoding="utf-8")
    path = tmp_path / "hand.phh"
    path.write_text(text.replace('"p3 cbr 40",', f'"p3 cbr 40 # drawdealer: as raise {"9" * 5000}",'), encoding="utf-8")
    finding = only_finding(path)
    assert finding["code"] == "PARSE_ERROR" and "more than 15 digits" in finding["message"]
    assert text.splitlines()[finding["line"] - 1] == '  "p3 cbr 40",'


def test_a_hand_of_well_formed_lines_past_the_hand_limit_is_a_parse_error_where_it_crosses(tmp_path: Path) -> None:
    """Table talk is read and passed over; 1.8 MB of it in one hand crosses MAX_HAND_CHARS."""
    text = (FIXTURES / "clean" / "27td_nl.txt").read_text(encoding="utf-8")
    chat = 'Hero said, "a long evening at the table"\n'
    path = tmp_path / "chatty.txt"
    path.write_text(text.replace("Villain3: folds\n", "Villain3: folds\n" + chat * 45_000, 1), encoding="utf-8")
    code, hands, _, _ = validate_json(path)
    [finding] = hands[0]["findings"]
    assert finding["code"] == "PARSE_ERROR" and "hand longer than 1,000,000 characters" in finding["message"]
    total, crossing = 0, 0
    for crossing, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        total += len(line)
        if total > limits.MAX_HAND_CHARS:
            break
    assert finding["line"] == crossing
    assert hands[1]["findings"] == [] and hands[1]["line"] == text.splitlines().index(
        next(l for l in text.splitlines()[1:] if l.startswith("PokerStars"))) + 1 + 45_000
