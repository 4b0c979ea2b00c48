"""A dealer's journal's current hand may still be under way: ``validate`` and ``status`` check it as
far as it is played, never for what is only due at a hand's end; ``ledger`` counts it only once it
is over.

The journal's ``session.toml`` names the hand the table is on (``hand``); every hand before it was
closed by ``next``, which the dealer refuses until the hand is over: played to its end and, in an
Italian deal, the opener's openers shown (RULES.md §9.2, §10.2). So the current hand is judged by
the engine (``HandState.is_over``): over, it is checked as any finished hand; not over, its actions
are checked (an illegal bet is still a finding) but not its end: the opener who has not shown yet
did not fail to show (``IT_OPENER_DID_NOT_SHOW``), and the pot it has not awarded yet is not
compared with anything (RULES.md §11.5).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from deal_support import scripted
from drawdealer.cli.app import app
from drawdealer.engine.replay import replay

RUNNER = CliRunner()
ITA = ["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=Ann=200", "--seat=Bob=200", "--seat=Cid=200",
       "--seat=Dan=200", "--button", "Dan"]
OPENED_AND_WON = ["deal", "piatto", "fold", "fold", "fold"]
"""Ann opens for the pot and everyone folds: she takes it, and must still show her openers (§9.2)."""
OPENED_AND_FOLDED = ["deal", "piatto", "call", "fold", "fold", "draw 1", "draw 2", "check", "bet 5", "fold"]
"""Ann opens, Bob calls; after the draw Ann checks, Bob bets and Ann folds: Bob takes the pot and Ann,
who gave up, still shows her openers (§9.2: "even when he gives up")."""
OPENERS = "show Ann Jh Jd 9c 8s 7h"


def validate(*paths: Path | str, fmt: str = "human") -> tuple[int, str]:
    result = RUNNER.invoke(app, ["validate", "--format", fmt, *map(str, paths)], env={"COLUMNS": "1000"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout


def findings(journal: Path) -> dict[str, list[str]]:
    """The finding codes of each hand file, from ``validate --format json JOURNAL``."""
    code, out = validate(journal, fmt="json")
    assert code in (0, 1), out
    lines = [json.loads(line) for line in out.splitlines()]
    return {Path(line["file"]).name: [f["code"] for f in line["findings"]] for line in lines}


def test_the_hand_waiting_for_the_openers_is_under_way_not_a_fault(tmp_path: Path) -> None:
    """The dealer refuses ``next`` until Ann shows: the hand is under way, and validating the journal
    then (the folder, or the hand file named) finds nothing and says so; exit 0."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    code, out = validate(journal)
    assert code == 0, out
    assert "IT_OPENER_DID_NOT_SHOW" not in out
    assert "1 hand in 1 file: 1 clean" in out
    assert f"1 hand under way in a dealer's journal, checked as far as it is played:\n  {journal}/hand-0001.phh\n" in out
    assert findings(journal) == {"hand-0001.phh": []}
    assert validate(journal / "hand-0001.phh", fmt="json")[0] == 0  # the file named: the same hand under way


def test_an_opener_who_folded_and_has_not_shown_is_under_way_too(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_FOLDED)
    assert findings(journal) == {"hand-0001.phh": []}
    assert "1 hand under way" in validate(journal)[1]


def test_once_shown_the_hand_is_over_and_checked_as_any_finished_hand(tmp_path: Path) -> None:
    """After the show the hand is over (``next`` is allowed): nothing is under way; after ``next``
    the new hand is."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON + [OPENERS])
    code, out = validate(journal)
    assert code == 0 and "under way" not in out, out
    later = tmp_path / "k"
    scripted(later, ITA, OPENED_AND_WON + [OPENERS, "next", "deal", "chip"])
    code, out = validate(later)
    assert code == 0, out
    assert "2 hands in 2 files: 2 clean" in out
    said = "1 hand under way in a dealer's journal, checked as far as it is played"
    assert f"{said}:\n  {later}/hand-0002.phh\n" in out


def test_a_fault_already_in_the_hand_under_way_is_still_reported(tmp_path: Path) -> None:
    """Ann's opening edited to 50 with 10 in the pot: IT_OPEN_BET_OUT_OF_RANGE (RULES.md §7.6) is in
    the actions played, so it is reported; the show she still owes is not, nor the award's claims
    the dealer wrote for the pot of 10 (the hand is not over: they are not compared)."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    hand = journal / "hand-0001.phh"
    text = hand.read_text(encoding="utf-8")
    assert "'p1 cbr 10'" in text
    hand.write_text(text.replace("'p1 cbr 10'", "'p1 cbr 50'"), encoding="utf-8")
    assert findings(journal) == {"hand-0001.phh": ["IT_OPEN_BET_OUT_OF_RANGE"]}
    code, out = validate(journal)
    assert code == 1
    assert "hand #1  line 1  ITA  under way" in out  # the flagged hand's heading says it is under way


