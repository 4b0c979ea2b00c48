"""2-7 lowball ranking: RULES.md §3 (facts of §3.4, examples of §12.4) and its invariants."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reference_ranking import class_representatives, key

from drawdealer.engine.cards import CARDS, parse_card, parse_hand, rank_value
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.high import value_high
from drawdealer.engine.ranking.lowball27 import value27, values27

R = get_ranking("27")


def h(text: str) -> tuple[int, ...]:
    return parse_hand(text)


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# --- RULES.md §12.4: every worked showdown ------------------------------------------------------

L_EXAMPLES = [
    ("L-1", "9s 8h 6d 3c 2s", "9h 8d 6c 4s 2h", "X", "3 is lower than 4 at the fourth card"),
    ("L-2", "7s 5h 4d 3c 2s", "7h 6d 4c 3s 2h", "X", "5 is lower than 6 at the second card"),
    ("L-3", "As 5h 4d 3c 2s", "Ks 5d 4c 3s 2h", "Y",
     "the ace is high in 2-7, so A-5-4-3-2 is an ace-high hand, not a straight"),
    ("L-4", "As 5h 4d 3c 2s", "2d 2c 5s 4h 3d", "X", "no pair beats a pair"),
    ("L-5", "3s 3h 6d 4c 2s", "3d 3c 6s 5h 2h", "X",
     "same pair of threes, then 4 is lower than 5 at the second kicker"),
    ("L-6", "6s 5h 4d 3c 2s", "Ks Kd Qc Qs Jh", "Y", "two pair beats a straight"),
    ("L-7", "8h 6h 4h 3h 2h", "9s 9d 9c Kh Qd", "Y", "three of a kind beats a flush"),
    ("L-8", "7d 5d 4d 3d 2d", "7c 6d 4h 3s 2c", "Y", "no pair beats a flush"),
    ("L-9", "8s 5h 4d 3c 2s", "8h 6c 4s 3d 2h", "X", "5 is lower than 6 at the second card"),
    ("L-10", "7s 5h 4d 3c 2s", "7h 5c 4s 3d 2h", "tie", "suits do not count"),
    ("L-11", "Th Jh Qh Kh Ah", "2s 2d 2c 2h 3s", "Y", "four of a kind beats a straight flush"),
    ("L-12", "As Kh Qd Jc 9s", "2d 2c 5s 4h 3d", "X", "no pair beats a pair"),
    ("L-13", "2s 2h Kd Qc Js", "3d 3c 4s 5h 6h", "X", "a pair of deuces is lower than a pair of threes"),
    ("L-14", "As 8d 7c 3h 2s", "8c 6d 5h 4s 3c", "Y", "8 is lower than A at the first card"),
]


@pytest.mark.parametrize(("case", "x", "y", "result", "why"), L_EXAMPLES, ids=[e[0] for e in L_EXAMPLES])
def test_rules_12_4(case: str, x: str, y: str, result: str, why: str) -> None:
    hx, hy = h(x), h(y)
    expected = {"X": 1, "Y": -1, "tie": 0}[result]
    assert sign(R.compare(hx, hy)) == expected
    assert sign(R.compare(hy, hx)) == -expected
    assert R.winners([hx, hy]) == {"X": [0], "Y": [1], "tie": [0, 1]}[result]
    sentence = R.explain(hx, hy, "X", "Y")
    assert why in sentence
    if result == "tie":
        assert sentence.startswith("tie:")
    else:
        assert sentence.startswith(f"{result}'s ")


def test_explanation_reads_as_in_the_brief() -> None:
    assert (R.explain(h("7s5d4c3h2s"), h("7h6d4s3c2d"), "Alice", "Bob")
            == "Alice's 7-5-4-3-2 beats Bob's 7-6-4-3-2: 5 is lower than 6 at the second card")
    assert R.explain(h("7h6d4s3c2d"), h("7s5d4c3h2s"), "Bob", "Alice").startswith("Alice's 7-5-4-3-2 beats Bob's")


@pytest.mark.parametrize(("hand", "text"), [
    ("7s5d4c3h2s", "7-5-4-3-2 (seven-five low)"),
    ("As5d4c3h2s", "A-5-4-3-2 (ace high, not a straight)"),
    ("AsKdQcJh9s", "A-K-Q-J-9 (ace high)"),
    ("3s3d6c4h2s", "pair of threes, 6-4-2"),
    ("KsKdQcQhJs", "two pair, kings and queens, J kicker"),
    ("9s9d9cKhQs", "three nines, K-Q"),
    ("6s5d4c3h2s", "straight, 6-5-4-3-2"),
    ("8h6h4h3h2h", "flush, 8-6-4-3-2"),
    ("9s9d9cKhKs", "full house, nines full of kings"),
    ("2s2d2c2h3s", "four deuces, 3 kicker"),
    ("9h8h7h6h5h", "straight flush, 9-8-7-6-5"),
    ("ThJhQhKhAh", "royal flush, A-K-Q-J-T"),
])
def test_describe(hand: str, text: str) -> None:
    assert R.describe(h(hand)) == text


# --- RULES.md §3.4: facts -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def all_hands() -> list[tuple[int, ...]]:
    return list(combinations(CARDS, 5))


@pytest.fixture(scope="module")
def all_values(all_hands: list[tuple[int, ...]]) -> list[int]:
    return values27(all_hands)


def test_7462_classes_over_all_2598960_hands(all_hands, all_values) -> None:
    assert len(all_hands) == 2_598_960
    assert set(all_values) == set(range(1, 7463))
    first = {}
    for hand, v in zip(all_hands, all_values):
        first.setdefault(v, hand)
    by_category = Counter(R.category(hand) for hand in first.values())
    assert by_category == {
        "straight flush": 9, "four of a kind": 156, "full house": 156, "flush": 1278, "straight": 9,
        "three of a kind": 858, "two pair": 858, "one pair": 2860, "no pair": 1278,
    }


def test_hands_per_class_are_what_suits_allow(all_hands, all_values) -> None:
    """Each class holds exactly the hands of one rank multiset (and flush flag): e.g. 4^5 − 4 = 1020
    offsuit and 4 suited hands for each set of five distinct ranks."""
    sizes = Counter(all_values)
    assert sizes[value27(*h("7s5d4c3h2s"))] == 1020
    assert sizes[value27(*h("7h5h4h3h2h"))] == 4
    assert sizes[value27(*h("2s2d2c2h3s"))] == 4
    assert sizes[value27(*h("3s3d6c4h2s"))] == 6 * 4 ** 3


def test_best_second_third() -> None:
    assert R.strength(h("7s 5d 4c 3h 2s")) == 7462
    assert R.strength(h("7s 6d 4c 3h 2s")) == 7461
    assert R.strength(h("7s 6d 5c 3h 2s")) == 7460


def test_six_to_deuce_is_a_straight() -> None:
    assert R.category(h("6s 5d 4c 3h 2s")) == "straight"
    assert R.category(h("6h 5h 4h 3h 2h")) == "straight flush"


def test_ace_to_five_is_the_best_ace_high_no_pair() -> None:
    wheel = R.strength(h("As 5d 4c 3h 2s"))
    assert R.category(h("As 5d 4c 3h 2s")) == "no pair"
    checked = Counter()
    for c in R.classes():
        if c.category_name == "one pair":
            assert c.strength < wheel, c               # beats every pair
        elif c.category_name == "no pair" and c.ranks[0] == 14 and c.ranks != (14, 5, 4, 3, 2):
            assert c.strength < wheel, c               # beats every other ace-high hand
        elif c.category_name == "no pair" and c.ranks[0] <= 13:
            assert c.strength > wheel, c               # loses to every king-high or lower no-pair hand
        else:
            continue
        checked[c.category_name] += 1
    assert checked == {"one pair": 2860, "no pair": 1277}
    assert R.compare(h("Ks 5d 4c 3h 2s"), h("As 5d 4c 3h 2s")) > 0


def test_worst_no_pair_and_worst_hand(all_values) -> None:
    classes = R.classes()
    worst_no_pair = next(c for c in classes if c.category_name == "no pair")
    assert R.strength(h("As Kd Qc Jh 9s")) == worst_no_pair.strength
    assert R.strength(h("As Ks Qs Js Ts")) == 1 == min(all_values)
    assert classes[0].category_name == "straight flush"


def test_pairs_lower_wins() -> None:
    assert R.compare(h("2s 2d 7c 5h 4s"), h("3s 3d 7c 5h 4s")) > 0
    assert R.compare(h("As Ad 4c 3h 2s"), h("Ks Kd Qc Jh 9s")) < 0
    assert R.compare(h("3s 3h 6d 4c 2s"), h("3d 3c 6s 5h 2h")) > 0
    pairs = [c for c in R.classes() if c.category_name == "one pair"]
    assert pairs[-1].ranks == (2, 5, 4, 3)        # the best pair: deuces, 5-4-3
    assert pairs[0].ranks == (14, 13, 12, 11)     # the worst: aces, K-Q-J


# --- the whole order against the RULES.md §3.3 oracle -------------------------------------------

def test_every_class_agrees_with_rules_3_3() -> None:
    """Sorted by §3.3's key (lowest wins), the 7462 class representatives have strictly falling strength."""
    hands = sorted(class_representatives(), key=lambda x: key(x, wheel_is_straight=False))
    strengths = [R.strength(x) for x in hands]
    assert strengths == list(range(7462, 0, -1))


