"""Site conventions (RULES.md §18, issue 26): a log is judged by its own site's rules.

§18.2, the fixed-limit raise after a half-bet all-in: PokerStars completes the level the all-in
began (``FL_RAISE_AFTER_SHORT_ALLIN = COMPLETE_LEVEL``); RULES.md's default raises from the all-in.
§18.3, a sitting-out player all-in on his forced bet: PokerStars folds his hand for him
(``SITE_KILLS_SITTING_OUT``). Each real hand that showed the convention is its own test, read from
its log; each reader's option is set from what its site's logs show (the scan below, over every
hand of ../shared/corpus each reader reads). The engine's side is tested on hands built here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.frozen import replace
from drawdealer.engine.options import Options
from drawdealer.engine.record import Action, HandRecord, Seat, Stakes
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.replay import _button, replay
from drawdealer.engine.runs import run_parts
from drawdealer.engine.state import BETTING, HandState
from drawdealer.engine.variants import Structure, get_game
from drawdealer.parsers import read_hands
from shared_data import CORPUS, needs_corpus

MTT = CORPUS / "fpdb/tour/Stars/Draw/LBad-USD-MTT8-201011.txt"
SNG = CORPUS / "fpdb/tour/Stars/Draw/LBad-USD-SNG8-201011.txt"
COMPLETE = {"FL_RAISE_AFTER_SHORT_ALLIN": "COMPLETE_LEVEL"}


def corpus_hand(path: Path, hand_id: str) -> HandRecord:
    return next(r for r in read_hands(path) if isinstance(r, HandRecord) and r.hand_id == hand_id)


def codes(record: HandRecord, **options: object) -> list[str]:
    """The finding codes of ``record`` replayed with ``options`` over its reader's."""
    return [f.code for f in replay(replace(record, options={**record.options, **options})).findings]


# ---------------------------------------------------------------- §18.2 on PokerStars' real hands

@needs_corpus
@pytest.mark.parametrize(("hand_id", "line", "raise_to", "allin_plus_unit"), [
    ("52476877655", 1307, 180, 210),  # bet 60, raise 120, all-in 150 (half a bet), Player19 (who made it 120) to 180
    ("52478520236", 3015, 300, 370),  # bet 100, raise 200, all-in 270, Player21 (who made it 200) to 300
    ("52479754591", 4594, 600, 850),  # big blind 300, all-in 550, Player0 to 600
])
def test_pokerstars_completes_the_level_a_half_bet_all_in_began(hand_id: str, line: int, raise_to: int,
                                                                 allin_plus_unit: int) -> None:
    """Issue 26 item 1: these hands were RAISE_SIZE_FIXED_LIMIT. The log is right by PokerStars'
    rule (§18.2): the raise completes the all-in's level, F + unit with F the level before it, and a
    player who had acted may make it (the all-in reopened the betting). By §7.2's default the raise
    goes to the all-in plus a unit, which the reader's option, set back, shows."""
    record = corpus_hand(MTT, hand_id)
    assert record.options["FL_RAISE_AFTER_SHORT_ALLIN"] == "COMPLETE_LEVEL"
    raise_ = next(a for a in record.actions if a.line == line)
    assert (raise_.kind, raise_.amount) == (K.RAISE, raise_to)
    assert "RAISE_SIZE_FIXED_LIMIT" not in codes(record)
    # §9.1, kept (test_corpus_conformance)
    assert codes(record) == (["SHOW_ORDER"] if hand_id == "52479754591" else [])
    default = replay(replace(record, options={**record.options, "FL_RAISE_AFTER_SHORT_ALLIN": "ALLIN_PLUS_UNIT"}))
    first = default.findings[0]
    assert (first.code, first.line, first.expected, first.actual) == ("RAISE_SIZE_FIXED_LIMIT", line, allin_plus_unit,
                                                                     raise_to)


# ---------------------------------------------------------------- §18.2 in the engine

