"""The differential test against pokerkit (issue 14): an independent engine plays, drawdealer judges.

- Seeded random complete hands of fixed-limit 2-7 triple draw and no-limit 2-7 single draw
  (``tests/pokerkit_hands.py``), written by pokerkit's PHH writer, are clean when drawdealer reads and
  replays them, through the library and, for a sample, through ``drawdealer validate``.
- Where RULES.md deliberately differs from pokerkit (``DIFFERENCES``), one test each shows the
  difference: pokerkit plays it, drawdealer flags it with the code RULES.md calls for.
- Mutation suite: one illegal change to a clean hand is flagged with its own code.
- Pot limit: pokerkit's pot-limit triple draw, assembled from its parts, and drawdealer agree on the
  call, the minimum and the pot-limit maximum (RULES.md §7.3) in random situations.

``bench/conformance.py`` runs any number of hands and prints the counts.
"""

from __future__ import annotations

import random
import re
import warnings
from collections import Counter
from pathlib import Path

import pytest

pk = pytest.importorskip("pokerkit")

from pokerkit_hands import AUTOMATIONS, DIFFERENCES, Hand, Table, _Stub, new_state, play, validate  # noqa: E402
from validate_support import validate_json  # noqa: E402

HANDS = 2400
"""Seeded hands CI plays (seeds 0 … HANDS - 1); ``bench/conformance.py`` plays any number."""
BATCH = 400


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    return [play(seed) for seed in range(HANDS)]


@pytest.mark.parametrize("start", range(0, HANDS, BATCH))
def test_every_pokerkit_hand_is_clean(hands: list[Hand], start: int) -> None:
    flagged = {h.seed: codes for h in hands[start:start + BATCH] if (codes := validate(h.text))}
    assert flagged == {}


def test_the_hands_cover_what_the_issue_asks(hands: list[Hand]) -> None:
    """Both games, 2-6 players, antes and big-blind antes, short stacks and all-ins, side pots,
    deals one card per action, reshuffles, draws declared before dealing, every draw size."""
    seen: Counter[str] = Counter()
    for h in hands:
        t = h.table
        seen[t.variant] += 1
        seen[f"{t.players} players"] += 1
        seen["antes" if len(t.antes) > 1 else "big-blind ante" if t.antes else "no ante"] += 1
        seen["one card per action"] += t.one_card_per_action
        seen["reshuffle"] += "reshuffle" in h.avoided
        finish = [int(x) for x in re.search(r"finishing_stacks = \[(.*)\]", h.text)[1].split(", ")]
        seen["all-in"] += 0 in finish
        seen["side pot"] += h.pots > 1
        for k in re.findall(r"p\d sd ?((?:[2-9TJQKA][cdhs])*)'", h.text):
            seen[f"draw {len(k) // 2}"] += 1
    wanted = ["F2L3D", "N2L1D", *(f"{n} players" for n in range(2, 7)), "antes", "big-blind ante", "no ante",
              "one card per action", "reshuffle", "all-in", "side pot", *(f"draw {k}" for k in range(6))]
    assert {w: seen[w] for w in wanted if seen[w] < 10} == {}


BADUGI_HANDS = 600
"""Seeded fixed-limit Badugi hands (``FB``, RULES.md §15) CI plays."""


@pytest.fixture(scope="module")
def badugi_hands() -> list[Hand]:
    return [play(seed, "FB") for seed in range(BADUGI_HANDS)]


@pytest.mark.parametrize("start", range(0, BADUGI_HANDS, 200))
def test_every_pokerkit_badugi_hand_is_clean(badugi_hands: list[Hand], start: int) -> None:
    """pokerkit's fixed-limit Badugi (four cards, draws of 0-4, its BadugiHand at showdown, its
    finishing stacks) and drawdealer agree on every hand."""
    flagged = {h.seed: codes for h in badugi_hands[start:start + 200] if (codes := validate(h.text))}
    assert flagged == {}


@pytest.mark.parametrize("players", [7, 8])
def test_seven_and_eight_handed_pokerkit_badugi_is_clean(players: int) -> None:
    """RULES.md §18.1 (issue 26 item 5): Badugi seats 8. pokerkit's 7- and 8-handed fixed-limit Badugi
    (a stub of 24 or 20 after the deal: reshuffles in most hands) and drawdealer agree; before §18.1,
    every one of these hands was PLAYER_COUNT_INVALID."""
    hands = [play(seed, "FB", players) for seed in range(100)]
    assert {h.seed: codes for h in hands if (codes := validate(h.text))} == {}
    assert {h.table.players for h in hands} == {players}
    assert sum("reshuffle" in h.avoided for h in hands) >= 50 and sum(h.pots > 1 for h in hands) >= 5


