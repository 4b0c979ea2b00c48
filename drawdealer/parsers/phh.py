"""PHH (Poker Hand History, TOML) ↔ :class:`~drawdealer.engine.record.HandRecord`.

Reading follows ``shared/corpus/phh/spec/*.rst``: the TOML is read by :mod:`~drawdealer.parsers.phh_toml`
(:mod:`tomllib`'s result, faster), each action string by the LALR grammar ``phh_actions.lark`` or,
for the plain strings writers write, by one regular expression that reads them the same (memoised per
string). Variants ``F2L3D`` (2-7 triple draw, fixed limit) and ``N2L1D`` (2-7 single draw, no limit)
are read; any other variant is :class:`~drawdealer.parsers.results.Skipped`. Players are in PHH
position order (``p1`` first left of the button, the last player on the button; heads-up the
forced-bet arrays are reversed, as in the spec). ``pN cbr X`` is a raise *to* X, the player's total
for the street; the reader turns it into a ``bet`` (chips put in) or a ``raise`` (total), and
``pN cc`` into a ``check`` or a ``call`` of the amount owed, as
:class:`~drawdealer.engine.record.Action` defines them. All-in flags are derived from the stacks.
Unknown cards (``??``) are left out; a wholly unknown five-card deal is not recorded at all (an
unknown hand is the default). Amounts are chips; with ``currency`` /
``currency_symbol`` or any fractional amount they become cents (currency ``¤`` when none is named).

Writing (``phh_writer.py``, :func:`drawdealer.parsers.write_phh`) produces standard PHH for the games
PHH defines, plus extension fields and commentary, all prefixed so that other readers ignore them,
for what PHH cannot say:

- ``variant``: ``F2L3D``/``N2L1D`` when the game is one of them; otherwise an extension code
  (``P2L3D``, ``N2L3D``, ``F2L1D``, ``P2L1D``, ``F5CD``, ``P5CD``, ``N5CD``, ``ITA``) and
- ``_drawdealer_game = '27TD-PL'``: the drawdealer game id, which the reader trusts first;
- ``_drawdealer_options``: the RULES.md §13 options of the hand (a site's house rules);
- ``_drawdealer_stakes``: ``sb``/``bb``/``ante``/``small_bet``/``big_bet``/``invito``/``chip`` when
  the standard fields do not imply them;
- ``_drawdealer_carry``: an Italian deal's incoming carry (``pot``, ``requirement``, ``penalty``,
  ``penalty_player``, ``reentry``; RULES.md §10), checked against the previous deal's outcome;
- ``_drawdealer_hero``, ``_drawdealer_button`` (when the button is not the last player),
  ``_drawdealer_sitting_out`` (``[[seat, name, stack], …]``, seated but not dealt in),
  ``_drawdealer_absent`` (``[name, …]``, dealt in though the log marks them sitting out, RULES.md §18.3);
- ``_drawdealer_tournament``, ``_drawdealer_buy_in``, ``_drawdealer_club``: a PokerStars hand's
  tournament id, buy-in and home-game club (:data:`drawdealer.parsers.handinfo.PHH_EXTENSIONS`); its
  date, time, time zone, table, seats and level go in PHH's own fields (``year``, ``month``,
  ``day``, ``time``, ``time_zone_abbreviation``, ``table``, ``seat_count``, ``level``);
- ``_drawdealer_claims``: what the log claims beyond ``finishing_stacks`` and ``winnings``
  (``total_pot``, ``pots``, ``rake``, ``uncalled``, ``collected``, ``descriptions``,
  ``summary_collected``, ``reshuffles``, ``final_stacks``, ``uncalled_printed``,
  ``uncalled_in_collected``, ``rake_printed``);
- action commentary ``# drawdealer: …``: ``all-in`` / ``not-all-in`` (the log's flag, where it
  differs from the stacks), ``as <kind> <amount>`` (an action whose own amount breaks the rules,
  kept as the log has it), ``kept <cards>`` and ``discarded -`` (on a draw: the kept cards; an
  empty discard list), ``cards <cards>`` (on a muck whose cards the log reveals), and no-op actions:
  ``# drawdealer: post_dead p3 50`` for forced bets the arrays cannot place (dead blinds, blinds out
  of position, Italian invito and blind openings), ``# drawdealer: deal p1 8h6c`` for cards dealt to
  a player already dealt in, and ``# drawdealer: deal p1`` for a deal that names no card (the live
  dealer's declined Italian blind opening, RULES.md §10.6: in set-up it starts play).
"""

from __future__ import annotations

import datetime
import math
import re
import sys
import tomllib
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, NamedTuple

from drawdealer.engine.cards import Card, CardError, card_str, full_deck, parse_card
from drawdealer.engine.record import (
    Action,
    ActionKind,
    Claims,
    HandRecord,
    Stakes,
)
from drawdealer.engine.italian_procedure import REQUIREMENTS
from drawdealer.engine.variants import UnknownGame, get_game
from drawdealer.engine.words import counted
from drawdealer.parsers import limits, phh_toml
from drawdealer.parsers.fastaction import (new_action, new_action_draft, new_claims, new_plain_action,
                                           new_pot_claim, new_record, new_seat)
from drawdealer.parsers.handinfo import PHH_EXTENSIONS
from drawdealer.parsers.results import ParseFailure, Skipped, internal_failure
from drawdealer.parsers.sitekit import CURRENCY_SYMBOLS, remember

K = ActionKind

VARIANTS = {"F2L3D": "27TD-FL", "N2L1D": "27SD-NL", "FB": "BADUGI-FL"}
"""PHH variant codes of the games drawdealer plays."""
EXTENSION_VARIANTS = {"27TD-PL": "P2L3D", "27TD-NL": "N2L3D", "27SD-FL": "F2L1D", "27SD-PL": "P2L1D",
                      "5CD-FL": "F5CD", "5CD-PL": "P5CD", "5CD-NL": "N5CD", "ITA": "ITA",
                      "BADUGI-PL": "PB", "BADUGI-NL": "NB",  # RULES.md §15-§17: the PHH spec has only FB
                      "A5TD-FL": "FA5L3D", "A5TD-PL": "PA5L3D", "A5TD-NL": "NA5L3D",
                      "A5SD-FL": "FA5L1D", "A5SD-PL": "PA5L1D", "A5SD-NL": "NA5L1D",
                      "BADEUCEY-FL": "FBADEUCEY", "BADEUCEY-PL": "PBADEUCEY", "BADEUCEY-NL": "NBADEUCEY",
                      "BADACEY-FL": "FBADACEY", "BADACEY-PL": "PBADACEY", "BADACEY-NL": "NBADACEY"}
