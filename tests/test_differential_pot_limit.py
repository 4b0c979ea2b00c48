"""Pot-limit amounts against pokerkit (issue 14, RULES.md §7.3).

pokerkit has no pot-limit triple draw, but has its parts: a pot-limit mixin, the 2-7 ranking and the
triple-draw streets. In random situations of such a game (deep stacks, so no amount is cut by a
stack), drawdealer's legal actions for the player to act, read back from the PHH of the actions so
far, give the same call, minimum and pot-limit maximum as pokerkit.
"""

from __future__ import annotations

import random
import warnings

import pytest

pk = pytest.importorskip("pokerkit")

from pokerkit_hands import AUTOMATIONS  # noqa: E402

from drawdealer.engine.record import HandRecord  # noqa: E402
from drawdealer.engine.replay import replay  # noqa: E402
from drawdealer.parsers.phh import parse_hand  # noqa: E402


class PotLimitTripleDraw(pk.PotLimitPokerMixin, pk.DeuceToSevenLowballMixin, pk.TripleDraw):
    """2-7 triple draw, pot limit, from pokerkit's parts."""

    max_completion_betting_or_raising_count = None


def _phh(state: pk.State, blinds: tuple[int, int], stacks: list[int]) -> str:
    """The actions so far as PHH with drawdealer's extension variant (pokerkit has no code for it)."""
    actions = []
    for op in state.operations:
        p = f"p{getattr(op, 'player_index', 0) + 1}"
        if isinstance(op, pk.HoleDealing):
            actions.append(f"d dh {p} {''.join(map(repr, op.cards))}")
        elif isinstance(op, pk.StandingPatOrDiscarding):
            actions.append(f"{p} sd {''.join(map(repr, op.cards))}".strip())
        elif isinstance(op, pk.Folding):
            actions.append(f"{p} f")
        elif isinstance(op, pk.CheckingOrCalling):
            actions.append(f"{p} cc")
        elif isinstance(op, pk.CompletionBettingOrRaisingTo):
            actions.append(f"{p} cbr {op.amount}")
    n = len(stacks)
    return "\n".join([
        "variant = 'P2L3D'", "_drawdealer_game = '27TD-PL'", f"antes = {[0] * n}",
        f"blinds_or_straddles = {[*blinds, *[0] * (n - 2)]}", f"min_bet = {blinds[1]}",
        f"starting_stacks = {stacks}", "actions = [" + ", ".join(f"'{a}'" for a in actions) + "]", ""])


def _situations(seed: int) -> list[tuple[tuple, tuple]]:
    """pokerkit's and drawdealer's (to call, minimum, maximum) at each betting decision of one hand."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    blinds = (1, 2) if rng.random() < 0.5 else (5, 10)
    stacks = [blinds[1] * 5000] * n
    game = PotLimitTripleDraw(AUTOMATIONS + (pk.Automation.HOLE_DEALING, pk.Automation.CARD_BURNING), False, 0,
                              blinds, blinds[1], blinds[1], mode=pk.Mode.CASH_GAME)  # min bet as both "bets"
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        random.seed(seed)
        state = game(tuple(stacks), n)
        while state.status:
            if state.can_stand_pat_or_discard():
                held = list(state.hole_cards[state.stand_patter_or_discarder_index])
                state.stand_pat_or_discard(rng.sample(held, rng.randint(0, 3)))
                continue
            high = max(state.bets)
            theirs = (state.checking_or_calling_amount or None, state.min_completion_betting_or_raising_to_amount,
                      state.pot_completion_betting_or_raising_to_amount)
            record = parse_hand(_phh(state, blinds, stacks).splitlines())
            assert isinstance(record, HandRecord), record
            legal = replay(record).state.legal_actions()
            ours = (legal.to_call, legal.min_bet, legal.max_bet) if high == 0 else \
                (legal.to_call, legal.min_raise_to, legal.max_raise_to)
            out.append((theirs, ours))
            roll = rng.random()
            if roll < 0.1 and state.checking_or_calling_amount:
                state.fold()
            elif roll < 0.45 and state.can_complete_bet_or_raise_to():
                low, top = theirs[1], theirs[2]
                state.complete_bet_or_raise_to(rng.choice((low, top, rng.randint(low, top))))
            else:
                state.check_or_call()
    return out


@pytest.mark.parametrize("seed", range(30))
def test_call_minimum_and_pot_limit_maximum_agree(seed: int) -> None:
    situations = _situations(seed)
    assert situations and [s for s in situations if s[0] != s[1]] == []
