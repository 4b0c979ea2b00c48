"""The root ``drawdealer`` command: one Typer app, each subcommand in its own module.

Subcommand modules import only Typer at module level; anything heavy (Rich tables, Lark, lookup
tables) is imported inside the command so that start-up stays cheap (DESIGN.md convention 12).
"""

from __future__ import annotations

import sys

import typer

from drawdealer.cli.potlimit import potlimit as _potlimit
from drawdealer.cli.rules import rules as _rules
from drawdealer.cli.showdown import fast_path as _showdown_fast_path
from drawdealer.cli.showdown import showdown as _showdown

app = typer.Typer(
    name="drawdealer",
    help="Draw poker rules engine: validate hand histories, assist a live dealer, settle showdowns.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Draw poker: 2-7 triple/single draw, 5-card draw and Italian poker (see RULES.md)."""


app.command("rules")(_rules)
app.command("codes", help="Alias of `drawdealer rules`.")(_rules)
app.command("showdown")(_showdown)
app.command("potlimit")(_potlimit)


def main() -> None:
    """Console-script entry point.

    ``showdown`` with plain arguments runs without Typer's parameter processing, which imports
    pydantic (about 100 ms); see ``showdown.fast_path``. Everything else goes through Typer.
    """
    if sys.argv[1:2] == ["showdown"]:
        _showdown_fast_path(sys.argv[2:])
    app()
