"""Issue 15, "Security": reading hand histories never loads a parser from the shared temp folder.

Lark's ``cache=True`` unpickles ``$TMPDIR/.lark_cache_*`` whoever wrote it, so a file planted there
by another user would run code as whoever runs drawdealer. The PokerStars reader ships its grammar's
table (``pokerstars_table.py``) and the PHH grammar is built in memory: nothing is read from or
written to the temp folder."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from drawdealer.parsers import phh, read_hands

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


class _Planted:
    """Unpickling this creates the file ``marker``: proof that a planted pickle ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return open, (str(self.marker), "w")


def _phh_with_an_odd_action(folder: Path) -> Path:
    """A PHH hand one of whose actions only the grammar reads (it is not a plain action string)."""
    text = (FIXTURES / "phh" / "td_fl.phh").read_text(encoding="utf-8").replace('"p1 f",', '"p1 bogus",', 1)
    path = folder / "odd.phh"
    path.write_text(text, encoding="utf-8")
    return path


def _old_cache_names(scratch: Path) -> list[str]:
    """Where Lark's cache of the PHH action grammar is, as the reader built it before (cache=True)."""
    code = ("from lark import Lark; from drawdealer.parsers import phh; "
            "Lark.open('phh_actions.lark', rel_to=phh.__file__, parser='lalr', cache=True)")
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "TMPDIR": str(scratch)})
    return sorted(os.listdir(scratch))


def test_a_pickle_planted_where_lark_caches_is_never_loaded(tmp_path: Path) -> None:
    scratch, temp, marker = tmp_path / "scratch", tmp_path / "temp", tmp_path / "pwned"
    scratch.mkdir()
    temp.mkdir()
    names = _old_cache_names(scratch)
    assert names and all(name.startswith(".lark_cache_") for name in names)
    for name in names:
        (temp / name).write_bytes(b"0\n" + pickle.dumps(_Planted(marker)))
    planted = sorted(os.listdir(temp))
    hands = [_phh_with_an_odd_action(tmp_path), FIXTURES / "pokerstars" / "td_fl_cash.txt"]
    done = subprocess.run([sys.executable, "-m", "drawdealer", "validate", "--format", "json", *map(str, hands)],
                          env={**os.environ, "TMPDIR": str(temp)}, capture_output=True, text=True)
    assert done.returncode == 1, done.stderr  # the bogus action is a finding: the grammar did read it
    assert "bogus" in done.stdout
    assert not marker.exists()
    assert sorted(os.listdir(temp)) == planted  # and nothing was written there


def test_reading_both_formats_neither_reads_nor_writes_the_temp_folder(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pickle was loaded")

    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    hands = tmp_path / "in"
    hands.mkdir()
    phh._grammar.cache_clear()  # built anew here, as in a fresh process
    try:
        results = [*read_hands(_phh_with_an_odd_action(hands)), *read_hands(FIXTURES / "pokerstars" / "td_fl_cash.txt")]
    finally:
        phh._grammar.cache_clear()
    assert any("bogus" in getattr(result, "message", "") for result in results)
    assert os.listdir(tmp_path) == ["in"]
