"""The 7462 rank classes of five-card hands and the look-up tables built from them (RULES.md §3.3-§3.4).

Ace-to-five low (RULES.md §16) orders the 6175 classes left when straights and flushes do not
count and the ace is always 1; :func:`build_tables` builds those too (``ace_to_five=True``).

A class is what remains of a hand once suits are forgotten, except whether it is a flush:
1287 sets of five distinct ranks (each plain or suited) and 4888 multisets with a repeated rank.
Both the 2-7 ranking and standard high order these same classes; they differ only in whether
``A-2-3-4-5`` is a straight and in which end of the order wins.

:func:`build_tables` numbers the classes 1..7462 (higher = better) and returns two tables keyed
by the Cactus-Kev card ints of :mod:`drawdealer.engine.cards`:

* ``unique``: a list indexed by ``(a|b|c|d|e) >> 12``, i.e. the 13 rank bits above the 4 suit bits.
  For five distinct ranks this index says which ranks and whether one suit holds them all, so it
  gives the class directly; for every other index the entry is 0.
* ``paired``: a dict from the product of the five rank primes (``card & 0xFF``) to the class, for
  hands with a repeated rank (which can never be flushes).

So a hand is valued by ``unique[(a|b|c|d|e) >> 12] or paired[(a&255)*(b&255)*(c&255)*(d&255)*(e&255)]``:
about ten integer operations and one look-up, no sorting.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Iterable, NamedTuple, Sequence

from drawdealer.engine.cards import PRIMES, Card

NO_PAIR, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
"""Categories in standard order, worst to best for high, best to worst for 2-7 (RULES.md §3.2)."""

CATEGORY_NAMES = (
    "no pair", "one pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)

LOW_ACE = 1
"""Rank value of the ace when it plays low, in the high ranking's ``5-4-3-2-A`` straight."""

class HandClass(NamedTuple):
    """One equivalence class: its category and tie-break vector ``V`` (RULES.md §3.3 step 3).

    ``ranks`` are the distinct rank values by multiplicity then rank, descending, e.g. ``(3, 6, 4, 2)``
    for ``3-3-6-4-2``; a straight played with a low ace lists it last as 1: ``(5, 4, 3, 2, 1)``.
    ``strength`` is the class number, 1 (worst) .. 7462 (best).
    """

    category: int
    ranks: tuple[int, ...]
    strength: int

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES[self.category]


_V_LENGTH = (5, 4, 3, 3, 5, 5, 2, 2, 5)
"""Length of ``V`` per category."""

class Tables(NamedTuple):
    """The two look-up tables, and the classes' order keys in strength order (class ``n`` is ``order[n - 1]``).

    An order key packs ``(category, V)`` into one int, ``category << 20 | V[0] << 16 | V[1] << 12 …``,
    so that comparing keys compares ``(category, V)`` lexicographically.
    """

    unique: list[int]
    paired: dict[int, int]
    order: list[int]

    def hand_class(self, strength: int) -> HandClass:
        """The class numbered ``strength`` (1..7462)."""
        k = self.order[strength - 1]
        category = k >> 20
        ranks = tuple((k >> (16 - 4 * i)) & 0xF for i in range(_V_LENGTH[category]))
        return HandClass(category, ranks, strength)


