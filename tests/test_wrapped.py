"""The report's lines written without Rich's objects are the bytes Rich would print (issue 25).

Off a terminal, :class:`~drawdealer.cli.wrapped.Wrapped` cuts a line with Rich's own word wrap and
writes it itself; this compares it with Rich printing the same line the way the report did before
(``Text.wrap`` then ``console.print`` line by line; ``console.print`` of a file name), for any text:
wide characters, runs of blanks, words longer than a line, any width.
"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from drawdealer.cli.wrapped import Wrapped

WORDS = st.sampled_from(["line", "12", "error", "PARSE_ERROR", "RAISE_ABOVE_POT_LIMIT", "Player3", "$2.25", "↳",
                         "§7.3", "×", "中文字", "ｗｉｄｅ", "é", " ", "  ", "(expected", "x" * 30, "y" * 90, "",
                         "drawdealer/fixtures/findings/RAISE_ABOVE_POT_LIMIT.txt", "'Table", "#1"])
TEXTS = st.lists(WORDS | st.text(max_size=6).map(lambda t: "".join(c for c in t if c.isprintable())),
                 max_size=40).map(" ".join)


def _console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, height=25, force_terminal=False, color_system=None,
                   highlight=False, emoji=False)


def _rich_indented(text: str, width: int, indent: int) -> str:
    console = _console(width)
    for i, line in enumerate(Text(text).wrap(console, max(20, console.width - indent - 2))):
        line.rstrip()
        console.print(" " * (indent + 2 * (i > 0)), line, sep="", soft_wrap=True)
    return console.file.getvalue()


def _rich_heading(text: str, width: int) -> str:
    console = _console(width)
    console.print(text, style="bold", markup=False)
    return console.file.getvalue()


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.integers(20, 130), st.sampled_from([2, 4, 6]))
def test_an_indented_line_is_what_rich_prints(text: str, width: int, indent: int) -> None:
    console = _console(width)
    printer = Wrapped(console)
    assert not printer.styled
    printer.indented([(text[: len(text) // 2], "red"), (text[len(text) // 2:], "dim")], indent)
    printer.flush()
    assert console.file.getvalue() == _rich_indented(text, width, indent)


@settings(max_examples=150, deadline=None)
@given(TEXTS, st.integers(20, 130))
def test_a_heading_is_what_rich_prints(text: str, width: int) -> None:
    console = _console(width)
    printer = Wrapped(console)
    printer.heading(text, "bold")
    printer.flush()
    assert console.file.getvalue() == _rich_heading(text, width)


ASCII = st.lists(st.sampled_from(["a", "bb", "line", "PARSE_ERROR", "(column", "1:", "'Table", "#1", "$0.05", "x" * 30,
                                  "y" * 90, "", " ", "  "]) | st.text("ab -~#$'", max_size=8),
                 max_size=40).map(" ".join).map(lambda t: t.lstrip(" "))


@settings(max_examples=1000, deadline=None)
@given(ASCII, st.integers(1, 130))
def test_single_cell_breaks_are_riches(text: str, width: int) -> None:
    """The speed layer finds the offsets Rich's own word wrap finds, for any printable ASCII line."""
    from rich._wrap import divide_line

    from drawdealer.cli.wrapped import single_cell_breaks

    assert single_cell_breaks(text, width) == divide_line(text, width, fold=True)
