"""Options (RULES.md §13), games and aliases (§0.1), fixed-limit units (§7.2), last-raise inference."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from drawdealer.engine.betting import fixed_limit_unit, infer_last_raise, is_full_fixed_limit_raise
from drawdealer.engine.frozen import fields
from drawdealer.engine.options import DEFAULT_OPTIONS, OPTION_SPECS, OptionError, Options
from drawdealer.engine.variants import GAMES, Structure, UnknownGame, aliases, get_game

RULES = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"


def rules_13_rows() -> list[tuple[list[str], str]]:
    """The §13 table of docs/RULES.md: each row's keys (a row may name several) and its section."""
    text = RULES.read_text(encoding="utf-8")
    table = text[text.index("## 13. Options"):text.index("## 14.")]
    rows = [line.split("|")[1:-1] for line in table.splitlines() if line.startswith("| `")]
    return [(re.findall(r"`([A-Z0-9_]+)`", cells[0]), cells[3].strip()) for cells in rows]


RULES_13_KEYS = [key for keys, _ in rules_13_rows() for key in keys]


def test_every_rules_key_is_an_option_with_its_default():
    assert set(RULES_13_KEYS) <= set(OPTION_SPECS)
    assert set(OPTION_SPECS) - set(RULES_13_KEYS) == {"OPENERS_JACKS", "BIG_BLIND_ANTE"}  # this project's own
    assert len(RULES_13_KEYS) > 45 and {"FL_RAISE_AFTER_SHORT_ALLIN", "SITE_KILLS_SITTING_OUT"} <= set(RULES_13_KEYS)
    for keys, section in rules_13_rows():
        for key in keys:
            assert OPTION_SPECS[key].section in section.replace(" ", "").split(","), (key, section)
    assert {f.name.upper() for f in fields(Options)} == set(OPTION_SPECS)
    for key, spec in OPTION_SPECS.items():
        assert DEFAULT_OPTIONS.get(key) == spec.default, key
    assert DEFAULT_OPTIONS.fl_max_bets_per_round == 4
    assert DEFAULT_OPTIONS.last_card_rule == "HOLD_BACK"
    assert DEFAULT_OPTIONS.fl_short_allin_reopen_fraction == Fraction(1, 2)


def test_values_are_normalised():
    opts = Options.from_mapping({"fl_max_bets_per_round": "5", "Rake-Percent": "2.5", "LAST_CARD_RULE": "deal_to_last",
                                 "FL_HEADS_UP_UNCAPPED": "yes", "RAKE_CAP": "none", "IT_BLIND_MULTIPLIER": "1"})
    assert (opts.fl_max_bets_per_round, opts.rake_percent, opts.last_card_rule) == (5, Fraction(5, 2), "DEAL_TO_LAST")
    assert opts.fl_heads_up_uncapped is True and opts.rake_cap is None and opts.it_blind_multiplier == 1
    assert opts.changed() == {"FL_MAX_BETS_PER_ROUND": 5, "RAKE_PERCENT": "5/2", "LAST_CARD_RULE": "DEAL_TO_LAST",
                              "FL_HEADS_UP_UNCAPPED": True, "IT_BLIND_MULTIPLIER": 1}
    assert Options.from_mapping({"MAX_PLAYERS_27": 8}, base=opts).fl_max_bets_per_round == 5


@pytest.mark.parametrize(("key", "value"), [
    ("FL_MAX_BETS_PER_ROUND", 1), ("MAX_PLAYERS_27", 11), ("MAX_PLAYERS_27", 1), ("FORCED_BETS", "STRADDLES"),
    ("FL_SHORT_ALLIN_REOPEN_FRACTION", "1.5"), ("RAKE_PERCENT", 101), ("RAKE_UNIT", 0), ("IT_BLIND_MULTIPLIER", 3),
    ("FIVE_CARD_DRAW_SPLIT", "maybe"), ("BIG_BET_MULTIPLIER", True), ("IT_OPENER_CAP", "Q"), ("NO_SUCH_KEY", 1),
    ("OPENERS_JACKS", True), ("BIG_BLIND_ANTE", True),
])
def test_out_of_domain_is_config_invalid_naming_the_option(key, value):
    with pytest.raises(OptionError) as info:
        Options.from_mapping({key: value})
    finding = info.value.finding(hand_id="h1")
    assert finding.code == "CONFIG_INVALID" and finding.details["option"] == key
    assert key in finding.message and finding.is_error


