"""Pots, uncalled chips, rake, splits and odd chips (RULES.md §7.1, §9.4-§9.6, §12.3)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import parse_hand
from drawdealer.engine.pots import (
    Pot,
    award_pots,
    build_pots,
    collected,
    expected_rake,
    split_pot,
    take_rake,
    uncalled_excess,
)


class ScoreRanking:
    """A stand-in ranking for the pot logic: a hand is ``(score,)``, the highest score wins."""

    name = "score"

    def strength(self, cards: Sequence[int]) -> int:
        return cards[0]

    def compare(self, a: Sequence[int], b: Sequence[int]) -> int:
        return a[0] - b[0]

    def category(self, cards: Sequence[int]) -> str:
        return "score"

    def winners(self, hands: Sequence[Sequence[int]]) -> list[int]:
        best = max(h[0] for h in hands)
        return [i for i, h in enumerate(hands) if h[0] == best]

    def describe(self, cards: Sequence[int]) -> str:
        return f"score {cards[0]}"

    def explain(self, a: Sequence[int], b: Sequence[int], name_a: str, name_b: str) -> str:
        verb = "ties" if a[0] == b[0] else "beats"
        return f"{name_a}'s score {a[0]} {verb} {name_b}'s score {b[0]}."


SCORE = ScoreRanking()


def return_uncalled(committed: dict[str, int]) -> tuple[dict[str, int], tuple[str, int] | None]:
    """``committed`` after the uncalled return of :func:`uncalled_excess`, and that return by name."""
    after = dict(committed)
    excess = uncalled_excess(list(committed.values()))
    if excess is None:
        return after, None
    player = list(committed)[excess[0]]
    after[player] -= excess[1]
    return after, (player, excess[1])


def pots_of(committed: dict[str, int], active: set[str]) -> tuple[list[Pot], tuple[str, int] | None]:
    after, excess = return_uncalled(committed)
    return build_pots(after, active), excess


# --- §12.3 worked examples ------------------------------------------------------------------------

def test_sp1_uncalled_returned_main_and_side() -> None:
    """SP-1: A all-in 50, B all-in 120, C bet 200: 80 back to C, main 150 (A,B,C), side 140 (B,C)."""
    pots, excess = pots_of({"A": 50, "B": 120, "C": 200}, {"A", "B", "C"})
    assert excess == ("C", 80)
    assert pots == [Pot(amount=150, eligible=("A", "B", "C")), Pot(amount=140, eligible=("B", "C"))]
    hands = {"A": (9,), "B": (5,), "C": (1,)}  # A best, B beats C
    awards = award_pots(pots, hands, SCORE, ["A", "B", "C"])
    assert [a.shares for a in awards] == [{"A": 150}, {"B": 140}]
    assert collected(awards) == {"A": 150, "B": 140}


def test_sp2_folded_chips_are_dead_money() -> None:
    """SP-2: A all-in 30, D folded after 60, B and C 100: main 120 (A,B,C), side 170 (B,C)."""
    pots, excess = pots_of({"A": 30, "B": 100, "C": 100, "D": 60}, {"A", "B", "C"})
    assert excess is None
    assert pots == [Pot(amount=120, eligible=("A", "B", "C")), Pot(amount=170, eligible=("B", "C"))]


def test_sp3_side_pot_split_with_odd_chip() -> None:
    """SP-3: E (SB) folded 10, A all-in 25, B C D 80: main 110 (A-D), side 165 (B,C,D); B/C tie."""
    pots, excess = pots_of({"A": 25, "B": 80, "C": 80, "D": 80, "E": 10}, {"A", "B", "C", "D"})
    assert excess is None
    assert pots == [Pot(amount=110, eligible=("A", "B", "C", "D")), Pot(amount=165, eligible=("B", "C", "D"))]
    hands = {"A": (1,), "B": (7,), "C": (7,), "D": (3,)}
    # Seats clockwise A B C D E, button D, so E (SB) is first left of the button: E A B C D.
    awards = award_pots(pots, hands, SCORE, ["E", "A", "B", "C", "D"])
    assert awards[1].winners == ("B", "C")
    assert awards[1].shares == {"B": 83, "C": 82}
    assert awards[1].odd_chip_to == "B"
    assert awards[0].shares == {"B": 55, "C": 55} and awards[0].odd_chip_to is None
    # With the button on B the first of B/C clockwise is C.
    awards = award_pots(pots, hands, SCORE, ["C", "D", "E", "A", "B"])
    assert awards[1].winners == ("C", "B") and awards[1].shares == {"C": 83, "B": 82}
    assert awards[1].odd_chip_to == "C"


def test_sp4_folded_at_level_of_all_in() -> None:
    """SP-4: A all-in 40, B folded 40, C all-in 100, D 150: 50 back to D, main 160 (A,C,D), side 120."""
    pots, excess = pots_of({"A": 40, "B": 40, "C": 100, "D": 150}, {"A", "C", "D"})
    assert excess == ("D", 50)
    assert pots == [Pot(amount=160, eligible=("A", "C", "D")), Pot(amount=120, eligible=("C", "D"))]


# --- uncalled chips (§7.1) ------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("committed", "expected"),
    [
        ({"A": 100, "B": 100}, None),                 # called
        ({"A": 100, "B": 100, "C": 40}, None),        # tie at the top
        ({"SB": 1, "BB": 2}, ("BB", 1)),              # walk: the SB folded
        ({"A": 60, "B": 150}, ("B", 90)),             # A folded (or all-in) after 60: still counts
        ({"A": 60, "B": 150, "C": 100}, ("B", 50)),   # the next highest of three
        ({"A": 7}, None),                             # no hand is played alone
        ({}, None),
        ({"A": 0, "B": 0}, None),
    ],
)
def test_uncalled_excess(committed: dict[str, int], expected: tuple[str, int] | None) -> None:
    assert return_uncalled(committed)[1] == expected


def test_negative_commitment_is_rejected() -> None:
    with pytest.raises(ValueError, match="negative"):
        build_pots({"A": -1, "B": 3}, {"B"})


def test_folded_chips_above_the_top_level_join_the_last_pot() -> None:
    """§9.4 step 4: without the uncalled return a folded player's excess goes to the last pot."""
    assert build_pots({"A": 50, "B": 50, "C": 80}, {"A", "B"}) == [Pot(amount=180, eligible=("A", "B"))]


