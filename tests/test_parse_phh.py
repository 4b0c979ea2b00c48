"""PHH → HandRecord (drawdealer/parsers/phh.py), per the spec in shared/corpus/phh/spec/."""

from __future__ import annotations

from pathlib import Path

import pytest

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord, Seat, Stakes
from drawdealer.parsers import ParseFailure, Skipped, read_hands, read_text
from drawdealer.parsers.phh import parse_action_string

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "phh"


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def steps(hand: HandRecord) -> list[tuple]:
    return [(a.kind.value, a.player, a.amount, a.all_in, a.count) for a in hand.actions]


HEADS_UP = """variant = 'N2L1D'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 30]
actions = [{actions}]
"""


def heads_up(*actions: str) -> HandRecord | ParseFailure | Skipped:
    (result,) = list(read_text(HEADS_UP.format(actions=", ".join(f"'{a}'" for a in actions))))
    return result


@pytest.mark.parametrize(("text", "parsed"), [
    ("d dh p1 7h6c4c3d2c", ("d", "dh", "p1 7h6c4c3d2c", None)),
    ("d dh p2 ??????????  # Hui", ("d", "dh", "p2 ??????????", "Hui")),
    ("p1 cbr 450000", ("p1", "cbr", "450000", None)),
    ("p12 cbr 2.5", ("p12", "cbr", "2.5", None)),
    ("p4 cc", ("p4", "cc", None, None)),
    ("p3 f", ("p3", "f", None, None)),
    ("p1 sd", ("p1", "sd", None, None)),
    ("p4 sd AsQs", ("p4", "sd", "AsQs", None)),
    ("p2 sd Kh??", ("p2", "sd", "Kh??", None)),
    ("p2 sm", ("p2", "sm", None, None)),
    ("p1 sm -", ("p1", "sm", "-", None)),
    ("  # Burn card 6s is exposed", (None, None, None, "Burn card 6s is exposed")),
    ("", (None, None, None, None)),
])
def test_action_notation(text: str, parsed: tuple) -> None:
    """required.rst: [[Actor Action[ Arguments...]][ # Commentary]]."""
    assert parse_action_string(text) == parsed


def test_fixed_limit_triple_draw_fixture() -> None:
    (hand,) = list(read_hands(FIXTURES / "td_fl.phh"))
    assert isinstance(hand, HandRecord)
    assert (hand.hand_id, hand.game, hand.button, hand.currency) == ("7001", "27TD-FL", "Button", "")
    assert hand.seats == (Seat(seat=2, name="Small Blind", stack=1000), Seat(seat=4, name="Hero", stack=800),
                          Seat(seat=6, name="Button", stack=1200))
    assert hand.stakes == Stakes(sb=10, bb=20, small_bet=20, big_bet=40)
    # cbr is a raise *to*: 'p3 cbr 40' pre-draw is a raise to 40; 'p3 cbr 20' after the draw a bet of 20;
    # 'p2 cbr 40' then a raise to 40; cc is a check or a call of what is owed.
    assert steps(hand) == [
        ("post_sb", "Small Blind", 10, False, 0), ("post_bb", "Hero", 20, False, 0), ("deal", "Hero", 0, False, 5),
        ("raise", "Button", 40, False, 0), ("fold", "Small Blind", 0, False, 0), ("call", "Hero", 20, False, 0),
        ("draw", "Hero", 0, False, 1), ("draw", "Button", 0, False, 2),
        ("check", "Hero", 0, False, 0), ("bet", "Button", 20, False, 0), ("raise", "Hero", 40, False, 0),
        ("call", "Button", 20, False, 0),
        ("draw", "Hero", 0, False, 0), ("draw", "Button", 0, False, 1),
        ("bet", "Hero", 40, False, 0), ("call", "Button", 40, False, 0),
        ("draw", "Hero", 0, False, 0), ("draw", "Button", 0, False, 0),
        ("check", "Hero", 0, False, 0), ("check", "Button", 0, False, 0),
        ("show", "Hero", 0, False, 5), ("show", "Button", 0, False, 5),
    ]
    draw = hand.actions[6]
    assert (draw.discarded, draw.received, draw.received_count, draw.line) == (cards("9c"), cards("3s"), 1, 17)
    unknown = hand.actions[7]
    assert (unknown.discarded, unknown.received, unknown.received_count) == (None, None, None)
    assert hand.claims.final_stacks == (("Small Blind", 990), ("Hero", 930), ("Button", 1080))
    assert hand.extra["phh"] == {"_my_note": "user fields are kept"}


def test_no_limit_single_draw_currency_all_in_derived_from_stacks() -> None:
    (hand,) = list(read_hands(FIXTURES / "sd_nl.phh"))
    assert hand.game == "27SD-NL" and hand.currency == "$"
    assert hand.stakes == Stakes(sb=5000, bb=10000)  # USD amounts become cents
    assert ("raise", "Carol", 120000, True, 0) in steps(hand)  # cbr of the whole stack: all-in
    assert ("call", "Alice", 115000, False, 0) in steps(hand)
    assert hand.extra["phh"] == {"ante_trimming_status": False}


