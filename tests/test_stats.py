"""``drawdealer stats`` (issue 30): every number of docs/STATS.md computed by hand on hands written for
it, the fold's invariants (merging, parallel workers, memory), the corpus (nets add up to minus the
rake, hands dealt per player, FPDB's own per-player figures) and the command line."""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.cards import parse_cards
from drawdealer.stats import GRAPH_POINTS, NOT_SHOWN, StatsTally, Track, collect, figures, opening_hand, snow_judge
from shared_data import CORPUS, needs_corpus

ROOT = Path(__file__).resolve().parents[1]
HABITS = ROOT / "fixtures" / "stats" / "27td_fl_habits.txt"
ITALIAN = ROOT / "fixtures" / "clean" / "ita_session.phhs"
FLAGGED = ROOT / "fixtures" / "findings" / "RAISE_ABOVE_POT_LIMIT.txt"
runner = CliRunner()


def stats_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["stats", "--json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def rows_of(numbers: dict) -> dict[str, dict]:
    return {row["player"]: row for game in numbers["games"] for row in game["players"]}


def counts(rate: dict | None) -> tuple[int, int] | None:
    return None if rate is None else (rate["count"], rate["of"])


# --------------------------------------------------------------------------- by hand: three 2-7 hands

def test_every_number_of_three_triple_draw_hands_by_hand() -> None:
    """fixtures/stats/27td_fl_habits.txt, $0.10/$0.20 fixed limit (big blind 10 cents), three players.

    Hand 1: Hero raises, Ann (SB) folds, Bob (BB) calls. Hero draws 1 and makes 8-8-4-3-2, then stands
    pat twice, betting, and folds to Bob's bet after the third draw: a snow in draws 2 and 3, his
    cards known (the log prints the hero's). Bob draws 2, 1, 1, calls three times, bets once, wins
    $1.05 without a showdown. Nets: Hero -50, Ann -5, Bob +55.
    Hand 2: Ann and Bob fold, Hero's big blind walks: Hero +5, Bob -5, Ann 0; no voluntary money.
    Hand 3: Bob raises, Hero calls, Ann calls the BB. Hero draws 2 to 7-5-4-3-2 and stands pat twice;
    Ann draws 3 and folds in B2; Bob stands pat twice then breaks (draws 1) and loses the showdown
    with a pair of jacks. Hero bets B3 and B4, raises B2; Bob bets B2 and calls three times. Pot
    $1.80, rake 5 cents: Hero +95, Ann -20, Bob -80.
    """
    code, numbers = stats_json(str(HABITS))
    assert code == 0
    assert numbers["hands"] == {"read": 3, "counted": 3, "left_out": {"with_errors": 0, "not_finished": 0,
                                                                     "winner_unknown": 0, "other_games": 0},
                                "skipped": 0}
    (game,) = numbers["games"]
    assert (game["game"], game["currency"], game["unit"], game["draws"], game["hands"]) == ("27TD-FL", "$", "cents", 3, 3)
    rows = rows_of(numbers)
    hero, ann, bob = rows["Hero"], rows["Ann"], rows["Bob"]
    # results: nets add up to minus the rake (5 cents)
    assert (hero["net"], ann["net"], bob["net"]) == (-50 + 5 + 95, -5 + 0 - 20, 55 - 5 - 80) == (50, -25, -30)
    assert (hero["net_bb"], hero["bb_per_100"]) == (5.0, 166.67)  # 50 / 10 big blinds over 3 hands
    assert (bob["net_bb"], bob["bb_per_100"]) == (-3.0, -100.0)
    assert all(row["hands"] == 3 for row in rows.values())
    # VPIP: Hero raised (1) and called (3); Bob called (1) and raised (3); Ann called the raise in 3
    assert counts(hero["vpip"]) == (2, 3) and counts(bob["vpip"]) == (2, 3) and counts(ann["vpip"]) == (1, 3)
    assert hero["vpip"]["pct"] == 66.7
    assert counts(hero["raised"]) == (1, 3) and counts(bob["raised"]) == (1, 3) and counts(ann["raised"]) == (0, 3)
    # aggression: Hero raise+bet+bet (1), raise+bet+bet (3) / one call; Bob bet (1), raise+bet (3) / 3+3 calls
    assert hero["aggression"] == {"bets_raises": 6, "calls": 1, "factor": 6.0}
    assert bob["aggression"] == {"bets_raises": 3, "calls": 6, "factor": 0.5}
    assert ann["aggression"] == {"bets_raises": 0, "calls": 1, "factor": 0.0}
    # showdowns: only hand 3 has one (Hero and Bob); the walk is a win without a showdown
    assert counts(hero["went_to_showdown"]) == (1, 2) and counts(bob["went_to_showdown"]) == (1, 2)
    assert counts(ann["went_to_showdown"]) == (0, 1)  # she took part in one first draw
    assert counts(hero["won_at_showdown"]) == (1, 1) and counts(bob["won_at_showdown"]) == (0, 1)
    assert ann["won_at_showdown"] == {"count": 0, "of": 0, "pct": None}
    assert counts(hero["won_without_showdown"]) == (1, 3) and counts(bob["won_without_showdown"]) == (1, 3)
    assert (hero["net_showdown"], hero["net_no_showdown"]) == (95, -45)
    assert (bob["net_showdown"], bob["net_no_showdown"]) == (-80, 50)
    # draws: Hero 1, pat, pat (1) and 2, pat, pat (3)
    h1, h2, h3 = hero["draws"]
    assert (h1["took_part"], counts(h1["stood_pat"]), h1["cards_drawn"]) == (2, (0, 2), {"total": 3, "average": 1.5})
    assert h1["broke"] is None and counts(h1["snow"]) == (0, 0)
    assert (counts(h2["stood_pat"]), h2["cards_drawn"]["average"], counts(h2["broke"])) == ((2, 2), 0.0, (0, 0))
    # the pat on 8-8-4-3-2 then a fold is a snow; the pat on 7-5-4-3-2 that won is not
    assert counts(h2["snow"]) == (1, 2) and counts(h3["snow"]) == (1, 2) and h3["snow"]["pct"] == 50.0
    assert counts(h3["broke"]) == (0, 2)  # stood pat in draw 2 both times, pat again in draw 3
    # Bob 2, 1, 1 (1) and pat, pat, 1 (3): he broke in draw 3 after standing pat; never judged for snow
    b1, b2, b3 = bob["draws"]
    assert (counts(b1["stood_pat"]), b1["cards_drawn"]["total"]) == ((1, 2), 2)
    assert (counts(b2["stood_pat"]), counts(b2["broke"]), b2["cards_drawn"]["average"]) == ((1, 2), (0, 1), 0.5)
    assert (counts(b3["stood_pat"]), counts(b3["broke"]), b3["broke"]["pct"]) == ((0, 2), (1, 1), 100.0)
    assert [counts(d["snow"]) for d in bob["draws"]] == [(0, 0)] * 3
    # Ann drew 3 in hand 3's first draw and folded before the second
    assert [d["took_part"] for d in ann["draws"]] == [1, 0, 0] and ann["draws"][0]["cards_drawn"]["average"] == 3.0
    assert hero["opened"] is None  # no openings outside Italian poker


def test_italian_session_by_hand() -> None:
    """fixtures/clean/ita_session.phhs, five deals, invito 10 (the unit of bb/100: RULES.md §10.1).

    Anna: posts the invito and folds (401), folds (402), checks an unopened deal (403), calls
    Bruno's opening (404, checked through after the draw: no showdown), raises twice and everyone
    folds (405, wins 325 of the carried pots). Net: -10, 0, 0, -1, +248 = +237.
    Openings: Bruno opens blind in 401 and with ThKh7sTd7d (tens and sevens) in 404; Carla blind
    in 402 and with AdTsTc8h8s in 405; Anna and Dario never open.
    """
    code, numbers = stats_json(str(ITALIAN))
    assert code == 0
    rows = rows_of(numbers)
    anna = rows["Anna"]
    assert (anna["hands"], anna["net"], anna["net_bb"], anna["bb_per_100"]) == (5, 237, 23.7, 474.0)
    assert counts(anna["vpip"]) == (2, 5) and counts(anna["raised"]) == (1, 5)
    assert anna["aggression"] == {"bets_raises": 2, "calls": 1, "factor": 2.0}
    assert counts(anna["went_to_showdown"]) == (0, 1) and counts(anna["won_without_showdown"]) == (1, 5)
    assert rows["Bruno"]["opened"] == {"count": 2, "of": 5, "pct": 40.0, "with": {"blind (buio)": 1, "two pair": 1}}
    assert rows["Carla"]["opened"] == {"count": 2, "of": 5, "pct": 40.0, "with": {"blind (buio)": 1, "two pair": 1}}
    assert rows["Anna"]["opened"]["count"] == rows["Dario"]["opened"]["count"] == 0
    # the blind opening and controbuio are chosen, not forced: Dario calls (401, 404), posts the
    # controbuio (402) and raises (405): VPIP 4 of 5, raised 2 of 5
    assert counts(rows["Dario"]["vpip"]) == (4, 5) and counts(rows["Dario"]["raised"]) == (2, 5)
    assert all(d["snow"] is None for row in rows.values() for d in row["draws"])  # a high-hand game
    # the session starts and ends with nothing carried: the nets add up to zero (no rake)
    assert sum(row["net"] for row in rows.values()) == 0


@pytest.mark.parametrize("cards, what", [
    ("JsJc7d8h9s", "pair of jacks"), ("AsAc7d8h9s", "pair of aces"), ("JsJcQdQh9s", "two pair"),
    ("7h8h9hTh Qs", "straight-flush draw"), ("9s9c9d7h8s", "three of a kind"), (None, NOT_SHOWN)])
def test_what_an_italian_opener_held(cards: str | None, what: str) -> None:
    from drawdealer.engine.options import DEFAULT_OPTIONS
    from drawdealer.engine.state import ranking_for
    from drawdealer.engine.variants import get_game

    ranking = ranking_for(get_game("ITA"), 4, DEFAULT_OPTIONS)
    assert opening_hand(None if cards is None else tuple(parse_cards(cards)), ranking) == what


@pytest.mark.parametrize("ranking, hand, snow", [
    ("lowball27", "Ts9h8d7c5s", False),  # the worst ten-low itself
    ("lowball27", "Ts9h8d7c6s", True),  # a straight
    ("lowball27", "Js5h4d3c2s", True),  # jack-low
    ("lowball27", "8s6h4d3c2h", False),
    ("a5", "Ts9h8d7c6s", False),  # no straights in A-5: the worst ten-low
    ("a5", "Js4h3d2cAs", True),
    ("a5", "5s5h3d2cAs", True),  # a pair
    ("badugi", "Ts9h8d7c", False),
    ("badugi", "Js9h8d7c", True),
    ("badugi", "2s3s4d5c", True),  # three-card hand
])
def test_worse_than_a_ten_low(ranking: str, hand: str, snow: bool) -> None:
    judge, line = snow_judge(ranking)
    assert (judge.strength(parse_cards(hand)) < line) is snow


def test_no_snow_in_high_games() -> None:
    assert snow_judge("high") is None and snow_judge("italian") is None and snow_judge("badeucey") is None


# --------------------------------------------------------------------------- left out, filters

def test_hands_with_errors_and_unfinished_hands_are_counted_and_left_out(tmp_path: Path) -> None:
    partial = tmp_path / "partial.phh"  # a hand stopping before the first draw, as a journal's hand under way
    partial.write_text("variant = 'F2L3D'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n"
                       "big_bet = 4\nstarting_stacks = [100, 100, 100]\nactions = ['d dh p1 ??????????', "
                       "'d dh p2 ??????????', 'd dh p3 ??????????', 'p3 cc', 'p1 cc']\nplayers = ['Bob', 'Cy', 'Ann']\n")
    code, numbers = stats_json(str(FLAGGED), str(HABITS), str(partial))
    assert code == 1  # hands were left out for their error findings
    hands = numbers["hands"]
    assert hands == {"read": 5, "counted": 3, "skipped": 0,
                     "left_out": {"with_errors": 1, "not_finished": 1, "winner_unknown": 0, "other_games": 0}}
    result = runner.invoke(app, ["stats", str(FLAGGED), str(partial)])
    assert result.stdout.splitlines()[:2] == [
        "0 hands counted of 2 read", "left out: 1 with error findings (drawdealer validate names them), 1 not finished"]


def test_player_and_game_filters() -> None:
    code, numbers = stats_json(str(HABITS), str(ITALIAN), "--player", "Dario", "--player", "Anna", "--game", "ita")
    assert code == 0
    assert numbers["hands"]["counted"] == 5 and numbers["hands"]["left_out"]["other_games"] == 3
    assert [(g["game"], [r["player"] for r in g["players"]]) for g in numbers["games"]] == [("ITA", ["Anna", "Dario"])]
    result = runner.invoke(app, ["stats", str(HABITS), "--player", "Nobody"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["drawdealer: error: --player 'Nobody': not dealt in any hand counted"]


def test_the_table_says_the_json_numbers() -> None:
    _, numbers = stats_json(str(HABITS))
    table = runner.invoke(app, ["stats", str(HABITS)]).stdout
    hero = rows_of(numbers)["Hero"]
    line = next(ln.split() for ln in table.splitlines() if ln.split()[:2] == ["Hero", "3"])
    assert line == ["Hero", "3", "$0.50", "166.67", "66.7%", "33.3%", "6.00", "50.0%", "100.0%", "33.3%"]
    assert [hero[k]["pct"] for k in ("vpip", "raised")] == [66.7, 33.3]
    draws = [ln.split() for ln in table.splitlines() if ln.split()[:1] == ["Hero"]][1]
    assert draws == ["Hero", "0.0%", "1.50", "—", "100.0%", "0.00", "—", "50.0%", "100.0%", "0.00", "0.0%", "50.0%"]


def test_unreadable_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", str(HABITS), str(tmp_path / "missing.txt")])
    assert result.exit_code == 2
    assert len(result.stderr.splitlines()) == 1 and "missing.txt" in result.stderr
    assert "3 hands counted of 3 read" in result.stdout


# --------------------------------------------------------------------------- the fold

def test_workers_give_the_same_numbers_as_one_process(tmp_path: Path) -> None:
    """``--jobs 2`` over a file cut into many byte ranges: each task's tally merged in input order
    gives the numbers, and the graph's line, of one process."""
    big = tmp_path / "big.txt"
    big.write_text(("\n\n\n".join([HABITS.read_text()] * 150)))
    one = collect([big], graph=True)
    two = collect([big], graph=True, jobs=2, chunk=8192)
    assert one.tally.counted == two.tally.counted == 450
    assert figures(one) == figures(two)
    assert one.tally.tracks["Hero"].line() == two.tally.tracks["Hero"].line()
    assert round(one.tally.tracks["Hero"].net, 6) == 150 * 5.0


def test_memory_is_flat_in_the_number_of_hands(tmp_path: Path) -> None:
    """Counters per player only: ten times the hands, the same rows and no longer graph line."""
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text("\n\n\n".join([HABITS.read_text()] * 100))
    big.write_text("\n\n\n".join([HABITS.read_text()] * 1000))
    a, b = collect([small], graph=True).tally, collect([big], graph=True).tally
    assert set(a.rows[("27TD-FL", "$")]) == set(b.rows[("27TD-FL", "$")]) and b.counted == 10 * a.counted
    assert len(b.tracks["Hero"].points) <= 2 * GRAPH_POINTS + 1
    assert b.rows[("27TD-FL", "$")]["Hero"].hands == 3000


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-50, 50), st.booleans()), min_size=1, max_size=5000), st.data())
def test_a_track_merged_anywhere_has_exact_totals_and_few_points(hands: list[tuple[int, bool]], data: st.DataObject
                                                                 ) -> None:
    """Split a player's hands anywhere into tasks: the merged line ends at the same totals as one
    line, its hand numbers increase, and it never holds more than 2 × GRAPH_POINTS + 1 points."""
    cut = data.draw(st.integers(0, len(hands)))
    whole, left, right = Track(), Track(), Track()
    for k, (bb, sd) in enumerate(hands):
        whole.add(float(bb), sd)
        (left if k < cut else right).add(float(bb), sd)
    left.merge(right)
    for line in (whole.line(), left.line()):
        assert line[-1][0] == len(hands) and len(line) <= 2 * GRAPH_POINTS + 2
        assert all(a[0] < b[0] for a, b in zip(line, line[1:]))
    assert left.line()[-1][1:] == pytest.approx(whole.line()[-1][1:])
    assert whole.line()[-1][1] == sum(bb for bb, _ in hands)
    assert whole.line()[-1][2] + whole.line()[-1][3] == pytest.approx(whole.line()[-1][1])


