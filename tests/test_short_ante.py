"""A player all-in for less than the forced bets (RULES.md §9.4, issue 14 defect 4).

§9.4 step 2 counts every chip committed, antes included: a player all-in for 1 on a 25 ante wins
at most 1 from each opponent; the rest of an opponent's forced bets above that level is returned
(step 1: nobody else matched it) or forms a side pot (others did). The uncalled return of §7.1
therefore compares whole-hand totals, antes included; equal antes never leave an excess.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, strategies as st

from drawdealer.engine.replay import replay
from drawdealer.parsers import read_hands
from drawdealer.validate import validate
from engine_dsl import record

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "pokerstars" / "short_ante.txt"
ANTES = dict(game="27TD-NL", stakes={"sb": 50, "bb": 100, "ante": 25}, options={"FORCED_BETS": "BLINDS_AND_ANTES"})


def test_pokerstars_logs_it_and_drawdealer_agrees() -> None:
    """Heads-up, the button all-in on an ante of 1: the big blind's other 124 come back ('Uncalled bet
    (124)'), the pot is 2. Four-handed: main pot 4 (1 from each), the rest a side pot of 672."""
    assert [(r.hand_id, r.findings) for r in validate([FIXTURE])] == [("200000000021", ()), ("200000000022", ())]
    heads_up, four = (replay(h) for h in read_hands(FIXTURE))
    assert heads_up.settlement.returned == {"Player3": 124}
    assert [(p.amount, p.eligible) for p in heads_up.settlement.pots] == [(2, ("Player1", "Player3"))]
    assert [p.amount for p in four.settlement.pots] == [4, 672]


def test_the_rest_of_the_forced_bets_forms_a_side_pot_when_two_are_above() -> None:
    """A antes 1 all-in; B (SB) and C (BB) both stay: main 3 from A, B and C, the rest a side pot."""
    hand = record(**ANTES, players=["A=1", "B=1000", "C=1000"], button="A",
                  actions=["A ante 1 allin", "B ante 25", "C ante 25", "B sb 50", "C bb 100", "B call 50", "C check",
                           "B pat", "C pat", "A pat", "B check", "C check", "B pat", "C pat", "A pat", "B check",
                           "C check", "B pat", "C pat", "A pat", "B check", "C check", "B show 8d6c5h4d2s",
                           "C show 9h7s5c4s3h", "A show 7h6d4c3c2h"])
    result = replay(hand)
    assert result.clean
    assert [(p.amount, p.eligible) for p in result.settlement.pots] == [(3, ("A", "B", "C")), (248, ("B", "C"))]
    assert result.settlement.collected == {"A": 3, "B": 248}
    assert result.settlement.returned == {}


def test_the_rest_is_returned_when_the_others_fold() -> None:
    """A antes 1 all-in, C antes 5 all-in, B antes and posts the big blind alone: B's excess over C's 5
    (120) is uncalled; main 3 (A, B, C), side 8 (B, C): A can win 1 from each, C 5 from B."""
    hand = record(**ANTES, players=["A=1", "B=1000", "C=5"], button="C",
                  actions=["C ante 5 allin", "A ante 1 allin", "B ante 25", "B bb 100"])
    state = replay(hand).state
    assert state.start() == []  # the deal: B1 has nobody to act, it closes at once
    assert state.returned == [0, 120, 0]
    assert [(p.amount, p.eligible) for p in state.pots()] == [(3, ("A", "B", "C")), (8, ("B", "C"))]


@given(short=st.integers(min_value=1, max_value=24), ante=st.integers(min_value=25, max_value=60),
       bb=st.integers(min_value=2, max_value=200))
def test_an_all_in_ante_wins_at_most_what_he_put_in_from_each_opponent(short: int, ante: int, bb: int) -> None:
    """Heads-up, the button all-in for ``short`` < ante: the pot he can win is 2 × short and the big
    blind gets back everything above it (RULES.md §9.4 steps 1-2); chips are conserved."""
    hand = record(game="27TD-NL", stakes={"sb": bb // 2 or 1, "bb": bb, "ante": ante},
                  options={"FORCED_BETS": "BLINDS_AND_ANTES"}, players=[f"A={short}", "B=10000"], button="A",
                  actions=[f"A ante {short} allin", f"B ante {ante}", f"B bb {bb}"])
    state = replay(hand).state
    assert state.start() == []
    assert [p.amount for p in state.pots()] == [2 * short]
    assert state.returned == [0, ante + bb - short]
    assert state.stack[1] + sum(p.amount for p in state.pots()) == 10000 + short