def test_heads_up_blinds_are_reversed_and_the_button_posts_the_small_blind() -> None:
    """required.rst: 'the antes, blinds, and straddles are reverse-assigned for heads-up'."""
    hand = heads_up("d dh p1 ??????????", "d dh p2 ??????????", "p2 cbr 6", "p1 cc")
    assert hand.button == "p2"
    assert steps(hand) == [("post_sb", "p2", 1, False, 0), ("post_bb", "p1", 2, False, 0),
                           ("raise", "p2", 6, False, 0), ("call", "p1", 4, False, 0)]


def test_unknown_and_partly_unknown_cards() -> None:
    hand = heads_up("d dh p1 Kh7c6d2c??", "d dh p2 ??????????", "p2 cc", "p1 cc",
                    "p1 sd Kh??", "p2 sd ??????", "d dh p1 5s??", "d dh p2 ??????")
    deal = hand.actions[2]
    assert (deal.kind, deal.cards, deal.count) == (K.DEAL, cards("Kh 7c 6d 2c"), 5)
    assert len([a for a in hand.actions if a.kind is K.DEAL]) == 1  # p2's unknown hand adds nothing
    d1, d2 = hand.actions[5], hand.actions[6]
    assert (d1.count, d1.discarded, d1.received, d1.received_count) == (2, cards("Kh"), cards("5s"), 2)
    assert (d2.count, d2.discarded, d2.received, d2.received_count) == (3, None, None, None)


def test_show_with_dash_uses_the_hand_as_dealt_and_drawn() -> None:
    hand = heads_up("d dh p1 7h6c4c3d2c", "d dh p2 9s8s7s6s5s", "p2 cc", "p1 cc", "p1 sd", "p2 sd 9s",
                    "d dh p2 2h", "p1 cc", "p2 cc", "p1 sm -", "p2 sm -")
    shows = [a for a in hand.actions if a.kind is K.SHOW]
    assert shows[0].cards == cards("7h 6c 4c 3d 2c")
    assert set(shows[1].cards) == set(cards("8s 7s 6s 5s 2h"))


def test_replacement_count_different_from_discards_is_kept() -> None:
    hand = heads_up("d dh p1 7h6c4c3d2c", "d dh p2 ??????????", "p2 cc", "p1 cc", "p1 sd 7h6c",
                    "d dh p1 8h")
    draw = hand.actions[-1]
    assert (draw.count, draw.received, draw.received_count) == (2, cards("8h"), 1)


@pytest.mark.parametrize(("actions", "line", "words"), [
    (("d dh p1 ??????????", "p9 f"), 6, "no player p9"),
    (("d dh p1 ??????????", "d dh p3 ??????????"), 6, "no player p3 in this hand"),  # the player dealt to
    (("d dh p1 ??????????", "p12345678901234567890 cc"), 6, "no player p12345678901234567890 in"),  # past any index
    (("d dh p1 ??????????", "p3 sd ??"), 6, "no player p3 in this hand"),
    (("d dh p1 ??????????", "p1 raise 5"), 6, "is not a PHH action"),
    (("d db Jc3d5c",), 6, "board cards"),
    (("d dh p1 ??????????", "d dh p2 ??????????", "d dh p1 7c"), 6, "outside a draw"),
    (("d dh p1 7x6c4c3d2c",), 6, "unexpected '7x6c"),
])
def test_broken_actions_name_the_line(actions: tuple[str, ...], line: int, words: str) -> None:
    result = heads_up(*actions)
    assert isinstance(result, ParseFailure)
    assert result.line == line and words in result.message


def test_invalid_toml_gives_its_line_and_column() -> None:
    (result,) = list(read_text("variant = 'F2L3D'\nantes = [0, 0\nactions = []\n"))
    assert isinstance(result, ParseFailure)
    assert result.line == 3 and "not valid TOML" in result.message


def test_missing_required_field() -> None:
    (result,) = list(read_text("variant = 'F2L3D'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
                               "starting_stacks = [10, 10]\nactions = []\n"))
    assert isinstance(result, ParseFailure) and "'small_bet'" in result.message


def test_other_variants_are_skipped_with_a_notice() -> None:
    results = list(read_hands(FIXTURES / "multi.phhs"))
    assert [type(r).__name__ for r in results] == ["HandRecord", "Skipped", "ParseFailure", "HandRecord"]
    skipped = results[1]
    assert (skipped.hand_id, skipped.game, skipped.line) == ("8002", "FR", 11)
    failure = results[2]
    assert (failure.hand_id, failure.line, failure.column) == ("8003", 27, 73)
    assert failure.text.endswith('"p1 jumps 90"]')


