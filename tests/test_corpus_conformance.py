"""``drawdealer validate`` on the real hand histories of ../shared/corpus (skipped when absent).

Every PokerStars draw file (cash/Stars/Draw, tour/Stars/Draw, tour/Stars/Mixed), every Full Tilt
file (cash/FTP/Draw, cash/FTP/Mix, tour/FTP/Draw), every KingsClub file (cash/KingsClub/Draw), every
Winamax and OnGame file (cash/Winamax/Draw, cash/OnGame/Draw) and every PHH file:
hands read = hand headers (PHH: ``actions`` keys), how many are skipped (games drawdealer does not
play), and the exact findings of each hand (code, by hand id), as reviewed by reading the hands.

Review (issue 4): the one flagged hand is the FPDB collectors' hand-edited
``duplicate.holecards`` file, whose draws contradict themselves (see
``test_the_hand_edited_draws_are_flagged_where_they_break``). Review (issue 14): its 13 findings
are two root causes and their consequences (``caused_by``, see
``test_the_hand_edited_draws_are_two_root_causes_and_their_consequences``); the codes are unchanged. The WSOP 2023 PHH hands post a
big-blind ante; drawdealer first flagged those antes (FORCED_BET_WRONG) and the final stacks
that follow from them (STACK_ARITHMETIC): the logs were right, the readers now set
``BIG_BLIND_ANTE`` (RULES.md §6.1) and the hands are clean.

Review (issue 18, the 186 PokerStars Badugi hands replayed as Badugi, RULES.md §15):
- Tournaments deal a player marked 'is sitting out' and fold his hand for him; drawdealer first
  called 46 such hands HISTORY_ABORTED ("'Player0' is not dealt into this hand"). The logs were
  right: the reader now counts a sitting-out seat that acts as dealt in.
- The cash hand 49164202872 lists its pots net of a rake taken from both pots ($3.05 and $2.65
  printed as $2.90 and $2.55, rake $0.25): right, read as PokerStars means it (issue 14 defect 5).
- SNG 52589452703: Player3, sitting out, is all-in on his small blind of 25, and the site then
  writes 'Player3: folds' and gives the pot to the raiser without a showdown. First kept as
  ACTION_BY_INACTIVE_PLAYER (an all-in player cannot act, RULES.md §7.1) and ROUND_NOT_CLOSED.
  Review (issue 26): the log is right by PokerStars' rule, now RULES.md §18.3: the site kills the
  hand of a player it marks as sitting out when his forced bet put him all-in, as the action
  reaches him; the reader sets ``SITE_KILLS_SITTING_OUT`` and marks the seat ``absent``, and the
  hand is clean (Player3's 25 stay in the pot; test_site_conventions).
- MTT 52476877655, 52478520236, 52479754591: after an all-in raise short of a full raise but at
  least half of one (30 of 60, 70 of 100, 250 of 300), the next player raises to the last full
  level plus one bet (120 + 60 = 180, 200 + 100 = 300, 300 + 300 = 600), players who had acted
  included. First kept as RAISE_SIZE_FIXED_LIMIT (§7.2's default puts the raise at the all-in plus
  one bet: 210, 370, 850). Review (issue 26): the log is right by PokerStars' rule, now RULES.md
  §18.2 (the all-in reopens the betting, the raise completes the level it began): the reader sets
  ``FL_RAISE_AFTER_SHORT_ALLIN = COMPLETE_LEVEL`` and the three raises are clean; every such raise
  in the corpus's PokerStars hands does the same, and no other site's logs hold one
  (test_site_conventions).
- MTT 52479754591 at showdown: the two players of the last side pot show before Player0, all-in
  for the main pot only and first from the button's left. PokerStars settles the side pots first,
  from the last; §9.1 orders the showing by seat with no bet in the last round. SHOW_ORDER (a
  warning) is right by §9.1's letter.
"""

from __future__ import annotations

import re

import pytest

from drawdealer.parsers.sniff import open_lines
from drawdealer.validate import validate
from shared_data import ABSENT, CORPUS

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=ABSENT)

