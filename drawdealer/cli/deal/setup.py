"""A new session from the command line and an optional TOML config (issue 5).

``--game`` takes the ids and aliases of ``engine.variants`` (RULES.md §0.1), ``--limit`` overrides
the betting structure, ``--stakes SB/BB`` sets the blinds of the 2-7 and 5-card games (§6.1),
``--invito N --chip N`` the Italian forced bet and betting unit (§7.6, §10.1), ``--seat NAME=STACK``
the players clockwise, ``--button NAME`` the button (the Italian dealer). RULES.md §13 options come
from ``--option KEY=VALUE`` or the config's ``[options]`` table. Flags win over the config.

The ``--config`` TOML (docs/DEALING.md, ``deal --help``)::

    game = "27TD-FL"          # or ITA with invito = 10 and chip = 1
    stakes = "1/2"            # or a table: [stakes] sb = 1, bb = 2 (ante, invito, chip)
    button = "Ann"
    [seats]                   # clockwise; or [[seats]] name = "Ann", stack = 200, as session.toml
    Ann = 200
    Bob = 200
    [options]                 # RULES.md §13 keys: drawdealer options lists them
    FL_MAX_BETS_PER_ROUND = 5

A journal's own ``session.toml`` is accepted as it is: the table it describes starts a new session.

Every problem raises :class:`SetupError` with a one-line message naming the argument.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawdealer.cli.deal.roster import Account
from drawdealer.cli.deal.sessionfile import NAME_RE, SessionInfo
from drawdealer.engine.frozen import record
from drawdealer.parsers import limits

if TYPE_CHECKING:
    from drawdealer.engine.options import Options
    from drawdealer.engine.variants import GameSpec

LIMITS = {"fixed": "FL", "fl": "FL", "limit": "FL", "pot": "PL", "pl": "PL", "no": "NL", "nl": "NL"}


class SetupError(ValueError):
    """Bad command-line or config input (exit 2)."""


@record
class SetupArgs:
    """The raw ``drawdealer deal`` arguments before validation (``None`` = not given)."""

    game: str | None = None
    limit: str | None = None
    stakes: str | None = None
    invito: int | None = None
    ante: int | None = None
    chip: int | None = None
    seats: tuple[str, ...] = ()
    button: str | None = None
    options: tuple[str, ...] = ()
    config: Path | None = None


def _read_config(path: Path) -> dict[str, Any]:
    """The ``--config`` TOML: at most ``MAX_HAND_CHARS`` bytes are read (``/dev/zero`` is refused, not
    read forever, :func:`~drawdealer.parsers.limits.read_text`), and numbers or nesting past the
    limits of ``parsers/limits.py`` are refused at their line."""
    try:
        text = limits.read_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"--config {path}: cannot read ({exc.__class__.__name__}: {exc})") from None
    try:
        data = limits.toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SetupError(f"--config {path}: not valid TOML ({exc})") from None
    except limits.TomlLimitError as exc:
        raise SetupError(f"--config {path}:{exc.line}: {exc.message}") from None
    data = _from_session_layout(path, data)
    known = {"game", "limit", "stakes", "invito", "ante", "chip", "seats", "button", "options"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SetupError(f"--config {path}: unknown key '{unknown[0]}' (known: {', '.join(sorted(known))})")
    return data


SESSION_ONLY = frozenset({"version", "started", "hand", "hand_start", "commands", "session_first", "carry", "rake",
                          "hands_played", "pending", "players"})
"""Keys of a journal's ``session.toml`` that describe a running evening, not a table: a config
starts a new session, so they are ignored."""


def _from_session_layout(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The config in this module's own layout when it is written like ``session.toml``: ``[stakes]``
    as a table (``sb``, ``bb``, ``ante``, ``invito``, ``chip``), ``[[seats]]`` with ``name`` and
    ``stack``; the keys of a running evening (:data:`SESSION_ONLY`) are dropped."""
    out = {k: v for k, v in data.items() if k not in SESSION_ONLY}
    stakes = out.get("stakes")
    if isinstance(stakes, dict):
        unknown = sorted(set(stakes) - {"sb", "bb", "ante", "invito", "chip"})
        if unknown:
            raise SetupError(f"--config {path}: unknown stake '{unknown[0]}' (known: sb, bb, ante, invito, chip)")
        del out["stakes"]
        if "sb" in stakes or "bb" in stakes:
            out["stakes"] = f"{stakes.get('sb', 0)}/{stakes.get('bb', '')}"
        for key in ("ante", "invito", "chip"):
            if key in stakes and key not in out:
                out[key] = stakes[key]
    seats = out.get("seats")
    if isinstance(seats, list) and seats and all(isinstance(row, dict) for row in seats):
        if not all({"name", "stack"} <= set(row) <= {"name", "stack", "away"} for row in seats):
            raise SetupError(f"--config {path}: each [[seats]] needs 'name' and 'stack'")
        out["seats"] = [f"{row['name']}={row['stack']}" for row in seats]
    return out


