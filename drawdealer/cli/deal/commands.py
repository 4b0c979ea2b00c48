"""The dealer's typed commands, parsed into values (issue 5).

One command per line. Betting words follow RULES.md §7.1 (``raise N`` and ``raise to N`` are both a
raise *to* N, like every amount in drawdealer); ``draw N`` / ``pat`` are RULES.md §6.3 and §6.4;
``show``/``muck`` are the showdown of §9.1-§9.2, for the player named or, without a name, the one
the prompt names. Italian poker adds its own words (:data:`ITALIAN_WORDS`): ``buio``/``controbuio``
are the blind opening of §10.6 and ``deal`` declines it (the cards are dealt); ``passo``,
``parola``, ``piatto``/``apro``, ``chip``/``cip`` are the words of §7.6 and §10.3, and ``servito``
stands pat. A game is dealt with its own words only (:func:`words`): ``help`` lists them, and a word
that is not one of them is refused with the closest one it may be a slip for.

Parsing never touches the hand: whether a well-formed command is *legal* now, and what a word that
depends on the moment means (``passo``: a check before the opening, a fold after it), is the
session's question (``actions.py``).
"""

from __future__ import annotations

import difflib
from enum import Enum

from drawdealer.cli.deal.sessionfile import NAME_RE
from drawdealer.engine.cards import Card, CardError, parse_cards
from drawdealer.engine.frozen import record


class Verb(str, Enum):
    """Every command the prompt understands (the word of each is its value)."""

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
    PASSO = "passo"
    PIATTO = "piatto"
    CHIP = "chip"
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
    {Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.BET, Verb.RAISE, Verb.ALLIN, Verb.DRAW, Verb.PAT, Verb.BUIO,
     Verb.CONTROBUIO, Verb.DEAL, Verb.PASSO, Verb.PIATTO, Verb.CHIP, Verb.SHOW, Verb.MUCK}
)
"""Commands that add one action to the hand (journaled, undoable)."""

SESSION_VERBS = frozenset({Verb.REBUY, Verb.ADDON, Verb.SEAT, Verb.LEAVE, Verb.SITOUT, Verb.SITIN, Verb.BUTTON})
"""Commands that change the table at the next deal (``roster.py``; journaled, undoable)."""

USAGE: dict[Verb, str] = {
    Verb.FOLD: "fold", Verb.CHECK: "check", Verb.CALL: "call [N]", Verb.BET: "bet N",
    Verb.RAISE: "raise [to] N", Verb.ALLIN: "allin", Verb.DRAW: "draw N", Verb.PAT: "pat",
    Verb.BUIO: "buio", Verb.CONTROBUIO: "controbuio", Verb.DEAL: "deal (no buio)",
    Verb.PASSO: "passo (check before the opening, fold after it)", Verb.PIATTO: "piatto or apro (bet the pot)",
    Verb.CHIP: "chip or cip (bet one chip)", Verb.SHOW: "show [NAME] CARDS", Verb.MUCK: "muck [NAME]",
    Verb.REBUY: "rebuy NAME CHIPS", Verb.ADDON: "addon NAME CHIPS", Verb.SEAT: "seat NAME CHIPS [after NAME]",
    Verb.LEAVE: "leave NAME", Verb.SITOUT: "sitout NAME", Verb.SITIN: "sitin NAME [bb]", Verb.BUTTON: "button NAME",
    Verb.LEDGER: "ledger", Verb.UNDO: "undo", Verb.STATUS: "status", Verb.NEXT: "next", Verb.HELP: "help",
    Verb.QUIT: "quit",
}

ITALIAN_WORDS: dict[str, Verb] = {
    "buio": Verb.BUIO, "controbuio": Verb.CONTROBUIO, "deal": Verb.DEAL, "nobuio": Verb.DEAL,
    "passo": Verb.PASSO, "parola": Verb.CHECK, "piatto": Verb.PIATTO, "apro": Verb.PIATTO,
    "chip": Verb.CHIP, "cip": Verb.CHIP, "servito": Verb.PAT,
}
"""Italian poker's words (RULES.md §6.3 *servito*, §6.4 *parola*, §7.6 *chip*, *piatto*, *apro*, *passo*,
§10.6 *buio*, *controbuio*), and ``deal``, which declines a blind opening: commands of ``ITA`` only."""

