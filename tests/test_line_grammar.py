"""The PokerStars reader checks a hand's line kinds against the LALR table of ``pokerstars.lark``
shipped as ``pokerstars_table.py`` (issue 15, "Security": no parser is loaded from a cache file).
The shipped table is the one Lark builds from the grammar today, and stepping through it gives
exactly Lark's own verdict: accepted, or the same place and the same expected kinds."""

from __future__ import annotations

import random
from typing import Any, Iterator

from lark import Lark, Token
from lark.exceptions import UnexpectedToken
from lark.lexer import Lexer

from drawdealer.parsers import line_grammar, pokerstars, pokerstars_table
from drawdealer.parsers.line_grammar import END, first_error

KINDS = ["HEADER", "TABLE", "SEAT", "POST", "DEALING", "STREET", "ACT", "DRAW", "DEALT", "SHOWDOWN", "SHOW",
         "MUCK", "NOSHOW", "UNCALLED", "COLLECT", "SUMMARY", "TOTAL", "BOARD", "SEATSUM"]
GOOD = ["HEADER", "TABLE", "SEAT", "SEAT", "POST", "DEALING", "DEALT", "ACT", "STREET", "DRAW", "DEALT", "ACT",
        "SHOWDOWN", "SHOW", "MUCK", "COLLECT", "SUMMARY", "TOTAL", "BOARD", "SEATSUM"]


class _Kinds(Lexer):
    """Feeds Lark one token per line kind (``token.line`` = its index)."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        for index, kind in enumerate(lexer_state.text):
            yield Token(kind, kind, line=index)


def test_the_shipped_table_is_the_one_lark_builds_from_the_grammar() -> None:
    """If this fails after an edit of pokerstars.lark: ``python -m drawdealer.parsers.line_grammar``."""
    with open(pokerstars_table.__file__, encoding="utf-8") as f:
        assert f.read() == line_grammar.module_text("pokerstars.lark")
    assert pokerstars_table.TABLE == line_grammar.build_table("pokerstars.lark")


def test_the_table_gives_lark_s_own_verdict() -> None:
    """Shapes of every kind, orderly and not: accepted exactly when Lark's parser accepts, and
    otherwise stopped at the token Lark stops at, expecting the kinds Lark expects."""
    lark = Lark.open("pokerstars.lark", rel_to=pokerstars.__file__, parser="lalr", lexer=_Kinds)
    rng = random.Random(8)
    shapes = [tuple(GOOD), ("HEADER",), ("HEADER", "TABLE", "SEAT", "DEALING")]
    for _ in range(3000):
        shape = list(GOOD)
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            i = rng.randrange(len(shape) + 1)
            roll = rng.random()
            if roll < 0.4:
                shape.insert(i, rng.choice(KINDS))
            elif roll < 0.7 and i < len(shape):
                del shape[i]
            elif i < len(shape):
                shape[i] = rng.choice(KINDS)
        shapes.append(tuple(shape))
    accepted = 0
    for shape in shapes:
        try:
            lark.parse(list(shape))
            lark_verdict = None
        except UnexpectedToken as e:
            at = len(shape) if e.token.type == END else e.token.line
            lark_verdict = (at, sorted(e.expected))
        assert first_error(pokerstars_table.TABLE, shape) == lark_verdict, shape
        accepted += lark_verdict is None
    assert 300 < accepted < len(shapes) - 300


def test_an_out_of_place_line_is_worded_by_kind() -> None:
    assert pokerstars.GRAMMAR.check(tuple(GOOD)) is None
    assert pokerstars.GRAMMAR.check(("HEADER", "SEAT")) == (
        1, "a seat line is out of place here; expected the 'Table' line")
    assert pokerstars.GRAMMAR.check(("HEADER", "TABLE")) == (
        1, "the end of the hand is out of place here; expected a seat line")
