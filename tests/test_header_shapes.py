"""Every site reader reads every header its site prints (issue 25): a property test per reader.

An archive holds every game a site deals, each with its table decorations. The header lines here are
generated from the shapes each site prints, learned from FPDB's site parsers (``PokerStarsToFpdb``,
``FullTiltPokerToFpdb``, ``WinamaxToFpdb``, ``KingsClubToFpdb``, OnGame's, Merge's and Boss's) and
from the corpus: Hold'em, Omaha of 4, 5 and 6 cards, Courchevel, Irish, stud, razz, mixed games,
capped tables, play money, home games, run-it-twice tables, sit-and-go and tournament headers, and
the draw games. Whatever the header:

- a hand of a game drawdealer does not play is a ``GAME_UNSUPPORTED`` notice from its header alone
  (RULES.md §0.1), never a ``PARSE_ERROR`` and never an exception;
- a hand of a draw game drawdealer plays, its header in front of a real body of the site, is read
  as that game: a record of it when the header's money is the body's (cash in cents), else a record
  or a failure on a line of the body (a tournament's chips are not the body's dollars), never on the
  header.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.record import HandRecord
from drawdealer.engine.variants import UnknownGame, get_game
from drawdealer.parsers import boss, fulltilt, kingsclub, merge, ongame, phh, pokerstars, winamax
from drawdealer.parsers.results import ParseFailure, Skipped

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CASES = settings(max_examples=300, deadline=None)


def _played(family: str | None, structure: str | None) -> str | None:
    """The engine's id of a game, or None when drawdealer does not play it."""
    if family is None or structure is None:
        return None
    try:
        return get_game(f"{family}-{structure}").id
    except UnknownGame:
        return None


def _check(reader, header: list[str], body: list[str], expected: str | None, same_money: bool) -> None:
    if expected is None:
        result = reader.parse_hand(header, 1, "archive.txt")
        assert isinstance(result, Skipped) and result.reason == "game", (header, result)
        assert result.finding().code == "GAME_UNSUPPORTED"
        return
    result = reader.parse_hand(header + body, 1, "archive.txt")
    if isinstance(result, HandRecord):
        assert result.game == expected, (header, result.game)
        return
    assert not same_money, (header, result)
    assert isinstance(result, ParseFailure) and result.code == "PARSE_ERROR", (header, result)
    assert result.line > len(header), (header, result)  # the header was read: the body's amounts were not


def _first_hand(path: Path, starts: str) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    end = next((k for k, line in enumerate(lines[1:], 1) if line.startswith(starts)), len(lines))
    while not lines[end - 1]:
        end -= 1
    return lines[:end]


# --------------------------------------------------------------------------- PokerStars

STARS_GAMES = {
    "Triple Draw 2-7 Lowball": "27TD", "Single Draw 2-7 Lowball": "27SD", "5 Card Draw": "5CD", "Badugi": "BADUGI",
    "Hold'em": None, "HOLD'EM": None, "6+ Hold'em": None, "Split Hold'em": None, "Omaha": None, "Omaha Hi/Lo": None,
    "5 Card Omaha": None, "5 Card Omaha Hi/Lo": None, "6 Card Omaha": None, "Omaha 5 Cards": None,
    "Courchevel": None, "Courchevel Hi/Lo": None, "Razz": None, "7 Card Stud": None, "7 Card Stud Hi/Lo": None,
    "Fusion": None,
}
STARS_LIMITS = {"Limit": "FL", "Fixed Limit": "FL", "Pot Limit": "PL", "No Limit": "NL",
                "Pot Limit Pre-Flop, No Limit Post-Flop": None}
STARS_CASH = ["$0.10/$0.20 USD", "$0.10/$0.20", "€0.10/€0.20 EUR", "£1/£2 GBP", "$0.10/$0.20 CAD", "0.10/0.20"]
STARS_CHIPS = ["10/20", "1,000/2,000", "25/50"]
STARS_FLOP_ONLY = ["$0.10/$0.25 - $5 Cap - USD", "Button Blind $1 - Ante $0.50 USD"]  # hold'em tables
STARS_DATES = [" - 2013/10/04 19:53:27 CET [2013/10/04 13:53:27 ET]", " - 2009/05/05 14:00:25 ET",
               " - 2016/05/01 3:04:05 ET"]
STARS_BODY = _first_hand(FIXTURES / "clean" / "27td_fl.txt", "PokerStars ")


