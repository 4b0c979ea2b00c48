"""Parse-only speed of the PokerStars reader (and the PHH reader) on triple-draw hands.

    python bench/bench_parse.py [--hands N] [--repeat R] [FILE]

Without FILE it writes, in a temporary directory, three files and times each one:

- N generated six-max fixed-limit 2-7 triple draw hands at one table: random legal play by the
  engine (``engine.simulate.random_hand`` under PokerStars' house rules, the button moving, stacks
  carried from hand to hand), written by ``write_pokerstars`` as a site writes them (the hero's
  cards; the others' when shown), like the input of ``bench/bench_validate.py``;
- the same hands with every card written (``Dealt to`` each player, every discard): the reader's
  paths for lines with cards;
- the real triple draw hands of ../shared/corpus and fixtures/, repeated with fresh hand numbers.

For each it prints hands/s, lines/s and µs per hand of: reading and splitting the file into hands
(the reference: decoding and cutting only), parsing to HandRecords (``read_hands``, streamed as the
validator does), with the ratio of the two times; the PokerStars reader's memos side by side, in
turn: the reader as shipped from empty memos, and the plain reader without them
(``pokerstars.parse_hands``, every line read by the tables and patterns; the shipped reader is
``pokerstars_memo``'s, a layer around it), as a ratio; then the PHH reader on the same hands (the first
2,000, written by ``write_phh``), beside the same reader with its TOML read by :mod:`tomllib`
instead of ``phh_toml``'s scanner, as a ratio, and, with pokerkit installed, pokerkit's PHH
load-and-replay, each also as a ratio per hand: the PHH reader's time over the PokerStars reader's
(issue 17: at most 1) and pokerkit's over the PHH reader's. Times are the best of R runs in CPU seconds of
this process (steady on a busy machine); the first run also fills the reader's memos.

Goal (issue 4): ``drawdealer validate`` at 10,000 hands/s on one core, i.e. 100 µs per hand for
reading and replaying; with the replay at about 50 µs, parsing must take at most about 50 µs per
generated six-max hand.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawdealer.engine.options import Options  # noqa: E402
from drawdealer.engine.record import ActionKind, HandRecord  # noqa: E402
from drawdealer.engine.simulate import random_hand, site_view  # noqa: E402
from drawdealer.parsers import phh_toml, pokerstars, pokerstars_memo, read_hands, write_phh, write_pokerstars  # noqa: E402
from drawdealer.parsers.pokerstars import house_rules, parse_hand  # noqa: E402
from drawdealer.parsers.sniff import iter_hands, sniff  # noqa: E402

K = ActionKind
GOAL_US_PER_HAND = 50


def generated_files(directory: Path, hands: int, seed: int) -> tuple[Path, Path]:
    """``hands`` random six-max 27TD-FL hands, as a site writes them and with every card written."""
    rng = random.Random(seed)
    options = Options.from_mapping(house_rules())
    site, every = directory / "generated_site.txt", directory / "generated_every_card.txt"
    names = [f"P{k + 1}" for k in range(6)]
    stacks = dict.fromkeys(names, 400)
    with open(site, "w") as site_out, open(every, "w") as every_out:
        for k in range(hands):  # one table: the button moves, stacks carry over, a broke player buys in again
            record = random_hand("27TD-FL", rng, players=6, stacks=[stacks[n] or 400 for n in names], names=names,
                                 options=options, button=k % 6, hand_id=str(700000000000 + k))
            stacks.update(record.claims.final_stacks)
            site_out.write(write_pokerstars(site_view(record)) + "\n\n\n")
            every_out.write(write_pokerstars(record) + "\n\n\n")
    return site, every


def replicated_corpus(path: Path, count: int) -> None:
    """The real triple draw hands (corpus and fixtures), repeated with fresh hand numbers."""
    sources = sorted((ROOT / "fixtures" / "pokerstars").glob("*.txt"))
    corpus = ROOT.parent / "shared" / "corpus" / "fpdb"
    sources += sorted(corpus.rglob("*Stars*/**/*.txt")) if corpus.is_dir() else []
    texts = []
    for source in sources:
        if sniff(source).format != "pokerstars":
            continue
        for start, lines in iter_hands(source):
            if "Triple Draw 2-7" in lines[0] and isinstance(parse_hand(lines), HandRecord):
                texts.append("\n".join(lines))
    with open(path, "w") as out:
        for k in range(count):
            out.write(re.sub(r"#\d+:", f"#{600000000000 + k}:", texts[k % len(texts)], count=1) + "\n\n\n")


def timed(label: str, work: Callable[[], int], hands: int, lines: int, repeat: int,
          reference: float | None = None) -> float:
    """Best of ``repeat`` runs of ``work`` (which returns the hands it read), in CPU seconds."""
    (seconds,) = in_turn([work], hands, repeat)
    row(label, seconds, hands, lines, reference)
    return seconds


def in_turn(works: list[Callable[[], int]], hands: int, repeat: int) -> list[float]:
    """The best of ``repeat`` runs of each work in CPU seconds, the works run in turn (A, B, A, B …)
    so that a change in the machine's load falls on all alike."""
    best = [float("inf")] * len(works)
    for _ in range(repeat):
        for k, work in enumerate(works):
            start = time.process_time()
            done = work()
            best[k] = min(best[k], time.process_time() - start)
            assert done == hands, (k, done, hands)
    return best


