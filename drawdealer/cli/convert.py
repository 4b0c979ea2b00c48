"""``drawdealer convert FILE --to phh|pokerstars [-o OUT]``: the hands of FILE in the other format.

Writes to stdout unless ``-o OUT``. Each hand is read back after writing and compared with the
original (:mod:`drawdealer.convert`); a hand that would change, that cannot be parsed, or whose game
the target cannot say is reported on stderr (``file:line``) and left out. Hands of games
drawdealer does not play (Badugi …) are left out with a notice.

Exit codes: 0 every hand of a drawdealer game converted unchanged, 1 some hand was left out or
changed, 2 FILE cannot be read (missing, unreadable, unknown format) or OUT cannot be written.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer


class Target(str, Enum):
    phh = "phh"
    pokerstars = "pokerstars"


def convert(
    file: Annotated[Path, typer.Argument(help="A hand-history file (PokerStars text or PHH).", show_default=False)],
    to: Annotated[Target, typer.Option("--to", help="The format to write.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.",
                                             show_default=False)] = None,
) -> None:
    """Write the hands of FILE as PHH or PokerStars text (checked by reading them back)."""
    from drawdealer.cli.errors import fail
    from drawdealer.convert import Converted, convert_file, joined
    from drawdealer.parsers import FormatError

    from drawdealer import inputs

    if file.is_dir():
        fail(f"{file}: is a directory")
    refused = inputs.not_a_file(file)
    if refused is not None:
        fail(f"{file}: {refused}")
    try:
        results = convert_file(inputs.readable(file), to.value, source=inputs.display_name(file))
        first = next(results, None)
    except FormatError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{file}: {exc.strerror or exc}")
    bad = 0

    def texts():
        nonlocal bad
        pending = [first] if first is not None else []
        for item in _chain(pending, results):
            if isinstance(item, Converted):
                if item.differences:
                    bad += 1
                    sys.stderr.write(f"drawdealer: {file}:{item.line}: hand #{item.hand_id} not converted: it "
                                     f"changes when read back ({item.differences[0]})\n")
                    continue
                yield item.text
            else:
                bad += item.error
                label = "not converted" if item.error else "skipped"
                sys.stderr.write(f"drawdealer: {file}:{item.line}: hand #{item.hand_id or '?'} {label}: {item.reason}\n")

    if out is None:
        for chunk in joined(texts(), to.value):
            sys.stdout.write(chunk)
        sys.stdout.flush()
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="\n") as handle:
                for chunk in joined(texts(), to.value):
                    handle.write(chunk)
        except OSError as exc:
            fail(f"{out}: {exc.strerror or exc}")
    raise typer.Exit(code=1 if bad else 0)


def _chain(first: list, rest):
    yield from first
    yield from rest
