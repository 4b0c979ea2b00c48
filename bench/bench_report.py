"""The human report's time beside the JSON run's, on the same hands (issue 25).

    python bench/bench_report.py [--hands 10000] [--flagged 0.03] [--tiny-hands 800000] [--repeat 3] [--jobs N]

Two inputs, written once into ``bench/out/`` (gitignored): ``--hands`` generated six-max triple draw
hands (``bench_validate.py``'s file) of which a share ``--flagged`` has a wrong total pot (a
``POT_AMOUNT_WRONG`` each), and ``--tiny-hands`` tiny hands, a header and a table line each, every
one a ``PARSE_ERROR`` (``bench_memory.py``'s file): the most report per byte. On each,
``drawdealer validate --format json FILE`` and ``drawdealer validate FILE`` (the human report, to a
file: no terminal) run in child processes, alternately (a shared machine's load falls on both alike),
``--repeat`` times; the script prints the fastest and the median wall time of each and their ratio,
and the CPU time (the child and its workers). Goal: the human report within 1.2 times the JSON
run's time on both inputs (issue 25: 1.3-1.8 times on the first, more than 2.7 on the second).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GOAL = 1.2
_TOTAL = re.compile(r"Total pot \$(\d+)\.(\d\d) \|")


def flagged_file(hands: int, share: float) -> Path:
    """``bench_validate``'s file of ``hands`` hands with a wrong total pot in one hand out of
    ``1 / share``."""
    from bench_validate import make_file

    path = OUT / f"td_fl_{hands}_flagged_{round(share * 100)}pc.txt"
    if path.exists():
        return path
    source = make_file(hands, False)
    every = max(1, round(1 / share))
    text = source.read_text(encoding="utf-8")
    parts = text.split("PokerStars Hand #")
    for k in range(1, len(parts), every):
        parts[k] = _TOTAL.sub(lambda m: f"Total pot ${int(m[1]) + 1}.{m[2]} |", parts[k], count=1)
    path.write_text("PokerStars Hand #".join(parts), encoding="utf-8")
    return path


def tiny_file(hands: int) -> Path:
    from bench_memory import _tiny, _write  # the same file as bench_memory's

    return _write(f"tiny_{hands}.txt", _tiny(hands))


def run(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (with the workers) of a child process, stdout to a file."""
    started = time.perf_counter()
    with open(OUT / "report.out", "w") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def compare(label: str, path: Path, repeat: int, jobs: list[str]) -> float:
    base = [sys.executable, "-m", "drawdealer", "validate", *jobs]
    runs: dict[str, list[tuple[float, float]]] = {"json": [], "human": []}
    for _ in range(repeat):
        runs["json"].append(run([*base, "--format", "json", str(path)]))
        runs["human"].append(run([*base, str(path)]))
    best = {k: min(w for w, _ in v) for k, v in runs.items()}
    median = {k: statistics.median(w for w, _ in v) for k, v in runs.items()}
    cpu = {k: min(c for _, c in v) for k, v in runs.items()}
    ratio = best["human"] / best["json"]
    print(f"{label}: {path.stat().st_size / 1e6:.0f} MB")
    for k in ("json", "human"):
        print(f"  {k:5}  fastest {best[k]:7.1f} s  median {median[k]:7.1f} s  cpu {cpu[k]:7.1f} s")
    print(f"  human / json: {ratio:.2f} (fastest), {median['human'] / median['json']:.2f} (median), "
          f"{cpu['human'] / cpu['json']:.2f} (cpu); goal ≤ {GOAL}: {'met' if ratio <= GOAL else 'MISSED'}")
    return ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--flagged", type=float, default=0.03)
    parser.add_argument("--tiny-hands", type=int, default=800_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", default="", help="--jobs for both runs (default: none, as users run it)")
    args = parser.parse_args()
    jobs = ["--jobs", args.jobs] if args.jobs else []
    print(f"{os.cpu_count()} cores, {' '.join(jobs) or 'no --jobs'}")
    compare(f"{args.hands:,} hands, {args.flagged:.0%} flagged", flagged_file(args.hands, args.flagged),
            args.repeat, jobs)
    compare(f"{args.tiny_hands:,} tiny hands, every one flagged", tiny_file(args.tiny_hands), args.repeat, jobs)


if __name__ == "__main__":
    main()
