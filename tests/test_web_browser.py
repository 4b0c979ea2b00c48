"""The table view in a real browser (issue 28): Debian's headless Chromium driven by Selenium.

A dealer session runs in another process (``drawdealer deal --json``) and ``drawdealer view``
serves its journal; the page must show each new turn within one second of the command, and at
1280×800 and 390×844 show every seat (name and stack), the pot and the turn, read through the DOM,
each seat inside the window and no two seats overlapping. Skipped, saying why, where Chromium or
its driver is not installed (``.ci/run`` installs Debian's ``chromium`` and ``chromium-driver``).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import pytest

from web_support import CHROMEDRIVER, CHROMIUM, Dealer, Viewer, stats_json

pytestmark = pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
                                reason=f"no Chromium here ({CHROMIUM} and {CHROMEDRIVER}: Debian's chromium and "
                                       "chromium-driver)")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
SIX = ["--game", "27TD-NL", "--stakes", "5/10", "--seat=Ann=1000", "--seat=Bob=1000", "--seat=Cy=600",
       "--seat=Dee=1000", "--seat=Evangeline=1000", "--seat=Fay=250", "--button", "Ann"]


@pytest.fixture(scope="module")
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp()
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def size(driver, width: int, height: int) -> None:
    """The page's viewport, as a phone (``mobile`` under 600 pixels) or a screen of that size."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def turn(driver) -> str:
    return driver.execute_script("return document.getElementById('turn-who').textContent")


