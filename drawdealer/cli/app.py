"""The root ``drawdealer`` command: one Typer app, each subcommand in its own module.

Conventions every command shares: ``-h`` is ``--help``; ``--version``; ``--install-completion
[SHELL]`` and ``--show-completion [SHELL]`` (Typer's completion scripts for bash, zsh, fish and
PowerShell; the shell is detected when not named); usage errors are one line on stderr, exit 2.
Help is Click's plain text, not Rich panels: Rich's help renderer alone costs more start-up than
the 120 ms goal leaves (DESIGN.md convention 12).

Subcommand modules import only Typer at module level; anything heavy (Rich tables, Lark, lookup
tables) is imported inside the command so that start-up stays cheap (DESIGN.md convention 12). They
have no ``from __future__ import annotations``: Typer reads every command's signature on each run
(``--help`` too), and evaluates a string annotation twice, a compile each time (a third of the
command tree's building).
"""

import os
import sys
from typing import Annotated

import typer
from typer.core import TyperGroup
from typer._click.exceptions import NoArgsIsHelpError
from typer.exceptions import TyperException
from typer.models import Context

from drawdealer.cli.errors import ExitCode, fail
from drawdealer.cli.text import shown
from drawdealer.cli.convert import convert as _convert
from drawdealer.cli.deal.command import deal as _deal
from drawdealer.cli.ledger import ledger as _ledger
from drawdealer.cli.options import options as _options
from drawdealer.cli.potlimit import potlimit as _potlimit
from drawdealer.cli.rules import rules as _rules
from drawdealer.cli.showdown import showdown as _showdown
from drawdealer.cli.stats import stats as _stats
from drawdealer.cli.status import status as _status
from drawdealer.cli.table_view import view as _view
from drawdealer.cli.validate import validate as _validate

PROG = "drawdealer"
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
_COMPLETE_VAR = "_DRAWDEALER_COMPLETE"  # set by the installed script when the shell asks for completions
_ARGV = "drawdealer.argv"


class _Root(TyperGroup):
    """The root group, keeping its raw arguments for the completion options (see :func:`_shell`)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.meta[_ARGV] = list(args)
        return super().parse_args(ctx, args)

app = typer.Typer(
    name=PROG,
    cls=_Root,
    help="Draw poker rules engine: validate hand histories, assist a live dealer, settle showdowns.",
    no_args_is_help=True,
    add_completion=False,  # our own options below also take the shell's name (Typer's only detect it)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},  # inherited by every subcommand
)


def _shell(ctx: Context, flag: str) -> str:
    """The shell named after ``flag`` (``--show-completion bash``), else the one drawdealer runs under.

    The completion options are flags: Typer 0.28 has no options with an optional value, so the shell's
    name is read from the root's raw arguments; the option exits before Click would take that name
    for a command.
    """
    args = ctx.meta.get(_ARGV, [])
    after = args[args.index(flag) + 1:][:1] if flag in args else []
    if after and not after[0].startswith("-"):
        if after[0] not in SHELLS:
            fail(f"{flag}: unknown shell '{after[0]}' (use {', '.join(SHELLS)})")
        return after[0]
    from typer._completion_shared import _get_shell_name

    detected = _get_shell_name()
    if detected not in SHELLS:
        fail(f"{flag}: cannot tell which shell this is; name it: {flag} bash (or {', '.join(SHELLS[1:])})")
    return detected


def _show_completion(ctx: Context, value: bool) -> None:
    if not value:
        return
    from typer._completion_shared import get_completion_script

    shell = _shell(ctx, "--show-completion")
    sys.stdout.write(get_completion_script(prog_name=PROG, complete_var=_COMPLETE_VAR, shell=shell) + "\n")
    raise typer.Exit()


def _install_completion(ctx: Context, value: bool) -> None:
    if not value:
        return
    from typer._completion_shared import install

    shell, path = install(shell=_shell(ctx, "--install-completion"), prog_name=PROG, complete_var=_COMPLETE_VAR)
    sys.stdout.write(f"{shell} completion installed in {path}; it takes effect in a new shell\n")
    raise typer.Exit()


def _version(value: bool) -> None:
    if value:
        from drawdealer import __version__

        sys.stdout.write(f"{PROG} {__version__}\n")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                          help="Print the version and exit.")] = False,
    install_completion: Annotated[bool, typer.Option(
        "--install-completion", is_eager=True, callback=_install_completion, expose_value=False,
        help="Install tab completion: --install-completion [bash|zsh|fish] (default: this shell).")] = False,
    show_completion: Annotated[bool, typer.Option(
        "--show-completion", is_eager=True, callback=_show_completion, expose_value=False,
        help="Print the completion script, to install it by hand: --show-completion [bash|zsh|fish].")] = False,
) -> None:
    """Draw poker: 2-7 triple/single draw, 5-card draw and Italian poker (rules: docs/RULES.md, `drawdealer rules`)."""


app.command("rules")(_rules)
app.command("codes", help="Alias of `drawdealer rules`.")(_rules)
app.command("showdown")(_showdown)
app.command("deal")(_deal)
app.command("status")(_status)
app.command("ledger")(_ledger)
app.command("options")(_options)
app.command("potlimit")(_potlimit)
app.command("view")(_view)
app.command("validate")(_validate)
app.command("convert")(_convert)
app.command("stats")(_stats)


def run() -> None:
    """Run the Typer app; ``cli/main.py`` is the console script that calls it.

    Usage errors (an unknown option, a missing value) are printed as one line on stderr with exit
    code 2, like every other bad input, instead of Click's usage block. A shell asking for
    completions (``_DRAWDEALER_COMPLETE`` set by the installed script) is answered by Typer.
    """
    if os.environ.get(_COMPLETE_VAR):
        from typer._completion_classes import completion_init

        completion_init()
    try:
        code = app(prog_name=PROG, standalone_mode=False)
    except NoArgsIsHelpError as err:  # `drawdealer` alone: the help, as a usage error
        sys.stdout.write(err.format_message() + "\n")
        code = ExitCode.BAD_INPUT
    except TyperException as err:  # Click's usage errors, vendored by Typer
        ctx = getattr(err, "ctx", None)
        where = ctx.command_path if ctx is not None else PROG
        message = " ".join(err.format_message().split())  # Click words some on several lines
        sys.stderr.write(f"{where}: error: {shown(message)} (see {where} --help)\n")
        code = ExitCode.BAD_INPUT
    except typer.Abort:
        sys.stderr.write(f"{PROG}: aborted\n")
        code = ExitCode.BAD_INPUT
    raise SystemExit(code or 0)
