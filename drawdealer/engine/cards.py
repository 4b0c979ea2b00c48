"""Cards, hands and decks (RULES.md §1-§2).

A card is a plain ``int`` in the Cactus-Kev layout, so that rankings can evaluate a hand with a
handful of bit operations and one table look-up, and sets of cards are cheap::

    bits 16..28  one bit for the rank (2 → bit 16 … A → bit 28)
    bits 12..15  one bit for the suit (s=1, c=2, d=4, h=8 → shifted by 12)
    bits  8..11  rank index 0..12 (2 → 0 … A → 12)
    bits  0..5   the rank's prime (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

Every card value used anywhere comes from :data:`CARDS` / :func:`parse_card`; code outside the
rankings should treat the int as opaque and use :func:`rank_value`, :func:`suit_of`, :func:`card_str`.
"""

from __future__ import annotations

import re
from typing import Collection, Iterable, Sequence

Card = int

RANK_CHARS = "23456789TJQKA"
"""Rank characters in ascending order; rank value = index + 2 (A = 14, RULES.md §1.1)."""
SUIT_CHARS = "scdh"
"""Suit characters in ascending Italian order s < c < d < h (RULES.md §1.2: h > d > c > s)."""
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
SUIT_SYMBOLS = {"♠": "s", "♣": "c", "♦": "d", "♥": "h", "♤": "s", "♧": "c", "♢": "d", "♡": "h"}
SYMBOL_OF_SUIT = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


class CardError(ValueError):
    """A token that is not a card, or a hand that breaks §1.1 (code ``CARD_MALFORMED`` & co)."""

    def __init__(self, message: str, *, code: str = "CARD_MALFORMED", token: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.token = token


def make_card(rank_index: int, suit_index: int) -> Card:
    """The card of rank index 0..12 (2..A) and suit index 0..3 (s, c, d, h)."""
    return (
        (1 << (16 + rank_index))
        | (1 << (12 + suit_index))
        | (rank_index << 8)
        | PRIMES[rank_index]
    )


CARDS: tuple[Card, ...] = tuple(make_card(r, s) for r in range(13) for s in range(4))
"""The 52 cards, ordered by rank then suit (2s 2c 2d 2h 3s …)."""

_NAME_OF: dict[Card, str] = {
    make_card(r, s): RANK_CHARS[r] + SUIT_CHARS[s] for r in range(13) for s in range(4)
}
_CARD_OF: dict[str, Card] = {name: card for card, name in _NAME_OF.items()}
_CARD_OF.update({name[0].lower() + name[1]: card for name, card in list(_CARD_OF.items())})
_CARD_OF.update({"10" + name[1]: card for name, card in list(_CARD_OF.items()) if name[0] == "T"})


def rank_index(card: Card) -> int:
    """0 for a deuce … 12 for an ace."""
    return (card >> 8) & 0xF


def rank_value(card: Card) -> int:
    """2 for a deuce … 14 for an ace (RULES.md §1.1)."""
    return ((card >> 8) & 0xF) + 2


def suit_index(card: Card) -> int:
    """0 spades, 1 clubs, 2 diamonds, 3 hearts: ascending Italian suit order (RULES.md §1.2)."""
    return ((card >> 12) & 0xF).bit_length() - 1


def suit_of(card: Card) -> str:
    """The suit letter, one of ``s c d h``."""
    return SUIT_CHARS[suit_index(card)]


def card_str(card: Card) -> str:
    """Canonical two-character form, e.g. ``Th`` (RULES.md §1.1)."""
    return _NAME_OF[card]


def cards_not_in(cards: Iterable[Card], held: Collection[Card]) -> list[Card]:
    """The cards of ``cards`` that are not among ``held``, in their order (a function of its own: a
    comprehension in a hot method would make its locals closure cells)."""
    return [c for c in cards if c not in held]


def cards_str(cards: Iterable[Card], sep: str = " ") -> str:
    """Canonical form of several cards, joined by ``sep``."""
    return sep.join(_NAME_OF[c] for c in cards)


def parse_card(token: str) -> Card:
    """Parse one card: ``7s``, ``Th``, ``10h``, ``th``, ``7♠`` (RULES.md §1.1).

    Raises :class:`CardError` (``CARD_MALFORMED``) for anything else.
    """
    text = token.strip()
    if text and text[-1] in SUIT_SYMBOLS:
        text = text[:-1] + SUIT_SYMBOLS[text[-1]]
    card = _CARD_OF.get(text)
    if card is None:
        card = _CARD_OF.get(text[:-1].upper() + text[-1:].lower())
    if card is None:
        raise CardError(f"'{token}' is not a card (rank 2-9, T/10, J, Q, K, A then suit c/d/h/s)", token=token)
    return card


_SEPARATORS = re.compile(r"[\s,;]+")
_CARD_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS]|[♣♦♥♠♧♢♡♤]{1})")
# the suit symbols in a class of their own (``{1}`` keeps them there): one class mixing them with
# Latin-1 letters compiles into a 64K-entry table, half a millisecond at every start-up


def split_cards(text: str) -> list[str]:
    """Split a written hand into card tokens: ``7s5d4c3h2s``, ``7s 5d 4c``, ``7s,5d,...``."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        for m in _CARD_TOKEN.finditer(chunk):
            if m.start() != pos:
                break
            tokens.append(m.group(0))
            pos = m.end()
        if pos != len(chunk):
            # The unparseable remainder is reported as one token so the message names it.
            tokens.append(chunk[pos:])
    return tokens


def parse_cards(text: str) -> list[Card]:
    """Parse any number of distinct cards; a repeated card raises ``CARD_DUPLICATE``."""
    cards = [parse_card(t) for t in split_cards(text)]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card_str(card)} appears twice", code="CARD_DUPLICATE", token=card_str(card))
        seen.add(card)
    return cards


def parse_hand(text: str, size: int = 5) -> tuple[Card, ...]:
    """Parse a hand of exactly ``size`` distinct cards: five, or four in Badugi (RULES.md §1.1, §15)."""
    cards = parse_cards(text)
    if len(cards) != size:
        raise CardError(
            f"a hand is exactly {size} cards, got {len(cards)}", code="HAND_SIZE_INVALID", token=text
        )
    return tuple(cards)


def full_deck() -> list[Card]:
    """The standard 52-card deck (RULES.md §2.1)."""
    return list(CARDS)


def italian_lowest_rank(players: int) -> int:
    """Lowest rank value ``L`` of the Italian stripped deck: ``11 − n`` clamped to 2 (RULES.md §2.2).

    Raises :class:`CardError` with code ``PLAYER_COUNT_INVALID`` outside 2..10 players.
    """
    if not 2 <= players <= 10:
        raise CardError(
            f"Italian poker is for 2 to 10 players, not {players}", code="PLAYER_COUNT_INVALID"
        )
    return max(2, 11 - players)


def italian_deck(players: int) -> list[Card]:
    """The Italian stripped deck for ``players`` players: every card from rank ``L`` up (§2.2)."""
    low = italian_lowest_rank(players)
    return [c for c in CARDS if rank_value(c) >= low]


def sorted_by_rank(cards: Sequence[Card]) -> list[Card]:
    """Cards from the highest rank down (suits break ties h > d > c > s), for display."""
    return sorted(cards, key=lambda c: (rank_index(c), suit_index(c)), reverse=True)