def _classes(ace_low_straight: bool, ace_to_five: bool = False) -> dict[int, list[tuple[int, int]]]:
    """All 7462 classes (6175 with ``ace_to_five``), by category, highest ``V`` first.

    Each class is its order key and where the tables find it: for five distinct ranks (no pair,
    straight, flush, straight flush; with ``ace_to_five`` flushes and straights do not count and
    the ace's value is 1, RULES.md §16) their 13 rank bits, for a repeated rank the product of the
    five rank primes. The combinations below come out highest ``V`` first, the ranks being listed
    from the highest value down; only the straights are sorted (the 5-high one, played
    ``5-4-3-2-A``, comes out among the ace-high sets).
    """
    pr = PRIMES
    value = [r + 2 for r in range(13)]
    if ace_to_five:
        value[12] = LOW_ACE
    # rank indices from the highest value down, so that every combination below lists its ranks
    # in the order ``V`` wants them (the ace last when it is 1)
    ranks = sorted(range(13), key=value.__getitem__, reverse=True)
    # v0[r] .. v4[r]: rank r's value as the first .. fifth field of ``V`` (4 bits each, from bit 16 down)
    v0, v1, v2, v3, v4 = ([value[r] << 4 * (4 - field) for r in range(13)] for field in range(5))
    classes: dict[int, list[tuple[int, int]]] = {category: [] for category in range(len(CATEGORY_NAMES))}
    for i, j, k, n, m in combinations(ranks, 5):
        bits = 1 << i | 1 << j | 1 << k | 1 << n | 1 << m
        v = v0[i] | v1[j] | v2[k] | v3[n] | v4[m]
        if ace_to_five:
            classes[NO_PAIR].append((NO_PAIR << 20 | v, bits))
            continue
        straight = i - m == 4
        if ace_low_straight and (i, j, k, n, m) == (12, 3, 2, 1, 0):
            straight, v = True, 5 << 16 | 4 << 12 | 3 << 8 | 2 << 4 | LOW_ACE
        if straight:
            classes[STRAIGHT].append((STRAIGHT << 20 | v, bits))
            classes[STRAIGHT_FLUSH].append((STRAIGHT_FLUSH << 20 | v, bits))
        else:
            classes[NO_PAIR].append((NO_PAIR << 20 | v, bits))
            classes[FLUSH].append((FLUSH << 20 | v, bits))
    classes[STRAIGHT].sort(reverse=True)
    classes[STRAIGHT_FLUSH].sort(reverse=True)
    for p in ranks:
        others = [r for r in ranks if r != p]
        p2 = pr[p] * pr[p]
        classes[PAIR] += [(PAIR << 20 | v0[p] | v1[i] | v2[j] | v3[k], p2 * pr[i] * pr[j] * pr[k])
                          for i, j, k in combinations(others, 3)]
        classes[TRIPS] += [(TRIPS << 20 | v0[p] | v1[i] | v2[j], p2 * pr[p] * pr[i] * pr[j])
                           for i, j in combinations(others, 2)]
        classes[FULL_HOUSE] += [(FULL_HOUSE << 20 | v0[p] | v1[k], p2 * pr[p] * pr[k] * pr[k]) for k in others]
        classes[QUADS] += [(QUADS << 20 | v0[p] | v1[k], p2 * p2 * pr[k]) for k in others]
    for hi, lo in combinations(ranks, 2):
        h2l2 = pr[hi] * pr[hi] * pr[lo] * pr[lo]
        classes[TWO_PAIR] += [(TWO_PAIR << 20 | v0[hi] | v1[lo] | v2[k], h2l2 * pr[k])
                              for k in ranks if k != hi and k != lo]
    return {category: found for category, found in classes.items() if found}


def build_tables(*, ace_low_straight: bool, low_wins: bool, ace_to_five: bool = False) -> Tables:
    """Number the 7462 classes and build the look-up tables.

    ``ace_low_straight``: ``A-2-3-4-5`` is a straight (standard high) or an ace-high no-pair hand
    (2-7, RULES.md §2.3). ``low_wins``: the class with the lowest ``(category, V)`` is the best
    (2-7, RULES.md §3.3 step 4) rather than the highest. ``ace_to_five``: the ace is 1 and
    straights and flushes do not count (RULES.md §16). The classes are numbered category by
    category, worst first, in the order :func:`_classes` gives them (no sort): a few milliseconds.
    """
    order: list[int] = []
    strength: dict[int, dict[int, int]] = {}  # per category: rank bits or prime product -> class number
    for category, found in sorted(_classes(ace_low_straight, ace_to_five).items(), reverse=low_wins):
        keys, places = zip(*(found if low_wins else reversed(found)))  # worst first: the highest V when low wins
        strength[category] = dict(zip(places, range(len(order) + 1, len(order) + len(keys) + 1)))
        order += keys
    offsuit = strength[NO_PAIR] | strength.get(STRAIGHT, {})
    suited = offsuit if ace_to_five else strength[FLUSH] | strength[STRAIGHT_FLUSH]
    unique = [0] * (1 << 17)
    for bits, o in offsuit.items():
        s = suited[bits]
        # the entries of suit bits 1 .. 15 under these rank bits: one suit alone (1, 2, 4, 8) is a flush
        first = bits << 4
        unique[first + 1:first + 16] = (s, s, o, s, o, o, o, s, o, o, o, o, o, o, o)
    paired = {}
    for category in (PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS):
        paired |= strength[category]
    return Tables(unique, paired, order)


def evaluators(tables: Tables) -> tuple[Callable[[Card, Card, Card, Card, Card], int],
                                         Callable[[Iterable[Sequence[Card]]], list[int]]]:
    """``(value, values)`` over ``tables``: ``value(a, b, c, d, e)`` is the class number of five
    distinct cards (higher is better, equal numbers tie), by the look-up of this module's docstring;
    ``values(hands)`` is the same for many five-card hands, without a call per hand."""
    unique, paired = tables.unique, tables.paired

    def value(a: Card, b: Card, c: Card, d: Card, e: Card) -> int:
        return unique[(a | b | c | d | e) >> 12] or paired[(a & 255) * (b & 255) * (c & 255) * (d & 255) * (e & 255)]

    def values(hands: Iterable[Sequence[Card]]) -> list[int]:
        return [unique[(a | b | c | d | e) >> 12] or paired[(a & 255) * (b & 255) * (c & 255) * (d & 255) * (e & 255)]
                for a, b, c, d, e in hands]

    return value, values
