"""A PHH field of the wrong type or shape (found by fuzzing) is one PARSE_ERROR finding on the line
where that field is written, naming the field and what was expected against what was seen, never
a Python exception's repr at the hand's first line (RULES.md §11; field types: the PHH spec's
required and optional fields, and the ``_drawdealer_*`` extension fields of parsers/phh.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from validate_support import FIXTURES, mutant, validate_json
FL = "phh/td_fl.phh"  # standard fields only
EXT = "phh/td_pl_extension.phh"  # with _drawdealer_* extension fields
ITA = "clean/ita_session.phhs"  # five Italian deals, with _drawdealer_carry


def field_line(text: str, field: str, after: int = 0) -> int:
    """The line where ``field = …`` is written (the first one after line ``after``)."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if n > after and line.startswith(f"{field} ="))


STACKS = "starting_stacks = [1000, 800, 1200]"
HAND = "hand = 7001"
CASES = [
    # (fixture, old text, new text, field, the finding's whole message)
    (FL, "seats = [2, 4, 6]", "seats = ['a', 4, 6]", "seats",
     "seats: expected an array of integers, got ['a', 4, 6]"),
    (FL, "seats = [2, 4, 6]", "seats = 3", "seats", "seats: expected an array of integers, got 3"),
    (FL, STACKS, 'starting_stacks = ["x", 800, 1200]', "starting_stacks",
     "starting_stacks: expected an array of numbers, got ['x', 800, 1200]"),
    (FL, STACKS, "starting_stacks = 1000", "starting_stacks",
     "starting_stacks: expected an array of numbers, got 1000"),
    (FL, 'players = ["Small Blind", "Hero", "Button"]', "players = [1, 2]", "players",
     "players: expected an array of strings, got [1, 2]"),
    (FL, "variant = \"F2L3D\"", "variant = 5", "variant", "variant: expected a string, got 5"),
    (FL, "small_bet = 20", "small_bet = 'twenty'", "small_bet", "small_bet: expected a number, got 'twenty'"),
    (FL, "big_bet = 40", "big_bet = true", "big_bet", "big_bet: expected a number, got True"),
    (FL, "big_bet = 40", "big_bet = inf", "big_bet", "'big_bet': inf is not an amount"),
    (FL, HAND, f"{HAND}\n_drawdealer_stakes = {{sb = 10, bb = nan}}", "_drawdealer_stakes",
     "'_drawdealer_stakes': nan is not an amount"),
    (FL, HAND, "hand = 70.01", "hand", "hand: expected a string or an integer, got 70.01"),
    (FL, "finishing_stacks = [990, 930, 1080]", "finishing_stacks = 5", "finishing_stacks",
     "finishing_stacks: expected an array of numbers, got 5"),
    (FL, "finishing_stacks = [990, 930, 1080]", "finishing_stacks = [990, 930]", "finishing_stacks",
     "'finishing_stacks' has 2 entries for 3 players"),
    (FL, HAND, f"{HAND}\nwinnings = ['all']", "winnings", "winnings: expected an array of numbers, got ['all']"),
    (FL, "antes = [0, 0, 0]", "antes = 3", "antes", "antes: expected an array, got 3"),
    (FL, "blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [10, 20]", "blinds_or_straddles",
     "'blinds_or_straddles' has 2 entries for 3 players"),
    (FL, "blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [[10], 20, 0]", "blinds_or_straddles",
     "'blinds_or_straddles': [10] is not an amount"),
    (FL, HAND, f"{HAND}\n_drawdealer_stakes = {{sb = 10, bbb = 20}}", "_drawdealer_stakes",
     "_drawdealer_stakes: expected keys among sb, bb, ante, small_bet, big_bet, invito, chip, got 'bbb'"),
    (FL, HAND, f"{HAND}\n_drawdealer_stakes = {{sb = 10, bb = '20'}}", "_drawdealer_stakes",
     "_drawdealer_stakes.bb: expected a number, got '20'"),
    (FL, HAND, f"{HAND}\n_drawdealer_options = ['NO_DRAW_NO_DROP']", "_drawdealer_options",
     "_drawdealer_options: expected a table of options (RULES.md §13), got ['NO_DRAW_NO_DROP']"),
    (FL, HAND, f"{HAND}\n_drawdealer_sitting_out = [[7, 'Late']]", "_drawdealer_sitting_out",
     "_drawdealer_sitting_out: expected an array of [seat, name, stack] triples, got [[7, 'Late']]"),
    (FL, HAND, f"{HAND}\n_drawdealer_button = 3", "_drawdealer_button", "_drawdealer_button: expected a string, got 3"),
    (EXT, "_drawdealer_hero = 'Hero'", "_drawdealer_hero = ['Hero']", "_drawdealer_hero",
     "_drawdealer_hero: expected a string, got ['Hero']"),
    (EXT, "_drawdealer_game = '27TD-PL'", "_drawdealer_game = 27", "_drawdealer_game",
     "_drawdealer_game: expected a string, got 27"),
    (EXT, "currency = 'USD'", "currency = 840", "currency", "currency: expected a string, got 840"),
    (EXT, "total_pot = 3.75", "total_pot = '3.75'", "_drawdealer_claims",
     "_drawdealer_claims.total_pot: expected a number, got '3.75'"),
    (EXT, "uncalled = [['Player3', 2]]", "uncalled = ['Player3', 2]", "_drawdealer_claims",
     "_drawdealer_claims.uncalled: expected an array of [player, amount] pairs, got ['Player3', 2]"),
    (EXT, "_drawdealer_options = {", "_drawdealer_options = 5\n_drawdealer_other = {", "_drawdealer_options",
     "_drawdealer_options: expected a table of options (RULES.md §13), got 5"),
]


