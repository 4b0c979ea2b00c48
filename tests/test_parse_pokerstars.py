"""PokerStars text → HandRecord (drawdealer/parsers/pokerstars.py) on the fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord, PotClaim, Seat, Stakes
from drawdealer.parsers import ParseFailure, Skipped, read_hands, read_text
from drawdealer.parsers.pokerstars import house_rules, parse_amount, parse_hand
from drawdealer.parsers.sniff import split_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pokerstars"


def one(name: str) -> HandRecord:
    (hand,) = list(read_hands(FIXTURES / name))
    assert isinstance(hand, HandRecord), hand
    return hand


def steps(hand: HandRecord) -> list[tuple]:
    """(kind, player, amount, all_in, count) per action: the betting and drawing skeleton."""
    return [(a.kind.value, a.player, a.amount, a.all_in, a.count) for a in hand.actions]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def test_fixed_limit_triple_draw_cash_hand() -> None:
    hand = one("td_fl_cash.txt")
    assert hand.hand_id == "200000000001"
    assert hand.game == "27TD-FL"
    assert hand.currency == "$"
    assert hand.button == "Player1"
    assert hand.hero == "Hero"
    assert hand.seats == (
        Seat(seat=1, name="Player1", stack=400), Seat(seat=2, name="Hero", stack=525),
        Seat(seat=3, name="Player3", stack=310), Seat(seat=4, name="Player4", stack=600),
    )
    # Header ($0.10/$0.20) = small/big bet in fixed limit; the small blind is the posted $0.05.
    assert hand.stakes == Stakes(sb=5, bb=10, small_bet=10, big_bet=20)
    assert steps(hand) == [
        ("post_sb", "Hero", 5, False, 0), ("post_bb", "Player3", 10, False, 0), ("deal", "Hero", 0, False, 5),
        ("call", "Player4", 10, False, 0), ("raise", "Player1", 20, False, 0), ("call", "Hero", 15, False, 0),
        ("fold", "Player3", 0, False, 0), ("call", "Player4", 10, False, 0),
        ("draw", "Hero", 0, False, 2), ("draw", "Player4", 0, False, 3), ("draw", "Player1", 0, False, 1),
        ("check", "Hero", 0, False, 0), ("bet", "Player4", 10, False, 0), ("raise", "Player1", 20, False, 0),
        ("call", "Hero", 20, False, 0), ("call", "Player4", 10, False, 0),
        ("draw", "Hero", 0, False, 0), ("draw", "Player4", 0, False, 1), ("draw", "Player1", 0, False, 0),
        ("bet", "Hero", 20, False, 0), ("fold", "Player4", 0, False, 0), ("call", "Player1", 20, False, 0),
        ("draw", "Hero", 0, False, 0), ("draw", "Player1", 0, False, 0),
        ("check", "Hero", 0, False, 0), ("bet", "Player1", 20, False, 0), ("call", "Hero", 20, False, 0),
        ("show", "Player1", 0, False, 5), ("show", "Hero", 0, False, 5),
    ]
    deal, draw1, pat = hand.actions[2], hand.actions[8], hand.actions[16]
    assert deal.cards == cards("8s 7d Kd Qs 2c") and deal.line == 10
    assert (draw1.discarded, draw1.kept, draw1.received, draw1.received_count) == (
        cards("Kd Qs"), cards("8s 7d 2c"), cards("4h 3s"), 2)
    assert draw1.line == 17 and draw1.text == "Hero: discards 2 cards [Kd Qs]"
    assert pat.kept == cards("8s 7d 2c 4h 3s") and pat.discarded is None
    assert hand.actions[9].discarded is None and hand.actions[9].received is None  # an opponent's draw
    c = hand.claims
    assert (c.total_pot, c.rake, c.pots) == (210, 10, None)
    assert c.collected == (PotClaim(player="Hero", amount=200, pot_index=0, line=42),)
    assert c.descriptions == (("Player1", "Lo: 9,6,5,4,2", 40), ("Hero", "Lo: 8,7,4,3,2", 41))
    assert c.summary_collected == (("Hero", 200, 46),)
    assert c.lines == {"total_pot": 44, "rake": 44}
    assert (hand.line, hand.end_line) == (1, 48)
    assert hand.options == house_rules()


def test_house_rules_are_pokerstars_reshuffle_last_card_cap_and_rake() -> None:
    rules = house_rules()
    assert rules["RESHUFFLE_POLICY"] == "ALL_BUT_CURRENT_PLAYER"  # RULES.md §8.4 alternative
    assert rules["LAST_CARD_RULE"] == "DEAL_TO_LAST"  # §8.3
    assert rules["FL_MAX_BETS_PER_ROUND"] == 4  # §7.2, 'Betting is capped' after the 4th bet
    assert rules["NO_DRAW_NO_DROP"] is True  # §9.5
    assert house_rules(max_seats=7, antes=True) == rules | {"MAX_PLAYERS_27": 7, "FORCED_BETS": "BLINDS_AND_ANTES"}
    from drawdealer.engine.options import Options

    Options.from_mapping(house_rules(max_seats=7, antes=True))  # every key is a RULES.md §13 option


def test_pot_limit_hand_won_by_a_bet_uncalled_bet_and_rake() -> None:
    hand = one("td_pl_cash.txt")
    assert hand.game == "27TD-PL"
    assert hand.stakes == Stakes(sb=25, bb=50)
    assert ("raise", "Player3", 175, False, 0) in steps(hand)
    c = hand.claims
    assert c.uncalled == (("Player3", 200, 20),)
    assert c.collected == (PotClaim(player="Player3", amount=357, pot_index=0, line=21),)
    assert (c.total_pot, c.rake) == (375, 18)
    assert c.summary_collected == (("Player3", 357, 27),)


def test_no_limit_tournament_chips_thousands_all_in_side_pot() -> None:
    hand = one("td_nl_tourney.txt")
    assert hand.game == "27TD-NL"
    assert hand.currency == "" and hand.hero is None
    assert hand.stakes == Stakes(sb=50, bb=100)
    assert [s.stack for s in hand.seats] == [5000, 1000, 10000]
    assert ("raise", "Player2", 1000, True, 0) in steps(hand)
    c = hand.claims
    assert (c.total_pot, c.pots, c.rake) == (5000, (3000, 2000), 0)
    assert [(x.player, x.amount, x.pot_index) for x in c.collected] == [("Player1", 2000, 1), ("Player2", 3000, 0)]
    shows = [a for a in hand.actions if a.kind is K.SHOW]
    assert [a.player for a in shows] == ["Player1", "Player2", "Player3"]
    assert shows[1].cards == cards("7h 6d 4c 3c 2h")


def test_old_single_draw_format_chat_sitting_out_and_summary_muck() -> None:
    hand = one("sd_nl_cash.txt")
    assert hand.game == "27SD-NL"
    assert hand.options["MAX_PLAYERS_27"] == 7  # 'Table ... 7-max'
    assert hand.seats[-1] == Seat(seat=7, name="Player7", stack=1400, sitting_out=True)
    # No '*** FIRST DRAW ***' in this old format: the draws sit among the betting lines.
    assert [a.kind.value for a in hand.actions] == [
        "post_sb", "post_bb", "deal", "raise", "fold", "raise", "fold", "call", "draw", "draw", "bet", "call",
        "show", "muck"]
    muck = hand.actions[-1]
    assert muck.player == "Player2" and muck.cards == cards("2h 8d 7h 7s 4s") and muck.line == 24
    assert hand.actions[8].kept == cards("2s 7d 4d 6d 8s")  # stands pat on [..]


def test_five_card_draw_descriptions_and_capped_betting() -> None:
    hand = one("fcd_fl_cash.txt")
    assert hand.game == "5CD-FL"
    assert hand.stakes == Stakes(sb=50, bb=100, small_bet=100, big_bet=200)
    assert [d for _, d, _ in hand.claims.descriptions] == ["two pair, Queens and Fives", "three of a kind, Kings"]
    raises = [a.amount for a in hand.actions if a.kind is K.RAISE]
    assert raises == [200, 400, 600, 800]


def test_a_session_file_skips_other_games_reports_a_broken_hand_and_carries_on() -> None:
    results = list(read_hands(FIXTURES / "mixed_session.txt"))
    kinds = [type(r).__name__ for r in results]
    assert kinds == ["HandRecord", "Skipped", "HandRecord", "ParseFailure", "Skipped", "HandRecord"]
    home = results[0]
    assert home.game == "27TD-FL" and home.stakes == Stakes(sb=10, bb=20, small_bet=20, big_bet=40)
    five = home.actions[-4]
    assert (five.kind, five.player, five.count) == (K.DRAW, "Villain", 5)
    razz, badugi = results[1], results[2]
    assert (razz.game, razz.reason, razz.line) == ("Razz Limit", "game", 29)
    assert (badugi.game, badugi.hand_id) == ("BADUGI-FL", "200000000012")
    assert razz.finding().code == "GAME_UNSUPPORTED"
    broken = results[3]
    assert isinstance(broken, ParseFailure)
    assert (broken.hand_id, broken.line, broken.column) == ("200000000013", 76, 7)
    assert broken.text == "Hero: juggles the chips"
    assert broken.finding().code == "PARSE_ERROR" and broken.finding().line == 76
    cancelled = results[4]
    assert isinstance(cancelled, Skipped) and cancelled.reason == "cancelled"
    last = results[5]
    assert last.claims.reshuffles == ((8, 114),)  # before Hero's bet, the 9th action
    assert [a.kind for a in last.actions].count(K.FOLD) == 2


def test_five_card_discard_prints_only_the_new_cards() -> None:
    text = (FIXTURES / "mixed_session.txt").read_text().split("\n\n\n\n")[0]
    lines = split_text(text.replace("Hero: discards 2 cards [9c 9h]\nDealt to Hero [4c 6h 5d] [7h 2d]",
                                    "Hero: discards 5 cards [4c 9c 9h 6h 5d]\nDealt to Hero [7h 2d 3c 4s 8h]"))
    five = parse_hand(lines)
    draw = next(a for a in five.actions if a.kind is K.DRAW and a.player == "Hero")
    assert (draw.count, draw.kept, draw.received) == (5, (), cards("7h 2d 3c 4s 8h"))


@pytest.mark.parametrize(("text", "cents", "value"), [
    ("$0.25", True, 25), ("$2", True, 200), ("$1,234.5", True, 123450), ("€0.05", True, 5), ("£10", True, 1000),
    ("1,500", False, 1500), ("20", False, 20),
])
def test_amounts(text: str, cents: bool, value: int) -> None:
    assert parse_amount(text, cents) == value


def test_cents_in_a_chip_game_are_a_parse_error() -> None:
    text = (FIXTURES / "td_nl_tourney.txt").read_text().replace("calls 350", "calls 350.5")
    (result,) = list(read_text(text))
    assert isinstance(result, ParseFailure)
    assert result.line == 10 and "cents in a game played for chips" in result.message


@pytest.mark.parametrize(("edit", "line", "words"), [
    (("*** SUMMARY ***\n", ""), 43, "out of place"),  # no summary: 'Total pot' in the middle
    (("Seat 4: Player4 ($6 in chips)\n", ""), 10, "unknown player"),  # a player never seated
    (("*** DEALING HANDS ***\n", ""), 9, "out of place"),  # cards dealt before the deal header
    (("Player3: folds\n", "Player3: folds\nSeat 9: Late ($1 in chips)\n"), 15, "out of place"),
    (("Total pot $2.10 | Rake $0.10", "Total pot two dollars"), 44, "Total pot X"),
    (("Dealt to Hero [8s 7d 2c] [4h 3s]", "Dealt to Hero [8s 7d 2c] [4h 3x]"), 18, "not a card"),
])
def test_broken_hands_name_the_line(edit: tuple[str, str], line: int, words: str) -> None:
    text = (FIXTURES / "td_fl_cash.txt").read_text()
    assert edit[0] in text
    (result,) = list(read_text(text.replace(edit[0], edit[1], 1)))
    assert isinstance(result, ParseFailure), result
    assert result.line == line
    assert words in result.message
    assert result.hand_id == "200000000001"


def test_a_truncated_last_hand_is_a_parse_failure() -> None:
    text = (FIXTURES / "td_fl_cash.txt").read_text()
    cut = "\n".join(text.splitlines()[:30])
    results = list(read_text(text + "\n\n" + cut.replace("200000000001", "200000000002")))
    assert isinstance(results[0], HandRecord)
    assert isinstance(results[1], ParseFailure) and "end of the hand" in results[1].message


def test_badugi_is_read_as_badugi() -> None:
    """RULES.md §15: a PokerStars Badugi hand is a fixed-limit Badugi record, four cards dealt."""
    text = (FIXTURES / "mixed_session.txt").read_text().split("\n\n\n\n")[2]
    hand = parse_hand(split_text(text))
    assert isinstance(hand, HandRecord) and hand.game == "BADUGI-FL"
    assert hand.actions[2].cards == cards("2s 5h 9d Kc")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("PokerStars Hand#:$0123456789.()[]*-_ abcdefghijk\n"),
                        max_size=40), max_size=30))
def test_any_text_gives_results_never_an_exception(chunks: list[str]) -> None:
    header = "PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2024/01/01 0:00:00 ET\n"
    text = header + "\n".join(chunks)
    for result in read_text(text):
        assert isinstance(result, (HandRecord, ParseFailure, Skipped))
