"""``engine.frozen``: ``maker`` builds the same instance as the class itself, only faster; ``record``
declares a class that behaves as ``dataclass(frozen=True, slots=True, kw_only=True)`` does, with
``frozen.fields`` and ``frozen.replace`` for ``dataclasses.fields`` and ``dataclasses.replace``."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import FrozenInstanceError, draft_class, field, fields, maker, record, replace
from drawdealer.engine.pots import Pot, PotAward
from drawdealer.engine.rounds import RoundState
from drawdealer.engine.settle import Settlement


def test_the_instance_is_the_class_own():
    made = maker(Pot)(amount=30, eligible=("Ann", "Bob"))
    built = Pot(amount=30, eligible=("Ann", "Bob"))
    assert type(made) is Pot and made == built and repr(made) == repr(built) and hash(made) == hash(built)
    with pytest.raises(FrozenInstanceError):
        made.amount = 31  # type: ignore[misc]
    assert replace(made, amount=31) == Pot(amount=31, eligible=("Ann", "Bob"))


def test_defaults_and_keywords():
    fields = dict(pots=(), rake=0, awards=(), returned={}, collected={}, refunds={}, carried=0, final_stacks={},
                  outcome="SHOWDOWN", determined=True)
    assert maker(Settlement)(**fields) == Settlement(**fields)
    assert maker(Settlement)(**fields).explained is True  # a default of the class
    with pytest.raises(TypeError):
        maker(PotAward)(0, 10, (), (), {}, None, "")  # keyword-only, like the class
    with pytest.raises(TypeError):
        maker(Pot)(amount=1)  # every field without a default is required


def test_only_for_records_without_post_init():
    with pytest.raises(TypeError):
        maker(Finding)  # validates its code in __post_init__


def test_fields_a_builder_does_not_know_get_their_defaults():
    """A field added to a record later than a builder's code is set by the builder, to its default."""

    @record
    class Later:
        a: int
        b: int = 2
        c: dict = field(default_factory=dict)
        added: str = "new"

    drafted = draft_class(Later, ("a", "b", "c"))()
    drafted.a, drafted.b, drafted.c = 1, 3, {}
    drafted.__class__ = Later
    make = maker(Later, ("a", "b", "c"), positional=True)
    assert drafted == Later(a=1, b=3) == make(1, 3)
    assert make(1) == Later(a=1) and make(1).c is not make(1).c  # a fresh default from the factory
    assert maker(Later)(a=1, added="x") == Later(a=1, added="x")
    with pytest.raises(TypeError):
        make()  # a, with no default, is required


def test_unpack_takes_fields_as_one_tuple_and_a_draft_stays_open():
    make = maker(Pot, ("eligible", "amount"), unpack=("eligible",))
    assert make((("Ann",),), 4) == Pot(amount=4, eligible=("Ann",))
    open_pot = maker(Pot, draft=True)(amount=4, eligible=())
    open_pot.amount = 5  # a draft's fields can still be set
    open_pot.__class__ = Pot
    assert open_pot == Pot(amount=5, eligible=())
    with pytest.raises(FrozenInstanceError):
        open_pot.amount = 6  # type: ignore[misc]


# --- record: the same equality, hash and repr as dataclass(frozen=True, slots=True, kw_only=True)

def _twins(body: dict) -> tuple[type, type]:
    """The same class body declared with ``record`` and with the standard library's dataclass; a
    ``field(...)`` is written as the dict of its options."""
    def make(decorate, field):
        own = {name: field(**value) if isinstance(value, dict) and name != "__annotations__" else value
               for name, value in body.items()}
        return decorate(type("Twin", (), dict(own, __annotations__=dict(body["__annotations__"]))))

    return make(record, field), make(dataclasses.dataclass(frozen=True, slots=True, kw_only=True), dataclasses.field)


_BODIES = {
    "plain": {"__annotations__": {"a": "int", "b": "tuple"}, "b": ()},
    "one field": {"__annotations__": {"a": "int"}},
    "no field": {"__annotations__": {}},
    "field options": {"__annotations__": {"a": "int", "b": "int", "c": "int", "d": "int"},
                      "b": {"default": 0, "compare": False}, "c": {"default": 0, "repr": False},
                      "d": {"default": 0, "hash": False}},
    "default factory": {"__annotations__": {"a": "int", "b": "tuple"}, "b": {"default_factory": tuple}},
    "own methods": {"__annotations__": {"a": "int"}, "__repr__": lambda self: "mine",
                    "__eq__": lambda self, other: True, "__hash__": lambda self: 7},
    "own eq only": {"__annotations__": {"a": "int"}, "__eq__": lambda self, other: self.a % 2 == other.a % 2},
}


@pytest.mark.parametrize("body", _BODIES.values(), ids=list(_BODIES))
@given(values=st.lists(st.integers(-3, 3), min_size=4, max_size=4), others=st.lists(st.integers(-3, 3), min_size=4,
                                                                                  max_size=4))
