"""Main and side pots, uncalled chips, rake, splits and odd chips (RULES.md §7.1, §9.4-§9.6).

Pure functions over whole-hand commitments. Chips are conserved by construction:
``Σ build_pots(...) + uncalled = Σ committed``, ``Σ take_rake(...) + rake = Σ pots`` and the shares
of every :class:`PotAward` add up to its pot.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from drawdealer.engine.cards import Card
from drawdealer.engine.frozen import maker, record
from drawdealer.engine.words import pot_name

if TYPE_CHECKING:
    from drawdealer.engine.ranking import Ranking


@record
class Pot:
    """One pot: its chips and the players who can win it (the first is the main pot, the others side pots 1, 2, ...: RULES.md §9.4)."""

    amount: int
    eligible: tuple[str, ...]


@record
class PotAward:
    """Who takes pot ``index`` and why (RULES.md §9.4 step 5, §9.6).

    ``winners`` are in clockwise order from the first seat left of the button; ``shares`` holds
    every winner (same order); ``odd_chip_to`` is the first winner given an odd unit, None when the
    pot divides evenly. ``winners`` is empty (and ``shares`` too) only when the pot is contested and
    no eligible hand was shown: the winner cannot be determined from the cards.
    """

    index: int
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: dict[str, int]
    odd_chip_to: str | None
    reason: str


new_pot, _new_award = maker(Pot), maker(PotAward)
"""``new_pot(amount=, eligible=)``: a :class:`Pot`, built fast (``frozen.maker``; settle.py uses it too)."""


def _check_amounts(committed: Mapping[str, int]) -> None:
    for player, amount in committed.items():
        if amount < 0:
            raise ValueError(f"{player} has a negative commitment ({amount})")


def uncalled_excess(amounts: Sequence[int]) -> tuple[int, int] | None:
    """The uncalled chips ``(index, amount)`` among the commitments ``amounts``, or None (RULES.md
    §7.1, §9.4 step 1).

    If one commitment exceeds every other (folded players' included), the excess over the next
    highest goes back to its player; a tie at the top, or fewer than two players, leaves nothing
    uncalled. Works on a round's commitments or on whole-hand totals alike: a closed round leaves no
    excess behind.
    """
    if len(amounts) < 2:
        return None
    top = max(amounts)
    if amounts.count(top) > 1:
        return None
    return amounts.index(top), top - sorted(amounts)[-2]


def build_pots(committed: Mapping[str, int], active: Collection[str]) -> list[Pot]:
    """Main and side pots from whole-hand totals ``T[i]`` (RULES.md §9.4 steps 2-4).

    ``committed`` holds every player's total for the hand after the uncalled return, folded players
    included (their chips are dead money); ``active`` the players not folded. One pot per distinct
    ``T`` of an active player (levels ``ℓ`` ascending, previous ``ℓ0``): amount
    ``Σ max(0, min(T[i], ℓ) − ℓ0)`` over all players, eligible = active players with ``T ≥ ℓ``.
    Folded chips above the top level join the last pot. ``eligible`` follows the order of
    ``committed`` (active players missing from it count as 0 and come last, by name).
    """
    _check_amounts(committed)
    live = set(active)
    totals = dict(committed)
    for player in sorted(live - totals.keys()):
        totals[player] = 0
    if not live:
        if any(totals.values()):
            raise ValueError("chips are committed but no player is active: nobody can win them")
        return []
    levels = sorted({totals[p] for p in live})
    if len(levels) > 1 and levels[0] == 0:
        levels.pop(0)  # an active player who put nothing in is eligible for nothing
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(max(0, min(t, level) - previous) for t in totals.values())
        eligible = tuple(p for p, t in totals.items() if p in live and t >= level)
        pots.append(new_pot(amount=amount, eligible=eligible))
        previous = level
    dead_above = sum(max(0, t - previous) for t in totals.values())
    if dead_above:
        last = pots[-1]
        pots[-1] = new_pot(amount=last.amount + dead_above, eligible=last.eligible)
    return pots


def split_pot(amount: int, winners_in_order: Sequence[str], unit: int = 1) -> dict[str, int]:
    """Shares of a pot split among tied winners (RULES.md §9.6).

    Each winner gets ``floor(amount / (w × unit)) × unit``; the leftover goes one unit at a time to
    the winners in the given order (callers pass them clockwise from the first seat left of the
    button). A part of a unit left when ``amount`` is not a multiple of ``unit`` rides with the
    last odd unit, so nobody receives more than one odd unit and the shares always sum to ``amount``.
    """
    if unit < 1:
        raise ValueError(f"the chip unit must be positive, not {unit}")
    if amount < 0:
        raise ValueError(f"a pot cannot be negative ({amount})")
    w = len(winners_in_order)
    if w == 1:  # a lone winner takes it all: the leftover, less than a unit, rides with him
        return {winners_in_order[0]: amount}
    if not w:
        raise ValueError("a pot needs at least one winner")
    if len(set(winners_in_order)) != w:
        raise ValueError(f"a winner is listed twice: {list(winners_in_order)}")
    base = amount // (w * unit) * unit
    left = amount - base * w
    shares: dict[str, int] = {}
    for player in winners_in_order:
        odd = min(unit, left)
        shares[player] = base + odd
        left -= odd
    return shares


def expected_rake(total_pot: int, *, percent: float | int, cap: int | None, unit: int = 1) -> int:
    """Rake due on ``total_pot``: ``min(cap, floor(total × pct / 100 / unit) × unit)`` (RULES.md §9.5).

    ``percent`` is read as the decimal it is written as (``0.3`` is exactly 3/10), so float noise
    never costs a unit. ``cap`` None means no cap. ``NO_DRAW_NO_DROP`` is the caller's business
    (pass ``percent=0`` when the hand ended during ``B1``).
    """
    if total_pot < 0:
        raise ValueError(f"a pot cannot be negative ({total_pot})")
    if unit < 1:
        raise ValueError(f"RAKE_UNIT must be positive, not {unit}")
    if cap is not None and cap < 0:
        raise ValueError(f"RAKE_CAP cannot be negative ({cap})")
    from fractions import Fraction  # imported here: fractions pulls in decimal (~2 ms at start-up)

    pct = Fraction(str(percent)) if isinstance(percent, float) else Fraction(percent)
    if not 0 <= pct <= 100:
        raise ValueError(f"RAKE_PERCENT must be within 0..100, not {percent}")
    rake = int(total_pot * pct / 100 / unit) * unit
    return rake if cap is None else min(cap, rake)


def take_rake(pots: Sequence[Pot], rake: int | Sequence[int]) -> list[Pot]:
    """The pots after the rake (RULES.md §9.5).

    ``rake`` is the total, taken from the main pot first, then the next pots in order; or the rake
    taken from each pot, a site's own division of it (:func:`rake_division`). A pot emptied by the
    rake stays in the list (with amount 0), so pot indexes do not move.
    """
    if isinstance(rake, int):
        total = sum(p.amount for p in pots)
        if not 0 <= rake <= total:
            raise ValueError(f"rake {rake} is outside 0..{total} (the chips in the pots)")
        shares = []
        for pot in pots:
            taken = min(rake, pot.amount)
            rake -= taken
            shares.append(taken)
    else:
        shares = list(rake)
        if len(shares) != len(pots) or any(not 0 <= r <= p.amount for p, r in zip(pots, shares)):
            raise ValueError(f"rake by pot {shares} does not fit the pots {[p.amount for p in pots]}")
    return [new_pot(amount=pot.amount - taken, eligible=pot.eligible) for pot, taken in zip(pots, shares)]


def rake_division(amounts: Sequence[int], listed: Sequence[int], rake: int) -> list[int] | None:
    """The rake taken from each pot when a log lists its pots net of the rake (``listed``), or None
    when the listed pots are not the pots ``amounts`` less a division of ``rake`` (RULES.md §9.5).

    A site may divide the rake among the pots as it likes (PokerStars: from the main pot alone, or a
    part from each pot); what it cannot do is take from a pot more than it holds, give a pot more
    than it holds, or take more or less than the rake in all.
    """
    if len(listed) != len(amounts):
        return None
    shares = [a - b for a, b in zip(amounts, listed)]
    if any(not 0 <= r <= a for r, a in zip(shares, amounts)) or sum(shares) != rake:
        return None
    return shares


def award_pots(
    pots: Sequence[Pot],
    hands: Mapping[str, Sequence[Card]],
    ranking: Ranking,
    order_from_button: Sequence[str],
    unit: int = 1,
    *,
    explain: bool = True,
) -> list[PotAward]:
    """Award each pot to its best eligible hand(s), splitting ties (RULES.md §9.4 step 5, §9.6).

    ``hands`` are the hands shown at showdown; a player absent from it (mucked, conceded, or not
    known from a history) has no claim to any pot (§9.2). Players in ``hands`` not eligible for a
    pot are ignored for that pot. A pot with one eligible player goes to him without a showdown
    (uncontested, §9.3); a contested pot with exactly one eligible hand shown goes to that hand; a
    contested pot with none shown cannot be awarded (empty ``winners``, see :class:`PotAward`).
    ``order_from_button`` lists the players clockwise from the first seat left of the button; it
    orders the winners and the odd units. Italian pots never tie (§4.3), so they are never split.
    ``explain=False`` leaves every ``reason`` empty (the validator's fast path): same winners and shares.
    """
    awards: list[PotAward] = []
    for index, pot in enumerate(pots):
        eligible, amount = pot.eligible, pot.amount
        for p in eligible:
            if p not in order_from_button:
                missing = [p for p in eligible if p not in order_from_button]
                raise ValueError(f"{pot_name(index)}: {', '.join(missing)} not in the order from the button")
        reason = ""
        if len(eligible) == 1:
            winners = eligible
            if explain:
                reason = f"{winners[0]} is the only player eligible (uncontested)"
        else:
            contenders = [p for p in order_from_button if p in hands and p in eligible]  # clockwise
            if len(contenders) > 1:
                best = ranking.winners([hands[p] for p in contenders])
                if len(best) == 1:
                    winners = (contenders[best[0]],)
                else:
                    winners = tuple([p for i, p in enumerate(contenders) if i in best])
                if explain:
                    reason = _reason(winners, [p for i, p in enumerate(contenders) if i not in best], hands, ranking)
            else:
                winners = tuple(contenders)
                if explain and winners:
                    reason = (f"{winners[0]} wins with {ranking.describe(hands[winners[0]])}, the only eligible "
                              "hand shown")
                elif explain:
                    reason = f"no eligible hand was shown ({', '.join(eligible)}): the winner cannot be determined"
        if winners:
            shares = split_pot(amount, winners, unit)
            odd_chip_to = winners[0] if amount % (len(winners) * unit) else None  # odd units start with him
        else:
            shares, odd_chip_to = {}, None
        awards.append(_new_award(index=index, amount=amount, eligible=eligible, winners=winners, shares=shares,
                                 odd_chip_to=odd_chip_to, reason=reason))
    return awards


def _reason(winners: Sequence[str], losers: list[str], hands: Mapping[str, Sequence[Card]], ranking: Ranking) -> str:
    """One sentence: the winner against the best loser, or the tie (plus the best loser beaten)."""
    parts: list[str] = []
    if len(winners) > 1:
        parts.append(ranking.explain(hands[winners[0]], hands[winners[1]], winners[0], winners[1]).rstrip("."))
        if len(winners) > 2:
            parts.append(f"{', '.join(winners)} split the pot")
    if losers:
        best_losers = ranking.winners([hands[p] for p in losers])
        loser = losers[best_losers[0]]
        parts.append(ranking.explain(hands[winners[0]], hands[loser], winners[0], loser).rstrip("."))
    return "; ".join(parts)


def collected(awards: Sequence[PotAward]) -> dict[str, int]:
    """Each player's total from every pot (what ``COLLECTED_AMOUNT_WRONG`` compares, RULES.md §11.5)."""
    totals: dict[str, int] = {}
    for award in awards:
        for player, chips in award.shares.items():
            totals[player] = totals.get(player, 0) + chips
    return totals