def test_active_player_with_nothing_in_is_eligible_for_nothing() -> None:
    assert build_pots({"A": 0, "B": 10, "C": 10}, {"A", "B", "C"}) == [Pot(amount=20, eligible=("B", "C"))]
    assert build_pots({"A": 0, "B": 5}, {"A"}) == [Pot(amount=5, eligible=("A",))]
    assert build_pots({"A": 0, "B": 0}, set()) == []
    with pytest.raises(ValueError, match="no player is active"):
        build_pots({"A": 5}, set())


# --- splits and odd chips (§9.6) ------------------------------------------------------------------

@pytest.mark.parametrize(
    ("amount", "winners", "unit", "expected"),
    [
        (165, ["B", "C"], 1, {"B": 83, "C": 82}),
        (165, ["C", "B"], 1, {"C": 83, "B": 82}),
        (100, ["X", "Y", "Z"], 1, {"X": 34, "Y": 33, "Z": 33}),
        (101, ["X", "Y", "Z"], 1, {"X": 34, "Y": 34, "Z": 33}),
        (99, ["X", "Y", "Z"], 1, {"X": 33, "Y": 33, "Z": 33}),
        (100, ["X", "Y", "Z"], 5, {"X": 35, "Y": 35, "Z": 30}),
        (2, ["X", "Y", "Z"], 1, {"X": 1, "Y": 1, "Z": 0}),
        (7, ["X", "Y"], 5, {"X": 5, "Y": 2}),                  # a part of a unit rides with the last odd unit
        (40, ["X"], 25, {"X": 40}),
    ],
)
def test_split_pot(amount: int, winners: list[str], unit: int, expected: dict[str, int]) -> None:
    shares = split_pot(amount, winners, unit)
    assert shares == expected
    assert list(shares) == winners


def test_split_pot_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        split_pot(10, [], 1)
    with pytest.raises(ValueError):
        split_pot(10, ["A", "A"], 1)
    with pytest.raises(ValueError):
        split_pot(10, ["A"], 0)
    with pytest.raises(ValueError):
        split_pot(-1, ["A"], 1)


# --- rake (§9.5) ----------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("total", "percent", "cap", "unit", "expected"),
    [
        (100, 0, None, 1, 0),
        (100, 5, None, 1, 5),
        (99, 5, None, 1, 4),          # 4.95 floors to 4
        (100, 5, 3, 1, 3),            # capped
        (190, 5, None, 5, 5),         # 9.5 → one unit of 5
        (190, 5, 4, 5, 4),            # the cap wins even below a unit
        (1000, 0.3, None, 1, 3),      # 0.3 is 3/10, not 0.29999…
        (1000, 2.5, None, 10, 20),
        (0, 10, 5, 1, 0),
    ],
)
def test_expected_rake(total: int, percent: float, cap: int | None, unit: int, expected: int) -> None:
    assert expected_rake(total, percent=percent, cap=cap, unit=unit) == expected


