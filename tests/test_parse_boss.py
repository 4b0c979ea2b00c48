"""The Boss Media reader (``parsers/boss.py``): each of its house rules, format told by content,
bad and hostile XML, ``convert`` both ways.

Each house-rule test names the row of the table in the reader's docstring it checks. FPDB keeps
no ``.hp`` expectations beside the corpus' Boss file; its pots, rakes and the hero's result are
checked by the replay (every hand clean, ``test_corpus_conformance``).
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
from drawdealer.parsers.boss import card
from drawdealer.parsers.sniff import BOSS, detect_format, split_text
from drawdealer.parsers.xmlsafe import Node
from site_support import assert_converts_and_reads_back_equal
import shared_data
from shared_data import needs_corpus

CORPUS = shared_data.CORPUS / "fpdb"
BOSS_FILE = CORPUS / "cash/Boss/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml"


def cards(*links: int | str) -> str:
    return "".join(f'\n<CARD LINK="{link}"></CARD>' for link in links)


HAND = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<ROOT>
<HISTORY ID="7" SESSION="s.xml" TABLE="T" GAME="GAME_FCD" GAMETYPE="GAMETYPE_REAL" GAMEKIND="GAMEKIND_CASH" \
TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00" DATE="1" TABLETOURNEYID="" WIN="4.75" LOSS="0.00" ENDTIME="2">
<PLAYER NAME="UNKNOWN" SEAT="1" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>
<PLAYER NAME="Ann" SEAT="2" AMOUNT="100.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Bob" SEAT="3" AMOUNT="20.00" STATE="STATE_PLAYING" DEALER="N"></PLAYER>
<PLAYER NAME="Hero" SEAT="5" AMOUNT="70.00" STATE="STATE_PLAYING" DEALER="Y"></PLAYER>
<ACTION TYPE="HAND_BLINDS" PLAYER="Bob" KIND="HAND_BB" VALUE="2.00"></ACTION>
<ACTION TYPE="HAND_BLINDS" PLAYER="Ann" KIND="HAND_SB" VALUE="1.00"></ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Ann">{cards(*"bbbbb")}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Bob">{cards(*"bbbbb")}</ACTION>
<ACTION TYPE="HAND_DEAL" PLAYER="Hero">{cards(3, 47, 22, 9, 43)}</ACTION>
<ACTION TYPE="ACTION_RAISE" PLAYER="Hero" VALUE="4.00"></ACTION>
<ACTION TYPE="ACTION_FOLD" PLAYER="Ann"></ACTION>
<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="4.00"></ACTION>
<ACTION TYPE="HAND_BOARD" POT="9.00" MAINPOT="9.00" LEFTPOT="" RIGHTPOT=""></ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Bob" COUNT="1">{cards(*"bbbbb")}</ACTION>
<ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="3">{cards(25, 21, 22, 9, 5)}</ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Bob"></ACTION>
<ACTION TYPE="ACTION_CHECK" PLAYER="Hero"></ACTION>
<SHOWDOWN NAME="HAND_SHOWDOWN" POT="8.75" RAKE="0.25" MAINPOT="8.75" LEFTPOT="" RIGHTPOT="">
<RESULT PLAYER="Bob" WIN="0.00" HAND="$(STR_G_MUCK)"></RESULT>
<RESULT PLAYER="Hero" WIN="8.75" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_TENS)" WINCARDS="22 9 25 21 5 ">\
{cards(22, 9, 25, 21, 5)}</RESULT></SHOWDOWN></HISTORY>
</ROOT>
"""
"""Hero (button) raises, Ann's small blind folds, Bob's big blind calls; after the draw both check
and Hero's pair of tens wins $9 less a 25-cent rake (Bob mucks)."""


def one(text: str) -> HandRecord | ParseFailure | Skipped:
    (result,) = list(read_text(text, "boss.xml"))
    return result


def test_format_told_by_content() -> None:
    assert detect_format(split_text(HAND))[0] == BOSS


