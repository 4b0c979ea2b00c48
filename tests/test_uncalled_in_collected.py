"""``Claims.uncalled_in_collected`` (issue 19: Winamax prints no uncalled bet, the bettor "collects"
his own chips; Merge too): ``replay.restated_claims`` takes the chips the replay returns (RULES.md
§7.1) out of the collected lines (the bettor's highest pot first), the summary totals and the total
pot; the claims are then checked as PokerStars' are."""

from __future__ import annotations

from engine_dsl import record

from drawdealer.engine.frozen import replace
from drawdealer.engine.record import PotClaim
from drawdealer.engine.replay import replay

PLAY = ["A sb 1", "B bb 2", "C raise 6", "A fold", "B call 4", "B draw 1", "C draw 0", "B check", "C bet 8", "B fold"]


def hand(collected: list[tuple[str, int, int]], *, total: int, flag: bool = True):
    r = record(game="27TD-NL", players=["A=100", "B=100", "C=100"], button="C", actions=PLAY,
               claims_data={"total_pot": total, "rake": 0})
    claims = replace(r.claims, uncalled_in_collected=flag, uncalled_printed=not flag,
                     collected=tuple(PotClaim(player=p, amount=a, pot_index=i, line=20) for p, a, i in collected),
                     summary_collected=tuple((p, a, 21) for p, a, _ in collected))
    return replace(r, claims=claims)


def test_the_bettor_collects_the_pot_and_his_chips_nobody_called() -> None:
    """13 in the pot (1 + 6 + 6) and C's 8 nobody called: 'C collected 21 from pot', 'Total pot 21'."""
    result = replay(hand([("C", 21, 0)], total=21))
    assert result.findings == () and result.settlement.returned == {"C": 8}


def test_read_as_pokerstars_claims_the_same_lines_are_wrong() -> None:
    codes = [f.code for f in replay(hand([("C", 21, 0)], total=21, flag=False)).findings]
    assert codes == ["UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG", "RAKE_MISMATCH", "COLLECTED_AMOUNT_WRONG"]


def test_a_side_pot_of_his_own_chips_alone() -> None:
    result = replay(hand([("C", 13, 0), ("C", 8, 1)], total=21))
    assert result.findings == ()


def test_collecting_less_than_his_chips_leaves_him_nothing_of_the_pot() -> None:
    """The log gives C 5 in all, less than the 8 returned to him: none of the 13 pot (§7.1, §9.4)."""
    findings = replay(hand([("C", 5, 0)], total=5)).findings
    assert [(f.code, f.expected, f.actual) for f in findings] == [("POT_AMOUNT_WRONG", 13, 0),
                                                                 ("COLLECTED_AMOUNT_WRONG", 13, 0)]
