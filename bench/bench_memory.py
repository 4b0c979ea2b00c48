"""Peak memory of ``drawdealer validate`` on hostile inputs and on a large valid file (issue 15), and
of its main process with many worker processes (issue 25).

    python bench/bench_memory.py [--hands 20000] [--junk-mb 40] [--tiny-hands 800000] [--jobs 2,16]

Writes the inputs once into ``bench/out/hostile/`` (gitignored), then runs ``drawdealer validate
--format json FILE`` on each in a child process (output to /dev/null) and prints its peak resident
memory (``os.wait4``'s ``ru_maxrss``) against the goal (no input above 250 MB) and against a
reference run in the same way: a child that only reads the file's bytes into memory. Seconds are
printed too, and for the text without hand headers at two sizes the ratio of their times beyond
start-up (a small file's run), which is about the ratio of their sizes when the cost is linear (it was quadratic: ``validate.split_points``
grew its buffer 64 KiB at a time, the splitter copied the open hand at every block).

The inputs: a PokerStars hand with 5,000 seats (222 KB; 976 MB before the limits), a PHH hand with
10,000 players (3.9 GB before), valid hands followed by ``--junk-mb`` MB of lines with no header,
one line of 50 MB, numbers of 19,000 digits, PHH arrays nested 100,000 deep, and ``--hands``
generated valid hands (``bench_validate.py``'s file).

Then ``--tiny-hands`` tiny hands (a header and a table line each, so that every hand is flagged, a
``PARSE_ERROR``: the most report per byte of input) are validated with each ``--jobs``, and the peak
resident memory of the main process alone (its ``VmHWM``, read from ``/proc`` while it runs; the
workers are not counted) is printed: the goal is a peak that does not grow with the number of
processes, at most 150 MB at 16 (issue 25: 140 MB at 2 and 388 MB at 16 before).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out" / "hostile"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

GOAL_MB = 250
_HEADER = "PokerStars Hand #{id}:  Triple Draw 2-7 Lowball No Limit ($0.10/$0.25 USD) - 2000/01/01 00:00:00 ET"


def _pokerstars_seats(seats: int) -> str:
    lines = [_HEADER.format(id=1), "Table 'drawdealer' 6-max Seat #1 is the button"]
    lines += [f"Seat {i}: P{i} ($10 in chips)" for i in range(1, seats + 1)]
    lines += ["P2: posts small blind $0.10", "P3: posts big blind $0.25", "*** DEALING HANDS ***"]
    lines += [f"P{i}: folds" for i in range(4, seats + 1)]
    lines += ["P1: folds", "P2: folds", "Uncalled bet ($0.15) returned to P3", "P3 collected $0.20 from pot",
              "*** SUMMARY ***", "Total pot $0.20 | Rake $0"]
    return "\n".join(lines) + "\n"


def _phh_players(players: int) -> str:
    def array(values: list[str]) -> list[str]:
        return ["[", *(f"{v}," for v in values), "]"]

    lines = ['variant = "F2L3D"', "antes = ", *array(["0"] * players),
             "blinds_or_straddles = ", *array(["10", "20"] + ["0"] * (players - 2)),
             "small_bet = 20", "big_bet = 40", "starting_stacks = ", *array(["500"] * players),
             "actions = ", *array([f'"d dh p{i} ??????????"' for i in range(1, players + 1)])]
    return "\n".join(lines).replace("= \n[", "= [") + "\n"


def _valid_hands() -> str:
    return (ROOT / "fixtures" / "clean" / "27td_nl.txt").read_text(encoding="utf-8")


def _write(name: str, make) -> Path:
    path = OUT / name
    if not path.exists():
        OUT.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".part")
        with open(tmp, "w", encoding="utf-8") as out:
            make(out)
        tmp.replace(path)
    return path


def _junk(megabytes: int):
    def make(out) -> None:
        out.write(_valid_hands())
        line = "no hand header on this line\n"
        block = line * ((1 << 20) // len(line))
        for _ in range(megabytes):
            out.write(block)
    return make


def inputs(junk_mb: int) -> list[tuple[str, Path]]:
    big = "9" * 19_000
    return [
        ("PokerStars hand, 5,000 seats", _write("ps_5000_seats.txt", lambda o: o.write(_pokerstars_seats(5000)))),
        ("PHH hand, 10,000 players", _write("phh_10000_players.phh", lambda o: o.write(_phh_players(10_000)))),
        (f"valid hands + {junk_mb // 4} MB without a header",
         _write(f"junk_{junk_mb // 4}mb.txt", _junk(junk_mb // 4))),
        (f"valid hands + {junk_mb} MB without a header", _write(f"junk_{junk_mb}mb.txt", _junk(junk_mb))),
        ("one line of 50 MB", _write("one_line.txt", lambda o: o.write(_HEADER.format(id=2) + " x" * (25 << 20)))),
        ("PHH line of 50 MB", _write("one_line.phh", lambda o: o.write('variant = "F2L3D"\nactions = ["'
                                                                       + "x" * (50 << 20) + '"]\n'))),
        ("19,000-digit numbers", _write("digits.txt", lambda o: o.write(
            _valid_hands().replace("$10 in chips", f"${big} in chips").replace("#300000000200", f"#{big}")))),
        ("PHH arrays 100,000 deep", _write("nested.phh", lambda o: o.write(
            'variant = "F2L3D"\nantes = ' + "[" * 100_000 + "]" * 100_000 + "\n"))),
    ]


def run_child(argv: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak resident MB and exit code of a child process (stdout to /dev/null).

    Linux keeps a process's peak across ``exec``, so a child starts from its parent's resident size:
    this process generates nothing itself and stays far below the children it measures."""
    started = time.perf_counter()
    with open(os.devnull, "w") as devnull:
        proc = subprocess.Popen(argv, stdout=devnull, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


TINY_HAND = ("PokerStars Hand #{id}:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2000/01/01 00:00:00 ET\n"
             "Table 'tiny' 2-max Seat #1 is the button\n\n\n")
JOBS_GOAL_MB = 150


def _tiny(hands: int):
    def make(out) -> None:
        for k in range(hands):
            out.write(TINY_HAND.format(id=100_000_000_000 + k))
    return make


def main_process_peak(argv: list[str]) -> tuple[float, float, int]:
    """Wall seconds, the peak resident MB of the process started (``VmHWM``, polled every 50 ms
    while it runs: its worker processes are not counted) and its exit code (stdout to /dev/null)."""
    started = time.perf_counter()
    peak = 0
    with open(os.devnull, "w") as devnull:
        proc = subprocess.Popen(argv, stdout=devnull, stderr=subprocess.DEVNULL)
        while proc.poll() is None:
            try:
                with open(f"/proc/{proc.pid}/status") as status:
                    peak = max([peak] + [int(line.split()[1]) for line in status if line.startswith("VmHWM:")])
            except (OSError, ValueError):
                pass
            time.sleep(0.05)
    return time.perf_counter() - started, peak / 1024, proc.returncode


def validate_cmd(path: Path) -> list[str]:
    return [sys.executable, "-m", "drawdealer", "validate", "--format", "json", str(path)]


def reference_cmd(path: Path) -> list[str]:
    """A child that reads the file's bytes into memory, and nothing else."""
    return [sys.executable, "-c", f"open({str(path)!r}, 'rb').read()"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="generated valid hands (bench_validate's file)")
    parser.add_argument("--junk-mb", type=int, default=40, help="MB of lines without a hand header")
    parser.add_argument("--tiny-hands", type=int, default=800_000, help="tiny flagged hands for the --jobs rows")
    parser.add_argument("--jobs", default="2,16", help="worker processes to measure the main process with")
    parser.add_argument("--only-jobs", action="store_true", help="measure the --jobs rows alone")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    tiny = OUT / f"tiny_{args.tiny_hands}.txt"
    if args.prepare:  # in a child of its own, so that this process stays small (see run_child)
        from bench_validate import make_file

        _write(tiny.name, _tiny(args.tiny_hands))
        if args.only_jobs:
            return
        inputs(args.junk_mb)
        print(make_file(args.hands, False))
        return
    if args.only_jobs:
        subprocess.run([sys.executable, __file__, "--prepare", "--only-jobs", "--tiny-hands", str(args.tiny_hands)],
                       check=True)
        jobs_rows(tiny, args.tiny_hands, [int(j) for j in args.jobs.split(",")])
        return
    made = subprocess.run([sys.executable, __file__, "--prepare", "--hands", str(args.hands), "--junk-mb",
                           str(args.junk_mb)], check=True, stdout=subprocess.PIPE, text=True)
    cases = inputs(args.junk_mb)
    cases.append((f"{args.hands:,} valid hands", Path(made.stdout.strip().splitlines()[-1])))
    print(f"{'input':40} {'size':>9} {'exit':>4} {'seconds':>8} {'peak MB':>8} {'goal':>6} {'read bytes MB':>13} {'ratio':>6}")
    seconds: dict[str, float] = {}
    worst = 0.0
    for label, path in cases:
        wall, peak, code = run_child(validate_cmd(path))
        _, reference, _ = run_child(reference_cmd(path))
        seconds[label] = wall
        worst = max(worst, peak)
        size = path.stat().st_size
        print(f"{label:40} {size / 1e6:7.1f}MB {code:>4} {wall:8.2f} {peak:8.0f} "
              f"{'met' if peak <= GOAL_MB else 'MISSED':>6} {reference:13.0f} {peak / reference:5.1f}×")
    start_up = min(run_child(validate_cmd(ROOT / "fixtures" / "clean" / "27td_nl.txt"))[0] for _ in range(3))
    small, large = (seconds[label] - start_up for label, _ in cases[2:4])
    print(f"\nwithout headers, {args.junk_mb} MB vs {args.junk_mb // 4} MB: {large / small:.1f}× the time beyond "
          f"start-up ({start_up:.2f} s) for 4× the input (goal: at most about 4, linear; 10× on main before the fix, "
          f"quadratic)")
    print(f"largest peak: {worst:.0f} MB; goal: no input above {GOAL_MB} MB: {'met' if worst <= GOAL_MB else 'MISSED'}")
    jobs_rows(tiny, args.tiny_hands, [int(j) for j in args.jobs.split(",")])


def jobs_rows(tiny: Path, hands: int, jobs: list[int]) -> None:
    """The main process's peak with each number of worker processes, on ``tiny``."""
    print(f"\n{hands:,} tiny flagged hands ({tiny.stat().st_size / 1e6:.0f} MB), --format json: the main process "
          "alone (VmHWM)")
    peaks = {}
    for n in jobs:
        wall, peak, code = main_process_peak([*validate_cmd(tiny)[:-1], "--jobs", str(n), str(tiny)])
        peaks[n] = peak
        print(f"  --jobs {n:<3} exit {code}  {wall:7.1f} s  main process peak {peak:6.0f} MB")
    most = max(jobs)
    print(f"goal: the main process's peak does not grow with --jobs, at most {JOBS_GOAL_MB} MB at --jobs {most}: "
          f"{'met' if peaks[most] <= JOBS_GOAL_MB else 'MISSED'} ({' / '.join(f'{peaks[n]:.0f}' for n in jobs)} MB)")


if __name__ == "__main__":
    main()
