"""``drawdealer validate`` through Typer's CliRunner: exit codes, JSON Lines, order, jobs, bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.validate import validate
from validate_support import write_big_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CLEAN = sorted((FIXTURES / "clean").iterdir())
HAND_KEYS = {"schema", "file", "hand_id", "line", "game", "findings"}
FINDING_KEYS = {"code", "severity", "line", "message", "expected", "actual", "caused_by"}


def run(*args: str, width: int = 200) -> tuple[int, str, str]:
    """``drawdealer validate ARGS`` on a terminal ``width`` columns wide (the human report wraps to it)."""
    result = CliRunner().invoke(app, ["validate", *args], env={"COLUMNS": str(width)})
    return result.exit_code, result.stdout, result.stderr


def lines(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """240 generated triple draw hands (PokerStars house rules) with three broken ones among them."""
    return write_big_file(tmp_path_factory.mktemp("big") / "many.txt")


# --------------------------------------------------------------------------- exit codes

def test_clean_files_exit_0_with_a_summary() -> None:
    code, out, err = run(*map(str, CLEAN))
    assert code == 0, err
    assert out == "26 hands in 8 files: 26 clean\n"
    assert err == ""


def test_findings_exit_1_and_name_file_line_severity_code_expected_actual(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file once, relative to the current folder; the hand; each finding with line and severity."""
    monkeypatch.chdir(FIXTURES)
    path = FIXTURES / "findings" / "CALL_AMOUNT_MISMATCH.txt"
    code, out, _ = run(str(path))
    assert code == 1
    assert out.splitlines()[:3] == [
        "findings/CALL_AMOUNT_MISMATCH.txt",
        "  hand #200000000001  line 1  27TD-FL",
        "    line 13  error  CALL_AMOUNT_MISMATCH  Hero calls $0.10, the call is $0.15",  # the amounts said once
    ]
    assert out.splitlines()[3] == "1 hand in 1 file: 0 clean, 1 with errors"


def test_amounts_read_as_money_in_a_cash_game_and_stay_cents_in_json() -> None:
    """A $ game's amounts are cents (DESIGN.md 6): the report prints them in dollars, JSON keeps cents;
    counts (the cap of four bets) stay counts. (The report's tail says only what a message does not,
    in the same money: tests/test_messages.py.)"""
    pot = FIXTURES / "findings" / "RAISE_ABOVE_POT_LIMIT.txt"
    cap = FIXTURES / "findings" / "RAISE_CAP_EXCEEDED.txt"
    _, out, _ = run(str(pot), str(cap))
    assert "raises to $2.25; the pot limit is $1.75\n" in out
    assert "capped at 4 bets; this is bet 5\n" in out
    _, out, _ = run("--format", "json", str(pot))
    (finding,) = lines(out)[0]["findings"]
    assert (finding["expected"], finding["actual"]) == (175, 225)
    assert finding["message"] == "Player3 raises to $2.25; the pot limit is $1.75"


def test_warnings_only_exit_0() -> None:
    code, out, _ = run("--format", "json", str(FIXTURES / "findings" / "SHOW_ORDER.txt"))
    assert code == 0
    (hand,) = lines(out)
    assert [(f["code"], f["severity"]) for f in hand["findings"]] == [("SHOW_ORDER", "warning")]


def test_unreadable_files_exit_2_and_the_others_are_still_validated(tmp_path: Path) -> None:
    garbage = tmp_path / "notes.txt"
    garbage.write_text("shopping list: eggs, milk\n", encoding="utf-8")
    missing = tmp_path / "missing.txt"
    good = FIXTURES / "clean" / "27td_fl.txt"
    code, out, err = run("--format", "json", str(missing), str(good), str(garbage))
    assert code == 2
    assert [h["file"] for h in lines(out)] == [str(good)] * 3
    errors = err.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"drawdealer: error: {missing}:") and "No such file" in errors[0]
    assert errors[1].startswith(f"drawdealer: error: {garbage}:") and "not a hand history" in errors[1]
    assert "Traceback" not in err


