"""Hand histories from one format to the other: PokerStars text ↔ PHH (issue 4, ``drawdealer convert``).

Each hand is read (:func:`drawdealer.parsers.read_hands`), written in the target format, then read
back and compared with the original record (:func:`drawdealer.parsers.compare.differences`), so a
conversion that would change the hand is reported instead of passing silently; a hand the rules
find clean must read back clean (:func:`judged_otherwise`: the target's house rules may judge it
otherwise).

What each target can carry:
- **PHH** carries every field of a record: what PHH cannot name (pot/no-limit triple draw, 5-card
  draw, Italian poker, the log's claims, house rules) goes into ``_drawdealer_*`` extension fields.
  Reading the PHH back gives the same record (``extra``, the source format's own fields, aside).
- **PokerStars** text states a pot and a rake for every hand, carries PokerStars' house rules
  (``parsers.pokerstars.house_rules``) and no final stacks, lists kept cards with every draw and
  only the known cards of a hand, and cannot name Italian poker: those fields of a PHH hand are
  :data:`POKERSTARS_LOSSY` and :func:`pokerstars_view`; any other difference is reported.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from drawdealer.engine.frozen import record
from drawdealer.engine.record import HandRecord

FORMATS = ("phh", "pokerstars")
POKERSTARS_LOSSY = frozenset({"claims", "options", "hero"})
"""Record fields that PokerStars text states its own way (pot and rake always, no final stacks; its house
rules; the hero is whoever has a ``Dealt to`` line). Within actions, see :func:`pokerstars_view`."""


LEFT_OUT = {"game": "games drawdealer does not play", "cancelled": "cancelled", "run_twice": "run twice",
            "format": "no {to} format"}
"""Why a hand is left out for its game (:attr:`NotConverted.left_out`), as the summary line says it."""


@record
class Converted:
    """One hand in the target format; ``differences`` lists what reading it back changed (empty = same record)."""

    hand_id: str
    line: int
    text: str
    differences: tuple[str, ...] = ()


@record
class NotConverted:
    """A hand that could not be converted: a parse error, another game, or a game the target cannot say."""

    hand_id: str | None
    line: int
    reason: str
    error: bool  # False for a hand of a game drawdealer does not play (a notice)
    game: str | None = None  # the game of a hand left out for a reason of LEFT_OUT
    left_out: str = ""  # a key of LEFT_OUT, or "" for a hand that could not be read or written
    internal: bool = False  # drawdealer failed on the hand (INTERNAL_ERROR, RULES.md §11.1): a bug


def convert_file(path: str | Path, to: str, *, source: str | None = None) -> Iterator[Converted | NotConverted]:
    """Every hand of ``path`` written in format ``to`` (``phh`` or ``pokerstars``), in file order;
    ``source`` names the file in messages (default ``path``).

    Raises :class:`~drawdealer.parsers.FormatError` or ``OSError`` when the file cannot be read.
    """
    from drawdealer.parsers import ParseFailure, Skipped, read_hands
    from drawdealer.parsers.results import INTERNAL_ERROR, internal_message

    if to not in FORMATS:
        raise ValueError(f"unknown format {to!r} (phh or pokerstars)")
    source_format = _format_of(path)
    for result in read_hands(path, source=source):
        if isinstance(result, Skipped):
            yield NotConverted(hand_id=result.hand_id or None, line=result.line, reason=result.message, error=False,
                               game=result.game, left_out=result.reason if result.reason in LEFT_OUT else "game")
        elif isinstance(result, ParseFailure):
            internal = result.code == INTERNAL_ERROR
            where = f"line {result.line}" + ("" if internal else f", column {result.column}")
            yield NotConverted(hand_id=result.hand_id or None, line=result.line, reason=f"{where}: {result.message}",
                               error=True, internal=internal)
        else:
            try:
                converted: Converted | NotConverted = convert_record(result, to, source_format=source_format)
            except Exception as exc:  # noqa: BLE001 - a writer bug must not stop the run: report the hand, go on
                converted = NotConverted(hand_id=result.hand_id, line=result.line, error=True, internal=True,
                                         reason=f"line {result.line}: {internal_message(exc, 'convert')}")
            yield converted


def convert_record(record: HandRecord, to: str, *, source_format: str = "") -> Converted | NotConverted:
    """``record`` as text in format ``to``, checked by reading it back."""
    from drawdealer.parsers import (
        ParseFailure,
        Skipped,
        read_text,
        write_phh,
        write_pokerstars,
    )
    from drawdealer.parsers.compare import FORMAT_FIELDS, differences

    from drawdealer.parsers.pokerstars_writer import NoPokerStarsFormat

    if record.runs:
        return NotConverted(hand_id=record.hand_id, line=record.line, error=False, game=record.game,
                            left_out="run_twice", reason="neither PHH nor PokerStars text writes a hand run more "
                                                         "than once (RULES.md §18.5)")
    try:
        text = write_phh(record) if to == "phh" else write_pokerstars(record)
    except NoPokerStarsFormat as exc:
        return NotConverted(hand_id=record.hand_id, line=record.line, reason=str(exc), error=True, game=record.game,
                            left_out="format")
    except ValueError as exc:
        return NotConverted(hand_id=record.hand_id, line=record.line, reason=str(exc), error=True)
    back = list(read_text(text, f"<{to}>"))
    if len(back) != 1 or isinstance(back[0], (ParseFailure, Skipped)):
        what = back[0].message if back and hasattr(back[0], "message") else f"{len(back)} hands"
        return NotConverted(hand_id=record.hand_id, line=record.line,
                            reason=f"the {to} text does not read back: {what}", error=True)
    ignore = set(FORMAT_FIELDS)
    again = back[0]
    if to == "pokerstars" and source_format != "pokerstars":
        ignore |= POKERSTARS_LOSSY
        record, again = pokerstars_view(record), pokerstars_view(again)
    changed = differences(record, again, ignore=ignore) or judged_otherwise(record, back[0], to)
    return Converted(hand_id=record.hand_id, line=record.line, text=text, differences=tuple(changed))


def judged_otherwise(record: HandRecord, written: HandRecord, to: str) -> list[str]:
    """Why ``written`` (``record`` read back from its ``to`` text) is no longer clean when ``record`` is
    (RULES.md §18: a log is judged by its own site's rules): PokerStars deals each drawer in turn, so a
    PHH hand dealt after every draw was declared (pokerkit's way) whose stub was reshuffled between a
    discard and a replacement cannot be a PokerStars hand; empty when the hand stays clean."""
    from drawdealer.engine.replay import replay

    if not replay(record).clean:
        return []
    errors = [f for f in replay(written).findings if f.is_error]
    if not errors:
        return []
    first = errors[0]
    return [f"the hand is clean, its {to} text is not: line {first.line}: {first.code} {first.message}"]


def pokerstars_view(record: HandRecord) -> HandRecord:
    """``record`` without what PokerStars text says its own way within actions: the kept cards of a
    draw (``Dealt to X [kept] [new]`` always lists them) and how many cards a partly known deal has
    (it prints the known ones)."""
    from drawdealer.engine.frozen import replace

    from drawdealer.engine.record import ActionKind

    def view(a):
        if a.kind is ActionKind.DRAW and a.kept is not None:
            return replace(a, kept=None)
        if a.kind is ActionKind.DEAL:
            return replace(a, count=len(a.cards or ()))
        return a

    return replace(record, actions=tuple(view(a) for a in record.actions))


def _format_of(path: str | Path) -> str:
    from drawdealer.parsers import detect

    return detect(path).format


def joined(texts: Iterable[str], to: str) -> Iterator[str]:
    """Several hands as one file, streamed: PokerStars hands separated by blank lines; PHH hands as
    the ``[1]``, ``[2]`` … sections of a ``.phhs`` file (a single PHH hand stays a plain ``.phh``)."""
    if to == "pokerstars":
        for text in texts:
            yield text.rstrip("\n") + "\n\n\n"
        return
    first: str | None = None
    for k, text in enumerate(texts, 1):
        if k == 1:
            first = text
            continue
        if k == 2:
            yield f"[1]\n{first.rstrip()}\n\n"
        yield f"[{k}]\n{text.rstrip()}\n\n"
        first = None
    if first is not None:
        yield first.rstrip("\n") + "\n"