def test_a_merged_split_is_dealt_again_not_flagged() -> None:
    """Seed 101157 of fixed-limit Badugi (found by ``bench/conformance.py 3000 --variant FB --start
    100000``) first dealt a hand where p1 and p3 tie with 5-4-2 three-card Badugis against two all-in
    losers: a main pot of 195 and a side pot of 77 between them, and a side pot of 34. §9.6 splits
    each pot on its own, odd chip to the first winner left of the button (p1): p1 98 + 39 + 17 = 154,
    p3 97 + 38 + 17 = 152, final stacks 1275 and 272 as drawdealer says. pokerkit merges the
    three pots once the losers muck and splits 306 into 153 each: its difference, not a fault of the
    log (DIFFERENCES["odd_chips"]). The generator now deals such a hand again."""
    hand = play(101157, "FB")
    assert "odd_chips" in hand.avoided
    assert validate(hand.text) == []


def test_a_merged_split_beside_a_lone_side_pot_winner_is_dealt_again() -> None:
    """Seed 103327 of 8-handed fixed-limit Badugi (``bench/conformance.py 10000 --start 100000 --variant
    FB --players 8``) first dealt a hand whose p6 and p7 tie with 2-A two-card hands. Their totals
    (RULES.md §9.4): p3 1 (all-in), p7 11, p6 13, p1 and p5 26, p2 14 plus a big-blind ante of 8 (dead
    money), p4 2. Main pot 7 + 8 = 15 (p1, p3, p6, p7), side pot 1 of 51 (p1, p6, p7), side pot 2 of
    8 (p1, p6), side pot 3 of 27 (p1 alone; p5 folded). p6 and p7 beat p1 (6-3) and p3 (7-3): §9.6
    gives the odd chip of 15 and of 51 to p6, first left of the button (p8): p6 8 + 26 + 8 = 42, p7
    7 + 25 = 32, drawdealer's stacks. pokerkit merges the main pot and side pot 1 once p3's hand is
    killed (the same contenders left) and splits 66 into 33 each (p6 41, p7 33): its difference
    (DIFFERENCES["odd_chips"]), not a fault of the log. The generator's check counted p1, who won
    side pot 3, as a third sharer of the lower pots (15 and 51 split three ways leave no odd chip);
    it now takes each pot's winners from the hands shown, and deals such a hand again."""
    hand = play(103327, "FB", 8)
    assert "odd_chips" in hand.avoided
    assert validate(hand.text) == []


def test_the_badugi_hands_cover_showdowns_side_pots_and_reshuffles(badugi_hands: list[Hand]) -> None:
    seen: Counter[str] = Counter()
    for h in badugi_hands:
        seen["reshuffle"] += "reshuffle" in h.avoided
        seen["side pot"] += h.pots > 1
        seen["showdown"] += " sm " in h.text
        seen[f"{h.table.players} players"] += 1
        for k in re.findall(r"p\d sd ?((?:[2-9TJQKA][cdhs])*)'", h.text):
            seen[f"draw {len(k) // 2}"] += 1
        assert "variant = 'FB'" in h.text
    wanted = ["reshuffle", "side pot", "showdown", *(f"{n} players" for n in range(2, 7)),
              *(f"draw {k}" for k in range(5))]
    assert {w: seen[w] for w in wanted if seen[w] < 10} == {}
    assert seen["draw 5"] == 0


def test_a_sample_through_the_command_line(hands: list[Hand], tmp_path: Path) -> None:
    """``drawdealer validate --format json`` on a .phhs of 150 pokerkit hands: exit 0, no finding."""
    path = tmp_path / "pokerkit.phhs"
    path.write_text("".join(f"[{h.seed}]\n{h.text}\n\n" for h in hands[:150]), encoding="utf-8")
    code, reports, _, err = validate_json(path)
    assert (code, err) == (0, "")
    assert len(reports) == 150 and [r for r in reports if r["findings"]] == []


# --------------------------------------------------------------------------- the deliberate differences

def _phh(game: pk.Poker, state: pk.State, **fields: object) -> str:
    return pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks), **fields).dumps()


def _state(variant: str, blinds: tuple[int, int], stacks: tuple[int, ...], antes: object = 0,
           automations: tuple = AUTOMATIONS + (pk.Automation.HOLE_DEALING, pk.Automation.CARD_BURNING)) -> tuple:
    if variant == "F2L3D":
        game = pk.FixedLimitDeuceToSevenLowballTripleDraw(automations, False, antes, blinds, blinds[1], 2 * blinds[1],
                                                            mode=pk.Mode.CASH_GAME)
    else:
        game = pk.NoLimitDeuceToSevenLowballSingleDraw(automations, False, antes, blinds, blinds[1],
                                                         mode=pk.Mode.CASH_GAME)
    return game, game(stacks, len(stacks))


