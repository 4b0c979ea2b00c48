"""OnGame draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord` (issue 19).

Games: OnGame's draw game, 5-card draw (``FIVE_CARD_DRAW``), limit, pot limit or no limit, cash and
tournaments; a hand of any other game (``TEXAS_HOLDEM``, ``OMAHA_HI``, ``SEVEN_CARD_STUD``,
``RAZZ`` …) is :class:`~drawdealer.parsers.results.Skipped` from its table line alone. A hand runs
from ``***** History for hand R5-81962116-232 *****`` (tournaments add ``(TOURNAMENT: …)``) to
``***** End of hand R5-81962116-232 *****``; its game is on its third line, ``Table: Suez
[81962116] (LIMIT FIVE_CARD_DRAW $0.05/$0.10, Real money)``.

How: written with the reader toolkit (:mod:`~drawdealer.parsers.sitekit`): a table of line
patterns (:data:`LINES`) and :class:`OnGameBuilder`.

OnGame's house rules, as its logs show them (FPDB's regression files of OnGame,
docs/CONFORMANCE.md, and FPDB's ``OnGameToFpdb.py``, read to learn the format); :func:`house_rules` sets the rule
options:

============================  ===============================================================
stakes, limit                 ``$0.05/$0.10``: small bet / big bet; the big blind is the small
                              bet, the small blind what its post says (``posts small blind
                              ($0.02)``: OnGame rounds half the small bet down, as FPDB's table
                              of OnGame blinds has it) or half the small bet
stakes, pot and no limit      ``$1/$1``: the small and the big blind. When they are equal OnGame
                              calls both posts ``big blind`` (the corpus' pot-limit hand: seat 3,
                              first left of the button, ``posts big blind ($1)``, acts last but
                              one before the draw and first after it, as the small blind does):
                              the first such post, from the small blind's seat (left of the
                              button; heads-up the button), is read as the small blind
posts                         ``P posts small blind ($X)``, ``posts big blind ($X)``, ``posts
                              ante ($X)``; a player coming in posts ``big blind`` (live) and
                              ``posts dead blind ($X)`` (dead money, §18.4)
bets                          ``bets $X``, ``calls $X`` (the chips put in), ``raises $X to $Y``
                              (Y: the player's total this round); ``[all in]`` when all in
draws                         ``P changed N cards`` (``changed 0 cards``: standing pat); the
                              hero's ``New hand for P: [5 cards]`` after his own line gives his
                              whole new hand: the cards gone are his discards, the cards new his
                              replacements (checked against N by the replay, §8.2). Rounds are
                              not marked: ``---`` lines may or may not separate them
                              (FPDB's "No Street Delimiter" file has none)
uncalled bets                 never printed: the pot lines count the chips after their return
                              (below) and the final stacks include them, so a missing line
                              claims nothing (``Claims.uncalled_printed`` false): the pot and
                              stack claims check them
pots                          ``Main pot: $X won by P ($Y)``, ``Side pot N: $X won by P ($Y), Q
                              ($Z)``: X the pot before the rake, after the uncalled chips went
                              back; Y what P collects from it, net of rake. The total claim is
                              the sum of the X, each pot's net the sum of its shares
rake                          ``Rake taken: $X``; none on a hand that ends before the draw
                              (``Rake taken: $0`` on every pre-draw walk): ``NO_DRAW_NO_DROP``
showdown                      no show line: the summary prints the cards of who showed (``Seat
                              10: Hero ($0.90), net: -$0.10, [8h, 9h, 6s, Ah, Jh] (HIGH_CARD
                              ACE)``), in seat order, and not always the winner's. The record
                              shows them in the order RULES.md §9.1 names (the log prints none);
                              a winner whose cards are not printed shows unknown cards, any
                              other player still in mucks
final stacks                  each summary seat line: ``Seat 3: Player0 ($27.85), net: +$5.45``
                              (every seat, those who did not play too): checked (§9.4); the net
                              is the final stack less the first, read but not checked
seats                         listed from the small blind round the table, not by number: the
                              record lists them by seat number; ``Button: seat N``; ``Players in
                              round: N``
table size                    never printed: the highest seat number at least (seats 1 to 10)
reshuffles, cap               never printed: RULES.md's defaults (a bet and three raises, §7.2)
site conventions (§18)        RULES.md's defaults for §18.2 and §18.3: no fixed-limit hand of
                              the corpus has a raise after an all-in of half a bet or more, nor a
                              hand killed for a sitting-out player
============================  ===============================================================

Read but not checked: the hand descriptions (``TWO_PAIR NINE, SIX``), ``Start hand:``, ``User:``,
``Players in round:``, ``Dealing pocket cards``, ``---``. A line that fits no pattern is the
hand's :class:`~drawdealer.parsers.results.ParseFailure`.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from drawdealer.engine.record import ActionKind, HandRecord, PotClaim
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import ISO_OF_SYMBOL, MONEY, HandBuilder, LineError, betting_rows, line_table
from drawdealer.parsers.sitekit import header_not_read, parse_card_list, site_stakes, unsupported

K = ActionKind

GAMES = {"FIVE_CARD_DRAW": "5CD"}
"""OnGame's draw-game names, by ``engine.variants`` family."""
STRUCTURES = {"LIMIT": "FL", "Limit": "FL", "POT_LIMIT": "PL", "Pot Limit": "PL", "NO_LIMIT": "NL"}

