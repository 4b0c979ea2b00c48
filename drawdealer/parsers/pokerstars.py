"""PokerStars draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord`.

Games: Triple Draw 2-7 Lowball (Limit, Pot Limit, No Limit), Single Draw 2-7 Lowball, 5 Card Draw and
Badugi (RULES.md §15), cash and tournament, ``PokerStars Game #`` / ``Hand #`` / ``Home Game [Hand] #`` / ``Zoom
Hand #`` headers (club ``{...}``), mixed-game headers such as ``8-Game (Triple Draw 2-7 Lowball Limit)`` (a
tournament's) and ``8-Game (Triple Draw 2-7 Lowball Limit, $0.10/$0.20 USD)`` (cash). A hand of any other game
(Hold'em, Stud, Razz, Omaha …) is :class:`~drawdealer.parsers.results.Skipped` from its header alone, whatever
its stakes say (a capped or button-blind table's), and so is a ``Hand cancelled`` hand.

How (DESIGN.md convention 7), on the reader toolkit (:mod:`~drawdealer.parsers.sitekit`): the
builder, :class:`PokerStarsBuilder`, is a :class:`~drawdealer.parsers.sitekit.HandBuilder` (its
seats, actions, claims, record and failures) that reads a hand line by line
(:meth:`PokerStarsBuilder.read_line`): a player's line ``name: …`` by the table :data:`ACTIONS`
(the toolkit's kinds of line: ``fold``, ``call``, ``post_sb``, ``discard`` …), the other lines of the
body by the table :data:`LINES` (``uncalled``, ``wins``, table talk), classified and read by the
toolkit (:meth:`~drawdealer.parsers.sitekit.HandBuilder.classify`, ``on_uncalled``, ``on_wins``);
the header, seat, section, ``Dealt to`` and summary lines by PokerStars' own patterns. The sequence
of line kinds, with runs of the same kind merged, is checked against the LALR grammar
``pokerstars.lark`` (its table built by Lark and shipped as ``pokerstars_table.py``: no cache file,
no Lark at run time) by :data:`GRAMMAR`, a :class:`~drawdealer.parsers.line_grammar.LineGrammar`
that memoises its verdict per shape, so the grammar decides the skeleton of every hand while
costing a dictionary look-up for shapes it has seen. A line that fits no shape, or a section out of
place, gives a :class:`~drawdealer.parsers.results.ParseFailure` with line, column and text.

This module is the plain reader. The site's row in :data:`~drawdealer.parsers.sniff.SITES` reads
with :mod:`~drawdealer.parsers.pokerstars_memo`, a speed layer around it that remembers what a line
says by its text and answers exactly what this reading would.

Amounts: with a currency (``$``, ``€``, ``£`` or an ISO code in the stakes) they are integer cents;
tournament and play chips stay integers. PokerStars' house rules are :func:`house_rules`.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import Card, CardError
from drawdealer.engine.record import (
    Action,
    ActionKind,
    Claims,
    HandRecord,
    Seat,
    Stakes,
)
from drawdealer.parsers.fastaction import (
    ActionDraft,
    action_from,
    action_template,
    new_action,
    new_claims,
    new_seat,
)
from drawdealer.parsers import limits
from drawdealer.parsers.line_grammar import LineGrammar
from drawdealer.parsers.patterns import lazy
from drawdealer.parsers.pokerstars_table import TABLE
from drawdealer.parsers.results import ParseFailure, Skipped, internal_failure
from drawdealer.parsers.sitekit import (
    CURRENCY_SYMBOLS,
    ISO_OF_SYMBOL,
    SIGN,
    HandBuilder,
    LineError,
    first_match,
    hand_failure,
    line_table,
    other_game,
    parse_amount,
    parse_card_list,
)

K = ActionKind

GAME_FAMILIES = {
    "Triple Draw 2-7 Lowball": "27TD",
    "Single Draw 2-7 Lowball": "27SD",
    "5 Card Draw": "5CD",
    "Badugi": "BADUGI",
}
"""PokerStars game names drawdealer plays, by ``engine.variants`` family."""
LIMITS = {"Limit": "FL", "Fixed Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
SITE_NAMES = {family: name for name, family in GAME_FAMILIES.items()}
LIMIT_NAMES = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit"}


def online_rules(*, max_seats: int | None = None, antes: bool = False, big_blind_ante: bool = False) -> dict[str, Any]:
    """The rules PokerStars shares with the other online rooms read here (Full Tilt, KingsClub, Merge,
    Boss Media), as RULES.md §13 options, set in this one place.

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


def house_rules(*, max_seats: int | None = None, antes: bool = False, big_blind_ante: bool = False) -> dict[str, Any]:
    """PokerStars' rules as RULES.md §13 options: :func:`online_rules` and PokerStars' own conventions
    (RULES.md §18), each shown by its logs (../shared/corpus/fpdb/tour/Stars/Draw):

    - ``FL_RAISE_AFTER_SHORT_ALLIN = COMPLETE_LEVEL`` (§18.2): after an all-in of at least half a bet
      short of a full one, the next raise completes the level the all-in began, and players who
      had acted may make it. Every such hand of the corpus does so: Badugi MTT hands 52476877655
      (a bet of 120, all-in 150, raise to 180 by the player who made it 120), 52478520236 (200,
      all-in 270, raise to 300 by the player who made it 200) and 52479754591 (big blind 300,
      all-in 550, raise to 600); §7.2's default would put those raises at 210, 370 and 850.
    - ``SITE_KILLS_SITTING_OUT`` (§18.3): a tournament player marked ``is sitting out`` whose blind
      put him all-in has his hand folded as the action reaches him (SNG hand 52589452703:
      ``Player3: posts small blind 25 and is all-in``, then ``Player3: folds`` after a raise, and
      the raiser takes the pot, Player3's 25 in it).
    """
    return {**online_rules(max_seats=max_seats, antes=antes, big_blind_ante=big_blind_ante),
            "FL_RAISE_AFTER_SHORT_ALLIN": "COMPLETE_LEVEL", "SITE_KILLS_SITTING_OUT": True}