HEADER = re.compile(r"PokerStars (Home Game )?(Game|Hand) #|Full ?Tilt ?Poker Game #|#\d+: (Limit|Pot Limit|No Limit) "
                    r"|Winamax Poker - .+ - HandId: #|\*{5} History for hand |<game id=|<HISTORY ID=")
FTP_SHOW_ORDER = "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-150-300-201012.txt"
FTP_TOURNAMENT = "fpdb/tour/FTP/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt"
FTP_BADUGI_SHOW_ORDER = "fpdb/cash/FTP/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"
KC_MISSED_SB = "fpdb/cash/KingsClub/Draw/NL-2-7-SD-USD-125-250-202103.missed.sb.txt"
MERGE_HALF_POT = "fpdb/cash/Merge/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
BOSS_FILE = "fpdb/cash/Boss/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml"
WINAMAX_FILE = "fpdb/cash/Winamax/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"
ONGAME_PL = "fpdb/cash/OnGame/Draw/5-Carddraw-PL-USD-1.00-1.00-201111.No.Street.Delimiter.txt"
ONGAME_SAMPLE = "fpdb/cash/OnGame/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt"
PHH_HAND = re.compile(r"\s*actions\s*=")
DUPLICATE_HOLECARDS = "fpdb/cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
EDITED_DRAWS = ["DRAW_COUNT_MISMATCH"] + ["DRAW_CARD_UNAVAILABLE"] * 5 + ["DRAW_COUNT_MISMATCH"] + \
    ["DRAW_CARD_UNAVAILABLE"] * 5 + ["DISCARD_NOT_IN_HAND"]

