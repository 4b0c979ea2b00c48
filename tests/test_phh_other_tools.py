"""PHH as other tools write it, and amounts as written (issue 14, defects 1 and 6).

Defect 1: the reader clipped every ``cbr`` to the player's stack, so ``p1 cbr 80`` with 50 behind
replayed as a legal all-in. A commitment above the stack is ``BET_EXCEEDS_STACK`` (RULES.md §11.3),
in PHH and PokerStars alike, in every structure.

Defect 6: the PHH spec lets a dealer deal hole cards one card per action and replacement cards over
several actions (pokerkit's ``HandHistory.from_game_state(compression_status=False)`` writes them so);
pokerkit's draw is declare-all-then-deal (every player discards, then the dealer serves), so another
tool's PHH whose draws are all declared before any card is dealt is read with ``DRAW_DEAL_MODE =
DECLARE_ALL_THEN_DEAL`` (RULES.md §6.3).
"""

from __future__ import annotations

import pytest

from drawdealer.engine.record import ActionKind, HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import read_text
from drawdealer.parsers.phh import parse_hand
from validate_support import FIXTURES

FL = """variant = 'F2L3D'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [{stacks}]
actions = [{actions}]
"""
NL = """variant = 'N2L1D'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{stacks}]
actions = [{actions}]
"""
PL = NL.replace("'N2L1D'", "'P2L3D'\n_drawdealer_game = '27TD-PL'")
DEAL = "'d dh p1 7s5h4d3c2s', 'd dh p2 9h8d6c4s3h', 'd dh p3 KsQdJc9s8h', "


def read(text: str) -> HandRecord:
    record = parse_hand(text.splitlines())
    assert isinstance(record, HandRecord), record
    return record


def codes(text: str) -> list[str]:
    return [f.code for f in replay(read(text)).findings]


@pytest.mark.parametrize("template, actions, stacks", [
    # no limit: p3 raises to 80 with 50 in chips (defect 1's example)
    (NL, "'p3 cbr 80'", "200, 200, 50"),
    # pot limit: the pot-limit maximum (7) is above the stack of 5
    (PL, "'p3 cbr 7'", "200, 200, 5"),
    # fixed limit: the right size (4) but only 3 in chips
    (FL, "'p3 cbr 4'", "200, 200, 3"),
])
def test_a_raise_above_the_stack_is_bet_exceeds_stack(template: str, actions: str, stacks: str) -> None:
    """Before the fix the raise was clipped to the stack and replayed as a legal all-in."""
    record = read(template.format(stacks=stacks, actions=DEAL + actions))
    raise_ = [a for a in record.actions if a.kind is ActionKind.RAISE][0]
    assert raise_.amount == int(actions.split()[-1].strip("'"))  # as written
    found = [f for f in replay(record).findings if f.code == "BET_EXCEEDS_STACK"]
    assert len(found) == 1 and found[0].player == "p3"
    assert found[0].expected == int(stacks.split(", ")[-1])


def test_a_bet_above_the_stack_after_the_draw_is_bet_exceeds_stack() -> None:
    text = FL.format(stacks="200, 200, 200", actions=DEAL + "'p3 cc', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', "
                     "'p3 sd', 'p1 cbr 300'")
    assert codes(text)[0] == "BET_EXCEEDS_STACK"


def test_an_all_in_raise_for_the_whole_stack_stays_clean() -> None:
    """The other side: a raise to exactly the stack is an all-in, no finding."""
    assert codes(NL.format(stacks="200, 200, 50", actions=DEAL + "'p3 cbr 50', 'p1 f', 'p2 f'")) == []


