"""The evening's habits on the table view, between hands (issue 30 item 3): ``drawdealer stats`` of
the journal's finished hands (docs/STATS.md), as far as the players at the table may see them.

One count: :func:`drawdealer.stats.collect` over the journal's hand files and
:func:`drawdealer.stats.figures`, the numbers ``drawdealer stats JOURNAL --json`` prints.
``tablestate.py`` asks for them between hands only (no hand under way, or the hand over), never
while a hand is played. :class:`EveningStats` keeps the hands it folded, each hand file with its
signature (``journal_files.file_signature``): when a hand ends only that hand is replayed, and a
state read again with no finished hand changed (a seat change between hands, a page reloaded)
replays none. A folded file that changed or went (``undo`` into a finished hand) folds them all
again. ``bench/bench_view_stats.py`` measures what it costs and what the cache saves.

Nothing secret (issue 28): a journal may hold cards that nobody showed (a tool that knew every card
writes each deal and draw in the hand files; the dealer's own journal holds only the cards typed
with ``show``). Two of the statistics are judged from whatever cards the hand file holds: the snow
(a pat hand worse than a ten-low that folded or lost, docs/STATS.md "Snow") and what an Italian
opener opened with (his five cards before the draw, "Openings"). The page gets neither. It gets the
numbers of what everybody saw happen at the table, and only those named here
(:data:`PLAYER_FIELDS`, :data:`DRAW_FIELDS`, :data:`OPENED_FIELDS`): a number added to ``stats``
later reaches the page only once it is named here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawdealer.cli.deal.restore import JournalError
from drawdealer.journal_files import file_signature
from drawdealer.stats import Collected, StatsTally, collect, figures

GAME_FIELDS = ("game", "name", "currency", "unit", "draws", "hands")
"""Each game's heading, as ``stats --json`` gives it."""
PLAYER_FIELDS = ("player", "hands", "net", "net_bb", "bb_per_100", "vpip", "raised", "aggression",
                 "went_to_showdown", "won_at_showdown", "won_without_showdown", "net_showdown", "net_no_showdown")
"""A player's numbers that the page gets: chips won and lost, the betting, the showdowns (docs/STATS.md
"Results", "Betting"); all told by the chips, the actions and the pots, none by a card."""
DRAW_FIELDS = ("draw", "took_part", "stood_pat", "cards_drawn", "broke")
"""Each draw's numbers that the page gets: how many cards he took, which the whole table saw (the
seats' ``drew pat · 2 · 1``); not the ``snow``, judged from his cards."""
OPENED_FIELDS = ("count", "of", "pct")
"""Italian poker: how often he opened (his bet, seen by all), not ``with`` what (his cards)."""


def public(numbers: dict[str, Any]) -> dict[str, Any]:
    """What the page gets of ``figures``' value: the hands counted and left out, then per game each
    player's public numbers (the fields named above, with their values unchanged)."""
    games = []
    for block in numbers["games"]:
        players = []
        for row in block["players"]:
            out = {key: row[key] for key in PLAYER_FIELDS}
            out["draws"] = [{key: d[key] for key in DRAW_FIELDS} for d in row["draws"]]
            opened = row["opened"]
            out["opened"] = None if opened is None else {key: opened[key] for key in OPENED_FIELDS}
            players.append(out)
        games.append({**{key: block[key] for key in GAME_FIELDS}, "players": players})
    hands = numbers["hands"]
    return {"hands": hands["counted"], "left_out": sum(hands["left_out"].values()), "games": games}


class EveningStats:
    """The fold of a journal's finished hands so far (module docstring): the hand files folded, in
    order, each with its signature, their :class:`~drawdealer.stats.StatsTally` and its public numbers."""

    def __init__(self) -> None:
        self.files: list[tuple[str, Any]] = []
        self.tally = StatsTally()
        self.numbers: dict[str, Any] | None = None

    def of(self, hands: Sequence[Path]) -> dict[str, Any]:
        """The public numbers of the hand files ``hands`` (the finished hands, in order); only those
        not folded yet are read. A file that cannot be read is a :class:`JournalError` (nothing of
        it is kept: the next call reads it again)."""
        files = [(path.name, file_signature(path)) for path in hands]
        if files[:len(self.files)] != self.files:  # a hand folded before changed or went
            self.files, self.tally, self.numbers = [], StatsTally(), None
        fresh = list(hands[len(self.files):])
        if fresh or self.numbers is None:
            found = collect(fresh)
            if found.problems:
                problem = found.problems[0]
                raise JournalError(problem.file, problem.message)
            self.tally.merge(found.tally)
            self.files = files
            self.numbers = public(figures(Collected(self.tally)))
        return self.numbers
