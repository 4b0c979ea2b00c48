"""A fault in the dealt cards is reported on the line that deals them (RULES.md §6.3, §8.5, §11.1).

pokerkit writes a draw round as every drawer's declaration (``pN sd cards``) first, then each one's
replacements (``d dh pN cards``, in one action or several): the dealt cards are 1-6 lines below
the discard they answer. A card too many, a card already in a hand (another player's or the
drawer's own) and a card discarded earlier in the round (not in the stub) are the dealer's fault
on the ``d dh`` line, not the player's on his ``sd`` line, and each is one fault: the first finding
of the hand is on the mutated line and it is the only root cause (``engine.causes``).

The mutants edit clean pokerkit hands (``tests/pokerkit_hands.py``) with their actions written one
string a line (as ``write_phh`` writes them), so that each action has a line of its own:

- a card too many: one unseen card appended to the drawer's last ``d dh`` of the draw, or (a hand
  dealt one card per action) a ``d dh`` of one more card after it;
- a duplicate: one card of a ``d dh`` replaced by a card another player still in the hand holds
  (``other``) or one the drawer keeps (``own``);
- a card not in the stub: one card of a ``d dh`` replaced by a card discarded earlier in the same
  draw round (``discard``; hands without a reshuffle, where no discard goes back into the stub).
"""

from __future__ import annotations

import random
import re
from typing import Callable

import pytest

pytest.importorskip("pokerkit")

from pokerkit_hands import Hand, findings, play  # noqa: E402
from test_differential_mutations import _actions, _unseen  # noqa: E402

MUTANTS = 320
"""Mutants of each kind, per game family (the 2-7 games, Badugi)."""
_ACTIONS = re.compile(r"^actions = \[(.*)\]$", re.M)
_CARD = re.compile(r"[2-9TJQKA][cdhs]")
_BETTING = re.compile(r"(p\d+) (f|cc|cbr \d+)")
_DISCARD = re.compile(r"(p\d+) sd ?(.*)")
_DEALT = re.compile(r"d dh (p\d+) (.*)")


def one_string_a_line(text: str, actions: list[str]) -> tuple[str, list[int]]:
    """``text`` with ``actions`` written one string a line, and the line of each action."""
    first = text[:_ACTIONS.search(text).start()].count("\n") + 2
    body = "actions = [\n" + "".join(f"  '{a}',\n" for a in actions) + "]"
    return _ACTIONS.sub(lambda _: body, text), list(range(first, first + len(actions)))


class Draw:
    """One player's draw with replacement cards: his ``d dh`` actions, the hands of the players still
    in just before the first of them, and the cards discarded earlier in the same draw round."""

    def __init__(self, player: str, discarded_before: list[str]) -> None:
        self.player = player
        self.dealt: list[int] = []
        self.hands: dict[str, list[str]] = {}
        self.discarded_before = discarded_before


def draws(actions: list[str]) -> list[Draw]:
    """Every draw of the hand that deals replacement cards."""
    hands: dict[str, list[str]] = {}
    folded: set[str] = set()
    out: list[Draw] = []
    this_round: dict[str, Draw] = {}
    discarded: list[str] = []
    for k, a in enumerate(actions):
        if m := _BETTING.fullmatch(a):
            if m[2] == "f":
                folded.add(m[1])
            this_round, discarded = {}, []
        elif m := _DISCARD.fullmatch(a):
            if m[1] in this_round:  # all-in players draw on without a betting round between
                this_round, discarded = {}, []
            cards = _CARD.findall(m[2])
            for c in cards:
                hands[m[1]].remove(c)
            if cards:
                this_round[m[1]] = draw = Draw(m[1], list(discarded))
                out.append(draw)
            discarded += cards
        elif m := _DEALT.fullmatch(a):
            draw = this_round.get(m[1])
            if draw is not None:
                if not draw.dealt:
                    draw.hands = {p: list(h) for p, h in hands.items() if p not in folded}
                draw.dealt.append(k)
            hands.setdefault(m[1], []).extend(_CARD.findall(m[2]))
    return [d for d in out if d.dealt]


Mutant = tuple[list[str], int]  # the actions, and the index of the one edited or added


