"""PokerStars draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord`.

Games: Triple Draw 2-7 Lowball (Limit, Pot Limit, No Limit), Single Draw 2-7 Lowball and 5 Card
Draw, cash and tournament, ``PokerStars Game #`` / ``Hand #`` / ``Home Game Hand #`` headers (club
``{...}``), mixed-game headers such as ``8-Game (Triple Draw 2-7 Lowball Limit)``. A hand of any
other game (Badugi, Hold'em, Stud, Razz, Omaha …) is :class:`~drawdealer.parsers.results.Skipped`
from its header alone, and so is a ``Hand cancelled`` hand.

How (DESIGN.md convention 7): each line is classified by a regex dispatch; the sequence of line
kinds, with runs of the same kind merged, is parsed by the LALR grammar ``pokerstars.lark`` (built
once, cached on disk) and the verdict is memoised per shape, so Lark decides the skeleton of every
hand while costing a dictionary look-up for shapes it has seen. A line that fits no shape, or a
section out of place, gives a :class:`~drawdealer.parsers.results.ParseFailure` with line, column
and text.

Speed (issue 4, ``bench/bench_parse.py``): what a line says is memoised by its text, so that most
lines cost one dictionary look-up and the making of their action. Player lines (``P1: calls 8``)
are memoised whole with their action template (:func:`_entry`); lines with cards, which seldom
recur, by their words without the cards (:func:`_card_key`, :func:`_summary_cards_line`); seat,
``collected`` and summary seat lines whole. A memo answers exactly what the regexes would (the
memo keys are chosen so that the cards cannot change what the regexes read), and each memo is
emptied past :data:`_MEMO_SIZE` entries, so memory stays flat. Actions are built as
:mod:`~drawdealer.parsers.fastaction` drafts, in the innermost loop without a call.

Amounts: with a currency (``$``, ``€``, ``£`` or an ISO code in the stakes) they are integer cents;
tournament and play chips stay integers. PokerStars' house rules are :func:`house_rules`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import CARDS, Card, CardError, card_str, parse_card
from drawdealer.engine.record import (
    Action,
    ActionKind,
    HandRecord,
    PotClaim,
    Seat,
    Stakes,
)
from drawdealer.parsers.fastaction import (
    ActionDraft,
    action_from,
    action_template,
    new_action,
    new_claims,
    new_pot_claim,
    new_record,
    new_seat,
)
from drawdealer.parsers.results import ParseFailure, Skipped

K = ActionKind

GAME_FAMILIES = {
    "Triple Draw 2-7 Lowball": "27TD",
    "Single Draw 2-7 Lowball": "27SD",
    "5 Card Draw": "5CD",
}
"""PokerStars game names drawdealer plays, by ``engine.variants`` family."""
OTHER_DRAW_FAMILIES = {"Badugi": "BADUGI"}
"""Draw games whose lines we can read but whose rules we do not implement (skipped)."""
LIMITS = {"Limit": "FL", "Fixed Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
SITE_NAMES = {family: name for name, family in GAME_FAMILIES.items()}
LIMIT_NAMES = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit"}
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
ISO_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}


def house_rules(*, max_seats: int | None = None, antes: bool = False, big_blind_ante: bool = False) -> dict[str, Any]:
    """PokerStars' rules as RULES.md §13 options, set in this one place.

    - ``RESHUFFLE_POLICY = ALL_BUT_CURRENT_PLAYER``: PokerStars' "reshuffling the deck" page, every
      non-live card but the current player's discards (RULES.md §8.4 alternative, PS/FT).
    - ``LAST_CARD_RULE = DEAL_TO_LAST``: online decks deal down to the last card (§8.3).
    - ``FL_MAX_BETS_PER_ROUND = 4``: a bet and three raises; every ``Betting is capped`` line in
      the corpus follows the fourth bet (§7.2).
    - ``NO_DRAW_NO_DROP``: no rake when the hand ends before the draw (the corpus: ``Rake $0`` on
      every pre-draw walk). The rake percentage varies by stakes and year, so ``RAKE_PERCENT``
      stays 0 (no formula): the log's rake is checked by Σ collected + rake = pots (§9.5).
    - ``MAX_PLAYERS_27``: the table's ``N-max`` (PokerStars seats 7 at single draw).
    - ``FORCED_BETS = BLINDS_AND_ANTES`` when the hand has antes (§6.1), and ``BIG_BLIND_ANTE``
      when the big blind alone posts one (the table's ante, as in big-blind-ante tournaments).
    """
    rules: dict[str, Any] = {
        "RESHUFFLE_POLICY": "ALL_BUT_CURRENT_PLAYER",
        "LAST_CARD_RULE": "DEAL_TO_LAST",
        "FL_MAX_BETS_PER_ROUND": 4,
        "NO_DRAW_NO_DROP": True,
    }
    if max_seats is not None and 6 < max_seats <= 10:
        rules["MAX_PLAYERS_27"] = max_seats
    if antes:
        rules["FORCED_BETS"] = "BLINDS_AND_ANTES"
        if big_blind_ante:
            rules["BIG_BLIND_ANTE"] = True
    return rules


# --------------------------------------------------------------------------- amounts and cards

class _LineError(Exception):
    """A line that fits no shape: ``column`` is 1-based within the line."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


_MEMO_SIZE = 20_000
"""Each memo (amounts, player lines, lines with cards by their words, seat, ``collected`` and summary
lines, table talk, stakes, shapes) is emptied past this size: a few megabytes at most, whatever the
file (a 200 MB file reads in about 31 MB of resident memory, as a 20 MB one does)."""
_AMOUNT = re.compile(r"[$€£]?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?")
_amount_memo: dict[tuple[str, bool], int] = {}


def parse_amount(text: str, cents: bool) -> int:
    """``$1,234.50`` → 123450 when ``cents``; ``1,500`` → 1500 chips otherwise."""
    key = (text, cents)
    value = _amount_memo.get(key)
    if value is not None:
        return value
    m = _AMOUNT.fullmatch(text)
    if m is None:
        raise _LineError(f"'{text}' is not an amount")
    whole = int(m.group(1).replace(",", ""))
    frac = m.group(2)
    if cents:
        value = whole * 100 + (int(frac.ljust(2, "0")) if frac else 0)
    elif frac and int(frac):
        raise _LineError(f"'{text}' has cents in a game played for chips")
    else:
        value = whole
    if len(_amount_memo) > _MEMO_SIZE:
        _amount_memo.clear()
    _amount_memo[key] = value
    return value


_CARD = {card_str(c): c for c in CARDS}


_CARD_PAIR = {f"{a} {b}": (ca, cb) for a, ca in _CARD.items() for b, cb in _CARD.items()}
"""``'8s Td'`` → its two cards: a list of cards written the usual way is read two cards at a time."""


def parse_card_list(text: str) -> tuple[Card, ...]:
    """``8s Td Kd`` → cards (an empty text is no card). Raises :class:`CardError`.

    Up to five cards written ``Xx Yy …`` are read by pairs (a dictionary look-up costs what
    splitting the text would)."""
    size = len(text)
    try:
        if size == 14 and text[5] == " " and text[11] == " ":
            return _CARD_PAIR[text[:5]] + _CARD_PAIR[text[6:11]] + (_CARD[text[12:]],)
        if size == 11 and text[5] == " ":
            return _CARD_PAIR[text[:5]] + _CARD_PAIR[text[6:]]
        if size == 8 and text[5] == " ":
            return _CARD_PAIR[text[:5]] + (_CARD[text[6:]],)
        if size == 5:
            return _CARD_PAIR[text]
        if size == 2:
            return (_CARD[text],)
        return tuple(map(_CARD.__getitem__, text.split()))
    except KeyError:
        return tuple(parse_card(token) for token in text.split())


# --------------------------------------------------------------------------- header, table, seats

_HEAD_ID = re.compile(r"PokerStars (?:Home Game )?(?:Zoom |Rush )?(?:Game|Hand) #(?P<id>[^:\s]+): +")
_DATE = re.compile(r" - \d{4}/\d{1,2}/\d{1,2} ")
_HEAD_BODY = re.compile(
    r"(?:\{(?P<club>.*)\} +)?"
    r"(?:Tournament #(?P<tid>\d+), (?:(?P<buyin>Freeroll|\S+(?: [A-Z]{3})?) +)?)?"
    r"(?P<game>.+?) "
    r"(?:- (?:Match Round [IVXLCDM\d]+, )?Level (?P<level>[IVXLCDM\d]+) )?"
    r"\((?P<stakes>[$€£]?\d[\d,.]*/[^()]*)\)"
    r"(?: \[(?:ADM|AAMS) ID: \w+\])?$"
)
_GAME = re.compile(
    r"(?:(?P<mix>[^()]+?) \()?(?P<name>[^()]+?) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\)?"
)
_STAKES = re.compile(
    r"(?P<cur>[$€£]?)(?P<a>[\d,]+(?:\.\d+)?)/[$€£]?(?P<b>[\d,]+(?:\.\d+)?)(?: (?P<iso>[A-Z]{3}))?"
)
_TABLE = re.compile(r"Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?:Play|Real) Money\))?"
                    r"(?: Seat #(?P<button>\d+) is the button)?$")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$€£]?[\d,.]+) in chips(?:, [^)]*)?\)"
                   r"(?P<out> is sitting out| out of hand(?: \(.*\))?)?$")


