"""Reading the dealer's commands: an interactive prompt, or one command per line from a pipe.

On a terminal the stdlib ``readline`` gives line editing, history (kept in the journal directory
so it survives ``--resume``) and tab completion of the command words that apply at the moment and
the player names they take (issue 16). When standard
input is not a terminal, lines are read as they come so a session can be scripted (issue 5).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Callable, Iterable, Iterator, TextIO


def complete(buffer: str, words: dict[str, tuple[str, ...]]) -> list[str]:
    """Completions for the line typed so far: the command words that apply now (``words``' keys,
    in order), then the names a word takes as its first argument (issue 16)."""
    typed = buffer.split()
    at_new_word = buffer.endswith(" ") or not buffer
    if not typed or (len(typed) == 1 and not at_new_word):
        prefix = typed[0].lower() if typed else ""
        return [w + " " for w in words if w.startswith(prefix)]
    names = words.get(typed[0].lower(), ())
    if names and (len(typed) == 1 or (len(typed) == 2 and not at_new_word)):
        prefix = "" if len(typed) == 1 else typed[1].lower()
        return [n + " " for n in names if n.lower().startswith(prefix)]
    return []


def _text_lines(stream: TextIO) -> Iterable[str]:
    """The lines of a piped ``stream``; bytes that are not valid in its encoding become U+FFFD, so
    they reach the parser as an unknown word (one refusal) instead of a ``UnicodeDecodeError``. A
    line is cut past ``MAX_LINE_CHARS`` as it is read (``parsers/limits.py``; the parser refuses it),
    so a long line never grows in memory, and input that never ends a line (``< /dev/zero``) ends
    the session (:class:`~drawdealer.parsers.limits.EndlessLine`)."""
    from drawdealer.parsers.limits import bounded_lines

    raw = getattr(stream, "buffer", None)
    if raw is not None:
        stream = io.TextIOWrapper(raw, encoding=stream.encoding or "utf-8", errors="replace")
    return bounded_lines(stream, endless=True)


class Prompt:
    """Yields typed lines until end of input; ``words`` supplies what may be typed now (:func:`complete`)."""

    def __init__(self, *, words: Callable[[], dict[str, tuple[str, ...]]], history: Path | None) -> None:
        self._words = words
        self._history = history
        self.interactive = sys.stdin.isatty()
        self._readline = None
        if self.interactive:
            self._setup_readline()

    def _setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # pragma: no cover - platforms without readline
            return
        self._readline = readline
        matches: list[str] = []

        def completer(text: str, state: int) -> str | None:
            nonlocal matches
            if state == 0:
                buffer = readline.get_line_buffer()[: readline.get_endidx()]
                matches = complete(buffer, self._words())
            return matches[state] if state < len(matches) else None

        readline.set_completer_delims(" \t")
        readline.set_completer(completer)
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        if self._history is not None and self._history.is_file():
            try:
                readline.read_history_file(str(self._history))
            except OSError:
                pass

    def lines(self, prompt: Callable[[], str]) -> Iterator[str]:
        """The lines typed, one at a time (``prompt()`` is shown before each on a terminal)."""
        if not self.interactive:
            from drawdealer.cli.errors import fail
            from drawdealer.parsers.limits import EndlessLine

            number = 0
            try:
                for number, line in enumerate(_text_lines(sys.stdin), 1):
                    yield line.rstrip("\r\n")
            except EndlessLine as exc:
                fail(f"standard input line {number + 1}: {exc} (every command before it is journaled)")
            return
        while True:
            try:
                line = input(prompt())
            except EOFError:
                sys.stdout.write("\n")
                return
            except KeyboardInterrupt:
                sys.stdout.write("^C (type 'quit' to leave; the journal is safe)\n")
                continue
            except UnicodeDecodeError:
                sys.stdout.write("refused: the line is not valid text in the terminal's encoding\n")
                continue
            if self._readline is not None and self._history is not None and line.strip():
                try:
                    if self._history.exists():
                        self._readline.append_history_file(1, str(self._history))
                    else:
                        self._readline.write_history_file(str(self._history))
                except OSError:
                    pass
            yield line
