"""``session.toml``: the table between hands, beside the hand files of a journal (issue 5).

It records what a PHH file of one hand cannot: the game, its options and stakes, the seats in
clockwise order with their stacks at the start of the current hand, the button (the Italian
*mazziere*, RULES.md §0.3), the hand number, the Italian carry between deals (requirement, pot
left in the middle and penalties, RULES.md §10.2-§10.5) and the count of accepted commands; and,
for the evening (issue 16), who sits out, the session commands typed in this hand (``[[pending]]``,
``roster.py``), each player's account (``[[players]]``: bought in, cashed out, hands), the rake
and the hands played. A file written before issue 16 has none of these: every player's account
then starts from his stack in hand 1 (``restore.py`` fills them in).

Reading is strict: a file edited into nonsense is refused with its line, never half-used.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from drawdealer.cli.deal import toml_text
from drawdealer.cli.deal.roster import OUT, WAIT_BB, Account, Change
from drawdealer.engine.frozen import field, record
from drawdealer.parsers import limits
from drawdealer.parsers.phh_toml import error_position

VERSION = 1
STAKE_KEYS = ("sb", "bb", "ante", "small_bet", "big_bet", "invito", "chip")
"""The fields of ``engine.record.Stakes``."""
NAME_RE = re.compile(r"^[A-Za-z0-9_.\-]{1,32}$")


class SessionFileError(ValueError):
    """A session file that cannot be used; ``line`` is 1-based or ``None``."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@record
class SessionInfo:
    """Everything needed to rebuild the table at the start of the current hand.

    ``seats`` are ``(name, stack)`` pairs in clockwise order, stacks as at the start of hand
    ``hand``; ``hand_start`` is ``commands`` as it was when that hand began, so a hand file can
    be checked against it; ``carry`` is the Italian state carried between deals (empty for 2-7).
    ``session_first``: the last command was a session command, committed in this file before the
    hand file (which may then count one command fewer).
    """

    game: str
    options: dict[str, Any]
    stakes: dict[str, int]
    seats: tuple[tuple[str, int], ...]
    button: str
    hand: int
    hand_start: int
    commands: int
    carry: dict[str, Any] = field(default_factory=dict)
    started: str = ""
    away: dict[str, str] = field(default_factory=dict)
    pending: tuple[Change, ...] = ()
    accounts: dict[str, Account] | None = None
    rake: int = 0
    hands_played: int = 0
    session_first: bool = False

    def to_toml(self) -> str:
        """The file's text (stable key order, one value per line)."""
        return "# drawdealer deal session: do not edit while a session is running\n" + toml_text.dumps(
            {
                "version": VERSION,
                "game": self.game,
                "started": self.started or None,
                "hand": self.hand,
                "hand_start": self.hand_start,
                "commands": self.commands,
                "session_first": True if self.session_first else None,
                "button": self.button,
                "stakes": dict(self.stakes),
                "options": dict(self.options),
                "carry": dict(self.carry),
                "rake": self.rake,
                "hands_played": self.hands_played,
                "seats": [{"name": n, "stack": s, "away": self.away.get(n)} for n, s in self.seats],
                "pending": [c.to_dict() for c in self.pending],
                "players": [{"name": n, "bought_in": a.bought_in, "cashed_out": a.cashed_out, "hands": a.hands}
                            for n, a in self.accounts.items()] if self.accounts is not None else None,
            }
        )


def _line_of(text: str, pattern: str, nth: int = 0) -> int | None:
    """1-based line of the ``nth`` line matching ``pattern`` (a regex on the stripped line)."""
    regex = re.compile(pattern)
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if regex.match(line.strip()):
            if seen == nth:
                return number
            seen += 1
    return None


def _key_line(text: str, key: str, nth: int = 0) -> int | None:
    return _line_of(text, rf"{re.escape(key)}\s*=", nth)


def _int(data: dict[str, Any], key: str, text: str, *, minimum: int = 0) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SessionFileError(f"'{key}' must be a whole number", line=_key_line(text, key))
    if value < minimum:
        raise SessionFileError(f"'{key}' must be at least {minimum}, not {value}", line=_key_line(text, key))
    return value


