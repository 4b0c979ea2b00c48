"""`drawdealer rules` / `drawdealer codes`, the finding-code registry against RULES.md §11, and
docs/RULES.md itself: shipped with the package, every cited section present."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.cli.rulebook import CITATION
from drawdealer.engine.findings import CODES, Severity, all_codes
from shared_data import SHARED

ROOT = Path(__file__).resolve().parents[1]
EXTRA_CODES = {"PARSE_ERROR", "HISTORY_ABORTED", "INTERNAL_ERROR", "GAME_UNSUPPORTED", "RUNS_CONTRADICT"}
"""Codes RULES.md §11's tables do not list: those every reader needs (§11.1's error record: a hand that cannot
be parsed, a replay that cannot go on, a hand drawdealer failed on; §0.1: another game) and the site
conventions' (§18.5)."""

# Every code of the RULES.md §11.2-§11.6 tables, copied by hand; True marks a warning "(W)".
RULES_11_CODES: dict[str, bool] = {
    # §11.2 setup and cards
    "CONFIG_INVALID": False, "PLAYER_COUNT_INVALID": False, "IT_DECK_TIGHT": True, "CARD_MALFORMED": False,
    "CARD_NOT_IN_DECK": False, "CARD_DUPLICATE": False, "HAND_SIZE_INVALID": False,
    "BUTTON_POSITION_INVALID": False, "BLIND_POSTER_WRONG": False, "BLIND_AMOUNT_WRONG": False,
    "FORCED_BET_WRONG": False,
    # §11.3 betting
    "ACTION_OUT_OF_TURN": False, "ACTION_BY_INACTIVE_PLAYER": False, "ACTION_NO_BETTING_POSSIBLE": False,
    "ROUND_NOT_CLOSED": False, "ACTION_AFTER_ROUND_CLOSED": False, "CHECK_FACING_BET": False,
    "CALL_NOTHING_TO_CALL": False, "CALL_AMOUNT_MISMATCH": False, "BET_WHEN_FACING_BET": False,
    "RAISE_WITHOUT_BET": False, "BET_SIZE_FIXED_LIMIT": False, "RAISE_SIZE_FIXED_LIMIT": False,
    "RAISE_CAP_EXCEEDED": False, "BET_BELOW_MINIMUM": False, "RAISE_BELOW_MINIMUM": False,
    "BET_ABOVE_POT_LIMIT": False, "RAISE_ABOVE_POT_LIMIT": False, "BET_EXCEEDS_STACK": False,
    "ALLIN_AMOUNT_MISMATCH": False, "RAISE_NOT_REOPENED": False, "MIN_OPEN_VIOLATION": False,
    # §11.4 draws
    "DRAW_OUT_OF_ORDER": False, "DRAW_BY_INACTIVE_PLAYER": False, "DRAW_COUNT_EXCEEDED": False,
    "DRAW_COUNT_MISMATCH": False, "DISCARD_NOT_IN_HAND": False, "DRAW_CARD_UNAVAILABLE": False,
    "DECK_EXHAUSTED": False, "DECK_REUSED_OWN_DISCARDS": True, "IT_FOURTH_CARD_EARLY": False,
    # §11.5 showdown and award
    "SHOWDOWN_HAND_MISMATCH": False, "SHOW_ORDER": True, "HAND_CLAIM_WRONG": True, "UNCALLED_BET_WRONG": False,
    "POT_AMOUNT_WRONG": False, "POT_ELIGIBILITY_WRONG": False, "WINNER_WRONG": False, "SPLIT_WRONG": False,
    "COLLECTED_AMOUNT_WRONG": False, "RAKE_MISMATCH": False, "RAKE_EXCEEDS_CAP": False, "STACK_ARITHMETIC": False,
    # §11.6 Italian-only
    "IT_OPEN_WITHOUT_OPENERS": False, "IT_REQUIREMENT_WRONG": False, "IT_OPEN_BET_OUT_OF_RANGE": False,
    "IT_BLIND_NOT_ALLOWED": False, "IT_BLIND_AMOUNT_WRONG": False, "IT_RAISE_AFTER_BLIND": False,
    "IT_DRAW_ORDER": False, "IT_POSTDRAW_FIRST_ACTOR": False, "IT_OPENER_DID_NOT_SHOW": False,
    "IT_SPLIT_POT": False, "IT_POT_AWARDED_AFTER_PAROLA": False, "IT_FALSE_OPENER_COLLECTED": False,
    "IT_FALSE_OPENER_PENALTY_MISSING": False, "IT_CARRIED_POT_WRONG": False,
}

