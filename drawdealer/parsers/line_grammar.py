"""Grammars whose terminals are whole lines (DESIGN.md convention 7): their LALR table, shipped.

A reader classifies each line itself and checks the sequence of line kinds against the grammar.
Lark builds the LALR table from the ``.lark`` file; :func:`build_table` turns it into plain values
(states numbered from the start state in a fixed order, so the same grammar always gives the same
module) and ``python -m drawdealer.parsers.line_grammar`` writes it as a Python module beside the
grammar (``pokerstars_table.py``; ``tests/test_line_grammar.py`` checks it matches the grammar).
Reading then needs neither Lark nor any cache: no parser is ever loaded from a file another user
could write (issue 15, "Security").

What the shipped table buys, side by side (``python bench/bench_startup.py``, rows ``import the
shipped LALR table`` and ``Lark builds it from pokerstars.lark``): building the table with Lark at
each start would add 1.14 × ``drawdealer validate FILE``'s CPU time above ``python -c pass`` to
every run that reads PokerStars text, more than doubling its start-up.

:func:`first_error` steps through the table as Lark's LALR parser does
(``lark.parsers.lalr_parser_state.ParserState.feed_token``), building no tree, and reports where it
stops and what Lark would have expected there; :class:`LineGrammar` is a reader's check of the
shape of a hand (its line kinds in order), worded by kind and memoised per shape, so that the
grammar decides the skeleton of every hand at the cost of a dictionary look-up for shapes seen.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Sequence

from drawdealer.parsers.sitekit import remember

Step = int | tuple[int, str]
"""A shift (the next state) or a reduce (how many states the rule pops, the rule's name)."""
Table = tuple[tuple[dict[str, Step], ...], int, int]
"""The states (each: line kind or rule name → step), the start state and the accepting state."""

END = "$END"
_HERE = os.path.dirname(os.path.abspath(__file__))
GRAMMARS = {"pokerstars.lark": "pokerstars_table.py"}
"""Each line grammar of the package and the module its table is written to."""


def first_error(table: Table, shape: Sequence[str]) -> tuple[int, list[str]] | None:
    """None if the grammar accepts ``shape``; else the index of the first kind it cannot take
    (``len(shape)`` when the end comes too soon) and the line kinds it expected there, sorted."""
    states, start, accept = table
    stack = [start]
    for index, kind in enumerate((*shape, END)):
        while True:
            actions = states[stack[-1]]
            step = actions.get(kind)
            if step is None:
                expected = sorted(k for k in actions if k.isupper())  # terminals, as Lark reports them
                return index, expected
            if isinstance(step, int):
                stack.append(step)
                break
            size, rule = step
            if size:
                del stack[-size:]
            stack.append(states[stack[-1]][rule])  # type: ignore[arg-type]  # a goto is a shift
            if kind == END and stack[-1] == accept:
                return None
    raise AssertionError("an LALR table shifts no end")  # pragma: no cover


_UNSEEN = object()


class LineGrammar:
    """A site's line grammar as its reader checks it: ``check(shape)`` is None when the grammar
    (its shipped ``table``) accepts the sequence of line kinds ``shape``, else ``(index, message)``:
    the index in ``shape`` of the first kind out of place (the last one when the hand ends too soon)
    and a message naming the kinds by ``names`` (each terminal and ``$END`` → words). The verdicts
    are memoised per shape (:func:`~drawdealer.parsers.sitekit.remember`)."""

    def __init__(self, table: Table, names: dict[str, str]) -> None:
        self.table, self.names = table, names
        self.verdicts: dict[tuple[str, ...], tuple[int, str] | None] = {}

    def check(self, shape: tuple[str, ...]) -> tuple[int, str] | None:
        verdict = self.verdicts.get(shape, _UNSEEN)
        if verdict is not _UNSEEN:
            return verdict  # type: ignore[return-value]
        verdict = None
        error = first_error(self.table, shape)
        if error is not None:
            index, expected = error
            got = self.names[shape[index] if index < len(shape) else END]
            names = " or ".join(sorted({self.names[kind] for kind in expected}))
            verdict = (min(index, len(shape) - 1), f"{got} is out of place here; expected {names}")
        remember(self.verdicts, shape, verdict)
        return verdict


def build_table(grammar: str) -> Table:
    """The LALR table Lark builds from the grammar file ``grammar`` (a name in this folder)."""
    from lark import Lark
    from lark.parsers.lalr_analysis import Shift

    parsed = Lark.open(grammar, rel_to=__file__, parser="lalr", lexer="basic")
    lark_table = parsed.parser.parser.parser.parse_table
    start, accept = lark_table.start_states["start"], lark_table.end_states["start"]
    number = {start: 0}
    queue = deque([start])
    while queue:  # breadth first, kinds in order: Lark's own numbering changes from run to run
        actions = lark_table.states[queue.popleft()]
        for kind in sorted(actions):
            action, arg = actions[kind]
            if action is Shift and arg not in number:
                number[arg] = len(number)
                queue.append(arg)
    states: list[dict[str, Step]] = [{} for _ in number]
    for state, n in number.items():
        for kind, (action, arg) in sorted(lark_table.states[state].items()):
            states[n][str(kind)] = number[arg] if action is Shift else (len(arg.expansion), str(arg.origin.name))
    return tuple(states), 0, number[accept]


def module_text(grammar: str) -> str:
    """The Python module that ships :func:`build_table` of ``grammar``."""
    states, start, accept = build_table(grammar)
    rows = "".join(f"    {state!r},\n" for state in states)
    return (f'"""The LALR table of ``{grammar}`` (see ``line_grammar.py``).\n\n'
            "Written by ``python -m drawdealer.parsers.line_grammar`` from the grammar; do not edit.\n"
            '"""\n\n'
            "from drawdealer.parsers.line_grammar import Table\n\n"
            f"TABLE: Table = (\n  (\n{rows}  ),\n  {start},\n  {accept},\n)\n")


def main() -> None:
    """Write the table module of every line grammar."""
    for grammar, module in GRAMMARS.items():
        with open(os.path.join(_HERE, module), "w", encoding="utf-8") as f:
            f.write(module_text(grammar))


if __name__ == "__main__":
    main()