def test_a_clean_hand_is_clean() -> None:
    record = one(HAND)
    assert isinstance(record, HandRecord) and record.game == "5CD-FL" and record.currency == "€"
    assert replay(record).findings == ()


@pytest.mark.parametrize("link, name", [(0, "Ad"), (1, "2d"), (12, "Kd"), (13, "Ac"), (22, "Tc"), (38, "Kh"),
                                        (39, "As"), (51, "Ks")])
def test_card_numbers(link: int, name: str) -> None:
    """Row 'draws': rank = N mod 13 from the ace, suit = N div 13 (diamonds, clubs, hearts, spades)."""
    assert card(str(link), Node("CARD", {}, 1)) == parse_card(name)


def test_blinds_fixed_limit_in_rule_order() -> None:
    """Rows 'blinds, fixed limit' and 'posts': the big blind logged first is read after the small."""
    record = one(HAND)
    s = record.stakes
    assert (s.sb, s.bb, s.small_bet, s.big_bet) == (100, 200, 200, 400)
    assert [(a.kind, a.player) for a in record.actions[:2]] == [(K.POST_SB, "Ann"), (K.POST_BB, "Bob")]


def test_blinds_pot_limit() -> None:
    """Row 'blinds, pot and no limit'."""
    record = one(HAND.replace('LIMIT="FL" STAKES="2.00/4.00"', 'LIMIT="PL" STAKES="1.00/2.00"'))
    assert record.game == "5CD-PL" and (record.stakes.sb, record.stakes.bb) == (100, 200)


def test_players_empty_seats_sitting_out_and_button() -> None:
    """Row 'players': STATE_EMPTY is no player, STATE_SITOUT sits out, DEALER="Y" the button."""
    record = one(HAND)
    assert [(s.seat, s.name) for s in record.seats] == [(2, "Ann"), (3, "Bob"), (5, "Hero")]
    assert record.button == "Hero"


def test_table_size_is_the_seats_listed() -> None:
    """Row 'table size': eight <PLAYER> seats make an eight-seat table."""
    empty = '<PLAYER NAME="UNKNOWN" SEAT="{}" AMOUNT="0.00" STATE="STATE_EMPTY" DEALER="N"></PLAYER>\n'
    ann = '<PLAYER NAME="Ann"'
    record = one(HAND.replace(ann, "".join(empty.format(n) for n in (6, 7, 8, 9)) + ann))
    assert record.options["MAX_PLAYERS_27"] == 8


def test_a_dead_button_heads_up_is_the_small_blind() -> None:
    """Row 'players': the dealer sits out, two players are dealt in: the small blind is the button."""
    text = HAND.replace('NAME="Hero" SEAT="5" AMOUNT="70.00" STATE="STATE_PLAYING" DEALER="Y"',
                        'NAME="Hero" SEAT="5" AMOUNT="70.00" STATE="STATE_SITOUT" DEALER="Y"')
    text = text.split('<ACTION TYPE="HAND_DEAL" PLAYER="Hero">')[0] + \
        '<ACTION TYPE="ACTION_FOLD" PLAYER="Ann"></ACTION>\n' \
        '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="2.00" RAKE="0.00" MAINPOT="2.00" LEFTPOT="" RIGHTPOT="">\n' \
        '<RESULT PLAYER="Bob" WIN="2.00" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>\n</ROOT>\n'
    record = one(text)
    assert record.button == "Ann" and record.extra["boss_dealer"] == "Hero"
    assert replay(record).findings == ()


def test_calls_and_raises_are_totals() -> None:
    """Row 'amounts': Bob's 'CALL 4.00' from his $2 blind puts in $2; 'RAISE 4.00' is to $4."""
    actions = [(a.kind, a.player, a.amount) for a in one(HAND).actions if a.kind in (K.RAISE, K.CALL)]
    assert actions == [(K.RAISE, "Hero", 400), (K.CALL, "Bob", 200)]


