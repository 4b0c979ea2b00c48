"""``drawdealer convert FILE --to phh|pokerstars [-o OUT]``: the hands of FILE in the other format.

Writes to stdout unless ``-o OUT``. Each hand is read back after writing and compared with the
original (:mod:`drawdealer.convert`); a hand that would change or that cannot be parsed is reported
on stderr (``file:line``) and left out. Hands of games drawdealer does not play (Badugi …) and of
games the target cannot say (Italian poker in PokerStars text) are left out and counted in one
summary line on stderr.

``-o OUT`` never destroys data (issues 15 and 25, ``cli/outfile.py``): OUT may not be FILE itself
(also through a symbolic or hard link, or standard input redirected from it), an existing OUT is
written only with ``--force``; a regular file is replaced through a temporary file renamed over it
at the end (``cli/atomic.py``), so a failed run leaves it as it was, while a character device or a
FIFO is written into; a symbolic link is followed (its target is written, the link stays); a run
that converts no hand leaves OUT as it was.

Exit codes: 0 every hand of a drawdealer game converted unchanged, 1 some hand was left out or
changed, 2 FILE cannot be read (missing, unreadable, unknown format), OUT cannot be written, or
drawdealer failed on a hand (``INTERNAL_ERROR``).
"""

import sys
from collections import Counter
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from drawdealer.cli.formats import FORMATS


class Target(str, Enum):
    phh = "phh"
    pokerstars = "pokerstars"


def convert(
    file: Annotated[Path, typer.Argument(help=f"A hand-history file ({FORMATS}).", show_default=False)],
    to: Annotated[Target, typer.Option("--to", help="The format to write.", show_default=False)],
    out: Annotated[Path | None, typer.Option("--output", "-o", help="Write here instead of stdout: a file is "
                                             "replaced when the run ends, a device or FIFO written into, a link's "
                                             "target written; nothing is written if no hand converts.",
                                             show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Write OUT if it exists.")] = False,
) -> None:
    """Write the hands of FILE as PHH or PokerStars text (checked by reading them back)."""
    from drawdealer.cli import outfile
    from drawdealer.cli.errors import fail
    from drawdealer.convert import LEFT_OUT, Converted, convert_file, joined
    from drawdealer.parsers import FormatError

    from drawdealer import inputs

    if _is_folder(file):
        fail(f"{file}: is a directory")
    refused = inputs.not_a_file(file)
    if refused is not None:
        fail(f"{file}: {refused}")
    target = None
    if out is not None:
        try:
            target = outfile.check(file, out, force=force)
        except outfile.Refused as exc:
            fail(f"-o {out}: {exc}")
        except OSError as exc:
            fail(f"-o {out}: {inputs.why_unreadable(exc, out)}")
    try:
        results = convert_file(inputs.readable(file), to.value, source=inputs.display_name(file))
        first = next(results, None)
    except FormatError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{file}: {inputs.why_unreadable(exc, file)}")
    bad = internal = 0
    left_out: dict[str, Counter[str]] = {why: Counter() for why in LEFT_OUT}  # hands by game, by reason

    def texts():
        nonlocal bad, internal
        pending = [first] if first is not None else []
        for item in _chain(pending, results):
            if isinstance(item, Converted):
                if item.differences:
                    bad += 1
                    _notice(f"{file}:{item.line}: hand #{item.hand_id} not converted: it "
                            f"changes when read back ({item.differences[0]})")
                    continue
                yield item.text
            elif item.left_out:  # counted, and named once in the summary line
                bad += item.error
                left_out[item.left_out][item.game or "?"] += 1
            else:
                bad += item.error
                internal += item.internal
                _notice(f"{file}:{item.line}: hand #{item.hand_id or '?'} not converted: {item.reason}")

    if target is None:
        try:
            for chunk in joined(texts(), to.value):
                sys.stdout.write(chunk)
        except OSError as exc:  # reading FILE (a failed write to stdout is the console script's)
            fail(f"{file}: cannot be read on: {inputs.why_unreadable(exc, file)}")
        sys.stdout.flush()
    else:
        try:
            written = outfile.write(target, joined(texts(), to.value))
        except outfile.InputFailed as exc:
            fail(f"{file}: cannot be read on: {inputs.why_unreadable(exc.cause, file)}")
        except OSError as exc:
            fail(f"{out}: {exc.strerror or exc}")
        if not written:
            _notice(f"{file}: no hand converted: {out} not written")
    if any(left_out.values()):
        _notice(f"{file}: {_left_out(left_out, to.value)}")
    raise typer.Exit(code=2 if internal else 1 if bad else 0)


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; False for what cannot be looked at (reading it says why)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _left_out(left_out: dict[str, Counter[str]], to: str) -> str:
    """One line for every hand left out for its game: ``3 hands not converted: Razz Limit ×1, Badugi
    Limit ×1 (games drawdealer does not play); 27TD-FL ×1 (cancelled)``."""
    from drawdealer.convert import LEFT_OUT

    total = sum(sum(games.values()) for games in left_out.values())
    parts = [f"{', '.join(f'{g} ×{n}' for g, n in games.most_common())} ({LEFT_OUT[why].format(to=to)})"
             for why, games in left_out.items() if games]
    return f"{total} hand{'s' if total != 1 else ''} not converted: {'; '.join(parts)}"


def _notice(message: str) -> None:
    """One line on stderr about a hand left out; names in it are shown escaped (``cli/text.py``)."""
    from drawdealer.cli.text import shown

    sys.stderr.write(f"drawdealer: {shown(message)}\n")


def _chain(first: list, rest):
    yield from first
    yield from rest
