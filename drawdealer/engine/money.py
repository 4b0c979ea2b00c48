"""Amounts as players read them: chips as plain numbers, money in its currency (RULES.md §0.3).

Chips are integers in the smallest unit (DESIGN.md 6): a hand with a currency counts cents, so
``225`` is ``$2.25``; a hand without one counts chips, so ``225`` is ``225``.
"""

from __future__ import annotations


def money(amount: int, currency: str = "") -> str:
    """``amount`` in the smallest unit as text: ``money(225, "$") == "$2.25"``, ``money(225) == "225"``.

    A one-character currency (``$``, ``€``, ``£``, ``¤``) goes before the amount, a code after it
    (``2.25 USD``); a negative amount keeps its sign in front (``-$0.50``).
    """
    if not currency:
        return str(amount)
    sign, value = ("-", -amount) if amount < 0 else ("", amount)
    number = two_decimals(value)
    return f"{sign}{currency}{number}" if len(currency) == 1 else f"{sign}{number} {currency}"


def two_decimals(amount: int) -> str:
    """``amount`` in cents as a number of whole units with two decimals: ``two_decimals(123450) == "1,234.50"``."""
    sign, value = ("-", -amount) if amount < 0 else ("", amount)
    return f"{sign}{value // 100:,}.{value % 100:02d}"
