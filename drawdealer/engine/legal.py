"""What the player to act may do, as a value (DESIGN.md convention 4).

The dealer assistant prints it ("Bob: call 30 · raise 60 to 115 (pot) · fold") and the validator
reads the same value. Amounts are chips; a raise amount is the total *to* (RULES.md §7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class LegalActions:
    """The choices of ``player`` on ``street`` (None fields do not apply).

    Betting: ``to_call`` is what a call puts in (clipped by the stack); a bet is legal with any
    amount in ``min_bet..max_bet``, a raise with any total in ``min_raise_to..max_raise_to``
    (fixed limit: min = max); ``all_in_to`` is the total of an all-in (legal even below the minimum
    when the stack is short). Drawing: ``draw_max`` cards at most (0 = stand pat only), ``stub`` the
    cards left in the stub. Showdown: ``show``/``muck``. Italian set-up: ``blind_open`` /
    ``controbuio`` amounts when a blind opening is available (RULES.md §10.6).
    """

    street: str
    player: str | None
    fold: bool = False
    check: bool = False
    call: bool = False
    to_call: int | None = None
    bet: bool = False
    min_bet: int | None = None
    max_bet: int | None = None
    raise_: bool = False
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    all_in_to: int | None = None
    draw: bool = False
    draw_max: int | None = None
    stub: int | None = None
    show: bool = False
    muck: bool = False
    blind_open: int | None = None
    controbuio: int | None = None

    @property
    def kinds(self) -> tuple[str, ...]:
        """The names of the allowed actions, e.g. ``("fold", "call", "raise")``."""
        names = ("fold", "check", "call", "bet", "raise_", "draw", "show", "muck")
        out = tuple(n.rstrip("_") for n in names if getattr(self, n))
        if self.blind_open is not None:
            out += ("blind_open",)
        if self.controbuio is not None:
            out += ("controbuio",)
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``legal`` object of ``drawdealer deal --json`` (fields that do not apply are null)."""
        return {"fold": self.fold, "check": self.check, "call": self.call, "to_call": self.to_call,
                "bet": self.bet, "min_bet": self.min_bet, "max_bet": self.max_bet, "raise": self.raise_,
                "min_raise_to": self.min_raise_to, "max_raise_to": self.max_raise_to,
                "all_in_to": self.all_in_to, "draw": self.draw, "draw_max": self.draw_max,
                "show": self.show, "muck": self.muck, "blind_open": self.blind_open,
                "controbuio": self.controbuio}
