"""The project's rules reference, ``docs/RULES.md``, read by section number.

The package ships a copy as ``drawdealer/docs/RULES.md`` (package data, kept identical to the file
by a test), so ``drawdealer rules 7.3`` works from an installed package as from a clone.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from drawdealer.engine.frozen import record

CITATION = re.compile(r"§(\d+(?:\.\d+)?)")
"""A section citation as the code, findings and messages write it: ``§7.3``, ``§13``."""

_HEADING = re.compile(r"^(#{2,3}) (\d+(?:\.\d+)?)\.? (.*)$", re.M)
_ASKED = re.compile(r"§?\s*(\d+(?:\.\d+)?)\.?")


@record(kw_only=False)
class Section:
    """One numbered section: ``number`` ("7.3"), its ``title`` and its ``text`` (Markdown, sub-sections included)."""

    number: str
    title: str
    text: str


@cache
def rules_text() -> str:
    """The whole of ``docs/RULES.md`` as shipped in the package."""
    return files("drawdealer").joinpath("docs/RULES.md").read_text(encoding="utf-8")


@cache
def sections() -> dict[str, Section]:
    """Every numbered section (``## 7.`` and ``### 7.3``) by number, in file order.

    A section runs to the next heading of its level or above, so ``7`` holds ``7.1``-``7.6``.
    """
    text = rules_text()
    heads = list(_HEADING.finditer(text))
    found: dict[str, Section] = {}
    for i, head in enumerate(heads):
        level = len(head.group(1))
        end = next((h.start() for h in heads[i + 1:] if len(h.group(1)) <= level), len(text))
        body = text[head.start():end].strip()
        body = body.removesuffix("---").rstrip()
        found[head.group(2)] = Section(head.group(2), head.group(3).strip(), body)
    return found


def section_number(asked: str) -> str | None:
    """``"7.3"`` for ``"7.3"``, ``"§7.3"`` or ``"§ 7.3."``; None if ``asked`` is not a section number."""
    match = _ASKED.fullmatch(asked.strip())
    return match.group(1) if match else None