# --------------------------------------------------------------------------- header, table, seats

HEAD_ID = re.compile(r"PokerStars (?:Home Game (?:Hand )?|(?:Zoom |Rush )?(?:Game|Hand|GAME) )#(?P<id>[^:\s]+): +")
"""A hand header up to its id; :data:`HEAD_BODY` reads what follows up to the date, :data:`TABLE_LINE`
the table line (``handinfo`` reads a hand's metadata with the three)."""
_DATE = re.compile(r" - \d{4}/\d{1,2}/\d{1,2}(?: |$)")  # a PHH hand with a day but no time: no time
HEAD_BODY = re.compile(
    r"(?:\{(?P<club>.*)\} +)?"
    r"(?:(?:Zoom |Rush )?(?:Tournament|TOURNAMENT) #(?P<tid>\d+), "
    rf"(?:(?P<buyin>Freeroll|\S*\+\S*(?: [A-Z]{{3}})?|{SIGN}\S*(?: [A-Z]{{3}})?|\S+ [A-Z]{{3}}) +)?)?"
    r"(?P<game>.+?) "
    r"(?:- (?:Match Round [IVXLCDM\d]+, )?Level (?P<level>[IVXLCDM\d]+) )?"
    rf"\((?P<stakes>{SIGN}?\d[\d,.]*/[^()]*)\)"
    r"(?: \[(?:ADM|AAMS) ID: \w+\])?$"
)
MIXED_CASH = lazy(
    r"(?:\{(?P<club>.*)\} +)?(?P<mix>[^(){}]+?) \((?P<game>[^(),]+), "
    rf"(?P<stakes>{SIGN}?\d[\d,.]*/[^()]*)\)(?: \[(?:ADM|AAMS) ID: \w+\])?$"
)
"""A mixed game's cash header body, the game and the stakes in one parenthesis: ``8-Game (Triple Draw
2-7 Lowball Limit, $0.10/$0.20 USD)`` (tried when :data:`HEAD_BODY` does not match)."""
_GAME = re.compile(
    r"(?:(?P<mix>[^()]+?) \()?(?P<name>[^()]+?) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\)?"
)
_STAKES = re.compile(
    rf"(?P<cur>{SIGN}?)(?P<a>[\d,]+(?:\.\d+)?)/{SIGN}?(?P<b>[\d,]+(?:\.\d+)?)(?: (?P<iso>[A-Z]{{3}}))?"
)
TABLE_LINE = re.compile(r"Table '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?:Play|Real) Money\))?"
                        r"(?: Seat #(?P<button>\d+) is the button)?$")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{SIGN}?[\d,.]+) in chips(?:, [^)]*)?\)"
                   r"(?P<out> is sitting out| out of hand(?: \(.*\))?)?$")


class _Header:
    """What a hand header says but its number (one value per game and stakes): the game, stakes
    (``a``/``b``: small/big bet in fixed limit, blinds otherwise), whether amounts are cents, and
    the currency."""

    __slots__ = ("a", "b", "cents", "currency", "family", "game", "game_text", "limit", "tournament")

    def __init__(self, game_text: str, family: str | None, limit: str | None, cents: bool, currency: str, a: int,
                 b: int, tournament: bool) -> None:
        self.game_text, self.family, self.limit, self.cents = game_text, family, limit, cents
        self.currency, self.a, self.b, self.tournament = currency, a, b, tournament
        self.game = f"{family}-{limit}" if family and limit else None


def _read_header(line: str) -> tuple[str, _Header]:
    """``(hand number, what the header says)`` of a hand's first line."""
    m = HEAD_ID.match(line)
    if m is None:
        raise LineError("not a PokerStars hand header ('PokerStars Hand #N: <game> (<stakes>) - <date>')")
    end = m.end()
    date = _DATE.search(line, end)
    try:
        return m.group("id"), _header_body(line[end:date.start()] if date else line[end:])
    except LineError as e:
        raise LineError(e.message, e.column + end) from None


@lru_cache(maxsize=4096)
def _header_body(body: str) -> _Header:
    """The part of a header between ``#id:`` and the date, e.g. ``Triple Draw 2-7 Lowball Limit ($1/$2 USD)``."""
    m = HEAD_BODY.match(body)
    mixed = MIXED_CASH.match(body) if m is None else None
    if m is None and mixed is None:
        other = other_game(body)  # a decoration of a game drawdealer does not play: skipped all the same
        if other is not None:
            return _Header(other, None, None, False, "", 0, 0, False)
        raise LineError("expected '<game> <limit> (<small>/<big>)' after the hand number")
    game = m.group("game") if m is not None else f"{mixed.group('mix')} ({mixed.group('game')})"
    m = m or mixed
    g = _GAME.fullmatch(game)
    if g is None:
        game_text, family, limit = game, None, None
    else:
        name = g.group("name")
        game_text = f"{name} {g.group('limit')}"
        family = GAME_FAMILIES.get(name)
        limit = LIMITS[g.group("limit")]
    if family is None:  # skipped: its stakes are not read
        return _Header(game_text, None, None, False, "", 0, 0, m is not mixed and m.group("tid") is not None)
    stakes, at = m.group("stakes"), m.start("stakes")
    s = _STAKES.match(stakes)
    if s is None:
        raise LineError(f"stakes '({stakes})' are not 'small/big'", at)
    iso = s.group("iso")
    symbol = s.group("cur") or CURRENCY_SYMBOLS.get(iso or "", "")
    cents = bool(symbol) or "." in s.group("a") + s.group("b")
    currency = symbol or ((iso or "¤") if cents else "")
    try:
        a, b = parse_amount(s.group("a"), cents), parse_amount(s.group("b"), cents)
    except LineError as e:
        raise LineError(e.message, at + 2) from None
    return _Header(game_text, family, limit, cents, currency, a, b, m is not mixed and m.group("tid") is not None)


