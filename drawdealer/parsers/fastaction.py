"""Positional constructors for the record's frozen dataclasses (the parsers' hot path).

The ``__init__`` of a frozen, keyword-only dataclass sets each slot through
``object.__setattr__``; a parser builds tens of actions per hand, and that costs about twice as
much as filling the slots directly. :func:`new_action` (and :func:`new_seat`, :func:`new_claims`,
:func:`new_record`) build exactly the value the dataclass constructor would (a test checks it):
same slots, still frozen afterwards. Fields added to the dataclasses later get their defaults.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Callable

from drawdealer.engine.record import Action, Claims, HandRecord, Seat


def _compile(cls: type, params: tuple[str, ...], required: int) -> Callable[..., Any]:
    """``f(p0, p1, …)`` == ``cls(p0=…, p1=…)``; the first ``required`` parameters have no default."""
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    prelude, sets, signature = [], [], []
    known = {f.name: f for f in fields(cls)}
    missing = set(params) - set(known)
    if missing:
        raise TypeError(f"{cls.__name__} lost fields {sorted(missing)}")
    for k, name in enumerate(params):
        f = known[name]
        if k < required:
            signature.append(name)
        elif f.default is not MISSING:
            namespace[f"_d_{name}"] = f.default
            signature.append(f"{name}=_d_{name}")
        else:  # a default factory: a fresh value per call
            namespace[f"_f_{name}"] = f.default_factory  # type: ignore[misc]
            signature.append(f"{name}=None")
            prelude.append(f"    if {name} is None:\n        {name} = _f_{name}()")
    for name, f in known.items():
        namespace[f"_set_{name}"] = cls.__dict__[name].__set__
        if name in params:
            sets.append(f"    _set_{name}(a, {name})")
        elif f.default is not MISSING:
            namespace[f"_d_{name}"] = f.default
            sets.append(f"    _set_{name}(a, _d_{name})")
        else:
            namespace[f"_f_{name}"] = f.default_factory  # type: ignore[misc]
            sets.append(f"    _set_{name}(a, _f_{name}())")
    source = "\n".join([f"def make({', '.join(signature)}):", *prelude, "    a = _new(_cls)", *sets, "    return a"])
    exec(source, namespace)  # noqa: S102 - generated from the dataclass fields above
    return namespace["make"]


new_action: Callable[..., Action] = _compile(
    Action, ("kind", "player", "amount", "all_in", "count", "discarded", "received", "cards", "kept",
             "received_count", "line", "text"), 2)
"""``new_action(kind, player, amount, all_in, count, discarded, received, cards, kept,
received_count, line, text)`` == ``Action(kind=kind, player=player, …)``."""

new_seat: Callable[..., Seat] = _compile(Seat, ("seat", "name", "stack", "sitting_out"), 3)
"""``new_seat(seat, name, stack, sitting_out)`` == ``Seat(seat=…, …)``."""

new_claims: Callable[..., Claims] = _compile(
    Claims, ("total_pot", "pots", "rake", "uncalled", "collected", "descriptions", "final_stacks",
             "summary_collected", "reshuffles", "lines"), 0)
"""``new_claims(total_pot, pots, rake, uncalled, collected, descriptions, final_stacks,
summary_collected, reshuffles, lines)`` == ``Claims(…)``."""

new_record: Callable[..., HandRecord] = _compile(
    HandRecord, ("hand_id", "game", "seats", "button", "stakes", "actions", "claims", "options", "source",
                 "line", "end_line", "hero", "currency", "extra"), 6)
"""``new_record(hand_id, game, seats, button, stakes, actions, claims, options, source, line,
end_line, hero, currency, extra)`` == ``HandRecord(…)``."""