def test_a_finished_hand_is_checked_to_its_end_as_before(tmp_path: Path) -> None:
    """Hand 1 was closed by ``next``; with its show taken out of its file (an edited journal), it is
    a finished hand whose opener did not show (§9.2), while hand 2, under way, is clean."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON + [OPENERS, "next", "deal"])
    hand = journal / "hand-0001.phh"
    lines = hand.read_text(encoding="utf-8").splitlines(keepends=True)
    shows = [line for line in lines if line.strip().startswith("'p1 sm ")]
    assert len(shows) == 1, lines
    hand.write_text("".join(line for line in lines if line not in shows), encoding="utf-8")
    assert findings(journal) == {"hand-0001.phh": ["IT_OPENER_DID_NOT_SHOW"], "hand-0002.phh": []}


def test_the_same_file_out_of_its_journal_is_a_finished_hand(tmp_path: Path) -> None:
    """Copied out of the journal, the hand file says nothing of a hand under way: it is a history
    that ends with its pot awarded, and its opener never showed (RULES.md §9.2)."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    alone = tmp_path / "alone.phh"
    shutil.copy(journal / "hand-0001.phh", alone)
    code, out = validate(alone)
    assert code == 1 and "IT_OPENER_DID_NOT_SHOW" in out and "under way" not in out


def test_status_of_the_journal_names_the_show_due_not_a_fault(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_FOLDED)
    result = RUNNER.invoke(app, ["status", str(journal)])
    assert result.exit_code == 0, result.stdout
    assert "Ann opened and must show the openers (RULES.md §10.2)" in result.stdout
    assert "IT_OPENER_DID_NOT_SHOW" not in result.stdout and "the hand is over" not in result.stdout
    result = RUNNER.invoke(app, ["status", "--json", str(journal)])
    assert result.exit_code == 0 and json.loads(result.stdout)["findings"] == []


def test_stats_leave_the_hand_under_way_out_as_not_finished(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    result = RUNNER.invoke(app, ["stats", "--json", str(journal)])
    assert result.exit_code == 0, result.stdout
    hands = json.loads(result.stdout)["hands"]
    assert hands["left_out"]["not_finished"] == 1 and hands["left_out"]["with_errors"] == 0


def test_the_ledger_counts_the_hand_once_the_openers_are_shown(tmp_path: Path) -> None:
    """Ann took the pot but has not shown her openers: she may be a false opener (§10.2), so the
    ledger leaves the hand out, stacks as it started, and its line says what it waits for; once she
    shows, the hand is counted and Dan owes her the invito."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    result = RUNNER.invoke(app, ["ledger", "--hands", "--json", str(journal)])
    assert result.exit_code == 0, result.stdout
    book = json.loads(result.stdout)
    assert book["hand_under_way"] == 1 and book["hands"] == 0 and book["transfers"] == []
    assert {p["name"]: p["net"] for p in book["players"]} == {"Ann": 0, "Bob": 0, "Cid": 0, "Dan": 0}
    assert book["hand_list"][0]["under_way"] == "Ann to show the openers"
    assert "under way (Ann to show the openers)" in RUNNER.invoke(app, ["ledger", "--hands", str(journal)]).stdout

    shown = tmp_path / "shown"
    scripted(shown, ITA, OPENED_AND_WON + [OPENERS])
    book = json.loads(RUNNER.invoke(app, ["ledger", "--json", str(shown)]).stdout)
    assert book["hand_under_way"] is None and book["hands"] == 1
    assert {p["name"]: p["net"] for p in book["players"]} == {"Ann": 10, "Bob": 0, "Cid": 0, "Dan": -10}


def test_status_json_says_the_hand_waits_for_the_openers(tmp_path: Path) -> None:
    """``status --json`` of the journal: not complete while Ann's openers are due (as the text
    says), and the pot not yet paid into her stack; after her show, complete and paid."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    out = json.loads(RUNNER.invoke(app, ["status", "--json", str(journal)]).stdout)
    assert (out["complete"], out["openers_due"], out["findings"]) == (False, "Ann", [])
    assert out["stacks"]["Ann"] == 200 and out["stacks"]["Dan"] == 190  # the invito is in the pot, unpaid
    shown = tmp_path / "shown"
    scripted(shown, ITA, OPENED_AND_WON + [OPENERS])
    out = json.loads(RUNNER.invoke(app, ["status", "--json", str(shown)]).stdout)
    assert (out["complete"], out["openers_due"]) == (True, None)
    assert out["stacks"]["Ann"] == 210 and out["stacks"]["Dan"] == 190


