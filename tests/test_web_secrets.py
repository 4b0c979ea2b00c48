"""Nothing secret, ever (issue 28): no card that was dealt, discarded or left in the stub appears in
what the table view sends before a player shows it at the showdown, and a mucked hand never does;
nor does any number of the evening's statistics tell anything of such a card.

Random sessions of every game are played through the dealer's commands (``web_support.played``),
the hands dealt with real cards by ``engine.simulate``. After each command the page's state is read
twice: from the dealer's journal (the dealer types cards only for a ``show``), and from the same
moment journaled by a tool that knew every card (each deal, discard and draw written in the hand
files of this hand and of the hands before): the view must hide them all the same. The text checked
is what the server sends (``/state`` and each event of ``/events`` are ``json_text`` of the state;
``test_web_app.py`` checks that).

The statistics (``stats``, between hands) hold no card at all, and they are the same whether the
journal holds every card or only those shown: they are computed from nothing but what the table saw.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from web_support import Step, hand_over, journal_with_cards, played, secrets_of
from drawdealer.cli.text import json_text
from drawdealer.engine.variants import GAMES
from drawdealer.web.tablestate import read_state

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][shdc])(?![A-Za-z0-9])")
"""A card as the page's JSON writes it (``7s``), standing alone."""


def leaked(text: str, secret: set[str]) -> set[str]:
    return set(CARD.findall(text)) & secret


def test_the_check_finds_a_card_in_the_state_text() -> None:
    """The pattern the property relies on sees a card in each place a card could be written."""
    assert leaked('{"cards": ["7s", "Ad"], "text": "Bob shows 7s 5d", "x": "(Kc)"}', {"7s", "Ad", "5d", "Kc"}) == {
        "7s", "Ad", "5d", "Kc"}
    assert leaked('{"text": "Asks 12s 2sx, the 7-5-4-3-2"}', {"As", "2s", "7s"}) == set()


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_no_card_is_sent_before_it_is_shown(game: str, seed: int, players: int) -> None:
    shown: set[str] = set()
    acted = False  # has a player acted in this hand?
    with tempfile.TemporaryDirectory() as tmp, mock.patch("os.fsync"):  # durability is not under test
        for step in played(game, seed, hands=2, players=players):
            accepted = not step.reply.view.refused
            if step.line == "next":
                shown, acted = (set(), False) if accepted else (shown, acted)
            else:
                acted = acted or accepted
                if step.line.startswith("show") and accepted:
                    shown |= set(step.line.split()[2:])
            secret = secrets_of(step.hand) - shown
            live = read_state(step.session.journal.directory)
            knowing = read_state(journal_with_cards(step, Path(tmp) / "cards"))
            for state in (live, knowing):
                text = json_text(state)
                assert not leaked(text, secret), (step.line, leaked(text, secret))
            check_stats(step, live, knowing, between=hand_over(step) or not acted)


def check_stats(step: Step, live: dict, knowing: dict, *, between: bool) -> None:
    """The statistics are sent between hands only (``between``: the hand is over, or nobody has
    acted in it yet), hold no card, count every hand over, and do not change when the journal holds
    the cards nobody showed.

    One moment differs: an Italian deal played to its end whose opener must still show his openers
    (RULES.md §10.2) is not over in the dealer's journal, while in a journal that holds his cards
    the engine knows them already and the deal is over; the cards are shown next, and the two
    journals are compared again from then on."""
    assert live["between"] == between and (live["stats"] is not None) == between, step.line
    openers_due = step.reply.view.finished and step.reply.view.to_act is not None
    if not openers_due:
        assert knowing["between"] == between and (knowing["stats"] is not None) == between, step.line
    for state in (live, knowing):
        if state["stats"] is not None:
            assert CARD.findall(json_text(state["stats"])) == [], step.line
    if between:
        assert knowing["stats"] == live["stats"], (step.line, knowing["stats"], live["stats"])
        assert live["stats"]["hands"] == len(step.finished) + hand_over(step), step.line
