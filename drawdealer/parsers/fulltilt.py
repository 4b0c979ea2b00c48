"""Full Tilt Poker draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord`.

Games: Limit/Pot Limit/No Limit 2-7 Triple Draw, 2-7 Single Draw and 5 Card Draw, cash and
sit-and-go, headers ``Full Tilt Poker Game #N: [tournament, ]Table T [(6 max)] - stakes - game -
time`` and the 2013 form with the game first (``Table T - FL Badugi - $0.10/$0.20 - …``). A hand of
a game drawdealer does not play (Badugi, A-5, Hold'em, Stud …, checked against
``engine.variants``) is :class:`~drawdealer.parsers.results.Skipped` from its header alone, and so
is a hand the log holds no play of (a header and a summary only: FTP's "partial" and dead hands).
The file is split into hands and decoded (UTF-16LE or not) by :mod:`~drawdealer.parsers.sniff`;
amounts and cards are read as the PokerStars reader reads them.

How: each line is matched against :data:`LINES`, a table of compiled patterns, one per kind of
line; one builder (:class:`_Builder`) turns the matches into actions and claims. A line that fits
no pattern, or names a player not seated, gives a :class:`~drawdealer.parsers.results.ParseFailure`
with its line and text.

Full Tilt's house rules, as its logs show them (the corpus in ../shared/corpus/fpdb/*/FTP and
FPDB's ``FullTiltPokerToFpdb.py``); :func:`house_rules` sets the rule options:

============================  ===============================================================
blinds, fixed limit           ``$150/$300 - Limit``: small bet / big bet; the big blind is the
                              small bet, the small blind half of it (the small-blind post when
                              the log has one, as FTP rounds it at tiny stakes)
blinds, pot and no limit      ``$0.10/$0.20 Ante $0.05 - No Limit``: small and big blind, ante
posts                         ``posts the small blind of X``, ``posts the big blind of X``,
                              ``antes X`` (before the blinds, in no seat order: the record
                              lists them from the small blind round the table; the order does not
                              matter to the rules, §6.1, and PHH's per-seat antes are read so);
                              a player coming in posts ``posts X`` (a live big blind) and may
                              add ``posts a dead small blind of X`` (dead money)
raises                        ``raises to X``: the total in front of the player this round
all in                        ``calls X, and is all in`` (or without the comma)
draws                         ``P discards N cards [..]`` (the cards for the hero only), every
                              discard of the round first, then ``P is dealt N cards`` for each
                              (the hero: ``Dealt to P [kept] [new]``); ``P stands pat [on ..]``.
                              ``is dealt N`` is a claim only where N is not the discard count
                              (``received_count``, checked by the replay, RULES.md §8.2); where
                              it is, the record holds the count alone, as a PokerStars or PHH
                              hand does, so that ``convert`` reads back the same record
dead blinds                   ``posts a dead small blind of X`` then ``posts Y``: the record puts
                              the live blind first, as PokerStars' ``posts small & big blinds``
pots                          ``*** FIRST DRAW *** (Pot: X)`` / ``(Total Pot: X, N Players)``:
                              the pot before the draw (not checked); ``Total pot X | Rake Y`` and,
                              with side pots, ``Total pot X Main pot Y Side pot Z | Rake R``
uncalled bets                 ``Uncalled bet of X returned to P``, before the pot is taken; the
                              total pot excludes it (as PokerStars')
collected                     ``P wins the pot (X)``, ``wins the main pot``, ``the side pot``
                              (``ties for …`` when split): P's share net of rake; the summary's
                              ``won (X)`` / ``collected (X)`` is P's total
rake                          taken from the pot before it is paid; none on a hand ended before
                              the draw (the corpus: ``Rake $0`` on every pre-draw walk)
sitting out                   ``Seat N: P ($X), is sitting out``, or in the summary alone
                              (``Seat N: P is sitting out``): the seat line may list a player
                              sitting out as seated (FPDB's "sitting out but not listed" files)
table size                    ``(6 max)``, ``(heads up)``; a header without one (``Table
                              Laurelvale``, ``(New to the Game)``) seats at least its highest seat
                              number: Full Tilt's Badugi tables seat 8 (``MAX_PLAYERS_27``, §2.1)
winner's muck                 a winner nobody called ``mucks`` before the pot: not a showdown
                              muck (read as nothing); after ``*** SHOW DOWN ***`` it is one
============================  ===============================================================

Read but not checked: the pot printed with each draw, and the hand descriptions (``with
7,5,4,3,2``, ``a 3-Card: 5, 4, 2``), which drawdealer's rankings do not word as Full Tilt does.

Not read (table talk and table events, never play): chat (``P: text``), ``has N seconds left to
act``, ``has been disconnected``, ``has reconnected``, ``has returned``, ``is sitting out``,
``sits down``, ``stands up``, ``has timed out``, ``has requested TIME``, ``is feeling …``,
``adds X`` (chips for the next hand), ``No low hand qualified``, ``Duration``, ``Board:``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable, Iterator

from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes
from drawdealer.engine.variants import UnknownGame, get_game
from drawdealer.parsers.pokerstars import ISO_OF_SYMBOL, house_rules as pokerstars_rules
from drawdealer.parsers.pokerstars import parse_amount, parse_card_list
from drawdealer.parsers.phh_writer import position_order
from drawdealer.parsers.results import ParseFailure, Skipped

K = ActionKind

GAMES = {
    "2-7 Triple Draw": "27TD",
    "2-7 Single Draw": "27SD",
    "5 Card Draw": "5CD",
    "Badugi": "BADUGI",
    "A-5 Triple Draw": "A5TD",
}
"""Full Tilt's draw-game names, by ``engine.variants`` family (a family the engine does not know
yet is skipped, as any other game)."""
STRUCTURES = {"Limit": "FL", "FL": "FL", "Pot Limit": "PL", "PL": "PL", "No Limit": "NL", "NL": "NL"}

_MONEY = r"[$€£]?\d+(?:,\d{3})*(?:\.\d+)?"
HEADER = re.compile(
    r"Full ?Tilt ?Poker Game #(?P<id>\d+): (?:(?P<tournament>.+?), )?Table (?P<table>.+?)"
    rf" - (?:(?P<game_first>(?:FL|PL|NL) [^-]+?) - )?(?P<a>{_MONEY})/(?P<b>{_MONEY})(?: Ante (?P<ante>{_MONEY}))?"
    r"(?: - (?P<game>(?:Limit|Pot Limit|No Limit) .+?))? - (?P<when>\d{1,2}:\d{2}:\d{2} .*)$"
)
_MAX_SEATS = re.compile(r"\((?:(?P<n>\d+) max|(?P<hu>heads up))\)")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{_MONEY})\)(?P<out>, is sitting out)?$")
_BUTTON = re.compile(r"The button is in seat #(?P<seat>\d+)$")
_SECTION = re.compile(r"\*\*\* (?P<name>[A-Z ]+) \*\*\*")
_ALL_IN = r"(?P<all_in>,? and is all in)?"
_WHO = r"(?P<name>.+?) "

LINES: tuple[tuple[str, str, re.Pattern[str]], ...] = tuple((kind, word, re.compile(pattern))
                                                            for kind, word, pattern in (
    ("post_sb", " posts the small", rf"{_WHO}posts the small blind of (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("post_bb", " posts the big", rf"{_WHO}posts the big blind of (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("post_dead", " posts a dead", rf"{_WHO}posts a dead small blind of (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("post_bb", " posts ", rf"{_WHO}posts (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("post_ante", " antes ", rf"{_WHO}antes (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("fold", " folds", rf"{_WHO}folds$"),
    ("check", " checks", rf"{_WHO}checks$"),
    ("call", " calls ", rf"{_WHO}calls (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("bet", " bets ", rf"{_WHO}bets (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("raise", " raises to ", rf"{_WHO}raises to (?P<amt>{_MONEY}){_ALL_IN}$"),
    ("discard", " discards ", rf"{_WHO}discards (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$"),
    ("pat", " stands pat", rf"{_WHO}stands pat(?: on \[(?P<cards>[^\]]*)\])?$"),
    ("dealt_n", " is dealt ", rf"{_WHO}is dealt (?P<n>\d+) cards?$"),
    ("dealt_to", "Dealt to ", r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$"),
    ("show", " shows", rf"{_WHO}shows(?: \[(?P<cards>[^\]]*)\])?(?: (?P<desc>.+))?$"),
    ("muck", " mucks", rf"{_WHO}mucks$"),
    ("wins", " pot (", rf"{_WHO}(?:wins|ties for) the (?:high |low )?(?P<pot>pot|main pot|side pot(?: #?(?P<n>\d+))?)"
                       rf" \((?P<amt>{_MONEY})\)(?: with (?P<desc>.+))?$"),
    ("uncalled", "Uncalled bet", rf"Uncalled bet of (?P<amt>{_MONEY}) returned to (?P<name>.+)$"),
    ("total", "Total pot ", rf"Total pot (?P<total>{_MONEY})(?P<pots>(?: (?:Main|Side) pot(?: \d+)? {_MONEY})*)"
                            rf" \| Rake (?P<rake>{_MONEY})$"),
    ("noise", " ", r".+? (?:has \d+ seconds left to act|has been disconnected|has reconnected|has returned"
                   r"|is sitting out|sits down|stands up|has timed out|has requested TIME|is feeling \w+"
                   rf"|adds {_MONEY}|leaves the table|joins the table at seat #\d+)$"),
    ("noise", "", r"(?:\d+ seconds left to act|No low hand qualified|Duration \d+s|Board: \[.*\])$"),
    ("noise", ": ", r"[^\[\]]+?: .*$"),  # chat: 'P: text' (after every action, so that no action is read as talk)
))
"""Every line of a hand's body: its kind, a word it must hold (a cheap test before the pattern)
and its pattern; the first that matches names the kind."""
_POT = re.compile(rf"(?:Main|Side) pot(?: \d+)? ({_MONEY})")
_SUMMARY_WON = re.compile(rf"(?:won|collected) \(({_MONEY})\)")
_SUMMARY_MUCKED = re.compile(r"mucked \[(?P<cards>[^\]]*)\]")
_POST_KINDS = {"post_sb": K.POST_SB, "post_bb": K.POST_BB, "post_dead": K.POST_DEAD, "post_ante": K.POST_ANTE}
_BET_KINDS = {"call": K.CALL, "bet": K.BET, "raise": K.RAISE}


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Full Tilt's rules as RULES.md §13 options: PokerStars' (its reshuffle of every non-live card
    but the current player's discards, §8.4; deal to the last card, §8.3; a bet and three raises,
    §7.2; no rake without a draw, §9.5; blinds and antes, §6.1), which Full Tilt's logs share."""
    return pokerstars_rules(max_seats=max_seats, antes=antes)


