"""Problem: a fault the rules find in one action, before the hand makes it a finding.

The parts of the rules (``state``, ``rounds``, ``drawround``, ``forced``, ``showdown``, ``openers``)
and the deck (``deck``) return problems; :meth:`HandState._finding <drawdealer.engine.state.HandState._finding>`
adds the hand, the line, the street and the action's index and makes a
:class:`~drawdealer.engine.findings.Finding` of each (RULES.md §11). ``code`` is a finding code
(``engine.findings``); ``expected`` and ``actual`` what the rules wanted and what the history did;
``data`` the finding's details (``seat``, ``card``, …; a ``line`` in it is the line of the finding,
when it is not the action's). Build one with ``expected=``, ``actual=`` and ``data=`` named
(``tests/test_engine_problems.py`` checks it). Problems are built only on faults: a clean hand
builds none.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Problem(NamedTuple):
    """One fault (module docstring)."""

    code: str
    message: str
    expected: Any
    actual: Any
    data: dict[str, Any]
