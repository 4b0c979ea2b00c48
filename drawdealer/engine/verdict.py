"""Who wins a showdown of named hands, and why: the work of ``drawdealer showdown`` and of
``drawdealer.showdown`` (RULES.md §3, §4, §15-§17, standard high).

:func:`settle_showdown` takes a game (a ranking's name or any game id or alias, e.g. ``27``,
``italian``, ``27TD-FL``) and the hands (``NAME=CARDS`` or ``CARDS``, named 1, 2 … by position),
checks them (five cards each, four in Badugi; no card dealt twice; in Italian poker only cards of
the deck stripped for ``players``, RULES.md §2.2) and ranks them: a :class:`Verdict`, whose
``to_dict()`` is the object ``drawdealer showdown --json`` prints. In a split-pot game (Badeucey,
Badacey, §17) each half has its places and winners. Bad input raises :class:`ShowdownError`
with the message the command line prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawdealer.engine.frozen import record

if TYPE_CHECKING:
    from drawdealer.engine.cards import Card
    from drawdealer.engine.ranking import Ranking


class ShowdownError(ValueError):
    """Hands or a game that cannot be settled; ``option`` names the argument at fault when it is the
    game or the number of players (``game``, ``players``; the message starts with it), else None."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


@record
class Verdict:
    """A settled showdown: the ranking's name, its rows best first (``name``, ``cards``, and
    ``description`` and ``place``, or per half in ``halves``), the winners (a list, or per half),
    the split's summary (split-pot games) and the sentence why. ``cards`` holds each row's cards
    sorted by rank, for a table."""

    game: str
    players: int
    rows: tuple[dict[str, Any], ...]
    winners: tuple[str, ...] | dict[str, tuple[str, ...]]
    explanation: str
    cards: tuple[tuple[Card, ...], ...]
    split: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``drawdealer showdown --json``."""
        if self.split is None:
            return {"game": self.game, "winners": list(self.winners), "hands": [dict(r) for r in self.rows],
                    "explanation": self.explanation}
        return {"game": self.game, "winners": {half: list(names) for half, names in self.winners.items()},
                "split": self.split, "hands": [dict(r) for r in self.rows], "explanation": self.explanation}


def settle_showdown(game: str, hands: list[str], *, players: int | None = None) -> Verdict:
    """The showdown of ``hands`` in ``game`` (module docstring); ``players`` (2-10, default 4) sets
    the Italian deck and is refused for any other game."""
    from drawdealer.engine.cards import cards_str, sorted_by_rank
    from drawdealer.engine.ranking import RANKINGS, SPLIT, get_ranking, ranking_name

    try:
        name = ranking_name(game)
    except KeyError as exc:  # engine.variants.UnknownGame
        if getattr(exc, "ambiguous", False):
            raise ShowdownError(f"game '{game}': {exc}", "game") from None
        raise ShowdownError(f"game '{game}': unknown game; use {', '.join(RANKINGS)}, or a game id "
                            "(27TD-FL, ITA …)", "game") from None
    if players is not None and name != "italian":
        raise ShowdownError(f"players: '{game}' is dealt from the full deck; only Italian poker has a deck "
                            "stripped by the number of players (RULES.md §2.2)", "players")
    if players is None:
        players = 4
    elif not 2 <= players <= 10:
        raise ShowdownError(f"players {players}: a table has 2 to 10 players", "players")
    names, cards = _parse_hands(hands, name, players)
    ranking = get_ranking(name, players=players)
    if name in SPLIT:
        return _split_verdict(name, players, ranking, names, cards)
    place = _places(ranking, cards)
    order = sorted(range(len(cards)), key=lambda i: place[i])
    rows = tuple({"name": names[i], "cards": cards_str(sorted_by_rank(cards[i])),
                  "description": ranking.describe(cards[i]), "place": place[i]} for i in order)
    return Verdict(game=name, players=players, rows=rows, winners=tuple(names[i] for i in order if place[i] == 1),
                   explanation=ranking.explain_pot(cards, names),
                   cards=tuple(tuple(sorted_by_rank(cards[i])) for i in order))


def _parse_hands(args: list[str], game: str, players: int) -> tuple[list[str], list[tuple[Card, ...]]]:
    """Names and hands from ``NAME=CARDS`` / ``CARDS`` texts; :class:`ShowdownError` on the first bad one."""
    from drawdealer.engine.cards import RANK_CHARS, CardError, card_str, italian_lowest_rank, parse_hand, rank_value

    names: list[str] = []
    hands: list[tuple[Card, ...]] = []
    held: dict[Card, int] = {}
    low = italian_lowest_rank(players) if game == "italian" else 2
    for number, arg in enumerate(args, 1):
        where = f"hand {number} '{arg}'"
        name, sep, text = arg.partition("=")
        if not sep:
            name, text = str(number), arg
        name = name.strip()
        if not name:
            raise ShowdownError(f"{where}: the name before '=' is empty")
        if name in names:
            raise ShowdownError(f"{where}: the name '{name}' is already used by hand {names.index(name) + 1}")
        try:
            hand = parse_hand(text, 4 if game == "badugi" else 5)
        except CardError as err:
            raise ShowdownError(f"{where}: {err}") from None
        for card in hand:
            if rank_value(card) < low:
                raise ShowdownError(f"{where}: {card_str(card)} is not in the {players}-player Italian deck, which "
                                    f"starts at {RANK_CHARS[low - 2]} (RULES.md §2.2)")
            if card in held:
                other = held[card]
                owner = f"hand {other}" + ("" if names[other - 1] == str(other) else f" ({names[other - 1]})")
                raise ShowdownError(f"{where}: {card_str(card)} is also in {owner}; a card can be dealt only once")
            held[card] = number
        names.append(name)
        hands.append(hand)
    if len(hands) < 2:
        raise ShowdownError(f"a showdown needs at least two hands, got {len(hands)}")
    if game == "italian" and len(hands) > players:
        raise ShowdownError(f"players {players}: {len(hands)} hands cannot come from a {players}-player Italian deal",
                            "players")
    return names, hands


def _split_verdict(name: str, players: int, split: Any, names: list[str], cards: list[tuple[Card, ...]]) -> Verdict:
    """A split-pot showdown (RULES.md §17): each half's places and winners, and why, half by half."""
    from drawdealer.engine.cards import cards_str, sorted_by_rank

    places = [_places(half.ranking, cards) for half in split.halves]
    order = sorted(range(len(cards)), key=lambda i: (sum(p[i] for p in places), places[0][i]))
    winners = {half.title: tuple(names[i] for i in order if p[i] == 1) for half, p in zip(split.halves, places)}
    rows = tuple({"name": names[i], "cards": cards_str(sorted_by_rank(cards[i])),
                  "halves": {half.title: {"description": half.ranking.describe(cards[i]), "place": p[i]}
                             for half, p in zip(split.halves, places)}} for i in order)
    return Verdict(game=name, players=players, rows=rows, winners=winners, explanation=split.explain_pot(cards, names),
                   cards=tuple(tuple(sorted_by_rank(cards[i])) for i in order), split=split_summary(winners))


def split_summary(winners: dict[str, tuple[str, ...]]) -> str:
    """``Scoop: Ann wins both halves`` or ``Split: the 2-7 half to Cy, the Badugi half to Bob`` (§17)."""
    (low, low_names), (high, high_names) = winners.items()
    if low_names == high_names and len(low_names) == 1:
        return f"Scoop: {low_names[0]} wins both halves"
    return f"Split: the {low} half to {' and '.join(low_names)}, the {high} half to {' and '.join(high_names)}"


def _places(ranking: Ranking, hands: list[tuple[Card, ...]]) -> list[int]:
    """Place of each hand: the winners of the whole showdown are 1st, then the winners of the rest, …

    Tied hands share a place and the next place skips (1, 1, 3). Using ``winners`` rather than
    sorting keeps RULES.md §4.4 (the minimum straight flush beats the maximum) right.
    """
    place = [0] * len(hands)
    left = list(range(len(hands)))
    done = 0
    while left:
        best = [left[i] for i in ranking.winners([hands[j] for j in left])]
        for i in best:
            place[i] = done + 1
        done += len(best)
        left = [i for i in left if i not in best]
    return place
