"""Badugi, A-5, Badeucey and Badacey through both writers (RULES.md §15-§17): PHH ``FB`` for
fixed-limit Badugi, ``_drawdealer_game`` for the games the PHH spec lacks, PokerStars text for
Badugi; read back, every record is the one written (``convert``'s round trip)."""

from __future__ import annotations

import random

import pytest

from drawdealer.engine.record import HandRecord, Stakes
from drawdealer.engine.replay import replay
from drawdealer.engine.simulate import random_hand
from drawdealer.parsers import read_text, write_phh, write_pokerstars
from drawdealer.parsers.compare import differences

BLINDS = Stakes(sb=1, bb=2, small_bet=2, big_bet=4)
NEW_GAMES = [f"{family}-{structure}" for family in ("BADUGI", "A5TD", "A5SD", "BADEUCEY", "BADACEY")
             for structure in ("FL", "PL", "NL")]


def reread(text: str) -> HandRecord:
    (hand,) = list(read_text(text))
    assert isinstance(hand, HandRecord), hand
    return hand


def settled(hand: HandRecord) -> tuple:
    result = replay(hand)
    s = result.settlement
    return result.findings, s.final_stacks, [(a.index, a.winners, a.shares) for a in s.awards]


@pytest.mark.parametrize("game", NEW_GAMES)
def test_random_hands_survive_phh(game: str) -> None:
    """A simulated hand read back from PHH plays out the same (a simulated record is not what a
    reader gives: its pat draws name no cards, its options are implicit); read back again it is
    equal (``convert``'s round trip)."""
    rng = random.Random(game)
    for k in range(12):
        hand = random_hand(game, rng, players=2 + k % 5, hand_id=str(k), stakes=BLINDS)
        again = reread(write_phh(hand))
        assert again.game == game
        assert settled(again) == settled(hand) and settled(again)[0] == ()
        assert differences(again, reread(write_phh(again))) == []


def test_fixed_limit_badugi_is_phh_fb() -> None:
    hand = random_hand("BADUGI-FL", random.Random(1), players=3)
    text = write_phh(hand)
    assert "variant = 'FB'\n" in text and "_drawdealer_game" not in text
    first_deals = [line.split()[-1].strip("',") for line in text.splitlines() if line.strip().startswith("'d dh")][:3]
    assert [len(cards) for cards in first_deals] == [8, 8, 8]  # four cards each (RULES.md §15)
    other = write_phh(random_hand("BADACEY-PL", random.Random(1), players=3))
    assert "variant = 'PBADACEY'\n_drawdealer_game = 'BADACEY-PL'\n" in other


@pytest.mark.parametrize("game", ["BADUGI-FL", "BADUGI-PL", "BADUGI-NL"])
def test_badugi_survives_pokerstars_text(game: str) -> None:
    rng = random.Random(game)
    for k in range(10):
        hand = random_hand(game, rng, players=2 + k % 5, hand_id=str(k + 1), stakes=BLINDS)
        text = write_pokerstars(hand)
        assert " Badugi " in text.splitlines()[0]
        again = reread(text)
        assert again.game == game
        assert settled(again)[1:] == settled(hand)[1:] and settled(again)[0] == ()
        assert differences(again, reread(write_pokerstars(again))) == []