class _LineError(ValueError):
    """A line that fits no pattern, or names nobody seated."""


class _Builder:
    """The actions and claims of one hand, line by line."""

    def __init__(self, lines: list[str], start: int, source: str) -> None:
        self.lines, self.start, self.source = lines, start, source
        self.seats: list[Seat] = []
        self.names: dict[str, int] = {}
        self.button_seat: int | None = None
        self.actions: list[Action] = []
        self.draw_index: dict[str, int] = {}  # player → index of his draw action this round
        self.hero: str | None = None
        self.showdown = False
        self.summary = False
        self.sb_post: int | None = None
        self.total: int | None = None
        self.rake: int | None = None
        self.pots: tuple[int, ...] | None = None
        self.uncalled: list[tuple[str, int, int | None]] = []
        self.collected: list[PotClaim] = []
        self.summary_won: list[tuple[str, int, int | None]] = []
        self.claim_lines: dict[str, int] = {}
        self.cents = False

    def amount(self, text: str) -> int:
        return parse_amount(text, self.cents)

    def player(self, name: str) -> str:
        if name not in self.names:
            raise _LineError(f"'{name}' is not seated at this table")
        return name

    def add(self, kind: ActionKind, name: str, number: int, line: str, **fields: Any) -> None:
        self.actions.append(Action(kind=kind, player=self.player(name), line=number, text=line, **fields))

    def seat(self, line: str) -> bool:
        m = _SEAT.match(line)
        if m is None:
            return False
        seat, name = int(m["seat"]), m["name"]
        if name in self.names:  # as the PokerStars reader: one player, one seat
            raise _LineError(f"player '{name}' is seated twice")
        self.seats.append(Seat(seat=seat, name=name, stack=self.amount(m["stack"]), sitting_out=bool(m["out"])))
        self.names[name] = seat
        return True

    def body(self, line: str, number: int) -> None:
        """One line before the summary."""
        if line.startswith("***"):
            section = _SECTION.match(line)
            if section is None:
                raise _LineError("an unknown '***' section")
            self.draw_index = {}
            self.showdown = self.showdown or section["name"] == "SHOW DOWN"
            self.summary = section["name"] == "SUMMARY"
            return
        button = _BUTTON.match(line)
        if button:
            self.button_seat = int(button["seat"])
            return
        for kind, word, pattern in LINES:
            m = pattern.match(line) if word in line else None
            if m is not None and ("name" not in pattern.groupindex or m["name"] in self.names or kind == "noise"):
                self.line(kind, m, number, line)
                return
        raise _LineError("not a Full Tilt line of a seated player")

    def line(self, kind: str, m: re.Match[str], number: int, line: str) -> None:
        if kind == "noise":
            return
        all_in = "all_in" in m.re.groupindex and m["all_in"] is not None
        if kind in _POST_KINDS:
            amount = self.amount(m["amt"])
            if kind == "post_sb":
                self.sb_post = amount
            self.add(_POST_KINDS[kind], m["name"], number, line, amount=amount, all_in=all_in)
            before = self.actions[-2] if len(self.actions) > 1 else None
            if kind == "post_bb" and before and before.kind is K.POST_DEAD and before.player == m["name"]:
                self.actions[-2:] = self.actions[:-3:-1]  # the live blind first, then the dead one
        elif kind in _BET_KINDS:
            self.add(_BET_KINDS[kind], m["name"], number, line, amount=self.amount(m["amt"]), all_in=all_in)
        elif kind == "fold":
            self.add(K.FOLD, m["name"], number, line)
        elif kind == "check":
            self.add(K.CHECK, m["name"], number, line)
        elif kind in ("discard", "pat"):
            cards = parse_card_list(m["cards"]) if m["cards"] is not None else None
            self.draw_index[m["name"]] = len(self.actions)
            if kind == "discard":
                self.add(K.DRAW, m["name"], number, line, count=int(m["n"]), discarded=cards)
            else:
                self.add(K.DRAW, m["name"], number, line, kept=cards)
        elif kind == "dealt_n":
            count = int(m["n"])
            if count != self.actions[self.draw_of(m["name"])].count:
                self.replace_draw(m["name"], received_count=count)
        elif kind == "dealt_to":
            self.dealt_to(m, number, line)
        elif kind == "show":
            cards = parse_card_list(m["cards"]) if m["cards"] is not None else None
            self.add(K.SHOW, m["name"], number, line, cards=cards, count=len(cards) if cards else 0)
        elif kind == "muck":
            if self.showdown:  # before the showdown: the winner nobody called, not showing
                self.add(K.MUCK, m["name"], number, line)
        elif kind == "wins":
            pot = m["pot"]
            index = 0 if pot in ("pot", "main pot") else int(m["n"] or 1)
            self.collected.append(PotClaim(player=self.player(m["name"]), amount=self.amount(m["amt"]),
                                           pot_index=index, line=number))
        elif kind == "uncalled":
            self.uncalled.append((self.player(m["name"]), self.amount(m["amt"]), number))
        elif kind == "total":
            self.total_line(m, number)

    def draw_of(self, name: str) -> int:
        """The index of ``name``'s draw this round."""
        index = self.draw_index.get(name)
        if index is None:
            raise _LineError(f"{name} is dealt cards without a discard this round")
        return index

    def replace_draw(self, name: str, **fields: Any) -> None:
        """Complete ``name``'s draw of this round with what a later line says of it."""
        index = self.draw_of(name)
        self.actions[index] = replace(self.actions[index], **fields)

    def dealt_to(self, m: re.Match[str], number: int, line: str) -> None:
        """``Dealt to P [cards]`` (the deal) or, in a draw, ``Dealt to P [kept] [new]``."""
        name, first, second = self.player(m["name"]), m["a"], m["b"]
        if name in self.draw_index:
            if self.actions[self.draw_index[name]].received is not None:
                raise _LineError(f"a second 'Dealt to {name}' in one draw: the log contradicts itself")
            kept, new = (first, second) if second is not None else ("", first)
            received = parse_card_list(new)
            self.replace_draw(name, kept=parse_card_list(kept), received=received, received_count=len(received))
            return
        cards = parse_card_list(first) + (parse_card_list(second) if second is not None else ())
        self.hero = self.hero or name
        self.add(K.DEAL, name, number, line, cards=cards, count=len(cards))

    def total_line(self, m: re.Match[str], number: int) -> None:
        self.total, self.rake = self.amount(m["total"]), self.amount(m["rake"])
        if m["pots"]:
            self.pots = tuple(self.amount(p) for p in _POT.findall(m["pots"]))
        self.claim_lines["total_pot"] = self.claim_lines["rake"] = number

    def summary_seat(self, line: str, number: int) -> None:
        """``Seat N: P (button) showed [..] and won (X) with …``, ``collected (X)``, ``mucked [..]`` …"""
        seat = _SEAT_NUMBER.match(line)
        if seat is None:
            raise _LineError("not a Full Tilt summary line")
        name = next((n for n, s in self.names.items() if s == int(seat[1])), None)
        if name is None:
            raise _LineError(f"nobody is seated in seat {seat[1]}")
        rest = line[seat.end() + len(name):]
        if rest.endswith(" is sitting out"):  # the seat line may not say so (FTP lists them as seated)
            self.seats = [replace(s, sitting_out=True) if s.name == name else s for s in self.seats]
        won = _SUMMARY_WON.search(rest)
        if won:
            self.summary_won.append((name, self.amount(won[1]), number))
        mucked = _SUMMARY_MUCKED.search(rest)
        if mucked:
            self.mucked_cards(name, parse_card_list(mucked["cards"]))

    def mucked_cards(self, name: str, cards: tuple[Any, ...]) -> None:
        """The summary shows the cards of a showdown muck: they go on that muck."""
        for i in range(len(self.actions) - 1, -1, -1):
            a = self.actions[i]
            if a.kind is K.MUCK and a.player == name:
                self.actions[i] = replace(a, cards=cards, count=len(cards))
                return


