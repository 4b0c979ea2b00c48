"""The evening's habits on the table view between hands (issue 30 item 3; issue 28's view).

The page's state holds ``drawdealer stats``' numbers for the hands over, those no hidden card
decides (``web/evening_stats.py``): through the JSON endpoint they equal, field for field, what
``drawdealer stats JOURNAL --json`` prints for the same journal. They are counted between hands
only, each hand once: a state read again with no hand over changed (another viewer, a reload, a
seat change) replays none. That nothing secret is in them is ``test_web_secrets.py``'s property.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from pathlib import Path
from unittest import mock

import pytest

from web_support import Viewer, follow, get, hand_over, new_session, played, stats_json
from drawdealer.cli.deal.commands import parse_command
from drawdealer.stats import collect
from drawdealer.web.evening_stats import EveningStats
from drawdealer.web.tablestate import read_state

HIDDEN = {"draws": {"snow"}, "opened": {"with"}}
"""The numbers of ``stats --json`` that the page never gets: judged from the cards (docs/VIEW.md)."""


def evening(journal: Path, game: str, hands: int, seed: int = 3, players: int = 4) -> None:
    """``hands`` random hands of ``game`` dealt into ``journal``, each followed by ``next``."""
    with mock.patch("os.fsync"):
        for _ in played(game, seed, hands=hands, players=players, journal=journal, stack=10_000):
            pass


def same_where_sent(sent: object, full: object, path: str = "") -> int:
    """``sent`` is ``full`` but for the numbers never sent (:data:`HIDDEN`); how many values compared."""
    if isinstance(full, dict):
        assert isinstance(sent, dict), path
        left_out = HIDDEN.get(path.rsplit(".", 1)[-1], set())
        assert set(sent) == set(full) - left_out, (path, set(full) ^ set(sent))
        return sum(same_where_sent(sent[key], full[key], f"{path}.{key}") for key in sent)
    if isinstance(full, list):
        assert isinstance(sent, list) and len(sent) == len(full), path
        return sum(same_where_sent(s, f, path) for s, f in zip(sent, full))
    assert sent == full, path
    return 1


@pytest.mark.parametrize("game", ["27TD-FL", "ITA", "BADEUCEY-PL", "5CD-NL"])
def test_the_state_served_has_the_numbers_of_drawdealer_stats(tmp_path: Path, game: str) -> None:
    """``GET /state`` of ``drawdealer view`` between hands against ``drawdealer stats JOURNAL --json``:
    every game and player in the same order, every number sent the same (the rates with their
    counts and denominators), only the snow and the opener's cards missing. The journal's hand under
    way (just dealt, nobody acted) is not over: ``stats`` leaves it out as not finished, the page
    does not count it."""
    journal = tmp_path / "j"
    evening(journal, game, hands=6)
    full = stats_json(journal)
    viewer = Viewer(journal)
    try:
        status, _, body = get(viewer.url + "state")
    finally:
        viewer.stop()
    assert status == 200
    state = json.loads(body)
    assert state["between"] and state["stats"] is not None
    sent = state["stats"]
    assert full["hands"]["left_out"] == {"with_errors": 0, "not_finished": 1, "winner_unknown": 0, "other_games": 0}
    assert sent["hands"] == full["hands"]["counted"] == 6 and sent["left_out"] == 0
    assert [g["game"] for g in sent["games"]] == [game]
    assert same_where_sent(sent["games"], full["games"], "games") > 50
    if game == "ITA":
        assert all(p["opened"] is not None for p in sent["games"][0]["players"])


def test_no_stats_while_a_hand_is_played(tmp_path: Path) -> None:
    """From the first action of a hand to its end the state has no statistics, and none is counted;
    once the hand is over they are there again, with it."""
    journal = tmp_path / "j"
    calls = []
    with mock.patch("os.fsync"), mock.patch("drawdealer.web.evening_stats.collect",
                                            side_effect=lambda paths: calls.append(list(paths)) or collect(paths)):
        for step in played("27TD-FL", 5, hands=3, journal=journal):
            del calls[:]
            state = read_state(journal)
            under_way = not hand_over(step) and step.line != "next"
            assert state["between"] is not under_way and (state["stats"] is None) is under_way, step.line
            assert (calls == []) is under_way, step.line
            if not under_way:
                assert state["stats"]["hands"] == len(step.finished) + hand_over(step)


@pytest.mark.parametrize("game", ["27TD-FL", "ITA", "BADUGI-PL"])
def test_each_hand_is_replayed_once_as_it_ends(tmp_path: Path, game: str) -> None:
    """With the server's cache (one :class:`EveningStats` for every read), a hand's file is read
    once, when the hand is over; reads after ``next`` and while a hand is played replay nothing, and
    the numbers are those counted afresh from the journal."""
    journal = tmp_path / "j"
    kept = EveningStats()
    calls: list[list[str]] = []
    spy = lambda paths: calls.append([Path(p).name for p in paths]) or collect(paths)  # noqa: E731
    with mock.patch("os.fsync"), mock.patch("drawdealer.web.evening_stats.collect", side_effect=spy):
        hands_over = 0
        for step in played(game, 11, hands=4, journal=journal):
            del calls[:]
            state = read_state(journal, kept)
            if hand_over(step) and step.line != "next":
                hands_over += 1
                assert calls == [[f"hand-{hands_over:04d}.phh"]], step.line
            else:
                assert calls == [], step.line
            if state["stats"] is not None:
                assert state["stats"] == read_state(journal)["stats"]
    assert hands_over == 4


def test_a_hand_over_taken_back_and_played_again_is_counted_again(tmp_path: Path) -> None:
    """``undo`` of the last action of a hand over makes it under way again (no statistics); played
    again, its file is new and the evening is counted again from the start."""
    journal = tmp_path / "j"
    kept = EveningStats()
    with mock.patch("os.fsync"):
        for step in played("27TD-FL", 2, hands=2, journal=journal):
            if step.line != "next" and hand_over(step) and step.finished:
                break
    session = step.session
    first = read_state(journal, kept)["stats"]
    assert first["hands"] == 2
    with mock.patch("drawdealer.web.evening_stats.collect", wraps=collect) as spy:
        session.handle(parse_command("undo"))
        assert read_state(journal, kept)["stats"] is None and spy.call_count == 0
        session.handle(parse_command(step.line, names=session.names))
        again = read_state(journal, kept)["stats"]
    assert [[Path(p).name for p in call.args[0]] for call in spy.call_args_list] == [["hand-0001.phh", "hand-0002.phh"]]
    assert again == first


def test_twenty_viewers_and_their_reloads_count_the_evening_once(tmp_path: Path) -> None:
    """The server counts the statistics once for every viewer: 20 event streams and 20 reloads of
    ``/state`` replay the evening once; a write between hands that leaves the hands over as they
    were (the session file) is read again, and replays nothing."""
    from drawdealer.web import tablestate
    from drawdealer.web.serve import bind, server

    journal = tmp_path / "j"
    evening(journal, "27TD-FL", hands=5)
    reads = []
    real_read = tablestate.read_state
    with mock.patch("drawdealer.web.evening_stats.collect", wraps=collect) as spy, \
            mock.patch.object(tablestate, "read_state", side_effect=lambda *a: reads.append(1) or real_read(*a)):
        sock = bind("127.0.0.1", 0)
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
        running = server(journal, poll=0.1)
        thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        try:
            streams = [follow(url) for _ in range(20)]
            pages = [json.loads(get(url + "state")[2]) for _ in range(20)]
            firsts = [stream.get(timeout=10) for stream in streams]
            assert all(p == pages[0] for p in pages) and all(f == pages[0] for f in firsts)
            assert pages[0]["stats"]["hands"] == 5
            assert spy.call_count == 1  # the journal read as the server starts (and as its watch starts)
            start = len(reads)
            os.utime(journal / "session.toml", ns=(1, 1))  # the session file written again, the hands alike
            for _ in range(50):
                if len(reads) > start:
                    break
                threading.Event().wait(0.1)
            assert len(reads) > start and spy.call_count == 1
        finally:
            running.handle_exit(signal.SIGINT, None)
            thread.join(10)
    assert not thread.is_alive()


def test_the_first_hand_taken_back_to_its_deal_has_no_statistics(tmp_path: Path) -> None:
    """Heads-up, the button folds to the big blind: the first hand is over on its first action and
    counted; ``undo`` takes it back to its deal (between hands again, nobody has acted) with no hand
    over, and the server's count must say so, not keep the hand it had counted."""
    journal = tmp_path / "j"
    kept = EveningStats()
    with mock.patch("os.fsync"):
        session = new_session(journal, "27TD-FL", players=2)
        assert session.handle(parse_command("fold", names=session.names)).view.finished
        assert read_state(journal, kept)["stats"]["hands"] == 1
        session.handle(parse_command("undo"))
        state = read_state(journal, kept)
    assert state["between"] and state["stats"] == read_state(journal)["stats"]
    assert state["stats"]["hands"] == 0 and state["stats"]["games"] == []