@lru_cache(maxsize=4096)
def _table(line: str) -> tuple[int | None, int | None]:
    """``(max seats, button seat)`` of a ``Table 'name' 6-max Seat #1 is the button`` line."""
    m = TABLE_LINE.match(line)
    if m is None:
        raise LineError("expected \"Table 'name' N-max Seat #N is the button\"")
    return (int(m.group("max")) if m.group("max") else None), (int(m.group("button")) if m.group("button") else None)


# --------------------------------------------------------------------------- line kinds

SECTIONS = {
    "*** DEALING HANDS ***": "DEALING",
    "*** HOLE CARDS ***": "DEALING",
    "*** FIRST DRAW ***": "STREET",
    "*** SECOND DRAW ***": "STREET",
    "*** THIRD DRAW ***": "STREET",
    "*** DRAW ***": "STREET",
    "*** SHOW DOWN ***": "SHOWDOWN",
    "*** SUMMARY ***": "SUMMARY",
}
"""The section lines, by their kind of line in the grammar."""
REPEATABLE = frozenset({"SEAT", "POST", "ACT", "DRAW", "DEALT", "SHOW", "MUCK", "NOSHOW", "UNCALLED",
                         "COLLECT", "SEATSUM"})
"""The kinds of line that may follow one another in a run (the grammar sees the run as one item)."""
_ALLIN = " and is all-in"
_CAP_SUFFIX = re.compile(rf" and has reached the {SIGN}?[\d,.]+ cap$")
NOISE = line_table(
    ("noise", "", r"(?:Betting is capped|Pair on board - a double bet is allowed|No low hand qualified)$"),
    ("noise", "", r"(?:.+? (?:said, \".*\"|joins the table at seat #\d+|leaves the table|is sitting out|sits out|"
                  r"has timed out.*|is (?:dis)?connected|has returned|"
                  r"will be allowed to play after the button|was removed from the table.*|"
                  r"finished the tournament.*|wins the tournament.*|re-buys and receives.*|takes the add-on.*|"
                  r"wins the .*bounty .*|wins .* for (?:eliminating|splitting the elimination of) .*|is away|stands up"
                  r"|sits down)"
                  r"|.+?: (?:sits out|is sitting out|is away))$"),
)
"""Table talk and table events (chat, joins, timeouts …), in the body or the summary: never play."""
LINES = line_table(
    ("uncalled", "Uncalled bet (", r"Uncalled bet \((?P<amt>[^)]+)\) returned to (?P<name>.+)$"),
    ("reshuffle", "The deck is reshuffled", r"The deck is reshuffled$"),
) + NOISE + line_table(
    ("wins", " collected ", rf"(?P<name>.+) collected (?P<amt>{SIGN}?[\d,.]+) from "
                            r"(?P<pot>pot|main pot|side pot(?:-(?P<n>\d+))?)$"),
)
"""The body's lines that are not a player's (``name: …``, :data:`ACTIONS`), a section, a seat or
``Dealt to`` (read by :meth:`PokerStarsBuilder.site_line`), named as the toolkit names them
(:meth:`~drawdealer.parsers.sitekit.HandBuilder.classify`); ``reshuffle`` is PokerStars' own."""
_SHAPE_OF = {"uncalled": "UNCALLED", "wins": "COLLECT"}
"""The kind of line in the grammar of each kind of :data:`LINES` that is one (the others are not)."""
_DEALT = lazy(r"Dealt to (?P<name>.+?)(?: \[(?P<a>[^\]]*)\])?(?: \[(?P<b>[^\]]*)\])?$")
_TOTAL = re.compile(rf"Total pot (?P<total>{SIGN}?[\d,.]+)(?: Main pot (?P<main>{SIGN}?[\d,.]*\d)\.(?P<sides>(?: Side pot(?:-\d+)? {SIGN}?[\d,.]*\d\.)*))?"
                    rf" \| Rake (?P<rake>{SIGN}?[\d,.]+)(?: \|.*)?$")
_SIDE = lazy(rf"Side pot(?:-\d+)? ({SIGN}?[\d,.]*\d)\.")
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