@pytest.mark.parametrize(("fixture", "old", "new", "field", "message"), CASES,
                         ids=[f"{c[3]}-{k}" for k, c in enumerate(CASES)])
def test_a_field_of_the_wrong_type_is_a_parse_error_on_its_line(
        tmp_path: Path, fixture: str, old: str, new: str, field: str, message: str) -> None:
    path = mutant(tmp_path, fixture, old, new)
    text = path.read_text(encoding="utf-8")
    code, hands, stdout, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    [hand] = hands
    [finding] = hand["findings"]
    assert finding["code"] == "PARSE_ERROR"
    assert finding["message"] == message
    assert field in finding["message"]
    assert finding["line"] == field_line(text, field)
    assert "Traceback" not in stdout and "could not read" not in stdout


def test_a_string_for_the_actions_array_is_a_parse_error_on_its_line(tmp_path: Path) -> None:
    """``actions = "d dh p1 …"`` (one string, not an array of strings)."""
    text = (FIXTURES / FL).read_text(encoding="utf-8")
    start = text.index("actions = [")
    end = text.index("]\n", start) + 2
    path = tmp_path / "actions.phh"
    path.write_text(text[:start] + 'actions = "d dh p1 ?????????? p3 f"\n' + text[end:], encoding="utf-8")
    code, [hand], _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    [finding] = hand["findings"]
    assert finding["code"] == "PARSE_ERROR"
    assert finding["message"] == "'actions' must be an array of strings"
    assert finding["line"] == field_line(path.read_text(encoding="utf-8"), "actions")


def test_a_wrong_carry_in_a_session_fails_only_its_deal(tmp_path: Path) -> None:
    """In a ``.phhs`` session the wrong field is reported at its line in the file, for its deal
    alone; a carry's re-entries are [player, amount] pairs (RULES.md §10)."""
    old = "_drawdealer_carry = {pot = 90, requirement = 'K', penalty = 0, penalty_player = '', reentry = []}"
    path = mutant(tmp_path, ITA, old, old.replace("reentry = []", "reentry = [['p2']]"))
    text = path.read_text(encoding="utf-8")
    code, hands, _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    assert [h["hand_id"] for h in hands] == ["401", "402", "403", "404", "405"]
    [finding] = hands[2]["findings"]
    assert finding["code"] == "PARSE_ERROR"
    assert finding["message"] == ("_drawdealer_carry.reentry: expected an array of [player, amount] pairs, "
                                  "got [['p2']]")
    assert finding["line"] == field_line(text, "_drawdealer_carry", after=hands[2]["line"])
    assert finding["line"] > hands[2]["line"]
    assert all(f["code"] != "PARSE_ERROR" for h in hands[:2] for f in h["findings"])


@pytest.mark.parametrize("fixture", [FL, EXT, ITA])
def test_the_fixtures_themselves_validate_clean(fixture: str) -> None:
    code, hands, _, stderr = validate_json(FIXTURES / fixture)
    assert code == 0 and stderr == ""
    assert hands and all(h["findings"] == [] for h in hands)
