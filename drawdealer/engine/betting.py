"""Bet-size arithmetic for fixed, pot and no limit (RULES.md §7.1-§7.6).

Pure functions over the numbers of RULES.md §7.1: ``P`` all chips in the middle (this round's bets
included), ``H`` the highest commitment this round, ``c`` the actor's commitment this round,
``Lraise`` the last full bet/raise increment (big-bet games), ``F`` the last full bet level and the
unit (fixed limit). The hand state (``state.py``) keeps those numbers; ``drawdealer potlimit``
calls :func:`pot_limit_quote` directly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from drawdealer.engine.frozen import record
from drawdealer.engine.options import Options
from drawdealer.engine.variants import GameSpec


def fixed_limit_unit(spec: GameSpec, betting_round: int, *, small_bet: int, big_bet: int, options: Options) -> int:
    """The bet size of betting round ``betting_round`` (1-based) in fixed limit (RULES.md §7.2).

    ``SMALL_SMALL_BIG_BIG``: triple draw ``B1``, ``B2`` small and ``B3``, ``B4`` big; single draw
    ``B1`` small and ``B2`` big. ``FLAT``: always the small bet. ``big_bet`` 0 means
    ``BIG_BET_MULTIPLIER × small_bet``.
    """
    if options.fl_structure == "FLAT":
        return small_bet
    rounds = spec.draws + 1
    big = big_bet or small_bet * options.big_bet_multiplier
    return big if betting_round > rounds // 2 else small_bet


def pot_limit_max_to(*, pot: int, high: int, committed: int, least: int = 0) -> int:
    """The largest pot-limit raise-to: call, then raise the pot (RULES.md §7.3).

    ``max_to = H + P + (H − c)``; with no bet (``H = 0``) that is the pot ``P``. Never below
    ``least``, the minimum bet or raise-to: where the pot is smaller than the minimum (antes only, an
    all-in bet short of the big blind), the minimum is still a legal bet or raise. §7.3 sets both
    limits but not which one wins when they cross, and no source settles it: an engineering choice
    (as in §14.2), applied alike to the Italian opening of §7.6 (a pot below ``IT_CHIP`` may be
    opened for the chip).
    """
    most = high + pot + (high - committed)
    return most if most >= least else least


def min_raise_to(*, high: int, last_raise: int) -> int:
    """The smallest full raise-to in pot/no limit: ``H + Lraise`` (RULES.md §7.3, §7.4)."""
    return high + last_raise


def is_full_fixed_limit_raise(increment: int, unit: int, fraction: Fraction) -> bool:
    """Whether an all-in increment over ``F`` counts as a full bet/raise (RULES.md §7.2, TDA 47B).

    Full iff ``increment ≥ FL_SHORT_ALLIN_REOPEN_FRACTION × unit`` (half a unit by default).
    """
    return increment * fraction.denominator >= fraction.numerator * unit


def infer_last_raise(bets: Mapping[str, int], big_blind: int | None) -> int:
    """The last full raise size ``Lraise`` as far as the bets in front of the players show it.

    The distinct bet levels (with 0 below them) are sorted; the largest step between two successive
    levels is the last full increment, because full raises never shrink and a short all-in is
    smaller than the full raise before it (RULES.md §7.3, §7.5). The big blind is the floor. A level
    that is no longer visible (a raiser who has since called a re-raise) cannot be seen: pass
    ``--last-raise`` then. With no bets and no big blind the floor is one chip.
    """
    levels = sorted({amount for amount in bets.values() if amount > 0})
    steps = [b - a for a, b in zip([0, *levels], levels)]
    return max([big_blind or 1, *steps])


@record
class PotLimitQuote:
    """What a pot-limit actor may do, with the arithmetic (RULES.md §7.3, §12.1).

    ``pot`` is ``P`` (middle plus every bet in front); ``call_amount`` is the call clipped by the
    stack; ``max_raise_to`` and ``min_raise_to`` are clipped by the stack (an all-in for less is
    always allowed) and are None when the stack does not cover more than a call.
    """

    pot: int
    high: int
    committed: int
    to_call: int
    call_amount: int
    pot_after_call: int
    last_raise: int
    min_raise_to: int | None
    max_raise_to: int | None
    full_max_raise_to: int
    all_in_to: int | None
    explanation: tuple[str, ...]

    def to_dict(self) -> dict[str, int | None]:
        """The JSON of ``drawdealer potlimit --json``."""
        return {"to_call": self.to_call, "min_raise_to": self.min_raise_to,
                "max_raise_to": self.max_raise_to, "pot_after_call": self.pot_after_call}


def pot_limit_quote(*, pot: int, bets: Mapping[str, int], actor: str, stack: int | None = None,
                    big_blind: int | None = None, last_raise: int | None = None,
                    money: Callable[[int], str] = str) -> PotLimitQuote:
    """Pot-limit amounts for ``actor`` (RULES.md §7.3; the examples are §12.1 PL-1..PL-10).

    ``pot`` is the middle from earlier rounds (and antes), ``bets`` each player's chips in front
    this round (blinds included; the actor may be absent: 0), ``stack`` the actor's chips behind
    (None: unlimited), ``last_raise`` the last full raise (None: :func:`infer_last_raise`).
    ``money`` writes an amount in the explanation (``engine.money``). Raises ValueError for
    negative amounts.
    """
    if pot < 0 or any(v < 0 for v in bets.values()) or (stack is not None and stack < 0):
        raise ValueError("amounts cannot be negative")
    high = max(bets.values(), default=0)
    committed = bets.get(actor, 0)
    total = pot + sum(bets.values())
    to_call = high - committed
    call_amount = to_call if stack is None else min(to_call, stack)
    pot_after_call = total + call_amount
    lraise = last_raise if last_raise is not None else infer_last_raise(bets, big_blind)
    floor = high + lraise
    pot_max = pot_limit_max_to(pot=total, high=high, committed=committed)
    full_max = pot_limit_max_to(pot=total, high=high, committed=committed, least=floor)
    all_in_to = None if stack is None else committed + stack
    lines = [f"P = {money(pot)} in the middle + {money(sum(bets.values()))} in front = {money(total)}",
             f"H = {money(high)}, {actor} has c = {money(committed)} in front"]
    if to_call:
        lines.append(f"to call: H − c = {money(high)} − {money(committed)} = {money(to_call)}"
                     + (f" (all-in for {money(call_amount)})" if call_amount < to_call else ""))
    lines.append(f"pot after the call: {money(total)} + {money(call_amount)} = {money(pot_after_call)}")
    if high:
        lines.append(f"max raise to: H + P + (H − c) = {money(high)} + {money(total)} + {money(to_call)} = "
                     f"{money(pot_max)}")
        lines.append(f"min raise to: H + Lraise = {money(high)} + {money(lraise)} = {money(floor)}"
                     + ("" if last_raise is not None else " (Lraise = largest full increment in front)"))
    else:
        lines.append(f"max bet: P = {money(pot_max)}")
        lines.append(f"min bet: {money(floor)}" + (" (the big blind)" if big_blind else ""))
    if floor > pot_max:
        lines.append(f"the pot limit {money(pot_max)} is below the minimum {money(floor)}: the minimum is allowed")
    if all_in_to is not None and all_in_to <= high:
        lines.append(f"{actor} has {money(stack)} behind: only a call (or fold) is possible")
        min_to = max_to = None
    elif all_in_to is not None and all_in_to < full_max:
        max_to, min_to = all_in_to, min(floor, all_in_to)
        lines.append(f"clipped by the stack: all-in to c + stack = {money(committed)} + {money(stack)} = "
                     f"{money(all_in_to)}")
    else:
        max_to, min_to = full_max, floor
    return PotLimitQuote(pot=total, high=high, committed=committed, to_call=to_call, call_amount=call_amount,
                         pot_after_call=pot_after_call, last_raise=lraise, min_raise_to=min_to,
                         max_raise_to=max_to, full_max_raise_to=full_max, all_in_to=all_in_to,
                         explanation=tuple(lines))
