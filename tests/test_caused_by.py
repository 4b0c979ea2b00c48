"""One fault, one root cause (RULES.md §11.1, issue 14 defect 3).

After a flagged action the replay carries on with the *recorded* action and amount, so a wrong call
does not turn into wrong pots, collected amounts and stacks; the findings that still follow from an
earlier one carry ``caused_by`` (the index of their root cause in the hand's list, ``engine.causes``),
in the JSON too, and the human report leads with the root causes, each consequence under its cause.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given

from drawdealer.cli.validate_core import root_first
from drawdealer.engine.causes import link_causes
from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import replace
from drawdealer.engine.replay import replay
from drawdealer.parsers import read_text
from test_engine_one_path import SETTINGS, hands, make
from validate_support import FIXTURES, mutant, validate_json

HANDS = Path(__file__).parent / "hands"


def test_a_short_call_is_one_finding() -> None:
    """Hero calls $0.10 where the call is $0.15, and the log's pot, collected amount and summary add up
    with the $0.10 he put in: the replay takes the $0.10 (he has called), so the pot, the rake and his
    winnings agree with the log. It used to charge $0.15: POT_AMOUNT_WRONG, RAKE_MISMATCH and
    COLLECTED_AMOUNT_WRONG followed."""
    code, (hand,), _, _ = validate_json(FIXTURES / "findings" / "CALL_AMOUNT_MISMATCH.txt")
    assert code == 1
    assert [(f["code"], f["caused_by"]) for f in hand["findings"]] == [("CALL_AMOUNT_MISMATCH", None)]


def test_a_short_call_leaves_no_uncalled_chips_and_no_side_pot() -> None:
    """He has called: the $0.05 he did not put in is nobody's uncalled bet, and the pot is one pot."""
    (record,) = list(read_text((FIXTURES / "findings" / "CALL_AMOUNT_MISMATCH.txt").read_text(encoding="utf-8")))
    settlement = replay(record).settlement
    assert settlement.returned == {}
    assert [p.amount for p in settlement.pots] == [205]


def test_short_calls_whose_matched_chips_span_two_pots_leave_no_negative_pot() -> None:
    """Found by the hypothesis test below (ITA, seed 3446): P1 and P3 each call 40 short, so their chips
    (1989) stop below P4's all-in (2000) while the betting matched them at 2029. The chips they left
    out span the main pot (1989..2000) and the side pot (2000..2029): each pot loses only its part of
    them, so the 58-chip side pot empties and is no pot, and the main pot holds every chip put in
    (RULES.md §9.4, §11.1). It used to take all 80 from the side pot: a pot of -22 and a traceback."""
    (record,) = list(read_text((HANDS / "short_calls_span_two_pots.phh").read_text(encoding="utf-8")))
    settlement = replay(record).settlement
    assert [(p.amount, p.eligible) for p in settlement.pots] == [(7361, ("P1", "P3", "P4"))]
    left_behind = sum(settlement.final_stacks.values()) - sum(settlement.collected.values())
    assert settlement.pots[0].amount == sum(s.stack for s in record.seats) - left_behind  # every chip put in
    code, (hand,), _, stderr = validate_json(HANDS / "short_calls_span_two_pots.phh")
    assert code == 1 and stderr == ""
    assert [f["code"] for f in hand["findings"] if f["caused_by"] is None].count("CALL_AMOUNT_MISMATCH") == 5


def test_a_short_call_above_the_others_returns_no_chips_it_never_put_in() -> None:
    """Found by test_xml_robustness: a Boss hand whose stakes say a big blind of 200 while the log
    posts 2. Hero's raise to 4 stays under the 200 bet; Bob's call of 2 is short of the 18 he owes,
    so the betting matches him at 20 while he put in 4. The excess over Hero's 4 is uncalled, but the
    16 his short call left out never came in: only real chips go back (RULES.md §7.1, §11.1). It used
    to return all 16: a pot of -700 and a traceback."""
    text = (FIXTURES / "boss" / "ACTION_AFTER_ROUND_CLOSED.xml").read_text(encoding="utf-8")
    (record,) = list(read_text(text.replace('STAKES="2.00/4.00"', 'STAKES="200/4.00"')))
    result = replay(record)
    assert all(p.amount >= 0 for p in result.settlement.pots)
    assert sum(result.settlement.final_stacks.values()) + result.settlement.rake == sum(s.stack for s in record.seats)
    assert [f.code for f in result.findings if f.caused_by is None][0] == "BLIND_AMOUNT_WRONG"


