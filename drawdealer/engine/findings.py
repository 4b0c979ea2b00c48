"""Findings: what the validator and the dealer assistant report (RULES.md §11).

Findings are data, not exceptions (DESIGN.md convention 1). Every code has a stable name, a
severity, a title, the RULES.md section it enforces and a one-line example (convention 2).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from drawdealer.engine.frozen import field, record


class Severity(str, Enum):
    """ERROR breaks a rule; WARNING is worth a look but is not illegal (RULES.md §11.1)."""

    ERROR = "error"
    WARNING = "warning"


@record
class CodeInfo:
    """Metadata of one finding code."""

    code: str
    severity: Severity
    title: str
    section: str
    example: str


E, W = Severity.ERROR, Severity.WARNING

_REGISTRY: tuple[CodeInfo, ...] = (
    # --- input (not in §11's tables, but every reader needs them)
    CodeInfo(code="PARSE_ERROR", severity=E, title="the text of a hand cannot be parsed", section="11.1",
             example="'Hero: folds and runs' is not a PokerStars action line"),
    CodeInfo(code="HISTORY_ABORTED", severity=E, title="the replay cannot continue: the state is undefined", section="11.1",
             example="an action names a player who is not seated"),
    CodeInfo(code="INTERNAL_ERROR", severity=E, title="drawdealer failed on this hand (a bug): the hand is not checked",
             section="11.1", example="a reader raised AttributeError on a header it did not expect: please report the hand"),
    CodeInfo(code="GAME_UNSUPPORTED", severity=W, title="a hand of a game drawdealer does not play; skipped", section="0.1",
             example="a Badugi hand in a mixed-game file"),
    # --- §11.2 setup and cards
    CodeInfo(code="CONFIG_INVALID", severity=E, title="option value outside its domain", section="13",
             example="FL_MAX_BETS_PER_ROUND = 1 (must be ≥ 2)"),
    CodeInfo(code="PLAYER_COUNT_INVALID", severity=E, title="players outside the game's range", section="2",
             example="ITA with 11 players"),
    CodeInfo(code="IT_DECK_TIGHT", severity=W, title="Italian game with 9 or more players: the stub is tiny", section="2.2",
             example="ITA with 9 players leaves 7 cards after the deal"),
    CodeInfo(code="CARD_MALFORMED", severity=E, title="a card token cannot be parsed", section="1.1",
             example="'1s' or 'Tx'"),
    CodeInfo(code="CARD_NOT_IN_DECK", severity=E, title="a card below the Italian deck's lowest rank", section="2.2",
             example="6h in a 4-player ITA deal (deck starts at 7)"),
    CodeInfo(code="CARD_DUPLICATE", severity=E, title="the same card in two places at once", section="8.5",
             example="Hero holds 7s and a shown hand holds 7s"),
    CodeInfo(code="HAND_SIZE_INVALID", severity=E, title="a hand is not five cards after the deal or a draw", section="1.1",
             example="discards 2, receives 1: four cards"),
    CodeInfo(code="BUTTON_POSITION_INVALID", severity=E, title="the button did not move one occupied seat", section="6.1",
             example="button on seat 3 after seat 1 with seat 2 occupied"),
    CodeInfo(code="BLIND_POSTER_WRONG", severity=E, title="a blind posted by the wrong seat", section="6.1",
             example="the button posts the BB in a 6-handed game"),
    CodeInfo(code="BLIND_AMOUNT_WRONG", severity=E, title="a blind differs from the stakes and is not all-in", section="6.1",
             example="BB 3 at blinds 1/2"),
    CodeInfo(code="FORCED_BET_WRONG", severity=E, title="an ante or invito missing or wrong", section="10.1",
             example="dealer posts invito 5 when IT_INVITO is 10"),
    # --- §11.3 betting
    CodeInfo(code="ACTION_OUT_OF_TURN", severity=E, title="the wrong player acts", section="6.2",
             example="the BB acts before UTG in B1"),
    CodeInfo(code="ACTION_BY_INACTIVE_PLAYER", severity=E, title="a folded or all-in player acts", section="6.2",
             example="a player who folded in B1 bets in B2"),
    CodeInfo(code="ACTION_NO_BETTING_POSSIBLE", severity=E, title="a betting action in a round that must be skipped", section="6.2",
             example="a bet when only one player has chips behind"),
    CodeInfo(code="ROUND_NOT_CLOSED", severity=E, title="the round ended while someone still had to act", section="7.1",
             example="the draw starts before the BB answered a raise"),
    CodeInfo(code="ACTION_AFTER_ROUND_CLOSED", severity=E, title="an action after the round was complete", section="7.1",
             example="a check after everyone called the last raise"),
    CodeInfo(code="CHECK_FACING_BET", severity=E, title="a check facing a bet", section="7.1",
             example="check with 4 to call"),
    CodeInfo(code="CALL_NOTHING_TO_CALL", severity=E, title="a call with nothing to call", section="7.1",
             example="the BB 'calls' an unraised pot"),
    CodeInfo(code="CALL_AMOUNT_MISMATCH", severity=E, title="a call of the wrong amount", section="7.1",
             example="calls 3 facing 4 with a deep stack"),
    CodeInfo(code="BET_WHEN_FACING_BET", severity=E, title="a 'bet' where a raise was due", section="7.1",
             example="bets 4 after another player bet 4"),
    CodeInfo(code="RAISE_WITHOUT_BET", severity=E, title="a 'raise' with no bet to raise", section="7.1",
             example="raises to 4 as first action of B2"),
    CodeInfo(code="BET_SIZE_FIXED_LIMIT", severity=E, title="a fixed-limit bet that is not one unit", section="7.2",
             example="bets 4 in B2 at 1/2 (unit 2)"),
    CodeInfo(code="RAISE_SIZE_FIXED_LIMIT", severity=E, title="a fixed-limit raise not to F + unit", section="7.2",
             example="raises 4 to 6 in B3 (must be 8)"),
    CodeInfo(code="RAISE_CAP_EXCEEDED", severity=E, title="more fixed-limit bets than the cap", section="7.2",
             example="a fifth bet in a capped round"),
    CodeInfo(code="BET_BELOW_MINIMUM", severity=E, title="a pot/no-limit bet below the big blind", section="7.3",
             example="bets 1 at blinds 1/2"),
    CodeInfo(code="RAISE_BELOW_MINIMUM", severity=E, title="a raise below H + Lraise, not all-in", section="7.4",
             example="raises 10 to 15 after a raise of 10"),
    CodeInfo(code="BET_ABOVE_POT_LIMIT", severity=E, title="a pot-limit bet above the pot", section="7.3",
             example="bets 50 into 40"),
    CodeInfo(code="RAISE_ABOVE_POT_LIMIT", severity=E, title="a pot-limit raise above H + P + (H − c)", section="7.3",
             example="UTG raises to 8 at blinds 1/2 (max 7)"),
    CodeInfo(code="BET_EXCEEDS_STACK", severity=E, title="a commitment larger than the stack", section="7.1",
             example="bets 100 with 80 behind"),
    CodeInfo(code="ALLIN_AMOUNT_MISMATCH", severity=E, title="flagged all-in but not the whole stack", section="7.1",
             example="'and is all-in' with chips left"),
    CodeInfo(code="RAISE_NOT_REOPENED", severity=E, title="a raise by a player whose option was not reopened", section="7.5",
             example="re-raises after only a short all-in"),
    CodeInfo(code="MIN_OPEN_VIOLATION", severity=E, title="a limp where the first entry must be a raise", section="7.4",
             example="calls the BB with MIN_OPEN_PREDRAW = TWO_BB"),
    # --- §11.4 draws
    CodeInfo(code="DRAW_OUT_OF_ORDER", severity=E, title="the wrong player draws", section="6.3",
             example="the button draws before the SB"),
    CodeInfo(code="DRAW_BY_INACTIVE_PLAYER", severity=E, title="a folded player draws", section="6.3",
             example="a player who folded in B1 discards 2"),
    CodeInfo(code="DRAW_COUNT_EXCEEDED", severity=E, title="more cards discarded than allowed", section="6.3",
             example="discards 5 in ITA (at most 4)"),
    CodeInfo(code="DRAW_COUNT_MISMATCH", severity=E, title="replacements differ from discards", section="6.3",
             example="discards 3, receives 2"),
    CodeInfo(code="DISCARD_NOT_IN_HAND", severity=E, title="a discarded card the player does not hold", section="6.3",
             example="discards Kd holding 7s5d4c3h2s"),
    CodeInfo(code="DRAW_CARD_UNAVAILABLE", severity=E, title="a replacement card that cannot be in the stub", section="8.5",
             example="receives a card another player holds"),
    CodeInfo(code="DECK_EXHAUSTED", severity=E, title="the reshuffle cannot supply the cards", section="8.4",
             example="10 players each drawing 5 in the third draw"),
    CodeInfo(code="DECK_REUSED_OWN_DISCARDS", severity=W, title="a player's own discards were reshuffled back to that player", section="8.4",
             example="stage 3 of the reshuffle was needed"),
    CodeInfo(code="IT_FOURTH_CARD_EARLY", severity=E, title="the 4th card of a 4-card draw came too early", section="6.4",
             example="served 4 at once before the others drew"),
    # --- §11.5 showdown and award
    CodeInfo(code="SHOWDOWN_HAND_MISMATCH", severity=E, title="shown cards differ from the tracked hand", section="9.2",
             example="shows 7s5d4c3h2s, was dealt 8s5d4c3h2s"),
    CodeInfo(code="SHOW_ORDER", severity=W, title="the first hand shown is not the one due first", section="9.1",
             example="the caller shows before the last aggressor"),
    CodeInfo(code="HAND_CLAIM_WRONG", severity=W, title="the hand's description contradicts its cards", section="9.2",
             example="'Lo: 7,5,4,3,2' for 8-5-4-3-2"),
    CodeInfo(code="UNCALLED_BET_WRONG", severity=E, title="uncalled chips not returned, or the wrong amount", section="7.1",
             example="'Uncalled bet (4) returned' when 6 was uncalled"),
    CodeInfo(code="POT_AMOUNT_WRONG", severity=E, title="a pot total differs from §9.4", section="9.4",
             example="'Total pot 30' when 28 went in"),
    CodeInfo(code="POT_ELIGIBILITY_WRONG", severity=E, title="a pot awarded to a player not eligible for it", section="9.4",
             example="the short all-in player collects the side pot"),
    CodeInfo(code="WINNER_WRONG", severity=E, title="a pot awarded to a hand that is not the best", section="9.4",
             example="8-6-4-3-2 collects against 7-5-4-3-2 in 2-7"),
    CodeInfo(code="SPLIT_WRONG", severity=E, title="split shares or the odd-chip recipient wrong", section="9.6",
             example="the odd chip goes to the player right of the button"),
    CodeInfo(code="COLLECTED_AMOUNT_WRONG", severity=E, title="a player's total collected differs", section="9.4",
             example="collects 30 from a 28 pot"),
    CodeInfo(code="RAKE_MISMATCH", severity=E, title="collected + rake differ from the pots, or the rake formula", section="9.5",
             example="pot 100, rake 5, collected 94"),
    CodeInfo(code="RAKE_EXCEEDS_CAP", severity=E, title="rake above the cap", section="9.5",
             example="rake 4 with RAKE_CAP 3"),
    CodeInfo(code="STACK_ARITHMETIC", severity=E, title="an end stack differs from start − committed + returned + collected", section="9.4",
             example="ends with 105 after losing 10 from 100"),
    # --- §11.6 Italian
    CodeInfo(code="IT_OPEN_WITHOUT_OPENERS", severity=E, title="opened without the required openers", section="10.2",
             example="opens with Q-Q when R = K"),
    CodeInfo(code="IT_REQUIREMENT_WRONG", severity=E, title="the recorded requirement breaks the J-Q-K-A progression", section="10.2",
             example="R = J on the deal after an unopened deal"),
    CodeInfo(code="IT_OPEN_BET_OUT_OF_RANGE", severity=E, title="opening or first B2 bet outside [chip, pot]", section="7.6",
             example="opens for 40 into a pot of 30"),
    CodeInfo(code="IT_BLIND_NOT_ALLOWED", severity=E, title="blind opening not allowed here", section="10.6",
             example="a blind when R = Q"),
    CodeInfo(code="IT_BLIND_AMOUNT_WRONG", severity=E, title="blind ≠ multiplier × pot, or controbuio ≠ 2 × blind", section="10.6",
             example="blind 30 into a pot of 20 (must be 40)"),
    CodeInfo(code="IT_RAISE_AFTER_BLIND", severity=E, title="a raise in B1 of a blind-opened deal", section="10.6",
             example="raises the controbuio"),
    CodeInfo(code="IT_DRAW_ORDER", severity=E, title="the accomodo does not start with the opener", section="6.4",
             example="the dealer's left draws first though P3 opened"),
    CodeInfo(code="IT_POSTDRAW_FIRST_ACTOR", severity=E, title="B2 does not start with the opener (or the next player still in)", section="6.4",
             example="P4 bets first in B2 though P3 opened"),
    CodeInfo(code="IT_OPENER_DID_NOT_SHOW", severity=E, title="the opener did not show the openers", section="9.2",
             example="opener mucks without showing"),
    CodeInfo(code="IT_SPLIT_POT", severity=E, title="an Italian pot was split", section="4.3",
             example="two players share a pot"),
    CodeInfo(code="IT_POT_AWARDED_AFTER_PAROLA", severity=E, title="pot awarded although B2 was checked through", section="10.5",
             example="everyone checks after the draw and P1 collects"),
    CodeInfo(code="IT_FALSE_OPENER_COLLECTED", severity=E, title="a false opener received chips beyond refunds", section="10.4",
             example="opened with T-T at R = J and collected the pot"),
    CodeInfo(code="IT_FALSE_OPENER_PENALTY_MISSING", severity=E, title="the false opener's initial-pot refund is missing", section="10.4",
             example="the next deal starts without the false opener's 10"),
    CodeInfo(code="IT_CARRIED_POT_WRONG", severity=E, title="next deal's starting pot ≠ carried money + forced bets", section="10.5",
             example="carried 90 + invito 10 recorded as 90"),
    # --- §18 site conventions
    CodeInfo(code="RUNS_CONTRADICT", severity=E, title="the runs of a hand run twice cannot both be true", section="18.5",
             example="Hero keeps 2h in run 1, and Villain holds 2h in run 2"),
)

CODES: dict[str, CodeInfo] = {info.code: info for info in _REGISTRY}
"""Every finding code by name."""

AMOUNT_CODES = frozenset((
    "BLIND_AMOUNT_WRONG", "FORCED_BET_WRONG", "CHECK_FACING_BET", "CALL_NOTHING_TO_CALL", "CALL_AMOUNT_MISMATCH",
    "BET_WHEN_FACING_BET", "RAISE_WITHOUT_BET", "BET_SIZE_FIXED_LIMIT", "RAISE_SIZE_FIXED_LIMIT", "BET_BELOW_MINIMUM",
    "RAISE_BELOW_MINIMUM", "BET_ABOVE_POT_LIMIT", "RAISE_ABOVE_POT_LIMIT", "BET_EXCEEDS_STACK", "ALLIN_AMOUNT_MISMATCH",
    "RAISE_NOT_REOPENED", "MIN_OPEN_VIOLATION", "UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG", "COLLECTED_AMOUNT_WRONG",
    "RAKE_MISMATCH", "RAKE_EXCEEDS_CAP", "STACK_ARITHMETIC", "IT_OPEN_BET_OUT_OF_RANGE", "IT_BLIND_AMOUNT_WRONG",
    "IT_POT_AWARDED_AFTER_PAROLA", "IT_FALSE_OPENER_COLLECTED", "IT_FALSE_OPENER_PENALTY_MISSING",
    "IT_CARRIED_POT_WRONG", "SPLIT_WRONG"))
"""Codes whose integer ``expected`` and ``actual`` (or the values of a dict of shares, SPLIT_WRONG) are
chip amounts (in the hand's smallest unit)."""


POT_INDEX_CODES = frozenset(("IT_SPLIT_POT",))
"""Codes whose ``actual`` is the index of a pot (0 the main pot, then the side pots, RULES.md §9.4)."""


def all_codes() -> tuple[CodeInfo, ...]:
    """Every code, in RULES.md §11 order."""
    return _REGISTRY


@record
class Finding:
    """One rule violation (or warning) found in a hand (RULES.md §11.1).

    ``line`` is the source line in the history (None in live play); ``event_index`` the 0-based
    index of the action in the hand; ``expected``/``actual`` are amounts, cards, seats or counts
    (amounts for the codes of :data:`AMOUNT_CODES`, in the smallest unit: cents when ``currency`` is
    set, as in the message, which prints them as ``$2.25``). ``caused_by`` is the index, in the
    hand's list of findings, of the root cause this finding follows from (None for a root cause;
    ``engine.causes``).
    """

    code: str
    message: str
    hand_id: str = ""
    line: int | None = None
    event_index: int | None = None
    street: str = ""
    player: str = ""
    expected: Any = None
    actual: Any = None
    details: dict[str, Any] = field(default_factory=dict)
    currency: str = ""
    caused_by: int | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise KeyError(f"unknown finding code {self.code!r}")

    @property
    def severity(self) -> Severity:
        return CODES[self.code].severity

    @property
    def is_error(self) -> bool:
        return CODES[self.code].severity is Severity.ERROR

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards and tuples become strings and lists)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "line": self.line,
            "message": self.message,
            "expected": _jsonable(self.expected),
            "actual": _jsonable(self.actual),
            "player": self.player or None,
            "street": self.street or None,
            "caused_by": self.caused_by,
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, (int, float, str, bool)):
        return value
    return str(value)
