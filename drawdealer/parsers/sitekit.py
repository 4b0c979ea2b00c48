"""The toolkit a site's hand-history reader is written with (issue 19: one way to write a reader).

A site's text reader is four short parts (``fulltilt.py`` is the model):

1. a row in :data:`drawdealer.parsers.sniff.SITES`: its format name, the pattern of a hand's first
   line (how a file is recognised, by content, and cut into hands) and its module;
2. ``LINES``, a :data:`LineTable`: one ``(kind, word, pattern)`` per kind of line; the first
   pattern that matches (and whose ``name`` group, if any, is a seated player) names the line's
   kind (:meth:`HandBuilder.classify`, memoised by text). The named groups are the vocabulary of :class:`HandBuilder` (see its ``on_*`` methods);
3. a builder, a subclass of :class:`HandBuilder` that handles the site's own kinds of line
   (``on_<kind>``) and its summary;
4. its house rules: one docstring table (how the site writes blinds, posts, pots, rake, side pots,
   uncalled bets, draws …) and one ``house_rules`` function giving them as RULES.md §13 options.

Its ``parse_hand`` matches the header, names the game (:func:`unsupported` skips a game drawdealer
does not play, RULES.md §0.1), calls :meth:`HandBuilder.read_lines`, and builds the record
(:meth:`HandBuilder.record`). A line that fits no pattern, names nobody seated, or breaks a limit
(:mod:`~drawdealer.parsers.limits`) is the hand's :class:`~drawdealer.parsers.results.ParseFailure`
with its line, column and text (:meth:`HandBuilder.failure`); the reader goes on with the next hand.

A site may also check the sequence of its line kinds against a grammar, as PokerStars does: a
``.lark`` file of line kinds whose LALR table ships as a module, checked by a
:class:`~drawdealer.parsers.line_grammar.LineGrammar` (memoised per shape). Amounts and cards are read here, as every site writes
them (:func:`parse_amount`, :func:`parse_card_list`).
"""

from __future__ import annotations

import re
from typing import Any

from drawdealer.engine.cards import CARDS, Card, card_str, parse_card
from drawdealer.engine.frozen import replace
from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes
from drawdealer.engine.showdown import first_to_show
from drawdealer.engine.variants import UnknownGame, get_game
from drawdealer.parsers import limits
from drawdealer.parsers.fastaction import new_pot_claim, new_record
from drawdealer.parsers.patterns import lazy
from drawdealer.parsers.results import ParseFailure, Skipped

K = ActionKind

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "$"}
ISO_OF_SYMBOL = {"$": "USD", "€": "EUR", "£": "GBP"}
SIGN = r"(?:[$£]|€{1})"
"""A currency sign as sites write it before an amount: ``$``, ``£`` or ``€``, for line patterns.
``€`` is kept out of the character class: Python compiles a class holding a character beyond
Latin-1 into a 64K-entry table, half a millisecond a pattern as the readers load
(``bench/bench_startup.py``), and the ``{1}`` keeps its parser from merging the two back into one."""
MONEY = rf"{SIGN}?\d+(?:,\d{{3}})*(?:\.\d+)?"
"""An amount as sites write it (``$1,234.50``, ``1500``), for line patterns."""
ALL_IN = r"(?P<all_in>,? and is all in)?"
"""The all-in tail most sites write after an amount (``calls 25, and is all in``), for line patterns."""


