"""Helpers for the ``drawdealer deal`` tests: run a scripted session, read its JSON lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from drawdealer.cli.app import app

RUNNER = CliRunner()


def deal(args: list[str], commands: list[str]) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``drawdealer deal ARGS --json`` with one command per line on standard input.

    Returns the exit code, the JSON object printed after each command, and standard error.
    """
    result = RUNNER.invoke(app, ["deal", *args, "--json"], input="".join(c + "\n" for c in commands))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, lines, result.stderr


STATE = ("hand", "street", "to_act", "pot", "legal", "stacks", "stub", "requirement")
"""What a ``--json`` line says of the table (not the message, notes and awards of the moment)."""


def same_state(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two ``--json`` lines show the same table (:data:`STATE`)."""
    return all(a[k] == b[k] for k in STATE)


def scripted(journal: Path, args: list[str], commands: list[str]) -> list[dict[str, Any]]:
    """A new session in ``journal``: every command must be accepted; returns the JSON lines."""
    code, out, err = deal([*args, "--journal", str(journal)], commands)
    assert code == 0, err
    assert len(out) == len(commands), (len(out), len(commands), err)
    for command, line in zip(commands, out):
        assert not (line["message"] or "").startswith("refused"), (command, line["message"])
    return out


def validate_journal(journal: Path) -> dict[str, list[dict[str, Any]]]:
    """``drawdealer validate --format json`` over every hand file of a journal: findings per file."""
    files = sorted(str(p) for p in journal.glob("hand-*.phh"))
    result = RUNNER.invoke(app, ["validate", "--format", "json", *files])
    assert result.exit_code in (0, 1), result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert [line["file"] for line in lines] == files
    return {Path(line["file"]).name: line["findings"] for line in lines}


def replay_journal(journal: Path) -> list[Any]:
    """Replay every hand file of a journal through the engine, chained as one table
    (``engine.replay.replay_session``: button moves, Italian carry); returns the results."""
    from drawdealer.engine.replay import replay_session
    from drawdealer.parsers.phh import parse_hand
    from drawdealer.parsers.results import ParseFailure, Skipped

    records = []
    for path in sorted(journal.glob("hand-*.phh")):
        parsed = parse_hand(path.read_text(encoding="utf-8").splitlines(), 1, str(path))
        assert not isinstance(parsed, (ParseFailure, Skipped)), parsed
        records.append(parsed)
    return replay_session(records)
