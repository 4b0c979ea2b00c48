"""The dealer's screen as a dealer at a kitchen table reads it, and who pays whom (issue 27), each
point through the real ``drawdealer deal`` prompt on a terminal (pexpect).

1. money in front of the players stays their bet until the round closes; the pots are those of the
   closed rounds, a side pot only once the round of the all-in has closed (RULES.md §9.4);
2. what a prompt shows is accepted (``show CARDS``, ``muck``, ``raise to N``), and a refusal quotes
   what was typed; 3. the deal and each draw say the burn and the stub left (§8.1, §8.2);
4. a typo gets the closest word; 5. Italian poker's words are commands there and only there
   (§7.6, §10), ``deal`` is offered with every blind declaration, ``help`` lists the game's words;
6. no stale or internal text (the lone check, §7.1; ``undo`` in words, never PHH notation);
7. a table full for its game names the option that raises the limit (§18.1);
8. the ledger ends with who pays whom; 9. ``validate`` of a journal folder reads its hands and
   nothing else; 10. ``ledger --hands`` and ``status JOURNAL --hand N``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

NL6 = ["--game", "27TD-NL", "--stakes", "1/2", "--seat=Ann=200", "--seat=Bob=200", "--seat=Cy=200",
       "--seat=Dee=100", "--seat=Eve=200", "--seat=Fay=200", "--button", "Ann"]
ITA = ["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=Ann=200", "--seat=Bob=200", "--seat=Cy=200",
       "--seat=Dee=200", "--button", "Dee"]


class Table:
    """A ``drawdealer deal`` session on a wide terminal: :meth:`say` types a command and waits for
    the next prompt, returning the screen it drew (the table is redrawn in place each time)."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = dict(os.environ, TERM="xterm", COLUMNS="220", LINES="60", NO_COLOR="1")
        self.child = pexpect.spawn(sys.executable, ["-m", "drawdealer", "deal", *args], cwd=str(cwd), env=env,
                                   encoding="utf-8", timeout=60, dimensions=(60, 220))
        self.child.expect_exact("] > ")
        self.screen = self.child.before

    def say(self, line: str) -> str:
        self.child.send(line + "\r")
        self.child.expect_exact("] > ")
        self.screen = self.child.before
        return self.screen

    def quit(self) -> str:
        self.child.send("quit\r")
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0
        return self.child.before


def drawdealer(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "drawdealer", *args], capture_output=True, text=True, timeout=120)


def test_1_no_phantom_side_pot_while_the_round_is_open(tmp_path: Path) -> None:
    """Dee (100 chips) goes all-in with Eve, Fay, Ann, Bob and Cy still to act: every chip of B1 is
    a bet in front of its player, no pot is split. Cy re-raises all-in to 200 and Eve calls: when
    B1 closes, the main pot holds 100 of Dee, Eve and Cy and Bob's small blind (301) and the side
    pot the 100 more of Cy and Eve (200), theirs alone (RULES.md §9.4)."""
    table = Table([*NL6, "--journal", str(tmp_path / "j")], tmp_path)
    assert "Pot 103: 103 in bets in front" in table.say("allin")
    for line in ("call", "fold", "fold", "fold"):
        screen = table.say(line)
        assert "Pot 203: 203 in bets in front" in screen and "side pot" not in screen and "main pot" not in screen
    assert "Pot 401: 401 in bets in front" in table.say("allin")
    screen = table.say("call")
    assert "Pot 501: main pot 301 + side pot 1 200 (Cy, Eve)" in screen
    table.quit()


