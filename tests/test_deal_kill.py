"""``kill -9`` at random points of a scripted dealing session, then ``--resume`` (issue 5).

Each of the 50 trials runs the session in a subprocess fed through a pipe, kills it with SIGKILL
either right after writing a random command (after a random sub-millisecond-to-10-ms pause, so the
kill lands before, inside or after that command's journal commit) or after a random delay from
start-up, resumes from the journal with the commands it has not yet accepted (the count is read from
the journal), possibly kills again, and finally finishes the session. Every trial must end with the
same hand files and the same final stacks as the uninterrupted run.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from deal_support import deal, replay_journal, scripted

TD_ARGS = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--seat=C=100", "--button", "A"]
TD_SCRIPT = [
    # hand 1: B1, three draws, a showdown
    "raise 4", "call", "call", "draw 2", "draw 3", "pat", "bet 2", "raise 4", "call", "call",
    "draw 1", "draw 1", "pat", "check", "bet 4", "fold", "call", "pat", "draw 1", "bet 4", "call",
    "show B 8s 6h 4c 3d 2h", "show C 9s 7h 5c 4d 3h", "next",
    # hand 2: an undo, a muck
    "call", "raise 4", "fold", "call", "draw 3", "draw 2", "bet 2", "call", "pat", "undo", "draw 1", "pat",
    "check", "check", "draw 1", "draw 1", "bet 4", "raise 8", "call", "muck C", "next",
    # hand 3: three players draw five three times: the stub runs out in D3 (RULES.md §8.4)
    "call", "call", "check", "draw 5", "draw 5", "draw 5", "check", "check", "check",
    "draw 5", "draw 5", "draw 5", "check", "check", "check", "draw 5", "draw 5", "draw 5",
    "check", "check", "check", "show A 7s 5h 4d 3c 2s", "show B 7h 5c 4s 3d 2h", "show C 8h 6c 4h 3s 2d",
]
ITA_ARGS = ["--game", "ITA", "--invito", "10", "--chip", "1", *[f"--seat=P{i}=300" for i in range(1, 5)],
            "--button", "P4"]
ITA_SCRIPT = [
    "check", "check", "check", "check", "next",                      # unopened: R rises to Q
    "check", "bet 20", "call", "fold", "fold", "draw 2", "draw 3", "bet 10", "call",
    "show P3 Qh Qd Qc 8s 9h", "show P4 Kh Kd Jc Js 7h", "show P3 Qh Qd 7c 8c Ah", "next",
    "buio", "controbuio", "call", "call", "fold", "draw 1", "draw 4", "draw 2", "check", "bet 50", "fold", "call",
    "show P1 As Ad 7d 7s 8d", "show P4 Th Tc Ts 9c 9d",
]
EVENING_ARGS = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--seat=C=100", "--button", "A"]
EVENING_SCRIPT = [
    # hand 1 with a rebuy, an arrival and a departure, then undo of next (issue 16)
    "rebuy B 50", "fold", "seat D 80 after A", "fold", "leave C", "next", "undo", "next",
    # hand 2: A, D, B (D button, B SB, A BB); then A sits out
    "call", "call", "check", "draw 2", "draw 1", "pat", "bet 2", "fold", "fold", "sitout A", "next",
    # hand 3: D and B heads-up; an undo; a rebuy for later
    "fold", "undo", "fold", "rebuy A 20",
]
CASES = {"27TD-FL": (TD_ARGS, TD_SCRIPT, 40), "ITA": (ITA_ARGS, ITA_SCRIPT, 10),
         "evening": (EVENING_ARGS, EVENING_SCRIPT, 16)}


def journaled(journal: Path) -> int:
    """Accepted commands according to the journal: the session file's count, or the current hand
    file's when that is one ahead (a crash between the two writes of a commit)."""
    session = journal / "session.toml"
    if not session.is_file():
        return 0
    info = tomllib.loads(session.read_text())
    count = info["commands"]
    hand = journal / f"hand-{info['hand']:04d}.phh"
    if hand.is_file():
        count = max(count, tomllib.loads(hand.read_text())["_dealer_journal"]["commands"])
    return count