# --------------------------------------------------------------------------- the corpus

@needs_corpus
def test_corpus_nets_add_up_to_minus_the_rake_and_hands_dealt_per_player() -> None:
    """Every counted hand of the corpus, replayed on its own here: per game and currency the nets of
    all players add up to minus the rake of those hands, and each player's hands are the hands in
    which the record deals him in (seated, not sitting out)."""
    from drawdealer.engine.record import HandRecord
    from drawdealer.parsers import read_hands
    from drawdealer.validate import expand

    found = collect([CORPUS])
    numbers = figures(found)
    assert numbers["hands"]["counted"] > 350
    rake: Counter[tuple[str, str]] = Counter()
    dealt: Counter[tuple[str, str, str]] = Counter()
    seen = 0
    from drawdealer.engine.replay import replay

    for item in expand([CORPUS]):
        if not isinstance(item, tuple):
            continue
        try:
            records = list(read_hands(item[0]))
        except Exception:  # noqa: BLE001 - not a hand history (the stats passed it over too)
            continue
        for record in records:
            if not isinstance(record, HandRecord):
                continue
            result = replay(record)
            if not result.complete or result.settlement is None or not result.clean:
                continue
            seen += 1
            rake[(result.game, record.currency)] += result.settlement.rake
            for seat in record.seats:
                if not seat.sitting_out:
                    dealt[(seat.name, result.game, record.currency)] += 1
    assert seen == numbers["hands"]["counted"]
    for game in numbers["games"]:
        key = (game["game"], game["currency"] or "")
        assert sum(row["net"] for row in game["players"]) == -rake[key], key
        for row in game["players"]:
            assert row["hands"] == dealt[(row["player"], *key)], (row["player"], key)
    assert sum(dealt.values()) == sum(row["hands"] for g in numbers["games"] for row in g["players"])


