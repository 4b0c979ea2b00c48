"""Winamax draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord` (issue 19).

Games: Winamax deals one draw game, 2-7 triple draw (``Lowball27``; FPDB's
``WinamaxToFpdb.py`` also knows it as ``2-7 Triple Draw``), fixed limit, pot limit or no limit,
cash (real or play money) and tournaments; a hand of any other game (Hold'em, Omaha, Stud, Razz
…) is :class:`~drawdealer.parsers.results.Skipped` from its header alone. Headers:
``Winamax Poker - CashGame - HandId: #9160772-2-1476189756 - Lowball27 fixed limit (0.50/1) -
2016/10/11 12:42:36 UTC`` (``Tournament "…" buyIn: … level: N``, ``Go Fast "…"`` … in place of
``CashGame``), then ``Table: 'Suceava 02' 6-max (play money) Seat #4 is the button`` (``Table 'Nagoya'``
without the colon in 2021's exports, ``Seat 0000005 is the button`` in some of 2012's).

How: written with the reader toolkit (:mod:`~drawdealer.parsers.sitekit`): a table of line
patterns (:data:`LINES`) and :class:`WinamaxBuilder`.

Winamax's house rules, as its logs show them (FPDB's regression file of Winamax,
docs/CONFORMANCE.md, and FPDB's Winamax regression files, read to learn the format: its 2-7 triple draw hand of 2016/11
from an 8-game table, and its hold'em, Omaha and stud hands of 2010-2023 for the lines all games
share); :func:`house_rules` sets the rule options. Two exports of draw hands are known: the one of
the corpus (2016/10: ``discard N cards``, nobody's cards printed) and the one of FPDB's 8-game hand
(2016/11 on: every player's cards printed, ``X`` for a card nobody is shown); both are read, and
``fixtures/winamax/clean/export2016_fl.txt`` holds hands written in the second.

============================  ===============================================================
stakes                        ``(0.50/1)``: fixed limit small bet / big bet (the big blind is the
                              small bet, the small blind half of it: ``posts small blind 0.25``,
                              ``posts big blind 0.50``, bets of 0.50 before the second draw and
                              1 after it); pot and no limit ``(sb/bb)``; with antes
                              ``(ante/sb/bb)``. Amounts are written ``0.50``, ``5€``
                              (the euro after the amount), play money without a currency
                              (read in hundredths, as PokerStars' play money, currency ``¤``),
                              tournament chips as whole numbers
posts                         ``P posts small blind X``, ``P posts big blind X``, ``P posts ante
                              X``; a player coming in posts ``big blind X out of position`` (a
                              live big blind: he may check his option, as the corpus hand's three
                              newcomers do) and may add ``small blind X out of position`` (dead
                              money, RULES.md §18.4); an X above the small blind is both blinds in
                              one line (FPDB reads it so): a live big blind, the rest dead, and the
                              ``big blind 0€ out of position`` that follows it (FPDB's
                              'post.both' hand of 2016/11) posts nothing
sitting out                   a seat with no line of play (no post, no action, no ``Dealt to``) is
                              not dealt in: ``P denies big blind`` / ``P deny BB 0€`` (a player who
                              will not post to come in), a stack of 0, a player away (FPDB's
                              'Hero.Sitting.Out' and 'players.not.in.summary' hands); the summary
                              of a draw hand lists only the players still in, so it tells nothing
cards                         2016/11 on: ``Dealt to P [X X X X X]`` at the deal for every player
                              dealt in (``X``: a card nobody is shown; a deal of unknown cards is
                              not recorded, as PHH's ``????``), ``Dealt to Hero [2h Td 8c 7c 8s]``;
                              in a draw, ``Dealt to P [kept] [new]`` (``[X X X] [X X]``), the
                              count of unknown new cards a claim only where it is not the
                              discards' (RULES.md §8.2), as Full Tilt's ``is dealt N``
bets                          ``bets X``, ``calls X`` (the chips put in), ``raises X to Y`` (Y:
                              the player's total this round), ``… and is all-in``
draws                         2016/10: ``P discard N cards`` / ``discard 0 card`` (standing pat),
                              nobody's cards printed. 2016/11 on: ``P stands pat [2h Td 8c 7c 8s]``
                              (the cards kept; ``[X X X X X]`` for another player), the only draw
                              line of FPDB's 8-game hand, whose reader knows no other ("no discards
                              action observed yet"); a discard is read as the export's stud lines
                              and the 2016/10 draw lines suggest, ``P discards N cards [..]`` (or
                              ``discard``; ``[X X]`` when unseen) and then ``Dealt to P [kept]
                              [new]``, with or without the cards
sections                      ``*** ANTE/BLINDS ***``, ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***``
                              … ``*** FOURTH-BET ***``, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``
showdown                      ``P shows [cards] (High card : 8)``, in the order shown (§9.1); the
                              description is Winamax's and not checked
uncalled bets                 no ``Uncalled bet`` line: the bettor "collects" his uncalled chips,
                              in his collected line (``Hero collected 56€ from pot``, 28€ of
                              which his own raise nobody called) or from a side pot of their own
                              (``collected 1.29€ from side pot 1``): the claims say so
                              (``Claims.uncalled_in_collected``, ``uncalled_printed`` false), and
                              the replay takes the chips it returns (§7.1) out of the collected
                              and summary amounts and the total before it checks them
                              (``replay.restated_claims``)
collected                     ``P collected X from pot`` / ``from main pot`` / ``from side pot
                              N``: P's share, net of rake (plus uncalled chips, above)
pots and rake                 ``Total pot X | Rake Y`` or ``| No rake``: X is what the players
                              collected, net of the rake (12.15 + 0.85 = the 13 put in, in the
                              corpus hand); the claim is X + Y (uncalled chips in it). No rake
                              on a hand that ends before the draw (``No rake`` on every hand of
                              FPDB's files that ends pre-flop): ``NO_DRAW_NO_DROP``
summary                       ``Seat N: P showed [..] and won X with …`` / ``won X``: P's total
                              (net of rake); ``showed [..] and lost``, ``folded on …``: nothing
final stacks                  not printed
table size                    ``6-max`` in the table line: ``MAX_PLAYERS_27`` (§2.1)
reshuffles, cap               never printed (no card of another player's draw is): RULES.md's
                              defaults (a bet and three raises, §7.2)
site conventions (§18)        no hand read here has a fixed-limit all-in of half a bet or more
                              that a later raise follows (§18.2), nor a sitting-out player's
                              hand killed (§18.3): RULES.md's defaults
============================  ===============================================================

Read but not checked: the hand descriptions (``High card : King``), which drawdealer's rankings
do not word as Winamax does. Not read: ``Board: [..]`` (a flop game's), and nothing else: a line
that fits no pattern is the hand's :class:`~drawdealer.parsers.results.ParseFailure`.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import Card
from drawdealer.engine.record import ActionKind, HandRecord
from drawdealer.engine.variants import get_game
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import (HandBuilder, LineError, header_not_read, line_table, parse_card_list,
                                        site_stakes, unsupported)

K = ActionKind

GAMES = {"Lowball27": "27TD", "2-7 Triple Draw": "27TD"}
"""Winamax's draw-game names, by ``engine.variants`` family."""
STRUCTURES = {"fixed limit": "FL", "pot limit": "PL", "no limit": "NL"}

