"""What the dealer's screen says (issue 16): cards drawn per player per draw, the Italian held-back
fourth card with a stub count that matches the cards left, a reshuffle announced before the draw
that needs it, choices that cannot be misread, ``call N``, uncalled bets, the pot line, thousands.

Stub counts are counted by hand from RULES.md: the 32-card Italian deck for 4 players (§2.2), one
burn before a draw round's first card (§8.2), 3 cards now and the 4th after the others (§6.4).
"""

from __future__ import annotations

from pathlib import Path

from deal_support import deal, scripted
from drawdealer.cli.deal.screen import render
from drawdealer.cli.deal.view import SeatView, TableView
from drawdealer.engine.pots import Pot

ITA = ["--game", "ITA", "--invito", "10", "--chip", "1", *[f"--seat=P{i}=300" for i in range(1, 5)],
       "--button", "P4"]


def test_italian_evening_with_the_delayed_fourth_card(tmp_path: Path) -> None:
    commands = ["bet 10", "call", "call", "fold",      # P1 opens; P4 (the dealer) folds
                "draw 1", "draw 4", "draw 2",          # P2's 4th card waits for P3 (RULES.md §6.4)
                "status", "bet 10", "fold", "fold", "show P1 Jh Jd 9c 8s 7h",
                "next", "check", "check", "check", "check", "quit"]
    out = scripted(tmp_path / "j", ITA, commands)
    # 32 − 20 dealt = 12; P1: burn + 1 → 10; P2: 3 now → 7; P3: 2 → 5, then P2's 4th → 4
    assert [out[k]["stub"] for k in (3, 4, 5, 6)] == [12, 10, 7, 4]
    held = "P2 draws 4: deal 3 now and hold the last card back until every other player has been served " \
           "(RULES.md §6.3, §6.4); stub 7"
    assert held in out[5]["notes"]
    assert "Now deal the held-back card to P2; stub 4 (RULES.md §6.3, §6.4)" in out[6]["notes"]
    assert out[6]["drawn"] == {"P1": [1], "P2": [4], "P3": [2]}
    assert out[7]["message"].endswith("; drawn: P1 1 · P2 4 · P3 2")  # status says it too
    # P1's bet of 10 after the draw is not called: it goes back when the hand ends (RULES.md §7.1)
    assert "Uncalled: P1 takes back 10" in out[10]["notes"]
    assert out[10]["stacks"] == {"P1": 330, "P2": 290, "P3": 290, "P4": 290}
    # hand 2 unopened: the invito stays in the middle (§10.2); the ledger counts it
    ledger = out[-1]["ledger"]
    assert ledger["in_the_middle"] == 10 and ledger["balance"] == 0
    assert {p["name"]: p["net"] for p in ledger["players"]} == {"P1": 20, "P2": -10, "P3": -10, "P4": -10}


def test_reshuffle_announced_before_the_draw_naming_the_folded_hands(tmp_path: Path) -> None:
    """27TD-FL, 5 players: two fold before the draw; three draw 5 each in D1 (52 − 25 = 27; burn, 15
    → 11 left), P1 draws 5 in D2 (burn, 5 → 5 left, 4 dealable with the last card held back, §8.3).
    P2 to draw: 1–4 come from the stub, 5 need a reshuffle after the 4 dealable cards. Stage 1 (§8.4):
    the 15 earlier discards, the 10 cards of the two folded hands, the 2 burns and the card held back
    = 28 cards; announced while he is to draw, before he says how many."""
    seats = [f"--seat=P{i}=100" for i in range(1, 6)]
    commands = ["fold", "fold", "call", "call", "check",     # P3 UTG, P4 fold; P5 (button), P1, P2 in
                "draw 5", "draw 5", "draw 5",                 # D1: P1, P2, P5
                "check", "check", "check",
                "draw 5"]                                     # D2: P1
    out = scripted(tmp_path / "j", ["--game", "27TD-FL", "--stakes", "1/2", *seats, "--button", "P5"], commands)
    last = out[-1]
    assert last["to_act"] == "P2" and last["stub"] == 5
    assert [n for n in last["notes"] if n.startswith("Reshuffle")] == [
        "Reshuffle ahead: if P2 draws 5, deal the 4 dealable cards of the stub, then shuffle 28 cards into a new "
        "stub (15 earlier discards, the 10 cards of P3's and P4's folded hands, 2 burn cards, the 1 card left in "
        "the stub), cut, burn one (RULES.md §8.4)"]
    assert last["drawn"] == {"P1": [5, 5], "P2": [5], "P5": [5]}


