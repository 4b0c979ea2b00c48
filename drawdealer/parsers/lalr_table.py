"""The LALR table of ``pokerstars.lark`` as plain values, shipped beside the grammar (start-up, issue 17).

The PokerStars reader decides the skeleton of a hand by stepping through the LALR table Lark builds
from ``pokerstars.lark`` (``pokerstars._table_accepts``). Importing Lark and building (or loading)
its parser costs more of a small ``drawdealer validate`` run than the 120 ms start-up goal leaves,
so the table is also shipped as ``pokerstars_table.json``: per state, per line kind, ``[state]`` to
shift or go to, ``[size, rule]`` to reduce. JSON is data, never code, and the file is part of the
installed package, not a cache written at run time.

The file names the CRC-32 of the grammar it was built from: a grammar edited since gives ``None``
and the reader asks Lark (right, only slower), and ``tests/test_parse_pokerstars.py`` fails until
the table is written again with ``python -m drawdealer.parsers.lalr_table``. Lark numbers its states
differently from run to run, so the table is stored renumbered in a canonical order
(:func:`canonical`): the same grammar always gives the same file.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

GRAMMAR = Path(__file__).with_name("pokerstars.lark")
SHIPPED = Path(__file__).with_name("pokerstars_table.json")

Steps = dict[int, dict[str, tuple[Any, ...]]]
Table = tuple[Steps, int, int]
"""Per state, per kind: ``(state,)`` to shift (a line kind) or go to (a rule), ``(size, rule)`` to
reduce; then the start state and the end state."""


def canonical(table: Table) -> Table:
    """``table`` with its states numbered in the order a breadth-first walk from the start meets them,
    kinds taken in sorted order: the numbering no longer depends on Lark's run."""
    states, start, end = table
    number = {start: 0}
    queue = [start]
    for state in queue:
        for kind in sorted(states[state]):
            step = states[state][kind]
            if len(step) == 1 and step[0] not in number:
                number[step[0]] = len(number)
                queue.append(step[0])
    renamed = {number[state]: {kind: (number[step[0]],) if len(step) == 1 else step for kind, step in steps.items()}
               for state, steps in states.items() if state in number}
    return renamed, number[start], number[end]


def shipped() -> Table | None:
    """The shipped table, if it was built from the grammar as it is now; else ``None``."""
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
        if data["grammar_crc32"] != zlib.crc32(GRAMMAR.read_bytes()):
            return None
        states = {int(state): {kind: tuple(step) for kind, step in steps.items()}
                  for state, steps in data["states"].items()}
        return states, data["start"], data["end"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def built(parse_table: Any) -> Table:
    """The table of Lark's LALR ``parse_table`` (``Lark(...).parser.parser.parser.parse_table``), canonical."""
    from lark.parsers.lalr_analysis import Shift

    states = {state: {kind: (arg,) if action is Shift else (len(arg.expansion), arg.origin.name)
                      for kind, (action, arg) in actions.items()}
              for state, actions in parse_table.states.items()}
    return canonical((states, parse_table.start_states["start"], parse_table.end_states["start"]))


def write(table: Table) -> None:
    """Ship ``table`` as the table of the grammar as it is now."""
    states, start, end = table
    rows = ",\n".join(f'  "{state}": {json.dumps({kind: list(step) for kind, step in sorted(steps.items())})}'
                      for state, steps in sorted(states.items()))
    SHIPPED.write_text(f'{{"grammar_crc32": {zlib.crc32(GRAMMAR.read_bytes())}, "start": {start}, "end": {end}, '
                       f'"states": {{\n{rows}\n}}}}\n', encoding="utf-8")


if __name__ == "__main__":
    from drawdealer.parsers.pokerstars import _lark

    write(built(_lark().parser.parser.parser.parse_table))
    print(f"wrote {SHIPPED}")