class LineError(ValueError):
    """A line that cannot be read: ``column`` is 1-based within the line (a ``ValueError``, so that
    a reader catching bad amounts and cards catches this too); ``index``, the line's index in the
    hand, where the raiser knows it (a reader's loop sets it with :meth:`at`)."""

    def __init__(self, message: str, column: int = 1, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.index = index

    def at(self, index: int) -> LineError:
        """This error at line ``index`` of the hand."""
        return LineError(self.message, self.column, index)


def hand_failure(lines: list[str], start: int, source: str, message: str, index: int, hand_id: str,
                 column: int = 1) -> ParseFailure:
    """The :class:`ParseFailure` of the hand ``lines`` (its first at line ``start``) at ``lines[index]``."""
    return ParseFailure(message=message, line=start + index, column=column, text=lines[index][:200] if lines else "",
                        hand_id=hand_id, start_line=start, end_line=start + len(lines) - 1, source=source)


# --------------------------------------------------------------------------- amounts and cards

MEMO_SIZE = 20_000
"""A reader's memo (amounts, lines …) is emptied past this size: a few megabytes at most,
whatever the file."""


def remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    """``memo[key] = value``, emptying the memo first when it is full (:data:`MEMO_SIZE`)."""
    if len(memo) > MEMO_SIZE:
        memo.clear()
    memo[key] = value


_AMOUNT = re.compile(rf"{SIGN}?(\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.(\d{{1,2}}))?")
AMOUNTS_READ: dict[bool, dict[str, int]] = {False: {}, True: {}}
"""Amounts already read, by ``cents`` and text (only texts that are amounts)."""


def parse_amount(text: str, cents: bool) -> int:
    """``$1,234.50`` → 123450 when ``cents``; ``1,500`` → 1500 chips otherwise. Raises :class:`LineError`."""
    memo = AMOUNTS_READ[cents]
    value = memo.get(text)
    if value is not None:
        return value
    m = _AMOUNT.fullmatch(text)
    if m is None:
        raise LineError(f"'{text}' is not an amount")
    digits = m.group(1).replace(",", "")
    if len(digits) > limits.MAX_AMOUNT_DIGITS:
        raise LineError(limits.digits_message(f"'{text[:20]}…'"))
    whole = int(digits)
    frac = m.group(2)
    if cents:
        value = whole * 100 + (int(frac.ljust(2, "0")) if frac else 0)
    elif frac and int(frac):
        raise LineError(f"'{text}' has cents in a game played for chips")
    else:
        value = whole
    remember(memo, text, value)
    return value


def clear_amount_memo() -> None:
    """Forget the amounts read (tests compare reading with and without the memo)."""
    for memo in AMOUNTS_READ.values():
        memo.clear()


_CARD = {card_str(c): c for c in CARDS}
_ONE = {text: (card,) for text, card in _CARD.items()}
_CARD_PAIR = {f"{a} {b}": ca + cb for a, ca in _ONE.items() for b, cb in _ONE.items()}
"""``'8s Td'`` → its two cards: a list of cards written the usual way is read two cards at a time."""
_PAIR_SPACE = {f"{pair} ": cards for pair, cards in _CARD_PAIR.items()}
"""``'8s Td '`` → its two cards (a pair and the space after it, when more cards follow)."""


def parse_card_list(text: str) -> tuple[Card, ...]:
    """``8s Td Kd`` → cards (an empty text is no card). Raises :class:`~drawdealer.engine.cards.CardError`.

    Up to five cards written ``Xx Yy …`` are read by pairs (a dictionary look-up costs what
    splitting the text would); anything else, or a look-up that fails, token by token."""
    size = len(text)
    try:
        if size == 14:
            return _PAIR_SPACE[text[:6]] + _PAIR_SPACE[text[6:12]] + _ONE[text[12:]]
        if size == 11:
            return _PAIR_SPACE[text[:6]] + _CARD_PAIR[text[6:]]
        if size == 8:
            return _PAIR_SPACE[text[:6]] + _ONE[text[6:]]
        if size == 5:
            return _CARD_PAIR[text]
        if size == 2:
            return _ONE[text]
        return tuple(map(_CARD.__getitem__, text.split()))
    except KeyError:
        return tuple(parse_card(token) for token in text.split())


# --------------------------------------------------------------------------- lines

LineTable = tuple[tuple[str, str, "re.Pattern[str]"], ...]
"""Each kind of line: ``(kind, word, pattern)``; ``word`` is a text the line must hold (a cheap
test before the pattern; ``""`` for none)."""


def line_table(*rows: tuple[str, str, str]) -> LineTable:
    """A :data:`LineTable` from ``(kind, word, pattern source)`` rows (each pattern must match the
    whole line: end it with ``$``); each is compiled when first tried (:mod:`.patterns`)."""
    return tuple((kind, word, lazy(pattern)) for kind, word, pattern in rows)


def first_match(table: LineTable, text: str) -> tuple[str, re.Match[str]] | None:
    """The kind and match of the first row of ``table`` that matches ``text``, or None."""
    for kind, word, pattern in table:
        if word in text:
            m = pattern.match(text)
            if m is not None:
                return kind, m
    return None


def betting_rows(who: str, all_in: str) -> tuple[tuple[str, str, str], ...]:
    """The rows of :func:`line_table` for the betting lines most sites write alike: ``P folds``,
    ``P checks``, ``P calls X``, ``P bets X``, ``P raises to X``. ``who`` matches the player's name
    and the space before the verb (a ``name`` group), ``all_in`` the line's all-in tail, if any (an
    optional ``all_in`` group). What ``X`` means is the builder's (``calls X`` adds X by default)."""
    return (("fold", " folds", rf"{who}folds$"), ("check", " checks", rf"{who}checks$"),
            ("call", " calls ", rf"{who}calls (?P<amt>{MONEY}){all_in}$"),
            ("bet", " bets ", rf"{who}bets (?P<amt>{MONEY}){all_in}$"),
            ("raise", " raises to ", rf"{who}raises to (?P<amt>{MONEY}){all_in}$"))


def group(m: re.Match[str], name: str) -> str | None:
    """Group ``name`` of ``m``, or None when it did not match or the pattern has no such group."""
    return m[name] if name in m.re.groupindex else None


def unsupported(game: str, site_game: str, *, hand_id: str, start: int, end: int, source: str,
                site: str) -> Skipped | None:
    """The :class:`Skipped` notice of a hand of ``game`` (an ``engine.variants`` id) when
    drawdealer does not play it (RULES.md §0.1), else None; ``site_game`` is how the site names it."""
    try:
        get_game(game)
    except UnknownGame:
        return not_played(site_game, hand_id=hand_id, start=start, end=end, source=source, site=site)
    return None


def not_played(site_game: str, *, hand_id: str, start: int, end: int, source: str, site: str) -> Skipped:
    """The :class:`Skipped` notice (``GAME_UNSUPPORTED``) of a hand of a game drawdealer does not play
    (RULES.md §0.1), named as the site names it."""
    return Skipped(hand_id=hand_id, game=site_game, reason="game", line=start, end_line=end, source=source,
                   message=f"{site} {site_game}: not a game drawdealer plays")


_OTHER_GAME = lazy(r"\b(?:Hold'?em|HOLD'?EM|Omaha\w*|OMAHA\w*|Courchevel|Irish|[\w-]*[Ss]tud\w*|STUD|Razz|RAZZ|"
                   r"Fusion|Pineapple|HORSE|HOSE|Big O|Short Deck\w*)\b")
_DRAW_WORD = lazy(r"(?i)draw|badugi|lowball|badeucey|badacey|deuce")


def other_game(header: str) -> str | None:
    """The game a header line the reader cannot read names, when it is a flop or stud game
    drawdealer does not play (Hold'em, Omaha, Courchevel, Stud, Razz …, RULES.md §0.1) and the line
    names no draw game; else None. A reader skips such a hand with a notice instead of failing on a
    decoration of its header it does not know (an archive holds every game a site deals)."""
    if _DRAW_WORD.search(header):
        return None
    m = _OTHER_GAME.search(header)
    return m.group() if m else None


def header_not_read(lines: list[str], index: int, start: int, source: str, message: str, *, hand_id: str = "",
                    site: str) -> ParseFailure | Skipped:
    """The hand whose header line ``lines[index]`` the reader cannot read: a :class:`Skipped`
    notice when the line names a game drawdealer does not play (:func:`other_game`), else its
    :class:`ParseFailure` with ``message``."""
    line = lines[index] if index < len(lines) else ""
    other = other_game(line)
    end = start + len(lines) - 1
    if other is not None:
        return not_played(other, hand_id=hand_id, start=start, end=end, source=source, site=site)
    return ParseFailure(message=message, line=start + index, text=line[:200], hand_id=hand_id, start_line=start,
                        end_line=end, source=source)


def site_stakes(structure: str, a: int, b: int, *, sb_post: int | None = None, ante: int = 0) -> Stakes:
    """The stakes ``a/b`` of a site's header: in fixed limit (``structure`` ``FL``) the small and big
    bets, the big blind being the small bet and the small blind the one posted (else half the big
    blind, RULES.md §6.1); in pot and no limit the small and big blinds."""
    if structure == "FL":
        return Stakes(sb=sb_post if sb_post is not None else a // 2, bb=a, ante=ante, small_bet=a, big_bet=b)
    return Stakes(sb=a, bb=b, ante=ante)


def position_order(record: HandRecord) -> list[Seat]:
    """Players dealt in, from the first seat left of the button round to the button (RULES.md §6.1);
    a record with no button player uses ``extra["button_seat"]``, else the last seat."""
    players = [s for s in record.seats if not s.sitting_out]
    button_seat = next((s.seat for s in players if s.name == record.button), None)
    if button_seat is None:
        button_seat = record.extra.get("button_seat", players[-1].seat if players else 0)
    after = [s for s in players if s.seat > button_seat]
    return after + [s for s in players if s.seat <= button_seat]


# --------------------------------------------------------------------------- the builder

_POSTS = {"post_sb": K.POST_SB, "post_bb": K.POST_BB, "post_dead": K.POST_DEAD, "post_ante": K.POST_ANTE}
_BETS = {"call": K.CALL, "bet": K.BET, "raise": K.RAISE}


class HandBuilder:
    """The seats, actions and claims of one hand, read line by line.

    A subclass sets :attr:`LINES` (and :attr:`SEAT`, the seat line's pattern: groups ``seat``,
    ``name``, ``stack``, optional ``out``) and may add ``on_<kind>`` methods for kinds of its own.
    The standard kinds and the groups they read (``amt`` an amount; ``all_in`` set when all in):

    ====================  ==========================================================================
    ``post_sb`` …         ``post_sb``, ``post_bb``, ``post_dead``, ``post_ante``: ``name``, ``amt``
    ``fold``, ``check``   ``name``
    ``call``, ``bet``     ``name``, ``amt`` (the chips the action puts in)
    ``raise``             ``name``, ``amt``: the total in front of the player this round (§7.1)
    ``discard``, ``pat``  ``name``, ``n`` (cards discarded), optional ``cards`` (known ones)
    ``dealt_n``           ``name``, ``n``: cards received in the draw (a claim, §8.2, when ≠ ``n``)
    ``dealt_to``          ``name``, ``a`` and optional ``b``: the deal, or ``[kept] [new]`` in a draw
    ``show``, ``muck``    ``name``, optional ``cards``; a muck before the showdown is not read
    ``wins``              ``name``, ``amt``, optional ``n`` (side pot number): a collected line
    ``uncalled``          ``name``, ``amt``: chips returned (§7.1)
    ``total``             ``total``, ``rake``, optional ``pots``: the total pot line
    ``section``           ``section``: a street or section (:attr:`SHOWDOWN`, :attr:`SUMMARY`)
    ``button``            ``seat``: the button's seat
    ``noise``             table talk and table events: nothing
    ====================  ==========================================================================
    """

    LINES: LineTable = ()
    SEAT: re.Pattern[str] | None = None
    SHOWDOWN = frozenset({"SHOW DOWN"})
    SUMMARY = frozenset({"SUMMARY"})
    POT = lazy(rf"(?:Main|Side) pot(?: \d+)? ({MONEY})")
    """One pot of a total line's ``pots`` group."""
    UNCALLED_PRINTED = True
    """Whether the site writes a line for every uncalled bet it returns (``Claims.uncalled_printed``):
    a site that returns them silently (KingsClub) sets False, so that no line claims nothing."""
    UNCALLED_IN_COLLECTED = False
    """Whether a collected amount holds the player's returned uncalled chips
    (``Claims.uncalled_in_collected``: Merge)."""
    RAKE_PRINTED = True
    """Whether the site prints the rake (``Claims.rake_printed``): one that does not (Merge) sets False."""

    def __init__(self, lines: list[str], start: int, source: str, *, cents: bool) -> None:
        self.lines, self.start, self.source, self.cents = lines, start, source, cents
        self.seats: list[Seat] = []
        self.names: dict[str, int] = {}  # seated player → seat
        self.seat_names: dict[int, str] = {}  # seat → seated player
        self.button_seat: int | None = None
        self.actions: list[Action] = []
        self.draw_index: dict[str, int] = {}  # player → index of his draw action this round
        self.hero: str | None = None
        self.showdown = False
        self.summary = False
        self.total: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] | None = None
        self.uncalled: list[tuple[str, int, int | None]] = []
        self.collected: list[PotClaim] = []
        self.summary_won: list[tuple[str, int, int | None]] = []
        self.final_stacks: list[tuple[str, int]] = []
        self.sb_post: int | None = None  # the small blind posted
        self.claim_lines: dict[str, int] = {}

    # ---- reading

    def read_lines(self, first: int, hand_id: str) -> ParseFailure | None:
        """Read ``lines[first:]`` (seats, then the body, then the summary); the failure of the
        first line that cannot be read, or that breaks a limit, else None."""
        lines = self.lines
        too_long = limits.line_problem(lines)
        if too_long is not None:
            return self.failure(too_long[1], too_long[0], hand_id)
        i = first
        try:
            for i in range(first, len(lines)):
                line = lines[i]
                if not line:
                    continue
                if self.summary:
                    self.summary_line(line, self.start + i)
                else:
                    self.body_line(line, self.start + i)
                if len(self.seats) > limits.MAX_PLAYERS:
                    return limits.player_count_failure(len(self.seats), line=self.start + i, hand_id=hand_id,
                                                       start_line=self.start, end_line=self.end, source=self.source)
                if len(self.actions) > limits.MAX_ACTIONS:
                    raise LineError(limits.actions_message(len(self.actions)))
        except ValueError as e:  # LineError, a card or an amount that is none
            index = limits.long_number(lines) if not isinstance(e, LineError) else None
            if index is not None:
                return self.failure(limits.digits_message("a number"), index, hand_id)
            return self.failure(str(e), i, hand_id, column=getattr(e, "column", 1))
        return None

    @property
    def end(self) -> int:
        return self.start + len(self.lines) - 1

    def failure(self, message: str, index: int, hand_id: str, column: int = 1) -> ParseFailure:
        """The hand's :class:`ParseFailure` at ``lines[index]``."""
        return hand_failure(self.lines, self.start, self.source, message, index, hand_id, column)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.CLASSIFIED = {}

    CLASSIFIED: dict[str, tuple[str, re.Match[str]]] = {}
    """The site's lines already classified (:meth:`classify`), by text: one memo per builder class,
    emptied past :data:`MEMO_SIZE`."""

    def classify(self, line: str) -> tuple[str, re.Match[str]] | None:
        """The kind of ``line`` and its match: the first row of :attr:`LINES` that matches it and
        whose ``name`` group, if any, is a seated player (``noise`` rows name nobody); None when no
        row does.

        Memoised by text (:attr:`CLASSIFIED`): a line is remembered only when its row is the first
        whose pattern matches it at all, so that, whoever is seated, no earlier row can take it: the
        memo answers when its row's player is seated, and the rows are tried again when he is not."""
        hit = self.CLASSIFIED.get(line)
        if hit is not None:
            kind, m = hit
            if kind == "noise" or "name" not in m.re.groupindex or m["name"] in self.names:
                return hit
        names = self.names
        first = True
        for kind, word, pattern in self.LINES:
            m = pattern.match(line) if word in line else None
            if m is None:
                continue
            if "name" not in pattern.groupindex or kind == "noise" or m["name"] in names:
                if first:
                    remember(self.CLASSIFIED, line, (kind, m))
                return kind, m
            first = False
        return None

    def body_line(self, line: str, number: int) -> None:
        """One line before the summary: its kind (:meth:`classify`) read by ``on_<kind>``."""
        if self.SEAT is not None and not self.actions and self.seat(line):
            return
        hit = self.classify(line)
        if hit is None:
            raise LineError(f"not a {self.site_name()} line of a seated player")
        getattr(self, "on_" + hit[0])(hit[1], number, line)

    def site_name(self) -> str:
        return type(self).__name__.removesuffix("Builder")

    def summary_line(self, line: str, number: int) -> None:
        """One line after the summary section starts: a body line unless the site reads its own."""
        self.body_line(line, number)

    # ---- the standard kinds

    def amount(self, text: str) -> int:
        return parse_amount(text, self.cents)

    def player(self, name: str) -> str:
        if name not in self.names:
            raise LineError(f"'{name}' is not seated at this table")
        return name

    def add(self, kind: ActionKind, name: str, number: int, line: str, **fields: Any) -> None:
        self.actions.append(Action(kind=kind, player=self.player(name), line=number, text=line, **fields))

    def seat(self, line: str) -> bool:
        """A seat line (:attr:`SEAT`) read, or False when ``line`` is none."""
        m = self.SEAT.match(line) if self.SEAT is not None else None
        if m is None:
            return False
        self.add_seat(int(m["seat"]), m["name"], self.amount(m["stack"]), sitting_out=group(m, "out") is not None)
        return True

    def add_seat(self, seat: int, name: str, stack: int, *, sitting_out: bool = False) -> None:
        """Seat ``name`` (a seat line, or a site's player element)."""
        if name in self.names:  # one player, one seat
            raise LineError(f"player '{name}' is seated twice")
        if not 1 <= seat <= limits.MAX_SEAT:
            raise LineError(f"seat {seat} is not a seat number (1 to {limits.MAX_SEAT})")
        self.seats.append(Seat(seat=seat, name=name, stack=stack, sitting_out=sitting_out))
        self.names[name] = seat
        self.seat_names[seat] = name

    @staticmethod
    def all_in(m: re.Match[str]) -> bool:
        return group(m, "all_in") is not None

    def post(self, kind: str, m: re.Match[str], number: int, line: str) -> None:
        self.add(_POSTS[kind], m["name"], number, line, amount=self.amount(m["amt"]), all_in=self.all_in(m))

    def on_post_sb(self, m: re.Match[str], number: int, line: str) -> None:
        self.post("post_sb", m, number, line)
        self.sb_post = self.actions[-1].amount  # for the stakes of a fixed-limit game (site_stakes)

    def on_post_bb(self, m: re.Match[str], number: int, line: str) -> None:
        self.post("post_bb", m, number, line)

    def on_post_dead(self, m: re.Match[str], number: int, line: str) -> None:
        self.post("post_dead", m, number, line)

    def on_post_ante(self, m: re.Match[str], number: int, line: str) -> None:
        self.post("post_ante", m, number, line)

    def bet(self, kind: str, m: re.Match[str], number: int, line: str) -> None:
        self.add(_BETS[kind], m["name"], number, line, amount=self.amount(m["amt"]), all_in=self.all_in(m))

    def on_call(self, m: re.Match[str], number: int, line: str) -> None:
        self.bet("call", m, number, line)

    def on_bet(self, m: re.Match[str], number: int, line: str) -> None:
        self.bet("bet", m, number, line)

    def on_raise(self, m: re.Match[str], number: int, line: str) -> None:
        self.bet("raise", m, number, line)

    def on_fold(self, m: re.Match[str], number: int, line: str) -> None:
        self.add(K.FOLD, m["name"], number, line)

    def on_check(self, m: re.Match[str], number: int, line: str) -> None:
        self.add(K.CHECK, m["name"], number, line)

    @staticmethod
    def cards(m: re.Match[str]) -> tuple[Card, ...] | None:
        """The ``cards`` group's cards, or None when the line shows none."""
        text = group(m, "cards")
        return parse_card_list(text) if text is not None else None

    def on_discard(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw_index[m["name"]] = len(self.actions)
        self.add(K.DRAW, m["name"], number, line, count=int(m["n"]), discarded=self.cards(m))

    def on_pat(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw_index[m["name"]] = len(self.actions)
        self.add(K.DRAW, m["name"], number, line, kept=self.cards(m))

    def on_dealt_n(self, m: re.Match[str], number: int, line: str) -> None:
        """``P is dealt N cards``: a claim only where N is not the discard count (§8.2); where it
        is, the record holds the count alone, as a PokerStars or PHH hand does."""
        count = int(m["n"])
        if count != self.actions[self.draw_of(m["name"])].count:
            self.replace_draw(m["name"], received_count=count, received_lines=(number,) * count)

    def on_dealt_to(self, m: re.Match[str], number: int, line: str) -> None:
        """``Dealt to P [cards]`` (the deal) or, in a draw, ``Dealt to P [kept] [new]``."""
        name, first, second = self.player(m["name"]), m["a"], m["b"]
        if name in self.draw_index:
            if self.actions[self.draw_index[name]].received is not None:
                raise LineError(f"a second 'Dealt to {name}' in one draw: the log contradicts itself")
            kept, new = (first, second) if second is not None else ("", first)
            received = parse_card_list(new)
            self.replace_draw(name, kept=parse_card_list(kept), received=received, received_count=len(received),
                              received_lines=(number,) * len(received))
            return
        cards = parse_card_list(first) + (parse_card_list(second) if second is not None else ())
        self.hero = self.hero or name
        self.add(K.DEAL, name, number, line, cards=cards, count=len(cards))

    def on_show(self, m: re.Match[str], number: int, line: str) -> None:
        cards = self.cards(m)
        self.add(K.SHOW, m["name"], number, line, cards=cards, count=len(cards) if cards else 0)

    def on_muck(self, m: re.Match[str], number: int, line: str) -> None:
        if self.showdown:  # before the showdown: the winner nobody called, not showing
            cards = self.cards(m)
            self.add(K.MUCK, m["name"], number, line, **({"cards": cards, "count": len(cards)} if cards else {}))

    def on_wins(self, m: re.Match[str], number: int, line: str) -> None:
        pot = group(m, "pot") or "pot"
        index = 0 if pot in ("pot", "main pot") else int(group(m, "n") or 1)
        self.collected.append(new_pot_claim(self.player(m["name"]), parse_amount(m["amt"], self.cents), index, number))

    def on_uncalled(self, m: re.Match[str], number: int, line: str) -> None:
        self.uncalled.append((self.player(m["name"]), parse_amount(m["amt"], self.cents), number))

    def on_total(self, m: re.Match[str], number: int, line: str) -> None:
        self.total, self.rake = self.amount(m["total"]), self.amount(m["rake"])
        if group(m, "pots"):
            self.pots = tuple(self.amount(p) for p in self.POT.findall(m["pots"]))
        self.claim_lines["total_pot"] = self.claim_lines["rake"] = number

    def on_section(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw_index = {}
        self.showdown = self.showdown or m["section"] in self.SHOWDOWN
        self.summary = m["section"] in self.SUMMARY

    def on_button(self, m: re.Match[str], number: int, line: str) -> None:
        self.button_seat = int(m["seat"])

    def on_noise(self, m: re.Match[str], number: int, line: str) -> None:
        """Table talk and table events: never play."""

    # ---- draws completed by later lines

    def draw_of(self, name: str) -> int:
        """The index of ``name``'s draw this round."""
        index = self.draw_index.get(name)
        if index is None:
            raise LineError(f"{name} is dealt cards without a discard this round")
        return index

    def replace_draw(self, name: str, **fields: Any) -> None:
        """Complete ``name``'s draw of this round with what a later line says of it."""
        index = self.draw_of(name)
        self.actions[index] = replace(self.actions[index], **fields)

    def mucked_cards(self, name: str, cards: tuple[Card, ...]) -> None:
        """The summary shows the cards of a showdown muck: they go on that muck."""
        for i in range(len(self.actions) - 1, -1, -1):
            a = self.actions[i]
            if a.kind is K.MUCK and a.player == name:
                self.actions[i] = replace(a, cards=cards, count=len(cards))
                return

    def set_sitting_out(self, name: str) -> None:
        self.seats = [replace(s, sitting_out=True) if s.name == name else s for s in self.seats]

    # ---- sites that print less

    def summary_showdown(self, shown: dict[str, tuple[Card, ...]], winners: set[str], lines: dict[str, int],
                         hand_size: int = 5) -> None:
        """For a site that prints the hands of its showdown in the summary alone, in no order
        (OnGame): the players still in at the end of the play show, in the order RULES.md §9.1
        names (``engine.showdown.first_to_show``, from the last bet or raise after the last draw,
        then clockwise), so that the record claims no order the log does not print. A player
        whose cards the summary prints shows them; a winner whose cards it does not print shows
        unknown cards (``hand_size`` of them); any other mucks. ``lines``: each player's summary line."""
        folded = {a.player for a in self.actions if a.kind is K.FOLD}
        seats = sorted((s for s in self.seats if not s.sitting_out), key=lambda s: s.seat)
        button = self.button_seat if self.button_seat is not None else 0
        order = [s.name for s in seats if s.seat > button] + [s.name for s in seats if s.seat <= button]
        remaining = [name for name in order if name not in folded]
        if len(remaining) < 2:
            return
        last_draw = max((k for k, a in enumerate(self.actions) if a.kind is K.DRAW), default=-1)
        aggressor = next((a.player for a in reversed(self.actions[last_draw + 1:])
                          if a.kind in (K.BET, K.RAISE)), None)
        first = remaining.index(first_to_show(order, remaining.__contains__, aggressor)[0])
        for name in remaining[first:] + remaining[:first]:
            number = lines.get(name)
            if name in shown:
                self.actions.append(Action(kind=K.SHOW, player=name, cards=shown[name], count=len(shown[name]),
                                           line=number))
            elif name in winners:
                self.actions.append(Action(kind=K.SHOW, player=name, count=hand_size, line=number))
            else:
                self.actions.append(Action(kind=K.MUCK, player=name, line=number))

    # ---- the record

    def button(self) -> str | None:
        """The player on the button seat, if anybody sits there."""
        return self.seat_names.get(self.button_seat) if self.button_seat is not None else None

    def dealt_seats(self) -> tuple[Seat, ...]:
        """The record's seats (a site may count some it marks as sitting out as dealt in)."""
        return tuple(self.seats)

    def claims(self) -> Claims:
        return Claims(total_pot=self.total, pots=self.pots, rake=self.rake, uncalled=tuple(self.uncalled),
                      collected=tuple(self.collected), summary_collected=tuple(self.summary_won),
                      final_stacks=tuple(self.final_stacks), uncalled_printed=self.UNCALLED_PRINTED,
                      uncalled_in_collected=self.UNCALLED_IN_COLLECTED, rake_printed=self.RAKE_PRINTED,
                      lines=self.claim_lines)

    def record(self, *, hand_id: str, game: str, stakes: Stakes, options: dict[str, Any], currency: str,
               extra: dict[str, Any], antes_in_position_order: bool = False) -> HandRecord:
        """The hand's record. ``antes_in_position_order``: the site logs antes in no seat order;
        the record lists them from the left of the button (the order does not matter to the rules,
        §6.1, and PHH's per-seat antes are read so)."""
        button = self.button()
        if self.button_seat is not None and button is None:
            extra = {**extra, "button_seat": self.button_seat}
        record = new_record(hand_id, game, self.dealt_seats(), button, stakes, tuple(self.actions), self.claims(),
                            options, self.source, self.start, self.end, self.hero, currency, extra)
        if antes_in_position_order and any(a.kind is K.POST_ANTE for a in self.actions):
            order = position_order(record)  # heads-up the button has the small blind
            position = {s.name: i for i, s in enumerate(order[::-1] if len(order) == 2 else order)}
            antes = sorted((a for a in self.actions if a.kind is K.POST_ANTE), key=lambda a: position.get(a.player, -1))
            record = replace(record, actions=tuple(antes) + tuple(a for a in self.actions if a.kind is not K.POST_ANTE))
        return record



# --------------------------------------------------------------------------- chips and draws a site leaves unsaid

class Ledger:
    """The chips each player has in front of him this betting round, for sites that print amounts
    their own way: a call as the player's total for the round (Boss Media), an all-in without
    saying whether it calls, bets or raises (Merge, Boss). A reader turns such amounts into the
    record's (RULES.md §7: a call or bet is the chips it puts in, a raise the player's total this
    round); dead money (antes, a dead small blind) is not in front of anybody."""

    def __init__(self) -> None:
        self.round: dict[str, int] = {}

    def new_round(self) -> None:
        self.round = {}

    def put(self, player: str, chips: int) -> None:
        """``player`` puts ``chips`` in front of him."""
        self.round[player] = self.round.get(player, 0) + chips

    def bring_to(self, player: str, total: int) -> None:
        """``player`` has ``total`` in front of him now (a post, a bet, a raise to a total)."""
        self.round[player] = total

    def added(self, player: str, to: int) -> int:
        """The chips ``player`` puts in to have ``to`` in front of him this round."""
        return to - self.round.get(player, 0)

    def kind(self, player: str, to: int) -> ActionKind:
        """Going to ``to`` this round: a call (no more than the bet), a bet (the first chips of a
        round) or a raise."""
        high = max(self.round.values(), default=0)
        if to <= high:
            return K.CALL
        return K.BET if high == 0 else K.RAISE


def changed_cards(before: tuple[Card, ...], after: tuple[Card, ...]) -> dict[str, Any]:
    """A draw's fields read from a hand before and after it (sites that print the hero's new
    hand, not his discards): the cards gone, the cards come, the cards kept (RULES.md §8.2). A
    hand that stands pat keeps all its cards and names no discard."""
    kept = tuple(c for c in before if c in after)
    if len(kept) == len(before):
        return {"kept": kept}
    received = tuple(c for c in after if c not in before)
    return {"discarded": tuple(c for c in before if c not in after), "received": received, "kept": kept,
            "received_count": len(received)}
