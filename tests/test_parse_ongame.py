"""The OnGame reader (``parsers/ongame.py``): each of its house rules, format told by content,
bad lines, ``convert`` both ways, and FPDB's own expectations for the corpus hand that has them.

Each house-rule test names the row of the table in the reader's docstring it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from site_support import assert_converts_and_reads_back_equal, assert_settles_as_fpdb
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.convert import convert_file
from drawdealer.engine.cards import parse_card
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import ParseFailure, Skipped, read_text
from drawdealer.parsers.sniff import ONGAME, detect_format, split_text
import shared_data
from shared_data import corpus_cases, needs_corpus

CORPUS = shared_data.CORPUS / "fpdb"
ONGAME_FILES = sorted((CORPUS / "cash/OnGame/Draw").glob("*.txt")) if CORPUS.is_dir() else []
CLEAN = Path(__file__).resolve().parents[1] / "fixtures" / "ongame" / "clean"
HAND = (CLEAN / "fl_showdown.txt").read_text(encoding="utf-8")
EQUAL_BLINDS = (CLEAN / "pl_equal_blinds_uncalled.txt").read_text(encoding="utf-8")
UNPRINTED = (CLEAN / "fl_unprinted_winner.txt").read_text(encoding="utf-8")


def one(text: str) -> HandRecord:
    (record,) = read_text(text)
    assert isinstance(record, HandRecord), record
    return record


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


def test_an_ongame_hand_is_told_by_content_and_read_clean() -> None:
    assert detect_format(split_text(HAND))[0] == ONGAME
    record = one(HAND)
    assert (record.game, record.hand_id, record.button, record.currency, record.hero) == (
        "5CD-FL", "R5-1000-1", "Bob", "$", "Hero")
    assert replay(record).findings == ()


def test_seats_are_listed_by_seat_number() -> None:
    """Row 'seats': the log lists them from the small blind; the record by number."""
    assert [s.seat for s in one(HAND).seats] == [3, 5, 10]


def test_limit_stakes_are_small_and_big_bet_and_the_small_blind_is_its_post() -> None:
    """Row 'stakes, limit': $0.05/$0.10, a small blind of $0.02."""
    stakes = one(HAND).stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.bb, stakes.sb) == (5, 10, 5, 2)


def test_equal_blinds_the_first_big_blind_left_of_the_button_is_the_small_one() -> None:
    """Row 'stakes, pot and no limit': '$1/$1', 'Ann posts big blind ($1)' from the seat left of the button."""
    record = one(EQUAL_BLINDS)
    assert [(a.kind, a.player) for a in record.actions[:2]] == [(K.POST_SB, "Ann"), (K.POST_BB, "Bob")]
    assert (record.stakes.sb, record.stakes.bb) == (100, 100)
    assert replay(record).findings == ()


HEADS_UP = """\
***** History for hand R5-1000-9 *****
Start hand: Fri Nov 18 12:50:00 CET 2011
Table: Fixture [1000] (POT_LIMIT FIVE_CARD_DRAW $1/$1, Real money)
User: Hero
Button: seat 6
Players in round: 2
Seat 1: Hero ($98)
Seat 6: Bob ($34.74)
Bob posts big blind ($1)
Hero posts big blind ($1)
---
Dealing pocket cards
Dealing to Hero: [Qs, 8c, 5h, Th, 5s]
Bob folds
---
Summary:
Main pot: $2 won by Hero ($2)
Rake taken: $0
Seat 1: Hero ($99), net: +$1
Seat 6: Bob ($33.74), net: -$1
***** End of hand R5-1000-9 *****
"""


def test_equal_blinds_heads_up_the_button_posts_the_small_one() -> None:
    """Row 'stakes, pot and no limit': heads-up the button (Bob) is the small blind (§6.1)."""
    record = one(HEADS_UP)
    assert [(a.kind, a.player) for a in record.actions[:2]] == [(K.POST_SB, "Bob"), (K.POST_BB, "Hero")]
    assert replay(record).findings == ()


def test_a_newcomer_s_big_blind_and_dead_blind() -> None:
    """Row 'posts': a player coming in posts a live big blind and a dead one (the corpus' hand 233)."""
    text = HAND.replace("Hero posts big blind ($0.05)", "Hero posts big blind ($0.05)\nBob posts big blind ($0.05)\n"
                        "Bob posts dead blind ($0.02)")
    record = one(text)
    assert [(a.kind, a.player, a.amount) for a in record.actions[2:4]] == [(K.POST_BB, "Bob", 5), (K.POST_DEAD, "Bob", 2)]


def test_raises_are_to_a_total_and_all_in_is_bracketed() -> None:
    """Row 'bets': 'raises $X to $Y' (Y the total), 'calls $X [all in]'."""
    record = one(HAND.replace("Hero calls $0.05", "Hero calls $0.05 [all in]"))
    raise_, call = record.actions[3], record.actions[5]
    assert (raise_.kind, raise_.amount, call.kind, call.amount, call.all_in) == (K.RAISE, 10, K.CALL, 5, True)


def test_the_hero_s_new_hand_gives_his_discards_and_replacements() -> None:
    """Row 'draws': Tc 9h 7c Ah Jh, then 8h 9h 6s Ah Jh: Tc and 7c went, 8h and 6s came."""
    hero = next(a for a in one(HAND).actions if a.kind is K.DRAW and a.player == "Hero")
    assert (hero.count, hero.discarded, hero.received, hero.kept) == (
        2, cards("Tc 7c"), cards("8h 6s"), cards("9h Ah Jh"))


@pytest.mark.parametrize("text, problem", [
    (HAND.replace("Dealing to Hero: [Tc, 9h, 7c, Ah, Jh]\n", ""), "whose cards this log never dealt"),
    (HAND.replace("New hand for Hero: [8h, 9h, 6s, Ah, Jh]", "New hand for Hero: [8h, 9h, 6s, Ah, Jh]\n"
                  "New hand for Hero: [8h, 9h, 6s, Ah, Jh]"), "without a discard this round"),
])
def test_a_new_hand_that_cannot_be_read_is_a_parse_error(text: str, problem: str) -> None:
    (failure,) = read_text(text)
    assert isinstance(failure, ParseFailure) and failure.text.startswith("New hand for Hero")
    assert problem in failure.message


def test_pots_are_before_the_rake_and_shares_after_it() -> None:
    """Row 'pots' and 'rake': 'Main pot: $0.42 won by Bob ($0.40)', 'Rake taken: $0.02'."""
    claims = one(HAND).claims
    assert (claims.total_pot, claims.rake, claims.pots) == (42, 2, None)
    assert [(c.player, c.amount, c.pot_index) for c in claims.collected] == [("Bob", 40, 0)]


def test_side_pots_claim_each_pot_net_of_its_rake() -> None:
    """Row 'pots': with side pots, each pot's net is the sum of its shares."""
    text = (CLEAN.parent / "findings" / "POT_ELIGIBILITY_WRONG.txt").read_text(encoding="utf-8")
    claims = one(text).claims
    assert (claims.total_pot, claims.pots, claims.rake) == (1000, (570, 400), 30)


def test_uncalled_chips_are_not_printed_the_pots_and_stacks_check_them() -> None:
    """Row 'uncalled bets': Hero's $7 nobody called is not in the $7 pot; the stacks say he kept it.
    Had OnGame kept it in the pot, the pot and his stack would be flagged."""
    record = one(EQUAL_BLINDS)
    assert (record.claims.uncalled, record.claims.uncalled_printed) == ((), False)
    assert replay(record).settlement.returned == {"Hero": 700} and dict(record.claims.final_stacks)["Hero"] == 10165
    kept = one(EQUAL_BLINDS.replace("Main pot: $7 won by Hero ($6.65)", "Main pot: $14 won by Hero ($13.65)"))
    assert [f.code for f in replay(kept).findings] == ["POT_AMOUNT_WRONG", "RAKE_MISMATCH", "COLLECTED_AMOUNT_WRONG",
                                                       "STACK_ARITHMETIC"]


def test_the_summary_s_shown_hands_show_in_the_order_of_the_rules() -> None:
    """Row 'showdown': the last round checked through, Ann (left of the button) shows first; her
    cards are not printed but she wins: she shows unknown cards; Bob shows his; Hero mucks."""
    record = one(UNPRINTED)
    shows = [(a.kind, a.player, a.cards, a.count) for a in record.actions if a.kind in (K.SHOW, K.MUCK)]
    assert shows == [(K.SHOW, "Ann", None, 5), (K.SHOW, "Bob", cards("6d Qc 4c Th Qs"), 5), (K.MUCK, "Hero", None, 0)]
    result = replay(record)
    assert result.findings == () and result.settlement.awards[0].winners == ()


def test_a_hand_cut_before_its_summary_has_no_showdown() -> None:
    """A hand in play (``drawdealer status``): the players still in have not shown anything yet."""
    record = one(HAND.split("---\nSummary:")[0])
    assert not [a for a in record.actions if a.kind in (K.SHOW, K.MUCK)]


def test_the_last_aggressor_shows_first() -> None:
    """Row 'showdown': Bob bet last (and was called): he shows before Hero."""
    record = one(HAND)
    assert [a.player for a in record.actions if a.kind is K.SHOW] == ["Bob", "Hero"]


def test_final_stacks_are_claims() -> None:
    """Row 'final stacks': every seat line of the summary, checked (STACK_ARITHMETIC)."""
    record = one(HAND)
    assert dict(record.claims.final_stacks) == {"Ann": 98, "Hero": 80, "Bob": 220}
    assert record.claims.lines["stack:Bob"] == 31


def test_other_games_are_skipped() -> None:
    (result,) = read_text(HAND.replace("LIMIT FIVE_CARD_DRAW", "LIMIT TEXAS_HOLDEM"))
    assert isinstance(result, Skipped) and result.game == "LIMIT TEXAS_HOLDEM" and result.reason == "game"


@pytest.mark.parametrize("line, number", [("Hero checks quietly", 22), ("Main pot: $0.42 taken by Bob", 27),
                                          ("Seat 3: Bob ($2.20), net: +$0.20, [2c, Ac, Td, As, Xx]", 31)])
def test_a_line_that_fits_no_pattern_is_a_parse_error_on_its_line(line: str, number: int) -> None:
    lines = HAND.splitlines()
    lines[number - 1] = line
    (failure,) = read_text("\n".join(lines))
    assert isinstance(failure, ParseFailure) and failure.line == number and failure.text == line


@pytest.mark.parametrize("stakes", ["$0.05/$" + "9" * 40, "$0.0555/$0.10"])
def test_stakes_that_are_no_amount_are_a_parse_error_on_the_table_line(stakes: str) -> None:
    (failure,) = read_text(HAND.replace("$0.05/$0.10", stakes))
    assert isinstance(failure, ParseFailure) and failure.line == 3 and failure.text.startswith("Table: ")


def test_a_line_after_the_end_of_the_hand_is_a_parse_error() -> None:
    (failure,) = read_text(HAND + "Seat 3: Bob ($2.20)\n")
    assert isinstance(failure, ParseFailure) and "after the end of the hand" in failure.message


def test_validate_reads_a_bom_and_crlf_ongame_file(tmp_path: Path) -> None:
    path = tmp_path / "ongame.txt"
    path.write_bytes(b"\xef\xbb\xbf" + (HAND + EQUAL_BLINDS).replace("\n", "\r\n").encode("utf-8"))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "2 clean" in result.output


@pytest.mark.parametrize("path", corpus_cases(ONGAME_FILES) + sorted(CLEAN.glob("*.txt")), ids=lambda p: p.name)
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_ongame_hand_converts_and_reads_back_equal(path: Path, to: str) -> None:
    """PokerStars text prints every hand shown: a winner whose cards OnGame does not print cannot be
    written there (the corpus hand R5-81962116-235 and the fixture R5-1000-3: 'no pokerstars format')."""
    assert_converts_and_reads_back_equal(path, to, hands_not_pokerstars=frozenset({"R5-81962116-235", "R5-1000-3"}))


def test_pokerstars_text_of_an_ongame_hand_validates_as_the_hand() -> None:
    """Its uncalled bet on a line of its own (§7.1), the showdown in the order of §9.1: clean."""
    for name in ("pl_equal_blinds_uncalled.txt", "fl_showdown.txt"):
        (converted,) = convert_file(CLEAN / name, "pokerstars")
        (record,) = read_text(converted.text)
        assert replay(record).findings == (), name
    (converted,) = convert_file(CLEAN / "pl_equal_blinds_uncalled.txt", "pokerstars")
    assert "Uncalled bet ($7) returned to Hero" in converted.text.splitlines()


def test_a_hand_shown_without_its_cards_is_left_out_of_pokerstars_text() -> None:
    (result,) = convert_file(CLEAN / "fl_unprinted_winner.txt", "pokerstars")
    assert result.left_out == "format" and "cannot show Ann's hand without its cards" in result.reason


HP = CORPUS / "cash/OnGame/Draw/5-Carddraw-PL-USD-1.00-1.00-201111.No.Street.Delimiter.txt.hp"


@needs_corpus
def test_settlement_agrees_with_fpdb_expectations() -> None:
    """FPDB's ``.hp`` beside the pot-limit file: every player's winnings (net of rake), profit, and
    the hand's rake, as drawdealer settles them. No difference: Player0 wins $10.45 of the $11 pot
    ($0.55 rake) and ends $5.45 up; Player1 loses $5, Player3 his $1 blind, Hero (folded) nothing."""
    assert_settles_as_fpdb(HP)
