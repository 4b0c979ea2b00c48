"""Card notation and decks (RULES.md §1.1, §2.1, §2.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.cards import (
    CARDS,
    CardError,
    card_str,
    cards_str,
    full_deck,
    italian_deck,
    italian_lowest_rank,
    parse_card,
    parse_cards,
    parse_hand,
    rank_index,
    rank_value,
    split_cards,
    suit_of,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


# --- §1.1 canonical form and normalisation ------------------------------------------------------

@pytest.mark.parametrize("rank", RANKS)
@pytest.mark.parametrize("suit", SUITS)
def test_every_canonical_card_round_trips(rank: str, suit: str) -> None:
    card = parse_card(rank + suit)
    assert card_str(card) == rank + suit
    assert rank_value(card) == RANKS.index(rank) + 2
    assert suit_of(card) == suit


@pytest.mark.parametrize(("text", "canonical"), [
    ("10h", "Th"), ("10s", "Ts"),              # rank 10 → T
    ("th", "Th"), ("jd", "Jd"), ("qc", "Qc"), ("ks", "Ks"), ("ah", "Ah"),   # lowercase rank letters
    ("7♣", "7c"), ("7♦", "7d"), ("7♥", "7h"), ("7♠", "7s"), ("10♥", "Th"),  # suit symbols
    (" As ", "As"),
])
def test_input_normalisation(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


def test_rank_values_ace_is_14() -> None:
    assert [rank_value(parse_card(r + "s")) for r in RANKS] == list(range(2, 15))
    assert [rank_index(parse_card(r + "s")) for r in RANKS] == list(range(13))


@pytest.mark.parametrize("bad", ["1s", "Tx", "11h", "7", "s7", "", "XX", "7ss", "0h", "1♠"])
def test_malformed_card(bad: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(bad)
    assert err.value.code == "CARD_MALFORMED"


@pytest.mark.parametrize("text", ["7s5d4c3h2s", "7s 5d 4c 3h 2s", "7s,5d,4c,3h,2s", "7s, 5d ,4c;3h 2s",
                                  "7♠5♦4♣3♥2♠", "7S 5D 4C 3H 2S"])
def test_hand_forms(text: str) -> None:
    assert cards_str(parse_hand(text)) == "7s 5d 4c 3h 2s"


def test_ten_written_10_inside_a_hand() -> None:
    assert cards_str(parse_hand("10hJhQhKhAh")) == "Th Jh Qh Kh Ah"
    assert split_cards("10h 9s") == ["10h", "9s"]


def test_a_hand_is_exactly_five_cards() -> None:
    for text in ["7s5d4c3h", "7s5d4c3h2s9c", ""]:
        with pytest.raises(CardError) as err:
            parse_hand(text)
        assert err.value.code == "HAND_SIZE_INVALID"


def test_a_hand_is_five_distinct_cards() -> None:
    with pytest.raises(CardError) as err:
        parse_hand("7s 7s 4c 3h 2s")
    assert err.value.code == "CARD_DUPLICATE"
    assert err.value.token == "7s"
    with pytest.raises(CardError) as err:
        parse_hand("7s 7♠ 4c 3h 2s")  # the same card in two spellings
    assert err.value.code == "CARD_DUPLICATE"


def test_bad_token_in_a_hand_is_named() -> None:
    with pytest.raises(CardError) as err:
        parse_hand("7s5d4c3h2x")
    assert err.value.code == "CARD_MALFORMED"
    assert "2x" in str(err.value)


@given(st.permutations(CARDS).map(lambda cs: cs[:5]))
def test_parse_hand_round_trips_any_five_cards(hand: list[int]) -> None:
    assert parse_hand(cards_str(hand)) == tuple(hand)
    assert parse_cards(cards_str(hand, sep=",")) == list(hand)


# --- §2 decks -----------------------------------------------------------------------------------

def test_standard_deck_is_52_distinct_cards() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {card_str(c) for c in deck} == {r + s for r in RANKS for s in SUITS}


# Every row of the table in RULES.md §2.2: players, lowest rank L, ranks used, cards.
DECK_TABLE = [
    (2, 9, "9TJQKA", 24),
    (3, 8, "89TJQKA", 28),
    (4, 7, "789TJQKA", 32),
    (5, 6, "6789TJQKA", 36),
    (6, 5, "56789TJQKA", 40),
    (7, 4, "456789TJQKA", 44),
    (8, 3, "3456789TJQKA", 48),
    (9, 2, "23456789TJQKA", 52),
    (10, 2, "23456789TJQKA", 52),  # 11 − 10 = 1, clamped to 2
]


@pytest.mark.parametrize(("players", "lowest", "ranks", "size"), DECK_TABLE)
def test_italian_deck_table(players: int, lowest: int, ranks: str, size: int) -> None:
    assert italian_lowest_rank(players) == lowest
    deck = italian_deck(players)
    assert len(deck) == len(set(deck)) == size == 4 * (15 - lowest)
    assert {card_str(c) for c in deck} == {r + s for r in ranks for s in SUITS}


@pytest.mark.parametrize("players", [-1, 0, 1, 11, 52])
def test_italian_player_count_out_of_range(players: int) -> None:
    with pytest.raises(CardError) as err:
        italian_deck(players)
    assert err.value.code == "PLAYER_COUNT_INVALID"