def _fold_out(state: pk.State) -> None:
    """Play the hand out: everybody stands pat, checks when he can and folds to a bet."""
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        elif state.checking_or_calling_amount and state.can_fold():
            state.fold()
        else:
            state.check_or_call()


def test_differences_table_is_complete() -> None:
    shown = {name[len("test_difference_"):] for name in globals() if name.startswith("test_difference_")}
    assert shown == set(DIFFERENCES)
    assert all(d.rule and d.sections.startswith("§") and d.why and d.handling for d in DIFFERENCES.values())


def test_difference_short_big_blind() -> None:
    """§6.1, §7.1: the big blind posts 1 of 2 all-in; pokerkit lets the others call 1, RULES.md wants 2."""
    game, state = _state("N2L1D", (1, 2), (100, 1, 100))
    state.check_or_call()  # p3 calls what pokerkit says: 1
    assert state.operations[-1].amount == 1
    _fold_out(state)
    assert "CALL_AMOUNT_MISMATCH" in validate(_phh(game, state))


def test_difference_fl_cap_blind_is_first_bet() -> None:
    """§7.2, §14.1: pokerkit allows a fourth raise before the draw; for RULES.md the blind was bet #1."""
    game, state = _state("F2L3D", (1, 2), (100, 100, 100, 100))
    for _ in range(4):
        state.complete_bet_or_raise_to()
    _fold_out(state)
    assert "RAISE_CAP_EXCEEDED" in validate(_phh(game, state))


def test_difference_fl_raise_after_short_all_in() -> None:
    """§7.2, §12.2 FL-5: blinds 2/4, p3 calls 4, p4 all-in for 5 (not a full raise): pokerkit's raise goes
    to 9, RULES.md's to F + unit = 8."""
    game, state = _state("F2L3D", (2, 4), (100, 100, 100, 5))
    state.check_or_call()  # p3 calls 4
    state.complete_bet_or_raise_to(5)  # p4 all-in for 5
    state.complete_bet_or_raise_to()  # p1 (small blind): pokerkit's only raise
    assert state.operations[-1].amount == 9
    _fold_out(state)
    assert "RAISE_SIZE_FIXED_LIMIT" in validate(_phh(game, state))


def test_difference_reshuffle() -> None:
    """§8.2-§8.4: pokerkit burns a card in a draw round where everybody stands pat (RULES.md burns
    none); hands in which pokerkit reshuffled its stub, read with RULES.md's own stub rules (held-back
    last card, staged pool) instead of the options the generator writes, are flagged."""
    game, state = _state("F2L3D", (1, 2), (100, 100), automations=AUTOMATIONS + (pk.Automation.HOLE_DEALING,))
    state.check_or_call()
    state.check_or_call()
    state.stand_pat_or_discard()
    state.stand_pat_or_discard()
    assert state.can_burn_card()
    flagged = 0
    for seed in range(400):
        h = play(seed)
        if "reshuffle" in h.avoided and "_drawdealer_options" in h.text:
            text = re.sub(r"_drawdealer_options = \{.*\}", "_drawdealer_options = {DRAW_DEAL_MODE = "
                          "'DECLARE_ALL_THEN_DEAL'}", h.text)
            assert validate(h.text) == []
            flagged += "DRAW_CARD_UNAVAILABLE" in validate(text)
    assert flagged >= 3