@needs_corpus
def test_corpus_hands_agree_with_fpdb_per_player_figures() -> None:
    """FPDB's regression files carry, for 11 one-hand files, FPDB's own figures per player (``.hp``):
    profit, street0VPI, street0Aggr (raised before the draw), sawShowdown, wonAtSD. drawdealer's
    agree for every player it counts. FPDB also lists the players its reader seats without cards
    (three in the first Full Tilt file: no action, not dealt in, RULES.md §6.1); drawdealer does not
    count a hand for a player who is not dealt in, and FPDB gives them no money and no VPIP either."""
    compared = 0
    for hp in sorted(CORPUS.glob("fpdb/**/*.hp")):
        fpdb = ast.literal_eval(hp.read_text(encoding="utf-8", errors="replace").replace("u'", "'"))
        found = collect([hp.with_suffix("")])
        assert found.tally.counted == 1, hp.name
        rows = rows_of(figures(found))
        assert set(rows) <= set(fpdb), hp.name
        for name, theirs in fpdb.items():
            row = rows.get(name)
            if row is None:
                assert (theirs["totalProfit"], theirs["street0VPI"], theirs["street0Aggr"]) == (0, False, False)
                continue
            mine = (row["net"], row["vpip"]["count"] == 1, row["raised"]["count"] == 1,
                    row["went_to_showdown"]["count"] == 1, row["won_at_showdown"]["count"] == 1)
            assert mine == (theirs["totalProfit"], theirs["street0VPI"], theirs["street0Aggr"], theirs["sawShowdown"],
                            theirs["wonAtSD"] > 0), (hp.name, name)
            compared += 1
    assert compared >= 50


