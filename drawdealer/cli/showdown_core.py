"""``drawdealer showdown`` without Typer: the command proper and the console script's fast path.

Settles a showdown from the shell (RULES.md §3, §4, §15-§17, standard high): the hands best first,
the winner(s) and one sentence why; in a split-pot game (Badeucey, Badacey) the winners of each
half and the sentence for each; ``--json`` prints one object. Bad input exits 2 with one line on
stderr. This module imports neither Typer nor Rich at load time, so that ``drawdealer showdown``
starts in well under 120 ms (DESIGN.md convention 12); ``cli/showdown.py`` is the Typer command.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from drawdealer.cli.errors import fail
from drawdealer.cli.plainconsole import rich_console
from drawdealer.cli.text import json_text, shown

if TYPE_CHECKING:
    from drawdealer.engine.cards import Card
    from drawdealer.engine.ranking import Ranking
    from drawdealer.engine.ranking.split import SplitRanking

GAME_HELP = "27 (also 2-7, deuce), high (5cd), italian (ita), badugi, a5 (A-5), badeucey or badacey"
"""The short names; ``--game`` also takes every game id and alias of ``engine.variants`` (27TD-FL …)."""
_TITLES = {"lowball27": "2-7 lowball", "high": "high (five-card draw)", "italian": "Italian", "badugi": "Badugi",
           "a5": "A-5 lowball", "badeucey": "Badeucey (2-7 and Badugi halves)",
           "badacey": "Badacey (A-5 and Badugi halves)"}


def settle(hands: list[str], *, game: str | None, players: str | None, json_output: bool) -> None:
    """The command proper, shared by the Typer command (``cli/showdown.py``) and :func:`fast_path`."""
    from drawdealer.engine.ranking import SPLIT, get_ranking, ranking_name

    if game is None:
        fail("--game is required: " + GAME_HELP)
    try:
        name = ranking_name(game)
    except KeyError as exc:  # engine.variants.UnknownGame
        if getattr(exc, "ambiguous", False):
            fail(f"--game '{game}': {exc}")
        fail(f"--game '{game}': unknown game; use {GAME_HELP}, or a game id (27TD-FL, ITA …)")
    if players is not None and name != "italian":
        fail(f"--players: '{game}' is dealt from the full deck; only Italian poker has a deck stripped by "
             "the number of players (RULES.md §2.2)")
    n_players = _players(players)
    names, cards = _parse_hands(hands, name, n_players)
    ranking = get_ranking(name, players=n_players)
    if name in SPLIT:
        _settle_split(name, ranking, names, cards, json_output)
        return
    place = _places(ranking, cards)
    order = sorted(range(len(cards)), key=lambda i: place[i])
    winners = [names[i] for i in order if place[i] == 1]
    explanation = ranking.explain_pot(cards, names)

    from drawdealer.engine.cards import cards_str, sorted_by_rank

    rows = [{"name": names[i], "cards": cards_str(sorted_by_rank(cards[i])),
             "description": ranking.describe(cards[i]), "place": place[i]} for i in order]
    if json_output:
        sys.stdout.write(json_text({"game": name, "winners": winners, "hands": rows, "explanation": explanation})
                         + "\n")
        return
    title = _TITLES[name] + (f", {n_players} players" if name == "italian" else "")
    _print_table(title, rows, [sorted_by_rank(cards[i]) for i in order], explanation)


def _players(text: str | None) -> int:
    """``--players``: 2..10, default 4; it only sets the Italian deck (RULES.md §2.2)."""
    if text is None:
        return 4
    try:
        n = int(text)
    except ValueError:
        fail(f"--players '{text}': not a whole number")
    if not 2 <= n <= 10:
        fail(f"--players {n}: a table has 2 to 10 players")
    return n


def _parse_hands(args: list[str], game: str, players: int) -> tuple[list[str], list[tuple[Card, ...]]]:
    """Names and five-card hands from ``NAME=CARDS`` / ``CARDS`` arguments, or fail on the first bad one."""
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
            fail(f"{where}: the name before '=' is empty")
        if name in names:
            fail(f"{where}: the name '{name}' is already used by hand {names.index(name) + 1}")
        try:
            hand = parse_hand(text, 4 if game == "badugi" else 5)
        except CardError as err:
            fail(f"{where}: {err}")
        for card in hand:
            if rank_value(card) < low:
                fail(f"{where}: {card_str(card)} is not in the {players}-player Italian deck, which starts "
                     f"at {RANK_CHARS[low - 2]} (RULES.md §2.2)")
            if card in held:
                other = held[card]
                owner = f"hand {other}" + ("" if names[other - 1] == str(other) else f" ({names[other - 1]})")
                fail(f"{where}: {card_str(card)} is also in {owner}; a card can be dealt only once")
            held[card] = number
        names.append(name)
        hands.append(hand)
    if len(hands) < 2:
        fail(f"a showdown needs at least two hands, got {len(hands)}")
    if game == "italian" and len(hands) > players:
        fail(f"--players {players}: {len(hands)} hands cannot come from a {players}-player Italian deal")
    return names, hands


def _settle_split(name: str, split: SplitRanking, names: list[str], cards: list[tuple[Card, ...]],
                  json_output: bool) -> None:
    """A split-pot showdown (RULES.md §17): each half's places and winners, and why, half by half."""
    from drawdealer.engine.cards import cards_str, sorted_by_rank

    places = [_places(half.ranking, cards) for half in split.halves]
    order = sorted(range(len(cards)), key=lambda i: (sum(p[i] for p in places), places[0][i]))
    winners = {half.title: [names[i] for i in order if p[i] == 1] for half, p in zip(split.halves, places)}
    explanation = split.explain_pot(cards, names)
    rows = [{"name": names[i], "cards": cards_str(sorted_by_rank(cards[i])),
             "halves": {half.title: {"description": half.ranking.describe(cards[i]), "place": p[i]}
                        for half, p in zip(split.halves, places)}} for i in order]
    if json_output:
        sys.stdout.write(json_text({"game": name, "winners": winners, "split": split_summary(winners), "hands": rows,
                                    "explanation": explanation}) + "\n")
        return
    _print_split_table(_TITLES[name], rows, [sorted_by_rank(cards[i]) for i in order], winners, explanation)