# file: (hands read, skipped, {hand id: [finding codes in order]}) — reviewed by hand.
EXPECTED: dict[str, tuple[int, int, dict[str, list[str]]]] = {
    "fpdb/cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-FL-USD-30-60-201605.check.raise.fix.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt": (30, 0, {}),
    "fpdb/cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt": (4, 0, {}),
    "fpdb/cash/Stars/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt": (1, 0, {}),
    "fpdb/cash/Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": (1, 0, {}),
    DUPLICATE_HOLECARDS: (1, 0, {"81631597149": EDITED_DRAWS}),
    "fpdb/tour/Stars/Draw/LBad-USD-MTT8-201011.txt": (78, 0, {"52479754591": ["SHOW_ORDER"]}),
    "fpdb/tour/Stars/Draw/LBad-USD-SNG8-201011.txt": (104, 0, {}),
    "fpdb/tour/Stars/Mixed/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (137, 119, {}),
    # Full Tilt (issue 19), reviewed by reading each hand (see test_full_tilt_reviews below).
    "fpdb/cash/FTP/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-0.10-0.20-201011.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-10-20-201101.Dead.hand.txt": (1, 1, {}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt": (1, 0, {}),
    FTP_SHOW_ORDER: (1, 0, {"25325990000": ["SHOW_ORDER"]}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-20-40-201101.Partial.txt": (1, 1, {}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-250-500-201011.Hero.sitting.out.but.not.listed.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/3-Draw-Limit-USD-5-10-201211.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt": (1, 0, {}),
    "fpdb/cash/FTP/Draw/A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt": (1, 0, {}),
    FTP_BADUGI_SHOW_ORDER: (1, 0, {"32617272179": ["SHOW_ORDER"]}),
    "fpdb/cash/FTP/Draw/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": (1, 0, {}),
    "fpdb/cash/FTP/Mix/10Game-6max-USD-2.50-5.201104.Sample.txt": (84, 54, {}),
    FTP_TOURNAMENT: (54, 0, {"31331067778": ["SHOW_ORDER"]}),
    # KingsClub (issue 19), reviewed by reading each hand (see test_kingsclub_reviews below).
    "fpdb/cash/KingsClub/Draw/2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt": (1, 1, {}),
    "fpdb/cash/KingsClub/Draw/2-7 Drawmaha-FL-USD-60-120-202108.txt": (1, 1, {}),
    "fpdb/cash/KingsClub/Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/A5-1-Draw-Limit-USD-50-100-202102.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/A5-3-Draw-Limit-USD-44-88-202010.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/Badacey-Limit-USD-22-44-202101.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/Badeucey-Limit-USD-22-44-202101.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/Badugi-Limit-USD-30-60-202010.txt": (1, 0, {}),
    KC_MISSED_SB: (1, 0, {"3516416": ["RAKE_MISMATCH", "COLLECTED_AMOUNT_WRONG", "STACK_ARITHMETIC"]}),
    "fpdb/cash/KingsClub/Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt": (1, 0, {}),
    "fpdb/cash/KingsClub/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt": (1, 0, {}),
    # Merge (issue 19), reviewed by reading each hand (see test_merge_reviews below).
    "fpdb/cash/Merge/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt": (15, 0, {}),
    "fpdb/cash/Merge/Draw/3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt": (1, 0, {}),
    "fpdb/cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt": (1, 1, {}),
    "fpdb/cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt": (1, 0, {}),
    "fpdb/cash/Merge/Draw/5-Carddraw-PL-USD-0.05-0.10.201111.txt": (1, 0, {}),
    "fpdb/cash/Merge/Draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt": (1, 0, {}),
    MERGE_HALF_POT: (1, 1, {}),
    "fpdb/cash/Merge/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt": (1, 0, {}),
    # Boss Media (issue 19), reviewed by reading each hand (see test_boss_reviews below).
    BOSS_FILE: (14, 0, {}),
    # Winamax (issue 19), reviewed by reading the hand (see test_winamax_reviews below).
    WINAMAX_FILE: (1, 0, {}),
    # OnGame (issue 19), reviewed by reading each hand (see test_ongame_reviews below).
    ONGAME_PL: (1, 0, {}),
    ONGAME_SAMPLE: (4, 0, {}),
    "phh/arieh-yockey-2019.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/01-53-52.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/01-56-25.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-00-25.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-01-50.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-07-21.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-29-59.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-34-51.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-40-27.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-41-31.phh": (1, 0, {}),
    "phh/wsop/2023/43/5/02-42-44.phh": (1, 0, {}),
}


def corpus_files() -> list[str]:
    stars = [p for folder in ("fpdb/cash/Stars/Draw", "fpdb/tour/Stars/Draw", "fpdb/tour/Stars/Mixed",
                              "fpdb/cash/FTP/Draw", "fpdb/cash/FTP/Mix", "fpdb/tour/FTP/Draw",
                              "fpdb/cash/KingsClub/Draw", "fpdb/cash/Winamax/Draw", "fpdb/cash/OnGame/Draw")
             for p in (CORPUS / folder).glob("*.txt")]
    xml = list((CORPUS / "fpdb/cash/Merge/Draw").glob("*.txt")) + list((CORPUS / "fpdb/cash/Boss/Draw").glob("*.xml"))
    return sorted(str(p.relative_to(CORPUS)) for p in stars + xml + list((CORPUS / "phh").rglob("*.phh")))


def test_the_table_covers_every_file() -> None:
    assert corpus_files() == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED), ids=lambda n: n.rsplit("/", 1)[1])
def test_corpus_file(name: str) -> None:
    path = CORPUS / name
    hands, skipped, flagged = EXPECTED[name]
    pattern = PHH_HAND if path.suffix == ".phh" else HEADER
    assert sum(1 for line in open_lines(path) if pattern.match(line)) == hands
    reports = list(validate([path]))
    assert len(reports) == hands  # hands read = hand headers
    assert sum(r.status == "skipped" for r in reports) == skipped
    assert not [r for r in reports if r.status == "unparsed"]
    got = {r.hand_id: [f.code for f in r.findings] for r in reports if r.findings and r.status != "skipped"}
    assert got == flagged


def test_the_hand_edited_draws_are_flagged_where_they_break() -> None:
    """'discards 2 cards []' then 'Dealt to Hero [his 5 cards] [the same 5]' (twice), then a discard of
    an Ad Hero never held: the counts and the live cards on the 'Dealt to' lines that deal the five
    cards (RULES.md §11.1: a fault in the dealt cards is where they are dealt), the discard on its line."""
    (report,) = list(validate([CORPUS / DUPLICATE_HOLECARDS]))
    rows = [(f.code, f.line, f.expected, f.actual) for f in report.findings]
    assert rows[0] == ("DRAW_COUNT_MISMATCH", 22, 2, 5)
    assert rows[6] == ("DRAW_COUNT_MISMATCH", 32, 1, 5)
    assert rows[-1] == ("DISCARD_NOT_IN_HAND", 43, None, "Ad")
    assert sorted(str(f.actual) for f in report.findings if f.line == 22 and f.code == "DRAW_CARD_UNAVAILABLE") == \
        ["2s", "3c", "5h", "7s", "Qh"]
    assert report.has_error


