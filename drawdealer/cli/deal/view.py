"""What the dealer sees after each command, as plain data (rendered by ``screen.py``, printed by
``--json``).

The session builds a :class:`TableView` from the engine's state; the screen and the JSON line read
the same value, so what is shown and what a script checks never disagree. The legal actions are
the engine's own value (:class:`~drawdealer.engine.legal.LegalActions`, DESIGN.md convention 4).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from drawdealer.engine.cards import Card, cards_str
from drawdealer.engine.frozen import field, record
from drawdealer.engine.legal import LegalActions
from drawdealer.engine.pots import Pot, PotAward
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.words import pot_name

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
    opened: bool = False  # the opener (Italian, jacks or better: RULES.md §10.2)


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


def choices(legal: LegalActions, *, stack: int, pot_limited: bool, money: Callable[[int], str] = chips,
            italian: bool = False) -> list[str]:
    """The legal actions in words (issues 5, 16): ``call 30``, ``raise to 60–115 (pot)``, ``bet 2–69``,
    ``fold``; each is also what the dealer may type (``raise to N`` is ``raise N``).

    ``stack`` is the actor's chips behind (a call of all of them is an all-in); ``pot_limited``
    marks a maximum set by the pot (pot limit, Italian, RULES.md §7.3, §7.6); ``money`` writes an
    amount (chips, thousands grouped, by default; ``$0.65`` for a cash-game history in cents).
    ``italian`` adds Italian poker's word for each choice that has one (``check / passo`` before the
    opening, ``fold / passo`` after it, ``check / parola``, ``bet 1–10 (pot) / chip / piatto``,
    ``pat / servito``: RULES.md §6.3, §6.4, §7.6).
    """
    unopened = italian and legal.street in ("SETUP", "B1") and legal.check
    also = {"check": " / passo" if unopened else " / parola", "fold": "" if unopened else " / passo",
            "pat": " / servito", "bet": " / chip / piatto"} if italian else {}
    parts: list[str] = []
    if legal.blind_open is not None:
        parts.append(f"buio {money(legal.blind_open)}")
    if legal.controbuio is not None:
        parts.append(f"controbuio {money(legal.controbuio)}")
    if legal.draw and legal.draw_max is not None:
        parts.append(f"draw 1–{legal.draw_max}" if legal.draw_max > 1 else "draw 1")
        parts.append("pat" + also.get("pat", ""))
    if legal.show:
        parts += ["show CARDS", "muck"]
    if legal.check:
        parts.append("check" + also.get("check", ""))
    if legal.call and legal.to_call is not None:
        parts.append(f"call {money(legal.to_call)}" + (" (all-in)" if legal.to_call >= stack else ""))
    if legal.bet and legal.min_bet is not None:
        parts.append("bet " + _amount_range(legal.min_bet, legal.max_bet, all_in_to=legal.all_in_to,
                                            pot_limited=pot_limited, money=money) + also.get("bet", ""))
    if legal.raise_ and legal.min_raise_to is not None:
        parts.append("raise to " + _amount_range(
            legal.min_raise_to, legal.max_raise_to, all_in_to=legal.all_in_to, pot_limited=pot_limited,
            money=money))
    if legal.fold:
        parts.append("fold" + also.get("fold", ""))
    return parts


@record
class TableView:
    """The whole table after a command (what the screen draws and ``--json`` prints: :meth:`to_json`).

    ``street`` is the engine's: ``SETUP`` (forced bets; Italian blind declarations), ``B1``..``B4``,
    ``D1``..``D3``, ``SHOWDOWN``, ``AWARD`` (the hand is over). ``to_act`` is who must act, draw,
    show or declare now (``None`` when nobody). ``pots`` hold the chips of the closed betting rounds
    (RULES.md §9.4, ``HandState.pots_now``); this round's bets are the seats' ``bet``; ``pot`` is
    both together. ``choices`` are the legal actions in words, ``notes`` the dealer's instructions
    (the deal, who draws, reshuffle, who shows first, each pot's result), ``actions`` the hand so far
    in words.
    """

    hand: int
    game: str
    street: str
    to_act: str | None
    pot: int
    pots: tuple[Pot, ...] = ()
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
    button: str = ""
    stakes: dict[str, int] = field(default_factory=dict)
    carried: int | None = None  # Italian: chips carried into this deal from the last (RULES.md §10.2, §10.5)
    actions: tuple[str, ...] = ()

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
        """The ``--json`` line: the table after one command, one object (issues 5, 16, 27).

        Amounts are chips (whole numbers); ``null`` where a field does not apply.

        - ``ok``: false when the command was refused (nothing changed); ``message``: the answer to
          it (``ok: Bob raises to 40``, ``refused '…': why — the choices``), ``null`` if none.
        - ``hand``, ``game`` (the game's id, RULES.md §0.1), ``street`` (``SETUP``, ``B1``…, ``D1``…,
          ``SHOWDOWN``, ``AWARD``), ``finished`` (the hand is over), ``button`` (the button's
          player, the Italian dealer), ``stakes`` (``sb``, ``bb``, ``ante``; Italian ``invito``,
          ``chip``).
        - ``to_act``: who must act, draw, show or declare now; ``choices``: what he may do, in the
          words the dealer types (``call 30``, ``raise to 60–115 (pot)``); ``legal``: the same as
          amounts (``to_call``, ``min_bet``/``max_bet``, ``min_raise_to``/``max_raise_to``, raise
          *to*; ``all_in_to``; ``draw_max``; Italian ``blind_open``/``controbuio``; ``lone_check``:
          a player who may still check, RULES.md §7.1), ``null`` when nobody acts.
        - ``seats``: every seat clockwise: ``name``, ``stack`` (chips behind), ``bet`` (in front of
          him in this round), ``status`` (``active``, ``folded``, ``allin``, ``out``: not dealt
          in), ``button``, ``blind`` (``SB``, ``BB``, ``invito``, ``buio``, ``controbuio`` or
          ``""``), ``opened`` (the opener, RULES.md §10.2), ``to_act``, ``cards`` (only cards shown
          at the showdown), ``drawn`` (cards taken in each draw, 0 = pat). ``stacks`` repeats the
          stacks by name.
        - ``pots``: the pots of the closed betting rounds, main pot first (RULES.md §9.4): ``name``
          (``main pot``, ``side pot 1``…), ``amount``, ``eligible`` (the players who can win it);
          ``bets_in_front``: this round's bets, not in any pot yet; ``pot``: everything in the
          middle, the pots and the bets in front together.
        - ``stub``: the cards left in the stub (``null`` before the deal and after the hand);
          ``drawn``: the cards each player took in each draw so far.
        - ``requirement``: Italian opening requirement (J, Q, K, A; RULES.md §10.2), ``carried``:
          the chips carried into this deal (§10.2, §10.5), ``null`` in other games.
        - ``actions``: the hand so far in words (``Ann posts the small blind 1``, ``Bob draws 2``,
          ``Cy shows 7s 5h 4d 3c 2s``); ``notes``: the dealer's instructions of the moment;
          ``awards`` once the hand is over: each pot's ``pot`` (index, 0 = main), ``amount``,
          ``winners``, ``shares``, ``odd_chip_to`` and ``reason``.
        - ``ledger``, after ``ledger`` or ``quit`` only: the evening's accounts (``ledger.py``).
        """
        out = {
            "ok": not self.refused,
            "hand": self.hand,
            "game": self.game,
            "street": self.street,
            "finished": self.finished,
            "button": self.button,
            "stakes": dict(self.stakes),
            "to_act": self.to_act,
            "choices": list(self.choices),
            "legal": legal_json(self.legal),
            "seats": [{"name": s.name, "stack": s.stack, "bet": s.bet, "status": s.status, "button": s.button,
                       "blind": s.blind, "opened": s.opened, "to_act": s.to_act,
                       "cards": cards_str(s.cards).split() if s.cards else [], "drawn": list(s.drawn)}
                      for s in self.seats],
            "stacks": self.stacks,
            "pots": [{"name": pot_name(k), "amount": p.amount, "eligible": list(p.eligible)}
                     for k, p in enumerate(self.pots)],
            "bets_in_front": self.bets_in_front,
            "pot": self.pot,
            "stub": self.stub,
            "drawn": {name: list(counts) for name, counts in self.drawn.items()},
            "requirement": self.requirement,
            "carried": self.carried,
            "actions": list(self.actions),
            "message": self.message or None,
            "notes": list(self.notes),
            "awards": [{"pot": a.index, "amount": a.amount, "winners": list(a.winners), "shares": dict(a.shares),
                        "odd_chip_to": a.odd_chip_to, "reason": a.reason} for a in self.awards],
        }
        if self.ledger is not None:
            out["ledger"] = self.ledger
        return out
