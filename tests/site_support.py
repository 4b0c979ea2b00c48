"""What the tests of every site's reader check alike (issue 19): a site's file converts and reads back."""

from __future__ import annotations

from pathlib import Path

from drawdealer.convert import convert_file
from drawdealer.engine.record import HandRecord
from drawdealer.parsers import read_hands


def assert_converts_and_reads_back_equal(path: Path, to: str, *, not_pokerstars: frozenset[str] = frozenset(),
                                         hands_not_pokerstars: frozenset[str] = frozenset()) -> None:
    """Every played hand of ``path`` converts to ``to`` (``phh`` or ``pokerstars``) and reads back as
    the same record; only hands of the games in ``not_pokerstars`` (PokerStars never dealt them) and
    the hands ``hands_not_pokerstars`` (by id: what PokerStars text cannot say, such as a hand shown
    without its cards) may be left out, and only from PokerStars text; a hand run more than once is
    left out of both (neither writes runs, RULES.md §18.5)."""
    results = list(convert_file(path, to))
    converted = [r for r in results if hasattr(r, "differences")]
    assert [(r.hand_id, r.differences) for r in converted if r.differences] == []
    played = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    run_twice = [r for r in results if getattr(r, "left_out", "") == "run_twice"]  # no format writes runs (§18.5)
    no_format = [r for r in results if getattr(r, "left_out", "") == "format"]
    assert len(converted) + len(no_format) + len(run_twice) == len(played)
    assert len(run_twice) == sum(1 for r in played if r.runs)
    games, hands = (not_pokerstars, hands_not_pokerstars) if to == "pokerstars" else (set(), set())
    assert [r.hand_id for r in no_format if r.game not in games and r.hand_id not in hands] == []


def assert_settles_as_fpdb(hp: Path) -> None:
    """FPDB's ``.hp`` beside a one-hand file: every player it lists is seated, and his winnings (what
    he collected, net of rake) and profit, and the hand's rake (the sum of FPDB's per-player rake),
    are drawdealer's settlement's, to the cent."""
    from drawdealer.engine.replay import replay
    from test_parse_fulltilt import fpdb_players

    want = fpdb_players(hp)
    (record,) = [r for r in read_hands(hp.with_suffix("")) if isinstance(r, HandRecord)]
    settlement = replay(record).settlement
    start = {s.name: s.stack for s in record.seats}
    assert set(want) == set(start)
    for name, expected in want.items():
        assert settlement.collected.get(name, 0) == expected["winnings"], name
        assert settlement.final_stacks[name] - start[name] == expected["totalProfit"], name
    assert settlement.rake == sum(p["rake"] for p in want.values())