def test_the_hand_edited_draws_are_one_root_cause_and_its_consequences() -> None:
    """Issue 14 defect 3 and issue 26, reviewed by reading the hand: 13 findings, one root cause.

    The collectors' edit repeats Hero's hand as both the kept and the new cards of his draw lines.
    Line 22 ('Dealt to Hero [..] [..]', five new cards for the two of line 21) is the root cause: a
    draw line that contradicts itself; the five 'new' cards being the ones he holds (LIVE) is the
    same duplicated list, so they follow from it. Line 32 is the same edit again, the one slip of the
    one edit on Hero's next draw (a log's writer that gets a player's draw line wrong gets it wrong
    on each of his draws): its count and its five LIVE cards follow from line 22, not a second
    fault. From line 22 on, what Hero holds cannot be read from his lines (two discards and one are
    unnamed, the cards that replaced them are not printed): the Ad he discards at line 43 may well be
    one of them, so DISCARD_NOT_IN_HAND follows from the broken draws too; it is not evidence of
    another fault.
    """
    (report,) = list(validate([CORPUS / DUPLICATE_HOLECARDS]))
    assert [f.caused_by for f in report.findings] == [None] + [0] * 12


def test_big_blind_antes_of_the_wsop_hands_are_read_as_such() -> None:
    """The log is right: the big blind posts the table's ante (150,000 at 50,000/100,000)."""
    from drawdealer.parsers import read_hands

    (hand,) = list(read_hands(CORPUS / "phh/wsop/2023/43/5/01-53-52.phh"))
    assert hand.stakes.ante == 150000
    assert hand.options.get("BIG_BLIND_ANTE") is True and hand.options["FORCED_BETS"] == "BLINDS_AND_ANTES"
    (report,) = list(validate([CORPUS / "phh/wsop/2023/43/5/02-01-50.phh"]))
    assert report.findings == ()  # final stacks 6,200,000 / 1,850,000 follow from the ante


def test_full_tilt_reviews() -> None:
    """Issue 19: every Full Tilt hand read, and what the review of each finding decided.

    - Skipped: the dead hand (10-20 'Dead.hand': a small blind, then both players sit out, no
      cards dealt) and the 'Partial' hand (a header and a summary only) hold no play; the Mix
      file's Stud, Razz, Hold'em and Omaha hands are not drawdealer games (54 of its 84; its 10
      triple-draw, 10 single-draw and 10 Badugi hands are read and clean). The A-5 and Badugi
      samples are replayed as A-5 triple draw and Badugi (RULES.md §15, §16; issue 18).
    - Read right after review (the reader was wrong, the logs right): players whose seat line gives
      a stack but whom only the summary lists as sitting out ('0.10-0.20' file: Player2, 4 and 5)
      are not dealt in (first read as dealt in: ACTION_OUT_OF_TURN, BLIND_POSTER_WRONG …); an
      all-in call 'calls 25, and is all in' (tournament hand 31331205512; first read as '25,'); the
      Badugi tables without '(N max)' in the header seat 8 (seats 1-8 listed; first read as
      six-max: PLAYER_COUNT_INVALID, 'BADUGI-FL is for 2 to 6 players, not 7').
    - Kept (the logs are out of order, a warning by RULES.md §9.1): hand 25325990000, the last round
      checked through, Player5 first to act: the log has Player6 show, then Player5 muck; tournament
      hand 31331067778, heads-up, checked through, Player0 (big blind) first to act: the log has
      Hero show first; Badugi hand 32617272179, checked through, Hero (big blind) first to act: the
      log has Player2 show first. FTP's six other checked-through showdowns in the corpus follow
      §9.1, so these three are the log's order, not a house rule.
    """
    from drawdealer.validate import validate as run

    reports = {r.hand_id: r for r in run([CORPUS / FTP_SHOW_ORDER, CORPUS / FTP_TOURNAMENT,
                                          CORPUS / FTP_BADUGI_SHOW_ORDER])}
    first = reports["25325990000"].findings[0]
    assert (first.code, first.line, first.severity) == ("SHOW_ORDER", 42, "warning")
    second = reports["31331067778"].findings[0]
    assert (second.code, second.line) == ("SHOW_ORDER", 233)
    assert not reports["31331205512"].findings
    third = reports["32617272179"].findings[0]
    assert (third.code, third.line, third.severity) == ("SHOW_ORDER", 48, "warning")


