"""Fast constructors for the record's frozen dataclasses (the parsers' hot path).

A reader builds tens of :class:`~drawdealer.engine.record.Action` values per hand, and the
keyword constructor of a frozen dataclass is slow: its ``__init__`` parses keywords and sets each
field through ``object.__setattr__`` (about 2 µs for twelve fields, as much as all the rest of the
work on a line). The functions here build *the same value* faster, without giving up the contract
(DESIGN.md convention 5):

- the value is a genuine instance of the dataclass, with every field set, equal (and hashing
  equal) to the keyword construction, and frozen: assigning a field afterwards raises
  ``FrozenInstanceError``;
- it is filled as a *draft*: an instance of a private subclass that adds no slot and no
  behaviour but ordinary attribute assignment (so Python's fast slot stores apply), whose class
  is then set to the dataclass itself, which Python allows because the two layouts are identical.
  The draft never leaves the function that fills it;
- the functions are generated from :func:`dataclasses.fields`, so a field added later gets its
  default, and a field removed fails at import. ``tests/test_parse_fastaction.py`` compares each
  constructor with the keyword one, field by field.

:func:`new_action` and friends take the fields in declaration order (positionally, or by keyword
for the ones after the first); :func:`action_template` and :func:`action_from` split an action in
what a line says (memoised per line text) and where it was read (line number and text).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Callable

from drawdealer.engine.record import Action, Claims, HandRecord, PotClaim, Seat


def _draft(cls: type) -> type:
    """A subclass of ``cls`` with the same layout (no slot of its own) whose fields can be set."""
    _drafts[cls] = draft = type(f"_{cls.__name__}Draft", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
        "__module__": __name__, "__doc__": f"A {cls.__name__} being filled (never seen outside its builder)."})
    return draft


_drafts: dict[type, type] = {}


def _compile(cls: type, params: tuple[str, ...], required: int, *, name: str = "make",
             template: bool = False) -> Callable[..., Any]:
    """``f(p0, p1, …)`` == ``cls(p0=…, p1=…)``; the first ``required`` parameters have no default.

    With ``template``, ``f(t, line, text)`` builds the value whose fields other than ``line`` and
    ``text`` are the tuple ``t`` (in the order of ``params``).
    """
    namespace: dict[str, Any] = {"_new": object.__new__, "_draft": _drafts.get(cls) or _draft(cls), "_cls": cls}
    prelude, sets, signature = [], [], []
    known = {f.name: f for f in fields(cls)}
    missing = set(params) - set(known)
    if missing:
        raise TypeError(f"{cls.__name__} lost fields {sorted(missing)}")
    for k, field_name in enumerate(params):
        f = known[field_name]
        if k < required:
            signature.append(field_name)
        elif f.default is not MISSING:
            namespace[f"_d_{field_name}"] = f.default
            signature.append(f"{field_name}=_d_{field_name}")
        else:  # a default factory: a fresh value per call
            namespace[f"_f_{field_name}"] = f.default_factory  # type: ignore[misc]
            signature.append(f"{field_name}=None")
            prelude.append(f"    if {field_name} is None:\n        {field_name} = _f_{field_name}()")
    unpacked = [p for p in params if p not in ("line", "text")]
    if template:
        signature = ["t", "line", "text"]
        prelude = [f"    ({', '.join(f'a.{p}' for p in unpacked)},) = t"]
    for field_name, f in known.items():
        if template and field_name in unpacked:
            continue
        if field_name in params:
            sets.append(f"    a.{field_name} = {field_name}")
        elif f.default is not MISSING:
            namespace[f"_d_{field_name}"] = f.default
            sets.append(f"    a.{field_name} = _d_{field_name}")
        else:
            namespace[f"_f_{field_name}"] = f.default_factory  # type: ignore[misc]
            sets.append(f"    a.{field_name} = _f_{field_name}()")
    if template:  # the draft exists before the template is unpacked into it
        body = ["    a = _new(_draft)", *prelude, *sets]
    else:
        body = [*prelude, "    a = _new(_draft)", *sets]
    source = "\n".join([f"def {name}({', '.join(signature)}):", *body, "    a.__class__ = _cls", "    return a"])
    exec(source, namespace)  # noqa: S102 - generated from the dataclass fields above
    return namespace[name]


ACTION_TEMPLATE_FIELDS = ("kind", "player", "amount", "all_in", "count", "discarded", "received", "cards", "kept",
                          "received_count")
"""The fields of an :func:`action_template`, in order: all of :class:`Action` but ``line`` and ``text``."""
_ACTION_FIELDS = (*ACTION_TEMPLATE_FIELDS, "line", "text")
if tuple(f.name for f in fields(Action)) != _ACTION_FIELDS:  # the parsers' hot loops fill these by name
    raise ImportError(f"{__name__}: the fields of Action changed; update ACTION_TEMPLATE_FIELDS, action_template "
                      "and the parsers that fill an ActionDraft")

ActionDraft: type = _draft(Action)
"""The draft of an :class:`Action`, for a parser's innermost loop, which fills it without a call::

    a = object.__new__(ActionDraft)
    (a.kind, a.player, a.amount, a.all_in, a.count, a.discarded, a.received, a.cards, a.kept,
     a.received_count) = template
    a.line, a.text = line, text
    a.__class__ = Action

