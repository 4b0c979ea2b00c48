"""The Winamax reader (``parsers/winamax.py``): each of its house rules, format told by content,
bad lines, ``convert`` both ways, and the corpus file.

Each house-rule test names the row of the table in the reader's docstring it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from site_support import assert_converts_and_reads_back_equal
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.convert import convert_file
from drawdealer.engine.cards import parse_card
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import ParseFailure, Skipped, read_hands, read_text
from drawdealer.parsers.sniff import WINAMAX, detect_format, split_text
import shared_data
from shared_data import corpus_cases

CORPUS = shared_data.CORPUS / "fpdb"
WINAMAX_FILES = sorted((CORPUS / "cash/Winamax/Draw").glob("*.txt")) if CORPUS.is_dir() else []
CLEAN = Path(__file__).resolve().parents[1] / "fixtures" / "winamax" / "clean"
HAND = (CLEAN / "fl_showdown.txt").read_text(encoding="utf-8")

NEWCOMERS = """\
Winamax Poker - CashGame - HandId: #7-1-1 - Lowball27 fixed limit (0.50/1) - 2016/10/11 12:42:36 UTC
Table: 'Suceava 02' 6-max (play money) Seat #3 is the button
Seat 1: Ann (20)
Seat 2: Bob (13.05)
Seat 3: Cat (20)
Seat 4: Dan (19)
*** ANTE/BLINDS ***
Dan posts small blind 0.25
Ann posts big blind 0.50
Bob posts big blind 0.50 out of position
Bob posts small blind 0.25 out of position
*** FIRST-BET ***
Bob checks
Cat folds
Dan folds
Ann checks
*** FIRST-DRAW ***
Ann discard 1 card
Bob discard 0 card
*** SECOND-BET ***
Ann bets 0.50
Bob folds
Ann collected 2 from pot
*** SUMMARY ***
Total pot 2 | No rake
Seat 1: Ann (big blind) won 2
"""


def one(text: str) -> HandRecord:
    (record,) = read_text(text)
    assert isinstance(record, HandRecord), record
    return record


def test_a_winamax_hand_is_told_by_content_and_read_clean() -> None:
    assert detect_format(split_text(HAND))[0] == WINAMAX
    record = one(HAND)
    assert (record.game, record.hand_id, record.button, record.currency) == ("27TD-FL", "100-1-1500000000", "Hero", "€")
    assert replay(record).findings == ()


def test_fixed_limit_stakes_are_small_and_big_bet() -> None:
    """Row 'stakes': (0.50€/1€) is the small and big bet; the blinds are what the posts say."""
    stakes = one(HAND).stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.bb, stakes.sb) == (50, 100, 50, 25)


def test_pot_and_no_limit_stakes_are_the_blinds() -> None:
    (record,) = read_hands(CLEAN / "pl_uncalled.txt")
    assert (record.game, record.stakes.sb, record.stakes.bb) == ("27TD-PL", 25, 50)


def test_newcomers_post_a_live_big_blind_and_a_dead_small_one() -> None:
    """Row 'posts': 'big blind X out of position' is live (Bob checks his option), 'small blind X out
    of position' is dead money; play money is read in hundredths (row 'stakes')."""
    record = one(NEWCOMERS)
    posts = [(a.kind, a.player, a.amount) for a in record.actions[:4]]
    assert posts == [(K.POST_SB, "Dan", 25), (K.POST_BB, "Ann", 50), (K.POST_BB, "Bob", 50), (K.POST_DEAD, "Bob", 25)]
    assert record.currency == "¤"
    assert replay(record).findings == ()


def test_both_blinds_in_one_out_of_position_post() -> None:
    """Row 'posts': 'small blind 0.75 out of position' is a live big blind of 0.50 and 0.25 dead."""
    text = NEWCOMERS.replace("Bob posts big blind 0.50 out of position\nBob posts small blind 0.25 out of position",
                             "Bob posts small blind 0.75 out of position")
    record = one(text)
    assert [(a.kind, a.player, a.amount) for a in record.actions[2:4]] == [(K.POST_BB, "Bob", 50), (K.POST_DEAD, "Bob", 25)]
    assert replay(record).findings == ()