def test_a_folder_is_read_recursively_passing_over_files_that_are_not_hand_histories(tmp_path: Path) -> None:
    (tmp_path / "b" / "deeper").mkdir(parents=True)
    (tmp_path / "notes.txt").write_text("shopping list: eggs, milk\n", encoding="utf-8")
    (tmp_path / "b" / "deeper" / "z.txt").write_bytes((FIXTURES / "clean" / "27td_pl.txt").read_bytes())
    (tmp_path / "a.txt").write_bytes((FIXTURES / "clean" / "27td_fl.txt").read_bytes())
    code, out, err = run("--format", "json", str(tmp_path))
    assert code == 0 and err == ""
    files = [h["file"] for h in lines(out)]
    assert files == [str(tmp_path / "a.txt")] * 3 + [str(tmp_path / "b" / "deeper" / "z.txt")] * 3 + [
        str(tmp_path / "notes.txt")]
    assert lines(out)[-1] == {"schema": 1, "file": str(tmp_path / "notes.txt"),
                              "skipped": "not a hand history drawdealer can read (no hand header of a site it "
                                         "reads, no PHH fields)"}


def test_an_unknown_site_is_named(tmp_path: Path) -> None:
    path = tmp_path / "ipoker.xml"
    path.write_text("<session sessioncode=\"123456\">\n", encoding="utf-8")
    code, _, err = run(str(path))
    assert code == 2 and "iPoker" in err and str(path) in err


def test_a_shown_hand_with_a_card_twice_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    """An Italian PHH hand whose showdown line prints a card twice: CARD_DUPLICATE on that line
    (RULES.md §8.5); the hand is still settled without ranking the impossible hand."""
    import re

    from drawdealer.engine.simulate import random_hand
    from drawdealer.parsers import phh_writer

    text = phh_writer.write(random_hand("ITA", random.Random(0), players=3, stacks=2000))
    show = re.search(r"p\d sm ((?:[2-9TJQKA][shdc]){5})", text)
    cards = show.group(1)
    path = tmp_path / "twice.phh"
    path.write_text(text.replace(show.group(0), show.group(0).replace(cards, cards[:2] + cards[:8])), encoding="utf-8")
    code, out, err = run("--format", "json", str(path))
    [report] = lines(out)
    assert code == 1 and err == ""
    [finding] = report["findings"]
    assert finding["code"] == "CARD_DUPLICATE" and finding["actual"] == cards[:2]
    assert finding["line"] == text[:show.start()].count("\n") + 1


def test_bad_options_exit_2() -> None:
    code, _, err = run("--game", "drawmaha", str(CLEAN[0]))
    assert code == 2 and err.startswith("drawdealer: error: --game 'drawmaha': unknown game 'drawmaha'")
    for jobs in ("-1", "0", "many"):
        code, _, err = run("--jobs", jobs, str(CLEAN[0]))
        assert code == 2 and err.startswith(f"drawdealer: error: --jobs '{jobs}': give auto")


# --------------------------------------------------------------------------- JSON Lines

def test_json_lines_shape_and_input_order() -> None:
    files = [FIXTURES / "clean" / "5cd_pl.txt", FIXTURES / "findings" / "WINNER_WRONG.txt",
             FIXTURES / "pokerstars" / "mixed_session.txt", FIXTURES / "clean" / "ita_session.phhs"]
    code, out, _ = run("--format", "json", *map(str, files))
    assert code == 1
    hands = lines(out)
    assert all(set(h) == HAND_KEYS and h["schema"] == 1 for h in hands)
    assert all(line.startswith('{"schema": 1, "file": ') for line in out.splitlines())
    for h in hands:
        for f in h["findings"]:
            assert set(f) == FINDING_KEYS | ({"column"} if f["code"] == "PARSE_ERROR" else set())
            assert f["severity"] in ("error", "warning")
    # files in argument order, hands in file order
    order = [files.index(Path(h["file"])) for h in hands]
    assert order == sorted(order) and set(order) == {0, 1, 2, 3}
    for k in range(4):
        starts = [h["line"] for h in hands if h["file"] == str(files[k])]
        assert starts == sorted(starts)
    winner = next(h for h in hands if h["file"].endswith("WINNER_WRONG.txt"))
    assert winner["findings"][0] == {"code": "WINNER_WRONG", "severity": "error", "line": 42,
                                     "message": winner["findings"][0]["message"], "expected": ["Hero"],
                                     "actual": ["Player1"], "caused_by": None}
    assert [f["caused_by"] for f in winner["findings"][1:]] == [0, 0]  # the collected amounts follow from it
    assert [h["game"] for h in hands if h["file"].endswith("ita_session.phhs")] == ["ITA"] * 5


