"""The root ``drawdealer`` command: one Typer app, each subcommand in its own module.

Subcommand modules import only Typer at module level; anything heavy (Rich tables, Lark, lookup
tables) is imported inside the command so that start-up stays cheap (DESIGN.md convention 12).
"""

from __future__ import annotations

import sys

import typer
from typer.exceptions import TyperException

from drawdealer.cli.errors import ExitCode
from drawdealer.cli.text import shown
from drawdealer.cli.convert import convert as _convert
from drawdealer.cli.deal.command import deal as _deal
from drawdealer.cli.ledger import ledger as _ledger
from drawdealer.cli.options import options as _options
from drawdealer.cli.potlimit import potlimit as _potlimit
from drawdealer.cli.rules import rules as _rules
from drawdealer.cli.showdown import showdown as _showdown
from drawdealer.cli.status import status as _status
from drawdealer.cli.validate import validate as _validate

app = typer.Typer(
    name="drawdealer",
    help="Draw poker rules engine: validate hand histories, assist a live dealer, settle showdowns.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Draw poker: 2-7 triple/single draw, 5-card draw and Italian poker (rules: docs/RULES.md, `drawdealer rules`)."""


app.command("rules")(_rules)
app.command("codes", help="Alias of `drawdealer rules`.")(_rules)
app.command("showdown")(_showdown)
app.command("deal")(_deal)
app.command("status")(_status)
app.command("ledger")(_ledger)
app.command("options")(_options)
app.command("potlimit")(_potlimit)
app.command("validate")(_validate)
app.command("convert")(_convert)


def run() -> None:
    """Run the Typer app; ``cli/main.py`` is the console script that calls it.

    Usage errors (an unknown option, a missing value) are printed as one line on stderr with exit
    code 2, like every other bad input, instead of Click's boxed usage message.
    """
    try:
        code = app(standalone_mode=False)
    except TyperException as err:  # Click's usage errors, vendored by Typer
        ctx = getattr(err, "ctx", None)
        where = ctx.command_path if ctx is not None else "drawdealer"
        if err.format_message():  # empty when no arguments were given and the help was printed
            sys.stderr.write(f"{where}: error: {shown(err.format_message())} (see {where} --help)\n")
        code = ExitCode.BAD_INPUT
    except typer.Abort:
        sys.stderr.write("drawdealer: aborted\n")
        code = ExitCode.BAD_INPUT
    raise SystemExit(code or 0)
