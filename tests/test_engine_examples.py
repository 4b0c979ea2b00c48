"""RULES.md §12 worked examples through the engine: §12.1 pot limit, §12.2 fixed-limit caps,
§12.3 side pots, §12.6 Italian procedure, §12.7 stub exhaustion."""

from __future__ import annotations

import pytest
from engine_dsl import record

from drawdealer.engine.betting import pot_limit_quote
from drawdealer.engine.options import Options
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.replay import replay, replay_session
from drawdealer.engine.state import HandState, ItalianCarry
from drawdealer.engine.variants import get_game


def play(game, players, button, actions, *, stakes=None, options=None):
    """The state after ``actions`` (compact notation), and the findings they raised."""
    rec = record(game=game, players=players, button=button, actions=actions, stakes=stakes, options=options)
    state = HandState(get_game(game), seats=rec.seats, button=button, stakes=rec.stakes,
                      options=Options.from_mapping(options or {}))
    findings = []
    for a in rec.actions:
        findings += state.apply(a)
    if state.phase_name == "SETUP":
        findings += state.start()
    return state, findings


def codes(findings):
    return [(f.code, f.expected, f.actual) for f in findings]


# --------------------------------------------------------------------------- §12.1 pot limit
SIX = ["SB=1000", "BB=1000", "UTG=1000", "HJ=1000", "CO=1000", "BTN=1000"]
B1 = ["SB sb 1", "BB bb 2"]
PL3 = B1 + ["UTG raise 7", "HJ fold", "CO call 7", "BTN fold"]
FOUR = ["A=1000", "B=1000", "C=1000", "D=1000"]
ANTES = {"FORCED_BETS": "BLINDS_AND_ANTES"}
ANTE_STAKES = {"sb": 1, "bb": 2, "ante": 3}
POT40 = ["A ante 3", "B ante 3", "C ante 3", "D ante 3", "A sb 1", "B bb 2", "C raise 7", "D call 7", "A call 6",
         "B call 5", "A pat", "B pat", "C pat", "D pat"]
POT60 = ["A ante 3", "B ante 3", "C ante 3", "D ante 3", "A sb 1", "B bb 2", "C raise 12", "D call 12", "A call 11",
         "B call 10", "A pat", "B pat", "C pat", "D pat"]

PL_CASES = {
    # id: (players, button, actions, stakes, options, P, to call, pot after call, max raise-to, min raise-to)
    "PL-1": (SIX, "BTN", B1, None, None, 3, 2, 5, 7, 4),
    "PL-2": (SIX, "BTN", B1 + ["UTG raise 7"], None, None, 10, 7, 17, 24, 12),
    "PL-3": (SIX, "BTN", PL3, None, None, 17, 6, 23, 30, 12),
    "PL-4": (SIX, "BTN", PL3 + ["SB raise 30"], None, None, 46, 28, 74, 104, 53),
    "PL-5": (["BTN=1000", "BB=1000"], "BTN", ["BTN sb 5", "BB bb 10"], {"sb": 5, "bb": 10}, None, 15, 5, 20, 30, 20),
    "PL-7": (FOUR, "D", POT40 + ["A bet 10", "B raise 30"], ANTE_STAKES, ANTES, 80, 30, 110, 140, 50),
    "PL-8": (FOUR, "D", POT40 + ["A bet 10", "B raise 30", "C call 30", "D fold"], ANTE_STAKES, ANTES,
             110, 20, 130, 160, 50),
    "PL-9": (["SB=1000", "BB=62", "UTG=1000", "HJ=1000", "CO=1000", "BTN=1000"], "BTN", PL3 + ["SB raise 30"],
             None, None, 46, 28, 74, 62, 53),
    "PL-10": (["A=1000", "B=40", "C=1000", "D=1000"], "D", POT60 + ["A bet 20", "B raise 25 allin"], ANTE_STAKES,
              ANTES, 105, 25, 130, 155, 45),
}


@pytest.mark.parametrize("example", sorted(PL_CASES))
def test_pot_limit_examples_through_the_state(example):
    """RULES.md §12.1: the legal amounts of the player to act, in a hand played up to the example."""
    players, button, actions, stakes, options, pot, call, after, most, least = PL_CASES[example]
    state, findings = play("27TD-PL", players, button, actions, stakes=stakes, options=options)
    assert findings == []
    legal = state.legal_actions()
    assert state.pot == pot
    assert legal.to_call == call
    assert state.pot + legal.to_call == after
    assert legal.max_raise_to == most
    assert legal.min_raise_to == least


