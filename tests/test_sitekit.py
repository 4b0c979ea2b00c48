"""The reader toolkit (``parsers/sitekit.py``) and the registry of sites (``sniff.SITES``), on a
made-up site: a site is a header, a table of line patterns and a short builder (issue 19)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord, Stakes
from drawdealer.engine.replay import replay
from drawdealer.parsers import limits, sniff
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import (
    MONEY,
    HandBuilder,
    LineError,
    line_table,
    parse_amount,
    parse_card_list,
    unsupported,
)

_WHO = r"(?P<name>\w+) "


class TinyBuilder(HandBuilder):
    """A site whose lines are 'P posts X', 'P raises to X', … (the standard kinds only)."""

    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>\w+) \((?P<stack>{MONEY})\)$")
    LINES = line_table(
        ("section", "***", r"\*\*\* (?P<section>[A-Z ]+) \*\*\*$"),
        ("button", "Button", r"Button: (?P<seat>\d+)$"),
        ("post_sb", " small ", rf"{_WHO}posts small (?P<amt>{MONEY})$"),
        ("post_bb", " big ", rf"{_WHO}posts big (?P<amt>{MONEY})$"),
        ("fold", " folds", rf"{_WHO}folds$"),
        ("check", " checks", rf"{_WHO}checks$"),
        ("call", " calls ", rf"{_WHO}calls (?P<amt>{MONEY})(?P<all_in> all in)?$"),
        ("bet", " bets ", rf"{_WHO}bets (?P<amt>{MONEY})$"),
        ("raise", " raises to ", rf"{_WHO}raises to (?P<amt>{MONEY})$"),
        ("discard", " discards ", rf"{_WHO}discards (?P<n>\d)(?: \[(?P<cards>[^\]]*)\])?$"),
        ("pat", " pat", rf"{_WHO}stands pat$"),
        ("dealt_to", "Dealt to ", r"Dealt to (?P<name>\w+) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$"),
        ("show", " shows ", rf"{_WHO}shows \[(?P<cards>[^\]]*)\]$"),
        ("muck", " mucks", rf"{_WHO}mucks$"),
        ("wins", " wins ", rf"{_WHO}wins (?P<amt>{MONEY}) from (?P<pot>pot|side pot (?P<n>\d))$"),
        ("uncalled", "returned", rf"{_WHO}gets (?P<amt>{MONEY}) returned$"),
        ("total", "Total ", rf"Total (?P<total>{MONEY}) Rake (?P<rake>{MONEY})$"),
        ("noise", ": ", r"\w+: .*$"),
    )

    def site_name(self) -> str:
        return "Tiny"


HAND = """\
Tiny hand #7
Seat 1: Ann (100)
Seat 2: Bob (100)
Button: 2
Bob posts small 1
Ann posts big 2
*** DEAL ***
Dealt to Ann [7c 5d 4h 3s 2c]
Bob: hello
Bob raises to 4
Ann calls 2
*** DRAW ***
Ann stands pat
Bob discards 2 [Kd Qd]
Dealt to Bob [8c 6h 5c] [9d 9h]
Ann bets 4
Bob calls 4
*** SHOW DOWN ***
Ann shows [7c 5d 4h 3s 2c]
Bob mucks
Ann wins 16 from pot
*** SUMMARY ***
Total 16 Rake 0
"""


def build(text: str) -> tuple[TinyBuilder, ParseFailure | None]:
    lines = text.splitlines()
    builder = TinyBuilder(lines, 10, "tiny.txt", cents=False)
    return builder, builder.read_lines(1, "7")


def test_the_standard_kinds_of_line_become_actions_and_claims() -> None:
    b, failure = build(HAND)
    assert failure is None
    assert [(a.kind, a.player, a.amount) for a in b.actions] == [
        (K.POST_SB, "Bob", 1), (K.POST_BB, "Ann", 2), (K.DEAL, "Ann", 0), (K.RAISE, "Bob", 4), (K.CALL, "Ann", 2),
        (K.DRAW, "Ann", 0), (K.DRAW, "Bob", 0), (K.BET, "Ann", 4), (K.CALL, "Bob", 4), (K.SHOW, "Ann", 0),
        (K.MUCK, "Bob", 0)]
    bob_draw = b.actions[6]
    assert bob_draw.count == 2 and bob_draw.received == parse_card_list("9d 9h")
    assert bob_draw.kept == parse_card_list("8c 6h 5c") and bob_draw.discarded == parse_card_list("Kd Qd")
    assert b.hero == "Ann" and b.button() == "Bob"
    claims = b.claims()
    assert claims.total_pot == 16 and claims.rake == 0 and claims.collected[0].amount == 16
    assert claims.lines["total_pot"] == 10 + HAND.splitlines().index("Total 16 Rake 0")


def test_the_record_of_a_made_up_site_replays_clean() -> None:
    b, _ = build(HAND)
    record = b.record(hand_id="7", game="27SD-FL", stakes=Stakes(sb=1, bb=2, small_bet=2, big_bet=4),
                      options={}, currency="", extra={})
    assert isinstance(record, HandRecord) and record.line == 10 and record.end_line == 10 + len(HAND.splitlines()) - 1
    assert replay(record).findings == ()


def test_a_line_no_pattern_fits_fails_the_hand_at_that_line() -> None:
    text = HAND.replace("Ann calls 2\n", "Ann ponders\n")
    _, failure = build(text)
    assert failure is not None and failure.line == 10 + text.splitlines().index("Ann ponders")
    assert failure.message == "not a Tiny line of a seated player" and failure.text == "Ann ponders"


def test_a_player_nobody_seated_is_not_read_as_one() -> None:
    _, failure = build(HAND.replace("Ann calls 2", "Zed calls 2"))
    assert failure is not None and failure.message == "not a Tiny line of a seated player"


def test_a_player_seated_twice_is_a_failure() -> None:
    _, failure = build(HAND.replace("Seat 2: Bob (100)", "Seat 2: Ann (100)"))
    assert failure is not None and "seated twice" in failure.message and failure.line == 12


def test_limits_hold_for_every_site() -> None:
    long_line = "Bob: " + "x" * (limits.MAX_LINE_CHARS + 1)
    _, failure = build(HAND.replace("Bob: hello", long_line))
    assert failure is not None and failure.line == 10 + HAND.splitlines().index("Bob: hello")
    seats = "".join(f"Seat {n}: P{n} (100)\n" for n in range(3, 3 + limits.MAX_PLAYERS))
    _, failure = build(HAND.replace("Button: 2\n", seats + "Button: 2\n"))
    assert failure is not None and failure.code == "PLAYER_COUNT_INVALID"
    _, failure = build(HAND.replace("Ann bets 4", "Ann bets " + "9" * 40))
    assert failure is not None and "digits" in failure.message


@given(st.integers(min_value=0, max_value=10 ** 12), st.integers(min_value=0, max_value=99))
def test_amounts_read_as_sites_write_them(whole: int, cents: int) -> None:
    assert parse_amount(f"${whole:,}.{cents:02d}", True) == whole * 100 + cents
    assert parse_amount(f"{whole:,}", False) == whole
    assert parse_amount(str(whole), False) == whole


def test_an_amount_that_is_none_is_a_line_error() -> None:
    for text in ("1.2.3", "$", "12x"):
        with pytest.raises(LineError):
            parse_amount(text, True)
    with pytest.raises(LineError, match="cents in a game played for chips"):
        parse_amount("1.50", False)


def test_a_game_drawdealer_does_not_play_is_skipped() -> None:
    skipped = unsupported("HOLDEM-NL", "NL Hold'em", hand_id="1", start=3, end=9, source="f", site="Tiny")
    assert isinstance(skipped, Skipped) and skipped.reason == "game" and skipped.message.startswith("Tiny NL Hold'em")
    assert unsupported("27TD-FL", "Limit 2-7", hand_id="1", start=3, end=9, source="f", site="Tiny") is None


def test_every_site_is_told_by_its_header_and_cut_into_hands_at_it() -> None:
    headers = {sniff.POKERSTARS: "PokerStars Hand #1: Triple Draw 2-7 Lowball ($1/$2) - 2020/01/01 1:00:00 ET",
               sniff.FULL_TILT: "Full Tilt Poker Game #1: Table T - $1/$2 - Limit 2-7 Triple Draw - 1:00:00 ET",
               sniff.WINAMAX: "Winamax Poker - CashGame - HandId: #1-2-3 - Lowball27 fixed limit (1/2) - 2016/10/11",
               sniff.ONGAME: "***** History for hand R5-1-2 *****"}
    for site in sniff.SITES:
        header = headers.get(site.format)
        if header is None or site.split is not None:
            continue  # a site of its own test file
        assert sniff.detect_format(["", header]) == (site.format, "")
        chunks = list(site.chunks([header, "a", "", header, "b"]))
        assert chunks == [(1, [header, "a"]), (4, [header, "b"])]
    assert {site.format for site in sniff.SITES} >= set(headers)


def test_the_help_names_every_site_read() -> None:
    from drawdealer.cli.formats import FORMATS

    assert all(site.title.split()[0] in FORMATS for site in sniff.SITES)  # "Merge Network (XML)": Merge
