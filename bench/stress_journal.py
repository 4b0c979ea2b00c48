"""``kill -9`` at random moments of scripted dealing evenings, many times, each resume checked (issue 25).

    python bench/stress_journal.py [--kills 200] [--seed 0] [--workers 4]

The evenings are ``tests/test_deal_kill.py``'s (fixed-limit triple draw with undo and a stub
reshuffle; an Italian evening with a carried pot and a blind; an evening of rebuys, arrivals,
departures and undo of ``next``) and ``tests/test_deal_interleavings.py``'s (four hands with rebuys,
sitting out and undo of every kind). Each is played once uninterrupted through ``drawdealer deal``;
then trials run it in real processes killed with SIGKILL, either right after a random command was
sent (a pause of 0 to 10 ms first, so that the kill lands before, inside or after its journal
writes) or after a random delay from start-up, resumed with ``--resume`` and the commands the
journal does not hold, sometimes killed again, until ``--kills`` kills were made. Every journal
must end as the uninterrupted one: every file byte for byte (the ``started`` time of
``session.toml`` aside), the same stacks and ledger. The suite's tests do the same with fewer kills
(``test_deal_kill.py``) and with every crash point of every command, deterministically
(``test_deal_interleavings.py``).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from deal_support import deal, scripted  # noqa: E402
from test_deal_interleavings import ARGS as EVENING_SETUP  # noqa: E402
from test_deal_interleavings import EVENING  # noqa: E402
from test_deal_kill import CASES, _attempt, journaled  # noqa: E402

LONG = ["--game", EVENING_SETUP.game, "--stakes", EVENING_SETUP.stakes, *(f"--seat={s}" for s in EVENING_SETUP.seats),
        "--button", EVENING_SETUP.button]
EVENINGS = {**{name: (args, script) for name, (args, script, _) in CASES.items()}, "long evening": (LONG, EVENING)}


def _files(journal: Path) -> dict[str, str]:
    """The journal's files as compared: every one but the lock and the prompt's history, without the
    time the session started."""
    return {p.name: "".join(line for line in p.read_text().splitlines(True) if not line.startswith("started = "))
            for p in sorted(journal.iterdir()) if p.name not in ("dealer.lock", "history")}


def _trial(base: Path, name: str, seed: int) -> tuple[Path, int]:
    """One journal played with kills until its script is done; the kills made."""
    args, script = EVENINGS[name]
    rng = random.Random(seed)
    journal = base / f"{name.replace(' ', '-')}-{seed}"
    kills = 0
    for _ in range(rng.choice((1, 1, 2, 3))):
        if (journal / "session.toml").is_file() and journaled(journal) == len(script):
            break
        _attempt(journal, args, script, rng, kill=rng.choice(("command", "command", "delay")))
        kills += 1
    while not (journal / "session.toml").is_file() or journaled(journal) < len(script):
        _attempt(journal, args, script, rng, kill=None)
    return journal, kills


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="stress-journal-") as tmp:
        base = Path(tmp)
        wanted = {}
        for name, (setup, script) in EVENINGS.items():
            whole = base / f"whole-{name.replace(' ', '-')}"
            scripted(whole, setup, script)
            _, out, _ = deal(["--resume", str(whole)], ["status", "ledger"])
            wanted[name] = (_files(whole), out[0]["stacks"], out[1]["ledger"])
        kills = trials = bad = 0
        seed = args.seed
        with ThreadPoolExecutor(max_workers=args.workers) as pool:
            while kills < args.kills:
                batch = [(name, seed + k) for k, name in enumerate(sorted(EVENINGS) * 2)]
                seed += len(batch)
                for (name, trial_seed), (journal, made) in zip(batch, pool.map(lambda job: _trial(base, *job), batch)):
                    trials += 1
                    kills += made
                    files, stacks, ledger = wanted[name]
                    _, out, _ = deal(["--resume", str(journal)], ["status", "ledger"])
                    same = _files(journal) == files and out[0]["stacks"] == stacks and out[1]["ledger"] == ledger
                    if not same:
                        bad += 1
                        differ = sorted(f for f in set(files) | set(_files(journal))
                                        if files.get(f) != _files(journal).get(f))
                        print(f"  {name}, seed {trial_seed}: differs from the uninterrupted evening: {differ}")
                print(f"\r{kills} kills in {trials} trials, {bad} journals differing", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"{kills} kill -9s in {trials} trials of {len(EVENINGS)} evenings ({time.perf_counter() - started:.0f} s): "
          f"{trials - bad} journals equal to the uninterrupted evening's, {bad} differing")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
