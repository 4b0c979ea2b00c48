"""The phases of a hand (RULES.md §5): set-up, betting rounds, draw rounds, showdown, complete."""

SETUP, BETTING, DRAW, SHOWDOWN, COMPLETE = range(5)
PHASE_NAMES = ("SETUP", "BETTING", "DRAW", "SHOWDOWN", "COMPLETE")
