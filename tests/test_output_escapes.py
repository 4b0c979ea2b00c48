"""Issue 15, "Security": names from input are data (``cli/text.py``).

Human output (validate's report, status, showdown, the dealer's screen, convert's notices, errors on
stderr) shows control characters in player and file names escaped, so a name cannot drive the
terminal; JSON keeps the exact text and is valid UTF-8 even for a file name that is not."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, strategies as st

from drawdealer.cli.text import json_text, shown

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
EVIL = "Pl\x1b]0;owned\x07ay\x1b[2Jer3"
EVIL_SHOWN = "Pl\\x1b]0;owned\\x07ay\\x1b[2Jer3"
FILE_NAME = b"hands \x1b[31m\xff.txt"  # an escape sequence and a byte that is not UTF-8


def drawdealer(*args: str | bytes, stdin: str = "", columns: int = 80) -> tuple[int, bytes, bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    done = subprocess.run([sys.executable, "-m", "drawdealer", *args], input=stdin.encode(), capture_output=True,
                          env={**env, "TERM": "dumb", "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8",
                               "COLUMNS": str(columns)})
    return done.returncode, done.stdout, done.stderr


def evil_hand(tmp_path: Path) -> bytes:
    """ACTION_OUT_OF_TURN with Player3 renamed EVIL, in a file named FILE_NAME; returns its path."""
    text = (FIXTURES / "findings" / "ACTION_OUT_OF_TURN.txt").read_text(encoding="utf-8")
    path = os.fsencode(tmp_path) + b"/" + FILE_NAME
    with open(path, "wb") as f:
        f.write(text.replace("Player3", EVIL).encode("utf-8"))
    return path


def test_shown_escapes_controls_and_undecodable_bytes_only() -> None:
    assert shown("Zoë 7♥ [bold]") == "Zoë 7♥ [bold]"
    assert shown("a\x1bb\tc\x7f\x9b") == "a\\x1bb\\x09c\\x7f\\x9b"
    assert shown(os.fsdecode(b"x\xffy")) == "x\\xffy"


@given(st.text())
def test_shown_leaves_no_control_character(text: str) -> None:
    out = shown(text)
    assert not any(ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or 0xd800 <= ord(c) <= 0xdfff for c in out)
    if text.isprintable():
        assert out == text


@given(st.text(alphabet=st.characters(codec=None)))
def test_json_text_is_utf8_and_exact(text: str) -> None:
    line = json_text({"name": text})
    line.encode("utf-8")  # no lone surrogate reaches the output
    assert json.loads(line) == {"name": text}


def test_validate_escapes_names_in_the_report_and_keeps_them_in_json(tmp_path: Path) -> None:
    path = evil_hand(tmp_path)
    code, out, err = drawdealer("validate", path, columns=400)  # the report wraps to the terminal
    assert code == 1, err
    report = out.decode("utf-8")
    assert b"\x1b" not in out and b"\x07" not in out
    assert EVIL_SHOWN in report and "hands \\x1b[31m\\xff.txt" in report
    for args in ([path], [os.fsencode(tmp_path)]):  # named, and found in a folder
        code, out, err = drawdealer("validate", "--format", "json", *args)
        assert code == 1, err
        line = json.loads(out.decode("utf-8"))  # strict UTF-8
        assert os.fsencode(line["file"]) == path
        assert any(EVIL in finding["message"] for finding in line["findings"])


def test_errors_on_stderr_show_the_file_name_escaped(tmp_path: Path) -> None:
    missing = os.fsencode(tmp_path) + b"/gone \x1b[2J\xff.txt"
    for args in (["validate", missing], ["status", missing], ["convert", missing, "--to", "phh"]):
        code, out, err = drawdealer(*args)
        assert code == 2
        assert b"\x1b" not in err and b"\xff" not in err
        assert "gone \\x1b[2J\\xff.txt" in err.decode("utf-8"), args
    code, out, err = drawdealer("convert", missing, "--to", "p\x1b[2Jhh")  # a usage error quotes the value
    assert code == 2 and b"\x1b" not in err and "p\\x1b[2Jhh" in err.decode("utf-8")


def test_status_escapes_names_and_json_keeps_them(tmp_path: Path) -> None:
    path = evil_hand(tmp_path)
    code, out, err = drawdealer("status", path)
    assert b"\x1b" not in out and EVIL_SHOWN in out.decode("utf-8"), err
    code, out, err = drawdealer("status", "--json", path)
    status = json.loads(out.decode("utf-8"))
    assert os.fsencode(status["file"]) == path and EVIL in status["stacks"]


def test_showdown_escapes_names_and_json_keeps_them() -> None:
    code, out, err = drawdealer("showdown", "--game", "27", f"{EVIL}=7s5d4c3h2s", "7h6d4s3c2d")
    assert code == 0, err
    assert b"\x1b" not in out and EVIL_SHOWN in out.decode("utf-8")
    code, out, err = drawdealer("showdown", "--game", "badacey", f"{EVIL}=5s4d3c2hAs", "Bob=6h4c3d2s7s")
    assert code == 0, err  # a split pot (RULES.md §17): each half's winner named
    assert b"\x1b" not in out and EVIL_SHOWN in out.decode("utf-8")
    code, out, err = drawdealer("showdown", "--game", "27", "--json", b"N\xff=7s5d4c3h2s", "7h6d4s3c2d")
    assert code == 0, err
    assert os.fsencode(json.loads(out.decode("utf-8"))["winners"][0]) == b"N\xff"
    code, out, err = drawdealer("showdown", "--game", "badacey", "--json", b"N\xff=5s4d3c2hAs", "Bob=6h4c3d2s7s")
    assert code == 0, err
    assert b"N\xff" in map(os.fsencode, json.loads(out.decode("utf-8"))["winners"]["Badugi"])


def test_the_dealer_sees_what_was_typed_escaped(tmp_path: Path) -> None:
    """Dealer names are plain words (a name with ESC is refused, and the refusal shows it
    escaped); a command is echoed in its refusal, escaped on the screen, exact in --json."""
    base = ["deal", "--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--seat=C=100",
            "--button", "B"]
    code, out, err = drawdealer(*base[:5], f"--seat={EVIL}=100", *base[5:], "--journal", str(tmp_path / "x"))
    assert code == 2 and b"\x1b" not in err and EVIL_SHOWN in err.decode("utf-8")
    code, out, err = drawdealer(*base, "--journal", str(tmp_path / "a"), stdin=f"call {EVIL}\n")
    assert code == 1 and "1 command refused" in err.decode("utf-8"), err
    assert b"\x1b" not in out and EVIL_SHOWN in out.decode("utf-8")
    code, out, err = drawdealer(*base, "--journal", str(tmp_path / "b"), "--json", stdin=f"call {EVIL}\n")
    assert code == 1, err
    assert EVIL in json.loads(out.decode("utf-8").splitlines()[-1])["message"]


def test_the_ledger_s_json_is_utf8_for_a_journal_folder_that_is_not(tmp_path: Path) -> None:
    journal = os.fsencode(tmp_path) + b"/night \xff"
    base = ["deal", "--game", "27TD-FL", "--stakes", "1/2", "--seat=A=100", "--seat=B=100", "--button", "A"]
    code, out, err = drawdealer(*base, "--journal", journal, stdin="call\n")
    assert code == 0, err
    code, out, err = drawdealer("ledger", journal, "--json")
    assert code in (0, 1), err
    assert os.fsencode(json.loads(out.decode("utf-8"))["journal"]) == journal