def test_json_says_which_finding_each_follows_from(tmp_path) -> None:
    _, (hand,), _, _ = validate_json(FIXTURES / "findings" / "POT_ELIGIBILITY_WRONG.txt")
    assert [(f["code"], f["caused_by"]) for f in hand["findings"]] == [
        ("POT_ELIGIBILITY_WRONG", None), ("WINNER_WRONG", 0), ("COLLECTED_AMOUNT_WRONG", 0),
        ("COLLECTED_AMOUNT_WRONG", 0)]
    # a second, unrelated fault earlier in the hand is a root cause of its own: the log's pots and
    # collected amounts count the 100 Player3's call left out, they follow from it
    path = mutant(tmp_path, "findings/POT_ELIGIBILITY_WRONG.txt", "Player3: calls 600", "Player3: calls 500")
    _, (hand,), _, _ = validate_json(path)
    found = hand["findings"]
    assert [f["code"] for f in found if f["caused_by"] is None] == ["CALL_AMOUNT_MISMATCH", "POT_ELIGIBILITY_WRONG"]
    assert {f["code"]: f["caused_by"] for f in found}["WINNER_WRONG"] == 4
    assert {f["caused_by"] for f in found if f["code"] in ("POT_AMOUNT_WRONG", "RAKE_MISMATCH")} == {0}


def test_the_human_report_leads_with_root_causes(tmp_path) -> None:
    from typer.testing import CliRunner

    from drawdealer.cli.app import app

    out = CliRunner().invoke(app, ["validate", str(FIXTURES / "findings" / "POT_ELIGIBILITY_WRONG.txt")],
                             env={"COLUMNS": "300"}).stdout
    lines = [line for line in out.splitlines() if line.lstrip().startswith(("line ", "↳ line "))]
    assert len(lines) == 4
    assert lines[0].startswith("    line 36  error  POT_ELIGIBILITY_WRONG")
    assert all(line.startswith("      ↳ line ") for line in lines[1:4])


def _f(code: str, player: str = "", street: str = "B1") -> Finding:
    return Finding(code=code, message=code, player=player, street=street)


def test_root_first_puts_each_consequence_under_its_cause() -> None:
    found = link_causes([_f("WINNER_WRONG", street="AWARD"), _f("BUTTON_POSITION_INVALID", street="SETUP"),
                         _f("COLLECTED_AMOUNT_WRONG", "A", "AWARD")])
    assert [f.caused_by for f in found] == [None, None, 0]
    assert [(f.code, follows) for f, follows in root_first(found)] == [
        ("WINNER_WRONG", False), ("COLLECTED_AMOUNT_WRONG", True), ("BUTTON_POSITION_INVALID", False)]


def test_a_broken_hand_is_per_player_and_a_draw_line_is_its_own_root() -> None:
    found = link_causes([_f("DRAW_COUNT_MISMATCH", "A", "D1"), _f("DISCARD_NOT_IN_HAND", "B", "D2"),
                         _f("DRAW_COUNT_EXCEEDED", "A", "D2"), _f("SHOWDOWN_HAND_MISMATCH", "A", "SHOWDOWN")])
    assert [f.caused_by for f in found] == [None, None, None, 2]


