"""Root causes and their consequences among the findings of one hand (RULES.md §11.1, DESIGN.md 1).

The replay carries on with the recorded action after a fault, so a fault is mostly one finding.
Some faults still leave a trace further on, because a later check reads a state the fault already
made wrong; such a finding is marked ``caused_by``: the index, in the hand's list, of its root cause
(a finding that follows from none). The links, each as narrow as the state it reads:

- **A player's tracked hand** (§8.5): once a draw or deal broke it for a player (the cards his
  lines give him do not add up, or a card he holds was dealt to another, which takes it out of
  the hand tracked for him, ``details["holder"]``), what is later read from it for the same player
  (a card he is dealt that he seems to hold, a discard he seems not to hold, his hand size, the hand
  he shows) follows from the latest such break. The line that breaks it is a root of its own; a
  second break of the same player's hand in the same draw (six cards discarded, so the count drawn
  no longer matches) follows from the first, and so does the same slip made again on his later
  draw lines (:data:`REPEATS`: a draw line whose counts contradict each other, as a log's writer
  repeats it on every draw of the player; PokerStars hand 81631597149 of the corpus).
- **One card in two places** (§8.5): a finding on a card (it cannot be in the stub, it is already
  elsewhere, it is discarded by a player who seems not to hold it) follows from the first earlier
  finding that put that same card in two places (:data:`TWO_PLACES`): the card was one fault.
- **An exhausted stub** (§8.4): the cards dealt after it in the same draw round follow from it.
  So does a card that cannot be in a stub reshuffled after a draw that dealt more cards than were
  discarded (:data:`STUB_HISTORY`; ``details["stub"]`` numbers the stubs): the replay's stub ran out
  earlier than the log's, so the two reshuffled at different points and hold different discards.
- **A bet or raise of a wrong amount** (above the stack, so applied as the whole stack, §7.1; or
  not the size the structure allows, §7.2-§7.4): a call of another amount, and a raise of the wrong
  size or one not reopened (§7.5), later in the same round follow from the latest of them (the log's
  later amounts answer the bet as the log meant it, the replay measures them from the bet it applied).
- **The order of play** (§6.2, §6.3, §7.1-§7.5, §9.1): a finding on who may act, draw or show
  next, or on the size of a bet measured from the round before it (:data:`FOLLOWS_ROUND`), follows
  from the first earlier finding that already put the replay's round away from the log's: in the same
  round (or, for an action after a round closed, in the round it names), a wrong-turn action, a wrong
  amount, an extra raise (the log's later lines answer a round played in another order or to
  another bet) or a check facing a bet (the replay still waits for that player's chips, the log's
  round goes on without them: the round it leaves open is that check); anywhere later in the hand,
  a bet clipped to the stack (the replay holds that player all-in with fewer chips in, the log does
  not: every later round is measured at another table).
  Likewise a finding that reads the stacks (:data:`READS_STACK`: who is all-in, so skipped in the
  order of play; what an all-in may be) follows from any earlier bet or raise of a wrong amount that
  is a root cause (one that follows from a derailed round is as the log meant it): its chips moved
  the stacks of the bettor and of all who answered him, while the log's later lines were written for
  the stacks meant. A draw by a player out of order (a second one in a draw round) breaks his
  tracked hand as above.
- **The money of the hand** (§9.4, §9.5): the checks of the log's claims (uncalled chips, pots,
  rake, winners, collected amounts, final stacks) follow from the first earlier finding that already
  put the chips or the contest away from the log: an action the replay could not apply as recorded
  (a bet clipped to the stack, an action after the round closed or by a folded player, a call of
  another amount), a bet or raise of a wrong size (applied as recorded: when the log's money then
  disagrees with its own lines, the printed amount is the likelier slip), a history cut short, a pot
  awarded to a player not eligible for it, a wrong winner, split or total. Which of those can
  explain which is :data:`MONEY_CAUSES`.
"""

from __future__ import annotations

from typing import Sequence

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import replace

BREAKS_HAND = frozenset(("DRAW_COUNT_MISMATCH", "DRAW_COUNT_EXCEEDED", "HAND_SIZE_INVALID", "DISCARD_NOT_IN_HAND",
                         "DRAW_CARD_UNAVAILABLE", "CARD_DUPLICATE"))