class _Header:
    """What a hand header says: id, game, stakes (``a``/``b``: small/big bet in fixed limit, blinds
    otherwise), whether amounts are cents, and the currency."""

    __slots__ = ("a", "b", "cents", "currency", "family", "game_text", "hand_id", "limit", "tournament")

    def __init__(self, line: str) -> None:
        m = _HEAD_ID.match(line)
        if m is None:
            raise _LineError("not a PokerStars hand header ('PokerStars Hand #N: <game> (<stakes>) - <date>')")
        self.hand_id = m.group("id")
        date = _DATE.search(line, m.end())
        body = line[m.end():date.start()] if date else line[m.end():]
        try:
            (self.game_text, self.family, self.limit, self.cents, self.currency, self.a, self.b,
             self.tournament) = _header_body(body)
        except _LineError as e:
            raise _LineError(e.message, e.column + m.end()) from None

    @property
    def game(self) -> str | None:
        return f"{self.family}-{self.limit}" if self.family and self.limit else None


@lru_cache(maxsize=4096)
def _header_body(body: str) -> tuple[str, str | None, str | None, bool, str, int, int, bool]:
    """The part of a header between ``#id:`` and the date, e.g. ``Triple Draw 2-7 Lowball Limit ($1/$2 USD)``."""
    m = _HEAD_BODY.match(body)
    if m is None:
        raise _LineError("expected '<game> <limit> (<small>/<big>)' after the hand number")
    game = m.group("game")
    g = _GAME.fullmatch(game)
    if g is None:
        game_text, family, limit = game, None, None
    else:
        name = g.group("name")
        game_text = f"{name} {g.group('limit')}"
        family = GAME_FAMILIES.get(name) or OTHER_DRAW_FAMILIES.get(name)
        limit = LIMITS[g.group("limit")]
    s = _STAKES.match(m.group("stakes"))
    if s is None:
        raise _LineError(f"stakes '({m.group('stakes')})' are not 'small/big'", m.start("stakes"))
    iso = s.group("iso")
    symbol = s.group("cur") or CURRENCY_SYMBOLS.get(iso or "", "")
    cents = bool(symbol) or "." in s.group("a") + s.group("b")
    currency = symbol or ((iso or "¤") if cents else "")
    try:
        a, b = parse_amount(s.group("a"), cents), parse_amount(s.group("b"), cents)
    except _LineError as e:
        raise _LineError(e.message, m.start("stakes") + 2) from None
    return game_text, family, limit, cents, currency, a, b, m.group("tid") is not None


@lru_cache(maxsize=4096)
def _table(line: str) -> tuple[int | None, int | None]:
    """``(max seats, button seat)`` of a ``Table 'name' 6-max Seat #1 is the button`` line."""
    m = _TABLE.match(line)
    if m is None:
        raise _LineError("expected \"Table 'name' N-max Seat #N is the button\"")
    return (int(m.group("max")) if m.group("max") else None), (int(m.group("button")) if m.group("button") else None)


def is_header(line: str) -> bool:
    """True for the start of a PokerStars hand header line."""
    return _HEAD_ID.match(line) is not None


# --------------------------------------------------------------------------- line kinds

_SECTIONS = {
    "*** DEALING HANDS ***": "DEALING",
    "*** HOLE CARDS ***": "DEALING",
    "*** FIRST DRAW ***": "STREET",
    "*** SECOND DRAW ***": "STREET",
    "*** THIRD DRAW ***": "STREET",
    "*** DRAW ***": "STREET",
    "*** SHOW DOWN ***": "SHOWDOWN",
    "*** SUMMARY ***": "SUMMARY",
}
_REPEATABLE = frozenset({"SEAT", "POST", "ACT", "DRAW", "DEALT", "SHOW", "MUCK", "NOSHOW", "UNCALLED",
                         "COLLECT", "SEATSUM"})
