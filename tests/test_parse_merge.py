"""The Merge Network reader (``parsers/merge.py``): each of its house rules, format told by content,
bad and hostile XML, ``convert`` both ways, and FPDB's own expectations for the corpus hands.

Each house-rule test names the row of the table in the reader's docstring it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.engine.cards import parse_card
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import ParseFailure, Skipped, read_hands, read_text, write_pokerstars
from drawdealer.parsers.sniff import MERGE, detect_format, split_text
from site_support import assert_converts_and_reads_back_equal, assert_settles_as_fpdb
import shared_data
from shared_data import corpus_cases, needs_corpus

CORPUS = shared_data.CORPUS / "fpdb"
MERGE_FILES = sorted((CORPUS / "cash/Merge/Draw").glob("*.txt")) if CORPUS.is_dir() else []

DESCRIPTION = '<description type="2-7 Lowball" stakes="Limit $1/$2"/>\n'
HAND = DESCRIPTION + """\
<game id="100-1" starttime="20110419091134" numholecards="5" gametype="67" realmoney="true" data="x">
\t<players dealer="0">
\t\t<player seat="0" nickname="Ann" balance="$30.00" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="$40.00" dealtin="true" />
\t\t<player seat="3" nickname="Cat" balance="$50.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1" player="1" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="2" player="3" amount="1.00"/>
\t</round>
\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="3" player="0" amount="2.00"/>
\t\t<event sequence="4" type="CALL" timestamp="4" player="1" amount="1.50"/>
\t\t<event sequence="5" type="FOLD" timestamp="5" player="3"/>
\t\t<cards type="HOLE" cards="Qh,Tc,4s,6h,7h" player="0" hand="Q-T-7-6-4"/>
\t</round>
\t<round id="FIRST_DRAW" sequence="3">
\t\t<event sequence="6" type="DRAW" timestamp="6" player="1" text="1"/>
\t\t<event sequence="7" type="CHAT" timestamp="7" player="Ann" text="gl"/>
\t\t<event sequence="8" type="DRAW" timestamp="8" player="0" text="2"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="2d,3c,4s,6h,7h" player="0" hand="7-6-4-3-2"/>
\t</round>
\t<round id="POST_FIRST_DRAW" sequence="4">
\t\t<event sequence="9" type="BET" timestamp="9" player="1" amount="1.00"/>
\t\t<event sequence="10" type="CALL" timestamp="10" player="0" amount="1.00"/>
\t</round>
\t<round id="SECOND_DRAW" sequence="5">
\t\t<event sequence="11" type="DRAW" timestamp="11" player="1" text="0"/>
\t\t<event sequence="12" type="DRAW" timestamp="12" player="0" text="0"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="2d,3c,4s,6h,7h" player="0" hand="7-6-4-3-2"/>
\t</round>
\t<round id="POST_SECOND_DRAW" sequence="6">
\t\t<event sequence="13" type="CHECK" timestamp="13" player="1"/>
\t\t<event sequence="14" type="CHECK" timestamp="14" player="0"/>
\t</round>
\t<round id="THIRD_DRAW" sequence="7">
\t\t<event sequence="15" type="DRAW" timestamp="15" player="1" text="0"/>
\t\t<event sequence="16" type="DRAW" timestamp="16" player="0" text="0"/>
\t</round>
\t<round id="POST_THIRD_DRAW" sequence="8">
\t\t<event sequence="17" type="BET" timestamp="17" player="1" amount="2.00"/>
\t\t<event sequence="18" type="CALL" timestamp="18" player="0" amount="2.00"/>
\t</round>
\t<round id="SHOWDOWN" sequence="9">
\t\t<event sequence="19" type="SHOW" timestamp="19" player="1"/>
\t\t<event sequence="20" type="SHOW" timestamp="20" player="0"/>
\t\t<cards type="SHOWN" cards="8d,6c,5c,4c,2h" player="1"/>
\t\t<cards type="SHOWN" cards="2d,3c,4s,6h,7h" player="0"/>
\t</round>
\t<round id="END_OF_GAME" sequence="10">
\t\t<winner amount="10.50" uncalled="false" potnumber="1" player="0" hand="7-6-4-3-2" pottype="n"/>
\t</round>
</game>
"""
"""Ann (button, seat 0) raises, Bob (small blind) calls, Cat folds her big blind; Ann wins $11 less
a 50-cent rake."""


def one(text: str) -> HandRecord | ParseFailure | Skipped:
    (result,) = list(read_text(text, "merge.xml"))
    return result


def test_format_told_by_content() -> None:
    assert detect_format(split_text(HAND))[0] == MERGE
    assert detect_format(split_text(HAND.split("\n", 1)[1]))[0] == MERGE  # a file cut after its description


def test_a_clean_hand_is_clean() -> None:
    record = one(HAND)
    assert isinstance(record, HandRecord) and record.game == "27TD-FL" and record.currency == "$"
    assert replay(record).findings == ()


def test_blinds_fixed_limit() -> None:
    """Row 'blinds, fixed limit': small bet / big bet, the big blind the small bet, the small blind posted."""
    stakes = one(HAND).stakes
    assert (stakes.sb, stakes.bb, stakes.small_bet, stakes.big_bet) == (50, 100, 100, 200)


def test_blinds_pot_limit() -> None:
    """Row 'blinds, pot and no limit'."""
    text = HAND.replace('stakes="Limit $1/$2"', 'stakes="Pot Limit ($0.50/$1)"')
    record = one(text)
    assert record.game == "27TD-PL" and (record.stakes.sb, record.stakes.bb) == (50, 100)


def test_players_seats_button_and_sitting_out() -> None:
    """Row 'players': seats numbered from 0 read from 1, ``dealtin="false"`` sits out, the dealer's seat."""
    record = one(HAND.replace('nickname="Cat" balance="$50.00" dealtin="true"', 'nickname="Cat" balance="$50.00" '
                              'dealtin="false"').replace(
        '\t\t<event sequence="2" type="BIG_BLIND" timestamp="2" player="3" amount="1.00"/>\n', "").replace(
        '\t\t<event sequence="5" type="FOLD" timestamp="5" player="3"/>\n', ""))
    assert [(s.seat, s.name, s.stack, s.sitting_out) for s in record.seats] == [
        (1, "Ann", 3000, False), (2, "Bob", 4000, False), (4, "Cat", 5000, True)]
    assert record.button == "Ann"


