"""Badugi ranking: the facts of RULES.md §15, every four-card hand, and pokerkit's Badugi order."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import CARDS, cards_str, parse_cards, rank_value
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.badugi import CLASSES, badugi_class, value_badugi, values_badugi

R = get_ranking("badugi")


def h(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# --- RULES.md §15: the facts --------------------------------------------------------------------

FACTS = [
    # (x, y, winner, why)
    ("As2d3h4c", "Ah2s3d5c", "X", "4 is lower than 5 at the first card"),                 # A-2-3-4 is the best
    ("KsQdJhTc", "As2d3h3c", "X", "a four-card badugi beats any three-card hand"),        # more cards beat fewer
    ("KsQdJh2h", "As2s3s4s", "X", "a three-card hand beats any one-card hand"),
    ("As2s3d4h", "As2d3h4c", "Y", "a four-card badugi beats any three-card hand"),        # two of a suit count once
    ("AsAd3h4c", "Ah2d3s4s", "Y", "3 is lower than 4 at the first card"),                 # a pair counts once: 4-3-A v 3-2-A
    ("8s5d3hAc", "8h6d2s3c", "X", "5 is lower than 6 at the second card"),                # then the next card
    ("7s4d3h2c", "7h5d3s2c", "X", "4 is lower than 5 at the second card"),
    ("5s4d3h2c", "6h4d3s2c", "X", "5 is lower than 6 at the first card"),                 # straights do not count
    ("As2d3h4c", "Ah2s3d4c", "tie", "suits do not count"),                                # suits never break ties
    ("Ks2s3s4s", "Kd2d3d4d", "tie", "suits do not count"),
]


@pytest.mark.parametrize(("x", "y", "result", "why"), FACTS, ids=[f"{f[0]}-{f[1]}" for f in FACTS])
def test_rules_15(x: str, y: str, result: str, why: str) -> None:
    hx, hy = h(x), h(y)
    expected = {"X": 1, "Y": -1, "tie": 0}[result]
    assert sign(R.compare(hx, hy)) == expected
    assert sign(value_badugi(*hx) - value_badugi(*hy)) == expected
    assert R.winners([hx, hy]) == {"X": [0], "Y": [1], "tie": [0, 1]}[result]
    sentence = R.explain(hx, hy, "X", "Y")
    assert why in sentence
    assert sentence.startswith("tie:" if result == "tie" else f"{result}'s ")


def test_best_and_worst() -> None:
    assert R.strength(h("As2d3h4c")) == CLASSES == 1092
    assert R.strength(h("KsKdKhKc")) == 1
    assert R.strength(h("Ks2d3h4c")) > R.strength(h("KsQsJsTh")) > R.strength(h("As2s3s4s"))


@pytest.mark.parametrize(("hand", "text"), [
    ("8s5d3hAc", "8-5-3-A badugi"),
    ("7s4d2hKh", "three-card 7-4-2"),
    ("AsAd3h4c", "three-card 4-3-A"),
    ("KsKd2d2s", "two-card K-2"),
    ("Ac2c3c4c", "one-card A"),
])
def test_describe(hand: str, text: str) -> None:
    assert R.describe(h(hand)) == text


def test_explanation_reads_as_in_the_issue() -> None:
    assert R.explain_pot([h("As2d3h4c"), h("Ah2s3d5c")], ["Ann", "Bob"]) == (
        "Ann's 4-3-2-A badugi beats Bob's 5-3-2-A badugi: 4 is lower than 5 at the first card")


def test_five_cards_play_their_best_four() -> None:
    """RULES.md §17: the Badugi half of Badeucey takes the best Badugi of four of the five cards."""
    assert R.describe(h("Ks2d3h4cAs")) == "4-3-2-A badugi"
    assert R.strength(h("7s7d7h7c2s")) == R.strength(h("7s7d7h2s"))


# --- all 270,725 four-card hands --------------------------------------------------------------

def test_every_four_card_hand() -> None:
    """The table (:func:`value_badugi`) ranks all C(52,4) = 270,725 four-card hands into 1092 classes.

    Derivation: a class is the number k of counting cards and their k distinct ranks, so there are
    at most C(13,4) + C(13,3) + C(13,2) + C(13,1) = 715 + 286 + 78 + 13 = 1092 classes, and every
    one occurs: k distinct ranks dealt in k distinct suits, the other 4 - k cards pairing one of
    those ranks (a king alone: four kings). The number of hands in each class count is derived too:
    - four counting cards: 4 distinct ranks in 4 distinct suits, C(13,4) * 4! = 17,160 hands;
    - one counting card: every two cards share a rank or a suit, which four cards manage only as four
      of a kind (13) or four cards of one suit (4 * C(13,4) = 2,860): 2,873 hands.
    """
    hands = list(combinations(CARDS, 4))
    assert len(hands) == comb(52, 4) == 270_725
    values = values_badugi(hands)
    assert set(values) == set(range(1, 1093))
    assert comb(13, 4) + comb(13, 3) + comb(13, 2) + comb(13, 1) == 1092
    per_count = Counter(R.hand_class(hand).count for hand in {v: hand for hand, v in zip(hands, values)}.values())
    assert per_count == {4: 715, 3: 286, 2: 78, 1: 13}
    count_of = {c.strength: c.count for c in R.classes()}
    hands_per_count = Counter(count_of[v] for v in values)
    assert hands_per_count[4] == comb(13, 4) * 24 == 17_160
    assert hands_per_count[1] == 13 + 4 * comb(13, 4) == 2_873
    assert sum(hands_per_count.values()) == 270_725


@settings(max_examples=300, deadline=None)
@given(st.permutations(CARDS))
def test_table_is_the_rule(deck) -> None:
    """The table is built from the rule one suit pattern at a time; any hand agrees with the rule."""
    for i in range(0, 48, 4):
        hand = tuple(deck[i:i + 4])
        assert value_badugi(*hand) == badugi_class(hand).strength == R.strength(hand)


def test_a_card_twice_is_no_hand() -> None:
    """Four cards with one twice are no hand: class 0 (or KeyError when one pair repeats a card)."""
    assert value_badugi(*h("As2d3h"), *h("As")) == 0
    with pytest.raises(KeyError):
        value_badugi(*h("As"), *h("As2d3h"))


# --- pokerkit ---------------------------------------------------------------------------------

LOW_DECK = [c for c in CARDS if rank_value(c) in (14, 2, 3, 4, 5, 6)]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([CARDS, LOW_DECK]).flatmap(st.permutations))
def test_same_order_and_ties_as_pokerkit(deck) -> None:
    """pokerkit's BadugiHand (ace low) orders four-card hands as we do, ties included."""
    pokerkit = pytest.importorskip("pokerkit")
    a, b = tuple(deck[:4]), tuple(deck[4:8])
    pa = pokerkit.BadugiHand.from_game(cards_str(a, sep=""))
    pb = pokerkit.BadugiHand.from_game(cards_str(b, sep=""))
    assert sign(R.compare(a, b)) == sign((pa > pb) - (pa < pb))
    assert (R.compare(a, b) == 0) == (pa == pb)
