"""The journal's files (issue 5, "nothing is lost"): atomic replacement and the strict session file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from drawdealer.cli.deal.journal import Journal, atomic_write
from drawdealer.cli.deal.sessionfile import SessionFileError, SessionInfo, parse_session

INFO = SessionInfo(
    game="27TD-FL",
    options={"FL_MAX_BETS_PER_ROUND": 5, "LAST_CARD_RULE": "DEAL_TO_LAST", "FL_HEADS_UP_UNCAPPED": True},
    stakes={"sb": 1, "bb": 2},
    seats=(("Alice", 100), ("Bob", 0), ("Carol", 250)),
    button="Carol",
    hand=3,
    hand_start=40,
    commands=47,
    carry={"requirement": "Q", "pot": 20},
    started="2024-01-01T10:00:00",
)


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "f.txt"
    atomic_write(target, "one\n")
    atomic_write(target, "two\n")
    assert target.read_text() == "two\n"
    assert os.listdir(tmp_path) == ["f.txt"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.txt"
    atomic_write(target, "old\n")

    def boom(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write(target, "new\n")
    assert target.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["f.txt"]


def test_journal_paths_and_hand_numbers(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j")
    journal.create()
    assert not journal.exists()
    journal.write_hand(2, "b")
    journal.write_hand(10, "c")
    journal.write_session(INFO.to_toml())
    assert journal.exists()
    assert journal.hand_numbers() == [2, 10]
    assert journal.read_hand(2) == "b"
    assert journal.read_hand(3) is None
    assert journal.hand_path(10).name == "hand-0010.phh"


def test_a_file_named_like_a_hand_but_not_numbered_in_ascii_is_no_hand(tmp_path: Path) -> None:
    """``hand-².phh`` (``'²'.isdigit()`` is True, ``int('²')`` fails) and ``hand-x.phh`` beside the hands:
    neither is a hand of the journal, and ``ledger --hands`` lists the journal's own (it failed with a
    ValueError)."""
    from typer.testing import CliRunner

    from deal_support import scripted
    from drawdealer.cli.app import app
    from drawdealer.journal_files import hand_number, is_current_hand

    assert [hand_number(n) for n in ("hand-0001.phh", "hand-12.phh", "hand-².phh", "hand-x.phh", "hand-.phh",
                                     "hand-0001.session.toml", "x.phh")] == [1, 12, None, None, None, None, None]
    folder = tmp_path / "j"
    scripted(folder, ["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--button",
                      "Ann"], ["fold"])
    for odd in ("hand-².phh", "hand-x.phh"):
        (folder / odd).write_text((folder / "hand-0001.phh").read_text())
        assert not is_current_hand(folder / odd)
    assert Journal(folder).hand_numbers() == [1]
    listed = CliRunner().invoke(app, ["ledger", "--hands", str(folder)])
    assert listed.exit_code == 0 and listed.exception is None, listed.stdout
    rows = listed.stdout.split("\n\n")[0].splitlines()[1:]  # the hand lines, above the ledger
    assert [row.split()[0] for row in rows] == ["1"]


def test_session_file_round_trips() -> None:
    assert parse_session(INFO.to_toml()) == INFO


@pytest.mark.parametrize(
    ("old", "new", "message", "line_text"),
    [
        ('stack = 250', 'stack = -1', "stack of Carol must be a whole number ≥ 0", "[[seats]]"),
        ('button = "Carol"', 'button = "Dave"', "button 'Dave' is not seated", 'button = "Dave"'),
        ('commands = 47', 'commands = "x"', "'commands' must be a whole number", 'commands = "x"'),
        ('hand_start = 40', 'hand_start = 50', "'hand_start' (50) is after 'commands' (47)", "hand_start = 50"),
        ('bb = 2', 'bb = -2', "stake 'bb' must be a whole number", "bb = -2"),
        ('name = "Bob"', 'name = "Alice"', "seat name Alice appears twice", "[[seats]]"),
        ('version = 1', 'version = 0', "'version' must be 1", "version = 0"),
        ('version = 1', 'version = 7', "written by a newer drawdealer (journal version 7; this one reads version 1)",
         "version = 7"),
        ('hand = 3', 'hand = 3 3', "not valid TOML", "hand = 3 3"),
    ],
)
def test_session_file_edited_into_nonsense_is_refused_with_its_line(
    old: str, new: str, message: str, line_text: str
) -> None:
    text = INFO.to_toml()
    assert old in text
    bad = text.replace(old, new, 1)
    with pytest.raises(SessionFileError) as info:
        parse_session(bad)
    assert message in str(info.value)
    assert info.value.line is not None
    assert bad.splitlines()[info.value.line - 1].strip().startswith(line_text)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('pot = 20', 'pot = "x"', "carry 'pot' must be a whole number"),
        ('requirement = "Q"', 'requirement = "T"', "carry 'requirement' must be J, Q, K or A"),
        ('FL_MAX_BETS_PER_ROUND = 5', 'FL_MAX_BETS_PER_ROUND = 1', "option FL_MAX_BETS_PER_ROUND: must be within"),
        ('game = "27TD-FL"', 'game = "HOLDEM"', "unknown game"),
    ],
)
def test_session_rules_and_carry_are_checked_with_their_line(old: str, new: str, message: str) -> None:
    bad = INFO.to_toml().replace(old, new, 1)
    with pytest.raises(SessionFileError) as info:
        parse_session(bad)
    assert message in str(info.value)
    assert bad.splitlines()[info.value.line - 1].strip() == new
