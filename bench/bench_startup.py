"""Start-up: wall time of ``drawdealer showdown --game 27 7s5d4c3h2s 7h6d4s3c2d``, median of 20 runs.

Printed beside a bare ``python -c pass`` of the same interpreter. Goal: under 120 ms. The console
script is run directly (not through a pyenv shim). The last line times the same command through
Typer's parameter processing, which the console script skips for plain showdown arguments
(see ``drawdealer.cli.showdown_core.fast_path``). Run: ``python bench/bench_startup.py``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import sysconfig
import time

RUNS = 20
ARGS = ["showdown", "--game", "27", "7s5d4c3h2s", "7h6d4s3c2d"]
GOAL_MS = 120.0


def median_ms(cmd: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{cmd} failed: {done.stderr.decode()}")
    return statistics.median(times) * 1000


def compile_package() -> None:
    """Byte-compile drawdealer first, as ``pip install .`` does: with an editable install and
    ``PYTHONDONTWRITEBYTECODE`` set, every run would otherwise recompile the sources."""
    import drawdealer

    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.dirname(drawdealer.__file__)], check=True)


def main() -> None:
    compile_package()
    script = os.path.join(sysconfig.get_path("scripts"), "drawdealer")
    console = [script] if os.access(script, os.X_OK) else [sys.executable, "-m", "drawdealer"]
    typer_route = [sys.executable, "-c",
                   "import sys; from drawdealer.cli.app import app; sys.argv[1:] = %r; app()" % ARGS]
    base = median_ms([sys.executable, "-c", "pass"])
    rows = [
        ("python -c pass", base),
        ("drawdealer " + " ".join(ARGS), median_ms(console + ARGS)),
        ("drawdealer " + " ".join(ARGS[:3]) + " --json ...", median_ms(console + ARGS[:3] + ["--json"] + ARGS[3:])),
        ("python -m drawdealer " + " ".join(ARGS[:1]) + " ...", median_ms([sys.executable, "-m", "drawdealer"] + ARGS)),
        ("same command through Typer (no fast path)", median_ms(typer_route)),
    ]
    print(f"median of {RUNS} runs; console script: {console[0]}")
    print(f"{'command':62s} {'ms':>7s} {'- python':>9s}")
    for label, ms in rows:
        print(f"{label:62s} {ms:7.1f} {ms - base:9.1f}")
    showdown = rows[1][1]
    print(f"goal < {GOAL_MS:.0f} ms: {'met' if showdown < GOAL_MS else 'NOT met'} ({showdown:.1f} ms)")


if __name__ == "__main__":
    main()
