"""Records: frozen slotted classes declared by their fields; :func:`record` declares one, :func:`maker`
builds them fast.

A record is what ``dataclass(frozen=True, slots=True, kw_only=True)`` makes of a class, without the
standard library's ``dataclasses``: the class's annotations are its fields, in order, each with its
default or a :func:`field` (``default_factory``; ``compare``, ``hash``, ``repr`` left out). It gets a
keyword-only ``__init__`` (``@record(kw_only=False)``: by position too) that ends by calling the
class's ``__post_init__`` if it has one; ``__eq__`` (same class, equal fields), ``__hash__`` and
``__repr__``, unless the class defines its own; assigning or deleting a field raises
:class:`FrozenInstanceError`; pickling and ``copy`` work. :func:`fields` and :func:`replace` are
``dataclasses.fields`` and ``dataclasses.replace`` for records. ``@record(frozen=False)`` is the
mutable kind (``dataclass(slots=True, kw_only=True)``: fields can be set, no hash).

Why not ``dataclasses``: importing it (it imports ``inspect``) and compiling the six methods it
generates for each class (about a millisecond a class) cost a quarter of ``drawdealer validate
FILE``, which declares some forty records before it reads a line and builds a dozen kinds
(``bench/bench_startup.py``). Here a class's ``__init__`` is compiled when its first instance is
made, and the other methods are closures shared by every record.

:func:`maker`: calling a keyword-only record goes through ``type.__call__``, which packs the keywords
into a dict, then ``__init__``: a :class:`~drawdealer.engine.settle.Settlement` costs about as much
as replaying a betting action. :func:`maker` returns a plain function with the same keyword-only
fields that fills the slots directly; the instance it returns is the one the class would build
(same fields, equality, repr, hash, immutability). Only for frozen records without ``__post_init__``.
"""

from __future__ import annotations

from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Callable, TypeVar

T = TypeVar("T")
_FIELDS = "__record_fields__"  # the class attribute holding a record's fields


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The default of a field that has none (it must be given)."""


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was assigned or deleted."""


class Field:
    """One field of a record: ``name``, ``default`` or ``default_factory`` (else :data:`MISSING`),
    and whether it counts in equality (``compare``), in the hash (``hash``; None: as ``compare``)
    and shows in the repr (``repr``)."""

    __slots__ = ("name", "default", "default_factory", "compare", "hash", "repr")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True,
                 hash: bool | None = None, repr: bool = True) -> None:  # noqa: A002 - dataclasses' names
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("a field cannot have both a default and a default_factory")
        self.name = ""
        self.default, self.default_factory = default, default_factory
        self.compare, self.hash, self.repr = compare, hash, repr

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r})"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True,
          hash: bool | None = None, repr: bool = True) -> Any:  # noqa: A002 - dataclasses' names
    """A field's default and options in a record's body, as ``dataclasses.field``:
    ``extra: dict[str, Any] = field(default_factory=dict)``."""
    return Field(default, default_factory, compare, hash, repr)


def fields(class_or_instance: Any) -> tuple[Field, ...]:
    """The fields of a record (its class or an instance), in declaration order."""
    try:
        return getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError(f"{class_or_instance!r} is not a record") from None