runner = CliRunner()


def _severity(warning: bool) -> Severity:
    return Severity.WARNING if warning else Severity.ERROR


def _rules_text() -> str:
    return (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")


# --- the registry ---------------------------------------------------------------------------------

def test_registry_covers_the_hard_list_of_section_11() -> None:
    assert len(RULES_11_CODES) == 67
    assert set(CODES) - set(RULES_11_CODES) == EXTRA_CODES
    for code, warning in RULES_11_CODES.items():
        assert CODES[code].severity is _severity(warning), code


def test_registry_matches_the_section_11_tables_of_rules_md() -> None:
    text = _rules_text()
    section = text[text.index("\n## 11."):text.index("\n## 12.")]
    table_rows = [line for line in section.splitlines() if line.startswith("| `")]
    rows = [re.match(r"\| `([A-Z0-9_]+)`( \(W\))? \|", line) for line in table_rows]
    assert all(rows), [line for line, m in zip(table_rows, rows, strict=True) if m is None]
    spec = {m.group(1): bool(m.group(2)) for m in rows if m}
    assert len(spec) == len(table_rows)  # no code listed twice
    assert spec == RULES_11_CODES
    assert set(CODES) - set(spec) == EXTRA_CODES
    assert {code: CODES[code].severity for code in spec} == {c: _severity(w) for c, w in spec.items()}


def test_every_code_cites_an_existing_section_and_has_a_title_and_example() -> None:
    text = _rules_text()
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))
    for info in all_codes():
        assert info.section in headings, (info.code, info.section)
        assert info.title and info.example, info.code


