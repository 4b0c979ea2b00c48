"""The engine's settlement against an independent oracle (``tests/reference_settlement.py``), on the
rules pokerkit's hands never reach: odd chips and their order (RULES.md §9.6), split halves and the
odd chip of a halved pot (§17), side pots with dead money above an all-in (§9.4), mucked hands (§9.2).

1. Whole hands: random legal hands of every game but Italian poker (whose hands never tie, §4.3),
   replayed by the engine; the oracle recomputes every player's chips from the actions alone.
2. Pots built to tie: hypothesis draws the chips each player put in, who folded, and hands made of
   a few rank patterns in shuffled suits so that ties and odd chips are common; the engine's pots and
   awards must pay what the oracle pays.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import make_card
from drawdealer.engine.pots import award_pots, build_pots, collected, uncalled_excess
from drawdealer.engine.ranking import get_ranking
from drawdealer.engine.record import ActionKind, HandRecord
from drawdealer.engine.replay import replay
from drawdealer.engine.simulate import Style, random_hand
from drawdealer.engine.splitpot import award_split_pots
from drawdealer.engine.variants import GAMES, get_game
from tests.reference_settlement import settle

K = ActionKind
IN_FRONT = frozenset({K.POST_SB, K.POST_BB, K.CALL, K.BET})  # chips that count towards the round's bet


def oracle_of(record: HandRecord) -> tuple[dict[str, int], dict[str, int]]:
    """What the oracle pays for a finished hand, read from its actions only."""
    names = [s.name for s in record.seats]
    at = {name: i for i, name in enumerate(names)}
    totals, in_front = [0] * len(names), [0] * len(names)
    folded, mucked = [False] * len(names), set()
    hands: dict[int, list[int]] = {}
    for a in record.actions:
        i = at[a.player]
        if a.kind is K.DRAW:
            in_front = [0] * len(names)  # a draw ends the betting round before it
            hands[i] = [c for c in hands[i] if c not in (a.discarded or ())] + list(a.received or ())
        elif a.kind is K.DEAL:
            hands[i] = list(a.cards or ())
        elif a.kind is K.RAISE:  # a raise *to* (record.py)
            totals[i] += a.amount - in_front[i]
            in_front[i] = a.amount
        elif a.kind in IN_FRONT:
            totals[i] += a.amount
            in_front[i] += a.amount
        elif a.kind in (K.POST_ANTE, K.POST_DEAD):
            totals[i] += a.amount
        elif a.kind is K.FOLD:
            folded[i] = True
        elif a.kind is K.SHOW and a.cards:
            hands[i] = list(a.cards)
        elif a.kind is K.MUCK:
            mucked.add(i)
    spec = get_game(record.game)
    shown = {i: hands[i] for i in hands if not folded[i] and i not in mucked}
    button = at[record.button]
    paid, returned = settle(totals=totals, folded=folded, shown=shown, button=button, ranking=spec.ranking)
    return ({names[i]: v for i, v in enumerate(paid) if v}, {names[i]: v for i, v in enumerate(returned) if v})


@pytest.mark.parametrize("game", sorted(g for g in GAMES if g != "ITA"))
def test_whole_hands_pay_what_the_oracle_pays(game):
    rng = random.Random(f"oracle {game}")
    style = Style(fold=0.2, aggression=0.35, all_in=0.15, muck_losers=0.3)
    for n in range(60):
        record = random_hand(game, rng, players=rng.randint(2, 6), stacks=rng.choice([7, 30, 200]), hand_id=str(n),
                             style=style)
        settlement = replay(record).settlement
        assert settlement is not None and settlement.determined
        paid, returned = oracle_of(record)
        assert settlement.collected == paid, (game, n)
        assert settlement.returned == returned, (game, n)


# --- pots built to tie ----------------------------------------------------------------------------

PATTERNS = {  # a few hands of ranks per ranking (indexes 0 = deuce … 12 = ace), so that ties are common
    "lowball27": [(0, 1, 2, 3, 5), (0, 1, 2, 4, 5), (0, 0, 3, 4, 6)],
    "high": [(12, 12, 3, 4, 5), (11, 11, 3, 4, 5), (12, 12, 3, 4, 5)],
    "a5": [(12, 0, 1, 2, 3), (12, 0, 1, 2, 4), (0, 0, 1, 2, 3)],
    "badugi": [(12, 0, 1, 2), (12, 0, 1, 3), (0, 1, 2, 4)],
    "badeucey": [(0, 1, 2, 3, 5), (0, 1, 2, 4, 5), (12, 0, 1, 2, 5)],
    "badacey": [(12, 0, 1, 2, 3), (12, 0, 1, 2, 4), (0, 1, 2, 3, 5)],
}


@st.composite
def tables(draw):
    ranking = draw(st.sampled_from(sorted(PATTERNS)))
    n = draw(st.integers(2, 8))
    unit = draw(st.sampled_from([1, 5]))
    totals = [unit * draw(st.integers(0, 40)) for _ in range(n)]
    folded = [draw(st.booleans()) for _ in range(n)]  # folded players' chips above every level join the last pot
    if all(folded[i] or totals[i] == 0 for i in range(n)):
        folded[max(range(n), key=lambda i: totals[i])] = False
    hands: dict[int, list[int]] = {}
    for i in range(n):
        pattern = draw(st.sampled_from(PATTERNS[ranking]))
        suits = draw(st.permutations(range(4)))
        hands[i] = [make_card(r, suits[k % 4] if ranking not in ("badugi", "badeucey", "badacey") or k < 4
                              else suits[0]) for k, r in enumerate(pattern)]
    mucked = {i for i in range(n) if draw(st.booleans()) and draw(st.booleans())}
    return ranking, totals, folded, hands, mucked, draw(st.integers(0, n - 1)), unit, draw(st.booleans())


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_pots_built_to_tie_pay_what_the_oracle_pays(table):
    ranking, totals, folded, hands, mucked, button, unit, odd_to_badugi = table
    n = len(totals)
    names = [f"P{i}" for i in range(n)]
    shown = {i: hands[i] for i in range(n) if not folded[i] and i not in mucked}
    active = [i for i in range(n) if not folded[i] and totals[i] > 0]
    pots_contested = any(sum(1 for i in active if totals[i] >= lvl) > 1 for lvl in {totals[i] for i in active})
    if pots_contested and not any(i in shown for i in active):
        return  # a contested pot with no hand shown has no winner by the cards (RULES.md §9.2)
    try:
        want_paid, want_returned = settle(totals=totals, folded=folded, shown=shown, button=button, ranking=ranking,
                                          unit=unit, odd_chip_to_badugi=odd_to_badugi)
    except ValueError:  # a contested pot whose eligible hands were all mucked
        return

    committed = list(totals)
    back = uncalled_excess(committed)
    returned = [0] * n
    if back:
        returned[back[0]] = back[1]
        committed[back[0]] -= back[1]
    pots = build_pots(dict(zip(names, committed)), [names[i] for i in range(n) if not folded[i]])
    order = [names[(button + 1 + k) % n] for k in range(n)]
    cards = {names[i]: tuple(h) for i, h in shown.items()}
    if ranking in ("badeucey", "badacey"):
        awards = award_split_pots(pots, cards, get_ranking(ranking), order, unit, odd_chip_to_badugi=odd_to_badugi)
    else:
        awards = award_pots(pots, cards, get_ranking(ranking), order, unit)
    if any(not a.winners for a in awards):
        return
    paid = collected(awards)
    assert [paid.get(name, 0) for name in names] == want_paid
    assert returned == want_returned
