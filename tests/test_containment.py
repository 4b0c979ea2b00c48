"""A hand drawdealer fails on does not end the run (issue 25, RULES.md §11.1 ``INTERNAL_ERROR``).

An exception nobody expected while reading or replaying one hand (a reader bug not met yet) is that
hand's ``INTERNAL_ERROR`` finding (an error: the file, the hand's first line, the exception on one
line, "please report this hand"); every other hand is read and reported as without the bug, in one
process and in worker processes (``--jobs 2``: the workers are forked, so a reader patched here
fails there too), and the run exits 2 once every hand is reported.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.findings import CODES, Severity
from drawdealer.parsers import read_text
from validate_support import FIXTURES

HOSTILE = Path(__file__).resolve().parent / "hostile"
FAILING_ID = "900000012"  # a KingsClub hand (fixtures/kingsclub/BET_SIZE_FIXED_LIMIT.txt)


def _folder(tmp_path: Path) -> Path:
    """A folder of many files of three formats; one KingsClub file holds three hands, the middle one
    the hand the patched reader fails on."""
    folder = tmp_path / "archive"
    folder.mkdir()
    for path in sorted((FIXTURES / "kingsclub").glob("*.txt")):
        shutil.copy(path, folder / path.name)
    shutil.copy(FIXTURES / "clean" / "27td_fl.txt", folder / "stars.txt")
    shutil.copy(FIXTURES / "clean" / "ita_session.phhs", folder / "ita.phhs")
    texts = [(FIXTURES / "kingsclub" / name).read_text(encoding="utf-8").strip()
             for name in ("clean_27td_fl.txt", "BET_SIZE_FIXED_LIMIT.txt", "clean_27sd_nl.txt")]
    assert FAILING_ID in texts[1] and all(FAILING_ID not in t for t in (texts[0], texts[2]))
    (folder / "three.txt").write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return folder


def _fail_on_one_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    import drawdealer.parsers.kingsclub as kingsclub

    real = kingsclub.parse_hand

    def parse_hand(lines, start=1, source=""):
        if lines and lines[0].startswith(f"#{FAILING_ID}:") and source.endswith("three.txt"):
            raise AttributeError("'NoneType' object has no attribute 'partition'")
        return real(lines, start, source)

    monkeypatch.setattr(kingsclub, "parse_hand", parse_hand)


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["validate", *args], env={"COLUMNS": "250"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_reader_failing_on_one_hand_of_a_folder_reports_it_and_every_other_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    folder = _folder(tmp_path)
    code, out, err = _run("--format", "json", "--jobs", jobs, str(folder))
    assert code == 1 and err == ""  # the folder's own findings (the KingsClub fixtures of each code)
    before = [json.loads(line) for line in out.splitlines()]

    _fail_on_one_hand(monkeypatch)
    code, out, err = _run("--format", "json", "--jobs", jobs, str(folder))
    after = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and err == ""
    assert len(after) == len(before)
    changed = [(b, a) for b, a in zip(before, after) if a != b]
    assert len(changed) == 1
    was, now = changed[0]
    assert now["file"] == str(folder / "three.txt") and now["line"] == was["line"]
    (finding,) = now["findings"]
    assert finding["code"] == "INTERNAL_ERROR" and finding["severity"] == "error"
    assert finding["line"] == was["line"]
    assert finding["message"] == ("drawdealer failed to read this hand (internal error: AttributeError: 'NoneType' "
                                  "object has no attribute 'partition'); please report this hand")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_human_report_names_the_hand_and_exits_2_after_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    folder = _folder(tmp_path)
    _fail_on_one_hand(monkeypatch)
    code, out, err = _run("--jobs", jobs, str(folder))
    assert code == 2 and err == "" and "Traceback" not in out
    assert "INTERNAL_ERROR" in out and "please report this hand" in out
    assert "1 hand not checked: drawdealer failed on it (INTERNAL_ERROR, named above); please report it" in out
    assert "files passed over" not in out


def test_a_replay_failure_is_the_hands_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine failing on the first hand: that hand's INTERNAL_ERROR, the others replayed."""
    import drawdealer.engine.replay as engine_replay

    real = engine_replay.replay
    calls: list[str] = []

    def first_fails(record, *args, **kwargs):
        calls.append(record.hand_id)
        if len(calls) == 1:
            raise KeyError("boom")
        return real(record, *args, **kwargs)

    monkeypatch.setattr(engine_replay, "replay", first_fails)
    code, out, _ = _run("--format", "json", "--jobs", "1", str(FIXTURES / "clean" / "27td_fl.txt"))
    hands = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(hands) == len(calls) > 1
    assert [f["code"] for f in hands[0]["findings"]] == ["INTERNAL_ERROR"]
    assert "failed to replay this hand (internal error: KeyError: 'boom')" in hands[0]["findings"][0]["message"]
    assert all(h["findings"] == [] for h in hands[1:])
    calls.clear()
    code, out, _ = _run("--jobs", "1", str(FIXTURES / "clean" / "27td_fl.txt"))
    assert code == 2 and "please report this hand" in out and "column" not in out  # no place in a line


