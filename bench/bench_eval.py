"""Hand-evaluation throughput: 200,000 random five-card hands per ranking, cards parsed ahead.

Prints evaluations per second and the ratio to a naive sort-and-compare evaluator (the RULES.md
§3.3 key computed by sorting and counting) run on the same hands in the same process, plus
pokerkit's deuce-to-seven lookup when pokerkit is installed. Goal: >= 4 million 2-7 evaluations
per second on one core. Badugi (RULES.md §15) is timed on 200,000 random four-card hands beside
pokerkit's ``BadugiHand`` on the same hands (after checking that both order them alike); goal:
>= 2 million Badugi evaluations per second. Run: ``python bench/bench_eval.py``.
"""

from __future__ import annotations

import platform
import random
import time
from collections import Counter
from itertools import starmap
from typing import Callable

from drawdealer.engine.cards import CARDS, cards_str, italian_deck
from drawdealer.engine.ranking import get_ranking

N = 200_000
REPEATS = 5


def naive_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, V) by sorting ranks and counting (RULES.md §3.3): the reference evaluator."""
    ranks = sorted((((c >> 8) & 0xF) + 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    v = tuple(sorted(counts, key=lambda r: (-counts[r], -r)))
    flush = len({(c >> 12) & 0xF for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    shape = sorted(counts.values(), reverse=True)
    if straight and flush:
        category = 8
    elif shape[0] == 4:
        category = 7
    elif shape == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {3: 3, 2: 2 if shape[1] == 2 else 1, 1: 0}[shape[0]]
    return category, v


def best_time(run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def main() -> None:
    rng = random.Random(20240601)
    hands = [tuple(rng.sample(CARDS, 5)) for _ in range(N)]
    it_deck = italian_deck(4)
    it_hands = [tuple(rng.sample(it_deck, 5)) for _ in range(N)]

    from drawdealer.engine.ranking.a5 import value_a5
    from drawdealer.engine.ranking.badugi import table, value_badugi, values_badugi
    from drawdealer.engine.ranking.high import value_high, values_high
    from drawdealer.engine.ranking.lowball27 import value27, values27

    low, high, italian = get_ranking("27"), get_ranking("high"), get_ranking("italian", players=4)

    # Sanity: the fast 2-7 values order hands exactly as the naive reversed key does.
    v27 = values27(hands)
    keys = [naive_key(h) for h in hands[:20_000]]
    assert all(sign(v27[i] - v27[i + 1]) == sign((keys[i + 1] > keys[i]) - (keys[i + 1] < keys[i]))
               for i in range(len(keys) - 1)), "value27 disagrees with the naive evaluator"

    naive = N / best_time(lambda: [naive_key(h) for h in hands])
    naive_it = N / best_time(lambda: [naive_key(h) for h in it_hands])
    rows: list[tuple[str, float, float]] = [("naive sort-and-compare (reference)", naive, naive)]

    def add(label: str, run: Callable[[], object], reference: float = naive) -> None:
        rows.append((label, N / best_time(run), reference))

    add("2-7   value27(a, b, c, d, e), starmap", lambda: list(starmap(value27, hands)))
    add("2-7   value27(a, b, c, d, e), for loop", lambda: [value27(a, b, c, d, e) for a, b, c, d, e in hands])
    add("2-7   values27(hands), batch", lambda: values27(hands))
    add("2-7   Ranking.strength(hand)", lambda: list(map(low.strength, hands)))
    add("high  value_high(a, b, c, d, e), starmap", lambda: list(starmap(value_high, hands)))
    add("high  values_high(hands), batch", lambda: values_high(hands))
    add("high  Ranking.strength(hand)", lambda: list(map(high.strength, hands)))
    add("a-5   value_a5(a, b, c, d, e), starmap", lambda: list(starmap(value_a5, hands)))
    badugi_hands = [h[:4] for h in hands]
    table()  # built once, before timing
    add("badugi value_badugi(a, b, c, d), starmap", lambda: list(starmap(value_badugi, badugi_hands)))
    add("badugi values_badugi(hands), batch", lambda: values_badugi(badugi_hands))
    rows.append(("naive on the 32-card Italian hands", naive_it, naive_it))
    add("ita   Ranking.strength(hand), 4 players", lambda: list(map(italian.strength, it_hands)), naive_it)

    try:
        from pokerkit import Card as PKCard
        from pokerkit.lookups import Standard2Lookup
    except ImportError:
        pk_note = "pokerkit not installed (pip install pokerkit): skipped"
    else:
        lookup = Standard2Lookup()
        pk_hands = [tuple(PKCard.parse(cards_str(h, sep=""))) for h in hands]
        # pokerkit's lower entry is the better 2-7 hand; check it agrees with us before timing it.
        pk = [lookup.get_entry(h) for h in pk_hands[:20_000]]
        agree = all(sign(v27[i] - v27[i + 1]) == sign((pk[i + 1] > pk[i]) - (pk[i + 1] < pk[i]))
                    for i in range(len(pk) - 1))
        add("pokerkit Standard2Lookup.get_entry (2-7)", lambda: [lookup.get_entry(h) for h in pk_hands])
        pk_note = f"pokerkit agrees with value27 on 20,000 consecutive pairs: {agree}"
        from pokerkit import BadugiHand
        vb = values_badugi(badugi_hands[:20_000])
        pk_b = [BadugiHand.from_game(cards_str(h, sep="")) for h in badugi_hands[:20_000]]
        agree_b = all(sign(vb[i] - vb[i + 1]) == sign((pk_b[i] > pk_b[i + 1]) - (pk_b[i] < pk_b[i + 1]))
                      for i in range(len(pk_b) - 1))
        pk_bh = [tuple(PKCard.parse(cards_str(h, sep=""))) for h in badugi_hands[:20_000]]
        rate = 20_000 / best_time(lambda: [BadugiHand.from_game(h) for h in pk_bh])
        rows.append(("pokerkit BadugiHand.from_game (20,000)", rate, naive))
        ours = next(r for label, r, _ in rows if label.startswith("badugi value_badugi"))
        pk_note += (f"; pokerkit BadugiHand agrees with value_badugi on 20,000 consecutive pairs: {agree_b}, "
                    f"value_badugi is {ours / rate:,.0f}x pokerkit's BadugiHand.from_game ({rate:,.0f} evals/s)")

    print(f"{N:,} random hands, best of {REPEATS}; Python {platform.python_version()} "
          f"({platform.python_implementation()}) on {platform.machine()}")
    print(f"{'evaluator':44s} {'M evals/s':>10s} {'x naive':>8s}")
    for label, rate, reference in rows:
        print(f"{label:44s} {rate / 1e6:10.2f} {rate / reference:8.1f}")
    print(pk_note)
    goal = max(rate for label, rate, _ in rows if label.startswith("2-7   value27"))
    print(f"goal >= 4.00 M 2-7 evals/s (one call per hand): {'met' if goal >= 4e6 else 'NOT met'} ({goal / 1e6:.2f})")
    badugi = next(rate for label, rate, _ in rows if label.startswith("badugi value_badugi"))
    print(f"goal >= 2.00 M Badugi evals/s (one call per hand): {'met' if badugi >= 2e6 else 'NOT met'} "
          f"({badugi / 1e6:.2f}; {goal / badugi:.2f}x slower than 2-7 in this run)")


if __name__ == "__main__":
    main()