ACTIONS = line_table(
    ("fold", "folds", r"folds$"),
    ("check", "checks", r"checks$"),
    ("call", "calls ", r"calls (?P<amt>\S+)$"),
    ("bet", "bets ", r"bets (?P<amt>\S+)$"),
    ("raise", "raises ", r"raises (?P<by>\S+) to (?P<amt>\S+)$"),
    ("post_sb", "posts small blind ", r"posts small blind (?P<amt>\S+)$"),
    ("post_bb", "posts big blind ", r"posts big blind (?P<amt>\S+)$"),
    ("post_ante", "posts the ante ", r"posts the ante (?P<amt>\S+)$"),
    ("post_both", "posts small & big blinds ", r"posts small & big blinds (?P<amt>\S+)$"),
    ("discard", "discards ", r"discards (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$"),
    ("pat", "stands pat", r"stands pat(?: on \[(?P<cards>[^\]]*)\])?$"),
    ("show", "shows [", r"shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$"),
    ("muck", "mucks hand", r"mucks hand(?: \[(?P<cards>[^\]]*)\])?$"),
    ("noshow", "doesn't show hand", r"doesn't show hand$"),
)
"""What a player's line says after ``name: `` (without `` and is all-in`` or `` and has reached the
X cap``), one row per kind of line, named as the toolkit names them
(:class:`~drawdealer.parsers.sitekit.HandBuilder`; ``post_both``, ``posts small & big blinds``, and
``noshow``, ``doesn't show hand``, are PokerStars' own); ``raise``'s ``amt`` is the total ("to")."""
_KIND_OF = {
    "fold": ("ACT", K.FOLD), "check": ("ACT", K.CHECK), "call": ("ACT", K.CALL), "bet": ("ACT", K.BET),
    "raise": ("ACT", K.RAISE), "post_sb": ("POST", K.POST_SB), "post_bb": ("POST", K.POST_BB),
    "post_ante": ("POST", K.POST_ANTE), "post_both": ("POST", K.POST_DEAD), "discard": ("DRAW", K.DRAW),
    "pat": ("DRAW", K.DRAW), "show": ("SHOW", K.SHOW), "muck": ("MUCK", K.MUCK), "noshow": ("NOSHOW", None),
}
"""Each kind of :data:`ACTIONS`: its kind of line in the grammar (``pokerstars.lark``) and its action."""
_NOISE_REST = lazy(
    r"sits out|is sitting out|is away|has timed out(?: while disconnected)?|has returned|is (?:dis)?connected"
    r"|sits down|stands up|will be allowed to play after the button"
)



def _read_rest(rest: str, cents: bool) -> tuple[Any, ...]:
    """What a player's line says after ``name: ``, e.g. ``raises $2 to $2.50 and is all-in``, read by
    the table :data:`ACTIONS`: ``(line kind, action kind, amount, all_in, count, cards, kept cards,
    description)``."""
    body, all_in = rest, False
    if body.endswith(_ALLIN):
        body, all_in = body[: -len(_ALLIN)], True
    else:
        cap = _CAP_SUFFIX.search(body)
        if cap:
            body = body[: cap.start()]
    hit = first_match(ACTIONS, body)
    if hit is None:
        if _NOISE_REST.fullmatch(rest):
            return "NOISE", None, 0, False, 0, None, None, None
        raise LineError(f"'{rest}' is not a PokerStars action")
    kind, m = hit
    shape, action = _KIND_OF[kind]
    try:
        if shape == "ACT" or shape == "POST":
            if kind == "raise":
                parse_amount(m["by"], cents)
            amount = parse_amount(m["amt"], cents) if kind != "fold" and kind != "check" else 0
            out = (shape, action, amount, all_in, 0, None, None, None)
        elif shape == "NOSHOW":
            out = (shape, None, 0, all_in, 0, None, None, None)
        else:
            cards = parse_card_list(m["cards"]) if m["cards"] is not None else None
            if kind == "discard":
                out = (shape, action, 0, all_in, int(m["n"]), cards, None, None)
            elif kind == "pat":
                out = (shape, action, 0, all_in, 0, None, cards, None)
            else:
                out = (shape, action, 0, all_in, 0, cards, None, m["desc"] if kind == "show" else None)
    except CardError as e:
        raise LineError(f"'{rest}': {e}") from None
    return out


def _entry(name: str, p: tuple[Any, ...]) -> tuple[Any, ...]:
    """What the player line ``name: …`` says: ``(name, line kind, action template or None, p,
    after)``, ``p`` being what :func:`_read_rest` read, the template its action but where it was
    read (:func:`~drawdealer.parsers.fastaction.action_template`), and ``after`` telling what else a
    post (``"POST"``) or a show (``"SHOW"``) records. Lines without a template (table talk,
    ``doesn't show hand``, ``posts small & big blinds``) are recorded by
    :meth:`PokerStarsBuilder.record_other`."""
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
    if kind == "POST" and p[1] is not K.POST_DEAD:  # only an ante or a small blind may record more
        after = "POST" if p[1] is K.POST_ANTE or (p[1] is K.POST_SB and not p[3]) else None
        return name, kind, action_template(p[1], name, p[2], p[3]), p, after
    return name, kind, None, p, None


def read_seat_line(line: str, cents: bool) -> Seat | None:
    """The seat of ``Seat N: name (X in chips)`` (its name: the longest text before `` (``), or None
    when the line is no such line."""
    m = _SEAT.match(line)
    if m is None:
        return None
    return new_seat(int(m.group("seat")), m.group("name"), parse_amount(m.group("stack"), cents),
                    m.group("out") is not None)


def _summary_seat_line(line: str, cents: bool) -> tuple[Any, ...]:
    """``(seat, name, won, description, shown, mucked)`` of a summary seat line (name: the longest
    text before the outcome; the caller checks it against the seat)."""
    colon = line.find(": ")
    try:
        seat = int(line[5:colon])
    except ValueError:
        raise LineError("expected 'Seat N: name …'") from None
    m = _SUMMARY_LINE.match(line, colon + 2)
    if m is None:
        raise LineError("not a PokerStars summary seat line", colon + 3)
    start = m.end("name")
    try:
        won, desc, shown, mucked = _summary_tail(line[start:], cents)
    except LineError as e:
        raise LineError(e.message, e.column + start) from None
    return seat, m.group("name"), won, desc, shown, mucked


