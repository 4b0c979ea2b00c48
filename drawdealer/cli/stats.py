"""``drawdealer stats PATHS...``: what the hands say about the players (issue 30; every number is
defined in docs/STATS.md).

Per player, game and currency, from every hand that replays without an error finding: hands dealt,
net won and big blinds per 100 hands, VPIP, raised before the first draw, aggression, showdowns,
and each draw's habits (stood pat, cards drawn, broke, snow), and for Italian poker the openings.
PATHS are whatever ``drawdealer validate`` reads: files, folders, ``-``, a dealer's journal folder.
Hands with error findings and hands not finished are counted and left out, and the report says
how many (``cli/stats_core.py`` renders it; ``drawdealer.stats`` counts).

- ``--player NAME`` (again for several): only these players.
- ``--game ID``: only hands of this game (an id or alias; unlike ``validate --game``, which
  replays every hand as that game, this one chooses hands).
- ``--json``: one JSON object with every number, and each rate's count and denominator.
- ``--graph FILE.png|FILE.svg``: the winnings graph in big blinds over each player's hands (one
  player: net, showdown and no-showdown lines; several: one net line each), drawn with matplotlib,
  the optional extra ``plot`` (``pip install 'drawdealer[plot]'``).
- ``--jobs auto|N``: worker processes, as ``validate``.

Exit codes: 0; 1 when hands were left out for their error findings; 2 when a file could not be read,
a --player was dealt no hand counted, or the graph could not be drawn (one line on stderr each).
"""

from pathlib import Path
from typing import Annotated

import typer

from drawdealer.cli.formats import FORMATS


def stats(
    paths: Annotated[list[Path], typer.Argument(help=f"Hand-history files or folders ({FORMATS}), a dealer's "
                                                "journal folder; - reads standard input.", show_default=False)],
    player: Annotated[list[str] | None, typer.Option("--player", metavar="NAME", help="Only this player (repeat for several).",
                                                     show_default=False)] = None,
    game: Annotated[str | None, typer.Option("--game", metavar="ID", help="Only hands of this game (id or alias, e.g. 27TD-FL).",
                                             show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object with every number.")] = False,
    graph: Annotated[Path | None, typer.Option("--graph", metavar="FILE.png|FILE.svg",
                                               help="Draw the winnings graph in big blinds (needs the extra: "
                                               "pip install 'drawdealer[plot]').", show_default=False)] = None,
    jobs: Annotated[str, typer.Option("--jobs", "-j", metavar="auto|N", help="Worker processes: auto uses every "
                                      "core for a large input (8 MB or more), N forces N.")] = "auto",
) -> None:
    """Draw statistics per player and game: results, betting, and each draw's habits (docs/STATS.md).

    Counts every hand that replays without an error finding; hands with errors and hands not
    finished are left out, and the report says how many (exit 1 when hands were left out for errors,
    2 when a file cannot be read).
    """
    from drawdealer.cli.stats_core import run

    raise typer.Exit(code=run(paths, players=player or [], game=game, as_json=as_json, graph=graph, jobs=jobs))
