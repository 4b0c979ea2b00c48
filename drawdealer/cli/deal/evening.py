"""The evening's hands as the players look them up (issue 27): one line a hand for ``drawdealer
ledger --hands``, and one hand's actions for ``drawdealer status JOURNAL --hand N``.

Each hand is read from its file in the journal (``hand-0014.phh``) and replayed through the engine
(``engine/replay.py``), so what is listed is what the journal holds, whatever happened to the
dealer's process: the pot (every pot of RULES.md §9.4 together, before any rake), who took what,
and whether the hand went to a showdown (§9.1) or ended when the others folded (§9.3); an Italian
deal nobody won says so (§10.2, §10.5).
"""

from __future__ import annotations

from typing import Any, Iterator

from drawdealer.cli.deal.journal import Journal
from drawdealer.engine.frozen import record
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import ReplayResult, replay
from drawdealer.journal_files import HAND_FILE, current_hand_file

_UNWON = {"UNOPENED": "nobody opened", "PAROLA": "nobody bet after the draw (parola)",
          "FALSE_OPENER_WOULD_WIN": "{} opened without openers"}
"""Italian deals nobody is awarded (RULES.md §10.2, §10.4, §10.5)."""


class HandFileError(ValueError):
    """A hand file of the journal that is missing or cannot be read as a hand; names the file."""


def read_hand(journal: Journal, number: int) -> HandRecord:
    """Hand ``number`` of ``journal`` as a record; raises :class:`HandFileError` naming the file."""
    from drawdealer.parsers.phh import parse_hand
    from drawdealer.parsers.results import ParseFailure, Skipped

    path = journal.hand_path(number)
    try:
        text = journal.read_hand(number)
    except (OSError, UnicodeDecodeError) as exc:
        raise HandFileError(f"{path}: cannot read ({exc})") from None
    if text is None:
        known = journal.hand_numbers()
        have = f"hands {known[0]}-{known[-1]}" if known else "no hand"
        raise HandFileError(f"{path}: no hand {number} in this journal ({have})")
    parsed = parse_hand(text.splitlines(), 1, str(path))
    if isinstance(parsed, (ParseFailure, Skipped)):
        raise HandFileError(f"{path}:{parsed.line}: {parsed.message}")
    return parsed


@record
class HandLine:
    """One hand of the evening: its pot and who took what (``winners``, in seat order), whether it
    went to a showdown, how an Italian deal nobody won ended (``unwon``), or the street of a hand
    still under way."""

    number: int
    game: str
    pot: int
    winners: dict[str, int]
    showdown: bool
    unwon: str = ""
    under_way: str = ""

    def text(self) -> str:
        """``  14  27TD-PL       120  yes       Ann 60, Bob 60``: a row under :data:`HEADER`."""
        if self.under_way:
            return f"{self.number:>4}  {self.game:<9} {'':>7}  {'':<8}  under way ({self.under_way})"
        won = self.unwon or ", ".join(f"{name} {chips:,}" for name, chips in self.winners.items())
        return f"{self.number:>4}  {self.game:<9} {self.pot:>7,}  {'yes' if self.showdown else 'no':<8}  {won}"

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.number, "game": self.game, "pot": None if self.under_way else self.pot,
                "winners": dict(self.winners), "showdown": self.showdown, "unwon": self.unwon or None,
                "under_way": self.under_way or None}


HEADER = f"{'hand':>4}  {'game':<9} {'pot':>7}  {'showdown':<8}  won by"


def hand_line(number: int, result: ReplayResult) -> HandLine:
    """The line of hand ``number`` from its replay."""
    state = result.state
    if state is None or not result.complete:
        if state is not None and state.is_complete:  # played out, the opener's openers still to show (§10.2)
            street = f"{state.openers_due()} to show the openers"
        else:
            street = "before the deal" if result.street == "SETUP" else result.street
        return HandLine(number=number, game=result.game, pot=0, winners={}, showdown=False, under_way=street)
    settled = state.settle()
    winners = {name: settled.collected[name] for name in state.names if settled.collected.get(name)}
    unwon = _UNWON.get(settled.outcome, "").format(settled.false_opener)
    if unwon and settled.carried:
        unwon += f": {settled.carried:,} stays in the middle"
    return HandLine(number=number, game=result.game, pot=sum(p.amount for p in settled.pots), winners=winners,
                    showdown=state.ended_in == "SHOWDOWN", unwon=unwon)


def evening(journal: Journal) -> Iterator[HandLine]:
    """Every hand of ``journal`` in order, replayed (:func:`hand_line`), the current one as a hand
    that may be under way (``replay(under_way=True)``: every earlier hand was closed by ``next``);
    raises :class:`HandFileError`."""
    current = current_hand_file(journal.directory)
    for number in journal.hand_numbers():
        under_way = HAND_FILE.format(number) == current
        yield hand_line(number, replay(read_hand(journal, number), under_way=under_way))
