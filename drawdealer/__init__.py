"""drawdealer: a rules engine for draw poker (2-7 triple/single draw, 5-card draw, Italian poker).

As a library (docs/API.md)::

    import drawdealer
    for report in drawdealer.validate_paths(["histories/"]):
        ...

The names of :data:`__all__` load on first use (the module's ``__getattr__``): ``import drawdealer``
runs this file only, so no command's start-up grows (DESIGN.md convention 12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "FileProblem", "Finding", "HandRecord", "HandReport", "PassedOver", "Verdict", "__version__", "pot_limit",
    "read_hands", "replay", "showdown", "validate_bytes", "validate_paths", "validate_text",
]

_HOMES = {
    "validate_paths": "drawdealer.api", "validate_bytes": "drawdealer.api", "validate_text": "drawdealer.api",
    "read_hands": "drawdealer.api", "replay": "drawdealer.api", "showdown": "drawdealer.api",
    "pot_limit": "drawdealer.api",
    "HandReport": "drawdealer.validate", "FileProblem": "drawdealer.validate", "PassedOver": "drawdealer.validate",
    "Finding": "drawdealer.engine.findings", "HandRecord": "drawdealer.engine.record",
    "Verdict": "drawdealer.engine.verdict",
}
"""Where each public name lives."""

if TYPE_CHECKING:
    from drawdealer.api import (pot_limit, read_hands, replay, showdown, validate_bytes, validate_paths,
                                validate_text)
    from drawdealer.engine.findings import Finding
    from drawdealer.engine.record import HandRecord
    from drawdealer.engine.verdict import Verdict
    from drawdealer.validate import FileProblem, HandReport, PassedOver


def __getattr__(name: str) -> Any:
    """A public name, imported from its home on first use (then kept here)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'drawdealer' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