def test_games_and_aliases():
    assert set(GAMES) == {f"{family}-{structure}" for family in ("27TD", "27SD", "5CD", "BADUGI", "A5TD", "A5SD",
                                                                 "BADEUCEY", "BADACEY")
                          for structure in ("FL", "PL", "NL")} | {"ITA"}
    td = get_game("F2L3D")
    assert (td.id, td.ranking, td.draws, td.max_discard, td.structure) == ("27TD-FL", "lowball27", 3, 5, Structure.FIXED)
    assert td.streets == ("B1", "D1", "B2", "D2", "B3", "D3", "B4")
    assert get_game("2-7 Triple Draw").id == "27TD-FL" and get_game("27td").id == "27TD-FL"
    assert get_game("N2L1D").id == "27SD-NL" and get_game("27sd", structure="FL").id == "27SD-FL"
    assert get_game("Triple Draw 2-7 Lowball Pot Limit").id == "27TD-PL"
    five = get_game("5 Card Draw No Limit")
    assert (five.ranking, five.draws, five.max_discard) == ("high", 1, 5)
    ita = get_game("poker all'italiana")
    assert (ita.ranking, ita.max_discard, ita.deck, ita.streets) == ("italian", 4, "italian", ("B1", "D1", "B2"))
    assert "f2l3d" in aliases("27TD-FL")
    badugi = get_game("Badugi")
    assert (badugi.id, badugi.ranking, badugi.hand_size, badugi.max_discard, badugi.draws) == (
        "BADUGI-FL", "badugi", 4, 4, 3)
    assert get_game("FB").id == "BADUGI-FL" and get_game("badugi", structure="NL").id == "BADUGI-NL"
    assert get_game("Badeucey").splits_pot and get_game("Badacey").ranking == "badacey"
    assert get_game("a-5 triple draw").hand_size == 5 and not get_game("A5TD-FL").splits_pot
    with pytest.raises(UnknownGame) as info:
        get_game("Drawmaha")
    assert info.value.code == "GAME_UNSUPPORTED"
    with pytest.raises(UnknownGame):
        ita.with_structure("NL")


def test_fixed_limit_units():
    td, sd = get_game("27TD-FL"), get_game("27SD-FL")
    units = [fixed_limit_unit(td, k, small_bet=2, big_bet=0, options=DEFAULT_OPTIONS) for k in (1, 2, 3, 4)]
    assert units == [2, 2, 4, 4]
    assert [fixed_limit_unit(sd, k, small_bet=2, big_bet=0, options=DEFAULT_OPTIONS) for k in (1, 2)] == [2, 4]
    flat = Options.from_mapping({"FL_STRUCTURE": "FLAT"})
    assert [fixed_limit_unit(td, k, small_bet=2, big_bet=4, options=flat) for k in (1, 2, 3, 4)] == [2, 2, 2, 2]
    triple = Options.from_mapping({"BIG_BET_MULTIPLIER": 3})
    assert fixed_limit_unit(td, 4, small_bet=2, big_bet=0, options=triple) == 6


def test_half_unit_rule():
    half = Fraction(1, 2)
    assert is_full_fixed_limit_raise(2, 4, half) and not is_full_fixed_limit_raise(1, 4, half)
    assert is_full_fixed_limit_raise(1, 2, half)