def split_summary(winners: dict[str, list[str]]) -> str:
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


def _print_table(title: str, rows: list[dict], cards: list[list[Card]], explanation: str) -> None:
    """The Rich table, best first, winners highlighted, then the sentence why."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from drawdealer.cli.render import cards_text

    console = rich_console(highlight=False)
    fancy = console.is_terminal
    table = Table(box=box.SIMPLE_HEAD, title=f"Showdown: {title}", title_justify="left")
    table.add_column("place", justify="right", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("cards", no_wrap=True)
    table.add_column("hand")
    for row, hand in zip(rows, cards):
        win = row["place"] == 1
        style = "bold green" if win else ""  # not on the cards, which keep their suit colours
        table.add_row(Text(str(row["place"]) + (" ★" if win and fancy else ""), style=style),
                      Text(shown(row["name"]), style=style), cards_text(hand, fancy=fancy),
                      Text(row["description"], style=style))
    console.print(table)
    winners = [shown(row["name"]) for row in rows if row["place"] == 1]
    head = f"Winner: {winners[0]}" if len(winners) == 1 else "Split: " + ", ".join(winners)
    console.print(Text(head, style="bold"), soft_wrap=True)
    console.print(Text(f"Why: {shown(explanation)}."), soft_wrap=True)


def _print_split_table(title: str, rows: list[dict], cards: list[list[Card]], winners: dict[str, list[str]],
                       explanation: str) -> None:
    """The Rich table with a place and a hand column per half, then each half's winners and why."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from drawdealer.cli.render import cards_text

    console = rich_console(highlight=False)
    fancy = console.is_terminal
    table = Table(box=box.SIMPLE_HEAD, title=f"Showdown: {title}", title_justify="left")
    table.add_column("name", no_wrap=True)
    table.add_column("cards", no_wrap=True)
    for half in winners:
        table.add_column(half, justify="right", no_wrap=True)
        table.add_column(f"{half} hand")
    for row, hand in zip(rows, cards):
        cells: list[Text] = []
        for half in winners:
            cell = row["halves"][half]
            style = "bold green" if cell["place"] == 1 else ""
            cells += [Text(str(cell["place"]) + (" ★" if cell["place"] == 1 and fancy else ""), style=style),
                      Text(cell["description"], style=style)]
        table.add_row(Text(shown(row["name"])), cards_text(hand, fancy=fancy), *cells)
    console.print(table)
    for half, names in winners.items():
        share = "half" if len(names) == 1 else f"half, split {len(names)} ways"
        console.print(Text(shown(f"{half} {share}: {', '.join(names)}"), style="bold"), soft_wrap=True)
    console.print(Text(shown(split_summary(winners)), style="bold"), soft_wrap=True)
    console.print(Text(f"Why: {shown(explanation)}."), soft_wrap=True)


def fast_path(argv: list[str]) -> None:
    """Run ``drawdealer showdown ARGV`` without Typer when the arguments are plain, then exit.

    The console script (``cli/main.py``) calls this before importing Typer (``cli/fastargs.py``). It
    understands exactly the options declared on :func:`drawdealer.cli.showdown.showdown`
    (``--game/-g``, ``--players/-p``, ``--json``, ``--``); anything else (``--help``, an unknown
    option) returns without doing anything, and Typer handles it.
    """
    from drawdealer.cli.fastargs import plain_args

    read = plain_args(argv, {"--game": "game", "-g": "game", "--players": "players", "-p": "players"},
                      {"--json": "json"})
    if read is None:
        return
    values, flags, hands = read
    settle(hands, game=values.get("game"), players=values.get("players"), json_output="json" in flags)
    raise SystemExit(0)
