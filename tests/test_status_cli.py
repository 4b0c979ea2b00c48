"""``drawdealer status FILE``: whose turn in a partial hand (PHH or PokerStars), legal amounts (issue 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from deal_support import scripted
from drawdealer.cli.app import app
from shared_data import ABSENT, CORPUS

RUNNER = CliRunner()

PARTIAL_PS = """\
PokerStars Hand #1000000001:  Triple Draw 2-7 Lowball Pot Limit ($0.10/$0.25 USD) - 2011/06/26 23:34:01 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Ben ($10 in chips)
Seat 3: Cat ($10 in chips)
Ben: posts small blind $0.10
Cat: posts big blind $0.25
*** DEALING HANDS ***
Ann: raises $0.50 to $0.75
"""


def _status(path: Path, *extra: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, ["status", str(path), *extra])
    return result.exit_code, result.stdout, result.stderr


def test_status_agrees_with_the_dealer_at_every_point_of_a_session(tmp_path: Path) -> None:
    """The PHH journal of a session, read back as a file, gives the same turn and legal amounts."""
    args = ["--game", "27TD-PL", "--stakes", "1/2", "--seat=Ann=200", "--seat=Ben=150", "--seat=Cat=100",
            "--button", "Ann"]
    script = ["raise 7", "call", "raise 28", "call", "fold", "draw 2", "pat", "bet 20", "raise 60"]
    for cut in range(1, len(script) + 1):
        journal = tmp_path / f"j{cut}"
        out = scripted(journal, args, script[:cut])
        code, stdout, err = _status(journal / "hand-0001.phh", "--json")
        assert code == 0, err
        got = json.loads(stdout)
        want = out[-1]
        assert (got["street"], got["to_act"], got["pot"], got["legal"], got["stacks"], got["stub"], got["drawn"]) == (
            want["street"], want["to_act"], want["pot"], want["legal"], want["stacks"], want["stub"], want["drawn"]), cut
    assert got["drawn"] == {"Cat": [2], "Ann": [0]}  # the cards drawn per player per draw (issue 16)
    code, stdout, _ = _status(journal / "hand-0001.phh")
    assert "drawn: Cat 2 · Ann pat" in stdout


def test_status_of_a_partial_pokerstars_hand(tmp_path: Path) -> None:
    """Pot limit (RULES.md §7.3): P = 1.10, H = 0.75, c = 0.10 → max 0.75 + 1.10 + 0.65 = 2.50,
    min 0.75 + 0.50 = 1.25, call 0.65."""
    path = tmp_path / "partial.txt"
    path.write_text(PARTIAL_PS)
    code, stdout, _ = _status(path, "--json")
    assert code == 0
    got = json.loads(stdout)
    assert (got["game"], got["street"], got["to_act"], got["pot"]) == ("27TD-PL", "B1", "Ben", 110)
    assert (got["legal"]["to_call"], got["legal"]["min_raise_to"], got["legal"]["max_raise_to"]) == (65, 125, 250)
    code, stdout, _ = _status(path)
    assert code == 0
    assert "Ben: call $0.65 · raise to $1.25–$2.50 (pot) · fold" in stdout
    assert "nobody is to act" not in stdout  # the player to act was just named


def test_status_of_a_partial_full_tilt_hand(tmp_path: Path) -> None:
    """A Full Tilt log (read by validate and convert since issue 19) used to end in an empty error,
    'FILE: ', exit 2. The corpus's 2-7 triple draw hand cut before the third draw: Player5, first
    from the button's left, draws first in D3, the pot 2,925 (RULES.md §6.3)."""
    source = CORPUS / "fpdb" / "cash" / "FTP" / "Draw" / "3-Draw-Limit-USD-150-300-201012.txt"
    if not source.is_file():
        pytest.skip(ABSENT)
    lines = source.read_text(encoding="utf-16").splitlines()
    path = tmp_path / "partial_ftp.txt"
    path.write_text("\n".join(lines[:lines.index("*** THIRD DRAW *** (Pot: $2,925)")]) + "\n", encoding="utf-8")
    code, stdout, _ = _status(path, "--json")
    assert code == 0
    got = json.loads(stdout)
    assert (got["game"], got["street"], got["to_act"], got["pot"]) == ("27TD-FL", "D3", "Player5", 292500)


