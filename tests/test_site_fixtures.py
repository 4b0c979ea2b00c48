"""Fixtures of the Winamax and OnGame readers (issue 19): one hand per finding code each site can
express, written by hand from the clean hands of ``fixtures/<site>/clean/`` with one edit; the
codes a site's log cannot express, and why (:data:`NOT_EXPRESSIBLE`).

Each fixture's findings are asserted exactly: (hand id, code, line, expected, actual), as
``drawdealer validate --format json`` prints them. The first finding is the point of the fixture
(a root cause); the others follow from it (a pot, a collected amount or a final stack the edited
action changes; for OnGame, whose summary alone prints the shown hands, the order the reader
shows them in comes from the log's actions, so an action the replay refuses can leave a
``SHOW_ORDER`` warning behind it). The clean hands give no finding at all.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_validate_fixtures import NOT_FROM_TEXT

from drawdealer.engine.findings import CODES
from drawdealer.validate import finding_dict, validate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SITES = ("winamax", "ongame")

_ITALIAN = {code for code in CODES if code.startswith("IT_")}
_NEVER_FROM_TEXT = {
    **NOT_FROM_TEXT,  # as for PokerStars text: CARD_MALFORMED, HISTORY_ABORTED
    "CARD_NOT_IN_DECK": "the game's deck is the standard 52 cards: a token that is none is a PARSE_ERROR",
    "CONFIG_INVALID": "the house rules are the reader's own (`house_rules`), never read from the log",
    "BUTTON_POSITION_INVALID": "`validate` checks the button's move between hands of Italian deals only",
    "MIN_OPEN_VIOLATION": "no house rule of these sites asks for a raise to open",
    "RAKE_EXCEEDS_CAP": "no house rule of these sites states a rake cap",
    "HAND_CLAIM_WRONG": "the site's hand descriptions are read but not checked (not drawdealer's wording)",
    "DECK_EXHAUSTED": "only the hero's draws are printed: no log of these sites runs the deck out",
    "DECK_REUSED_OWN_DISCARDS": "only the hero's draws are printed, and the logs never show a reshuffle",
}
NOT_EXPRESSIBLE: dict[str, dict[str, str]] = {
    "winamax": {
        **_NEVER_FROM_TEXT, **{code: "not a Winamax game (Italian poker)" for code in _ITALIAN},
        "STACK_ARITHMETIC": "Winamax prints no final stacks",
        "UNCALLED_BET_WRONG": "Winamax prints no uncalled bet (the bettor collects his own chips): chips it "
                              "keeps or gives back wrongly show as POT_AMOUNT_WRONG and COLLECTED_AMOUNT_WRONG",
    },
    "ongame": {
        **_NEVER_FROM_TEXT, **{code: "not an OnGame game (Italian poker)" for code in _ITALIAN},
        "SHOW_ORDER": "OnGame prints no show line: the order of showing is not in the log",
        "UNCALLED_BET_WRONG": "OnGame prints no uncalled bet: chips kept or given back wrongly show as "
                              "POT_AMOUNT_WRONG and STACK_ARITHMETIC",
        "DISCARD_NOT_IN_HAND": "the hero's discards are the cards gone from his printed hand: always his",
        "DRAW_CARD_UNAVAILABLE": "the hero's replacements are the cards new to his printed hand; a card "
                                 "another player holds shows up at the showdown as CARD_DUPLICATE",
    },
}
"""Per site, the codes its logs cannot raise, and why."""

EXPECTED = {
    # winamax
    'winamax/ACTION_AFTER_ROUND_CLOSED.txt': [
        ('200-1-1500000000', 'ACTION_AFTER_ROUND_CLOSED', 22, None, 'check'),
    ],
    'winamax/ACTION_BY_INACTIVE_PLAYER.txt': [
        ('200-2-1500000000', 'ACTION_BY_INACTIVE_PLAYER', 32, None, 'Ann'),
    ],
    'winamax/ACTION_NO_BETTING_POSSIBLE.txt': [
        ('200-3-1500000200', 'ACTION_NO_BETTING_POSSIBLE', 24, None, 'bet'),
    ],
    'winamax/ACTION_OUT_OF_TURN.txt': [
        ('200-4-1500000000', 'ACTION_OUT_OF_TURN', 12, 'Ann', 'Bob'),
    ],
    'winamax/ALLIN_AMOUNT_MISMATCH.txt': [
        ('200-5-1500000200', 'ALLIN_AMOUNT_MISMATCH', 18, 1825, 400),
    ],
    'winamax/BET_ABOVE_POT_LIMIT.txt': [
        ('200-6-1500000100', 'BET_ABOVE_POT_LIMIT', 20, 375, 500),
        ('200-6-1500000100', 'POT_AMOUNT_WRONG', 24, 375, 175),
        ('200-6-1500000100', 'RAKE_MISMATCH', 24, 375, 175),
        ('200-6-1500000100', 'COLLECTED_AMOUNT_WRONG', 22, 350, 150),
    ],
    'winamax/BET_BELOW_MINIMUM.txt': [
        ('200-7-1500000200', 'BET_BELOW_MINIMUM', 18, 50, 25),
        ('200-7-1500000200', 'ROUND_NOT_CLOSED', 24, ['Hero', 'Ann'], 'Hero'),
        ('200-7-1500000200', 'ROUND_NOT_CLOSED', None, ['Hero', 'Ann'], None),
        ('200-7-1500000200', 'POT_AMOUNT_WRONG', 32, 425, 1095),
        ('200-7-1500000200', 'RAKE_MISMATCH', 32, 425, 1095),
        ('200-7-1500000200', 'COLLECTED_AMOUNT_WRONG', 29, 375, 1045),
    ],
    'winamax/BET_EXCEEDS_STACK.txt': [
        ('200-8-1500000200', 'BET_EXCEEDS_STACK', 18, 1825, 2500),
        ('200-8-1500000200', 'POT_AMOUNT_WRONG', 32, 1015, 50),
        ('200-8-1500000200', 'COLLECTED_AMOUNT_WRONG', 34, 965, 0),
    ],
    'winamax/BET_SIZE_FIXED_LIMIT.txt': [
        ('200-9-1500000000', 'BET_SIZE_FIXED_LIMIT', 20, 50, 100),
        ('200-9-1500000000', 'CALL_AMOUNT_MISMATCH', 21, 100, 50),
        ('200-9-1500000000', 'POT_AMOUNT_WRONG', 39, 575, 525),
        ('200-9-1500000000', 'RAKE_MISMATCH', 39, 575, 525),
        ('200-9-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 550, 500),
    ],
    'winamax/BET_WHEN_FACING_BET.txt': [
        ('200-10-1500000000', 'BET_WHEN_FACING_BET', 21, None, 50),
    ],
    'winamax/BLIND_AMOUNT_WRONG.txt': [
        ('200-11-1500000100', 'BLIND_AMOUNT_WRONG', 7, 25, 10),
        ('200-11-1500000100', 'RAISE_ABOVE_POT_LIMIT', 11, 160, 175),
        ('200-11-1500000100', 'POT_AMOUNT_WRONG', 24, 360, 375),
        ('200-11-1500000100', 'RAKE_MISMATCH', 24, 360, 375),
        ('200-11-1500000100', 'COLLECTED_AMOUNT_WRONG', 22, 335, 350),
    ],
    'winamax/BLIND_POSTER_WRONG.txt': [
        ('200-12-1500000000', 'BLIND_POSTER_WRONG', 7, 'Ann', 'Hero'),
        ('200-12-1500000000', 'POT_AMOUNT_WRONG', 39, 500, 525),
        ('200-12-1500000000', 'RAKE_MISMATCH', 39, 500, 525),
        ('200-12-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 475, 500),
    ],
    'winamax/CALL_AMOUNT_MISMATCH.txt': [
        ('200-13-1500000000', 'CALL_AMOUNT_MISMATCH', 13, 50, 25),
        ('200-13-1500000000', 'POT_AMOUNT_WRONG', 39, 500, 525),
        ('200-13-1500000000', 'RAKE_MISMATCH', 39, 500, 525),
        ('200-13-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 475, 500),
    ],
    'winamax/CALL_NOTHING_TO_CALL.txt': [
        ('200-14-1500000000', 'CALL_NOTHING_TO_CALL', 32, 0, 100),
    ],
    'winamax/CARD_DUPLICATE.txt': [
        ('200-15-1500000000', 'CARD_DUPLICATE', 35, None, '2h'),
    ],
    'winamax/CHECK_FACING_BET.txt': [
        ('200-16-1500000000', 'CHECK_FACING_BET', 21, 50, 0),
        ('200-16-1500000000', 'ROUND_NOT_CLOSED', 23, ['Bob'], 'Bob'),
        ('200-16-1500000000', 'POT_AMOUNT_WRONG', 39, 425, 475),
        ('200-16-1500000000', 'RAKE_MISMATCH', 39, 425, 475),
        ('200-16-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 400, 450),
    ],
    'winamax/COLLECTED_AMOUNT_WRONG.txt': [
        ('200-17-1500000000', 'RAKE_MISMATCH', 39, 525, 515),
        ('200-17-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 500, 490),
    ],
    'winamax/DISCARD_NOT_IN_HAND.txt': [
        ('200-18-1500000000', 'DISCARD_NOT_IN_HAND', 16, None, 'Qh'),
    ],
    'winamax/DRAW_BY_INACTIVE_PLAYER.txt': [
        ('200-19-1500000000', 'DRAW_BY_INACTIVE_PLAYER', 15, None, 'Ann'),
    ],
    'winamax/DRAW_CARD_UNAVAILABLE.txt': [
        ('200-20-1500000000', 'DRAW_CARD_UNAVAILABLE', 17, None, 'Qc'),  # the 'Dealt to' line
        ('200-20-1500000000', 'SHOWDOWN_HAND_MISMATCH', 36, '2h 7d 4s 8c Qc', '8c 7d 4s 3d 2h'),
    ],
    'winamax/DRAW_COUNT_EXCEEDED.txt': [
        ('200-21-1500000000', 'DRAW_COUNT_EXCEEDED', 15, 5, 6),
    ],
    'winamax/DRAW_COUNT_MISMATCH.txt': [
        ('200-22-1500000000', 'DRAW_COUNT_MISMATCH', 17, 2, 1),  # the 'Dealt to' line
    ],
    'winamax/DRAW_OUT_OF_ORDER.txt': [
        ('200-23-1500000000', 'DRAW_OUT_OF_ORDER', 15, 'Bob', 'Hero'),
    ],
    'winamax/FORCED_BET_WRONG.txt': [
        ('200-24-1500000000', 'FORCED_BET_WRONG', 9, 10, 5),
        ('200-24-1500000000', 'POT_AMOUNT_WRONG', 42, 545, 525),
        ('200-24-1500000000', 'RAKE_MISMATCH', 42, 545, 525),
        ('200-24-1500000000', 'COLLECTED_AMOUNT_WRONG', 40, 520, 500),
    ],
    'winamax/GAME_UNSUPPORTED.txt': [
        ('200-25-1500000100', 'GAME_UNSUPPORTED', 1, None, 'Holdem no limit'),
    ],
    'winamax/HAND_SIZE_INVALID.txt': [
        ('200-26-1500000000', 'HAND_SIZE_INVALID', 35, 5, 4),
    ],
    'winamax/PARSE_ERROR.txt': [
        ('200-27-1500000000', 'PARSE_ERROR', 20, None, 'Hero bets 0.50€ loudly'),
    ],
    'winamax/PLAYER_COUNT_INVALID.txt': [
        ('200-28-1500000000', 'PLAYER_COUNT_INVALID', None, '2..6', 7),
    ],
    'winamax/POT_AMOUNT_WRONG.txt': [
        ('200-29-1500000000', 'POT_AMOUNT_WRONG', 39, 525, 575),
    ],
    'winamax/POT_ELIGIBILITY_WRONG.txt': [
        ('200-0-1500000300', 'POT_ELIGIBILITY_WRONG', 39, ['Bob', 'Hero'], 'Ann'),
        ('200-0-1500000300', 'WINNER_WRONG', 39, ['Hero'], ['Ann']),
        ('200-0-1500000300', 'COLLECTED_AMOUNT_WRONG', 39, 0, 400),
        ('200-0-1500000300', 'COLLECTED_AMOUNT_WRONG', 40, 970, 570),
    ],
    'winamax/RAISE_ABOVE_POT_LIMIT.txt': [
        ('200-30-1500000100', 'RAISE_ABOVE_POT_LIMIT', 11, 175, 250),
        ('200-30-1500000100', 'POT_AMOUNT_WRONG', 24, 525, 375),
        ('200-30-1500000100', 'RAKE_MISMATCH', 24, 525, 375),
        ('200-30-1500000100', 'COLLECTED_AMOUNT_WRONG', 22, 500, 350),
    ],
    'winamax/RAISE_BELOW_MINIMUM.txt': [
        ('200-31-1500000200', 'RAISE_BELOW_MINIMUM', 11, 100, 75),
        ('200-31-1500000200', 'CALL_AMOUNT_MISMATCH', 19, 400, 320),
        ('200-31-1500000200', 'ALLIN_AMOUNT_MISMATCH', 19, 420, 400),
        ('200-31-1500000200', 'ROUND_NOT_CLOSED', 24, ['Hero', 'Ann'], 'Hero'),
        ('200-31-1500000200', 'ROUND_NOT_CLOSED', None, ['Hero', 'Ann'], None),
        ('200-31-1500000200', 'POT_AMOUNT_WRONG', 32, 895, 1095),
        ('200-31-1500000200', 'RAKE_MISMATCH', 32, 895, 1095),
        ('200-31-1500000200', 'COLLECTED_AMOUNT_WRONG', 29, 845, 1045),
    ],
    'winamax/RAISE_CAP_EXCEEDED.txt': [
        ('200-32-1500000000', 'RAISE_CAP_EXCEEDED', 15, 4, 5),
        ('200-32-1500000000', 'POT_AMOUNT_WRONG', 42, 825, 525),
        ('200-32-1500000000', 'RAKE_MISMATCH', 42, 825, 525),
        ('200-32-1500000000', 'COLLECTED_AMOUNT_WRONG', 40, 800, 500),
    ],
    'winamax/RAISE_NOT_REOPENED.txt': [
        ('200-99-1500000400', 'RAISE_NOT_REOPENED', 13, 300, 150),
    ],
    'winamax/RAISE_SIZE_FIXED_LIMIT.txt': [
        ('200-33-1500000000', 'RAISE_SIZE_FIXED_LIMIT', 11, 100, 150),
        ('200-33-1500000000', 'CALL_AMOUNT_MISMATCH', 13, 100, 50),
        ('200-33-1500000000', 'POT_AMOUNT_WRONG', 39, 575, 525),
        ('200-33-1500000000', 'RAKE_MISMATCH', 39, 575, 525),
        ('200-33-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 550, 500),
    ],
    'winamax/RAISE_WITHOUT_BET.txt': [
        ('200-34-1500000000', 'RAISE_WITHOUT_BET', 32, None, 100),
        ('200-34-1500000000', 'CHECK_FACING_BET', 33, 100, 0),
        ('200-34-1500000000', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
    ],
    'winamax/RAKE_MISMATCH.txt': [
        ('200-35-1500000000', 'POT_AMOUNT_WRONG', 39, 525, 535),
        ('200-35-1500000000', 'RAKE_MISMATCH', 39, 525, 535),
        ('200-35-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 490, 500),
    ],
    'winamax/ROUND_NOT_CLOSED.txt': [
        ('200-36-1500000000', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
    ],
    'winamax/SHOWDOWN_HAND_MISMATCH.txt': [
        ('200-37-1500000000', 'SHOWDOWN_HAND_MISMATCH', 36, '2h 7d 4s 8c 3d', '8c 7d 4s 3d 2s'),
        ('200-37-1500000000', 'CARD_DUPLICATE', 36, None, '2s'),
    ],
    'winamax/SHOW_ORDER.txt': [
        ('200-38-1500000000', 'SHOW_ORDER', 35, 'Bob', 'Hero'),
    ],
    'winamax/SPLIT_WRONG.txt': [
        ('200-39-1500000000', 'SPLIT_WRONG', 37, {'Bob': 250, 'Hero': 250}, {'Hero': 300, 'Bob': 200}),
        ('200-39-1500000000', 'COLLECTED_AMOUNT_WRONG', 38, 250, 200),
        ('200-39-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 250, 300),
    ],
    'winamax/WINNER_WRONG.txt': [
        ('200-41-1500000000', 'WINNER_WRONG', 37, ['Bob'], ['Hero']),
        ('200-41-1500000000', 'COLLECTED_AMOUNT_WRONG', None, 500, 0),
        ('200-41-1500000000', 'COLLECTED_AMOUNT_WRONG', 37, 0, 500),
    ],
    # ongame
    'ongame/ACTION_AFTER_ROUND_CLOSED.txt': [
        ('R5-3000-1', 'ACTION_AFTER_ROUND_CLOSED', 18, None, 'check'),
    ],
    'ongame/ACTION_BY_INACTIVE_PLAYER.txt': [
        ('R5-3000-2', 'ACTION_BY_INACTIVE_PLAYER', 22, None, 'Ann'),
    ],
    'ongame/ACTION_NO_BETTING_POSSIBLE.txt': [
        ('R5-3000-3', 'ACTION_NO_BETTING_POSSIBLE', 22, None, 'bet'),
        ('R5-3000-3', 'POT_AMOUNT_WRONG', 25, 22, 42),
        ('R5-3000-3', 'RAKE_MISMATCH', 26, 22, 42),
        ('R5-3000-3', 'COLLECTED_AMOUNT_WRONG', 25, 20, 40),
        ('R5-3000-3', 'STACK_ARITHMETIC', 28, 0, 80),
        ('R5-3000-3', 'STACK_ARITHMETIC', 29, 230, 220),
    ],
    'ongame/ACTION_OUT_OF_TURN.txt': [
        ('R5-3000-4', 'ACTION_OUT_OF_TURN', 16, 'Ann', 'Hero'),
    ],
    'ongame/ALLIN_AMOUNT_MISMATCH.txt': [
        ('R5-3000-5', 'ALLIN_AMOUNT_MISMATCH', 22, 9500, 700),
    ],
    'ongame/BET_ABOVE_POT_LIMIT.txt': [
        ('R5-3000-6', 'BET_ABOVE_POT_LIMIT', 22, 700, 900),
    ],
    'ongame/BET_BELOW_MINIMUM.txt': [
        ('R5-3000-7', 'BET_BELOW_MINIMUM', 22, 100, 50),
    ],
    'ongame/BET_EXCEEDS_STACK.txt': [
        ('R5-3000-8', 'BET_EXCEEDS_STACK', 21, 3174, 4000),
        ('R5-3000-8', 'BET_ABOVE_POT_LIMIT', 21, 700, 3174),
        ('R5-3000-8', 'POT_ELIGIBILITY_WRONG', 25, ['Bob'], 'Hero'),
        ('R5-3000-8', 'WINNER_WRONG', 25, ['Bob'], ['Hero']),
        ('R5-3000-8', 'COLLECTED_AMOUNT_WRONG', None, 665, 0),
        ('R5-3000-8', 'COLLECTED_AMOUNT_WRONG', 25, 0, 665),
    ],
    'ongame/BET_SIZE_FIXED_LIMIT.txt': [
        ('R5-3000-9', 'BET_SIZE_FIXED_LIMIT', 23, 10, 5),
        ('R5-3000-9', 'POT_AMOUNT_WRONG', 27, 32, 42),
        ('R5-3000-9', 'RAKE_MISMATCH', 28, 32, 42),
        ('R5-3000-9', 'COLLECTED_AMOUNT_WRONG', 27, 30, 40),
        ('R5-3000-9', 'STACK_ARITHMETIC', 30, 85, 80),
        ('R5-3000-9', 'STACK_ARITHMETIC', 31, 225, 220),
    ],
    'ongame/BET_WHEN_FACING_BET.txt': [
        ('R5-3000-10', 'BET_WHEN_FACING_BET', 24, None, 10),
        ('R5-3000-10', 'SHOW_ORDER', 30, 'Bob', 'Hero'),
    ],
    'ongame/BLIND_AMOUNT_WRONG.txt': [
        ('R5-3000-11', 'BLIND_AMOUNT_WRONG', 11, 100, 50),
        ('R5-3000-11', 'CALL_AMOUNT_MISMATCH', 17, 250, 200),
        ('R5-3000-11', 'BET_ABOVE_POT_LIMIT', 22, 650, 700),
        ('R5-3000-11', 'POT_AMOUNT_WRONG', 26, 650, 700),
        ('R5-3000-11', 'RAKE_MISMATCH', 27, 650, 700),
        ('R5-3000-11', 'COLLECTED_AMOUNT_WRONG', 26, 615, 665),
        ('R5-3000-11', 'STACK_ARITHMETIC', 30, 3224, 3174),
    ],
    'ongame/BLIND_POSTER_WRONG.txt': [
        ('R5-3000-12', 'BLIND_POSTER_WRONG', 10, 'Ann', 'Bob'),
        ('R5-3000-12', 'POT_AMOUNT_WRONG', 27, 40, 42),
        ('R5-3000-12', 'RAKE_MISMATCH', 28, 40, 42),
        ('R5-3000-12', 'COLLECTED_AMOUNT_WRONG', 27, 38, 40),
        ('R5-3000-12', 'STACK_ARITHMETIC', 29, 100, 98),
    ],
    'ongame/CALL_AMOUNT_MISMATCH.txt': [
        ('R5-3000-13', 'CALL_AMOUNT_MISMATCH', 17, 5, 3),
        ('R5-3000-13', 'POT_AMOUNT_WRONG', 27, 40, 42),
        ('R5-3000-13', 'RAKE_MISMATCH', 28, 40, 42),
        ('R5-3000-13', 'COLLECTED_AMOUNT_WRONG', 27, 38, 40),
        ('R5-3000-13', 'STACK_ARITHMETIC', 30, 82, 80),
    ],
    'ongame/CALL_NOTHING_TO_CALL.txt': [
        ('R5-3000-14', 'CALL_NOTHING_TO_CALL', 22, 0, 10),
    ],
    'ongame/CARD_DUPLICATE.txt': [
        ('R5-3000-15', 'CARD_DUPLICATE', 31, None, '9h'),
    ],
    'ongame/CHECK_FACING_BET.txt': [
        ('R5-3000-16', 'CHECK_FACING_BET', 24, 10, 0),
        ('R5-3000-16', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
        ('R5-3000-16', 'POT_AMOUNT_WRONG', 27, 22, 42),
        ('R5-3000-16', 'RAKE_MISMATCH', 28, 22, 42),
        ('R5-3000-16', 'COLLECTED_AMOUNT_WRONG', 27, 20, 40),
        ('R5-3000-16', 'STACK_ARITHMETIC', 30, 90, 80),
        ('R5-3000-16', 'STACK_ARITHMETIC', 31, 230, 220),
    ],
    'ongame/COLLECTED_AMOUNT_WRONG.txt': [
        ('R5-3000-17', 'RAKE_MISMATCH', 28, 42, 41),
        ('R5-3000-17', 'COLLECTED_AMOUNT_WRONG', 27, 40, 39),
        ('R5-3000-17', 'STACK_ARITHMETIC', 31, 219, 220),
    ],
    'ongame/DRAW_BY_INACTIVE_PLAYER.txt': [
        ('R5-3000-18', 'DRAW_BY_INACTIVE_PLAYER', 19, None, 'Ann'),
    ],
    'ongame/DRAW_COUNT_EXCEEDED.txt': [
        ('R5-3000-19', 'DRAW_COUNT_EXCEEDED', 21, 5, 6),
    ],
    'ongame/DRAW_COUNT_MISMATCH.txt': [
        ('R5-3000-20', 'DRAW_COUNT_MISMATCH', 19, 3, 2),
    ],
    'ongame/DRAW_OUT_OF_ORDER.txt': [
        ('R5-3000-21', 'DRAW_OUT_OF_ORDER', 19, 'Hero', 'Bob'),
    ],
    'ongame/FORCED_BET_WRONG.txt': [
        ('R5-3000-22', 'FORCED_BET_WRONG', 12, 1, 2),
        ('R5-3000-22', 'POT_AMOUNT_WRONG', 30, 45, 42),
        ('R5-3000-22', 'RAKE_MISMATCH', 31, 45, 42),
        ('R5-3000-22', 'COLLECTED_AMOUNT_WRONG', 30, 43, 40),
        ('R5-3000-22', 'STACK_ARITHMETIC', 32, 97, 98),
        ('R5-3000-22', 'STACK_ARITHMETIC', 33, 79, 80),
        ('R5-3000-22', 'STACK_ARITHMETIC', 34, 219, 220),
    ],
    'ongame/GAME_UNSUPPORTED.txt': [
        ('R5-3000-23', 'GAME_UNSUPPORTED', 1, None, 'LIMIT TEXAS_HOLDEM'),
    ],
    'ongame/HAND_SIZE_INVALID.txt': [
        ('R5-3000-24', 'HAND_SIZE_INVALID', 31, 5, 4),
        ('R5-3000-24', 'WINNER_WRONG', 27, ['Hero'], ['Bob']),
        ('R5-3000-24', 'COLLECTED_AMOUNT_WRONG', 27, 0, 40),
        ('R5-3000-24', 'COLLECTED_AMOUNT_WRONG', None, 40, 0),
    ],
    'ongame/PARSE_ERROR.txt': [
        ('R5-3000-25', 'PARSE_ERROR', 22, None, 'Hero checks quietly'),
    ],
    'ongame/PLAYER_COUNT_INVALID.txt': [
        ('R5-3000-26', 'PLAYER_COUNT_INVALID', 17, '2..10', 11),
    ],
    'ongame/POT_AMOUNT_WRONG.txt': [
        ('R5-3000-27', 'POT_AMOUNT_WRONG', 27, 42, 45),
    ],
    'ongame/POT_ELIGIBILITY_WRONG.txt': [
        ('R5-3000-99', 'POT_ELIGIBILITY_WRONG', 28, ['Bob', 'Hero'], 'Ann'),
        ('R5-3000-99', 'WINNER_WRONG', 28, ['Hero'], ['Ann']),
        ('R5-3000-99', 'COLLECTED_AMOUNT_WRONG', 28, 0, 400),
        ('R5-3000-99', 'COLLECTED_AMOUNT_WRONG', 27, 970, 570),
    ],
    'ongame/RAISE_ABOVE_POT_LIMIT.txt': [
        ('R5-3000-28', 'RAISE_ABOVE_POT_LIMIT', 15, 400, 500),
        ('R5-3000-28', 'POT_AMOUNT_WRONG', 26, 1100, 700),
        ('R5-3000-28', 'RAKE_MISMATCH', 27, 1100, 700),
        ('R5-3000-28', 'COLLECTED_AMOUNT_WRONG', 26, 1065, 665),
        ('R5-3000-28', 'STACK_ARITHMETIC', 28, 9965, 10165),
        ('R5-3000-28', 'STACK_ARITHMETIC', 30, 2974, 3174),
    ],
    'ongame/RAISE_BELOW_MINIMUM.txt': [
        ('R5-3000-29', 'RAISE_BELOW_MINIMUM', 15, 200, 150),
        ('R5-3000-29', 'BET_ABOVE_POT_LIMIT', 22, 400, 700),
        ('R5-3000-29', 'POT_AMOUNT_WRONG', 26, 400, 700),
        ('R5-3000-29', 'RAKE_MISMATCH', 27, 400, 700),
        ('R5-3000-29', 'COLLECTED_AMOUNT_WRONG', 26, 365, 665),
        ('R5-3000-29', 'STACK_ARITHMETIC', 28, 10315, 10165),
        ('R5-3000-29', 'STACK_ARITHMETIC', 30, 3324, 3174),
    ],
    'ongame/RAISE_CAP_EXCEEDED.txt': [
        ('R5-3000-30', 'RAISE_CAP_EXCEEDED', 18, 4, 5),
        ('R5-3000-30', 'POT_AMOUNT_WRONG', 30, 85, 42),
        ('R5-3000-30', 'RAKE_MISMATCH', 31, 85, 42),
        ('R5-3000-30', 'COLLECTED_AMOUNT_WRONG', 30, 83, 40),
        ('R5-3000-30', 'STACK_ARITHMETIC', 32, 85, 98),
        ('R5-3000-30', 'STACK_ARITHMETIC', 33, 65, 80),
        ('R5-3000-30', 'STACK_ARITHMETIC', 34, 205, 220),
    ],
    'ongame/RAISE_NOT_REOPENED.txt': [
        ('R5-3000-98', 'RAISE_NOT_REOPENED', 18, 300, 150),
    ],
    'ongame/RAISE_SIZE_FIXED_LIMIT.txt': [
        ('R5-3000-31', 'RAISE_SIZE_FIXED_LIMIT', 15, 10, 15),
        ('R5-3000-31', 'POT_AMOUNT_WRONG', 27, 52, 42),
        ('R5-3000-31', 'RAKE_MISMATCH', 28, 52, 42),
        ('R5-3000-31', 'COLLECTED_AMOUNT_WRONG', 27, 50, 40),
        ('R5-3000-31', 'STACK_ARITHMETIC', 30, 75, 80),
        ('R5-3000-31', 'STACK_ARITHMETIC', 31, 215, 220),
    ],
    'ongame/RAISE_WITHOUT_BET.txt': [
        ('R5-3000-32', 'RAISE_WITHOUT_BET', 22, None, 10),
        ('R5-3000-32', 'BET_WHEN_FACING_BET', 23, None, 10),
        ('R5-3000-32', 'ACTION_AFTER_ROUND_CLOSED', 24, None, 'call'),
        ('R5-3000-32', 'SHOW_ORDER', 31, 'Hero', 'Bob'),
    ],
    'ongame/RAKE_MISMATCH.txt': [
        ('R5-3000-33', 'RAKE_MISMATCH', 28, 42, 43),
        ('R5-3000-33', 'COLLECTED_AMOUNT_WRONG', 27, 39, 40),
    ],
    'ongame/ROUND_NOT_CLOSED.txt': [
        ('R5-3000-34', 'ROUND_NOT_CLOSED', None, ['Hero'], None),
        ('R5-3000-34', 'POT_AMOUNT_WRONG', 26, 22, 42),
        ('R5-3000-34', 'RAKE_MISMATCH', 27, 22, 42),
        ('R5-3000-34', 'COLLECTED_AMOUNT_WRONG', 26, 20, 40),
        ('R5-3000-34', 'STACK_ARITHMETIC', 29, 90, 80),
        ('R5-3000-34', 'STACK_ARITHMETIC', 30, 230, 220),
    ],
    'ongame/SHOWDOWN_HAND_MISMATCH.txt': [
        ('R5-3000-35', 'SHOWDOWN_HAND_MISMATCH', 30, '9h Ah Jh 8h 6s', '8h 9h 6s Ah Qh'),
    ],
    'ongame/SPLIT_WRONG.txt': [
        ('R5-3000-36', 'SPLIT_WRONG', 27, {'Hero': 20, 'Bob': 20}, {'Hero': 25, 'Bob': 15}),
        ('R5-3000-36', 'COLLECTED_AMOUNT_WRONG', 27, 20, 15),
        ('R5-3000-36', 'COLLECTED_AMOUNT_WRONG', 27, 20, 25),
    ],
    'ongame/STACK_ARITHMETIC.txt': [
        ('R5-3000-37', 'STACK_ARITHMETIC', 31, 220, 225),
    ],
    'ongame/WINNER_WRONG.txt': [
        ('R5-3000-38', 'WINNER_WRONG', 27, ['Bob'], ['Hero']),
        ('R5-3000-38', 'COLLECTED_AMOUNT_WRONG', None, 40, 0),
        ('R5-3000-38', 'COLLECTED_AMOUNT_WRONG', 27, 0, 40),
        ('R5-3000-38', 'STACK_ARITHMETIC', 30, 120, 80),
        ('R5-3000-38', 'STACK_ARITHMETIC', 31, 180, 220),
    ],
}


@pytest.mark.parametrize("site", SITES)
def test_every_code_has_a_fixture_or_a_reason(site: str) -> None:
    fixtures = {p.stem for p in (FIXTURES / site / "findings").iterdir()}
    assert fixtures == {name.split("/")[1].rsplit(".", 1)[0] for name in EXPECTED if name.startswith(site + "/")}
    assert fixtures | set(NOT_EXPRESSIBLE[site]) == set(CODES)
    assert not fixtures & set(NOT_EXPRESSIBLE[site])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_findings(name: str) -> None:
    reports = list(validate([FIXTURES / name.replace("/", "/findings/", 1)]))
    got = [(r.hand_id, *(finding_dict(f)[k] for k in ("code", "line", "expected", "actual")))
           for r in reports for f in r.findings]
    assert got == EXPECTED[name]
    assert name.split("/")[1].rsplit(".", 1)[0] in [row[1] for row in got]
    assert [f.caused_by for r in reports for f in r.findings][0] is None  # the first finding is a root cause


@pytest.mark.parametrize(("site", "hands"), [("winamax", 6), ("ongame", 3)])
def test_clean_fixtures_give_no_finding(site: str, hands: int) -> None:
    reports = list(validate([FIXTURES / site / "clean"]))
    assert len(reports) == hands and all(r.status == "replayed" and not r.findings for r in reports)
