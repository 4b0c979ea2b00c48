"""What the dealer sees after each command, as plain data (rendered by ``screen.py``, printed by
``--json``).

The session builds a :class:`TableView` from the engine's state; the screen and the JSON line read
the same value, so what is shown and what a script checks never disagree. The legal actions are
the engine's own value (:class:`~drawdealer.engine.legal.LegalActions`, DESIGN.md convention 4).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from drawdealer.engine.cards import Card
from drawdealer.engine.frozen import field, record
from drawdealer.engine.legal import LegalActions
from drawdealer.engine.pots import PotAward
from drawdealer.engine.record import Action, ActionKind

JSON_LEGAL_KEYS = ("fold", "check", "call", "to_call", "min_bet", "max_bet", "min_raise_to", "max_raise_to",
                   "draw_max")
"""The ``legal`` object of issue 5's JSON line."""


def legal_json(legal: LegalActions | None) -> dict[str, Any] | None:
    """The ``legal`` object of the JSON line: issue 5's keys, plus ``all_in_to`` and the Italian
    ``blind_open``/``controbuio`` amounts when they apply; ``None`` when nobody acts."""
    if legal is None or legal.player is None:
        return None
    full = legal.to_dict()
    out = {k: full[k] for k in JSON_LEGAL_KEYS}
    out.update({k: full[k] for k in ("all_in_to", "blind_open", "controbuio", "lone_check") if full[k] is not None})
    return out


@record
class SeatView:
    """One seat: ``bet`` is what lies in front of the player in this betting round."""

    name: str
    stack: int
    bet: int = 0
    status: str = "active"  # active | folded | allin | out (not dealt in)
    button: bool = False
    blind: str = ""  # "SB", "BB", "invito", "buio", "controbuio"
    to_act: bool = False
    cards: tuple[Card, ...] = ()  # the hand shown at showdown
    drawn: tuple[int, ...] = ()  # cards taken in each draw so far (0 = pat)


def drawn_counts(actions: Iterable[Action]) -> dict[str, list[int]]:
    """The cards each player took in each draw so far, in order of the first draw (issue 16); a
    player draws at most once a draw round (RULES.md §6.3, §6.4), so his n-th count is draw n's."""
    drawn: dict[str, list[int]] = {}
    for action in actions:
        if action.kind is ActionKind.DRAW:
            drawn.setdefault(action.player, []).append(action.count)
    return drawn


def draws_text(counts: tuple[int, ...] | list[int]) -> str:
    """``2, 1, pat``: the cards a player took in each draw so far (issue 16)."""
    return ", ".join("pat" if c == 0 else str(c) for c in counts)


def _amount_range(low: int, high: int | None, *, all_in_to: int | None, pot_limited: bool,
                  money: Callable[[int], str]) -> str:
    """``12–23 (pot)``, ``2–69``, ``4`` or ``200 (all-in)``: one amount or a range with an en dash,
    never two numbers that could be read as one (issue 16)."""
    if high is None or high == low:
        return money(low) + (" (all-in)" if all_in_to is not None and low == all_in_to else "")
    text = f"{money(low)}–{money(high)}"
    if all_in_to is not None and high == all_in_to:
        return text + " (all-in)"
    return text + (" (pot)" if pot_limited else "")


def chips(amount: int) -> str:
    """Chips with thousands grouped by commas, ``12,500`` (issue 16: never a space inside a number)."""
    return f"{amount:,}"