def test_straddles_are_outside_the_rules() -> None:
    text = HEADS_UP.replace("[1, 2]", "[1, 2, 4]").replace("[0, 0]", "[0, 0, 0]").replace("[100, 30]", "[100, 30, 50]")
    (result,) = list(read_text(text.format(actions="'d dh p1 ??????????'")))
    assert isinstance(result, ParseFailure) and "straddles" in result.message


def test_extension_fields_name_games_phh_lacks() -> None:
    (hand,) = list(read_hands(FIXTURES / "td_pl_extension.phh"))
    assert hand.game == "27TD-PL"
    assert hand.options["RESHUFFLE_POLICY"] == "ALL_BUT_CURRENT_PLAYER"
    assert hand.hero == "Hero"
    assert (hand.claims.total_pot, hand.claims.rake, hand.claims.uncalled) == (375, 18, (("Player3", 200, 28),))
    draw = next(a for a in hand.actions if a.kind is K.DRAW and a.player == "Hero")
    assert draw.kept == cards("7c 5d 4h")


@pytest.mark.parametrize(("field", "value", "words"), [
    ("antes", "5", "antes: expected an array, got 5"),
    ("antes", "[0]", "'antes' has 1 entry for 2 players"),
    ("blinds_or_straddles", "['a', 'b']", "'a' is not an amount"),
    ("actions", "[1, 2]", "must be an array of strings"),
    ("starting_stacks", "[10, inf]", "unknown starting stacks"),
    ("seats", "[1]", "'seats' has 1 entry for 2 players"),
])
def test_wrong_field_values_are_parse_failures(field: str, value: str, words: str) -> None:
    fields = {"variant": "'F2L3D'", "antes": "[0, 0]", "blinds_or_straddles": "[1, 2]", "small_bet": "2",
              "big_bet": "4", "starting_stacks": "[10, 10]", "actions": "[]"}
    fields[field] = value
    (result,) = list(read_text("".join(f"{k} = {v}\n" for k, v in fields.items())))
    assert isinstance(result, ParseFailure), result
    assert words in result.message


@pytest.mark.parametrize("cut", ["starti", "starting_stacks = [10", "actions = ['p1 f',"])
def test_a_hand_cut_short_fails_on_its_last_line(cut: str) -> None:
    """TOML that ends mid-item says "(at end of document)", not a line: the failure is placed on the
    hand's last line, where the file was cut, not its first."""
    fields = {"variant": "'F2L3D'", "antes": "[0, 0]", "blinds_or_straddles": "[1, 2]", "small_bet": "2",
              "big_bet": "4"}
    text = "".join(f"{k} = {v}\n" for k, v in fields.items()) + cut
    (result,) = list(read_text(text))
    assert isinstance(result, ParseFailure), result
    assert "end of document" in result.message
    assert (result.line, result.text) == (6, cut)


def test_a_fractional_bet_alone_makes_every_amount_cents() -> None:
    """The reader looks for a fraction among the actions' amounts only when one is written as a float."""
    (hand,) = list(read_text(HEADS_UP.format(actions="'d dh p1 ??????????', 'd dh p2 ??????????', 'p2 cbr 2.5', "
                                                     "'p1 f'")))
    assert hand.currency == "¤" and hand.stakes == Stakes(sb=100, bb=200)
    assert hand.actions[2].amount == 250
    (whole,) = list(read_text(HEADS_UP.format(actions="'d dh p1 ??????????', 'd dh p2 ??????????', 'p2 cbr 4.0', "
                                                      "'p1 f'")))
    assert whole.currency == "" and whole.actions[2].amount == 4


def test_fractional_amounts_without_a_currency_are_cents() -> None:
    text = HEADS_UP.replace("[1, 2]", "[0.25, 0.5]").replace("min_bet = 2", "min_bet = 0.5")
    (hand,) = list(read_text(text.format(actions="'d dh p1 ??????????', 'd dh p2 ??????????', 'p2 cbr 1.5', 'p1 f'")))
    assert hand.currency == "¤" and hand.stakes == Stakes(sb=25, bb=50)
    assert hand.seats[0].stack == 10000 and hand.actions[2].amount == 150


def test_claim_findings_name_the_line_of_their_field() -> None:
    """A wrong claim read from ``_drawdealer_claims`` or ``finishing_stacks`` is reported at that line."""
    from drawdealer.engine.replay import replay

    text = (FIXTURES / "td_pl_extension.phh").read_text(encoding="utf-8")
    text = text.replace("total_pot = 3.75", "total_pot = 3.85")
    (hand,) = list(read_text(text))
    (finding,) = [f for f in replay(hand).findings if f.code == "POT_AMOUNT_WRONG"]
    assert finding.line == 28
    text = (FIXTURES / "td_fl.phh").read_text(encoding="utf-8").replace("[990, 930, 1080]", "[990, 931, 1080]")
    (hand,) = list(read_text(text))
    (finding,) = [f for f in replay(hand).findings if f.code == "STACK_ARITHMETIC"]
    assert finding.line == 43