def test_pot_limit_example_pl6_opening_bet():
    """PL-6: B2, pot 40, first to act, no bet: bet up to 40, at least the big blind 2."""
    state, findings = play("27TD-PL", FOUR, "D", POT40, stakes=ANTE_STAKES, options=ANTES)
    legal = state.legal_actions()
    assert (state.street, legal.player, state.pot) == ("B2", "A", 40)
    assert (legal.check, legal.min_bet, legal.max_bet) == (True, 2, 40)
    assert findings == []


def test_pl10_short_all_in_does_not_reopen():
    """PL-10 note: B's 5 over 20 is not a full raise; A, who bet, may only call 5 or fold."""
    acts = POT60 + ["A bet 20", "B raise 25 allin", "C call 25", "D call 25"]
    state, _ = play("27TD-PL", ["A=1000", "B=40", "C=1000", "D=1000"], "D", acts, stakes=ANTE_STAKES, options=ANTES)
    legal = state.legal_actions()
    assert (legal.player, legal.to_call, legal.raise_) == ("A", 5, False)
    _, findings = play("27TD-PL", ["A=1000", "B=40", "C=1000", "D=1000"], "D", acts + ["A raise 50"],
                       stakes=ANTE_STAKES, options=ANTES)
    assert [f.code for f in findings] == ["RAISE_NOT_REOPENED"]


def test_pot_limit_maximum_plus_one_is_an_error():
    state, findings = play("27TD-PL", SIX, "BTN", PL3 + ["SB raise 31"])
    assert codes(findings) == [("RAISE_ABOVE_POT_LIMIT", 30, 31)]


@pytest.mark.parametrize(("players", "actions", "least"), [
    (["A=100", "B=100"], ["A ante 1", "B ante 1"], 10),  # a pot of 2 below the big blind
    (["A=4", "B=100", "C=100"], ["A ante 1", "B ante 1", "C ante 1", "A bet 3 all-in"], 13),  # pot limit 12
])
def test_pot_below_the_minimum_offers_the_minimum(players, actions, least):
    """RULES.md §7.3: where the pot limit is below the minimum bet or raise, the dealer is offered
    exactly the minimum, and it verifies."""
    state, findings = play("27TD-PL", players, players[-1].split("=")[0], actions,
                           stakes={"sb": 1, "bb": 10, "ante": 1}, options={"FORCED_BETS": "ANTES_ONLY"})
    legal = state.legal_actions()
    amounts = (legal.min_bet, legal.max_bet) if legal.bet else (legal.min_raise_to, legal.max_raise_to)
    assert findings == [] and amounts == (least, least)
    kind = ActionKind.BET if legal.bet else ActionKind.RAISE
    assert state.verify(Action(kind=kind, player=legal.player, amount=least)) == []
    assert [f.code for f in state.verify(Action(kind=kind, player=legal.player, amount=least + 1))] == \
        ["BET_ABOVE_POT_LIMIT" if legal.bet else "RAISE_ABOVE_POT_LIMIT"]


@pytest.mark.parametrize("example", sorted(PL_CASES))
def test_pot_limit_examples_through_the_quote(example):
    """The same numbers from ``pot_limit_quote`` (what ``drawdealer potlimit`` prints)."""
    players, button, actions, stakes, options, pot, call, after, most, least = PL_CASES[example]
    state, _ = play("27TD-PL", players, button, actions, stakes=stakes, options=options)
    actor = state.actor
    i = state.index[actor]
    bets = state.bets()
    bets.setdefault(actor, 0)
    quote = pot_limit_quote(pot=state.pot - sum(state.bet), bets=bets, actor=actor, stack=state.stack[i],
                            big_blind=state.bb)
    assert (quote.pot, quote.to_call, quote.pot_after_call, quote.max_raise_to, quote.min_raise_to) == (
        pot, call, after, most, least)