HEADER = re.compile(
    r"Winamax Poker - (?P<event>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
    r"(?P<structure>fixed limit|pot limit|no limit) \((?P<stakes>[^)]*)\) - (?P<when>.*)$"
)
TABLE = re.compile(r"Table:? '(?P<table>.*)' (?P<max>\d{1,3})-max (?:\((?P<money>[a-z ]+)\) )?"
                   r"Seat #?0*(?P<seat>\d{1,3}) is the button$")
_NUM = r"\d+(?:\.\d+)?"


def _amt(group: str = "amt") -> str:
    """An amount as Winamax writes it (``0.50``, ``5€``): the number in ``group``."""
    return rf"(?P<{group}>{_NUM})€?"


_ALL_IN = r"(?P<all_in> and is all-in)?"
_WHO = r"(?P<name>.+?) "

LINES = line_table(
    ("section", "***", r"\*\*\* (?P<section>[A-Z][A-Z/ -]*[A-Z]) \*\*\*$"),
    ("post_sb", " posts small blind ", rf"{_WHO}posts small blind {_amt()}{_ALL_IN}$"),
    ("post_dead", " posts small blind ", rf"{_WHO}posts small blind {_amt()} out of position{_ALL_IN}$"),
    ("post_bb", " posts big blind ", rf"{_WHO}posts big blind {_amt()}(?: out of position)?{_ALL_IN}$"),
    ("post_ante", " posts ante ", rf"{_WHO}posts ante {_amt()}{_ALL_IN}$"),
    ("fold", " folds", rf"{_WHO}folds$"),
    ("check", " checks", rf"{_WHO}checks$"),
    ("call", " calls ", rf"{_WHO}calls {_amt()}{_ALL_IN}$"),
    ("bet", " bets ", rf"{_WHO}bets {_amt()}{_ALL_IN}$"),
    ("raise", " raises ", rf"{_WHO}raises {_NUM}€? to {_amt()}{_ALL_IN}$"),
    ("discard", " discard", rf"{_WHO}discards? (?P<n>\d+) cards?(?: \[(?P<cards>[^\]]*)\])?$"),
    ("pat", " stands pat", rf"{_WHO}stands pat(?: (?:on )?\[(?P<cards>[^\]]*)\])?$"),
    ("dealt_to", "Dealt to ", r"Dealt to (?P<name>.+?) \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$"),
    ("show", " shows ", rf"{_WHO}shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$"),
    ("wins", " collected ", rf"{_WHO}collected {_amt()} from (?P<pot>pot|main pot|side pot(?: #?(?P<n>\d+))?)$"),
    ("total", "Total pot ", rf"Total pot {_amt('total')} \| (?:No rake|Rake {_amt('rake')})$"),
    ("noise", "Board: ", r"Board: \[.*\]$"),
    ("noise", " den", rf"{_WHO}(?:denies (?:small|big) blind|deny [SB]B {_NUM}€?)$"),
)
"""Every line of a hand's body after the table line: its kind, a word it must hold and its pattern."""
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
_SUMMARY_WON = re.compile(rf" won {_amt()}(?: with .*)?$")


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Winamax's rules as RULES.md §13 options (the module docstring's table): no rake without a
    draw (§9.5), the table's size for 2-7 (§2.1), blinds and antes when the stakes have an ante
    (§6.1); RULES.md's defaults otherwise (Winamax's logs never show a reshuffle or a cap)."""
    rules: dict[str, Any] = {"NO_DRAW_NO_DROP": True}
    if max_seats is not None and 6 < max_seats <= 10:
        rules["MAX_PLAYERS_27"] = max_seats
    if antes:
        rules["FORCED_BETS"] = "BLINDS_AND_ANTES"
    return rules


class WinamaxBuilder(HandBuilder):
    """A Winamax hand: the standard kinds of line, ``Total pot X | No rake`` and Winamax's summary
    seat lines."""

    LINES = LINES
    UNCALLED_PRINTED = False  # the table's row 'uncalled bets': no line of their own,
    UNCALLED_IN_COLLECTED = True  # but inside the collected lines
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \({_amt('stack')}(?:, {_NUM}€? bounty)?\)$")
    SHOWDOWN = frozenset({"SHOW DOWN"})
    SUMMARY = frozenset({"SUMMARY"})

    blinds: tuple[int, int] = (0, 0)
    """The small and big blind the header's stakes give (fixed limit: half the small bet, the small bet)."""
    hand_size = 5
    """The game's hand (a deal of as many unknown cards is not recorded, as PHH's ``????``)."""

    def site_name(self) -> str:
        return "Winamax"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.dealt: set[str] = set()  # players with a 'Dealt to' line at the deal (the 2016 export on)
        self.drawn: set[str] = set()  # players with a 'Dealt to' line in this draw

    def on_section(self, m: re.Match[str], number: int, line: str) -> None:
        super().on_section(m, number, line)
        self.drawn = set()

    def on_post_bb(self, m: re.Match[str], number: int, line: str) -> None:
        """``posts big blind X [out of position]``; ``big blind 0€ out of position`` (after ``small blind
        X out of position`` for both blinds) posts nothing."""
        if self.amount(m["amt"]) or not line.endswith(" out of position"):
            super().on_post_bb(m, number, line)

    def on_dealt_to(self, m: re.Match[str], number: int, line: str) -> None:
        """``Dealt to P [cards]`` at the deal, ``Dealt to P [kept] [new]`` in a draw; ``X`` is a card
        nobody is shown (the module docstring's row 'cards')."""
        name = self.player(m["name"])
        if name in self.draw_index:
            if name in self.drawn:
                raise LineError(f"a second 'Dealt to {name}' in one draw: the log contradicts itself")
            self.drawn.add(name)
            kept, held = hidden_cards(m["a"] if m["b"] is not None else "")
            received, count = hidden_cards(m["b"] if m["b"] is not None else m["a"])
            if len(received) == count:
                self.replace_draw(name, kept=kept if len(kept) == held else None, received=received,
                                  received_count=count, received_lines=(number,) * count)
            elif count != self.actions[self.draw_index[name]].count:  # unknown cards: a claim of their
                self.replace_draw(name, received_count=count,  # count only where it is not the discards'
                                  received_lines=(number,) * count)
            return
        cards, count = hidden_cards(m["a"] if m["b"] is None else f"{m['a']} {m['b']}")
        self.dealt.add(name)
        if cards:
            self.hero = self.hero or name
        if cards or count != self.hand_size:
            self.add(K.DEAL, name, number, line, cards=cards or None, count=count)

    def on_discard(self, m: re.Match[str], number: int, line: str) -> None:
        """``P discard(s) N card(s) [..]``: the cards when shown (``X`` for one nobody is shown)."""
        cards = hidden_cards(m["cards"])[0] if m["cards"] is not None else None
        self.draw_index[m["name"]] = len(self.actions)
        self.add(K.DRAW, m["name"], number, line, count=int(m["n"]), discarded=cards or None)

    def on_pat(self, m: re.Match[str], number: int, line: str) -> None:
        """``P stands pat [cards]`` (``[X X X X X]`` when nobody is shown them)."""
        kept, count = hidden_cards(m["cards"]) if m["cards"] is not None else ((), 0)
        self.draw_index[m["name"]] = len(self.actions)
        self.add(K.DRAW, m["name"], number, line, kept=kept if kept and len(kept) == count else None)

    def finish(self) -> None:
        """A seat with no line of play (no post, action or ``Dealt to``) is not dealt in: a player
        sitting out, or denying the big blind (the module docstring's row 'sitting out')."""
        playing = {a.player for a in self.actions} | self.dealt
        for seat in self.seats:
            if seat.name not in playing:
                self.set_sitting_out(seat.name)

    def on_post_dead(self, m: re.Match[str], number: int, line: str) -> None:
        """``small blind X out of position``: dead money; X above the small blind is both blinds at
        once (as FPDB reads it): a live big blind and the rest dead, as PokerStars' ``posts small &
        big blinds`` (RULES.md §6.1)."""
        amount = self.amount(m["amt"])
        if amount <= (self.sb_post if self.sb_post is not None else self.blinds[0]):
            super().on_post_dead(m, number, line)
            return
        live = min(self.blinds[1], amount)
        self.add(K.POST_BB, m["name"], number, line, amount=live, all_in=self.all_in(m) and amount == live)
        self.add(K.POST_DEAD, m["name"], number, line, amount=amount - live, all_in=self.all_in(m))

    def on_total(self, m: re.Match[str], number: int, line: str) -> None:
        """``Total pot X | Rake Y`` / ``| No rake``: X is net of the rake (module docstring)."""
        self.rake = self.amount(m["rake"]) if m["rake"] is not None else 0
        self.total = self.amount(m["total"]) + self.rake
        self.claim_lines["total_pot"] = self.claim_lines["rake"] = number

    def summary_line(self, line: str, number: int) -> None:
        """``Seat N: P (big blind) showed [..] and won X with …``, ``won X``, ``folded on the …``."""
        if not line.startswith("Seat "):
            self.body_line(line, number)
            return
        seat = _SUMMARY_SEAT.match(line)
        name = next((n for n, s in self.names.items() if seat and s == int(seat[1])), None)
        if name is None:
            raise LineError("not a Winamax summary line of a seated player")
        won = _SUMMARY_WON.search(line, seat.end() + len(name))
        if won:
            self.summary_won.append((name, self.amount(won["amt"]), number))



