"""Regressions found by fuzzing ``drawdealer deal`` (random games, stacks and command streams).

Each test is one bug: a crash (traceback) or a journal that ``--resume`` could not restore.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from deal_support import deal, same_state, scripted
from drawdealer.cli.app import app


def test_undo_and_resume_when_the_big_blind_went_all_in_on_his_ante(tmp_path: Path) -> None:
    """Bob's one chip goes in as his ante, so there is no big blind (RULES.md §6.1: a short blind
    posts all he has). The live session dealt the hand; ``undo`` rebuilt it without dealing at the
    same point and crashed, and ``--resume`` refused the same journal. Both must replay it."""
    args = ["--game", "27SD-NL", "--stakes", "2/2", "--ante", "1", "--seat=Bob=1", "--seat=Cy=204",
            "--button", "Cy"]
    journal = tmp_path / "j"
    out = scripted(journal, args, ["draw 3", "draw 5", "undo"])
    assert out[1]["street"] == "SHOWDOWN"
    assert out[2]["message"] == "undone: Cy draws 5"
    assert out[2]["street"] == "D1" and out[2]["to_act"] == "Cy"
    code, resumed, err = deal(["--resume", str(journal)], ["status", "draw 5"])
    assert code == 0, err
    assert same_state(resumed[0], out[2])
    assert same_state(resumed[1], out[1])


def test_italian_declarer_without_chips_is_not_waited_for(tmp_path: Path) -> None:
    """B, left of the dealer, is all-in on his ante: he cannot post a blind opening (RULES.md §10.6),
    so the cards are dealt and C acts in B1. The session used to wait for B's buio, and ``buio`` put
    in a blind of 0 chips that crashed the engine's legal actions."""
    args = ["--game", "ITA", "--ante", "2", "--chip", "1", "--seat=A=100", "--seat=B=2", "--seat=C=100",
            "--button", "A"]
    code, out, err = deal([*args, "--journal", str(tmp_path / "j")], ["status", "buio", "check", "check"])
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    assert out[0]["street"] == "B1" and out[0]["to_act"] == "C"
    assert out[1]["message"].startswith("refused 'buio': no buio is possible now")
    assert out[2]["message"] == "ok: C checks"
    assert out[3]["message"] == "ok: A checks"
    code, resumed, err = deal(["--resume", str(tmp_path / "j")], ["status"])
    assert code == 0, err
    assert same_state(resumed[0], out[3])


def test_bytes_that_are_not_utf8_on_stdin_are_one_refusal(tmp_path: Path) -> None:
    """A piped line with bytes invalid in the input's encoding is refused like any unknown word;
    the session goes on (it used to die with a UnicodeDecodeError traceback)."""
    args = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=10", "--seat=B=10", "--button", "A",
            "--journal", str(tmp_path / "j"), "--json"]
    result = CliRunner().invoke(app, ["deal", *args], input=b"call\n\xff\xfe bet 4\ncheck\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.stderr  # one refusal: exit 1 (issue 16)
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [o["message"].split(" — ")[0] for o in out] == [
        "ok: A calls 1", "refused '\ufffd\ufffd bet 4': unknown command '\ufffd\ufffd'; type 'help' for the list",
        "ok: B checks"]


def test_a_journal_file_cut_short_is_refused_at_its_last_line(tmp_path: Path) -> None:
    """A hand or session file truncated in its last line is refused naming that line, not line 1
    (TOML reports such errors "at end of document"); nothing in the journal changes."""
    args = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=A=10", "--seat=B=10", "--button", "A"]
    for name in ("hand-0001.phh", "session.toml"):
        journal = tmp_path / name
        scripted(journal, args, ["call", "check", "draw 2"])
        path = journal / name
        text = path.read_text()
        cut = text[:text.rstrip("\n").rfind("=") + 2] + '"x'  # the last line ends in an open string
        path.write_text(cut)
        code, out, err = deal(["--resume", str(journal)], ["status"])
        assert code == 2 and out == [], err
        assert err.count("\n") == 1
        assert f"{path}:{len(cut.splitlines())}: " in err, err
        assert path.read_text() == cut