def test_a_stub_emptied_before_a_draw_where_everybody_stands_pat_is_a_reshuffle() -> None:
    """Seed 112853 of 8-handed fixed-limit Badugi (``bench/conformance.py 10000 --start 110000 --variant
    FB --players 8``) first dealt a hand whose first draw took the stub's last card (a stub of 52 - 32
    = 20: the burn and 19 replacements) and whose second draw everybody stood pat. pokerkit burns an
    unknown card there (RULES.md §8.2 burns none), and that burn from an empty stub made it reshuffle
    every card out of the live hands, the first draw's discards among them; in the third draw it dealt
    p3 the 7d (p7's discard) and the Kc (p2's). The generator had not counted that reshuffle, so the
    PHH carried no stub options and drawdealer read it by RULES.md's defaults (§8.3, §8.4): the last
    card held back, a staged reshuffle for p8's one card from the muck, the burn and that card, the
    first draw's other discards kept out of that stub, hence DRAW_CARD_UNAVAILABLE twice. Right by
    RULES.md, not the rules pokerkit dealt by (DIFFERENCES["reshuffle"]). With the options pokerkit's
    stub is part of RULES.md's (§8.4 ``ALL_BUT_CURRENT_PLAYER`` reshuffles at the third draw's burn,
    leaving out p3's discards only) and that hand is clean; the generator now counts the reshuffle."""
    table = Table(variant="FB", blinds=(1, 2), antes={}, stacks=[100] * 8, small_bet=2, big_bet=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game, state = new_state(table)
        stub = _Stub(state, table, random.Random(0))
        while state.can_deal_hole():
            state.deal_hole(1)
        while state.actor_index is not None:
            state.check_or_call()
        for n in (4, 4, 4, 4, 3, 0, 0, 0):  # the first draw: 19 cards
            i = state.stand_patter_or_discarder_index
            stub.discards[i] = list(state.hole_cards[i])[:n]
            state.stand_pat_or_discard(stub.discards[i])
        stub.burn()
        while state.can_deal_hole():
            state.deal_hole(len(state.hole_dealing_statuses[state.hole_dealee_index]))
        assert not state.deck_cards and stub.reshuffles == 0
        first_draw = {card for cards in stub.discards.values() for card in cards}
        while state.actor_index is not None:
            state.check_or_call()
        stub.discards.clear()
        for _ in range(8):  # the second draw: everybody stands pat
            stub.discards[state.stand_patter_or_discarder_index] = []
            state.stand_pat_or_discard()
        stub.burn()
    assert first_draw <= set(state.deck_cards)  # pokerkit reshuffled for its unknown burn
    assert stub.reshuffles == 1  # so the hand's PHH carries the stub options


def test_difference_ante_trimming() -> None:
    """§9.4: p3 is all-in for 3 on an ante of 10 and has the best hand. He wins 3 from each player
    (12); pokerkit's default (no ante trimming) gives him every ante (33)."""
    for trimming, won in ((False, 33), (True, 12)):
        game = pk.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS + (pk.Automation.CARD_BURNING,), trimming, 10,
                                                        (10, 20), 20, mode=pk.Mode.CASH_GAME)
        state = game((100, 100, 3, 100), 4)
        for cards in ("KsKdKcKhQs", "AsAdAcAhQd", "7s5h4d3c2s", "QhQcJdJcTs"):
            state.deal_hole(cards)
        _fold_out(state)
        assert state.stacks[2] == won
        codes = validate(_phh(game, state))
        assert ("STACK_ARITHMETIC" in codes) is not trimming


def test_difference_odd_chips() -> None:
    """§9.6: a pot of 14 split three ways; pokerkit gives 6/4/4, RULES.md 5/5/4 from the button's left."""
    game, state = _state("N2L1D", (2, 4), (100, 100, 100, 100), automations=AUTOMATIONS + (pk.Automation.CARD_BURNING,))
    for cards in ("KsKdKcKhQs", "7s5h4d3c2s", "7h5d4c3s2h", "7d5c4s3h2d"):
        state.deal_hole(cards)
    state.check_or_call()  # p3
    state.check_or_call()  # p4
    state.fold()  # p1 (small blind: 2 dead)
    state.check_or_call()  # p2 (big blind checks)
    _fold_out(state)
    assert state.stacks == [98, 102, 100, 100]  # pokerkit: the whole remainder to the first winner
    assert {"COLLECTED_AMOUNT_WRONG", "STACK_ARITHMETIC"} & set(validate(_phh(game, state)))


def test_difference_short_all_in_reopens() -> None:
    """§7.5: blinds 5/10, p3 and p1 call, the big blind goes all-in for 19 (a raise of 9, short of 10):
    p3 may only call or fold; pokerkit lets him raise."""
    game, state = _state("N2L1D", (5, 10), (200, 19, 200))
    state.check_or_call()  # p3
    state.check_or_call()  # p1
    state.complete_bet_or_raise_to(19)  # p2 all-in
    assert state.can_complete_bet_or_raise_to()
    state.complete_bet_or_raise_to(40)  # p3 again
    _fold_out(state)
    assert "RAISE_NOT_REOPENED" in validate(_phh(game, state))


def test_difference_equal_blinds_heads_up() -> None:
    """§6.1, §6.2: blinds 2/2 heads-up; pokerkit starts with p1 (the big blind), RULES.md with the button."""
    game, state = _state("F2L3D", (2, 2), (100, 100))
    assert state.actor_index == 0
    _fold_out(state)
    assert "ACTION_OUT_OF_TURN" in validate(_phh(game, state))