_ALLIN = " and is all-in"
_CAP_SUFFIX = re.compile(r" and has reached the [$€£]?[\d,.]+ cap$")
_NOISE_LINES = frozenset({
    "Betting is capped",
    "Pair on board - a double bet is allowed",
    "No low hand qualified",
})
_NOISE = re.compile(
    r".+? (?:said, \".*\"|joins the table at seat #\d+|leaves the table|is sitting out|sits out|"
    r"has timed out.*|is (?:dis)?connected|has returned|"
    r"will be allowed to play after the button|was removed from the table.*|"
    r"finished the tournament.*|wins the tournament.*|re-buys and receives.*|takes the add-on.*|"
    r"wins the .*bounty .*|wins .* for (?:eliminating|splitting the elimination of) .*|is away|stands up|sits down)"
    r"|.+?: (?:sits out|is sitting out|is away)"
)
_UNCALLED = re.compile(r"Uncalled bet \((?P<amt>[^)]+)\) returned to (?P<name>.+)$")
_COLLECT = re.compile(r"(?P<name>.+) collected (?P<amt>[$€£]?[\d,.]+) from (?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$")
_DEALT = re.compile(r"Dealt to (?P<name>.+?)(?: \[(?P<a>[^\]]*)\])?(?: \[(?P<b>[^\]]*)\])?$")
_TOTAL = re.compile(r"Total pot (?P<total>[$€£]?[\d,.]+)(?: Main pot (?P<main>[$€£]?[\d,.]*\d)\.(?P<sides>(?: Side pot(?:-\d+)? [$€£]?[\d,.]*\d\.)*))?"
                    r" \| Rake (?P<rake>[$€£]?[\d,.]+)(?: \|.*)?$")
_SIDE = re.compile(r"Side pot(?:-\d+)? ([$€£]?[\d,.]*\d)\.")
_SUMMARY_LINE = re.compile(
    r"(?P<name>.+?)(?:(?: \((?:button|small blind|big blind|button blind)\))* (?:folded|showed \[|mucked \[|"
    r"collected \(|didn't show|is sitting out|sat out|didn't bet)|(?: \((?:button|small blind|big blind|button blind)\))*$)"
)
_SUMMARY_MARKS = re.compile(r"(?: \((?:button|small blind|big blind|button blind)\))*")
_SUMMARY_WHAT = re.compile(
    r" (?:(?P<folded>folded .*)"
    r"|showed \[(?P<shown>[^\]]*)\] and (?:won \((?P<won>[^)]*)\)|lost)(?: with (?P<desc>.*))?"
    r"|mucked \[(?P<mucked>[^\]]*)\]"
    r"|collected \((?P<collected>[^)]*)\)"
    r"|(?P<other>didn't show and won \((?P<won2>[^)]*)\)|is sitting out|sat out|didn't bet))$"
)

_VERB = re.compile(
    r"(?:(?P<fold>folds)|(?P<check>checks)"
    r"|calls (?P<call>\S+)|bets (?P<bet>\S+)|raises (?P<by>\S+) to (?P<to>\S+)"
    r"|posts (?P<post>small blind|big blind|the ante|small & big blinds) (?P<post_amt>\S+)"
    r"|discards (?P<count>\d+) cards?(?: \[(?P<discarded>[^\]]*)\])?"
    r"|stands pat(?: on \[(?P<pat>[^\]]*)\])?"
    r"|shows \[(?P<shown>[^\]]*)\](?: \((?P<desc>.*)\))?"
    r"|mucks hand(?: \[(?P<mucked>[^\]]*)\])?"
    r"|(?P<noshow>doesn't show hand))$"
)
_NOISE_REST = re.compile(
    r"sits out|is sitting out|is away|has timed out(?: while disconnected)?|has returned|is (?:dis)?connected"
    r"|sits down|stands up|will be allowed to play after the button"
)
_POSTS = {"small blind": K.POST_SB, "big blind": K.POST_BB, "the ante": K.POST_ANTE, "small & big blinds": K.POST_DEAD}

# A parsed action text: (line kind, action kind, amount, all_in, count, cards, cards2, text)
_rest_memo: dict[tuple[str, bool], tuple[Any, ...]] = {}


def _parse_rest(rest: str, cents: bool) -> tuple[Any, ...]:
    """The part of ``name: …`` after the colon, e.g. ``raises $2 to $2.50 and is all-in`` (memoised,
    but for texts with cards, which seldom recur)."""
    key = (rest, cents)
    hit = _rest_memo.get(key)
    if hit is not None:
        return hit
    out = _read_rest(rest, cents)
    if "[" not in rest:
        if len(_rest_memo) > _MEMO_SIZE:
            _rest_memo.clear()
        _rest_memo[key] = out
    return out


def _read_rest(rest: str, cents: bool) -> tuple[Any, ...]:
    """What :func:`_parse_rest` returns, read with the regexes."""
    body, all_in = rest, False
    if body.endswith(_ALLIN):
        body, all_in = body[: -len(_ALLIN)], True
    else:
        cap = _CAP_SUFFIX.search(body)
        if cap:
            body = body[: cap.start()]
    m = _VERB.match(body)
    if m is None:
        if _NOISE_REST.fullmatch(rest):
            return "NOISE", None, 0, False, 0, None, None, None
        raise _LineError(f"'{rest}' is not a PokerStars action")
    g = m.group
    try:
        if g("fold"):
            out = ("ACT", K.FOLD, 0, all_in, 0, None, None, None)
        elif g("check"):
            out = ("ACT", K.CHECK, 0, all_in, 0, None, None, None)
        elif g("call"):
            out = ("ACT", K.CALL, parse_amount(g("call"), cents), all_in, 0, None, None, None)
        elif g("bet"):
            out = ("ACT", K.BET, parse_amount(g("bet"), cents), all_in, 0, None, None, None)
        elif g("to"):
            parse_amount(g("by"), cents)
            out = ("ACT", K.RAISE, parse_amount(g("to"), cents), all_in, 0, None, None, None)
        elif g("post"):
            out = ("POST", _POSTS[g("post")], parse_amount(g("post_amt"), cents), all_in, 0, None, None, None)
        elif g("count") is not None:
            discarded = g("discarded")
            cards = parse_card_list(discarded) if discarded is not None else None
            out = ("DRAW", K.DRAW, 0, all_in, int(g("count")), cards, None, None)
        elif body.startswith("stands pat"):
            pat = g("pat")
            out = ("DRAW", K.DRAW, 0, all_in, 0, None, parse_card_list(pat) if pat is not None else None, None)
        elif g("shown") is not None:
            out = ("SHOW", K.SHOW, 0, all_in, 0, parse_card_list(g("shown")), None, g("desc"))
        elif g("noshow"):
            out = ("NOSHOW", None, 0, all_in, 0, None, None, None)
        else:
            mucked = g("mucked")
            out = ("MUCK", K.MUCK, 0, all_in, 0, parse_card_list(mucked) if mucked is not None else None, None, None)
    except CardError as e:
        raise _LineError(f"'{rest}': {e}") from None
    return out