def test_2_the_prompts_syntax_is_accepted_and_a_refusal_quotes_what_was_typed(tmp_path: Path) -> None:
    """27TD-NL heads-up to the showdown: ``raise to 10`` is a raise to 10 like ``raise 10``; a refused
    ``raise to 1000`` is quoted as typed; at the showdown the prompt reads ``Bob: show CARDS ·
    muck`` and ``show 8s6d5c4h2h`` then ``muck`` are accepted for the player it names."""
    table = Table(["--game", "27TD-NL", "--stakes", "1/2", "--seat=Ann=200", "--seat=Bob=200", "--button", "Ann",
                   "--journal", str(tmp_path / "j")], tmp_path)
    assert "refused 'raise to 1000': " in table.say("raise to 1000")
    assert "ok: Ann raises to 10" in table.say("raise to 10")
    table.say("call")
    for _ in range(3):
        table.say("pat")
        table.say("pat")
        table.say("check")
        screen = table.say("check")
    assert "Bob: show CARDS · muck" in screen
    assert "ok: Bob shows 8s 6d 5c 4h 2h: 8-6-5-4-2" in table.say("show 8s6d5c4h2h")
    screen = table.say("muck")
    assert "ok: Ann mucks" in screen and "Main pot 20: Bob" in screen
    table.quit()


def test_3_the_deal_and_each_draw_say_the_burn_and_the_stub(tmp_path: Path) -> None:
    """Three players: 52 − 15 = 37 cards after the deal (no burn by default, RULES.md §8.1); the
    first draw burns one before its first card (§8.2): Ann draws 2, 37 − 1 − 2 = 34; Bob's 3 burn
    nothing more, 31. With ``BURN_BEFORE_INITIAL_DEAL`` the deal burns one first: 36."""
    table = Table(["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
                   "--button", "Cy", "--journal", str(tmp_path / "j")], tmp_path)
    assert "Deal: 5 cards each to 3 players, no burn (RULES.md §8.1); stub 37" in table.screen
    table.say("call")
    table.say("call")
    table.say("check")
    assert "ok: Ann draws 2 · burn 1 · stub 34" in table.say("draw 2")
    assert "ok: Bob draws 3 · stub 31" in table.say("draw 3")
    assert "ok: Cy stands pat · stub 31" in table.say("pat")
    table.quit()
    burning = Table(["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
                     "--button", "Cy", "--option", "BURN_BEFORE_INITIAL_DEAL=true", "--journal", str(tmp_path / "k")],
                    tmp_path)
    assert ("Deal: burn 1, then 5 cards each to 3 players (BURN_BEFORE_INITIAL_DEAL, RULES.md §8.1); stub 36"
            in burning.screen)
    burning.quit()


def test_4_a_typo_gets_the_closest_word(tmp_path: Path) -> None:
    table = Table([*NL6, "--journal", str(tmp_path / "j")], tmp_path)
    assert "refused 'rasie to 7': unknown command 'rasie': did you mean 'raise'?" in table.say("rasie to 7")
    assert "ok: Dee raises to 7" in table.say("raise to 7")
    table.quit()


def test_5_italian_words_are_commands_in_italian_poker_and_help_lists_the_games_own(tmp_path: Path) -> None:
    """RULES.md §7.6, §10: before the opening ``passo`` checks; ``apro`` opens for the pot; after the
    opening ``passo`` folds; ``servito`` stands pat; ``parola`` checks; ``piatto`` bets the pot.
    The blind declaration lists ``deal (no buio)`` with the betting words. A 2-7 game has no
    ``buio``, in its help or at its prompt."""
    table = Table([*ITA, "--journal", str(tmp_path / "j")], tmp_path)
    assert "Ann: buio 20 · check / passo · bet 1–10 (pot) / chip / piatto · fold · deal (no buio)" in table.screen
    assert "Italian poker: buio · controbuio · deal (no buio) · passo" in table.say("help")
    assert "ok: Ann checks (passo)" in table.say("passo")
    screen = table.say("apro")
    assert "ok: Bob opens for 10 (apro)" in screen and "Cy: call 10 · raise to 11–40 (pot) · fold / passo" in screen
    assert "ok: Cy folds (passo)" in table.say("passo")
    table.say("fold")
    table.say("call")
    table.say("draw 1")  # Bob, the opener, draws first (RULES.md §6.4)
    assert "ok: Ann stands pat (servito) · stub" in table.say("servito")
    assert "ok: Bob checks (parola)" in table.say("parola")
    assert "ok: Ann bets 30 (piatto)" in table.say("piatto")  # the pot: invito, Bob's opening, Ann's call (§7.6)
    table.quit()
    other = Table([*NL6, "--journal", str(tmp_path / "k")], tmp_path)
    assert "buio" not in other.say("help")
    assert "'buio' is a word of Italian poker, not of this game" in other.say("buio")
    other.quit()