def _summary_tail(tail: str, cents: bool) -> tuple[int | None, str | None, tuple[Card, ...] | None,
                                                    tuple[Card, ...] | None]:
    """``(won, description, shown, mucked)`` from what follows the name in a summary seat line."""
    pos = _SUMMARY_MARKS.match(tail).end()  # type: ignore[union-attr]
    m = _SUMMARY_WHAT.match(tail, pos)
    if m is None:
        raise LineError("not a PokerStars summary seat line", pos + 2)
    won = m.group("won") or m.group("collected") or m.group("won2")
    try:
        shown = parse_card_list(m.group("shown")) if m.group("shown") is not None else None
        mucked = parse_card_list(m.group("mucked")) if m.group("mucked") is not None else None
    except CardError as e:
        raise LineError(str(e), pos + 2) from None
    return (parse_amount(won, cents) if won is not None else None), m.group("desc"), shown, mucked


def _total_line(line: str, cents: bool) -> tuple[int, int, tuple[int, ...] | None]:
    """``(total, rake, pots or None)`` of ``Total pot X [Main pot X. Side pot X.] | Rake X``."""
    m = _TOTAL.match(line)
    if m is None:
        raise LineError("expected 'Total pot X [Main pot X. Side pot X.] | Rake X'")
    total = parse_amount(m.group("total"), cents)
    rake = parse_amount(m.group("rake"), cents)
    if m.group("main") is None:
        return total, rake, None
    return total, rake, (parse_amount(m.group("main"), cents),) + tuple(
        parse_amount(a, cents) for a in _SIDE.findall(m.group("sides")))


def _uniform_ante(antes: list[Action], players: int) -> int:
    """The table's ante (RULES.md §6.1): the amount most of the players who post one post (the larger on
    a tie; all-in antes do not count), provided at least half of the players dealt in post one. The
    engine then flags the one who posts another amount or none, once each (``FORCED_BET_WRONG``).
    0 when fewer post: no ante is due, and each ante posted is flagged."""
    posters = len({a.player for a in antes})
    if posters < 2 or 2 * posters < players:
        return 0
    counts = Counter(a.amount for a in antes if not a.all_in)
    return max(counts, key=lambda amount: (counts[amount], amount), default=0)


@lru_cache(maxsize=4096)
def _stakes_value(sb: int, bb: int, ante: int, small_bet: int, big_bet: int) -> Stakes:
    """A Stakes value (immutable: one value serves every hand at these stakes)."""
    return Stakes(sb=sb, bb=bb, ante=ante, small_bet=small_bet, big_bet=big_bet)


@lru_cache(maxsize=4096)
def _table_rules(max_seats: int | None, antes: bool, big_blind_ante: bool) -> dict[str, Any]:
    """:func:`house_rules`, computed once per table size and forced bets (copied for each record)."""
    return house_rules(max_seats=max_seats, antes=antes, big_blind_ante=big_blind_ante)


# --------------------------------------------------------------------------- the grammar

_KIND_NAMES = {
    "HEADER": "the hand header", "TABLE": "the 'Table' line", "SEAT": "a seat line", "POST": "a blind or ante",
    "DEALING": "'*** DEALING HANDS ***'", "STREET": "a draw header", "ACT": "a betting action",
    "DRAW": "a draw", "DEALT": "a 'Dealt to' line", "SHOWDOWN": "'*** SHOW DOWN ***'", "SHOW": "a show",
    "MUCK": "a muck", "NOSHOW": "a 'doesn't show hand'", "UNCALLED": "an uncalled bet",
    "COLLECT": "a 'collected' line", "SUMMARY": "'*** SUMMARY ***'",
    "TOTAL": "the 'Total pot' line", "BOARD": "a board", "SEATSUM": "a summary seat line",
    "$END": "the end of the hand",
}
GRAMMAR = LineGrammar(TABLE, _KIND_NAMES)
"""``pokerstars.lark``, whose LALR table ships as ``pokerstars_table.py``: the skeleton of a hand."""


def add_kind(shape: list[str], where: list[int], kind: str, number: int) -> None:
    """Adds the kind of line ``number`` to a hand's ``shape`` (and the line to ``where``), a run of
    one repeatable kind (:data:`REPEATABLE`) being one item."""
    if kind != shape[-1] or kind not in REPEATABLE:
        shape.append(kind)
        where.append(number)


# --------------------------------------------------------------------------- one hand

def parse_hand(lines: list[str], start_line: int = 1, source: str = "",
               builder: type[PokerStarsBuilder] | None = None) -> HandRecord | ParseFailure | Skipped:
    """Parse one hand (its lines, the first being the header at ``start_line``) with ``builder``
    (:class:`PokerStarsBuilder` when None; the memo layer passes its own)."""
    end_line = start_line + len(lines) - 1
    hand_id = ""
    try:
        if not lines:
            raise LineError("empty hand", index=0)
        too_long = limits.line_problem(lines)
        if too_long is not None:
            raise LineError(too_long[1], index=too_long[0])
        try:
            hand_id, head = _read_header(lines[0])
        except LineError as e:
            raise e.at(0) from None
        if head.family is None:
            return Skipped(hand_id=hand_id, game=head.game_text, reason="game", line=start_line,
                           end_line=end_line, source=source,
                           message=f"{head.game_text}: drawdealer does not play this game; hand skipped")
        return (builder or PokerStarsBuilder)(head, hand_id, lines, start_line, source).build(head.game or "")
    except _Cancelled as c:
        return Skipped(hand_id=hand_id, game=c.game, reason="cancelled", line=start_line, end_line=end_line,
                       source=source, message="the site cancelled this hand ('Hand cancelled'); nothing to replay")
    except Exception as e:  # noqa: BLE001 - a reader bug must not stop the run: report the hand, go on
        if isinstance(e, LineError) and e.index is not None:
            return hand_failure(lines, start_line, source, e.message, e.index, hand_id, e.column)
        index = limits.long_number(lines) if isinstance(e, ValueError) else None
        if index is not None:  # a count or a seat number of thousands of digits (amounts are checked)
            return hand_failure(lines, start_line, source, limits.digits_message("a number"), index, hand_id)
        return internal_failure(e, lines, start_line, source, hand_id)


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = "",
                builder: type[PokerStarsBuilder] | None = None) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :func:`~drawdealer.parsers.sniff.split_pokerstars`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source, builder)


