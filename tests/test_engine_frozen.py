"""``engine.frozen.maker`` builds the same instance as the dataclass itself, only faster."""

from __future__ import annotations

import dataclasses

import pytest

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import maker
from drawdealer.engine.pots import Pot, PotAward
from drawdealer.engine.settle import Settlement


def test_the_instance_is_the_dataclass_own():
    made = maker(Pot)(amount=30, eligible=("Ann", "Bob"))
    built = Pot(amount=30, eligible=("Ann", "Bob"))
    assert type(made) is Pot and made == built and repr(made) == repr(built) and hash(made) == hash(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.amount = 31  # type: ignore[misc]
    assert dataclasses.replace(made, amount=31) == Pot(amount=31, eligible=("Ann", "Bob"))


def test_defaults_and_keywords():
    fields = dict(pots=(), rake=0, awards=(), returned={}, collected={}, refunds={}, carried=0, final_stacks={},
                  outcome="SHOWDOWN", determined=True)
    assert maker(Settlement)(**fields) == Settlement(**fields)
    assert maker(Settlement)(**fields).explained is True  # a default of the class
    with pytest.raises(TypeError):
        maker(PotAward)(0, 10, (), (), {}, None, "")  # keyword-only, like the class
    with pytest.raises(TypeError):
        maker(Pot)(amount=1)  # every field without a default is required


def test_only_for_slotted_dataclasses_without_post_init():
    with pytest.raises(TypeError):
        maker(Finding)  # validates its code in __post_init__