def test_record_behaves_as_the_dataclass(body: dict, values: list[int], others: list[int]) -> None:
    ours, theirs = _twins(body)
    names = list(body["__annotations__"])
    x, y = (dict(zip(names, v)) for v in (values, others))
    for cls in (ours, theirs):
        assert "__dict__" not in dir(cls(**x)) and cls.__slots__ == tuple(names)
        if names:
            with pytest.raises(AttributeError):  # FrozenInstanceError, each module's own
                cls(**x).a = 1
            with pytest.raises(AttributeError):
                del cls(**x).a
            with pytest.raises(TypeError):
                cls(*values[:len(names)])  # keyword-only
    assert repr(ours(**x)) == repr(theirs(**x))
    assert hash(ours(**x)) == hash(theirs(**x))
    assert (ours(**x) == ours(**y)) == (theirs(**x) == theirs(**y))
    assert (ours(**x) != ours(**y)) == (theirs(**x) != theirs(**y))
    if "__eq__" not in body:
        assert ours(**x) != theirs(**x) and ours(**x) != values  # another class is never equal
    assert replace(ours(**x), **y) == ours(**y)
    assert [f.name for f in fields(ours)] == [f.name for f in dataclasses.fields(theirs)]


def test_record_by_position_and_recursive_repr() -> None:
    @record(kw_only=False)
    class Pair:
        """Two values."""

        left: object
        right: object = None

    assert Pair(1, 2) == Pair(left=1, right=2) and repr(Pair(1)) == f"{Pair.__qualname__}(left=1, right=None)"
    loop: list = []
    pair = Pair(loop)
    loop.append(pair)
    assert repr(pair) == f"{Pair.__qualname__}(left=[...], right=None)"


def test_every_record_of_the_package_is_frozen_and_slotted() -> None:
    """The classes declared with ``record`` keep what callers rely on: fields, replace, immutability,
    pickling and copies."""
    from drawdealer.engine.record import HandRecord, Stakes
    from drawdealer.validate import HandReport

    for cls in (Finding, Pot, PotAward, Settlement, HandRecord, Stakes, HandReport):
        assert fields(cls) and "__slots__" in cls.__dict__ and "__dict__" not in dir(cls)
    stakes = Stakes(sb=1, bb=2)
    with pytest.raises(FrozenInstanceError):
        stakes.sb = 2  # type: ignore[misc]
    assert copy.copy(stakes) == copy.deepcopy(stakes) == stakes and replace(stakes, bb=4) == Stakes(sb=1, bb=4)
    assert {stakes: 1}[Stakes(sb=1, bb=2)] == 1 and stakes.__eq__(3) is NotImplemented
    assert pickle.loads(pickle.dumps(stakes)) == stakes and repr(stakes).startswith("Stakes(sb=1, bb=2, ante=0")
    assert [Stakes.__eq__.__qualname__, Stakes.__hash__.__qualname__] == ["Stakes.__eq__", "Stakes.__hash__"]


def test_a_mutable_record_behaves_as_the_mutable_dataclass() -> None:
    """``record(frozen=False)`` is ``dataclass(slots=True, kw_only=True)``: fields can be set, equal
    values compare equal, and it has no hash."""
    body = {"__annotations__": {"a": "int", "b": "list"}, "a": 0}
    ours = record(type("Box", (), dict(body, b=field(default_factory=list))), frozen=False)
    theirs = dataclasses.dataclass(slots=True, kw_only=True)(type("Box", (), dict(body, b=dataclasses.field(
        default_factory=list))))
    for cls in (ours, theirs):
        box = cls()
        box.a, box.b = 3, [1]
        assert (box.a, box.b) == (3, [1]) and cls() == cls() and cls().b is not cls().b and cls.__hash__ is None
        with pytest.raises(TypeError):
            cls(1)  # keyword-only
    assert repr(ours(a=1)) == repr(theirs(a=1))
    assert RoundState(acted=[], level=[]) == RoundState(acted=[], level=[])


def test_a_record_is_checked_when_declared() -> None:
    """What the dataclass refuses when the class is declared, a record refuses too (its ``__init__``
    is compiled only on the first instance)."""
    late = {"__annotations__": {"a": "int", "b": "int"}, "a": 0}  # by position, no default after a default
    with pytest.raises(TypeError):
        record(type("Late", (), dict(late)), kw_only=False)
    with pytest.raises(TypeError):
        dataclasses.dataclass(frozen=True, slots=True)(type("Late", (), dict(late)))
    with pytest.raises(ValueError):
        record(type("Shared", (), {"__annotations__": {"a": "list"}, "a": []}))
    with pytest.raises(ValueError):
        field(default=0, default_factory=int)
    with pytest.raises(TypeError):
        fields(object())


