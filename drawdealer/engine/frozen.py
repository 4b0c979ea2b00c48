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
generates for each class (about a millisecond a class) cost about a third of ``drawdealer validate
FILE``, which declares some forty records before it reads a line and builds a dozen kinds (figures
below). Here a class's ``__init__`` is compiled when its first instance is made, and the other
methods are closures shared by every record.

:func:`maker`: calling a keyword-only record goes through ``type.__call__``, which packs the
keywords into a dict, then its ``__init__`` sets each field: a
:class:`~drawdealer.engine.settle.Settlement` costs about as much as replaying a betting action, an
:class:`~drawdealer.engine.record.Action` more than the rest of the work on its line. :func:`maker`
generates, from the class's own fields, a plain function that fills a *draft* (:func:`draft_class`)
with plain slot stores and then gives it the class: the instance it returns is the one the class
would build (same fields, equality, repr, hash, immutability), for several times less.
Only for frozen records without ``__post_init__``. ``tests/test_engine_frozen.py`` and
``tests/test_parse_fast_paths.py`` compare every builder with the class's own constructor.

What this buys, each layer measured side by side against its plain version on the same commands
(``python bench/bench_frozen.py --instructions``): with the records declared by
``dataclass(frozen=True, slots=True, kw_only=True)``, ``drawdealer validate FILE`` of a three-hand
file takes 1.35-1.46 times the CPU time and 1.59 times the instructions (the records save about a
third of it, all in the start-up); ``showdown`` 1.01-1.08 times the time; ``validate`` of 2,000
hands 1.04-1.05 times the instructions. With every :func:`maker` builder a plain keyword call of
its class (drafts aside), ``validate`` of 2,000 PHH hands takes 1.21 times the instructions, of the
same hands in PokerStars text 1.06-1.07 times (the CPU time 1.02-1.41 times, moving from run to
run); a start-up about the same.