def test_the_reader_starts_again_after_the_hand_it_failed_on() -> None:
    """:func:`contained` over a reader that raises on its second hand: the three hands in order, the
    second an INTERNAL_ERROR on its first line, quoting it."""
    from drawdealer.parsers import contained

    def reader(chunks, source):
        for start, lines in chunks:
            if lines[0] == "boom":
                raise RecursionError("maximum recursion depth exceeded")
            yield (start, lines[0])

    out = list(contained(reader, [(1, ["a"]), (3, ["boom", "x"]), (6, ["c"])], "f.txt"))
    assert out[0] == (1, "a") and out[2] == (6, "c")
    failure = out[1]
    assert (failure.code, failure.line, failure.text, failure.end_line) == ("INTERNAL_ERROR", 3, "boom", 4)
    assert failure.finding().is_error


def test_a_file_that_cannot_be_read_on_is_not_a_hands_failure() -> None:
    from drawdealer.parsers import contained

    def chunks():
        yield 1, ["a"]
        raise OSError(5, "Input/output error")

    def reader(chunks, source):
        for start, lines in chunks:
            yield start

    results = contained(reader, chunks(), "f.txt")
    assert next(results) == 1
    with pytest.raises(OSError):
        next(results)


def test_internal_error_is_a_registered_error_of_section_11_1() -> None:
    info = CODES["INTERNAL_ERROR"]
    assert info.severity is Severity.ERROR and info.section == "11.1"


def test_the_full_tilt_capped_hold_em_header_is_a_game_drawdealer_does_not_play() -> None:
    """Issue 25's instance: a one-line Full Tilt file of capped no-limit hold'em (the 2013 form, the
    game before the stakes) raised AttributeError in the reader; it is a GAME_UNSUPPORTED notice."""
    path = HOSTILE / "fulltilt_cap_nl_holdem.txt"
    (result,) = read_text(path.read_text(encoding="utf-8"))
    assert result.finding().code == "GAME_UNSUPPORTED" and result.reason == "game"
    code, out, err = _run("--format", "json", str(path))
    (hand,) = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and hand["findings"][0]["code"] == "GAME_UNSUPPORTED"
    assert hand["game"] == "CAP NL Hold'em"


def test_convert_reports_a_hand_it_fails_to_write_and_converts_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """A writer bug on one hand: that hand named on stderr with the exception, the others converted, exit 2."""
    import drawdealer.parsers.phh_writer as writer

    real = writer.write

    def first_fails(record):
        if record.hand_id == "300000000001":
            raise IndexError("list index out of range")
        return real(record)

    monkeypatch.setattr(writer, "write", first_fails)
    source = FIXTURES / "clean" / "27td_fl.txt"
    result = CliRunner().invoke(app, ["convert", str(source), "--to", "phh"])
    assert result.exit_code == 2
    assert result.stderr == (f"drawdealer: {source}:74: hand #300000000001 not converted: line 74: drawdealer failed "
                             "to convert this hand (internal error: IndexError: list index out of range); please "
                             "report this hand\n")
    assert result.stdout.count("\n[") == len(list(read_text(source.read_text(encoding="utf-8")))) - 2
