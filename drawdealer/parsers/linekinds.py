"""A Lark lexer for grammars whose terminals are whole lines (DESIGN.md convention 7).

The parser classifies each line itself and passes Lark the sequence of line kinds; this lexer
turns that sequence into tokens (``token.line`` = the index in the sequence). It lives in its own
module so that Lark's on-disk cache can pickle a reference to it.
"""

from __future__ import annotations

from typing import Any, Iterator

from lark import Token
from lark.lexer import Lexer


class LineKinds(Lexer):
    """One token per item of the input sequence, its type being the item."""

    __future_interface__ = 2

    def __init__(self, lexer_conf: Any) -> None:
        self.lexer_conf = lexer_conf

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        for index, kind in enumerate(lexer_state.text):
            yield Token(kind, kind, line=index)