def test_posts_initial_and_return_blinds_and_antes() -> None:
    """Row 'posts': INITIAL_BLIND a live big blind; RETURN_BLIND a big blind and dead money above it."""
    text = HAND.replace('<event sequence="2" type="BIG_BLIND" timestamp="2" player="3" amount="1.00"/>',
                        '<event sequence="2" type="BIG_BLIND" timestamp="2" player="3" amount="1.00"/>'
                        '<event sequence="2" type="RETURN_BLIND" timestamp="2" player="0" amount="1.50"/>')
    posts = [(a.kind, a.player, a.amount) for a in one(text).actions if a.kind.value.startswith("post")]
    assert posts == [(K.POST_SB, "Bob", 50), (K.POST_BB, "Cat", 100), (K.POST_BB, "Ann", 100), (K.POST_DEAD, "Ann", 50)]
    initial = HAND.replace('type="BIG_BLIND"', 'type="INITIAL_BLIND"')
    assert [a.kind for a in one(initial).actions[:2]] == [K.POST_SB, K.POST_BB]


def test_raise_is_a_total_and_calls_and_bets_the_chips_put_in() -> None:
    """Row 'amounts': RAISE 2.00 is to $2 (Bob then calls $1.50 more from his 50 cents)."""
    actions = [(a.kind, a.player, a.amount) for a in one(HAND).actions if a.kind in (K.RAISE, K.CALL)][:2]
    assert actions == [(K.RAISE, "Ann", 200), (K.CALL, "Bob", 150)]


def test_raise_before_september_2010_is_the_chips_put_in() -> None:
    """Row 'amounts': before 8 September 2010 a RAISE amount is what it adds (FPDB's newFormat)."""
    old = HAND.replace('starttime="20110419091134"', 'starttime="20100301091134"').replace(
        'player="0" amount="2.00"/>', 'player="0" amount="2.00"/>', 1)
    raise_ = next(a for a in one(old).actions if a.kind is K.RAISE)
    assert raise_.amount == 200  # Ann had nothing in: adding $2 is raising to $2
    bob_reraises = old.replace('type="CALL" timestamp="4" player="1" amount="1.50"',
                               'type="RAISE" timestamp="4" player="1" amount="2.50"')
    assert [a.amount for a in one(bob_reraises).actions if a.kind is K.RAISE] == [200, 300]


