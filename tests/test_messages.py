"""Messages a player reads (issue 26): who did what, in words, once.

- No gendered pronoun in any message template of ``drawdealer/`` (engine, parsers, cli): every
  string of the code that is not a docstring ("got their 4th card", "the openers", a name).
- Pots are called "main pot" and "side pot 1", never "pot 0" (RULES.md §9.4).
- The human report's ``(expected …, actual …)`` says only what the message does not: no "(actual
  check)", "(actual Player3)", "(expected must be within 2..∞, actual 1)".
- A count agrees with its noun ("1 card", "2 cards").
- ``SHOW_ORDER`` says who showed and who should have, and why (RULES.md §9.1).

The messages are rendered from every finding of the bundled fixtures and the corpus, and of random
hands of every game corrupted in up to three places.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.cli.validate_core import _expected_actual
from drawdealer.engine.findings import Finding, all_codes
from drawdealer.engine.frozen import replace
from drawdealer.engine.replay import replay
from drawdealer.validate import validate
from test_engine_one_path import SETTINGS, hands, make
from validate_support import FIXTURES
from shared_data import CORPUS

ROOT = Path(__file__).resolve().parents[1]
GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.I)
POT_NUMBER = re.compile(r"(?<!side )\bpot [0-9]")
ONE_PLURAL = re.compile(r"(?<![0-9.,])\b1 (cards|players|hands|bets|raises|chips|files|discards|entries|names|seats)\b")
TAIL = re.compile(r" \((expected .*|actual .*)\)$")
WORDS = re.compile(r"\w+(?:[.,]\w+)*")


def template_strings(path: Path) -> list[tuple[int, str]]:
    """Every string of the module that is not a docstring: its literals and the text of its f-strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()  # docstrings (a module's, class's, function's or attribute's) and the parts of f-strings
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            skip.add(id(node.value))
        elif isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
    return out


def test_no_message_template_has_a_gendered_pronoun() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}" for path in sorted((ROOT / "drawdealer").rglob("*.py"))
             for line, text in template_strings(path) if GENDERED.search(text)]
    assert found == []