def wait_for(driver, script: str, timeout: float) -> float:
    """Seconds until ``script`` (a JavaScript expression) is true on the page; fails after ``timeout``."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if driver.execute_script(f"return !!({script})"):
            return time.monotonic() - start
        time.sleep(0.01)
    raise AssertionError(f"not within {timeout} s: {script}; the turn reads {turn(driver)!r}")


SEATS = """return [...document.querySelectorAll('#seats li')].map(li => {
  const r = li.getBoundingClientRect();
  return {name: li.querySelector('.seat-name').textContent, stack: li.querySelector('.seat-stack').textContent,
          text: li.innerText, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
          visible: r.width > 0 && r.height > 0};
})"""


def test_the_page_follows_a_dealer_in_another_process(browser, tmp_path: Path) -> None:
    journal = tmp_path / "evening"
    dealer = Dealer([*SIX, "--journal", str(journal)])
    viewer = Viewer(journal)
    try:
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Dee to act'", 10)
        for command in ["call", "raise 40", "call", "fold", "fold", "call", "call"]:
            line = dealer.send(command)
            expected = f"{line['to_act']} to act" if line["to_act"] else None
            pot = f"Pot {line['pot']:,}"
            took = wait_for(browser, f"document.getElementById('turn-who').textContent === {expected!r} && "
                                     f"document.getElementById('pot').textContent.startsWith({pot!r})", 1.0)
            assert took <= 1.0
        assert browser.execute_script("return document.getElementById('street').textContent") == \
            "first draw (D1)"
    finally:
        dealer.finish()
        viewer.stop()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_every_seat_the_pot_and_the_turn_at_each_size(browser, tmp_path: Path, width: int, height: int) -> None:
    journal = tmp_path / "evening"
    dealer = Dealer([*SIX, "--journal", str(journal)])
    for command in ["call", "raise 40", "call", "fold", "allin", "call"]:
        last = dealer.send(command)
    dealer.finish()
    viewer = Viewer(journal)
    try:
        size(browser, width, height)
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent.endsWith('to act')", 10)
        seats = browser.execute_script(SEATS)
        assert [(s["name"], s["stack"]) for s in seats] == [(n, f"{v:,}") for n, v in last["stacks"].items()]
        for seat in seats:
            assert seat["visible"] and seat["left"] >= 0 and seat["right"] <= width, seat
        for a in seats:  # no seat hides another
            for b in seats:
                if a is not b:
                    assert (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"]
                            or b["bottom"] <= a["top"]), (a["name"], b["name"])
        text = {s["name"]: s["text"] for s in seats}
        assert "folded" in text["Ann"] and "all-in" in text["Bob"] and "BB" in text["Cy"] and "SB" in text["Bob"]
        assert "button" in text["Ann"] and "to act" in text[last["to_act"]]
        assert browser.execute_script("return document.getElementById('pot').textContent").startswith(
            f"Pot {last['pot']:,}")
        assert browser.execute_script("return document.getElementById('turn-who').textContent") == \
            f"{last['to_act']} to act"
        choices = browser.execute_script("return [...document.querySelectorAll('#choices li')].map(e => e.textContent)")
        assert choices == [c.replace("  ", " ") for c in choices] and choices  # the dealer's words
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert wide <= width  # nothing to scroll sideways on a phone
        shot = Path(tempfile.gettempdir()) / f"drawdealer-view-{width}x{height}.png"
        assert browser.save_screenshot(str(shot))
    finally:
        viewer.stop()


def test_a_journal_that_cannot_be_read_is_said_on_the_page(browser, tmp_path: Path) -> None:
    viewer = Viewer(tmp_path / "nothing-here")
    try:
        size(browser, 390, 844)
        browser.get(viewer.url)
        wait_for(browser, "!document.getElementById('problem').hidden", 10)
        title = browser.execute_script("return document.getElementById('problem-title').textContent")
        message = browser.execute_script("return document.getElementById('problem-message').textContent")
        assert title == "Waiting for the dealer: no game in this journal yet"
        assert message.endswith("nothing-here: no such journal directory")
    finally:
        viewer.stop()
    wait_for(browser, "document.getElementById('link').textContent.startsWith('connection lost')", 10)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
@pytest.mark.parametrize("players", [2, 4, 8, 10])
def test_seats_fit_at_every_table_size(browser, tmp_path: Path, players: int, width: int, height: int) -> None:
    """Two to ten players (Italian poker seats ten, RULES.md §18.1): every seat inside the window,
    none over another."""
    journal = tmp_path / "j"
    seats = [f"--seat=Player{k}={100 * k}" for k in range(1, players + 1)]
    Dealer(["--game", "ITA", "--invito", "10", "--chip", "1", *seats, "--button", "Player1",
            "--journal", str(journal)]).finish()
    viewer = Viewer(journal)
    try:
        size(browser, width, height)
        browser.get(viewer.url)
        wait_for(browser, f"document.querySelectorAll('#seats li').length === {players}", 10)
        placed = browser.execute_script(SEATS)
    finally:
        viewer.stop()
    assert [s["name"] for s in placed] == [f"Player{k}" for k in range(1, players + 1)]
    for seat in placed:
        assert seat["visible"] and seat["left"] >= 0 and seat["right"] <= width, seat
    for a in placed:
        for b in placed:
            if a is not b:
                assert (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"]
                        or b["bottom"] <= a["top"]), (a["name"], b["name"])


def test_side_pots_appear_on_the_page_when_the_all_in_round_closes(browser, tmp_path: Path) -> None:
    """Dee (100) goes all-in with five players to act: the page shows every chip as a bet in front
    and no side pot; once Cy's all-in re-raise is called and the round closes, the main pot (301:
    100 from Dee, Cy and Eve, Bob's small blind) and side pot 1 (200, Cy's and Eve's alone: RULES.md
    §9.4), as the dealer's screen says them (issue 27)."""
    journal = tmp_path / "evening"
    dealer = Dealer(["--game", "27TD-NL", "--stakes", "1/2", "--seat=Ann=200", "--seat=Bob=200", "--seat=Cy=200",
                     "--seat=Dee=100", "--seat=Eve=200", "--seat=Fay=200", "--button", "Ann",
                     "--journal", str(journal)])
    viewer = Viewer(journal)
    pots = "[...document.querySelectorAll('#pots li')].map(e => e.textContent)"
    try:
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Dee to act'", 10)
        for command in ["allin", "call", "fold", "fold", "fold"]:
            dealer.send(command)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Cy to act'", 2)
        assert browser.execute_script(f"return {pots}") == []
        assert browser.execute_script("return document.getElementById('in-front').textContent") == \
            "0 in the middle · 203 in bets"
        dealer.send("allin")
        dealer.send("call")
        wait_for(browser, "document.getElementById('street').textContent === 'first draw (D1)'", 2)
        assert browser.execute_script(f"return {pots}") == ["main pot: 301", "side pot 1: 200 (Cy, Eve)"]
    finally:
        dealer.finish()
        viewer.stop()


