"""The root ``drawdealer`` command: one Typer app, each subcommand in its own module.

Subcommand modules import only Typer at module level; anything heavy (Rich tables, Lark, lookup
tables) is imported inside the command so that start-up stays cheap (DESIGN.md convention 12).
"""

from __future__ import annotations

import typer

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


def main() -> None:
    """Console-script entry point."""
    app()