@pytest.mark.parametrize("value, kind, amount", [("4.00", K.CALL, 200), ("6.00", K.RAISE, 600)])
def test_all_in_is_a_call_or_raise_by_the_total(value: str, kind: K, amount: int) -> None:
    """Row 'amounts': ACTION_ALLIN's total calls at $4, raises to $6 (Bob's $20 stack aside)."""
    text = HAND.replace('<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="4.00">',
                        f'<ACTION TYPE="ACTION_ALLIN" PLAYER="Bob" VALUE="{value}">')
    action = next(a for a in one(text).actions if a.all_in)
    assert (action.kind, action.amount) == (kind, amount)


def test_draws_name_the_heros_cards_from_his_hand_before_and_after() -> None:
    """Row 'draws': COUNT for everyone; the hero's new hand gives his discards and new cards."""
    bob, hero = [a for a in one(HAND).actions if a.kind is K.DRAW]
    assert (bob.count, bob.discarded) == (1, None)
    assert hero.count == 3 and hero.discarded == tuple(map(parse_card, ("4d", "9s", "5s")))
    assert hero.received == tuple(map(parse_card, ("Kc", "9c", "6d")))


def test_pot_rake_collected_and_the_heros_result() -> None:
    """Rows 'pots and rake', 'collected', 'hero's result'."""
    claims = one(HAND).claims
    assert (claims.total_pot, claims.rake) == (900, 25)
    assert [(c.player, c.amount) for c in claims.collected] == [("Hero", 875)]
    assert claims.final_stacks == (("Hero", 7475),)
    wrong_pot = replay(one(HAND.replace('POT="8.75" RAKE="0.25"', 'POT="9.75" RAKE="0.25"')))
    assert [f.code for f in wrong_pot.findings] == ["POT_AMOUNT_WRONG"]
    wrong_result = replay(one(HAND.replace('WIN="4.75" LOSS="0.00"', 'WIN="5.75" LOSS="0.00"')))
    assert [f.code for f in wrong_result.findings] == ["STACK_ARITHMETIC"]


def test_uncalled_bets_are_returned_silently() -> None:
    """Row 'uncalled bets': Hero's raise nobody calls: $2 back, the printed pot without it."""
    text = HAND.split('<ACTION TYPE="ACTION_CALL"')[0] + \
        '<ACTION TYPE="ACTION_FOLD" PLAYER="Bob"></ACTION>\n' \
        '<SHOWDOWN NAME="HAND_SHOWDOWN" POT="5.00" RAKE="0.00" MAINPOT="5.00" LEFTPOT="" RIGHTPOT="">\n' \
        '<RESULT PLAYER="Hero" WIN="5.00" HAND="$(STR_BY_DEFAULT)"></RESULT></SHOWDOWN></HISTORY>\n</ROOT>\n'
    record = one(text.replace('WIN="4.75"', 'WIN="3.00"'))
    assert record.claims.uncalled == () and not record.claims.uncalled_printed and record.claims.total_pot == 500
    result = replay(record)
    assert result.findings == () and result.settlement.returned == {"Hero": 200}
    too_big = replay(one(text.replace('WIN="4.75"', 'WIN="3.00"').replace('POT="5.00"', 'POT="7.00"')))
    assert [f.code for f in too_big.findings] == ["POT_AMOUNT_WRONG"]  # the $2 counted in


