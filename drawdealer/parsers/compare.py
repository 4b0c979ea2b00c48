"""Equality of hand records up to where they were read (round trips of ``convert``).

Two records of the same hand read from different texts differ in their source: file name, line
numbers, the source text of each action. :func:`comparable` drops those; :func:`differences` lists
what still differs, field by field, for tests and for ``convert``'s self-check.
"""

from __future__ import annotations

from typing import Iterable

from drawdealer.engine.frozen import MISSING, fields, replace
from drawdealer.engine.record import Claims, HandRecord, PotClaim

FORMAT_FIELDS = frozenset({"extra"})
"""Fields that only mean something in the format the hand was read from."""


def comparable(record: HandRecord, *, ignore: Iterable[str] = ()) -> HandRecord:
    """``record`` without source, line numbers and source texts (and without the fields in ``ignore``)."""
    c = record.claims
    claims = Claims(
        total_pot=c.total_pot, pots=c.pots, rake=c.rake,
        uncalled=tuple((p, a, None) for p, a, _ in c.uncalled),
        collected=tuple(PotClaim(player=x.player, amount=x.amount, pot_index=x.pot_index) for x in c.collected),
        descriptions=tuple((p, d, None) for p, d, _ in c.descriptions),
        final_stacks=c.final_stacks,
        summary_collected=tuple((p, a, None) for p, a, _ in c.summary_collected),
        reshuffles=tuple((i, None) for i, _ in c.reshuffles), uncalled_printed=c.uncalled_printed,
        uncalled_in_collected=c.uncalled_in_collected, rake_printed=c.rake_printed,
    )
    out = replace(record, source="", line=0, end_line=None, claims=claims,
                  actions=tuple(replace(a, line=None, text="", received_lines=None) for a in record.actions))
    changes = {f.name: (f.default_factory() if f.default_factory is not MISSING else f.default)  # type: ignore[misc]
               for f in fields(HandRecord) if f.name in set(ignore)}
    return replace(out, **changes) if changes else out

def differences(a: HandRecord, b: HandRecord, *, ignore: Iterable[str] = ()) -> list[str]:
    """What differs between two readings of a hand, ignoring source lines/texts and ``ignore``."""
    ignore = set(ignore)
    x, y = comparable(a, ignore=ignore), comparable(b, ignore=ignore)
    out: list[str] = []
    for f in fields(HandRecord):
        left, right = getattr(x, f.name), getattr(y, f.name)
        if left == right:
            continue
        if f.name == "actions":
            for k in range(max(len(left), len(right))):
                la = left[k] if k < len(left) else None
                ra = right[k] if k < len(right) else None
                if la != ra:
                    out.append(f"action {k}: {la!r} != {ra!r}")
                    break
        else:
            out.append(f"{f.name}: {left!r} != {right!r}")
    return out