def test_kingsclub_reviews() -> None:
    """Issue 19: every KingsClub hand read (13 headers), and what the review of each finding decided.

    - Skipped: the two 2-7 Drawmaha hands (a board game, not a drawdealer game).
    - Run twice (issue 26, RULES.md §18.5): the four no-limit single-draw hands the site ran twice
      ('Run 1: P shows', 'Run 2: P shows', the hero's 'draws [8c] [Qs]') were first skipped with a
      notice; they are replayed run by run, each run's winner and part of the pot checked. .1:
      Player2's pat 9-8-5-4-3 loses both runs to Player4 (8-7-6-4-2, 8-6-5-4-2): the whole 2,518.
      .2: Player1's pat 8-7-6-5-2 beats Hero's T-8 and Q-T: 2,453. .3: Player1's 8-7-5-3-2 and
      8-7-6-3-2 beat Hero's 9-7-6-4-2 and 9-7-4-3-2: 2,610. .4: Hero's pat T-9-7-5-3 beats Player1's
      J-9 in run 1 and loses to his 9-8-7-5-4 in run 2: 1,264 each, as the log splits it. Clean. The
      first replay of .1 gave SHOW_ORDER (Player2 shows before Player4, first left of the button):
      both are all-in, and with no more betting possible every hand is turned up in no order
      (§9.1): the engine was wrong, the order is checked now only where betting could go on. In .1,
      .3 and .4 the player who draws two holds the same four cards in both runs, one of his new
      cards common to the runs where §18.5 deals each run its own: the validator cannot tell such a
      card from a kept one and does not flag it (parsers/kingsclub.py, row 'run it twice').
    - Read right after review (the reader was wrong, the logs right): 'calls X' is a call to X in
      front of the player, not X more (first read as X more: CALL_AMOUNT_MISMATCH on every call of a
      raise, and the stacks wrong from there); KingsClub returns an uncalled bet without a line (the
      A-5 triple draw hand: Hero's last 88 returns, his final stack 4,376.91 shows it): first
      UNCALLED_BET_WRONG on every such hand, now Claims.uncalled_printed is false for the site.
      The Badugi, A-5 single and triple draw, Badeucey and Badacey hands are replayed as those games
      (RULES.md §15-§17), and their collected amounts, rake and final stacks agree to the cent.
    - Kept (the log is wrong): hand 3516416, 'missed.sb'. Player0 raises to 500 and everyone folds.
      From the printed lines the pot is 600 (antes) + 125 + 250 + 250 (his raise, called to the
      big blind's 250; the other 250 returns) = 1,225, and he ends with 10,000 - 600 + 250 + 1,225
      = 10,875, which the summary prints (+875). But it says 'Player0 wins pot (1,350)': 125 more,
      the small blind he had missed, which he must have posted dead (10,000 - 725 + 250 + 1,350 =
      10,875 too) and which the log never prints. The collected line cannot be squared with the
      printed play: RAKE_MISMATCH (1,350 collected, no rake, a pot of 1,225) is the root,
      COLLECTED_AMOUNT_WRONG and STACK_ARITHMETIC (the stack the 1,350 would leave) follow from it.
    """
    from drawdealer.validate import validate as run

    (report,) = list(run([CORPUS / KC_MISSED_SB]))
    rows = [(f.code, f.line, f.expected, f.actual, f.caused_by) for f in report.findings]
    assert rows == [("RAKE_MISMATCH", 38, 122500, 135000, None), ("COLLECTED_AMOUNT_WRONG", 38, 122500, 135000, 0),
                    ("STACK_ARITHMETIC", 32, 1100000, 1087500, 0)]
    from drawdealer.engine.replay import replay
    from drawdealer.parsers import read_hands

    winners = {}
    for path in sorted((CORPUS / "fpdb/cash/KingsClub/Draw").glob("*RIT.txt")):
        (record,) = list(read_hands(path))
        result = replay(record)
        assert result.findings == () and len(record.runs) == 2
        runs = [[a.shares for a in run.award(result.settlement.pots)] for run in result.state.runs]
        winners[path.name.split(".")[1]] = ([sorted(shares[0]) for shares in runs], result.settlement.collected)
    assert winners == {"1": ([["Player4"], ["Player4"]], {"Player4": 251800}),
                       "2": ([["Player1"], ["Player1"]], {"Player1": 245300}),
                       "3": ([["Player1"], ["Player1"]], {"Player1": 261000}),
                       "4": ([["Hero"], ["Player1"]], {"Hero": 126400, "Player1": 126400})}


