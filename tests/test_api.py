"""The public API (``drawdealer.__all__``, docs/API.md; issue 29): each function gives what the
command line prints (``to_dict()`` is the JSON it prints), ``import drawdealer`` loads nothing else,
and docs/API.md's examples run."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import drawdealer
from drawdealer.cli.app import app
from drawdealer.parsers import FormatError

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
HISTORIES = sorted(p for p in FIXTURES.rglob("*") if p.is_file() and not p.name.startswith("."))


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def json_lines(*args: str) -> list[dict]:
    code, out, err = cli("validate", "--format", "json", "--jobs", "1", *args)
    assert code in (0, 1), err
    return [json.loads(line) for line in out.splitlines()]


def test_docs_api_examples_run() -> None:
    """docs/API.md, run from the repository's root as its examples say."""
    import os

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        failed, attempted = doctest.testfile(str(ROOT / "docs" / "API.md"), module_relative=False,
                                             optionflags=doctest.ELLIPSIS)
    finally:
        os.chdir(here)
    assert attempted > 25 and failed == 0


def test_import_drawdealer_loads_nothing_else_until_a_name_is_used() -> None:
    code = ("import sys, drawdealer\n"
            "before = sorted(m for m in sys.modules if m.startswith('drawdealer') or m.split('.')[0] in "
            "('typer', 'rich', 'lark', 'dask', 'distributed', 'json'))\n"
            "drawdealer.validate_text\n"
            "after = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'dask', 'distributed'))\n"
            "print(before, after)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout == "['drawdealer'] []\n"


def test_every_public_name_resolves_and_nothing_else_does() -> None:
    for name in drawdealer.__all__:
        assert getattr(drawdealer, name) is not None
        assert name in dir(drawdealer)
    assert drawdealer.validate_text.__module__ == "drawdealer.api"
    with pytest.raises(AttributeError, match="no attribute 'validate'"):
        drawdealer.__getattr__("validate")  # the module drawdealer.validate is not a public name
    with pytest.raises(AttributeError):
        drawdealer.no_such_thing  # noqa: B018


@pytest.mark.parametrize("path", HISTORIES, ids=[str(p.relative_to(FIXTURES)) for p in HISTORIES])
def test_validate_bytes_gives_the_json_lines_of_the_command_line(path: Path) -> None:
    """Every fixture file, each site's and PHH, the encodings and the broken ones: the reports of its
    bytes are the lines ``drawdealer validate --format json FILE`` prints; a file it cannot read is
    a FormatError with the command line's reason."""
    code, out, err = cli("validate", "--format", "json", "--jobs", "1", str(path))
    if code == 2:
        with pytest.raises(FormatError) as caught:
            drawdealer.validate_bytes(path.read_bytes(), name=str(path))
        assert err == f"drawdealer: error: {caught.value}\n"
        return
    reports = drawdealer.validate_bytes(path.read_bytes(), name=str(path))
    assert [r.to_dict() for r in reports] == [json.loads(line) for line in out.splitlines()]
    assert all(isinstance(r, drawdealer.HandReport) for r in reports)


def test_validate_text_is_validate_bytes_of_its_utf8() -> None:
    for path in (FIXTURES / "clean" / "ita_session.phhs", FIXTURES / "pokerstars" / "encodings" / "cp1252_euro.txt",
                 FIXTURES / "findings" / "WINNER_WRONG.txt"):
        data = path.read_bytes()
        text = data.decode("utf-8", errors="replace") if path.suffix != ".phhs" else data.decode("utf-8")
        assert drawdealer.validate_text(text, name="t") == drawdealer.validate_bytes(text.encode(), name="t")
    reports = drawdealer.validate_text((FIXTURES / "findings" / "WINNER_WRONG.txt").read_text(encoding="utf-8"))
    assert reports[0].file == "<text>" and any(f.code == "WINNER_WRONG" for f in reports[0].findings)


def test_validate_paths_gives_the_command_line_s_reports_in_order(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not poker\n", encoding="utf-8")
    paths = [str(FIXTURES / "clean"), str(FIXTURES / "findings"), str(tmp_path)]
    dicts = [item.to_dict() for item in drawdealer.validate_paths(paths)]
    assert dicts == json_lines(*paths)
    assert dicts[-1]["skipped"] and [r.to_dict() for r in drawdealer.validate_paths(paths, jobs=2)] == dicts
    assert [r.game for r in drawdealer.validate_paths([str(FIXTURES / "clean" / "27td_pl.txt")], game="27td-nl")] == [
        "27TD-NL"] * 3
    missing = list(drawdealer.validate_paths([str(tmp_path / "gone.txt")]))
    assert [type(m).__name__ for m in missing] == ["FileProblem"] and "No such file" in missing[0].message


def test_read_hands_and_replay_give_the_reports_of_a_file_s_hands() -> None:
    """Outside Italian sessions (whose deals the validator chains), a hand replayed alone is reported
    as the validator reports it."""
    path = FIXTURES / "pokerstars" / "mixed_session.txt"
    by_line = {line["line"]: line for line in json_lines(str(path))}
    records = [r for r in drawdealer.read_hands(path) if isinstance(r, drawdealer.HandRecord)]
    assert len(records) == 3
    for record in records:
        assert drawdealer.replay(record).to_dict() == by_line[record.line]
    from_bytes = [r for r in drawdealer.read_hands(path.read_bytes(), name=str(path))
                  if isinstance(r, drawdealer.HandRecord)]
    assert from_bytes == records
    broken = FIXTURES / "findings" / "RAISE_ABOVE_POT_LIMIT.txt"
    [record] = drawdealer.read_hands(broken)
    assert drawdealer.replay(record).to_dict() == json_lines(str(broken))[0]
    assert drawdealer.replay(record, game="27TD-NL").game == "27TD-NL"


@pytest.mark.parametrize("args", [
    ["--game", "27", "Ann=7s5d4c3h2s", "Bob=7h6d4s3c2d"],
    ["--game", "high", "AsAd9c5h3s", "KsKd9d5d3d", "Qh Qc 2d 2h 7c"],
    ["--game", "italian", "--players", "6", "X=Jh Jd 8c 7s 6d", "Y=Td Tc 9s 9h Ad"],
    ["--game", "badeucey", "Ann=As 2d 3c 4h 8s", "Bob=7d 5c 4s 3h 2c"],
    ["--game", "badugi", "A=As2d3c4h", "B=As2d3c4h"],
    ["--game", "27", "A=7s5d4c3h2s", "B=7s6d4s3c2d"],
    ["--game", "omaha", "A=7s5d4c3h2s", "B=7h6d4s3c2d"],
    ["--game", "27", "--players", "4", "A=7s5d4c3h2s", "B=7h6d4s3c2d"],
    ["--game", "ita", "--players", "11", "A=7s5d4c3h2s", "B=7h6d4s3c2d"],
])
def test_showdown_gives_the_command_line_s_json_or_its_error(args: list[str]) -> None:
    game = args[1]
    players = int(args[3]) if args[2] == "--players" else None
    hands = args[4:] if players is not None else args[2:]
    code, out, err = cli("showdown", "--json", *args)
    if code == 2:
        with pytest.raises(ValueError) as caught:
            drawdealer.showdown(game, hands, players=players)
        assert err == f"drawdealer: error: {'--' if caught.value.option else ''}{caught.value}\n"
        return
    verdict = drawdealer.showdown(game, hands, players=players)
    assert isinstance(verdict, drawdealer.Verdict) and verdict.to_dict() == json.loads(out)
    named = dict(hand.split("=", 1) for hand in hands if "=" in hand)
    if len(named) == len(hands):
        assert drawdealer.showdown(game, named, players=players) == verdict


@pytest.mark.parametrize("pot, bets, actor, extra", [
    ("3", "UTG=0,BB=2,SB=1", "UTG", {}),
    ("0", "SB=1,BB=2,UTG=0", "UTG", {"big_blind": 2}),
    ("46", "SB=30,BB=2", "BB", {"stack": 60}),
    ("40", "A=10,B=30,C=0", "C", {"last_raise": 20}),
])
def test_pot_limit_gives_the_command_line_s_json(pot: str, bets: str, actor: str, extra: dict) -> None:
    flags = [f"--{key.replace('_', '-')}={value}" for key, value in extra.items()]
    code, out, err = cli("potlimit", "--json", "--pot", pot, "--bets", bets, "--actor", actor, *flags)
    assert code == 0, err
    table = {name: int(amount) for name, amount in (item.split("=") for item in bets.split(","))}
    quote = drawdealer.pot_limit(pot=int(pot), bets=table, actor=actor, **extra)
    assert quote.to_dict() == json.loads(out)