# --------------------------------------------------------------------------- the dealer's journal

def test_a_journal_is_a_source_and_agrees_with_the_ledger(tmp_path: Path) -> None:
    """``drawdealer stats JOURNAL``: an evening of three hands, the third under way; the finished
    hands are counted, the one under way is left out as not finished, and the nets are the ledger's."""
    from deal_support import scripted

    journal = tmp_path / "evening"
    scripted(journal, ["--game", "27TD-FL", "--stakes", "1/2", "--seat", "Ann=100", "--seat", "Bob=100",
                       "--seat", "Cy=100", "--button", "Ann"],
             ["call", "call", "check", "pat", "draw 2", "draw 1", "bet 2", "fold", "fold", "next",
              "raise 4", "fold", "fold", "next", "call"])
    code, numbers = stats_json(str(journal))
    assert code == 0
    assert numbers["hands"]["counted"] == 2 and numbers["hands"]["left_out"]["not_finished"] == 1
    rows = rows_of(numbers)
    ledger = json.loads(runner.invoke(app, ["ledger", str(journal), "--json"]).stdout)
    assert {p["name"]: p["net"] for p in ledger["players"]} == {name: row["net"] for name, row in rows.items()}
    assert sum(row["net"] for row in rows.values()) == 0
    # hand 1: Ann (button) calls, Bob (SB) calls, Cy checks; Bob stands pat, Cy draws 2, Ann 1; Bob bets
    # and wins without a showdown. Hand 2: Bob (button) raises, the blinds fold.
    bob = rows["Bob"]
    assert bob["hands"] == 2 and counts(bob["draws"][0]["stood_pat"]) == (1, 1)
    assert counts(bob["vpip"]) == (2, 2) and counts(bob["won_without_showdown"]) == (2, 2)
    assert counts(rows["Cy"]["vpip"]) == (0, 2) and rows["Ann"]["draws"][0]["cards_drawn"]["total"] == 1