def choices(legal: LegalActions, *, stack: int, pot_limited: bool, money: Callable[[int], str] = chips) -> list[str]:
    """The legal actions in words (issues 5, 16): ``call 30``, ``raise to 60–115 (pot)``, ``bet 2–69``,
    ``fold``; each is also what the dealer may type (``raise to N`` is ``raise N``).

    ``stack`` is the actor's chips behind (a call of all of them is an all-in); ``pot_limited``
    marks a maximum set by the pot (pot limit, Italian, RULES.md §7.3, §7.6); ``money`` writes an
    amount (chips, thousands grouped, by default; ``$0.65`` for a cash-game history in cents).
    """
    parts: list[str] = []
    if legal.blind_open is not None:
        parts.append(f"buio {money(legal.blind_open)}")
    if legal.controbuio is not None:
        parts.append(f"controbuio {money(legal.controbuio)}")
    if legal.draw and legal.draw_max is not None:
        parts.append(f"draw 1–{legal.draw_max}" if legal.draw_max > 1 else "draw 1")
        parts.append("pat")
    if legal.show:
        parts += ["show CARDS", "muck"]
    if legal.check:
        parts.append("check")
    if legal.call and legal.to_call is not None:
        parts.append(f"call {money(legal.to_call)}" + (" (all-in)" if legal.to_call >= stack else ""))
    if legal.bet and legal.min_bet is not None:
        parts.append("bet " + _amount_range(legal.min_bet, legal.max_bet, all_in_to=legal.all_in_to,
                                            pot_limited=pot_limited, money=money))
    if legal.raise_ and legal.min_raise_to is not None:
        parts.append("raise to " + _amount_range(
            legal.min_raise_to, legal.max_raise_to, all_in_to=legal.all_in_to, pot_limited=pot_limited,
            money=money))
    if legal.fold:
        parts.append("fold")
    return parts


@record
class TableView:
    """The whole table after a command.

    ``street`` is the engine's: ``SETUP`` (forced bets; Italian blind declarations), ``B1``..``B4``,
    ``D1``..``D3``, ``SHOWDOWN``, ``AWARD`` (the hand is over). ``to_act`` is who must act, draw,
    show or declare now (``None`` when nobody). ``choices`` are the legal actions in words,
    ``notes`` the dealer's instructions (who draws, reshuffle, who shows first, each pot's result).
    """

    hand: int
    game: str
    street: str
    to_act: str | None
    pot: int
    pots: tuple[int, ...] = ()
    seats: tuple[SeatView, ...] = ()
    legal: LegalActions | None = None
    choices: tuple[str, ...] = ()
    stub: int | None = None
    awards: tuple[PotAward, ...] = ()
    notes: tuple[str, ...] = ()
    message: str = ""
    refused: bool = False
    requirement: str | None = None  # Italian opening requirement J/Q/K/A (RULES.md §10.2)
    finished: bool = False
    drawn: dict[str, list[int]] = field(default_factory=dict)
    ledger: dict[str, Any] | None = None

    def legal_line(self) -> str:
        """``Bob: call 30 · raise 60 to 115 (pot) · fold`` (issue 5); empty when nobody acts."""
        if self.to_act is None or not self.choices:
            return ""
        return f"{self.to_act}: " + " · ".join(self.choices)

    @property
    def bets_in_front(self) -> int:
        """Chips bet in this betting round, still in front of the players (part of ``pot``)."""
        return sum(s.bet for s in self.seats)

    @property
    def stacks(self) -> dict[str, int]:
        return {s.name: s.stack for s in self.seats}

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` line of issue 5 (``null`` where a field does not apply), plus ``notes``
        (the dealer's instructions), ``requirement`` (Italian openers) and ``awards`` (each pot's
        winners and exact shares); issue 16's ``ok`` (false for a refused command), ``drawn`` (the
        cards each player took in each draw so far) and, after ``ledger`` or ``quit``, ``ledger``."""
        out = {
            "ok": not self.refused,
            "hand": self.hand,
            "street": self.street,
            "to_act": self.to_act,
            "pot": self.pot,
            "bets_in_front": self.bets_in_front,
            "legal": legal_json(self.legal),
            "stacks": self.stacks,
            "stub": self.stub,
            "message": self.message or None,
            "notes": list(self.notes),
            "requirement": self.requirement,
            "awards": [{"pot": a.index, "amount": a.amount, "winners": list(a.winners), "shares": dict(a.shares),
                        "odd_chip_to": a.odd_chip_to, "reason": a.reason} for a in self.awards],
            "drawn": {name: list(counts) for name, counts in self.drawn.items()},
        }
        if self.ledger is not None:
            out["ledger"] = self.ledger
        return out