HABITS = """return [...document.querySelectorAll('#habits table')].map(t => {
  const r = t.getBoundingClientRect();
  return {caption: t.caption.textContent, left: r.left, right: r.right,
          head: [...t.tHead.rows[0].cells].map(c => c.textContent),
          rows: [...t.tBodies[0].rows].map(tr => [...tr.cells].map(c => c.textContent))};
})"""
THREE = ["--game", "27TD-FL", "--stakes", "2/4", "--seat=Ann=100", "--seat=Bob=100", "--seat=Evangeline=100",
         "--button", "Ann"]
SHOWDOWN = ["call", "call", "check", "draw 2", "draw 1", "pat", "check", "check", "check",
            "pat", "draw 1", "pat", "check", "check", "check", "pat", "pat", "draw 3", "bet 8", "call", "call",
            "show Bob 7s 5d 4c 3h 2s", "muck Evangeline", "show Ann 8c 6c 5s 4d 3d"]
"""Hand 1: everyone in, the draws ``2 · pat · pat`` (Bob), ``1 · 1 · pat`` (Evangeline), ``pat · pat · 3``
(Ann), Bob's 7-5 wins the showdown."""


def expected_habits(numbers: dict) -> list[list[list[str]]]:
    """The rows of the page's three tables, from ``drawdealer stats --json``: the numbers as
    ``drawdealer stats`` prints them (a rate to one decimal, ``—`` where there is none)."""
    def pct(rate):
        return "—" if rate is None or rate["pct"] is None else f"{rate['pct']:.1f}%"

    def dec(value):
        return "—" if value is None else f"{value:,.2f}"

    players = numbers["games"][0]["players"]
    results = [[p["player"], str(p["hands"]), dec(p["bb_per_100"]), pct(p["won_at_showdown"]),
                pct(p["won_without_showdown"])] for p in players]
    betting = [[p["player"], pct(p["vpip"]), pct(p["raised"]), dec(p["aggression"]["factor"]),
                pct(p["went_to_showdown"])] for p in players]
    draws = []
    for p in players:
        draws += [[p["player"], "pat", *(pct(d["stood_pat"]) for d in p["draws"])],
                  ["avg", *(dec(d["cards_drawn"]["average"]) for d in p["draws"])],
                  ["broke", *("" if d["broke"] is None else pct(d["broke"]) for d in p["draws"])]]
    return [results, betting, draws]


