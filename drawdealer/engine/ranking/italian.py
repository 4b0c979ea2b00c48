"""Italian (poker all'italiana) hand ranking (RULES.md §4).

Stripped deck by player count (§2.2); categories with the flush over the full house (§4.1); the
ladder ``A(low), L, …, K, A(high)`` for straights, no wrap (§2.3); the minimum straight flush beats
the maximum, pairwise, with the cycle resolution for multi-way pots (§4.4); the suit of one key card
breaks equal ranks, so two distinct hands never tie (§4.3, §1.2: h > d > c > s).

How it is fast: per lowest rank ``L`` and option set, two tables (built on first use, cached) map
the multiset of the five ranks (``Σ 5**rank_index``) to a packed entry, one for one-suit hands. Each
card of the deck has a precomputed value ``5**rank_index << 56 | suit-nibble``, so the sum of five
values gives both the table key and ``M`` below, and ``strength`` is a few integer operations::

    strength = coarse << 69 | key-suit nibble << 65 | fine << 52 | M

``M`` holds one nibble of suit bits per rank (rank-major, suits s=1 c=2 d=4 h=8), so it names the
five cards exactly and ``strength`` is injective. ``coarse`` is the rank class as far as it is
compared *before* suits (normally ``(category, V)`` of §4.2; options move the suit earlier),
``fine`` the full ``(category, V)``, and the key-suit nibble the suits held at the key card's
rank (§4.3 table): for two hands that cannot share a card the nibbles differ and compare by their
best suit. ``M`` only separates hands that share the key card, which never meet at one table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, NamedTuple

from drawdealer.engine.cards import (
    CARDS,
    RANK_CHARS,
    SYMBOL_OF_SUIT,
    Card,
    CardError,
    card_str,
    italian_lowest_rank,
    rank_value,
    suit_index,
)
from drawdealer.engine.frozen import record
from drawdealer.engine.options import OPTION_SPECS

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)
"""Category indexes from lowest to highest (RULES.md §4.1)."""

CATEGORY_NAMES = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "full house", "flush", "four of a kind", "straight flush",
)
ITALIAN_NAMES = (
    "carta più alta", "coppia", "doppia coppia", "tris", "scala",
    "full", "colore", "poker", "scala reale",
)

_COARSE_SHIFT = 69
_KEY_SHIFT = 65
_FINE_SHIFT = 52
_SHIFT_MASK = 63

_SUIT_WORDS = ("spades", "clubs", "diamonds", "hearts")
_SUIT_ORDER = "hearts > diamonds > clubs > spades"
_RANK_WORDS = {
    2: ("two", "twos"), 3: ("three", "threes"), 4: ("four", "fours"), 5: ("five", "fives"),
    6: ("six", "sixes"), 7: ("seven", "sevens"), 8: ("eight", "eights"), 9: ("nine", "nines"),
    10: ("ten", "tens"), 11: ("jack", "jacks"), 12: ("queen", "queens"), 13: ("king", "kings"),
    14: ("ace", "aces"),
}


# --------------------------------------------------------------------------- options (RULES.md §13)

_OPTION_FIELDS = {
    "IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT": "min_straight_beats_max_straight",
    "IT_MIN_SF_BEATS_MAX": "min_sf_beats_max",
    "IT_SF_CYCLE_RESOLUTION": "sf_cycle_resolution",
    "IT_SUIT_TIEBREAK_SCOPE": "suit_tiebreak_scope",
    "IT_TWO_PAIR_SUIT_CARD": "two_pair_suit_card",
    "IT_FLUSH_SUIT_FIRST": "flush_suit_first",
}


@record
class ItalianOptions:
    """The RULES.md §13 options that touch Italian ranking (§4.2-§4.4); the defaults are those of
    :data:`drawdealer.engine.options.OPTION_SPECS`, the one place §13's defaults are written."""

    min_straight_beats_max_straight: bool = OPTION_SPECS["IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT"].default
    min_sf_beats_max: bool = OPTION_SPECS["IT_MIN_SF_BEATS_MAX"].default
    sf_cycle_resolution: str = OPTION_SPECS["IT_SF_CYCLE_RESOLUTION"].default
    suit_tiebreak_scope: str = OPTION_SPECS["IT_SUIT_TIEBREAK_SCOPE"].default
    two_pair_suit_card: str = OPTION_SPECS["IT_TWO_PAIR_SUIT_CARD"].default
    flush_suit_first: bool = OPTION_SPECS["IT_FLUSH_SUIT_FIRST"].default

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any]) -> ItalianOptions:
        """Read the ranking keys of ``options`` (others are ignored), parsed as
        :mod:`drawdealer.engine.options` does; a bad value raises its ``OptionError`` (a ValueError,
        code ``CONFIG_INVALID``) naming the key."""
        values = {}
        for raw_key, value in options.items():
            key = str(raw_key).strip().upper().replace("-", "_")
            if key in _OPTION_FIELDS:
                values[_OPTION_FIELDS[key]] = OPTION_SPECS[key].parse(key, value)
        return cls(**values)