ITALIAN_VERBS = frozenset({Verb.BUIO, Verb.CONTROBUIO, Verb.DEAL, Verb.PASSO, Verb.PIATTO, Verb.CHIP})
"""The commands only Italian poker has."""

_ENGLISH: dict[str, Verb] = {
    **{verb.value: verb for verb in Verb if verb not in ITALIAN_VERBS},
    "all-in": Verb.ALLIN, "shove": Verb.ALLIN, "stand": Verb.PAT, "exit": Verb.QUIT, "q": Verb.QUIT,
    "?": Verb.HELP, "add-on": Verb.ADDON,
}
_NO_ARGUMENT = frozenset(
    {Verb.FOLD, Verb.CHECK, Verb.CALL, Verb.ALLIN, Verb.PAT, Verb.BUIO, Verb.CONTROBUIO, Verb.DEAL, Verb.PASSO,
     Verb.PIATTO, Verb.CHIP, Verb.UNDO, Verb.STATUS, Verb.NEXT, Verb.HELP, Verb.QUIT, Verb.LEDGER}
)


def words(italian: bool) -> dict[str, Verb]:
    """The words a game is dealt with: every English command, and Italian poker's words in ``ITA``."""
    return {**_ENGLISH, **ITALIAN_WORDS} if italian else _ENGLISH


@record
class Command:
    """One parsed command: ``amount`` for bet/raise (raise *to*) and for ``call N`` (the amount the
    dealer read out, checked against the call), ``count`` for draw, ``player``/``cards`` for show
    and muck (``player`` is ``None`` when not named: the player the prompt names); for the session
    commands ``player``, ``amount`` (chips), ``after`` (seat) and ``wait`` (sitin … bb). ``text``
    is the line as typed, without its comment and with its spaces folded (what a refusal quotes)."""

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


def _word(token: str, italian: bool) -> Verb:
    """The command ``token`` names; an unknown word is refused with the closest word of the game."""
    key = token.lower()
    vocabulary = words(italian)
    if key in vocabulary:
        return vocabulary[key]
    if key in ITALIAN_WORDS:
        raise CommandError(f"'{token}' is a word of Italian poker, not of this game; type 'help' for the list")
    close = difflib.get_close_matches(key, vocabulary, n=1)
    if close:
        raise CommandError(f"unknown command '{token}': did you mean '{close[0]}'? (type 'help' for the list)")
    raise CommandError(f"unknown command '{token}'; type 'help' for the list")


def _integer(verb: Verb, token: str, what: str) -> int:
    try:
        value = int(token)
    except ValueError:
        raise CommandError(f"'{verb.value}' needs {what} as a whole number, not '{token}'") from None
    if value < 0:
        raise CommandError(f"'{verb.value}' needs {what} of at least 0, not {value}")
    return value


def _seat_name(token: str, names: tuple[str, ...]) -> str | None:
    """The seated player's spelling of ``token`` (case-insensitive); ``token`` itself when no names
    are known; ``None`` when it names nobody seated."""
    if not names:
        return token
    return next((name for name in names if name.lower() == token.lower()), None)


def _is_cards(token: str) -> bool:
    try:
        parse_cards(token)
    except CardError:
        return False
    return True