@st.composite
def stars_headers(draw):
    game = draw(st.sampled_from(sorted(STARS_GAMES)))
    limit = draw(st.sampled_from([name for name in sorted(STARS_LIMITS)  # a flop game's structure
                                  if STARS_LIMITS[name] or STARS_GAMES[game] is None]))
    kind = draw(st.sampled_from(["Hand", "Game", "Zoom Hand", "Rush Hand", "Home Game Hand", "Home Game", "GAME"]))
    club = "{Dazzle's Room} " if kind.startswith("Home") and draw(st.booleans()) else ""
    mix = draw(st.sampled_from(["", "8-Game", "HORSE", "HOSE", "Mixed Hold'em", "Triple Stud", "Mixed NLH/PLO"]))
    tournament = draw(st.booleans())
    money = draw(st.sampled_from(STARS_CHIPS if tournament else STARS_CASH
                                 + (STARS_FLOP_ONLY if STARS_GAMES[game] is None else [])))
    words = f"{game} {limit}"
    if tournament:
        entry = draw(st.sampled_from(["Tournament", "Zoom Tournament", "TOURNAMENT"]))
        buy_in = draw(st.sampled_from(["$0.91+$0.09 USD ", "$3.19+$0.31+$0.50 USD ", "€5+€0.50 EUR ",
                                        "Freeroll ", "100+9 ", ""]))
        level = draw(st.sampled_from([" - Level IV", " - Match Round I, Level VI", " - Level 12", ""]))
        body = f"{entry} #797469411, {buy_in}{f'{mix} ({words})' if mix else words}{level} ({money})"
    elif mix:
        body = f"{mix} ({words}, {money})"
    else:
        body = f"{words} ({money})"
    aams = draw(st.sampled_from(["", " [AAMS ID: 2A6B3C0D]"]))
    header = f"PokerStars {kind} #105024000105: {draw(st.sampled_from([' ', '  ']))}{club}{body}{aams}" \
             f"{draw(st.sampled_from(STARS_DATES))}"
    table = draw(st.sampled_from(["Table 'drawdealer' 6-max Seat #1 is the button",
                                  "Table '797469411 15' 9-max Seat #1 is the button",
                                  "Table 'Zoom 2' 6-max (Real Money) Seat #1 is the button",
                                  "Table 'Home' 6-max (Play Money) Seat #1 is the button"]))
    expected = _played(STARS_GAMES[game], STARS_LIMITS[limit])
    return [header, table], expected, not tournament


@CASES
@given(stars_headers())
def test_pokerstars_reads_every_header(case) -> None:
    header, expected, same_money = case
    _check(pokerstars, header, STARS_BODY[2:], expected, same_money)


# --------------------------------------------------------------------------- Full Tilt