class _Cancelled(Exception):
    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


class PokerStarsBuilder(HandBuilder):
    """A PokerStars hand on the reader toolkit (:class:`~drawdealer.parsers.sitekit.HandBuilder`:
    seats, actions, claims, the record and its failures): its lines read one by one
    (:meth:`read_line`), the skeleton checked against :data:`GRAMMAR`, then the record emitted."""

    LINES = LINES

    # what a hand may say once (set on the instance when it does)
    posted_sb: int | None = None
    max_seats: int | None = None
    table_line = ""

    def __init__(self, head: _Header, hand_id: str, lines: list[str], start_line: int, source: str) -> None:
        super().__init__(lines, start_line, source, cents=head.cents)
        self.head = head
        self.hand_id = hand_id
        self.descriptions: list[tuple[str, str, int | None]] = []
        self.body_desc: dict[str, str] = {}
        self.showed: set[str] = set()  # who showed in the body
        self.antes: list[Action] = []
        self.reshuffles: list[tuple[int, int | None]] = []

    def build(self, game: str) -> HandRecord:
        shape: list[str] = ["HEADER"]
        where: list[int] = [self.start]  # the line number of each item of the shape
        numbered = enumerate(self.lines, self.start)
        next(numbered)  # the header
        self.read_body(numbered, shape, where)
        if len(self.seats) > limits.MAX_PLAYERS:  # before the summary, the record and the replay
            return limits.player_count_failure(len(self.seats), line=where[shape.index("SEAT")], hand_id=self.hand_id,
                                               start_line=self.start, end_line=self.end, source=self.source)
        self.read_summary(numbered, shape, where)
        too_long = limits.hand_problem(self.lines)  # after the lines (one may break the format), before
        if too_long is not None:  # the shape: the splitter cut the hand, its end is missing
            raise LineError(too_long[1], index=too_long[0])
        verdict = GRAMMAR.check(tuple(shape))
        if verdict is not None:
            index, message = verdict
            raise LineError(message, index=where[index] - self.start)
        if len(self.actions) > limits.MAX_ACTIONS:
            over = self.actions[limits.MAX_ACTIONS]
            raise LineError(limits.actions_message(len(self.actions)), index=over.line - self.start)
        return self._record(game)

    def read_body(self, numbered: Iterator[tuple[int, str]], shape: list[str], where: list[int]) -> None:
        """Reads the lines up to ``*** SUMMARY ***`` (:meth:`read_line`), adding their kinds to the
        hand's shape (:func:`add_kind`)."""
        for number, line in numbered:
            kind = self.read_line(number, line)
            if kind is not None:
                add_kind(shape, where, kind, number)
                if kind == "SUMMARY":
                    return

    def read_summary(self, numbered: Iterator[tuple[int, str]], shape: list[str], where: list[int]) -> None:
        """Reads the lines after ``*** SUMMARY ***``, adding their kinds to the hand's shape."""
        for number, line in numbered:
            kind = self.read_line(number, line)
            if kind is not None:
                add_kind(shape, where, kind, number)

    def read_line(self, number: int, line: str) -> str | None:
        """The kind of line ``number`` (None for a blank line or table talk), what it says recorded;
        a line that cannot be read raises its :class:`~drawdealer.parsers.sitekit.LineError`."""
        if not line:
            return None
        i = number - self.start
        try:
            return self._classify(i, line, number)
        except LineError as e:
            raise e.at(i) from None
        except CardError as e:
            raise LineError(str(e), index=i) from None

    def _classify(self, i: int, line: str, number: int) -> str | None:
        if line == "Hand cancelled":
            raise _Cancelled(self.head.game or self.head.game_text)
        if line[0] == "*":
            kind = SECTIONS.get(line)
            if kind is None:
                raise LineError(f"unknown section '{line}'")
            if kind == "SUMMARY":
                self.summary = True
            return kind
        if self.summary or line.startswith("Total pot "):
            return self._summary_line(line, number)
        if line.startswith("Seat "):
            return self._seat(line, number)
        names = self.names
        j = line.find(": ")
        while j > 0 and line[:j] not in names:
            j = line.find(": ", j + 1)
        if j > 0:  # a seated player's line
            return self.record_entry(self.player_entry(line, j), number, line)
        if line.startswith("Dealt to "):
            self._dealt(line, number)
            return "DEALT"
        if i == 1 and line.startswith("Table '"):
            return self.table(line)
        return self.site_line(line, number)

    def table(self, line: str) -> str:
        """``Table 'name' 6-max Seat #1 is the button``, the line after the header."""
        self.table_line = line
        self.max_seats, self.button_seat = _table(line)
        return "TABLE"

    # -- the kinds of line

    def player_entry(self, line: str, j: int) -> tuple[Any, ...]:
        """What the line of the seated player ``line[:j]`` says (:func:`_entry`)."""
        try:
            p = self.read_rest(line[j + 2:])
        except LineError as e:
            raise LineError(e.message, j + 3) from None
        return _entry(line[:j], p)

    def read_rest(self, rest: str) -> tuple[Any, ...]:
        """:func:`_read_rest` at this hand's stakes."""
        return _read_rest(rest, self.cents)

    def record_entry(self, entry: tuple[Any, ...], number: int, line: str) -> str | None:
        """Records what a player's line says (:func:`_entry`); its kind, or None for table talk."""
        name, kind, template, p, after = entry
        if kind == "NOISE":
            return None
        if template is None:
            self.record_other(name, p, number, line)
            return kind
        action = action_from(template, number, line)
        self.actions.append(action)
        if after is not None:
            self._after(after, name, p, action, number)
        return kind

    def _after(self, after: str, name: str, said: tuple[Any, ...], action: Action, number: int) -> None:
        """What a post or a show records besides its action (see :func:`_entry`)."""
        if after == "POST":
            if action.kind is K.POST_ANTE:
                self.antes.append(action)
            elif action.kind is K.POST_SB and not action.all_in and self.posted_sb is None:
                self.posted_sb = action.amount
            return
        desc = said[7]  # a show: its description is in the words, not the cards
        self.showed.add(name)
        if desc is not None:
            self.descriptions.append((name, desc, number))
            self.body_desc[name] = desc

    def record_other(self, name: str, p: tuple[Any, ...], number: int, line: str) -> None:
        """A player's line without an action template: ``doesn't show hand`` (nothing to record) and
        ``posts small & big blinds`` (a live big blind and a dead small blind)."""
        if p[0] == "POST" and p[1] is K.POST_DEAD:
            bb = self._bb()
            live = min(bb, p[2])
            self.actions.append(new_action(K.POST_BB, name, live, p[3] and p[2] <= bb, line=number, text=line))
            self.actions.append(new_action(K.POST_DEAD, name, p[2] - live, p[3], line=number, text=line))

    def site_line(self, line: str, number: int) -> str | None:
        """A line of the table :data:`LINES`, classified by the toolkit
        (:meth:`~drawdealer.parsers.sitekit.HandBuilder.classify`) and read by its ``on_<kind>``."""
        hit = self.classify(line)
        kind = hit[0] if hit is not None else None
        if kind != "uncalled" and line.startswith("Uncalled bet ("):
            raise LineError("expected 'Uncalled bet (X) returned to <seated player>'")
        if hit is None:
            raise LineError("not a PokerStars line (unknown player or shape)")
        getattr(self, "on_" + kind)(hit[1], number, line)
        return _SHAPE_OF.get(kind)

    def on_reshuffle(self, m: re.Match[str], number: int, line: str) -> None:
        """``The deck is reshuffled``: where, among the actions (a claim, RULES.md §8.4)."""
        self.reshuffles.append((len(self.actions), number))

    def _seat(self, line: str, number: int) -> str:
        """``Seat N: name (X in chips)``, or a summary seat line where ``*** SUMMARY ***`` is missing."""
        seat = self.read_seat(line)
        if seat is None and self.actions:  # a summary line without its '*** SUMMARY ***'
            self._summary_seat(line, number)
            return "SEATSUM"
        if seat is None:
            raise LineError("expected 'Seat N: name (X in chips)'")
        return self.add_seat_value(seat)

    def read_seat(self, line: str) -> Seat | None:
        """:func:`read_seat_line` at this hand's stakes."""
        return read_seat_line(line, self.cents)

    def add_seat_value(self, seat: Seat) -> str:
        """Seats a player (Seat values are immutable: one object serves every hand it appears in)."""
        if seat.name in self.names:
            raise LineError(f"player '{seat.name}' is seated twice", 9)
        self.names[seat.name] = seat.seat
        self.seat_names[seat.seat] = seat.name
        self.seats.append(seat)
        return "SEAT"

    def _dealt(self, line: str, number: int) -> None:
        """``Dealt to X [cards]`` (a deal) or ``Dealt to X [kept] [new]`` (completes X's draw)."""
        m = _DEALT.match(line)
        if m is None or m.group("name") not in self.names:
            raise LineError("expected 'Dealt to <seated player> [cards]'")
        self.record_dealt(*m.groups(), number, line)

    def record_dealt(self, name: str, first: str | None, second: str | None, number: int, line: str) -> None:
        """What ``Dealt to name [first] [second]`` says (``_DEALT``'s groups)."""
        actions = self.actions
        last = actions[-1] if actions else None
        if (second is None and first is not None and last is not None and last.kind is K.DRAW
                and last.player == name and last.count and last.received is None):
            first, second = "", first  # a five-card draw: only the new cards, nothing kept
        if second is None:
            deal = ActionDraft()  # new_action(K.DEAL, name, count=…, cards=…, line=number, text=line), without a call
            (deal.kind, deal.player, deal.amount, deal.all_in, deal.discarded, deal.received, deal.kept,
             deal.received_count, deal.received_lines, deal.line, deal.text) = (
                K.DEAL, name, 0, False, None, None, None, None, None, number, line)
            if first is None:
                deal.count, deal.cards = 0, None
            else:
                deal.cards = cards = parse_card_list(first)
                deal.count = len(cards)
                if self.hero is None:
                    self.hero = name
            deal.__class__ = Action
            actions.append(deal)
            return
        draw = actions[-1] if actions else None
        if draw is None or draw.kind is not K.DRAW or draw.player != name or draw.received is not None:
            raise LineError(f"'Dealt to {name} [..] [..]' does not follow {name}'s draw")
        received = parse_card_list(second)
        done = ActionDraft()  # the draw with its cards (new_action, without a call)
        (done.kind, done.player, done.amount, done.all_in, done.count, done.discarded, done.received, done.cards,
         done.kept, done.received_count, done.received_lines, done.line, done.text) = (
            K.DRAW, name, 0, draw.all_in, draw.count, draw.discarded, received, None, parse_card_list(first),
            len(received), (number,) * len(received), draw.line, draw.text)
        done.__class__ = Action
        actions[-1] = done

    # -- the summary

    def _summary_line(self, line: str, number: int) -> str | None:
        if line.startswith("Seat "):
            self._summary_seat(line, number)
            return "SEATSUM"
        if line.startswith("Total pot "):
            self.record_total(self.read_total(line), number)
            return "TOTAL"
        if line.startswith("Board "):
            return "BOARD"
        if first_match(NOISE, line) is not None:
            return None
        raise LineError("not a PokerStars summary line")

    def read_total(self, line: str) -> tuple[int, int, tuple[int, ...] | None]:
        """:func:`_total_line` at this hand's stakes."""
        return _total_line(line, self.cents)

    def record_total(self, said: tuple[int, int, tuple[int, ...] | None], number: int) -> None:
        """Records what the ``Total pot`` line ``number`` says (``(total, rake, pots or None)``)."""
        self.total, self.rake, pots = said
        if pots is not None:
            self.pots = pots
            self.claim_lines["pots"] = number
        self.claim_lines["total_pot"] = self.claim_lines["rake"] = number

    def _summary_seat(self, line: str, number: int) -> None:
        """``Seat N: X (button) showed [..] and won ($X) with …`` and the other summary seat lines."""
        self.summary_seat(self.read_summary_seat(line), number, line)

    def read_summary_seat(self, line: str) -> tuple[Any, ...]:
        """:func:`_summary_seat_line` at this hand's stakes."""
        return _summary_seat_line(line, self.cents)

    def summary_seat(self, said: tuple[Any, ...], number: int, line: str) -> None:
        """Records what a summary seat line says (``(seat, name, won, description, shown, mucked)``)."""
        seat, name, won, desc, shown, mucked = said
        if self.seat_names.get(seat) != name:
            raise LineError(f"seat {seat} is not the seat of the player named here", line.find(": ") + 3)
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

    # -- the record

    def _record(self, game: str) -> HandRecord:
        big_blind_ante = self._big_blind_ante() if self.antes else False
        stakes = self._stakes(big_blind_ante)
        return self.record(hand_id=self.hand_id, game=game, stakes=stakes,
                           options=dict(_table_rules(self.max_seats, stakes.ante > 0, big_blind_ante)),
                           currency=self.head.currency, extra={"header": self.lines[0], "table": self.table_line})

    def claims(self) -> Claims:
        """What PokerStars' claim lines mean, each read as the record's claim of the same meaning
        (:class:`~drawdealer.engine.record.Claims`), learned from the corpus and public logs:

        - ``Uncalled bet (X) returned to P``: chips nobody matched, back to P before any pot is
          made (RULES.md §7.1, §9.4 step 1; antes count: heads-up on an ante of 1, the big blind's
          other forced chips come back).
        - ``Total pot X``: every pot before the rake, uncalled chips excluded.
        - ``Main pot X. Side pot Y.`` (``Side pot-1 Y. Side pot-2 Z.`` from two side pots on):
          each pot net of the rake taken from it, so Σ pots + rake = total. PokerStars divides the
          rake among the pots its own way: from the main pot alone ("Total pot $0.55 Main pot
          $0.43. Side pot $0.10. | Rake $0.02"), or a part from each (the corpus' Badugi hand
          49164202872: pots of $3.05 and $2.65 listed as $2.90 and $2.55, rake $0.25); only the
          division is the site's (``pots.rake_division``).
        - ``| Rake X``: the rake of the hand; its rate varies by stakes and year, so it is checked
          by Σ collected + rake = total pot (§9.5), with none on a hand ended before the draw.
        - ``P collected X from pot`` (``from main pot``, ``from side pot``, ``from side pot-N``):
          P's share of that pot, net of its rake; ``Seat N: P ... won (X)`` / ``collected (X)``
          in the summary: P's total from every pot, net of rake (read when the body has none).
        - Final stacks: not printed (the next hand's seat lines show them).
        """
        return new_claims(self.total, self.pots, self.rake, tuple(self.uncalled), tuple(self.collected),
                          tuple(self.descriptions), (), tuple(self.summary_won), tuple(self.reshuffles),
                          self.claim_lines)

    def dealt_seats(self) -> tuple[Seat, ...]:
        """The seats, a player marked 'is sitting out' who acts in the hand counted as dealt in and
        ``absent``: a tournament deals a sitting-out player his cards and folds them for him (the
        corpus' Badugi tournaments: 'Seat 6: Player0 (1500 in chips) is sitting out', then 'Player0:
        folds'; RULES.md §18.3)."""
        seats = tuple(self.seats)
        if not any(s.sitting_out for s in seats):
            return seats
        acting = {a.player for a in self.actions}
        return tuple(new_seat(s.seat, s.name, s.stack, False, True) if s.sitting_out and s.name in acting else s
                     for s in seats)

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
        return _stakes_value(*key)