def test_expected_rake_rejects_out_of_domain_options() -> None:
    for kwargs in ({"percent": -1, "cap": None}, {"percent": 101, "cap": None},
                   {"percent": 5, "cap": -1}, {"percent": 5, "cap": None, "unit": 0}):
        with pytest.raises(ValueError):
            expected_rake(100, **kwargs)


def test_take_rake_main_pot_first() -> None:
    pots = [Pot(amount=10, eligible=("A", "B", "C")), Pot(amount=50, eligible=("B", "C"))]
    assert take_rake(pots, 0) == pots
    assert take_rake(pots, 4) == [Pot(amount=6, eligible=("A", "B", "C")), Pot(amount=50, eligible=("B", "C"))]
    assert take_rake(pots, 15) == [Pot(amount=0, eligible=("A", "B", "C")), Pot(amount=45, eligible=("B", "C"))]
    with pytest.raises(ValueError):
        take_rake(pots, 61)


# --- award ----------------------------------------------------------------------------------------

def test_uncontested_pot_needs_no_hand() -> None:
    pots = [Pot(amount=30, eligible=("A",))]
    [award] = award_pots(pots, {}, SCORE, ["A", "B"])
    assert award.winners == ("A",) and award.shares == {"A": 30}
    assert "uncontested" in award.reason


def test_ineligible_hand_is_ignored() -> None:
    """The short all-in player's best hand wins the main pot only."""
    pots = [Pot(amount=90, eligible=("A", "B", "C")), Pot(amount=40, eligible=("B", "C"))]
    hands = {"A": (9,), "B": (2,), "C": (5,)}
    main, side = award_pots(pots, hands, SCORE, ["A", "B", "C"])
    assert main.shares == {"A": 90}
    assert side.shares == {"C": 40}
    assert side.reason == "C's score 5 beats B's score 2"


def test_mucked_hands_have_no_claim() -> None:
    pots = [Pot(amount=60, eligible=("A", "B", "C"))]
    [award] = award_pots(pots, {"B": (1,)}, SCORE, ["A", "B", "C"])
    assert award.shares == {"B": 60}
    assert award.reason == "B wins with score 1, the only eligible hand shown"
    [award] = award_pots(pots, {}, SCORE, ["A", "B", "C"])
    assert award.winners == () and award.shares == {} and "cannot be determined" in award.reason


def test_three_way_tie_reason_and_odd_chip() -> None:
    pots = [Pot(amount=100, eligible=("A", "B", "C", "D"))]
    hands = {"A": (4,), "B": (4,), "C": (4,), "D": (1,)}
    [award] = award_pots(pots, hands, SCORE, ["C", "D", "A", "B"])
    assert award.winners == ("C", "A", "B")
    assert award.shares == {"C": 34, "A": 33, "B": 33}
    assert award.odd_chip_to == "C"
    assert award.reason == "C's score 4 ties A's score 4; C, A, B split the pot; C's score 4 beats D's score 1"


def test_player_missing_from_the_button_order_is_an_error() -> None:
    with pytest.raises(ValueError, match="order from the button"):
        award_pots([Pot(amount=10, eligible=("A", "Z"))], {"A": (1,), "Z": (2,)}, SCORE, ["A"])


# --- real 2-7 ranking (§3, §12.3 SP-3) ------------------------------------------------------------

def test_sp3_with_the_real_lowball27_ranking() -> None:
    """B and C tie with 8-6-4-3-2 in different suits: 82 each, the odd chip to the first clockwise."""
    from drawdealer.engine.ranking import get_ranking

    ranking = get_ranking("27")
    pots, _ = pots_of({"A": 25, "B": 80, "C": 80, "D": 80, "E": 10}, {"A", "B", "C", "D"})
    hands = {
        "A": parse_hand("9s 7h 5d 3c 2h"),
        "B": parse_hand("8s 6h 4d 3c 2s"),
        "C": parse_hand("8h 6d 4c 3s 2h"),
        "D": parse_hand("Ks Kh 7d 4s 3h"),
    }
    awards = award_pots(pots, hands, ranking, ["E", "A", "B", "C", "D"])
    assert [a.amount for a in awards] == [110, 165]
    assert awards[0].winners == ("B", "C") and awards[0].shares == {"B": 55, "C": 55}
    assert awards[1].winners == ("B", "C") and awards[1].shares == {"B": 83, "C": 82}
    assert awards[1].odd_chip_to == "B"
    assert collected(awards) == {"B": 138, "C": 137}
    assert "B's 8-6-4-3-2" in awards[1].reason and "C's 8-6-4-3-2" in awards[1].reason
    assert "D's K-K-7-4-3" in awards[1].reason  # the best loser of the side pot
    # A's 9-7-5-3-2 would win the main pot alone against D's pair of kings.
    [main] = award_pots(pots[:1], {"A": hands["A"], "D": hands["D"]}, ranking, ["E", "A", "B", "C", "D"])
    assert main.shares == {"A": 110}
    assert "A" in main.reason and "D" in main.reason


