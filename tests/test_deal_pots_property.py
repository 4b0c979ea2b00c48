"""The pots the dealer's screen shows are RULES.md §9.4 applied to the closed betting rounds (issue 27).

Money in front of the players is their bet until its round closes; then it goes into the pots, the
uncalled part back to its owner (§7.1), and a side pot appears if someone went all-in (§9.4). The
test keeps its own books from the actions of random legal hands (short stacks, so all-ins and side
pots are common): each player's chips in this round and in the closed rounds, the uncalled excess
given back when a round closes; and it builds the pots with its own reading of §9.4, not the
engine's. After every action the screen's pots (``TableView.pots``, what ``--json`` prints) must be
those, the bets in front this round's chips, and the pot both together.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.cli.deal.sessionfile import SessionInfo
from drawdealer.cli.deal.table import table_view
from drawdealer.engine.record import ActionKind
from drawdealer.engine.simulate import Style, random_hand
from drawdealer.engine.state import HandState
from drawdealer.engine.variants import get_game

K = ActionKind
GAMES = ("27TD-NL", "27TD-PL", "27SD-NL", "27TD-FL", "5CD-NL", "BADUGI-PL")
ALL_IN = Style(fold=0.2, aggression=0.5, all_in=0.35)


def reference_pots(totals: dict[str, int], active: set[str]) -> list[tuple[int, tuple[str, ...]]]:
    """RULES.md §9.4 steps 2-4, read literally: one pot per distinct total of an active player
    (ascending; a level of 0 makes no pot when there are others), each holding every player's chips
    between the level before it and its own, eligible to the active players who reach it; chips of
    folded players above the top level join the last pot."""
    levels = sorted({totals[p] for p in active})
    if len(levels) > 1 and levels[0] == 0:
        levels = levels[1:]
    pots, previous = [], 0
    for level in levels:
        amount = sum(max(0, min(t, level) - previous) for t in totals.values())
        pots.append([amount, tuple(p for p in totals if p in active and totals[p] >= level)])
        previous = level
    pots[-1][0] += sum(max(0, t - previous) for t in totals.values())
    return [(amount, eligible) for amount, eligible in pots]


def _close_round(closed: dict[str, int], front: dict[str, int]) -> None:
    """A betting round closes: its chips join the closed rounds' and a commitment above every other
    (folded players' included) goes back down to the next highest (§7.1, §9.4 step 1)."""
    for p, chips in front.items():
        closed[p] += chips
        front[p] = 0
    ranked = sorted(closed.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] > ranked[1]:
        top = max(closed, key=closed.get)
        closed[top] = ranked[1]


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1),
       stacks=st.lists(st.sampled_from((3, 12, 30, 55, 200)), min_size=2, max_size=6))
def test_the_pots_shown_are_9_4_applied_to_the_closed_rounds(game: str, seed: int, stacks: list[int]) -> None:
    spec = get_game(game)
    hand = random_hand(spec, random.Random(seed), players=len(stacks), stacks=stacks, style=ALL_IN)
    state = HandState(spec, seats=hand.seats, button=hand.button, stakes=hand.stakes)
    info = SessionInfo(game=spec.id, options={}, stakes={"sb": 1, "bb": 2}, seats=tuple((s.name, s.stack)
                       for s in hand.seats), button=hand.button, hand=1, hand_start=0, commands=0)
    names = [s.name for s in hand.seats]
    closed = dict.fromkeys(names, 0)  # the test's own books: chips of the closed rounds …
    front = dict.fromkeys(names, 0)  # … and of the round under way
    folded: set[str] = set()
    done = []
    for action in hand.actions:
        betting = state.phase_name in ("SETUP", "BETTING")
        street = state.street
        state.apply(action)
        done.append(action)
        p = action.player
        if action.kind is K.POST_ANTE:
            closed[p] += action.amount  # an ante goes in the middle at once (§9.4 step 2)
        elif action.kind in (K.POST_SB, K.POST_BB, K.CALL, K.BET):
            front[p] += action.amount
        elif action.kind is K.RAISE:
            front[p] = action.amount  # a raise is to its amount
        elif action.kind is K.FOLD:
            folded.add(p)
        if betting and street != "SETUP" and state.street != street:
            _close_round(closed, front)
        view = table_view(state, info, done)
        active = set(names) - folded
        shown = [(pot.amount, pot.eligible) for pot in view.pots]
        assert shown == reference_pots(closed, active), (action, shown, closed, front)
        assert {s.name: s.bet for s in view.seats} == front, (action, view.seats, front)
        assert view.pot == sum(closed.values()) + sum(front.values())
