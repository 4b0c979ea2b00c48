"""The Full Tilt reader (``parsers/fulltilt.py``): each of its house rules, format told by content,
bad lines, ``convert`` both ways, and FPDB's own expectations for the corpus hands.

Each house-rule test names the row of the table in the reader's docstring it checks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.cards import parse_card
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import ParseFailure, Skipped, read_hands, read_text
from drawdealer.parsers.sniff import FULL_TILT, detect_format, split_text
import shared_data
from shared_data import corpus_cases, needs_corpus
from site_support import assert_converts_and_reads_back_equal

CORPUS = shared_data.CORPUS / "fpdb"
FTP_FILES = sorted(p for folder in ("cash/FTP/Draw", "cash/FTP/Mix", "tour/FTP/Draw")
                   for p in (CORPUS / folder).glob("*.txt")) if CORPUS.is_dir() else []

HAND = """\
Full Tilt Poker Game #100: Table Test (6 max) - $150/$300 - Limit 2-7 Triple Draw - 10:00:00 ET - 2010/12/20
Seat 1: Ann ($6,411)
Seat 2: Bob ($1,747)
Seat 3: Cat ($4,941)
Seat 4: Dan ($2,000)
Ann posts the small blind of $75
Bob posts the big blind of $150
The button is in seat #4
*** HOLE CARDS ***
Dealt to Dan [2h Qd 4s Tc 2c]
Cat raises to $300
Dan folds
Ann folds
Bob raises to $450
Dan: gl
Cat calls $150
*** FIRST DRAW *** (Pot: $975)
Bob discards 1 card
Cat stands pat
Bob is dealt 1 card
Bob bets $150
Cat has 15 seconds left to act
Cat calls $150
*** SECOND DRAW *** (Pot: $1,275)
Bob stands pat
Cat stands pat
Bob bets $300
Cat calls $300
*** THIRD DRAW *** (Pot: $1,875)
Bob stands pat
Cat stands pat
Bob bets $300
Cat calls $300
*** SHOW DOWN ***
Bob shows [7d 5c 4c 3c 2d] 7,5,4,3,2
Cat mucks
Bob wins the pot ($2,472) with 7,5,4,3,2
*** SUMMARY ***
Total pot $2,475 | Rake $3
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Bob (big blind) showed [7d 5c 4c 3c 2d] and won ($2,472) with 7,5,4,3,2
Seat 3: Cat mucked [Kh Qc 9s 8h 6d] - K,Q,9,8,6
Seat 4: Dan (button) folded before the Draw (didn't bet)
"""


def one(text: str) -> HandRecord | ParseFailure | Skipped:
    (result,) = list(read_text(text))
    return result


def kinds(record: HandRecord) -> list[tuple[str, str, int]]:
    return [(a.kind.value, a.player, a.amount) for a in record.actions]


def test_a_full_tilt_hand_is_told_by_content_and_read_clean() -> None:
    assert detect_format(split_text(HAND))[0] == FULL_TILT
    record = one(HAND)
    assert isinstance(record, HandRecord)
    assert (record.hand_id, record.game, record.button, record.hero) == ("100", "27TD-FL", "Dan", "Dan")
    assert record.currency == "$" and record.seats[0].stack == 641100
    assert replay(record).findings == ()


def test_fixed_limit_stakes_are_small_and_big_bet() -> None:
    """Row 'blinds, fixed limit': $150/$300 is the small and big bet; the big blind the small bet."""
    stakes = one(HAND).stakes
    assert (stakes.sb, stakes.bb, stakes.small_bet, stakes.big_bet, stakes.ante) == (7500, 15000, 15000, 30000, 0)


def test_no_limit_stakes_are_the_blinds_and_the_ante_in_seat_order_from_the_small_blind() -> None:
    """Rows 'blinds, pot and no limit' and 'posts': antes listed from the small blind round the table."""
    text = ("Full Tilt Poker Game #7: Table T (6 max) - $0.10/$0.20 Ante $0.05 - No Limit 2-7 Single Draw"
            " - 01:27:48 ET - 2011/03/20\nSeat 1: A ($20)\nSeat 2: B ($20)\nSeat 3: C ($20)\n"
            "C antes $0.05\nA antes $0.05\nB antes $0.05\nB posts the small blind of $0.10\n"
            "C posts the big blind of $0.20\nThe button is in seat #1\n*** HOLE CARDS ***\nA folds\nB folds\n"
            "Uncalled bet of $0.10 returned to C\nC mucks\nC wins the pot ($0.35)\n*** SUMMARY ***\n"
            "Total pot $0.35 | Rake $0\nSeat 3: C (big blind) collected ($0.35), mucked\n")
    record = one(text)
    assert record.game == "27SD-NL"
    assert (record.stakes.sb, record.stakes.bb, record.stakes.ante) == (10, 20, 5)
    assert [a.player for a in record.actions if a.kind is K.POST_ANTE] == ["B", "C", "A"]
    assert record.options["FORCED_BETS"] == "BLINDS_AND_ANTES"
    assert record.claims.uncalled == (("C", 10, 14),)  # row 'uncalled bets'
    assert replay(record).findings == ()


def test_raises_are_to_a_total_and_calls_are_what_is_added() -> None:
    """Row 'raises': 'Bob raises to $450' has Bob at $450 in the round; 'Cat calls $150' adds $150."""
    record = one(HAND)
    assert ("raise", "Bob", 45000) in kinds(record) and ("call", "Cat", 15000) in kinds(record)


def test_a_comma_after_an_all_in_call_is_not_part_of_the_amount() -> None:
    """Row 'all in': 'calls 25, and is all in' (the tournament file, hand 31331205512)."""
    text = HAND.replace("Cat calls $150\n*** FIRST", "Cat calls $150, and is all in\n*** FIRST")
    action = next(a for a in one(text).actions if a.text.endswith("all in"))
    assert (action.kind, action.amount, action.all_in) == (K.CALL, 15000, True)


def test_draws_take_their_cards_from_the_later_dealt_lines() -> None:
    """Row 'draws': discards first, then 'is dealt' / 'Dealt to P [kept] [new]' complete each draw."""
    text = HAND.replace("Bob discards 1 card\nCat stands pat\nBob is dealt 1 card\n",
                        "Bob discards 1 card\nDan discards 2 cards [Qd Tc]\nCat stands pat on [Kh Qc 9s 8h 6d]\n"
                        "Bob is dealt 1 card\nDealt to Dan [2h 4s 2c] [7h 8d]\n")
    text = text.replace("Dan folds\n", "Dan calls $300\n").replace("Cat calls $150\n*** FIRST", "Cat calls $150\n"
                                                                     "Dan calls $150\n*** FIRST")
    draws = [a for a in one(text).actions if a.kind is K.DRAW][:3]
    bob, dan, cat = draws
    assert (bob.count, bob.received, bob.received_count) == (1, None, None)  # dealt as many as discarded
    assert dan.discarded == (parse_card("Qd"), parse_card("Tc"))
    assert dan.kept == tuple(map(parse_card, ("2h", "4s", "2c"))) and dan.received == (parse_card("7h"),
                                                                                         parse_card("8d"))
    assert (cat.count, cat.kept[0]) == (0, parse_card("Kh"))


def test_a_replacement_count_other_than_the_discard_is_kept_and_flagged() -> None:
    """Row 'draws': 'discards 1 card' then 'is dealt 2 cards' is a claim the replay checks."""
    record = one(HAND.replace("Bob is dealt 1 card", "Bob is dealt 2 cards"))
    draw = next(a for a in record.actions if a.kind is K.DRAW)
    assert draw.received_count == 2
    assert "DRAW_COUNT_MISMATCH" in [f.code for f in replay(record).findings]


def test_a_second_dealt_line_in_one_draw_is_a_parse_error() -> None:
    text = HAND.replace("Bob is dealt 1 card\n", "Bob is dealt 1 card\nDealt to Bob [7d 5c 4c 3c] [2d]\n"
                        "Dealt to Bob [7d 5c 4c 3c] [2s]\n")
    failure = one(text)
    assert isinstance(failure, ParseFailure) and failure.line == 22 and "second 'Dealt to Bob'" in failure.message


def test_a_player_seated_twice_is_a_parse_error() -> None:
    """A seat line repeated (found by mutating the corpus's 5-card draw log) seated the player twice,
    and the replay ended in a traceback at the award ('a winner is listed twice'); as in the
    PokerStars reader, the second seat line is a PARSE_ERROR on its line."""
    failure = one(HAND.replace("Seat 2: Bob ($1,747)\n", "Seat 2: Bob ($1,747)\nSeat 2: Bob ($1,747)\n"))
    assert isinstance(failure, ParseFailure) and failure.line == 4
    assert failure.message == "player 'Bob' is seated twice"


def test_pots_rake_and_collected_are_claims_net_of_rake() -> None:
    """Rows 'pots', 'collected', 'rake': 'wins the pot ($2,472)' plus rake $3 = total pot $2,475."""
    claims = one(HAND).claims
    assert (claims.total_pot, claims.rake) == (247500, 300)
    assert [(c.player, c.amount, c.pot_index) for c in claims.collected] == [("Bob", 247200, 0)]
    assert claims.summary_collected == (("Bob", 247200, 41),)
    assert replay(one(HAND.replace("($2,472) with", "($2,475) with"))).findings  # a wrong claim is flagged


def test_side_pots_of_the_summary_are_read() -> None:
    """Row 'pots': 'Total pot X Main pot Y Side pot Z | Rake R'."""
    text = HAND.replace("Total pot $2,475 | Rake $3", "Total pot $2,475 Main pot $2,000 Side pot $472 | Rake $3")
    assert one(text).claims.pots == (200000, 47200)


def test_the_winner_nobody_called_mucks_without_a_showdown() -> None:
    """Row "winner's muck": before '*** SHOW DOWN ***' a muck is not a showdown muck."""
    record = one(re.sub(r"\*\*\* FIRST DRAW.*", "", HAND, flags=re.S).replace("Cat calls $150\n", "Cat folds\n")
                 + "Uncalled bet of $150 returned to Bob\nBob mucks\nBob wins the pot ($675)\n*** SUMMARY ***\n"
                   "Total pot $675 | Rake $0\nSeat 2: Bob (big blind) collected ($675), mucked\n")
    assert not [a for a in record.actions if a.kind is K.MUCK]
    assert replay(record).findings == ()


def test_the_summary_shows_a_showdown_muck_s_cards() -> None:
    muck = next(a for a in one(HAND).actions if a.kind is K.MUCK)
    assert muck.cards is not None and muck.cards[0] == parse_card("Kh")


def test_a_player_the_summary_alone_lists_as_sitting_out_sits_out() -> None:
    """Row 'sitting out' (FPDB's '...sitting.out.but.not.listed' file): Ann is not dealt in."""
    text = HAND.replace("Seat 1: Ann ($6,411)\n", "Seat 1: Ann ($6,411)\nSeat 5: Eve ($100)\n") \
        + "Seat 5: Eve is sitting out\n"
    record = one(text)
    assert [s.name for s in record.seats if s.sitting_out] == ["Eve"]
    assert replay(record).findings == ()


def test_a_dead_small_blind_follows_the_live_blind() -> None:
    """Row 'dead blinds': 'posts a dead small blind of $2.50' then 'posts $5'."""
    text = HAND.replace("Bob posts the big blind of $150\n", "Bob posts the big blind of $150\n"
                        "Cat posts a dead small blind of $75\nCat posts $150\n")
    posts = [(a.kind, a.player, a.amount) for a in one(text).actions if a.player == "Cat"][:2]
    assert posts == [(K.POST_BB, "Cat", 15000), (K.POST_DEAD, "Cat", 7500)]


def test_other_games_and_hands_without_play_are_skipped() -> None:
    stud = HAND.replace("Limit 2-7 Triple Draw", "Limit Stud Hi")
    partial = HAND.split("*** HOLE CARDS ***")[0] + "*** SUMMARY ***\nTotal pot $0 | Rake $0\n"
    results = [one(stud), one(partial)]
    assert all(isinstance(r, Skipped) for r in results)
    assert [r.reason for r in results] == ["game", "cancelled"]


def test_the_game_first_header_and_a_table_without_its_size() -> None:
    """Row 'table size': 'Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20' seats its
    highest seat number (8 here, so MAX_PLAYERS_27 = 8)."""
    header = ("Full Tilt Poker Game #1: Table Clackers (New to the Game) - FL Badugi - $150/$300 - 10:18:16 ET"
              " - 2013/05/08")
    record = one(header + HAND[HAND.index("\n"):].replace("Seat 4: Dan ($2,000)", "Seat 8: Dan ($2,000)")
                 .replace("seat #4", "seat #8").replace("Seat 4: Dan", "Seat 8: Dan"))
    assert record.game == "BADUGI-FL" and record.options["MAX_PLAYERS_27"] == 8


@pytest.mark.parametrize("line", ["Bob dances", "Zed folds", "Bob discards 1 card [Xx]", "Bob bets $1,00"])
def test_a_line_that_fits_no_pattern_is_a_parse_error_on_its_line(line: str) -> None:
    failure = one(HAND.replace("Bob bets $150\n", line + "\n"))
    assert isinstance(failure, ParseFailure) and failure.line == 21 and failure.text == line


def test_validate_reads_a_utf16_full_tilt_file(tmp_path: Path) -> None:
    path = tmp_path / "ftp.txt"
    path.write_bytes(HAND.replace("\n", "\r\n").encode("utf-16"))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "1 clean" in result.output


# --------------------------------------------------------------------------- the corpus

@needs_corpus
@pytest.mark.parametrize("path", corpus_cases(FTP_FILES), ids=lambda p: p.name)
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_full_tilt_draw_hand_converts_and_reads_back_equal(path: Path, to: str) -> None:
    assert_converts_and_reads_back_equal(path, to, not_pokerstars=frozenset({"A5TD-FL"}))  # PokerStars never dealt A-5


_BLOCK = re.compile(r"u?'([^']+)': \{(.*?)\}", re.S)


def fpdb_players(path: Path) -> dict[str, dict[str, int]]:
    """FPDB's per-player expectations (``.hp``): winnings, profit and rake, in cents."""
    out = {}
    for name, body in _BLOCK.findall(path.read_text()):
        fields = dict(re.findall(r"'(\w+)': (-?\d+)", body))
        if "totalProfit" in fields:
            out[name] = {key: int(fields[key]) for key in ("winnings", "totalProfit", "rake")}
    return out


HP_FILES = sorted(p for p in CORPUS.rglob("*.hp") if "/FTP/" in str(p)) if CORPUS.is_dir() else []


@needs_corpus
@pytest.mark.parametrize("hp", corpus_cases(HP_FILES), ids=lambda p: p.name)
def test_settlement_agrees_with_fpdb_expectations(hp: Path) -> None:
    """FPDB's ``.hp`` beside each file: every player's winnings (what he collected, net of rake) and
    profit, and the hand's rake (the sum of FPDB's per-player rake), as drawdealer settles them.

    Reviewed differences, none of money: FPDB lists no player who sat out (Player3 of the $150/$300
    hand, Hero of the 'sitting out but not listed' one, Player6 of the 5-card-draw limit sample),
    drawdealer keeps them seated out with nothing won or lost.
    """
    want = fpdb_players(hp)
    (record,) = [r for r in read_hands(hp.with_suffix("")) if isinstance(r, HandRecord)]
    settlement = replay(record).settlement
    start = {s.name: s.stack for s in record.seats}
    for name, expected in want.items():
        assert settlement.collected.get(name, 0) == expected["winnings"], name
        assert settlement.final_stacks.get(name, start[name]) - start[name] == expected["totalProfit"], name
    assert settlement.rake == sum(p["rake"] for p in want.values())
    for name in set(start) - set(want):  # only drawdealer lists them: they sat out
        assert next(s.sitting_out for s in record.seats if s.name == name)
        assert settlement.final_stacks.get(name, start[name]) == start[name]