def test_last_raise_inference():
    assert infer_last_raise({"SB": 30, "BB": 2, "UTG": 7, "CO": 7}, 2) == 23
    assert infer_last_raise({"A": 20, "B": 25}, 2) == 20
    assert infer_last_raise({"SB": 1, "BB": 2}, 2) == 2
    assert infer_last_raise({}, None) == 1


@pytest.mark.parametrize(("game", "options", "most"), [
    ("27TD-PL", {}, 6), ("27TD-PL", {"MAX_PLAYERS_27": 8}, 8), ("5CD-NL", {}, 6), ("A5TD-FL", {}, 6),
    ("BADEUCEY-FL", {}, 6), ("27SD-NL", {}, 8), ("27SD-NL", {"MAX_PLAYERS_27": 10}, 10), ("A5SD-NL", {}, 8),
    ("BADUGI-FL", {}, 8), ("BADUGI-FL", {"MAX_PLAYERS_27": 10}, 8), ("ITA", {}, 10),
])
def test_each_game_seats_its_own_number_of_players(game, options, most):
    """RULES.md §18.1: a table of a size its game allows is never PLAYER_COUNT_INVALID, one more is."""
    from drawdealer.engine.record import Stakes
    from drawdealer.engine.state import HandState

    spec = get_game(game)
    stakes = Stakes(invito=10, chip=1) if spec.is_italian else Stakes(sb=1, bb=2, small_bet=2, big_bet=4)

    def codes(n: int) -> list[str]:
        players = [(f"P{i}", 100) for i in range(n)]
        state = HandState.new(spec, players=players, button="P0", stakes=stakes, options=Options.from_mapping(options))
        return [f.code for f in state.setup_problems() if f.is_error]

    assert codes(most) == [] and codes(2) == []
    if most < 10:
        assert codes(most + 1) == ["PLAYER_COUNT_INVALID"]


def test_a_table_too_big_names_the_option_that_raises_the_limit():
    from drawdealer.engine.record import Stakes
    from drawdealer.engine.state import HandState

    state = HandState.new(get_game("27TD-FL"), players=[(f"P{i}", 100) for i in range(7)], button="P0",
                          stakes=Stakes(sb=1, bb=2, small_bet=2, big_bet=4))
    [finding] = state.setup_problems()
    assert finding.message == "27TD-FL is for 2 to 6 players, not 7 (MAX_PLAYERS_27 raises the limit, up to 10)"


@pytest.mark.parametrize("players", [7, 8, 9])
@pytest.mark.parametrize("writer", ["phh", "pokerstars"])
def test_the_validator_reads_seven_and_eight_handed_badugi(tmp_path, players, writer):
    """RULES.md §18.1 (issue 26 item 5): a Badugi hand of 7 or 8 players, written as PHH or as
    PokerStars text whose table line says 6-max (so the reader leaves MAX_PLAYERS_27 at 6),
    validates clean through the file reader; 9 players are PLAYER_COUNT_INVALID."""
    import random

    from drawdealer.engine.simulate import random_hand
    from drawdealer.parsers import write_phh, write_pokerstars
    from drawdealer.validate import validate

    record = random_hand("BADUGI-FL", random.Random(players), players=min(players, 8))
    if players == 9:  # one seat more than the game takes: the engine cannot play it, the log can claim it
        from drawdealer.engine.frozen import replace
        from drawdealer.engine.record import Seat

        record = replace(record, seats=record.seats + (Seat(seat=9, name="P9", stack=200),))
    text = write_phh(record) if writer == "phh" else write_pokerstars(record).replace(f"{players}-max", "6-max")
    path = tmp_path / ("hand.phh" if writer == "phh" else "hand.txt")
    path.write_text(text, encoding="utf-8")
    (report,) = list(validate([path]))
    assert report.status == "replayed"
    found = [f.code for f in report.findings]
    assert (found[:1] == ["PLAYER_COUNT_INVALID"]) if players == 9 else found == [], found
