"""Italian hand ranking (RULES.md §2.2, §2.3, §4; examples §12.5; options §13)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import (
    CardError,
    italian_deck,
    parse_card,
    parse_hand,
    rank_value,
    suit_index,
)
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.italian import make_ranking

RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"

# (id, players, hand X, hand Y, options, expected winner "X"/"Y") — RULES.md §12.5
SHOWDOWNS = [
    ("I-1", 4, "8h 9h Th Qh Ah", "Ks Kd Kc 7s 7d", {}, "X"),
    ("I-2", 4, "Ac 7c 8c 9c Tc", "Th Jh Qh Kh Ah", {}, "X"),
    ("I-3", 4, "8s 9s Ts Js Qs", "Ah 7h 8h 9h Th", {}, "X"),
    ("I-4", 4, "Ts Js Qs Ks As", "9h Th Jh Qh Kh", {}, "X"),
    ("I-5", 4, "Ad 7c 8h 9s Td", "7d 8c 9h Ts Jc", {}, "Y"),
    ("I-6", 4, "Kh Kc Qs 9d 8c", "Kd Ks Qh 9c 8d", {}, "X"),
    ("I-7", 4, "Kd Ks Ac 9h 8h", "Kh Kc Qd 9s 8s", {}, "X"),
    ("I-7 scope", 4, "Kd Ks Ac 9h 8h", "Kh Kc Qd 9s 8s", {"IT_SUIT_TIEBREAK_SCOPE": "PRIMARY_GROUP_FIRST"}, "Y"),
    ("I-8", 4, "Ah Jd 9c 8s 7d", "Ad Jc 9s 8h 7c", {}, "X"),
    ("I-9", 4, "As Ad 7c 7d Kh", "Ah Ac 7h 7s Kd", {}, "Y"),
    ("I-9 kicker", 4, "As Ad 7c 7d Kh", "Ah Ac 7h 7s Kd", {"IT_TWO_PAIR_SUIT_CARD": "KICKER"}, "X"),
    ("I-10", 4, "Ah Qh Th 9h 7h", "Ad Qd Td 9d 7d", {}, "X"),
    ("I-11", 4, "7s 7d 7c 8s 8d", "Ad Kc Qh Js Ts", {}, "X"),
    ("I-12", 9, "As 2s 3s 4s 5s", "Th Jh Qh Kh Ah", {}, "X"),
    ("I-13", 6, "Jh Jd 8c 7s 6d", "Td Tc 9s 9h Ad", {}, "Y"),
]
I14 = ["Ac 7c 8c 9c Tc", "8s 9s Ts Js Qs", "Th Jh Qh Kh Ah"]


@pytest.mark.parametrize("case_id, players, x, y, options, expected", SHOWDOWNS, ids=[c[0] for c in SHOWDOWNS])
def test_rules_12_5_two_hands(case_id, players, x, y, options, expected):
    ranking = get_ranking("italian", players=players, options=options)
    a, b = parse_hand(x), parse_hand(y)
    sign = 1 if expected == "X" else -1
    assert ranking.compare(a, b) == sign
    assert ranking.compare(b, a) == -sign
    assert ranking.winners([a, b]) == [0 if expected == "X" else 1]
    assert ranking.winners([b, a]) == [1 if expected == "X" else 0]


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_rules_12_5_i14_cycle_resolved_by_normal_order(order):
    """I-14: min > max > middle > min is a cycle; §4.4 switches the exception off: the royal wins."""
    ranking = get_ranking("italian", players=4)
    hands = [parse_hand(I14[i]) for i in order]
    assert ranking.winners(hands) == [order.index(2)]
    text = ranking.explain_pot(hands, ["p0", "p1", "p2"])
    assert f"p{order.index(2)}'s maximum straight flush wins" in text and "§4.4" in text


def test_rules_md_12_5_table_matches_these_cases():
    """The hands above are exactly those of RULES.md §12.5."""
    text = RULES_MD.read_text(encoding="utf-8")
    section = text[text.index("### 12.5"):text.index("### 12.6")]
    hand = r"((?:[2-9TJQKA][cdhs] ){4}[2-9TJQKA][cdhs])"
    rows = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(rf"\| (I-\d+) \| {hand}.*?\| {hand}", section)}
    ours = {c[0]: (c[2], c[3]) for c in SHOWDOWNS if " " not in c[0]}
    assert rows == ours
    assert re.search(r"I-14 \| three-way: " + " / ".join(I14), section)


# ---------------------------------------------------------------- descriptions and explanations

@pytest.mark.parametrize("players, hand, text", [
    (4, "Ah Qh Th 9h 7h", "flush (colore), A-Q-T-9-7 of hearts"),
    (4, "Ad 7c 8h 9s Td", "minimum straight (scala minima) A-7-8-9-T, top card T♦"),
    (4, "Kh Kc Qs 9d 8c", "pair of kings (coppia di K) with the K♥, kickers Q-9-8"),
    (4, "Ah Jd 9c 8s 7d", "high card (carta più alta), A-J-9-8-7 with the A♥"),
    (4, "As Ad 7c 7d Kh", "two pair (doppia coppia), aces and sevens with the A♦, kicker K"),
    (4, "7s 7d 7c 8s 8d", "full house (full), sevens full of eights"),
    (4, "Ts Tc Td 8s 9d", "three tens (tris di 10), kickers 9-8"),
    (4, "Qs Qc Qd Qh 9d", "four queens (poker di Q), kicker 9"),
    (4, "Ad Kc Qh Js Ts", "maximum straight (scala massima) T-J-Q-K-A, top card A♦"),
    (4, "7d 8c 9h Ts Jc", "straight (scala) 7-8-9-T-J, top card J♣"),
    (4, "Ac 7c 8c 9c Tc", "minimum straight flush (scala reale minima) A-7-8-9-T of clubs"),
    (4, "Th Jh Qh Kh Ah", "maximum straight flush (scala reale massima) T-J-Q-K-A of hearts"),
    (4, "8s 9s Ts Js Qs", "straight flush (scala reale) 8-9-T-J-Q of spades"),
    (9, "5s 4s 3s 2s As", "minimum straight flush (scala reale minima) A-2-3-4-5 of spades"),
    (2, "Ac 9d Th Js Qs", "minimum straight (scala minima) A-9-T-J-Q, top card Q♠"),
])
def test_describe(players, hand, text):
    assert get_ranking("italian", players=players).describe(parse_hand(hand)) == text


def test_describe_two_pair_kicker_option_names_the_kicker_card():
    ranking = get_ranking("italian", options={"IT_TWO_PAIR_SUIT_CARD": "KICKER"})
    assert ranking.describe(parse_hand("As Ad 7c 7d Kh")) == "two pair (doppia coppia), aces and sevens, kicker K♥"


@pytest.mark.parametrize("x, y, options, fragment", [
    ("Ac 7c 8c 9c Tc", "Th Jh Qh Kh Ah", {}, "the minimum straight flush beats the maximum (RULES.md §4.4)"),
    ("Kh Kc Qs 9d 8c", "Kd Ks Qh 9c 8d", {},
     "same ranks, so the pair holding K♥ beats the pair holding K♦ (hearts > diamonds > clubs > spades"),
    ("8h 9h Th Qh Ah", "Ks Kd Kc 7s 7d", {}, "flush (colore) ranks above full house (full)"),
    ("8s 9s Ts Js Qs", "Ah 7h 8h 9h Th", {}, "a middle straight flush beats the minimum (RULES.md §4.4)"),
    ("Kd Ks Ac 9h 8h", "Kh Kc Qd 9s 8s", {}, "the first kicker A beats Q"),
    ("Kh Kc Qd 9s 8s", "Kd Ks Ac 9h 8h", {"IT_SUIT_TIEBREAK_SCOPE": "PRIMARY_GROUP_FIRST"}, "PRIMARY_GROUP_FIRST"),
    ("Ah Ac 7h 7s Kd", "As Ad 7c 7d Kh", {}, "the top pair holding A♥ beats the top pair holding A♦"),
    ("As Ad 7c 7d Kh", "Ah Ac 7h 7s Kd", {"IT_TWO_PAIR_SUIT_CARD": "KICKER"}, "the kicker K♥ beats the kicker K♦"),
    ("7d 8c 9h Ts Jc", "Ad 7c 8h 9s Td", {}, "the minimum straight being the lowest straight (RULES.md §4.2)"),
    ("Ah Qh Th 9h 7h", "Ad Kd Jd 9d 8d", {"IT_FLUSH_SUIT_FIRST": True}, "IT_FLUSH_SUIT_FIRST"),
])
def test_explain_names_the_winner_first_whatever_the_argument_order(x, y, options, fragment):
    ranking = get_ranking("italian", options=options)
    a, b = parse_hand(x), parse_hand(y)
    for text in (ranking.explain(a, b, "Anna", "Bruno"), ranking.explain(b, a, "Bruno", "Anna")):
        assert text.startswith("Anna's ")
        assert " beats Bruno's " in text
        assert fragment in text


def test_category_names():
    ranking = get_ranking("italian")
    assert ranking.category(parse_hand("8h 9h Th Qh Ah")) == "flush"
    assert ranking.category(parse_hand("Ad 7c 8h 9s Td")) == "straight"
    assert ranking.category(parse_hand("Ah Jd 9c 8s 7d")) == "high card"
    assert ranking.category(parse_hand("Ac 7c 8c 9c Tc")) == "straight flush"


# ---------------------------------------------------------------- decks and the ladder (§2.2, §2.3)

@pytest.mark.parametrize("players", range(2, 11))
def test_minimum_straight_sits_below_the_lowest_rank(players):
    ranking = make_ranking(players=players)
    low = max(2, 11 - players)
    chars = "23456789TJQKA"
    minimum = parse_hand(" ".join(chars[r - 2] + s for r, s in zip([14, low, low + 1, low + 2, low + 3], "scdhs")))
    lowest_ordinary = parse_hand(" ".join(chars[r - 2] + s for r, s in zip(range(low, low + 5), "hdcsh")))
    assert ranking.category(minimum) == "straight"
    assert ranking.compare(lowest_ordinary, minimum) > 0
    # No wrap-around: K-A-L-(L+1)-(L+2) is no straight.
    wrap = parse_hand(" ".join(chars[r - 2] + s for r, s in zip([13, 14, low, low + 1, low + 2], "hdcdh")))
    assert ranking.category(wrap) == "high card"


@pytest.mark.parametrize("players, card", [(4, "6h"), (2, "8s"), (8, "2c"), (5, "5d")])
def test_card_below_the_deck_is_card_not_in_deck(players, card):
    ranking = make_ranking(players=players)
    hand = [parse_card(card), *parse_hand("Ah Ad Kc Qs Jh")[:4]]
    with pytest.raises(CardError) as err:
        ranking.strength(hand)
    assert err.value.code == "CARD_NOT_IN_DECK"
    with pytest.raises(CardError):
        ranking.compare(hand, parse_hand("Ts Tc 9d 9h Ks"))


@pytest.mark.parametrize("cards, code", [
    ("Ah Ah Kc Qs Jh", "CARD_DUPLICATE"),
    ("Ah Kc Qs Jh", "HAND_SIZE_INVALID"),
    ("Ah Kc Qs Jh Th 9h", "HAND_SIZE_INVALID"),
])
def test_malformed_hands_raise_card_errors(cards, code):
    with pytest.raises(CardError) as err:
        make_ranking(players=4).strength([parse_card(t) for t in cards.split()])
    assert err.value.code == code


@pytest.mark.parametrize("players", [1, 11, 0])
def test_player_count_outside_2_to_10(players):
    with pytest.raises(CardError) as err:
        make_ranking(players=players)
    assert err.value.code == "PLAYER_COUNT_INVALID"


def test_52_card_deck_has_the_7462_standard_classes():
    """With L = 2 the ladder is the standard one: 7462 rank classes (§3.4's count), Italian order."""
    from drawdealer.engine.ranking.italian import _rank_classes

    classes = {(c.category, c.v) for _, _, c in _rank_classes(2)}
    assert len(classes) == 7462
    per_category = Counter(category for category, _ in classes)
    assert [per_category[i] for i in range(9)] == [1277, 2860, 858, 858, 10, 156, 1277, 156, 10]


def test_exhaustive_24_card_deck_strength_is_injective_and_matches_the_reference():
    ranking = make_ranking(players=2)
    hands = list(itertools.combinations(italian_deck(2), 5))
    strengths = [ranking.strength(h) for h in hands]
    assert len(set(strengths)) == len(hands) == 42504
    # Sorting by strength agrees with the reference key (ranks, then the key card's suit).
    ordered = [h for _, h in sorted(zip(strengths, hands))]
    keys = [reference_key(h, 9) for h in ordered]
    assert all(k1 <= k2 for k1, k2 in itertools.pairwise(keys))


# ---------------------------------------------------------------- options (§13)

@pytest.mark.parametrize("options, name", [
    ({"IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT": "sometimes"}, "IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT"),
    ({"IT_MIN_SF_BEATS_MAX": 2}, "IT_MIN_SF_BEATS_MAX"),
    ({"IT_SF_CYCLE_RESOLUTION": "MINIMUM_WINS"}, "IT_SF_CYCLE_RESOLUTION"),
    ({"IT_SUIT_TIEBREAK_SCOPE": "SUITS_FIRST"}, "IT_SUIT_TIEBREAK_SCOPE"),
    ({"IT_TWO_PAIR_SUIT_CARD": "LOW_PAIR"}, "IT_TWO_PAIR_SUIT_CARD"),
    ({"IT_FLUSH_SUIT_FIRST": None}, "IT_FLUSH_SUIT_FIRST"),
])
def test_invalid_option_values_name_the_option(options, name):
    with pytest.raises(ValueError, match=name):
        get_ranking("italian", options=options)


def test_option_values_are_case_insensitive_and_other_keys_ignored():
    ranking = get_ranking("italian", options={
        "it_suit_tiebreak_scope": "primary_group_first", "IT_FLUSH_SUIT_FIRST": "yes", "IT_CHIP": 5, "SB": 1,
    })
    assert ranking.options.suit_tiebreak_scope == "PRIMARY_GROUP_FIRST"
    assert ranking.options.flush_suit_first is True


def test_min_sf_beats_max_can_be_switched_off():
    a, b = parse_hand("Ac 7c 8c 9c Tc"), parse_hand("Th Jh Qh Kh Ah")
    assert get_ranking("italian", options={"IT_MIN_SF_BEATS_MAX": False}).compare(a, b) < 0
    assert get_ranking("italian").compare(a, b) > 0


def test_min_straight_beats_max_straight_option_with_its_cycle():
    minimum, middle, maximum = (parse_hand(h) for h in ("Ad 7c 8h 9s Td", "8d 9c Th Js Qc", "Th Jd Qc Ks Ad"))
    default = get_ranking("italian")
    assert default.compare(minimum, maximum) < 0
    ranking = get_ranking("italian", options={"IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT": True})
    assert ranking.compare(minimum, maximum) > 0
    assert ranking.compare(middle, minimum) > 0
    assert ranking.compare(maximum, middle) > 0
    assert ranking.winners([minimum, maximum]) == [0]
    assert ranking.winners([minimum, middle, maximum]) == [2]
    assert "IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT" in ranking.explain(minimum, maximum, "A", "B")


def test_flush_suit_first_option():
    hearts, diamonds = parse_hand("Ah Qh Th 9h 7h"), parse_hand("Ad Kd Jd 9d 8d")
    assert get_ranking("italian").compare(hearts, diamonds) < 0
    assert get_ranking("italian", options={"IT_FLUSH_SUIT_FIRST": True}).compare(hearts, diamonds) > 0


def test_primary_group_first_on_two_pair_and_its_interplay_with_kicker():
    x, y = parse_hand("Ks Kd 7c 7d Ac"), parse_hand("Kh Kc 7h 7s Qd")
    assert get_ranking("italian").compare(x, y) > 0  # ace kicker
    scope = {"IT_SUIT_TIEBREAK_SCOPE": "PRIMARY_GROUP_FIRST"}
    assert get_ranking("italian", options=scope).compare(x, y) < 0  # K♥ before kickers
    # With the kicker as suit card there is no pair suit to put first: ranks decide, then the kicker.
    assert get_ranking("italian", options={**scope, "IT_TWO_PAIR_SUIT_CARD": "KICKER"}).compare(x, y) > 0


# ---------------------------------------------------------------- properties

def reference_key(cards, low):
    """An independent, slow reading of §4.1-§4.3 (default options): ``(category, V, key suit)``."""
    ranks = sorted((rank_value(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({suit_index(c) for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if set(ranks) == {14, low, low + 1, low + 2, low + 3}:
            top = low + 3
        elif ranks[0] - ranks[4] == 4:
            top = ranks[0]
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if top is not None:
        category, v, key_rank = (8 if flush else 4), (top,), top
    elif flush:
        category, v, key_rank = 6, tuple(groups), groups[0]
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 5, (4, 1): 7}[tuple(shape)]
        v, key_rank = tuple(groups), groups[0]
    key_suit = max(suit_index(c) for c in cards if rank_value(c) == key_rank)
    return category, v, key_suit


def reference_beats(a, b, low):
    ka, kb = reference_key(a, low), reference_key(b, low)
    if ka[0] == kb[0] == 8 and {ka[1][0], kb[1][0]} == {low + 3, 14}:
        return ka[1][0] == low + 3  # §4.4: the minimum beats the maximum
    return ka > kb


def deals(min_hands=2):
    """(players, hands): random disjoint five-card hands of the deck of 2..10 players."""
    @st.composite
    def build(draw):
        players = draw(st.integers(2, 10))
        deck = draw(st.permutations(italian_deck(players)))
        count = draw(st.integers(min_hands, players))
        return players, [tuple(deck[5 * i:5 * i + 5]) for i in range(count)]
    return build()


@settings(max_examples=300, deadline=None)
@given(deals())
def test_italian_showdowns_never_tie(deal):
    players, hands = deal
    assert len(make_ranking(players=players).winners(hands)) == 1


@settings(max_examples=200, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_permuting_cards_and_hands_never_changes_the_winner(deal, rnd):
    players, hands = deal
    ranking = make_ranking(players=players)
    winner = set(hands[ranking.winners(hands)[0]])
    shuffled = [rnd.sample(h, 5) for h in hands]
    rnd.shuffle(shuffled)
    assert set(shuffled[ranking.winners(shuffled)[0]]) == winner


@settings(max_examples=400, deadline=None)
@given(deals())
def test_pairwise_compare_matches_an_independent_reference(deal):
    players, hands = deal
    ranking = make_ranking(players=players)
    low = max(2, 11 - players)
    a, b = hands[0], hands[1]
    expected = 1 if reference_beats(a, b, low) else -1
    assert ranking.compare(a, b) == expected
    assert ranking.compare(b, a) == -expected


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 10).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.sampled_from(italian_deck(n)), min_size=5, max_size=5, unique=True),
    st.lists(st.sampled_from(italian_deck(n)), min_size=5, max_size=5, unique=True),
)))
def test_strength_strictly_orders_distinct_hands(case):
    """Even hands sharing cards get different strengths; ranks come before suits."""
    players, a, b = case
    ranking = make_ranking(players=players)
    sa, sb = ranking.strength(a), ranking.strength(b)
    assert (sa == sb) == (set(a) == set(b))
    low = max(2, 11 - players)
    ka, kb = reference_key(a, low), reference_key(b, low)
    if ka[:2] != kb[:2]:
        assert (sa > sb) == (ka[:2] > kb[:2])


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 10), st.permutations(range(4)))
def test_section_4_4_pairwise_relation_and_cycle(players, suits):
    """min beats max, max beats middle, middle beats min; all three → the maximum (§4.4)."""
    low = max(2, 11 - players)
    chars, suit = "23456789TJQKA", "scdh"

    def sf(ranks, s):
        return tuple(parse_card(chars[r - 2] + suit[s]) for r in ranks)

    minimum = sf([14, low, low + 1, low + 2, low + 3], suits[0])
    middle = sf(range(9, 14), suits[1])  # 9-T-J-Q-K: a middle SF for every deck
    maximum = sf(range(10, 15), suits[2])
    ranking = make_ranking(players=players)
    assert ranking.compare(minimum, maximum) > 0
    assert ranking.compare(maximum, middle) > 0
    assert ranking.compare(middle, minimum) > 0
    assert ranking.strength(minimum) < ranking.strength(middle) < ranking.strength(maximum)
    assert ranking.winners([minimum, middle, maximum]) == [2]
    assert ranking.winners([middle, minimum]) == [0]
    assert ranking.winners([maximum, minimum]) == [1]
