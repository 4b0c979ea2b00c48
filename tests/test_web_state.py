"""The page's state is what ``drawdealer deal --json`` prints for the same moment (issue 28): the
journal replayed by the dealer's own reader gives the dealer's own ``TableView.to_json()``.

After every command of random sessions of every game, ``read_state`` of the journal is compared
with the reply's JSON line: every field of the line is in ``table`` with the same value, but for
what only answers the typed command (``ok``, ``message``, the notes said as the action was
accepted), which the page gets per action in ``said``, built by the same ``DealerSession.accept``.
"""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import pytest

from deal_support import scripted
from web_support import Step, played
from drawdealer.cli.text import json_text
from drawdealer.engine.variants import GAMES
from drawdealer.web.tablestate import read_state

ANSWERS = ("ok", "message", "notes")
"""The fields of a ``deal --json`` line that answer the command typed (not in the journal)."""


def check_same_moment(step: Step) -> dict:
    """The page's state of ``step``'s journal against the line ``deal --json`` printed for it."""
    line = json.loads(json_text(step.reply.view.to_json()))
    state = read_state(step.session.journal.directory)
    assert state["problem"] is None, state["problem"]
    table = state["table"]
    assert set(table) == set(line) - {"ledger"}, step.line  # a field added to --json reaches the page
    for key in set(line) - set(ANSWERS) - {"ledger"}:
        assert table[key] == line[key], (step.line, key)
    assert table["ok"] is True and table["message"] is None
    said = state["said"]
    if step.line == "next":
        assert line["notes"] == table["notes"]
    else:  # an action: its words and what it set off are the last of the hand's ``said``
        assert line["message"] == f"ok: {said[-1]['text']}", step.line
        assert line["notes"] == said[-1]["notes"] + table["notes"], step.line
    seats = {seat["name"]: seat for seat in state["seats"]}
    assert {name: seat["stack"] for name, seat in seats.items()} == line["stacks"]
    assert {n: s["drawn"] for n, s in seats.items() if s["drawn"]} == line["drawn"]
    assert [seat["name"] for seat in state["seats"] if seat["to_act"]] == ([line["to_act"]] if line["to_act"] else [])
    assert sum(pot["amount"] for pot in state["pots"]) + line["bets_in_front"] == line["pot"]
    return state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_after_every_command_the_page_state_is_the_deal_json_line(game: str) -> None:
    """Two random hands (and ``next``) of each game, the page's state checked after each command."""
    seen = set()
    with mock.patch("os.fsync"):  # durability is not what is tested here: the files' contents are
        for step in played(game, seed=sum(map(ord, game)), hands=2):
            check_same_moment(step)
            seen.add(step.reply.view.street)
    assert {"B1", "AWARD"} <= seen


def test_the_last_line_of_a_real_deal_json_run_is_the_page_state(tmp_path: Path) -> None:
    """Through the command itself: ``drawdealer deal --json`` run to a showdown, then the journal read."""
    seats = ["--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100"]
    out = scripted(tmp_path / "j", ["--game", "27TD-NL", "--stakes", "1/2", *seats, "--button", "Ann"],
                   ["call", "call", "check"] + ["pat", "pat", "pat", "check", "check", "check"] * 3
                   + ["show Bob 7s 5d 4c 3h 2s", "muck Cy", "show Ann 8c 6c 5s 4d 3d"])
    state = read_state(tmp_path / "j")
    last = out[-1]
    for key in set(last) - set(ANSWERS):
        assert state["table"][key] == last[key], key
    assert state["said"][-1]["text"] == last["message"].removeprefix("ok: ")
    assert state["finished"] and state["table"]["awards"][0]["winners"] == ["Bob"]
    assert {seat["name"]: seat["cards"] for seat in state["seats"]} == {
        "Ann": ["8c", "6c", "5s", "4d", "3d"], "Bob": ["7s", "5d", "4c", "3h", "2s"], "Cy": []}


