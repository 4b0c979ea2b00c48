"""Poker all'italiana procedure rules as pure functions (RULES.md §7.6, §10).

Openers and the straight-flush draw (§10.2), the J-Q-K-A requirement across deals (§10.2, §10.4,
§10.5, ``IT_OPENER_CAP``), the opening range (§7.6), blind opening amounts (§10.6) and the false
opener's settlement (§10.4). The hand state machine calls these; they keep no state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from drawdealer.engine.cards import Card, rank_value, suit_index
from drawdealer.engine.frozen import record

if TYPE_CHECKING:
    from drawdealer.engine.ranking.italian import ItalianRanking

REQUIREMENTS = ("J", "Q", "K", "A")
"""Opening requirements from lowest to highest (RULES.md §10.2)."""

_REQUIREMENT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14}
_CAPS = ("K", "A")
_WIN_POLICIES = ("ALL_REFUND", "FORFEIT_BETS")


def _check_requirement(requirement: str, name: str = "requirement") -> None:
    if requirement not in _REQUIREMENT_RANK:
        raise ValueError(f"{name} must be one of {', '.join(REQUIREMENTS)}, not {requirement!r}")


@cache
def _ranking(players: int) -> ItalianRanking:
    # imported on the first Italian hand ranked, as ``ranking.get_ranking`` does: the other games'
    # deals and settlements use this module's procedure rules without it
    from drawdealer.engine.ranking.italian import ItalianRanking

    return ItalianRanking(players=players)


def is_sf_draw(cards: Sequence[Card], *, players: int) -> bool:
    """A *bilaterale reale* (RULES.md §10.2): four cards of one suit at ladder positions ``i..i+3``
    with both ``i−1`` and ``i+4`` on the ladder ``A(low), L, …, K, A(high)`` (§2.3).

    Both ends open means the run holds no ace and spans ranks ``r..r+3`` with ``L ≤ r`` and
    ``r+3 ≤ K``: with 32 cards ``7-8-9-T`` and ``8-9-T-J`` qualify, ``J-Q-K-A`` and ``A-7-8-9`` do not.
    ``cards`` is a five-card hand of the deck for ``players`` (CardError otherwise).
    """
    ranking = _ranking(players)
    ranking.strength(cards)  # validates five distinct cards of this deck
    by_suit: dict[int, set[int]] = {}
    for card in cards:
        by_suit.setdefault(suit_index(card), set()).add(rank_value(card))
    return any(
        {r, r + 1, r + 2, r + 3} <= ranks
        for ranks in by_suit.values()
        if len(ranks) >= 4
        for r in range(ranking.low, 11)
    )


def has_openers(cards: Sequence[Card], requirement: str, *, players: int, sf_draw: bool = True) -> bool:
    """Whether a pre-draw hand may open at requirement ``R`` (RULES.md §10.2): a pair of rank ≥ ``R``,
    any hand of category two pair or better (§4.1), or — if ``sf_draw`` (``IT_OPEN_WITH_SF_DRAW``) —
    a *bilaterale reale* (:func:`is_sf_draw`), which qualifies at every ``R``.
    """
    from drawdealer.engine.ranking.italian import PAIR, TWO_PAIR

    _check_requirement(requirement)
    category = _ranking(players).category_index(cards)
    if category >= TWO_PAIR:
        return True
    if category == PAIR:
        pair_rank = next(r for r, n in Counter(rank_value(c) for c in cards).items() if n == 2)
        if pair_rank >= _REQUIREMENT_RANK[requirement]:
            return True
    return sf_draw and is_sf_draw(cards, players=players)


class DealOutcome(str, Enum):
    """How an Italian deal ended, as far as the next requirement is concerned (RULES.md §10)."""

    UNOPENED = "UNOPENED"                            # nobody opened: thrown in (§10.2)
    PAROLA = "PAROLA"                                # B2 checked through: pot carried (§10.5)
    AWARDED = "AWARDED"                              # a player collected the pot (§10.2)
    FALSE_OPENER_WOULD_WIN = "FALSE_OPENER_WOULD_WIN"  # he cannot collect, stakes refunded (§10.4)
    FALSE_OPENER_LOST = "FALSE_OPENER_LOST"          # another player collected (§10.4)


def next_requirement(current: str, outcome: DealOutcome, *, cap: str = "A") -> str:
    """The opening requirement of the next deal (RULES.md §10.2, §10.4, §10.5).

    Unopened: one step up J → Q → K → A, never above ``cap`` (``IT_OPENER_CAP``, K or A).
    *Parola*: ``max(R, K)``. Pot awarded, or a false opener lost: back to J. A false opener
    would have won: unchanged.
    """
    if cap not in _CAPS:
        raise ValueError(f"IT_OPENER_CAP must be one of {', '.join(_CAPS)}, not {cap!r}")
    _check_requirement(current, "current requirement")
    if _REQUIREMENT_RANK[current] > _REQUIREMENT_RANK[cap]:
        raise ValueError(f"requirement {current} is above IT_OPENER_CAP = {cap}")
    outcome = DealOutcome(outcome)
    if outcome is DealOutcome.UNOPENED:
        return REQUIREMENTS[min(REQUIREMENTS.index(current) + 1, REQUIREMENTS.index(cap))]
    if outcome is DealOutcome.PAROLA:
        return current if _REQUIREMENT_RANK[current] >= _REQUIREMENT_RANK["K"] else "K"
    if outcome is DealOutcome.FALSE_OPENER_WOULD_WIN:
        return current
    return "J"


def blind_open_amount(pot: int, multiplier: int = 2) -> int:
    """The *buio* (RULES.md §10.6): ``IT_BLIND_MULTIPLIER × P`` (default 2, the seed's double pot)."""
    if multiplier not in (1, 2):
        raise ValueError(f"IT_BLIND_MULTIPLIER must be 1 or 2, not {multiplier!r}")
    if pot < 0:
        raise ValueError(f"pot must not be negative, not {pot}")
    return multiplier * pot


def controbuio_amount(blind: int) -> int:
    """The *controbuio* (RULES.md §10.6): twice the blind it answers (also for a
    contro-controbuio under ``IT_CONTRO_CONTROBUIO``, answering the controbuio)."""
    if blind < 1:
        raise ValueError(f"blind must be positive, not {blind}")
    return 2 * blind


@record
class FalseOpenerSettlement:
    """The end of a deal opened without openers (RULES.md §10.4).

    ``refunds``: chips handed back to each player of ``contributions`` (0 if none). ``carried``:
    chips of this deal that stay in the middle for the next deal (before its forced bets).
    ``penalty``: chips the false opener must add to the next deal's pot. When the false opener
    lost, the winner collects the pot by the ordinary award (§9.4), outside this settlement.
    """

    outcome: DealOutcome
    refunds: Mapping[Hashable, int]
    carried: int
    penalty: int
    next_requirement: str


def false_opener_settlement(
    *,
    contributions: Mapping[Hashable, int],
    initial_pot: int,
    false_opener: Hashable,
    winner: Hashable,
    requirement: str,
    policy: str = "ALL_REFUND",
) -> FalseOpenerSettlement:
    """Settle a deal whose opener lacked openers (RULES.md §10.4; examples §12.6 IT-3).

    ``contributions``: chips each player put in during this deal, forced bets excluded, after
    uncalled bets were returned (players are any hashable ids: seats or names). ``initial_pot``:
    the pot immediately before the opening bet. ``winner``: who would win the pot (showdown or
    everyone else folded). ``requirement``: ``R`` of this deal. ``policy``:
    ``IT_FALSE_OPENER_WIN_POLICY``.

    The false opener would win: he collects nothing; ``ALL_REFUND`` gives every player his
    contribution back, ``FORFEIT_BETS`` only the others, the false opener's bets staying in the
    middle; the initial pot is carried; ``R`` is unchanged. Another player wins: no refunds,
    nothing carried, the false opener owes the initial pot to the next deal; ``R`` goes back to J.
    """
    if policy not in _WIN_POLICIES:
        raise ValueError(f"IT_FALSE_OPENER_WIN_POLICY must be one of {', '.join(_WIN_POLICIES)}, not {policy!r}")
    _check_requirement(requirement)
    if initial_pot < 0:
        raise ValueError(f"initial pot must not be negative, not {initial_pot}")
    for player, amount in contributions.items():
        if amount < 0:
            raise ValueError(f"contribution of {player!r} must not be negative, not {amount}")
    for role, player in (("false opener", false_opener), ("winner", winner)):
        if player not in contributions:
            raise ValueError(f"{role} {player!r} has no entry in contributions")

    if winner != false_opener:
        return FalseOpenerSettlement(
            outcome=DealOutcome.FALSE_OPENER_LOST,
            refunds=MappingProxyType({p: 0 for p in contributions}),
            carried=0,
            penalty=initial_pot,
            next_requirement=next_requirement(requirement, DealOutcome.FALSE_OPENER_LOST),
        )
    refunds = dict(contributions)
    carried = initial_pot
    if policy == "FORFEIT_BETS":
        carried += refunds[false_opener]
        refunds[false_opener] = 0
    return FalseOpenerSettlement(
        outcome=DealOutcome.FALSE_OPENER_WOULD_WIN,
        refunds=MappingProxyType(refunds),
        carried=carried,
        penalty=0,
        next_requirement=next_requirement(requirement, DealOutcome.FALSE_OPENER_WOULD_WIN),
    )