# --------------------------------------------------------------------------- rank classes (§4.1-§4.2)

class RankClass(NamedTuple):
    """What the ranks (and whether the hand is one suit) say, before suits.

    ``v`` is §4.2's ``V`` (straights: ``(top,)``); ``key_rank`` the rank of §4.3's key card with
    the default options; ``shape`` is ``"min"``/``"max"`` for the minimum/maximum straight (flush).
    """

    category: int
    v: tuple[int, ...]
    key_rank: int
    shape: str


def _straight_top(distinct: frozenset[int], low: int) -> tuple[int, str] | None:
    """Top of the sequence if five distinct ranks are a straight on the ladder (RULES.md §2.3)."""
    if distinct == frozenset((14, low, low + 1, low + 2, low + 3)):
        return low + 3, "min"
    top = max(distinct)
    if top - min(distinct) == 4:
        return top, "max" if top == 14 else ""
    return None


@cache
def rank_class(ranks: tuple[int, ...], flush: bool, low: int) -> RankClass:
    """Classify five rank values (2..14, any order) of a deck whose lowest rank is ``low``."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    v = tuple(r for r, _ in groups)
    shape_of = [n for _, n in groups]
    if len(counts) == 5:
        straight = _straight_top(frozenset(ranks), low)
        if straight is not None:
            top, shape = straight
            return RankClass(STRAIGHT_FLUSH if flush else STRAIGHT, (top,), top, shape)
        return RankClass(FLUSH if flush else HIGH_CARD, v, v[0], "")
    category = {
        (2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): TRIPS,
        (3, 2): FULL_HOUSE, (4, 1): QUADS,
    }[tuple(shape_of)]
    return RankClass(category, v, v[0], "")


@cache
def _rank_classes(low: int) -> tuple[tuple[tuple[int, ...], bool, RankClass], ...]:
    """Every (ranks, one-suit, class) of the deck starting at ``low``: ≤ 7462 of them."""
    from itertools import combinations_with_replacement

    out = []
    for ranks in combinations_with_replacement(range(low, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        out.append((ranks, False, rank_class(ranks, False, low)))
        if len(set(ranks)) == 5:
            out.append((ranks, True, rank_class(ranks, True, low)))
    return tuple(out)


_RANK_KEY_SHIFT = 56
_M_MASK = (1 << 52) - 1


def _rank_key(ranks: Sequence[int]) -> int:
    """The multiset of rank values as ``Σ 5**rank_index`` (a rank occurs at most four times)."""
    return sum(5 ** (r - 2) for r in ranks)


class _Tables(NamedTuple):
    plain: dict[int, int]          # rank key → packed entry, hands of several suits
    suited: dict[int, int]         # rank key → packed entry, one-suit hands
    coarse_category: tuple[int, ...]  # coarse index → category
    exceptions: frozenset[tuple[int, int]]  # (coarse that wins, coarse that loses) against the order


def _coarse(cls: RankClass, opts: ItalianOptions) -> tuple[int, ...]:
    """What is compared before the key suit (§4.3 and its options)."""
    if cls.category == FLUSH and opts.flush_suit_first:
        return (FLUSH,)
    if opts.suit_tiebreak_scope == "PRIMARY_GROUP_FIRST":
        if cls.category == PAIR:
            return (PAIR, cls.v[0])
        if cls.category == TWO_PAIR and opts.two_pair_suit_card == "TOP_PAIR":
            return (TWO_PAIR, cls.v[0], cls.v[1])
    return (cls.category, *cls.v)


def _key_rank(cls: RankClass, opts: ItalianOptions) -> int:
    if cls.category == TWO_PAIR and opts.two_pair_suit_card == "KICKER":
        return cls.v[2]
    return cls.key_rank


@cache
def _tables(low: int, opts: ItalianOptions) -> _Tables:
    """The look-up tables of one deck and option set (built on first use, then cached)."""
    classes = _rank_classes(low)
    fine_of = {key: i for i, key in enumerate(sorted({(c.category, *c.v) for _, _, c in classes}))}
    coarse_keys = sorted({_coarse(c, opts) for _, _, c in classes})
    coarse_of = {key: i for i, key in enumerate(coarse_keys)}
    plain: dict[int, int] = {}
    suited: dict[int, int] = {}
    shape_coarse: dict[tuple[int, str], int] = {}
    for ranks, flush, cls in classes:
        coarse = coarse_of[_coarse(cls, opts)]
        entry = (coarse << _COARSE_SHIFT) | (fine_of[(cls.category, *cls.v)] << _FINE_SHIFT)
        (suited if flush else plain)[_rank_key(ranks)] = entry | ((_key_rank(cls, opts) - 2) * 4)
        if cls.shape:
            shape_coarse[(cls.category, cls.shape)] = coarse
    exceptions = set()
    if opts.min_sf_beats_max:
        exceptions.add((shape_coarse[(STRAIGHT_FLUSH, "min")], shape_coarse[(STRAIGHT_FLUSH, "max")]))
    if opts.min_straight_beats_max_straight:
        exceptions.add((shape_coarse[(STRAIGHT, "min")], shape_coarse[(STRAIGHT, "max")]))
    return _Tables(plain, suited, tuple(k[0] for k in coarse_keys), frozenset(exceptions))


@cache
def _card_values(low: int) -> dict[Card, int]:
    """Card → ``5**rank_index << 56`` plus its suit bit in its rank's nibble of ``M``; deck cards only."""
    return {
        c: (5 ** ((c >> 8) & 0xF) << _RANK_KEY_SHIFT) | (((c >> 12) & 0xF) << (((c >> 8) & 0xF) * 4))
        for c in CARDS
        if rank_value(c) >= low
    }