def test_pot_limit_formula_gives_the_engines_maximum(tmp_path: Path) -> None:
    """The pot-limit arithmetic shown on a tap (RULES.md §7.3, ``drawdealer potlimit``) ends on the
    maximum the engine allows: blinds 1/2, the button calls, the small blind may raise to
    H + P + (H − c) = 2 + 5 + 1 = 8."""
    seats = ["--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100"]
    out = scripted(tmp_path / "j", ["--game", "27TD-PL", "--stakes", "1/2", *seats, "--button", "Ann"], ["call"])
    state = read_state(tmp_path / "j")
    legal = out[-1]["legal"]
    assert state["table"]["to_act"] == "Bob"
    lines = state["pot_limit"]
    assert lines[-2].startswith("max raise to: H + P + (H − c) = 2 + 5 + 1 = 8")
    assert legal["max_raise_to"] == 8 and lines[-2].endswith(f"= {legal['max_raise_to']}")


@pytest.mark.parametrize("game", ["27TD-PL", "BADUGI-PL", "5CD-PL", "BADEUCEY-PL"])
def test_pot_limit_formula_agrees_with_the_engine_at_every_turn(game: str) -> None:
    """Wherever a pot-limit player may bet or raise, the formula's result is the engine's maximum
    (unless the stack clips it: then the formula says so and ends on the all-in)."""
    checked = 0
    with mock.patch("os.fsync"):
        for step in played(game, seed=7, hands=3):
            state = read_state(step.session.journal.directory)
            legal = state["table"]["legal"]
            if not state["pot_limit"]:
                continue
            most = legal["max_raise_to"] if legal["max_raise_to"] is not None else legal["max_bet"]
            formula = [line for line in state["pot_limit"] if line.startswith(("max raise to", "max bet", "clipped"))]
            assert formula[-1].endswith(f"= {most:,}") or formula[-1].endswith(f"= {most}"), (formula, legal)
            checked += 1
    assert checked >= 5


def test_italian_state_says_the_requirement_the_carry_and_the_invito(tmp_path: Path) -> None:
    """RULES.md §10.1-§10.2: nobody opens, the money stays in the middle, the next deal needs queens."""
    seats = ["--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100"]
    scripted(tmp_path / "j", ["--game", "ITA", "--invito", "10", "--chip", "1", *seats, "--button", "Ann"],
             ["check", "check", "check", "next"])
    state = read_state(tmp_path / "j")
    assert state["italian"] == {"requirement": "Q", "carried": 10, "penalty": 0, "penalty_player": None,
                                "invito": 10}
    assert state["table"]["requirement"] == "Q"


def test_the_first_italian_deal_says_its_requirement_and_invito(tmp_path: Path) -> None:
    """RULES.md §10.1-§10.2: the evening's first deal carries nothing in but needs jacks and has the
    invito; a 2-7 game has no Italian line."""
    seats = ["--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100"]
    scripted(tmp_path / "j", ["--game", "ITA", "--invito", "10", "--chip", "1", *seats, "--button", "Ann"], [])
    assert read_state(tmp_path / "j")["italian"] == {"requirement": "J", "carried": 0, "penalty": 0,
                                                     "penalty_player": None, "invito": 10}
    scripted(tmp_path / "k", ["--game", "27TD-PL", "--stakes", "1/2", *seats, "--button", "Ann"], [])
    assert read_state(tmp_path / "k")["italian"] is None


def test_a_reshuffle_said_by_the_dealer_is_on_the_page(tmp_path: Path) -> None:
    """5CD-FL, six players each drawing five (RULES.md §8.4): 52 − 30 dealt = 22 in the stub, one
    burned, four draws of five leave one card; the fifth draw needs a reshuffle, said by the dealer
    as the draw is accepted and kept on the page with that draw."""
    seats = [f"--seat=P{i}=100" for i in range(1, 7)]
    commands = ["call"] * 5 + ["check"] + ["draw 5"] * 5
    out = scripted(tmp_path / "j", ["--game", "5CD-FL", "--stakes", "1/2", *seats, "--button", "P6"], commands)
    said = [n for n in out[-1]["notes"] if n.startswith("Reshuffle now")]
    assert said, out[-1]["notes"]
    state = read_state(tmp_path / "j")
    assert state["said"][-1]["notes"] == said
    assert out[-1]["notes"] == state["said"][-1]["notes"] + state["table"]["notes"]
