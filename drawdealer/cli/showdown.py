"""``drawdealer showdown``: the Typer command over :mod:`drawdealer.cli.showdown_core`.

``drawdealer showdown --game 27 Alice=7s5d4c3h2s Bob=7h6d4s3c2d`` prints the hands best first,
the winner(s) and one sentence why; ``--json`` prints one object (RULES.md §3, §4).
"""

from typing import Annotated, Optional

import typer

from drawdealer.cli.showdown_core import GAME_HELP, settle


def showdown(
    hands: Annotated[Optional[list[str]], typer.Argument(
        help="Hands as NAME=CARDS or CARDS (named 1, 2, ...), e.g. Alice=7s5d4c3h2s or '7h 6d 4s 3c 2d'.",
        metavar="[NAME=]CARDS...", show_default=False)] = None,
    game: Annotated[Optional[str], typer.Option(
        "--game", "-g", metavar="GAME", help=GAME_HELP + ".", show_default=False)] = None,
    players: Annotated[Optional[str], typer.Option(
        "--players", "-p", metavar="N", show_default=False,
        help="Italian only: players dealt in, 2..10, default 4; sets the deck (RULES.md §2.2).")] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Rank the hands shown at a showdown and say who wins and why."""
    settle(hands or [], game=game, players=players, json_output=json_output)