def test_5_every_italian_word_is_in_deal_help() -> None:
    """``drawdealer deal --help`` names every Italian word the prompt takes (RULES.md §7.6, §10.6)."""
    from drawdealer.cli.deal.commands import ITALIAN_WORDS

    shown = drawdealer("deal", "--help")
    assert shown.returncode == 0
    words = set(shown.stdout.replace(",", " ").replace(".", " ").split())
    assert sorted(set(ITALIAN_WORDS) - words) == []


def test_6_no_stale_or_internal_text(tmp_path: Path) -> None:
    """The lone check (RULES.md §7.1): A, the small blind, calls all-in short and B, the big blind, is
    left alone with nothing to call: his optional check is said while it may come, before the first
    draw, and not again in the later draws, whose rounds nobody could bet in. ``undo`` after a
    resume says what was undone in words, not in the journal's PHH notation."""
    table = Table(["--game", "27TD-NL", "--stakes", "2/4", "--seat=A=3", "--seat=B=100", "--seat=C=100",
                   "--button", "C", "--journal", str(tmp_path / "j")], tmp_path)
    table.say("fold")
    assert "B may still check (optional)" in table.say("call")
    assert "may still check" not in table.say("pat")
    for _ in range(5):
        assert "may still check" not in table.say("pat")
    screen = table.say("show 7s 5h 4d 3c 2s")
    assert "ok: A shows 7s 5h 4d 3c 2s" in screen
    table.quit()
    resumed = Table(["--resume", str(tmp_path / "j")], tmp_path)
    screen = resumed.say("undo")
    assert "undone: A shows 7s 5h 4d 3c 2s" in screen and " sm " not in screen and "p1" not in screen
    resumed.quit()


def test_7_a_full_table_names_the_option_that_raises_its_size(tmp_path: Path) -> None:
    """27TD seats 6 by default, up to 10 with MAX_PLAYERS_27 (RULES.md §18.1): the seventh player is
    refused with the option and the command that raises the limit, which then seats him. Badugi seats
    8 and no option raises it."""
    journal = tmp_path / "j"
    table = Table([*NL6, "--journal", str(journal)], tmp_path)
    screen = table.say("seat Gus 150")
    assert (f"refused 'seat Gus 150': the table is full: 27TD-NL seats at most 6 players (RULES.md §18.1); "
            f"MAX_PLAYERS_27 raises it, up to 10: quit, then drawdealer deal --resume {journal} "
            "--option MAX_PLAYERS_27=7") in " ".join(screen.split())
    table.quit()
    bigger = Table(["--resume", str(journal), "--option", "MAX_PLAYERS_27=7"], tmp_path)
    assert "the table seats up to 7 players (MAX_PLAYERS_27, RULES.md §18.1)" in bigger.screen
    assert "ok: Gus takes a seat with 150 (at the next deal)" in bigger.say("seat Gus 150")
    bigger.quit()
    badugi = Table(["--game", "BADUGI-FL", "--stakes", "1/2", *[f"--seat=P{i}=50" for i in range(1, 9)],
                    "--button", "P1", "--journal", str(tmp_path / "b")], tmp_path)
    assert "BADUGI-FL seats at most 8 players (RULES.md §18.1); no option raises it" in badugi.say("seat Q 50")
    badugi.quit()