# --- property tests -----------------------------------------------------------------------------

LOW_DECK = [c for c in CARDS if rank_value(c) in (14, 2, 3, 4, 5, 6, 7)]
TWO_SUITS = [c for c in CARDS if c & 0x9000]  # hearts and spades: many flushes


def deals(n_hands: int):
    """``n_hands`` disjoint five-card hands, drawn from the whole deck or from decks rich in
    wheels, straights, pairs and flushes."""
    deck = st.sampled_from([CARDS, LOW_DECK, TWO_SUITS])
    return deck.flatmap(lambda d: st.permutations(d)).map(
        lambda cs: [tuple(cs[5 * i:5 * i + 5]) for i in range(n_hands)])


@given(deals(3))
def test_total_order(hands) -> None:
    a, b, c = hands
    assert R.compare(a, a) == 0
    assert sign(R.compare(a, b)) == -sign(R.compare(b, a))
    if R.compare(a, b) >= 0 and R.compare(b, c) >= 0:
        assert R.compare(a, c) >= 0
    if R.compare(a, b) == 0:
        assert sign(R.compare(a, c)) == sign(R.compare(b, c))


def _wheel_ranks(hand) -> bool:
    return sorted(rank_value(c) for c in hand) == [2, 3, 4, 5, 14]


@given(deals(2))
def test_reverse_of_high_once_the_wheel_is_not_a_straight(hands) -> None:
    """RULES.md §3.3: 2-7 is standard high order reversed, with A-5-4-3-2 moved out of the straights.

    The oracle's high key with the wheel as an ace-high no-pair hand (or flush) covers every pair of
    hands; the high ranking itself agrees wherever no wheel is involved.
    """
    a, b = hands
    low = sign(value27(*a) - value27(*b))
    ka, kb = key(a, wheel_is_straight=False), key(b, wheel_is_straight=False)
    assert low == -sign((ka > kb) - (ka < kb))
    if not _wheel_ranks(a) and not _wheel_ranks(b):
        assert low == -sign(value_high(*a) - value_high(*b))