"""Variant codes this project writes for games the PHH spec lacks (with ``_drawdealer_game``)."""
_GAME_OF_VARIANT = {**VARIANTS, **{code: game for game, code in EXTENSION_VARIANTS.items()}}
_VARIANT_OF_GAME = {game: code for code, game in VARIANTS.items()} | EXTENSION_VARIANTS
_FIXED = ("FL",)
_CONSUMED = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "players", "seats", "finishing_stacks", "winnings", "hand",
    "currency", "currency_symbol",
})
_POST_TAGS = {"post_sb": K.POST_SB, "post_bb": K.POST_BB, "post_ante": K.POST_ANTE, "post_dead": K.POST_DEAD,
              "post_invito": K.POST_INVITO, "post_blind_open": K.POST_BLIND_OPEN,
              "post_controbuio": K.POST_CONTROBUIO}
_TAG_OF_POST = {kind: tag for tag, kind in _POST_TAGS.items()}
_FOLD, _CHECK, _CALL, _BET, _RAISE, _DEAL, _DRAW, _SHOW, _MUCK = (
    K.FOLD, K.CHECK, K.CALL, K.BET, K.RAISE, K.DEAL, K.DRAW, K.SHOW, K.MUCK)
"""The kinds the per-action loop builds, looked up once (an Enum's attribute is a slow lookup:
``EnumType`` defines ``__getattr__``)."""
_BETTING = frozenset({"cc", "f", "cbr"})
"""The verbs of betting actions: the per-action loop tests them first (the most frequent)."""


