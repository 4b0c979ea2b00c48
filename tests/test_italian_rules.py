"""Italian procedure rules (RULES.md §7.6, §10; examples §12.6 IT-1..IT-4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.cards import CardError, parse_hand
from drawdealer.engine.italian_procedure import (
    REQUIREMENTS,
    DealOutcome,
    blind_open_amount,
    controbuio_amount,
    false_opener_settlement,
    has_openers,
    is_sf_draw,
    next_requirement,
)

# ---------------------------------------------------------------- openers (§10.2)


@pytest.mark.parametrize("hand, opens_at", [
    ("Jh Jd 9c 8s 7d", "J"),
    ("Qh Qd 9c 8s 7d", "JQ"),
    ("Kh Kd 9c 8s 7d", "JQK"),
    ("Ah Ad 9c 8s 7d", "JQKA"),
    ("Th Td 9c 8s Ad", ""),       # pair below jacks never opens
    ("7h 7d 8c 8s Ad", "JQKA"),   # any two pair
    ("7h 7d 7c 9s Ad", "JQKA"),   # low trips
    ("Ad 7c 8h 9s Td", "JQKA"),   # the minimum straight is a straight
    ("Ah Jd 9c 8s 7d", ""),       # high card
    ("8h 9h Th Qh Ah", "JQKA"),   # flush
])
def test_openers_by_requirement(hand, opens_at):
    cards = parse_hand(hand)
    for requirement in REQUIREMENTS:
        assert has_openers(cards, requirement, players=4) == (requirement in opens_at), requirement


@pytest.mark.parametrize("hand, qualifies", [
    ("7h 8h 9h Th Kc", True),   # ace-low or jack completes it
    ("8s 9s Ts Js Ad", True),
    ("9d Td Jd Qd 7c", True),
    ("Tc Jc Qc Kc 7d", True),   # ace-high or nine completes it
    ("Jh Qh Kh Ah 7c", False),  # only one end: the ladder stops at the ace
    ("Ah 7h 8h 9h Jc", False),  # the ace-low end has nothing below it
    ("7h 8h 9h Jh Ac", False),  # not a run
    ("7h 8h 9h Tc Kc", False),  # not suited
])
def test_sf_draw_examples_of_the_32_card_deck(hand, qualifies):
    """RULES.md §10.2: 7-8-9-T and 8-9-T-J suited qualify, J-Q-K-A and A-7-8-9 do not."""
    cards = parse_hand(hand)
    assert is_sf_draw(cards, players=4) is qualifies
    assert has_openers(cards, "J", players=4, sf_draw=False) is False  # no pair: only the draw could open
    for requirement in REQUIREMENTS:  # the SF draw qualifies at every level of R
        assert has_openers(cards, requirement, players=4) is qualifies


@pytest.mark.parametrize("players, hand, qualifies", [
    (2, "9h Th Jh Qh Ac", True),    # 24 cards: A-9-T-J-Q or 9-K completes it
    (2, "Th Jh Qh Kh 9c", True),
    (2, "Jh Qh Kh Ah 9c", False),
    (9, "2s 3s 4s 5s Kd", True),    # 52 cards: A-2-3-4-5 or 2-6
    (9, "As 2s 3s 4s Kd", False),
    (6, "5c 6c 7c 8c Kd", True),    # 40 cards: lowest rank 5, ace-low below it
])
def test_sf_draw_follows_the_ladder_of_each_deck(players, hand, qualifies):
    assert is_sf_draw(parse_hand(hand), players=players) is qualifies


def test_openers_reject_cards_outside_the_deck_and_bad_requirements():
    with pytest.raises(CardError) as err:
        has_openers(parse_hand("6h 6d Ac Kd Qs"), "J", players=4)
    assert err.value.code == "CARD_NOT_IN_DECK"
    with pytest.raises(CardError):
        is_sf_draw(parse_hand("6h 7h 8h 9h Ac"), players=4)
    with pytest.raises(ValueError, match="J, Q, K, A"):
        has_openers(parse_hand("Jh Jd 9c 8s 7d"), "T", players=4)


# ---------------------------------------------------------------- the requirement (§10.2, §10.4, §10.5)


def test_it1_progression():
    """§12.6 IT-1: J unopened → Q unopened → K opened, parola → K, won → J; pot 10, 20, 30, 100."""
    requirement, pot = "J", 10
    requirement, pot = next_requirement(requirement, DealOutcome.UNOPENED), pot + 10
    assert (requirement, pot) == ("Q", 20)
    requirement, pot = next_requirement(requirement, DealOutcome.UNOPENED), pot + 10
    assert (requirement, pot) == ("K", 30)
    # Opening with Q-Q here is a false opening; K-K qualifies. "Piatto" = the whole pot of 30.
    assert not has_openers(parse_hand("Qh Qd 9c 8s 7d"), requirement, players=4)
    assert has_openers(parse_hand("Kh Kd 9c 8s 7d"), requirement, players=4)
    pot += 30 + 30  # P3 opens 30, P4 calls 30: 90
    requirement, pot = next_requirement(requirement, DealOutcome.PAROLA), pot + 10
    assert (requirement, pot) == ("K", 100)
    assert next_requirement(requirement, DealOutcome.AWARDED) == "J"


@pytest.mark.parametrize("cap, steps", [("A", ["J", "Q", "K", "A", "A"]), ("K", ["J", "Q", "K", "K", "K"])])
def test_unopened_deals_climb_to_the_cap(cap, steps):
    requirement = "J"
    seen = [requirement]
    for _ in range(4):
        requirement = next_requirement(requirement, DealOutcome.UNOPENED, cap=cap)
        seen.append(requirement)
    assert seen == steps


@pytest.mark.parametrize("current, outcome, expected", [
    ("J", DealOutcome.PAROLA, "K"), ("Q", DealOutcome.PAROLA, "K"),
    ("K", DealOutcome.PAROLA, "K"), ("A", DealOutcome.PAROLA, "A"),
    ("A", DealOutcome.AWARDED, "J"), ("Q", DealOutcome.AWARDED, "J"),
    ("Q", DealOutcome.FALSE_OPENER_WOULD_WIN, "Q"), ("K", DealOutcome.FALSE_OPENER_LOST, "J"),
    ("K", "UNOPENED", "A"),
])
def test_next_requirement_by_outcome(current, outcome, expected):
    assert next_requirement(current, outcome) == expected


def test_next_requirement_rejects_bad_values():
    with pytest.raises(ValueError, match="IT_OPENER_CAP"):
        next_requirement("J", DealOutcome.UNOPENED, cap="Q")
    with pytest.raises(ValueError, match="IT_OPENER_CAP"):
        next_requirement("A", DealOutcome.UNOPENED, cap="K")
    with pytest.raises(ValueError):
        next_requirement("T", DealOutcome.UNOPENED)
    with pytest.raises(ValueError):
        next_requirement("J", "FOLDED")


# ---------------------------------------------------------------- false openers (§10.4)


def test_it3a_false_opener_would_win_all_refund():
    """§12.6 IT-3 (a): P1 opens 10 with T-T at R = J, both put in 25; P1 wins → 25 back to each,
    the 10 stays, R stays J."""
    assert not has_openers(parse_hand("Th Td 9c 8s Ad"), "J", players=4)
    result = false_opener_settlement(contributions={"P1": 25, "P2": 25}, initial_pot=10,
                                     false_opener="P1", winner="P1", requirement="J")
    assert result.outcome is DealOutcome.FALSE_OPENER_WOULD_WIN
    assert dict(result.refunds) == {"P1": 25, "P2": 25}
    assert (result.carried, result.penalty, result.next_requirement) == (10, 0, "J")


def test_it3a_forfeit_bets_keeps_the_false_openers_chips_in_the_middle():
    result = false_opener_settlement(contributions={1: 25, 2: 25}, initial_pot=10, false_opener=1,
                                     winner=1, requirement="Q", policy="FORFEIT_BETS")
    assert dict(result.refunds) == {1: 0, 2: 25}
    assert (result.carried, result.penalty, result.next_requirement) == (35, 0, "Q")


def test_it3b_false_opener_loses():
    """§12.6 IT-3 (b): P2 wins and collects the 60 as usual; P1 owes 10 to the next deal; R = J."""
    result = false_opener_settlement(contributions={"P1": 25, "P2": 25}, initial_pot=10,
                                     false_opener="P1", winner="P2", requirement="K")
    assert result.outcome is DealOutcome.FALSE_OPENER_LOST
    assert dict(result.refunds) == {"P1": 0, "P2": 0}
    assert (result.carried, result.penalty, result.next_requirement) == (0, 10, "J")


def test_false_opener_settlement_rejects_bad_input():
    base = {"contributions": {"P1": 25, "P2": 25}, "initial_pot": 10, "false_opener": "P1", "winner": "P1",
            "requirement": "J"}
    with pytest.raises(ValueError, match="IT_FALSE_OPENER_WIN_POLICY"):
        false_opener_settlement(**base, policy="SPLIT")
    with pytest.raises(ValueError, match="winner"):
        false_opener_settlement(**{**base, "winner": "P9"})
    with pytest.raises(ValueError, match="negative"):
        false_opener_settlement(**{**base, "contributions": {"P1": -1, "P2": 25}})
    with pytest.raises(ValueError):
        false_opener_settlement(**{**base, "requirement": "2"})


@given(
    st.dictionaries(st.integers(1, 10), st.integers(0, 500), min_size=2, max_size=10),
    st.integers(0, 500),
    st.sampled_from(["ALL_REFUND", "FORFEIT_BETS"]),
    st.data(),
)
def test_false_opener_settlement_conserves_chips(contributions, initial_pot, policy, data):
    opener = data.draw(st.sampled_from(sorted(contributions)))
    winner = data.draw(st.sampled_from(sorted(contributions)))
    result = false_opener_settlement(contributions=contributions, initial_pot=initial_pot,
                                     false_opener=opener, winner=winner, requirement="J", policy=policy)
    if winner == opener:
        # Nothing is awarded: everything is refunded or stays in the middle.
        assert sum(result.refunds.values()) + result.carried == initial_pot + sum(contributions.values())
        assert result.penalty == 0
    else:
        assert result.carried == 0 and sum(result.refunds.values()) == 0
        assert result.penalty == initial_pot


# ---------------------------------------------------------------- blind opening (§10.6)


def test_it4_blind_and_controbuio():
    """§12.6 IT-4: pot 20 → buio 40, controbuio 80."""
    blind = blind_open_amount(20)
    assert blind == 40
    assert controbuio_amount(blind) == 80
    assert blind_open_amount(20, multiplier=1) == 20
    assert controbuio_amount(80) == 160  # a contro-controbuio under IT_CONTRO_CONTROBUIO


def test_blind_amounts_reject_bad_values():
    with pytest.raises(ValueError, match="IT_BLIND_MULTIPLIER"):
        blind_open_amount(20, multiplier=3)
    with pytest.raises(ValueError):
        blind_open_amount(-5)
    with pytest.raises(ValueError):
        controbuio_amount(0)