def test_merge_reviews() -> None:
    """Issue 19: every Merge hand read, and what the review of each hand decided.

    - 22 hands in 8 files, 20 read and clean: 15 + 1 heads-up $1/$2 2-7 triple draw (the 'with
      showdown' hand is hand 14 of the multi-hand file), the pot-limit triple draw played to a
      showdown after a pre-draw all-in, the 5-card draw with a new player's INITIAL_BLIND, the A-5
      triple draw (RULES.md §16) and the pot-limit Badugi (§15).
    - Skipped: the cancelled hand (a small blind, then GAME_CANCELLED: no cards dealt) and the
      Half Pot Limit Badugi hand (a structure drawdealer does not play; its antes-only deal and
      half-pot bets of 0.75 and 1.50 are Merge's HPL).
    - No finding was raised, so none was kept. What a reader could have got wrong and the review
      checked by reading the hands: Merge's winner amount holds the uncalled bet (hand 3: pot
      $4.00, Villain's $1 bet not called, 'winner amount 4.80' = $3.80 after a 20-cent rake + $1;
      his balance goes $30.00 → $31.80 in hand 4), a RAISE is a raise-to total (hand 14: the small
      blind's 'RAISE 2.00' after posting 0.50, called by 'CALL 1.00' from the big blind), an
      ALL_IN the chips it adds (the PL hand: Villain, 0.90 in, 'ALL_IN 3.85' = his $4.75).
    """
    from drawdealer.engine.record import HandRecord
    from drawdealer.engine.replay import replay
    from drawdealer.parsers import read_hands

    hand3 = next(r for r in read_hands(CORPUS / "fpdb/cash/Merge/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt")
                 if isinstance(r, HandRecord) and r.hand_id == "33423082-3")
    assert [(c.player, c.amount) for c in hand3.claims.collected] == [("Villain", 480)]
    settlement = replay(hand3).settlement
    assert (settlement.returned, settlement.collected, settlement.rake) == ({"Villain": 100}, {"Villain": 380}, 20)
    (pl,) = read_hands(CORPUS / "fpdb/cash/Merge/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt")
    allin = next(a for a in pl.actions if a.all_in)
    assert (allin.kind.value, allin.player, allin.amount) == ("raise", "Villain", 475)
    (hpl,) = read_hands(CORPUS / MERGE_HALF_POT)
    assert "Half Pot Limit" in hpl.message