To add a field to a record: declare it in the class body with its type and default, as in a
dataclass. Every constructor, :func:`replace`, equality, hash, repr and pickling follow from the
declaration; a :func:`maker` built for the class picks it up too (its parameters are the fields).
Drafts (:func:`draft_class`, only ``parsers/fastaction.py``'s ``ActionDraft``) list the fields they
fill by name: add the field there only if that reader fills it.
"""

from __future__ import annotations

from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Callable, Iterable, TypeVar, dataclass_transform, overload

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


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, kw_only: bool = True, frozen: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field, Field))
def record(cls: type[T] | None = None, /, *, kw_only: bool = True, frozen: bool = True) -> Any:
    """``@record`` declares a frozen record; ``@record(kw_only=False)`` takes the fields by position
    too; ``@record(frozen=False)`` declares a mutable one (module docstring). Type checkers and IDEs
    read a record as the dataclass it stands for (``typing.dataclass_transform``)."""
    if cls is None:
        return lambda c: record(c, kw_only=kw_only, frozen=frozen)
    own = cls.__dict__
    declared = _declared(cls)
    by_name = {f.name: f for base in reversed(cls.__mro__[1:]) for f in getattr(base, _FIELDS, ())}
    inherited = set(by_name)
    by_name.update((f.name, f) for f in declared)  # a field declared again keeps its place
    every = tuple(by_name.values())
    if not kw_only:
        defaults = [f.default is not MISSING or f.default_factory is not MISSING for f in every]
        if any(not has and had for has, had in zip(defaults[1:], defaults)):
            raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    body = {name: value for name, value in own.items() if name not in by_name and name not in ("__dict__", "__weakref__")}
    body["__slots__"] = tuple(f.name for f in declared if f.name not in inherited)  # a base has the others
    body[_FIELDS] = every
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
    """The fields ``cls`` declares itself: its annotations, in order, with their defaults. Every
    annotation is a field: ``ClassVar`` and ``InitVar``, which a dataclass reads otherwise, are
    refused rather than taken for fields (a class constant is declared without annotation)."""
    declared = []
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)  # a string: `from __future__`
        if text.strip().split("[", 1)[0].rsplit(".", 1)[-1] in ("ClassVar", "InitVar"):
            raise TypeError(f"{cls.__name__}.{name}: a record's annotations are all fields; ClassVar and InitVar "
                            "are not supported (declare a class constant without an annotation)")
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"{cls.__name__}.{name}: a mutable default is shared by every instance; "
                             "use field(default_factory=…)")
        f.name = name
        declared.append(f)
    return declared


def _first_init(cls: type, *, kw_only: bool, frozen: bool) -> Callable[..., None]:
    """``cls.__init__`` until the first instance: it compiles the real one (:func:`_init`), puts it in
    its place and runs it (classes never instantiated in a run cost no compile)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = cls.__init__ = _init(cls, kw_only=kw_only, frozen=frozen)  # type: ignore[misc]
        init(self, *args, **kwargs)

    return __init__


def _init(cls: type, *, kw_only: bool, frozen: bool) -> Callable[..., None]:
    """The record's ``__init__``, generated from its fields: each argument stored in its slot (through
    the slot itself in a frozen record), then ``__post_init__`` if the class has one."""
    namespace: dict[str, Any] = {"_MISSING": MISSING}
    signature, lines = _signature(fields(cls), namespace, unset="_MISSING")
    for f in fields(cls):
        if frozen:
            namespace[f"_s_{f.name}"] = getattr(cls, f.name).__set__
            lines.append(f"    _s_{f.name}(self, {f.name})")
        else:
            lines.append(f"    self.{f.name} = {f.name}")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    head = ", ".join(["self", *(["*"] if kw_only and signature else []), *signature])
    exec("\n".join([f"def __init__({head}):", *(lines or ["    pass"])]), namespace)  # noqa: S102 - from the fields
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


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


def draft_class(cls: type, filled: tuple[str, ...] = ()) -> type:
    """The draft of the frozen record ``cls``: a subclass with the same layout (no slot,
    no behaviour added) whose fields can be assigned, so that a builder fills an instance with
    Python's plain slot stores and then sets its ``__class__`` to ``cls`` (allowed: the layouts are
    the same); from then on it is an ordinary, frozen ``cls``. A draft never leaves its builder.
    Its ``__init__`` sets the fields outside ``filled`` to their defaults: a field added to ``cls``
    later than a builder's code is set all the same."""
    key = (cls, filled)
    if key in _drafts:
        return _drafts[key]
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} is not a record without __post_init__")
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


def _signature(every: Iterable[Field], namespace: dict[str, Any], *, unset: str) -> tuple[list[str], list[str]]:
    """The parameters of a generated builder for the fields ``every`` (one with a default is
    optional) and the lines that give a field with a default factory a fresh value when its
    argument is ``unset`` (a name in ``namespace``, or ``None``)."""
    signature, prelude = [], []
    for f in every:
        if f.default is MISSING and f.default_factory is MISSING:
            signature.append(f.name)
        elif f.default is not MISSING:
            signature.append(f"{f.name}={_default(f, namespace)}")
        else:
            signature.append(f"{f.name}={unset}")
            prelude.append(f"    if {f.name} is {unset}:\n        {f.name} = {_default(f, namespace)}")
    return signature, prelude


def maker(cls: type[T], params: tuple[str, ...] | None = None, *, positional: bool = False,
          unpack: tuple[str, ...] = (), draft: bool = False, name: str | None = None) -> Callable[..., T]:
    """A function that builds ``cls`` (a frozen record without ``__post_init__``) faster
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
    signature, prelude = _signature((known[p] for p in params), namespace, unset="None")
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
         namespace)  # noqa: S102 - generated from the record's fields above
    make = namespace[name]
    make.__doc__ = f"A {cls.__name__}, built like ``{cls.__name__}(**fields)``."
    return make
