"""Hand descriptions a log prints, read and checked against the cards (HAND_CLAIM_WRONG, RULES.md §9.2)."""

from __future__ import annotations

import pytest

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.descriptions import contradicts, read_description
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.ranking.fivecard import (
    FLUSH,
    FULL_HOUSE,
    NO_PAIR,
    PAIR,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
)


@pytest.mark.parametrize(("text", "category", "ranks"), [
    ("Lo: T,6,5,3,2", NO_PAIR, (10, 6, 5, 3, 2)),
    ("Lo: a pair of Eights", PAIR, (8,)),
    ("HI: a pair of Tens", PAIR, (10,)),
    ("a pair of Deuces", PAIR, (2,)),
    ("two pair, Jacks and Sixes", TWO_PAIR, (11, 6)),
    ("three of a kind, Aces", TRIPS, (14,)),
    ("a straight, Five to Nine", STRAIGHT, (5, 9)),
    ("a flush, Jack high", FLUSH, (11,)),
    ("a full house, Kings full of Jacks", FULL_HOUSE, (13, 11)),
    ("high card Queen", NO_PAIR, (12,)),
])
def test_pokerstars_words(text: str, category: int, ranks: tuple[int, ...]) -> None:
    claimed = read_description(text)
    assert claimed is not None and (claimed.category, claimed.ranks) == (category, ranks)


@pytest.mark.parametrize("text", ["Badugi: T,8,7,5", "3-card: 6,5,4", "a pair of Jokers", "", "nuts"])
def test_words_it_does_not_understand_are_no_claim(text: str) -> None:
    assert read_description(text) is None


@pytest.mark.parametrize(("ranking", "cards", "text", "wrong"), [
    ("27", "8s 7d 4h 3s 2c", "Lo: 8,7,4,3,2", False),
    ("27", "8s 7d 4h 3s 2c", "Lo: 7,5,4,3,2", True),
    ("27", "As 5h 4d 3c 2s", "Lo: A,5,4,3,2", False),  # RULES.md §3.4: not a straight in 2-7
    ("27", "8h 8d 4h 3s 2c", "Lo: a pair of Eights", False),
    ("27", "8h 8d 4h 3s 2c", "Lo: a pair of Fours", True),
    ("high", "Qs Qh 5c 5d Ah", "two pair, Queens and Fives", False),
    ("high", "Qs Qh 5c 5d Ah", "two pair, Queens and Sixes", True),
    ("high", "5s 9h 7c 6c 8s", "a straight, Five to Nine", False),
    ("high", "As 2h 3c 4c 5s", "a straight, Ace to Five", False),
    ("high", "3s Js 5s 6s 2s", "a flush, Jack high", False),
    ("high", "Jd Ks Jc Kc Kh", "a full house, Kings full of Jacks", False),
    ("high", "Jd Ks Jc Kc Kh", "a full house, Jacks full of Kings", True),
    ("high", "Kh Kd Ks 7c 3d", "three of a kind, Kings", False),
])
def test_claims_against_cards(ranking: str, cards: str, text: str, wrong: bool) -> None:
    rank = get_ranking("lowball27" if ranking == "27" else "high")
    claimed = read_description(text)
    assert claimed is not None
    assert contradicts(claimed, rank.hand_class(parse_cards(cards))) is wrong