def _showdown_command(verb: Verb, args: list[str], names: tuple[str, ...], text: str) -> Command:
    """``show [NAME] CARDS`` and ``muck [NAME]``: without a name, the player the prompt names."""
    usage = f"usage: {USAGE[verb]}"
    player: str | None = None
    if args and (len(args) > 1 or verb is Verb.MUCK):
        player = _seat_name(args[0], names)
        if player is not None:
            args = args[1:]
        elif not _is_cards(args[0]):
            raise CommandError(f"'{verb.value}': no player called '{args[0]}' (players: {', '.join(names)})")
    elif len(args) == 1 and names and _seat_name(args[0], names):
        raise CommandError(f"{usage}: the cards of {_seat_name(args[0], names)}'s hand (e.g. show "
                           f"{_seat_name(args[0], names)} 7s 5h 4d 3c 2s)")
    if verb is Verb.MUCK:
        if args:
            raise CommandError(usage)
        return Command(verb=verb, player=player, text=text)
    if not args:
        raise CommandError(f"{usage} (e.g. show 7s 5h 4d 3c 2s, or show Bob 7s 5h 4d 3c 2s)")
    try:
        cards = tuple(parse_cards(" ".join(args)))
    except CardError as exc:
        raise CommandError(f"'{text}': {exc}") from None
    return Command(verb=verb, player=player, cards=cards, text=text)


def parse_command(line: str, *, names: tuple[str, ...] = (), italian: bool = False) -> Command | None:
    """Parse one typed line; ``None`` for a blank line or a ``#`` comment.

    ``names`` (the seated players) lets ``show``/``muck`` match a name case-insensitively and tell a
    name from cards; ``italian`` adds Italian poker's words (:func:`words`). Raises
    :class:`CommandError` with a one-line reason for anything malformed.
    """
    from drawdealer.parsers.limits import MAX_LINE_CHARS

    if len(line) > MAX_LINE_CHARS:
        raise CommandError(f"a line of more than {MAX_LINE_CHARS:,} characters is not a command")
    tokens = line.split("#", 1)[0].split()
    if not tokens:
        return None
    text = " ".join(tokens)
    verb = _word(tokens[0], italian)
    args = tokens[1:]
    if verb is Verb.RAISE and args and args[0].lower() == "to":
        args = args[1:]
    if verb is Verb.CALL and len(args) == 1:  # "call 6": the amount read out, checked by the session
        return Command(verb=verb, amount=_integer(verb, args[0], "the amount to call"), text=text)
    if verb in SESSION_VERBS:
        return _session_command(verb, args, text)
    if verb in (Verb.SHOW, Verb.MUCK):
        return _showdown_command(verb, args, names, text)
    if verb in _NO_ARGUMENT:
        if args:
            raise CommandError(f"'{tokens[0]}' takes no argument (usage: {USAGE[verb]})")
        return Command(verb=verb, text=text)
    if verb in (Verb.BET, Verb.RAISE):
        if len(args) != 1:
            raise CommandError(f"usage: {USAGE[verb]}")
        amount = _integer(verb, args[0], "an amount")
        if amount == 0:
            raise CommandError(f"'{verb.value} 0' is not a bet; use 'check'")
        return Command(verb=verb, amount=amount, text=text)
    # draw N
    if len(args) != 1:
        raise CommandError(f"usage: {USAGE[verb]} (the number of cards the player takes)")
    return Command(verb=verb, count=_integer(verb, args[0], "a number of cards"), text=text)


def _session_command(verb: Verb, args: list[str], text: str) -> Command:
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
    return Command(verb=verb, player=name, amount=chips, after=after, wait=wait, text=text)


def help_text(italian: bool) -> str:
    """The commands of the game being dealt (Italian poker's words only in ``ITA``), one line each
    for the hand, the table between hands, and the session."""
    hand = [USAGE[v] for v in Verb if v in HAND_VERBS and v not in ITALIAN_VERBS]
    table = [USAGE[v] for v in Verb if v in SESSION_VERBS]
    rest = [USAGE[v] for v in Verb if v not in HAND_VERBS and v not in SESSION_VERBS]
    lines = ["the hand: " + " · ".join(hand)]
    if italian:
        said = [USAGE[Verb.BUIO], USAGE[Verb.CONTROBUIO], USAGE[Verb.DEAL], USAGE[Verb.PASSO], "parola (check)",
                  USAGE[Verb.PIATTO], USAGE[Verb.CHIP], "servito (pat)"]
        lines.append("Italian poker: " + " · ".join(said))
    lines += ["at the next deal: " + " · ".join(table), "the session: " + " · ".join(rest)]
    return "\n".join(lines)