# --- the command ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["rules", "codes"])
def test_table_lists_every_code(name: str) -> None:
    result = runner.invoke(app, [name], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    listed = set(re.findall(r"^\s+([A-Z][A-Z0-9_]+)\s+(?:error|warning)\s+§", result.stdout, re.M))
    assert listed == set(CODES)
    assert f"{len(CODES)} finding codes" in result.stdout
    assert "§9.6" in result.stdout and "e.g. the odd chip goes to the player right of the button" in result.stdout


def test_json_lists_every_code_with_its_metadata() -> None:
    result = runner.invoke(app, ["rules", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert [item["code"] for item in payload] == [info.code for info in all_codes()]
    for item in payload:
        info = CODES[item["code"]]
        assert item == {"code": info.code, "severity": info.severity.value, "section": info.section,
                        "title": info.title, "example": info.example}


def test_one_code_case_insensitive() -> None:
    result = runner.invoke(app, ["codes", "split_wrong", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "code": "SPLIT_WRONG", "severity": "error", "section": "9.6",
        "title": CODES["SPLIT_WRONG"].title, "example": CODES["SPLIT_WRONG"].example,
        "rule": {"section": "9.6", "title": "Split pots and odd chips (2-7 only)",
                 "text": _rules_text()[_rules_text().index("### 9.6"):_rules_text().index("\n\n---\n\n## 10.")]},
    }
    result = runner.invoke(app, ["rules", "SHOW_ORDER"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "SHOW_ORDER" in result.stdout and "warning" in result.stdout and "§9.1" in result.stdout
    assert "POT_AMOUNT_WRONG" not in result.stdout


def test_unknown_code_is_one_line_on_stderr_and_exit_2() -> None:
    result = runner.invoke(app, ["rules", "NO_SUCH_CODE"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("drawdealer: error: unknown finding code or section 'NO_SUCH_CODE'")


# --- docs/RULES.md: the one spec the code cites ------------------------------------------------------

def _headings(text: str) -> list[str]:
    return re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M)


def test_packaged_copy_is_identical_to_docs_rules_md() -> None:
    """`drawdealer rules` reads drawdealer/docs/RULES.md (package data): after editing docs/RULES.md,
    copy it there."""
    shipped = ROOT / "drawdealer" / "docs" / "RULES.md"
    assert shipped.read_bytes() == (ROOT / "docs" / "RULES.md").read_bytes()
    assert "docs/RULES.md" in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["drawdealer"]


def test_every_section_cited_under_drawdealer_and_in_the_registry_exists() -> None:
    have = set(_headings(_rules_text()))
    cited: dict[str, set[str]] = {}
    for path in (ROOT / "drawdealer").rglob("*"):
        if path.suffix in {".py", ".lark", ".toml"}:
            for number in CITATION.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(number, set()).add(str(path.relative_to(ROOT)))
    for info in all_codes():
        cited.setdefault(info.section, set()).add(f"registry: {info.code}")
    assert len(cited) > 50
    assert {n: where for n, where in cited.items() if n not in have} == {}


def test_section_numbers_are_those_of_the_shared_spec() -> None:
    """Same numbering as ../shared/RULES.md, §0-§18 (skips where the shared folder is absent)."""
    path = SHARED / "RULES.md"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    assert _headings(_rules_text()) == _headings(path.read_text(encoding="utf-8"))
    assert {str(n) for n in range(18)} <= set(_headings(_rules_text()))


@pytest.mark.parametrize("asked", ["7.3", "§7.3", "§ 7.3."])
def test_rules_prints_one_section(asked: str) -> None:
    result = runner.invoke(app, ["rules", asked], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert result.stdout.lstrip().startswith("7.3 Pot limit")
    assert "max_to = H + P + (H − c[i])" in result.stdout
    assert "7.4" not in result.stdout and "7.2 Fixed limit" not in result.stdout


def test_rules_of_a_chapter_holds_its_sub_sections_and_json_gives_the_text() -> None:
    result = runner.invoke(app, ["rules", "9"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "9.1 Order of showing" in result.stdout and "9.6 Split pots" in result.stdout
    assert "10.1" not in result.stdout
    payload = json.loads(runner.invoke(app, ["rules", "17", "--json"]).stdout)
    assert payload["section"] == "17" and payload["title"] == "Split-pot draw games"
    assert "Badeucey" in payload["text"] and "SPLIT_ODD_CHIP_TO" in payload["text"]


def test_rules_code_explains_with_section_text_and_example() -> None:
    result = runner.invoke(app, ["rules", "raise_above_pot_limit"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    info = CODES["RAISE_ABOVE_POT_LIMIT"]
    out = result.stdout
    assert out.startswith("RAISE_ABOVE_POT_LIMIT (error) §7.3 Pot limit")
    assert info.title in out and f"e.g. {info.example}" in out
    assert "max_to = H + P + (H − c[i])" in out  # the section's own text follows
    payload = json.loads(runner.invoke(app, ["rules", "SHOW_ORDER", "--json"]).stdout)
    assert payload["severity"] == "warning" and payload["rule"]["section"] == "9.1"
    assert "last aggressor" in payload["rule"]["text"]


def test_unknown_section_is_one_line_and_exit_2() -> None:
    result = runner.invoke(app, ["rules", "§19.2"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "drawdealer: error: docs/RULES.md has no section §19.2 (`drawdealer rules 11` lists the finding codes' sections)\n")


@pytest.mark.parametrize("width", [40, 60, 99, 100, 160])
def test_code_list_fits_the_terminal_width(width: int) -> None:
    result = runner.invoke(app, ["rules"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    assert all(code in result.stdout for code in CODES)
    assert "IT_FALSE_OPENER_PENALTY_MISSING" in result.stdout  # the longest code is never cut
