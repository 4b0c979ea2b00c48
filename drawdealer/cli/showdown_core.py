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
    from drawdealer.engine.verdict import Verdict

GAME_HELP = "27 (also 2-7, deuce), high (5cd), italian (ita), badugi, a5 (A-5), badeucey or badacey"
"""The short names; ``--game`` also takes every game id and alias of ``engine.variants`` (27TD-FL …)."""
_TITLES = {"lowball27": "2-7 lowball", "high": "high (five-card draw)", "italian": "Italian", "badugi": "Badugi",
           "a5": "A-5 lowball", "badeucey": "Badeucey (2-7 and Badugi halves)",
           "badacey": "Badacey (A-5 and Badugi halves)"}


def settle(hands: list[str], *, game: str | None, players: str | None, json_output: bool) -> None:
    """The command proper, shared by the Typer command (``cli/showdown.py``) and :func:`fast_path`:
    the showdown settled by :func:`drawdealer.engine.verdict.settle_showdown`, printed."""
    from drawdealer.engine.verdict import ShowdownError, settle_showdown

    if game is None:
        fail("--game is required: " + GAME_HELP)
    try:
        verdict = settle_showdown(game, hands, players=_players(players))
    except ShowdownError as exc:
        fail(("--" if exc.option else "") + str(exc))
    if json_output:
        sys.stdout.write(json_text(verdict.to_dict()) + "\n")
    elif verdict.split is not None:
        _print_split_table(_TITLES[verdict.game], verdict)
    else:
        title = _TITLES[verdict.game] + (f", {verdict.players} players" if verdict.game == "italian" else "")
        _print_table(title, verdict)


def _players(text: str | None) -> int | None:
    """``--players`` as a number (the engine checks it: 2..10, Italian poker only, RULES.md §2.2)."""
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        fail(f"--players '{text}': not a whole number")


def _print_table(title: str, verdict: Verdict) -> None:
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
    rows = verdict.rows
    for row, hand in zip(rows, verdict.cards):
        win = row["place"] == 1
        style = "bold green" if win else ""  # not on the cards, which keep their suit colours
        table.add_row(Text(str(row["place"]) + (" ★" if win and fancy else ""), style=style),
                      Text(shown(row["name"]), style=style), cards_text(hand, fancy=fancy),
                      Text(row["description"], style=style))
    console.print(table)
    winners = [shown(row["name"]) for row in rows if row["place"] == 1]
    head = f"Winner: {winners[0]}" if len(winners) == 1 else "Split: " + ", ".join(winners)
    console.print(Text(head, style="bold"), soft_wrap=True)
    console.print(Text(f"Why: {shown(verdict.explanation)}."), soft_wrap=True)


def _print_split_table(title: str, verdict: Verdict) -> None:
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
    winners = verdict.winners
    for half in winners:
        table.add_column(half, justify="right", no_wrap=True)
        table.add_column(f"{half} hand")
    for row, hand in zip(verdict.rows, verdict.cards):
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
    console.print(Text(shown(verdict.split), style="bold"), soft_wrap=True)
    console.print(Text(f"Why: {shown(verdict.explanation)}."), soft_wrap=True)


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
