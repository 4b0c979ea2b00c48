"""Independent copies of the engine's mutable state, derived from its declarations.

A class whose instances :func:`copy_of` copies declares every field it holds as a class annotation
(its ``__slots__`` follow from them: :func:`slots`). The copy is derived from each field's declared
type, so a field added to the declarations is copied as its type says without anyone listing it:

- immutable values are shared: ``int``, ``str``, ``bool``, ``tuple[...]``, ``frozenset[...]``,
  ``Card`` and the frozen records and rule objects named in :data:`SHARED`;
- ``list[T]``, ``dict[K, V]`` and ``set[T]`` are new containers, their items copied as ``T`` / ``V``
  say (``list[list[Card]]``: a new list of new lists);
- ``X | None``: ``None`` stays ``None``, anything else is copied as ``X``;
- any other type (``RoundState``, ``DeckState``, a ``random.Random``) is copied by :func:`copy_of`
  itself, which refuses a class that declares no fields rather than share it.

``HandState.copy`` (which ``verify`` applies an action to) is this copy: an action applied to it
never changes the live hand. ``tests/test_engine_state_fields.py`` checks every field of every
declared class, on hands stopped in each phase.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")

SHARED = frozenset({"int", "str", "bool", "None", "tuple", "frozenset", "Card",
                    "GameSpec", "Options", "Stakes", "ItalianCarry", "Settlement", "Ranking", "Reshuffle"})
"""Type names a copy shares: immutable values, frozen records, and the ranking (a rule, cached per game)."""

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def declared(cls: type) -> dict[str, str]:
    """The fields ``cls`` and its bases declare, name to annotation text, bases first."""
    out: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        for name, annotation in base.__dict__.get("__annotations__", {}).items():
            out[name] = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    return out


def slots(*groups: type) -> tuple[str, ...]:
    """The ``__slots__`` of a class holding the fields declared by ``groups``, in order."""
    names: dict[str, None] = {}
    for group in groups:
        names.update(dict.fromkeys(declared(group)))
    return tuple(names)


def copy_of(obj: T) -> T:
    """An independent copy of ``obj`` (module docstring); the copier of its class is compiled once."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return copier(obj)


def _copier(cls: type) -> Callable[[Any], Any]:
    """The copy function of ``cls``, generated from its declared fields."""
    fields = declared(cls)
    if not fields:
        if any(c.__module__ == "random" for c in cls.__mro__):  # a simulated deck's generator: its own state
            import copy

            return copy.copy
        raise TypeError(f"{cls.__qualname__} declares no fields: copy_of cannot copy it")
    missing = set(getattr(cls, "__slots__", ())) - set(fields)
    if missing:
        raise TypeError(f"{cls.__qualname__}: slots {sorted(missing)} are not declared with a type")
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "_copy_of": copy_of}
    lines = [f"def copy_{cls.__name__}(self):", "    new = _new(_cls)"]
    for name, annotation in fields.items():
        lines.append(f"    new.{name} = {_expression(annotation, f'self.{name}', 0)}")
    lines.append("    return new")
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the declarations above
    return namespace[f"copy_{cls.__name__}"]


def _expression(annotation: str, value: str, depth: int) -> str:
    """Source text copying ``value`` of the declared type ``annotation``."""
    members = [m for m in _split(annotation, "|") if m != "None"]
    if len(members) > 1:
        if all(_shared(m) for m in members):
            return value
        raise TypeError(f"{annotation}: a union of mutable types cannot be copied from its declaration")
    member = members[0]
    copied = _expression_of(member, value, depth)
    if copied != value and len(members) < len(_split(annotation, "|")):  # X | None
        return f"(None if {value} is None else {copied})"
    return copied


def _expression_of(annotation: str, value: str, depth: int) -> str:
    head, _, rest = annotation.partition("[")
    head = head.strip().rsplit(".", 1)[-1]
    args = _split(rest[:-1], ",") if rest else []
    if _shared(annotation):
        return value
    item = f"_x{depth}"
    if head == "list":
        inner = _expression(args[0], item, depth + 1)
        return f"list({value})" if inner == item else f"[{inner} for {item} in {value}]"
    if head == "set":
        return f"set({value})"  # set items are hashable: immutable
    if head == "dict":
        inner = _expression(args[1], item, depth + 1)
        return f"dict({value})" if inner == item else f"{{_k{depth}: {inner} for _k{depth}, {item} in {value}.items()}}"
    return f"_copy_of({value})"


def _shared(annotation: str) -> bool:
    """Whether a value of the declared type ``annotation`` is immutable (a copy shares it)."""
    members = _split(annotation, "|")
    if len(members) > 1:
        return all(_shared(m) for m in members)
    head, _, rest = annotation.partition("[")
    head = head.strip().rsplit(".", 1)[-1]
    if head == "tuple" and rest:  # a tuple of mutable values is no immutable value
        return all(arg == "..." or _shared(arg) for arg in _split(rest[:-1], ","))
    return head in SHARED


def _split(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets, each part stripped."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(text[start:k].strip())
            start = k + 1
    parts.append(text[start:].strip())
    return parts