def test_only_the_current_hand_of_the_ledger_can_be_under_way(tmp_path: Path) -> None:
    """Hand 1 was closed by ``next``; its file edited so that Ann's show is gone. It is no hand under
    way (``validate`` flags it IT_OPENER_DID_NOT_SHOW): the ledger lists its pot and winner as
    before, and only hand 2, the table's, as under way."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON + [OPENERS, "next", "deal"])
    first = journal / "hand-0001.phh"
    first.write_text(first.read_text().replace("  'p1 sm JhJd9c8s7h',\n", ""))
    assert findings(journal)["hand-0001.phh"] == ["IT_OPENER_DID_NOT_SHOW"]
    book = json.loads(RUNNER.invoke(app, ["ledger", "--hands", "--json", str(journal)]).stdout)
    assert [(h["hand"], h["under_way"]) for h in book["hand_list"]] == [(1, None), (2, "B1")]
    assert book["hand_list"][0]["winners"] == {"Ann": 10}


def test_a_fifo_where_the_session_file_would_be_is_never_opened(tmp_path: Path) -> None:
    """A FIFO named ``session.toml`` is no session file: reading it would wait for a writer forever.
    ``validate`` of its folder and ``status`` of a hand file beside it finish, the hand taken as
    finished (no session file says otherwise); a file not named as a hand file never looks for one."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    folder = tmp_path / "fifo"
    folder.mkdir()
    shutil.copy(journal / "hand-0001.phh", folder / "hand-0001.phh")
    shutil.copy(journal / "hand-0001.phh", folder / "x.phh")
    os.mkfifo(folder / "session.toml")
    for args in (["validate", str(folder)], ["status", str(folder / "hand-0001.phh")], ["status", "x.phh"]):
        run = subprocess.run([sys.executable, "-m", "drawdealer", *args], capture_output=True, text=True,
                             timeout=120, cwd=folder)
        assert run.returncode in (0, 1) and "Traceback" not in run.stderr, (args, run.stderr)
        if args[0] == "validate":
            assert "IT_OPENER_DID_NOT_SHOW" in run.stdout


def test_the_hand_under_way_is_named_on_a_line_of_its_own_in_a_pipe(tmp_path: Path) -> None:
    """Piped (80 columns), the summary does not break the path in two."""
    journal = tmp_path / "j"
    scripted(journal, ITA, OPENED_AND_WON)
    run = subprocess.run([sys.executable, "-m", "drawdealer", "validate", str(journal)], capture_output=True,
                         text=True, timeout=120, env={k: v for k, v in os.environ.items() if k != "COLUMNS"})
    assert f"\n  {journal}/hand-0001.phh\n" in run.stdout, run.stdout


# --------------------------------------------------------------------------- the pieces

def test_replay_under_way_asks_nothing_of_the_end_until_the_hand_is_over() -> None:
    from engine_dsl import record

    players, claims = ["A=100", "B=100", "C=100", "D=100"], {"collected": ["A=10@0"], "uncalled": ["A=10"]}
    waiting = ["D invito 10", "A deal", "A bet 10", "B fold", "C fold", "D fold"]
    hand = record(game="ITA", players=players, button="D", actions=waiting, stakes={"invito": 10, "chip": 1},
                  claims_data=claims)
    assert [f.code for f in replay(hand).findings] == ["IT_OPENER_DID_NOT_SHOW"]  # a finished history
    result = replay(hand, under_way=True)
    assert result.findings == () and not result.complete and result.settlement is None
    shown = record(game="ITA", players=players, button="D", actions=waiting + ["A show JhJd9c8s7h"],
                   stakes={"invito": 10, "chip": 1}, claims_data=claims)
    over, under_way = replay(shown), replay(shown, under_way=True)
    assert over.complete and under_way.complete  # over: checked to its end either way
    assert over.findings == under_way.findings == ()
    wrong = record(game="ITA", players=players, button="D", actions=waiting + ["A show JhJd9c8s7h"],
                   stakes={"invito": 10, "chip": 1}, claims_data={"collected": ["B=10@0"], "uncalled": ["A=10"]})
    assert "WINNER_WRONG" in [f.code for f in replay(wrong, under_way=True).findings]


def test_the_current_hand_is_the_one_session_toml_names(tmp_path: Path) -> None:
    from drawdealer.journal_files import current_hand_file, is_current_hand

    assert current_hand_file(tmp_path) is None  # no journal
    (tmp_path / "session.toml").write_text("version = 1\nhand = 12\n", encoding="utf-8")
    assert current_hand_file(tmp_path) == "hand-0012.phh"
    assert is_current_hand(tmp_path / "hand-0012.phh") and not is_current_hand(tmp_path / "hand-0011.phh")
    for broken in ("hand = 'x'\n", "hand = 0\n", "hand = [\n", "\xff"):
        (tmp_path / "session.toml").write_text(broken, encoding="latin-1")
        assert current_hand_file(tmp_path) is None, broken  # unreadable: every hand taken as finished