@given(deals(4), st.randoms())
def test_permutations_change_nothing(hands, rnd) -> None:
    expected = R.winners(hands)
    shuffled_cards = [tuple(rnd.sample(x, 5)) for x in hands]
    assert [R.strength(x) for x in shuffled_cards] == [R.strength(x) for x in hands]
    order = list(range(len(hands)))
    rnd.shuffle(order)
    got = R.winners([shuffled_cards[i] for i in order])
    assert sorted(order[i] for i in got) == expected


def test_strength_of_single_cards_parsed_any_way() -> None:
    cards = [parse_card(t) for t in ("7♠", "5d", "4C", "3h", "2s")]
    assert R.strength(cards) == 7462


def test_explain_pot() -> None:
    a, b, c, d = h("7s5h4d3c2s"), h("7h5c4s3d2h"), h("7d5s4h3s2c"), h("8h6d4c3h2d")
    assert R.explain_pot([d, a], ["D", "A"]) == R.explain(a, d, "A", "D")
    assert R.explain_pot([a, b], ["A", "B"]).startswith("tie: A's 7-5-4-3-2 and B's 7-5-4-3-2")
    assert R.explain_pot([a, b, c], ["A", "B", "C"]) == (
        "tie: A, B and C have the same ranks (7-5-4-3-2), and suits do not count")
    assert R.explain_pot([d, a, b], ["D", "A", "B"]) == (
        "split: A and B have the same ranks (7-5-4-3-2), and suits do not count; "
        "A's 7-5-4-3-2 beats D's 8-6-4-3-2: 7 is lower than 8 at the first card")
