"""Root causes and their consequences among the findings of one hand (RULES.md §11.1, DESIGN.md 1).

The replay carries on with the recorded action after a fault, so a fault is mostly one finding.
Some faults still leave a trace further on, because a later check reads a state the fault already
made wrong; such a finding is marked ``caused_by``: the index, in the hand's list, of its root cause
(a finding that follows from none). The links, each narrow on purpose:

- **A player's tracked hand** (§8.5): once a draw or deal broke it for a player (the cards his
  lines give him do not add up), what is later read from it for the same player (a card he is
  dealt that he seems to hold, a discard he seems not to hold, his hand size, the hand he shows)
  follows from the latest such break. The line that breaks it is a root of its own.
- **An exhausted stub** (§8.4): the cards dealt after it in the same draw round follow from it.
- **A bet or raise of a wrong amount** (above the stack, so applied as the whole stack, §7.1; or
  not the size the structure allows, §7.2-§7.4): a call of another amount later in the same round
  follows from the latest of them (the log's calls answer the bet as the log printed it).
- **The money of the hand** (§9.4, §9.5): the checks of the log's claims (uncalled chips, pots,
  rake, winners, collected amounts, final stacks) follow from the first earlier finding that already
  put the chips or the contest away from the log: an action the replay could not apply as recorded
  (a bet clipped to the stack, an action after the round closed or by a folded player, a call of
  another amount), a history cut short, a pot awarded to a player not eligible for it, a wrong
  winner, split or total. Which of those can explain which is :data:`MONEY_CAUSES`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from drawdealer.engine.findings import Finding

BREAKS_HAND = frozenset(("DRAW_COUNT_MISMATCH", "DRAW_COUNT_EXCEEDED", "HAND_SIZE_INVALID", "DISCARD_NOT_IN_HAND",
                         "DRAW_CARD_UNAVAILABLE", "CARD_DUPLICATE"))
"""Findings after which a player's tracked hand is no longer what he holds."""
READS_HAND = frozenset(("DRAW_CARD_UNAVAILABLE", "DISCARD_NOT_IN_HAND", "HAND_SIZE_INVALID", "SHOWDOWN_HAND_MISMATCH"))
"""Findings that read a player's tracked hand."""
BET_AMOUNT = frozenset(("BET_EXCEEDS_STACK", "BET_SIZE_FIXED_LIMIT", "RAISE_SIZE_FIXED_LIMIT", "BET_BELOW_MINIMUM",
                        "RAISE_BELOW_MINIMUM", "BET_ABOVE_POT_LIMIT", "RAISE_ABOVE_POT_LIMIT",
                        "IT_OPEN_BET_OUT_OF_RANGE", "IT_BLIND_AMOUNT_WRONG"))
"""Findings on the amount of a bet or raise, which the calls after it answer."""

_NOT_AS_RECORDED = frozenset(("BET_EXCEEDS_STACK", "ACTION_AFTER_ROUND_CLOSED", "ACTION_BY_INACTIVE_PLAYER",
                              "ACTION_NO_BETTING_POSSIBLE", "CALL_AMOUNT_MISMATCH", "CALL_NOTHING_TO_CALL",
                              "BET_WHEN_FACING_BET", "ROUND_NOT_CLOSED"))
_CONTEST = frozenset(("POT_ELIGIBILITY_WRONG", "IT_SPLIT_POT", "ROUND_NOT_CLOSED"))
_AWARD = frozenset(("POT_ELIGIBILITY_WRONG", "WINNER_WRONG", "SPLIT_WRONG", "IT_SPLIT_POT",
                    "IT_FALSE_OPENER_COLLECTED", "IT_POT_AWARDED_AFTER_PAROLA"))
MONEY_CAUSES: dict[str, frozenset[str]] = {
    "UNCALLED_BET_WRONG": _NOT_AS_RECORDED,
    "POT_AMOUNT_WRONG": _NOT_AS_RECORDED | {"UNCALLED_BET_WRONG"},
    "RAKE_MISMATCH": _NOT_AS_RECORDED | {"UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG"},
    "WINNER_WRONG": _CONTEST,
    "SPLIT_WRONG": _CONTEST,
    # one player given too much is another given too little: the second follows from the first
    "COLLECTED_AMOUNT_WRONG": _NOT_AS_RECORDED | _AWARD | {"UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG", "RAKE_MISMATCH",
                                                            "COLLECTED_AMOUNT_WRONG"},
    "STACK_ARITHMETIC": _NOT_AS_RECORDED | _AWARD | {"UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG", "RAKE_MISMATCH",
                                                      "COLLECTED_AMOUNT_WRONG"},
}
"""For each claim check, the earlier findings it can follow from (the first one found is its cause)."""


def link_causes(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    """``findings`` (one hand's, in order) with ``caused_by`` set on each that follows from an
    earlier one (the module docstring), to the index of its root cause; None on the roots."""
    roots: list[int | None] = []
    out: list[Finding] = []
    for k, f in enumerate(findings):
        cause = _cause(f, findings, k)
        root = None if cause is None else (roots[cause] if roots[cause] is not None else cause)
        roots.append(root)
        out.append(f if f.caused_by == root else replace(f, caused_by=root))
    return tuple(out)


def _cause(f: Finding, findings: Sequence[Finding], k: int) -> int | None:
    """The index of the earlier finding ``findings[k]`` follows from, or None."""
    code = f.code
    if code in READS_HAND:
        for j in range(k - 1, -1, -1):
            e = findings[j]
            if (e.code in BREAKS_HAND and e.player == f.player) or (
                    e.code == "DECK_EXHAUSTED" and code == "DRAW_CARD_UNAVAILABLE" and e.street == f.street):
                return j
    elif code == "CALL_AMOUNT_MISMATCH":
        for j in range(k - 1, -1, -1):
            e = findings[j]
            if e.code in BET_AMOUNT and e.street == f.street:
                return j
    causes = MONEY_CAUSES.get(code)
    if causes:
        for j in range(k):
            if findings[j].code in causes:
                return j
    return None
