"""``drawdealer ledger JOURNAL_DIR``: who is up in a dealing session (issue 16).

Reads the journal without changing it (``restore.resume(write=False)``) and prints each player's
buy-ins, cash-outs, stack and net, the rake and the hands played (``cli/deal/ledger.py``). Exit 0
when the nets, the rake and the chips in the middle add up to zero, 1 when they do not (a finding),
2 for a journal that cannot be read.
"""

from pathlib import Path

import typer

from drawdealer.cli.errors import fail
from drawdealer.cli.text import json_text


def ledger(
    journal: Path = typer.Argument(..., help="The journal directory of a `drawdealer deal` session."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Each player's buy-ins, cash-outs, stack and net, the rake and the hands played; says whether
    the nets and the rake add up to zero."""
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.ledger import ledger_of
    from drawdealer.cli.deal.restore import JournalError, resume

    try:
        session, _ = resume(Journal(journal), write=False)
    except JournalError as exc:
        fail(f"cannot read the journal: {exc}")
    except OSError as exc:
        fail(f"{journal}: {exc}")
    book = ledger_of(session)
    if json_output:
        typer.echo(json_text({"journal": str(journal), **book.to_json()}))  # valid UTF-8 for any folder name
    else:
        typer.echo(book.text())
    if book.balance:
        raise typer.Exit(1)
