"""``drawdealer validate --cluster`` on a Dask LocalCluster beside ``--jobs auto``, on one machine (issue 29).

    python bench/bench_cluster.py [--size 1G] [--repeat 1] [--workers N]

The input is an archive of ``--size`` bytes (default 1 GB): a folder of copies of
``bench_validate.py``'s file of 20,000 generated six-max triple draw hands (29 MB, PokerStars'
format), written once into ``bench/out/`` (gitignored). Each copy is a file of its own, cut into
1 MB byte ranges as any large file is: the tasks are the same for both runs.

A ``distributed.LocalCluster`` is started here (its scheduler in this process, on the loopback;
``--workers`` single-threaded worker processes, default one per core), then, in turn (A, B, A, B …,
``--repeat`` times, the fastest shown):

- ``drawdealer validate --format json --jobs auto ARCHIVE`` (a process pool: one worker per core);
- ``drawdealer validate --format json --cluster ADDRESS ARCHIVE`` (the workers read the files).

Each row: hands per second end to end (start-up, planning, reading, replaying, JSON to /dev/null),
the CPU time of every process at work (with ``--cluster``: the client, the workers, and this
process, where the scheduler and the workers' nannies run), and the ratios cluster / jobs. Dask's
overhead is stated per task: the wall and the CPU time the cluster run takes beyond ``--jobs``,
and the round trip of an empty task (submitted and awaited 16 at a time, as the runner keeps them).

On one machine the cluster can only match the pool (the same cores, plus a scheduler and the
transfer of every report through it); the ratio says what the distribution costs, so that a run on
N machines can be expected at about N × one machine's ``--jobs auto`` rate × this ratio while the
files are read from a shared folder at that rate (docs/CLUSTER.md).
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_validate import OUT, best_of_each, make_file  # noqa: E402

BASE_HANDS = 20_000


def parse_size(text: str) -> int:
    """``1G``, ``200M``, ``512k`` or a number of bytes."""
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
    text = text.strip().lower().rstrip("b")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def make_archive(size: int) -> tuple[Path, int]:
    """A folder of copies of the base file, ``size`` bytes or just over; and its hands."""
    base = make_file(BASE_HANDS, regenerate=False)
    copies = max(1, -(-size // base.stat().st_size))
    folder = OUT / f"archive_{copies}x{BASE_HANDS}"
    if not folder.is_dir():
        part = folder.with_suffix(".part")
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir(parents=True)
        for k in range(copies):
            shutil.copyfile(base, part / f"hands_{k:04d}.txt")
        part.rename(folder)
    return folder, copies * BASE_HANDS


def empty_round_trips(client, window: int = 16, tasks: int = 400) -> float:
    """Seconds per empty task through the cluster, ``window`` in flight at a time (as
    ``validate.in_order`` keeps them)."""
    from collections import deque

    started = time.perf_counter()
    pending: deque = deque()
    for k in range(tasks):
        pending.append(client.submit(abs, -k, pure=False))
        if len(pending) > window:
            pending.popleft().result()
    while pending:
        pending.popleft().result()
    return (time.perf_counter() - started) / tasks


def _workers_cpu(client) -> float:
    """The CPU seconds the cluster's worker processes have used so far."""
    return sum(t.user + t.system for t in client.run(os.times).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="1G", help="bytes of hands (1G, 200M …)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each command; the fastest is shown")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    from distributed import Client, LocalCluster

    from drawdealer.validate import Task, plan

    archive, hands = make_archive(parse_size(args.size))
    size = sum(p.stat().st_size for p in archive.iterdir())
    tasks = sum(isinstance(t, Task) for t in plan([archive]))
    print(f"input: {archive.relative_to(ROOT)}  {hands:,} hands, {size / 1e9:.2f} GB in "
          f"{len(list(archive.iterdir()))} files, {tasks:,} tasks (1 MB ranges)")

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        address = cluster.scheduler_address
        command = [sys.executable, "-m", "drawdealer", "validate", "--format", "json"]
        jobs_cmd = command + ["--jobs", "auto", str(archive)]
        cluster_cmd = command + ["--cluster", address, str(archive)]
        scheduler_cpu: list[float] = []  # this process's CPU during a cluster run: the scheduler's
        worker_cpu: list[float] = []
        runs = []
        for _ in range(args.repeat):
            runs.append(("jobs", best_of_each(1, [jobs_cmd])[0]))
            before, workers_before = resource.getrusage(resource.RUSAGE_SELF), _workers_cpu(client)
            runs.append(("cluster", best_of_each(1, [cluster_cmd])[0]))
            after, workers_after = resource.getrusage(resource.RUSAGE_SELF), _workers_cpu(client)
            scheduler_cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            worker_cpu.append(workers_after - workers_before)
        trip = empty_round_trips(client)

    jobs_s, jobs_cpu, jobs_mb = min(r for kind, r in runs if kind == "jobs")
    k = min(range(args.repeat), key=lambda i: [r for kind, r in runs if kind == "cluster"][i][0])
    cl_s, cl_client_cpu, cl_mb = [r for kind, r in runs if kind == "cluster"][k]
    cl_cpu = cl_client_cpu + worker_cpu[k] + scheduler_cpu[k]
    print(f"{'validate --jobs auto':<34} {hands / jobs_s:>9,.0f} hands/s   {jobs_s:7.1f} s   cpu {jobs_cpu:6.1f} s"
          f" (the main process and the pool)   peak {jobs_mb:5.0f} MB")
    print(f"{f'validate --cluster ({args.workers} workers)':<34} {hands / cl_s:>9,.0f} hands/s   {cl_s:7.1f} s"
          f"   cpu {cl_cpu:6.1f} s (the client {cl_client_cpu:.1f}, the workers {worker_cpu[k]:.1f}, the scheduler"
          f" and nannies {scheduler_cpu[k]:.1f})   peak {cl_mb:5.0f} MB (the client)")
    print(f"ratio cluster / jobs auto: {jobs_s / cl_s:.2f} in wall time, {cl_cpu / jobs_cpu:.2f} in CPU time"
          f"  ({os.cpu_count()} cores, best of {args.repeat})")
    print(f"Dask's overhead per task ({tasks:,} tasks of about {size / tasks / 1e6:.1f} MB, "
          f"{jobs_cpu / tasks * 1000:.0f} ms of CPU each with --jobs): {(cl_s - jobs_s) / tasks * 1000:.1f} ms of wall"
          f" and {(cl_cpu - jobs_cpu) / tasks * 1000:.1f} ms of CPU beyond --jobs; an empty task's round trip "
          f"{trip * 1000:.1f} ms (16 in flight)")


if __name__ == "__main__":
    main()
