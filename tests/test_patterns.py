"""``parsers.patterns.lazy``: a pattern compiled on first use answers as ``re.compile`` does, and
costs nothing until then (a reader's unused line patterns are never compiled)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.parsers.patterns import lazy
from drawdealer.parsers.sitekit import MONEY


@given(text=st.text(alphabet="$€£0123456789,. x", max_size=12))
def test_a_lazy_pattern_answers_as_the_compiled_one(text: str) -> None:
    compiled, deferred = re.compile(MONEY), lazy(MONEY)
    for method in ("match", "fullmatch", "search"):
        ours, theirs = getattr(deferred, method)(text), getattr(compiled, method)(text)
        assert (ours and ours.span()) == (theirs and theirs.span())
    assert deferred.findall(text) == compiled.findall(text) and deferred.split(text) == compiled.split(text)
    assert deferred.pattern == MONEY and deferred.groups == compiled.groups


def test_nothing_is_compiled_before_the_first_use() -> None:
    broken = lazy("(unclosed")
    assert broken.pattern == "(unclosed"  # given, not compiled
    with pytest.raises(re.error):
        broken.match("x")
    case_blind = lazy(b"<!doctype", re.I)
    assert case_blind.match(b"<!DOCTYPE html>") and case_blind.flags == re.compile(b"<!doctype", re.I).flags
