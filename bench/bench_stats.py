"""``drawdealer stats`` beside ``drawdealer validate --format json`` on the same hands, in the same run (issue 30).

    python bench/bench_stats.py [--hands 100000] [--repeat 2]

The input is ``bench_validate.py``'s file (N six-max fixed-limit 2-7 triple draw hands in PokerStars
text, generated once and cached in ``bench/out/``). Each command runs in a child process, output to
/dev/null, the two in turn (A, B, A, B …) so that a change in a shared machine's load falls on both
alike, the fastest of ``--repeat`` runs of each: with no flag (``--jobs auto``, every core on a file
this large) and with ``--jobs 1``. Then ``stats --jobs 1`` on the first tenth of the file beside all
of it: the peak resident memory (``os.wait4``) of both, to show it does not grow with the hands.

Goal: ``stats`` costs at most 1.2 × ``validate --format json`` on the same hands; memory flat.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_validate import best_of, best_of_each, head_file, make_file, validate_cmd  # noqa: E402

GOAL_RATIO = 1.2


def stats_cmd(path: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "drawdealer", "stats", "--json", *extra, str(path)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=2, help="runs of each command; the fastest is shown")
    args = parser.parse_args()

    big = make_file(args.hands, False)
    small = head_file(big, args.hands // 10)
    n = args.hands
    print(f"input: {big.relative_to(ROOT)}  {n:,} hands, {big.stat().st_size / 1e6:.1f} MB")
    rows = []
    for label, extra in (("no flag (--jobs auto)", ()), ("--jobs 1", ("--jobs", "1"))):
        (v_s, v_cpu, v_mb), (s_s, s_cpu, s_mb) = best_of_each(args.repeat, [validate_cmd(big, *extra),
                                                                            stats_cmd(big, *extra)])
        print(f"{'validate --format json, ' + label:<40} {v_s:7.2f} s  cpu {v_cpu:6.2f} s  peak {v_mb:6.1f} MB")
        print(f"{'stats --json, ' + label:<40} {s_s:7.2f} s  cpu {s_cpu:6.2f} s  peak {s_mb:6.1f} MB"
              f"   = {s_s / v_s:.2f} × validate (cpu {s_cpu / v_cpu:.2f} ×)")
        rows.append((label, s_s / v_s, s_cpu / v_cpu))
    small_s, _, small_mb = best_of(args.repeat, stats_cmd(small, "--jobs", "1"))
    _, _, big_mb = best_of(1, stats_cmd(big, "--jobs", "1"))
    print(f"memory, stats --jobs 1: {small_mb:.1f} MB for {n // 10:,} hands, {big_mb:.1f} MB for {n:,} "
          f"({big_mb - small_mb:+.1f} MB for {n - n // 10:,} more hands)")
    print()
    for label, wall, cpu in rows:
        print(f"goal stats ≤ {GOAL_RATIO} × validate --format json, {label}: "
              f"{'met' if wall <= GOAL_RATIO else 'MISSED'} ({wall:.2f} × wall, {cpu:.2f} × cpu)")


if __name__ == "__main__":
    main()