def test_status_lists_rule_errors_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(PARTIAL_PS.replace("raises $0.50 to $0.75", "raises $4.75 to $5"))
    code, stdout, _ = _status(path)
    assert code == 1
    assert "RAISE_ABOVE_POT_LIMIT" in stdout


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(None, "cannot read"), ("hello\n", "not a hand history"), ("variant = 'F2L3D'\nactions = [\n", "not valid TOML")],
)
def test_status_of_an_unreadable_file_is_one_line_and_exit_2(tmp_path: Path, content: str | None,
                                                               fragment: str) -> None:
    path = tmp_path / "f.txt"
    if content is not None:
        path.write_text(content)
    code, stdout, err = _status(path)
    assert code == 2 and stdout == ""
    assert err.startswith("drawdealer: error: ") and err.count("\n") == 1 and fragment in err, err



def test_status_of_a_merge_hand(tmp_path: Path) -> None:
    """An XML site's file (issue 19): its last hand replayed, whose turn it is; it used to end in an
    empty error 'FILE: ' (exit 2), as a Full Tilt file once did. Bob has bet after the first draw:
    Ann is to act."""
    from tests.test_parse_merge import HAND

    path = tmp_path / "merge.xml"
    path.write_text(HAND.split('\t\t<event sequence="10"')[0] + "\t</round>\n</game>\n")
    result = CliRunner().invoke(app, ["status", str(path)])
    assert result.exit_code == 0, result.output
    assert "27TD-FL" in result.output and "Ann" in result.output


def test_a_journal_folder_gives_its_current_hand_or_hand_n_with_its_actions(tmp_path: Path) -> None:
    """``status JOURNAL`` reads the hand under way; ``--hand N`` hand N, with its actions in words and,
    once over, its result (issue 27); a hand the journal does not hold is one line, exit 2."""
    journal = tmp_path / "j"
    scripted(journal, ["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Ben=100", "--button", "Ann"],
             ["fold", "next", "call"])
    code, out, _ = _status(journal)
    assert code == 0 and out.startswith(f"{journal / 'hand-0002.phh'}: hand 2 (27TD-FL), B1, pot 4")
    assert "  1. Ben posts the small blind 1" not in out  # the actions only with --hand
    code, out, _ = _status(journal, "--hand", "1")
    assert code == 0 and out.splitlines()[1:4] == ["   1. Ann posts the small blind 1", "   2. Ben posts the big blind 2",
                                                   "   3. Ann folds"]
    assert "Main pot 2: Ben — Ben is the only player eligible (uncontested)" in out
    assert "stacks: Ann 99, Ben 101" in out  # the pot paid
    for bad, words in (("9", "no hand 9 in this journal (hands 1-2)"),
                       ("x", "--hand x: a hand of a journal is a number")):
        code, out, err = _status(journal, "--hand", bad)
        assert code == 2 and words in err and err.count("\n") == 1


def test_hand_n_of_a_file_is_the_hand_whose_id_is_n(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(PARTIAL_PS.replace("Ann: raises $0.50 to $0.75\n", "Ann: folds\nBen: calls $0.15\n") + "\n\n"
                    + PARTIAL_PS.replace("#1000000001", "#1000000002"), encoding="utf-8")
    code, out, _ = _status(path, "--hand", "1000000001")
    assert code == 0 and "hand 1000000001" in out and "   3. Ann folds" in out
    code, _, err = _status(path, "--hand", "7")
    assert code == 2 and "no hand 7 in this file" in err