def test_a_draw_line_that_contradicts_itself_again_is_the_same_slip() -> None:
    """A log's writer that gets one player's draw line wrong gets it wrong on each of his draws (corpus hand
    81631597149): the second count mismatch of his follows from the first; another player's is his own."""
    found = link_causes([_f("DRAW_COUNT_MISMATCH", "A", "D1"), _f("DRAW_COUNT_MISMATCH", "B", "D2"),
                         _f("DRAW_COUNT_MISMATCH", "A", "D2"), _f("DRAW_COUNT_MISMATCH", "A", "D3")])
    assert [f.caused_by for f in found] == [None, None, 0, 0]


def test_a_card_in_two_places_is_one_fault() -> None:
    """A replacement another player holds (RULES.md §8.5) takes it out of the hand tracked for him: that
    player's later discard of it, his showdown and the card found in two hands again follow from it."""
    card = {"card": "7s"}
    found = link_causes([
        Finding(code="DRAW_CARD_UNAVAILABLE", message="", player="A", street="D1",
                details={**card, "reason": "LIVE", "holder": "B"}),
        Finding(code="DISCARD_NOT_IN_HAND", message="", player="B", street="D2", details=card),
        Finding(code="CARD_DUPLICATE", message="", player="B", street="SHOWDOWN", details=card),
        _f("SHOWDOWN_HAND_MISMATCH", "B", "SHOWDOWN"),
        Finding(code="DISCARD_NOT_IN_HAND", message="", player="C", street="D2", details={"card": "8s"})])
    assert [f.caused_by for f in found] == [None, 0, 0, 0, None]


def test_a_card_too_many_is_the_root_of_a_stub_reshuffled_elsewhere() -> None:
    """A draw dealt more cards than were discarded empties the replay's stub earlier than the log's: the
    discards a later stub holds differ (§8.4), until then a discarded card is a fault of its own."""
    found = link_causes([
        Finding(code="DRAW_COUNT_MISMATCH", message="", player="A", street="D1", expected=1, actual=2,
                details={"stub": 0}),
        Finding(code="DRAW_CARD_UNAVAILABLE", message="", player="B", street="D2",
                details={"card": "7s", "reason": "EXCLUDED_DISCARD", "stub": 0}),
        Finding(code="DRAW_CARD_UNAVAILABLE", message="", player="C", street="D3",
                details={"card": "8s", "reason": "ALREADY_DEALT", "stub": 1})])
    assert [f.caused_by for f in found] == [None, None, 0]


def test_a_round_a_check_facing_a_bet_leaves_open_follows_from_it() -> None:
    """The replay waits for the chips the check did not put in; the log goes on to the draw (§7.1)."""
    found = link_causes([_f("CHECK_FACING_BET", "A", "B2"), _f("ROUND_NOT_CLOSED", "B", "B2"),
                         _f("ROUND_NOT_CLOSED", "B", "B3")])
    assert [f.caused_by for f in found] == [None, 0, None]
    # KingsClub: Hero checks facing Ann's 40 and the second draw begins; the log's money is that check's
    _, (hand,), _, _ = validate_json(FIXTURES / "kingsclub" / "CHECK_FACING_BET.txt")
    assert [(f["code"], f["caused_by"]) for f in hand["findings"]][:2] == [("CHECK_FACING_BET", None),
                                                                          ("ROUND_NOT_CLOSED", 0)]
    assert [f["code"] for f in hand["findings"] if f["caused_by"] is None] == ["CHECK_FACING_BET"]


def test_a_call_follows_a_wrong_bet_of_its_own_round_only() -> None:
    found = link_causes([_f("BET_SIZE_FIXED_LIMIT", "A", "B2"), _f("CALL_AMOUNT_MISMATCH", "B", "B2"),
                         _f("CALL_AMOUNT_MISMATCH", "B", "B3")])
    assert [f.caused_by for f in found] == [None, 0, None]


def test_linking_again_after_more_findings_come_first_moves_the_indexes() -> None:
    """``Session`` puts the button check before the hand's own findings and links them again."""
    hand = link_causes([_f("WINNER_WRONG", street="AWARD"), _f("COLLECTED_AMOUNT_WRONG", "A", "AWARD")])
    again = link_causes([_f("BUTTON_POSITION_INVALID", street="SETUP"), *hand])
    assert [f.caused_by for f in again] == [None, None, 1]


