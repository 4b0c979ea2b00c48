"""Italian ranking throughput (RULES.md §4): table look-up vs a naive sort-and-branch evaluator.

Run: ``python bench/italian_eval.py``. Prints evaluations per second on 200,000 random hands of the
32-card (4 players) and 52-card (9 players) decks, and the ratio to the naive evaluator run on the
same hands in the same process. Table build time (first use) is printed separately.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from drawdealer.engine.cards import (
    italian_deck,
    italian_lowest_rank,
    rank_value,
    suit_index,
)
from drawdealer.engine.ranking.italian import make_ranking

N = 200_000


def naive_key(cards, low):
    """Sort and branch per call: (category, V, key suit) of §4.1-§4.3."""
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
    shape = tuple(sorted(counts.values(), reverse=True))
    if top is not None:
        category, v, key_rank = (8 if flush else 4), (top,), top
    elif flush:
        category, v, key_rank = 6, tuple(groups), groups[0]
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 5, (4, 1): 7}[shape]
        v, key_rank = tuple(groups), groups[0]
    return category, v, max(suit_index(c) for c in cards if rank_value(c) == key_rank)


def rate(fn, hands):
    start = time.perf_counter()
    for hand in hands:
        fn(hand)
    return len(hands) / (time.perf_counter() - start)


def main() -> None:
    rng = random.Random(20240601)
    for players in (4, 9):
        start = time.perf_counter()
        ranking = make_ranking(players=players)
        build_ms = (time.perf_counter() - start) * 1000
        deck = italian_deck(players)
        hands = [tuple(rng.sample(deck, 5)) for _ in range(N)]
        low = italian_lowest_rank(players)
        table = rate(ranking.strength, hands)
        naive = rate(lambda h, low=low: naive_key(h, low), hands)
        print(f"{players} players ({len(deck)} cards): tables built in {build_ms:.1f} ms; "
              f"strength {table / 1e6:.2f} M evals/s, naive {naive / 1e6:.2f} M evals/s, "
              f"ratio {table / naive:.1f}x")


if __name__ == "__main__":
    main()