def a_draw(hand: Hand, rng: random.Random) -> tuple[list[str], Draw] | None:
    """The hand's actions and one of its draws that deal replacement cards, at random (None: no such draw)."""
    actions = _actions(hand.text)
    found = draws(actions)
    return (actions, rng.choice(found)) if found else None


def card_too_many(hand: Hand, rng: random.Random) -> Mutant | None:
    picked = a_draw(hand, rng)
    if picked is None:
        return None
    actions, draw = picked
    k = draw.dealt[-1]
    if hand.table.one_card_per_action:
        actions.insert(k + 1, f"d dh {draw.player} {_unseen(hand.text)}")
        return actions, k + 1
    actions[k] += _unseen(hand.text)
    return actions, k


def card_elsewhere(kind: str) -> Callable[[Hand, random.Random], Mutant | None]:
    """A card of a ``d dh`` replaced by one in another hand (``other``), the drawer's own (``own``), or
    discarded earlier in the round (``discard``)."""

    def mutate(hand: Hand, rng: random.Random) -> Mutant | None:
        picked = a_draw(hand, rng)
        if picked is None:
            return None
        actions, draw = picked
        k = rng.choice(draw.dealt)
        me = draw.player
        if kind == "other":
            pool = [c for p, held in draw.hands.items() if p != me for c in held]
        elif kind == "own":
            pool = list(draw.hands[me])
        else:  # a reshuffle may put this round's discards back into the stub (RULES.md §8.4)
            pool = [] if "_drawdealer_options" in hand.text else list(draw.discarded_before)
        cards = _CARD.findall(actions[k].split()[-1])
        pool = [c for c in pool if c not in cards]
        if not pool:
            return None
        cards[rng.randrange(len(cards))] = rng.choice(pool)
        actions[k] = f"d dh {me} {''.join(cards)}"
        return actions, k

    mutate.__name__ = f"card_from_{kind}"
    return mutate


def duplicate(hand: Hand, rng: random.Random) -> Mutant | None:
    """The three kinds of :func:`card_elsewhere` in turn."""
    return card_elsewhere(("other", "own", "discard")[hand.seed % 3])(hand, rng)


@pytest.mark.parametrize("variant", [None, "FB"], ids=["2-7", "badugi"])
@pytest.mark.parametrize("mutate", [card_too_many, duplicate], ids=["card_too_many", "duplicate"])
def test_a_fault_in_the_dealt_cards_is_on_its_d_dh_line_and_one_root(mutate, variant) -> None:
    rng = random.Random(26)
    mutated, misplaced, seed = 0, [], 0
    while mutated < MUTANTS:
        hand = play(seed, variant)
        seed += 1
        mutant = mutate(hand, rng)
        if mutant is None:
            continue
        actions, k = mutant
        text, lines = one_string_a_line(hand.text, actions)
        found = findings(text)
        mutated += 1
        roots = [f.code for f in found if f.caused_by is None]
        if not found or found[0].line != lines[k] or len(roots) != 1:
            misplaced.append((hand.seed, lines[k], [(f.code, f.line, f.caused_by) for f in found]))
    assert misplaced == []


def test_the_mutants_are_the_faults_they_say() -> None:
    """The first finding of each kind of mutant, and why the card cannot be dealt (RULES.md §8.5)."""
    rng = random.Random(26)
    seen: dict[str, set[tuple[str, str | None, bool]]] = {}
    for mutate in (card_too_many, card_elsewhere("other"), card_elsewhere("own"), card_elsewhere("discard")):
        for seed in range(60):
            hand = play(seed)
            mutant = mutate(hand, rng)
            if mutant is not None:
                first = findings(one_string_a_line(hand.text, mutant[0])[0])[0]
                seen.setdefault(mutate.__name__, set()).add(
                    (first.code, first.details.get("reason"), "holder" in first.details))
    assert seen == {"card_too_many": {("DRAW_COUNT_MISMATCH", None, False)},
                    "card_from_other": {("DRAW_CARD_UNAVAILABLE", "LIVE", True)},
                    "card_from_own": {("DRAW_CARD_UNAVAILABLE", "LIVE", False)},
                    "card_from_discard": {("DRAW_CARD_UNAVAILABLE", "EXCLUDED_DISCARD", False),  # from an earlier stub
                                          ("DRAW_CARD_UNAVAILABLE", "ALREADY_DEALT", False)}}  # dealt from this one