(the same steps as :func:`action_from`; every field must be set before the class is)."""

new_action: Callable[..., Action] = _compile(Action, _ACTION_FIELDS, 2, name="new_action")
"""``new_action(kind, player, amount, all_in, count, discarded, received, cards, kept,
received_count, line, text)`` == ``Action(kind=kind, player=player, …)``."""


def action_template(kind: Any, player: str, amount: int = 0, all_in: bool = False, count: int = 0,
                    discarded: Any = None, received: Any = None, cards: Any = None, kept: Any = None,
                    received_count: int | None = None) -> tuple[Any, ...]:
    """What a line says about an action: every field but ``line`` and ``text``, for :func:`action_from`."""
    return kind, player, amount, all_in, count, discarded, received, cards, kept, received_count


action_from: Callable[[tuple[Any, ...], int | None, str], Action] = _compile(
    Action, _ACTION_FIELDS, 2, name="action_from", template=True)
"""``action_from(action_template(kind, player, …), line, text)`` == ``Action(kind=kind, player=player, …,
line=line, text=text)``."""

new_seat: Callable[..., Seat] = _compile(Seat, ("seat", "name", "stack", "sitting_out"), 3, name="new_seat")
"""``new_seat(seat, name, stack, sitting_out)`` == ``Seat(seat=…, …)``."""

new_pot_claim: Callable[..., PotClaim] = _compile(PotClaim, ("player", "amount", "pot_index", "line"), 2,
                                                   name="new_pot_claim")
"""``new_pot_claim(player, amount, pot_index, line)`` == ``PotClaim(player=…, …)``."""

new_claims: Callable[..., Claims] = _compile(
    Claims, ("total_pot", "pots", "rake", "uncalled", "collected", "descriptions", "final_stacks",
             "summary_collected", "reshuffles", "lines"), 0, name="new_claims")
"""``new_claims(total_pot, pots, rake, uncalled, collected, descriptions, final_stacks,
summary_collected, reshuffles, lines)`` == ``Claims(…)``."""

new_record: Callable[..., HandRecord] = _compile(
    HandRecord, ("hand_id", "game", "seats", "button", "stakes", "actions", "claims", "options", "source",
                 "line", "end_line", "hero", "currency", "extra"), 6, name="new_record")
"""``new_record(hand_id, game, seats, button, stakes, actions, claims, options, source, line,
end_line, hero, currency, extra)`` == ``HandRecord(…)``."""
