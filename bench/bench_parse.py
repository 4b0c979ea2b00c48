"""Parse-only speed of the PokerStars reader (and the PHH reader) on triple-draw hands.

    python bench/bench_parse.py [--hands N] [FILE]

Without FILE it writes, in a temporary directory, N generated six-max fixed-limit triple draw
hands (random but well-formed play, written by ``write_pokerstars``) and a file replicating the
real triple draw hands of ../shared/corpus and fixtures/. It prints hands/s and lines/s for:
reading the lines only (the reference: decoding and splitting), parsing to HandRecords, and the
PHH reader on the same hands; with pokerkit installed, pokerkit's PHH load-and-replay as well.
The goal (issue 4) is parse-only ≥ 30,000 triple-draw hands/s so that the whole validator can
reach 10,000 hands/s.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from drawdealer.engine.cards import CARDS
from drawdealer.engine.record import (
    Action,
    ActionKind,
    Claims,
    HandRecord,
    PotClaim,
    Seat,
    Stakes,
)
from drawdealer.parsers import read_hands, write_phh, write_pokerstars
from drawdealer.parsers.pokerstars import house_rules, parse_hand
from drawdealer.parsers.sniff import iter_hands, sniff

K = ActionKind


def generated_hand(rng: random.Random, number: int) -> HandRecord:
    """A six-max $0.10/$0.20 triple draw hand with random, well-formed fixed-limit play."""
    names = [f"Player{k}" for k in range(1, 7)]
    names[rng.randrange(6)] = "Hero"
    seats = [Seat(seat=k + 1, name=n, stack=rng.randrange(300, 3000)) for k, n in enumerate(names)]
    button = number % 6
    order = [names[(button + 1 + k) % 6] for k in range(6)]  # SB first
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = {n: [deck.pop() for _ in range(5)] for n in names}
    actions = [Action(kind=K.POST_SB, player=order[0], amount=5), Action(kind=K.POST_BB, player=order[1], amount=10),
               Action(kind=K.DEAL, player="Hero", cards=tuple(hands["Hero"]), count=5)]
    active = list(order)
    pot = 15
    for street in range(4):
        unit = 10 if street < 2 else 20
        put = {n: 0 for n in active}
        if street == 0:
            put[order[0]], put[order[1]] = 5, 10
        high, bets = (10, 1) if street == 0 else (0, 0)
        turn = active[2 % len(active):] + active[:2 % len(active)] if street == 0 else list(active)
        to_act = list(turn)
        while to_act and len(active) > 1:
            n = to_act.pop(0)
            if n not in active:
                continue
            owed = high - put[n]
            roll = rng.random()
            if owed and roll < 0.25:
                actions.append(Action(kind=K.FOLD, player=n))
                active.remove(n)
            elif bets < 4 and roll > 0.8:
                high += unit
                bets += 1
                kind = K.BET if bets == 1 and street else K.RAISE
                amount = high if kind is K.RAISE else unit
                pot += high - put[n]
                put[n] = high
                actions.append(Action(kind=kind, player=n, amount=amount))
                to_act = [m for m in turn if m in active and m != n]
                k = turn.index(n)
                to_act = [m for m in turn[k + 1:] + turn[:k] if m in active]
            elif owed:
                actions.append(Action(kind=K.CALL, player=n, amount=owed))
                pot += owed
                put[n] = high
            else:
                actions.append(Action(kind=K.CHECK, player=n))
        if len(active) == 1 or street == 3:
            break
        for n in active:
            count = rng.choice((0, 0, 1, 1, 2, 3))
            if n == "Hero":
                thrown = tuple(hands[n][:count])
                new = tuple(deck.pop() for _ in range(count))
                kept = tuple(hands[n][count:])
                hands[n] = list(kept + new)
                actions.append(Action(kind=K.DRAW, player=n, count=count, discarded=thrown if count else None,
                                      received=new if count else None, kept=kept,
                                      received_count=count if count else None))
            else:
                actions.append(Action(kind=K.DRAW, player=n, count=count))
    winner = rng.choice(active)
    if len(active) > 1:
        for n in active:
            actions.append(Action(kind=K.SHOW, player=n, cards=tuple(hands[n]), count=5))
    rake = pot // 20 if any(a.kind is K.DRAW for a in actions) else 0
    claims = Claims(total_pot=pot, rake=rake, collected=(PotClaim(player=winner, amount=pot - rake, pot_index=0),),
                    summary_collected=((winner, pot - rake, None),))
    return HandRecord(hand_id=str(500000000000 + number), game="27TD-FL", seats=tuple(seats), button=names[button],
                      stakes=Stakes(sb=5, bb=10, small_bet=10, big_bet=20), actions=tuple(actions), claims=claims,
                      options=house_rules(), hero="Hero", currency="$")


def replicated_corpus(count: int) -> str:
    """The real triple draw hands (corpus and fixtures), repeated with fresh hand numbers."""
    sources = list((ROOT / "fixtures" / "pokerstars").glob("*.txt"))
    corpus = ROOT.parent / "shared" / "corpus" / "fpdb"
    sources += sorted(corpus.rglob("*Stars*/**/*.txt")) if corpus.is_dir() else []
    texts = []
    for path in sources:
        if sniff(path).format != "pokerstars":
            continue
        for start, lines in iter_hands(path):
            if "Triple Draw 2-7" in lines[0] and isinstance(parse_hand(lines), HandRecord):
                texts.append("\n".join(lines))
    out = []
    for k in range(count):
        out.append(re.sub(r"#\d+:", f"#{600000000000 + k}:", texts[k % len(texts)], count=1))
    return "\n\n\n".join(out) + "\n"


def timed(label: str, work, hands: int, lines: int, reference: float | None = None, repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in CPU seconds of this process (steady on a busy machine)."""
    seconds = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        done = work()
        seconds = min(seconds, time.process_time() - start)
        assert done == hands, (label, done, hands)
    ratio = f"   x{seconds / reference:5.2f} the reference" if reference else ""
    print(f"  {label:<38} {hands / seconds:>10,.0f} hands/s {lines / seconds:>12,.0f} lines/s{ratio}")
    return seconds


