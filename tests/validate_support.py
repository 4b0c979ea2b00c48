"""What the validate tests share: ``drawdealer validate --format json`` run in process, and a
bundled fixture changed in one place."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from drawdealer.cli.app import app

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def validate_json(path: Path) -> tuple[int, list[dict], str, str]:
    """``(exit code, one JSON object per hand, stdout, stderr)``; never an exception but SystemExit."""
    result = CliRunner().invoke(app, ["validate", "--format", "json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    hands = [json.loads(line) for line in result.stdout.splitlines()]
    return result.exit_code, hands, result.stdout, result.stderr


def mutant(tmp_path: Path, fixture: str, old: str, new: str) -> Path:
    """A copy of ``fixtures/<fixture>`` in ``tmp_path`` with its one ``old`` replaced by ``new``."""
    text = (FIXTURES / fixture).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / Path(fixture).name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path
