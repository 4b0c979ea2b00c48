"""``drawdealer ledger JOURNAL_DIR``: who is up in a dealing session, and who pays whom (issues 16, 27).

Reads the journal without changing it (``restore.resume(write=False)``) and prints each player's
buy-ins, cash-outs, stack and net, the rake and the hands played, then the transfers that settle
the evening (``cli/deal/ledger.py``). ``--hands`` first lists every hand of the evening in one line
(number, game, pot, showdown or not, who took what: ``cli/deal/evening.py``), so a dispute about a
hand can be looked up (``drawdealer status JOURNAL_DIR --hand N`` shows its actions). Exit 0 when
the nets, the rake and the chips in the middle add up to zero, 1 when they do not (a finding), 2
for a journal that cannot be read. ``--chip-value 0.10€`` reads a game played for money: every
amount is printed as money (``--json`` then gives cents, with ``"unit": "cents"``).
"""

from pathlib import Path
from typing import Optional

import typer

from drawdealer.cli.errors import fail
from drawdealer.cli.text import json_text, shown


def ledger(
    journal: Path = typer.Argument(..., help="The journal directory of a `drawdealer deal` session."),
    hands: bool = typer.Option(False, "--hands", help="First list every hand: number, game, pot, showdown, winners."),
    chip_value: Optional[str] = typer.Option(None, "--chip-value", help="What one chip is worth in a money game, "
                                             "e.g. 0.10€ or $0.25: every amount is printed as money."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Each player's buy-ins, cash-outs, stack and net, the rake and the hands played; whether the nets
    and the rake add up to zero; who pays whom."""
    from drawdealer.cli.deal.evening import HEADER, HandFileError, evening
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.ledger import ChipValue
    from drawdealer.cli.deal.restore import JournalError, resume

    value = None
    if chip_value is not None:
        try:
            value = ChipValue.parse(chip_value)
        except ValueError as exc:
            fail(f"--chip-value: {exc}")

    try:
        session, _ = resume(Journal(journal), write=False)
        lines = list(evening(session.journal)) if hands else []
    except (JournalError, HandFileError) as exc:
        fail(f"cannot read the journal: {exc}")
    except OSError as exc:
        fail(f"{journal}: {exc}")
    book = session.ledger()
    if json_output:
        out = {"journal": str(journal), **book.to_json(value)}
        if hands:
            out["hand_list"] = [line.to_json() for line in lines]
        typer.echo(json_text(out))  # valid UTF-8 for any folder name
    else:
        text = ([HEADER] + [line.text() for line in lines] + [""] if hands else []) + book.text(value).split("\n")
        typer.echo("\n".join(shown(line) for line in text))  # names are data (cli/text.py)
    if book.balance:
        raise typer.Exit(1)