def test_the_evenings_habits_between_hands_on_a_phone(browser, tmp_path: Path) -> None:
    """Between hands the page shows the evening's habits (issue 30 item 3) in three tables that fit a
    390-pixel phone, with the numbers of ``drawdealer stats JOURNAL --json`` as ``drawdealer stats``
    prints them, each named in words. They are not there before a hand is over, go from the first
    action of the next hand, and come back with that hand counted within a second of its end."""
    journal = tmp_path / "evening"
    dealer = Dealer([*THREE, "--journal", str(journal)])
    viewer = Viewer(journal)
    habits = "!document.getElementById('habits-box').hidden"
    title = "document.getElementById('habits-title').textContent"
    try:
        size(browser, 390, 844)
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Ann to act'", 10)
        assert browser.execute_script(f"return {habits}") is False  # no hand over yet: nothing to show
        for command in SHOWDOWN[:-1]:
            assert dealer.send(command)["ok"], command
            assert browser.execute_script(f"return {habits}") is False, command  # a hand under way
        assert dealer.send(SHOWDOWN[-1])["ok"]
        wait_for(browser, f"{habits} && {title} === 'Habits this evening: 1 hand'", 1)
        first = browser.execute_script(HABITS)
        assert [t["rows"] for t in first] == expected_habits(stats_json(journal))
        assert first[0]["rows"][1] == ["Bob", "1", "600.00", "100.0%", "0.0%"]  # +24 chips: 6 big blinds of 4

        assert dealer.send("next")["ok"]  # hand 2 dealt, nobody has acted: still between hands
        wait_for(browser, "document.getElementById('hand').textContent.startsWith('Hand 2')", 1)
        assert browser.execute_script(f"return {habits} && {title}") == "Habits this evening: 1 hand"
        assert dealer.send("fold")["ok"]
        wait_for(browser, f"!({habits}) && document.getElementById('ledger-box').hidden", 1)
        assert dealer.send("fold")["ok"]  # Bob and Evangeline fold to Ann's big blind
        wait_for(browser, f"{habits} && {title} === 'Habits this evening: 2 hands'", 1)
        tables = browser.execute_script(HABITS)
        assert [t["caption"] for t in tables] == ["Results", "Betting", "Draws"]
        assert tables[0]["head"] == ["Player", "Hands", "bb/100", "Won at SD", "Won w/o SD"]
        assert tables[1]["head"] == ["Player", "VPIP", "Raised", "AF", "Went to SD"]
        assert tables[2]["head"] == ["Player", "", "1st draw", "2nd draw", "3rd draw"]
        assert [t["rows"] for t in tables] == expected_habits(stats_json(journal))
        assert tables[0]["rows"] != first[0]["rows"]
        assert tables[2]["rows"][:3] == [["Ann", "pat", "100.0%", "100.0%", "0.0%"], ["avg", "0.00", "0.00", "3.00"],
                                         ["broke", "", "0.0%", "100.0%"]]  # Ann: pat, pat, then 3 cards
        for table in tables:
            assert table["left"] >= 0 and table["right"] <= 390, table["caption"]
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        smallest = browser.execute_script("return Math.min(...[...document.querySelectorAll('#habits td, #habits th')]"
                                          ".map(c => parseFloat(getComputedStyle(c).fontSize)))")
        assert smallest >= 12  # pixels: readable on a phone
        browser.execute_script("document.getElementById('habits-box').scrollIntoView()")
        shot = Path(tempfile.gettempdir()) / "drawdealer-view-habits-390x844.png"
        assert browser.save_screenshot(str(shot))
    finally:
        dealer.finish()
        viewer.stop()


BADEUCEY = ["--game", "BADEUCEY-PL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100",
            "--button", "Ann"]
CHECKED_DOWN = ["call", "call", "check"] + (["pat"] * 3 + ["check"] * 3) * 3 + [
    "show As 2d 3c 4h 8s", "show 7d 5c 4s 3h 2c", "muck"]
"""Hand 1: everyone in for 2, three draws standing pat and checked; Bob shows A-8-4-3-2 (a 4-3-2-A
badugi), Cy 7-5-4-3-2 (a 7-4-3-2 badugi), Ann mucks."""


def texts(driver, selector: str) -> list[str]:
    return driver.execute_script(f"return [...document.querySelectorAll({selector!r})].map(e => e.innerText)")


