"""What the dealer reads off a hand in progress: each player, the bet to match, the pots on the
table, who shows first and why, the opener who owes his openers (RULES.md §7.1, §9.1, §9.4, §10.2)."""

from __future__ import annotations

from drawdealer.engine.options import Options
from drawdealer.engine.record import Stakes
from drawdealer.engine.state import HandState
from drawdealer.engine.variants import get_game
from tests.engine_dsl import action


def hand(game: str, players: list[tuple[str, int]], button: str, actions: list[str], **options) -> HandState:
    stakes = Stakes(sb=1, bb=2, small_bet=2, big_bet=4) if game != "ITA" else Stakes(invito=10, chip=1)
    state = HandState.new(get_game(game), players=players, button=button, stakes=stakes,
                          options=Options.from_mapping(options))
    for text in actions:
        assert [f.code for f in state.apply(action(text)) if f.is_error] == [], text
    return state


def test_player_views_follow_the_chips():
    state = hand("27TD-NL", [("A", 100), ("B", 100), ("C", 30)], "A", ["B sb 1", "C bb 2", "A raise 10", "B fold"])
    a, b, c = state.player("A"), state.player("B"), state.player("C")
    assert (a.stack, a.bet, a.committed, a.folded) == (90, 10, 10, False)
    assert b.folded and b.committed == 1 and not b.all_in
    assert (c.stack, c.bet) == (28, 2)
    assert state.high_bet == 10
    assert state.player("Z") is None
    state.apply(action("C raise 30 allin"))
    assert state.player("C").all_in and state.high_bet == 30


def test_pots_now_hold_the_closed_rounds_and_split_when_the_all_in_round_closes():
    """RULES.md §9.4 on the closed rounds: the bets of B1 stay in front of the players while B1 is
    under way (no pot yet, no side pot while A and B may still act); when it closes, C's all-in for
    30 makes the main pot (30 from each) and A and B's 30 more each a side pot they alone can win."""
    state = hand("27TD-NL", [("A", 100), ("B", 100), ("C", 30)], "A", ["B sb 1", "C bb 2", "A raise 10"])
    assert [(p.amount, p.eligible) for p in state.pots_now()] == [(0, ("A", "B", "C"))]
    assert state.bets() == {"A": 10, "B": 1, "C": 2}
    state.apply(action("B call 9"))
    state.apply(action("C raise 30 allin"))
    state.apply(action("A raise 60"))
    assert [p.amount for p in state.pots_now()] == [0]  # C is all-in, but B may still act: no side pot
    state.apply(action("B call 50"))  # B1 closes: the draw begins
    assert state.street == "D1"
    assert [(p.amount, p.eligible) for p in state.pots_now()] == [(90, ("A", "B", "C")), (60, ("A", "B"))]
    assert sum(p.amount for p in state.pots_now()) == state.pot


def test_show_first_reason_names_each_case_of_9_1():
    checked = ["B sb 1", "C bb 2", "A call 2", "B call 1", "C check"] + [
        "B pat", "C pat", "A pat", "B check", "C check", "A check"] * 3
    state = hand("27TD-FL", [("A", 100), ("B", 100), ("C", 100)], "A", checked)
    assert state.phase_name == "SHOWDOWN"
    assert state.actor == "B" and "left of the button" in state.show_first_reason()
    state = hand("27TD-FL", [("A", 100), ("B", 100), ("C", 100)], "A", checked,
                 SHOWDOWN_NO_BET_FIRST="RIGHT_OF_BUTTON")
    assert state.actor == "A" and "right of the button" in state.show_first_reason()
    bet = checked[:-2] + ["C bet 4", "A call 4", "B call 4"]
    state = hand("27TD-FL", [("A", 100), ("B", 100), ("C", 100)], "A", bet)
    assert state.actor == "C" and state.show_first_reason() == "last aggressor"


def test_openers_due_names_the_italian_opener_until_he_shows():
    players = [("A", 100), ("B", 100), ("C", 100), ("D", 100)]
    opened = ["D invito 10", "A bet 10", "B fold", "C fold", "D fold"]
    state = hand("ITA", players, "D", opened)
    assert state.is_complete and state.openers_due() == "A"
    assert not state.is_over  # played to its end, but not over until the opener shows (§9.2, §10.2)
    state.apply(action("A show JhJd9c8s7h"))
    assert state.openers_due() is None and state.is_over
