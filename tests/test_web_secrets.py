"""Nothing secret, ever (issue 28): no card that was dealt, discarded or left in the stub appears in
what the table view sends before a player shows it at the showdown, and a mucked hand never does.

Random sessions of every game are played through the dealer's commands (``web_support.played``),
the hands dealt with real cards by ``engine.simulate``. After each command the page's state is read
twice: from the dealer's journal (the dealer types cards only for a ``show``), and from the same
moment journaled by a tool that knew every card (each deal, discard and draw written in the hand
file): the view must hide them all the same. The text checked is what the server sends (``/state``
and each event of ``/events`` are ``json_text`` of the state; ``test_web_app.py`` checks that).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from web_support import journal_with_cards, played, secrets_of
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
    with tempfile.TemporaryDirectory() as tmp, mock.patch("os.fsync"):  # durability is not under test
        for step in played(game, seed, hands=2, players=players):
            if step.line == "next":
                shown = set()
                continue
            if step.line.startswith("show") and not step.reply.view.refused:
                shown |= set(step.line.split()[2:])
            secret = secrets_of(step.hand) - shown
            live = json_text(read_state(step.session.journal.directory))
            assert not leaked(live, secret), (step.line, leaked(live, secret))
            knowing = json_text(read_state(journal_with_cards(step, Path(tmp) / "cards")))
            assert not leaked(knowing, secret), (step.line, leaked(knowing, secret))
