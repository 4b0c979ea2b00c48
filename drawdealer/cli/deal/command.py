"""The ``drawdealer deal`` command: set up or resume a session, then read commands until ``quit``.

Only Typer is imported at module level; the engine, Rich and the parsers load when the command
runs (DESIGN.md convention 12). Bad input exits 2 with one line on stderr (``cli/errors.py``).
"""

import datetime
import sys
from pathlib import Path
from typing import List, Optional

import typer

from drawdealer.cli.errors import fail


def _default_journal() -> Path:
    """``./drawdealer-journal/<timestamp>`` (a suffix if that exists already)."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    base = Path.cwd() / "drawdealer-journal" / stamp
    path, k = base, 1
    while path.exists():
        k += 1
        path = base.with_name(f"{stamp}-{k}")
    return path


def deal(
    game: Optional[str] = typer.Option(None, "--game", help="27TD-FL, 27TD-PL, 27TD-NL, 27SD-NL, 5CD-FL, ITA …"),
    limit: Optional[str] = typer.Option(None, "--limit", help="Override the betting structure: fixed, pot or no."),
    stakes: Optional[str] = typer.Option(None, "--stakes", help="Blinds SB/BB, e.g. 1/2 (2-7 and 5-card games)."),
    invito: Optional[str] = typer.Option(None, "--invito", help="Italian: the dealer's forced bet (RULES.md §10.1)."),
    ante: Optional[str] = typer.Option(None, "--ante", help="Ante per player (Italian: ALL_ANTE mode)."),
    chip: Optional[str] = typer.Option(None, "--chip", help="Italian: the betting unit (RULES.md §7.6)."),
    seat: List[str] = typer.Option([], "--seat", help="NAME=STACK, clockwise; repeat for every player."),
    button: Optional[str] = typer.Option(None, "--button", help="The player on the button (Italian: the dealer)."),
    journal: Optional[Path] = typer.Option(None, "--journal", help="Journal directory (default: a new one here)."),
    resume: Optional[Path] = typer.Option(None, "--resume", help="Resume the session journaled in DIR."),
    json_output: bool = typer.Option(False, "--json", help="After every command print one JSON object per line."),
    config: Optional[Path] = typer.Option(None, "--config", help="TOML: game, stakes, seats, button, options."),
    option: List[str] = typer.Option([], "--option", help="RULES.md §13 option KEY=VALUE; repeatable."),
    serve: Optional[str] = typer.Option(None, "--serve", help="Also serve the players' table view at [HOST:]PORT "
                                        "(see drawdealer view)."),
) -> None:
    """Run a home game with the dealer: who acts, legal amounts, draws, reshuffles, showdown, pots.

    Commands: fold, check, call [N], bet N, raise [to] N, allin, draw N, pat, show [NAME] CARDS, muck [NAME], undo, status, next, ledger, help, quit; Italian poker adds buio, controbuio, deal or nobuio (decline the buio), passo, parola, piatto or apro, chip or cip, servito. Between hands (at the next deal): rebuy NAME CHIPS, addon NAME CHIPS, seat NAME CHIPS [after NAME], leave NAME, sitout NAME, sitin NAME [bb], button NAME.

    Every accepted command is journaled before the screen changes; --resume DIR continues after a crash (with --option MAX_PLAYERS_27=N to seat more players). Piped, one command a line; the exit code is 1 when any was refused.

    \b
    --config TOML (flags win over it; a journal's session.toml is accepted too):
      game = "27TD-FL"        # ITA: invito = 10 and chip = 1 instead of stakes
      stakes = "1/2"          # or [stakes] sb = 1, bb = 2 (ante, invito, chip)
      button = "Ann"
      [seats]                 # clockwise; or [[seats]] name = "Ann", stack = 200
      Ann = 200
      Bob = 200
      [options]               # RULES.md §13 keys: see drawdealer options
      FL_MAX_BETS_PER_ROUND = 5
    """  # noqa: E501
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.restore import JournalError, resume as resume_session
    from drawdealer.cli.deal.session import DealerSession
    from drawdealer.cli.deal.setup import SetupArgs, SetupError, build_session

    listening = None
    if serve is not None:
        from drawdealer.cli.table_view import listen

        listening = listen(serve)
    if resume is not None:
        given = [name for name, value in (("--game", game), ("--limit", limit), ("--stakes", stakes),
                                          ("--invito", invito), ("--ante", ante), ("--chip", chip),
                                          ("--seat", seat), ("--button", button), ("--journal", journal),
                                          ("--config", config)) if value]
        if given:
            fail(f"--resume DIR takes the table from the journal; drop {', '.join(given)}")
        try:
            session, where = resume_session(Journal(resume))
            if option:
                where += "; " + _table_size(session, option)
        except JournalError as exc:
            fail(f"cannot resume: {exc}")
        except OSError as exc:
            fail(f"--resume {resume}: {exc}")
    else:
        started = datetime.datetime.now().isoformat(timespec="seconds")
        try:
            info = build_session(SetupArgs(game=game, limit=limit, stakes=stakes, invito=_int(invito, "--invito"),
                                           ante=_int(ante, "--ante"), chip=_int(chip, "--chip"), seats=tuple(seat),
                                           button=button, options=tuple(option), config=config), started=started)
        except SetupError as exc:
            fail(str(exc))
        directory = journal if journal is not None else _default_journal()
        book = Journal(directory)
        if book.exists():
            fail(f"--journal {directory}: already holds a session; continue it with --resume {directory}")
        if directory.exists() and not directory.is_dir():
            fail(f"--journal {directory}: not a directory")
        try:
            session = DealerSession.start(info, book)
        except OSError as exc:
            fail(f"--journal {directory}: {exc}")
        where = f"journal: {directory}"
    banner = ""
    if listening is not None:
        from drawdealer.cli.table_view import serve_beside_dealer

        url, banner = serve_beside_dealer(session.journal.directory, listening)
        where += f" · table view: {url}"
    _loop(session, where, json_output=json_output, banner=banner)


def _table_size(session, items: List[str]) -> str:
    """``--resume DIR --option MAX_PLAYERS_27=N``: the table seats more (or fewer) players from now
    on (RULES.md §18.1). The one option a running session takes: the others would change the rules of
    hands already dealt."""
    from drawdealer.cli.deal.setup import SetupError, max_players, parse_option_items
    from drawdealer.engine.options import OptionError, Options

    try:
        wanted = parse_option_items(tuple(items))
    except SetupError as exc:
        fail(str(exc))
    others = sorted(set(wanted) - {"MAX_PLAYERS_27"})
    if others:
        fail(f"--option {others[0]}: a resumed session keeps its rules; only MAX_PLAYERS_27 may change")
    try:
        options = Options.from_mapping({**session.info.options, **wanted})
    except OptionError as exc:
        fail(f"--option {exc.option}: {exc.reason}")
    spec, seated = session.spec, len(session.info.seats)
    if not spec.seats_by_option:
        fail(f"--option MAX_PLAYERS_27: {spec.id} seats at most {spec.max_players} players, whatever it says "
             "(RULES.md §18.1)")
    if max_players(spec, options) < seated:
        fail(f"--option MAX_PLAYERS_27={options.max_players_27}: {seated} players are seated already")
    session.resize(options)
    return f"the table seats up to {session.max_players} players (MAX_PLAYERS_27, RULES.md §18.1)"


def _int(value: Optional[str], flag: str) -> Optional[int]:
    """Whole-number options are read here so that a bad value is one line, not Click's usage block."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        fail(f"{flag}: '{value}' is not a whole number")


def _loop(session, where: str, *, json_output: bool, banner: str = "") -> None:
    """Read commands until ``quit`` or the end of input; each reply is journaled before it is shown.
    Piped, the session exits 1 when any command was refused (issue 16). ``banner`` is shown under
    the first screen (the table view's address and QR code)."""
    from drawdealer.cli.deal import screen
    from drawdealer.cli.deal.commands import CommandError, parse_command
    from drawdealer.cli.deal.prompt import Prompt
    from drawdealer.cli.plainconsole import rich_console
    from drawdealer.cli.text import json_text, shown
    from drawdealer.journal_files import HISTORY_FILE

    console = rich_console(highlight=False)
    prompt = Prompt(words=session.completions, history=session.journal.directory / HISTORY_FILE)
    in_place = prompt.interactive and console.is_terminal and not json_output
    if json_output:
        sys.stderr.write(shown(where) + "\n" + banner)
    else:
        if in_place:
            console.clear()
        screen.show(console, session.view(message=where))
        if banner:
            console.print(banner, markup=False, highlight=False, soft_wrap=True, end="")

    def label() -> str:
        view = session.view()
        return f"[hand {view.hand} {view.street}{' ' + view.to_act if view.to_act else ''}] > "

    refusals = 0
    for line in prompt.lines(label):
        try:
            command = parse_command(line, names=session.names, italian=session.spec.is_italian)
        except CommandError as exc:
            reply_view, done = session.refuse(" ".join(line.split()), str(exc)), False
        else:
            if command is None:
                continue
            try:
                reply = session.handle(command)
            except OSError as exc:  # the journal cannot be written: stop before showing anything
                folder = session.journal.directory
                if not folder.is_dir():
                    fail(f"journal {folder} is gone (the folder was deleted during the session); "
                         "the session cannot be saved or resumed")
                fail(f"journal {folder}: cannot write ({exc}); after fixing it, continue with --resume {folder}")
            reply_view, done = reply.view, reply.quit
        refusals += reply_view.refused
        if json_output:
            sys.stdout.write(json_text(reply_view.to_json()) + "\n")
            sys.stdout.flush()
        else:
            if in_place and not done:  # the table stays where it is: redrawn, not scrolled (issue 16)
                console.clear()
            screen.show(console, reply_view)
        if done:
            break
    if refusals and not prompt.interactive:  # a script whose every line was accepted exits 0 (issue 16)
        sys.stderr.write(f"{refusals} command{'s' if refusals > 1 else ''} refused\n")
        raise typer.Exit(1)