def _config_seats(path: Path, value: Any) -> tuple[str, ...]:
    """``[seats]`` as a table ``Name = stack`` (in clockwise order) or a list of ``"Name=stack"``
    (``[[seats]]`` tables arrive here as the latter, :func:`_from_session_layout`)."""
    if isinstance(value, dict):
        return tuple(f"{name}={stack}" for name, stack in value.items())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise SetupError(f"--config {path}: 'seats' must be a table Name = stack or a list of \"Name=stack\"")


def _positive(flag: str, value: Any, *, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise SetupError(f"{flag}: '{value}' is not a whole number") from None
    if value < minimum:
        raise SetupError(f"{flag}: must be at least {minimum}, not {value}")
    return value


def parse_seats(items: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``NAME=STACK`` items → ``(name, stack)`` pairs; names unique (case-insensitive)."""
    seats: list[tuple[str, int]] = []
    for item in items:
        name, sep, stack = item.partition("=")
        name = name.strip()
        if not sep:
            raise SetupError(f"--seat {item!r}: expected NAME=STACK, e.g. --seat Alice=200")
        if not NAME_RE.match(name):
            raise SetupError(f"--seat {item!r}: a name is 1-32 letters, digits, '_', '-' or '.'")
        chips = _positive(f"--seat {name}", stack.strip())
        if any(name.lower() == other.lower() for other, _ in seats):
            raise SetupError(f"--seat {name}: the name is used twice")
        seats.append((name, chips))
    return tuple(seats)


def parse_stakes(text: str) -> tuple[int, int]:
    """``SB/BB`` → ``(sb, bb)``: whole numbers, ``0 ≤ SB ≤ BB``, ``BB ≥ 1`` (RULES.md §6.1)."""
    sb_text, sep, bb_text = text.partition("/")
    if not sep:
        raise SetupError(f"--stakes {text!r}: expected SB/BB, e.g. --stakes 1/2")
    sb = _positive("--stakes (small blind)", sb_text.strip(), minimum=0)
    bb = _positive("--stakes (big blind)", bb_text.strip())
    if sb > bb:
        raise SetupError(f"--stakes {text}: the small blind {sb} is larger than the big blind {bb}")
    return sb, bb


def parse_option_items(items: tuple[str, ...]) -> dict[str, str]:
    """``KEY=VALUE`` items → a dict (validated later against RULES.md §13)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SetupError(f"--option {item!r}: expected KEY=VALUE, e.g. --option FL_MAX_BETS_PER_ROUND=5")
        out[key.strip().upper()] = value.strip()
    return out


def max_players(game: GameSpec, options: Options) -> int:
    """The most players the table takes (RULES.md §18.1)."""
    return game.most_players(options.max_players_27)


def table_full(game: GameSpec, options: Options, wanted: int, journal: Path | None = None) -> str:
    """Why a table of ``game`` cannot seat ``wanted`` players, and the option that raises the limit
    where one does (``MAX_PLAYERS_27``, RULES.md §13, §18.1): set when the table starts, or when the
    session of ``journal`` is resumed."""
    most = max_players(game, options)
    text = f"{game.id} seats at most {most} players (RULES.md §18.1)"
    if not game.seats_by_option or most >= game.max_players:
        return text + "; no option raises it"
    wanted = min(wanted, game.max_players)
    how = (f"quit, then drawdealer deal --resume {journal} --option MAX_PLAYERS_27={wanted}" if journal is not None
           else f"--option MAX_PLAYERS_27={wanted}")
    return text + f"; MAX_PLAYERS_27 raises it, up to {game.max_players}: {how}"


def build_session(args: SetupArgs, *, started: str) -> SessionInfo:
    """Validate everything and return the session at the start of hand 1."""
    from drawdealer.engine.options import Options, OptionError
    from drawdealer.engine.variants import UnknownGame, get_game

    config = _read_config(args.config) if args.config is not None else {}
    where = f"--config {args.config}" if args.config is not None else ""

    game_name = args.game if args.game is not None else config.get("game")
    if not game_name:
        raise SetupError("--game is required (e.g. 27TD-FL, 27TD-PL, 27TD-NL, 27SD-NL, 5CD-FL, ITA)")
    limit = args.limit if args.limit is not None else config.get("limit")
    structure = None
    if limit is not None:
        structure = LIMITS.get(str(limit).strip().lower())
        if structure is None:
            raise SetupError(f"--limit {limit!r}: expected fixed, pot or no")
    try:
        game = get_game(str(game_name), structure=structure)
    except UnknownGame as exc:
        raise SetupError(f"--game {game_name!r}: {exc}" + (f" (with --limit {limit})" if structure else "")) from None

    seat_items = args.seats or (_config_seats(args.config, config["seats"]) if "seats" in config else ())
    seats = parse_seats(seat_items)
    if len(seats) < game.min_players:
        raise SetupError(f"--seat: {game.id} needs at least {game.min_players} players, got {len(seats)}")
    button = args.button if args.button is not None else config.get("button")
    if not button:
        raise SetupError("--button NAME is required (the player on the button / the Italian dealer)")
    names = {n.lower(): n for n, _ in seats}
    if str(button).lower() not in names:
        raise SetupError(f"--button {button}: not seated (players: {', '.join(n for n, _ in seats)})")
    button = names[str(button).lower()]

    raw_options: dict[str, Any] = {}
    config_options = config.get("options", {})
    if not isinstance(config_options, dict):
        raise SetupError(f"{where}: 'options' must be a table")
    raw_options.update({str(k).upper(): v for k, v in config_options.items()})
    raw_options.update(parse_option_items(args.options))
    stakes: dict[str, int] = {}
    if game.is_italian:
        invito = args.invito if args.invito is not None else config.get("invito")
        ante = args.ante if args.ante is not None else config.get("ante")
        chip = args.chip if args.chip is not None else config.get("chip")
        if chip is None:
            raise SetupError("--chip N is required for Italian poker (the betting unit, RULES.md §7.6)")
        stakes["chip"] = _positive("--chip", chip)
        if invito is not None:
            stakes["invito"] = _positive("--invito", invito)
        if ante is not None:
            stakes["ante"] = _positive("--ante", ante)
        if ante is not None and "IT_FORCED_BET" not in raw_options:
            raw_options["IT_FORCED_BET"] = "ALL_ANTE"
        if invito is None and ante is None:
            raise SetupError("--invito N (or --ante N) is required for Italian poker (RULES.md §10.1)")
        if args.stakes is not None:
            raise SetupError("--stakes is for blinds; Italian poker takes --invito N --chip N")
    else:
        stakes_text = args.stakes if args.stakes is not None else config.get("stakes")
        if stakes_text is None:
            raise SetupError("--stakes SB/BB is required (e.g. --stakes 1/2)")
        stakes["sb"], stakes["bb"] = parse_stakes(str(stakes_text))
        ante = args.ante if args.ante is not None else config.get("ante")
        if ante is not None:
            stakes["ante"] = _positive("--ante", ante, minimum=0)
            raw_options.setdefault("FORCED_BETS", "BLINDS_AND_ANTES")
        if args.invito is not None or args.chip is not None:
            raise SetupError(f"--invito/--chip are for Italian poker, not {game.id}")
    try:
        options = Options.from_mapping(raw_options)
    except OptionError as exc:
        raise SetupError(f"--option {exc.option}: {exc.reason}") from None
    if len(seats) > max_players(game, options):
        raise SetupError(f"--seat: {len(seats)} players, but {table_full(game, options, len(seats))}")
    return SessionInfo(
        game=game.id,
        options=options.changed(),
        stakes=stakes,
        seats=seats,
        button=button,
        hand=1,
        hand_start=0,
        commands=0,
        carry={},
        started=started,
        accounts={name: Account(bought_in=stack) for name, stack in seats},
    )