def test_raises_are_to_a_total_and_calls_are_what_is_added() -> None:
    """Row 'bets'."""
    record = one(HAND)
    raise_, call = record.actions[3], record.actions[5]
    assert (raise_.kind, raise_.amount, call.kind, call.amount) == (K.RAISE, 100, K.CALL, 50)


def test_draws_discard_zero_is_standing_pat_and_the_hero_s_cards_are_read() -> None:
    """Row 'draws'."""
    draws = [a for a in one(HAND).actions if a.kind is K.DRAW]
    hero = draws[1]
    assert (hero.count, hero.discarded, hero.kept, hero.received) == (
        2, (parse_card("Kc"), parse_card("Qc")), tuple(map(parse_card, ("2h", "7d", "4s"))),
        (parse_card("8c"), parse_card("3d")))
    assert [a.count for a in draws[2:]] == [1, 0, 0, 0]


def test_uncalled_chips_are_in_the_collected_line() -> None:
    """Row 'uncalled bets': Ann's 3€ bet nobody called is in her 'collected 6.50€' and in the total;
    the claims say so and the replay takes them out (the 3.50€ pot, net of 0.25€ rake, is hers)."""
    (record,) = read_hands(CLEAN / "pl_uncalled.txt")
    claims = record.claims
    assert (claims.uncalled, claims.uncalled_in_collected) == ((), True)
    assert [(c.player, c.amount) for c in claims.collected] == [("Ann", 650)]
    assert (claims.total_pot, claims.rake, claims.summary_collected[0][1]) == (675, 25, 650)
    result = replay(record)
    assert result.findings == () and result.settlement.returned == {"Ann": 300}
    assert result.settlement.collected == {"Ann": 350}


def test_uncalled_chips_collected_as_a_side_pot_of_their_own() -> None:
    """Row 'uncalled bets': 'collected 0.80€ from side pot 1' is the 0.80€ Ann could not call."""
    (record,) = read_hands(CLEAN / "nl_uncalled_side_pot.txt")
    assert [(c.player, c.amount, c.pot_index) for c in record.claims.collected] == [("Hero", 80, 1), ("Hero", 965, 0)]
    result = replay(record)
    assert result.findings == () and result.settlement.returned == {"Hero": 80}


def test_the_total_pot_is_net_of_the_rake() -> None:
    """Row 'pots and rake': 'Total pot 5€ | Rake 0.25€' is a 5.25€ pot; 'No rake' is a rake of 0
    (the 2 of NEWCOMERS hold Ann's 0.50 nobody called)."""
    claims = one(HAND).claims
    assert (claims.total_pot, claims.rake) == (525, 25)
    assert (one(NEWCOMERS).claims.total_pot, one(NEWCOMERS).claims.rake) == (200, 0)


def test_tournament_amounts_are_chips() -> None:
    """Row 'stakes': tournament chips are whole numbers (no currency); an amount with cents there is
    a parse error."""
    text = (CLEAN.parent / "findings" / "RAISE_NOT_REOPENED.txt").read_text(encoding="utf-8")
    record = one(text)
    assert (record.currency, record.stakes.sb, record.stakes.bb, record.seats[0].stack) == ("", 50, 100, 5000)
    (failure,) = read_text(text.replace("posts small blind 50", "posts small blind 50.50"))
    assert isinstance(failure, ParseFailure) and failure.line == 7 and "cents in a game played for chips" in failure.message


def test_other_games_are_skipped() -> None:
    (result,) = read_text(HAND.replace("Lowball27 fixed limit", "Holdem no limit"))
    assert isinstance(result, Skipped) and result.game == "Holdem no limit" and result.reason == "game"


