"""Split-pot awards (RULES.md §17): side pots first (§9.4), then each pot is halved and each half
awarded by its own ranking, ties splitting within the half (§9.6).

The odd chip of a pot that cannot be halved goes to the Badugi half (option ``SPLIT_ODD_CHIP_TO``,
``BADUGI`` | ``LOW``). A half is a :class:`~drawdealer.engine.pots.PotAward` of the pot's index whose
reason names the half, so totals per player (``pots.collected``) need nothing new.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from drawdealer.engine.cards import Card
from drawdealer.engine.frozen import replace
from drawdealer.engine.pots import Pot, PotAward, award_pots, new_pot
from drawdealer.engine.ranking.split import SplitRanking


def halves(amount: int, *, odd_chip_to_badugi: bool = True, unit: int = 1) -> tuple[int, int]:
    """(low half, Badugi half) of a pot of ``amount``: equal in whole ``unit`` chips, the odd unit
    (and any part of a unit) to the Badugi half unless ``odd_chip_to_badugi`` is False (§17)."""
    low = amount // (2 * unit) * unit
    high = amount - low
    if not odd_chip_to_badugi and high > low:
        low, high = high, low
    return low, high


def award_split_pots(pots: Sequence[Pot], hands: Mapping[str, Sequence[Card]], split: SplitRanking,
                     order_from_button: Sequence[str], unit: int = 1, *, odd_chip_to_badugi: bool = True,
                     explain: bool = True) -> list[PotAward]:
    """Each pot's two halves, low half first, each awarded like a pot of its own (RULES.md §17).

    A pot with one eligible player goes to him whole (both halves, §9.3).
    """
    awards: list[PotAward] = []
    for index, pot in enumerate(pots):
        if len(pot.eligible) == 1:
            awards += _indexed(award_pots([pot], hands, split.halves[1].ranking, order_from_button, unit,
                                          explain=explain), index, "")
            continue
        amounts = halves(pot.amount, odd_chip_to_badugi=odd_chip_to_badugi, unit=unit)
        for half, amount in zip(split.halves, amounts):
            part = new_pot(amount=amount, eligible=pot.eligible)
            awards += _indexed(award_pots([part], hands, half.ranking, order_from_button, unit, explain=explain),
                               index, f"{half.title} half: " if explain else "")
    return awards


def per_pot(awards: Sequence[PotAward]) -> list[PotAward]:
    """One award per pot index, as a log lists a split pot's collections: the halves' winners (low
    half first), shares added up, reasons joined (RULES.md §17)."""
    merged: dict[int, PotAward] = {}
    for a in awards:
        m = merged.get(a.index)
        if m is None:
            merged[a.index] = a
            continue
        shares = dict(m.shares)
        for p, v in a.shares.items():
            shares[p] = shares.get(p, 0) + v
        merged[a.index] = replace(m, amount=m.amount + a.amount,
                                  winners=m.winners + tuple(w for w in a.winners if w not in m.winners),
                                  shares=shares, reason="; ".join(r for r in (m.reason, a.reason) if r))
    return list(merged.values())


def _indexed(awards: list[PotAward], index: int, prefix: str) -> list[PotAward]:
    """``awards`` of one pot renumbered as pot ``index``, their reasons led by ``prefix``."""
    return [replace(a, index=index, reason=prefix + a.reason if a.reason else a.reason) for a in awards]
