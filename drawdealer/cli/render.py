"""Rich rendering of cards: suit symbols in four colours on a terminal, canonical text when piped.

Every command that prints cards uses :func:`cards_text`; ``fancy`` is normally ``console.is_terminal``
(DESIGN.md convention 10). Importing this module imports Rich, so commands import it inside the
command function.
"""

from __future__ import annotations

from typing import Iterable

from rich.text import Text

from drawdealer.engine.cards import Card, card_str

SUIT_STYLES = {"s": "bold", "c": "bold green", "d": "bold blue", "h": "bold red"}
"""Four-colour deck: spades in the terminal's own colour, clubs green, diamonds blue, hearts red."""
SUIT_SYMBOLS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


def card_text(card: Card, *, fancy: bool = True) -> Text:
    """``7♥`` in red (``fancy``) or plain ``7h``."""
    name = card_str(card)
    if not fancy:
        return Text(name)
    return Text(name[0] + SUIT_SYMBOLS[name[1]], style=SUIT_STYLES[name[1]])


def cards_text(cards: Iterable[Card], *, fancy: bool = True, sep: str = " ") -> Text:
    """Several cards joined by ``sep``, each as :func:`card_text`."""
    return Text(sep).join(card_text(c, fancy=fancy) for c in cards)
