"""Standard high ranking (classic five-card draw): ace high or low in A-2-3-4-5, 7462 classes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_ranking import class_representatives, key

from drawdealer.engine.cards import CARDS, parse_hand, rank_value
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.high import value_high, values_high

R = get_ranking("high")


def h(text: str) -> tuple[int, ...]:
    return parse_hand(text)


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_aliases() -> None:
    assert get_ranking("5cd") is R
    assert R.name == "high"


def test_7462_classes_over_all_2598960_hands() -> None:
    hands = list(combinations(CARDS, 5))
    values = values_high(hands)
    assert len(hands) == 2_598_960
    assert set(values) == set(range(1, 7463))
    first = {}
    for hand, v in zip(hands, values):
        first.setdefault(v, hand)
    assert Counter(R.category(x) for x in first.values()) == {
        "straight flush": 10, "four of a kind": 156, "full house": 156, "flush": 1277, "straight": 10,
        "three of a kind": 858, "two pair": 858, "one pair": 2860, "no pair": 1277,
    }


def test_every_class_agrees_with_the_oracle() -> None:
    hands = sorted(class_representatives(), key=lambda x: key(x, wheel_is_straight=True))
    assert [R.strength(x) for x in hands] == list(range(1, 7463))


@pytest.mark.parametrize(("better", "worse"), [
    ("Ah Kh Qh Jh Th", "9s 9d 9c 9h As"),          # royal flush is the best hand
    ("6c 5c 4c 3c 2c", "5s 4s 3s 2s As"),          # the steel wheel is the lowest straight flush
    ("5s 4s 3s 2s As", "Ks Kd Kc Kh Qs"),
    ("6c 5d 4c 3c 2c", "5s 4d 3s 2s Ah"),          # the wheel is the lowest straight …
    ("5s 4d 3s 2s Ah", "Ks Kd Kc Qh Js"),          # … but a straight
    ("As Kd Qc Jh 9s", "Ks Qd Jc Th 8s"),
    ("2s 2d 3c 4h 5s", "As Kd Qc Jh 9s"),          # any pair beats no pair
    ("As Ad 3c 4h 5s", "Ks Kd Qc Jh 9s"),
    ("8h 6h 4h 3h 2h", "9s 9d 9c Kh Qd"),          # a flush beats three of a kind
    ("Ks Kd Qc Qs Jh", "As Ad Kc Qs Jh"),          # two pair beats one pair
    ("3s 3h 6d 5c 2s", "3d 3c 6s 4h 2h"),          # kickers compared from the top, highest wins
])
def test_order(better: str, worse: str) -> None:
    assert R.compare(h(better), h(worse)) > 0
    assert R.winners([h(worse), h(better)]) == [1]
    assert R.explain(h(worse), h(better), "W", "B").startswith("B's ")


def test_extremes() -> None:
    assert R.strength(h("Ah Kh Qh Jh Th")) == 7462
    assert R.strength(h("7s 5d 4c 3h 2s")) == 1
    assert R.category(h("As 5d 4c 3h 2s")) == "straight"
    assert R.describe(h("As 5d 4c 3h 2s")) == "straight, 5-4-3-2-A"
    assert R.compare(h("6s 5d 4c 3h 2s"), h("As 5d 4c 3h 2h")) > 0
    assert R.explain(h("6s 5d 4c 3h 2s"), h("As 5d 4c 3h 2h"), "X", "Y") == (
        "X's 6-5-4-3-2 straight beats Y's 5-4-3-2-A straight: 6 is higher than 5 at the first card")


def test_tie_splits() -> None:
    hands = [h("Ks Kd 7c 5h 4s"), h("Kh Kc 7d 5s 4h"), h("Qs Qd Ac 5d 4c")]
    assert R.winners(hands) == [0, 1]
    assert R.explain(hands[0], hands[1], "A", "B").startswith("tie:")


@pytest.mark.parametrize(("hand", "text"), [
    ("AsKd9c5h3s", "A-K-9-5-3 (ace high)"),
    ("7s5d4c3h2s", "7-5-4-3-2 (seven high)"),
    ("AsAd9c5h3s", "pair of aces, 9-5-3"),
    ("5s4s3s2sAs", "straight flush, 5-4-3-2-A"),
    ("ThJhQhKhAh", "royal flush, A-K-Q-J-T"),
])
def test_describe(hand: str, text: str) -> None:
    assert R.describe(h(hand)) == text


LOW_DECK = [c for c in CARDS if rank_value(c) in (14, 2, 3, 4, 5, 6, 7)]
TWO_SUITS = [c for c in CARDS if c & 0x9000]


def deals(n_hands: int):
    deck = st.sampled_from([CARDS, LOW_DECK, TWO_SUITS])
    return deck.flatmap(lambda d: st.permutations(d)).map(
        lambda cs: [tuple(cs[5 * i:5 * i + 5]) for i in range(n_hands)])


@given(deals(2))
def test_agrees_with_the_oracle(hands) -> None:
    a, b = hands
    ka, kb = key(a, wheel_is_straight=True), key(b, wheel_is_straight=True)
    assert sign(value_high(*a) - value_high(*b)) == sign((ka > kb) - (ka < kb))


@given(deals(3))
def test_total_order(hands) -> None:
    a, b, c = hands
    assert R.compare(a, a) == 0
    assert sign(R.compare(a, b)) == -sign(R.compare(b, a))
    if R.compare(a, b) >= 0 and R.compare(b, c) >= 0:
        assert R.compare(a, c) >= 0


@given(deals(4), st.randoms())
def test_permutations_change_nothing(hands, rnd) -> None:
    expected = R.winners(hands)
    shuffled = [tuple(rnd.sample(x, 5)) for x in hands]
    assert [R.strength(x) for x in shuffled] == [R.strength(x) for x in hands]
    order = list(range(len(hands)))
    rnd.shuffle(order)
    assert sorted(order[i] for i in R.winners([shuffled[i] for i in order])) == expected