def bench_file(path: Path, title: str) -> None:
    from drawdealer.engine.record import HandRecord as Record

    hands = sum(1 for _ in iter_hands(path))
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = sum(1 for _ in f)
    print(f"{title}: {hands:,} hands, {lines:,} lines, {path.stat().st_size / 1e6:.1f} MB")
    reference = timed("read + split lines (reference)", lambda: sum(1 for _ in iter_hands(path)), hands, lines)
    sample: list = []
    others = 0

    def parse() -> int:  # streams like the validator: keeps only a sample, not every record
        nonlocal others
        count = others = 0
        sample.clear()
        for result in read_hands(path):
            count += 1
            if not isinstance(result, Record):
                others += 1
            elif len(sample) < 5000:
                sample.append(result)
        return count

    timed("parse to HandRecord", parse, hands, lines, reference)
    print(f"    ({hands - others:,} records, {others:,} failures/skips)")
    phh_path = path.with_suffix(".phhs")
    phh_path.write_text("".join(f"[{k}]\n{write_phh(r)}\n" for k, r in enumerate(sample)))
    with open(phh_path) as f:
        phh_lines = sum(1 for _ in f)
    timed("PHH reader, same hands (<= 5,000)", lambda: sum(1 for _ in read_hands(phh_path)), len(sample), phh_lines,
          repeat=1)
    try:
        import pokerkit
    except ImportError:
        print("  (pokerkit not installed: pip install -e '.[bench]' for its PHH load-and-replay reference)")
        return
    texts = []
    for record in sample:  # the hands pokerkit can replay (it rejects the hand-edited corpus hand)
        if record.game in ("27TD-FL", "27SD-NL") and len(texts) < 2000:
            try:
                list(pokerkit.HandHistory.loads(write_phh(record)))
            except ValueError:
                continue
            texts.append(write_phh(record))

    def replay() -> int:
        for text in texts:
            list(pokerkit.HandHistory.loads(text))
        return len(texts)

    timed("pokerkit PHH load + replay (<= 2,000)", replay, len(texts), phh_lines * len(texts) // max(1, len(sample)),
          repeat=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path)
    parser.add_argument("--hands", type=int, default=20_000)
    args = parser.parse_args()
    if args.file:
        bench_file(args.file, str(args.file))
        return
    with tempfile.TemporaryDirectory() as tmp:
        rng = random.Random(4)
        generated = Path(tmp) / "generated_td.txt"
        with open(generated, "w") as f:
            f.writelines(write_pokerstars(generated_hand(rng, k)) + "\n\n" for k in range(args.hands))
        bench_file(generated, "Generated six-max triple draw")
        replicated = Path(tmp) / "replicated_td.txt"
        replicated.write_text(replicated_corpus(args.hands))
        bench_file(replicated, "Real triple draw hands, replicated")


if __name__ == "__main__":
    main()