@SETTINGS
@given(hands)
def test_every_consequence_points_at_an_earlier_root_cause(h) -> None:
    """Random hands of every game, corrupted in up to three places, their claims as recorded."""
    record, options, actions = make(h)
    findings = replay(replace(record, actions=tuple(actions)), options=options).findings
    for k, f in enumerate(findings):
        if f.caused_by is not None:
            assert 0 <= f.caused_by < k and findings[f.caused_by].caused_by is None


def test_a_clipped_bet_is_the_root_of_the_later_order_of_play() -> None:
    """The replay holds the player all-in after a bet above his stack (§7.1), the log does not: his
    later lines, and the rounds they close or leave open, are out of place in every later round."""
    found = link_causes([_f("BET_EXCEEDS_STACK", "A", "B1"), _f("ACTION_BY_INACTIVE_PLAYER", "A", "B2"),
                         _f("DRAW_OUT_OF_ORDER", "B", "D2"), _f("HAND_SIZE_INVALID", "B", "D3"),
                         _f("SHOW_ORDER", "A", "SHOWDOWN"), _f("STACK_ARITHMETIC", "B", "AWARD")])
    assert [f.caused_by for f in found] == [None, 0, 0, 0, 0, 0]


def test_the_order_of_play_follows_a_derailed_round_only() -> None:
    """A wrong-turn action puts the rest of its round away from the log's (§6.2), including a line
    the replay finds after that round closed; a wrong turn in a later round is a fault of its own."""
    late = Finding(code="ACTION_AFTER_ROUND_CLOSED", message="", player="C", street="D1", details={"round": "B1"})
    found = link_causes([_f("ACTION_OUT_OF_TURN", "A", "B1"), _f("ACTION_OUT_OF_TURN", "B", "B1"),
                         _f("RAISE_SIZE_FIXED_LIMIT", "B", "B1"), late, _f("ACTION_OUT_OF_TURN", "C", "B2")])
    assert [f.caused_by for f in found] == [None, 0, 0, 0, None]


def test_stack_readers_follow_a_wrong_amount_in_any_later_round() -> None:
    """A raise below the minimum is applied as recorded (§11.1): its chips move the stacks of the raiser
    and of those who call it, so who is all-in later (skipped in the order, §6.2) and what an all-in
    raise may be (§7.4) follow from it; a call of another amount follows a wrong bet of its own round only."""
    found = link_causes([_f("RAISE_BELOW_MINIMUM", "A", "B1"), _f("ACTION_OUT_OF_TURN", "B", "B2"),
                         _f("RAISE_BELOW_MINIMUM", "A", "B2"), _f("CALL_AMOUNT_MISMATCH", "C", "B3")])
    assert [f.caused_by for f in found] == [None, 0, 0, None]


def test_a_second_break_of_one_draw_follows_the_first() -> None:
    """Six cards discarded (§6.3) leave a draw whose count cannot match: one fault, one root."""
    found = link_causes([_f("DRAW_COUNT_EXCEEDED", "A", "D1"), _f("DRAW_COUNT_MISMATCH", "A", "D1"),
                         _f("DRAW_COUNT_MISMATCH", "B", "D1"), _f("DRAW_COUNT_EXCEEDED", "A", "D2")])
    assert [f.caused_by for f in found] == [None, 0, None, None]


def test_the_logs_money_follows_a_bet_of_a_wrong_size() -> None:
    """The wrong size is applied as recorded; stacks the log computed from another amount follow from it."""
    found = link_causes([_f("RAISE_SIZE_FIXED_LIMIT", "A", "B1"), _f("STACK_ARITHMETIC", "A", "AWARD"),
                         _f("STACK_ARITHMETIC", "B", "AWARD")])
    assert [f.caused_by for f in found] == [None, 0, 0]
