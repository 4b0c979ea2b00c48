"""Fast construction of slotted dataclasses for the replay's hot path (pots, awards, settlements).

Calling a keyword-only dataclass goes through ``type.__call__``, which packs the keywords into a dict,
and a frozen one then sets each field with ``object.__setattr__``: a :class:`~drawdealer.engine.settle.
Settlement` costs about as much as replaying a betting action. :func:`maker` returns a plain function
with the same keyword-only fields that fills the slots directly; the instance it returns is the one the
class would build (same fields, equality, repr, hash, immutability). Only for ``slots=True`` classes
without ``__post_init__``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Callable, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """``maker(Pot)(amount=3, eligible=("Ann",)) == Pot(amount=3, eligible=("Ann",))``, faster."""
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass without __post_init__")
    names, defaults = [], {}
    for f in fields(cls):
        names.append(f.name)
        if f.default is not MISSING:
            defaults[f.name] = f.default
        elif f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory")
    params = ", ".join(f"{n}=_d_{n}" if n in defaults else n for n in names)
    body = "".join(f"    _s_{n}(o, {n})\n" for n in names)
    source = f"def make(*, {params}):\n    o = _new(_cls)\n{body}    return o\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    namespace.update({f"_s_{n}": getattr(cls, n).__set__ for n in names})
    namespace.update({f"_d_{n}": value for n, value in defaults.items()})
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own field names
    make = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"A {cls.__name__}, built like ``{cls.__name__}(**fields)``."
    return make
