"""The dealer's typed commands, parsed into values (issue 5).

One command per line. Betting words follow RULES.md §7.1 (``raise N`` is raise *to* N, like every
amount in drawdealer); ``draw N`` / ``pat`` are RULES.md §6.3 and §6.4; ``show``/``muck`` are the
showdown of §9.1-§9.2; ``buio``/``controbuio`` are the Italian blind opening of §10.6, and ``deal``
declines it (the cards are dealt). Parsing never touches the hand: whether a well-formed command is
*legal* is the engine's question.
"""

from __future__ import annotations

from enum import Enum

from drawdealer.cli.deal.sessionfile import NAME_RE
from drawdealer.engine.cards import Card, CardError, cards_str, parse_cards
from drawdealer.engine.frozen import record


class Verb(str, Enum):
    """Every word the prompt understands."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALLIN = "allin"
    DRAW = "draw"
    PAT = "pat"
    BUIO = "buio"
    CONTROBUIO = "controbuio"
    DEAL = "deal"
    SHOW = "show"
    MUCK = "muck"
    REBUY = "rebuy"
    ADDON = "addon"
    SEAT = "seat"
    LEAVE = "leave"
    SITOUT = "sitout"
    SITIN = "sitin"
    BUTTON = "button"
    LEDGER = "ledger"
    UNDO = "undo"
    STATUS = "status"
    NEXT = "next"
    HELP = "help"
    QUIT = "quit"


HAND_VERBS = frozenset(
    {Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BET, Verb.RAISE, Verb.ALLIN, Verb.DRAW, Verb.PAT,
     Verb.BUIO, Verb.CONTROBUIO, Verb.DEAL, Verb.SHOW, Verb.MUCK}
)
"""Commands that add one action to the hand (journaled, undoable)."""

SESSION_VERBS = frozenset({Verb.REBUY, Verb.ADDON, Verb.SEAT, Verb.LEAVE, Verb.SITOUT, Verb.SITIN, Verb.BUTTON})
"""Commands that change the table at the next deal (``roster.py``; journaled, undoable)."""

USAGE: dict[Verb, str] = {
    Verb.FOLD: "fold", Verb.CHECK: "check", Verb.CALL: "call", Verb.BET: "bet N",
    Verb.RAISE: "raise N (to N)", Verb.ALLIN: "allin", Verb.DRAW: "draw N", Verb.PAT: "pat",
    Verb.BUIO: "buio", Verb.CONTROBUIO: "controbuio", Verb.DEAL: "deal (no buio)", Verb.SHOW: "show NAME CARDS",
    Verb.MUCK: "muck NAME", Verb.REBUY: "rebuy NAME CHIPS", Verb.ADDON: "addon NAME CHIPS",
    Verb.SEAT: "seat NAME CHIPS [after NAME]", Verb.LEAVE: "leave NAME", Verb.SITOUT: "sitout NAME",
    Verb.SITIN: "sitin NAME [bb]", Verb.BUTTON: "button NAME", Verb.LEDGER: "ledger", Verb.UNDO: "undo",
    Verb.STATUS: "status", Verb.NEXT: "next",
    Verb.HELP: "help", Verb.QUIT: "quit",
}

_SYNONYMS = {
    "all-in": Verb.ALLIN, "allin": Verb.ALLIN, "shove": Verb.ALLIN, "stand": Verb.PAT,
    "exit": Verb.QUIT, "q": Verb.QUIT, "?": Verb.HELP, "nobuio": Verb.DEAL, "add-on": Verb.ADDON,
}
_NO_ARGUMENT = frozenset(
    {Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.ALLIN, Verb.PAT, Verb.BUIO, Verb.CONTROBUIO, Verb.DEAL,
     Verb.UNDO, Verb.STATUS, Verb.NEXT, Verb.HELP, Verb.QUIT, Verb.LEDGER}
)


@record
class Command:
    """One parsed command: ``amount`` for bet/raise (raise *to*) and for ``call N`` (the amount the
    dealer read out, checked against the call), ``count`` for draw, ``player``/``cards`` for show
    and muck; for the session commands ``player``, ``amount`` (chips), ``after`` (seat) and
    ``wait`` (sitin … bb). ``text`` is the line as typed, normalised."""

    verb: Verb
    amount: int | None = None
    count: int | None = None
    player: str | None = None
    cards: tuple[Card, ...] = ()
    after: str = ""
    wait: bool = False
    text: str = ""

    @property
    def changes_hand(self) -> bool:
        """True for the commands that add an action to the hand."""
        return self.verb in HAND_VERBS


class CommandError(ValueError):
    """A line that is not a command; the message says what was expected."""


def _word(token: str) -> Verb:
    key = token.lower()
    if key in _SYNONYMS:
        return _SYNONYMS[key]
    try:
        return Verb(key)
    except ValueError:
        raise CommandError(f"unknown command '{token}'; type 'help' for the list") from None


def _integer(verb: Verb, token: str, what: str) -> int:
    try:
        value = int(token)
    except ValueError:
        raise CommandError(f"'{verb.value}' needs {what} as a whole number, not '{token}'") from None
    if value < 0:
        raise CommandError(f"'{verb.value}' needs {what} of at least 0, not {value}")
    return value


def _seat_name(verb: Verb, token: str, names: tuple[str, ...]) -> str:
    if not names:
        return token
    for name in names:
        if name.lower() == token.lower():
            return name
    raise CommandError(f"'{verb.value}': no player called '{token}' (players: {', '.join(names)})")


def parse_command(line: str, *, names: tuple[str, ...] = ()) -> Command | None:
    """Parse one typed line; ``None`` for a blank line or a ``#`` comment.

    ``names`` (the seated players) lets ``show``/``muck`` match a name case-insensitively.
    Raises :class:`CommandError` with a one-line reason for anything malformed.
    """
    from drawdealer.parsers.limits import MAX_LINE_CHARS

    if len(line) > MAX_LINE_CHARS:
        raise CommandError(f"a line of more than {MAX_LINE_CHARS:,} characters is not a command")
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    tokens = text.split()
    verb = _word(tokens[0])
    args = tokens[1:]
    if verb is Verb.RAISE and args and args[0].lower() == "to":
        args = args[1:]
    if verb is Verb.CALL and len(args) == 1:  # "call 6": the amount read out, checked by the session
        amount = _integer(verb, args[0], "the amount to call")
        return Command(verb=verb, amount=amount, text=f"call {amount}")
    if verb in SESSION_VERBS:
        return _session_command(verb, args)
    if verb in _NO_ARGUMENT:
        if args:
            raise CommandError(f"'{verb.value}' takes no argument (usage: {USAGE[verb]})")
        return Command(verb=verb, text=verb.value)
    if verb in (Verb.BET, Verb.RAISE):
        if len(args) != 1:
            raise CommandError(f"usage: {USAGE[verb]}")
        amount = _integer(verb, args[0], "an amount")
        if amount == 0:
            raise CommandError(f"'{verb.value} 0' is not a bet; use 'check'")
        return Command(verb=verb, amount=amount, text=f"{verb.value} {amount}")
    if verb is Verb.DRAW:
        if len(args) != 1:
            raise CommandError(f"usage: {USAGE[verb]} (the number of cards the player takes)")
        count = _integer(verb, args[0], "a number of cards")
        return Command(verb=verb, count=count, text=f"draw {count}")
    if verb is Verb.MUCK:
        if len(args) != 1:
            raise CommandError(f"usage: {USAGE[verb]}")
        name = _seat_name(verb, args[0], names)
        return Command(verb=verb, player=name, text=f"muck {name}")
    # show NAME CARDS
    if len(args) < 2:
        raise CommandError(f"usage: {USAGE[Verb.SHOW]} (e.g. show Bob 7s 5h 4d 3c 2s)")
    name = _seat_name(verb, args[0], names)
    try:
        cards = tuple(parse_cards(" ".join(args[1:])))
    except CardError as exc:
        raise CommandError(f"'show {name}': {exc}") from None
    return Command(verb=verb, player=name, cards=cards, text=f"show {name} {cards_str(cards)}")


def _session_command(verb: Verb, args: list[str]) -> Command:
    """``rebuy NAME CHIPS`` … ``button NAME`` (``roster.py``); names are matched when applied."""
    usage = f"usage: {USAGE[verb]}"
    with_chips = verb in (Verb.REBUY, Verb.ADDON, Verb.SEAT)
    after = ""
    if verb is Verb.SEAT and len(args) == 4 and args[2].lower() == "after":
        after, args = args[3], args[:2]
    wait = verb is Verb.SITIN and len(args) == 2 and args[1].lower() == "bb"
    if wait:
        args = args[:1]
    if len(args) != (2 if with_chips else 1):
        raise CommandError(usage)
    name = args[0]
    if not NAME_RE.match(name):
        raise CommandError(f"'{verb.value}': a name is 1-32 letters, digits, '_', '-' or '.', not '{name}'")
    chips = _integer(verb, args[1], "the chips") if with_chips else None
    if chips == 0:
        raise CommandError(f"'{verb.value} {name} 0' brings no chips ({usage})")
    text = " ".join([verb.value, name] + ([str(chips)] if chips else []) + (["after", after] if after else [])
                    + (["bb"] if wait else []))
    return Command(verb=verb, player=name, amount=chips, after=after, wait=wait, text=text)


def help_text() -> str:
    """The list of commands, one line."""
    return "commands: " + " · ".join(USAGE[v] for v in Verb)