def _str(data: dict[str, Any], key: str, text: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise SessionFileError(f"'{key}' must be a non-empty string", line=_key_line(text, key) or 1)
    return value


def _check_rules(text: str, game: str, options: dict[str, Any]) -> None:
    """The game is one the engine plays and every option is a valid RULES.md §13 key and value."""
    from drawdealer.engine.options import OptionError, Options
    from drawdealer.engine.variants import UnknownGame, get_game

    try:
        get_game(game)
    except UnknownGame as exc:
        raise SessionFileError(str(exc), line=_key_line(text, "game")) from None
    try:
        Options.from_mapping(options)
    except OptionError as exc:
        raise SessionFileError(f"option {exc.option}: {exc.reason}", line=_key_line(text, exc.option)) from None


def _check_carry(text: str, carry: dict[str, Any], names: set[str]) -> None:
    """The Italian carry (RULES.md §10.2-§10.5): chips ≥ 0, a requirement J/Q/K/A, a seated payer."""
    for key, value in carry.items():
        line = _key_line(text, key)
        if key in ("pot", "penalty"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SessionFileError(f"carry '{key}' must be a whole number ≥ 0, not {value!r}", line=line)
        elif key == "requirement":
            if value not in ("J", "Q", "K", "A"):
                raise SessionFileError(f"carry 'requirement' must be J, Q, K or A, not {value!r}", line=line)
        elif key == "penalty_player":
            if value not in names:
                raise SessionFileError(f"carry 'penalty_player' {value!r} is not seated", line=line)
        else:
            raise SessionFileError(f"unknown carry key '{key}'", line=line)


def parse_session(text: str) -> SessionInfo:
    """Read a session file; raises :class:`SessionFileError` naming the line of the problem."""
    try:
        data = limits.toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = error_position(exc, len(text.splitlines()))  # a file cut short fails on its last line
        raise SessionFileError(f"not valid TOML ({exc})", line=at[0] if at else None) from None
    except limits.TomlLimitError as exc:
        raise SessionFileError(exc.message, line=exc.line) from None
    version = data.get("version")
    if version != VERSION:
        line = _key_line(text, "version") or 1
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise SessionFileError(f"written by a newer drawdealer (journal version {version}; this one reads "
                                   f"version {VERSION}): upgrade drawdealer to read it", line=line)
        raise SessionFileError(f"'version' must be {VERSION}", line=line)
    game = _str(data, "game", text)
    hand = _int(data, "hand", text, minimum=1)
    hand_start = _int(data, "hand_start", text)
    commands = _int(data, "commands", text)
    if hand_start > commands:
        raise SessionFileError(
            f"'hand_start' ({hand_start}) is after 'commands' ({commands})", line=_key_line(text, "hand_start")
        )
    button = _str(data, "button", text)
    tables = {}
    for name in ("stakes", "options", "carry"):
        value = data.get(name, {})
        if not isinstance(value, dict):
            raise SessionFileError(f"'{name}' must be a table", line=_key_line(text, name) or 1)
        tables[name] = value
    stakes: dict[str, int] = {}
    for key, value in tables["stakes"].items():
        line = _key_line(text, key)
        if key not in STAKE_KEYS:
            raise SessionFileError(f"unknown stake '{key}'", line=line)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SessionFileError(f"stake '{key}' must be a whole number ≥ 0, not {value!r}", line=line)
        stakes[key] = value
    rows = data.get("seats")
    if not isinstance(rows, list) or len(rows) < 2:
        raise SessionFileError("a session needs at least two [[seats]]", line=_line_of(text, r"\[\[seats\]\]") or 1)
    seats: list[tuple[str, int]] = []
    away: dict[str, str] = {}
    for index, row in enumerate(rows):
        line = _line_of(text, r"\[\[seats\]\]", index)
        if not isinstance(row, dict) or not {"name", "stack"} <= set(row) <= {"name", "stack", "away"}:
            raise SessionFileError("each [[seats]] needs 'name' and 'stack' (and may say 'away')", line=line)
        name, stack = row["name"], row["stack"]
        if "away" in row:
            if row["away"] not in (OUT, WAIT_BB):
                raise SessionFileError(f"'away' of {name!r} must be \"{OUT}\" or \"{WAIT_BB}\"", line=line)
            away[str(name)] = row["away"]
        if not isinstance(name, str) or not NAME_RE.match(name):
            raise SessionFileError(f"bad seat name {name!r}", line=line)
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            raise SessionFileError(f"stack of {name} must be a whole number ≥ 0, not {stack!r}", line=line)
        if any(name.lower() == other.lower() for other, _ in seats):
            raise SessionFileError(f"seat name {name} appears twice", line=line)
        seats.append((name, stack))
    if button not in {n for n, _ in seats}:
        raise SessionFileError(f"button '{button}' is not seated", line=_key_line(text, "button"))
    _check_rules(text, game, tables["options"])
    _check_carry(text, tables["carry"], {n for n, _ in seats})
    pending, accounts = _evening(text, data)
    return SessionInfo(
        game=game,
        options=tables["options"],
        stakes=stakes,
        seats=tuple(seats),
        button=button,
        hand=hand,
        hand_start=hand_start,
        commands=commands,
        carry=tables["carry"],
        started=str(data.get("started", "")),
        away=away,
        pending=pending,
        accounts=accounts,
        rake=_int(data, "rake", text) if "rake" in data else 0,
        hands_played=_int(data, "hands_played", text) if "hands_played" in data else hand - 1,
        session_first=data.get("session_first") is True,
    )


def _evening(text: str, data: dict[str, Any]) -> tuple[tuple[Change, ...], dict[str, Account] | None]:
    """The ``[[pending]]`` session commands and the ``[[players]]`` accounts (issue 16); ``None``
    accounts for a file written before them."""
    pending: list[Change] = []
    rows = data.get("pending", [])
    if not isinstance(rows, list):
        raise SessionFileError("'pending' must be a list of [[pending]] tables", line=_key_line(text, "pending"))
    for index, row in enumerate(rows):
        try:
            pending.append(Change.from_dict(row if isinstance(row, dict) else {}))
        except ValueError as exc:
            raise SessionFileError(str(exc), line=_line_of(text, r"\[\[pending\]\]", index)) from None
    if "players" not in data:
        return tuple(pending), None
    rows = data["players"]
    accounts: dict[str, Account] = {}
    for index, row in enumerate(rows if isinstance(rows, list) else [None]):
        line = _line_of(text, r"\[\[players\]\]", index) or _key_line(text, "players")
        values = [row.get(k) for k in ("bought_in", "cashed_out", "hands")] if isinstance(row, dict) else [None]
        if (not isinstance(row, dict) or not isinstance(row.get("name"), str)
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values)):
            raise SessionFileError("each [[players]] needs a 'name' and whole numbers ≥ 0 'bought_in', "
                                   "'cashed_out' and 'hands'", line=line)
        accounts[row["name"]] = Account(bought_in=values[0], cashed_out=values[1], hands=values[2])
    return tuple(pending), accounts