def replace(obj: T, /, **changes: Any) -> T:
    """A new record like ``obj`` with the fields named in ``changes`` changed, built by its class
    (``__post_init__`` checks it again), as ``dataclasses.replace``."""
    for f in fields(obj):
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def record(cls: type[T] | None = None, /, *, kw_only: bool = True, frozen: bool = True) -> Any:
    """``@record`` declares a frozen record; ``@record(kw_only=False)`` takes the fields by position
    too; ``@record(frozen=False)`` declares a mutable one (module docstring)."""
    if cls is None:
        return lambda c: record(c, kw_only=kw_only, frozen=frozen)
    own = cls.__dict__
    declared = _declared(cls)
    every = {f.name: f for base in reversed(cls.__mro__[1:]) for f in getattr(base, _FIELDS, ())}
    every.update((f.name, f) for f in declared)
    if not kw_only:
        defaults = [f.default is not MISSING or f.default_factory is not MISSING for f in every.values()]
        if any(not has and had for has, had in zip(defaults[1:], defaults)):
            raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    body = {name: value for name, value in own.items() if name not in every and name not in ("__dict__", "__weakref__")}
    body["__slots__"] = tuple(f.name for f in declared)
    body[_FIELDS] = every = tuple(every.values())
    body["__match_args__"] = () if kw_only else tuple(f.name for f in every)
    shared: dict[str, Callable[..., Any]] = {}
    if "__eq__" not in own:
        shared["__eq__"] = _eq(_values(f.name for f in every if f.compare))
    if not frozen:
        if "__hash__" not in own or own["__hash__"] is None:
            body["__hash__"] = None  # mutable: unhashable, as a dataclass with eq
    elif "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        shared["__hash__"] = _hash(_values(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    if "__repr__" not in own:
        shared["__repr__"] = _repr([f.name for f in every if f.repr])
    if frozen and "__getstate__" not in own:
        body.update(__getstate__=_getstate, __setstate__=_setstate)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    if frozen:
        shared.update(_frozen(made, frozenset(f.name for f in every)))
    if "__init__" not in own:
        shared["__init__"] = _first_init(made, kw_only=kw_only, frozen=frozen)
    for name, method in shared.items():
        method.__qualname__ = f"{made.__qualname__}.{name}"
        setattr(made, name, method)
    return made


def _declared(cls: type) -> list[Field]:
    """The fields ``cls`` declares itself: its annotations, in order, with their defaults."""
    declared = []
    for name in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"{cls.__name__}.{name}: a mutable default is shared by every instance; "
                             "use field(default_factory=…)")
        f.name = name
        declared.append(f)
    return declared


def _compiled(cls: type, name: str, head: str, first: str, last: str, namespace: dict[str, Any], *,
              kw_only: bool, frozen: bool) -> Callable[..., Any]:
    """``def name(head, <the fields of cls>):`` whose body is ``first``, each field set on ``self``
    (through its slot, for a frozen record), then ``last``."""
    params, lines = [], [first] if first else []
    for f in fields(cls):
        n = f.name
        if f.default is not MISSING:
            namespace[f"_d_{n}"] = f.default
            params.append(f"{n}=_d_{n}")
        elif f.default_factory is not MISSING:
            namespace[f"_f_{n}"] = f.default_factory
            params.append(f"{n}=_MISSING")
            lines.append(f"if {n} is _MISSING: {n} = _f_{n}()")
        else:
            params.append(n)
        if frozen:
            namespace[f"_s_{n}"] = getattr(cls, n).__set__
            lines.append(f"_s_{n}(self, {n})")
        else:
            lines.append(f"self.{n} = {n}")
    lines += [last] if last else []
    if params and kw_only:
        params.insert(0, "*")
    source = f"def {name}({', '.join(([head] if head else []) + params)}):\n    " + "\n    ".join(lines or ["pass"])
    namespace["_MISSING"] = MISSING
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own field names
    return namespace[name]


def _first_init(cls: type, *, kw_only: bool, frozen: bool) -> Callable[..., None]:
    """``cls.__init__`` until the first instance: it compiles the real one, puts it in its place and
    runs it (classes never instantiated in a run cost no compile)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        post_init = "self.__post_init__()" if hasattr(cls, "__post_init__") else ""
        init = _compiled(cls, "__init__", "self", "", post_init, {}, kw_only=kw_only, frozen=frozen)
        init.__qualname__ = f"{cls.__qualname__}.__init__"
        cls.__init__ = init  # type: ignore[misc]
        init(self, *args, **kwargs)

    return __init__


def _frozen(cls: type, names: frozenset[str]) -> dict[str, Callable[..., None]]:
    """``__setattr__`` and ``__delattr__`` refusing to change a field, as a frozen dataclass's."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return {"__setattr__": __setattr__, "__delattr__": __delattr__}


def _getstate(self: Any) -> list[Any]:
    """The fields' values, for pickling and ``copy``."""
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)


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
    if _FIELDS not in cls.__dict__ or cls.__setattr__ is object.__setattr__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a frozen record without __post_init__")
    make = _compiled(cls, "make", "", "self = _new(_cls)", "return self", {"_new": object.__new__, "_cls": cls},
                     kw_only=True, frozen=True)
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"A {cls.__name__}, built like ``{cls.__name__}(**fields)``."
    return make