def test_boss_reviews() -> None:
    """Issue 19: every Boss Media hand read (14 heads-up and three-handed 5-card draw hands, EUR
    2/4 limit), and what the review of each finding decided.

    - Read right after review (the reader was wrong, the log right): hand 2692986516 was first
      SHOW_ORDER ('Player2 showed first; Player3 should have'): Boss lists the results, not the showdown
      (Player2's muck, then the winner Player3's hand, although Player3 is first left of the
      button after a checked last round, §9.1); the log gives no order to be wrong about, and the
      record now shows and mucks in §9.1's order. Hand 2692988440 was first BLIND_POSTER_WRONG twice: the dealer Player2 sits out
      (a dead button, outside RULES.md §0.1), Player3 posts the small blind and folds first, Hero
      the big blind: heads-up the small blind is the button (§6.1); the engine had put the button
      on Hero, the last seat before the dealer's. The reader names the small blind the button when
      a dead button leaves two players.
    - The blinds come in no order (the big blind first in 9 of the 14 hands): read in §6.1's.
    """
    from drawdealer.parsers import read_hands

    hands = {r.hand_id: r for r in read_hands(CORPUS / BOSS_FILE)}
    shown = hands["2692986516"]
    assert [(a.kind.value, a.player) for a in shown.actions[-2:]] == [("show", "Player3"), ("muck", "Player2")]
    dead = hands["2692988440"]
    assert dead.button == "Player3" and dead.extra["boss_dealer"] == "Player2"
    assert [s.name for s in dead.seats if s.sitting_out] == ["Player2"]
def test_winamax_reviews() -> None:
    """Issue 19: the Winamax hand read and reviewed; it is clean, and read right the first time.

    Hand 9160772-2-1476189756 (play money, 2-7 triple draw $0.50/$1): Player4, Player3 and Player2,
    coming in, each 'posts big blind 0.50 out of position': live blinds (Player4 and Player3 check
    their option, Player2 raises 0.50 to 1), as Winamax means them. Player2 stands pat three times
    on 8-7-5-3-2 and beats Player3's 8-7-6-3-2 and Player4's K-8-5-3-2; 'Total pot 12.15 | Rake
    0.85' is the 13 put in, net of the rake, which Player2 collects: no uncalled chips.
    """
    from drawdealer.engine.record import ActionKind
    from drawdealer.parsers import read_hands

    (record,) = list(read_hands(CORPUS / WINAMAX_FILE))
    posts = [(a.kind, a.player) for a in record.actions if a.kind is ActionKind.POST_BB]
    assert [p for _, p in posts] == ["Hero", "Player4", "Player3", "Player2"]
    (report,) = list(validate([CORPUS / WINAMAX_FILE]))
    assert report.findings == () and (record.claims.total_pot, record.claims.rake) == (1300, 85)


def test_ongame_reviews() -> None:
    """Issue 19: every OnGame hand read; what the review of each first finding decided.

    drawdealer was wrong, the logs right (fixed; the hands are clean):
    - UNCALLED_BET_WRONG on R5-192626403-203, R5-81962116-233 and -234 (the $5, $0.10 and $0.10
      bets nobody called): OnGame prints no uncalled line; its pot lines count the pot after the
      return and its final stacks include it. A missing line now claims nothing
      (``Claims.uncalled_printed`` false, as for KingsClub; RULES.md §7.1) and the pot and stack
      claims check the return.
    - WINNER_WRONG on R5-81962116-235: the last round checked through, x Diabolo666's pair of
      queens is the only hand the summary prints, but velabianca collects: OnGame does not print the
      winner's cards. The engine first awarded the pot to the only hand shown; a hand shown whose
      cards the log does not print now keeps its claim, unknown, and the pot is not awarded from
      the cards (§9.2); the log's $0.38 stands, the final stacks follow from it.
    - The pot-limit $1/$1 hand: both blinds are written 'posts big blind ($1)'; the first, by the
      seat left of the button (Player0), is the small blind (he acts after the button before the
      draw and first after it): read so, the hand is clean (and agrees with FPDB's .hp, see
      test_parse_ongame).
    """
    from drawdealer.engine.replay import replay
    from drawdealer.parsers import read_hands

    hands = {r.hand_id: r for r in read_hands(CORPUS / ONGAME_SAMPLE)}
    assert replay(hands["R5-81962116-233"]).settlement.returned == {"velabianca": 10}
    assert replay(hands["R5-81962116-234"]).settlement.returned == {"grommek": 10}
    result = replay(hands["R5-81962116-235"])
    assert result.findings == () and result.settlement.awards[0].winners == ()
    (pl,) = list(read_hands(CORPUS / ONGAME_PL))
    assert pl.actions[0].kind.value == "post_sb" and pl.actions[0].player == "Player0"
    assert replay(pl).settlement.returned == {"Player0": 500} and not pl.claims.uncalled_printed
