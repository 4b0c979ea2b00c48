"""Frozen slotted dataclasses made cheaply: :func:`record` declares one, :func:`maker` builds them fast.

:func:`record` is ``dataclass(frozen=True, slots=True, kw_only=True)`` with the same ``__eq__``,
``__hash__`` and ``__repr__``, written once here for every class instead of generated for each.
Python 3.11 compiles every method a dataclass generates (six for a frozen one, about a millisecond
a class here), and ``drawdealer validate`` declares some thirty classes before it reads a line:
sharing these three halves that (``bench/bench_startup.py``). ``__init__`` and the frozen
``__setattr__``/``__delattr__`` stay the standard library's, so do ``fields``, ``replace``, pickling.

:func:`maker`: calling a keyword-only dataclass goes through ``type.__call__``, which packs the
keywords into a dict, and a frozen one then sets each field with ``object.__setattr__``: a
:class:`~drawdealer.engine.settle.Settlement` costs about as much as replaying a betting action.
:func:`maker` returns a plain function with the same keyword-only fields that fills the slots
directly; the instance it returns is the one the class would build (same fields, equality, repr,
hash, immutability). Only for ``slots=True`` classes without ``__post_init__``.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Callable, TypeVar

T = TypeVar("T")


def record(cls: type[T] | None = None, /, *, kw_only: bool = True) -> Any:
    """``@record`` is ``@dataclass(frozen=True, slots=True, kw_only=True)``; ``@record(kw_only=False)``
    takes the fields by position too. Equality, hash and repr are the dataclass's, field options
    (``compare``, ``hash``, ``repr``) included, unless the class defines its own."""
    if cls is None:
        return lambda c: record(c, kw_only=kw_only)
    own = set(cls.__dict__)
    explicit_hash = "__hash__" in own and not (cls.__dict__["__hash__"] is None and "__eq__" in own)
    cls = dataclass(cls, frozen=True, slots=True, kw_only=kw_only, eq=False, repr=False)
    every = fields(cls)
    shared: dict[str, Callable[..., Any]] = {}
    if "__eq__" not in own:
        shared["__eq__"] = _eq(_values(f.name for f in every if f.compare))
    if not explicit_hash:
        shared["__hash__"] = _hash(_values(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    if "__repr__" not in own:
        shared["__repr__"] = _repr([f.name for f in every if f.repr])
    for name, method in shared.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls


def _values(names: Any) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of an instance's fields ``names``, as a dataclass's generated methods build it."""
    names = tuple(names)
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names) if names else lambda obj: ()


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _repr(names: list[str]) -> Callable[[Any], str]:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


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