def test_italian_pots_are_never_split() -> None:
    """RULES.md §4.3, §10.7: equal pairs of aces; the pair holding A♥ takes the whole pot."""
    from drawdealer.engine.ranking import get_ranking

    ranking = get_ranking("italian", players=4)
    hands = {"A": parse_hand("Ac Ah 9d 8c 7s"), "B": parse_hand("As Ad 9h 8s 7d"), "C": parse_hand("Ks Kh Qd Jc 7h")}
    [award] = award_pots([Pot(amount=101, eligible=("A", "B", "C"))], hands, ranking, ["B", "C", "A"])
    assert award.winners == ("A",) and award.shares == {"A": 101} and award.odd_chip_to is None


# --- chip conservation (hypothesis) ---------------------------------------------------------------

PLAYERS = [f"P{i}" for i in range(9)]
Case = tuple[dict[str, int], set[str], dict[str, tuple[int]], dict[str, tuple[int]], list[str], int]
"""committed, active, every active score, the scores shown, order from the button, chip unit."""


@st.composite
def hands_in_play(draw: st.DrawFn) -> Case:
    n = draw(st.integers(min_value=1, max_value=9))
    players = PLAYERS[:n]
    committed = {p: draw(st.integers(min_value=0, max_value=400)) for p in players}
    active = set(draw(st.lists(st.sampled_from(players), min_size=1, unique=True)))
    scores = {p: (draw(st.integers(min_value=0, max_value=3)),) for p in players if p in active}
    shown = {p: score for p, score in scores.items() if draw(st.booleans())}
    start = draw(st.integers(min_value=0, max_value=n - 1))
    order = players[start:] + players[:start]
    unit = draw(st.sampled_from([1, 1, 2, 5, 25]))
    return committed, active, scores, shown, order, unit


@settings(max_examples=400, deadline=None)
@given(hands_in_play())
def test_chips_are_conserved_and_every_pot_is_awarded(case: Case) -> None:
    committed, active, scores, _, order, unit = case
    after, excess = return_uncalled(committed)
    pots = build_pots(after, active)
    returned = excess[1] if excess else 0
    assert sum(p.amount for p in pots) + returned == sum(committed.values())
    assert uncalled_excess(list(after.values())) is None
    # Eligibility is nested, non-empty, and only active players are eligible.
    for prev, nxt in zip(pots, pots[1:], strict=False):
        assert set(nxt.eligible) < set(prev.eligible)
    assert all(p.eligible and set(p.eligible) <= active for p in pots)
    # With every active hand shown, every pot is awarded and each share is within one unit.
    awards = award_pots(pots, scores, SCORE, order, unit)
    assert sum(sum(a.shares.values()) for a in awards) == sum(p.amount for p in pots)
    for award, pot in zip(awards, pots, strict=True):
        assert award.winners and set(award.winners) <= set(pot.eligible)
        assert sum(award.shares.values()) == pot.amount
        base = pot.amount // (len(award.winners) * unit) * unit
        assert all(0 <= share - base <= unit for share in award.shares.values())
        assert list(award.winners) == sorted(award.winners, key=order.index)


@settings(max_examples=300, deadline=None)
@given(hands_in_play(), st.integers(min_value=0, max_value=100), st.one_of(st.none(), st.integers(0, 50)))
def test_rake_and_mucked_hands_keep_the_books_straight(
    case: Case, percent: int, cap: int | None,
) -> None:
    committed, active, _, shown, order, unit = case
    pots = build_pots(return_uncalled(committed)[0], active)
    total = sum(p.amount for p in pots)
    rake = expected_rake(total, percent=percent, cap=cap, unit=unit)
    assert rake <= total and (cap is None or rake <= cap) and (rake == cap or rake % unit == 0)
    raked = take_rake(pots, rake)
    assert sum(p.amount for p in raked) + rake == total
    assert [p.eligible for p in raked] == [p.eligible for p in pots]
    awards = award_pots(raked, shown, SCORE, order, unit)
    for award, pot in zip(awards, raked, strict=True):
        contenders = [p for p in pot.eligible if p in shown]
        if len(pot.eligible) == 1 or contenders:
            assert sum(award.shares.values()) == pot.amount
            assert len(pot.eligible) == 1 or set(award.winners) <= set(contenders)
        else:
            assert award.winners == () and award.shares == {}