@pytest.mark.parametrize("line", ["Hero bets 0.50€ loudly", "Zed calls 1€", "*** STRANGE ***x"])
def test_a_line_that_fits_no_pattern_is_a_parse_error_on_its_line(line: str) -> None:
    (failure,) = read_text(HAND.replace("Hero bets 0.50€", line))
    assert isinstance(failure, ParseFailure) and failure.line == 20 and failure.text == line


def test_a_hand_without_its_table_line_is_a_parse_error() -> None:
    lines = HAND.splitlines()
    (failure,) = read_text("\n".join(lines[:1] + lines[2:]))
    assert isinstance(failure, ParseFailure) and failure.line == 2 and "table line" in failure.message


def test_a_table_size_of_thousands_of_digits_is_no_table_line() -> None:
    (failure,) = read_text(HAND.replace("6-max", "9" * 5000 + "-max"))
    assert isinstance(failure, ParseFailure) and failure.line == 2


def test_validate_reads_a_bom_and_crlf_winamax_file(tmp_path: Path) -> None:
    path = tmp_path / "winamax.txt"
    path.write_bytes(b"\xef\xbb\xbf" + HAND.replace("\n", "\r\n").encode("utf-8"))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "1 clean" in result.output


@pytest.mark.parametrize("path", corpus_cases(WINAMAX_FILES) + sorted(CLEAN.glob("*.txt")), ids=lambda p: p.name)
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_winamax_hand_converts_and_reads_back_equal(path: Path, to: str) -> None:
    assert_converts_and_reads_back_equal(path, to)


@pytest.mark.parametrize("name, line", [("pl_uncalled.txt", "Uncalled bet (€3) returned to Ann"),
                                        ("nl_uncalled_side_pot.txt", "Uncalled bet (€0.80) returned to Hero")])
def test_pokerstars_text_returns_the_uncalled_chips_on_their_own_line(name: str, line: str) -> None:
    """Row 'uncalled bets': PokerStars text says them as PokerStars does (§7.1), and validates clean."""
    (converted,) = convert_file(CLEAN / name, "pokerstars")
    assert line in converted.text.splitlines()
    (record,) = read_text(converted.text)
    assert replay(record).findings == ()


EXPORT_2016 = CLEAN / "export2016_fl.txt"
EXPORT_2021 = CLEAN / "export2021_pl.txt"


def test_the_2016_export_deals_hidden_cards_and_stands_pat_with_cards() -> None:
    """Rows 'cards' and 'draws' (issue 26: a legal hand of the 2016/11 export was a PARSE_ERROR on
    'Dealt to Player0 [X X X X X]'): the hero's cards are his deal, the opponent's five X are no
    deal at all (unknown cards), each 'stands pat [..]' keeps the cards it names, or unknown ones."""
    pat, _ = read_hands(EXPORT_2016)
    deals = [(a.player, a.cards) for a in pat.actions if a.kind is K.DEAL]
    hero = tuple(map(parse_card, "8c 6d 4h 3s 2d".split()))
    assert deals == [("Hero", hero)] and pat.hero == "Hero"
    draws = [(a.player, a.count, a.kept) for a in pat.actions if a.kind is K.DRAW]
    assert draws == [("Hero", 0, hero), ("Vic", 0, None)] * 3
    result = replay(pat)
    assert result.findings == () and result.settlement.returned == {"Vic": 5000}  # his last bet, in 448€


def test_the_2016_export_discards_with_hidden_and_shown_cards() -> None:
    """Row 'draws' and 'cards': 'discards N cards [X X]' then 'Dealt to P [X X X] [X X]' is a draw of
    N unknown cards (the count the discards'); the hero's names his cards. Row 'sitting out': Dan,
    who 'denies big blind' and has no other line, is not dealt in."""
    _, multiway = read_hands(EXPORT_2016)
    assert [s.name for s in multiway.seats if s.sitting_out] == ["Dan"]
    draws = {(a.player, a.line): a for a in multiway.actions if a.kind is K.DRAW and a.count}
    bob = draws[("Bob", 60)]
    assert (bob.count, bob.discarded, bob.received, bob.received_count) == (2, None, None, None)
    hero = draws[("Hero", 64)]
    assert (hero.discarded, hero.kept, hero.received) == (
        tuple(map(parse_card, ("Kc", "Qc"))), tuple(map(parse_card, ("7d", "4s", "2h"))),
        tuple(map(parse_card, ("8c", "3d"))))
    assert replay(multiway).findings == ()


