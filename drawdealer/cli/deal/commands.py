"""The dealer's typed commands, parsed into values (issue 5).

One command per line. Betting words follow RULES.md §7.1 (``raise N`` is raise *to* N, like every
amount in drawdealer); ``draw N`` / ``pat`` are RULES.md §6.3 and §6.4; ``show``/``muck`` are the
showdown of §9.1-§9.2; ``buio``/``controbuio`` are the Italian blind opening of §10.6, and ``deal``
declines it (the cards are dealt). Parsing never touches the hand: whether a well-formed command is
*legal* is the engine's question.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from drawdealer.engine.cards import Card, CardError, cards_str, parse_cards


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

USAGE: dict[Verb, str] = {
    Verb.FOLD: "fold", Verb.CHECK: "check", Verb.CALL: "call", Verb.BET: "bet N",
    Verb.RAISE: "raise N (to N)", Verb.ALLIN: "allin", Verb.DRAW: "draw N", Verb.PAT: "pat",
    Verb.BUIO: "buio", Verb.CONTROBUIO: "controbuio", Verb.DEAL: "deal (no buio)", Verb.SHOW: "show NAME CARDS",
    Verb.MUCK: "muck NAME", Verb.UNDO: "undo", Verb.STATUS: "status", Verb.NEXT: "next",
    Verb.HELP: "help", Verb.QUIT: "quit",
}

_SYNONYMS = {
    "all-in": Verb.ALLIN, "allin": Verb.ALLIN, "shove": Verb.ALLIN, "stand": Verb.PAT,
    "exit": Verb.QUIT, "q": Verb.QUIT, "?": Verb.HELP, "nobuio": Verb.DEAL,
}
_NO_ARGUMENT = frozenset(
    {Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.ALLIN, Verb.PAT, Verb.BUIO, Verb.CONTROBUIO, Verb.DEAL,
     Verb.UNDO, Verb.STATUS, Verb.NEXT, Verb.HELP, Verb.QUIT}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """One parsed command: ``amount`` for bet/raise (raise *to*), ``count`` for draw,
    ``player``/``cards`` for show and muck. ``text`` is the line as typed, normalised."""

    verb: Verb
    amount: int | None = None
    count: int | None = None
    player: str | None = None
    cards: tuple[Card, ...] = ()
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


def help_text() -> str:
    """The list of commands, one line."""
    return "commands: " + " · ".join(USAGE[v] for v in Verb)
