"""The journal of ``drawdealer deal``: resume mid-hand, undo, roll-forward after a torn commit, and
journals edited into nonsense refused with file and line (issue 5, "nothing is lost")."""

from __future__ import annotations

import re
from pathlib import Path

from deal_support import deal, same_state, scripted

ARGS = ["--game", "27TD-NL", "--stakes", "1/2", "--seat=Ann=200", "--seat=Ben=150", "--seat=Cat=100",
        "--button", "Ann"]
SCRIPT = ["raise 6", "call", "call", "draw 2", "draw 1", "pat", "bet 10", "raise 30", "fold", "call",
          "pat", "draw 1", "check", "bet 20", "call", "draw 1", "pat", "check", "check",
          "show Ben 8s 6h 4c 3d 2h", "show Cat 7s 5h 4d 3c 2s", "next", "call", "fold"]


def test_resume_mid_hand_continues_exactly(tmp_path: Path) -> None:
    whole = scripted(tmp_path / "whole", ARGS, SCRIPT)
    for cut in (1, 5, 9, 19, 21, 22):
        journal = tmp_path / f"cut{cut}"
        scripted(journal, ARGS, SCRIPT[:cut])
        code, out, err = deal(["--resume", str(journal)], ["status", *SCRIPT[cut:]])
        assert code == 0, err
        assert f"resumed {journal}" in err
        assert same_state(out[0], whole[cut - 1]), cut
        assert all(same_state(x, y) for x, y in zip(out[1:], whole[cut:])), cut


def test_undo_rebuilds_the_hand_without_the_last_action(tmp_path: Path) -> None:
    out = scripted(tmp_path / "j", ARGS, ["raise 6", "call", "undo", "undo", "raise 7", "undo"])
    assert same_state(out[2], out[0]) and out[2]["message"].startswith("undone: Ben calls 5")
    assert out[3]["to_act"] == "Ann" and out[3]["pot"] == 3
    code, resumed, _ = deal(["--resume", str(tmp_path / "j")], ["undo", "status"])
    assert code == 1  # the refused undo (issue 16)
    assert resumed[0]["message"].startswith("refused 'undo': nothing to undo")  # the blinds are not undoable
    assert resumed[1]["pot"] == 3 and resumed[1]["to_act"] == "Ann"


def test_next_and_commands_out_of_place_are_refused(tmp_path: Path) -> None:
    code, out, _ = deal([*ARGS, "--journal", str(tmp_path / "j")],
                        ["next", "draw 2", "show Ann 7s 5h 4d 3c 2s", "bet 5", "raise 1", "check", "status"])
    assert code == 1  # every command refused (issue 16)
    messages = [o["message"] for o in out]
    assert messages[0].startswith("refused 'next': hand 1 is not over (Ann to act)")
    assert messages[1].startswith("refused 'draw 2': nobody draws now")
    assert messages[2].startswith("refused 'show Ann 7s 5h 4d 3c 2s': no showdown now")
    assert messages[3].startswith("refused 'bet 5': there is a bet of 2")
    assert "RAISE_BELOW_MINIMUM" in messages[4]
    assert "CHECK_FACING_BET" in messages[5]
    assert all("Ann: call 2 · raise to 4–200 (all-in) · fold" in m for m in messages[:6])
    assert out[6]["pot"] == 3  # nothing changed
    assert "commands = 0" in (tmp_path / "j" / "session.toml").read_text()


