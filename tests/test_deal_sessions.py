"""Scripted dealer sessions for every game (issue 5), read through ``--json``.

Each scenario is a hand a home-game dealer would type; the expectations come from RULES.md (the
§12 worked examples, the showdown order of §9.1, the splits of §9.6, the Italian procedure of §10)
and from chip arithmetic, never from a previous run. Every journal must then validate clean: with
``drawdealer validate`` file by file, and replayed as one table (``engine.replay.replay_session``:
button moves, Italian carry from deal to deal).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deal_support import deal, replay_journal, scripted, validate_journal

SIX = [f"--seat=P{i}={100}" for i in range(1, 7)]


def _journal_clean(journal: Path, *, allowed: frozenset[str] = frozenset(), carried: bool = False) -> None:
    """No error finding in the journal: chained replay always; ``drawdealer validate`` file by file
    unless ``carried`` (an Italian deal that starts with money carried from the last one, which the
    PHH files do not record yet: see ``test_validate_sees_the_italian_carry``)."""
    results = replay_journal(journal)
    assert results
    for result in results:
        errors = [f for f in result.findings if f.is_error and f.code not in allowed]
        assert errors == [], (result.hand_id, [f.to_dict() for f in errors])
    if not carried:
        for name, findings in validate_journal(journal).items():
            errors = [f for f in findings if f["severity"] == "error" and f["code"] not in allowed]
            assert errors == [], (name, errors)


def test_fixed_limit_triple_draw_cap_reshuffle_and_showdown(tmp_path: Path) -> None:
    """27TD-FL, 6 players, blinds 1/2 (bets 2/4): B1 capped at 4 bets (RULES.md §7.2, §12.2 FL-1),
    the stub runs out in D1 (§8.4, §12.7), B3 capped, a checked-through showdown (§9.1)."""
    commands = [
        "raise 4", "raise 6", "raise 8",            # P3 (UTG), P4, P5: the BB is bet 1, so 8 = bet 4 (cap)
        "raise 10",                                   # P6: refused, RAISE_CAP_EXCEEDED
        "call", "call", "call", "call", "call",       # P6, P1 (SB) 7 more, P2 (BB) 6 more, P3, P4
        "draw 4", "draw 4", "draw 4", "draw 4", "draw 4", "draw 4",
        "bet 2", "call", "fold", "fold", "fold", "fold",
        "draw 2", "pat",
        "check", "bet 4", "raise 8", "raise 12", "raise 16", "raise 20", "call",
        "pat", "pat",
        "check", "check",
        "show P1 7s 5h 4d 3c 2s", "show P2 8s 6h 4c 3d 2h",
        "next",
    ]
    code, out, err = deal(["--game", "27TD-FL", "--stakes", "1/2", *SIX, "--button", "P6",
                           "--journal", str(tmp_path / "j")], commands)
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    by = dict(zip(range(len(commands)), out))
    # the cap: P5's raise to 8 is the 4th bet, P6 may only call 8 or fold
    assert by[2]["legal"]["min_raise_to"] is None and by[2]["legal"]["to_call"] == 8
    assert by[3]["message"].startswith("refused") and "RAISE_CAP_EXCEEDED" in by[3]["message"]
    assert by[3]["stacks"] == by[2]["stacks"]  # nothing changed
    # SB calls 7 more, BB 6 more (§12.2 FL-1)
    assert by[4]["to_act"] == "P1" and by[4]["legal"]["to_call"] == 7
    assert by[5]["legal"]["to_call"] == 6
    # D1: 52 − 30 = 22 in the stub; the sixth drawer needs a reshuffle
    assert by[8]["street"] == "D1" and by[8]["stub"] == 22 and by[8]["to_act"] == "P1"
    assert by[9]["stub"] == 22 - 1 - 4
    # the reshuffle is announced before P6 draws, in cards and piles (issue 16), then said when done:
    # stage 1 (1 burn + the 1 card held back) cannot serve 4 + burn + hold-back, so this draw's
    # discards of the five players served go in too (§8.4 stage 2): 1 + 1 + 20 = 22 cards
    pool = "shuffle 22 cards into a new stub (1 burn card, the 1 card left in the stub, 20 discards of this draw " \
           "by players already served), cut, burn one (RULES.md §8.4)"
    assert f"Reshuffle ahead: if P6 draws 1–5, {pool}" in by[13]["notes"]
    assert f"Reshuffle now, before P6's next card: {pool}" in by[14]["notes"]
    # B3: bets of 4 (big bet), capped after bet + 3 raises; P2 may only call
    assert by[23]["to_act"] == "P2" and by[23]["legal"]["min_bet"] == 4
    assert by[27]["legal"]["min_raise_to"] is None and by[27]["legal"]["to_call"] == 4
    assert "RAISE_CAP_EXCEEDED" in by[28]["message"]
    # showdown: B4 checked through, first active player left of the button shows first (§9.1)
    assert by[33]["street"] == "SHOWDOWN" and by[33]["to_act"] == "P1"
    assert any("P1 shows first" in n for n in by[33]["notes"])
    final = by[35]
    pot = 6 * 8 + 2 * 2 + 2 * 16
    assert final["street"] == "AWARD" and final["awards"][0]["winners"] == ["P1"]
    assert final["awards"][0]["amount"] == pot
    assert final["stacks"] == {"P1": 100 - 26 + pot, "P2": 100 - 26, "P3": 92, "P4": 92, "P5": 92, "P6": 92}
    # next: the button moves to P1, P2 posts the SB and P3 the BB (§6.1), stacks carry over
    nxt = by[36]
    assert nxt["hand"] == 2 and nxt["street"] == "B1" and nxt["to_act"] == "P4"
    assert nxt["stacks"]["P2"] == 74 - 1 and nxt["stacks"]["P3"] == 92 - 2 and nxt["stacks"]["P1"] == 158
    assert sum(nxt["stacks"].values()) + nxt["pot"] == 600
    _journal_clean(tmp_path / "j")


# RULES.md §12.1: (situation, P, H, c) → max raise-to, min raise-to
PL_SIX = ["--game", "27TD-PL", "--stakes", "1/2", "--button", "BTN"]


def _pl_seats(bb_stack: int) -> list[str]:
    return [f"--seat={n}=200" for n in ("SB",)] + [f"--seat=BB={bb_stack}"] + [
        f"--seat={n}=200" for n in ("UTG", "HJ", "CO", "BTN")]


@pytest.mark.parametrize(("bb_stack", "bb_max"), [(200, 104), (62, 62)])
def test_pot_limit_maximums_pl1_to_pl4_and_pl9(tmp_path: Path, bb_stack: int, bb_max: int) -> None:
    """RULES.md §12.1 PL-1..PL-4 (and PL-9 when the BB has only 62): every max and min raise-to."""
    out = scripted(tmp_path / "j", PL_SIX + _pl_seats(bb_stack), ["status", "raise 7", "status", "fold", "call",
                                                                   "fold", "status", "raise 30"])
    pl1, pl2, pl3, pl4 = out[0]["legal"], out[2]["legal"], out[6]["legal"], out[7]["legal"]
    assert (out[0]["to_act"], pl1["to_call"], pl1["max_raise_to"], pl1["min_raise_to"]) == ("UTG", 2, 7, 4)
    assert (out[2]["to_act"], pl2["to_call"], pl2["max_raise_to"], pl2["min_raise_to"]) == ("HJ", 7, 24, 12)
    assert (out[6]["to_act"], pl3["to_call"], pl3["max_raise_to"], pl3["min_raise_to"]) == ("SB", 6, 30, 12)
    assert (out[7]["to_act"], pl4["to_call"], pl4["max_raise_to"], pl4["min_raise_to"]) == ("BB", 28, bb_max, 53)
    assert out[6]["pot"] == 17 and out[7]["pot"] == 46
    code, refused, _ = deal(["--resume", str(tmp_path / "j")], [f"raise {bb_max + 1}"])
    assert code == 1 and refused[0]["message"].startswith("refused")
    assert ("RAISE_ABOVE_POT_LIMIT" if bb_stack == 200 else "BET_EXCEEDS_STACK") in refused[0]["message"]


def test_pot_limit_heads_up_pl5(tmp_path: Path) -> None:
    """RULES.md §12.1 PL-5: heads-up 5/10, the button/SB acts first: call 5, max 30, min 20."""
    out = scripted(tmp_path / "j", ["--game", "27TD-PL", "--stakes", "5/10", "--seat=A=500", "--seat=B=500",
                                    "--button", "A"], ["status"])
    legal = out[0]["legal"]
    assert (out[0]["to_act"], out[0]["pot"], legal["to_call"], legal["max_raise_to"], legal["min_raise_to"]) == (
        "A", 15, 5, 30, 20)


def test_pot_limit_later_rounds_pl6_to_pl8(tmp_path: Path) -> None:
    """RULES.md §12.1 PL-6 (bet into 40: max 40, min 2), PL-7 (max 140, min 50), PL-8 (max 160, min 50)."""
    seats = [f"--seat={n}=300" for n in ("A", "B", "C", "D")]  # A = SB, B = BB, C = UTG, D = button
    commands = ["raise 6", "call", "raise 10", "call", "call", "call",   # B1: 10 each, pot 40
                "pat", "pat", "pat", "pat",
                "status", "bet 10", "raise 30", "status", "call", "fold", "status"]
    out = scripted(tmp_path / "j", ["--game", "27TD-PL", "--stakes", "1/2", *seats, "--button", "D"], commands)
    pl6, pl7, pl8 = out[10], out[13], out[16]
    assert (pl6["street"], pl6["to_act"], pl6["pot"]) == ("B2", "A", 40)
    assert (pl6["legal"]["max_bet"], pl6["legal"]["min_bet"]) == (40, 2)
    assert (pl7["to_act"], pl7["pot"], pl7["legal"]["to_call"]) == ("C", 80, 30)
    assert (pl7["legal"]["max_raise_to"], pl7["legal"]["min_raise_to"]) == (140, 50)
    assert (pl8["to_act"], pl8["pot"], pl8["legal"]["to_call"]) == ("A", 110, 20)
    assert (pl8["legal"]["max_raise_to"], pl8["legal"]["min_raise_to"]) == (160, 50)


def test_pot_limit_short_all_in_pl10(tmp_path: Path) -> None:
    """RULES.md §12.1 PL-10: pot 60, A bets 20, B all-in to 25, C: call 25, max 155, min 45."""
    seats = ["--seat=C=200", "--seat=A=200", "--seat=B=45"]  # C button, A SB, B BB
    commands = ["raise 7", "raise 20", "call", "call",              # B1: 20 each, pot 60
                "pat", "pat", "pat",
                "bet 20", "allin", "status"]
    out = scripted(tmp_path / "j", ["--game", "27TD-PL", "--stakes", "1/2", *seats, "--button", "C"], commands)
    pl10 = out[9]
    assert (pl10["to_act"], pl10["pot"], pl10["legal"]["to_call"]) == ("C", 105, 25)
    assert (pl10["legal"]["max_raise_to"], pl10["legal"]["min_raise_to"]) == (155, 45)
    assert out[8]["stacks"]["B"] == 0


def test_no_limit_single_draw_short_all_in_and_side_pot(tmp_path: Path) -> None:
    """27SD-NL: a short all-in does not reopen the betting (RULES.md §7.5); a side pot (§9.4)."""
    seats = ["--seat=Al=15", "--seat=Cy=200", "--seat=Bob=200"]  # Bob button, Al SB, Cy BB
    commands = ["raise 10",   # Bob
                "allin",      # Al: all-in to 15, an increment of 5 < 8: not a full raise
                "call",       # Cy calls 15
                "status",     # Bob, who already acted, may only call 5 or fold
                "raise 30",   # refused
                "call",
                "draw 1", "draw 2", "pat",
                "bet 20", "call",
                "show Cy 9s 8h 6d 4c 3s", "show Bob Ks Qd Jh 9c 8s", "show Al 7s 5h 4d 3c 2s",
                "next"]
    code, out, err = deal(["--game", "27SD-NL", "--stakes", "1/2", *seats, "--button", "Bob",
                           "--journal", str(tmp_path / "j")], commands)
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    assert out[1]["stacks"]["Al"] == 0
    assert out[1]["legal"]["min_raise_to"] == 23  # Cy: 15 + the last full raise 8
    assert out[3]["to_act"] == "Bob" and out[3]["legal"]["to_call"] == 5
    assert out[3]["legal"]["min_raise_to"] is None and out[3]["legal"]["max_raise_to"] is None
    assert "RAISE_NOT_REOPENED" in out[4]["message"]
    assert out[6]["street"] == "D1" and out[6]["to_act"] == "Cy"  # heads-up rule aside: left of the button
    assert out[10]["street"] == "SHOWDOWN" and out[10]["to_act"] == "Cy"  # last aggressor shows first
    end = out[13]
    assert [a["amount"] for a in end["awards"]] == [45, 40]
    assert end["awards"][0]["winners"] == ["Al"] and end["awards"][1]["winners"] == ["Cy"]
    assert end["stacks"] == {"Al": 45, "Cy": 200 - 35 + 40, "Bob": 200 - 35}
    assert out[14]["hand"] == 2
    _journal_clean(tmp_path / "j")


def test_split_pot_with_odd_chip(tmp_path: Path) -> None:
    """RULES.md §9.6: tied 2-7 hands split a pot of 5; the odd chip goes to the first winner left of
    the button."""
    seats = ["--seat=A=100", "--seat=B=100", "--seat=C=100"]  # A button, B SB, C BB
    commands = ["call", "fold", "check", "pat", "pat", "check", "check",
                "show C 7s 5h 4d 3c 2s", "show A 7h 5c 4s 3d 2h", "next"]
    out = scripted(tmp_path / "j", ["--game", "27SD-NL", "--stakes", "1/2", *seats, "--button", "A"], commands)
    end = out[8]
    (award,) = end["awards"]
    assert award["amount"] == 5 and set(award["winners"]) == {"A", "C"}
    assert award["shares"] == {"C": 3, "A": 2} and award["odd_chip_to"] == "C"
    assert end["stacks"] == {"A": 100, "B": 99, "C": 101}
    assert any("odd chip to C" in n for n in end["notes"])
    _journal_clean(tmp_path / "j")


def test_no_limit_triple_draw_and_five_card_draw(tmp_path: Path) -> None:
    """27TD-NL and 5CD-FL (high hands win, RULES.md §0.1): a walk and a showdown."""
    out = scripted(tmp_path / "nl", ["--game", "27TD-NL", "--stakes", "1/2", "--seat=A=50", "--seat=B=80",
                                     "--button", "A"], ["raise 6", "allin", "call"])
    assert out[1]["to_act"] == "A" and out[1]["legal"]["to_call"] == 44  # all A has behind
    assert out[2]["stacks"]["A"] == 0 and out[2]["street"] == "D1"  # all-in players keep drawing
    out5 = scripted(tmp_path / "5cd", ["--game", "5CD-FL", "--stakes", "1/2", "--seat=A=50", "--seat=B=50",
                                       "--button", "A"],
                    ["call", "check", "draw 3", "draw 1", "check", "bet 4", "call",
                     "show B As Ad Kc 7h 2s", "show A 9s 9d 9c 3h 4h"])
    end = out5[-1]
    assert end["awards"][0]["winners"] == ["A"]  # trips beat a pair in high poker
    assert end["stacks"] == {"A": 56, "B": 44}
    _journal_clean(tmp_path / "5cd")


ITA = ["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=P1=500", "--seat=P2=500", "--seat=P3=500",
       "--seat=P4=500", "--button", "P4"]


def test_italian_nobody_opens_the_requirement_rises(tmp_path: Path) -> None:
    """RULES.md §10.2, §12.6 IT-1: unopened deals carry the pot and raise R: J → Q → K; the dealer
    rotates and posts a new invito each deal; a deal won resets R to J."""
    commands = ["check"] * 4 + ["next"] + ["check"] * 4 + ["next"] + ["status", "bet 30", "call", "fold", "fold",
                                                                       "pat", "draw 1", "check", "check",
                                                                       "show P3 Kh Kd 9c 8c 7s", "next"]
    out = scripted(tmp_path / "j", ITA, commands)
    assert out[3]["street"] == "AWARD" and out[3]["requirement"] == "J"
    assert any("next deal needs Q" in n for n in out[3]["notes"])
    hand2 = out[4]
    assert (hand2["hand"], hand2["requirement"], hand2["pot"], hand2["to_act"]) == (2, "Q", 20, "P2")
    assert hand2["stacks"]["P1"] == 490  # P1 deals hand 2 and posts the invito
    hand3 = out[10]
    assert (hand3["requirement"], hand3["pot"]) == ("K", 30)
    assert (hand3["legal"]["max_bet"], hand3["legal"]["min_bet"]) == (30, 1)  # IT_CHIP..P (§7.6)
    assert "buio" not in " ".join(hand3["notes"])  # blind opening only at R = J (§10.6)
    # P3 opens piatto for 30 with K-K; P4 calls; both check after the draw: parola (§10.5)
    parola = out[18]
    assert parola["street"] == "AWARD" and parola["awards"] == []
    assert any("parola" in n for n in parola["notes"])
    assert any("openers" in n for n in parola["notes"])  # P3 still has to show his openers
    hand4 = out[20]
    assert (hand4["hand"], hand4["requirement"], hand4["pot"]) == (4, "K", 90 + 10)
    _journal_clean(tmp_path / "j", carried=True)


@pytest.mark.parametrize("false_opener_wins", [True, False])
def test_italian_false_opener(tmp_path: Path, false_opener_wins: bool) -> None:
    """RULES.md §10.4, §12.6 IT-3: P1 opens 10 with T-T at R = J, P2 calls, P1 bets 15 after the draw.
    (a) P1 would win: nobody collects, stakes are refunded, the 10 stays, R stays J.
    (b) P2 wins: he collects 60 and P1 pays the initial pot (10) into the next deal."""
    p1 = "Ts Td As Kd 9c"
    p2 = "Ah Ad 8c 8d Qh" if not false_opener_wins else "9h 9d 8c 7h Qs"
    commands = ["bet 10", "call", "fold", "fold", "draw 3", "draw 2", "bet 15", "call",
                f"show P1 {p1}", f"show P2 {p2}", "next",  # refused: the openers are not shown yet
                "show P1 Ts Td 7c 8d Qd", "next"]
    code, out, err = deal([*ITA, "--journal", str(tmp_path / "j")], commands)
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    assert out[10]["message"].startswith("refused") and "openers" in out[10]["message"]
    settled = out[11]
    if false_opener_wins:
        assert settled["awards"] == []
        assert settled["stacks"] == {"P1": 500, "P2": 500, "P3": 500, "P4": 490}
        assert any("refunds" in n for n in settled["notes"])
        nxt = out[12]
        assert (nxt["requirement"], nxt["pot"]) == ("J", 10 + 10)
    else:
        assert settled["awards"][0]["winners"] == ["P2"] and settled["awards"][0]["amount"] == 60
        assert settled["stacks"] == {"P1": 475, "P2": 535, "P3": 500, "P4": 490}
        nxt = out[12]
        # P1 deals the next hand: invito 10, plus the false opener's 10 (§10.4)
        assert (nxt["requirement"], nxt["pot"]) == ("J", 20)
        assert nxt["stacks"]["P1"] == 475 - 10 - 10
    assert sum(nxt["stacks"].values()) + nxt["pot"] == 2000
    _journal_clean(tmp_path / "j", allowed=frozenset({"IT_OPEN_WITHOUT_OPENERS"}), carried=True)


def test_italian_blind_open_with_controbuio(tmp_path: Path) -> None:
    """RULES.md §10.6, §12.6 IT-4: pot 20, R = J; P1 buio 40, P2 controbuio 80; P3, P4 may only call
    80 or fold; P1 tops up 40 or folds; the draw and B2 start with P1."""
    args = ["--game", "ITA", "--invito", "20", "--chip", "1", *[f"--seat=P{i}=500" for i in range(1, 5)],
            "--button", "P4"]
    commands = ["status", "buio", "controbuio", "raise 200", "call", "fold", "call",
                "draw 1", "draw 2", "draw 3", "check", "check", "check",
                "show P1 Ah Ad Kc Ks 7h", "show P2 Qh Qd Jc Js 8h", "show P3 Ts Tc 9h 9d 8d", "next"]
    code, out, err = deal([*args, "--journal", str(tmp_path / "j")], commands)
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    start = out[0]
    assert (start["street"], start["to_act"], start["legal"]["blind_open"]) == ("SETUP", "P1", 40)
    assert out[1]["to_act"] == "P2" and out[1]["legal"]["controbuio"] == 80
    after = out[2]
    assert (after["street"], after["to_act"], after["pot"]) == ("B1", "P3", 20 + 40 + 80)
    assert after["legal"]["to_call"] == 80 and after["legal"]["min_raise_to"] is None
    assert out[3]["message"].startswith("refused")
    assert out[5]["to_act"] == "P1" and out[5]["legal"]["to_call"] == 40
    assert out[6]["street"] == "D1" and out[6]["to_act"] == "P1"       # the blind opener draws first
    assert out[9]["street"] == "B2" and out[9]["to_act"] == "P1"       # and starts B2
    parola = out[12]
    assert parola["street"] == "AWARD" and parola["awards"] == []        # checked through: carried
    # the blind opener need not show openers (§10.6): the shows are refused, next is allowed
    assert all(o["message"].startswith("refused") for o in out[13:16])
    nxt = out[16]
    assert nxt["hand"] == 2 and nxt["requirement"] == "K" and nxt["pot"] == 20 + 3 * 80 + 20
    _journal_clean(tmp_path / "j")


def test_a_busted_player_sits_out_and_the_session_ends_with_one_stack(tmp_path: Path) -> None:
    """A player without chips is not dealt in; the button skips him (RULES.md §6.1: the next
    occupied seat); heads-up the button posts the small blind; with one stack left ``next`` ends."""
    args = ["--game", "27SD-NL", "--stakes", "1/2", "--seat=A=10", "--seat=B=100", "--seat=C=100", "--button", "C"]
    commands = ["fold", "allin", "call", "pat", "pat", "show A 9s 8h 6d 4c 3s", "show B 7s 5h 4d 3c 2s",
                "next",                                   # hand 2: A is out, B has the button
                "allin", "call", "pat", "pat", "show C 9h 7h 5c 4d 3h", "show B 8s 6h 4c 3d 2h",
                "next"]
    code, out, err = deal([*args, "--journal", str(tmp_path / "j")], commands)
    assert code == 1, err  # a refusal in the script: exit 1 (issue 16)
    hand2 = out[7]
    assert hand2["hand"] == 2 and hand2["stacks"] == {"A": 0, "B": 110 - 1, "C": 100 - 2}
    assert hand2["to_act"] == "B"  # heads-up: the button (small blind) acts first (§6.2)
    end = out[13]
    assert end["stacks"]["C"] == 0 and end["stacks"]["B"] == 210
    assert out[14]["message"].startswith("refused 'next': only B has chips left to be dealt in: rebuy")
    _journal_clean(tmp_path / "j")


def test_validate_sees_the_italian_carry(tmp_path: Path) -> None:
    """Deal 2 starts with deal 1's 10 in the middle and needs queens (RULES.md §10.2); the opener
    shows his openers although everyone folded (§9.2). Validated alone, the deal is clean: the
    journal carries the incoming pot and requirement."""
    scripted(tmp_path / "j", ITA, ["check"] * 4 + ["next", "check", "bet 20", "fold", "fold", "fold",
                                                   "show P3 Qs Qh 9c 8d 7s"])
    findings = validate_journal(tmp_path / "j")
    assert findings["hand-0002.phh"] == []


def test_validate_waits_for_the_openers_of_the_hand_under_way(tmp_path: Path) -> None:
    """The same deal without the opener's show yet: the dealer refuses ``next`` until P3 shows, so
    the hand is under way and owes nothing yet (§9.2, §10.2); the same file read out of its journal
    is a finished history whose opener never showed (tests/test_validate_under_way.py)."""
    scripted(tmp_path / "j", ITA, ["check"] * 4 + ["next", "check", "bet 20", "fold", "fold", "fold"])
    findings = validate_journal(tmp_path / "j")
    assert findings["hand-0002.phh"] == []
