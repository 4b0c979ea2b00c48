"""One- and two-line files of every site, fuzzed (issue 25): no reader fails on what it is given.

Each file starts with the site's hand header (so that it is read as that site's) followed by random
text made of the words and signs the site writes, then maybe a second such line. Every hand of it
must come out as data (a record, a ``PARSE_ERROR`` or a ``GAME_UNSUPPORTED`` notice) and every
record must replay: an ``INTERNAL_ERROR`` here is a reader or engine bug (``parsers.contained`` would
keep the run going, but the hand would go unchecked).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import FormatError, read_text
from drawdealer.parsers.results import ParseFailure

WORDS = [
    " ", " ", " - ", "/", ":", ", ", "(", ")", "[", "]", "#", "$", "€", "£", ".", "0", "1", "2", "5", "10", "0.10",
    "1,000", "99999999999999999999", "-", "'", '"', "\t", "Limit", "No Limit", "Pot Limit", "Fixed Limit", "NL", "PL",
    "FL", "CAP", "Cap", "Ante", "ante", "Hold'em", "Holdem", "Omaha", "Omaha H/L", "5 Card Omaha", "Courchevel",
    "Irish", "Razz", "7 Card Stud", "Badugi", "2-7 Triple Draw", "Triple Draw 2-7 Lowball", "5 Card Draw",
    "2-7 Single Draw", "A-5 Triple Draw", "Lowball27", "8-Game", "HORSE", "Table", "Seat", "max", "(6 max)",
    "heads up", "Tournament", "Level", "IV", "Sit & Go", "Play Chip", "play money", "real money", "USD", "EUR",
    "ET", "UTC", "2013/05/24", "18:38:07", "(partial)", "HandId", "CashGame", "buyIn", "TOURNAMENT", "LIMIT",
    "FIVE_CARD_DRAW", "TEXAS_HOLDEM", "POT_LIMIT", "Real money", "is the button", "posts", "the small blind of",
    "*** HOLE CARDS ***", "*** SUMMARY ***", "Run 1:", "{Club}", "[AAMS ID: 1]", "\u00a0", "\ufeff", "é",
    "<", ">", "/>", "</", '="', '" ', "&amp;", "&#0;", "<![CDATA[", "type=", "stakes=", "GAME=", "LIMIT=", "ID=",
    "GAME_FCD", "GAME_THM", "GAMEKIND_CASH", "HPL", "2-7 Lowball", "5-Draw", "Half Pot Limit", "<game id=",
    "<HISTORY ID=", "<description",
]
HEADERS = {
    "pokerstars": ["PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2000/01/01 00:00:00 ET",
                   "PokerStars Hand #2: Tournament #3, $0.91+$0.09 USD 8-Game (Badugi Limit) - Match Round I, Level "
                   "VI (30/60) - 2013/06/01 1:02:03 ET"],
    "fulltilt": ["Full Tilt Poker Game #1: Table T (6 max) - $0.10/$0.20 - Limit 2-7 Triple Draw - 10:10:10 ET - "
                 "2010/11/01",
                 "Full Tilt Poker Game #2: MiniFTOPS (255707037), Table 1 - NL Hold'em - 10/20 - 19:26:50 CET - "
                 "2013/09/22 [13:26:50 ET - 2013/09/22]"],
    "kingsclub": ["#1: Limit Badugi - 30/60"],
    "winamax": ["Winamax Poker - CashGame - HandId: #1-2-3 - Lowball27 fixed limit (0.50€/1€) - 2016/10/11 12:42:36 "
                "UTC"],
    "ongame": ["***** History for hand R5-1-1 *****"],
    "merge": ['<description type="2-7 Lowball" stakes="Limit $1/$2"/>',
              '<description type="Holdem" stakes="No Limit ($0.50/$1)"/>'],
    "boss": ['<HISTORY ID="7" SESSION="s.xml" TABLE="T" GAME="GAME_FCD" GAMETYPE="GAMETYPE_REAL" '
             'GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00" DATE="1" TABLETOURNEYID="" '
             'WIN="0.00" LOSS="4.00" ENDTIME="2">'],
}
"""Real header shapes of each site, which the fuzz cuts, repeats and fills with other words."""
SECOND_LINES = {
    "ongame": "Table: Suez [81962116] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)",
    "pokerstars": "Table 'drawdealer' 6-max Seat #1 is the button",
    "kingsclub": "Table 'The Zoo' Seat 4 is the button",
    "winamax": "Table: 'Fixture' 6-max (real money) Seat #3 is the button",
    "fulltilt": "Seat 1: Ann ($2)",
    "merge": '<game id="100-1" starttime="20110419091134" numholecards="5" gametype="67" realmoney="true" data="x">',
    "boss": '<PLAYER NAME="Ann" SEAT="2" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>',
}
PREFIXES = {"merge": '<description type="', "boss": '<HISTORY ID="', "ongame": HEADERS["ongame"][0]}
"""What makes a line the site's hand header, where it is not the header up to its first ``: ``."""
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _text():
    return st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=24).map("".join)


def _segments():
    """Text cut in ``' - '`` segments as headers are (table, game, stakes, time, date …), each of a
    few words."""
    return st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map("".join), min_size=1,
                    max_size=6).map(" - ".join)


@st.composite
def _mutated(draw, line: str) -> str:
    """``line`` cut at its `` - `` (and the spaces of its first part), with segments dropped,
    repeated or replaced by other words."""
    parts = line.split(" - ")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(parts) - 1))
        what = draw(st.sampled_from(["drop", "repeat", "replace", "insert", "chop"]))
        if what == "drop" and len(parts) > 1:
            del parts[at]
        elif what == "repeat":
            parts.insert(at, parts[at])
        elif what == "replace":
            parts[at] = draw(_text())
        elif what == "insert":
            parts.insert(at, draw(_text()))
        else:
            words = parts[at].split(" ")
            cut = draw(st.integers(0, len(words)))
            parts[at] = " ".join(words[:cut] + [draw(_text())] + words[cut + 1:])
    return " - ".join(parts)


@st.composite
def files(draw):
    site = draw(st.sampled_from(sorted(HEADERS)))
    header = draw(st.sampled_from(HEADERS[site]))
    prefix = PREFIXES.get(site) or header[:header.index(":") + 2]
    first = draw(_mutated(header) | (_text() | _segments()).map(lambda rest: prefix + rest))
    lines = [first]
    if draw(st.booleans()):
        lines.append(draw(_mutated(SECOND_LINES[site]) | _text()))
    return site, "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n"


@FUZZ
@given(files())
def test_a_one_or_two_line_file_of_any_site_is_read_as_data(case) -> None:
    site, text = case
    try:
        results = list(read_text(text, f"{site}.txt"))
    except FormatError:
        return  # not recognised as a hand history at all: refused whole (validate's FileProblem)
    for result in results:
        assert not (isinstance(result, ParseFailure) and result.code == "INTERNAL_ERROR"), (text, result.message)
        if isinstance(result, HandRecord):
            codes = [f.code for f in replay(result).findings]
            assert "INTERNAL_ERROR" not in codes, (text, codes)
