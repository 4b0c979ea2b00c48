"""A clone without ``../shared`` runs the same tests: each one built from the corpus is reported as
skipped with the reason ``shared_data.ABSENT``, none vanishes from the collection without a word
(``DRAWDEALER_SHARED`` pointed at an empty folder plays such a clone)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from shared_data import ABSENT, ABSENT_ID, ROOT, needs_corpus


def _pytest(*args: str, shared: Path | None = None) -> str:
    env = dict(os.environ)
    if shared is not None:
        env["DRAWDEALER_SHARED"] = str(shared)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 5), done.stdout + done.stderr
    return done.stdout


def _collected(shared: Path | None = None) -> dict[str, set[str]]:
    """Each test function of the suite with the ids of its cases."""
    ids: dict[str, set[str]] = defaultdict(set)
    for line in _pytest("--collect-only", "-q", "tests", shared=shared).splitlines():
        if "::" in line:
            function, _, case = line.partition("[")
            ids[function].add(case.removesuffix("]"))
    return ids


@needs_corpus
def test_every_test_built_from_the_corpus_is_reported_as_skipped_without_it(tmp_path: Path) -> None:
    present = _collected()
    absent = _collected(shared=tmp_path)
    assert set(absent) == set(present), "test functions gone from the collection without the corpus"
    lost = {function: present[function] - absent[function] for function in present}
    silent = {function: sorted(cases)[:3] for function, cases in lost.items()
              if cases and not any(ABSENT_ID in case for case in absent[function])}
    assert silent == {}, "cases dropped without a skipped case in their place"
    assert not [f for f, cases in absent.items() if any(c.startswith("NOTSET") for c in cases)], "empty parameter sets"
    stand_ins = sum(ABSENT_ID in case for cases in absent.values() for case in cases)
    assert stand_ins >= 10 and sum(map(len, lost.values())) > 100

    modules = sorted({f.partition("::")[0] for f, cases in absent.items() if any(ABSENT_ID in c for c in cases)})
    run = _pytest("-rs", "-k", ABSENT_ID, *modules, shared=tmp_path)
    reasons = re.findall(r"^SKIPPED \[(\d+)\] [^:]+:\d+: (.*)$", run, re.M)
    assert {reason for _, reason in reasons} == {ABSENT}, run
    assert sum(int(n) for n, _ in reasons) == stand_ins, run