def test_a_hand_that_cannot_be_parsed_is_a_finding_and_the_next_hand_is_read() -> None:
    code, out, _ = run("--format", "json", str(FIXTURES / "pokerstars" / "mixed_session.txt"))
    assert code == 1
    hands = lines(out)
    bad = [h for h in hands if any(f["code"] == "PARSE_ERROR" for f in h["findings"])]
    assert len(bad) == 1
    (finding,) = bad[0]["findings"]
    assert (finding["line"], finding["column"], finding["actual"]) == (76, 7, "Hero: juggles the chips")
    assert hands.index(bad[0]) < len(hands) - 1  # hands after it were read
    skipped = [h for h in hands if h["findings"] and h["findings"][0]["code"] == "GAME_UNSUPPORTED"]
    assert skipped and all(h["findings"][0]["severity"] == "warning" for h in skipped)


def test_parse_errors_anywhere_in_a_big_file_do_not_stop_the_run(big_file: Path) -> None:
    code, out, _ = run("--format", "json", str(big_file))
    hands = lines(out)
    assert code == 1 and len(hands) == 240
    flagged = {h["hand_id"]: [f["code"] for f in h["findings"]] for h in hands if h["findings"]}
    assert flagged["18"] == ["PARSE_ERROR"]
    assert "POT_AMOUNT_WRONG" in flagged["102"]
    assert flagged["201"][0] == "BLIND_AMOUNT_WRONG"
    assert set(flagged) == {"18", "102", "201"}


# --------------------------------------------------------------------------- jobs, strict, game

