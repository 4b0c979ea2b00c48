"""Scripted dealer sessions for Badugi and Badeucey (RULES.md §15, §17), read through ``--json``;
each journal then validates clean (as in test_deal_sessions)."""

from __future__ import annotations

from pathlib import Path

from deal_support import scripted
from test_deal_sessions import _journal_clean

SIX = [f"--seat=P{i}=100" for i in range(1, 7)]


def test_badugi_reshuffle_with_four_card_hands(tmp_path: Path) -> None:
    """BADUGI-FL, 6 players: four cards each leave 52 − 24 = 28 in the stub (§8, §15); six draws
    of four in D1 leave 28 − 1 burn − 24 = 3; in D2, after the burn, P1 gets the one dealable card
    (the last is held back, §8.3), then the 24 discards of D1, the 2 burns and the card held back
    are reshuffled (§8.4): 27 cards, one burned, three more to P1, 23 left.
    At the showdown A-2-3-4 of four suits wins (§15)."""
    commands = (["call"] * 5 + ["check"] + ["draw 4"] * 6 + ["check"] * 6 + ["draw 4"] * 6 + ["check"] * 6
                + ["pat"] * 6 + ["check"] * 6
                + ["show P1 As 2d 3h 4c", "show P2 Ah 2s 3d 5c", "show P3 Jc Qd Th 9s", "show P4 8c 7d 6h 5s",
                   "show P5 Ks Kd Kh Kc", "show P6 2c 3c 4s 6d", "next"])
    out = scripted(tmp_path / "j", ["--game", "BADUGI-FL", "--stakes", "1/2", *SIX, "--button", "P6"], commands)
    assert out[5]["street"] == "D1" and out[5]["stub"] == 28
    assert out[11]["street"] == "B2" and out[11]["stub"] == 3
    reshuffle = [n for n in out[18]["notes"] if n.startswith("reshuffle")]
    assert reshuffle == ["reshuffle 27 cards (24 earlier discards, 2 burn cards, 1 left in the stub), cut, burn one, "
                         "continue with P1"]
    assert out[18]["stub"] == 27 - 1 - 3
    refused = [o["message"] for o in out if o["message"].startswith("refused")]
    assert refused == []
    assert "P1 shows As 2d 3h 4c: 4-3-2-A badugi" in out[42]["message"]
    assert "P6 shows 2c 3c 4s 6d: three-card 6-4-2" in out[47]["message"]
    end = out[47]
    (award,) = end["awards"]
    assert award["winners"] == ["P1"] and award["amount"] == 12
    assert "P1's 4-3-2-A badugi beats P2's 5-3-2-A badugi" in award["reason"]
    assert end["stacks"] == {"P1": 110, "P2": 98, "P3": 98, "P4": 98, "P5": 98, "P6": 98}
    _journal_clean(tmp_path / "j")


def test_badeucey_split_with_a_side_pot_and_an_odd_chip(tmp_path: Path) -> None:
    """BADEUCEY-FL: A is all-in on his small blind of 1, so the main pot is 3 (A, B, C) and B and C
    make a side pot of 2 (§9.4). Each pot is halved (§17): the main pot's low half (1) to A's
    7-5-4-3-2, its Badugi half with the odd chip (2) to B's 4-3-2-A; the side pot's low half to C's
    8-6-5-4-3 (B's ace is high in 2-7), its Badugi half to B."""
    seats = ["--seat=A=1", "--seat=B=100", "--seat=C=100"]  # C button, A SB all-in, B BB
    street = ["pat", "pat", "pat", "check", "check"]
    commands = (["call", "check"] + street * 3
                + ["show A 7s 5d 4c 3h 2s", "show B As 2d 3c 4h Ks", "show C 8c 6c 5s 4d 3d", "next"])
    out = scripted(tmp_path / "j", ["--game", "BADEUCEY-FL", "--stakes", "1/2", *seats, "--button", "C"], commands)
    assert out[17]["message"].endswith("A shows 7s 5d 4c 3h 2s: 2-7: 7-5-4-3-2 (seven-five low); Badugi: 5-4-3-2 badugi")
    end = out[19]
    assert end["street"] == "AWARD"
    assert [(a["pot"], a["amount"], a["winners"], a["shares"]) for a in end["awards"]] == [
        (0, 1, ["A"], {"A": 1}), (0, 2, ["B"], {"B": 2}), (1, 1, ["C"], {"C": 1}), (1, 1, ["B"], {"B": 1})]
    assert end["awards"][1]["reason"].startswith("Badugi half: B's 4-3-2-A badugi beats A's 5-4-3-2 badugi")
    assert end["stacks"] == {"A": 1, "B": 101, "C": 99}
    _journal_clean(tmp_path / "j")