HEADER = re.compile(r"\*{5} History for hand (?P<id>[-A-Z\d]+)(?: \((?P<tournament>TOURNAMENT:.*)\))? \*{5}$")
TABLE = re.compile(rf"Table: (?:\[SPEED\] )?(?P<table>.+?) \[\d+\] \((?P<structure>[A-Z_]+|Limit|Pot Limit)"
                   rf" (?P<game>[A-Z0-9_]+) (?P<a>{MONEY})/(?P<b>{MONEY}),(?: ante: (?P<ante>{MONEY}),)?"
                   r" (?P<money>[A-Za-z ]+)\)$")
"""A hand's table line, its game (``TEXAS_HOLDEM``, ``FIVE_CARD_DRAW`` …) and structure (``LIMIT``,
``POT_LIMIT``, ``NO_LIMIT``; any other is a structure drawdealer does not play)."""
_ALL_IN = r"(?P<all_in> \[all in\]| and is all-in)?"
_WHO = r"(?P<name>.+?) "
_CARDS = r"\[(?P<cards>[^\]]*)\]"

LINES = line_table(
    ("button", "Button: ", r"Button: seat (?P<seat>\d+)$"),
    ("post_sb", " posts small blind ", rf"{_WHO}posts small blind \((?P<amt>{MONEY})\){_ALL_IN}$"),
    ("post_bb", " posts big blind ", rf"{_WHO}posts big blind \((?P<amt>{MONEY})\){_ALL_IN}$"),
    ("post_dead", " posts dead blind ", rf"{_WHO}posts dead blind \((?P<amt>{MONEY})\){_ALL_IN}$"),
    ("post_ante", " posts ante ", rf"{_WHO}posts ante \(?(?P<amt>{MONEY})\)?{_ALL_IN}$"),
    *(row for row in betting_rows(_WHO, _ALL_IN) if row[0] != "raise"),
    ("raise", " raises ", rf"{_WHO}raises {MONEY} to (?P<amt>{MONEY}){_ALL_IN}$"),  # 'raises $X to $Y
    ("changed", " changed ", rf"{_WHO}changed (?P<n>\d+) cards?$"),
    ("dealing_to", "Dealing to ", rf"Dealing to (?P<name>.+?): {_CARDS}$"),
    ("new_hand", "New hand for ", rf"New hand for (?P<name>.+?): {_CARDS}$"),
    ("summary", "Summary:", r"Summary:$"),
    ("noise", "", r"(?:---|Dealing pocket cards|Start hand: .*|Table: .*|User: .*|Players in round: \d+(?: \(\d+\))?)$"),
)
"""Every line of a hand's body after its header: its kind, a word it must hold and its pattern."""
_POT = re.compile(rf"(?P<which>Main pot|Side pot (?P<n>\d+)): (?P<amt>{MONEY}) won by (?P<shares>.+)$")
_SHARE = re.compile(rf"(?P<name>.+?) \((?P<amt>{MONEY})(?: (?:High|Low))?\)(?:, |$)")
_RAKE = re.compile(rf"Rake taken: (?P<amt>{MONEY})$")
_STACK = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>{MONEY})\)"
                    rf"(?:, net: [-+]?{MONEY})?(?:, \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?)?$")