def test_the_pot_limit_arithmetic_the_split_showdown_and_the_nets_on_the_page(browser, tmp_path: Path) -> None:
    """What the dealer's screen says, on the page (issue 28): in pot limit a tap on "How the pot limit
    is reached" opens the arithmetic of RULES.md §7.3 ending in the maximum the choices offer; after a
    Badeucey showdown each half of the pot with its winner and the "why" line of the dealer's screen
    (RULES.md §9.6), the shown cards at their seats and no card of the player who mucked; between
    hands the ledger's nets."""
    journal = tmp_path / "evening"
    dealer = Dealer([*BADEUCEY, "--journal", str(journal)])
    viewer = Viewer(journal)
    try:
        size(browser, 390, 844)
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Ann to act'", 10)
        assert texts(browser, "#choices li") == ["call 2", "raise to 4–7 (pot)", "fold"]
        assert texts(browser, "#pot-limit-lines li") == [""] * 6  # folded away until tapped
        browser.execute_script("document.querySelector('#pot-limit summary').click()")
        lines = texts(browser, "#pot-limit-lines li")
        assert lines[0] == "P = 0 in the middle + 3 in front = 3"
        assert "max raise to: H + P + (H − c) = 2 + 3 + 2 = 7" in lines
        for command in CHECKED_DOWN[:-1]:
            assert dealer.send(command)["ok"], command
        last = dealer.send(CHECKED_DOWN[-1])
        assert last["ok"] and last["finished"]
        wait_for(browser, "!document.getElementById('result').hidden", 1)
        assert texts(browser, "#awards li") == [
            "Main pot: 3 to Cy — 2-7 half: Cy's 7-5-4-3-2 beats Bob's A-8-4-3-2: 7 is lower than A at the first card",
            "Main pot: 3 to Bob — Badugi half: Bob's 4-3-2-A badugi beats Cy's 7-4-3-2 badugi: 4 is lower than 7 "
            "at the first card"]
        shown = browser.execute_script("return Object.fromEntries([...document.querySelectorAll('#seats li')].map("
                                       "li => [li.dataset.seat, [...li.querySelectorAll('.seat-cards > *')]"
                                       ".map(c => c.textContent)]))")
        assert [len(shown[name]) for name in ("Ann", "Bob", "Cy")] == [0, 5, 5]
        wait_for(browser, "!document.getElementById('ledger-box').hidden", 1)
        assert browser.execute_script("return document.getElementById('ledger-title').textContent") == \
            "The evening so far: 1 hand"
        rows = browser.execute_script("return [...document.querySelectorAll('#ledger tbody tr')]"
                                      ".map(tr => [...tr.cells].map(c => c.textContent))")
        assert rows == [["Ann", "-2", "98", "1"], ["Bob", "+1", "101", "1"], ["Cy", "+1", "101", "1"]]
        assert browser.execute_script("return document.getElementById('ledger-check').textContent") == \
            "The ledger adds up."
    finally:
        dealer.finish()
        viewer.stop()


def test_an_italian_deal_says_its_openers_the_carried_pot_and_the_invito(browser, tmp_path: Path) -> None:
    """RULES.md §10.1-§10.2 on the page: the first deal needs jacks and holds Ann's invito; nobody
    opens, so the money stays in the middle and the next deal needs queens."""
    journal = tmp_path / "evening"
    dealer = Dealer(["--game", "ITA", "--invito", "10", "--chip", "1", "--seat=Ann=100", "--seat=Bob=100",
                     "--seat=Cy=100", "--button", "Ann", "--journal", str(journal)])
    viewer = Viewer(journal)
    italian = "return document.getElementById('italian').textContent"
    try:
        browser.get(viewer.url)
        wait_for(browser, "document.getElementById('turn-who').textContent === 'Bob to act'", 10)
        assert browser.execute_script(italian) == "Openers: jacks or better · invito 10"
        for command in ["check", "check", "check", "next"]:
            assert dealer.send(command)["ok"], command
        wait_for(browser, "document.getElementById('hand').textContent.startsWith('Hand 2')", 1)
        assert browser.execute_script(italian) == \
            "Openers: queens or better · carried from earlier deals 10 · invito 10"
    finally:
        dealer.finish()
        viewer.stop()