FT_GAMES = {
    "2-7 Triple Draw": "27TD", "2-7 Single Draw": "27SD", "5 Card Draw": "5CD", "Badugi": "BADUGI",
    "A-5 Triple Draw": "A5TD", "Hold'em": None, "Omaha": None, "Omaha Hi": None, "Omaha H/L": None,
    "Omaha Hi/Lo": None, "5 Card Omaha": None, "Courchevel": None, "Irish": None, "7 Card Stud": None,
    "Stud Hi": None, "Stud H/L": None, "Razz": None,
}
FT_OLD_STRUCTURES = {"Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
FT_NEW_STRUCTURES = {"FL": "FL", "PL": "PL", "NL": "NL", "Fix Limit": "FL", "No Limit": "NL", "Pot Limit": "PL"}
FT_TIMES = ["10:10:10 ET - 2010/11/01", "19:26:50 CET - 2013/09/22 [13:26:50 ET - 2013/09/22]",
            "18:38:07 UTC - 2013/05/24", "10:10 ET - Monday, November 1, 2010"]
FT_BODY = [
    "Seat 1: Ann ($2)", "Seat 2: Bob ($2)", "Ann posts the small blind of $0.05", "Bob posts the big blind of $0.10",
    "The button is in seat #1", "*** HOLE CARDS ***", "Ann folds", "Uncalled bet of $0.05 returned to Bob",
    "Bob mucks", "Bob wins the pot ($0.10)", "*** SUMMARY ***", "Total pot $0.10 | Rake $0",
    "Seat 1: Ann (button) (small blind) folded before the Draw", "Seat 2: Bob (big blind) collected ($0.10), mucked",
]
"""A walk as Full Tilt writes one (its lines learned from the corpus' FTP files)."""


@st.composite
def full_tilt_headers(draw):
    game = draw(st.sampled_from(sorted(FT_GAMES)))
    tournament = draw(st.booleans())
    stakes = draw(st.sampled_from(["15/30", "10/20", "1,000/2,000"] if tournament
                                  else ["$0.10/$0.20", "$0.01/$0.02", "$1/$2 Ante $0.25", "€0.10/€0.20"]))
    capped = FT_GAMES[game] is None and draw(st.booleans())
    if draw(st.booleans()):  # the 2013 form: the game before the stakes
        structure = draw(st.sampled_from(sorted(FT_NEW_STRUCTURES)))
        family = FT_NEW_STRUCTURES[structure]
        middle = f"{'CAP ' if capped else ''}{structure} {game} - {stakes}"
    else:
        structure = draw(st.sampled_from(sorted(FT_OLD_STRUCTURES)))
        family = FT_OLD_STRUCTURES[structure]
        middle = f"{stakes} - {'$5 Cap ' if capped else ''}{structure} {game}"
    where = draw(st.sampled_from(["$10 Sit & Go (Turbo) (268569961), Table 1", "MiniFTOPS Main Event (255707037), "
                                  "Table 179", "$99 Heads-Up Sit & Go (123456789), Table 1"] if tournament else
                                 ["Table Lambie Dew 1", "Table Clackers", "Table Play Chip Gilmerton", "Table SDF"]))
    decoration = draw(st.sampled_from(["", " (6 max)", " (heads up)", " (6 max, shallow)", " (deep 6)",
                                       " (New to the Game)", " (6 max) (partial)"]))
    site = draw(st.sampled_from(["Full Tilt Poker", "FullTiltPoker"]))
    partial = draw(st.sampled_from(["", " (partial)"]))
    header = f"{site} Game #33286946295: {where}{decoration} - {middle} - {draw(st.sampled_from(FT_TIMES))}{partial}"
    expected = None if capped else _played(FT_GAMES[game], family)
    return [header], expected, not tournament


@CASES
@given(full_tilt_headers())
def test_full_tilt_reads_every_header(case) -> None:
    header, expected, same_money = case
    _check(fulltilt, header, FT_BODY, expected, same_money)


def test_the_issue_25_header_and_a_game_first_draw_header() -> None:
    """The two 2013 forms: capped hold'em skipped, ``FL 2-7 Triple Draw`` (a game name holding a
    hyphen, which the old pattern stopped at) read."""
    (skipped,) = [fulltilt.parse_hand(["Full Tilt Poker Game #1: Table SDF (6 max) - CAP NL Hold'em - $0.01/$0.02 - "
                                       "18:38:07 UTC - 2013/05/24"])]
    assert isinstance(skipped, Skipped) and skipped.game == "CAP NL Hold'em"
    record = fulltilt.parse_hand(["Full Tilt Poker Game #2: Table T (6 max) - FL 2-7 Triple Draw - $0.10/$0.20 - "
                                  "18:38:07 UTC - 2013/05/24"] + FT_BODY)
    assert isinstance(record, HandRecord) and record.game == "27TD-FL"


# --------------------------------------------------------------------------- KingsClub

KC_GAMES = {
    "2-7 Triple Draw": "27TD", "2-7 Single Draw": "27SD", "5 Card Draw": "5CD", "Badugi": "BADUGI",
    "A-5 Triple Draw": "A5TD", "A-5 Single Draw": "A5SD", "Badeucey": "BADEUCEY", "Badacey": "BADACEY",
    "Holdem": None, "Short Deck Holdem": None, "Omaha": None, "Omaha Hi-Lo": None, "Omaha 5 Card": None,
    "Omaha 6 Card": None, "Big O": None, "Razz": None, "2-7 Razz": None, "Seven Card Stud": None,
    "Seven Card Stud Hi-Lo": None, "2-7 Drawmaha": None, "Captain": None,
}
KC_STRUCTURES = {"Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
KC_BODY = _first_hand(FIXTURES / "kingsclub" / "clean_27td_fl.txt", "#")


@st.composite
def kingsclub_headers(draw):
    game = draw(st.sampled_from(sorted(KC_GAMES)))
    structure = draw(st.sampled_from(sorted(KC_STRUCTURES)))
    stakes = draw(st.sampled_from(["40/80", "25/50", "1,000/2,000", "0.50/1", "2/4"]))
    header = f"#45394277:{draw(st.sampled_from([' ', '  ']))}{structure} {game} - {stakes}"
    table = draw(st.sampled_from(["Table 'The Zoo' Seat 1 is the button", "Table 'T123 [4]' 9-max Seat #1 is the button",
                                  "Table ID 'Real Deal Mix' Seat 1 is the button",
                                  "Table 'AOF Omaha' (Play Money) Seat 1 is the button"]))
    lines = [header] + (["2021-01-02 15:42:06"] if draw(st.booleans()) else []) + [table]
    return lines, _played(KC_GAMES[game], KC_STRUCTURES[structure]), True


@CASES
@given(kingsclub_headers())
def test_kingsclub_reads_every_header(case) -> None:
    header, expected, same_money = case
    _check(kingsclub, header, KC_BODY[3:], expected, same_money)


# --------------------------------------------------------------------------- Winamax

WX_GAMES = {
    "Lowball27": "27TD", "2-7 Triple Draw": "27TD", "Holdem": None, "Omaha": None, "Omaha5": None, "Omaha8": None,
    "5 Card Omaha": None, "5 Card Omaha Hi/Lo": None, "Omaha Hi/Lo": None, "7-Card Stud": None, "7stud": None,
    "7-Card Stud Hi/Lo": None, "7stud8": None, "Razz": None, "Courchevel": None,
}
WX_STRUCTURES = {"fixed limit": "FL", "pot limit": "PL", "no limit": "NL"}
WX_BODY = _first_hand(FIXTURES / "winamax" / "clean" / "fl_showdown.txt", "Winamax ")


@st.composite
def winamax_headers(draw):
    game = draw(st.sampled_from(sorted(WX_GAMES)))
    structure = draw(st.sampled_from(sorted(WX_STRUCTURES)))
    event = draw(st.sampled_from(["CashGame", 'Go Fast "Speed"', 'HOLD-UP "Colorado"', 'ESCAPE "Iron"',
                                  'Tournament "Monster Stack" buyIn: 4.50€ + 0.50€ level: 3',
                                  'Tournament "Freeroll" buyIn: Ticket level: 1']))
    tournament = event.startswith("Tournament")
    stakes = draw(st.sampled_from(["10/20", "5/10/20", "100/200"] if tournament
                                  else ["0.50€/1€", "0.01€/0.02€", "0.05€/0.10€/0.20€", "2€/4€"]))
    header = f"Winamax Poker - {event} - HandId: #9160772-2-1476189756 - {game} {structure} ({stakes}) - " \
             f"2016/10/11 12:42:36 UTC"
    table = draw(st.sampled_from(["Table: 'Fixture' 6-max (real money) Seat #3 is the button",
                                  "Table: 'Suceava 02' 6-max (play money) Seat #3 is the button",
                                  "Table: 'Monster Stack(123456)#004' 9-max (real money) Seat #3 is the button"]))
    return [header, table], _played(WX_GAMES[game], WX_STRUCTURES[structure]), not tournament


@CASES
@given(winamax_headers())
def test_winamax_reads_every_header(case) -> None:
    header, expected, same_money = case
    _check(winamax, header, WX_BODY[2:], expected, same_money)


# --------------------------------------------------------------------------- OnGame

OG_GAMES = {"FIVE_CARD_DRAW": "5CD", "TEXAS_HOLDEM": None, "OMAHA_HI": None, "OMAHA_HI_LO": None,
            "FIVE_CARD_OMAHA": None, "SEVEN_CARD_STUD": None, "SEVEN_CARD_STUD_HI_LO": None, "RAZZ": None}
OG_STRUCTURES = {"LIMIT": "FL", "POT_LIMIT": "PL", "NO_LIMIT": "NL", "Limit": "FL", "Pot Limit": "PL",
                 "HALF_POT_LIMIT": None}
OG_BODY = _first_hand(FIXTURES / "ongame" / "clean" / "fl_showdown.txt", "***** History")


@st.composite
def ongame_headers(draw):
    game = draw(st.sampled_from(sorted(OG_GAMES)))
    structure = draw(st.sampled_from(sorted(OG_STRUCTURES)))
    tournament = draw(st.booleans())
    history = ("***** History for hand R5-1000-1 (TOURNAMENT: \"Sunday Draw\", R5-75443872, buy-in: $5) *****"
               if tournament else "***** History for hand R5-1000-1 *****")
    stakes = draw(st.sampled_from(["1000/2000", "10/20"] if tournament else ["$0.05/$0.10", "$1/$1", "€0.05/€0.10"]))
    ante = draw(st.sampled_from(["", " ante: 10," if tournament else " ante: $0.01,"]))
    money = draw(st.sampled_from(["Real money", "Play money"]))
    table = f"Table: {draw(st.sampled_from(['Fixture', '[SPEED] Suez', 'Flensburg']))} [1000] ({structure} {game} " \
            f"{stakes},{ante} {money})"
    return [history, OG_BODY[1], table], _played(OG_GAMES[game], OG_STRUCTURES[structure]), not tournament


@CASES
@given(ongame_headers())
def test_ongame_reads_every_header(case) -> None:
    header, expected, same_money = case
    _check(ongame, header, OG_BODY[3:], expected, same_money)


# --------------------------------------------------------------------------- Merge and Boss (XML)

MERGE_TYPES = {"2-7 Lowball": "27TD", "A-5 Lowball": "A5TD", "Badugi": "BADUGI", "5-Draw": "5CD",
               "Holdem": None, "Omaha": None, "Omaha HiLo": None, "7-Stud": None, "7-Stud HiLo": None,
               "Razz": None, "5-Draw w/Joker": None}
MERGE_STAKES = {"Limit $1/$2": "FL", "Pot Limit ($0.50/$1)": "PL", "No Limit ($0.50/$1)": "NL",
                "Half Pot Limit ($0.50/$0.50)": None, "No Limit Level 1 Blinds (10/20)": "NL"}
MERGE_FILE = (FIXTURES / "merge" / "SPLIT_WRONG.xml").read_text(encoding="utf-8").splitlines()


@CASES
@given(st.sampled_from(sorted(MERGE_TYPES)), st.sampled_from(sorted(MERGE_STAKES)))
def test_merge_reads_every_description(kind: str, stakes: str) -> None:
    description = f'<description type="{kind}" stakes="{stakes}"/>'
    (result,) = list(merge.parse_hands([(1, [description]), (2, MERGE_FILE[1:])], "archive.xml"))
    expected = _played(MERGE_TYPES[kind], MERGE_STAKES[stakes])
    if expected is None:
        assert isinstance(result, Skipped) and result.reason == "game", result
    else:
        assert isinstance(result, HandRecord) and result.game == expected or isinstance(result, ParseFailure) \
            and result.line > 2, result


BOSS_GAMES = {"GAME_FCD": "5CD", "GAME_THM": None, "GAME_OMA": None, "GAME_OMA8": None, "GAME_SCS": None}
BOSS_LIMITS = {"FL": "FL", "PL": "PL", "NL": "NL", "HPL": None}
BOSS_FILE = (FIXTURES / "boss" / "WINNER_WRONG.xml").read_text(encoding="utf-8").splitlines()


@CASES
@given(st.sampled_from(sorted(BOSS_GAMES)), st.sampled_from(sorted(BOSS_LIMITS)),
       st.sampled_from(["GAMEKIND_CASH", "GAMEKIND_TOURNAMENT"]), st.sampled_from(["EUR", "USD", "GBP"]))
def test_boss_reads_every_history(game: str, limit: str, kind: str, currency: str) -> None:
    at = next(k for k, line in enumerate(BOSS_FILE) if line.startswith("<HISTORY"))
    head = BOSS_FILE[at].replace('GAME="GAME_FCD"', f'GAME="{game}"').replace('LIMIT="FL"', f'LIMIT="{limit}"') \
        .replace('GAMEKIND="GAMEKIND_CASH"', f'GAMEKIND="{kind}"').replace('TABLECURRENCY="EUR"',
                                                                           f'TABLECURRENCY="{currency}"')
    (result,) = list(boss.parse_hands([(at + 1, [head] + BOSS_FILE[at + 1:])], "archive.xml"))
    expected = _played(BOSS_GAMES[game], BOSS_LIMITS[limit])
    if expected is None:
        assert isinstance(result, Skipped) and result.reason == "game", result
    elif kind == "GAMEKIND_CASH":
        assert isinstance(result, HandRecord) and result.game == expected, result
    else:  # a tournament's chips: the body's cents are not read, the header is
        assert isinstance(result, ParseFailure) and result.line > at + 1, result


# --------------------------------------------------------------------------- a folder of every game

def _archive(folder: Path) -> int:
    """A file per game per site (its header and, for a draw game, a body of the site); the hands written."""
    hands = 0

    def write(name: str, lines: list[str]) -> None:
        nonlocal hands
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        hands += 1

    for k, game in enumerate(sorted(STARS_GAMES)):
        header = f"PokerStars Hand #{k + 1}:  {game} Limit ($0.10/$0.20 USD) - 2013/10/04 19:53:27 ET"
        write(f"stars-{k}.txt", [header] + (STARS_BODY[1:] if STARS_GAMES[game] else []))
    for k, game in enumerate(sorted(FT_GAMES)):
        for j, middle in enumerate([f"$0.10/$0.20 - Limit {game}", f"CAP NL {game} - $0.01/$0.02"]):
            header = f"Full Tilt Poker Game #{k + 1}: Table T (6 max) - {middle} - 18:38:07 UTC - 2013/05/24"
            write(f"ft-{k}-{j}.txt", [header] + (FT_BODY if FT_GAMES[game] and not j else []))
    for k, game in enumerate(sorted(KC_GAMES)):
        write(f"kc-{k}.txt", [f"#{k + 1}: Limit {game} - 40/80"] + (KC_BODY[1:] if KC_GAMES[game] else []))
    for k, game in enumerate(sorted(WX_GAMES)):
        header = f"Winamax Poker - CashGame - HandId: #1-2-{k} - {game} fixed limit (0.50€/1€) - 2016/10/11 12:42:36 UTC"
        write(f"wx-{k}.txt", [header] + WX_BODY[1:] if WX_GAMES[game] else [header])
    for k, game in enumerate(sorted(OG_GAMES)):
        table = f"Table: Fixture [1000] (LIMIT {game} $0.05/$0.10, Real money)"
        write(f"og-{k}.txt", OG_BODY[:2] + [table] + (OG_BODY[3:] if OG_GAMES[game] else []))
    for k, kind in enumerate(sorted(MERGE_TYPES)):
        write(f"merge-{k}.xml", [f'<description type="{kind}" stakes="Limit $1/$2"/>'] + MERGE_FILE[1:])
    for k, game in enumerate(sorted(BOSS_GAMES)):
        write(f"boss-{k}.xml", [line.replace('GAME="GAME_FCD"', f'GAME="{game}"') for line in BOSS_FILE])
    for k, variant in enumerate(PHH_VARIANTS):
        write(f"phh-{k}.phh", [f'variant = "{variant}"', *PHH_HAND])
    return hands


PHH_VARIANTS = ["FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "N2L1D", "FB",
                *sorted(set(phh.EXTENSION_VARIANTS.values()))]
"""The PHH specification's variants, then drawdealer's own codes for the other draw games."""
PHH_HAND = ["antes = [0, 0]", "blinds_or_straddles = [1, 2]", "small_bet = 2", "big_bet = 4", "min_bet = 2",
            "bring_in = 1", "starting_stacks = [200, 200]", 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]']


def test_a_folder_of_every_game_of_every_site_runs_to_the_end(tmp_path: Path) -> None:
    """Issue 25's resolution: a folder holding every game of every site reader (and every PHH
    variant) validates to the end, in one process and in two, with no traceback and no hand
    drawdealer fails on."""
    import json

    from typer.testing import CliRunner

    from drawdealer.cli.app import app

    folder = tmp_path / "archive"
    folder.mkdir()
    hands = _archive(folder)
    outputs = []
    for jobs in ("1", "2"):
        result = CliRunner().invoke(app, ["validate", "--format", "json", "--jobs", jobs, str(folder)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code in (0, 1) and result.stderr == "", result.stderr
        reports = [json.loads(line) for line in result.stdout.splitlines()]
        assert len(reports) == hands and all("skipped" not in r for r in reports)
        codes = {f["code"] for r in reports for f in r["findings"]}
        assert "INTERNAL_ERROR" not in codes and "PARSE_ERROR" not in codes, codes
        assert sum(r["findings"][:1] != [] and r["findings"][0]["code"] == "GAME_UNSUPPORTED" for r in reports) > 40
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
