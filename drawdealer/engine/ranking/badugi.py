"""Badugi ranking (RULES.md §15): the ace is low; of a hand's cards only those of different ranks
and different suits count, the best such subset playing; more counting cards beat fewer; with as
many, the highest counting card decides, then the next (lower wins); suits never break ties.

A class is the number of counting cards and their ranks: C(13,4) + C(13,3) + C(13,2) + C(13,1)
= 715 + 286 + 78 + 13 = 1092 classes, numbered 1 (the worst, a lone king) .. 1092 (``4-3-2-A``).

:func:`badugi_class` is the rule itself. :func:`value_badugi` is the fast path: the class of all
270,725 four-card hands, built from :func:`badugi_class` on first use (a second or two), looked up
as two pairs of cards (two small dictionaries, then a compact array), because one dictionary of
270,725 keys is slower than the rule's arithmetic wants (its entries do not stay in the cache). A hand of five cards (Badeucey, Badacey, RULES.md §17) plays
its best four.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from drawdealer.engine.cards import CARDS, Card
from drawdealer.engine.ranking.tableranking import ValueRanking
from drawdealer.engine.ranking.wording import rank_char

CLASSES = 1092
"""Number of Badugi classes (see the module docstring)."""


_COUNT_WORDS = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card"}
_ORDINAL = ("first", "second", "third", "fourth")


class BadugiClass(NamedTuple):
    """The counting cards' number and ranks (the ace is 1), highest first, and the class number."""

    count: int
    ranks: tuple[int, ...]
    strength: int


def _order() -> dict[tuple[int, ...], int]:
    """Ranks (highest first) → class number: fewer cards are worse; then higher ranks are worse."""
    every = [tuple(sorted(c, reverse=True)) for k in range(1, 5) for c in combinations(range(1, 14), k)]
    every.sort(key=lambda ranks: (len(ranks), tuple(-r for r in ranks)))
    return {ranks: n for n, ranks in enumerate(every, 1)}


_STRENGTH = _order()


def _low_rank(card: Card) -> int:
    """The ace is 1, a deuce 2 … a king 13 (RULES.md §15: the ace is low)."""
    return ((card >> 8) & 0xF) + 2 if (card >> 8) & 0xF != 12 else 1


def counting_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards that play: the most cards of different ranks and suits, then the lowest (§15)."""
    best: tuple[Card, ...] = ()
    best_key: tuple[int, ...] = ()
    for k in range(min(4, len(cards)), 0, -1):
        for subset in combinations(cards, k):
            ranks = {_low_rank(c) for c in subset}
            if len(ranks) == k and len({c & 0xF000 for c in subset}) == k:
                key = tuple(sorted(ranks, reverse=True))
                if not best or key < best_key:
                    best, best_key = subset, key
        if best:
            return best
    return best


def badugi_class(cards: Sequence[Card]) -> BadugiClass:
    """The class of a hand of 1..5 distinct cards (RULES.md §15; five cards play their best four)."""
    ranks = tuple(sorted((_low_rank(c) for c in counting_cards(cards)), reverse=True))
    return BadugiClass(len(ranks), ranks, _STRENGTH[ranks])


def classes() -> list[BadugiClass]:
    """All 1092 classes, worst first (``classes()[s - 1]`` has strength ``s``)."""
    return [BadugiClass(len(r), r, n) for r, n in sorted(_STRENGTH.items(), key=lambda item: item[1])]


_PAIR_MASK = 0x703F
"""Suit bits (spades, clubs, diamonds; hearts as none) and prime of a Cactus-Kev card: the product
of two cards' fields is different for every pair and below 2^30 (one machine digit)."""
_PAIRS = 1326