def _strength_function(tables: _Tables, values: dict[Card, int], bad_hand: Callable[[Sequence[Card]], CardError]):
    """The hot path of :meth:`ItalianRanking.strength`, with everything it needs bound locally."""
    plain, suited = tables.plain, tables.suited

    def strength(cards: Sequence[Card]) -> int:
        """Strictly total order of distinct hands, higher is better: ranks, then the key card's
        suit (RULES.md §4.2-§4.3), ordinary straight-flush order; §4.4 is for compare/winners."""
        try:
            a, b, c, d, e = cards
            s = values[a] + values[b] + values[c] + values[d] + values[e]
        except (ValueError, TypeError, KeyError):
            raise bad_hand(cards) from None
        m = s & _M_MASK
        if m.bit_count() != 5:  # a repeated card carries into another bit
            raise bad_hand(cards)
        entry = (suited if a & b & c & d & e & 0xF000 else plain)[s >> _RANK_KEY_SHIFT]
        return (entry & ~_SHIFT_MASK) | (((m >> (entry & _SHIFT_MASK)) & 0xF) << _KEY_SHIFT) | m

    return strength


# --------------------------------------------------------------------------- text helpers

def _rank_char(rank: int) -> str:
    return RANK_CHARS[rank - 2]


def _it_rank(rank: int) -> str:
    return "10" if rank == 10 else _rank_char(rank)


