"""Property: any legal hand written the way KingsClub writes it reads back as the same legal hand.

Random complete hands (``engine.simulate``, under KingsClub's house rules) are written here as a
KingsClub log shows them to the first seat (:func:`kingsclub_text`: calls as the total in front of
the player, the others' draws as a count, no uncalled-bet line, final stacks with their change), read
by ``parsers/kingsclub.py`` and replayed: no finding, the same betting and draws, the same final
stacks. This checks the reader's translations (row 'calls', 'draws', 'uncalled bets', 'final stacks'
of its docstring) against the engine's rules on hands with all-ins and side pots.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.cards import card_str
from drawdealer.engine.options import Options
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord, Stakes
from drawdealer.engine.replay import replay
from drawdealer.engine.simulate import Style, random_hand, site_view
from drawdealer.parsers import read_text
from drawdealer.parsers.kingsclub import house_rules

SITE_GAMES = {"27TD-FL": "Limit 2-7 Triple Draw", "27SD-NL": "No Limit 2-7 Single Draw", "BADUGI-FL": "Limit Badugi",
              "A5TD-FL": "Limit A-5 Triple Draw", "BADEUCEY-FL": "Limit Badeucey", "27TD-PL": "Pot Limit 2-7 Triple Draw"}


def money(cents: int) -> str:
    whole, frac = divmod(cents, 100)
    return f"{whole:,}" + (f".{frac:02d}" if frac else "")


def cards(hand) -> str:
    return " ".join(map(card_str, hand))


def kingsclub_text(record: HandRecord) -> str:
    """``record`` (a site view: the first seat's cards known) as a KingsClub log."""
    s = record.stakes
    a, b = (s.small_bet, s.big_bet) if record.game.endswith("-FL") else (s.sb, s.bb)
    button = next(x.seat for x in record.seats if x.name == record.button)
    out = [f"#{record.hand_id}: {SITE_GAMES[record.game]} - {money(a)}/{money(b)}", "2021-01-02 15:42:06",
           f"Table 'Property' Seat {button} is the button"]
    out += [f"Seat {x.seat}: {x.name} ({money(x.stack)})" for x in record.seats]
    out.append("*** 1ST BETTING ROUND ***")
    in_front: dict[str, int] = {}
    size = 4 if record.game.startswith("BADUGI") else 5
    dealt = False
    for act in record.actions:
        p, amt = act.player, act.amount
        all_in = ", and is all in" if act.all_in else ""
        if act.kind is K.POST_ANTE:
            out.append(f"{p}: posts ante {money(amt)}{all_in}")
        elif act.kind in (K.POST_SB, K.POST_BB):
            in_front[p] = amt
            out.append(f"{p}: posts the {'small' if act.kind is K.POST_SB else 'big'} blind {money(amt)}{all_in}")
        elif act.kind is K.DEAL or (not dealt and act.kind not in (K.POST_ANTE, K.POST_SB, K.POST_BB)):
            if not dealt:  # every player dealt in has a line, the hero's cards shown
                dealt = True
                hero = record.hero
                hero_deal = next(x for x in record.actions if x.kind is K.DEAL and x.player == hero)
                out += [f"Dealt to {x.name}: [{cards(hero_deal.cards) if x.name == hero else ' '.join(['X'] * size)}]"
                        for x in record.seats]
            if act.kind is not K.DEAL:
                out.extend(_line(act, in_front, all_in))
        else:
            out.extend(_line(act, in_front, all_in))
    out.append("*** SUMMARY ***")
    start = {x.name: x.stack for x in record.seats}
    for name, end in record.claims.final_stacks:
        seat = next(x.seat for x in record.seats if x.name == name)
        change = end - start[name]
        out.append(f"Seat {seat}: {name} ({money(end)}) {'-' if change < 0 else '+'}{money(abs(change))}")
    collected = record.claims.collected
    for c in collected:
        if c.pot_index:
            out.append(f"{c.player} wins side pot {c.pot_index} ({money(c.amount)})")
        elif sum(1 for x in collected if x.pot_index == c.pot_index) == 1:
            out.append(f"{c.player} wins pot ({money(c.amount)})")
        else:
            out.append(f"{c.player} wins ({money(c.amount)}) from pot")
    return "\n".join(out) + "\n"


def _line(act, in_front: dict[str, int], all_in: str) -> list[str]:
    p = act.player
    if act.kind is K.FOLD:
        return [f"{p} folds"]
    if act.kind is K.CHECK:
        return [f"{p} checks"]
    if act.kind is K.CALL:
        in_front[p] = in_front.get(p, 0) + act.amount
        return [f"{p} calls {money(in_front[p])}{all_in}"]
    if act.kind is K.BET:
        in_front[p] = act.amount
        return [f"{p} bets {money(act.amount)}{all_in}"]
    if act.kind is K.RAISE:
        in_front[p] = act.amount
        return [f"{p} raises to {money(act.amount)}{all_in}"]
    if act.kind is K.DRAW:
        in_front.clear()
        if not act.count:
            return [f"{p} stands pat"]
        if act.discarded is not None:
            return [f"{p} discards [{cards(act.discarded)}] draws [{cards(act.received)}]"]
        return [f"{p} draws {act.count}"]
    if act.kind is K.SHOW:
        return [f"{p} shows [{cards(act.cards)}]"]
    raise AssertionError(f"no KingsClub line for {act}")


STAKES = {"FL": Stakes(sb=1100, bb=2200, small_bet=2200, big_bet=4400, ante=550),
          "NL": Stakes(sb=2500, bb=5000, ante=2000), "PL": Stakes(sb=2500, bb=5000)}


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(sorted(SITE_GAMES)), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_a_hand_written_as_kingsclub_writes_it_reads_back_the_same(game: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    stakes = STAKES[game.rsplit("-", 1)[1]]
    options = Options.from_mapping(house_rules(max_seats=None, antes=stakes.ante > 0))
    stacks = [rng.choice([3000, 20000, 150000, 400000]) for _ in range(players)]
    record = random_hand(game, rng, players=players, stacks=stacks, stakes=stakes, options=options,
                         button=rng.randrange(players), hand_id=str(seed), style=Style(muck_losers=0.0))
    view = site_view(record)
    (back,) = list(read_text(kingsclub_text(view)))
    assert isinstance(back, HandRecord), back
    assert replay(back).findings == ()
    assert back.claims.final_stacks == record.claims.final_stacks

    def play(r: HandRecord) -> list[tuple]:
        return [(x.kind, x.player, x.amount, x.count) for x in r.actions if x.kind not in (K.DEAL, K.POST_ANTE)]

    assert play(back) == play(view)
    antes = sorted((x.player, x.amount) for x in view.actions if x.kind is K.POST_ANTE)
    assert sorted((x.player, x.amount) for x in back.actions if x.kind is K.POST_ANTE) == antes