def test_jobs_give_the_same_output_as_one_process(big_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import drawdealer.validate as library

    monkeypatch.setattr(library, "CHUNK_BYTES", 20_000)  # cut the file into many byte ranges
    files = [str(big_file), str(FIXTURES / "clean" / "ita_session.phhs"), str(big_file), str(big_file)]
    one = run("--format", "json", *files)
    two = run("--format", "json", "--jobs", "2", *files)
    assert one == two
    hands = lines(one[1])
    assert len(hands) == 725
    assert hands[:240] == hands[245:485] == hands[485:]  # the same file twice in a row: the same lines
    assert len(list(library.plan([big_file]))) > 10


def test_many_jobs_keep_the_same_input_in_flight_as_two_and_the_same_output(
        big_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: the main process holds the reports of at most ``IN_FLIGHT_BYTES`` of input, whatever
    the number of processes: more processes get smaller byte ranges (``bench/bench_memory.py`` measures
    the main process's peak). The output stays the output of one process."""
    import drawdealer.validate as library

    assert library.task_bytes(1) == library.task_bytes(2) == library.CHUNK_BYTES
    assert library.task_bytes(16) * library.TASKS_AHEAD * 16 == library.IN_FLIGHT_BYTES
    assert library.task_bytes(1000) == 64 << 10
    monkeypatch.setattr(library, "CHUNK_BYTES", 20_000)
    monkeypatch.setattr(library, "IN_FLIGHT_BYTES", 50_000)  # two or three byte ranges in flight
    files = [str(big_file), str(FIXTURES / "clean" / "ita_session.phhs")]
    assert run("--format", "json", "--jobs", "16", *files) == run("--format", "json", "--jobs", "1", *files)


def test_jobs_auto_uses_every_core_on_a_large_input_with_the_same_output(
        big_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The default ``--jobs auto``: one process below ``PARALLEL_BYTES``, every core from it on (issue 17),
    and the output of ``--jobs 1`` either way."""
    import drawdealer.validate as library

    files = [str(big_file), str(FIXTURES / "clean" / "ita_session.phhs")]
    os = library.os
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert library.auto_jobs(files) == 1  # a few hundred KB: done before a pool starts
    monkeypatch.setattr(library, "CHUNK_BYTES", 20_000)
    monkeypatch.setattr(library, "PARALLEL_BYTES", 40_000)
    assert library.auto_jobs(files) == cores
    pools = []
    real = library._parallel
    monkeypatch.setattr(library, "_parallel",
                        lambda tasks, game, jobs, *tally: pools.append(jobs) or real(tasks, game, jobs, *tally))
    default = run("--format", "json", *files)
    assert pools == [cores] if cores > 1 else pools == []
    assert default == run("--format", "json", "--jobs", "1", *files)
    assert len(lines(default[1])) == 245


def test_a_report_travels_between_processes_and_shifts_whole(big_file: Path) -> None:
    """A worker's reports reach the main process as equal values (``HandReport.__reduce__``), and a
    report shifted down the file is the keyword-built report with every line moved, its status kept."""
    import pickle
    from drawdealer.engine.frozen import replace

    reports = [r for r in validate([big_file]) if r.findings][:3]
    assert reports  # the file's broken hands
    reports.append(replace(reports[0], status="unparsed"))
    assert pickle.loads(pickle.dumps(reports, pickle.HIGHEST_PROTOCOL)) == reports
    for r in reports:
        moved = r.shifted(40)
        assert moved == replace(r, line=r.line + 40, findings=tuple(
            f if f.line is None else replace(f, line=f.line + 40) for f in r.findings))
        assert moved.status == r.status and r.shifted(0) is r


def test_split_ranges_keep_file_line_numbers(big_file: Path, tmp_path: Path) -> None:
    whole = [r.to_dict() for r in validate([big_file], chunk=1 << 30)]
    split = [r.to_dict() for r in validate([big_file], chunk=7_000)]
    assert split == whole
    text = big_file.read_text(encoding="utf-8").splitlines()
    assert all(text[h["line"] - 1].startswith("PokerStars Hand #" + h["hand_id"] + ":") for h in whole)
    # a BOM and CRLF line ends: the same hands on the same lines, split or not
    data = b"\xef\xbb\xbf" + big_file.read_bytes().replace(b"\n", b"\r\n")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(data)
    for chunk in (1 << 30, 9_000):
        got = [r.to_dict() for r in validate([crlf], chunk=chunk)]
        assert [{**h, "file": None} for h in got] == [{**h, "file": None} for h in whole]


def test_strict_stops_at_the_first_error(big_file: Path) -> None:
    code, out, _ = run("--format", "json", "--strict", str(big_file), str(CLEAN[0]))
    hands = lines(out)
    assert code == 1
    assert hands[-1]["hand_id"] == "18" and len(hands) == 18
    code, out, _ = run("--strict", "--jobs", "2", str(big_file))
    assert code == 1 and "--strict" in out


def test_game_forces_the_game_of_every_hand() -> None:
    path = FIXTURES / "clean" / "27td_pl.txt"
    code, out, _ = run("--format", "json", "--game", "27td-nl", str(path))
    hands = lines(out)
    assert {h["game"] for h in hands} == {"27TD-NL"}
    code, out, _ = run("--format", "json", "--game", "27TD-FL", str(path))
    assert code == 1  # pot-limit amounts are not fixed-limit bets
    assert any(f["code"] == "RAISE_SIZE_FIXED_LIMIT" for h in lines(out) for f in h["findings"])


# --------------------------------------------------------------------------- encodings

@pytest.mark.parametrize("name", ["utf8_bom.txt", "utf16le_bom_crlf.txt", "utf16be_bom.txt", "utf16le_no_bom.txt",
                                  "utf8_crlf_trailing_spaces.txt", "concatenated_boms.txt", "cp1252_euro.txt"])
def test_bom_utf16_crlf_inputs(name: str) -> None:
    code, out, err = run("--format", "json", str(FIXTURES / "pokerstars" / "encodings" / name))
    hands = lines(out)
    assert code == 0, (out, err)
    assert hands and all(h["findings"] == [] for h in hands)


def test_crlf_and_bom_give_the_lines_of_plain_text(tmp_path: Path) -> None:
    source = (FIXTURES / "findings" / "CALL_AMOUNT_MISMATCH.txt").read_text(encoding="utf-8")
    variants = {"plain.txt": source.encode("utf-8"), "crlf.txt": source.replace("\n", "\r\n").encode("utf-8"),
                "bom.txt": b"\xef\xbb\xbf" + source.encode("utf-8"), "utf16.txt": source.encode("utf-16")}
    seen = []
    for name, data in variants.items():
        (tmp_path / name).write_bytes(data)
        (hand,) = lines(run("--format", "json", str(tmp_path / name))[1])
        seen.append([(f["code"], f["line"], f["expected"], f["actual"]) for f in hand["findings"]])
    assert seen == [[("CALL_AMOUNT_MISMATCH", 13, 15, 10)]] * 4


def test_no_progress_bar_when_stderr_is_not_a_terminal(big_file: Path) -> None:
    code, _, err = run(str(big_file))
    assert code == 1 and err == ""


def test_a_file_gone_between_planning_and_reading_is_a_file_problem(tmp_path: Path) -> None:
    import shutil

    from drawdealer.validate import FileProblem, _serial, plan

    path = tmp_path / "gone.txt"
    shutil.copy(FIXTURES / "clean" / "27td_fl.txt", path)
    tasks = list(plan([path]))
    path.unlink()
    (problem,) = list(_serial(tasks, None))
    assert isinstance(problem, FileProblem) and problem.file == str(path) and "No such file" in problem.message


# --------------------------------------------------------------------------- JSON lines

def test_json_lines_are_json_dumps_of_the_reports(tmp_path: Path) -> None:
    """Lines of hands without findings are put together directly: the same text, odd file names too."""
    source = (FIXTURES / "clean" / "27td_fl.txt").read_bytes()
    odd = tmp_path / 'we"ird\\ünïcödé\tname.txt'
    odd.write_bytes(source)
    files = [odd, FIXTURES / "pokerstars" / "mixed_session.txt", FIXTURES / "clean" / "ita_session.phhs"]
    _, out, _ = run("--format", "json", *map(str, files))
    expected = [json.dumps(r.to_dict(), ensure_ascii=False) for r in validate(files)]
    assert out.splitlines() == expected
    assert sum(1 for r in validate(files) if r.clean) >= 10


# --------------------------------------------------------------------------- the console script's fast path

FLAGGED = FIXTURES / "findings" / "RAISE_ABOVE_POT_LIMIT.txt"


@pytest.mark.parametrize("args", [
    ["--format", "json", str(CLEAN[0]), str(CLEAN[-1])],
    ["--format=json", "--strict", "-j", "1", str(FLAGGED), str(CLEAN[0])],
    [str(FLAGGED), "--game", "27td-pl"],
    ["--jobs=2", "--", str(CLEAN[0])],
    ["--fail-on-empty", "--format", "json", str(FIXTURES / "clean" / "27td_fl.txt")],
    ["--jobs", "0", str(CLEAN[0])],
    [str(FIXTURES / "clean"), "--game", "omaha"],
])
def test_the_fast_path_prints_what_typer_prints(args: list[str], capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``drawdealer validate`` with plain arguments skips Typer (``cli/fastargs.py``): same output, same code."""
    from drawdealer.cli.validate_core import fast_path

    monkeypatch.setenv("COLUMNS", "200")  # the report wraps to the console's width: run() gives 200

    with pytest.raises(SystemExit) as done:
        fast_path(args)
    out, err = capsys.readouterr()
    assert (done.value.code, out, err) == run(*args)


@pytest.mark.parametrize("args", [[], ["--help"], ["-h", str(CLEAN[0])], ["--bogus", str(CLEAN[0])],
                                  ["--format", "xml", str(CLEAN[0])], [str(CLEAN[0]), "--jobs"]])
def test_the_fast_path_leaves_help_and_usage_errors_to_typer(args: list[str]) -> None:
    from drawdealer.cli.validate_core import fast_path

    assert fast_path(args) is None