def hidden_cards(text: str) -> tuple[tuple[Card, ...], int]:
    """The known cards of a Winamax card list and how many it holds: ``X X X X X`` is five cards
    nobody is shown, ``2h Td 8c 7c 8s`` five known ones."""
    tokens = text.split()
    return parse_card_list(" ".join(t for t in tokens if t != "X")), len(tokens)


def _stake_amounts(text: str, b: WinamaxBuilder) -> tuple[int, int, int]:
    """``(ante, a, b)`` of ``0.50/1`` (fixed limit: small bet / big bet), ``2€/4€`` (blinds),
    ``10/25/50`` (ante first)."""
    parts = [b.amount(p.rstrip("€")) for p in text.split("/")]
    if len(parts) not in (2, 3):
        raise LineError(f"'{text}' is not Winamax stakes")
    return (parts[0] if len(parts) == 3 else 0), parts[-2], parts[-1]


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One hand from its lines (the first is the header, the second the table line)."""
    header = HEADER.match(lines[0])
    end = start + len(lines) - 1
    if header is None:
        return header_not_read(lines, 0, start, source, "expected a Winamax hand header ('Winamax Poker - … - HandId: "
                               "#… - <game> <limit> (<stakes>) - <date>')", site="Winamax")
    hand_id, name, structure = header["id"], header["game"], STRUCTURES[header["structure"]]
    game = f"{GAMES.get(name, name)}-{structure}"
    skipped = unsupported(game, f"{name} {header['structure']}", hand_id=hand_id, start=start, end=end,
                          source=source, site="Winamax")
    if skipped is not None:
        return skipped
    tournament = header["event"].startswith("Tournament")
    b = WinamaxBuilder(lines, start, source, cents=not tournament)
    b.hand_size = get_game(game).hand_size
    table = TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        return b.failure("expected Winamax's table line (\"Table: 'T' 6-max (real money) Seat #N is the button\")",
                         min(1, len(lines) - 1), hand_id)
    b.button_seat = int(table["seat"])
    try:
        ante, a, big = _stake_amounts(header["stakes"], b)
    except ValueError as e:
        return b.failure(str(e), 0, hand_id, column=header.start("stakes") + 1)
    b.blinds = (a // 2, a) if structure == "FL" else (a, big)
    failure = b.read_lines(2, hand_id)
    if failure is not None:
        return failure
    b.finish()
    stakes = site_stakes(structure, a, big, sb_post=b.sb_post, ante=ante)
    currency = "" if tournament else ("¤" if table["money"] == "play money" else "€")
    return b.record(hand_id=hand_id, game=game, stakes=stakes,
                    options=house_rules(max_seats=int(table["max"]), antes=stakes.ante > 0),
                    currency=currency, extra={"winamax_header": lines[0]})


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks, one per hand (split at :data:`HEADER`'s lines)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
