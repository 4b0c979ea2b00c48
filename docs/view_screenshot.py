"""The screenshots of the players' table view in docs/ (``table-view.png``, ``table-view-phone.png``,
``table-view-habits.png``).

    python docs/view_screenshot.py [--out docs]

Plays a pot-limit triple draw hand of six players with ``drawdealer deal`` into a new journal,
serves it with ``drawdealer view``, and takes the page in Debian's headless Chromium at 1280×800 and
390×844 (a phone), with the pot-limit arithmetic opened as a player's tap opens it. Then twelve
random hands of five-handed fixed-limit triple draw dealt through the dealer's commands
(``tests/web_support.py``), and the evening's habits between hands on the phone.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from web_support import CHROMEDRIVER, CHROMIUM, Viewer, played  # noqa: E402

SEATS = ["--seat=Ann=200", "--seat=Bob=150", "--seat=Cy=60", "--seat=Dee=200", "--seat=Eve=200", "--seat=Fay=120"]
COMMANDS = ["raise 7", "call", "fold", "call", "call", "call",  # B1: Dee raises the pot
            "draw 2", "draw 3", "draw 1", "draw 2", "pat",  # D1
            "check", "bet 20", "call", "fold", "call", "call",  # B2
            "draw 1", "pat", "draw 1", "pat",  # D2
            "check", "allin", "call"]  # B3: Cy all-in, Dee calls, Ann to act
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    journal = Path(tempfile.mkdtemp()) / "friday"
    subprocess.run([sys.executable, "-m", "drawdealer", "deal", "--game", "27TD-PL", "--stakes", "1/2", *SEATS,
                    "--button", "Ann", "--journal", str(journal), "--json"], check=True, stdout=subprocess.DEVNULL,
                   input="".join(c + "\n" for c in COMMANDS), text=True)
    viewer = Viewer(journal)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={tempfile.mkdtemp()}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        for name, width, height in (("table-view.png", 1280, 800), ("table-view-phone.png", 390, 844)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            driver.get(viewer.url)
            time.sleep(1.5)
            driver.execute_script("document.getElementById('pot-limit').open = true")
            driver.save_screenshot(str(args.out / name))
            print(args.out / name)
        viewer.stop()
        evening = journal.with_name("saturday")
        for _ in played("27TD-FL", seed=12, hands=12, players=5, journal=evening, stack=500):
            pass
        viewer = Viewer(evening)
        driver.get(viewer.url)
        time.sleep(1.5)
        driver.execute_script("document.getElementById('habits-box').scrollIntoView()")
        driver.save_screenshot(str(args.out / "table-view-habits.png"))
        print(args.out / "table-view-habits.png")
    finally:
        driver.quit()
        viewer.stop()


if __name__ == "__main__":
    main()
