"""The ledger's invariant (issue 16), as a property: whatever the evening (rebuys, arrivals,
departures, sitting out, the button moved by hand, undo of any command, hands played to the end),
the nets, the rake and the chips in the middle add up to zero after every command, the transfers
of "who pays whom" settle every net (issue 27), and ``undo`` gives back the ledger as it was before
the command it takes back."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from drawdealer.cli.deal.commands import parse_command
from drawdealer.cli.deal.journal import Journal
from drawdealer.cli.deal.session import DealerSession
from drawdealer.cli.deal.setup import SetupArgs, build_session

NAMES = ("A", "B", "C", "D", "E", "F")
STEP = st.one_of(
    st.tuples(st.sampled_from(("rebuy", "addon")), st.sampled_from(NAMES), st.integers(1, 300)),
    st.tuples(st.just("seat"), st.sampled_from(NAMES), st.integers(1, 300)),
    st.tuples(st.sampled_from(("leave", "sitout", "sitin", "button")), st.sampled_from(NAMES), st.just(0)),
    st.tuples(st.sampled_from(("play", "next", "undo")), st.just(""), st.just(0)),
)


def _play_out(session: DealerSession, history: list[dict]) -> None:
    """Everybody folds to the big blind, checks or stands pat until the hand is over; the ledger
    after each of those commands goes on ``history``, since ``undo`` takes them back one at a time."""
    while not session.state.is_complete:
        words = {choice.split()[0] for choice in session.view().choices}
        word = next(w for w in ("fold", "check", "pat") if w in words)
        session.handle(parse_command(word))
        history.append(session.ledger().to_json())


@settings(max_examples=30, deadline=None)
@example(steps=[("play", "", 0), ("play", "", 0), ("undo", "", 0)], rake="0")  # undo takes back one action, not the hand
@given(steps=st.lists(STEP, max_size=25), rake=st.sampled_from(("0", "50")))
def test_the_ledger_adds_up_after_every_command(steps: list[tuple[str, str, int]], rake: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        info = build_session(SetupArgs(game="27TD-FL", stakes="1/2", seats=("A=100", "B=100", "C=100"), button="A",
                                       options=(f"RAKE_PERCENT={rake}",)), started="")
        session = DealerSession.start(info, Journal(Path(tmp) / "j"))
        history = [session.ledger().to_json()]
        for verb, name, chips in steps:
            if verb == "play":
                _play_out(session, history)
                continue
            line = " ".join(x for x in (verb, name, str(chips) if chips else "") if x)
            reply = session.handle(parse_command(line))
            book = session.ledger().to_json()
            assert book["balance"] == 0, (line, book)
            owed = {p["name"]: p["net"] for p in book["players"]}
            owed.update({"the house": book["rake"], "the middle": book["in_the_middle"]})
            for t in book["transfers"]:  # who pays whom settles every net (issue 27)
                owed[t["from"]] += t["amount"]
                owed[t["to"]] -= t["amount"]
            assert set(owed.values()) <= {0}, (line, book)
            if reply.view.refused:
                assert book == history[-1], line  # a refused command changes nothing
            elif verb == "undo" and len(history) > 1:
                history.pop()
                assert book == history[-1], line
            else:
                history.append(book)