@pytest.mark.parametrize("chips, kind, amount", [("1.50", K.CALL, 150), ("3.50", K.RAISE, 400)])
def test_all_in_is_a_call_or_raise_by_the_total(chips: str, kind: K, amount: int) -> None:
    """Row 'amounts': ALL_IN adds its chips; to $2 it calls Ann's raise, to $4 it re-raises."""
    text = HAND.replace('type="CALL" timestamp="4" player="1" amount="1.50"',
                        f'type="ALL_IN" timestamp="4" player="1" amount="{chips}"')
    action = next(a for a in one(text).actions if a.player == "Bob" and a.all_in)
    assert (action.kind, action.amount) == (kind, amount)


def test_draws_name_the_heros_cards_from_his_hand_before_and_after() -> None:
    """Row 'draws': DRAW text is the count; DRAW_DRAWN_CARDS gives the hero's discards and new cards."""
    draws = [a for a in one(HAND).actions if a.kind is K.DRAW]
    bob, ann = draws[0], draws[1]
    assert (bob.player, bob.count, bob.discarded) == ("Bob", 1, None)
    assert ann.player == "Ann" and ann.count == 2
    assert ann.discarded == (parse_card("Qh"), parse_card("Tc"))
    assert ann.received == (parse_card("2d"), parse_card("3c"))
    pat = draws[3]
    assert (pat.count, pat.discarded) == (0, None)
    assert pat.kept == tuple(parse_card(c) for c in ("2d", "3c", "4s", "6h", "7h"))


def test_showdown_cards_and_the_winners_muck_of_a_folded_hand() -> None:
    """Row 'showdown': SHOW with the SHOWN cards; the MUCK of a winner nobody called is no muck."""
    shows = [(a.kind, a.player, a.cards) for a in one(HAND).actions if a.kind in (K.SHOW, K.MUCK)]
    assert shows[0] == (K.SHOW, "Bob", tuple(parse_card(c) for c in ("8d", "6c", "5c", "4c", "2h")))
    folded = HAND.split("\t<round id=\"FIRST_DRAW\"")[0].replace(
        'type="CALL" timestamp="4" player="1" amount="1.50"', 'type="FOLD" timestamp="4" player="1"') + """\
\t<round id="END_OF_FOLDED_GAME" sequence="3">
\t\t<event sequence="6" type="MUCK" timestamp="6" player="0"/>
\t\t<winner amount="2.50" uncalled="false" potnumber="1" player="0" pottype="n"/>
\t</round>
</game>
"""
    record = one(folded)
    assert not [a for a in record.actions if a.kind is K.MUCK]
    assert replay(record).findings == ()


def test_the_winner_amount_holds_his_uncalled_chips_and_the_rake_is_what_is_left() -> None:
    """Row 'pots, rake, uncalled bets': Ann's $1 bet nobody calls comes back inside her winner amount."""
    folded = HAND.split("\t<round id=\"SECOND_DRAW\"")[0].replace(
        '<event sequence="10" type="CALL" timestamp="10" player="0" amount="1.00"/>',
        '<event sequence="10" type="FOLD" timestamp="10" player="0"/>') + """\
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<winner amount="5.80" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
</game>
"""
    record = one(folded)
    claims = record.claims
    assert [(c.player, c.amount) for c in claims.collected] == [("Bob", 580)]
    assert claims.uncalled_in_collected and not claims.rake_printed and not claims.uncalled_printed
    assert (claims.uncalled, claims.rake) == ((), None)
    result = replay(record)
    assert result.findings == ()
    assert (result.settlement.returned, result.settlement.collected, result.settlement.rake) == \
        ({"Bob": 100}, {"Bob": 480}, 20)
    too_much = replay(one(folded.replace('amount="5.80"', 'amount="6.10"')))
    # $6.10 back from $6 put in: no rake can make that up, and Bob collects more than the pot
    assert [f.code for f in too_much.findings] == ["RAKE_MISMATCH", "COLLECTED_AMOUNT_WRONG"]