def _entry(name: str, p: tuple[Any, ...]) -> tuple[Any, ...]:
    """What the player line ``name: …`` says, as the line memos hold it: ``(name, line kind, action
    template or None, p, after)``, ``p`` being what :func:`_parse_rest` read and ``after`` telling
    what else a post (``"POST"``) or a show (``"SHOW"``) records. Lines without a template (table
    talk, ``doesn't show hand``, ``posts small & big blinds``) go through :meth:`_Builder._player_line`."""
    kind = p[0]
    if kind == "ACT":
        return name, kind, action_template(p[1], name, p[2], p[3]), p, None
    if kind == "DRAW":
        if p[4]:
            return name, kind, action_template(K.DRAW, name, 0, p[3], p[4], p[5]), p, None
        return name, kind, action_template(K.DRAW, name, 0, p[3], kept=p[6]), p, None
    if kind == "SHOW":
        return name, kind, action_template(K.SHOW, name, count=len(p[5]), cards=p[5]), p, "SHOW"
    if kind == "MUCK":
        return name, kind, action_template(K.MUCK, name, count=len(p[5]) if p[5] else 0, cards=p[5]), p, None
    if kind == "POST" and p[1] is not K.POST_DEAD:
        return name, kind, action_template(p[1], name, p[2], p[3]), p, "POST"
    return name, kind, None, p, None


_CARD_SLOTS = {"DRAW": (5, 8), "SHOW": (7,), "MUCK": (7,)}
"""Where the cards of a player line go in its action template (discarded or kept; shown or mucked)."""


def _card_entry(entry: tuple[Any, ...], cards_text: str) -> tuple[Any, ...] | None:
    """``entry`` of a line with one pair of brackets holding ``cards_text``, with a hole for the
    cards: ``entry + (slot, counted)``, or None when the cards are not where expected."""
    template = entry[2]
    for slot in _CARD_SLOTS.get(entry[1], ()):
        if template[slot] is not None:
            counted = entry[1] != "DRAW"
            try:
                cards = parse_card_list(cards_text)
            except CardError:
                return None
            if _with_cards(entry + (slot, counted), cards) == template:
                return entry + (slot, counted)
    return None


def _with_cards(card_entry: tuple[Any, ...], cards: tuple[Card, ...]) -> tuple[Any, ...]:
    """The action template of a :func:`_card_entry` for a line with these cards."""
    template = list(card_entry[2])
    template[card_entry[5]] = cards
    if card_entry[6]:
        template[4] = len(cards)
    return tuple(template)


def _card_key(line: str) -> tuple[str, str] | None:
    """``(line without its cards, the cards)`` of a line with one ``[`` and, after it, one ``]``.

    What the regexes read in such a player line, but for the cards, does not depend on the text
    between the brackets (it holds no ``]``): the line without it is a sound memo key.
    """
    parts = line.split("[")
    if len(parts) == 2:
        inside = parts[1].split("]")
        if len(inside) == 2:
            return parts[0] + "[]" + inside[1], inside[0]
    return None


# --------------------------------------------------------------------------- the grammar

@lru_cache(maxsize=1)
def _lark() -> Any:
    from lark import Lark

    from drawdealer.parsers.linekinds import LineKinds

    return Lark.open("pokerstars.lark", rel_to=__file__, parser="lalr", lexer=LineKinds, cache=True)


_shape_memo: dict[tuple[str, ...], tuple[int, str] | None] = {}

_KIND_NAMES = {
    "HEADER": "the hand header", "TABLE": "the 'Table' line", "SEAT": "a seat line", "POST": "a blind or ante",
    "DEALING": "'*** DEALING HANDS ***'", "STREET": "a draw header", "ACT": "a betting action",
    "DRAW": "a draw", "DEALT": "a 'Dealt to' line", "SHOWDOWN": "'*** SHOW DOWN ***'", "SHOW": "a show",
    "MUCK": "a muck", "NOSHOW": "a 'doesn't show hand'", "UNCALLED": "an uncalled bet",
    "COLLECT": "a 'collected' line", "SUMMARY": "'*** SUMMARY ***'",
    "TOTAL": "the 'Total pot' line", "BOARD": "a board", "SEATSUM": "a summary seat line", "$END": "the end of the hand",
}


def _check_shape(shape: tuple[str, ...]) -> tuple[int, str] | None:
    """None if the grammar accepts the sequence of line kinds, else (index, message)."""
    if shape in _shape_memo:
        return _shape_memo[shape]
    from lark.exceptions import UnexpectedInput, UnexpectedToken

    verdict: tuple[int, str] | None = None
    try:
        _lark().parse(list(shape))
    except UnexpectedToken as e:
        index = e.token.line if isinstance(e.token.line, int) else len(shape) - 1
        expected = sorted({_KIND_NAMES.get(t, t) for t in e.expected})
        got = "the end of the hand" if e.token.type == "$END" else _KIND_NAMES.get(e.token.type, e.token.type)
        verdict = (min(index, len(shape) - 1), f"{got} is out of place here; expected {' or '.join(expected)}")
    except UnexpectedInput as e:  # pragma: no cover - the custom lexer yields only declared kinds
        verdict = (len(shape) - 1, str(e))
    if len(_shape_memo) > 20_000:
        _shape_memo.clear()
    _shape_memo[shape] = verdict
    return verdict


# --------------------------------------------------------------------------- one hand

