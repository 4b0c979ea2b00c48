"""Split-pot rankings (RULES.md §17): Badeucey and Badacey rank each hand twice."""

from __future__ import annotations

from drawdealer.engine.cards import parse_hand
from drawdealer.engine.ranking import get_ranking

BADEUCEY = get_ranking("badeucey")
BADACEY = get_ranking("badacey")


def h(text: str) -> tuple[int, ...]:
    return parse_hand(text)


def test_halves_are_low_then_badugi() -> None:
    assert [half.title for half in BADEUCEY.halves] == ["2-7", "Badugi"]
    assert [half.title for half in BADACEY.halves] == ["A-5", "Badugi"]


def test_one_player_wins_both_halves() -> None:
    ann, bob = h("7s5d4c3h2s"), h("8s6d4h3c2d")
    assert BADEUCEY.winners_by_half([ann, bob]) == ([0], [0])


def test_halves_go_to_different_players() -> None:
    """2-7: the ace is high, so Ann's 8-6-4-3-2 beats Bob's A-K-4-3-2; Bob's 4-3-2-A of four suits
    beats Ann's three-card Badugi (her 8, 6 and 4 share spades)."""
    ann, bob = h("8s6s4s3d2h"), h("As2d3h4cKs")
    assert BADEUCEY.winners_by_half([ann, bob]) == ([0], [1])
    assert BADEUCEY.explain_pot([ann, bob], ["Ann", "Bob"]) == (
        "2-7 half: Ann's 8-6-4-3-2 beats Bob's A-K-4-3-2: 8 is lower than A at the first card; "
        "Badugi half: Bob's 4-3-2-A badugi beats Ann's three-card 4-3-2: "
        "a four-card badugi beats any three-card hand")


def test_a5_half_counts_the_ace_low() -> None:
    """Badacey: Bob's A-2-3-4-K is K-high in A-5 and loses to Ann's 8-6-4-3-2, the Badugi is his."""
    ann, bob = h("8s6s4s3d2h"), h("As2d3h4cKs")
    assert BADACEY.winners_by_half([ann, bob]) == ([0], [1])
    ann2 = h("5s4s3s2dAh")
    assert BADACEY.winners_by_half([ann2, bob]) == ([0], [1])


def test_ties_within_a_half() -> None:
    """§9.6 inside each half: Ann and Bob tie in both halves; Cy's straight loses the low half."""
    ann, bob = h("7s5d4c3h2s"), h("7h5c4d3s2h")
    cy = h("KsQdJhTc9s")
    assert BADEUCEY.winners_by_half([ann, bob, cy]) == ([0, 1], [0, 1])
    assert BADEUCEY.describe(cy) == "2-7: straight, K-Q-J-T-9; Badugi: Q-J-T-9 badugi"
