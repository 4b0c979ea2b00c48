"""``drawdealer deal --resume DIR``: the exact state back from a journal, or a refusal naming the
file and line (issue 5).

The session file is read strictly (``sessionfile.py``); the current hand's PHH file is read with
the PHH reader and replayed action by action through the engine. Anything that does not replay
cleanly (a finding of RULES.md §11, such as an amount edited beyond the stack, players or stacks
that do not match the session file, a command count that does not belong to it, an action count
the file does not have) refuses the whole journal: nothing is replayed half-way and no file is
changed. The one repair is the torn commit of ``session.py``: a hand file one command ahead of the
session file is rolled forward; and a session command (``roster.py``) commits in the session file
first, so a hand file one command behind a session file that says ``session_first`` catches up.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Callable

from drawdealer.cli.deal.journal import Journal
from drawdealer.cli.deal.session import JOURNAL_KEY, DealerSession
from drawdealer.cli.deal.roster import Account
from drawdealer.cli.deal.sessionfile import SessionFileError, SessionInfo, parse_session
from drawdealer.engine.frozen import replace
from drawdealer.engine.record import HandRecord


class JournalError(ValueError):
    """A journal that cannot be resumed; the message starts with ``file[:line]``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")


def resume(journal: Journal, *, write: bool = True) -> tuple[DealerSession, str]:
    """Restore the session of ``journal`` and say where it stands; raises :class:`JournalError`.
    ``write=False`` reads only (``drawdealer ledger``): a torn commit is rolled forward in memory."""
    path = journal.session_path
    if not journal.directory.is_dir():
        raise JournalError(str(journal.directory), "no such journal directory")
    if not path.is_file():
        raise JournalError(str(path), "missing: this directory holds no dealing session")
    if write:
        journal.lock()  # before anything is read: one dealer per journal (a reader needs none)
    try:
        info = parse_session(journal.read_session())
        if info.accounts is None:
            info = replace(info, accounts=_first_accounts(journal, info))
        session = DealerSession(info, journal)
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(str(path), f"cannot read ({exc})") from None
    except SessionFileError as exc:
        raise JournalError(f"{path}:{exc.line}" if exc.line else str(path), str(exc)) from None
    playing = [n for n, s in info.seats if s > 0]
    if len(playing) < 2 or info.button not in playing:
        raise JournalError(str(path), "the button must be a player with chips, and two players need chips")
    hand_path = journal.hand_path(info.hand)
    try:
        text = journal.read_hand(info.hand)
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(str(hand_path), f"cannot read ({exc})") from None
    if text is None:
        if info.commands != info.hand_start:
            raise JournalError(str(hand_path), f"missing, but {path.name} counts "
                               f"{info.commands - info.hand_start} commands in hand {info.hand}")
        if write:
            session.begin_hand()  # the crash came between the two writes of ``next``
        else:
            session.post_forced_bets()
        return session, session.where("resumed at the start of")
    _load_hand(session, hand_path, text, write=write)
    return session, session.where("resumed")


def _first_accounts(journal: Journal, info: SessionInfo) -> dict[str, Account]:
    """Accounts for a session file written before issue 16 (no rebuys then): each player bought in
    his stack of hand 1, and played the hands he was dealt (counted from the hand files' players)."""
    firsts: dict[str, int] = {}
    hands: dict[str, int] = {}
    for number in range(1, info.hand):
        try:
            data = tomllib.loads(journal.read_hand(number) or "")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        players, stacks = data.get("players", []), data.get("starting_stacks", [])
        for name, stack in zip(players, stacks):
            firsts.setdefault(name, stack)
            hands[name] = hands.get(name, 0) + 1
    return {name: Account(bought_in=firsts.get(name, stack), hands=hands.get(name, 0)) for name, stack in info.seats}


def _load_hand(session: DealerSession, hand_path: Path, text: str, *, write: bool) -> None:
    """Replay the hand file through the engine; refuse it whole at its first problem."""
    from drawdealer.parsers.phh import parse_hand
    from drawdealer.parsers.results import ParseFailure, Skipped

    info, journal = session.info, session.journal
    lines = text.splitlines()

    def line_of(key: str) -> int | None:
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        return next((k + 1 for k, line in enumerate(lines) if pattern.match(line)), None)

    def where(line: int | None) -> str:
        return f"{hand_path}:{line}" if line else str(hand_path)

    parsed = parse_hand(lines, 1, str(hand_path))
    if isinstance(parsed, (ParseFailure, Skipped)):
        raise JournalError(where(parsed.line), parsed.message)
    marker = tomllib.loads(text).get(JOURNAL_KEY)
    if not isinstance(marker, dict) or marker.get("hand") != info.hand or not isinstance(marker.get("commands"), int):
        raise JournalError(where(line_of(JOURNAL_KEY) or 1),
                           f"'{JOURNAL_KEY}' must say hand = {info.hand} and the command count")
    commands = marker["commands"]
    behind = info.session_first and commands == info.commands - 1  # a session command committed first
    if commands not in (info.commands, info.commands + 1) and not behind:
        raise JournalError(where(line_of(JOURNAL_KEY)), f"counts {commands} commands but {journal.session_path.name}"
                           f" counts {info.commands}: the files do not belong together")
    actions = marker.get("actions", len(parsed.actions))  # a journal written before the count has none
    if actions != len(parsed.actions):
        raise JournalError(where(line_of(JOURNAL_KEY)), f"counts {actions} actions but the file has "
                           f"{len(parsed.actions)}: a line was added or removed by hand")
    _check_table(session, parsed, where, line_of)
    errors = session.rebuild(list(parsed.actions))
    if errors:
        action, finding = errors[0]
        raise JournalError(where(action.line), f"{finding.message} ({finding.code}): not replayed")
    if behind and write:  # the session command is in the session file: the hand file catches up
        journal.write_hand(info.hand, session.hand_text())
    if commands == info.commands + 1:  # the hand file was committed, the session file not yet:
        # an action's commit (hand file first), so the session file it would have written says no
        # session command came first, as the uninterrupted session's does
        session.info = replace(info, commands=commands, session_first=False)
        if write:
            journal.write_session(session.info.to_toml())


def _check_table(session: DealerSession, parsed: HandRecord, where: Callable[[int | None], str],
                 line_of: Callable[[str], int | None]) -> None:
    """The hand file's game, players, starting stacks and button are the session file's."""
    name = session.journal.session_path.name
    if parsed.game != session.spec.id:
        raise JournalError(where(line_of("variant")), f"game {parsed.game} but the session plays {session.spec.id}")
    mine = {(s.name, s.stack) for s in session.seats() if not s.sitting_out}
    theirs = {(s.name, s.stack) for s in parsed.seats if not s.sitting_out}
    if mine != theirs:
        listed = ", ".join(f"{n}={s}" for n, s in sorted(mine))
        raise JournalError(where(line_of("starting_stacks")),
                           f"players and starting stacks differ from {name} ({listed})")
    if parsed.button != session.info.button:
        raise JournalError(where(line_of("players")),
                           f"the button is {parsed.button}, {name} says {session.info.button}")