def test_an_uncalled_true_winner_is_a_return() -> None:
    """Row 'pots, rake, uncalled bets': ``uncalled="true"`` is the returned chips alone."""
    folded = HAND.split("\t<round id=\"SECOND_DRAW\"")[0].replace(
        '<event sequence="10" type="CALL" timestamp="10" player="0" amount="1.00"/>',
        '<event sequence="10" type="FOLD" timestamp="10" player="0"/>') + """\
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<winner amount="4.80" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t\t<winner amount="1.00" uncalled="true" potnumber="1" player="1" pottype="n"/>
\t</round>
</game>
"""
    record = one(folded)
    assert record.claims.uncalled == (("Bob", 100, 30),)
    assert [(c.player, c.amount) for c in record.claims.collected] == [("Bob", 480)]
    result = replay(record)
    assert result.findings == () and result.settlement.rake == 20


def test_a_wrong_winner_is_flagged() -> None:
    """The showdown's claims are checked: Bob's 8-6 does not beat Ann's 7-6."""
    result = replay(one(HAND.replace('player="0" hand="7-6-4-3-2" pottype', 'player="1" hand="x" pottype')))
    assert [f.code for f in result.findings] == ["WINNER_WRONG", "COLLECTED_AMOUNT_WRONG", "COLLECTED_AMOUNT_WRONG"]


def test_no_cap_heads_up() -> None:
    """Row 'rules of play': heads-up (Cat folded), five bets after the first draw are legal
    (``FL_HEADS_UP_UNCAPPED``); three-handed the fifth is RAISE_CAP_EXCEEDED (fixtures/merge)."""
    raises = "".join(f'\t\t<event sequence="10" type="RAISE" timestamp="10" player="{p}" amount="{to}.00"/>\n'
                     for p, to in (("0", 2), ("1", 3), ("0", 4), ("1", 5)))
    text = HAND.replace('\t\t<event sequence="10" type="CALL" timestamp="10" player="0" amount="1.00"/>\n',
                        raises + '\t\t<event sequence="10" type="CALL" timestamp="10" player="0" amount="1.00"/>\n'
                        ).replace('winner amount="10.50"', 'winner amount="18.50"')
    record = one(text)
    assert record.options["FL_HEADS_UP_UNCAPPED"] is True
    assert replay(record).findings == ()


def test_table_size_from_the_seats_attribute() -> None:
    """Row 'table size'."""
    record = one(HAND.replace('realmoney="true"', 'seats="8" realmoney="true"'))
    assert record.options["MAX_PLAYERS_27"] == 8


@pytest.mark.parametrize("change, reason, words", [
    (('type="2-7 Lowball"', 'type="Holdem"'), "game", "Holdem Limit $1/$2: not a game"),
    (('type="2-7 Lowball"', 'type="5-Draw w/Joker"'), "game", "not a game"),
    (('stakes="Limit $1/$2"', 'stakes="Half Pot Limit ($0.50/$0.50)"'), "game", "not a betting structure"),
    (('type="2-7 Lowball"', 'type="2-7 Lowball Tournament"'), "game", "tournament"),
    (('<round id="END_OF_GAME"', '<round id="GAME_CANCELLED"'), "cancelled", "cancelled"),
])
def test_skipped_hands(change: tuple[str, str], reason: str, words: str) -> None:
    """Row 'cancelled hands' and the games and structures drawdealer does not play."""
    skipped = one(HAND.replace(*change))
    assert isinstance(skipped, Skipped) and skipped.reason == reason and words in skipped.message


# --------------------------------------------------------------------------- bad and hostile input

