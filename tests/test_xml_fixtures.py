"""Every finding code the Merge and Boss Media readers can express, on a fixture that triggers it
(issue 19): ``fixtures/merge/<CODE>.xml`` and ``fixtures/boss/<CODE>.xml``, each a clean hand of
``tests/test_parse_merge.py`` / ``test_parse_boss.py`` edited by hand at one point, with its
findings asserted exactly (hand id, code, line, expected, actual), as ``drawdealer validate``
reports them; the first is the fixture's point, the rest follow from it. ``hostile_entity_bomb.xml``
declares entities nine levels deep (a 'billion laughs'): the file is refused on the declaration's
line, exit 2, nothing expanded.

The codes no XML fixture has, and why, are :data:`NOT_EXPRESSED`: the test fails when a finding
code is added and neither a fixture nor a reason is.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.findings import CODES
from drawdealer.validate import validate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

MERGE_EXPECTED = {
    'ACTION_AFTER_ROUND_CLOSED.xml': [
        ('100-1', 'ACTION_AFTER_ROUND_CLOSED', 36, None, 'check'),
    ],
    'ACTION_BY_INACTIVE_PLAYER.xml': [
        ('100-1', 'ACTION_BY_INACTIVE_PLAYER', 26, None, 'Cat'),
    ],
    'ACTION_OUT_OF_TURN.xml': [
        ('100-1', 'ACTION_OUT_OF_TURN', 14, 'Bob', 'Cat'),
    ],
    'ALLIN_AMOUNT_MISMATCH.xml': [
        ('100-1', 'ALLIN_AMOUNT_MISMATCH', 42, 3700, 200),
    ],
    'BET_ABOVE_POT_LIMIT.xml': [
        ('100-1', 'BET_ABOVE_POT_LIMIT', 25, 500, 800),
    ],
    'BET_BELOW_MINIMUM.xml': [
        ('100-1', 'BET_BELOW_MINIMUM', 25, 100, 50),
    ],
    'BET_EXCEEDS_STACK.xml': [
        ('100-1', 'BET_EXCEEDS_STACK', 42, 100, 200),
        ('100-1', 'CALL_AMOUNT_MISMATCH', 43, 100, 200),
        ('100-1', 'RAKE_MISMATCH', 52, 900, 950),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 52, 900, 950),
    ],
    'BET_SIZE_FIXED_LIMIT.xml': [
        ('100-1', 'BET_SIZE_FIXED_LIMIT', 25, 100, 200),
    ],
    'BET_WHEN_FACING_BET.xml': [
        ('100-1', 'BET_WHEN_FACING_BET', 26, None, 100),
    ],
    'BLIND_AMOUNT_WRONG.xml': [
        ('100-1', 'BLIND_AMOUNT_WRONG', 10, 100, 75),
    ],
    'BLIND_POSTER_WRONG.xml': [
        ('100-1', 'BLIND_POSTER_WRONG', 9, 'Cat', 'Bob'),
        ('100-1', 'BLIND_POSTER_WRONG', 10, 'Ann', 'Cat'),
        ('100-1', 'DRAW_OUT_OF_ORDER', 19, 'Ann', 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 25, 'Ann', 'Bob'),
        ('100-1', 'DRAW_OUT_OF_ORDER', 29, 'Ann', 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 34, 'Ann', 'Bob'),
        ('100-1', 'DRAW_OUT_OF_ORDER', 38, 'Ann', 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 42, 'Ann', 'Bob'),
    ],
    'CALL_AMOUNT_MISMATCH.xml': [
        ('100-1', 'CALL_AMOUNT_MISMATCH', 26, 100, 50),
    ],
    'CALL_NOTHING_TO_CALL.xml': [
        ('100-1', 'CALL_NOTHING_TO_CALL', 35, 0, 100),
    ],
    'CARD_DUPLICATE.xml': [
        ('100-1', 'CARD_DUPLICATE', 46, None, '2d'),
    ],
    'CHECK_FACING_BET.xml': [
        ('100-1', 'CHECK_FACING_BET', 26, 100, 0),
        ('100-1', 'ROUND_NOT_CLOSED', 29, ['Ann'], 'Bob'),
        ('100-1', 'RAKE_MISMATCH', 52, 900, 1050),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 52, 900, 1050),
    ],
    'DRAW_BY_INACTIVE_PLAYER.xml': [
        ('100-1', 'DRAW_BY_INACTIVE_PLAYER', 20, None, 'Cat'),
    ],
    'DRAW_CARD_UNAVAILABLE.xml': [
        ('100-1', 'DRAW_CARD_UNAVAILABLE', 30, None, 'Qh'),
    ],
    'DRAW_COUNT_EXCEEDED.xml': [
        ('100-1', 'DRAW_COUNT_EXCEEDED', 19, 5, 6),
    ],
    'DRAW_COUNT_MISMATCH.xml': [
        ('100-1', 'DRAW_COUNT_MISMATCH', 21, 3, 2),
    ],
    'DRAW_OUT_OF_ORDER.xml': [
        ('100-1', 'DRAW_OUT_OF_ORDER', 20, 'Bob', 'Ann'),
    ],
    'FORCED_BET_WRONG.xml': [
        ('100-1', 'FORCED_BET_WRONG', 11, 10, 5),
    ],
    'GAME_UNSUPPORTED.xml': [
        ('100-1', 'GAME_UNSUPPORTED', 2, None, '7-Stud Limit $1/$2'),
    ],
    'HAND_SIZE_INVALID.xml': [
        ('100-1', 'HAND_SIZE_INVALID', 16, 5, 6),
    ],
    'PARSE_ERROR.xml': [
        (None, 'PARSE_ERROR', 17, None, '\t</round>'),
    ],
    'PLAYER_COUNT_INVALID.xml': [
        ('100-1', 'PLAYER_COUNT_INVALID', 14, '2..10', 11),
    ],
    'RAISE_ABOVE_POT_LIMIT.xml': [
        ('100-1', 'RAISE_ABOVE_POT_LIMIT', 13, 350, 500),
    ],
    'RAISE_BELOW_MINIMUM.xml': [
        ('100-1', 'RAISE_BELOW_MINIMUM', 13, 200, 150),
    ],
    'RAISE_CAP_EXCEEDED.xml': [
        ('100-1', 'RAISE_CAP_EXCEEDED', 16, 4, 5),
        ('100-1', 'DRAW_OUT_OF_ORDER', 24, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', 28, ['Cat'], 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 29, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', 32, ['Cat'], 'Bob'),
        ('100-1', 'DRAW_OUT_OF_ORDER', 33, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', 37, ['Cat'], 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 38, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', 41, ['Cat'], 'Bob'),
        ('100-1', 'DRAW_OUT_OF_ORDER', 42, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', 45, ['Cat'], 'Bob'),
        ('100-1', 'ACTION_OUT_OF_TURN', 46, 'Cat', 'Ann'),
        ('100-1', 'ROUND_NOT_CLOSED', None, ['Cat'], None),
    ],
    'RAISE_SIZE_FIXED_LIMIT.xml': [
        ('100-1', 'RAISE_SIZE_FIXED_LIMIT', 13, 200, 250),
    ],
    'RAISE_WITHOUT_BET.xml': [
        ('100-1', 'RAISE_WITHOUT_BET', 25, None, 100),
    ],
    'RAKE_MISMATCH.xml': [
        ('100-1', 'RAKE_MISMATCH', 52, 1100, 1150),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 52, 1100, 1150),
    ],
    'ROUND_NOT_CLOSED.xml': [
        ('100-1', 'ROUND_NOT_CLOSED', None, ['Ann'], None),
        ('100-1', 'RAKE_MISMATCH', 51, 700, 1050),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 51, 700, 1050),
    ],
    'SHOWDOWN_HAND_MISMATCH.xml': [
        ('100-1', 'SHOWDOWN_HAND_MISMATCH', 47, '4s 6h 7h 2d 3c', '2d 3c 4s 6h 8h'),
    ],
    'SHOW_ORDER.xml': [
        ('100-1', 'SHOW_ORDER', 46, 'Bob', 'Ann'),
    ],
    'SPLIT_WRONG.xml': [
        ('100-1', 'SPLIT_WRONG', 52, {'Bob': 525, 'Ann': 525}, {'Ann': 550, 'Bob': 500}),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 52, 525, 550),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 53, 525, 500),
    ],
    'UNCALLED_BET_WRONG.xml': [
        ('100-1', 'UNCALLED_BET_WRONG', 30, 100, 50),
    ],
    'WINNER_WRONG.xml': [
        ('100-1', 'WINNER_WRONG', 52, ['Ann'], ['Bob']),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', None, 1050, 0),
        ('100-1', 'COLLECTED_AMOUNT_WRONG', 52, 0, 1050),
    ],
}
BOSS_EXPECTED = {
    'ACTION_AFTER_ROUND_CLOSED.xml': [
        ('7', 'ACTION_AFTER_ROUND_CLOSED', 31, None, 'check'),
    ],
    'ACTION_BY_INACTIVE_PLAYER.xml': [
        ('7', 'ACTION_BY_INACTIVE_PLAYER', 44, None, 'Ann'),
    ],
    'ACTION_OUT_OF_TURN.xml': [
        ('7', 'ACTION_OUT_OF_TURN', 28, 'Hero', 'Ann'),
        ('7', 'ACTION_OUT_OF_TURN', 29, 'Bob', 'Hero'),
    ],
    'ALLIN_AMOUNT_MISMATCH.xml': [
        ('7', 'ALLIN_AMOUNT_MISMATCH', 30, 1800, 200),
    ],
    'BET_ABOVE_POT_LIMIT.xml': [
        ('7', 'BET_ABOVE_POT_LIMIT', 44, 900, 1200),
    ],
    'BET_BELOW_MINIMUM.xml': [
        ('7', 'BET_BELOW_MINIMUM', 44, 200, 100),
    ],
    'BET_EXCEEDS_STACK.xml': [
        ('7', 'BET_EXCEEDS_STACK', 44, 100, 400),
        ('7', 'CALL_AMOUNT_MISMATCH', 45, 100, 400),
        ('7', 'POT_AMOUNT_WRONG', 46, 1100, 1700),
        ('7', 'RAKE_MISMATCH', 46, 1100, 1700),
        ('7', 'COLLECTED_AMOUNT_WRONG', 48, 1075, 1675),
        ('7', 'STACK_ARITHMETIC', 3, 8175, 7875),
    ],
    'BET_SIZE_FIXED_LIMIT.xml': [
        ('7', 'BET_SIZE_FIXED_LIMIT', 44, 400, 200),
    ],
    'BET_WHEN_FACING_BET.xml': [
        ('7', 'BET_WHEN_FACING_BET', 30, None, 200),
    ],
    'BLIND_AMOUNT_WRONG.xml': [
        ('7', 'BLIND_AMOUNT_WRONG', 8, 200, 150),
    ],
    'BLIND_POSTER_WRONG.xml': [
        ('7', 'BLIND_POSTER_WRONG', 8, 'Bob', 'Hero'),
        ('7', 'ACTION_OUT_OF_TURN', 28, 'Ann', 'Hero'),
    ],
    'CALL_AMOUNT_MISMATCH.xml': [
        ('7', 'CALL_AMOUNT_MISMATCH', 30, 200, 100),
        ('7', 'STACK_ARITHMETIC', 3, 7375, 7475),
    ],
    'CALL_NOTHING_TO_CALL.xml': [
        ('7', 'CALL_NOTHING_TO_CALL', 45, 0, 200),
    ],
    'CARD_DUPLICATE.xml': [
        ('7', 'CARD_DUPLICATE', 47, None, 'Tc'),
        ('7', 'CARD_DUPLICATE', 47, None, '4d'),
    ],
    'CHECK_FACING_BET.xml': [
        ('7', 'CHECK_FACING_BET', 30, 200, 0),
        ('7', 'ROUND_NOT_CLOSED', 32, ['Bob'], 'Bob'),
        ('7', 'POT_AMOUNT_WRONG', 46, 500, 900),
        ('7', 'RAKE_MISMATCH', 46, 500, 900),
        ('7', 'COLLECTED_AMOUNT_WRONG', 48, 475, 875),
        ('7', 'STACK_ARITHMETIC', 3, 7675, 7475),
    ],
    'DRAW_BY_INACTIVE_PLAYER.xml': [
        ('7', 'DRAW_BY_INACTIVE_PLAYER', 32, None, 'Ann'),
    ],
    'DRAW_COUNT_EXCEEDED.xml': [
        ('7', 'DRAW_COUNT_EXCEEDED', 32, 5, 6),
    ],
    'DRAW_COUNT_MISMATCH.xml': [
        ('7', 'DRAW_COUNT_MISMATCH', 38, 2, 3),
    ],
    'DRAW_OUT_OF_ORDER.xml': [
        ('7', 'DRAW_OUT_OF_ORDER', 32, 'Bob', 'Hero'),
    ],
    'FORCED_BET_WRONG.xml': [
        ('7', 'FORCED_BET_WRONG', 10, 20, 10),
        ('7', 'POT_AMOUNT_WRONG', 49, 940, 950),
        ('7', 'RAKE_MISMATCH', 49, 940, 950),
        ('7', 'COLLECTED_AMOUNT_WRONG', 51, 915, 925),
    ],
    'GAME_UNSUPPORTED.xml': [
        ('7', 'GAME_UNSUPPORTED', 3, None, 'FL GAME_OMA'),
    ],
    'HAND_SIZE_INVALID.xml': [
        ('7', 'HAND_SIZE_INVALID', 22, 5, 6),
    ],
    'PARSE_ERROR.xml': [
        (None, 'PARSE_ERROR', 53, None, '<CARD LINK="5"></CARD></SHOWDOWN></HISTORY>'),
    ],
    'PLAYER_COUNT_INVALID.xml': [
        ('7', 'PLAYER_COUNT_INVALID', 15, '2..10', 11),
    ],
    'POT_AMOUNT_WRONG.xml': [
        ('7', 'POT_AMOUNT_WRONG', 46, 900, 1000),
    ],
    'RAISE_ABOVE_POT_LIMIT.xml': [
        ('7', 'RAISE_ABOVE_POT_LIMIT', 28, 700, 900),
    ],
    'RAISE_BELOW_MINIMUM.xml': [
        ('7', 'RAISE_BELOW_MINIMUM', 28, 400, 300),
    ],
    'RAISE_CAP_EXCEEDED.xml': [
        ('7', 'RAISE_CAP_EXCEEDED', 32, 4, 5),
    ],
    'RAISE_SIZE_FIXED_LIMIT.xml': [
        ('7', 'RAISE_SIZE_FIXED_LIMIT', 28, 400, 500),
    ],
    'RAISE_WITHOUT_BET.xml': [
        ('7', 'RAISE_WITHOUT_BET', 44, None, 400),
        ('7', 'CHECK_FACING_BET', 45, 400, 0),
        ('7', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
    ],
    'RAKE_MISMATCH.xml': [
        ('7', 'RAKE_MISMATCH', 46, 900, 925),
        ('7', 'COLLECTED_AMOUNT_WRONG', 48, 850, 875),
    ],
    'ROUND_NOT_CLOSED.xml': [
        ('7', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
    ],
    'SHOWDOWN_HAND_MISMATCH.xml': [
        ('7', 'SHOWDOWN_HAND_MISMATCH', 48, 'Tc Td Kc 9c 6d', 'Tc Td Kc 9c 7d'),
    ],
    'STACK_ARITHMETIC.xml': [
        ('7', 'STACK_ARITHMETIC', 3, 7475, 7575),
    ],
    'WINNER_WRONG.xml': [
        ('7', 'WINNER_WRONG', 47, ['Hero'], ['Bob']),
        ('7', 'COLLECTED_AMOUNT_WRONG', 47, 0, 875),
        ('7', 'COLLECTED_AMOUNT_WRONG', None, 875, 0),
    ],
}

BOTH = {
    "BUTTON_POSITION_INVALID": "hands of these sites are not chained (dead-button rules, RULES.md §0.1)",
    "CARD_MALFORMED": "a card the reader cannot read is a PARSE_ERROR on its element's line",
    "CARD_NOT_IN_DECK": "a standard deck holds every card the sites can name",
    "CONFIG_INVALID": "the readers set only valid house rules",
    "HISTORY_ABORTED": "an event of a player not seated is a PARSE_ERROR",
    "INTERNAL_ERROR": "drawdealer failing on a hand is a bug, which no fixture holds (tests/test_containment.py)",
    "HAND_CLAIM_WRONG": "the hand descriptions are not read (the readers' docstrings)",
    "RAKE_EXCEEDS_CAP": "no rake cap is known for these sites",
    "COLLECTED_AMOUNT_WRONG": "with one pot, an amount off is RAKE_MISMATCH and a wrong taker WINNER_WRONG "
                              "first; it follows them (WINNER_WRONG, SPLIT_WRONG, RAKE_MISMATCH fixtures)",
    "DECK_EXHAUSTED": "needs a deck run out: the others' discards are never shown",
    "DECK_REUSED_OWN_DISCARDS": "needs a reshuffle the sites never log",
    "DISCARD_NOT_IN_HAND": "the hero's discards are read from his hand before and after: always in it",
    "MIN_OPEN_VIOLATION": "the default opening minimum is one big blind, as any raise's",
    "POT_ELIGIBILITY_WRONG": "needs a side pot the corpus does not show how either site prints",
    "RUNS_CONTRADICT": "a hand run more than once (RULES.md §18.5) is read from KingsClub's logs alone "
                       "(fixtures/kingsclub/RUNS_CONTRADICT.txt): no other format read here writes one",
    "RAISE_NOT_REOPENED": "an engine rule on short all-ins; nothing of either site's writing in it",
    "ACTION_NO_BETTING_POSSIBLE": "an engine rule on all-in players; nothing of either site's writing in it",
}
NOT_EXPRESSED: dict[str, dict[str, str]] = {
    "merge": {**BOTH,
              "POT_AMOUNT_WRONG": "Merge prints no pot",
              "STACK_ARITHMETIC": "Merge prints no final stack"},
    "boss": {**BOTH,
             "SHOW_ORDER": "Boss logs no showdown order (the record has RULES.md §9.1's)",
             "SPLIT_WRONG": "a split pot needs two equal five-card hands the corpus shows nowhere (not tried)",
             "UNCALLED_BET_WRONG": "Boss prints no uncalled bet (Claims.uncalled_printed is false)",
             "DRAW_CARD_UNAVAILABLE": "one draw, the others' cards unknown: no dead card can come back"},
}
EXPECTED = {"merge": MERGE_EXPECTED, "boss": BOSS_EXPECTED}


@pytest.mark.parametrize("site, name", [(site, name) for site, table in EXPECTED.items() for name in table])
def test_fixture_findings(site: str, name: str) -> None:
    rows = [(r.hand_id, f.code, f.line, f.expected, f.actual) for r in validate([FIXTURES / site / name])
            for f in r.findings]
    assert rows == EXPECTED[site][name]
    assert rows[0][1] == name.removesuffix(".xml")


@pytest.mark.parametrize("site", sorted(EXPECTED))
def test_every_code_has_a_fixture_or_a_reason(site: str) -> None:
    fixtures = {p.stem for p in (FIXTURES / site).glob("*.xml") if not p.stem.startswith("hostile")}
    assert fixtures == {n.removesuffix(".xml") for n in EXPECTED[site]}
    wanted = {c for c in CODES if not c.startswith("IT_")}  # Italian poker is PHH's alone
    assert fixtures | set(NOT_EXPRESSED[site]) == wanted
    assert not fixtures & set(NOT_EXPRESSED[site])


@pytest.mark.parametrize("site, line", [("merge", 1), ("boss", 2)])
def test_the_entity_bomb_is_refused(site: str, line: int) -> None:
    path = FIXTURES / site / "hostile_entity_bomb.xml"
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert f"{path}: line {line}: an XML DOCTYPE or ENTITY declaration: refused" in result.output
    assert "lollol" not in result.output and "Traceback" not in result.output
