"""Conformance of the readers on the real hand histories in ../shared/corpus (skipped when absent).

Hands read = hand headers; every hand of a game drawdealer plays becomes a HandRecord, every other
hand a Skipped notice, and no real file gives a PARSE_ERROR. The replay's review of each hand is
the validator's business; this file pins down what the parsers read.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.parsers import ParseFailure, Skipped, read_hands
from drawdealer.parsers.sniff import open_lines
from shared_data import ABSENT, CORPUS, corpus_cases

HEADER = re.compile(r"PokerStars (Home Game )?(Game|Hand) #")

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=ABSENT)

# (file, hand headers, HandRecords, Skipped): reviewed by reading each file.
STARS = [
    ("fpdb/cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-30-60-201605.check.raise.fix.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt", 30, 30, 0),
    ("fpdb/cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt", 4, 4, 0),
    ("fpdb/cash/Stars/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt", 1, 1, 0),
    ("fpdb/cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt", 1, 1, 0),
    ("fpdb/tour/Stars/Draw/LBad-USD-MTT8-201011.txt", 78, 78, 0),
    ("fpdb/tour/Stars/Draw/LBad-USD-SNG8-201011.txt", 104, 104, 0),
    ("fpdb/tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", 137, 18, 119),
]


def stars_files() -> list[Path]:
    return sorted(p for folder in ("fpdb/cash/Stars", "fpdb/tour/Stars") for p in (CORPUS / folder).rglob("*.txt"))


def test_the_table_covers_every_stars_file() -> None:
    assert sorted(str(p.relative_to(CORPUS)) for p in stars_files()) == sorted(name for name, *_ in STARS)


@pytest.mark.parametrize(("name", "headers", "records", "skipped"), STARS, ids=[s[0].rsplit("/", 1)[1] for s in STARS])
def test_stars_file(name: str, headers: int, records: int, skipped: int) -> None:
    path = CORPUS / name
    assert sum(1 for line in open_lines(path) if HEADER.match(line)) == headers
    results = list(read_hands(path))
    assert len(results) == headers  # hands read = hand headers
    assert not [r for r in results if isinstance(r, ParseFailure)]
    kinds = Counter(type(r).__name__ for r in results)
    assert (kinds["HandRecord"], kinds["Skipped"]) == (records, skipped)
    for r in results:
        if isinstance(r, HandRecord):
            assert r.game in ("27TD-FL", "27SD-NL", "5CD-FL", "5CD-PL", "5CD-NL", "BADUGI-FL")
            assert r.source == str(path) and r.line >= 1 and r.end_line >= r.line
        else:
            assert isinstance(r, Skipped) and r.reason == "game"
            assert not r.game.startswith(("Triple Draw", "Single Draw", "5 Card Draw", "Badugi"))


def test_every_badugi_hand_is_read_as_badugi() -> None:
    """The 186 PokerStars Badugi hands (cash, sit-and-go, multi-table tournament; RULES.md §15) are
    read as fixed-limit Badugi, four cards dealt: none is skipped."""
    names = [s[0] for s in STARS if "Badugi" in s[0] or "LBad" in s[0]]
    hands = [r for name in names for r in read_hands(CORPUS / name)]
    assert len(hands) == 186 and {r.game for r in hands} == {"BADUGI-FL"}
    assert all(len(a.cards) == 4 for r in hands for a in r.actions if a.kind is K.DEAL and a.cards)


def test_side_pots_and_all_ins_of_the_badugi_tournament() -> None:
    hands = [r for r in read_hands(CORPUS / "fpdb/tour/Stars/Draw/LBad-USD-MTT8-201011.txt")]
    with_sides = [h for h in hands if h.claims.pots is not None]
    assert with_sides and all(sum(h.claims.pots) + h.claims.rake == h.claims.total_pot for h in with_sides)
    assert any(len(h.claims.pots) == 3 for h in with_sides)  # 'Side pot-1 … Side pot-2 …'
    assert any(a.all_in for h in hands for a in h.actions)


def test_the_hand_edited_duplicate_hole_cards_are_read_as_written() -> None:
    """'discards 2 cards []' then 'Dealt to Hero [5 cards] [the same 5 cards]': the replay flags it."""
    (hand,) = list(read_hands(CORPUS / "fpdb/cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"))
    draws = [a for a in hand.actions if a.kind is K.DRAW and a.player == "Hero"]
    assert (draws[0].count, draws[0].discarded, draws[0].received_count) == (2, (), 5)
    assert draws[0].kept == draws[0].received == tuple(parse_cards("2s 7s 5h 3c Qh"))
    assert draws[2].discarded == tuple(parse_cards("Ad"))  # an ace Hero never held


def test_home_game_mixed_header_keeps_the_triple_draw_hands() -> None:
    path = CORPUS / "fpdb/tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    records = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    assert {r.game for r in records} == {"27TD-FL"}
    assert all(r.currency == "" and r.stakes.small_bet in (20, 40, 60, 80, 100, 150, 200, 300) for r in records)
    assert records[0].stakes.sb == 10 and records[0].stakes.bb == 20


PHH = sorted(p.relative_to(CORPUS).as_posix() for p in (CORPUS / "phh").rglob("*.phh")) if CORPUS.is_dir() else []


@pytest.mark.parametrize("name", corpus_cases(PHH))
def test_phh_file(name: str) -> None:
    results = list(read_hands(CORPUS / name))
    assert len(results) == 1
    (hand,) = results
    assert isinstance(hand, HandRecord), hand
    assert hand.game in ("27TD-FL", "27SD-NL")
    assert hand.button == hand.seats[-1].name  # PHH: the last player is on the button
    assert len(hand.claims.final_stacks) in (0, len(hand.seats))


def test_phh_corpus_has_eleven_hands_and_the_yockey_arieh_bad_beat() -> None:
    assert len(PHH) == 11
    (hand,) = list(read_hands(CORPUS / "phh/arieh-yockey-2019.phh"))
    last_bet = [a for a in hand.actions if a.kind is K.BET][-1]
    assert (last_bet.player, last_bet.amount, last_bet.all_in) == ("Bryce Yockey", 280000, True)
    shown = {a.player: a.cards for a in hand.actions if a.kind is K.SHOW}
    assert shown["Josh Arieh"] == tuple(parse_cards("2h 4d 7c 5c 3c"))
