"""A slow, obvious evaluator written straight from RULES.md §3.3, used as the tests' oracle.

``key(cards, wheel_is_straight=...)`` is ``(category, V)`` in standard high order (§3.2 numbering):
2-7 is "lowest key wins" with ``wheel_is_straight=False`` (RULES.md §3.3 step 4); standard high
is "highest key wins" with ``wheel_is_straight=True``, the wheel's V being ``(5, 4, 3, 2, 1)``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Sequence

from drawdealer.engine.cards import make_card, rank_value, suit_of


def key(cards: Sequence[int], *, wheel_is_straight: bool) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((rank_value(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    v = tuple(sorted(counts, key=lambda r: (-counts[r], -r)))
    flush = len({suit_of(c) for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    if wheel_is_straight and ranks == [14, 5, 4, 3, 2]:
        straight, v = True, (5, 4, 3, 2, 1)
    shape = sorted(counts.values(), reverse=True)
    if straight and flush:
        category = 8
    elif shape == [4, 1]:
        category = 7
    elif shape == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    elif shape == [3, 1, 1]:
        category = 3
    elif shape == [2, 2, 1]:
        category = 2
    elif shape == [2, 1, 1, 1]:
        category = 1
    else:
        category = 0
    return category, v


def class_representatives() -> list[tuple[int, ...]]:
    """One concrete hand per class: every rank multiset, plus a suited copy of each five-distinct set.

    Built independently of the rankings' own tables (7462 hands).
    """
    hands = []
    for idx in combinations_with_replacement(range(13), 5):
        counts = Counter(idx)
        if max(counts.values()) > 4:
            continue
        # The k-th copy of a rank gets suit k; singletons rotate through the suits (0 1 2 3 0), so
        # the plain version is never a flush.
        cards, used = [], Counter()
        for n, r in enumerate(idx):
            suit = used[r] if counts[r] > 1 else n % 4
            used[r] += 1
            cards.append(make_card(r, suit))
        if len(counts) == 5:
            hands.append(tuple(cards))
            hands.append(tuple(make_card(r, 3) for r in idx))
        else:
            hands.append(tuple(cards))
    return hands