def _attempt(journal: Path, args: list[str], script: list[str], rng: random.Random, *, kill: str | None) -> None:
    """One process: new session or resume; feed the remaining commands; maybe SIGKILL it."""
    start = journaled(journal)
    if (journal / "session.toml").is_file():
        argv = ["deal", "--resume", str(journal), "--json"]
    else:
        argv = ["deal", *args, "--journal", str(journal), "--json"]
    proc = subprocess.Popen([sys.executable, "-m", "drawdealer", *argv], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    timer = None
    if kill == "delay":
        timer = threading.Timer(rng.uniform(0.05, 0.8), proc.send_signal, (signal.SIGKILL,))
        timer.start()
    target = rng.randrange(start, len(script)) if kill == "command" else None
    try:
        for k in range(start, len(script)):
            proc.stdin.write(script[k] + "\n")
            proc.stdin.flush()
            if k == target:
                time.sleep(rng.uniform(0.0, 0.01))
                proc.send_signal(signal.SIGKILL)
                break
            line = proc.stdout.readline()
            if not line:  # killed by the timer
                break
            message = json.loads(line)["message"] or ""
            assert not message.startswith("refused"), (k, script[k], message)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    finally:
        if timer is not None:
            timer.cancel()
        proc.wait(timeout=30)
        proc.stdout.close()
        error = proc.stderr.read()
        proc.stderr.close()
    if proc.returncode != -signal.SIGKILL:
        assert proc.returncode == 0, error


def _trial(base: Path, name: str, seed: int) -> Path:
    args, script, _ = CASES[name]
    rng = random.Random(seed)
    journal = base / f"{name}-{seed}"
    for _ in range(rng.choice((1, 1, 2))):
        if journaled(journal) == len(script):
            break
        _attempt(journal, args, script, rng, kill=rng.choice(("command", "command", "delay")))
    while journaled(journal) < len(script):
        _attempt(journal, args, script, rng, kill=None)
    return journal


@pytest.mark.parametrize("name", sorted(CASES))
def test_sigkill_at_random_points_then_resume_reaches_the_same_end(tmp_path: Path, name: str) -> None:
    args, script, trials = CASES[name]
    whole = scripted(tmp_path / "whole", args, script)
    final = whole[-1]["stacks"]
    assert whole[-1]["street"] == "AWARD"
    _, (ledger,), _ = deal(["--resume", str(tmp_path / "whole")], ["ledger"])
    assert ledger["ledger"]["adds_up"]
    hands = {p.name: p.read_text() for p in sorted((tmp_path / "whole").glob("hand-*.phh"))}
    for result in replay_journal(tmp_path / "whole"):  # the journal itself is clean (RULES.md §11)
        assert [f.code for f in result.findings if f.is_error] == [], result.hand_id
    with ThreadPoolExecutor(max_workers=4) as pool:
        journals = list(pool.map(lambda seed: _trial(tmp_path, name, seed), range(trials)))
    for seed, journal in enumerate(journals):  # in this thread: CliRunner is not thread-safe
        code, out, err = deal(["--resume", str(journal)], ["status", "ledger"])
        assert code == 0, err
        assert out[0]["stacks"] == final, (name, seed)
        assert out[1]["ledger"] == ledger["ledger"], (name, seed)  # rebuys, arrivals, departures: none lost
        files = {p.name: p.read_text() for p in sorted(journal.glob("hand-*.phh"))}
        differ = [(f, next((a, b) for a, b in zip(files.get(f, "").splitlines() + [""],
                                                  hands.get(f, "").splitlines() + [""]) if a != b))
                  for f in sorted(set(files) | set(hands)) if files.get(f) != hands.get(f)]
        assert differ == [], (name, seed, differ)
