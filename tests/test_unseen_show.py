"""A hand shown whose cards the log does not print (issue 19: OnGame's summary prints the shown
hands of some players and not of others, the winner's included): it keeps its claim, unknown, and
the pot it contests cannot be awarded from the cards (RULES.md §9.2); the log's collected lines
then stand, and the final stacks are checked against them (§9.4)."""

from __future__ import annotations

from engine_dsl import action, record

from drawdealer.engine.frozen import replace
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.replay import replay

PLAY = ["A sb 1", "B bb 2", "C call 2", "A call 1", "B check",
        "A draw 1", "B draw 2", "C draw 1", "A check", "B check", "C check"]


def hand(shows: list[Action], collected: str):
    r = record(game="5CD-FL", players=["A=100", "B=100", "C=100"], button="C", actions=PLAY,
               stakes={"sb": 1, "bb": 2, "small_bet": 2, "big_bet": 4},
               claims_data={"collected": [collected], "total_pot": 6, "rake": 0})
    return replace(r, actions=r.actions + tuple(shows))


UNSEEN = Action(kind=ActionKind.SHOW, player="A", count=5)  # A shows first (checked through, §9.1)


def test_a_winner_whose_cards_are_not_printed_is_not_called_wrong() -> None:
    shows = [UNSEEN, action("B show AsAdKcKd2h"), action("C muck")]
    result = replay(hand(shows, "A=6@0"))
    assert [f.code for f in result.findings] == []
    (award,) = result.settlement.awards
    assert award.winners == () and "A showed cards the log does not print" in award.reason
    assert not result.settlement.determined


def test_a_shown_hand_still_beats_a_mucked_one() -> None:
    """The unseen hand only undoes the pots it contests: with A mucking, B's shown hand wins."""
    shows = [action("A muck"), action("B show AsAdKcKd2h"), action("C muck")]
    result = replay(hand(shows, "A=6@0"))
    assert "WINNER_WRONG" in [f.code for f in result.findings]
    assert result.settlement.awards[0].winners == ("B",)