# --------------------------------------------------------------------------- §12.2 fixed-limit caps
SIX_FL = ["A=1000", "B=1000", "C=1000", "D=1000", "E=1000", "F=1000"]
FL1 = ["A sb 1", "B bb 2", "C raise 4", "D raise 6", "E raise 8"]
THREE = ["A=1000", "B=1000", "C=1000"]
TO_B3 = ["A sb 1", "B bb 2", "C call 2", "A call 1", "B check", "A pat", "B pat", "C pat", "A check", "B check",
         "C check", "A pat", "B pat", "C pat"]


def test_fl1_capped_predraw():
    state, findings = play("27TD-FL", SIX_FL, "F", FL1)
    legal = state.legal_actions()
    assert findings == [] and (legal.player, legal.to_call, legal.raise_) == ("F", 8, False)
    _, findings = play("27TD-FL", SIX_FL, "F", FL1 + ["F raise 10"])
    assert codes(findings) == [("RAISE_CAP_EXCEEDED", 4, 5)]
    state, _ = play("27TD-FL", SIX_FL, "F", FL1 + ["F fold"])
    assert (state.actor, state.legal_actions().to_call, state.legal_actions().raise_) == ("A", 7, False)
    state, _ = play("27TD-FL", SIX_FL, "F", FL1 + ["F fold", "A call 7"])
    assert (state.actor, state.legal_actions().to_call, state.legal_actions().raise_) == ("B", 6, False)


def test_fl2_capped_b3():
    acts = TO_B3 + ["A bet 4", "B raise 8", "C raise 12", "A raise 16"]
    state, findings = play("27TD-FL", THREE, "C", acts)
    legal = state.legal_actions()
    assert findings == [] and state.street == "B3" and (legal.player, legal.to_call, legal.raise_) == ("B", 8, False)
    _, findings = play("27TD-FL", THREE, "C", acts + ["B raise 20"])
    assert codes(findings) == [("RAISE_CAP_EXCEEDED", 4, 5)]


HU_TO_B4 = ["A sb 1", "B bb 2", "A call 1", "B check", "B pat", "A pat", "B check", "A check", "B pat", "A pat",
            "B check", "A check", "B pat", "A pat"]
FL3 = HU_TO_B4 + ["B bet 4", "A raise 8", "B raise 12", "A raise 16", "B raise 20"]


def test_fl3_heads_up_cap_and_option():
    _, findings = play("27TD-FL", ["A=1000", "B=1000"], "A", FL3)
    assert codes(findings) == [("RAISE_CAP_EXCEEDED", 4, 5)]
    _, findings = play("27TD-FL", ["A=1000", "B=1000"], "A", FL3, options={"FL_HEADS_UP_UNCAPPED": True})
    assert findings == []


def test_fl3_capped_three_way_stays_capped_heads_up():
    acts = TO_B3 + ["A bet 4", "B raise 8", "C raise 12", "A raise 16", "B fold", "C raise 20"]
    _, findings = play("27TD-FL", THREE, "C", acts, options={"FL_HEADS_UP_UNCAPPED": True})
    assert codes(findings) == [("RAISE_CAP_EXCEEDED", 4, 5)]


def test_fl4_sizes():
    _, findings = play("27TD-FL", THREE, "C", ["A sb 1", "B bb 2", "C call 2", "A call 1", "B check", "A pat",
                                               "B pat", "C pat", "A bet 4"])
    assert codes(findings) == [("BET_SIZE_FIXED_LIMIT", 2, 4)]
    _, findings = play("27TD-FL", THREE, "C", TO_B3 + ["A bet 4", "B raise 6"])
    assert codes(findings) == [("RAISE_SIZE_FIXED_LIMIT", 8, 6)]


def test_fl5_short_all_in():
    state, findings = play("27TD-FL", ["A=1000", "B=7", "C=1000"], "C", TO_B3 + ["A bet 4", "B raise 5 allin"])
    legal = state.legal_actions()
    assert findings == [] and state.rnd.nbets == 1
    assert (legal.player, legal.to_call, legal.min_raise_to, legal.max_raise_to) == ("C", 5, 8, 8)
    state, findings = play("27TD-FL", ["A=1000", "B=8", "C=1000"], "C", TO_B3 + ["A bet 4", "B raise 6 allin"])
    legal = state.legal_actions()
    assert findings == [] and state.rnd.nbets == 2
    assert (legal.player, legal.to_call, legal.min_raise_to) == ("C", 6, 10)
    state, _ = play("27TD-FL", ["A=1000", "B=7", "C=1000"], "C", TO_B3 + ["A bet 4", "B raise 5 allin", "C call 5"])
    assert (state.actor, state.legal_actions().to_call, state.legal_actions().raise_) == ("A", 1, False)


