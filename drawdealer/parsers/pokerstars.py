"""PokerStars draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord`.

Games: Triple Draw 2-7 Lowball (Limit, Pot Limit, No Limit), Single Draw 2-7 Lowball, 5 Card Draw and
Badugi (RULES.md §15), cash and tournament, ``PokerStars Game #`` / ``Hand #`` / ``Home Game [Hand] #`` / ``Zoom
Hand #`` headers (club ``{...}``), mixed-game headers such as ``8-Game (Triple Draw 2-7 Lowball Limit)`` (a
tournament's) and ``8-Game (Triple Draw 2-7 Lowball Limit, $0.10/$0.20 USD)`` (cash). A hand of any other game
(Hold'em, Stud, Razz, Omaha …) is :class:`~drawdealer.parsers.results.Skipped` from its header alone, whatever
its stakes say (a capped or button-blind table's), and so is a ``Hand cancelled`` hand.

How (DESIGN.md convention 7), on the reader toolkit (:mod:`~drawdealer.parsers.sitekit`): the
builder is a :class:`~drawdealer.parsers.sitekit.HandBuilder` (its seats, actions, claims, record
and failures); a player's line ``name: …`` is read by the table :data:`ACTIONS` (the toolkit's kinds
of line: ``fold``, ``call``, ``post_sb``, ``discard`` …), the other lines of the body by the table
:data:`LINES` (``uncalled``, ``wins``, table talk), classified and read by the toolkit
(:meth:`~drawdealer.parsers.sitekit.HandBuilder.classify`, ``on_uncalled``, ``on_wins``); the
header, seat, section, ``Dealt to`` and summary lines by PokerStars' own patterns. The sequence of
line kinds, with runs of the same kind merged, is checked against the LALR grammar
``pokerstars.lark`` (its table built by Lark and shipped as ``pokerstars_table.py``: no cache file,
no Lark at run time) by :data:`GRAMMAR`, a :class:`~drawdealer.parsers.line_grammar.LineGrammar`
that memoises its verdict per shape, so the grammar decides the skeleton of every hand while
costing a dictionary look-up for shapes it has seen. A line that fits no shape, or a section out of
place, gives a :class:`~drawdealer.parsers.results.ParseFailure` with line, column and text.

Speed (issue 4, ``bench/bench_parse.py``): what a line says is memoised by its text, so that most
lines cost one dictionary look-up and the making of their action. Body lines are memoised whole in
one memo (:data:`_line_memo`): player lines (``P1: calls 8``) with their action template
(:func:`_entry`), seat lines, and ``collected`` and ``Uncalled bet`` lines as the toolkit classified
them (their match, read again by ``on_wins``/``on_uncalled``). Lines with cards, which seldom
recur, are memoised by their words without the cards (:func:`_card_key`; summary lines by their
words and what follows the cards, :func:`_summary_cards_parts`), a seat line of a new stack by its
words (:data:`_seat_words_memo`); ``Dealt to`` lines are cut at their brackets (:func:`_dealt_parts`)
and the cards a summary line repeats from the showdown are not read twice. The memos are a speed layer over the classification: a memo answers exactly
what the tables and patterns would (the memo keys are chosen so that the cards and amounts cannot change what
the regexes read; ``tests/test_parse_fast_paths.py`` reads hands with and without them), and each
memo is emptied past :data:`MEMO_SIZE` entries, so memory stays flat. Actions are built as
:mod:`~drawdealer.parsers.fastaction` drafts, in the hot paths without a call.

What the memos buy, side by side on the same hands (``python bench/bench_parse.py --hands 5000``,
rows ``parse, memos empty at the start`` and ``parse, memos held to one entry``): read with every
memo held to one entry, the reader takes 2.9-3.0 × its time on generated six-max hands as a site
writes them, 2.1 × with every card written and 2.9-3.2 × on the real hands of the corpus, replicated
(two runs).

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
    AMOUNTS_READ,
    CURRENCY_SYMBOLS,
    ISO_OF_SYMBOL,
    SIGN,
    HandBuilder,
    LineError,
    clear_amount_memo,
    first_match,
    hand_failure,
    line_table,
    other_game,
    parse_amount,
    parse_card_list,
    remember,
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
``Dealt to`` (read by :meth:`_Builder._classify`, the memos first), named as the toolkit names them
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
        remember(_rest_memo, key, out)
    return out


def _read_rest(rest: str, cents: bool) -> tuple[Any, ...]:
    """What :func:`_parse_rest` returns, read by the table :data:`ACTIONS`."""
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
    if kind == "POST" and p[1] is not K.POST_DEAD:  # only an ante or a small blind may record more
        after = "POST" if p[1] is K.POST_ANTE or (p[1] is K.POST_SB and not p[3]) else None
        return name, kind, action_template(p[1], name, p[2], p[3]), p, after
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
    """``(line without its cards, the cards)`` of a player line ``<words> [<cards>]<rest>`` with one
    ``[`` (after a space) and one ``]`` after it; None for any other line.

    What the regexes read in such a line, when the text between the brackets is a list of cards
    (no ``:``, ``[`` nor ``]`` in it), depends on the cards only through the cards themselves: the
    line without them is a sound memo key. The key is the words alone when nothing follows the
    ``]`` (most lines), else the words, ``' []'`` and what follows (words hold no `` [``: the
    two forms never meet).
    """
    words, _, tail = line.partition(" [")
    cards, close, rest = tail.partition("]")
    if not close or "[" in words or "[" in tail or "]" in rest:
        return None
    return (words + " []" + rest if rest else words), cards


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


# --------------------------------------------------------------------------- one hand

def parse_hand(lines: list[str], start_line: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """Parse one hand (its lines, the first being the header at ``start_line``)."""
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
        return _Builder(head, hand_id, lines, start_line, source).build(head.game or "")
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


class _Cancelled(Exception):
    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.game = game


_noise_memo: dict[str, None] = {}
"""Table talk already recognised (chat, joins, timeouts)."""
_line_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Body lines without cards already read, by whole text (``Player1: folds`` recurs across hands, and
so does a folding player's seat line): ``(name, line kind, action template or None, what else,
after)``. Player lines are their :func:`_entry`; ``collected`` and ``Uncalled bet`` lines without
``': '`` (no player's line whoever is seated) are ``(name, kind, None, their match, None)``, as
:meth:`~drawdealer.parsers.sitekit.HandBuilder.classify` remembered them; seat lines are ``(None,
"SEAT", seat, None, None)``. A line is taken from the memo only when its player is seated (``None``
is nobody's name), seat lines always."""
_MISS = ("", "", None, (), None)  # what the line memo gives for a line it does not hold ('' is nobody's name)
_card_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Player lines with cards (``P1: discards 2 cards [8s Td]``, ``P2: shows [..] (Lo: ..)``) by
:func:`_card_key`: their :func:`_card_entry`."""



class _Builder(HandBuilder):
    """A PokerStars hand on the reader toolkit (:class:`~drawdealer.parsers.sitekit.HandBuilder`:
    seats, actions, claims, the record and its failures): its lines are classified (the memos
    first), the skeleton checked against :data:`GRAMMAR`, then the record emitted."""

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
        self.showed: dict[str, str | None] = {}  # who showed, and the text of the cards shown in the body
        self.antes: list[Action] = []
        self.reshuffles: list[tuple[int, int | None]] = []

    def build(self, game: str) -> HandRecord:
        start = self.start
        names = self.names
        append = self.actions.append
        memo_get = _line_memo[self.cents].get
        draft = ActionDraft
        section = _SECTIONS.get
        shape: list[str] = ["HEADER"]
        where: list[int] = [start]  # the line number of each item of the shape
        prev = "HEADER"
        numbered = enumerate(self.lines, start)
        next(numbered)  # the header
        for number, line in numbered:  # the body: most lines are 'name: action' seen before
            name, kind, template, said, after = memo_get(line, _MISS)
            if name in names:  # a line of a seated player seen before (see _entry)
                if template is not None:  # its action, built as fastaction.action_from would, without a call
                    action = draft()
                    (action.kind, action.player, action.amount, action.all_in, action.count, action.discarded,
                     action.received, action.cards, action.kept, action.received_count,
                     action.received_lines) = template
                    action.line = number
                    action.text = line
                    action.__class__ = Action
                    append(action)
                    if after is not None:
                        self._after(after, name, said, action, number)
                elif kind == "NOISE":
                    continue
                else:
                    self._player_line(name, kind, said, number, line)
                if kind != prev:  # every kind in the memo is repeatable
                    shape.append(kind)
                    where.append(number)
                    prev = kind
                continue
            if kind == "SEAT":  # a seat line seen before
                seat = template
                if seat.name in names:
                    raise LineError(f"player '{seat.name}' is seated twice", 9, number - start)
                names[seat.name] = seat.seat
                self.seat_names[seat.seat] = seat.name
                self.seats.append(seat)
                kind = "SEAT"
            else:
                kind = None if " [" in line else section(line)  # no section holds cards
                if kind is None:
                    if not line or line in _noise_memo:
                        continue
                    try:
                        kind = self._other(number - start, line, number)
                    except LineError as e:
                        raise e.at(number - start) from None
                    except CardError as e:
                        raise LineError(str(e), index=number - start) from None
                    if kind is None:
                        continue
                elif kind == "SUMMARY":
                    shape.append(kind)
                    where.append(number)
                    self.summary = True
                    break
            if kind != prev or kind not in _REPEATABLE:
                shape.append(kind)
                where.append(number)
                prev = kind
        if len(self.seats) > limits.MAX_PLAYERS:  # before the summary, the record and the replay
            return limits.player_count_failure(len(self.seats), line=where[shape.index("SEAT")], hand_id=self.hand_id,
                                               start_line=start, end_line=self.end, source=self.source)
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
            elif hit is None and " [" in line and self._summary_cards(line, number):  # as _summary_seat would
                kind = "SEATSUM"
            elif line[0] != "*" and line != "Hand cancelled":  # what _classify does in the summary
                try:
                    kind = self._summary_line(line, number)
                except LineError as e:
                    raise e.at(number - start) from None
                if kind is None:
                    continue
            else:
                kind = self._classify_at(number - start, line)
            if kind != prev or kind not in _REPEATABLE:
                shape.append(kind)
                where.append(number)
                prev = kind

        too_long = limits.hand_problem(self.lines)  # after the lines (one may break the format), before
        if too_long is not None:  # the shape: the splitter cut the hand, its end is missing
            raise LineError(too_long[1], index=too_long[0])
        verdict = GRAMMAR.check(tuple(shape))
        if verdict is not None:
            index, message = verdict
            raise LineError(message, index=where[index] - start)
        if len(self.actions) > limits.MAX_ACTIONS:
            over = self.actions[limits.MAX_ACTIONS]
            raise LineError(limits.actions_message(len(self.actions)), index=over.line - start)
        return self._record(game)

    def _other(self, i: int, line: str, number: int) -> str | None:
        """A body line that the memos of whole lines do not hold, read as :meth:`_classify` reads
        it, the common kinds sooner (their first words rule out _classify's earlier cases).

        A player line with cards whose words were read before (see :func:`_card_key`) is the memo's
        template with the cards in their slot (:func:`_with_cards`), built as a draft without a call."""
        first = line[0]
        if first == "S" and line[:5] == "Seat ":
            return self._seat_line(line, number)
        if first == "D" and line[:9] == "Dealt to " and ": " not in line:
            self._dealt(line, number)
            return "DEALT"
        if "[" not in line:
            if i == 1 and first == "T" and line[:7] == "Table '":  # nobody is seated yet: no player line
                self.table_line = line
                self.max_seats, self.button_seat = _table(line)
                return "TABLE"
            return self._classify(i, line)
        words, _, tail = line.partition(" [")  # _card_key, inline
        text, close, rest = tail.partition("]")
        hit = _card_memo[self.cents].get(words + " []" + rest if rest else words) if close else None
        if hit is None or hit[0] not in self.names:  # a key holds no '[' and its rest no ']' (see _card_key)
            return self._classify(i, line)
        try:
            cards = parse_card_list(text)
        except CardError:
            return self._classify(i, line)
        action = ActionDraft()
        (action.kind, action.player, action.amount, action.all_in, action.count, action.discarded,
         action.received, action.cards, action.kept, action.received_count, action.received_lines) = hit[2]
        slot = hit[5]  # see _CARD_SLOTS
        if slot == 7:
            action.cards = cards
            action.count = len(cards)  # a show or a muck counts its cards
        elif slot == 5:
            action.discarded = cards
        else:
            action.kept = cards
        action.line = number
        action.text = line
        action.__class__ = Action
        self.actions.append(action)
        if hit[4] is not None:  # a show (see _after): what the summary may say again
            name, desc = hit[0], hit[3][7]
            self.showed[name] = text
            if desc is not None:
                self.descriptions.append((name, desc, number))
                self.body_desc[name] = desc
        return hit[1]

    def _classify_at(self, i: int, line: str) -> str | None:
        try:
            return self._classify(i, line)
        except LineError as e:
            raise e.at(i) from None
        except CardError as e:
            raise LineError(str(e), index=i) from None

    def _record(self, game: str) -> HandRecord:
        big_blind_ante = self._big_blind_ante() if self.antes else False
        stakes = self._stakes(big_blind_ante)
        return self.record(hand_id=self.hand_id, game=game, stakes=stakes,
                           options=_house_rules(self.max_seats, stakes.ante > 0, big_blind_ante),
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
                raise LineError(f"unknown section '{line}'")
            if kind == "SUMMARY":
                self.summary = True
            return kind
        if self.summary or line.startswith("Total pot "):
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
            except LineError as e:
                raise LineError(e.message, j + 3) from None
            entry = _entry(name, p)
            if "[" not in line:
                remember(_line_memo[cents], line, entry)
            elif entry[2] is not None:
                key = _card_key(line)
                card_entry = _card_entry(entry, key[1]) if key is not None else None
                if card_entry is not None:
                    remember(_card_memo[cents], key[0], card_entry)  # type: ignore[index]
            if p[0] == "NOISE":
                return None
            if entry[2] is not None:
                action = action_from(entry[2], number, line)
                self.actions.append(action)
                if entry[4] is not None:
                    self._after(entry[4], name, p, action, number)
            else:
                self._player_line(name, p[0], p, number, line)
            return p[0]
        if line.startswith("Dealt to "):
            self._dealt(line, number)
            return "DEALT"
        if i == 1 and line.startswith("Table '"):
            self.table_line = line
            self.max_seats, self.button_seat = _table(line)
            return "TABLE"
        hit = self.classify(line)
        kind = hit[0] if hit is not None else None
        if kind != "uncalled" and line.startswith("Uncalled bet ("):
            raise LineError("expected 'Uncalled bet (X) returned to <seated player>'")
        if hit is None:
            raise LineError("not a PokerStars line (unknown player or shape)")
        getattr(self, "on_" + kind)(hit[1], number, line)
        shape = _SHAPE_OF.get(kind)
        if shape is not None and ": " not in line and line[:7] != "Table '" and self.CLASSIFIED.get(line) is hit:
            # no player's line whoever is seated, and its row the first that matches it (see classify):
            # the line memo may hold its classification
            remember(_line_memo[self.cents], line, (hit[1]["name"], shape, None, hit[1], None))
        return shape

    def on_reshuffle(self, m: re.Match[str], number: int, line: str) -> None:
        """``The deck is reshuffled``: where, among the actions (a claim, RULES.md §8.4)."""
        self.reshuffles.append((len(self.actions), number))

    def on_noise(self, m: re.Match[str], number: int, line: str) -> None:
        remember(_noise_memo, line, None)  # the body loop passes over it before anything else

    def _seat_line(self, line: str, number: int) -> str:
        """``Seat N: name (X in chips)`` not in the line memo: a line whose seat and name were read
        before (see :data:`_seat_words_memo`), or read with the regex. The line memo learns it."""
        cents = self.cents
        words, _, tail = line.rpartition(" (")
        who = _seat_words_memo[cents].get(words) if tail[-10:] == " in chips)" else None
        stack = AMOUNTS_READ[cents].get(tail[:-10]) if who is not None else None
        if stack is not None:
            seat = new_seat(who[0], who[1], stack, False)  # type: ignore[index]
        else:
            m = _SEAT.match(line)
            if m is None and self.actions:  # a summary line without its '*** SUMMARY ***'
                self._summary_seat(line, number)
                return "SEATSUM"
            if m is None:
                raise LineError("expected 'Seat N: name (X in chips)'")
            seat = new_seat(int(m.group("seat")), m.group("name"), parse_amount(m.group("stack"), cents),
                            m.group("out") is not None)
            if tail == m.group("stack") + " in chips)":  # nothing after the stack: the words are a key
                remember(_seat_words_memo[cents], words, (seat.seat, seat.name))
        remember(_line_memo[cents], line, (None, "SEAT", seat, None, None))
        return self._seat(seat)

    def _seat(self, seat: Seat) -> str:
        """Seats a player (Seat values are immutable: one object serves every hand it appears in)."""
        if seat.name in self.names:
            raise LineError(f"player '{seat.name}' is seated twice", 9)
        self.names[seat.name] = seat.seat
        self.seat_names[seat.seat] = seat.name
        self.seats.append(seat)
        return "SEAT"

    def _after(self, after: str, name: str, said: tuple[Any, ...], action: Action, number: int) -> None:
        """What a post or a show records besides its action (see :func:`_entry`)."""
        if after == "POST":
            if action.kind is K.POST_ANTE:
                self.antes.append(action)
            elif action.kind is K.POST_SB and not action.all_in and self.posted_sb is None:
                self.posted_sb = action.amount
            return
        desc = said[7]  # a show: its description is in the words, not the cards
        self.showed[name] = None
        if desc is not None:
            self.descriptions.append((name, desc, number))
            self.body_desc[name] = desc

    def _player_line(self, name: str, kind: str, p: Any, number: int, line: str) -> None:
        """A line of the line memo without an action template: ``collected`` and ``Uncalled bet``
        lines (``p``: their classification's match, read by the toolkit's ``on_wins`` and
        ``on_uncalled``), ``doesn't show hand`` (nothing to record) and ``posts small & big blinds``
        (a live big blind and a dead small blind; ``p``: what :func:`_parse_rest` read)."""
        if kind == "COLLECT":
            self.on_wins(p, number, line)
        elif kind == "UNCALLED":
            self.on_uncalled(p, number, line)
        elif p[0] == "POST" and p[1] is K.POST_DEAD:
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
            totals = _total_memo[cents]
            hit = totals.get(line)
            if hit is None:
                hit = _total_line(line, cents)
                remember(totals, line, hit)
            self.total, self.rake, pots = hit
            if pots is not None:
                self.pots = pots
                self.claim_lines["pots"] = number
            self.claim_lines["total_pot"] = self.claim_lines["rake"] = number
            return "TOTAL"
        if line.startswith("Board "):
            return "BOARD"
        if first_match(NOISE, line) is not None:
            return None
        raise LineError("not a PokerStars summary line")

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
            stakes = Stakes(sb=key[0], bb=bb, ante=ante, small_bet=key[3], big_bet=key[4])
            remember(_stakes_memo, key, stakes)
        return stakes

    def _dealt(self, line: str, number: int) -> None:
        """``Dealt to X [cards]`` (a deal) or ``Dealt to X [kept] [new]`` (completes X's draw)."""
        parts = _dealt_parts(line)
        if parts is None or parts[0] not in self.names:
            m = _DEALT.match(line)
            if m is None or m.group("name") not in self.names:
                raise LineError("expected 'Dealt to <seated player> [cards]'")
            parts = m.groups()
        name, first, second = parts
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

    def _summary_seat(self, line: str, number: int) -> None:
        """``Seat N: X (button) showed [..] and won ($X) with …`` and the other summary seat lines:
        a line seen before, a line with cards whose words and rest were (:meth:`_summary_cards`),
        or read the general way (and remembered: whole, or by its words and rest)."""
        cents = self.cents
        hit = _summary_memo[cents].get(line)
        if hit is None:
            if self._summary_cards(line, number):
                return
            hit = _summary_seat_line(line, cents)
            if not _learn_summary_cards(line, hit, cents):
                remember(_summary_memo[cents], line, hit)
        if self.seat_names.get(hit[0]) != hit[1]:
            raise LineError(f"seat {hit[0]} is not the seat of the player named here", line.find(": ") + 3)
        self._summary_outcome(hit, number, line)

    def _summary_cards(self, line: str, number: int) -> bool:
        """A summary seat line with cards whose words and rest were read before (see
        :func:`_summary_cards_parts`), recorded; False when that does not apply (the general way
        then reads the line, and says where and why it is wrong)."""
        cents = self.cents
        words, _, tail = line.partition(" [")  # _summary_cards_parts, inline
        who = _summary_words_memo[cents].get(words)
        if who is None:
            return False
        text, close, rest = tail.partition("]")
        seat, name, where = who  # words without '[' (a key is learnt from such lines only), and so is a rest
        if where == 1:
            after = _summary_rest_memo[cents].get(rest)
            if after is None or not close:
                return False
        elif rest or not close:
            return False
        if self.seat_names.get(seat) != name:
            return False
        if where == 1 and self.showed.get(name) == text:  # shown in the body: the same cards, read then
            won, desc = after
            if won is not None:
                self.summary_won.append((name, won, number))
            if desc is not None and self.body_desc.get(name) != desc:
                self.descriptions.append((name, desc, number))
            return True
        try:
            cards = parse_card_list(text)
        except CardError:
            return False
        if where == 1:
            self._summary_outcome((seat, name, after[0], after[1], cards, None), number, line)
        else:
            self._summary_outcome((seat, name, None, None, None, cards), number, line)
        return True

    def _summary_outcome(self, hit: tuple[Any, ...], number: int, line: str) -> None:
        _, name, won, desc, shown, mucked = hit
        if won is not None:
            self.summary_won.append((name, won, number))
        if desc is not None and self.body_desc.get(name) != desc:
            self.descriptions.append((name, desc, number))
        actions = self.actions
        if shown is not None and name not in self.showed:
            self.showed[name] = None
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


_seat_words_memo: dict[bool, dict[str, tuple[int, str]]] = {False: {}, True: {}}
"""``(seat, name)`` of seat lines ``<words> (<stack> in chips)`` already read, by their words
(``Seat 3: P3``). ``_SEAT``'s greedy name ends at the last `` (``, so a line of the same words whose
stack is an amount already read (``AMOUNTS_READ``: the regex's stack class holds every amount) is
that seat with that stack."""
_summary_memo: dict[bool, dict[str, tuple[Any, ...]]] = {False: {}, True: {}}
"""Summary seat lines already read, by whole text (``Seat 5: Player5 folded before the Draw``)."""


_summary_words_memo: dict[bool, dict[str, tuple[int, str, int]]] = {False: {}, True: {}}
"""Summary seat lines with cards, ``<words> [<cards>]<rest>`` (:func:`_summary_cards_parts`), by
their words (``Seat 4: P4 (button) showed``): ``(seat, name, where)``, ``where`` telling whether the
cards are the shown ones (1) or the mucked ones (2)."""
_summary_rest_memo: dict[bool, dict[str, tuple[int | None, str | None]]] = {False: {}, True: {}}
"""What follows the cards of such a line with shown cards (`` and won (188) with Lo: …``), by its
text: ``(won, description)``."""


def _summary_cards_parts(line: str) -> tuple[str, str, str] | None:
    """``(words, cards, rest)`` of a summary seat line ``<words> [<cards>]<rest>`` with one ``[``
    and one ``]``, its words ending in ``showed`` or ``mucked``; None for any other line.

    In such a line the regexes read the seat and the name in the words alone (what may end a name
    there is a literal word that does not hold `` [``, or ``showed [``/``mucked [`` itself), the
    won amount and the description in the rest alone, and the cards between the brackets: a line
    of known words and a known rest is read from the two memos and its cards.
    """
    words, _, tail = line.partition(" [")
    text, close, rest = tail.partition("]")
    verb = words[-7:]
    if (not close or "[" in words or "[" in tail or "]" in rest
            or (verb != " showed" and verb != " mucked")):
        return None
    return words, text, rest


def _learn_summary_cards(line: str, hit: tuple[Any, ...], cents: bool) -> bool:
    """Remembers the words and the rest of a summary seat line with cards (see
    :func:`_summary_cards_parts`) read the general way as ``hit``; False when it is no such line
    or its cards are not the ones shown or mucked."""
    parts = _summary_cards_parts(line)
    if parts is None:
        return False
    words, text, rest = parts
    try:
        cards = parse_card_list(text)
    except CardError:
        return False
    if hit[4] is not None and hit[4] == cards and hit[5] is None:
        remember(_summary_words_memo[cents], words, (hit[0], hit[1], 1))
        remember(_summary_rest_memo[cents], rest, (hit[2], hit[3]))
        return True
    if hit[5] is not None and hit[5] == cards and hit[4] is None and not rest:
        remember(_summary_words_memo[cents], words, (hit[0], hit[1], 2))
        return True
    return False


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


_total_memo: dict[bool, dict[str, tuple[int, int, tuple[int, ...] | None]]] = {False: {}, True: {}}
"""``Total pot`` lines already read: ``(total, rake, pots)``."""


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


def _dealt_parts(line: str) -> tuple[str, str, str | None] | None:
    """What ``_DEALT`` reads in ``Dealt to X [a]`` or ``Dealt to X [a] [b]``, by cutting the line at
    its brackets; None for any other shape (the regex then reads it).

    The regex's lazy name ends at the first `` [`` when what follows is one or two bracketed texts
    without ``]``, the first ending at the first ``]``.
    """
    words, _, tail = line.partition(" [")
    first, close, rest = tail.partition("]")
    if not close or len(words) < 10:
        return None
    if not rest:
        return words[9:], first, None
    if rest[:2] == " [" and rest[-1] == "]" and "]" not in rest[2:-1]:
        return words[9:], first, rest[2:-1]
    return None


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


@lru_cache(maxsize=8192)
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


def clear_memos() -> None:
    """Empty every memo of this module (tests compare reading with and without them)."""
    for memo in (_rest_memo, GRAMMAR.verdicts, _noise_memo, _stakes_memo, _rules_memo, _Builder.CLASSIFIED):
        memo.clear()
    clear_amount_memo()
    for by_cents in (_line_memo, _card_memo, _seat_words_memo, _summary_memo, _summary_words_memo,
                     _summary_rest_memo, _total_memo):
        for memo in by_cents.values():
            memo.clear()
    for cached in (_header_body, _table, _summary_tail):
        cached.cache_clear()


# --------------------------------------------------------------------------- a stream of hands

def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = "") -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :func:`~drawdealer.parsers.sniff.split_pokerstars`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
