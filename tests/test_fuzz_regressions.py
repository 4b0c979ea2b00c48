"""Inputs found by mutation fuzzing that made ``drawdealer validate`` end in a traceback or an
"internal error": each now gives a finding naming the line and the problem (RULES.md §11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from validate_support import mutant, validate_json


@pytest.mark.parametrize("requirement", ["j", "ZZ"])
def test_carry_requirement_outside_j_q_k_a_is_a_parse_error(tmp_path: Path, requirement: str) -> None:
    """An Italian carry's opening requirement is J, Q, K or A (RULES.md §10.2); anything else is
    a PARSE_ERROR on the ``_drawdealer_carry`` line, not a ValueError from the engine."""
    old = "_drawdealer_carry = {pot = 90, requirement = 'K'"
    path = mutant(tmp_path, "clean/ita_session.phhs", old, old.replace("'K'", f"'{requirement}'"))
    text = path.read_text(encoding="utf-8")
    code, hands, _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    assert len(hands) == 5
    bad = hands[2]
    assert bad["hand_id"] == "403"
    [finding] = bad["findings"]
    assert finding["code"] == "PARSE_ERROR"
    assert finding["message"] == f"'_drawdealer_carry': requirement must be one of J, Q, K, A, not '{requirement}'"
    carry_line = next(n for n, line in enumerate(text.splitlines(), 1) if f"requirement = '{requirement}'" in line)
    assert finding["line"] == carry_line
    assert all(f["code"] != "PARSE_ERROR" for h in hands[:2] for f in h["findings"])


@pytest.mark.parametrize("game", ["F7S", "Drawmaha-FL", "27TD-XX"])
def test_unknown_drawdealer_game_is_skipped_as_game_unsupported(tmp_path: Path, game: str) -> None:
    """``_drawdealer_game`` naming a game drawdealer does not play skips the hand (GAME_UNSUPPORTED,
    a warning: exit 0), instead of an internal IndexError."""
    path = mutant(tmp_path, "findings/IT_DRAW_ORDER.phh", "_drawdealer_game = 'ITA'", f"_drawdealer_game = '{game}'")
    code, [hand], _, stderr = validate_json(path)
    assert code == 0 and stderr == ""
    [finding] = hand["findings"]
    assert finding["code"] == "GAME_UNSUPPORTED"
    assert finding["actual"] == game
    assert game in finding["message"]


def test_drawdealer_game_alias_is_read_as_its_game(tmp_path: Path) -> None:
    """An alias in ``_drawdealer_game`` (``ita``) is the game it names: the hand is replayed."""
    path = mutant(tmp_path, "findings/IT_DRAW_ORDER.phh", "_drawdealer_game = 'ITA'", "_drawdealer_game = 'ita'")
    code, [hand], _, _ = validate_json(path)
    assert code == 1
    assert hand["game"] == "ITA"
    assert [f["code"] for f in hand["findings"]] == ["IT_DRAW_ORDER"]


# --- Italian hands the ranking cannot rank (RULES.md §2.2, §8.5): findings, never an exception

@pytest.mark.parametrize(("dealt", "code", "card"), [("QdQd9c8h7s", "CARD_DUPLICATE", "Qd"),
                                                     ("5dTh9c8h7s", "CARD_NOT_IN_DECK", "5d")])
def test_an_opener_dealt_no_hand_is_not_judged_for_openers(tmp_path: Path, dealt: str, code: str, card: str) -> None:
    """The opener's dealt line holds a card twice, or a card below the stripped deck: that card is
    the finding; his openers are not judged on cards that are no hand (no IT_OPEN_WITHOUT_OPENERS)."""
    path = mutant(tmp_path, "findings/IT_OPEN_WITHOUT_OPENERS.phh", "'d dh p1 QdTh9c8h7s'", f"'d dh p1 {dealt}'")
    code_, [hand], _, stderr = validate_json(path)
    assert code_ == 1 and stderr == ""
    first = hand["findings"][0]
    assert (first["code"], first["actual"], first["line"]) == (code, card, 9)
    assert "IT_OPEN_WITHOUT_OPENERS" not in {f["code"] for f in hand["findings"]}


def test_a_shown_card_below_the_stripped_deck_gives_no_hand(tmp_path: Path) -> None:
    """A 5 shown in a four-handed Italian game (deck 7 to A): CARD_NOT_IN_DECK on the show line, and
    the pot is settled on the other hands."""
    path = mutant(tmp_path, "findings/CARD_NOT_IN_DECK.phh", "'p3 sm AsAhKsKc9s'", "'p3 sm 5cAhKsKc9s'")
    code, [hand], _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    codes = [(f["code"], f["line"]) for f in hand["findings"]]
    assert ("CARD_NOT_IN_DECK", 24) in codes


def test_a_controbuio_answering_a_blind_of_nothing_is_not_a_crash(tmp_path: Path) -> None:
    """A blind opening posted as 0 is IT_BLIND_AMOUNT_WRONG (RULES.md §10.6); the controbuio that
    answers it has no amount to be checked against, and the hand goes on."""
    path = mutant(tmp_path, "clean/ita_session.phhs", "'# drawdealer: post_blind_open p1 20',\n  '# drawdealer: post_controbuio",
                  "'# drawdealer: post_blind_open p1 0',\n  '# drawdealer: post_controbuio")
    code, hands, _, stderr = validate_json(path)
    assert code == 1 and stderr == ""
    flagged = [h for h in hands if h["findings"]]
    assert flagged and flagged[0]["findings"][0]["code"] == "IT_BLIND_AMOUNT_WRONG"
    assert (flagged[0]["findings"][0]["expected"], flagged[0]["findings"][0]["actual"]) == (20, 0)
