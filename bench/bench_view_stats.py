"""The evening's habits on the table view (issue 30 item 3): what an update of the page costs the
server with them and without them, over a whole hand and at its moments.

    python bench/bench_view_stats.py [--hands 50,200] [--repeat 15]

For each size, an evening of that many random hands of six-max 27TD-FL is dealt into a journal
through the dealer's commands (``tests/web_support.py``), and the journal is kept at every update
of its last hand: dealt (nobody acted yet), after each command, over. An update is what the server
does when the journal changes (``web/app.py``): ``tablestate.read_state`` and the JSON text of the
state. Each is timed in the CPU time of this process (``time.process_time``: what the server
spends, not the time other programs take from it), the median of ``--repeat`` rounds, the rows of a
table taken in turn (A, B, C, A, B, C, …) so that whatever else the machine does falls on all alike.

- ``a whole hand``: every update of the last hand, added up, with the statistics (the server's
  cache, ``web/evening_stats.py``, holding the hands before it, as the server does) and without
  them (neither the hands over listed nor counted: the page as it was before them). The ratio is
  what the statistics add to the view's per-update cost.
- the last hand over, the state read again: ``kept`` (the cache holds every hand over: a write that
  leaves them alike, a seat change), ``one hand more`` (the cache holds every hand but the one just
  over, which is replayed: what the server pays once per hand), ``counted afresh`` (no cache: every
  hand replayed, what each update would cost without it and what the server pays once, when it
  starts); the ratios are to the same update without the statistics.
"""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web_support import hand_over, played  # noqa: E402

from drawdealer.cli.text import json_text  # noqa: E402
from drawdealer.web import tablestate  # noqa: E402
from drawdealer.web.evening_stats import EveningStats  # noqa: E402

GAME, PLAYERS = "27TD-FL", 6


def evening(folder: Path, hands: int) -> tuple[list[Path], list[Path]]:
    """Deal ``hands`` hands into ``folder``/j; the journal at each update of the last hand (from the
    ``next`` that dealt it to its end), and the hand files over at its end. The journal is linked,
    not copied: each write of the dealer is a new file renamed into place (``cli/atomic.py``), so a
    link keeps a file as it was, with the signature that the server's cache knows it by."""
    moments: list[Path] = []
    with mock.patch("os.fsync"):
        for step in played(GAME, seed=hands, hands=hands, players=PLAYERS, journal=folder / "j", stack=1_000_000):
            if len(step.finished) == hands - 1 and (step.line != "next" or not moments):
                moments.append(folder / f"moment-{len(moments):03d}")
                shutil.copytree(folder / "j", moments[-1], copy_function=os.link)
                if step.line != "next" and hand_over(step):
                    paths = [moments[-1] / p.name for p in tablestate.finished_hands(step.session)]
                    break
    assert len(paths) == hands, len(paths)
    return moments, paths


class Left(EveningStats):
    """The statistics left out: the page's state as it was before them."""

    def of(self, hands):
        return None


def update(directory: Path, make: Callable[[], EveningStats], *, stats: bool = True) -> Callable[[], float]:
    """One update of the page for the journal in ``directory``, timed: the state read and its JSON
    text. ``make`` gives the cache as the server holds it before the update (outside the clock)."""
    def run() -> float:
        evening = make()
        with mock.patch.object(tablestate, "finished_hands", tablestate.finished_hands if stats else lambda s: []):
            start = time.process_time()
            state = tablestate.read_state(directory, evening)
            json_text(state)
            took = time.process_time() - start
        assert state["problem"] is None and (state["stats"] is not None) == (stats and state["between"])
        return took

    return run


def medians(table: dict[str, Callable[[], float]], repeat: int) -> dict[str, float]:
    """Each row's median over ``repeat`` rounds, the rows in turn, after one warming round."""
    for run in table.values():
        run()
    times: dict[str, list[float]] = {name: [] for name in table}
    for _ in range(repeat):
        for name, run in table.items():
            times[name].append(run())
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", default="50,200", help="evening sizes, comma-separated")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"bench_view_stats: updates of the table view of a {PLAYERS}-player {GAME} journal (state read + "
          f"JSON text), CPU time, median of {args.repeat} rounds, rows in turn")
    for hands in (int(n) for n in args.hands.split(",")):
        folder = Path(tempfile.mkdtemp())
        try:
            moments, paths = evening(folder, hands)
            before = EveningStats()  # the server's cache as the last hand starts: the hands before it
            before.of(paths[:-1])
            with_stats = without = 0.0
            for moment in moments:
                row = medians({"with": update(moment, lambda: copy.deepcopy(before)),
                               "without": update(moment, Left, stats=False)}, args.repeat)
                with_stats, without = with_stats + row["with"], without + row["without"]
            print(f"{hands} hands in the evening")
            print(f"  a whole hand, {len(moments)} updates: with the statistics {with_stats * 1000:8.2f} ms, "
                  f"without {without * 1000:8.2f} ms   {with_stats / without:5.2f} ×")
            kept = EveningStats()
            kept.of(paths)
            over = moments[-1]
            last = medians({"without the statistics": update(over, Left, stats=False),
                            "kept": update(over, lambda: kept),
                            "one hand more": update(over, lambda: copy.deepcopy(before)),
                            "counted afresh": update(over, EveningStats)}, args.repeat)
            base = last["without the statistics"]
            print("  the last hand over, one update:")
            for name, median in last.items():
                print(f"    {name:<24} median {median * 1000:8.2f} ms   {median / base:6.2f} ×")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
