"""Parse-only speed and memory of the XML readers (Merge, Boss Media) against the PokerStars reader.

    python bench/bench_xml_sites.py [--hands N] [--repeat R]

For each site it writes, in a temporary directory, the corpus' draw hands of that site repeated
with fresh hand ids to N hands (Merge: the ten-hand files' hands, each file's ``<description>``
before its hands; Boss: the 14 hands of its file inside one ``<ROOT>``), and the same hands as
PokerStars text (``convert``'s writer, the first 2,000; A-5 hands, which PokerStars never dealt,
left out). It
prints, as ``bench/bench_parse.py`` does, hands/s and µs per hand of reading and splitting the
file (the reference), of parsing it to HandRecords (``read_hands``, streamed as the validator
reads), and of the PokerStars reader on the same hands, with the XML reader's time per hand as a
ratio of the PokerStars reader's. Times are the best of R runs in CPU seconds of this process.
Memory: the peak of this process (``resource``), which stays flat however large the file since a
hand is read, used and dropped before the next (run with a larger ``--hands`` to see it unchanged).
"""

from __future__ import annotations

import argparse
import re
import resource
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_parse import timed  # noqa: E402

from drawdealer.engine.record import HandRecord  # noqa: E402
from drawdealer.parsers import read_hands, write_pokerstars  # noqa: E402
from drawdealer.parsers.sniff import iter_hands, open_lines  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "fpdb" / "cash"


def merge_file(path: Path, hands: int) -> None:
    """Merge's corpus hands, each file's description first, repeated to ``hands`` with fresh ids."""
    blocks = []
    for source in sorted((CORPUS / "Merge" / "Draw").glob("*.txt")):
        text = "\n".join(open_lines(source))
        description, _, games = text.partition("\n")
        blocks += [(description, "<game id=" + g.rstrip()) for g in games.split("<game id=")[1:]]
    with open(path, "w") as out:
        last = None
        for k in range(hands):
            description, game = blocks[k % len(blocks)]
            if description != last:
                out.write(description + "\n")
                last = description
            out.write(re.sub(r'<game id="[^"]+"', f'<game id="9-{k}"', game, count=1) + "\n\n")


def boss_file(path: Path, hands: int) -> None:
    """Boss's corpus hands inside one ``<ROOT>``, repeated to ``hands`` with fresh ids."""
    text = "\n".join(open_lines(CORPUS / "Boss" / "Draw" / "5CD-FL-EUR-2-4.Opoker.sample.xml"))
    histories = ["<HISTORY ID=" + h.replace("</ROOT>", "").rstrip() for h in text.split("<HISTORY ID=")[1:]]
    with open(path, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<ROOT>\n')
        for k in range(hands):
            out.write(re.sub(r'<HISTORY ID="\d+"', f'<HISTORY ID="{k}"', histories[k % len(histories)], count=1) + "\n")
        out.write("</ROOT>\n")


def hand_chunks(path: Path) -> int:
    """The hands of ``path`` as the splitter cuts them (a Merge ``<description>`` is no hand)."""
    return sum(1 for _, lines in iter_hands(path) if lines[0].startswith(("<game", "<HISTORY")))


def bench(path: Path, title: str, repeat: int) -> None:
    hands = hand_chunks(path)
    lines = sum(1 for line in open(path) if line.strip())
    print(f"{title}: {hands:,} hands, {lines:,} lines, {path.stat().st_size / 1e6:.1f} MB")
    reference = timed("read + split into hands (reference)", lambda: hand_chunks(path), hands,
                      lines, repeat)
    records: list[HandRecord] = []

    def parse() -> int:
        records.clear()
        count = 0
        for result in read_hands(path):
            count += 1
            if isinstance(result, HandRecord) and result.game != "A5TD-FL" and len(records) < 2000:
                records.append(result)  # a sample for the PokerStars reader: memory stays flat
        return count

    xml = timed("parse to HandRecords (read_hands)", parse, hands, lines, repeat, reference)
    stars_path = path.with_suffix(".stars.txt")
    stars_path.write_text("".join(write_pokerstars(r) + "\n\n\n" for r in records))
    stars_lines = sum(1 for line in open(stars_path) if line.strip())
    stars = timed("the same hands, PokerStars reader", lambda: sum(1 for _ in read_hands(stars_path)),
                  len(records), stars_lines, repeat)
    print(f"    XML reader: {xml / hands / (stars / len(records)):.2f} x the PokerStars reader's time per hand")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not CORPUS.is_dir():
        sys.exit("../shared/corpus is not here")
    with tempfile.TemporaryDirectory() as tmp:
        merge, boss = Path(tmp) / "merge.txt", Path(tmp) / "boss.xml"
        merge_file(merge, args.hands)
        boss_file(boss, args.hands)
        bench(merge, "Merge, corpus hands replicated", args.repeat)
        bench(boss, "Boss Media, corpus hands replicated", args.repeat)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