# --------------------------------------------------------------------------- §12.3 side pots
def pots_of(state):
    return [(p.amount, p.eligible) for p in state.settle().pots]


def test_sp1():
    acts = ["A sb 1", "B bb 2", "C raise 200", "A call 49 allin", "B call 118 allin",
            "A deal 7h5d4c3s2h", "B deal 8h6d4d3c2c", "C deal 9h8s5s4s2d", "A pat", "B pat", "C pat",
            "A show 7h5d4c3s2h", "B show 8h6d4d3c2c", "C show 9h8s5s4s2d"]
    state, findings = play("27SD-NL", ["A=50", "B=120", "C=500"], "C", acts)
    s = state.settle()
    assert findings == [] and s.returned == {"C": 80}
    assert pots_of(state) == [(150, ("A", "B", "C")), (140, ("B", "C"))]
    assert s.collected == {"A": 150, "B": 140}
    assert s.final_stacks == {"A": 150, "B": 140, "C": 380}


def test_sp2():
    acts = ["A sb 1", "B bb 2", "C raise 60", "D call 60", "A call 29 allin", "B raise 100 allin", "C call 40", "D fold"]
    state, findings = play("27SD-NL", ["A=30", "B=100", "C=1000", "D=1000"], "D", acts)
    assert findings == []
    assert pots_of(state) == [(120, ("A", "B", "C")), (170, ("B", "C"))]


def test_sp3_split_side_pot_with_odd_chip():
    acts = ["E sb 5", "A bb 10", "B call 10", "C call 10", "D call 10", "E call 5", "A check",
            "E pat", "A pat", "B pat", "C pat", "D pat",
            "E check", "A bet 15 allin", "B raise 70", "C call 70", "D call 70", "E fold",
            "B show 8h6d4c3s2h", "C show 8s6c4d3h2d", "D show 9s7s5d4h2c", "A show Kh9d7c4s3d"]
    state, findings = play("27SD-NL", ["A=25", "B=1000", "C=1000", "D=1000", "E=1000"], "D", acts,
                           stakes={"sb": 5, "bb": 10})
    assert findings == []
    assert pots_of(state) == [(110, ("A", "B", "C", "D")), (165, ("B", "C", "D"))]
    main, side = state.settle().awards
    assert main.shares == {"B": 55, "C": 55} and main.odd_chip_to is None
    assert side.shares == {"B": 83, "C": 82} and side.odd_chip_to == "B"


def test_sp4():
    acts = ["A sb 1", "B bb 2", "C raise 40", "D call 40", "A call 39 allin", "B call 38", "A pat", "B pat", "C pat",
            "D pat", "B check", "C check", "D bet 110", "B fold", "C call 60 allin"]
    state, findings = play("27SD-NL", ["A=40", "B=1000", "C=100", "D=1000"], "D", acts)
    assert findings == [] and state.settle().returned == {"D": 50}
    assert state.active() == ["A", "C", "D"]
    assert pots_of(state) == [(160, ("A", "C", "D")), (120, ("C", "D"))]


# --------------------------------------------------------------------------- §12.6 Italian
P4 = ["P1=1000", "P2=1000", "P3=1000", "P4=1000"]
IT_STAKES = {"invito": 10, "chip": 1}


def it_record(button, actions, hand_id, **kw):
    return record(game="ITA", players=P4, button=button, stakes=IT_STAKES, actions=actions, hand_id=hand_id, **kw)