def table(options: dict, stacks: tuple[int, ...] = (1000, 1000, 1000, 150)) -> HandState:
    """Four players at Badugi 30/60 (a small bet of 60), A on the button: B and C post the blinds, D
    (150 chips) acts first; the deal done."""
    state = HandState.new(get_game("BADUGI-FL"), players=list(zip("ABCD", stacks)), button="A",
                          stakes=Stakes(sb=30, bb=60, small_bet=60, big_bet=120), options=Options.from_mapping(options))
    for action in state.forced_actions():
        state.apply(action)
    state.start()
    return state


def play(state: HandState, *steps: tuple[K, str, int]) -> list[str]:
    found: list[str] = []
    for kind, who, amount in steps:
        found += [f.code for f in state.apply(Action(kind=kind, player=who, amount=amount))]
    return found


TO_THE_ALLIN = ((K.CALL, "D", 60), (K.RAISE, "A", 120), (K.CALL, "B", 90), (K.CALL, "C", 60), (K.RAISE, "D", 150))
"""D calls, A raises to 120, the blinds call, D goes all-in for 150: half a bet over F = 120."""


@pytest.mark.parametrize(("options", "raise_to"), [({}, 210), (COMPLETE, 180)])
def test_the_raise_after_a_half_bet_all_in(options: dict, raise_to: int) -> None:
    """§7.2 (default): the all-in is a full raise, the next goes to 150 + 60 = 210. §18.2 (PokerStars):
    to 120 + 60 = 180. Either way A, who made it 120, may raise again (the all-in reopened it),
    the legal value says so, and the other raise-to is refused."""
    state = table(options)
    assert play(state, *TO_THE_ALLIN) == []
    legal = state.legal_actions()
    assert (legal.player, legal.raise_, legal.min_raise_to, legal.max_raise_to) == ("A", True, raise_to, raise_to)
    other = 180 if raise_to == 210 else 210
    assert [f.code for f in state.verify(Action(kind=K.RAISE, player="A", amount=other))] == ["RAISE_SIZE_FIXED_LIMIT"]
    assert play(state, (K.RAISE, "A", raise_to)) == []


@pytest.mark.parametrize(("options", "capped"), [({}, True), (COMPLETE, False)])
def test_the_all_in_and_its_completion_are_one_bet_toward_the_cap(options: dict, capped: bool) -> None:
    """After D's all-in the round holds three bets (the blind, 120, the all-in). By §7.2 the raise to
    210 is the fourth and caps the round; by §18.2 the completion to 180 is part of the all-in's
    bet, so one more raise (to 240) is still allowed."""
    state = table(options)
    play(state, *TO_THE_ALLIN)
    completion = state.legal_actions().min_raise_to
    assert play(state, (K.RAISE, "A", completion), (K.CALL, "B", completion - 120)) == []
    legal = state.legal_actions()
    assert (legal.player, legal.raise_) == ("C", not capped)
    found = play(state, (K.RAISE, "C", completion + 60))
    assert found == (["RAISE_CAP_EXCEEDED"] if capped else [])


def test_a_half_bet_all_in_as_the_capping_bet_may_still_be_completed() -> None:
    """§18.2: the all-in that is the round's fourth bet (the cap) and its completion are one bet."""
    state = table(COMPLETE, stacks=(1000, 1000, 1000, 210))
    assert play(state, (K.RAISE, "D", 120), (K.RAISE, "A", 180), (K.CALL, "B", 150), (K.CALL, "C", 120),
                (K.RAISE, "D", 210)) == []
    legal = state.legal_actions()
    assert (legal.player, legal.raise_, legal.min_raise_to) == ("A", True, 240)
    assert play(state, (K.RAISE, "A", 240), (K.CALL, "B", 60)) == []
    assert play(state, (K.RAISE, "C", 300)) == ["RAISE_CAP_EXCEEDED"]