def test_a_hidden_draw_of_another_count_than_the_discards_is_a_claim() -> None:
    """Row 'cards': 'discards 2 cards [X X]' then 'Dealt to Bob [X X X X] [X]' claims one new card."""
    text = EXPORT_2016.read_text(encoding="utf-8").replace("Dealt to Bob [X X X] [X X]", "Dealt to Bob [X X X X] [X]")
    _, multiway = read_text(text)
    bob = next(a for a in multiway.actions if a.kind is K.DRAW and a.player == "Bob")
    assert (bob.count, bob.received_count) == (2, 1)
    assert [f.code for f in replay(multiway).findings] == ["DRAW_COUNT_MISMATCH"]


def test_a_fault_in_a_draw_s_dealt_cards_is_on_its_dealt_to_line() -> None:
    """RULES.md §11.1: a fault in the cards a draw deals is reported where they are dealt, as for the
    readers of the shared toolkit: Hero's 'Dealt to Hero [7d 4s 2h] [8c 7d]' (line 65) deals him a 7d
    he kept, not his 'discards 2 cards' line above it (64); Bob's 'Dealt to Bob [X X X X] [X]'
    (line 61) claims one card for two discards, not his line 60."""
    text = EXPORT_2016.read_text(encoding="utf-8")
    _, twice = read_text(text.replace("Dealt to Hero [7d 4s 2h] [8c 3d]", "Dealt to Hero [7d 4s 2h] [8c 7d]"))
    hero = next(a for a in twice.actions if a.kind is K.DRAW and a.player == "Hero" and a.count)
    assert hero.received_lines == (65, 65)
    assert [(f.code, f.line, str(f.actual)) for f in replay(twice).findings][0] == ("DRAW_CARD_UNAVAILABLE", 65, "7d")
    _, short = read_text(text.replace("Dealt to Bob [X X X] [X X]", "Dealt to Bob [X X X X] [X]"))
    assert [(f.code, f.line) for f in replay(short).findings] == [("DRAW_COUNT_MISMATCH", 61)]


def test_a_draw_dealt_twice_is_a_parse_error() -> None:
    text = EXPORT_2016.read_text(encoding="utf-8").replace("Dealt to Bob [X X X] [X X]\n",
                                                           "Dealt to Bob [X X X] [X X]\nDealt to Bob [X X X] [X X]\n")
    failures = [r for r in read_text(text) if isinstance(r, ParseFailure)]
    assert len(failures) == 1 and "a second 'Dealt to Bob' in one draw" in failures[0].message
    assert failures[0].line == 62


def test_the_2021_table_line_and_both_blinds_with_a_big_blind_of_nothing() -> None:
    """Row 'posts' and the header: 'Table 'Fixture' 6-max …' has no colon in 2021; Ann's 'small blind
    0.75€ out of position' is her live big blind and 0.25€ dead, her 'big blind 0€ out of position'
    nothing. She checks her option, calls the raise with 1€, and the hand is clean."""
    (record,) = read_hands(EXPORT_2021)
    posts = [(a.kind, a.player, a.amount) for a in record.actions if a.kind.value.startswith("post")]
    assert posts == [(K.POST_SB, "Hero", 25), (K.POST_BB, "Eve", 50), (K.POST_BB, "Ann", 50), (K.POST_DEAD, "Ann", 25)]
    result = replay(record)
    assert result.findings == () and result.settlement.collected == {"Hero": 405}
    text = EXPORT_2021.read_text(encoding="utf-8")
    (old,) = read_text(text.replace("Seat #2 is the button", "Seat 0000002 is the button"))
    assert isinstance(old, HandRecord) and old.button == "Bob"