def test_showdown_order_is_the_rules() -> None:
    """Row 'showdown order': checked through, Bob (left of Hero's button) is first (RULES.md §9.1),
    whatever the order of the results; after Hero's bet, Hero is first."""
    def order(text: str) -> list[tuple[K, str]]:
        return [(a.kind, a.player) for a in one(text).actions if a.kind in (K.SHOW, K.MUCK)]

    assert order(HAND) == [(K.MUCK, "Bob"), (K.SHOW, "Hero")]
    bob_first = HAND.replace('<RESULT PLAYER="Bob" WIN="0.00" HAND="$(STR_G_MUCK)"></RESULT>\n', "").replace(
        "</RESULT></SHOWDOWN>", '</RESULT>\n<RESULT PLAYER="Bob" WIN="0.00" HAND="$(STR_G_MUCK)"></RESULT></SHOWDOWN>')
    assert order(bob_first) == [(K.MUCK, "Bob"), (K.SHOW, "Hero")]
    bet = HAND.replace('<ACTION TYPE="ACTION_CHECK" PLAYER="Bob"></ACTION>\n<ACTION TYPE="ACTION_CHECK" PLAYER="Hero">'
                       '</ACTION>', '<ACTION TYPE="ACTION_CHECK" PLAYER="Bob"></ACTION>\n<ACTION TYPE="ACTION_BET" '
                       'PLAYER="Hero" VALUE="4.00"></ACTION>\n<ACTION TYPE="ACTION_CALL" PLAYER="Bob" VALUE="4.00">'
                       '</ACTION>').replace('POT="8.75" RAKE="0.25"', 'POT="16.75" RAKE="0.25"').replace(
                       'WIN="8.75"', 'WIN="16.75"').replace('WIN="4.75"', 'WIN="8.75"')
    assert order(bet) == [(K.SHOW, "Hero"), (K.MUCK, "Bob")]
    assert replay(one(bet)).findings == ()


def test_other_games_are_skipped() -> None:
    skipped = one(HAND.replace('GAME="GAME_FCD"', 'GAME="GAME_THM"'))
    assert isinstance(skipped, Skipped) and "GAME_THM" in skipped.message


# --------------------------------------------------------------------------- bad and hostile input

@pytest.mark.parametrize("old, new, line, words", [
    ('PLAYER="Bob" VALUE="4.00">', 'PLAYER="Zed" VALUE="4.00">', 30, "'Zed' is not seated"),
    ('<ACTION TYPE="ACTION_CHECK" PLAYER="Bob">', '<ACTION TYPE="ACTION_DANCE" PLAYER="Bob">', 44, "ACTION_DANCE"),
    ('<CARD LINK="43">', '<CARD LINK="52">', 27, "not a Boss Media card"),
    ('VALUE="2.00"', 'VALUE="2,0"', 8, "not an amount"),
    ("</RESULT></SHOWDOWN>", "</SHOWDOWN>", 53, "mismatched tag"),
])
def test_bad_xml_is_a_parse_error_on_its_line(old: str, new: str, line: int, words: str) -> None:
    failure = one(HAND.replace(old, new, 1))
    assert isinstance(failure, ParseFailure), failure
    assert failure.line == line and words in failure.message


def test_an_entity_bomb_is_refused(tmp_path: Path) -> None:
    """A DOCTYPE with entities before the root: the file is refused on its line, nothing expanded."""
    path = tmp_path / "bomb.xml"
    path.write_text(HAND.replace("<ROOT>", '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n<ROOT>')
                    .replace('TABLE="T"', 'TABLE="&b;"'))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 2 and "line 2: an XML DOCTYPE or ENTITY declaration: refused" in result.output


def test_text_before_the_first_hand_is_reported() -> None:
    results = list(read_text(HAND.replace("<ROOT>", "<ROOT>\nhello"), "boss.xml"))
    assert isinstance(results[0], ParseFailure) and results[0].line == 3 and isinstance(results[1], HandRecord)


# --------------------------------------------------------------------------- the corpus

@needs_corpus
@pytest.mark.parametrize("to", ["phh", "pokerstars"])
def test_every_boss_draw_hand_converts_and_reads_back_equal(to: str) -> None:
    assert_converts_and_reads_back_equal(BOSS_FILE, to)
    assert len(list(read_hands(BOSS_FILE))) == 14


@needs_corpus
def test_the_pokerstars_text_of_boss_hands_is_clean() -> None:
    """PokerStars text states the uncalled bets Boss returns silently (from the replay): the
    converted hands validate as clean as the originals (before: UNCALLED_BET_WRONG on 12 of 14)."""
    for record in read_hands(BOSS_FILE):
        (back,) = read_text(write_pokerstars(record), "<pokerstars>")
        assert replay(back).findings == (), record.hand_id