def parse_hand(lines: list[str], start_line: int = 1, source: str = "", *,
               skip_unsupported: bool = True) -> HandRecord | ParseFailure | Skipped:
    """Parse one hand (its lines, the first being the header at ``start_line``).

    ``skip_unsupported=False`` reads the lines of Badugi hands too (tests of the line shapes); the
    result then names a game ``engine.variants`` does not know.
    """
    end_line = start_line + len(lines) - 1
    hand_id = ""
    try:
        if not lines:
            raise _At(0, _LineError("empty hand"))
        try:
            head = _Header(lines[0])
        except _LineError as e:
            raise _At(0, e) from None
        hand_id = head.hand_id
        game = head.game
        if head.family is None or (skip_unsupported and head.family in OTHER_DRAW_FAMILIES.values()):
            return Skipped(hand_id=hand_id, game=head.game_text, reason="game", line=start_line,
                           end_line=end_line, source=source,
                           message=f"{head.game_text}: drawdealer does not play this game; hand skipped")
        return _Builder(head, lines, start_line, source).build(game or "")
    except _At as at:
        index = at.index
        text = lines[index] if 0 <= index < len(lines) else ""
        return ParseFailure(message=at.error.message, line=start_line + index, column=at.error.column,
                            text=text, hand_id=hand_id, start_line=start_line, end_line=end_line, source=source)
    except _Cancelled as c:
        return Skipped(hand_id=hand_id, game=c.game, reason="cancelled", line=start_line, end_line=end_line,
                       source=source, message="the site cancelled this hand ('Hand cancelled'); nothing to replay")
    except Exception as e:  # noqa: BLE001 - a reader bug must not stop the run: report the hand, go on
        return ParseFailure(message=f"drawdealer could not read this hand (internal error: {e!r})", line=start_line,
                            text=lines[0] if lines else "", hand_id=hand_id, start_line=start_line,
                            end_line=end_line, source=source)


class _At(Exception):
    def __init__(self, index: int, error: _LineError) -> None:
        super().__init__(error.message)
        self.index = index
        self.error = error


class _Cancelled(Exception):
    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


