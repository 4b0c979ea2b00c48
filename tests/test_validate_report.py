"""validate's report for people (issue 17): each file named once, severities, money, the terminal's
width, a summary counting hands; files of a folder passed over and why (human and JSON);
``--fail-on-empty``; the progress bar in both formats on a terminal's stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.parsers.sniff import readable_formats

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FINDINGS = FIXTURES / "findings"


def run(*args: str, width: int = 200, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["validate", *args], env={"COLUMNS": str(width), **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def test_each_file_is_named_once_relative_to_the_current_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """SPLIT_WRONG.txt has three findings on one hand: its path is printed once, not on each finding."""
    monkeypatch.chdir(FIXTURES.parent)
    files = [FINDINGS / "SPLIT_WRONG.txt", FINDINGS / "CALL_AMOUNT_MISMATCH.txt", FIXTURES / "clean" / "27td_fl.txt"]
    code, out, _ = run(*map(str, files))
    assert code == 1
    assert out.count("fixtures/findings/SPLIT_WRONG.txt") == 1
    assert out.count("fixtures/findings/CALL_AMOUNT_MISMATCH.txt") == 1
    assert "27td_fl" not in out  # clean files are only counted
    assert str(FIXTURES) not in out
    assert out.splitlines()[0] == "fixtures/findings/SPLIT_WRONG.txt"
    # a path outside the current folder is printed as it was given
    monkeypatch.chdir(FIXTURES / "clean")
    _, out, _ = run(str(FINDINGS / "SPLIT_WRONG.txt"), "../findings/./CALL_AMOUNT_MISMATCH.txt")
    assert out.splitlines()[0] == str(FINDINGS / "SPLIT_WRONG.txt")
    assert "\n../findings/CALL_AMOUNT_MISMATCH.txt\n" in out


def test_split_wrong_reads_as_money_everywhere_and_json_keeps_cents() -> None:
    code, out, _ = run(str(FINDINGS / "SPLIT_WRONG.txt"))
    assert code == 1
    assert ("line 42  error  SPLIT_WRONG  the main pot splits as Hero $1.01, Player1 $1.00; the log says Player1 "
            "$1.01, Hero $1.00\n") in out  # the shares are the message's: no tail says them again
    assert "{" not in out and "101" not in out
    _, out, _ = run("--format", "json", str(FINDINGS / "SPLIT_WRONG.txt"))
    split = [f for f in json.loads(out)["findings"] if f["code"] == "SPLIT_WRONG"][0]
    assert split["expected"] == {"Hero": 101, "Player1": 100} and split["actual"] == {"Player1": 101, "Hero": 100}
    assert split["message"] == ("the main pot splits as Hero $1.01, Player1 $1.00; the log says Player1 $1.01, "
                                "Hero $1.00")


def test_a_missing_expected_value_is_left_out_not_printed_as_a_dash() -> None:
    code, out, _ = run(str(FINDINGS / "DISCARD_NOT_IN_HAND.txt"), str(FINDINGS / "ROUND_NOT_CLOSED.txt"))
    assert code == 1
    assert "—" not in out and "expected None" not in out and "actual None" not in out
    # the card and the player still to act are the messages' own: no tail says them again (test_messages.py)
    assert "Hero discards Qh but does not hold it\n" in out and "(actual Qh)" not in out
    assert "Hero still to act in B2" in out and "(expected [Hero])" not in out


def test_warnings_show_their_severity_and_the_summary_counts_hands() -> None:
    files = [FINDINGS / "SHOW_ORDER.txt", FINDINGS / "CALL_AMOUNT_MISMATCH.txt", FIXTURES / "clean" / "27td_fl.txt",
             FINDINGS / "GAME_UNSUPPORTED.txt"]
    code, out, _ = run(*map(str, files))
    assert code == 1
    assert "warning  SHOW_ORDER" in out and "error  CALL_AMOUNT_MISMATCH" in out
    assert "6 hands in 4 files: 3 clean, 1 with errors, 1 with warnings only, 1 skipped\n" in out
    code, out, _ = run(str(FINDINGS / "SHOW_ORDER.txt"))
    assert code == 0  # warnings alone
    assert "1 hand in 1 file: 0 clean, 1 with warnings only\n" in out


@pytest.mark.parametrize("width", [50, 80, 120])
def test_every_line_fits_the_terminal(width: int) -> None:
    code, out, _ = run(str(FINDINGS), width=width)
    assert code == 1
    assert max(len(line) for line in out.splitlines()) <= width
    findings = [line for line in out.splitlines() if line.startswith("    line ")]
    assert len(findings) > 60 and all(line == line.rstrip() for line in findings)


def test_a_folder_names_every_file_it_passes_over_and_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another site's file, a note, a tournament summary and an unreadable file are passed over and
    named, in the human report and as JSON lines; the hands are validated, and the file that could not
    be read makes the run exit 2 (issue 15: exit 2 when something could not be read)."""
    from drawdealer.parsers import sniff

    (tmp_path / "ipoker.xml").write_text("<session sessioncode=\"123456\">\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("shopping list: eggs, milk\n", encoding="utf-8")
    (tmp_path / "locked.txt").write_text("PokerStars Hand #1: secret\n", encoding="utf-8")
    (tmp_path / "hands.txt").write_bytes((FIXTURES / "clean" / "27td_fl.txt").read_bytes())
    real_sniff = sniff.sniff

    def locked(path: str | Path) -> sniff.Sniffed:
        if Path(path).name == "locked.txt":
            raise PermissionError(13, "Permission denied")
        return real_sniff(path)

    monkeypatch.setattr(sniff, "sniff", locked)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(".")
    assert code == 2 and err == ""
    assert out.splitlines() == [
        "passed over 3 files (not validated):",
        f"  ipoker.xml: iPoker (XML) hand histories are not supported (drawdealer reads {readable_formats()})",
        "  locked.txt: unreadable: Permission denied",
        "  notes.txt: not a hand history drawdealer can read (no hand header of a site it reads, no PHH fields)",
        "3 hands in 1 file: 3 clean",
    ]
    code, out, err = run("--format", "json", ".")
    assert code == 2 and err == ""
    skipped = [line for line in map(json.loads, out.splitlines()) if "skipped" in line]
    assert skipped == [
        {"schema": 1, "file": "ipoker.xml",
         "skipped": f"iPoker (XML) hand histories are not supported (drawdealer reads {readable_formats()})"},
        {"schema": 1, "file": "locked.txt", "skipped": "unreadable: Permission denied"},
        {"schema": 1, "file": "notes.txt", "skipped": "not a hand history drawdealer can read (no hand header of a "
                                                      "site it reads, no PHH fields)"},
    ]
    assert len(out.splitlines()) == 6


@pytest.mark.parametrize("output", ["human", "json"])
def test_fail_on_empty_exits_2_when_no_hand_was_read(tmp_path: Path, output: str) -> None:
    (tmp_path / "notes.txt").write_text("shopping list: eggs, milk\n", encoding="utf-8")
    code, out, err = run("--format", output, str(tmp_path))
    assert code == 0 and err == ""
    code, out, err = run("--format", output, "--fail-on-empty", str(tmp_path))
    assert code == 2
    assert err == f"drawdealer: error: no hand read from {tmp_path} (--fail-on-empty)\n"
    assert "notes.txt" in out  # still named as passed over
    code, _, err = run("--format", output, "--fail-on-empty", str(FIXTURES / "clean" / "27td_fl.txt"))
    assert code == 0 and err == ""


@pytest.mark.parametrize("output", ["human", "json"])
def test_a_progress_bar_on_a_terminal_stderr_in_every_format(tmp_path: Path, output: str) -> None:
    """Rich takes FORCE_COLOR as a terminal; the bar is drawn on stderr and stdout is unchanged."""
    from drawdealer.cli.validate_core import PROGRESS_BYTES

    text = (FIXTURES / "clean" / "27td_fl.txt").read_text(encoding="utf-8")
    path = tmp_path / "long.txt"
    path.write_text("\n\n".join([text] * (PROGRESS_BYTES // len(text) + 1)), encoding="utf-8")
    plain = run("--format", output, str(path))
    shown = run("--format", output, str(path), env={"FORCE_COLOR": "1"})
    assert plain[2] == "" and "validating" in shown[2]
    assert shown[0] == plain[0] == 0
    if output == "json":
        assert shown[1] == plain[1]


def test_a_passed_over_file_name_is_shown_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "notes \x1b[2J.txt").write_text("shopping list\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(".")
    assert code == 0 and "\x1b" not in out
    assert "  notes \\x1b[2J.txt: not a hand history" in out


def test_files_passed_over_keep_their_place_with_several_processes(tmp_path: Path) -> None:
    for name in ("a.txt", "c.txt"):
        (tmp_path / name).write_bytes((FIXTURES / "clean" / "27td_fl.txt").read_bytes())
    (tmp_path / "b.txt").write_text("shopping list\n", encoding="utf-8")
    one = run("--format", "json", "--jobs", "1", str(tmp_path))
    two = run("--format", "json", "--jobs", "2", str(tmp_path))
    assert one == two and one[0] == 0
    assert [json.loads(line).get("skipped") is not None for line in one[1].splitlines()] == [False] * 3 + [True] + [
        False] * 3