"""Findings after which a player's tracked hand is no longer what he holds."""
READS_HAND = frozenset(("DRAW_CARD_UNAVAILABLE", "DISCARD_NOT_IN_HAND", "HAND_SIZE_INVALID", "SHOWDOWN_HAND_MISMATCH"))
"""Findings that read a player's tracked hand."""
REPEATS = frozenset(("DRAW_COUNT_MISMATCH",))
"""Breaks of a player's hand that a log repeats on his later draw lines, one slip made again."""
TWO_PLACES = frozenset(("CARD_DUPLICATE", "DRAW_CARD_UNAVAILABLE"))
"""Findings that put one card in two places."""
NAMES_CARD = TWO_PLACES | {"DISCARD_NOT_IN_HAND"}
"""Findings on one card (``details["card"]``) that an earlier one in two places explains."""
STUB_HISTORY = frozenset(("EXCLUDED_DISCARD", "ALREADY_DEALT"))
"""Reasons of ``DRAW_CARD_UNAVAILABLE`` that read which stub a card is in, so when the stub was reshuffled."""
BET_AMOUNT = frozenset(("BET_EXCEEDS_STACK", "BET_SIZE_FIXED_LIMIT", "RAISE_SIZE_FIXED_LIMIT", "BET_BELOW_MINIMUM",
                        "RAISE_BELOW_MINIMUM", "BET_ABOVE_POT_LIMIT", "RAISE_ABOVE_POT_LIMIT",
                        "IT_OPEN_BET_OUT_OF_RANGE", "IT_BLIND_AMOUNT_WRONG"))
"""Findings on the amount of a bet or raise, which the calls after it answer."""
FOLLOWS_AMOUNT = frozenset(("CALL_AMOUNT_MISMATCH", "RAISE_SIZE_FIXED_LIMIT", "RAISE_BELOW_MINIMUM",
                            "RAISE_ABOVE_POT_LIMIT", "RAISE_NOT_REOPENED", "CHECK_FACING_BET", "CALL_NOTHING_TO_CALL",
                            "BET_WHEN_FACING_BET"))
"""Findings measured from the bet before them in the round."""
ORDER = frozenset(("ACTION_OUT_OF_TURN", "ACTION_BY_INACTIVE_PLAYER", "ACTION_AFTER_ROUND_CLOSED",
                   "ACTION_NO_BETTING_POSSIBLE", "ROUND_NOT_CLOSED", "DRAW_OUT_OF_ORDER", "SHOW_ORDER"))
"""Findings on who may act, draw or show next."""
FOLLOWS_ROUND = ORDER | BET_AMOUNT | FOLLOWS_AMOUNT | {"ALLIN_AMOUNT_MISMATCH"}
"""Findings that read the round as the replay played it: whose turn, the bet to answer, the stacks."""
READS_STACK = ORDER | BET_AMOUNT | {"RAISE_NOT_REOPENED", "ALLIN_AMOUNT_MISMATCH"}
"""Findings that read the players' stacks: who is all-in (skipped in the order of play, not waited
for to close a round, §6.2, §7.1) and what an all-in bet may be (§7.2-§7.4)."""
_DERAILS_ROUND = ORDER | BET_AMOUNT | {"RAISE_CAP_EXCEEDED", "CHECK_FACING_BET"}
"""Findings after which the rest of their round is not the log's (for :data:`FOLLOWS_ROUND`)."""

_NOT_AS_RECORDED = frozenset(("BET_EXCEEDS_STACK", "ACTION_AFTER_ROUND_CLOSED", "ACTION_BY_INACTIVE_PLAYER",
                              "ACTION_NO_BETTING_POSSIBLE", "CALL_AMOUNT_MISMATCH", "CALL_NOTHING_TO_CALL",
                              "BET_WHEN_FACING_BET", "ROUND_NOT_CLOSED"))
