"""Declining the Italian blind opening with ``deal`` (RULES.md §10.6) in ``drawdealer deal``.

When R = J the player left of the dealer may open blind (*buio*) before the deal. Declining used to
happen only implicitly, through his first betting word after the deal. When nobody else has chips
behind, the deal itself ends the hand (nobody can open: unopened, the pot stays in the middle,
RULES.md §6.2, §10.2), so there was no betting word left and the dealer could only type ``buio``.
``deal`` declines the declaration and deals; it is journaled, undone and resumed like any action.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from deal_support import deal, replay_journal, same_state, scripted, validate_journal
from drawdealer.cli.deal.commands import Verb, help_text, parse_command
from drawdealer.engine.record import Action, ActionKind, HandRecord, Seat, Stakes
from drawdealer.parsers import write_phh
from drawdealer.parsers.phh import parse_hand

HEADS_UP = ["--game", "ITA", "--invito", "2", "--chip", "1", "--seat=A=2", "--seat=B=100", "--button", "A"]
"""A, the dealer, puts his last 2 chips in as the invito (RULES.md §10.1): only B has chips."""
ALL_ANTE = ["--game", "ITA", "--ante", "2", "--chip", "1", "--option", "IT_FORCED_BET=ALL_ANTE",
            "--seat=A=3", "--seat=B=50", "--seat=C=2", "--button", "A"]
"""Everyone antes 2 and the dealer adds the chip (§10.1): A and C are all-in, B alone has chips."""


def _resumed(journal: Path, commands: list[str]) -> list[dict]:
    """Resume ``journal`` and run ``commands``; every one must be accepted."""
    code, out, err = deal(["--resume", str(journal)], commands)
    assert code == 0, err
    assert all(not (line["message"] or "").startswith("refused") for line in out), out
    return out


def test_the_stuck_declarer_is_offered_deal_and_it_ends_the_hand_unopened(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    code, out, err = deal([*HEADS_UP, "--journal", str(journal)], ["check", "deal", "next"])
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    refused = out[0]
    assert refused["street"] == "SETUP" and refused["to_act"] == "B"
    assert refused["message"].startswith("refused 'check':")
    assert refused["message"].endswith("B: buio 4 · deal (no buio)")  # the way out is listed
    done = out[1]
    assert done["message"] == "ok: B declines the blind opening: the cards are dealt"
    assert done["street"] == "AWARD" and done["to_act"] is None
    assert done["stacks"] == {"A": 0, "B": 100} and done["awards"] == []
    assert "Nobody opened: 2 stays in the middle; the next deal needs Q to open (RULES.md §10.2)" in done["notes"]
    assert out[2]["message"].startswith("refused 'next': only B has chips left")
    text = (journal / "hand-0001.phh").read_text(encoding="utf-8")
    assert "'# drawdealer: deal p1'," in text  # the decline is a journaled action


def test_deal_in_the_three_player_all_ante_case(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    out = scripted(journal, ALL_ANTE, ["status", "deal"])
    assert out[0]["to_act"] == "B" and out[0]["legal"]["blind_open"] == 14
    assert out[1]["street"] == "AWARD" and out[1]["pot"] == 7
    assert out[1]["stacks"] == {"A": 0, "B": 48, "C": 0}


def test_resume_after_the_decline_reaches_the_same_state(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    out = scripted(journal, HEADS_UP, ["deal"])
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert same_state(resumed[0], out[0])
    assert resumed[0]["message"].endswith("hand 1, AWARD (1 commands so far)")


def test_a_crash_between_the_two_writes_of_the_decline_is_rolled_forward(tmp_path: Path) -> None:
    """The hand file is the commit point (session.py): a session file one command behind it is
    rolled forward on resume, and the hand is where the decline left it."""
    journal = tmp_path / "j"
    before = scripted(journal, HEADS_UP, ["status"])
    shutil.copy(journal / "session.toml", tmp_path / "session.before")
    after = _resumed(journal, ["deal"])
    shutil.copy(tmp_path / "session.before", journal / "session.toml")  # the crash: session file not written
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert not same_state(before[0], after[0])
    assert same_state(resumed[0], after[0])
    assert "commands = 1" in (journal / "session.toml").read_text(encoding="utf-8")


def test_undo_after_the_decline_offers_the_blind_again_and_buio_still_works(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    out = scripted(journal, HEADS_UP, ["status", "deal", "undo"])
    assert out[2]["message"] == "undone: B declines the blind opening: the cards are dealt"
    assert same_state(out[2], out[0])
    assert out[2]["street"] == "SETUP" and out[2]["legal"]["blind_open"] == 4
    code, resumed, err = deal(["--resume", str(journal)], ["status", "buio"])
    assert code == 0, err
    assert same_state(resumed[0], out[0])
    assert resumed[1]["message"] == "ok: B opens blind (buio) for 4"
    assert resumed[1]["street"] == "D1" and resumed[1]["to_act"] == "B"  # B1 has nobody to answer (§6.2)
    # nobody can answer the blind: its chips come back as uncalled (RULES.md §7.1)
    assert resumed[1]["stacks"] == {"A": 0, "B": 100} and resumed[1]["pot"] == 2


def test_the_journal_of_a_declined_deal_validates_clean(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, HEADS_UP, ["deal"])
    assert validate_journal(journal) == {"hand-0001.phh": []}
    (result,) = replay_journal(journal)
    assert result.findings == () and result.complete
    assert result.settlement.outcome == "UNOPENED" and result.settlement.carried == 2


def test_deal_also_declines_when_the_declarer_could_bet(tmp_path: Path) -> None:
    """With chips all round ``deal`` is accepted too (the choices keep listing the betting words,
    which decline implicitly); the declarer then acts first in B1."""
    args = ["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=P1=100", "--seat=P2=100",
            "--seat=P3=100", "--button", "P3"]
    journal = tmp_path / "j"
    code, out, err = deal([*args, "--journal", str(journal)], ["bet 0x", "deal", "check", "deal"])
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    assert out[0]["message"].endswith(
        "P1: buio 20 · check / passo · bet 1–10 (pot) / chip / piatto · fold · deal (no buio)")
    assert out[1]["street"] == "B1" and out[1]["to_act"] == "P1"
    assert out[2]["message"] == "ok: P1 checks"
    assert out[3]["message"].startswith("refused 'deal': no blind opening to decline now")
    code, resumed, err = deal(["--resume", str(journal)], ["status"])
    assert code == 0, err
    assert same_state(resumed[0], out[2])
    assert validate_journal(journal) == {"hand-0001.phh": []}


def test_deal_declines_a_controbuio(tmp_path: Path) -> None:
    """P1 opens blind for 20; P2 may post a controbuio of 40 (§10.6) or let the cards be dealt, then
    answer the blind: call or fold, no raise."""
    args = ["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=P1=100", "--seat=P2=100",
            "--seat=P3=100", "--button", "P3"]
    out = scripted(tmp_path / "j", args, ["buio", "deal", "call"])
    assert out[0]["to_act"] == "P2" and out[0]["legal"]["controbuio"] == 40
    assert out[1]["message"] == "ok: P2 declines the controbuio: the cards are dealt"
    assert out[1]["street"] == "B1" and out[1]["to_act"] == "P2" and out[1]["legal"]["to_call"] == 20
    assert out[2]["message"] == "ok: P2 calls 20"


def test_deal_is_a_command_word_listed_in_help() -> None:
    command = parse_command("deal", italian=True)
    assert command is not None and command.verb is Verb.DEAL and command.changes_hand
    assert parse_command("nobuio", italian=True).verb is Verb.DEAL
    assert "deal (no buio)" in help_text(True)


def test_a_deal_that_names_no_card_survives_the_phh_writer() -> None:
    """A deal action with no card and no count (the decline) is written as ``# drawdealer: deal pN``
    commentary and read back as the same action; the player's hole cards stay a ``d dh`` line."""
    seats = (Seat(seat=1, name="A", stack=2), Seat(seat=2, name="B", stack=100))
    actions = (Action(kind=ActionKind.POST_INVITO, player="A", amount=2, all_in=True),
               Action(kind=ActionKind.DEAL, player="B"))
    hand = HandRecord(hand_id="1", game="ITA", seats=seats, button="A", stakes=Stakes(invito=2, chip=1),
                      actions=actions)
    text = write_phh(hand)
    assert "'d dh p1 ??????????',\n  'd dh p2 ??????????',\n  '# drawdealer: deal p1',\n" in text
    again = parse_hand(text.splitlines(), 1, "x.phh")
    assert [(a.kind, a.player, a.count, a.cards) for a in again.actions] == \
           [(a.kind, a.player, a.count, a.cards) for a in actions]
