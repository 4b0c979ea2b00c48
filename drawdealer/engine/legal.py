"""What the player to act may do, as a value (DESIGN.md convention 4).

The dealer assistant prints it ("Bob: call 30 · raise 60 to 115 (pot) · fold") and the validator
reads the same value. Amounts are chips; a raise amount is the total *to* (RULES.md §7).
"""

from __future__ import annotations

from typing import Any

from drawdealer.engine import italian_procedure
from drawdealer.engine.betting import pot_limit_max_to
from drawdealer.engine.frozen import record
from drawdealer.engine.handfields import HandFields
from drawdealer.engine.phases import BETTING, DRAW, SETUP, SHOWDOWN
from drawdealer.engine.variants import Structure


@record
class LegalActions:
    """The choices of ``player`` on ``street`` (None fields do not apply).

    Betting: ``to_call`` is what a call puts in (clipped by the stack); a bet is legal with any
    amount in ``min_bet..max_bet``, a raise with any total in ``min_raise_to..max_raise_to``
    (fixed limit: min = max); ``all_in_to`` is the total of an all-in (legal even below the minimum
    when the stack is short). Drawing: ``draw_max`` cards at most (0 = stand pat only), ``stub`` the
    cards left in the stub. Showdown: ``show``/``muck``. Italian set-up: ``blind_open`` /
    ``controbuio`` amounts when a blind opening is available (RULES.md §10.6). ``lone_check`` names
    a player (other than ``player``, or the same) who may still check in the betting round that just
    closed: he was left the only one able to act, with nothing to call; optional (RULES.md §7.1).
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
    lone_check: str | None = None

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
                "controbuio": self.controbuio, "lone_check": self.lone_check}


class LegalQueries(HandFields):
    """:meth:`legal_actions` of :class:`~drawdealer.engine.state.HandState`."""

    __slots__ = ()

    def ready_to_deal(self) -> bool:
        """The set-up is over and the cards are due (RULES.md §5, §10.6): every forced bet posted and
        no blind opening left to declare. The dealer deals then (``HandState.start``)."""
        return self.phase == SETUP and not self.forced_actions() and self.legal_actions().player is None

    def legal_actions(self) -> LegalActions:
        """What the player to act may do now, with amounts (DESIGN.md convention 4)."""
        if self.phase == BETTING and self.to_act >= 0:
            return self._legal_betting(self.to_act)
        if self.phase == DRAW:
            i, lone = self._current(), self.lone_checker()
            return LegalActions(street=self.street, player=self.names[i] if i >= 0 else None, draw=i >= 0,
                                draw_max=self.spec.max_discard if i >= 0 else None, stub=self.deck.stub,
                                lone_check=self.names[lone] if lone >= 0 else None)
        if self.phase == SHOWDOWN:
            i, lone = self._current(), self.lone_checker()
            return LegalActions(street=self.street, player=self.names[i] if i >= 0 else None, show=i >= 0,
                                muck=i >= 0, lone_check=self.names[lone] if lone >= 0 else None)
        if self.phase == SETUP and self.italian and not self.forced_actions() and self.requirement == "J":
            posters = self.blind_posters
            # only a player with chips behind can post a blind, and only a blind of chips can be answered
            if not posters:
                i = self.order[0]
                if self.stack[i] > 0:
                    return LegalActions(street="SETUP", player=self.names[i],
                                        blind_open=italian_procedure.blind_open_amount(self.pot, self.opts.it_blind_multiplier))
            elif len(posters) == 1 or (len(posters) == 2 and self.opts.it_contro_controbuio):
                i = self.order[len(posters)] if len(posters) < self.n else -1
                due = self._controbuio_due()
                if i >= 0 and i not in posters and self.stack[i] > 0 and due is not None:
                    return LegalActions(street="SETUP", player=self.names[i], controbuio=due)
        return LegalActions(street=self.street, player=None)

    def _legal_betting(self, i: int) -> LegalActions:
        r, spec, opts = self.rnd, self.spec, self.opts
        c, stack, high = self.bet[i], self.stack[i], r.high
        owed = high - c
        all_in_to = c + stack
        to_call = min(owed, stack) if owed > 0 else None
        others = any(not self.folded[j] and self.stack[j] > 0 for j in range(self.n) if j != i)
        bet_ok = raise_ok = False
        min_bet = max_bet = min_to = max_to = None
        structure = spec.structure
        if high == 0:
            if structure is Structure.FIXED:
                min_bet = max_bet = min(r.unit, stack)
            elif spec.is_italian:
                chip = self.chip
                min_bet = min(chip, stack)
                max_bet = min(pot_limit_max_to(pot=self.pot, high=0, committed=0, least=chip), stack)
            else:
                min_bet = min(self.bb, stack)
                max_bet = min(pot_limit_max_to(pot=self.pot, high=0, committed=0, least=self.bb), stack) \
                    if structure is Structure.POT else stack
            bet_ok = stack > 0 and others
        elif all_in_to > high and others:
            if structure is Structure.FIXED:
                reopened = not r.acted[i] or r.full > r.level[i]
                if not self._fixed_capped() and reopened:
                    raise_ok = True
                    min_to = max_to = min(self._fixed_raise_to(), all_in_to)
            elif spec.is_italian:
                step = r.lraise if opts.it_min_raise == "LAST_INCREMENT" else self.chip
                limit = opts.it_max_raises_per_round
                reopened = not r.acted[i] or high - r.level[i] >= step
                if not r.blind and reopened and not (limit and r.nbets >= limit):
                    raise_ok = True
                    most = pot_limit_max_to(pot=self.pot, high=high, committed=c, least=high + step) \
                        if opts.it_raise_limit == "POT" else all_in_to
                    min_to, max_to = min(high + step, all_in_to), min(most, all_in_to)
            else:
                reopened = not r.acted[i] or high - r.level[i] >= r.lraise
                if reopened:
                    raise_ok = True
                    most = pot_limit_max_to(pot=self.pot, high=high, committed=c, least=high + r.lraise) \
                        if structure is Structure.POT else all_in_to
                    min_to, max_to = min(high + r.lraise, all_in_to), min(most, all_in_to)
        call_ok = owed > 0 and not self._limp(i, to_call or 0)
        return LegalActions(street=self.street, player=self.names[i], fold=True, check=owed <= 0,
                            call=call_ok, to_call=to_call if call_ok else None, bet=bet_ok, min_bet=min_bet if bet_ok else None,
                            max_bet=max_bet if bet_ok else None, raise_=raise_ok, min_raise_to=min_to,
                            max_raise_to=max_to, all_in_to=all_in_to if stack else None)
