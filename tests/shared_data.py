"""Where the tests find ``../shared``: the real hand histories of ``corpus/`` and the rule texts that
sit beside the repository, read-only, and are absent from a user's clone.

``DRAWDEALER_SHARED`` names another folder (an empty one plays a clone without it). Where the corpus
is absent, a test built from it is reported as skipped with ``ABSENT`` for reason, never dropped from
the collection without a word: ``needs_corpus`` for a test, ``corpus_cases`` for a parametrize list.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DRAWDEALER_SHARED") or ROOT.parent / "shared")
CORPUS = SHARED / "corpus"
ABSENT = "../shared/corpus is not here"
ABSENT_ID = "corpus-absent"

needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=ABSENT)


def corpus_cases(cases: list, width: int = 1) -> list:
    """``cases`` (built from the corpus) where the corpus is here; else one case of ``width`` values,
    skipped with ``ABSENT``, so that the test still stands in the collection and in the report."""
    if CORPUS.is_dir():
        return cases
    return [pytest.param(*[None] * width, marks=pytest.mark.skip(reason=ABSENT), id=ABSENT_ID)]