def test_pokerstars_raise_above_the_stack_is_bet_exceeds_stack() -> None:
    text = (FIXTURES / "pokerstars" / "sd_nl_cash.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    text = text.replace("Hero: raises $3 to $4.50", "Hero: raises $20.50 to $21 and is all-in")
    hand = next(iter(read_text(text, "sd_nl_cash.txt")))
    first = replay(hand).findings[0]
    assert (first.code, first.player, first.expected) == ("BET_EXCEEDS_STACK", "Hero", 1975)


ONE_CARD = ("'d dh p1 7s', 'd dh p2 9h', 'd dh p3 Ks', 'd dh p1 5h', 'd dh p2 8d', 'd dh p3 Qd', "
            "'d dh p1 4d', 'd dh p2 6c', 'd dh p3 Jc', 'd dh p1 3c', 'd dh p2 4s', 'd dh p3 9s', "
            "'d dh p1 2s', 'd dh p2 3h', 'd dh p3 8h', ")


def test_hole_cards_one_card_per_action() -> None:
    """Before the fix: PARSE_ERROR 'cards dealt to p1 outside a draw' on the second card."""
    text = FL.format(stacks="200, 200, 200", actions=ONE_CARD + "'p3 f', 'p1 f'")
    one = read(text)
    whole = read(FL.format(stacks="200, 200, 200", actions=DEAL + "'p3 f', 'p1 f'"))
    assert [(a.kind, a.player, a.cards) for a in one.actions] == [(a.kind, a.player, a.cards) for a in whole.actions]
    assert replay(one).findings == ()


def test_a_sixth_card_before_the_draw_is_still_refused() -> None:
    record = parse_hand(FL.format(stacks="200, 200, 200", actions=DEAL + "'d dh p1 Ah'").splitlines())
    assert not isinstance(record, HandRecord) and "outside a draw" in record.message


DRAW = DEAL + "'p3 cc', 'p1 cc', 'p2 cc', "


def test_replacement_cards_over_several_actions() -> None:
    """``p1 sd 7s5h`` then ``d dh p1 Ah`` and ``d dh p1 Kh``: one draw of two cards."""
    text = FL.format(stacks="200, 200, 200", actions=DRAW + "'p1 sd 7s5h', 'd dh p1 Ah', 'd dh p1 Kh', "
                     "'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc', 'p3 cc'")
    draw = [a for a in read(text).actions if a.kind is ActionKind.DRAW][0]
    assert (draw.count, len(draw.received or ()), draw.received_count) == (2, 2, 2)
    assert codes(text) == []


def test_one_card_too_many_over_several_actions_is_draw_count_mismatch() -> None:
    """k discarded, k + 1 received in parts: the engine judges it (RULES.md §6.3), no parse error."""
    text = FL.format(stacks="200, 200, 200", actions=DRAW + "'p1 sd 7s', 'd dh p1 Ah', 'd dh p1 Kh', "
                     "'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc', 'p3 cc'")
    assert "DRAW_COUNT_MISMATCH" in codes(text)


DECLARED_FIRST = DRAW + "'p1 sd 7s', 'p2 sd 9h', 'p3 sd KsQd', 'd dh p1 Ah', 'd dh p2 Ac', 'd dh p3 AdKh', "


def test_draws_declared_before_any_deal_are_read_declare_all_then_deal() -> None:
    """p1 is served after p2 and p3 declared: every player discards before the dealer serves, as
    pokerkit deals. Before the fix the hand was read in SEQUENTIAL mode, where after a reshuffle
    a later player's discard dealt to an earlier one is DRAW_CARD_UNAVAILABLE (LIVE)."""
    record = read(FL.format(stacks="200, 200, 200", actions=DECLARED_FIRST + "'p1 cc', 'p2 cc', 'p3 cc'"))
    assert record.options.get("DRAW_DEAL_MODE") == "DECLARE_ALL_THEN_DEAL"
    assert replay(record).findings == ()


def test_a_history_dealt_in_turn_stays_sequential() -> None:
    text = FL.format(stacks="200, 200, 200", actions=DRAW + "'p1 sd 7s', 'd dh p1 Ah', 'p2 sd 9h', 'd dh p2 Ac', "
                     "'p3 sd', 'p1 cc', 'p2 cc', 'p3 cc'")
    assert "DRAW_DEAL_MODE" not in read(text).options


def test_drawdealer_phh_keeps_the_mode_its_options_state() -> None:
    """drawdealer's writer lists discards before deals too, and writes the hand's options: not overridden."""
    text = FL.format(stacks="200, 200, 200", actions=DECLARED_FIRST + "'p1 cc', 'p2 cc', 'p3 cc'")
    assert "DRAW_DEAL_MODE" not in read(text + "_drawdealer_options = {}\n").options