_AMOUNT = BET_AMOUNT | {"RAISE_CAP_EXCEEDED"}
"""A bet of a wrong size is applied as recorded (§11.1); when the log's money then disagrees with
its own lines, the printed amount is the slip the money follows from."""
_CONTEST = frozenset(("POT_ELIGIBILITY_WRONG", "IT_SPLIT_POT", "ROUND_NOT_CLOSED"))
_AWARD = frozenset(("POT_ELIGIBILITY_WRONG", "WINNER_WRONG", "SPLIT_WRONG", "IT_SPLIT_POT",
                    "IT_FALSE_OPENER_COLLECTED", "IT_POT_AWARDED_AFTER_PAROLA"))
_PAID = _NOT_AS_RECORDED | _AMOUNT | _AWARD | {"UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG", "RAKE_MISMATCH",
                                               "COLLECTED_AMOUNT_WRONG"}
MONEY_CAUSES: dict[str, frozenset[str]] = {
    "UNCALLED_BET_WRONG": _NOT_AS_RECORDED | _AMOUNT,
    "POT_AMOUNT_WRONG": _NOT_AS_RECORDED | _AMOUNT | {"UNCALLED_BET_WRONG"},
    "RAKE_MISMATCH": _NOT_AS_RECORDED | _AMOUNT | {"UNCALLED_BET_WRONG", "POT_AMOUNT_WRONG"},
    "WINNER_WRONG": _CONTEST,
    "SPLIT_WRONG": _CONTEST,
    # one player given too much is another given too little: the second follows from the first
    "COLLECTED_AMOUNT_WRONG": _PAID,
    "STACK_ARITHMETIC": _PAID,
}
"""For each claim check, the earlier findings it can follow from (the first one found is its cause)."""


def link_causes(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    """``findings`` (one hand's, in order) with ``caused_by`` set on each that follows from an
    earlier one (the module docstring), to the index of its root cause; None on the roots."""
    roots: list[int | None] = []
    out: list[Finding] = []
    for k, f in enumerate(findings):
        cause = _cause(f, findings, k, roots)
        root = None if cause is None else (roots[cause] if roots[cause] is not None else cause)
        roots.append(root)
        out.append(f if f.caused_by == root else replace(f, caused_by=root))
    return tuple(out)


def _cause(f: Finding, findings: Sequence[Finding], k: int, roots: Sequence[int | None]) -> int | None:
    """The index of the earlier finding ``findings[k]`` follows from, or None (``roots``: the root
    cause of each earlier finding, None for a root)."""
    code = f.code
    card = f.details.get("card") if code in NAMES_CARD else None
    if card is not None:
        for j in range(k):
            e = findings[j]
            if e.code in TWO_PLACES and e.details.get("card") == card:
                return j
    stub = f.details.get("stub") if code == "DRAW_CARD_UNAVAILABLE" else None
    if stub is not None and f.details.get("reason") in STUB_HISTORY:
        for j in range(k):
            e = findings[j]
            if e.code == "DRAW_COUNT_MISMATCH" and e.actual > e.expected and stub > e.details.get("stub", stub):
                return j
    if code in READS_HAND:
        for j in range(k - 1, -1, -1):
            e = findings[j]
            if (e.code in BREAKS_HAND and (e.player == f.player or e.details.get("holder") == f.player)) or (
                    e.code == "DECK_EXHAUSTED" and code == "DRAW_CARD_UNAVAILABLE" and e.street == f.street) or (
                    e.code == "DRAW_OUT_OF_ORDER" and e.player == f.player):
                return j
    if code in BREAKS_HAND:
        for j in range(k - 1, -1, -1):
            e = findings[j]
            if e.code in BREAKS_HAND and e.player == f.player and (
                    e.street == f.street or (code == e.code and code in REPEATS)):
                return j
    if code in FOLLOWS_AMOUNT:
        for j in range(k - 1, -1, -1):
            e = findings[j]
            if e.code in BET_AMOUNT and e.street == f.street:
                return j
    if code in FOLLOWS_ROUND:
        rounds = (f.street, f.details.get("round")) if code == "ACTION_AFTER_ROUND_CLOSED" else (f.street,)
        for j in range(k):
            e = findings[j]
            if e.code == "BET_EXCEEDS_STACK" or (e.code in _DERAILS_ROUND and e.street in rounds) or (
                    e.code in _AMOUNT and code in READS_STACK and roots[j] is None):
                return j
    causes = MONEY_CAUSES.get(code)
    if causes:
        for j in range(k):
            if findings[j].code in causes:
                return j
    return None