def _set(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text()
    new, n = re.subn(pattern, replacement, text, count=1, flags=re.M)
    assert n == 1, pattern
    path.write_text(new)


def test_torn_commit_rolls_forward(tmp_path: Path) -> None:
    """The hand file holds one more command than session.toml: the crash came between the two
    writes; the command was journaled, so resume keeps it and updates the session file."""
    journal = tmp_path / "j"
    out = scripted(journal, ARGS, SCRIPT[:4])
    _set(journal / "session.toml", r"^commands = 4$", "commands = 3")
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert same_state(resumed[0], out[3])
    assert "commands = 4" in (journal / "session.toml").read_text()


def test_crash_after_next_before_the_new_hand_file(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    out = scripted(journal, ARGS, SCRIPT[:22])
    (journal / "hand-0002.phh").unlink()
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert "resumed at the start of" in err
    assert same_state(resumed[0], out[21])


def _refused(journal: Path, fragment: str) -> str:
    before = {p.name: p.read_bytes() for p in journal.iterdir()}
    code, out, err = deal(["--resume", str(journal)], ["status"])
    assert code == 2 and out == []
    assert err.count("\n") == 1 and err.startswith("drawdealer: error: cannot resume: ")
    assert "Traceback" not in err and fragment in err, err
    assert {p.name: p.read_bytes() for p in journal.iterdir()} == before  # nothing touched
    return err


def test_hand_file_edited_into_nonsense_is_refused_with_file_and_line(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ARGS, SCRIPT[:9])
    hand = journal / "hand-0001.phh"
    lines = hand.read_text().splitlines()
    index = next(k for k, line in enumerate(lines) if "cbr 30" in line)
    original = hand.read_text()
    hand.write_text(original.replace("cbr 30", "cbr 9999"))
    err = _refused(journal, f"{hand}:{index + 1}: ")
    assert "Cat puts in 9999 with 94 behind (BET_EXCEEDS_STACK)" in err  # not read as an all-in (issue 14 defect 1)
    swapped = lines[:index - 1] + [lines[index], lines[index - 1]] + lines[index + 1:]
    hand.write_text("\n".join(swapped) + "\n")
    err = _refused(journal, f"{hand}:{index}: ")
    assert "ACTION_OUT_OF_TURN" in err
    hand.write_text(original.replace("starting_stacks = [", "starting_stacks = [["))
    _refused(journal, f"{hand}:")
    hand.write_text(original.replace("p1 sd ????", "p1 sd ????????????"))
    err = _refused(journal, f"{hand}:")
    assert "DRAW_COUNT_EXCEEDED" in err
    hand.write_text(re.sub(r"commands = \d+", "commands = 2", original))
    _refused(journal, "do not belong together")
    hand.write_text(original.replace("150", "151", 1))
    _refused(journal, "starting stacks differ")


def test_an_action_line_removed_by_hand_is_refused(tmp_path: Path) -> None:
    """The hand file counts its actions: without its last action line it would replay legally, one
    action short (the journal is written atomically, so only an edit can do this)."""
    journal = tmp_path / "j"
    out = scripted(journal, ARGS, SCRIPT[:12])
    hand = journal / "hand-0001.phh"
    original = hand.read_text()
    lines = original.splitlines()
    last = max(k for k, line in enumerate(lines) if re.match(r"\s+'p\d ", line))
    hand.write_text("\n".join(lines[:last] + lines[last + 1:]) + "\n")
    marker = next(k for k, line in enumerate(lines) if line.startswith("_dealer_journal"))  # one line up now
    err = _refused(journal, f"{hand}:{marker}: ")
    assert "counts 14 actions but the file has 13: a line was added or removed by hand" in err
    hand.write_text(original.replace(", actions = 14}", "}"))  # a journal written before the count
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert same_state(resumed[0], out[11])


def test_session_file_edited_into_nonsense_is_refused_with_file_and_line(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ARGS, SCRIPT[:3])
    session = journal / "session.toml"
    original = session.read_text()
    session.write_text(original.replace('button = "Ann"', 'button = "Zed"'))
    line = next(k for k, t in enumerate(session.read_text().splitlines(), 1) if t.startswith("button"))
    _refused(journal, f"{session}:{line}: button 'Zed' is not seated")
    session.write_text(original.replace("commands = 3", "commands = 1"))
    _refused(journal, "do not belong together")
    session.write_text(original.replace('game = "27TD-NL"', 'game = "HOLDEM"'))
    _refused(journal, "unknown game")
    session.write_bytes(b"\xff\xfe\x00garbage")
    _refused(journal, f"{session}")
    session.unlink()
    _refused(journal, "holds no dealing session")


def test_missing_hand_file_mid_hand_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ARGS, SCRIPT[:3])
    (journal / "hand-0001.phh").unlink()
    _refused(journal, "missing, but session.toml counts 3 commands in hand 1")


def test_resume_of_a_directory_without_a_session(tmp_path: Path) -> None:
    code, out, err = deal(["--resume", str(tmp_path / "nothing")], [])
    assert code == 2 and err.count("\n") == 1 and "no such journal directory" in err


def test_a_journal_that_cannot_be_written_stops_the_session_with_one_line(tmp_path: Path, monkeypatch) -> None:
    """Disk full: the command is not shown as accepted; the session stops (exit 2) and can resume."""
    import drawdealer.cli.deal.journal as journal_module

    journal = tmp_path / "j"
    scripted(journal, ARGS, SCRIPT[:2])
    real = journal_module.atomic_write

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal_module, "atomic_write", full)
    code, out, err = deal(["--resume", str(journal)], ["call", "status"])
    assert code == 2 and out == []
    assert "cannot write" in err and f"--resume {journal}" in err and err.count("\n") == 2  # resumed + error
    monkeypatch.setattr(journal_module, "atomic_write", real)
    code, out, err = deal(["--resume", str(journal)], ["call"])
    assert code == 0 and out[0]["message"] == "ok: Cat calls 4"
