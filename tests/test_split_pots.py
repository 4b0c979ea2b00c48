"""Split pots (RULES.md §17): side pots first (§9.4), then each pot halved between the low hand and
the Badugi; the odd chip of a pot that cannot be halved to the Badugi half (``SPLIT_ODD_CHIP_TO``);
ties split within a half (§9.6). Played through the engine and checked by replay."""

from __future__ import annotations

import pytest
from engine_dsl import record

from drawdealer.engine.options import Options
from drawdealer.engine.replay import replay
from drawdealer.engine.splitpot import halves
from drawdealer.engine.state import HandState
from drawdealer.engine.variants import get_game


def test_halves() -> None:
    assert halves(10) == (5, 5)
    assert halves(11) == (5, 6)                           # the odd chip to the Badugi half
    assert halves(11, odd_chip_to_badugi=False) == (6, 5)
    assert halves(3, unit=2) == (2, 1) or halves(3, unit=2) == (0, 3)
    assert halves(30, unit=25) == (0, 30)                 # not a whole unit each: all of it rides as the odd unit


PLAYERS = ["A=1", "B=100", "C=100"]
DEAL = ["A deal 7s5d4c3h2s", "B deal As2d3c4hKs", "C deal 8c6c5s4d3d"]
PATS = ["A pat", "B pat", "C pat"]
CHECKS = ["B check", "C check"]
# A is all-in for his small blind: main pot 3 (A, B, C), side pot 2 (B, C).
ACTIONS = (["A sb 1 allin", "B bb 2", *DEAL, "C call 2", "B check"]
           + PATS + CHECKS + PATS + CHECKS + PATS + CHECKS
           + ["A show 7s5d4c3h2s", "B show As2d3c4hKs", "C show 8c6c5s4d3d"])  # no bet last: from the left (§9.1)


def play(options=None, claims=None):
    rec = record(game="BADEUCEY-FL", players=PLAYERS, button="C", actions=ACTIONS, options=options,
                 claims_data=claims)
    state = HandState(get_game("BADEUCEY-FL"), seats=rec.seats, button="C", stakes=rec.stakes,
                      options=Options.from_mapping(options or {}))
    findings = [f for a in rec.actions for f in state.apply(a)]
    return rec, state, findings


def test_badeucey_side_pot_and_odd_chip() -> None:
    """Main pot 3: A's 7-5-4-3-2 takes the low half (1), B's 4-3-2-A badugi the Badugi half with the
    odd chip (2). Side pot 2 (A not eligible): C's 8-6-5-4-3 beats B's ace-high low (1), B's badugi
    beats C's three-card hand (1)."""
    _, state, findings = play()
    assert findings == []
    s = state.settle()
    assert [(p.amount, p.eligible) for p in s.pots] == [(3, ("A", "B", "C")), (2, ("B", "C"))]
    assert [(a.index, a.amount, a.winners, a.shares) for a in s.awards] == [
        (0, 1, ("A",), {"A": 1}), (0, 2, ("B",), {"B": 2}),
        (1, 1, ("C",), {"C": 1}), (1, 1, ("B",), {"B": 1}),
    ]
    assert s.awards[0].reason.startswith("2-7 half: A's 7-5-4-3-2 beats")
    assert s.awards[1].reason.startswith("Badugi half: B's 4-3-2-A badugi beats")
    assert s.collected == {"A": 1, "B": 3, "C": 1}
    assert s.final_stacks == {"A": 1, "B": 101, "C": 99}


def test_odd_chip_to_the_low_half_by_option() -> None:
    _, state, _ = play({"SPLIT_ODD_CHIP_TO": "LOW"})
    s = state.settle()
    assert [(a.index, a.shares) for a in s.awards][:2] == [(0, {"A": 2}), (0, {"B": 1})]


@pytest.mark.parametrize(("collected", "codes"), [
    (["A=1@0", "B=2@0", "C=1@1", "B=1@1"], []),
    (["B=3@0", "C=1@1", "B=1@1"], ["WINNER_WRONG"]),             # the whole main pot to B: A won the low half
    (["A=2@0", "B=1@0", "C=1@1", "B=1@1"], ["SPLIT_WRONG"]),    # the odd chip to the wrong half
])
def test_replay_checks_both_halves(collected, codes) -> None:
    rec, _, _ = play(claims={"collected": collected})
    found = [f.code for f in replay(rec).findings]
    assert [c for c in found if c in ("WINNER_WRONG", "SPLIT_WRONG")] == codes, found


def test_a_tie_splits_one_half() -> None:
    """§9.6 within a half: C's A-2-3-4 of four suits ties B's badugi; they share the main pot's Badugi half."""
    actions = [a.replace("8c6c5s4d3d", "Ah2c3s4dQd") for a in ACTIONS]
    rec = record(game="BADEUCEY-FL", players=PLAYERS, button="C", actions=actions)
    state = HandState(get_game("BADEUCEY-FL"), seats=rec.seats, button="C", stakes=rec.stakes,
                      options=Options.from_mapping({}))
    assert [f for a in rec.actions for f in state.apply(a)] == []
    s = state.settle()
    badugi_main = s.awards[1]
    assert badugi_main.winners == ("B", "C") and badugi_main.shares == {"B": 1, "C": 1}