def test_it1_progression():
    deals = [
        it_record("P4", ["P4 invito 10", "P1 check", "P2 check", "P3 check", "P4 check"], "1"),
        it_record("P1", ["P1 invito 10", "P2 check", "P3 check", "P4 check", "P1 check"], "2",
                  extra={"it_carried_pot": 10, "it_requirement": "Q"}),
        it_record("P2", ["P2 invito 10", "P3 deal KhKd9c8s7h", "P3 bet 30", "P4 call 30", "P1 fold", "P2 fold",
                         "P3 draw 3 9c8s7h JcJd7c", "P4 pat", "P3 check", "P4 check"], "3",
                  extra={"it_carried_pot": 20, "it_requirement": "K"}),
        it_record("P3", ["P3 invito 10", "P4 deal AhAd9c8s7h", "P4 bet 20", "P1 fold", "P2 fold", "P3 fold",
                         "P4 show AhAd9c8s7h"], "4", extra={"it_carried_pot": 90, "it_requirement": "K"}),
    ]
    results = replay_session(deals)
    assert [f.code for r in results for f in r.findings] == []
    assert [r.settlement.outcome for r in results] == ["UNOPENED", "UNOPENED", "PAROLA", "AWARDED"]
    assert [(r.carry.pot, r.carry.requirement) for r in results] == [(10, "Q"), (20, "K"), (90, "K"), (0, "J")]
    assert results[2].state.pot == 90 and results[3].settlement.pots[0].amount == 100


def test_it1_queens_do_not_open_at_kings():
    deal = it_record("P2", ["P2 invito 10", "P3 deal QhQd9c8s7h", "P3 bet 30", "P4 call 30", "P1 fold", "P2 fold"], "3",
                     extra={"it_carried_pot": 20, "it_requirement": "K"})
    assert codes(replay(deal).findings) == [("IT_OPEN_WITHOUT_OPENERS", "K", "Qh Qd 9c 8s 7h")]


def test_it1_wrong_requirement_and_carried_pot():
    deals = [it_record("P4", ["P4 invito 10", "P1 check", "P2 check", "P3 check", "P4 check"], "1"),
             it_record("P1", ["P1 invito 10", "P2 check", "P3 check", "P4 check", "P1 check"], "2",
                       extra={"it_carried_pot": 0, "it_requirement": "J"})]
    second = replay_session(deals)[1]
    assert codes(second.findings) == [("IT_REQUIREMENT_WRONG", "Q", "J"), ("IT_CARRIED_POT_WRONG", 10, 0)]


def it_state(button, actions, carry_pot):
    rec = it_record(button, actions, "s")
    state = HandState(get_game("ITA"), seats=rec.seats, button=button, stakes=rec.stakes,
                      carry=ItalianCarry(pot=carry_pot))
    for a in rec.actions:
        assert state.apply(a) == []
    return state


def test_it2_opening_limits():
    state = it_state("P2", ["P2 invito 10"], 20)  # pot 30
    state.start()
    legal = state.legal_actions()
    assert (legal.player, legal.min_bet, legal.max_bet) == ("P3", 1, 30)
    state.apply(it_record("P2", ["P3 bet 30"], "s").actions[0])
    legal = state.legal_actions()
    assert (legal.player, legal.min_raise_to, legal.max_raise_to) == ("P4", 31, 120)


IT3 = ["P4 invito 10", "P1 deal ThTd9c8s7h", "P2 deal KhKd9d8c7c", "P1 bet 10", "P2 call 10", "P3 fold", "P4 fold",
       "P1 pat", "P2 pat", "P1 bet 15", "P2 call 15"]


def test_it3a_false_opener_would_win():
    deal = it_record("P4", IT3[:2] + ["P2 deal KhQd9d8c7c"] + IT3[3:] + ["P1 show ThTd9c8s7h", "P2 muck"], "a",
                     claims_data={"collected": ["P1=25", "P2=25"]})
    result = replay(deal)
    assert codes(result.findings) == [("IT_OPEN_WITHOUT_OPENERS", "J", "Th Td 9c 8s 7h")]
    s = result.settlement
    assert s.outcome == "FALSE_OPENER_WOULD_WIN" and s.refunds == {"P1": 25, "P2": 25} and s.collected == {}
    assert (result.carry.pot, result.carry.requirement) == (10, "J")


def test_it3b_false_opener_loses_and_pays_next_deal():
    deal = it_record("P4", IT3 + ["P1 show ThTd9c8s7h", "P2 show KhKd9d8c7c"], "b",
                     claims_data={"collected": ["P2=60@0"]})
    result = replay(deal)
    assert [f.code for f in result.findings] == ["IT_OPEN_WITHOUT_OPENERS"]
    assert result.settlement.collected == {"P2": 60}
    assert result.carry == result.carry.__class__(pot=0, requirement="J", penalty=10, penalty_player="P1")
    paid = it_record("P1", ["P1 invito 10", "P1 dead 10", "P2 check", "P3 check", "P4 check", "P1 check"], "c")
    unpaid = it_record("P1", ["P1 invito 10", "P2 check", "P3 check", "P4 check", "P1 check"], "c")
    assert replay_session([deal, paid])[1].findings == ()
    assert codes(replay_session([deal, unpaid])[1].findings) == [("IT_FALSE_OPENER_PENALTY_MISSING", 10, 0)]
    assert replay_session([deal, paid])[1].carry.pot == 20


