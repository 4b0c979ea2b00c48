"""Lines of a report wrapped to the console's width, fast where no style is printed (issue 25).

A line is a run of ``(text, style)`` parts. On a terminal it is printed through Rich: its styles, its
word wrap. Anywhere else (a pipe, a file) Rich prints no style at all, only the text cut where its
word wrap cuts it; :class:`Wrapped` then writes that text itself, cut by Rich's own wrapping function
(``rich._wrap.divide_line``) and cropped as Rich crops, so the bytes are the same (a property test
compares the two, ``tests/test_wrapped.py``). The console's width and kind are looked up once, when
the :class:`Wrapped` is made: Rich asked the terminal's size and the environment again at every
line it printed (about a million look-ups for 100,000 flagged hands) and built a dozen objects a
line.

Speed layers, measured by ``bench/bench_report.py`` (the human report beside ``--format json`` on
the same hands): writing the text without Rich's objects, and, for a line of single-cell characters
(printable ASCII: nearly every line), finding Rich's break offsets with a few string searches a
line instead of Rich's loop over every word (:func:`single_cell_breaks`; Rich's own function for any
other line). Both are checked against Rich by the property tests of ``tests/test_wrapped.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from drawdealer.parsers.patterns import lazy

Part = tuple[str, str]
"""A piece of a line: its text and its Rich style (``""``: none)."""

_TRAILING_SPACE = lazy(r"\s+$")
_SPACES = lazy(" *")
_BATCH = 256  # lines written at once off a terminal


def single_cell_breaks(text: str, width: int) -> list[int]:
    """``rich._wrap.divide_line(text, width, fold=True)`` for a ``text`` of printable ASCII that does
    not start with a blank: the offsets where Rich's word wrap starts a new line.

    Rich places words (a run of non-blanks and the blanks after it) one by one; a word goes on the
    line when its non-blank part ends within ``width`` of the line's start, else it starts the next
    line, or, longer than a line, is cut every ``width`` characters (its blanks included). Here the
    first word that does not fit is found directly, at the line's last column: with every character
    one cell wide, the words before it fit, so the work is a few searches a line, not a loop over
    every word."""
    breaks: list[int] = []
    end = len(text.rstrip(" "))
    line = 0  # where the current line starts
    at = 0  # where the next word to place starts
    while end > line + width:
        limit = line + width
        if text[limit] == " ":  # the words ending before the line's last column fit; the next one does not
            start = _SPACES.match(text, limit).end()
        else:  # the word holding the column after the line's last does not fit
            start = text.rfind(" ", at, limit) + 1 or at
        stop = text.find(" ", start)
        stop = len(text) if stop < 0 else stop  # the word's non-blank end
        after = _SPACES.match(text, stop).end()  # the word's end, its blanks included
        if stop - start > width:  # longer than a line: cut every width characters
            cuts = list(range(start, after, width))
            breaks += cuts if start else cuts[1:]
            line = cuts[-1]
        else:
            breaks.append(start)
            line = start
        at = after
    return breaks


class Wrapped:
    """Lines printed to a Rich ``console`` (its file, width and kind taken once), wrapped to its width."""

    def __init__(self, console: Any) -> None:
        from rich._wrap import divide_line
        from rich.cells import cell_len, set_cell_size

        self.console = console
        self.styled = console.is_terminal
        self.width = console.width
        if self.styled:
            console.size = console.size  # fixed for the run: not asked again at every line
        self._file = console.file
        self._lines: list[str] = []  # written a batch at a time (:meth:`flush`)
        self._divide, self._cells, self._crop = divide_line, cell_len, set_cell_size

    def write(self, text: str) -> None:
        """Write ``text``, in a batch of lines (call :meth:`flush` before anything else is printed)."""
        self._lines.append(text)
        if len(self._lines) >= _BATCH:
            self.flush()

    def flush(self) -> None:
        """Write the lines not written yet."""
        if self._lines:
            self._file.write("".join(self._lines))
            self._lines.clear()

    def heading(self, text: str, style: str = "") -> None:
        """``text`` as ``console.print(text, style=style, markup=False)`` prints it: folded at the
        console's width, trailing blanks kept."""
        if self.styled:
            self.console.print(text, style=style or None, markup=False)
            return
        self.write("".join(f"{piece}\n" for piece in self._pieces(text, self.width)))

    def indented(self, parts: Sequence[Part], indent: int, style: str = "") -> None:
        """The line of ``parts`` (all of it in ``style`` too) ``indent`` spaces in, wrapped to the
        console's width less the indent and two columns (at least 20), each line it continues on two
        more spaces in, no trailing blanks."""
        width = max(20, self.width - indent - 2)
        if self.styled:
            from rich.text import Text

            for i, line in enumerate(Text.assemble(*parts, style=style).wrap(self.console, width)):
                line.rstrip()
                self.console.print(" " * (indent + 2 * (i > 0)), line, sep="", soft_wrap=True)
            return
        text = "".join([part for part, _ in parts])
        if len(text) <= width and text.isascii() and text.isprintable():  # one line as it is: most lines
            self.write(f"{' ' * indent}{text.rstrip()}\n")
            return
        self.write("".join([f"{' ' * (indent + 2 * (i > 0))}{piece.rstrip()}\n"
                            for i, piece in enumerate(self._pieces(text, width))]))

    def _pieces(self, text: str, width: int) -> list[str]:
        """``text`` cut as Rich's ``Text.wrap`` cuts a line with no tab or line end: at the offsets
        of ``divide_line`` (words folded), blanks beyond the width dropped, then cropped to it."""
        single = text.isascii() and text.isprintable()  # every character one cell wide
        if (len(text) if single else self._cells(text)) <= width:
            return [text]
        offsets = (single_cell_breaks(text, width) if single and text[0] != " "
                   else self._divide(text, width, fold=True))
        pieces = []
        for start, end in zip([0, *offsets], [*offsets, len(text)]):
            piece = text[start:end]
            if len(piece) > width:
                blanks = _TRAILING_SPACE.search(piece)
                if blanks is not None:
                    piece = piece[:len(piece) - min(len(blanks.group()), len(piece) - width)]
                if self._cells(piece) > width:
                    piece = self._crop(piece, width)
            elif not single and self._cells(piece) > width:
                piece = self._crop(piece, width)
            pieces.append(piece)
        return pieces