def row(label: str, seconds: float, hands: int, lines: int, reference: float | None = None,
        named: str = "the reference time") -> None:
    ratio = f"   {seconds / reference:5.2f} x {named}" if reference else ""
    print(f"  {label:<40} {hands / seconds:>9,.0f} hands/s {lines / seconds:>11,.0f} lines/s "
          f"{seconds / hands * 1e6:>7.1f} us/hand{ratio}")


def cold(work: Callable[[], int]) -> Callable[[], int]:
    """``work`` started with the PokerStars reader's memos empty."""
    def run() -> int:
        pokerstars_memo.clear_memos()
        return work()
    return run


def toml_by_tomllib(work: Callable[[], int]) -> Callable[[], int]:
    """``work`` with the PHH reader's TOML read by :mod:`tomllib` instead of ``phh_toml``'s scanner
    (the reader's own way when the scanner hands a text over)."""
    def run() -> int:
        scanner, phh_toml.read = phh_toml.read, lambda text: (tomllib.loads(text), None)
        try:
            return work()
        finally:
            phh_toml.read = scanner
    return run


def bench_file(path: Path, title: str, repeat: int, goal: bool = False) -> None:
    hands = sum(1 for _ in iter_hands(path))
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = sum(1 for line in f if line.strip())
    print(f"{title}: {hands:,} hands, {lines:,} lines ({lines / hands:.0f} a hand), {path.stat().st_size / 1e6:.1f} MB")
    reference = timed("read + split into hands (reference)", lambda: sum(1 for _ in iter_hands(path)), hands, lines,
                      repeat)
    sample: list[HandRecord] = []
    others = 0

    def parse() -> int:  # streams like the validator: keeps a sample, not every record
        nonlocal others
        count = others = 0
        sample.clear()
        for result in read_hands(path):
            count += 1
            if not isinstance(result, HandRecord):
                others += 1
            elif len(sample) < 2000:
                sample.append(result)
        return count

    seconds = timed("parse to HandRecords (read_hands)", parse, hands, lines, repeat, reference)
    print(f"    ({hands - others:,} records, {others:,} failures/skips)")
    def plain() -> int:  # the PokerStars reader without its memo layer
        return sum(1 for _ in pokerstars.parse_hands(iter_hands(path), str(path)))

    with_memos, no_memos = in_turn([cold(parse), plain], hands, repeat)
    row("parse, memos empty at the start", with_memos, hands, lines)
    row("the plain reader, without the memos", no_memos, hands, lines, with_memos, "with the memos")
    if goal:
        per_hand = seconds / hands * 1e6
        print(f"    goal <= {GOAL_US_PER_HAND} us per hand: {'met' if per_hand <= GOAL_US_PER_HAND else 'MISSED'}"
              f" ({per_hand:.1f} us)")
    phh_path = path.with_suffix(".phhs")
    phh_path.write_text("".join(f"[{k}]\n{write_phh(r)}\n" for k, r in enumerate(sample)))
    with open(phh_path) as f:
        phh_lines = sum(1 for line in f if line.strip())
    def read_phh() -> int:
        return sum(1 for _ in read_hands(phh_path))

    phh, by_tomllib = in_turn([read_phh, toml_by_tomllib(read_phh)], len(sample), repeat)
    row(f"PHH reader, the first {len(sample):,} hands", phh, len(sample), phh_lines)
    row("PHH reader, its TOML read by tomllib", by_tomllib, len(sample), phh_lines, phh, "with the TOML scanner")
    phh_per_hand, stars_per_hand = phh / len(sample), seconds / hands
    print(f"    PHH reader: {phh_per_hand / stars_per_hand:.2f} x the PokerStars reader's time per hand "
          f"(goal (issue 17): <= 1, as fast per hand)")
    try:
        import pokerkit
    except ImportError:
        print("  (pokerkit not installed: pip install -e '.[bench]' for its PHH load-and-replay reference)")
        return
    import warnings

    warnings.simplefilter("ignore")  # pokerkit warns about every redealt card (the reshuffle)
    texts = []
    for record in sample[:500]:  # the hands pokerkit can replay (it rejects the hand-edited corpus hand)
        if record.game in ("27TD-FL", "27SD-NL"):
            try:
                list(pokerkit.HandHistory.loads(write_phh(record)))
            except ValueError:
                continue
            texts.append(write_phh(record))

    def replay() -> int:
        for text in texts:
            list(pokerkit.HandHistory.loads(text))
        return len(texts)

    pokerkit = timed(f"pokerkit PHH load + replay, {len(texts):,} hands", replay, len(texts),
                     phh_lines * len(texts) // max(1, len(sample)), 1)
    print(f"    PHH reader, reading only: {pokerkit / len(texts) / phh_per_hand:.1f} x as fast per hand as pokerkit's "
          f"load + replay (reading and replaying both, the goal of issue 17: bench/bench_validate.py)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args()
    if args.file:
        bench_file(args.file, str(args.file), args.repeat)
        return
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        site, every = generated_files(Path(tmp), args.hands, args.seed)
        print(f"(generated {args.hands:,} hands in {time.perf_counter() - started:.0f} s)")
        bench_file(site, "Generated six-max triple draw, as a site writes it", args.repeat, goal=True)
        bench_file(every, "Generated six-max triple draw, every card written", args.repeat)
        replicated = Path(tmp) / "replicated_td.txt"
        replicated_corpus(replicated, args.hands)
        bench_file(replicated, "Real triple draw hands, replicated", args.repeat)


if __name__ == "__main__":
    main()