# --------------------------------------------------------------------------- the graph

def test_graph_of_one_player_is_a_png_and_of_several_an_svg(tmp_path: Path) -> None:
    png, svg = tmp_path / "hero.png", tmp_path / "all.svg"
    one = runner.invoke(app, ["stats", str(HABITS), "--player", "Hero", "--graph", str(png)])
    assert one.exit_code == 0, one.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    several = runner.invoke(app, ["stats", str(HABITS), "--graph", str(svg)])
    assert several.exit_code == 0, several.output
    text = svg.read_text()
    assert text.startswith("<?xml") and "<svg" in text
    assert [p.name for p in tmp_path.iterdir()] and not list(tmp_path.glob(".*.tmp"))


def test_graph_errors_are_one_line_exit_2(tmp_path: Path) -> None:
    wrong = runner.invoke(app, ["stats", str(HABITS), "--graph", str(tmp_path / "g.pdf")])
    assert wrong.exit_code == 2 and wrong.stderr.splitlines() == [
        f"drawdealer: error: --graph '{tmp_path / 'g.pdf'}': name a .png or .svg file"]
    nowhere = runner.invoke(app, ["stats", str(HABITS), "--graph", str(tmp_path / "no" / "g.png")])
    assert nowhere.exit_code == 2 and len(nowhere.stderr.splitlines()) == 1
    assert "No such file or directory" in nowhere.stderr and "Traceback" not in nowhere.stderr


