"""Conformance against pokerkit, for release checks (issue 14).

    python bench/conformance.py [HANDS] [--start SEED] [--variant FB] [--players 8]

Plays HANDS seeded random hands with pokerkit (``tests/pokerkit_hands.py``: fixed-limit 2-7 triple
draw and no-limit 2-7 single draw, or only the ``--variant`` given, ``FB`` for fixed-limit Badugi;
2-6 players, or ``--players`` at every table: up to 8 at Badugi and single draw, RULES.md §18.1;
antes, all-ins, side pots, reshuffles), writes each
with pokerkit's PHH writer, validates it with drawdealer, and prints how many came back clean, how
many were flagged, by finding code, and how often the generator steered around each deliberate
difference of RULES.md (the table in ``tests/pokerkit_hands.py``). A flagged hand is a finding the
differences table does not explain: the first seeds of each code are printed to replay them.
Exit status 1 when any hand is flagged.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from pokerkit_hands import DIFFERENCES, play, validate  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", nargs="?", type=int, default=2000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--variant", choices=("F2L3D", "N2L1D", "FB"), help="one game only (else 2-7 TD and SD)")
    parser.add_argument("--players", type=int, choices=range(2, 9), metavar="2..8",
                        help="players at every table (7 and 8: FB or N2L1D only, RULES.md §18.1)")
    args = parser.parse_args()
    if args.players and args.players > 6 and args.variant not in ("FB", "N2L1D"):
        parser.error("--players 7 and 8 need --variant FB or N2L1D (2-7 triple draw seats 6 by default)")
    clean = 0
    causes: Counter[str] = Counter()
    seeds: dict[str, list[int]] = defaultdict(list)
    steered: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for seed in range(args.start, args.start + args.hands):
        hand = play(seed, args.variant, args.players)
        games[hand.table.variant] += 1
        steered.update(set(hand.avoided))
        codes = validate(hand.text)
        if not codes:
            clean += 1
        for code in sorted(set(codes)):
            causes[code] += 1
            seeds[code].append(seed)
    flagged = args.hands - clean
    print(f"pokerkit hands: {args.hands} (seeds {args.start}..{args.start + args.hands - 1}; "
          + ", ".join(f"{g} {n}" for g, n in sorted(games.items()))
          + (f"; {args.players} players" if args.players else "") + ")")
    print(f"clean: {clean}   flagged: {flagged}")
    for code, n in causes.most_common():
        print(f"  {code:<28} {n:>6}   seeds {', '.join(map(str, seeds[code][:5]))}")
    print("deliberate differences (hands that steered around each; 0 where the table set-up avoids it):")
    for key, difference in DIFFERENCES.items():
        print(f"  {key:<28} {steered[key]:>6}   {difference.sections}: {difference.handling}")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
