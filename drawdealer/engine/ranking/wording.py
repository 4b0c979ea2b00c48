"""Words for five-card classes: descriptions and one-sentence showdown explanations.

Shared by the 2-7 (RULES.md §3) and standard high rankings, which order the same classes
(:mod:`drawdealer.engine.ranking.fivecard`) in opposite directions: ``low_wins`` picks the words
("lower" or "higher").
"""

from __future__ import annotations

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

_CHAR = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_WORDS = {1: "ace", 2: "deuce", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
"""A rank's word by its value (2..14; 1 is the ace played low): what descriptions say and read."""
_PLURAL = {r: ("sixes" if r == 6 else w + "s") for r, w in RANK_WORDS.items()}
_ORDINAL = ("first", "second", "third", "fourth", "fifth")
_WITH_ARTICLE = ("no pair", "a pair", "two pair", "three of a kind", "a straight", "a flush",
                 "a full house", "four of a kind", "a straight flush")
_WHEEL = (14, 5, 4, 3, 2)
_MADE = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


def rank_char(value: int) -> str:
    """``7`` → ``"7"``, ``10`` → ``"T"``, 14 or 1 (low ace) → ``"A"``."""
    return _CHAR.get(value, str(value))


def dashed(values: tuple[int, ...]) -> str:
    """``(7, 5, 4, 3, 2)`` → ``"7-5-4-3-2"``."""
    return "-".join(rank_char(v) for v in values)


def spelled(cls: HandClass) -> str:
    """All five ranks, groups first: ``3-3-6-4-2``, ``K-K-Q-Q-J``, ``9-9-9-K-K``."""
    v, c = cls.ranks, cls.category
    if c == PAIR:
        counts = (2, 1, 1, 1)
    elif c == TWO_PAIR:
        counts = (2, 2, 1)
    elif c == TRIPS:
        counts = (3, 1, 1)
    elif c == FULL_HOUSE:
        counts = (3, 2)
    elif c == QUADS:
        counts = (4, 1)
    else:
        return dashed(v)
    return "-".join(rank_char(r) for r, n in zip(v, counts) for _ in range(n))


def is_royal(cls: HandClass) -> bool:
    return cls.category == STRAIGHT_FLUSH and cls.ranks[0] == 14


def label(cls: HandClass) -> str:
    """A short name for a sentence: ``7-5-4-3-2``, ``3-3-6-4-2``, ``6-5-4-3-2 straight``."""
    if is_royal(cls):
        return "royal flush"
    if cls.category in _MADE:
        return f"{dashed(cls.ranks)} {cls.category_name}"
    return spelled(cls)


def describe(cls: HandClass, *, low_wins: bool) -> str:
    """``7-5-4-3-2 (seven-five low)``, ``pair of threes, 6-4-2``, ``flush, 8-6-4-3-2`` …"""
    v, c = cls.ranks, cls.category
    if c == NO_PAIR:
        if v[0] == 14:
            note = "ace high, not a straight" if low_wins and v == _WHEEL else "ace high"
        elif low_wins:
            note = f"{RANK_WORDS[v[0]]}-{RANK_WORDS[v[1]]} low"
        else:
            note = f"{RANK_WORDS[v[0]]} high"
        return f"{dashed(v)} ({note})"
    if c == PAIR:
        return f"pair of {_PLURAL[v[0]]}, {dashed(v[1:])}"
    if c == TWO_PAIR:
        return f"two pair, {_PLURAL[v[0]]} and {_PLURAL[v[1]]}, {rank_char(v[2])} kicker"
    if c == TRIPS:
        return f"three {_PLURAL[v[0]]}, {dashed(v[1:])}"
    if c == FULL_HOUSE:
        return f"full house, {_PLURAL[v[0]]} full of {_PLURAL[v[1]]}"
    if c == QUADS:
        return f"four {_PLURAL[v[0]]}, {rank_char(v[1])} kicker"
    if is_royal(cls):
        return "royal flush, A-K-Q-J-T"
    return f"{cls.category_name}, {dashed(v)}"


def _difference(w: HandClass, lo: HandClass, i: int, cmp: str) -> str:
    """Why ``w`` beats ``lo`` of the same category, first differing at ``V[i]``."""
    c, x, y = w.category, w.ranks[i], lo.ranks[i]
    if c in (NO_PAIR, FLUSH, STRAIGHT, STRAIGHT_FLUSH):
        return f"{rank_char(x)} is {cmp} than {rank_char(y)} at the {_ORDINAL[i]} card"
    lead = w.ranks[0]
    if c == PAIR:
        if i == 0:
            return f"a pair of {_PLURAL[x]} is {cmp} than a pair of {_PLURAL[y]}"
        return (f"same pair of {_PLURAL[lead]}, then {rank_char(x)} is {cmp} than {rank_char(y)} "
                f"at the {_ORDINAL[i - 1]} kicker")
    if c == TWO_PAIR:
        if i == 0:
            return f"a top pair of {_PLURAL[x]} is {cmp} than a top pair of {_PLURAL[y]}"
        if i == 1:
            return f"same top pair of {_PLURAL[lead]}, then {_PLURAL[x]} are {cmp} than {_PLURAL[y]}"
        return (f"same {_PLURAL[lead]} and {_PLURAL[w.ranks[1]]}, "
                f"then the kicker {rank_char(x)} is {cmp} than {rank_char(y)}")
    group = {TRIPS: "three", FULL_HOUSE: "three", QUADS: "four"}[c]
    if i == 0:
        return f"{group} {_PLURAL[x]} are {cmp} than {group} {_PLURAL[y]}"
    if c == FULL_HOUSE:
        return f"same {_PLURAL[lead]} full, then {_PLURAL[x]} are {cmp} than {_PLURAL[y]}"
    return (f"same {group} {_PLURAL[lead]}, then {rank_char(x)} is {cmp} than {rank_char(y)} "
            f"at the {_ORDINAL[i - 1]} kicker")


def explain(a: HandClass, b: HandClass, name_a: str, name_b: str, *, low_wins: bool) -> str:
    """One sentence: why ``a`` beats ``b``, ``b`` beats ``a``, or why they tie (suits never count)."""
    if a.strength == b.strength:
        return (f"tie: {name_a}'s {label(a)} and {name_b}'s {label(b)} have the same ranks, "
                "and suits do not count")
    if a.strength > b.strength:
        w, lo, name_w, name_l = a, b, name_a, name_b
    else:
        w, lo, name_w, name_l = b, a, name_b, name_a
    head = f"{name_w}'s {label(w)} beats {name_l}'s {label(lo)}"
    cmp = "lower" if low_wins else "higher"
    wheel = low_wins and (lo.ranks == _WHEEL or w.ranks == _WHEEL) and (
        w.category == lo.category or (w.ranks == _WHEEL and lo.category in (STRAIGHT, STRAIGHT_FLUSH)))
    if w.category != lo.category:
        reason = f"{_WITH_ARTICLE[w.category]} beats {_WITH_ARTICLE[lo.category]}"
        if low_wins and lo.category in _MADE and not wheel:
            reason += " (straights and flushes count against the hand in 2-7)"
    else:
        i = next(k for k, (x, y) in enumerate(zip(w.ranks, lo.ranks)) if x != y)
        reason = _difference(w, lo, i, cmp)
    if wheel:
        reason = f"the ace is high in 2-7, so A-5-4-3-2 is an ace-high hand, not a straight, and {reason}"
    return f"{head}: {reason}"