def test_choices_cannot_be_misread_and_call_n_names_the_call(tmp_path: Path) -> None:
    """27TD-PL 1/2, 3 players: UTG may raise to 4–7 (pot: RULES.md §7.3 max_to = H + P + (H − c) =
    2 + 3 + 2); 'call 2' is accepted, 'call 3' refused with what was typed, why and the choices."""
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=2000"]
    code, out, err = deal(["--game", "27TD-PL", "--stakes", "1/2", *seats, "--button", "A",
                           "--journal", str(tmp_path / "j")], ["status", "call 3", "call 2", "raise to 12", "status"])
    assert code == 1 and "2 commands refused" in err
    assert (out[0]["legal"]["min_raise_to"], out[0]["legal"]["max_raise_to"]) == (4, 7)
    assert out[1]["message"] == "refused 'call 3': the call is 2, not 3 — A: call 2 · raise to 4–7 (pot) · fold"
    assert out[1]["ok"] is False and out[2]["ok"] is True
    assert out[2]["message"] == "ok: A calls 2"
    # B (SB, 1 in): call 1, raise to 4–8 (§7.3: H 2 + P 5 + (H − c) 1)
    assert out[3]["message"].startswith("refused 'raise to 12': ")  # what was typed (issue 27)
    assert out[3]["message"].endswith("B: call 1 · raise to 4–8 (pot) · fold")
    assert out[4]["bets_in_front"] == 5 and out[4]["pot"] == 5


def test_uncalled_excess_goes_back_when_the_round_closes(tmp_path: Path) -> None:
    """27SD-NL: C raises to 50, A folds, B (the big blind, 30 behind 2) calls all-in for 30: the round
    closes with 20 of C's raise uncalled, returned then (RULES.md §7.1); the hand goes on to the draw."""
    seats = ["--seat=A=200", "--seat=B=30", "--seat=C=200"]
    out = scripted(tmp_path / "j", ["--game", "27SD-NL", "--stakes", "1/2", *seats, "--button", "C"],
                   ["raise 50", "fold", "call"])
    last = out[-1]
    assert last["street"] == "D1"
    assert "Uncalled: 20 goes back to C (RULES.md §7.1)" in last["notes"]
    assert last["stacks"]["C"] == 170 and last["pot"] == 61


def test_the_pot_line_and_thousands() -> None:
    """The pot line separates the middle from the bets in front; amounts are grouped with commas,
    never a space that would read as two numbers."""
    seats = (SeatView(name="Ann", stack=12_500, bet=1_000), SeatView(name="Bob", stack=9_000, bet=2_000))
    view = TableView(hand=1, game="27TD-NL", street="B2", to_act="Ann", pot=23_000,
                     pots=(Pot(amount=20_000, eligible=("Ann", "Bob")),), seats=seats,
                     choices=("call 1,000", "raise to 3,000–24,000 (pot)", "fold"), stub=17)
    from rich.console import Console

    console = Console(width=120, record=True)
    console.print(render(view))
    text = console.export_text()
    assert "Pot 23,000: 20,000 in the middle + 3,000 in bets in front · stub 17 cards" in text
    assert "12,500" in text and "Ann: call 1,000 · raise to 3,000–24,000 (pot) · fold" in text


def test_completion_offers_only_the_words_that_apply_now(tmp_path: Path) -> None:
    """Tab completion (issue 16): betting words while a player bets, draw/pat while he draws, next once
    the hand is over; the session commands always, each with the names it takes."""
    from drawdealer.cli.deal.commands import parse_command
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.session import DealerSession
    from drawdealer.cli.deal.setup import SetupArgs, build_session

    info = build_session(SetupArgs(game="27TD-FL", stakes="1/2", seats=("A=100", "B=100", "C=100"), button="A"),
                         started="")
    session = DealerSession.start(info, Journal(tmp_path / "j"))
    always = {"rebuy", "addon", "seat", "leave", "sitout", "sitin", "button", "undo", "status", "ledger", "help",
              "quit"}
    betting = session.completions()
    assert set(betting) == {"call", "raise", "fold", "allin"} | always
    assert betting["rebuy"] == ("A", "B", "C") and betting["sitin"] == ()
    for line in ("call", "call", "check", "sitout C"):
        session.handle(parse_command(line))
    drawing = session.completions()
    assert set(drawing) == {"draw", "pat"} | always and drawing["sitin"] == ("C",)
    for line in ("draw 1", "draw 2", "pat", "bet 2", "fold", "fold"):
        session.handle(parse_command(line))
    assert set(session.completions()) == {"next"} | always

