"""The dealer's typed commands (issue 5) and the prompt's tab completion."""

from __future__ import annotations

import pytest

from drawdealer.cli.deal.commands import CommandError, Verb, help_text, parse_command
from drawdealer.cli.deal.prompt import complete
from drawdealer.engine.cards import parse_cards

NAMES = ("Alice", "Bob", "Carol")


@pytest.mark.parametrize(
    ("line", "verb", "amount", "count"),
    [
        ("fold", Verb.FOLD, None, None),
        ("  CHECK ", Verb.CHECK, None, None),
        ("call", Verb.CALL, None, None),
        ("bet 20", Verb.BET, 20, None),
        ("raise 60", Verb.RAISE, 60, None),
        ("raise to 60", Verb.RAISE, 60, None),
        ("allin", Verb.ALLIN, None, None),
        ("all-in", Verb.ALLIN, None, None),
        ("draw 3", Verb.DRAW, None, 3),
        ("draw 0", Verb.DRAW, None, 0),
        ("pat", Verb.PAT, None, None),
        ("buio", Verb.BUIO, None, None),
        ("controbuio", Verb.CONTROBUIO, None, None),
        ("undo", Verb.UNDO, None, None),
        ("status", Verb.STATUS, None, None),
        ("next", Verb.NEXT, None, None),
        ("quit", Verb.QUIT, None, None),
        ("call  # Bob calls", Verb.CALL, None, None),
    ],
)
def test_commands_parse_into_values(line: str, verb: Verb, amount: int | None, count: int | None) -> None:
    command = parse_command(line, names=NAMES)
    assert command is not None
    assert (command.verb, command.amount, command.count) == (verb, amount, count)


def test_show_and_muck_match_names_case_insensitively() -> None:
    show = parse_command("show bob 7s5h4d3c2s", names=NAMES)
    assert show is not None and show.player == "Bob" and show.verb is Verb.SHOW
    assert show.cards == tuple(parse_cards("7s 5h 4d 3c 2s"))
    assert show.text == "show Bob 7s 5h 4d 3c 2s"
    muck = parse_command("muck CAROL", names=NAMES)
    assert muck is not None and muck.player == "Carol"


def test_hand_commands_are_flagged_as_changing_the_hand() -> None:
    assert parse_command("call").changes_hand
    assert not parse_command("status").changes_hand
    assert not parse_command("undo").changes_hand


@pytest.mark.parametrize("line", ["", "   ", "# just a note"])
def test_blank_lines_and_comments_are_not_commands(line: str) -> None:
    assert parse_command(line) is None


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("raize 10", "unknown command 'raize'"),
        ("bet", "usage: bet N"),
        ("bet ten", "needs an amount as a whole number, not 'ten'"),
        ("bet -5", "at least 0"),
        ("bet 0", "use 'check'"),
        ("raise 10 20", "usage: raise N"),
        ("draw", "usage: draw N"),
        ("draw x", "a number of cards"),
        ("fold now", "takes no argument"),
        ("show Bob", "usage: show NAME CARDS"),
        ("show Dave 7s5h4d3c2s", "no player called 'Dave'"),
        ("show Bob 7s 5h 4x 3c 2s", "'4x' is not a card"),
        ("show Bob 7s 7s 4d 3c 2s", "7s appears twice"),
        ("muck", "usage: muck NAME"),
    ],
)
def test_malformed_commands_are_refused_with_a_reason(line: str, reason: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_command(line, names=NAMES)
    assert reason in str(info.value)
    assert "\n" not in str(info.value)


def test_help_lists_every_command() -> None:
    text = help_text()
    for verb in Verb:
        assert verb.value in text


WORDS = {"check": (), "call": (), "show": NAMES, "muck": NAMES, "controbuio": (), "rebuy": NAMES, "seat": ()}
"""What a session offers at some moment (``DealerSession.completions``)."""


@pytest.mark.parametrize(
    ("buffer", "expected"),
    [
        ("", [w + " " for w in WORDS]),
        ("ch", ["check "]),
        ("c", ["check ", "call ", "controbuio "]),
        ("show ", ["Alice ", "Bob ", "Carol "]),
        ("show b", ["Bob "]),
        ("muck c", ["Carol "]),
        ("rebuy a", ["Alice "]),
        ("show Bob ", []),
        ("seat ", []),
        ("bet ", []),
        ("d", []),  # no draw now: not offered
    ],
)
def test_tab_completion(buffer: str, expected: list[str]) -> None:
    assert complete(buffer, WORDS) == expected
