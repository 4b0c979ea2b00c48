"""How messages a player reads name things: a count with its noun in agreement, and pots by the
names of RULES.md §9.4 (the main pot, side pot 1, side pot 2 …, never "pot 0")."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str = "") -> str:
    """``1 card``, ``2 cards``, ``1,200 hands``: ``n`` and ``noun``, plural unless ``n`` is 1 (``plural``
    when the noun does not take an ``s``: ``counted(2, "entry", "entries")``)."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {plural or noun + 's'}"


def pot_name(index: int, *, definite: bool = False) -> str:
    """The name of the pot of ``index`` (0 the main pot, then the side pots), RULES.md §9.4:
    ``main pot``, ``side pot 1`` …; ``definite``: ``the main pot``, ``side pot 1`` (as a sentence says them)."""
    if index == 0:
        return "the main pot" if definite else "main pot"
    return f"side pot {index}"
