"""Fast constructors for the frozen records of ``engine.record`` (the parsers' hot path).

A reader builds tens of :class:`~drawdealer.engine.record.Action` values per hand, and the
keyword constructor of a frozen record is slow: ``type.__call__`` packs the keywords into a dict,
then its ``__init__`` sets each field through its slot, more work than all the rest on the action's
line. The functions here build *the same value* in a fraction of that, without giving up the
contract (DESIGN.md convention 5):

- the value is a genuine instance of the record's class, with every field set, equal (and hashing
  equal) to the keyword construction, and frozen: assigning a field afterwards raises
  ``FrozenInstanceError``;
- it is filled as a *draft*: an instance of a subclass that adds no slot and no behaviour but
  ordinary attribute assignment (so Python's fast slot stores apply), whose class is then set to
  the record's class itself, which Python allows because the two layouts are identical. A draft never
  leaves the code that fills it;
- the functions are generated from :func:`~drawdealer.engine.frozen.fields`: a field added to a record later
  gets its default (a draft's ``__init__`` sets the fields its fillers do not know), a field
  removed fails at import. ``tests/test_parse_fast_paths.py`` compares every way of building
  with the keyword constructor.

The constructors take the fields in declaration order, positionally or by keyword after the first
ones. :func:`action_template` and :func:`action_from` split an action in what its line says
(memoised per line text by the readers) and where it was read (line number and text).
"""

from __future__ import annotations

from typing import Any, Callable

from drawdealer.engine.frozen import MISSING, Field, fields
from drawdealer.engine.record import Action, Claims, HandRecord, PotClaim, Seat

_drafts: dict[type, type] = {}


def _default(f: Field, namespace: dict[str, Any]) -> str:
    """Source text of the default of field ``f`` (a fresh value for a default factory)."""
    if f.default is not MISSING:
        namespace[f"_d_{f.name}"] = f.default
        return f"_d_{f.name}"
    namespace[f"_f_{f.name}"] = f.default_factory
    return f"_f_{f.name}()"


def _draft(cls: type, filled: tuple[str, ...]) -> type:
    """The draft class of ``cls`` (one per class): same layout, fields that can be set, and an
    ``__init__`` that sets the fields outside ``filled`` to their defaults (none, usually)."""
    if cls in _drafts:
        return _drafts[cls]
    init: Any = object.__init__
    others = [f for f in fields(cls) if f.name not in filled]
    if others:
        namespace: dict[str, Any] = {}
        sets = [f"    self.{f.name} = {_default(f, namespace)}" for f in others]
        exec("\n".join(["def __init__(self):", *sets]), namespace)  # noqa: S102 - from the fields above
        init = namespace["__init__"]
    _drafts[cls] = draft = type(f"{cls.__name__}Draft", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__, "__init__": init,
        "__module__": __name__, "__doc__": f"A {cls.__name__} being filled (never seen outside its builder)."})
    return draft


def _compile(cls: type, params: tuple[str, ...], required: int, *, name: str,
             template: bool = False, draft: bool = False) -> Callable[..., Any]:
    """``f(p0, p1, …)`` == ``cls(p0=…, p1=…)``; the first ``required`` parameters have no default.

    With ``template``, ``f(t, line, text)`` builds the value whose fields other than ``line`` and
    ``text`` are the tuple ``t`` (in the order of ``params``). With ``draft``, the value is left a
    draft (its class not yet set to ``cls``).
    """
    known = {f.name: f for f in fields(cls)}
    missing = set(params) - set(known)
    if missing:
        raise TypeError(f"{cls.__name__} lost fields {sorted(missing)}")
    namespace: dict[str, Any] = {"_draft": _draft(cls, tuple(known)), "_cls": cls}
    signature, prelude = [], []
    for k, field_name in enumerate(params):
        f = known[field_name]
        if k < required:
            signature.append(field_name)
        elif f.default is not MISSING:
            signature.append(f"{field_name}={_default(f, namespace)}")
        else:  # a default factory: a fresh value per call
            signature.append(f"{field_name}=None")
            prelude.append(f"    if {field_name} is None:\n        {field_name} = {_default(f, namespace)}")
    unpacked = [p for p in params if p not in ("line", "text")] if template else []
    body = ["    _obj = _draft()"]
    if template:
        signature, prelude = ["_template", "line", "text"], []
        body.append(f"    ({', '.join(f'_obj.{p}' for p in unpacked)},) = _template")
    for field_name, f in known.items():
        if field_name in unpacked:
            continue
        value = field_name if field_name in params else _default(f, namespace)
        body.append(f"    _obj.{field_name} = {value}")
    finish = [] if draft else ["    _obj.__class__ = _cls"]
    source = "\n".join([f"def {name}({', '.join(signature)}):", *prelude, *body, *finish, "    return _obj"])
    exec(source, namespace)  # noqa: S102 - generated from the record's fields above
    return namespace[name]


ACTION_TEMPLATE_FIELDS = ("kind", "player", "amount", "all_in", "count", "discarded", "received", "cards", "kept",
                          "received_count")
"""The fields of an :func:`action_template`, in order: all of :class:`Action` but ``line`` and ``text``."""
_ACTION_FIELDS = (*ACTION_TEMPLATE_FIELDS, "line", "text")

ActionDraft: type = _draft(Action, _ACTION_FIELDS)
"""The draft of an :class:`Action`, for a reader's innermost loop, which fills it without a call::

    a = ActionDraft()
    (a.kind, a.player, a.amount, a.all_in, a.count, a.discarded, a.received, a.cards, a.kept,
     a.received_count) = template
    a.line, a.text = line, text
    a.__class__ = Action

(the steps of :func:`action_from`: every field in ``ACTION_TEMPLATE_FIELDS``, then ``line`` and
``text``, before the class)."""

new_action: Callable[..., Action] = _compile(Action, _ACTION_FIELDS, 2, name="new_action")
"""``new_action(kind, player, amount, all_in, count, discarded, received, cards, kept,
received_count, line, text)`` == ``Action(kind=kind, player=player, …)``."""


new_action_draft: Callable[..., Action] = _compile(Action, _ACTION_FIELDS, 2, name="new_action_draft", draft=True)
""":func:`new_action`, left an :data:`ActionDraft` (its fields can still be set) for a reader that
completes an action over several lines; it sets ``__class__ = Action`` when the action is complete."""


def action_template(kind: Any, player: str, amount: int = 0, all_in: bool = False, count: int = 0,
                    discarded: Any = None, received: Any = None, cards: Any = None, kept: Any = None,
                    received_count: int | None = None) -> tuple[Any, ...]:
    """What a line says about an action: its fields in ``ACTION_TEMPLATE_FIELDS``, for :func:`action_from`."""
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
             "summary_collected", "reshuffles", "lines", "uncalled_printed", "uncalled_in_collected", "rake_printed"),
    0, name="new_claims")
"""``new_claims(total_pot, pots, rake, uncalled, collected, descriptions, final_stacks,
summary_collected, reshuffles, lines, uncalled_printed, uncalled_in_collected, rake_printed)`` ==
``Claims(…)``."""

new_record: Callable[..., HandRecord] = _compile(
    HandRecord, ("hand_id", "game", "seats", "button", "stakes", "actions", "claims", "options", "source",
                 "line", "end_line", "hero", "currency", "extra"), 6, name="new_record")
"""``new_record(hand_id, game, seats, button, stakes, actions, claims, options, source, line,
end_line, hero, currency, extra)`` == ``HandRecord(…)``."""