_END = re.compile(r"\*{5} End of hand [-A-Z\d]+ \*{5}$")


def house_rules() -> dict[str, Any]:
    """OnGame's rules as RULES.md §13 options (the module docstring's table): no rake without a
    draw (§9.5); RULES.md's defaults otherwise (OnGame's logs never show a reshuffle or a cap)."""
    return {"NO_DRAW_NO_DROP": True}


def _cards(text: str) -> tuple[Any, ...]:
    """``Tc, 9h, 7c`` (OnGame separates its cards with commas)."""
    return parse_card_list(text.replace(",", " "))


class OnGameBuilder(HandBuilder):
    """An OnGame hand: its posts, draws (``changed N cards``, the hero's ``New hand for``), and a
    summary of pots, rake and seats from which the claims and the showdown are read."""

    LINES = LINES
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})\)$")
    UNCALLED_PRINTED = False  # the table's row 'uncalled bets'

    def __init__(self, lines: list[str], start: int, source: str, *, cents: bool, equal_blinds: bool) -> None:
        super().__init__(lines, start, source, cents=cents)
        self.equal_blinds = equal_blinds
        self.hand: dict[str, tuple[Any, ...]] = {}  # the hero's cards as last printed
        self.pot_total = 0
        self.shown: dict[str, tuple[Any, ...]] = {}
        self.summary_lines: dict[str, int] = {}
        self.ended = False

    def site_name(self) -> str:
        return "OnGame"

    def on_post_bb(self, m: re.Match[str], number: int, line: str) -> None:
        """Equal blinds: the first ``big blind``, from the small blind's seat, is the small one."""
        if self.equal_blinds and self.sb_post is None and not self.actions and self.in_small_blind(m["name"]):
            self.on_post_sb(m, number, line)
            return
        super().on_post_bb(m, number, line)

    def in_small_blind(self, name: str) -> bool:
        """Whether ``name`` sits where the small blind is due: left of the button, or on it
        heads-up (RULES.md §6.1)."""
        seats = sorted(s.seat for s in self.seats if not s.sitting_out)
        button = self.button_seat or 0
        first = button if len(seats) == 2 else next((s for s in seats if s > button), seats[0] if seats else None)
        return self.names[name] == first

    def on_changed(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw_index[m["name"]] = len(self.actions)
        self.add(K.DRAW, m["name"], number, line, count=int(m["n"]))

    def on_dealing_to(self, m: re.Match[str], number: int, line: str) -> None:
        cards = _cards(m["cards"])
        self.hero = self.hero or m["name"]
        self.hand[m["name"]] = cards
        self.add(K.DEAL, m["name"], number, line, cards=cards, count=len(cards))

    def on_new_hand(self, m: re.Match[str], number: int, line: str) -> None:
        """The hero's whole hand after his draw: what left it was discarded, what came is new."""
        name, new = m["name"], _cards(m["cards"])
        old = self.hand.get(name)
        if old is None:
            raise LineError(f"a new hand for {name}, whose cards this log never dealt")
        self.draw_of(name)  # his draw of this round, whose cards no new hand has given yet
        received = tuple(c for c in new if c not in old)
        self.replace_draw(name, discarded=tuple(c for c in old if c not in new), kept=tuple(c for c in new if c in old),
                          received=received, received_count=len(received))
        self.hand[name] = new
        self.draw_index.pop(name)  # a second new hand in this round has no draw to complete

    def on_summary(self, m: re.Match[str], number: int, line: str) -> None:
        self.summary = True

    def summary_line(self, line: str, number: int) -> None:
        """The pots, the rake, each seat's final stack (and shown cards), the end of the hand."""
        if self.ended:
            raise LineError("a line after the end of the hand")
        if (pot := _POT.match(line)) is not None:
            self.pot_line(pot, number)
        elif (rake := _RAKE.match(line)) is not None:
            self.rake = self.amount(rake["amt"])
            self.claim_lines["rake"] = number
        elif (seat := _STACK.match(line)) is not None:
            name = self.player(seat["name"])
            if self.names[name] != int(seat["seat"]):
                raise LineError(f"{name} sits in seat {self.names[name]}, not {seat['seat']}")
            self.final_stacks.append((name, self.amount(seat["stack"])))
            self.claim_lines[f"stack:{name}"] = self.summary_lines[name] = number
            if seat["cards"] is not None:
                self.shown[name] = _cards(seat["cards"])
        elif _END.match(line):
            self.ended = True
        else:
            raise LineError("not an OnGame summary line (pots, rake, seats)")

    def pot_line(self, m: re.Match[str], number: int) -> None:
        """``Main pot: $X won by P ($Y), Q ($Z)``: X before the rake; each share net of it."""
        index = int(m["n"]) if m["n"] else 0
        self.pot_total += self.amount(m["amt"])
        self.claim_lines["total_pot"] = number
        shares = list(_SHARE.finditer(m["shares"]))
        if not shares or shares[-1].end() != len(m["shares"]):
            raise LineError("not an OnGame pot line ('Main pot: $X won by P ($Y)')", column=m.start("shares") + 1)
        for share in shares:
            self.collected.append(PotClaim(player=self.player(share["name"]), amount=self.amount(share["amt"]),
                                           pot_index=index, line=number))

    def ongame_claims(self) -> None:
        """The pots' total, each pot net of the rake when there are side pots, and the showdown."""
        if self.claim_lines.get("total_pot"):
            self.total = self.pot_total
        indexes = sorted({c.pot_index or 0 for c in self.collected})
        if len(indexes) > 1:
            self.pots = tuple(sum(c.amount for c in self.collected if (c.pot_index or 0) == k) for k in indexes)
        if self.summary:  # a hand cut before its summary (a hand in play) has no showdown yet
            self.summary_showdown(self.shown, {c.player for c in self.collected}, self.summary_lines)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One hand from its lines (the first is the header)."""
    header = HEADER.match(lines[0])
    end = start + len(lines) - 1
    if header is None:
        return ParseFailure(message="expected an OnGame hand header ('***** History for hand R5-… *****')",
                            line=start, text=lines[0][:200], start_line=start, end_line=end, source=source)
    hand_id = header["id"]
    index, table = next(((k, m) for k, line in enumerate(lines[1:4], 1) if (m := TABLE.match(line))), (1, None))
    if table is None:
        return header_not_read(lines, 1, start, source, "expected OnGame's table line ('Table: T [N] (LIMIT "
                               "FIVE_CARD_DRAW $a/$b, Real money)')", hand_id=hand_id, site="OnGame")
    name, structure = table["game"], STRUCTURES.get(table["structure"], table["structure"])
    game = f"{GAMES.get(name, name)}-{structure}"
    skipped = unsupported(game, f"{table['structure']} {name}", hand_id=hand_id, start=start, end=end,
                          source=source, site="OnGame")
    if skipped is not None:
        return skipped
    cents = table["a"][0] in ISO_OF_SYMBOL
    b = OnGameBuilder(lines, start, source, cents=cents, equal_blinds=table["a"] == table["b"] and structure != "FL")
    try:
        a, big = b.amount(table["a"]), b.amount(table["b"])
        ante = b.amount(table["ante"]) if table["ante"] else 0
    except ValueError as e:  # an amount that is none, or too long
        return b.failure(str(e), index, hand_id, column=getattr(e, "column", 1))
    failure = b.read_lines(1, hand_id)
    if failure is not None:
        return failure
    stakes = site_stakes(structure, a, big, sb_post=b.sb_post, ante=ante)
    b.ongame_claims()
    b.seats.sort(key=lambda s: s.seat)
    options = house_rules()
    if ante:
        options["FORCED_BETS"] = "BLINDS_AND_ANTES"
    return b.record(hand_id=hand_id, game=game, stakes=stakes, options=options,
                    currency=table["a"][0] if cents else "",
                    extra={"ongame_table": table["table"]})


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks, one per hand (split at :data:`HEADER`'s lines)."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
