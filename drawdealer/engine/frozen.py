"""Frozen slotted dataclasses made cheaply: :func:`record` declares one, :func:`maker` builds them fast.

:func:`record` is ``dataclass(frozen=True, slots=True, kw_only=True)`` with the same ``__eq__``,
``__hash__`` and ``__repr__``, written once here for every class instead of generated for each.
Python 3.11 compiles every method a dataclass generates (six for a frozen one, about a millisecond
a class here), and ``drawdealer validate`` declares some thirty classes before it reads a line:
sharing these three halves that (``bench/bench_startup.py``). ``__init__`` and the frozen
``__setattr__``/``__delattr__`` stay the standard library's, so do ``fields``, ``replace``, pickling.

:func:`maker`: calling a keyword-only dataclass goes through ``type.__call__``, which packs the
keywords into a dict, and a frozen one then sets each field with ``object.__setattr__``: a
:class:`~drawdealer.engine.settle.Settlement` costs about as much as replaying a betting action, an
:class:`~drawdealer.engine.record.Action` more than the rest of the work on its line. :func:`maker`
generates, from the class's own fields, a plain function that fills a *draft* (:func:`draft_class`)
with plain slot stores and then gives it the class: the instance it returns is the one the class
would build (same fields, equality, repr, hash, immutability), for several times less.
Only for ``slots=True`` classes without ``__post_init__``. ``tests/test_engine_frozen.py`` and
``tests/test_parse_fast_paths.py`` compare every builder with the class's own constructor.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, fields
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


def draft_class(cls: type, filled: tuple[str, ...] = ()) -> type:
    """The draft of the frozen slotted dataclass ``cls``: a subclass with the same layout (no slot,
    no behaviour added) whose fields can be assigned, so that a builder fills an instance with
    Python's plain slot stores and then sets its ``__class__`` to ``cls`` (allowed: the layouts are
    the same); from then on it is an ordinary, frozen ``cls``. A draft never leaves its builder.
    Its ``__init__`` sets the fields outside ``filled`` to their defaults: a field added to ``cls``
    later than a builder's code is set all the same."""
    key = (cls, filled)
    if key in _drafts:
        return _drafts[key]
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass without __post_init__")
    init: Any = object.__init__
    others = [f for f in fields(cls) if f.name not in filled]
    if others:
        namespace: dict[str, Any] = {}
        sets = [f"    self.{f.name} = {_default(f, namespace)}" for f in others]
        exec("\n".join(["def __init__(self):", *sets]), namespace)  # noqa: S102 - from the fields above
        init = namespace["__init__"]
    _drafts[key] = draft = type(f"{cls.__name__}Draft", (cls,), {
        "__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__, "__init__": init,
        "__module__": cls.__module__, "__doc__": f"A {cls.__name__} being filled (never seen outside its builder)."})
    return draft


_drafts: dict[tuple[type, tuple[str, ...]], type] = {}


def _default(f: Field, namespace: dict[str, Any]) -> str:
    """Source text of the default of field ``f`` (a fresh value for a default factory)."""
    if f.default is not MISSING:
        namespace[f"_d_{f.name}"] = f.default
        return f"_d_{f.name}"
    if f.default_factory is MISSING:
        raise TypeError(f"{f.name} has no default")
    namespace[f"_f_{f.name}"] = f.default_factory
    return f"_f_{f.name}()"


def maker(cls: type[T], params: tuple[str, ...] | None = None, *, positional: bool = False,
          unpack: tuple[str, ...] = (), draft: bool = False, name: str | None = None) -> Callable[..., T]:
    """A function that builds ``cls`` (a frozen slotted dataclass without ``__post_init__``) faster
    than the class: ``maker(Pot)(amount=3, eligible=("Ann",)) == Pot(amount=3, eligible=("Ann",))``.

    Its parameters are ``params`` (every field by default), keyword-only unless ``positional``;
    a field with a default is optional (with a default factory: ``None`` asks for a fresh default);
    a field not in ``params`` gets its default. With ``unpack``, those fields come as one tuple, the
    first argument (in the order of ``params``), and the others after it. With ``draft``, the value
    is left a draft (:func:`draft_class`), to be completed and given its class by the caller.
    """
    known = {f.name: f for f in fields(cls)}
    params = tuple(known) if params is None else params
    if set(params) - set(known):
        raise TypeError(f"{cls.__name__} lost fields {sorted(set(params) - set(known))}")
    namespace: dict[str, Any] = {"_draft": draft_class(cls, tuple(known)), "_cls": cls}
    signature, prelude = [], []
    for field_name in params:
        f = known[field_name]
        if f.default is MISSING and f.default_factory is MISSING:
            signature.append(field_name)
        elif f.default is not MISSING:
            signature.append(f"{field_name}={_default(f, namespace)}")
        else:
            signature.append(f"{field_name}=None")
            prelude.append(f"    if {field_name} is None:\n        {field_name} = {_default(f, namespace)}")
    body = ["    _obj = _draft()"]
    if unpack:
        signature = ["_values", *(p for p in params if p not in unpack)]
        prelude = []
        body.append(f"    ({', '.join(f'_obj.{p}' for p in params if p in unpack)},) = _values")
    body += [f"    _obj.{n} = {n if n in params else _default(f, namespace)}"
             for n, f in known.items() if n not in unpack]
    finish = [] if draft else ["    _obj.__class__ = _cls"]
    name = name or f"make_{cls.__name__}"
    head = ", ".join(signature if positional or unpack or not signature else ["*", *signature])
    exec("\n".join([f"def {name}({head}):", *prelude, *body, *finish, "    return _obj"]),
         namespace)  # noqa: S102 - generated from the dataclass fields above
    make = namespace[name]
    make.__doc__ = f"A {cls.__name__}, built like ``{cls.__name__}(**fields)``."
    return make