_SEAT_NUMBER = re.compile(r"Seat (\d+): ")


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One hand from its lines (the first is the header)."""
    header = HEADER.match(lines[0])
    if header is None:
        return ParseFailure(message="expected a Full Tilt Poker hand header", line=start, text=lines[0][:200],
                            start_line=start, end_line=start + len(lines) - 1, source=source)
    hand_id = header["id"]
    end = start + len(lines) - 1
    name, structure_name = _game_words(header)
    game = f"{GAMES.get(name, name)}-{STRUCTURES[structure_name]}"
    try:
        get_game(game)
    except UnknownGame:
        return Skipped(hand_id=hand_id, game=f"{structure_name} {name}", reason="game", line=start, end_line=end,
                       source=source, message=f"Full Tilt {structure_name} {name}: not a game drawdealer plays")
    if "*** HOLE CARDS ***" not in lines:
        return Skipped(hand_id=hand_id, game=game, reason="cancelled", line=start, end_line=end, source=source,
                       message="the log holds no play of this hand (a partial or dead hand)")
    b = _Builder(lines, start, source)
    b.cents = header["a"][0] in ISO_OF_SYMBOL
    i = 1
    try:
        while i < len(lines) and b.seat(lines[i]):
            i += 1
        for i in range(i, len(lines)):
            line = lines[i]
            if not line:
                continue
            if b.summary and line.startswith("Seat "):
                b.summary_seat(line, start + i)
            else:
                b.body(line, start + i)
    except ValueError as e:  # _LineError, a card or an amount that is none
        return ParseFailure(message=str(e), line=start + i, text=lines[i][:200], hand_id=hand_id,
                            start_line=start, end_line=end, source=source)
    return _record(b, header, game, structure_name, hand_id, end)


def _game_words(header: re.Match[str]) -> tuple[str, str]:
    """(game name, structure) from ``Limit 2-7 Triple Draw`` or ``FL Badugi``."""
    text = header["game"] or header["game_first"]
    structure, _, name = text.partition(" ")
    if structure in ("Pot", "No"):  # "Pot Limit …", "No Limit …"
        limit, _, name = name.partition(" ")
        structure = f"{structure} {limit}"
    return name, structure


def _record(b: _Builder, header: re.Match[str], game: str, structure: str, hand_id: str, end: int) -> HandRecord:
    a, big = b.amount(header["a"]), b.amount(header["b"])
    ante = b.amount(header["ante"]) if header["ante"] else 0
    if STRUCTURES[structure] == "FL":
        stakes = Stakes(sb=b.sb_post if b.sb_post is not None else a // 2, bb=a, ante=ante, small_bet=a, big_bet=big)
    else:
        stakes = Stakes(sb=a, bb=big, ante=ante)
    seats_text = _MAX_SEATS.search(header["table"])
    if seats_text:
        max_seats = 2 if seats_text["hu"] else int(seats_text["n"])
    else:  # 'Table Clackers (New to the Game)': a table of at least its highest seat
        max_seats = max((s.seat for s in b.seats), default=None)
    by_seat = {s: n for n, s in b.names.items()}
    button = by_seat.get(b.button_seat) if b.button_seat is not None else None
    extra: dict[str, Any] = {"full_tilt_header": b.lines[0]}
    if b.button_seat is not None and button is None:
        extra["button_seat"] = b.button_seat
    claims = Claims(total_pot=b.total, pots=b.pots, rake=b.rake, uncalled=tuple(b.uncalled),
                    collected=tuple(b.collected), summary_collected=tuple(b.summary_won),
                    lines=b.claim_lines)
    currency = header["a"][0] if b.cents else ""
    record = HandRecord(hand_id=hand_id, game=game, seats=tuple(b.seats), button=button, stakes=stakes,
                        actions=tuple(b.actions), claims=claims,
                        options=house_rules(max_seats=max_seats, antes=ante > 0),
                        source=b.source, line=b.start, end_line=end, hero=b.hero, currency=currency, extra=extra)
    if ante:  # the antes in position order (see the module docstring)
        order = position_order(record)  # from the seat left of the button; heads-up the button has the small blind
        position = {s.name: i for i, s in enumerate(order[::-1] if len(order) == 2 else order)}
        antes = sorted((a for a in b.actions if a.kind is K.POST_ANTE), key=lambda a: position.get(a.player, -1))
        record = replace(record, actions=tuple(antes) + tuple(a for a in b.actions if a.kind is not K.POST_ANTE))
    return record


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :func:`~drawdealer.parsers.sniff.split_full_tilt`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