@pytest.mark.parametrize("options", [{}, COMPLETE])
def test_an_all_in_below_half_a_bet_reopens_nothing_either_way(options: dict) -> None:
    """§7.2: D's all-in for 20 over 120 is no bet: the next raise goes to 180, and A, who made it 120,
    may only call or fold."""
    state = table(options, stacks=(1000, 1000, 1000, 140))
    play(state, (K.CALL, "D", 60), (K.RAISE, "A", 120), (K.CALL, "B", 90), (K.CALL, "C", 60), (K.RAISE, "D", 140))
    legal = state.legal_actions()
    assert (legal.player, legal.raise_, legal.call) == ("A", False, True)


# ---------------------------------------------------------------- §18.3

@needs_corpus
def test_pokerstars_kills_the_hand_of_a_sitting_out_player_all_in_on_his_blind() -> None:
    """Issue 26 item 2: SNG hand 52589452703. Player3, marked 'is sitting out', is all-in on his small
    blind of 25; after Player7's raise the log has 'Player3: folds', and Player7 takes the 125 (his
    uncalled 50 back). An all-in player cannot act (§7.1), but the site folds an absent player's hand
    as the action reaches him (§18.3): clean, Player3's 25 dead in the pot. Without the option the
    fold is ACTION_BY_INACTIVE_PLAYER and the hand ends with Player3 still in (ROUND_NOT_CLOSED)."""
    record = corpus_hand(SNG, "52589452703")
    assert [s.name for s in record.seats if s.absent] == ["Player3"]
    result = replay(record)
    assert result.findings == ()
    assert (result.settlement.collected, result.settlement.returned) == ({"Player7": 125}, {"Player7": 50})
    assert codes(record, SITE_KILLS_SITTING_OUT=False) == ["ACTION_BY_INACTIVE_PLAYER", "ROUND_NOT_CLOSED"]


def absent_table(absent: bool) -> HandState:
    """Three players, blinds 25/50: B (the small blind, 25 chips, marked sitting out when ``absent``)
    is all-in on his blind."""
    seats = [Seat(seat=1, name="A", stack=1000), Seat(seat=2, name="B", stack=25, absent=absent),
             Seat(seat=3, name="C", stack=1000)]
    state = HandState(get_game("27TD-FL"), seats=seats, button="A",
                      stakes=Stakes(sb=25, bb=50, small_bet=50, big_bet=100),
                      options=Options.from_mapping({"SITE_KILLS_SITTING_OUT": True}))
    for action in state.forced_actions():
        state.apply(action)
    state.start()
    return state


def test_a_killed_hand_leaves_its_chips_dead_in_the_pot_and_no_claim() -> None:
    """§18.3: B's 25 stay in the pot, B is out of it: A and C play on for everything, B's chips included."""
    state = absent_table(absent=True)
    assert state.apply(Action(kind=K.RAISE, player="A", amount=100)) == []
    assert state.apply(Action(kind=K.FOLD, player="B")) == []  # the site's kill, in his seat's turn
    assert state.active() == ["C", "A"] and state.phase == BETTING and state.actor == "C"
    assert state.apply(Action(kind=K.FOLD, player="C")) == []
    settlement = state.settle()
    assert settlement.collected == {"A": 125} and settlement.returned == {"A": 50}  # B's 25, C's 50, A's matched 50


def test_only_a_player_the_log_marks_as_sitting_out_is_killed() -> None:
    """An all-in player the log does not mark as sitting out cannot fold: ACTION_BY_INACTIVE_PLAYER."""
    state = absent_table(absent=False)
    state.apply(Action(kind=K.RAISE, player="A", amount=100))
    assert [f.code for f in state.apply(Action(kind=K.FOLD, player="B"))] == ["ACTION_BY_INACTIVE_PLAYER"]


