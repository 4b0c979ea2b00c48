"""Full Tilt Poker draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord`.

Games: Limit/Pot Limit/No Limit 2-7 Triple Draw, 2-7 Single Draw and 5 Card Draw, cash and
sit-and-go, headers ``Full Tilt Poker Game #N: [tournament, ]Table T [(6 max)] - stakes - game -
time`` and the 2013 form with the game first (``Table T - FL Badugi - $0.10/$0.20 - …``), see
:data:`HEADER`. A hand of a game drawdealer does not play (Hold'em, Omaha, Stud …, checked against
``engine.variants``), or of a capped table (``CAP NL``, ``$5 Cap No Limit``), is
:class:`~drawdealer.parsers.results.Skipped` from its header alone, and so is a hand the log holds
no play of (a header and a summary only: FTP's "partial" and dead hands).
The file is split into hands and decoded (UTF-16LE or not) by :mod:`~drawdealer.parsers.sniff`;
amounts and cards are read as the PokerStars reader reads them.

How: written with the reader toolkit (:mod:`~drawdealer.parsers.sitekit`): each line is matched
against :data:`LINES`, a table of patterns, one per kind of line, and :class:`FullTiltBuilder`
turns the matches into actions and claims. A line that fits no pattern, or names a player not
seated, gives a :class:`~drawdealer.parsers.results.ParseFailure` with its line and text.

Full Tilt's house rules, as its logs show them (FPDB's regression files of Full Tilt,
docs/CONFORMANCE.md, and FPDB's ``FullTiltPokerToFpdb.py``); :func:`house_rules` sets the rule options:

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
                              add ``posts a dead small blind of X`` (dead money, RULES.md §18.4)
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
site conventions (§18)        RULES.md's defaults for §18.2 and §18.3 (``online_rules``, not
                              PokerStars' own): no fixed-limit hand of the corpus has a raise
                              after an all-in of half a bet or more, nor a hand killed for a
                              sitting-out player
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
from typing import Any, Iterable, Iterator

from drawdealer.engine.record import ActionKind, HandRecord
from drawdealer.parsers.pokerstars import online_rules
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import ALL_IN, ISO_OF_SYMBOL, MONEY, HandBuilder, LineError, line_table
from drawdealer.parsers.sitekit import betting_rows, header_not_read, not_played, parse_card_list, site_stakes
from drawdealer.parsers.sitekit import unsupported

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
STRUCTURES = {"Limit": "FL", "Fixed Limit": "FL", "Fix Limit": "FL", "FL": "FL", "Pot Limit": "PL", "PL": "PL",
              "No Limit": "NL", "NL": "NL"}
_STRUCTURE = "(?:" + "|".join(sorted(STRUCTURES, key=len, reverse=True)) + ")"

HEADER = re.compile(
    r"Full ?Tilt ?Poker Game #(?P<id>\d+): (?:(?P<tournament>.+?), )?(?:Table |Match )?(?P<table>.+?)"
    rf" - (?:(?P<game_first>(?:CAP |{MONEY} Cap )?{_STRUCTURE} .+?) - )?"
    rf"(?P<a>{MONEY})/(?P<b>{MONEY})(?: Ante (?P<ante>{MONEY}))?"
    r"(?: - (?P<game>.+?))? - (?P<when>\d{1,2}:\d{2}(?::\d{2})? .*)$"
)
"""A hand's first line: the game after the stakes (``- $0.10/$0.20 - Limit 2-7 Triple Draw -``,
``- $0.10/$0.25 - $5 Cap No Limit Hold'em -``) or, from 2013, before them (``- FL Badugi -
$0.10/$0.20 -``, ``- CAP NL Hold'em - $0.01/$0.02 -``); a tournament (``$10 Sit & Go (Turbo)
(268569961), Table 1``) before the table, table decorations (``(6 max)``, ``(heads up)``,
``(deep 6)``) after its name."""
GAME_WORDS = re.compile(rf"(?:(?P<cap>CAP|{MONEY} Cap) )?(?P<structure>{_STRUCTURE}) (?P<name>.+)")
"""The structure and game of a header's game words; a capped table (``CAP``, ``$5 Cap``) plays a
structure of its own, which drawdealer does not (RULES.md §0.1)."""
_MAX_SEATS = re.compile(r"\((?:[^()]*?[ ,])?(?:(?P<n>\d{1,3}) max|(?P<hu>heads up))\b[^()]*\)")
"""The table's size among its decorations: ``(6 max)``, ``(heads up)``, ``(6 max, shallow)``."""
_WHO = r"(?P<name>.+?) "