_noise_memo: set[str] = set()
"""Table talk already recognised (chat, joins, timeouts)."""
_line_memo: dict[bool, dict[str, tuple[str, str, tuple[Any, ...] | None, tuple[Any, ...]]]] = {False: {}, True: {}}
_MISS = ("", "", None, (), None)  # what the line memo gives for a line it does not hold ('' is nobody's name)
_card_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Player lines with cards (``P1: discards 2 cards [8s Td]``, ``P2: shows [..] (Lo: ..)``) by
:func:`_card_key`: their :func:`_card_entry`."""
"""Player lines without cards already classified, by whole text (``Player1: folds`` recurs across
hands): their :func:`_entry`."""


class _Builder:
    """Classifies the lines of one hand, checks the skeleton, then emits the record."""

    def __init__(self, head: _Header, lines: list[str], start_line: int, source: str) -> None:
        self.head = head
        self.lines = lines
        self.start = start_line
        self.source = source
        self.cents = head.cents
        self.seats: list[Seat] = []
        self.names: dict[str, int] = {}
        self.seat_names: dict[int, str] = {}
        self.actions: list[Action] = []
        self.descriptions: list[tuple[str, str, int | None]] = []
        self.body_desc: dict[str, str] = {}
        self.showed: set[str] = set()
        self.antes: list[Action] = []
        self.posted_sb: int | None = None
        self.uncalled: list[tuple[str, int, int | None]] = []
        self.collected: list[PotClaim] = []
        self.summary_won: list[tuple[str, int, int | None]] = []
        self.reshuffles: list[tuple[int, int | None]] = []
        self.claim_lines: dict[str, int] = {}
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] | None = None
        self.hero: str | None = None
        self.max_seats: int | None = None
        self.button_seat: int | None = None
        self.table_line = ""
        self.in_summary = False

    def build(self, game: str) -> HandRecord:
        start = self.start
        names = self.names
        append = self.actions.append
        memo_get = _line_memo[self.cents].get
        draft = ActionDraft
        seats_get = _seat_memo[self.cents].get
        section = _SECTIONS.get
        shape: list[str] = ["HEADER"]
        where: list[int] = [start]  # the line number of each item of the shape
        prev = "HEADER"
        numbered = enumerate(self.lines, start)
        next(numbered)  # the header
        for number, line in numbered:  # the body: most lines are 'name: action' seen before
            hit = memo_get(line, _MISS)
            if hit[0] in names:  # a player line seen before (see _entry)
                if hit[2] is not None:  # its action, built as fastaction.action_from would, without a call
                    action = draft()
                    (action.kind, action.player, action.amount, action.all_in, action.count, action.discarded,
                     action.received, action.cards, action.kept, action.received_count) = hit[2]
                    action.line = number
                    action.text = line
                    action.__class__ = Action
                    append(action)
                    if hit[4] is not None:
                        self._after(hit, action, number)
                elif hit[1] == "NOISE":
                    continue
                else:
                    self._player_line(hit[0], hit[3], number, line)
                kind = hit[1]
                if kind != prev:  # every kind in the memo is repeatable
                    shape.append(kind)
                    where.append(number)
                    prev = kind
                continue
            kind = section(line)
            if kind is None:
                seat = seats_get(line)
                if seat is not None:
                    if seat.name in names:
                        raise _At(number - start, _LineError(f"player '{seat.name}' is seated twice", 9))
                    names[seat.name] = seat.seat
                    self.seat_names[seat.seat] = seat.name
                    self.seats.append(seat)
                    kind = "SEAT"
                elif not line or line in _noise_memo:
                    continue
                else:
                    try:
                        kind = self._other(number - start, line, number)
                    except _LineError as e:
                        raise _At(number - start, e) from None
                    except CardError as e:
                        raise _At(number - start, _LineError(str(e))) from None
                    if kind is None:
                        continue
            elif kind == "SUMMARY":
                shape.append(kind)
                where.append(number)
                self.in_summary = True
                break
            if kind != prev or kind not in _REPEATABLE:
                shape.append(kind)
                where.append(number)
                prev = kind
        prev = "SUMMARY"
        seen = _summary_memo[self.cents].get
        seat_names = self.seat_names
        for number, line in numbered:  # the summary: 'Seat N: …' lines recur too
            hit = seen(line)
            if hit is not None and seat_names.get(hit[0]) == hit[1]:
                kind = "SEATSUM"
                if hit[2] is not None or hit[3] is not None or hit[4] is not None or hit[5] is not None:
                    self._summary_outcome(hit, number, line)
            elif not line or line in _noise_memo:
                continue
            elif line[0] != "*" and line != "Hand cancelled":  # what _classify does in the summary
                try:
                    kind = self._summary_line(line, number)
                except _LineError as e:
                    raise _At(number - start, e) from None
                if kind is None:
                    continue
            else:
                kind = self._classify_at(number - start, line)
            if kind != prev or kind not in _REPEATABLE:
                shape.append(kind)
                where.append(number)
                prev = kind

        verdict = _check_shape(tuple(shape))
        if verdict is not None:
            index, message = verdict
            raise _At(where[index] - start, _LineError(message))
        return self._record(game)

    def _other(self, i: int, line: str, number: int) -> str | None:
        """A body line that the memos of whole lines do not hold, read as :meth:`_classify` reads
        it, the common kinds sooner (their first words rule out _classify's earlier cases)."""
        first = line[0]
        if first == "S" and line[:5] == "Seat ":
            return self._seat_line(line, number)
        if first == "D" and line[:9] == "Dealt to " and ": " not in line:
            self._dealt(line, number)
            return "DEALT"
        if "[" in line:
            kind = self._card_line(line, number)
            if kind is not None:
                return kind
        elif i == 1 and first == "T" and line[:7] == "Table '":  # nobody is seated yet: no player line
            self.table_line = line
            self.max_seats, self.button_seat = _table(line)
            return "TABLE"
        return self._classify(i, line)

    def _card_line(self, line: str, number: int) -> str | None:
        """A player line with cards whose words were read before (see :func:`_card_key`), or None."""
        key = _card_key(line)
        if key is None:
            return None
        hit = _card_memo[self.cents].get(key[0])
        if hit is None or hit[0] not in self.names:
            return None
        try:
            cards = parse_card_list(key[1])
        except CardError:
            return None
        action = action_from(_with_cards(hit, cards), number, line)
        self.actions.append(action)
        if hit[4] is not None:
            self._after(hit, action, number)
        return hit[1]

    def _classify_at(self, i: int, line: str) -> str | None:
        try:
            return self._classify(i, line)
        except _LineError as e:
            raise _At(i, e) from None
        except CardError as e:
            raise _At(i, _LineError(str(e))) from None

    def _record(self, game: str) -> HandRecord:
        head = self.head
        button = None
        extra: dict[str, Any] = {"header": self.lines[0], "table": self.table_line}
        if self.button_seat is not None:
            button = self.seat_names.get(self.button_seat)
            if button is None:
                extra["button_seat"] = self.button_seat
        big_blind_ante = self._big_blind_ante()
        stakes = self._stakes(big_blind_ante)
        claims = new_claims(self.total_pot, self.pots, self.rake, tuple(self.uncalled), tuple(self.collected),
                            tuple(self.descriptions), (), tuple(self.summary_won), tuple(self.reshuffles),
                            self.claim_lines)
        return new_record(head.hand_id, game, tuple(self.seats), button, stakes, tuple(self.actions), claims,
                          _house_rules(self.max_seats, stakes.ante > 0, big_blind_ante), self.source,
                          self.start, self.start + len(self.lines) - 1, self.hero, head.currency, extra)

    # -- one line, the general way

    def _classify(self, i: int, line: str) -> str | None:
        """The kind of line ``i`` (None for table talk), recording what it says."""
        number = self.start + i
        cents = self.cents
        if line == "Hand cancelled":
            raise _Cancelled(self.head.game or self.head.game_text)
        if line[0] == "*":
            kind = _SECTIONS.get(line)
            if kind is None:
                raise _LineError(f"unknown section '{line}'")
            if kind == "SUMMARY":
                self.in_summary = True
            return kind
        if self.in_summary or line.startswith("Total pot "):
            return self._summary_line(line, number)
        if line.startswith("Seat "):
            return self._seat_line(line, number)
        names = self.names
        j = line.find(": ")
        while j > 0 and line[:j] not in names:
            j = line.find(": ", j + 1)
        if j > 0:
            name = line[:j]
            try:
                p = _parse_rest(line[j + 2:], cents)
            except _LineError as e:
                raise _LineError(e.message, j + 3) from None
            entry = _entry(name, p)
            if "[" not in line:
                memo = _line_memo[cents]
                if len(memo) > _MEMO_SIZE:
                    memo.clear()
                memo[line] = entry
            elif entry[2] is not None and "[" not in name:
                key = _card_key(line)
                card_entry = _card_entry(entry, key[1]) if key is not None else None
                if card_entry is not None:
                    memo = _card_memo[cents]
                    if len(memo) > _MEMO_SIZE:
                        memo.clear()
                    memo[key[0]] = card_entry  # type: ignore[index]
            if p[0] == "NOISE":
                return None
            if entry[2] is not None:
                action = action_from(entry[2], number, line)
                self.actions.append(action)
                if entry[4] is not None:
                    self._after(entry, action, number)
            else:
                self._player_line(name, p, number, line)
            return p[0]
        if line.startswith("Dealt to "):
            self._dealt(line, number)
            return "DEALT"
        if line.startswith("Uncalled bet ("):
            m = _UNCALLED.match(line)
            if m is None or m.group("name") not in names:
                raise _LineError("expected 'Uncalled bet (X) returned to <seated player>'")
            self.uncalled.append((m.group("name"), parse_amount(m.group("amt"), cents), number))
            return "UNCALLED"
        if i == 1 and line.startswith("Table '"):
            self.table_line = line
            self.max_seats, self.button_seat = _table(line)
            return "TABLE"
        if line == "The deck is reshuffled":
            self.reshuffles.append((len(self.actions), number))
            return None
        collects = _collect_memo[cents]
        hit = collects.get(line)
        if hit is None:
            if line in _NOISE_LINES or _NOISE.fullmatch(line):
                if len(_noise_memo) > _MEMO_SIZE:
                    _noise_memo.clear()
                _noise_memo.add(line)
                return None
            m = _COLLECT.match(line)
            if m is None or m.group("name") not in names:
                raise _LineError("not a PokerStars line (unknown player or shape)")
            pot = m.group("pot")
            hit = (m.group("name"), parse_amount(m.group("amt"), cents),
                   0 if pot in ("pot", "main pot") else int(m.group("n") or 1))
            if len(collects) > _MEMO_SIZE:
                collects.clear()
            collects[line] = hit
        elif hit[0] not in names:
            raise _LineError("not a PokerStars line (unknown player or shape)")
        self.collected.append(new_pot_claim(hit[0], hit[1], hit[2], number))
        return "COLLECT"

    def _seat_line(self, line: str, number: int) -> str:
        seats = _seat_memo[self.cents]
        seat = seats.get(line)
        if seat is None:
            m = _SEAT.match(line)
            if m is None and self.actions:  # a summary line without its '*** SUMMARY ***'
                self._summary_seat(line, number)
                return "SEATSUM"
            if m is None:
                raise _LineError("expected 'Seat N: name (X in chips)'")
            seat = new_seat(int(m.group("seat")), m.group("name"), parse_amount(m.group("stack"), self.cents),
                            m.group("out") is not None)
            if len(seats) > _MEMO_SIZE:
                seats.clear()
            seats[line] = seat
        return self._seat(seat)

    def _seat(self, seat: Seat) -> str:
        """Seats a player (Seat values are immutable: one object serves every hand it appears in)."""
        if seat.name in self.names:
            raise _LineError(f"player '{seat.name}' is seated twice", 9)
        self.names[seat.name] = seat.seat
        self.seat_names[seat.seat] = seat.name
        self.seats.append(seat)
        return "SEAT"

    def _after(self, entry: tuple[Any, ...], action: Action, number: int) -> None:
        """What a post or a show records besides its action (see :func:`_entry`)."""
        if entry[4] == "POST":
            if action.kind is K.POST_ANTE:
                self.antes.append(action)
            elif action.kind is K.POST_SB and not action.all_in and self.posted_sb is None:
                self.posted_sb = action.amount
            return
        name, desc = entry[0], entry[3][7]  # a show: its description is in the words, not the cards
        self.showed.add(name)
        if desc is not None:
            self.descriptions.append((name, desc, number))
            self.body_desc[name] = desc

    def _player_line(self, name: str, p: tuple[Any, ...], number: int, line: str) -> None:
        """``doesn't show hand`` (nothing to record) and ``posts small & big blinds`` (a live big
        blind and a dead small blind)."""
        if p[0] == "POST" and p[1] is K.POST_DEAD:
            bb = self._bb()
            live = min(bb, p[2])
            self.actions.append(new_action(K.POST_BB, name, live, p[3] and p[2] <= bb, line=number, text=line))
            self.actions.append(new_action(K.POST_DEAD, name, p[2] - live, p[3], line=number, text=line))

    def _summary_line(self, line: str, number: int) -> str | None:
        cents = self.cents
        if line.startswith("Seat "):
            self._summary_seat(line, number)
            return "SEATSUM"
        if line.startswith("Total pot "):
            m = _TOTAL.match(line)
            if m is None:
                raise _LineError("expected 'Total pot X [Main pot X. Side pot X.] | Rake X'")
            self.total_pot = parse_amount(m.group("total"), cents)
            self.rake = parse_amount(m.group("rake"), cents)
            if m.group("main") is not None:
                self.pots = (parse_amount(m.group("main"), cents),) + tuple(
                    parse_amount(a, cents) for a in _SIDE.findall(m.group("sides")))
                self.claim_lines["pots"] = number
            self.claim_lines["total_pot"] = self.claim_lines["rake"] = number
            return "TOTAL"
        if line.startswith("Board "):
            return "BOARD"
        if line in _NOISE_LINES or _NOISE.fullmatch(line):
            return None
        raise _LineError("not a PokerStars summary line")

    # -- helpers

    def _bb(self) -> int:
        return self.head.a if self.head.limit == "FL" else self.head.b

    def _big_blind_ante(self) -> bool:
        """The big blind alone posts an ante (for the whole table)."""
        antes = self.antes
        return len(antes) == 1 and not antes[0].all_in and any(
            a.kind is K.POST_BB and a.player == antes[0].player for a in self.actions)

    def _stakes(self, big_blind_ante: bool) -> Stakes:
        """Header stakes; a fixed-limit small blind is the one posted (PokerStars: $0.10 at $0.25/$0.50)."""
        head = self.head
        bb = self._bb()
        ante = 0
        if big_blind_ante:
            ante = self.antes[0].amount
        elif self.antes:
            ante = _uniform_ante(self.antes, sum(1 for seat in self.seats if not seat.sitting_out))
        if head.limit == "FL":
            sb = self.posted_sb if self.posted_sb is not None else bb // 2
            key = (sb, bb, ante, head.a, head.b)
        else:
            key = (head.a, bb, ante, 0, 0)
        stakes = _stakes_memo.get(key)
        if stakes is None:
            if len(_stakes_memo) > _MEMO_SIZE:
                _stakes_memo.clear()
            stakes = _stakes_memo[key] = Stakes(sb=key[0], bb=bb, ante=ante, small_bet=key[3], big_bet=key[4])
        return stakes

    def _dealt(self, line: str, number: int) -> None:
        """``Dealt to X [cards]`` (a deal) or ``Dealt to X [kept] [new]`` (completes X's draw)."""
        m = _DEALT.match(line)
        if m is None or m.group("name") not in self.names:
            raise _LineError("expected 'Dealt to <seated player> [cards]'")
        name, first, second = m.groups()
        actions = self.actions
        last = actions[-1] if actions else None
        if (second is None and first is not None and last is not None and last.kind is K.DRAW
                and last.player == name and last.count and last.received is None):
            first, second = "", first  # a five-card draw: only the new cards, nothing kept
        if second is None:
            cards = parse_card_list(first) if first is not None else None
            actions.append(new_action(K.DEAL, name, 0, False, len(cards) if cards else 0, None, None, cards, None,
                                      None, number, line))
            if self.hero is None and cards is not None:
                self.hero = name
            return
        draw = actions[-1] if actions else None
        if draw is None or draw.kind is not K.DRAW or draw.player != name or draw.received is not None:
            raise _LineError(f"'Dealt to {name} [..] [..]' does not follow {name}'s draw")
        received = parse_card_list(second)
        actions[-1] = new_action(K.DRAW, name, 0, draw.all_in, draw.count, draw.discarded, received, None,
                                 parse_card_list(first), len(received), draw.line, draw.text)

    def _summary_seat(self, line: str, number: int) -> None:
        """``Seat N: X (button) showed [..] and won ($X) with …`` and the other summary seat lines."""
        seen = _summary_memo[self.cents]
        hit = seen.get(line)
        if hit is None:
            hit = _summary_cards_line(line, self.cents)
        if hit is None:
            hit = _summary_seat_line(line, self.cents)
            if len(seen) > _MEMO_SIZE:
                seen.clear()
            seen[line] = hit
        if self.seat_names.get(hit[0]) != hit[1]:
            raise _LineError(f"seat {hit[0]} is not the seat of the player named here", line.find(": ") + 3)
        self._summary_outcome(hit, number, line)

    def _summary_outcome(self, hit: tuple[Any, ...], number: int, line: str) -> None:
        _, name, won, desc, shown, mucked = hit
        if won is not None:
            self.summary_won.append((name, won, number))
        if desc is not None and self.body_desc.get(name) != desc:
            self.descriptions.append((name, desc, number))
        actions = self.actions
        if shown is not None and name not in self.showed:
            self.showed.add(name)
            actions.append(new_action(K.SHOW, name, count=len(shown), cards=shown, line=number, text=line))
        if mucked is not None:
            index = next((k for k in range(len(actions) - 1, -1, -1) if actions[k].player == name), None)
            last = actions[index] if index is not None else None
            if last is not None and last.kind is K.MUCK:
                if last.cards is None:
                    actions[index] = new_action(K.MUCK, name, count=len(mucked), cards=mucked,  # type: ignore[index]
                                                line=last.line, text=last.text)
            else:
                actions.append(new_action(K.MUCK, name, count=len(mucked), cards=mucked, line=number, text=line))


_stakes_memo: dict[tuple[int, int, int, int, int], Stakes] = {}
"""Stakes values by ``(sb, bb, ante, small_bet, big_bet)`` (immutable: one value serves every hand)."""
_rules_memo: dict[tuple[int | None, bool, bool], dict[str, Any]] = {}


def _house_rules(max_seats: int | None, antes: bool, big_blind_ante: bool) -> dict[str, Any]:
    """:func:`house_rules`, computed once per table size and forced bets (a fresh dict per record)."""
    key = (max_seats, antes, big_blind_ante)
    rules = _rules_memo.get(key)
    if rules is None:
        rules = _rules_memo[key] = house_rules(max_seats=max_seats, antes=antes, big_blind_ante=big_blind_ante)
    return dict(rules)


_seat_memo: dict[bool, dict[str, Seat]] = {False: {}, True: {}}
"""Seat lines already read (a player who folds keeps his stack, and his seat line, hand after hand)."""
_summary_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Summary seat lines already read, by whole text (``Seat 5: Player5 folded before the Draw``)."""


_summary_shape_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Summary seat lines with one pair of brackets after ``showed``/``mucked``, by their text without
the cards (``Seat 4: P4 showed [] and won (188)``): ``(seat, name, won, description, where)``,
``where`` telling whether the cards are the shown ones (1), the mucked ones (2) or neither (0)."""


def _summary_cards_line(line: str, cents: bool) -> tuple[Any, ...] | None:
    """:func:`_summary_seat_line` of a ``showed [..]``/``mucked [..]`` line, reading only its cards
    when a line of the same words was read before; None when that does not apply (the caller then
    reads the line the general way, which also says where and why it is wrong).

    The line has one ``[`` and one ``]``: what the regexes read in it, but for the cards, does not
    depend on the text between them, so the line without its cards is a sound memo key.
    """
    parts = line.split("[")
    if len(parts) != 2:
        return None
    inside = parts[1].split("]")
    verb = parts[0][-8:]
    if len(inside) != 2 or (verb != " showed " and verb != " mucked "):
        return None
    key, text = parts[0] + "[]" + inside[1], inside[0]
    try:
        cards = parse_card_list(text)
    except CardError:
        return None
    memo = _summary_shape_memo[cents]
    words = memo.get(key)
    if words is None:
        try:
            hit = _summary_seat_line(line, cents)
        except _LineError:
            return None
        where = 1 if hit[4] is not None else 2 if hit[5] is not None else 0
        if (where == 1 and hit[4] == cards) or (where == 2 and hit[5] == cards) or where == 0:
            if len(memo) > _MEMO_SIZE:
                memo.clear()
            memo[key] = hit[:4] + (where,)
        return hit
    seat, name, won, desc, where = words
    if where == 1:
        return seat, name, won, desc, cards, None
    return (seat, name, won, desc, None, cards) if where == 2 else (seat, name, won, desc, None, None)


def _summary_seat_line(line: str, cents: bool) -> tuple[Any, ...]:
    """``(seat, name, won, description, shown, mucked)`` of a summary seat line (name: the longest
    text before the outcome; the caller checks it against the seat)."""
    colon = line.find(": ")
    try:
        seat = int(line[5:colon])
    except ValueError:
        raise _LineError("expected 'Seat N: name …'") from None
    m = _SUMMARY_LINE.match(line, colon + 2)
    if m is None:
        raise _LineError("not a PokerStars summary seat line", colon + 3)
    start = m.end("name")
    try:
        won, desc, shown, mucked = _summary_tail(line[start:], cents)
    except _LineError as e:
        raise _LineError(e.message, e.column + start) from None
    return seat, m.group("name"), won, desc, shown, mucked


_collect_memo: dict[bool, dict[str, tuple[str, int, int]]] = {False: {}, True: {}}
"""``X collected 5 from side pot-1`` lines already read: ``(name, amount, pot index)``."""


def _uniform_ante(antes: list[Action], players: int) -> int:
    """The ante every player dealt in posts (0 when only some post, e.g. a big-blind ante)."""
    if len({a.player for a in antes}) < players:
        return 0
    return max((a.amount for a in antes if not a.all_in), default=0)


@lru_cache(maxsize=8192)
def _summary_tail(tail: str, cents: bool) -> tuple[int | None, str | None, tuple[Card, ...] | None,
                                                    tuple[Card, ...] | None]:
    """``(won, description, shown, mucked)`` from what follows the name in a summary seat line."""
    pos = _SUMMARY_MARKS.match(tail).end()  # type: ignore[union-attr]
    m = _SUMMARY_WHAT.match(tail, pos)
    if m is None:
        raise _LineError("not a PokerStars summary seat line", pos + 2)
    won = m.group("won") or m.group("collected") or m.group("won2")
    try:
        shown = parse_card_list(m.group("shown")) if m.group("shown") is not None else None
        mucked = parse_card_list(m.group("mucked")) if m.group("mucked") is not None else None
    except CardError as e:
        raise _LineError(str(e), pos + 2) from None
    return (parse_amount(won, cents) if won is not None else None), m.group("desc"), shown, mucked


def clear_memos() -> None:
    """Empty every memo of this module (tests compare reading with and without them)."""
    for memo in (_amount_memo, _rest_memo, _shape_memo, _noise_memo, _stakes_memo, _rules_memo):
        memo.clear()
    for by_cents in (_line_memo, _card_memo, _seat_memo, _summary_memo, _summary_shape_memo, _collect_memo):
        for memo in by_cents.values():
            memo.clear()
    for cached in (_header_body, _table, _summary_tail):
        cached.cache_clear()


# --------------------------------------------------------------------------- a stream of hands

def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = "", *,
                skip_unsupported: bool = True) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :func:`~drawdealer.parsers.sniff.split_pokerstars`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source, skip_unsupported=skip_unsupported)