@pytest.mark.parametrize("old, new, line, words", [
    ('player="1" amount="1.50"/>', 'player="1" amount="1.50">', 17, "mismatched tag"),  # where expat sees it
    ('type="CALL" timestamp="4" player="1"', 'type="CALL" timestamp="4" player="5"', 14, "seat 5"),
    ('type="CALL" timestamp="4"', 'type="DANCE" timestamp="4"', 14, "DANCE"),
    ('amount="1.50"', 'amount="1,5"', 14, "not an amount"),
    ('cards="Qh,Tc,4s,6h,7h"', 'cards="Qh,Tc,4s,6h,Xx"', 16, "not a card"),
    ('<round id="THIRD_DRAW"', '<round id="FOURTH_DRAW"', 37, "FOURTH_DRAW"),
    ("gl", "&lol;", 20, "undefined entity"),
])
def test_bad_xml_is_a_parse_error_on_its_line(old: str, new: str, line: int, words: str) -> None:
    failure = one(HAND.replace(old, new, 1))
    assert isinstance(failure, ParseFailure), failure
    assert failure.line == line and words in failure.message and failure.hand_id in ("100-1", "")


def test_a_game_before_any_description_is_a_parse_error() -> None:
    failure = one(HAND.replace(DESCRIPTION, ""))
    assert isinstance(failure, ParseFailure) and "before any <description>" in failure.message


ENTITY_BOMB = """\
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
"""


def test_a_doctype_is_refused_before_anything_is_read(tmp_path: Path) -> None:
    """A file that declares entities (an 'entity bomb') is refused: one line, exit 2, no expansion."""
    path = tmp_path / "bomb.xml"
    path.write_text(ENTITY_BOMB + HAND.replace("gl", "&lol3;"))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert "line 1: an XML DOCTYPE or ENTITY declaration: refused" in result.output
    assert "lollol" not in result.output and "Traceback" not in result.output


def test_a_doctype_deep_in_the_file_is_a_parse_error_of_its_hand() -> None:
    """Past the lines that tell the format, a declaration between two hands (the splitter keeps it
    with the hand before): that hand is a PARSE_ERROR on the declaration's line, nothing is
    expanded, and the hands after it are read."""
    text = HAND + ENTITY_BOMB + HAND.split("\n", 1)[1].replace("gl", "&lol3;") + HAND.split("\n", 1)[1]
    results = list(read_text(text, "merge.xml"))
    assert [type(r).__name__ for r in results] == ["ParseFailure", "ParseFailure", "HandRecord"]
    assert results[0].line == 55 and "DOCTYPE declaration: refused" in results[0].message
    assert results[1].line == 78 and "undefined entity" in results[1].message


def test_validate_names_file_and_line_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "merge.txt"
    path.write_text(HAND + HAND.split("\n", 1)[1].replace('amount="1.50"/>', 'amount="1.50">'))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "PARSE_ERROR" in result.output and "2 hands in 1 file" in result.output


# --------------------------------------------------------------------------- the corpus

@needs_corpus
@pytest.mark.parametrize("path", corpus_cases(MERGE_FILES), ids=lambda p: p.name)
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_merge_draw_hand_converts_and_reads_back_equal(path: Path, to: str) -> None:
    assert_converts_and_reads_back_equal(path, to, not_pokerstars=frozenset({"A5TD-FL"}))  # PokerStars never dealt A-5


@needs_corpus
@pytest.mark.parametrize("path", corpus_cases(MERGE_FILES), ids=lambda p: p.name)
def test_the_pokerstars_text_of_merge_hands_is_clean(path: Path) -> None:
    """PokerStars text states what Merge leaves unsaid (the uncalled bet inside a winner amount, the
    rake): written from the replay, the converted hands validate as clean as the originals (they
    read back equal either way; before, the text claimed the winner amounts as collected)."""
    for record in read_hands(path):
        if isinstance(record, HandRecord) and record.game != "A5TD-FL":
            (back,) = read_text(write_pokerstars(record), "<pokerstars>")
            assert replay(back).findings == (), record.hand_id


HP_FILES = sorted((CORPUS / "cash/Merge/Draw").glob("*.hp")) if CORPUS.is_dir() else []


@needs_corpus
@pytest.mark.parametrize("hp", corpus_cases(HP_FILES), ids=lambda p: p.name)
def test_settlement_agrees_with_fpdb_expectations(hp: Path) -> None:
    """FPDB's ``.hp`` beside each file: every player's winnings (what he collected, net of rake),
    profit and rake, as drawdealer settles them. No difference: FPDB, like drawdealer, takes
    Merge's rake as the pot less what the winner collects."""
    assert_settles_as_fpdb(hp)
