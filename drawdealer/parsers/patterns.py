"""Regular expressions compiled when first used (DESIGN.md convention 12).

Compiling a pattern costs Python far more than matching it a few times, and a reader declares many
that a given file never needs: other sites' headers, PHH's keys, line kinds a file may not hold
(table talk, a straddle, a reshuffle). ``lazy(source)`` stands for ``re.compile(source)`` and
compiles it the first time it is used; from then on the compiled pattern's methods are its own
attributes, called as fast as the pattern's. About a quarter of the patterns ``drawdealer validate``
of a small PokerStars file declares are never used (``bench/bench_startup.py``).
"""

from __future__ import annotations

import re
from typing import Any

_KEPT = ("match", "fullmatch", "search", "finditer", "findall", "split", "sub", "subn", "flags", "groups", "groupindex")
"""What the first use copies from the compiled pattern (its methods and attributes)."""


class LazyPattern:
    """``re.compile(pattern, flags)`` made on first use; ``pattern`` as given."""

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        """The first use: compile, keep what :data:`_KEPT` names, answer ``name``."""
        compiled = re.compile(self.pattern, self._flags)
        for name_kept in _KEPT:
            setattr(self, name_kept, getattr(compiled, name_kept))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r})"


def lazy(pattern: str | bytes, flags: int = 0) -> Any:
    """``re.compile(pattern, flags)``, compiled when first used."""
    return LazyPattern(pattern, flags)
