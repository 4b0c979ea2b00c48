"""``docs/report.schema.json`` describes every line ``drawdealer validate --format json`` prints
(issue 29): each line of the bundled fixtures and of the shared corpus is valid against it, every
line carries ``schema``, and a line of another shape is not valid."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.validate import REPORT_SCHEMA
from shared_data import ABSENT, CORPUS

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def report_lines(*paths: Path) -> list[dict]:
    result = CliRunner().invoke(app, ["validate", "--format", "json", "--jobs", "1", *map(str, paths)])
    assert result.exit_code in (0, 1), result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def invalid(line: dict) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(line)]


def test_the_schema_is_a_json_schema_of_this_version() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$defs"]["schema"]["const"] == REPORT_SCHEMA


def test_every_line_of_the_fixtures_is_valid() -> None:
    """Clean hands, every finding code's fixture (parse errors with their column among them), every
    site and PHH, skipped games, and the files of folders passed over."""
    lines = report_lines(ROOT / "fixtures")
    kinds = {"hand" if "findings" in line else "passed over" for line in lines}
    codes = {f["code"] for line in lines for f in line.get("findings", ())}
    assert kinds == {"hand", "passed over"} and {"PARSE_ERROR", "GAME_UNSUPPORTED", "WINNER_WRONG"} <= codes
    assert [(line, invalid(line)) for line in lines if invalid(line)] == []


def test_every_line_of_the_corpus_is_valid() -> None:
    if not CORPUS.is_dir():
        pytest.skip(ABSENT)
    lines = report_lines(CORPUS)
    assert len(lines) > 100
    assert [(line, invalid(line)) for line in lines if invalid(line)] == []


@pytest.mark.parametrize("change", [
    lambda line: line.pop("schema"),
    lambda line: line.update(schema=2),
    lambda line: line.update(seat=3),
    lambda line: line.update(line="10"),
    lambda line: line["findings"][0].update(column=4),  # a column belongs to a PARSE_ERROR only
    lambda line: line["findings"][0].update(severity="fatal"),
    lambda line: line["findings"][0].pop("caused_by"),
])
def test_a_line_of_another_shape_is_not_valid(change) -> None:
    line = next(line for line in report_lines(ROOT / "fixtures" / "findings" / "WINNER_WRONG.txt") if line["findings"])
    assert invalid(line) == []
    change(line)
    assert invalid(line)
