"""What the validate tests share: ``drawdealer validate --format json`` run in process, a bundled
fixture changed in one place, and a large generated file with three broken hands."""

from __future__ import annotations

import json
import random
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


def write_big_file(path: Path, hands: int = 240) -> Path:
    """``hands`` generated triple draw hands (PokerStars house rules) written to ``path``, three of
    them broken: hand 18 has a line no reader knows (``PARSE_ERROR``), hand 102 a wrong total pot,
    hand 201 (when there are that many) a big blind of 3 at blinds 1/2."""
    from drawdealer.engine.options import Options
    from drawdealer.engine.simulate import random_session
    from drawdealer.parsers import write_pokerstars
    from drawdealer.parsers.pokerstars import house_rules

    records = random_session("27TD-FL", random.Random(4), hands=hands, players=6,
                             options=Options.from_mapping(house_rules()))
    texts = [write_pokerstars(r) for r in records]
    texts[17] = texts[17].replace("*** SUMMARY ***", "P1: taps the glass\n*** SUMMARY ***", 1)
    texts[101] = texts[101].replace("Total pot ", "Total pot 1", 1)
    if hands > 200:
        texts[200] = texts[200].replace("posts big blind 2", "posts big blind 3", 1)
    path.write_text("\n\n\n".join(texts) + "\n", encoding="utf-8")
    return path
