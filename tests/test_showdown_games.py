"""`drawdealer showdown` for Badugi, A-5, Badeucey and Badacey (RULES.md §15-§17), through Typer and
through the console script's fast path, as in test_showdown_cli."""

from __future__ import annotations

import json

from test_showdown_cli import run, run_fast, run_typer  # noqa: F401  (the fixture and its two routes)


def test_badugi_names_ann_and_says_why(run) -> None:
    r = run("--game", "badugi", "Ann=As2d3h4c", "Bob=Ah2s3d5c")
    assert r.code == 0, r.err
    assert "Winner: Ann" in r.out
    assert ("Why: Ann's 4-3-2-A badugi beats Bob's 5-3-2-A badugi: 4 is lower than 5 at the first card."
            in r.out)


def test_badugi_three_card_hand_json(run) -> None:
    r = run("--game", "badugi", "--json", "Ann=7s4d2hKh", "Bob=8s5d3hAc")
    out = json.loads(r.out)
    assert out["winners"] == ["Bob"]
    assert [row["description"] for row in out["hands"]] == ["8-5-3-A badugi", "three-card 7-4-2"]
    assert out["explanation"].endswith("a four-card badugi beats any three-card hand")


def test_badugi_hands_are_four_cards(run) -> None:
    r = run("--game", "badugi", "Ann=As2d3h4c5s", "Bob=Ah2s3d5c")
    assert r.code == 2
    assert r.err.strip().endswith("hand 1 'Ann=As2d3h4c5s': a hand is exactly 4 cards, got 5")


def test_a5_the_wheel_wins(run) -> None:
    r = run("--game", "a5", "--json", "Ann=6h5h4h3h2h", "Bob=5s4d3c2sAs")
    out = json.loads(r.out)
    assert out["winners"] == ["Bob"]
    assert out["hands"][0]["description"] == "5-4-3-2-A (five-four low)"
    assert "5 is lower than 6 at the first card" in out["explanation"]


def test_badeucey_split_names_both_halves(run) -> None:
    r = run("--game", "badeucey", "Ann=8s6s4s3d2h", "Bob=As2d3h4cKs")
    assert r.code == 0, r.err
    assert "2-7 half: Ann" in r.out and "Badugi half: Bob" in r.out
    assert "Split: the 2-7 half to Ann, the Badugi half to Bob" in r.out
    assert "Bob's 4-3-2-A badugi beats Ann's three-card 4-3-2" in r.out


def test_badacey_json_scoop_and_ties(run) -> None:
    r = run("--game", "badacey", "--json", "Ann=5s4d3c2hKs", "Bob=5h4c3d2sKh", "Cy=KdQdJdTd9d")
    out = json.loads(r.out)
    assert out["winners"] == {"A-5": ["Ann", "Bob"], "Badugi": ["Ann", "Bob"]}
    assert out["split"] == "Split: the A-5 half to Ann and Bob, the Badugi half to Ann and Bob"
    r = run("--game", "badacey", "--json", "Ann=5s4d3c2hAs", "Bob=6h4c3d2s7s")
    out = json.loads(r.out)
    assert out["split"] == "Scoop: Ann wins both halves"
    assert out["hands"][0]["halves"]["Badugi"] == {"description": "4-3-2-A badugi", "place": 1}
