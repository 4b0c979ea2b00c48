"""The players' table view (issue 28): how soon a page shows a journal write, twenty viewers at
once, the dealer's prompt meanwhile, and what the server does while nothing is written.

    python bench/bench_view.py [--commands 40] [--viewers 20] [--idle 20]

A dealer session runs in its own process (``drawdealer deal --json``, its commands typed one at a
time) and ``drawdealer view`` serves its journal on the loopback. Rows:

- ``write → page``: for each command, from the journal write (the hand file's modification time,
  the dealer's commit point) to the moment the page in headless Chromium has drawn the new state
  (``Date.now()`` after drawing; both clocks are this machine's). Goal: median ≤ 300 ms.
- ``20 viewers``: as many event streams open beside the page; each command must reach every one
  (the count received), with their latency.
- ``dealer prompt``: the time from typing a command to the dealer's answer, without viewers and
  with the viewers on, and with ``deal --serve`` (the view in the dealer's own process) and the
  viewers on it, each with its ratio to the prompt without a view; the rounds alternate so that
  a change in the machine's load falls on all alike.
- ``idle``: the view server's CPU time (user + system, from /proc) and its wake-ups (context
  switches) over ``--idle`` seconds without a write, the viewers connected.

Needs Linux (/proc), Debian's chromium and chromium-driver, and the ``web`` extra with selenium
(``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web_support import CHROMEDRIVER, CHROMIUM, Dealer, Viewer, follow  # noqa: E402

SEATS = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100000", "--seat=Bob=100000", "--seat=Cy=100000",
         "--button", "Ann"]
HAND = ["call", "call", "check", "draw 2", "draw 1", "pat", "check", "check", "check", "draw 1", "pat", "pat",
        "check", "check", "check", "pat", "pat", "pat", "check", "check", "check",
        "show Bob 7s 5d 4c 3h 2s", "show Cy 8s 6d 4h 3c 2d", "show Ann 9c 7c 6s 4s 3s", "next"]
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def commands(count: int) -> list[str]:
    """``count`` commands: hands of three players played to a showdown, one after the other."""
    return [HAND[k % len(HAND)] for k in range(count)]


def cpu_and_wakeups(pid: int) -> tuple[float, int]:
    """CPU seconds (user + system) of process ``pid`` and all its threads, and its context switches."""
    ticks = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    switches = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                switches += int(line.split()[1])
    return cpu, switches


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={tempfile.mkdtemp()}"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=40)
    parser.add_argument("--viewers", type=int, default=20)
    parser.add_argument("--idle", type=float, default=20.0)
    args = parser.parse_args()
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        raise SystemExit(f"needs {CHROMIUM} and {CHROMEDRIVER} (Debian's chromium and chromium-driver)")
    work = Path(tempfile.mkdtemp())
    journal = work / "bench"
    dealer = Dealer([*SEATS, "--journal", str(journal)])
    viewer = Viewer(journal)
    driver = browser()
    streams = []
    try:
        driver.get(viewer.url)
        time.sleep(1.0)
        streams = [follow(viewer.url) for _ in range(args.viewers)]
        time.sleep(1.0)
        for stream in streams:
            stream.get(timeout=10)  # the state at connection
        latencies, stream_latencies = [], []
        received = [0] * len(streams)
        said = 0
        for command in commands(args.commands):
            line = dealer.send(command)
            said = 0 if command == "next" else said + 1  # each other command is one action of the hand
            key = [line["hand"], said]  # what the page has drawn: the hand and its actions so far
            written = (journal / f"hand-{line['hand']:04d}.phh").stat().st_mtime_ns / 1e6
            deadline = time.monotonic() + 5
            shown = None
            while shown is None and time.monotonic() < deadline:
                shown = driver.execute_script(
                    "const k = arguments[0]; const e = window.tableViewShown.find("
                    "e => e.hand === k[0] && e.said === k[1]); return e ? e.at : null;", key)
                if shown is None:
                    time.sleep(0.005)
            if shown is None:
                raise SystemExit(f"the page did not show {command!r} within 5 s")
            latencies.append(shown - written)
            for k, stream in enumerate(streams):
                state = stream.get(timeout=5)
                while [state["table"]["hand"], len(state["said"])] != key:
                    state = stream.get(timeout=5)
                received[k] += 1
                stream_latencies.append(time.time() * 1000 - written)
            time.sleep(0.05)
        cpu0, wake0 = cpu_and_wakeups(viewer.process.pid)
        time.sleep(args.idle)
        cpu1, wake1 = cpu_and_wakeups(viewer.process.pid)
    finally:
        driver.quit()
        dealer.finish()
        viewer.stop()
    prompts = prompt_rounds(work, args.viewers)

    def row(name: str, values: list[float], unit: str = "ms", reference: list[float] | None = None) -> None:
        values = sorted(values)
        ratio = f"   {statistics.median(values) / statistics.median(reference):.2f} × no view" if reference else ""
        print(f"{name:<44} median {statistics.median(values):7.1f} {unit}   p90 "
              f"{values[int(len(values) * 0.9) - 1]:7.1f} {unit}   max {values[-1]:7.1f} {unit}   n={len(values)}{ratio}")

    print(f"bench_view: {args.commands} commands of a 3-player 27TD-FL session, {args.viewers} event streams "
          "beside one Chromium page, loopback")
    row("write -> page drawn (Chromium)", latencies)
    row(f"write -> each of {args.viewers} streams", stream_latencies)
    print(f"{'states received by each stream':<44} {min(received)}..{max(received)} of {args.commands}")
    alone = [1000 * p for p in prompts["alone"]]
    row("dealer prompt, no view", alone)
    row(f"dealer prompt, view process + {args.viewers} viewers", [1000 * p for p in prompts["view"]], reference=alone)
    row(f"dealer prompt, deal --serve + {args.viewers} viewers", [1000 * p for p in prompts["serve"]], reference=alone)
    print(f"{'idle view server, ' + str(args.viewers) + ' viewers connected':<44} CPU {cpu1 - cpu0:.3f} s in "
          f"{args.idle:.0f} s ({100 * (cpu1 - cpu0) / args.idle:.3f} %), {wake1 - wake0} wake-ups "
          f"({(wake1 - wake0) / args.idle:.1f}/s)")
    verdict = "meets" if statistics.median(latencies) <= 300 else "MISSES"
    print(f"goal: write -> page median <= 300 ms: {verdict}")


def prompt_rounds(work: Path, viewers: int, rounds: int = 3, per_round: int = 25) -> dict[str, list[float]]:
    """The dealer's answer time, per command, in three set-ups run in turn ``rounds`` times."""
    seen: dict[str, list[float]] = {"alone": [], "view": [], "serve": []}
    for r in range(rounds):
        for kind in seen:
            journal = work / f"prompt-{kind}-{r}"
            extra = ["--serve", "127.0.0.1:0"] if kind == "serve" else []
            dealer = Dealer([*SEATS, "--journal", str(journal), *extra])
            viewer = Viewer(journal) if kind == "view" else None
            url = viewer.url if viewer else (dealer.where.split("table view: ")[1].strip() if extra else None)
            streams = [follow(url) for _ in range(viewers)] if url else []
            time.sleep(1.0 if streams else 0.1)
            try:
                for command in commands(per_round):
                    typed = time.time()
                    dealer.send(command)
                    seen[kind].append(time.time() - typed)
                    time.sleep(0.05)
            finally:
                dealer.finish()
                if viewer:
                    viewer.stop()
    return seen


if __name__ == "__main__":
    main()
