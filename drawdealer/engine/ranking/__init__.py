"""Hand rankings: one module per ranking (RULES.md §3 lowball27, §4 italian, §15 badugi, §16 a5,
§17 split pots; standard high).

Every ranking implements :class:`Ranking`. ``get_ranking`` imports the module on first use so that
commands that never rank a hand do not pay for its tables.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping, Protocol, Sequence

from drawdealer.engine.cards import Card


class Ranking(Protocol):
    """A way of ranking five-card hands.

    ``strength`` is a total pre-order (higher = better) usable for sorting; ``compare`` and
    ``winners`` are the authority, because the Italian minimum straight flush beats the maximum
    (RULES.md §4.4), which no single number can express.
    """

    name: str

    def strength(self, cards: Sequence[Card]) -> int:
        """A number, higher is better; equal numbers tie (never equal for distinct Italian hands)."""

    def compare(self, a: Sequence[Card], b: Sequence[Card]) -> int:
        """> 0 if ``a`` beats ``b``, 0 on a tie, < 0 if ``b`` wins."""

    def winners(self, hands: Sequence[Sequence[Card]]) -> list[int]:
        """Indices of the best hand(s) among ``hands`` (several only on a tie)."""

    def category(self, cards: Sequence[Card]) -> str:
        """The category name, e.g. ``no pair``, ``flush``, ``scala minima``."""

    def describe(self, cards: Sequence[Card]) -> str:
        """A human description, e.g. ``7-5-4-3-2 (no pair)``."""

    def explain(self, a: Sequence[Card], b: Sequence[Card], name_a: str, name_b: str) -> str:
        """One sentence saying why ``a`` beats (or ties) ``b``."""

    def explain_pot(self, hands: Sequence[Sequence[Card]], names: Sequence[str]) -> str:
        """One sentence saying why the winner(s) of ``hands`` (named ``names``) win."""


_MODULES = {
    "lowball27": "drawdealer.engine.ranking.lowball27",
    "high": "drawdealer.engine.ranking.high",
    "italian": "drawdealer.engine.ranking.italian",
    "a5": "drawdealer.engine.ranking.a5",
    "badugi": "drawdealer.engine.ranking.badugi",
    "badeucey": "drawdealer.engine.ranking.split",
    "badacey": "drawdealer.engine.ranking.split",
}
RANKINGS = tuple(_MODULES)
"""The rankings' own names (a game id or alias of ``engine.variants`` names one too)."""
SPLIT = frozenset({"badeucey", "badacey"})
"""Rankings that split every pot between two rankings (RULES.md §17): ``get_ranking`` gives a
:class:`~drawdealer.engine.ranking.split.SplitRanking`."""


def ranking_name(name: str) -> str:
    """The ranking called ``name`` (case-insensitive): a ranking's own name, else that of the game
    ``name`` names (any id or alias of ``engine.variants``); KeyError if unknown."""
    key = name.strip().lower()
    if key in _MODULES:
        return key
    from drawdealer.engine.variants import get_game  # the one registry of game names (--game deuce alike everywhere)

    return get_game(name).ranking


def get_ranking(name: str, *, players: int = 4, options: Mapping[str, Any] | None = None) -> Ranking:
    """The ranking called ``name`` (see :func:`ranking_name`).

    ``players`` sets the Italian stripped deck (RULES.md §2.2); ``options`` are RULES.md §13 keys
    that touch ranking (``IT_…``). Each module exposes ``make_ranking(players=, options=)``.
    """
    name = ranking_name(name)
    module = import_module(_MODULES[name])
    if name in SPLIT:
        return module.make_split(name, players=players, options=dict(options or {}))
    return module.make_ranking(players=players, options=dict(options or {}))