def _build_table() -> tuple[dict[int, int], dict[int, int], array]:
    """The look-up of every four-card hand as two pairs (RULES.md §15, via :func:`badugi_class`).

    ``first`` maps a pair's key to its number × 1326, ``second`` to its number, and
    ``strengths[first + second]`` is the class of the four cards, for each of the three ways of
    splitting them into two pairs, in either order (2-byte entries: 3.5 MB). The class depends only
    on the ranks and on which cards share a suit, so it is computed once per such shape.
    """
    mask = _PAIR_MASK
    number = [[0] * 52 for _ in range(52)]  # pair number of cards x, y (indices into CARDS)
    first: dict[int, int] = {}
    for k, (x, y) in enumerate(combinations(range(52), 2)):
        number[x][y] = number[y][x] = k
        first[(CARDS[x] & mask) * (CARDS[y] & mask)] = k * _PAIRS
    second = {key: k // _PAIRS for key, k in first.items()}
    strengths = array("H", bytes(2 * _PAIRS * _PAIRS))
    pattern = {}  # the suits of four cards (2 bits each) → which of them share a suit, numbered
    for suits in range(256):
        seen: list[int] = []
        for shift in (6, 4, 2, 0):
            suit = suits >> shift & 3
            if suit not in seen:
                seen.append(suit)
        pattern[suits] = tuple(seen.index(suits >> shift & 3) for shift in (6, 4, 2, 0))
    shape: dict[tuple[int, ...], int] = {}
    for i, j, k, m in combinations(range(52), 4):  # CARDS is ordered by rank, then suit
        form = (i >> 2, j >> 2, k >> 2, m >> 2, pattern[(i & 3) << 6 | (j & 3) << 4 | (k & 3) << 2 | m & 3])
        value = shape.get(form)
        if value is None:
            value = shape[form] = badugi_class((CARDS[i], CARDS[j], CARDS[k], CARDS[m])).strength
        ni, nj, nk = number[i], number[j], number[k]
        for p, q in ((ni[j], nk[m]), (ni[k], nj[m]), (ni[m], nj[k])):
            strengths[p * _PAIRS + q] = strengths[q * _PAIRS + p] = value
    return first, second, strengths


_FIRST: dict[int, int] = {}
_SECOND: dict[int, int] = {}
_STRENGTHS = array("H")


def table() -> tuple[dict[int, int], dict[int, int], array]:
    """The look-up tables of :func:`value_badugi`, built on first use (about a second)."""
    if not _FIRST:
        first, second, strengths = _build_table()
        _SECOND.update(second)
        _STRENGTHS.extend(strengths)
        _FIRST.update(first)
    return _FIRST, _SECOND, _STRENGTHS


def value_badugi(a: Card, b: Card, c: Card, d: Card) -> int:
    """Badugi strength of four distinct cards, 1..1092, higher is better: three look-ups (0, or
    KeyError, for a card given twice)."""
    try:
        return _STRENGTHS[_FIRST[(a & 0x703F) * (b & 0x703F)] + _SECOND[(c & 0x703F) * (d & 0x703F)]]
    except KeyError:
        if _FIRST:  # built: a card given twice
            raise
        table()
        return value_badugi(a, b, c, d)


def values_badugi(hands: Iterable[Sequence[Card]]) -> list[int]:
    """:func:`value_badugi` of each four-card hand (the same look-ups, without a call per hand)."""
    first, second, strengths = table()
    return [strengths[first[(a & 0x703F) * (b & 0x703F)] + second[(c & 0x703F) * (d & 0x703F)]]
            for a, b, c, d in hands]


def strength(*cards: Card) -> int:
    """Class number of a hand of any size 1..5 by the rule itself (no table to build)."""
    return badugi_class(cards).strength


def label(cls: BadugiClass) -> str:
    """``8-5-3-A badugi``, ``three-card 7-4-2``, ``one-card K``."""
    ranks = "-".join(rank_char(r) for r in cls.ranks)
    return f"{ranks} badugi" if cls.count == 4 else f"{_COUNT_WORDS[cls.count]} {ranks}"


def explain(a: BadugiClass, b: BadugiClass, name_a: str, name_b: str) -> str:
    """One sentence: why ``a`` beats ``b``, ``b`` beats ``a``, or why they tie (RULES.md §15)."""
    if a.strength == b.strength:
        return (f"tie: {name_a}'s {label(a)} and {name_b}'s {label(b)} have the same ranks, "
                "and suits do not count")
    w, lo, name_w, name_l = (a, b, name_a, name_b) if a.strength > b.strength else (b, a, name_b, name_a)
    head = f"{name_w}'s {label(w)} beats {name_l}'s {label(lo)}"
    if w.count != lo.count:
        more = "a four-card badugi" if w.count == 4 else f"a {_COUNT_WORDS[w.count]} hand"
        return f"{head}: {more} beats any {_COUNT_WORDS[lo.count]} hand"
    i = next(k for k, (x, y) in enumerate(zip(w.ranks, lo.ranks)) if x != y)
    return f"{head}: {rank_char(w.ranks[i])} is lower than {rank_char(lo.ranks[i])} at the {_ORDINAL[i]} card"


class BadugiRanking(ValueRanking):
    """:class:`~drawdealer.engine.ranking.Ranking` for Badugi: hands of four cards (or five,
    playing the best four, RULES.md §17), valued by the rule itself; bulk evaluation of
    four-card hands uses :func:`value_badugi`."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(name="badugi", low_wins=True, value=strength, values=self._batch)

    # A showdown ranks a handful of hands: the rule itself is quicker than building the table.

    @staticmethod
    def _batch(hands: Iterable[Sequence[Card]]) -> list[int]:
        return [badugi_class(h).strength for h in hands]

    def hand_class(self, cards: Sequence[Card]) -> BadugiClass:
        return badugi_class(cards)

    def classes(self) -> list[BadugiClass]:
        return classes()

    def category(self, cards: Sequence[Card]) -> str:
        """``badugi`` (four counting cards) or ``three-card hand`` …"""
        count = badugi_class(cards).count
        return "badugi" if count == 4 else f"{_COUNT_WORDS[count]} hand"

    def label(self, cards: Sequence[Card]) -> str:
        return label(badugi_class(cards))

    def describe(self, cards: Sequence[Card]) -> str:
        """``8-5-3-A badugi``, ``three-card 7-4-2``."""
        return label(badugi_class(cards))

    def explain(self, a: Sequence[Card], b: Sequence[Card], name_a: str, name_b: str) -> str:
        return explain(badugi_class(a), badugi_class(b), name_a, name_b)


BADUGI = BadugiRanking()


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> BadugiRanking:
    """The Badugi ranking; no player count or RULES.md §13 option changes it."""
    return BADUGI
