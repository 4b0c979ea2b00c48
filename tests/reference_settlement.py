"""A slow, obvious settlement written straight from RULES.md §7.1, §9.2-§9.4, §9.6 and §15-§17, used
as the tests' oracle for the rules pokerkit's hands never reach (odd chips, split halves, dead
money above an all-in, a showdown with mucked hands).

It shares no code with ``drawdealer.engine`` beyond the card encoding: its own hand keys for 2-7,
high, A-5 and Badugi (§3.3, §15, §16), its own uncalled-chip return, pots and odd chips. Players
are indexes in seat order; ``button`` is the index of the button.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Sequence

from drawdealer.engine.cards import rank_value, suit_of
from tests.reference_ranking import key as five_card_key

Hand = Sequence[int]


# --- hand keys: a larger key is a better hand -----------------------------------------------------

def _a5(cards: Hand) -> tuple:
    """§16: ace low, straights and flushes ignored; fewer of a kind is better, then lower ranks."""
    ranks = [1 if rank_value(c) == 14 else rank_value(c) for c in cards]
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (-counts[r], -r))
    return tuple(-n for n in shape), tuple(-r for r in order)


def _badugi(cards: Hand) -> tuple:
    """§15: the largest set of cards differing in rank and suit, ace low; more cards win, then the
    lower highest card, and so on down."""
    best: tuple = ()
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            if len({rank_value(c) for c in subset}) == size and len({suit_of(c) for c in subset}) == size:
                ranks = sorted((1 if rank_value(c) == 14 else rank_value(c) for c in subset), reverse=True)
                candidate = (size, tuple(-r for r in ranks))
                best = max(best, candidate) if best else candidate
        if best:
            return best
    raise ValueError("a hand has at least one card")


def _badugi_of_five(cards: Hand) -> tuple:
    """§17: the best Badugi made with four of the five cards."""
    return max(_badugi(four) for four in combinations(cards, 4))


def hand_key(ranking: str, cards: Hand) -> tuple:
    """A key per ranking, larger is better (one ranking; the split games use :data:`HALVES`)."""
    if ranking == "lowball27":
        category, v = five_card_key(cards, wheel_is_straight=False)
        return (-category, tuple(-r for r in v))
    if ranking == "high":
        return five_card_key(cards, wheel_is_straight=True)
    if ranking == "a5":
        return _a5(cards)
    if ranking == "badugi":
        return _badugi(cards) if len(cards) == 4 else _badugi_of_five(cards)
    raise ValueError(ranking)


HALVES = {"badeucey": ("lowball27", "badugi"), "badacey": ("a5", "badugi")}
"""The two halves of the split games (§17), low half first."""


# --- chips ----------------------------------------------------------------------------------------

def settle(*, totals: Sequence[int], folded: Sequence[bool], shown: dict[int, Hand], button: int, ranking: str,
           unit: int = 1, odd_chip_to_badugi: bool = True) -> tuple[list[int], list[int]]:
    """``(collected, returned)`` per player (RULES.md §9). ``totals`` is what each put in during the
    hand, dead money included, every amount a whole number of ``unit``; ``shown`` the hands that
    count at the showdown (a mucked hand is absent)."""
    n = len(totals)
    totals = list(totals)
    returned = [0] * n
    top = max(totals)
    if totals.count(top) == 1:  # §7.1, §9.4 step 1: chips nobody matched go back to their owner
        owner = totals.index(top)
        returned[owner] = top - max(t for i, t in enumerate(totals) if i != owner)
        totals[owner] -= returned[owner]
    clockwise = [(button + 1 + k) % n for k in range(n)]  # from the first seat left of the button
    active = [i for i in range(n) if not folded[i]]
    pots: list[tuple[int, list[int]]] = []  # §9.4 steps 2-3
    previous = 0
    for level in sorted({totals[i] for i in active if totals[i] > 0}):
        pots.append((sum(max(0, min(t, level) - previous) for t in totals), [i for i in active if totals[i] >= level]))
        previous = level
    above = sum(max(0, t - previous) for t in totals)  # §9.4 step 4
    if above:
        amount, eligible = pots[-1]
        pots[-1] = (amount + above, eligible)
    collected = [0] * n
    for amount, eligible in pots:
        if len(eligible) == 1:  # §9.3: uncontested, whole
            collected[eligible[0]] += amount
            continue
        if ranking in HALVES:  # §17: halved, the odd unit to the Badugi half
            low = amount // (2 * unit) * unit
            parts = [(HALVES[ranking][0], low), (HALVES[ranking][1], amount - low)]
            if not odd_chip_to_badugi:
                parts = [(parts[0][0], amount - low), (parts[1][0], low)]
        else:
            parts = [(ranking, amount)]
        for half, chips in parts:
            contenders = [i for i in clockwise if i in eligible and i in shown]
            best = max(hand_key(half, shown[i]) for i in contenders)
            winners = [i for i in contenders if hand_key(half, shown[i]) == best]  # clockwise
            each = chips // (len(winners) * unit) * unit  # §9.6
            for k, i in enumerate(winners):
                collected[i] += each + (unit if k < (chips - each * len(winners)) // unit else 0)
    return collected, returned
