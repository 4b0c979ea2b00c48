"""The dealer's typed commands (issues 5, 27) and the prompt's tab completion."""

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
    assert show.text == "show bob 7s5h4d3c2s"  # what was typed: a refusal quotes it (issue 27)
    muck = parse_command("muck CAROL", names=NAMES)
    assert muck is not None and muck.player == "Carol"


@pytest.mark.parametrize("line", ["show 8s6d5c4h2h", "show 8s 6d 5c 4h 2h", "muck"])
def test_show_and_muck_without_a_name_are_for_the_player_the_prompt_names(line: str) -> None:
    """The showdown prompt reads ``Bob: show CARDS · muck`` (issue 27): what it shows is accepted,
    the player is the session's to fill in (``actions.py``)."""
    command = parse_command(line, names=NAMES)
    assert command is not None and command.player is None
    assert command.cards == (tuple(parse_cards("8s 6d 5c 4h 2h")) if command.verb is Verb.SHOW else ())


@pytest.mark.parametrize(("line", "verb"), [
    ("buio", Verb.BUIO), ("controbuio", Verb.CONTROBUIO), ("deal", Verb.DEAL), ("passo", Verb.PASSO),
    ("parola", Verb.CHECK), ("piatto", Verb.PIATTO), ("apro", Verb.PIATTO), ("chip", Verb.CHIP), ("cip", Verb.CHIP),
    ("servito", Verb.PAT), ("check", Verb.CHECK), ("Passo", Verb.PASSO),
])
def test_italian_words_are_commands_of_italian_poker_only(line: str, verb: Verb) -> None:
    """RULES.md §6.3 *servito*, §6.4 *parola*, §7.6 *chip*, *piatto*, *apro*, *passo*, §10.6 *buio*,
    *controbuio* (issue 27): commands in ``ITA``, refused in a 2-7 game."""
    command = parse_command(line, italian=True)
    assert command is not None and command.verb is verb
    if verb not in (Verb.CHECK, Verb.PAT):
        with pytest.raises(CommandError, match="a word of Italian poker, not of this game"):
            parse_command(line)


@pytest.mark.parametrize(("line", "word"), [("rasie to 7", "raise"), ("chekc", "check"), ("fodl", "fold"),
                                            ("stauts", "status"), ("rebuyy Ann 50", "rebuy")])
def test_a_typo_gets_the_closest_word(line: str, word: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_command(line, names=NAMES)
    assert f"did you mean '{word}'?" in str(info.value)


def test_italian_typos_get_italian_words_in_italian_poker_only() -> None:
    with pytest.raises(CommandError, match="did you mean 'piatto'") as info:
        parse_command("piato", italian=True)
    with pytest.raises(CommandError) as info:
        parse_command("piato")
    assert "piatto" not in str(info.value)


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
        ("raize 10", "unknown command 'raize': did you mean 'raise'?"),
        ("bet", "usage: bet N"),
        ("bet ten", "needs an amount as a whole number, not 'ten'"),
        ("bet -5", "at least 0"),
        ("bet 0", "use 'check'"),
        ("raise 10 20", "usage: raise [to] N"),
        ("draw", "usage: draw N"),
        ("draw x", "a number of cards"),
        ("fold now", "takes no argument"),
        ("show Bob", "usage: show [NAME] CARDS: the cards of Bob's hand"),
        ("show", "usage: show [NAME] CARDS"),
        ("show Dave 7s5h4d3c2s", "no player called 'Dave'"),
        ("show Bob 7s 5h 4x 3c 2s", "'4x' is not a card"),
        ("show Bob 7s 7s 4d 3c 2s", "7s appears twice"),
        ("muck Bob Carol", "usage: muck [NAME]"),
    ],
)
def test_malformed_commands_are_refused_with_a_reason(line: str, reason: str) -> None:
    with pytest.raises(CommandError) as info:
        parse_command(line, names=NAMES)
    assert reason in str(info.value)
    assert "\n" not in str(info.value)


def test_help_lists_the_commands_of_the_game_being_dealt() -> None:
    """``help`` in a 2-7 game has no ``buio`` (issue 27); Italian poker's lists its words too."""
    italian, other = help_text(True), help_text(False)
    for verb in Verb:
        assert verb.value in italian
    for word in ("buio", "controbuio", "deal (no buio)", "passo", "piatto", "chip", "parola", "servito"):
        assert word in italian and word not in other
    for word in ("fold", "check", "raise [to] N", "show [NAME] CARDS", "muck [NAME]", "rebuy NAME CHIPS", "quit"):
        assert word in other


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
