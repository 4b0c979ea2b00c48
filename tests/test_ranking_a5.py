"""A-5 lowball ranking: the facts of RULES.md §16, every class, and pokerkit's ace-to-five low order."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import CARDS, cards_str, parse_hand, rank_value
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.a5 import value_a5, values_a5

R = get_ranking("a5")


def h(text: str) -> tuple[int, ...]:
    return parse_hand(text)


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


FACTS = [
    ("5s4d3c2hAs", "6s4d3c2hAd", "X", "5 is lower than 6 at the first card"),      # the wheel is the best
    ("6h5h4h3h2h", "7s5d4c3h2s", "X", "6 is lower than 7 at the first card"),      # straight flush counts as 6-5 low
    ("6sAd2c3h4s", "7s2d3c4h5s", "X", "6 is lower than 7 at the first card"),      # the ace is low
    ("KsQdJcTh9s", "AsAd2c3h4s", "X", "no pair beats a pair"),                     # pairs are bad
    ("AsAd2c3h4s", "2s2d3c3hAs", "X", "a pair beats two pair"),
    ("2s2d3c3h4s", "2h2c2d3sAs", "X", "two pair beats three of a kind"),
    ("AsAdAc2h2s", "2d2c2h2sAh", "X", "a full house beats four of a kind"),
    ("AsAd3c4h5s", "2s2d3d4c5h", "X", "a pair of aces is lower than a pair of deuces"),
    ("8s6d4c3h2s", "8h6c4s3d2h", "tie", "suits do not count"),
]


@pytest.mark.parametrize(("x", "y", "result", "why"), FACTS, ids=[f"{f[0]}-{f[1]}" for f in FACTS])
def test_rules_16(x: str, y: str, result: str, why: str) -> None:
    hx, hy = h(x), h(y)
    expected = {"X": 1, "Y": -1, "tie": 0}[result]
    assert sign(R.compare(hx, hy)) == expected
    assert R.winners([hx, hy]) == {"X": [0], "Y": [1], "tie": [0, 1]}[result]
    sentence = R.explain(hx, hy, "X", "Y")
    assert why in sentence, sentence
    assert sentence.startswith("tie:" if result == "tie" else f"{result}'s ")


@pytest.mark.parametrize(("hand", "text"), [
    ("5s4d3c2hAs", "5-4-3-2-A (five-four low)"),
    ("7s5d4c3h2s", "7-5-4-3-2 (seven-five low)"),
    ("AsAd2c3h4s", "pair of aces, 4-3-2"),
    ("KsKdKcKhQs", "four kings, Q kicker"),
])
def test_describe(hand: str, text: str) -> None:
    assert R.describe(h(hand)) == text


def test_every_hand_6175_classes() -> None:
    """All 2,598,960 hands fall into 6175 classes: the 1287 sets of five distinct ranks (C(13,5);
    suits, straights and flushes do not count) and the 4888 rank multisets with a repeated rank
    (2860 one pair + 858 two pair + 858 trips + 156 full houses + 156 quads)."""
    values = values_a5(combinations(CARDS, 5))
    assert len(values) == 2_598_960
    assert set(values) == set(range(1, 6176))
    by_category = Counter(c.category_name for c in R.classes())
    assert by_category == {"no pair": 1287, "one pair": 2860, "two pair": 858, "three of a kind": 858,
                           "full house": 156, "four of a kind": 156}
    assert R.strength(h("5s4d3c2hAs")) == 6175 and R.strength(h("KsKdKcKhQs")) == 1


LOW_DECK = [c for c in CARDS if rank_value(c) in (14, 2, 3, 4, 5, 6, 7)]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([CARDS, LOW_DECK]).flatmap(st.permutations))
def test_same_order_and_ties_as_pokerkit(deck) -> None:
    """pokerkit's RegularLowHand (ace-to-five, flushes ignored) orders hands as we do, ties included."""
    pokerkit = pytest.importorskip("pokerkit")
    a, b = tuple(deck[:5]), tuple(deck[5:10])
    pa, pb = pokerkit.RegularLowHand(cards_str(a, sep="")), pokerkit.RegularLowHand(cards_str(b, sep=""))
    assert sign(value_a5(*a) - value_a5(*b)) == sign((pa > pb) - (pa < pb))
    assert (R.compare(a, b) == 0) == (pa == pb)
