"""Running it twice (RULES.md §18.5): the rest of a hand dealt more than once, replayed run by run.

When no more betting can happen the players may agree to deal the rest of the hand several times.
Each run starts from the hand as it was left: :func:`play_runs` replays every run on its own copy
of the hand state (its draws, its showdown: each checked as any hand's), then checks that the runs
agree with each other, and hands the runs to the state, whose settlement cuts every pot into as
many equal parts as there are runs (the odd unit to the first run) and awards each part on the
hands of its own run (:func:`settle_runs`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from drawdealer.engine.cards import card_str, cards_str
from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import replace
from drawdealer.engine.phases import COMPLETE
from drawdealer.engine.pots import Pot, PotAward, new_pot, take_rake
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.words import counted

if TYPE_CHECKING:
    from drawdealer.engine.state import HandState


def play_runs(state: HandState, runs: Sequence[Sequence[Action]]) -> list[Finding]:
    """Replay each run's actions from a copy of ``state`` (the hand when the runs began), then the
    agreement of the runs; ``state`` ends the hand with them (RULES.md §18.5). Each finding of a run
    says which run it belongs to."""
    findings: list[Finding] = []
    copies: list[HandState] = []
    for k, actions in enumerate(runs, 1):
        run = state.copy()
        found: list[Finding] = []
        run.play(actions, found)
        if not run.aborted and run.phase != COMPLETE:
            found += run.abandon()
        findings += [replace(f, message=f"run {k}: {f.message}", details={**f.details, "run": k}) for f in found]
        copies.append(run)
    findings += _contradictions(state, copies, runs)
    state.runs = copies
    state._settlement = None
    state.ended_in = copies[0].ended_in if copies else state.street
    state.outcome = copies[0].outcome if copies else state.outcome
    state.phase, state.to_act, state.street = COMPLETE, -1, "AWARD"
    return findings


def _hands(run: HandState) -> dict[int, set]:
    """The cards each player still in holds at the end of a run, as far as they are known."""
    return {i: set(run.shown.get(i) or run.deck.hands[i]) for i in range(run.n) if not run.folded[i]}


def _contradictions(state: HandState, copies: Sequence[HandState], runs: Sequence[Sequence[Action]]) -> list[Finding]:
    """``RUNS_CONTRADICT`` where two runs cannot both be true (RULES.md §18.5): a player discards once,
    so his discards are the same in every run and the cards he kept are in his hand in every run; and
    a card is one player's in one run only if no other player holds it in another (kept, it is his in
    every run; dealt, it left the stub for the runs after). A player's own cards common to his runs
    are not told apart from kept ones."""
    out: list[Finding] = []
    if len(copies) < 2:
        return out
    hands = [_hands(run) for run in copies]
    discards = [_discards(state, actions) for actions in runs]
    drawn = [sum(count for count, _ in discards[0].get(i, ())) for i in range(state.n)]
    size = state.spec.hand_size
    line = {k: next((a.line for a in reversed(actions) if a.line is not None), None) for k, actions in enumerate(runs)}
    unlike: set[int] = set()  # players whose discards differ: what they kept cannot be told
    for k in range(1, len(copies)):
        for i in sorted(set(discards[0]) | set(discards[k])):
            first, other = discards[0].get(i, ()), discards[k].get(i, ())
            if [c for c, _ in first] != [c for c, _ in other] or any(
                    a is not None and b is not None and set(a) != set(b) for (_, a), (_, b) in zip(first, other)):
                unlike.add(i)
                name = state.names[i]
                said, now = _said(first), _said(other)
                out.append(_finding(state, f"{name} discards {said} in run 1 and {now} in run {k + 1}: a player "
                                    "discards once", said, now, line[k], name))
    for j in range(len(copies)):
        for k in range(j + 1, len(copies)):
            for i, cards in hands[j].items():
                other = hands[k].get(i)
                if other is None or len(cards) < size or len(other) < size or i in unlike:
                    continue
                kept = size - min(drawn[i], size)
                if len(cards & other) < kept:
                    name = state.names[i]
                    out.append(_finding(state, f"{name} kept {counted(kept, 'card')}, yet {name}'s hands of run "
                                        f"{j + 1} ({cards_str(sorted(cards))}) and run {k + 1} "
                                        f"({cards_str(sorted(other))}) share {counted(len(cards & other), 'card')}",
                                        kept, len(cards & other), line[k], name))
            for i, cards in hands[j].items():
                for q, other in hands[k].items():
                    if q != i:
                        for card in sorted(cards & other):
                            out.append(_finding(state, f"{card_str(card)} is {state.names[i]}'s in run {j + 1} and "
                                                f"{state.names[q]}'s in run {k + 1}", state.names[i], state.names[q],
                                                line[k], state.names[q], card=card_str(card)))
    return out


def _discards(state: HandState, actions: Sequence[Action]) -> dict[int, list[tuple[int, tuple | None]]]:
    """Each player's draws in a run: how many cards, and which when the log names them."""
    out: dict[int, list[tuple[int, tuple | None]]] = {}
    for action in actions:
        i = state.index.get(action.player, -1)
        if action.kind is ActionKind.DRAW and i >= 0:
            out.setdefault(i, []).append((action.count, action.discarded))
    return out


def _said(draws: Sequence[tuple[int, tuple | None]]) -> str:
    """A player's draws of a run as a message says them: the cards when known, else how many."""
    return " then ".join(cards_str(cards) if cards else counted(count, "card") for count, cards in draws) or "nothing"


def _finding(state: HandState, message: str, expected: object, actual: object, line: int | None, player: str,
             **details: object) -> Finding:
    return Finding(code="RUNS_CONTRADICT", message=message, hand_id=state.hand_id, line=line, street="SHOWDOWN",
                   player=player, expected=expected, actual=actual, details=details, currency=state.currency)


def run_parts(amount: int, runs: int) -> list[int]:
    """A pot cut into ``runs`` equal parts, the odd units to the first runs, one each (RULES.md §18.5)."""
    part, odd = divmod(amount, runs)
    return [part + (1 if k < odd else 0) for k in range(runs)]


def settle_runs(state: HandState, pots: Sequence[Pot], rake: int | Sequence[int], *, explain: bool) -> list[PotAward]:
    """The awards of a hand run more than once (RULES.md §18.5, §9.4-§9.6): each pot, after the rake,
    cut into one part per run, each part awarded on the hands of its own run; one award per pot,
    the runs' shares added up (a pot is undetermined when a part of it is)."""
    runs = state.runs or []
    raked = take_rake(pots, rake) if rake else list(pots)
    parts = [run_parts(pot.amount, len(runs)) for pot in raked]
    per_run = [run.award([new_pot(amount=parts[p][k], eligible=pot.eligible) for p, pot in enumerate(raked)],
                         explain=explain) for k, run in enumerate(runs)]
    order = [state.names[j] for j in state.order]
    awards: list[PotAward] = []
    for p, pot in enumerate(raked):
        shares: dict[str, int] = {}
        for run_awards in per_run:
            for player, chips in run_awards[p].shares.items():
                shares[player] = shares.get(player, 0) + chips
        determined = all(run_awards[p].winners for run_awards in per_run)
        winners = tuple(name for name in order if shares.get(name)) if determined else ()
        reason = "; ".join(f"run {k}: {run_awards[p].reason}" for k, run_awards in enumerate(per_run, 1)) \
            if explain else ""
        awards.append(PotAward(index=p, amount=pot.amount, eligible=pot.eligible, winners=winners,
                               shares={name: shares[name] for name in winners}, odd_chip_to=None, reason=reason))
    return awards