def test_8_the_ledger_ends_with_who_pays_whom(tmp_path: Path) -> None:
    """Bob wins Ann's 4 and Cy's big blind; then he rebuys: the ledger's transfers settle every net,
    in chips, or in money with what a chip is worth."""
    journal = tmp_path / "j"
    table = Table(["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
                   "--button", "Ann", "--journal", str(journal)], tmp_path)
    for line in ("raise 4", "call", "fold", "draw 1", "pat", "bet 2", "fold", "next", "rebuy Bob 100"):
        table.say(line)
    text = table.quit()
    assert "Who pays whom:\r\n  Ann pays Bob 4\r\n  Cy pays Bob 2" in text
    out = json.loads(drawdealer("ledger", "--json", str(journal)).stdout)
    assert out["transfers"] == [{"from": "Ann", "to": "Bob", "amount": 4}, {"from": "Cy", "to": "Bob", "amount": 2}]
    money = drawdealer("ledger", "--chip-value", "0.10€", str(journal)).stdout  # a game played for money
    assert "one chip is worth €0.10" in money and "Ann pays Bob €0.40\n  Cy pays Bob €0.20" in money
    assert "Bob €20.00 €0.00 €20.60 +€0.60 1" in [" ".join(line.split()) for line in money.splitlines()]
    out = json.loads(drawdealer("ledger", "--json", "--chip-value", "0.10€", str(journal)).stdout)
    assert out["unit"] == "cents" and out["transfers"][0] == {"from": "Ann", "to": "Bob", "amount": 40}
    refused = drawdealer("ledger", "--chip-value", "ten", str(journal))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "--chip-value: 'ten'" in refused.stderr


def test_9_to_10_a_journal_is_validated_listed_and_looked_up_by_hand(tmp_path: Path) -> None:
    """An evening of three hands: ``validate`` reads its three hand files and passes over nothing;
    ``ledger --hands`` lists each hand in one line; ``status JOURNAL --hand 2`` shows hand 2's
    actions in words and its result."""
    journal = tmp_path / "j"
    table = Table(["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
                   "--button", "Ann", "--journal", str(journal)], tmp_path)
    hand_1 = ["fold", "fold", "next"]  # Cy takes the blinds
    hand_2 = ["call", "call", "check", "draw 2", "draw 1", "pat"] + ["check"] * 3 + ["pat"] * 3 + ["check"] * 3 + \
        ["pat"] * 3 + ["check"] * 3 + ["show 7s 5h 4d 3c 2s", "muck", "muck", "next"]
    for line in hand_1 + hand_2:
        table.say(line)
    table.quit()
    validated = drawdealer("validate", str(journal))
    assert validated.returncode == 0, validated.stdout
    assert "passed over" not in validated.stdout and "3 hands in 3 files: 3 clean" in validated.stdout
    listed = drawdealer("ledger", "--hands", str(journal))
    assert listed.stdout.splitlines()[:4] == [
        "hand  game          pot  showdown  won by",
        "   1  27TD-FL         2  no        Cy 2",
        "   2  27TD-FL         6  yes       Cy 6",
        "   3  27TD-FL                      under way (B1)"]  # next posted the blinds and dealt: B1 is on
    looked_up = drawdealer("status", str(journal), "--hand", "2")
    assert looked_up.returncode == 0, looked_up.stderr
    lines = looked_up.stdout.splitlines()
    assert lines[0] == f"{journal / 'hand-0002.phh'}: hand 2 (27TD-FL), AWARD, pot 6"
    assert lines[1:5] == ["   1. Cy posts the small blind 1", "   2. Ann posts the big blind 2", "   3. Bob calls 2",
                          "   4. Cy calls 1"]
    assert any(line.endswith(". Cy shows 7s 5h 4d 3c 2s") for line in lines)
    assert "Main pot 6: Cy — Cy is the only player left in it: Ann, Bob mucked (RULES.md §9.2)" in lines
