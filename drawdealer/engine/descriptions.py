"""What a log's hand description says, checked against the cards (``HAND_CLAIM_WRONG``, RULES.md §9.2, §11.5).

Cards speak: a description is only a claim. :func:`read_description` understands the words sites
print beside a shown hand (PokerStars: ``Lo: 7,5,4,3,2``, ``Lo: a pair of Eights``, ``a pair of
Kings``, ``two pair, Jacks and Sixes``, ``a straight, Five to Nine``, ``a flush, Jack high``,
``a full house, Kings full of Jacks`` …) as a category and the ranks it names;
:func:`contradicts` says whether the hand's class (``ranking.hand_class``) disagrees. Words it does
not understand are no claim (never a finding).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from drawdealer.engine.ranking.fivecard import (
    FLUSH,
    FULL_HOUSE,
    NO_PAIR,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    HandClass,
)
from drawdealer.engine.ranking.wording import RANK_WORDS

_WORDS = {word: value for value, word in RANK_WORDS.items() if value > 1} | {"two": 2}  # sites say either
_CHARS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
_R = r"([A-Za-z]+)"  # a rank word, singular or plural ("Sixes", "Deuces")
_PATTERNS = (
    (re.compile(rf"high card {_R}"), NO_PAIR),
    (re.compile(rf"a pair of {_R}"), PAIR),
    (re.compile(rf"two pair, {_R} and {_R}"), TWO_PAIR),
    (re.compile(rf"three of a kind, {_R}"), TRIPS),
    (re.compile(rf"a straight, {_R} to {_R}"), STRAIGHT),
    (re.compile(rf"a flush, {_R} high"), FLUSH),
    (re.compile(rf"a full house, {_R} full of {_R}"), FULL_HOUSE),
    (re.compile(rf"four of a kind, {_R}"), QUADS),
    (re.compile(rf"a straight flush, {_R} to {_R}"), STRAIGHT_FLUSH),
)
_LOW_LIST = re.compile(r"([2-9TJQKA]),([2-9TJQKA]),([2-9TJQKA]),([2-9TJQKA]),([2-9TJQKA])")


class Claimed(NamedTuple):
    """A description read: the category and the ranks it names (for a straight: ``(low, high)``)."""

    category: int
    ranks: tuple[int, ...]


def _rank(word: str) -> int | None:
    w = word.lower()
    return _WORDS.get(w) or _WORDS.get(w[:-1]) or (_WORDS.get(w[:-2]) if w.endswith("es") else None)


def read_description(text: str) -> Claimed | None:
    """The claim in ``text``, or None when the words are not understood."""
    body = text.strip()
    for prefix in ("Lo:", "Hi:", "HI:", "LO:"):
        if body.startswith(prefix):
            body = body[len(prefix):].strip()
            break
    low = _LOW_LIST.fullmatch(body)
    if low:
        return Claimed(NO_PAIR, tuple(_CHARS.get(c) or int(c) for c in low.groups()))
    if body.lower() == "a royal flush":
        return Claimed(STRAIGHT_FLUSH, (10, 14))
    for pattern, category in _PATTERNS:
        m = pattern.fullmatch(body)
        if m:
            ranks = tuple(_rank(w) for w in m.groups())
            if None in ranks:
                return None
            return Claimed(category, ranks)  # type: ignore[arg-type]
    return None


def contradicts(claimed: Claimed, actual: HandClass) -> bool:
    """True when the claim cannot describe a hand of class ``actual``."""
    if claimed.category != actual.category:
        return True
    ranks = actual.ranks
    if claimed.category in (STRAIGHT, STRAIGHT_FLUSH):
        low, high = claimed.ranks
        return ranks[0] != high or ranks[-1] != (1 if low == 14 and high == 5 else low)
    return tuple(ranks[: len(claimed.ranks)]) != claimed.ranks