@needs_corpus
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_a_killed_hand_converts_and_validates(to: str, tmp_path: Path) -> None:
    """The mark carries through ``convert``: PHH's ``_drawdealer_absent``, PokerStars' 'is sitting out'."""
    from drawdealer.convert import convert_file
    from drawdealer.parsers import read_text

    converted = next(c for c in convert_file(SNG, to) if c.hand_id == "52589452703")
    assert converted.differences == ()
    (record,) = read_text(converted.text)
    assert [s.name for s in record.seats if s.absent] == ["Player3"] and replay(record).findings == ()


# ---------------------------------------------------------------- each site's evidence

def _fixed_limit_conventions(path: Path) -> tuple[list[tuple[str, int, int]], list[str]]:
    """What a file's fixed-limit hands show of §18.2 and §18.3: ``(hand, all-in line, raise-to)`` of
    each raise that follows an all-in of at least half a bet short of a full one in its round, and
    the hands where a player all-in folds (a kill, §18.3)."""
    completions: list[tuple[str, int, int]] = []
    kills: list[str] = []
    for record in read_hands(path):
        if not isinstance(record, HandRecord):
            continue
        spec = get_game(record.game)
        options = Options.from_mapping(record.options)
        state = HandState(spec, seats=record.seats, button=_button(record), stakes=record.stakes, options=options)
        half_bet_allin = None
        for action in record.actions:
            i = state.index.get(action.player, -1)
            if action.kind is K.FOLD and i >= 0 and state.stack[i] == 0 and not state.folded[i]:
                kills.append(record.hand_id)
            if state.phase == BETTING and i >= 0:
                r = state.rnd
                if action.kind in (K.BET, K.RAISE) and spec.structure is Structure.FIXED:
                    to = action.amount if action.kind is K.RAISE else state.bet[i] + action.amount
                    if half_bet_allin is not None and to > r.high:
                        completions.append((record.hand_id, half_bet_allin, to))
                        half_bet_allin = None
                    elif action.all_in and r.high < to < r.full + r.unit and 2 * (to - r.full) >= r.unit:
                        half_bet_allin = action.line
            state.apply(action)
            if state.phase != BETTING:
                half_bet_allin = None
    return completions, kills


SITE_FILES = {
    "pokerstars": ["fpdb/cash/Stars/Draw", "fpdb/tour/Stars/Draw", "fpdb/tour/Stars/Mixed"],
    "fulltilt": ["fpdb/cash/FTP/Draw", "fpdb/cash/FTP/Mix", "fpdb/tour/FTP/Draw"],
    "kingsclub": ["fpdb/cash/KingsClub/Draw"], "merge": ["fpdb/cash/Merge/Draw"], "boss": ["fpdb/cash/Boss/Draw"],
    "winamax": ["fpdb/cash/Winamax/Draw"], "ongame": ["fpdb/cash/OnGame/Draw"],
}
EVIDENCE = {
    "pokerstars": ([("52476877655", 1304, 180), ("52478520236", 3010, 300), ("52479754591", 4591, 600)],
                   ["52589452703"]),
}
"""What each site's hands in the corpus show; a site not listed shows neither convention."""


@needs_corpus
@pytest.mark.parametrize("site", sorted(SITE_FILES))
def test_each_reader_sets_the_conventions_its_site_s_logs_show(site: str) -> None:
    """§18: a reader sets ``FL_RAISE_AFTER_SHORT_ALLIN = COMPLETE_LEVEL`` where its site's logs raise to
    complete a half-bet all-in's level (PokerStars' three hands; no other site's logs hold a raise
    after such an all-in), and ``SITE_KILLS_SITTING_OUT`` where they fold an all-in absent player's
    hand (PokerStars' one); the others keep RULES.md's defaults (their docstrings say so)."""
    completions: list[tuple[str, int, int]] = []
    kills: list[str] = []
    files = sorted(p for folder in SITE_FILES[site] for p in (CORPUS / folder).iterdir()
                   if p.suffix in (".txt", ".xml"))
    options: dict[str, object] = {}
    for path in files:
        found = _fixed_limit_conventions(path)
        completions += found[0]
        kills += found[1]
        options.update(next((r.options for r in read_hands(path) if isinstance(r, HandRecord)), {}))
    assert (completions, kills) == EVIDENCE.get(site, ([], []))
    assert options.get("FL_RAISE_AFTER_SHORT_ALLIN", "ALLIN_PLUS_UNIT") == ("COMPLETE_LEVEL" if completions
                                                                            else "ALLIN_PLUS_UNIT")
    assert bool(options.get("SITE_KILLS_SITTING_OUT", False)) == bool(kills)