def _pretty(card: Card) -> str:
    return card_str(card)[0] + SYMBOL_OF_SUIT[card_str(card)[1]]


def _seq(ranks: Sequence[int]) -> str:
    return "-".join(_rank_char(r) for r in ranks)


class _Hand(NamedTuple):
    """A hand analysed for text: its class (with the options' key rank) and its key card."""

    cards: tuple[Card, ...]
    cls: RankClass
    key_card: Card
    suit: int  # suit index of a one-suit hand, else -1


_POSITION_LABELS = {
    HIGH_CARD: ("the highest card", "the second card", "the third card", "the fourth card", "the fifth card"),
    FLUSH: ("the highest card", "the second card", "the third card", "the fourth card", "the fifth card"),
    PAIR: ("the pair", "the first kicker", "the second kicker", "the third kicker"),
    TWO_PAIR: ("the top pair", "the second pair", "the kicker"),
    TRIPS: ("the three of a kind", "the first kicker", "the second kicker"),
    FULL_HOUSE: ("the three of a kind", "the pair"),
    QUADS: ("the four of a kind", "the kicker"),
    STRAIGHT: ("the top card",),
    STRAIGHT_FLUSH: ("the top card",),
}


# --------------------------------------------------------------------------- the ranking

class ItalianRanking:
    """Poker all'italiana for one player count and option set (RULES.md §2.2, §4, §13)."""

    name = "italian"
    strength: Callable[[Sequence[Card]], int]
    """Strictly total order of distinct hands, higher is better: ranks, then the key card's suit
    (§4.2-§4.3), ordinary straight-flush order; §4.4 is applied by compare/winners. Bound per
    instance in ``__init__`` so the hot path reads only local names."""

    def __init__(self, *, players: int = 4, options: Mapping[str, Any] | None = None) -> None:
        self.players = players
        self.low = italian_lowest_rank(players)
        self.options = ItalianOptions.from_mapping(options or {})
        tables = _tables(self.low, self.options)
        self._coarse_category = tables.coarse_category
        self._exceptions = tables.exceptions
        self.strength = _strength_function(tables, _card_values(self.low), self._bad_hand)

    def _bad_hand(self, cards: Sequence[Card]) -> CardError:
        cards = list(cards)
        for card in cards:
            if card not in CARDS:
                return CardError(f"{card!r} is not a card", token=str(card))
            if rank_value(card) < self.low:
                return CardError(
                    f"{card_str(card)} is not in the {self.players}-player Italian deck "
                    f"(lowest rank {_rank_char(self.low)}, RULES.md §2.2)",
                    code="CARD_NOT_IN_DECK", token=card_str(card),
                )
        if len(cards) != 5:
            return CardError(f"a hand is exactly 5 cards, got {len(cards)}", code="HAND_SIZE_INVALID")
        dup = next(c for c in cards if cards.count(c) > 1)
        return CardError(f"{card_str(dup)} appears twice", code="CARD_DUPLICATE", token=card_str(dup))

    def _beats_by_exception(self, sa: int, sb: int) -> bool:
        return (sa >> _COARSE_SHIFT, sb >> _COARSE_SHIFT) in self._exceptions

    def _pairwise(self, sa: int, sb: int) -> int:
        """§4.4 pairwise relation on two strengths: > 0 if the first hand beats the second."""
        if self._exceptions:
            if self._beats_by_exception(sa, sb):
                return 1
            if self._beats_by_exception(sb, sa):
                return -1
        return (sa > sb) - (sa < sb)

    def compare(self, a: Sequence[Card], b: Sequence[Card]) -> int:
        """> 0 if ``a`` beats ``b`` under §4.4's pairwise rule, < 0 if ``b`` does; 0 only for the same cards."""
        return self._pairwise(self.strength(a), self.strength(b))

    def winners(self, hands: Sequence[Sequence[Card]]) -> list[int]:
        """Index of the hand that beats every other pairwise (§4.4); if the relation cycles, the
        exception is off for this pot and ordinary order decides (``IT_SF_CYCLE_RESOLUTION``)."""
        s = [self.strength(h) for h in hands]
        if not s:
            return []
        if self._exceptions and len(s) > 1:
            coarse = {x >> _COARSE_SHIFT for x in s}
            if any(w in coarse and l in coarse for w, l in self._exceptions):
                n = len(s)
                beat_all = [i for i in range(n) if all(i == j or self._pairwise(s[i], s[j]) > 0 for j in range(n))]
                if len(beat_all) == 1:
                    return beat_all
        best = max(s)
        return [i for i, x in enumerate(s) if x == best]

    def category_index(self, cards: Sequence[Card]) -> int:
        """The category 0..8 of §4.1 (``HIGH_CARD`` … ``STRAIGHT_FLUSH``)."""
        return self._coarse_category[self.strength(cards) >> _COARSE_SHIFT]

    def category(self, cards: Sequence[Card]) -> str:
        """English category name of §4.1, e.g. ``flush``."""
        return CATEGORY_NAMES[self.category_index(cards)]

    # ---- text

    def _analyse(self, cards: Sequence[Card]) -> _Hand:
        self.strength(cards)  # validates the hand against this deck
        cards = tuple(cards)
        suits = {suit_index(c) for c in cards}
        cls = rank_class(tuple(sorted(rank_value(c) for c in cards)), len(suits) == 1, self.low)
        key_rank = _key_rank(cls, self.options)
        key_card = max((c for c in cards if rank_value(c) == key_rank), key=suit_index)
        return _Hand(cards, cls, key_card, suits.pop() if len(suits) == 1 else -1)

    def _straight_ranks(self, h: _Hand) -> list[int]:
        top = h.cls.v[0]
        return [14, *range(self.low, top + 1)] if h.cls.shape == "min" else list(range(top - 4, top + 1))

    def describe(self, cards: Sequence[Card]) -> str:
        """Italian-friendly English with the Italian term, e.g. ``flush (colore), A-Q-T-9-7 of hearts``."""
        return self._describe(self._analyse(cards))

    def _describe(self, h: _Hand) -> str:
        cat, v, key = h.cls.category, h.cls.v, _pretty(h.key_card)
        many = _RANK_WORDS[v[0]][1]
        if cat == HIGH_CARD:
            return f"high card (carta più alta), {_seq(v)} with the {key}"
        if cat == PAIR:
            return f"pair of {many} (coppia di {_it_rank(v[0])}) with the {key}, kickers {_seq(v[1:])}"
        if cat == TWO_PAIR:
            text = f"two pair (doppia coppia), {many} and {_RANK_WORDS[v[1]][1]}"
            if self.options.two_pair_suit_card == "KICKER":
                return f"{text}, kicker {key}"
            return f"{text} with the {key}, kicker {_rank_char(v[2])}"
        if cat == TRIPS:
            return f"three {many} (tris di {_it_rank(v[0])}), kickers {_seq(v[1:])}"
        if cat == FULL_HOUSE:
            return f"full house (full), {many} full of {_RANK_WORDS[v[1]][1]}"
        if cat == FLUSH:
            return f"flush (colore), {_seq(v)} of {_SUIT_WORDS[h.suit]}"
        if cat == QUADS:
            return f"four {many} (poker di {_it_rank(v[0])}), kicker {_rank_char(v[1])}"
        seq = _seq(self._straight_ranks(h))
        if cat == STRAIGHT:
            if h.cls.shape == "min":
                return f"minimum straight (scala minima) {seq}, top card {key}"
            if h.cls.shape == "max":
                return f"maximum straight (scala massima) {seq}, top card {key}"
            return f"straight (scala) {seq}, top card {key}"
        suit = _SUIT_WORDS[h.suit]
        if h.cls.shape == "min":
            return f"minimum straight flush (scala reale minima) {seq} of {suit}"
        if h.cls.shape == "max":
            return f"maximum straight flush (scala reale massima) {seq} of {suit}"
        return f"straight flush (scala reale) {seq} of {suit}"

    def _short(self, h: _Hand) -> str:
        cat, v = h.cls.category, h.cls.v
        many = _RANK_WORDS[v[0]][1]
        if cat == HIGH_CARD:
            return f"high card {_seq(v)}"
        if cat == PAIR:
            return f"pair of {many}"
        if cat == TWO_PAIR:
            return f"two pair, {many} and {_RANK_WORDS[v[1]][1]}"
        if cat == TRIPS:
            return f"three {many}"
        if cat == FULL_HOUSE:
            return f"{many} full of {_RANK_WORDS[v[1]][1]}"
        if cat == FLUSH:
            return f"flush {_seq(v)}"
        if cat == QUADS:
            return f"four {many}"
        name = "straight" if cat == STRAIGHT else "straight flush"
        if h.cls.shape == "min":
            return f"minimum {name}"
        if h.cls.shape == "max":
            return f"maximum {name}"
        return f"{name} to the {_rank_char(v[0])}"

    def _key_phrase(self, h: _Hand) -> str:
        """How the key card of §4.3 is named in a sentence."""
        cat, key = h.cls.category, _pretty(h.key_card)
        if cat == PAIR:
            return f"the pair holding {key}"
        if cat == TWO_PAIR:
            if self.options.two_pair_suit_card == "KICKER":
                return f"the kicker {key}"
            return f"the top pair holding {key}"
        if cat in (STRAIGHT, STRAIGHT_FLUSH):
            return f"the straight topped by {key}" if cat == STRAIGHT else f"the {_SUIT_WORDS[h.suit]} straight flush"
        if cat == FLUSH:
            return f"the {_SUIT_WORDS[h.suit]} flush"
        if cat == HIGH_CARD:
            return f"the hand holding {key}"
        return f"the group holding {key}"

    def explain(self, a: Sequence[Card], b: Sequence[Card], name_a: str, name_b: str) -> str:
        """One sentence saying why one of the two hands beats the other (§4.1-§4.4)."""
        sa, sb = self.strength(a), self.strength(b)
        if sa == sb:
            return f"{name_a} and {name_b} hold the same cards"
        if self._pairwise(sa, sb) < 0:
            a, b, name_a, name_b, sa, sb = b, a, name_b, name_a, sb, sa
        ha, hb = self._analyse(a), self._analyse(b)
        return f"{name_a}'s {self._short(ha)} beats {name_b}'s {self._short(hb)}: {self._reason(ha, hb, sa, sb)}"

    def _reason(self, ha: _Hand, hb: _Hand, sa: int, sb: int) -> str:
        """Why ``ha`` (strength ``sa``) beats ``hb``: the first step of the comparison that differs."""
        ca, cb = ha.cls, hb.cls
        if self._beats_by_exception(sa, sb):
            if ca.category == STRAIGHT_FLUSH:
                return "the minimum straight flush beats the maximum (RULES.md §4.4)"
            return ("with IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT the minimum straight beats the maximum "
                    "(RULES.md §4.2, §4.4)")
        if ca.category != cb.category:
            return (f"in Italian poker {CATEGORY_NAMES[ca.category]} ({ITALIAN_NAMES[ca.category]}) ranks above "
                    f"{CATEGORY_NAMES[cb.category]} ({ITALIAN_NAMES[cb.category]}) (RULES.md §4.1)")
        suit_rule = f"({_SUIT_ORDER}, RULES.md §4.3)"
        same_coarse = (sa >> _COARSE_SHIFT) == (sb >> _COARSE_SHIFT)
        if same_coarse and (sa >> _KEY_SHIFT) != (sb >> _KEY_SHIFT):
            if ca.v == cb.v:
                return f"same ranks, so {self._key_phrase(ha)} beats {self._key_phrase(hb)} {suit_rule}"
            if ca.category == FLUSH:  # IT_FLUSH_SUIT_FIRST moved the suit before the ranks
                return f"with IT_FLUSH_SUIT_FIRST flushes compare by suit first, so {self._key_phrase(ha)} wins {suit_rule}"
            return (f"same {self._group_words(ca)}, and with IT_SUIT_TIEBREAK_SCOPE = PRIMARY_GROUP_FIRST "
                    f"{self._key_phrase(ha)} beats {self._key_phrase(hb)} before the kickers {suit_rule}")
        if ca.v == cb.v:
            return "same ranks and key card; the other suits decide (such hands share a card and never meet)"
        if cb.shape == "min" and ca.category == STRAIGHT_FLUSH:
            if ca.shape == "max":
                return ("with IT_MIN_SF_BEATS_MAX = false the ordinary order applies and the maximum beats "
                        "the minimum (RULES.md §4.4)")
            return "a middle straight flush beats the minimum (RULES.md §4.4)"
        i = next(i for i, (x, y) in enumerate(zip(ca.v, cb.v)) if x != y)
        text = f"{_POSITION_LABELS[ca.category][i]} {_rank_char(ca.v[i])} beats {_rank_char(cb.v[i])}"
        if cb.shape == "min":
            return text + ", the minimum straight being the lowest straight (RULES.md §4.2)"
        return text + " (RULES.md §4.2)"

    @staticmethod
    def _group_words(rank_class: RankClass) -> str:
        v = rank_class.v
        if rank_class.category == PAIR:
            return f"pair of {_RANK_WORDS[v[0]][1]}"
        return f"pairs, {_RANK_WORDS[v[0]][1]} and {_RANK_WORDS[v[1]][1]}"

    def explain_pot(self, hands: Sequence[Sequence[Card]], names: Sequence[str]) -> str:
        """One sentence for a whole pot: the pairwise reason, or §4.4's cycle resolution."""
        w = self.winners(hands)[0]
        s = [self.strength(h) for h in hands]
        others = [j for j in range(len(hands)) if j != w]
        if not others:
            return f"{names[w]} is the only hand"
        if all(self._pairwise(s[w], s[j]) > 0 for j in others):
            # Explain against the hand that came closest: the best loser by the pairwise rule.
            runner = max(others, key=lambda j: s[j])
            if any(self._beats_by_exception(s[w], s[j]) for j in others):
                runner = next(j for j in others if self._beats_by_exception(s[w], s[j]))
            return self.explain(hands[w], hands[runner], names[w], names[runner])
        winner = self._analyse(hands[w])
        kind = "straight flushes" if winner.cls.category == STRAIGHT_FLUSH else "straights"
        return (f"{names[w]}'s {self._short(winner)} wins: the minimum, a middle and the maximum {kind} "
                "beat each other in a cycle, so the exception is off for this pot and the ordinary order "
                "applies (RULES.md §4.4)")


def make_ranking(*, players: int = 4, options: Mapping[str, Any] | None = None) -> ItalianRanking:
    """The Italian ranking for ``players`` dealt in (2..10) and RULES.md §13 ``options``."""
    return ItalianRanking(players=players, options=options)