@pytest.mark.parametrize("annotation", ["ClassVar[int]", "typing.ClassVar[int]", " ClassVar", "InitVar[int]",
                                        "dataclasses.InitVar[int]", typing.ClassVar[int], dataclasses.InitVar[int]])
def test_a_record_refuses_class_and_init_variables(annotation: object) -> None:
    """A dataclass does not take ``ClassVar`` (nor ``InitVar``) annotations for fields; a record, whose
    annotations are all fields, refuses them instead of silently making one a field."""
    with pytest.raises(TypeError, match="ClassVar and InitVar"):
        record(type("Constants", (), {"__annotations__": {"x": annotation}, "x": 3}))
    assert [f.name for f in fields(record(type("Plain", (), {"__annotations__": {"x": "ClassVariety[int]"}})))] == ["x"]


def _twins_of(body: dict, *, bases: tuple[type, type] | None = None, **options: bool) -> tuple[type, type]:
    """A class body declared as a record and as the dataclass with the same options (``field`` given
    as the dict of its options), optionally over the twins ``bases``."""
    def make(decorate, make_field, base):
        own = {name: make_field(**value) if isinstance(value, dict) and name != "__annotations__" else value
               for name, value in body.items()}
        return decorate(type("Twin", (base,) if base else (), dict(own, __annotations__=dict(body["__annotations__"]))))

    kw_only, frozen = options.get("kw_only", True), options.get("frozen", True)
    ours = make(lambda c: record(c, kw_only=kw_only, frozen=frozen), field, bases and bases[0])
    theirs = make(dataclasses.dataclass(frozen=frozen, slots=True, kw_only=kw_only), dataclasses.field,
                  bases and bases[1])
    return ours, theirs


def test_inherited_fields_come_first_as_in_the_dataclass() -> None:
    bases = _twins_of({"__annotations__": {"a": "int", "b": "int"}, "b": 2})
    ours, theirs = _twins_of({"__annotations__": {"c": "int", "a": "int"}, "c": {"default": 3}, "a": 1}, bases=bases)
    assert [f.name for f in fields(ours)] == [f.name for f in dataclasses.fields(theirs)] == ["a", "b", "c"]
    assert ours.__slots__ == theirs.__slots__ == ("c",)  # the base holds the others
    assert repr(ours()) == repr(theirs()) and repr(ours(a=5, c=7)) == repr(theirs(a=5, c=7))
    assert replace(ours(), b=9) == ours(b=9) and dataclasses.replace(theirs(), b=9) == theirs(b=9)
    with pytest.raises(FrozenInstanceError):
        ours().a = 2


def test_match_args_as_the_dataclass() -> None:
    body = {"__annotations__": {"a": "int", "b": "int"}, "b": 2}
    for kw_only in (True, False):
        ours, theirs = _twins_of(body, kw_only=kw_only)
        assert ours.__match_args__ == theirs.__match_args__ == (() if kw_only else ("a", "b"))
    ours, theirs = _twins_of(body, kw_only=False)
    assert repr(ours(1)) == repr(theirs(1)) and ours(1, 3) == ours(a=1, b=3)


@record
class _Point:
    """Declared at module level, as pickling finds a class by its qualified name."""

    x: int
    y: int = 0
    tags: tuple = ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _PointTwin:
    x: int
    y: int = 0
    tags: tuple = ()


@pytest.mark.parametrize("cls", [_Point, _PointTwin])
def test_pickles_and_copies_are_equal_values(cls: type) -> None:
    point = cls(x=1, tags=(2, [3]))
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(point, protocol=protocol))
        assert type(back) is cls and back == point
    deep = copy.deepcopy(point)
    assert copy.copy(point) == deep == point and deep.tags[1] is not point.tags[1]


def test_post_init_runs_and_replace_checks_again() -> None:
    def positive(self: object) -> None:
        if self.n <= 0:  # type: ignore[attr-defined]
            raise ValueError("not positive")

    ours, theirs = _twins_of({"__annotations__": {"n": "int"}, "__post_init__": positive})
    for cls, change in ((ours, replace), (theirs, dataclasses.replace)):
        assert cls(n=2).n == 2
        with pytest.raises(ValueError):
            cls(n=0)
        with pytest.raises(ValueError):
            change(cls(n=2), n=0)


def test_type_checkers_read_a_record_as_the_dataclass_it_stands_for():
    """``typing.dataclass_transform`` on :func:`record`: mypy and IDEs know the fields, the keyword-only
    constructor and the immutability (``mypy`` on ``Stakes(bb="x")`` reports the wrong type)."""
    from drawdealer.engine.frozen import Field, field, record

    spec = record.__dataclass_transform__
    assert spec["kw_only_default"] is True and spec["kwargs"]["frozen_default"] is True
    assert spec["field_specifiers"] == (field, Field)