# ---------------------------------------------------------------- §18.4 dead blinds

def dead_blind_table(dan: int = 1000) -> HandState:
    """No-limit single draw, blinds 25/50, A on the button, B and C in the blinds; D, coming back,
    posts a dead small blind of 25 and a live big blind of 50."""
    state = HandState.new(get_game("27SD-NL"), players=[("A", 1000), ("B", 1000), ("C", 1000), ("D", dan)],
                          button="A", stakes=Stakes(sb=25, bb=50))
    for kind, who, amount in ((K.POST_SB, "B", 25), (K.POST_BB, "C", 50), (K.POST_BB, "D", 50), (K.POST_DEAD, "D", 25)):
        assert state.apply(Action(kind=kind, player=who, amount=amount)) == []
    state.start()
    return state


def test_a_dead_blind_is_no_part_of_the_round_s_bet_nor_ever_uncalled() -> None:
    """§18.4: D has 50 in front, not 75 (he may check his option); raising to 150 and finding no
    caller he gets back 100 (his raise above the big blind's 50), never his dead 25, and takes 150."""
    state = dead_blind_table()
    assert state.bets() == {"B": 25, "C": 50, "D": 50} and state.legal_actions().check
    for who, kind, amount in (("D", K.RAISE, 150), ("A", K.FOLD, 0), ("B", K.FOLD, 0), ("C", K.FOLD, 0)):
        assert state.apply(Action(kind=kind, player=who, amount=amount)) == []
    settlement = state.settle()
    assert settlement.returned == {"D": 100} and settlement.collected == {"D": 150}
    assert settlement.final_stacks["D"] == 1000 - 25 - 150 + 100 + 150


def test_a_dead_blind_counts_in_the_poster_s_total_for_the_pots() -> None:
    """§18.4, §9.4 step 2: D, all-in on 25 dead and 50 live, can win 75 from each of the three others
    (main pot 300 = A's, B's, C's 75 and his own), not 50; the rest is side pot 1."""
    state = dead_blind_table(dan=75)
    for who, kind, amount in (("A", K.RAISE, 200), ("B", K.CALL, 175), ("C", K.CALL, 150)):
        assert state.apply(Action(kind=kind, player=who, amount=amount)) == []
    pots = state.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(300, ("A", "B", "C", "D")), (375, ("A", "B", "C"))]


def test_dead_money_above_every_other_total_joins_the_last_pot() -> None:
    """§18.4: D calls to 200 with the others: his total is 225, theirs 200, and his dead 25 above
    them is no bet to win back alone: one pot of 825 for the best hand."""
    state = dead_blind_table()
    for who, kind, amount in (("D", K.RAISE, 200), ("A", K.CALL, 200), ("B", K.CALL, 175), ("C", K.CALL, 150)):
        assert state.apply(Action(kind=kind, player=who, amount=amount)) == []
    assert [(p.amount, p.eligible) for p in state.pots()] == [(825, ("A", "B", "C", "D"))]
    assert [(p.amount, p.eligible) for p in state.pots_now()] == [(825, ("A", "B", "C", "D"))]  # the draw: B1 closed