def test_it4_blind_opening_and_controbuio():
    state = it_state("P4", ["P4 invito 10"], 10)  # pot 20
    assert (state.legal_actions().player, state.legal_actions().blind_open) == ("P1", 40)
    state.apply(it_record("P4", ["P1 buio 40"], "s").actions[0])
    assert (state.legal_actions().player, state.legal_actions().controbuio) == ("P2", 80)
    deal = it_record("P4", ["P4 invito 10", "P1 buio 40", "P2 contro 80", "P3 call 80", "P4 fold", "P1 call 40",
                            "P1 pat", "P2 pat", "P3 pat", "P1 check", "P2 check", "P3 check"], "4",
                     extra={"it_carried_pot": 10})
    result = replay(deal)
    assert result.findings == ()
    assert result.state.pot == 20 + 80 * 3 and result.settlement.outcome == "PAROLA"
    raised = it_record("P4", ["P4 invito 10", "P1 buio 40", "P2 contro 80", "P3 raise 160"], "4",
                       extra={"it_carried_pot": 10})
    assert [f.code for f in replay(raised).findings] == ["IT_RAISE_AFTER_BLIND"]


# --------------------------------------------------------------------------- §12.7 stub exhaustion
RS1 = ["A sb 1", "B bb 2", "C call 2", "D call 2", "E call 2", "F call 2", "A call 1", "B check",
       "A draw 3", "B draw 3", "C draw 3", "D draw 3", "E draw 3", "F draw 2",
       "A check", "B check", "C check", "D check", "E check", "F bet 2", "A fold", "B call 2", "C call 2",
       "D call 2", "E call 2"]


def test_rs1_reshuffle_default():
    state, findings = play("27TD-FL", SIX_FL, "F", RS1)
    deck = state.deck
    assert findings == [] and state.street == "D2"
    assert (deck.stub, deck.pile("prev"), deck.pile("muck"), deck.pile("burns")) == (4, 17, 5, 1)
    state, findings = play("27TD-FL", SIX_FL, "F", RS1 + ["B draw 3"])
    (shuffle,) = state.deck.reshuffles
    assert findings == [] and shuffle.player == "B" and shuffle.pool == 25
    assert dict(shuffle.piles) == {"prev": 17, "muck": 5, "burns": 2, "stub": 1}
    assert state.deck.stub == 23 and state.deck.hand_size(1) == 5


def test_rs1_deal_to_last():
    options = {"LAST_CARD_RULE": "DEAL_TO_LAST"}
    state, _ = play("27TD-FL", SIX_FL, "F", RS1 + ["B draw 3"], options=options)
    assert state.deck.reshuffles == [] and state.deck.stub == 0
    state, findings = play("27TD-FL", SIX_FL, "F", RS1 + ["B draw 3", "C draw 1"], options=options)
    (shuffle,) = state.deck.reshuffles
    assert findings == [] and shuffle.player == "C" and shuffle.pool == 24 and state.deck.stub == 22


@pytest.mark.parametrize(("players", "actions"), [
    (["P1=0", "P2=1000", "P3=1000", "P4=1000"], ["P4 invito 10"]),  # the declarer has no chips
    (["P1=1000", "P2=1000", "P3=1000", "P4=1000"], ["P4 invito 10", "P1 buio 0"]),  # a blind of nothing
])
def test_it4_no_blind_without_chips(players, actions):
    """Only a player with chips behind can open blind, and only a blind of chips can be answered by a
    controbuio (RULES.md §10.6): no declaration is offered, and asking what is legal never raises."""
    rec = record(game="ITA", players=players, button="P4", stakes=IT_STAKES, actions=actions)
    state = HandState(get_game("ITA"), seats=rec.seats, button="P4", stakes=rec.stakes, carry=ItalianCarry(pot=10))
    for a in rec.actions:
        state.apply(a)
    legal = state.legal_actions()
    assert (legal.player, legal.blind_open, legal.controbuio) == (None, None, None)
