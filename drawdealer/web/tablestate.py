"""What the page is sent: the journal replayed as ``drawdealer deal --resume`` replays it, and the
table as ``drawdealer deal --json`` prints it (issue 28).

The journal is the truth: the page shows what survives a crash. It is read with the dealer's own
reader, without the lock and without writing (``restore.resume(write=False)``, as ``drawdealer
ledger`` reads it), and the table is the dealer's :class:`~drawdealer.cli.deal.view.TableView`:

- ``table`` is ``TableView.to_json()``, the very object ``deal --json`` prints, for the table as
  the last journaled command left it. What only answers a typed command is not in the journal: the
  ``message`` (``null`` here) and the notes said when an action was accepted, which the page gets
  per action in ``said`` (``DealerSession.said``: the dealer's words for each action of the hand,
  with what it set off: a reshuffle, a held-back card, uncalled chips).
- ``seats``, ``pots``, ``choices`` and ``game`` come from the same ``TableView`` (``pots``: the
  pots of the closed betting rounds, RULES.md §9.4, each with its ``name``, ``amount`` and
  ``eligible`` players; this round's bets are the seats' ``bet``); ``ledger`` is
  ``drawdealer ledger``'s (the evening's nets); ``italian`` the opening requirement's carry (RULES.md
  §10.2-§10.5) and the invito (§10.1); ``pot_limit`` the arithmetic of the pot-limit maximum
  (§7.3, the ``drawdealer potlimit`` explanation).
- ``between``: no hand under way (nobody has acted in the hand yet, or it is over: played to its
  end and an Italian opener's openers shown, RULES.md §10.2). Then ``stats`` holds the evening's
  habits of ``drawdealer stats`` over the hands over (``evening_stats.py``: the numbers no hidden
  card decides); ``null`` while a hand is played, when nothing of it is counted.

Nothing secret: no card is sent but the cards a player showed at the showdown (``SeatView.cards``
and the words of a ``show``); what was dealt, discarded or left in the stub, and a mucked hand,
stay out even in a journal that records them, and so does every number judged from them
(tests/test_web_secrets.py plays random hands of every game to check it).

A journal that cannot be read gives ``problem`` instead: what is wrong, in the dealer's reader's
words (missing, unreadable, corrupt, written by a newer version).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawdealer.engine.cards import card_str
from drawdealer.engine.settle import ItalianCarry
from drawdealer.journal_files import SESSION_FILE, file_signature

if TYPE_CHECKING:
    from drawdealer.cli.deal.session import DealerSession
    from drawdealer.cli.deal.view import SeatView, TableView
    from drawdealer.web.evening_stats import EveningStats

FORMAT = 1
"""The version of the page's JSON (``format``)."""


def journal_signature(directory: Path) -> tuple[Any, ...]:
    """What changes whenever the dealer commits a command: the folder's entries and the session
    file (each write is a new file renamed into place, ``cli/atomic.py``); cheap to take (two stats)."""
    return (file_signature(directory), file_signature(directory / SESSION_FILE))


def read_state(directory: Path, evening: EveningStats | None = None) -> dict[str, Any]:
    """The page's state for the journal in ``directory``, or its ``problem``. A read that met the
    dealer's next write half-way (the hand file of one command, the session file of another) is
    read again: only a journal that stays unreadable is a problem. ``evening`` keeps the evening's
    statistics from one read to the next (the server's; without it they are counted afresh)."""
    from drawdealer.cli.deal.journal import Journal
    from drawdealer.cli.deal.restore import JournalError, resume
    from drawdealer.web.evening_stats import EveningStats

    evening = evening if evening is not None else EveningStats()
    journal = Journal(directory)
    name = directory.resolve().name
    problem = ""
    for _ in range(5):
        before = journal_signature(directory)
        try:
            session, _ = resume(journal, write=False)
            return table_state(session, journal=name, evening=evening)
        except JournalError as exc:
            problem = str(exc)
        except OSError as exc:
            problem = f"{directory}: cannot read ({exc.strerror or exc})"
        if journal_signature(directory) == before:
            break
    if str(directory) not in (".", name):  # the folder by its name: where it lies is not the players' business
        problem = problem.replace(str(directory), name)
    return problem_state(problem, journal=name, missing=not journal.exists())