LINES = line_table(
    ("section", "***", r"\*\*\* (?P<section>[A-Z ]+) \*\*\*"),
    ("button", "The button", r"The button is in seat #(?P<seat>\d+)$"),
    ("post_sb", " posts the small", rf"{_WHO}posts the small blind of (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_bb", " posts the big", rf"{_WHO}posts the big blind of (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_dead", " posts a dead", rf"{_WHO}posts a dead small blind of (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_bb", " posts ", rf"{_WHO}posts (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_ante", " antes ", rf"{_WHO}antes (?P<amt>{MONEY}){ALL_IN}$"),
    *betting_rows(_WHO, ALL_IN),
    ("discard", " discards ", rf"{_WHO}discards (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$"),
    ("pat", " stands pat", rf"{_WHO}stands pat(?: on \[(?P<cards>[^\]]*)\])?$"),
    ("dealt_n", " is dealt ", rf"{_WHO}is dealt (?P<n>\d+) cards?$"),
    ("dealt_to", "Dealt to ", r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$"),
    ("show", " shows", rf"{_WHO}shows(?: \[(?P<cards>[^\]]*)\])?(?: (?P<desc>.+))?$"),
    ("muck", " mucks", rf"{_WHO}mucks$"),
    ("wins", " pot (", rf"{_WHO}(?:wins|ties for) the (?:high |low )?(?P<pot>pot|main pot|side pot(?: #?(?P<n>\d+))?)"
                       rf" \((?P<amt>{MONEY})\)(?: with (?P<desc>.+))?$"),
    ("uncalled", "Uncalled bet", rf"Uncalled bet of (?P<amt>{MONEY}) returned to (?P<name>.+)$"),
    ("total", "Total pot ", rf"Total pot (?P<total>{MONEY})(?P<pots>(?: (?:Main|Side) pot(?: \d+)? {MONEY})*)"
                            rf" \| Rake (?P<rake>{MONEY})$"),
    ("noise", " ", r".+? (?:has \d+ seconds left to act|has been disconnected|has reconnected|has returned"
                   r"|is sitting out|sits down|stands up|has timed out|has requested TIME|is feeling \w+"
                   rf"|adds {MONEY}|leaves the table|joins the table at seat #\d+)$"),
    ("noise", "", r"(?:\d+ seconds left to act|No low hand qualified|Duration \d+s|Board: \[.*\])$"),
    ("noise", ": ", r"[^\[\]]+?: .*$"),  # chat: 'P: text' (after every action, so that no action is read as talk)
)
"""Every line of a hand's body after the seats: its kind, a word it must hold and its pattern."""
_SUMMARY_WON = re.compile(rf"(?:won|collected) \(({MONEY})\)")
_SUMMARY_MUCKED = re.compile(r"mucked \[(?P<cards>[^\]]*)\]")
_SEAT_NUMBER = re.compile(r"Seat (\d+): ")


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Full Tilt's rules as RULES.md §13 options: PokerStars' online ones (its reshuffle of every
    non-live card but the current player's discards, §8.4; deal to the last card, §8.3; a bet and
    three raises, §7.2; no rake without a draw, §9.5; blinds and antes, §6.1), which Full Tilt's
    logs share; not PokerStars' own conventions of §18, which they do not show (the table)."""
    return online_rules(max_seats=max_seats, antes=antes)


class FullTiltBuilder(HandBuilder):
    """A Full Tilt hand: the standard kinds of line, a dead blind put after the live one, and Full
    Tilt's summary seat lines."""

    LINES = LINES
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})\)(?P<out>, is sitting out)?$")

    def site_name(self) -> str:
        return "Full Tilt"

    def on_post_bb(self, m: re.Match[str], number: int, line: str) -> None:
        """``posts a dead small blind of X`` then ``posts Y``: the record puts the live blind
        first, as PokerStars' ``posts small & big blinds``."""
        super().on_post_bb(m, number, line)
        before = self.actions[-2] if len(self.actions) > 1 else None
        if before and before.kind is K.POST_DEAD and before.player == m["name"]:
            self.actions[-2:] = self.actions[:-3:-1]

    def summary_line(self, line: str, number: int) -> None:
        """``Seat N: P (button) showed [..] and won (X) with …``, ``collected (X)``, ``mucked [..]`` …"""
        if not line.startswith("Seat "):
            self.body_line(line, number)
            return
        seat = _SEAT_NUMBER.match(line)
        if seat is None:
            raise LineError("not a Full Tilt summary line")
        name = next((n for n, s in self.names.items() if s == int(seat[1])), None)
        if name is None:
            raise LineError(f"nobody is seated in seat {seat[1]}")
        rest = line[seat.end() + len(name):]
        if rest.endswith(" is sitting out"):  # the seat line may not say so (FTP lists them as seated)
            self.set_sitting_out(name)
        won = _SUMMARY_WON.search(rest)
        if won:
            self.summary_won.append((name, self.amount(won[1]), number))
        mucked = _SUMMARY_MUCKED.search(rest)
        if mucked:
            self.mucked_cards(name, parse_card_list(mucked["cards"]))


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One hand from its lines (the first is the header)."""
    header = HEADER.match(lines[0])
    end = start + len(lines) - 1
    if header is None:
        return header_not_read(lines, 0, start, source, "expected a Full Tilt Poker hand header", site="Full Tilt")
    hand_id = header["id"]
    text = header["game"] or header["game_first"]
    if text is None:
        return ParseFailure(message="the Full Tilt hand header names no game", line=start, text=lines[0][:200],
                            hand_id=hand_id, start_line=start, end_line=end, source=source)
    words = GAME_WORDS.search(text)
    where = dict(hand_id=hand_id, start=start, end=end, source=source, site="Full Tilt")
    if words is None or words["cap"] is not None:  # no structure drawdealer knows, or a capped table
        return not_played(text, **where)
    structure = STRUCTURES[words["structure"]]
    game = f"{GAMES.get(words['name'], words['name'])}-{structure}"
    skipped = unsupported(game, text, **where)
    if skipped is not None:
        return skipped
    if "*** HOLE CARDS ***" not in lines:
        return Skipped(hand_id=hand_id, game=game, reason="cancelled", line=start, end_line=end, source=source,
                       message="the log holds no play of this hand (a partial or dead hand)")
    b = FullTiltBuilder(lines, start, source, cents=header["a"][0] in ISO_OF_SYMBOL)
    failure = b.read_lines(1, hand_id)
    if failure is not None:
        return failure
    return _record(b, header, game, structure, hand_id)


def _record(b: FullTiltBuilder, header: re.Match[str], game: str, structure: str, hand_id: str) -> HandRecord:
    a, big = b.amount(header["a"]), b.amount(header["b"])
    ante = b.amount(header["ante"]) if header["ante"] else 0
    stakes = site_stakes(structure, a, big, sb_post=b.sb_post, ante=ante)
    seats_text = _MAX_SEATS.search(header["table"])
    if seats_text:
        max_seats = 2 if seats_text["hu"] else int(seats_text["n"])
    else:  # 'Table Clackers (New to the Game)': a table of at least its highest seat
        max_seats = max((s.seat for s in b.seats), default=None)
    return b.record(hand_id=hand_id, game=game, stakes=stakes, options=house_rules(max_seats=max_seats, antes=ante > 0),
                    currency=header["a"][0] if b.cents else "", extra={"full_tilt_header": b.lines[0]},
                    antes_in_position_order=True)


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks (from :meth:`~drawdealer.parsers.sniff.Site.chunks`)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
