"""The LALR table of ``pokerstars.lark`` shipped beside it (``parsers/lalr_table.py``): it is the one
Lark builds from the grammar, and the reader takes it without importing Lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from drawdealer.parsers import lalr_table, pokerstars

CLEAN = Path(__file__).resolve().parents[1] / "fixtures" / "clean" / "27td_pl.txt"


def test_the_shipped_table_is_the_one_lark_builds_from_the_grammar() -> None:
    shipped = lalr_table.shipped()
    assert shipped is not None, ("pokerstars.lark changed since its table was written: "
                                 "run python -m drawdealer.parsers.lalr_table")
    assert shipped == lalr_table.built(pokerstars._lark().parser.parser.parser.parse_table)


@pytest.mark.parametrize("seed", ["1", "2"])
def test_the_canonical_numbering_does_not_depend_on_lark_s_run(seed: str) -> None:
    """Lark numbers its LALR states differently with another string hash seed; the canonical table does not."""
    code = ("from drawdealer.parsers import lalr_table, pokerstars; "
            "print(lalr_table.built(pokerstars._lark().parser.parser.parser.parse_table) == lalr_table.shipped())")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                            env={"PYTHONHASHSEED": seed, "PATH": ""})
    assert result.stdout.strip() == "True", result.stderr


def test_an_edited_grammar_is_not_answered_by_the_old_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    grammar = tmp_path / "pokerstars.lark"
    grammar.write_text(lalr_table.GRAMMAR.read_text() + "\n// edited\n")
    monkeypatch.setattr(lalr_table, "GRAMMAR", grammar)
    assert lalr_table.shipped() is None


def test_a_clean_file_is_validated_without_importing_lark() -> None:
    code = ("import sys; from drawdealer.validate import validate; "
            f"reports = list(validate([{str(CLEAN)!r}])); "
            "print(len(reports), all(r.clean for r in reports), any(m.startswith('lark') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.split() == ["3", "True", "False"], result.stderr


def test_a_section_out_of_place_is_still_worded_by_lark() -> None:
    """The table only accepts; a shape it does not accept goes to Lark, which says what was expected."""
    lines = [line for line in CLEAN.read_text().split("\n\n\n")[0].splitlines() if line != "*** DEALING HANDS ***"]
    pokerstars._shape_memo.clear()
    failure = pokerstars.parse_hand(lines, 1, "no-deal.txt")
    assert "is out of place here; expected '*** DEALING HANDS ***'" in failure.message