def test_graph_without_player_and_more_than_eight_players_asks_for_player(tmp_path: Path) -> None:
    from drawdealer.stats import GRAPH_LINES

    tally = StatsTally(graph=True)
    for k in range(GRAPH_LINES + 1):
        other = StatsTally(graph=True)
        other.tracks[f"P{k}"] = Track()
        tally.merge(other)
    assert tally.too_many_lines and not tally.tracks


def test_without_matplotlib_graph_is_one_line_exit_2(tmp_path: Path) -> None:
    """The extra is optional: with matplotlib unimportable, --graph says how to install it, before
    reading any hand."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['matplotlib'] = None; sys.argv = ['drawdealer', 'stats', %r, '--graph', %r]\n"
            "from drawdealer.cli.main import main\nmain()\n") % (str(HABITS), str(tmp_path / "g.png"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "drawdealer: error: --graph needs matplotlib, the optional extra 'plot': pip install 'drawdealer[plot]'"]


def test_stats_without_graph_does_not_import_matplotlib() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.argv = ['drawdealer', 'stats', %r]\nfrom drawdealer.cli.main import main\n"
            "try:\n    main()\nfinally:\n    sys.stderr.write('MPL %%s' %% ('matplotlib' in sys.modules))\n") % str(HABITS)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr.endswith("MPL False")


def test_a_long_run_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    """As validate's: on a terminal's stderr (FORCE_COLOR stands for one), for inputs above a few
    hundred hands; the numbers on stdout are the same."""
    import os
    import subprocess
    import sys

    big = tmp_path / "big.txt"
    big.write_text("\n\n\n".join([HABITS.read_text()] * 100))
    env = dict(os.environ, FORCE_COLOR="1")
    done = subprocess.run([sys.executable, "-m", "drawdealer", "stats", "--json", str(big)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 0 and "counting" in done.stderr
    assert json.loads(done.stdout)["hands"]["counted"] == 300
