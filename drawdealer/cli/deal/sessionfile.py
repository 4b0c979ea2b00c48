"""``session.toml``: the table between hands, beside the hand files of a journal (issue 5).

It records what a PHH file of one hand cannot: the game, its options and stakes, the seats in
clockwise order with their stacks at the start of the current hand, the button (the Italian
*mazziere*, RULES.md §0.3), the hand number, the Italian carry between deals (requirement, pot
left in the middle and penalties, RULES.md §10.2-§10.5) and the count of accepted commands.

Reading is strict: a file edited into nonsense is refused with its line, never half-used.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import Any

from drawdealer.cli.deal import toml_text
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


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionInfo:
    """Everything needed to rebuild the table at the start of the current hand.

    ``seats`` are ``(name, stack)`` pairs in clockwise order, stacks as at the start of hand
    ``hand``; ``hand_start`` is ``commands`` as it was when that hand began, so a hand file can
    be checked against it; ``carry`` is the Italian state carried between deals (empty for 2-7).
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
                "button": self.button,
                "stakes": dict(self.stakes),
                "options": dict(self.options),
                "carry": dict(self.carry),
                "seats": [{"name": n, "stack": s} for n, s in self.seats],
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
    if data.get("version") != VERSION:
        raise SessionFileError(f"'version' must be {VERSION}", line=_key_line(text, "version") or 1)
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
    for index, row in enumerate(rows):
        line = _line_of(text, r"\[\[seats\]\]", index)
        if not isinstance(row, dict) or set(row) != {"name", "stack"}:
            raise SessionFileError("each [[seats]] needs exactly 'name' and 'stack'", line=line)
        name, stack = row["name"], row["stack"]
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
    )