@needs_corpus
def test_a_phh_absent_mark_must_name_a_player() -> None:
    """``_drawdealer_absent`` (RULES.md §18.3 in PHH) names players of the hand; another name is a
    parse error on its line."""
    from drawdealer.parsers import read_text, write_phh

    text = write_phh(corpus_hand(SNG, "52589452703"))
    assert "_drawdealer_absent = ['Player3']" in text
    (failure,) = read_text(text.replace("_drawdealer_absent = ['Player3']", "_drawdealer_absent = ['Nobody']"))
    line = text.splitlines().index("_drawdealer_absent = ['Player3']") + 1
    assert (type(failure).__name__, failure.line) == ("ParseFailure", line) and "Nobody" in failure.message


# ---------------------------------------------------------------- §18.5 the parts of a pot

@given(st.integers(0, 10**9), st.integers(1, 9))
def test_a_pot_cut_for_the_runs_keeps_every_chip_and_gives_the_odd_units_to_the_first_runs(amount, runs):
    """§18.5: equal parts, the odd units one each to the first runs; nothing made or lost."""
    parts = run_parts(amount, runs)
    assert sum(parts) == amount and len(parts) == runs
    assert parts == sorted(parts, reverse=True) and parts[0] - parts[-1] <= 1


@needs_corpus
def test_every_dead_post_of_the_corpus_is_read_as_dead_money_and_its_hand_is_clean() -> None:
    """§18.4 (issue 26 item 3: every site's dead-money posts read so): the corpus' dead posts are Full
    Tilt's 'posts a dead small blind' (a $5/$10 hand and one of the 10-game file) and OnGame's
    'posts dead blind'; PokerStars' 'posts small & big blinds', Merge's RETURN_BLIND, Boss's second
    small blind and Winamax's 'small blind X out of position' are read the same way (their readers'
    tests) but no draw hand of the corpus has one. Each hand settles as its log says: the dead
    chips in the pot, none of them returned with the uncalled bet (31497971185: 'Uncalled bet of $5',
    not $7.50)."""
    found = {}
    for path in sorted((CORPUS / "fpdb").rglob("*")):
        if path.suffix in (".txt", ".xml") and "summaries" not in path.parts:
            for record in read_hands(path):
                if isinstance(record, HandRecord) and any(a.kind is K.POST_DEAD for a in record.actions):
                    result = replay(record)
                    found[record.hand_id] = ([(a.player, a.amount) for a in record.actions if a.kind is K.POST_DEAD],
                                             result.findings, result.settlement.returned)
    assert found == {"31497971185": ([("Player2", 250)], (), {"Player2": 500}),
                     "29705537870": ([("grimyreaper1", 125)], (), found["29705537870"][2]),
                     "R5-81962116-233": ([("grommek", 2)], (), {"velabianca": 10})}


def test_pokerstars_small_and_big_blinds_are_a_live_big_blind_and_a_dead_small_one() -> None:
    """§18.4: 'posts small & big blinds $0.15' is the big blind live (Player4 may check, and calls the
    raise with $0.10) and $0.05 dead: the live $0.10 stands for the call he made before, the pot holds
    $0.05 more and his stack ends $0.05 lower."""
    from drawdealer.parsers import read_text

    text = (Path(__file__).resolve().parents[1] / "fixtures/pokerstars/td_fl_cash.txt").read_text(encoding="utf-8")
    before = next(r for r in read_text(text) if isinstance(r, HandRecord))
    posted = text.replace("Player3: posts big blind $0.10\n", "Player3: posts big blind $0.10\n"
                          "Player4: posts small & big blinds $0.15\n", 1)
    posted = posted.replace("Player4: calls $0.10", "Player4: checks", 1)
    after = next(r for r in read_text(posted) if isinstance(r, HandRecord))
    assert [(a.kind, a.amount) for a in after.actions if a.player == "Player4"][:3] == [
        (K.POST_BB, 10), (K.POST_DEAD, 5), (K.CHECK, 0)]
    old, new = replay(before).settlement, replay(after).settlement
    assert sum(p.amount for p in new.pots) == sum(p.amount for p in old.pots) + 5
    assert new.final_stacks["Player4"] == old.final_stacks["Player4"] - 5 and new.returned == old.returned