def test_the_scan_sees_f_strings_and_skips_docstrings(tmp_path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""He docs."""\ndef f(x):\n    """His docstring."""\n    return f"{x} folds his hand"\n')
    assert [text for _, text in template_strings(module)] == ["{} folds his hand"]


def test_the_code_registry_reads_without_pronouns() -> None:
    """``drawdealer rules`` prints each code's title and example."""
    assert [c.code for c in all_codes() if GENDERED.search(c.title) or GENDERED.search(c.example)] == []


def faults(line: str) -> list[str]:
    """What is wrong with one rendered finding (its message and the report's tail), if anything."""
    out = []
    if GENDERED.search(line):
        out.append("gendered pronoun")
    if POT_NUMBER.search(line):
        out.append("a pot by its number")
    if ONE_PLURAL.search(line):
        out.append("1 with a plural")
    tail = TAIL.search(line)
    if tail:
        said = set(WORDS.findall(line[:tail.start()]))
        for part in tail.group(1).split(", actual "):
            value = part.removeprefix("expected ").removeprefix("actual ")
            if set(WORDS.findall(value)) <= said:
                out.append(f"the tail restates {value!r}")
    return out


def rendered(finding: Finding) -> str:
    """The finding as the human report prints it (message and tail; PARSE_ERROR's tail is its column)."""
    return finding.message + ("" if finding.code == "PARSE_ERROR" else _expected_actual(finding))


@lru_cache(maxsize=1)
def every_finding_read() -> tuple[Finding, ...]:
    """The findings of the bundled fixtures and, where present, the corpus."""
    paths = [p for p in sorted(FIXTURES.rglob("*")) if p.suffix in (".txt", ".phh", ".phhs", ".xml")]
    if CORPUS.is_dir():
        paths += sorted(p for p in CORPUS.rglob("*") if p.suffix in (".txt", ".phh", ".xml"))
    out = []
    for path in paths:
        for report in validate([path]):
            out += getattr(report, "findings", ())
    return tuple(out)


def test_the_findings_of_every_fixture_and_log_read_right() -> None:
    found = every_finding_read()
    assert len({f.code for f in found}) > 60  # nearly every code is rendered
    bad = sorted({(f.code, rendered(f), ", ".join(faults(rendered(f)))) for f in found if faults(rendered(f))})
    assert bad == []


@SETTINGS
@given(hands)
def test_the_findings_of_corrupted_random_hands_read_right(h) -> None:
    record, options, actions = make(h)
    for f in replay(replace(record, actions=tuple(actions)), options=options).findings:
        assert faults(rendered(f)) == [], (f.code, rendered(f))


def test_the_fault_checks_see_the_faults_of_issue_26() -> None:
    assert faults("check by Ann after B1 was complete (actual check)") == ["the tail restates 'check'"]
    assert faults("Player3 is all-in and cannot act (actual Player3)") == ["the tail restates 'Player3'"]
    assert faults("option FL_MAX_BETS_PER_ROUND=1: must be within 2..∞ (expected must be within 2..∞, actual 1)") \
        == ["the tail restates 'must be within 2..∞'", "the tail restates '1'"]
    assert faults("Anna did not show his openers") == ["gendered pronoun"]
    assert faults("pot 0 goes to Ann, the log says Bob") == ["a pot by its number"]
    assert faults("the reshuffle yields 1 cards, Player2 still needs 4") == ["1 with a plural"]
    assert faults("side pot 1 goes to Ann; the reshuffle yields 1 card, $2.1 cards") == []


def test_the_tail_shows_what_the_message_does_not_say() -> None:
    """Only the values the message leaves out, amounts as money; a zero amount is the check or the
    'nothing' the message names."""
    short = Finding(code="CALL_AMOUNT_MISMATCH", message="Ann calls short", expected=100, actual=50, currency="$")
    assert _expected_actual(short) == " (expected $1.00, actual $0.50)"
    said = replace(short, message="Ann calls $0.50, the call is $1.00")
    assert _expected_actual(said) == ""
    half = replace(short, message="Ann calls $0.50")
    assert _expected_actual(half) == " (expected $1.00)"
    check = Finding(code="CHECK_FACING_BET", message="Ann checks facing $1.00 to call", expected=100, actual=0,
                    currency="$")
    assert _expected_actual(check) == ""
    split = Finding(code="IT_SPLIT_POT", message="the main pot is split between Anna, Carla", actual=0)
    assert _expected_actual(split) == ""


def human(path: Path) -> list[str]:
    """The finding lines of ``drawdealer validate PATH``, each on one line."""
    out = CliRunner().invoke(app, ["validate", str(path)], env={"COLUMNS": "400"}).stdout
    return [line.strip().removeprefix("↳ ") for line in out.splitlines() if line.strip().startswith(("line ", "↳ "))]


@pytest.mark.parametrize(("fixture", "code", "message"), [
    ("SHOW_ORDER.txt", "SHOW_ORDER", "Hero showed first; Player1 should have, as the last aggressor"),
    ("ACTION_AFTER_ROUND_CLOSED.txt", "ACTION_AFTER_ROUND_CLOSED", "check by Player1 after B1 was complete"),
    ("CONFIG_INVALID.phh", "CONFIG_INVALID", "option FL_MAX_BETS_PER_ROUND=1: must be within 2..∞"),
    ("POT_ELIGIBILITY_WRONG.txt", "POT_ELIGIBILITY_WRONG",
     "Player2 collects from side pot 1 but is not eligible for it (eligible: Player1, Player3)"),
    ("DECK_EXHAUSTED.phh", "DECK_EXHAUSTED", "the reshuffle yields 1 card, Player2 still needs 4"),
    ("DISCARD_NOT_IN_HAND.txt", "DISCARD_NOT_IN_HAND", "Hero discards Qh but does not hold it"),
])
def test_the_human_report_prints(fixture: str, code: str, message: str) -> None:
    lines = [line for line in human(FIXTURES / "findings" / fixture) if f"  {code}  " in line]
    assert lines and lines[0].endswith(f"  {code}  {message}")