def problem_state(message: str, *, journal: str, missing: bool = False) -> dict[str, Any]:
    """The page's state for a journal it cannot show: ``missing`` (no session there yet: the page
    waits for one) or ``unreadable`` (the message says why, with the file and line)."""
    return {"format": FORMAT, "journal": journal, "problem": {"kind": "missing" if missing else "unreadable",
                                                             "message": message}}


def table_state(session: DealerSession, *, journal: str, evening: EveningStats) -> dict[str, Any]:
    """The page's state for ``session`` (see the module docstring)."""
    said = session.said()  # plays the hand again from its start: the state ends as it was
    view = session.view()
    table = view.to_json()
    between = between_hands(session)
    return {
        "format": FORMAT,
        "journal": journal,
        "problem": None,
        "table": table,
        "game": {"id": view.game, "name": session.spec.name, "draws": session.spec.draws},
        "seats": [seat_json(seat) for seat in view.seats],
        "pots": table["pots"],
        "choices": list(view.choices),
        "finished": view.finished,
        "said": [{"text": s.text, "notes": list(s.notes)} for s in said],
        "ledger": session.ledger().to_json(),
        "italian": italian_json(session),
        "pot_limit": pot_limit_lines(session, view),
        "between": between,
        "stats": evening.of(finished_hands(session)) if between else None,
    }


def hand_over(session: DealerSession) -> bool:
    """The hand is over: played to its end, and an Italian opener's openers shown (RULES.md §10.2)."""
    return session.state.is_over


def between_hands(session: DealerSession) -> bool:
    """No hand under way: the hand is over, or nobody has acted in it yet (its forced bets posted, its
    cards dealt, RULES.md §6.1)."""
    from drawdealer.cli.deal.announce import AUTOMATIC
    from drawdealer.engine.record import ActionKind

    return hand_over(session) or all(a.kind in AUTOMATIC or a.kind is ActionKind.DEAL for a in session.actions)


def finished_hands(session: DealerSession) -> list[Path]:
    """The hand files of the hands over, in order: every hand before this one, and this one once over."""
    journal, current = session.journal, session.info.hand
    return [journal.hand_path(n) for n in journal.hand_numbers()
            if n < current or (n == current and hand_over(session))]


def seat_json(seat: SeatView) -> dict[str, Any]:
    """One seat; ``cards`` are the cards it showed at the showdown (nothing else is sent)."""
    return {"name": seat.name, "stack": seat.stack, "bet": seat.bet, "status": seat.status, "button": seat.button,
            "blind": seat.blind or None, "opened": seat.opened, "to_act": seat.to_act,
            "cards": [card_str(c) for c in seat.cards], "drawn": list(seat.drawn)}


def italian_json(session: DealerSession) -> dict[str, Any] | None:
    """An Italian deal's carry (RULES.md §10.2-§10.5): the requirement to open, the chips left in
    the middle by the deals before, a false opener's penalty; and the invito (§10.1). The first deal
    of an evening has no carry: it needs jacks, and nothing is in the middle but its forced bets."""
    if not session.spec.is_italian:
        return None
    carry = session.carry or ItalianCarry()
    return {"requirement": carry.requirement, "carried": carry.pot, "penalty": carry.penalty,
            "penalty_player": carry.penalty_player, "invito": session.stakes.invito}


def pot_limit_lines(session: DealerSession, view: TableView) -> list[str] | None:
    """How the pot-limit maximum of the player to act is reached (RULES.md §7.3): the explanation of
    ``drawdealer potlimit`` for this moment of the hand; ``None`` in other games or when nobody bets."""
    from drawdealer.engine.betting import pot_limit_quote
    from drawdealer.engine.variants import Structure

    legal, state = view.legal, session.state
    if (legal is None or session.spec.structure is not Structure.POT
            or (legal.max_bet is None and legal.max_raise_to is None) or state.phase_name != "BETTING"):
        return None
    bets = state.bets()
    player = state.player(legal.player)
    quote = pot_limit_quote(pot=state.pot - sum(bets.values()), bets=bets, actor=legal.player, stack=player.stack,
                            last_raise=state.rnd.lraise, money=state.money)  # Lraise of this round, §7.1
    return list(quote.explanation)