# --------------------------------------------------------------------------- every game, every moment

GAMES = ("27TD-FL", "27TD-NL", "27SD-PL", "5CD-NL", "A5TD-PL", "BADUGI-FL", "BADEUCEY-NL", "ITA")
HAND_WORDS = ("fold", "check", "call", "bet", "raise", "allin", "draw", "pat", "show", "muck", "buio",
              "controbuio", "deal", "passo", "piatto", "chip", "servito", "next")


def _two_pair(rng: random.Random, deck: list[int], size: int) -> list[int]:
    """``size`` cards of ``deck`` holding two pairs (openers at any requirement, RULES.md §10.2)."""
    from drawdealer.engine.cards import rank_value

    by_rank: dict[int, list[int]] = {}
    for card in deck:
        by_rank.setdefault(rank_value(card), []).append(card)
    pairs = [rank for rank, cards in by_rank.items() if len(cards) >= 2]
    rng.shuffle(pairs)
    if len(pairs) < 2:
        return rng.sample(deck, size)
    chosen = by_rank[pairs[0]][:2] + by_rank[pairs[1]][:2]
    rest = [card for card in deck if rank_value(card) not in pairs[:2]]
    return (chosen + rng.sample(rest, size - 4))[:size]


def _command(rng: random.Random, session, shown: set[int]) -> str | None:
    """A random command the dealer accepts now: among the words that apply, with legal amounts;
    shown cards are distinct and hold two pairs."""
    from drawdealer.cli.deal.table import legal_now
    from drawdealer.engine.cards import cards_str

    words = [w for w in session.completions() if w in HAND_WORDS]
    if not words:
        return None
    word = rng.choice(words)
    legal = legal_now(session.state)[0]
    if word == "bet" and legal.min_bet is not None:
        return f"bet {rng.randint(legal.min_bet, legal.max_bet)}"
    if word == "raise" and legal.min_raise_to is not None:
        return f"raise {rng.randint(legal.min_raise_to, legal.max_raise_to)}"
    if word == "draw":
        return f"draw {rng.randint(1, max(1, legal.draw_max or 1))}"
    if word == "show":
        deck = sorted(set(session.state.deck.deck) - shown)
        cards = _two_pair(rng, deck, session.spec.hand_size)
        shown.update(cards)
        return f"show {cards_str(cards)}"
    return word if word not in ("bet", "raise") else "call"


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
# hand 7: P1's last 5 chips are his invito, all in; nobody can open and the dealer deals and ends the
# deal unopened at once. The hand file names no unseen card, so the replay deals it too
# (HandState.ready_to_deal) to find it over, as the dealer does.
@example(game="ITA", seed=242090, players=2)
def test_a_journal_validates_clean_at_every_moment_of_a_legal_evening(game: str, seed: int, players: int) -> None:
    """Whatever the game and wherever the dealer stands (a bet to call, a draw, a showdown half
    shown, an opener's show due, a hand over before ``next``), the journal validates without an
    error finding, and its current hand is reported under way exactly while the hand is not over."""
    from drawdealer.cli.deal.commands import parse_command
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.session import DealerSession
    from drawdealer.cli.deal.setup import SetupArgs, build_session
    from drawdealer.journal_files import current_hand_file
    from drawdealer.validate import HandReport
    from drawdealer.validate import validate as validate_paths

    rng = random.Random(seed)
    stacks = [rng.choice((15, 40, 100, 300)) for _ in range(players)]
    seats = tuple(f"P{k}={stack}" for k, stack in enumerate(stacks, 1))
    stakes = {"invito": "10", "chip": "1"} if game == "ITA" else {"stakes": "1/2"}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "j"
        session = DealerSession.start(build_session(SetupArgs(game=game, seats=seats, button="P1", **stakes),
                                                    started=""), Journal(folder))
        shown: set[int] = set()
        for _ in range(60):
            hand = session.info.hand
            line = _command(rng, session, shown)
            if line is None:
                break
            if session.handle(parse_command(line, names=session.names, italian=session.spec.is_italian)).view.refused:
                continue
            if session.info.hand != hand:
                shown = set()
            reports = [r for r in validate_paths([folder]) if isinstance(r, HandReport)]
            assert [r.findings for r in reports if any(f.is_error for f in r.findings)] == [], (line, reports)
            current = [r.status for r in reports if Path(r.file).name == f"hand-{session.info.hand:04d}.phh"]
            assert current == ["replayed" if session.state.is_over else "under_way"], (line, current)
            assert all(r.status == "replayed" for r in reports if Path(r.file).name != current_hand_file(folder))
