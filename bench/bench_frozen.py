"""``engine/frozen.py``'s two layers beside their plain versions, on the same commands in the same run:
its records beside the standard library's ``dataclass(frozen=True, slots=True, kw_only=True)``, and
its builders (``maker``) beside calling the class.

    python bench/bench_frozen.py [--runs 20] [--hands 2000] [--repeat 5] [--instructions] [--venv DIR]

In ``bench_startup.py``'s environment (a non-editable install with compiled bytecode), each command
runs three times over, in turn: as shipped, with plain records and with plain builders (each layer
alone; ``bench/plain_frozen.py``, installed before drawdealer is imported), all three through
``python -c`` and the console script's ``main()``. The start-up commands (``validate`` of a
three-hand file, human and JSON, and ``showdown``) give the median of ``--runs`` rounds, beside
``python -c pass``; ``validate --format json --jobs 1`` of ``--hands`` hands generated as
``bench_validate.py``'s file, and of the same hands in PHH (one ``.phhs`` file), the median of
``--repeat``. Each row gives the wall, then the CPU milliseconds as shipped, and each plain
version's as a ratio to it (above 1: the layer saves time), for the start-up also above ``python
-c pass``; with ``--instructions``, the same in instructions counted by valgrind's callgrind, one
run each (a count does not move with the wall clock's noise). Before timing, each command's output with each plain version
is checked to be the shipped one's, byte for byte.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_startup import SHOWDOWN, SMALL, install, medians  # noqa: E402
from bench_validate import OUT, make_file, same_hands  # noqa: E402
from plain_frozen import LAYERS  # noqa: E402

RUN = ("import sys; sys.path.append(%r); import plain_frozen; %s; from drawdealer.cli.main import main; "
       "sys.argv[1:] = %r; main()")
VERSIONS = ("shipped", *(f"plain {layer}" for layer in LAYERS))


def versions(python: Path, args: list[str]) -> list[list[str]]:
    """``drawdealer ARGS`` as shipped, then with each layer plain (the same prelude)."""
    preludes = ["pass", *(f"plain_frozen.install({layer!r})" for layer in LAYERS)]
    return [[str(python), "-c", RUN % (str(BENCH), prelude, args)] for prelude in preludes]


def phh_file(hands: int) -> Path:
    """``bench_validate.py``'s first ``hands`` hands in PHH, one ``[section]`` of a ``.phhs`` file each."""
    path = OUT / f"td_fl_{hands}.phhs"
    if not path.exists():
        phh, _ = same_hands(make_file(hands, False), hands)
        path.write_text("".join(f"[{k}]\n{text}\n" for k, text in enumerate(phh, 1)), encoding="utf-8")
    return path


def same_output(commands: list[list[str]], cwd: Path) -> None:
    """Every version of a command writes the same output and exits with the same code."""
    done = [subprocess.run(cmd, capture_output=True, cwd=cwd, stdin=subprocess.DEVNULL) for cmd in commands]
    if any((d.stdout, d.returncode) != (done[0].stdout, done[0].returncode) for d in done[1:]):
        raise SystemExit(f"a plain version changes the output of {commands[0][-1]}")


def instructions(cmd: list[str], cwd: Path) -> float:
    """Millions of instructions of one run of ``cmd`` under callgrind (the same whatever the machine's load)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd], cwd=cwd,
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    counted = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or counted is None:
        raise SystemExit(f"callgrind failed on {cmd[-1]}: {done.stderr[-500:]}")
    return int(counted[1]) / 1e6


def row(label: str, figures: list[float], base: float | None) -> str:
    """A line of the table: the shipped figure, then each plain one over it, and over it above
    ``python -c pass`` (``base``, for the start-up)."""
    shipped, plain = figures[0], figures[1:]
    ratios = [f"{p / shipped:10.2f}" + (f" ({(p - base) / (shipped - base):.2f})" if base is not None else " " * 7)
              for p in plain]
    return f"{label:56s} {shipped:9.1f} " + " ".join(ratios)


def table(title: str, base: float, start_ups: list[tuple[str, list[float]]],
          long_runs: list[tuple[str, list[float]]]) -> None:
    print(f"{title:56s} {'shipped':>9s} " + " ".join(f"{v:>17s}" for v in VERSIONS[1:]))
    print(f"{'python -c pass':56s} {base:9.1f}")
    for label, figures in start_ups:
        print(row(label, figures, base))
    for label, figures in long_runs:
        print(row(label, figures, None))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="rounds of the start-up commands (the median)")
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=5, help="rounds of the long command (the median)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind's callgrind)")
    parser.add_argument("--venv", type=Path, default=BENCH / "out" / "startup-venv")
    args = parser.parse_args()
    venv = args.venv.resolve()
    python = install(venv)
    big = make_file(args.hands, False)
    pass_ = [str(python), "-c", "pass"]
    start_ups = [("validate FILE (3 hands, human report)", versions(python, ["validate", SMALL])),
                 ("validate --format json FILE", versions(python, ["validate", "--format", "json", SMALL])),
                 ("showdown " + " ".join(SHOWDOWN[1:]), versions(python, SHOWDOWN))]
    long_runs = [(f"validate --format json --jobs 1, {args.hands:,} {kind} hands",
                  versions(python, ["validate", "--format", "json", "--jobs", "1", str(path)]))
                 for kind, path in (("PokerStars", big), ("PHH", phh_file(args.hands)))]
    for _, commands in (*start_ups, *long_runs):
        same_output(commands, venv)

    n = len(VERSIONS)
    wall, cpu = medians([pass_, *(cmd for _, commands in start_ups for cmd in commands)], args.runs, venv)
    long_wall, long_cpu = medians([cmd for _, commands in long_runs for cmd in commands], args.repeat, venv)
    print(f"non-editable install with compiled bytecode in {args.venv}; engine/frozen.py as shipped and with each layer "
          f"plain (bench/plain_frozen.py), in turn; median of {args.runs} rounds (start-up), of {args.repeat} "
          f"({args.hands:,} hands); plain / shipped (in brackets: above python -c pass)")
    for title, figures, long_figures in (("wall ms", wall, long_wall), ("cpu ms", cpu, long_cpu)):
        table(title, figures[0], [(label, figures[1 + n * k:1 + n * (k + 1)]) for k, (label, _) in enumerate(start_ups)],
              [(label, long_figures[n * k:n * (k + 1)]) for k, (label, _) in enumerate(long_runs)])
    if args.instructions:
        table("M instructions (callgrind, one run each)", instructions(pass_, venv),
              [(label, [instructions(cmd, venv) for cmd in commands]) for label, commands in start_ups],
              [(label, [instructions(cmd, venv) for cmd in commands]) for label, commands in long_runs])
    print("above 1.00: the plain version takes that much longer, what the layer saves")


if __name__ == "__main__":
    main()