class _Fail(Exception):
    def __init__(self, message: str, line: int | None = None, column: int = 1, text: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.text = text


# --------------------------------------------------------------------------- action strings

@lru_cache(maxsize=1)
def _grammar() -> Any:
    """The Lark parser of ``phh_actions.lark``, built once per process and never cached on disk: a
    parser loaded from a file in the shared temp folder could run another user's code (issue 15).
    Only strings :data:`_PLAIN_ACTION` does not read pay for it."""
    from lark import Lark

    return Lark.open("phh_actions.lark", rel_to=__file__, parser="lalr")


_CARDS = r"(?:(?:[2-9TJQKA][cdhs]|\?\?)+|-)"
_PLAIN_ACTION = re.compile(
    r"[ \t]*(?:"
    r"(?P<player>p[1-9][0-9]*)[ \t]+(?:(?P<verb>cc|f|pb)|cbr[ \t]+(?P<amount>[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)"
    rf"|(?P<draw>sd|sm)(?:[ \t]+(?P<cards>{_CARDS}))?)"
    rf"|d[ \t]+(?:dh[ \t]+(?P<dealt>p[1-9][0-9]*)[ \t]+(?P<hole>{_CARDS})|db[ \t]+(?P<board>{_CARDS}))"
    r")?[ \t]*(?:#(?P<comment>[^\n]*))?"
)
"""The action strings of the grammar with tokens apart (what writers write), read without Lark: a
string it does not match fully goes to the grammar, which reads it or tells where it fails."""


@lru_cache(maxsize=65536)
def parse_action_string(text: str) -> tuple[str | None, str | None, str | None, str | None]:
    """``(actor, verb, argument, commentary)`` of one PHH action, e.g. ``("p1", "cbr", "450000", None)``.

    ``actor`` is ``"d"`` for the dealer; a no-op gives ``(None, None, None, commentary)``.
    Raises :class:`_Fail` with the column of the first character the grammar rejects.
    """
    return _parse_action(text)


@lru_cache(maxsize=65536)
def _operation(text: str) -> tuple[str | None, int | None, Any, tuple[str, ...]]:
    """``(verb, player, argument, extension)`` of one action string: ``player`` the index of the player
    who acts or, for ``dh``, is dealt (0 for ``p1``; :data:`_NOBODY` for a ``pN`` too long to be
    anyone; None for the dealer's other actions and no-ops), a ``cbr`` amount as a number, a ``dh``
    argument its cards, and the words of its ``# drawdealer:`` commentary."""
    actor, verb, arg, comment = _parse_action(text)
    ext = _extension(comment)
    if verb == "cbr":
        arg = _number(arg)  # type: ignore[arg-type]
    elif verb == "dh":
        actor, arg = arg.split()  # type: ignore[union-attr]
    if actor is None or actor == "d":
        return verb, None, arg, ext
    return verb, int(actor[1:]) - 1 if len(actor) <= _ACTOR_CHARS else _NOBODY, arg, ext


_ACTOR_CHARS = 6
_NOBODY = 10 ** _ACTOR_CHARS
"""A player index past every hand's players (:data:`~drawdealer.parsers.limits.MAX_PLAYERS`): what
:func:`_operation` gives for ``pN`` of more than :data:`_ACTOR_CHARS` characters."""


def _actor(text: str) -> str:
    """The player an action string names (who acts, or who is dealt): for a message."""
    actor, verb, arg, _ = _parse_action(text)
    return arg.split()[0] if verb == "dh" else actor  # type: ignore[union-attr,return-value]


def _parse_action(text: str) -> tuple[str | None, str | None, str | None, str | None]:
    m = _PLAIN_ACTION.fullmatch(text)
    if m is not None:
        comment = m["comment"]
        commentary = comment.strip() if comment is not None else None
        if m["player"] is not None:
            if m["amount"] is not None:
                return m["player"], "cbr", m["amount"], commentary
            if m["verb"] is not None:  # verbs interned: the reader's comparisons (verb == "cc") find one string
                return m["player"], sys.intern(m["verb"]), None, commentary
            return m["player"], sys.intern(m["draw"]), m["cards"], commentary
        if m["dealt"] is not None:
            return "d", "dh", f"{m['dealt']} {m['hole']}", commentary
        if m["board"] is not None:
            return "d", "db", m["board"], commentary
        return None, None, None, commentary
    return _parse_with_grammar(text)


def _parse_with_grammar(text: str) -> tuple[str | None, str | None, str | None, str | None]:
    """:func:`parse_action_string` by the grammar ``phh_actions.lark``."""
    from lark.exceptions import UnexpectedInput

    try:
        tree = _grammar().parse(text)
    except UnexpectedInput as e:
        column = getattr(e, "column", 1)
        column = column if isinstance(column, int) and column > 0 else 1
        raise _Fail(f"'{text}' is not a PHH action (unexpected '{text[column - 1:column + 9]}' at its column "
                    f"{column}; expected '[pN|d] verb [arguments] [# commentary]')", column=column) from None
    action, comment = tree.children
    commentary = str(comment)[1:].strip() if comment is not None else None
    if action is None:
        return None, None, None, commentary
    verb = {"deal_hole": "dh", "deal_board": "db", "bring_in": "pb", "complete_bet_raise": "cbr",
            "check_call": "cc", "fold": "f", "stand_discard": "sd", "show_muck": "sm"}[action.data]
    args = [str(t) if t is not None else None for t in action.children]
    if verb == "dh":
        return "d", verb, f"{args[0]} {args[1]}", commentary
    if verb == "db":
        return "d", verb, args[0], commentary
    return args[0], verb, (args[1] if len(args) > 1 else None), commentary


_CARD_NAMED = {card_str(card): card for card in full_deck()}
"""Each card by its name as PHH writes it (``7c``); :func:`~drawdealer.engine.cards.parse_card` reads the others."""


_TWO_CHARACTERS = re.compile("..", re.DOTALL)


@lru_cache(maxsize=4096)  # the same few unknown-card strings ('??????') over and over
def _split_cards(text: str) -> tuple[int, tuple[Card, ...]]:
    """``'Kh??7c'`` → (3, (Kh, 7c)): how many cards, and the known ones."""
    if not len(text) % 2:
        named = tuple(map(_CARD_NAMED.get, _TWO_CHARACTERS.findall(text)))
        if None not in named:  # every card known and written as PHH writes it (a hand's own cards: seldom seen before)
            return len(named), named
    known = []
    for k in range(0, len(text), 2):
        token = text[k:k + 2]
        if token != "??":
            card = _CARD_NAMED.get(token)
            known.append(card if card is not None else parse_card(token))
    return len(text) // 2, tuple(known)


# --------------------------------------------------------------------------- reading

def parse_hand(lines: list[str], start_line: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One PHH hand (a whole ``.phh`` file, or one ``[section]`` of a ``.phhs`` file)."""
    end_line = start_line + len(lines) - 1
    hand_id = ""
    try:
        too_long = limits.line_problem(lines) or limits.hand_problem(lines)  # TOML cut short fails at its end
        if too_long is not None:
            raise _Fail(too_long[1], start_line + too_long[0], text=lines[too_long[0]][:80])
        text = "\n".join(lines)
        try:
            data, key_lines = limits.toml_loads(text, phh_toml.read)
        except tomllib.TOMLDecodeError as e:
            at = phh_toml.error_position(e, len(lines))  # a hand cut short fails on its last line
            line, column = (start_line + at[0] - 1, at[1]) if at else (start_line, 1)
            raise _Fail(f"not valid TOML: {e}", line, column) from None
        except limits.TomlLimitError as e:
            raise _Fail(e.message, start_line + e.line - 1) from None
        section = None
        if "variant" not in data and len(data) == 1:
            (section, inner), = data.items()
            if isinstance(inner, dict):
                data = inner
        hand_id = str(data.get("hand", section if section is not None else Path(source).stem if source else ""))
        if key_lines is None:  # tomllib read the hand
            key_lines = _key_lines(lines)
        return _Reader(data, lines, start_line, source, hand_id, key_lines).record()
    except _Fail as f:
        line = f.line if f.line is not None else start_line
        index = line - start_line
        return ParseFailure(message=f.message, line=line, column=f.column,
                            text=f.text or (lines[index] if 0 <= index < len(lines) else ""),
                            hand_id=hand_id, start_line=start_line, end_line=end_line, source=source)
    except _TooManyPlayers as many:
        return limits.player_count_failure(many.players, line=many.line or start_line, hand_id=hand_id,
                                           start_line=start_line, end_line=end_line, source=source)
    except _Skip as s:
        return Skipped(hand_id=hand_id, game=s.game, reason="game", line=start_line, end_line=end_line,
                       source=source, message=s.message)
    except Exception as e:  # noqa: BLE001 - a reader bug (RULES.md §11.1): report the hand, go on
        return internal_failure(e, lines, start_line, source, hand_id)


class _TooManyPlayers(Exception):
    def __init__(self, players: int, line: int | None) -> None:
        super().__init__(players)
        self.players = players
        self.line = line


class _Skip(Exception):
    def __init__(self, game: str, message: str) -> None:
        super().__init__(message)
        self.game = game
        self.message = message


_ARGUMENT = itemgetter(2)  # of an operation (_operation)
_KEY_LINE = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=")


def _key_lines(lines: list[str]) -> dict[str, int]:
    """The line (1-based) of each key's first ``key = …`` line: what :func:`phh_toml.read` tells of
    the hands its scanner reads, found in the lines of the others."""
    found: dict[str, int] = {}
    for k, line in enumerate(lines, 1):
        m = _KEY_LINE.match(line) if "=" in line else None
        if m:
            found.setdefault(m.group(1), k)
    return found


# --------------------------------------------------------------------------- field types

class _Shape(NamedTuple):
    """What a field must hold: ``what`` as a message says it, ``ok`` the test of a value, and for
    a table the shape of each key it may have (``keys``)."""

    what: str
    ok: Callable[[Any], bool]
    keys: dict[str, _Shape] | None = None


def _of(*types: type) -> Callable[[Any], bool]:
    """A value of one of ``types`` exactly (``bool`` is not ``int`` here, as in TOML)."""
    allowed = frozenset(types)
    return lambda value: type(value) in allowed


def _array_of(*types: type) -> Callable[[Any], bool]:
    allowed = frozenset(types)
    return lambda value: type(value) is list and allowed.issuperset(map(type, value))


def _rows_of(*columns: tuple[type, ...]) -> Callable[[Any], bool]:
    """An array of arrays of ``len(columns)`` items, each of one of its column's types."""
    allowed = tuple(map(frozenset, columns))
    width = len(allowed)
    return lambda value: type(value) is list and all(
        type(row) is list and len(row) == width and all(map(frozenset.__contains__, allowed, map(type, row)))
        for row in value)


def _table(what: str, **keys: _Shape) -> _Shape:
    return _Shape(what, _of(dict), keys)


_NUMERIC = (int, float)
_STRING_FIELD = _Shape("a string", _of(str))
_NUMBER_FIELD = _Shape("a number", _of(*_NUMERIC))
_NUMBERS_FIELD = _Shape("an array of numbers", _array_of(*_NUMERIC))
_PAIRS_FIELD = _Shape("an array of [player, amount] pairs", _rows_of((str,), _NUMERIC))
_SHAPES: dict[str, _Shape] = {
    # the PHH spec's TOML types (shared/corpus/phh/spec/required.rst, optional.rst); the amounts of
    # ``antes`` and ``blinds_or_straddles`` are checked where they are read (_amount), ``actions`` too
    "variant": _STRING_FIELD,
    "antes": _Shape("an array", _of(list)),
    "blinds_or_straddles": _Shape("an array", _of(list)),
    "hand": _Shape("a string or an integer", _of(str, int)),
    "small_bet": _NUMBER_FIELD,
    "big_bet": _NUMBER_FIELD,
    "min_bet": _NUMBER_FIELD,
    "starting_stacks": _NUMBERS_FIELD,
    "seats": _Shape("an array of integers", _array_of(int)),
    "players": _Shape("an array of strings", _array_of(str)),
    "finishing_stacks": _NUMBERS_FIELD,
    "winnings": _NUMBERS_FIELD,
    "currency": _STRING_FIELD,
    "currency_symbol": _STRING_FIELD,
    # the extension fields, as write_phh writes them (module docstring)
    "_drawdealer_game": _STRING_FIELD,
    **dict.fromkeys(PHH_EXTENSIONS, _STRING_FIELD),
    "_drawdealer_hero": _STRING_FIELD,
    "_drawdealer_button": _STRING_FIELD,
    "_drawdealer_options": _Shape("a table of options (RULES.md §13)", _of(dict)),
    "_drawdealer_stakes": _table("a table of amounts", **dict.fromkeys(
        ("sb", "bb", "ante", "small_bet", "big_bet", "invito", "chip"), _NUMBER_FIELD)),
    "_drawdealer_carry": _table("a table", pot=_NUMBER_FIELD, requirement=_STRING_FIELD, penalty=_NUMBER_FIELD,
                                penalty_player=_STRING_FIELD, reentry=_PAIRS_FIELD),
    "_drawdealer_absent": _Shape("an array of strings", _array_of(str)),
    "_drawdealer_sitting_out": _Shape("an array of [seat, name, stack] triples",
                                      _rows_of((int,), (str,), _NUMERIC)),
    "_drawdealer_claims": _table(
        "a table", final_stacks=_PAIRS_FIELD, summary_collected=_PAIRS_FIELD, total_pot=_NUMBER_FIELD,
        pots=_NUMBERS_FIELD, rake=_NUMBER_FIELD, uncalled=_PAIRS_FIELD,
        collected=_Shape("an array of [player, amount, pot index] triples",
                         _rows_of((str,), _NUMERIC, (int,))),
        descriptions=_Shape("an array of [player, description] pairs", _rows_of((str,), (str,))),
        reshuffles=_Shape("an array of integers", _array_of(int)),
        uncalled_printed=_Shape("true or false", _of(bool)),
        uncalled_in_collected=_Shape("true or false", _of(bool)),
        rake_printed=_Shape("true or false", _of(bool))),
}
"""The TOML type of each field :meth:`_Reader._field` reads, by name: a field of another type is a
PARSE_ERROR ``'<field>: expected <type>, got <value>'`` on its line."""


def _mismatch(name: str, value: Any, shape: _Shape) -> str | None:
    """``'<name>: expected <what>, got <value>'`` when ``value`` is not of ``shape``, else None; in a
    table, the first key that is not one of its keys or whose value is not of the key's shape."""
    if not shape.ok(value):
        return f"{name}: expected {shape.what}, got {value!r}"
    keys = shape.keys
    if keys is None:
        return None
    for key, item in value.items():
        if key not in keys:
            return f"{name}: expected keys among {', '.join(keys)}, got {key!r}"
        inner = keys[key]
        if inner.keys is None and inner.ok(item):  # the usual case, before the key's name is made
            continue
        problem = _mismatch(f"{name}.{key}", item, inner)
        if problem is not None:
            return problem
    return None


class _Reader:
    """Turns one PHH table into a record."""

    def __init__(self, data: dict[str, Any], lines: list[str], start_line: int, source: str, hand_id: str,
                 key_lines: dict[str, int]) -> None:
        self.data = data
        self.lines = lines
        self.start = start_line
        self.source = source
        self.hand_id = hand_id
        self.key_lines = key_lines  # in the hand's lines, 1-based (_key_lines)
        self.declared_first = False  # the draws were all declared before any card was dealt (_Dealing)

    def _line(self, key: str) -> int | None:
        """The line in the file where ``key`` is set (None when no line sets it)."""
        k = self.key_lines.get(key)
        return None if k is None else self.start + k - 1

    def _need(self, key: str) -> Any:
        if key not in self.data:
            raise _Fail(f"required field '{key}' is missing", self.start)
        return self._field(key) if key in _SHAPES else self.data[key]

    def _field(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` (``default`` when absent), a PARSE_ERROR on its line when it is not
        of the type :data:`_SHAPES` gives it."""
        if key not in self.data:
            return default
        value = self.data[key]
        shape = _SHAPES[key]
        if shape.keys is None and shape.ok(value):  # the usual case, before _mismatch looks closer
            return value
        problem = _mismatch(key, value, shape)
        if problem is not None:
            raise _Fail(problem, self._line(key))
        return value

    def record(self) -> HandRecord:
        data = self.data
        variant = self._need("variant")
        self._field("hand")  # read as the hand's id by parse_hand
        game = self._field("_drawdealer_game") or _GAME_OF_VARIANT.get(variant)
        if game is None:
            raise _Skip(variant, f"PHH variant {variant}: drawdealer does not play this game; hand skipped")
        try:  # the extension field may hold any string: an id or alias of engine.variants, else another game
            spec = get_game(game)
        except UnknownGame:
            raise _Skip(game, f"_drawdealer_game {game}: drawdealer does not play this game; hand skipped") from None
        game, structure = spec.id, spec.structure.value
        self.hand_size = spec.hand_size  # four in Badugi (RULES.md §15)
        stacks_raw = self._need("starting_stacks")
        n = len(stacks_raw)
        if n < 2:
            raise _Fail("a hand needs at least two players", self._line("starting_stacks"))
        if n > limits.MAX_PLAYERS:  # before anything grows with the players
            raise _TooManyPlayers(n, self._line("starting_stacks"))
        antes_raw = self._per_player("antes", n, required=True) or []
        blinds_raw = (self._per_player("blinds_or_straddles", n, required=True) or []) if structure != "IT" else [0] * n
        bet_keys = ("small_bet", "big_bet") if structure in _FIXED else ("min_bet",) if structure != "IT" else ()
        bets_raw = [self._need(key) for key in bet_keys]
        where, ops, texts = self._actions()
        numbers: list[Any] = [*stacks_raw, *antes_raw, *blinds_raw, *bets_raw]
        if float in map(type, map(_ARGUMENT, ops)):  # only a cbr's argument is a number
            numbers += [op[2] for op in ops if op[0] == "cbr"]
        for key in ("finishing_stacks", "winnings"):
            numbers += self._field(key) or []
        for value in stacks_raw:
            if isinstance(value, float) and math.isinf(value):
                raise _Fail("unknown starting stacks (inf) cannot be replayed", self._line("starting_stacks"))
        currency, symbol = self._field("currency"), self._field("currency_symbol")
        self.cents = bool(currency or symbol) or float in map(type, numbers) and any(
            isinstance(v, float) and not float(v).is_integer() for v in numbers)
        self.currency = ""
        if self.cents:
            code = currency or ""
            self.currency = symbol or CURRENCY_SYMBOLS.get(code) or code or "¤"
        conv = self._amount
        stacks = [conv(v, "starting_stacks") for v in stacks_raw]
        antes = [conv(v, "antes") for v in antes_raw]
        blinds = [conv(v, "blinds_or_straddles") for v in blinds_raw]

        names = self._names(n)
        seat_numbers = self._seat_numbers(n)
        absent = set(self._field("_drawdealer_absent", []))
        if absent - set(names):
            raise _Fail(f"_drawdealer_absent names no player of the hand: {sorted(absent - set(names))}",
                        self._line("_drawdealer_absent"))
        seats = [new_seat(seat_numbers[i], names[i], stacks[i], False, names[i] in absent) for i in range(n)]
        sitting_out = [new_seat(seat=s, name=nm, stack=conv(st, "_drawdealer_sitting_out"), sitting_out=True)
                       for s, nm, st in self._field("_drawdealer_sitting_out", [])]
        all_seats = tuple(sorted(seats + sitting_out, key=lambda s: s.seat))
        button = self._field("_drawdealer_button", names[-1])
        if button == "":
            button = None

        actions, committed = self._forced(names, stacks, antes, blinds)
        actions += self._play(where, ops, texts, names, stacks, committed)
        stakes = self._stakes(structure, antes, blinds, [conv(v, key) for key, v in zip(bet_keys, bets_raw)])
        claims = self._claims(names)
        for key in PHH_EXTENSIONS.keys() & data.keys():
            self._field(key)  # a string, or a PARSE_ERROR on its line
        self._check_date()
        kept = {k: v for k, v in data.items()
                if k not in _CONSUMED and (not k.startswith("_drawdealer_") or k in PHH_EXTENSIONS)}
        extra: dict[str, Any] = {"phh": kept} if kept else {}
        if "currency" in data:
            extra["phh_currency"] = data["currency"]
        carry = self._field("_drawdealer_carry")
        if carry:  # the Italian deal's incoming carry (engine.replay.CARRY_KEYS)
            requirement = carry.get("requirement", "J")
            if requirement not in REQUIREMENTS:  # RULES.md §10.2
                raise _Fail(f"'_drawdealer_carry': requirement must be one of {', '.join(REQUIREMENTS)}, "
                            f"not {requirement!r}", self._line("_drawdealer_carry"))
            extra |= {"it_carried_pot": conv(carry.get("pot", 0), "_drawdealer_carry"),
                      "it_requirement": requirement,
                      "it_penalty": conv(carry.get("penalty", 0), "_drawdealer_carry"),
                      "it_penalty_player": carry.get("penalty_player") or None,
                      "it_reentry": [[str(p), conv(a, "_drawdealer_carry")] for p, a in carry.get("reentry", [])]}
        options = dict(self._field("_drawdealer_options") or {})
        if self.declared_first and not any(key.startswith("_drawdealer_") for key in data):
            options["DRAW_DEAL_MODE"] = "DECLARE_ALL_THEN_DEAL"  # another tool's PHH (drawdealer's states its options)
        if "_drawdealer_options" not in data and stakes.ante:
            options["FORCED_BETS"] = "BLINDS_AND_ANTES"
            if big_blind_ante(antes, blinds):
                options["BIG_BLIND_ANTE"] = True
        return new_record(hand_id=self.hand_id, game=game, seats=all_seats, button=button, stakes=stakes,
                          actions=tuple(actions), claims=claims, options=options, source=self.source,
                          line=self.start, end_line=self.start + len(self.lines) - 1,
                          hero=self._field("_drawdealer_hero"), currency=self.currency, extra=extra)

    # -- fields

    def _check_date(self) -> None:
        """``year``, ``month`` and ``day``, when all three are integers, are a date of the calendar
        (the writers print it): else a PARSE_ERROR on the line of the first that is out of range
        (``month = 13``, ``day = 40``, a year of 20 digits)."""
        values = [self.data.get(key) for key in ("year", "month", "day")]
        if not all(type(v) is int for v in values):
            return  # a date the log does not give whole: not read (handinfo.from_phh)
        year, month, day = values
        if not 1 <= year <= 9999:
            key, why = "year", f"year {year} is not one of 1 to 9999"
        elif not 1 <= month <= 12:
            key, why = "month", f"month {month} is not one of 1 to 12"
        else:
            try:
                datetime.date(year, month, day)
                return
            except ValueError:
                key, why = "day", f"day {day} is not a day of {year}-{month:02d}"
        raise _Fail(f"'{key}': {why}", self._line(key))

    def _per_player(self, key: str, n: int, *, required: bool = False) -> list[Any] | None:
        """The array ``key``, one entry per player (an optional one: None when absent or empty)."""
        values = self._need(key) if required else self._field(key)
        if (values or required) and len(values) != n:
            raise _Fail(f"'{key}' has {counted(len(values), 'entry', 'entries')} for {n} players", self._line(key))
        return values or None

    def _seat_numbers(self, n: int) -> list[int]:
        """``seats``: one seat number ≥ 1 per player, each once (1, 2, … when absent)."""
        seats = self._per_player("seats", n)
        if seats is None:
            return list(range(1, n + 1))
        for seat in seats:
            if not 1 <= seat <= limits.MAX_SEAT or seats.count(seat) > 1:
                what = "twice" if 1 <= seat <= limits.MAX_SEAT else f"not a seat number (1 to {limits.MAX_SEAT})"
                raise _Fail(f"'seats': {seat} is {what}", self._line("seats"))
        return seats

    def _amount(self, value: Any, key: str) -> int:
        if type(value) is int and 0 <= value < limits.AMOUNT_BOUND:  # the usual case, as below
            return value * 100 if self.cents else value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise _Fail(f"'{key}': {value!r} is not an amount", self._line(key))
        if limits.too_many_digits(value):
            raise _Fail(limits.digits_message(f"'{key}'"), self._line(key))
        scaled = value * 100 if self.cents else value
        rounded = round(scaled)
        if abs(scaled - rounded) > 1e-6 or rounded < 0:
            raise _Fail(f"'{key}': {value!r} is not a whole number of {'cents' if self.cents else 'chips'}",
                        self._line(key))
        return int(rounded)

    def _names(self, n: int) -> list[str]:
        raw = self._field("players") or []
        if raw and len(raw) != n:
            raise _Fail(f"'players' has {counted(len(raw), 'name')} for {n} players", self._line("players"))
        names: list[str] = []
        for i in range(n):
            name = raw[i] if raw and raw[i] else f"p{i + 1}"
            if name in names:
                name = f"{name} (p{i + 1})"
            names.append(name)
        return names

    def _stakes(self, structure: str, antes: list[int], blinds: list[int], bets: list[int]) -> Stakes:
        given = self._field("_drawdealer_stakes")
        if given:
            return Stakes(**{k: self._amount(v, "_drawdealer_stakes") for k, v in given.items()})
        key = (structure, tuple(antes), tuple(blinds), tuple(bets))
        stakes = _stakes_memo.get(key)
        if stakes is None:
            stakes = derive_stakes(structure, antes, blinds, bets)
            remember(_stakes_memo, key, stakes)
        return stakes

    def _claims(self, names: list[str]) -> Claims:
        """What the hand claims, each claim with the line of the field it was read from."""
        conv = self._amount
        ext = self._field("_drawdealer_claims") or {}
        at = self._line("_drawdealer_claims")
        final = ext.get("final_stacks")
        if final is not None:
            final_stacks = tuple((str(p), conv(a, "_drawdealer_claims")) for p, a in final)
            stacks_at = at
        elif (finishing := self._per_player("finishing_stacks", len(names))) is not None:
            final_stacks = tuple(zip(names, (conv(v, "finishing_stacks") for v in finishing)))
            stacks_at = self._line("finishing_stacks")
        else:
            final_stacks, stacks_at = (), None
        lines = {key: at for key in ("total_pot", "pots", "rake") if at is not None and key in ext}
        if stacks_at is not None:
            lines.update((f"stack:{player}", stacks_at) for player, _ in final_stacks)
        won = ext.get("summary_collected")
        if won is not None:
            summary = tuple((str(p), conv(a, "_drawdealer_claims"), at) for p, a in won)
        elif (winnings := self._per_player("winnings", len(names))) is not None:
            line = self._line("winnings")
            summary = tuple((nm, conv(v, "winnings"), line) for nm, v in zip(names, winnings))
        else:
            summary = ()
        def amount(value: Any) -> Any:
            return conv(value, "_drawdealer_claims") if value is not None else None

        return new_claims(
            total_pot=amount(ext.get("total_pot")),
            pots=tuple(amount(v) for v in ext["pots"]) if ext.get("pots") is not None else None,
            rake=amount(ext.get("rake")),
            uncalled=tuple((str(p), amount(a), at) for p, a in ext.get("uncalled", [])),
            collected=tuple(new_pot_claim(player=str(p), amount=amount(a), pot_index=(None if i < 0 else int(i)),
                                          line=at) for p, a, i in ext.get("collected", [])),
            descriptions=tuple((str(p), str(d), at) for p, d in ext.get("descriptions", [])),
            final_stacks=final_stacks,
            summary_collected=summary,
            reshuffles=tuple((int(i), at) for i in ext.get("reshuffles", [])),
            uncalled_printed=ext.get("uncalled_printed", True),
            uncalled_in_collected=ext.get("uncalled_in_collected", False),
            rake_printed=ext.get("rake_printed", True),
            lines=lines,
        )

    # -- actions

    def _actions(self) -> tuple[list[int | None], list[tuple[str | None, int | None, Any, tuple[str, ...]]], list[str]]:
        """The action strings: the line of each, what each says (:func:`_operation`), and the strings."""
        raw = self._need("actions")
        if not isinstance(raw, list) or not set(map(type, raw)) <= {str}:
            raise _Fail("'actions' must be an array of strings", self._line("actions"))
        where = _locate_strings(self.lines, self.start, self._line("actions"), raw)
        if len(raw) > limits.MAX_ACTIONS:
            raise _Fail(limits.actions_message(len(raw)), where[limits.MAX_ACTIONS] or self._line("actions"))
        try:
            parsed = list(map(_operation, raw))
        except _Fail:
            for text, line in zip(raw, where):
                try:
                    _operation(text)
                except _Fail as f:
                    source = self.lines[line - self.start] if line is not None else ""
                    at = source.find(text)
                    raise _Fail(f.message, line, at + f.column if at >= 0 else 1, source or text) from None
            raise
        return where, parsed, raw

    def _forced(self, names: list[str], stacks: list[int], antes: list[int],
                blinds: list[int]) -> tuple[list[Action], list[int]]:
        """Antes then blinds, from the arrays (heads-up: reversed, PHH spec); and the live blinds."""
        n = len(names)
        heads_up = n == 2
        out: list[Action] = []
        committed = [0] * n
        for key, values, kinds in (("antes", antes, None), ("blinds_or_straddles", blinds, (K.POST_SB, K.POST_BB))):
            line = self._line(key)
            for i in ((1, 0) if heads_up else range(n)):  # heads-up the button (p2) posts the small blind
                slot = 1 - i if heads_up else i
                amount = values[slot]
                if not amount:
                    continue
                if kinds is None:
                    kind = K.POST_ANTE
                elif heads_up:
                    kind = K.POST_SB if i == 1 else K.POST_BB
                elif i < 2:
                    kind = kinds[i]
                else:
                    raise _Fail("straddles are outside drawdealer's rules (RULES.md §0.1)", line)
                paid = min(amount, stacks[i])
                stacks[i] -= paid
                if kind is not K.POST_ANTE:
                    committed[i] += paid
                out.append(new_plain_action(kind, names[i], paid, stacks[i] == 0, line, f"{key}[{slot}] = {amount}"))
        return out, committed

    def _play(self, where: list[int | None], ops: list[Any], texts: list[str], names: list[str], stacks: list[int],
              committed: list[int]) -> list[Action]:
        """Replays the betting arithmetic only (amounts of bets and calls), not legality: the actions of
        :meth:`_actions`, each on its line (``where``) with its string (``texts``).

        ``committed`` holds the live blinds of the first round. A ``# drawdealer: <kind> <amount>``
        commentary (written for logs whose own amounts break the rules) names the action exactly.
        Cards that do not read are a PARSE_ERROR on their action's line.
        """
        n = len(names)
        high = max(committed)
        drawing = False
        out: list[Action | None] = []
        append = out.append
        dealing = _Dealing(names, out, self.hand_size)
        line, text = None, ""
        try:
            for line, (verb, i, arg, ext), text in zip(where, ops, texts):
                if verb in _BETTING:  # the most frequent: a betting action
                    if i >= n:
                        raise _no_player(line, text)
                    if drawing:
                        committed = [0] * n
                        high = 0
                        drawing = False
                        dealing.next_round()
                    forced = _explicit(ext, line) if ext else None
                    if forced is not None:
                        kind, raw = forced
                        amount = self._amount(raw, "actions")
                        paid = amount - committed[i] if kind is _RAISE else amount if kind in (_BET, _CALL) else 0
                        stacks[i] -= paid
                        committed[i] += paid
                        all_in = _all_in(ext, stacks[i] == 0)
                    elif verb == "cc":
                        owed = high - committed[i]
                        if owed <= 0:
                            kind, amount, all_in = _CHECK, 0, False
                        else:
                            kind, amount = _CALL, owed if owed < stacks[i] else stacks[i]
                            stacks[i] -= amount
                            committed[i] += amount
                            all_in = _all_in(ext, stacks[i] == 0) if ext else stacks[i] == 0
                    elif verb == "f":
                        kind, amount, all_in = _FOLD, 0, False
                    else:  # cbr
                        to = self._amount(arg, "actions")
                        # as written, never clipped: more than the stack is BET_EXCEEDS_STACK
                        paid = to - committed[i] if to > committed[i] else 0
                        all_in = _all_in(ext, paid >= stacks[i]) if ext else paid >= stacks[i]
                        stacks[i] = stacks[i] - paid if paid < stacks[i] else 0
                        kind, amount = (_BET, paid) if high == 0 else (_RAISE, committed[i] + paid)
                        committed[i] += paid
                    if committed[i] > high:
                        high = committed[i]
                    append(new_plain_action(kind, names[i], amount, all_in, line, text))
                    continue
                if verb == "dh":
                    if i >= n:
                        raise _no_player(line, text)
                    dealing.deal(i, arg, drawing, line, text)
                    continue
                if verb is None:
                    if ext and ext[0] in _POST_TAGS:
                        append(self._ext_post(ext, names, stacks, committed, line, text))
                        high = max(high, *committed)
                    elif ext and ext[0] == "deal":
                        append(self._ext_deal(ext, names, line, text))
                    continue
                if verb == "db":
                    raise _Fail("board cards in a draw game", line, 1, text)
                if i >= n:
                    raise _no_player(line, text)
                if verb == "sd":
                    drawing = True
                    kept = _ext_cards(ext, "kept") if ext else None
                    if arg is None:
                        dealing.draw(i, 0, None, kept, line, text)
                    else:
                        count, known = _split_cards(arg)
                        listed = _ext_cards(ext, "discarded") if ext else None
                        dealing.draw(i, count, listed if listed is not None else known or None, kept, line, text)
                elif verb == "sm":
                    name = names[i]
                    if arg is None:
                        cards = _ext_cards(ext, "cards")
                        append(new_action(_MUCK, name, count=len(cards) if cards else 0, cards=cards, line=line,
                                          text=text))
                    elif arg == "-":
                        hand = dealing.hands[i]
                        append(new_action(_SHOW, name, count=self.hand_size, cards=tuple(hand) if hand else None,
                                          line=line, text=text))
                    else:
                        count, known = _split_cards(arg)
                        append(new_action(_SHOW, name, count=count, cards=known or None, line=line, text=text))
                else:  # pb
                    raise _Fail("bring-ins are for stud games", line, 1, text)
        except CardError as e:
            raise _Fail(str(e), line, 1, text) from None
        dealing.finish()
        self.declared_first = dealing.declared_first()
        return [a for a in out if a is not None]

    def _ext_post(self, ext: tuple[str, ...], names: list[str], stacks: list[int], committed: list[int],
                  line: int | None, text: str) -> Action:
        index = _player_index(len(names))
        if len(ext) < 3 or ext[1] not in index or not _NUMBER.fullmatch(ext[2]):
            raise _Fail("expected '# drawdealer: post_xx pN amount'", line, 1, text)
        i = index[ext[1]]
        amount = self._amount(_number(ext[2], line), "actions")
        stacks[i] -= amount
        if ext[0] in ("post_sb", "post_bb", "post_blind_open", "post_controbuio"):
            committed[i] += amount
        return new_action(_POST_TAGS[ext[0]], names[i], amount, "all-in" in ext[3:], line=line, text=text)

    def _ext_deal(self, ext: tuple[str, ...], names: list[str], line: int | None, text: str) -> Action:
        """``# drawdealer: deal pN cards``: cards dealt to a player already dealt in, which PHH's
        ``d dh`` cannot say outside a draw (the engine judges them: HAND_SIZE_INVALID); ``# drawdealer:
        deal pN``: a deal that names no card (the live dealer's declined blind opening, RULES.md §10.6)."""
        if len(ext) not in (2, 3):
            raise _Fail("expected '# drawdealer: deal pN [cards]'", line, 1, text)
        i = _player_index(len(names)).get(ext[1])
        if i is None:
            raise _Fail(f"no player {ext[1]} in this hand", line, 1, text)
        count, known = _split_cards(ext[2]) if len(ext) == 3 else (0, ())  # no card: as written
        return new_action(_DEAL, names[i], count=count, cards=known or None, line=line, text=text)



def _player_index(n: int) -> dict[str, int]:
    """Each of ``n`` players' PHH name (``p1``, …) → his index (0, …)."""
    return {f"p{i + 1}": i for i in range(n)}


def _no_player(line: int | None, text: str) -> _Fail:
    return _Fail(f"no player {_actor(text)} in this hand", line, 1, text)


class _Dealing:
    """The ``pN sd`` and ``d dh`` actions of one hand: the first deal (whole, or one card per action as
    other tools write it), the draws and their replacement cards (in one action or several), put into
    the DEAL and DRAW actions of ``out``; and whether the draws were all declared before any
    replacement was dealt (RULES.md §6.3). A deal or a draw is built once, as a draft that later
    actions complete (fastaction.new_action_draft), and made an :class:`Action` by :meth:`finish`."""

    def __init__(self, names: list[str], out: list[Action | None], hand_size: int) -> None:
        self.names = names
        self.out = out
        self.hand_size = hand_size  # a deal written one card per action ends at five (four in Badugi, §15)
        self.hands: list[list[Card] | None] = [None] * len(names)
        self.deals: dict[int, int] = {}  # player → where in ``out`` his first deal is
        self.draws: dict[int, Action] = {}  # player → his latest draw
        self.drafts: list[Action] = []  # every deal and draw built
        self.declarers: list[int] = []  # this draw round's drawers, in order
        self.served: set[int] = set()  # this draw round's drawers dealt at least one card
        self.declare_all = self.sequential = False  # what the order of declarations and deals showed

    def draw(self, i: int, count: int, discarded: tuple[Card, ...] | None, kept: tuple[Card, ...] | None,
             line: int | None, text: str) -> None:
        """``pN sd``: the player's draw, the next action of ``out``."""
        if i in self.declarers:  # all-in players draw on without a betting round between
            self.next_round()
        if not self.served.isdisjoint(self.declarers):
            self.sequential = True  # a replacement was dealt before this player declared
        self.declarers.append(i)
        self.draws[i] = draw = new_action_draft(_DRAW, self.names[i], 0, False, count, discarded, kept=kept,
                                                line=line, text=text)
        self.drafts.append(draw)
        self.out.append(draw)

    def next_round(self) -> None:
        self.declarers, self.served = [], set()

    def finish(self) -> None:
        """Every deal and draw complete: an :class:`Action`."""
        for draft in self.drafts:
            draft.__class__ = Action

    def declared_first(self) -> bool:
        """Every draw round's replacements came after all its declarations, in one round at least after
        a later player's: the history is dealt in ``DECLARE_ALL_THEN_DEAL`` mode (RULES.md §6.3)."""
        return self.declare_all and not self.sequential

    def deal(self, i: int, cards: str, drawing: bool, line: int | None, text: str) -> None:
        """``d dh pN cards``: a first deal, a part of one, or replacement cards."""
        out = self.out
        if cards == "-":
            raise _Fail("'-' (the cards as dealt) is for showdowns, not for dealing", line, 1, text)
        count, known = _split_cards(cards)
        k = self.deals.get(i)
        if k is None:
            self.deals[i] = len(out)
            self.hands[i] = list(known) if len(known) == count else None
            if not known and count == self.hand_size:  # an unknown hand is the default: not recorded
                out.append(None)
                return
            deal = new_action_draft(_DEAL, self.names[i], count=count, cards=known or None, line=line, text=text)
            self.drafts.append(deal)
            out.append(deal)
            return
        deal = out[k]
        if not self.draws and deal is not None and deal.count < self.hand_size:  # one more card of a deal
            count, known = deal.count + count, (deal.cards or ()) + known
            self.hands[i] = list(known) if len(known) == count else None
            if not known and count == self.hand_size:
                out[k] = None
            else:
                deal.count, deal.cards = count, known or None
            return
        self._replace(i, count, known, drawing, line, text)

    def _replace(self, i: int, count: int, known: tuple[Card, ...], drawing: bool, line: int | None,
                 text: str) -> None:
        """Replacement cards for the player's latest draw, in one action or over several."""
        draw = self.draws.get(i)
        got = 0 if draw is None else draw.received_count if draw.received_count is not None else \
            len(draw.received) if draw.received is not None else 0
        if draw is None or draw.count == 0 or (got and not (drawing and i in self.declarers)):
            raise _Fail(f"cards dealt to p{i + 1} outside a draw", line, 1, text)
        if i in self.declarers and self.declarers[-1] != i:
            self.declare_all = True  # a later player declared before this one was served
        self.served.add(i)
        hand = self.hands[i]
        if hand is None or len(known) != count:
            self.hands[i] = None
        elif not got:
            complete = draw.discarded is not None and len(draw.discarded) == draw.count
            self.hands[i] = [c for c in hand if c not in draw.discarded] + list(known) if complete else None  # type: ignore[operator]
        else:
            self.hands[i] = hand + list(known)
        received = (draw.received or ()) + known
        total = got + count
        draw.received = received or None
        draw.received_count = total if received or total != draw.count else None
        draw.received_lines = (draw.received_lines or ()) + (line,) * count  # where each card was dealt (§11.1)


def big_blind_ante(antes: list[int], blinds: list[int]) -> bool:
    """Only the big blind (the largest blind) posts an ante: the big-blind ante of the 2023 WSOP hands
    (option ``BIG_BLIND_ANTE``, RULES.md §6.1)."""
    payers = [k for k, a in enumerate(antes) if a]
    if len(payers) != 1 or not blinds or max(blinds) <= 0:
        return False
    big = max(blinds)
    return payers[0] == max(k for k, b in enumerate(blinds) if b == big)  # blinds of 2/2: the second is the big one


_stakes_memo: dict[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]], Stakes] = {}
""":func:`derive_stakes` by its arguments (a Stakes value is immutable: one serves every hand)."""


def derive_stakes(structure: str, antes: list[int], blinds: list[int], bets: list[int]) -> Stakes:
    """Stakes implied by PHH's standard fields (blinds in position order, heads-up reversed)."""
    n = len(blinds)
    sb, bb = (blinds[0], blinds[1]) if n > 1 else (0, blinds[0] if blinds else 0)
    ante = next((a for a in antes if a), 0) if len(set(antes)) == 1 else 0
    if big_blind_ante(antes, blinds):
        ante = max(antes)  # the big blind posts the whole table's ante
    if structure in _FIXED:
        return Stakes(sb=sb, bb=bb, ante=ante, small_bet=bets[0], big_bet=bets[1])
    return Stakes(sb=sb, bb=bb, ante=ante)


def _extension(comment: str | None) -> tuple[str, ...]:
    """The words of a ``# drawdealer: …`` commentary (none for other commentary)."""
    if comment is None or not comment.startswith("drawdealer:"):
        return ()
    return tuple(comment[len("drawdealer:"):].split())


def _ext_cards(ext: tuple[str, ...], tag: str) -> tuple[Card, ...] | None:
    """The cards after ``tag`` in a ``# drawdealer:`` commentary (None without the tag)."""
    if tag not in ext:
        return None
    k = ext.index(tag)
    cards = ext[k + 1] if k + 1 < len(ext) else ""
    return _split_cards(cards)[1] if cards != "-" else ()


_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_EXPLICIT = {"fold": K.FOLD, "check": K.CHECK, "call": K.CALL, "bet": K.BET, "raise": K.RAISE}


def _number(text: str, line: int | None = None) -> int | float:
    """The amount an action string writes (a float with a point or an exponent); a :class:`_Fail`
    (on ``line``, when known) past :data:`~drawdealer.parsers.limits.MAX_AMOUNT_DIGITS` digits."""
    if "." in text or "e" in text or "E" in text:
        return float(text)
    if len(text) > limits.MAX_AMOUNT_DIGITS and limits.too_many_digits(float(text)):
        raise _Fail(limits.digits_message(f"'{text[:20]}…'"), line)
    return int(text)


def _explicit(ext: tuple[str, ...], line: int | None) -> tuple[ActionKind, int | float] | None:
    """``# drawdealer: as call 150`` (on ``line``): the action exactly as the original log had it."""
    if len(ext) >= 3 and ext[0] == "as" and ext[1] in _EXPLICIT and _NUMBER.fullmatch(ext[2]):
        return _EXPLICIT[ext[1]], _number(ext[2], line)
    return None


def _all_in(ext: tuple[str, ...], derived: bool) -> bool:
    if "all-in" in ext:
        return True
    if "not-all-in" in ext:
        return False
    return derived


_STRING = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'|#.*")


def _locate_strings(lines: list[str], start: int, key_line: int | None, values: list[str]) -> list[int | None]:
    """The source line of each string of the ``actions`` array (None where it cannot be told)."""
    out: list[int | None] = []
    if key_line is None:
        return [None] * len(values)
    k = key_line - start
    first = True
    wanted = len(values)
    head = lines[k]
    if values and head[head.index("=") + 1:].strip(" \t") == "[" \
            and "\n".join(lines[k + 1:k + 1 + wanted]) == "  '" + "',\n  '".join(values) + "',":
        return list(range(key_line + 1, key_line + 1 + wanted))  # as write_phh writes it: one string a line
    while k < len(lines) and len(out) < wanted:
        line = lines[k]
        pos = line.index("=") + 1 if first else 0
        first = False
        if "#" not in line and '"' not in line:  # then the strings are the pairs of quotes
            out += [start + k] * min(line.count("'", pos) // 2, wanted - len(out))
            k += 1
            continue
        for m in _STRING.finditer(line, pos):
            if m.group(0).startswith("#"):
                break
            if len(out) < len(values):
                out.append(start + k)
        k += 1
    return out + [key_line] * (len(values) - len(out))



def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = "") -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :func:`~drawdealer.parsers.sniff.split_phh`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
