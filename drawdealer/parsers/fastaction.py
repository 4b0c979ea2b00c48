"""Fast constructors for the frozen records of ``engine.record`` (the parsers' hot path).

A reader builds tens of :class:`~drawdealer.engine.record.Action` values per hand; the keyword
constructor of a frozen record costs more than all the rest of the work on the action's line.
The builders here are :func:`drawdealer.engine.frozen.maker`'s (drafts filled with plain slot
stores, then given their class): each gives *the same value* as the keyword construction, a genuine
frozen instance of the record's class (DESIGN.md convention 5), and ``tests/test_parse_fast_paths.py``
compares every way of building with the keyword constructor.

They take the fields in declaration order, positionally or by keyword after the first ones.
:func:`action_template` and :func:`action_from` split an action in what its line says (memoised
per line text by the readers) and where it was read (line number and text).
"""

from __future__ import annotations

from typing import Any, Callable

from drawdealer.engine.frozen import draft_class, maker
from drawdealer.engine.record import Action, Claims, HandRecord, PotClaim, Seat

ACTION_TEMPLATE_FIELDS = ("kind", "player", "amount", "all_in", "count", "discarded", "received", "cards", "kept",
                          "received_count", "received_lines")
"""The fields of an :func:`action_template`, in order: all of :class:`Action` but ``line`` and ``text``."""
_ACTION_FIELDS = (*ACTION_TEMPLATE_FIELDS, "line", "text")

ActionDraft: type = draft_class(Action, _ACTION_FIELDS)
"""The draft of an :class:`Action`, for a reader's innermost loop, which fills it without a call::

    a = ActionDraft()
    (a.kind, a.player, a.amount, a.all_in, a.count, a.discarded, a.received, a.cards, a.kept,
     a.received_count, a.received_lines) = template
    a.line, a.text = line, text
    a.__class__ = Action

(the steps of :func:`action_from`: every field in ``ACTION_TEMPLATE_FIELDS``, then ``line`` and
``text``, before the class)."""

new_action: Callable[..., Action] = maker(Action, _ACTION_FIELDS, positional=True, name="new_action")
"""``new_action(kind, player, amount, all_in, count, discarded, received, cards, kept,
received_count, received_lines, line, text)`` == ``Action(kind=kind, player=player, …)``."""


new_plain_action: Callable[..., Action] = maker(Action, ("kind", "player", "amount", "all_in", "line", "text"),
                                                positional=True, name="new_plain_action")
"""``new_plain_action(kind, player, amount, all_in, line, text)`` == ``new_action(kind, player, amount, all_in,
line=line, text=text)``: an action without cards (a bet, a call, a fold, a forced bet) from six
positional parameters, quicker to pass than twelve (the PHH reader builds one per betting action)."""


new_action_draft: Callable[..., Action] = maker(Action, _ACTION_FIELDS, positional=True, draft=True,
                                                 name="new_action_draft")
""":func:`new_action`, left an :data:`ActionDraft` (its fields can still be set) for a reader that
completes an action over several lines; it sets ``__class__ = Action`` when the action is complete."""


def action_template(kind: Any, player: str, amount: int = 0, all_in: bool = False, count: int = 0,
                    discarded: Any = None, received: Any = None, cards: Any = None, kept: Any = None,
                    received_count: int | None = None, received_lines: Any = None) -> tuple[Any, ...]:
    """What a line says about an action: its fields in ``ACTION_TEMPLATE_FIELDS``, for :func:`action_from`."""
    return kind, player, amount, all_in, count, discarded, received, cards, kept, received_count, received_lines


action_from: Callable[[tuple[Any, ...], int | None, str], Action] = maker(
    Action, _ACTION_FIELDS, unpack=ACTION_TEMPLATE_FIELDS, name="action_from")
"""``action_from(action_template(kind, player, …), line, text)`` == ``Action(kind=kind, player=player, …,
line=line, text=text)``."""

new_seat: Callable[..., Seat] = maker(Seat, ("seat", "name", "stack", "sitting_out", "absent"), positional=True,
                                     name="new_seat")
"""``new_seat(seat, name, stack, sitting_out, absent)`` == ``Seat(seat=…, …)``."""

new_pot_claim: Callable[..., PotClaim] = maker(PotClaim, ("player", "amount", "pot_index", "line"),
                                                 positional=True, name="new_pot_claim")
"""``new_pot_claim(player, amount, pot_index, line)`` == ``PotClaim(player=…, …)``."""

new_claims: Callable[..., Claims] = maker(
    Claims, ("total_pot", "pots", "rake", "uncalled", "collected", "descriptions", "final_stacks",
             "summary_collected", "reshuffles", "lines", "uncalled_printed", "uncalled_in_collected", "rake_printed"),
    positional=True, name="new_claims")
"""``new_claims(total_pot, pots, rake, uncalled, collected, descriptions, final_stacks,
summary_collected, reshuffles, lines, uncalled_printed, uncalled_in_collected, rake_printed)`` ==
``Claims(…)``."""

new_record: Callable[..., HandRecord] = maker(
    HandRecord, ("hand_id", "game", "seats", "button", "stakes", "actions", "claims", "options", "source",
                 "line", "end_line", "hero", "currency", "extra", "runs"), positional=True, name="new_record")
"""``new_record(hand_id, game, seats, button, stakes, actions, claims, options, source, line,
end_line, hero, currency, extra[, runs])`` == ``HandRecord(…)``."""
