"""The plain command lines the console script runs without Typer (``cli/main.py``).

Typer's import and its building of the command tree cost about a third of a small ``validate`` run,
which the 120 ms start-up goal cannot afford (DESIGN.md convention 12; ``bench/bench_startup.py``).
A command whose arguments are plain (options it declares, ``--opt value`` or ``--opt=value``,
positional words, ``--``) is run directly; anything else (``--help``, an unknown option, a missing
value) gets ``None`` and goes to Typer, which words the usage error or prints the help.
"""

from __future__ import annotations


def plain_args(argv: list[str], options: dict[str, str], flags: dict[str, str]
               ) -> tuple[dict[str, str], set[str], list[str]] | None:
    """``argv`` read against ``options`` (spelling → name, each taking a value) and ``flags`` (spelling →
    name): the option values, the flags given and the positional words; ``None`` when Typer must read it."""
    values: dict[str, str] = {}
    given: set[str] = set()
    words: list[str] = []
    args = iter(argv)
    for arg in args:
        option, has_value, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if arg == "--":
            words.extend(args)
        elif option in options:
            if not has_value:
                value = next(args, None)
                if value is None:
                    return None
            values[options[option]] = value
        elif arg in flags:
            given.add(flags[arg])
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            words.append(arg)
    return values, given, words
