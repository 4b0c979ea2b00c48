"""KingsClub draw-game hand histories → :class:`~drawdealer.engine.record.HandRecord` (issue 19).

Games: Limit, Pot Limit and No Limit 2-7 Triple Draw, 2-7 Single Draw, 5 Card Draw, Badugi, A-5
Triple and Single Draw, Badeucey and Badacey, headers ``#45394277: Limit Badugi - 30/60`` then the
date and ``Table 'The Zoo' Seat 4 is the button``. A hand of a game drawdealer does not play (2-7
Drawmaha, Hold'em …) is :class:`~drawdealer.parsers.results.Skipped` from its header alone; so is a
hand it cancelled. A hand the site ran twice is read run by run (the table's row 'run it twice').
Written on :mod:`~drawdealer.parsers.sitekit`: :data:`LINES` is the table of line patterns,
:class:`KingsClubBuilder` the builder.

KingsClub's house rules, as its logs show them (FPDB's regression files of KingsClub,
docs/CONFORMANCE.md, and FPDB's ``KingsClubToFpdb.py``); :func:`house_rules` sets the rule options:

============================  ===============================================================
amounts                       dollars and cents with no currency sign (``3,533.50``; the files
                              and FPDB say USD): read in cents, currency ``$``
blinds, fixed limit           ``Limit Badugi - 30/60``: small bet / big bet; the big blind is the
                              small bet, the small blind half of it (every hand of the corpus;
                              the small-blind post where half is not a whole cent)
blinds, pot and no limit      ``No Limit 2-7 Single Draw - 25/50``: small and big blind
antes                         not in the header: ``P: posts ante 5.50`` (the table's ante is the
                              largest posted); listed from seat 1 up, the record lists them from
                              the small blind round the table (the order does not matter, §6.1)
posts                         ``P: posts the small blind X``, ``P: posts the big blind X``
missed blinds                 ``P: posts blind X`` from a seat outside the blinds makes up the
                              blinds he missed (RULES.md §18.4): X live, as a big blind out of
                              position, and the small blind dead, which the line does not print
                              (``POST_DEAD`` on the same line): in a real 44/88 triple draw hand
                              the summary's stack changes add up to minus the rake only so (the
                              poster's change is X + 22 more than his play); the make-up post of
                              the corpus' ``missed.sb`` hand is not printed at all (its review in
                              tests/test_corpus_conformance.py)
deal                          ``Dealt to P: [X X X X X]`` for every player dealt in, the hero's
                              cards shown: a seat with no such line sits out. A deal of unknown
                              cards of the game's size is not recorded (as PHH's ``????``); any
                              other count is (``HAND_SIZE_INVALID``)
raises                        ``raises to X``: the total in front of the player this round
calls                         ``calls X``: a call *to* X, the total in front of the player after
                              it (the big blind of 40 'calls 80' to a raise to 80; FPDB's
                              ``addCallTo``), not the chips added; the record holds those
all in                        ``calls X, and is all in`` (bets and raises too)
draws                         ``P draws N`` (count only), ``P stands pat``, the hero's
                              ``P discards [..] draws [..]``. A5 single draw prints no
                              ``*** 1ST DRAW ***``: the draw lines alone end the first round
streets                       ``*** 1ST BETTING ROUND ***``, ``*** 2ND DRAW ***`` …: not needed,
                              the replay knows the rounds from the actions (some hands omit them)
showdown                      no ``SHOW DOWN`` marker: ``P shows [..]`` after the last round,
                              every player still in shows (the corpus; FPDB reads no muck line)
run it twice                  ``Run 1: P shows [..]``, ``Run 2: P shows [..]`` and the hero's draw
                              with one set of new cards per run (``discards [Th] draws [8c] [Qs]``):
                              the rest of the hand dealt twice (RULES.md §18.5). The record holds
                              the play up to the end of the betting, and each run's lines: its own
                              (``Run N:``, the N-th set of new cards) and those of no run (the other
                              draws and shows) in every run; each run is replayed and its part of the
                              pot awarded on its own hands (the corpus' four hands: the same winner
                              twice in three, the pot split in the fourth). In the three where a
                              player draws two, his hands of the two runs share four cards: one of
                              his new cards is the same in both runs (the validator cannot tell it
                              from a kept card, and does not flag it)
uncalled bets                 never printed: given back silently (the corpus' A-5 triple draw
                              hand: Hero's last bet of 88 returns, his final stack shows it), so a
                              missing line is no claim (``Claims.uncalled_printed`` false)
pots                          no pot total is printed
collected                     ``P wins pot (X)`` (the whole pot), ``P wins (X) from pot`` (a
                              share: a split, or both halves of a Badeucey pot), FPDB's ``P wins
                              side pot N (X)``: net of the rake; ``pot`` names no pot index (the
                              replay takes it as the only pot when there is one)
rake                          ``Rake X`` in the summary; no line, no rake (every pre-draw hand:
                              ``NO_DRAW_NO_DROP``). No percentage: checked by Σ collected + rake
                              = the pots (§9.5)
final stacks                  ``Seat N: P (X) +Y``: the stack after the hand (a claim, checked as
                              PHH's ``finishing_stacks``) and its change, which must be X less the
                              starting stack (else the summary contradicts itself: a parse error)
table size                    never printed: a table seats at least its highest seat number
                              (7 at 'The Zoo' and 'Real Deal Mix': ``MAX_PLAYERS_27``, §2.1)
reshuffle, last card, cap     as PokerStars' (:func:`~drawdealer.parsers.pokerstars.online_rules`);
                              every capped round of the corpus is a bet and three raises (§7.2)
site conventions (§18)        RULES.md's defaults for §18.2 and §18.3 (``online_rules``, not
                              PokerStars' own): no fixed-limit hand of the corpus has a raise
                              after an all-in of half a bet or more, nor a hand killed for a
                              sitting-out player
============================  ===============================================================

Not read: the date line (kept in ``extra``), tournament hands (``Table 'T123 [4]'``, no sample:
read as cash).
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from drawdealer.engine.frozen import replace
from drawdealer.engine.record import Action, HandRecord, PotClaim, Stakes
from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.variants import get_game
from drawdealer.parsers.pokerstars import online_rules
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import ALL_IN, MONEY, HandBuilder, Ledger, LineError, betting_rows, line_table
from drawdealer.parsers.sitekit import header_not_read, parse_amount, parse_card_list, unsupported

_BETTING = frozenset({K.FOLD, K.CHECK, K.CALL, K.BET, K.RAISE})

GAMES = {
    "2-7 Triple Draw": "27TD",
    "2-7 Single Draw": "27SD",
    "5 Card Draw": "5CD",
    "Badugi": "BADUGI",
    "A-5 Triple Draw": "A5TD",
    "A-5 Single Draw": "A5SD",
    "Badeucey": "BADEUCEY",
    "Badacey": "BADACEY",
}
"""KingsClub's draw-game names, by ``engine.variants`` family (any other name is skipped)."""
STRUCTURES = {"Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}

HEADER = re.compile(rf"#(?P<id>\d+): +(?P<structure>Limit|Pot Limit|No Limit) (?P<game>.+?)"
                    rf" - (?P<a>{MONEY})/(?P<b>{MONEY})$")
"""A hand's first line (``sniff`` cuts files at it)."""
_TABLE = re.compile(r"Table (?:ID )?'(?P<table>.*)'(?: (?P<max>\d+)-max)?(?: \(Play Money\))?"
                    r" Seat #?(?P<seat>\d+) is the button$")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2}$")
_WHO = r"(?P<name>.+?)"

LINES = line_table(
    ("post_ante", ": posts ante ", rf"{_WHO}: posts ante (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_sb", ": posts the small", rf"{_WHO}: posts the small blind (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_bb", ": posts the big", rf"{_WHO}: posts the big blind (?P<amt>{MONEY}){ALL_IN}$"),
    ("post_blind", ": posts blind ", rf"{_WHO}: posts blind (?P<amt>{MONEY}){ALL_IN}$"),
    ("dealt", "Dealt to ", rf"Dealt to {_WHO}: \[(?P<cards>[^\]]*)\]$"),
    *betting_rows(_WHO + " ", ALL_IN),
    ("draws", " draws ", rf"{_WHO} draws (?P<n>\d+)(?: cards?)?$"),
    ("swap", " discards ", rf"{_WHO} discards \[(?P<cards>[^\]]*)\] draws (?P<new>\[[^\]]*\](?: \[[^\]]*\])*)$"),
    ("pat", " stands pat", rf"{_WHO} stands pat$"),
    ("run", "Run ", rf"Run (?P<run>\d{{1,2}}): {_WHO} shows \[(?P<cards>[^\]]*)\]$"),
    ("show", " shows ", rf"{_WHO} shows \[(?P<cards>[^\]]*)\]$"),
    ("section", "*** ", r"\*\*\* (?P<section>[A-Z0-9 ]+) \*\*\*$"),
    ("noise", " sits out", rf"{_WHO} sits out$"),
    # the summary
    ("final", "Seat ", rf"Seat (?P<seat>\d+): {_WHO} \((?P<stack>{MONEY})\) (?P<sign>[+-]?)(?P<net>{MONEY})$"),
    ("rake", "Rake ", rf"Rake (?P<amt>{MONEY})$"),
    ("wins", " wins ", rf"{_WHO} wins (?:pot |side pot (?P<n>\d+) )?\((?P<amt>{MONEY})\)(?: from pot)?$"),
)
"""Every line of a hand after its table line: its kind, a word it must hold and its pattern."""


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """KingsClub's rules as RULES.md §13 options: PokerStars' online ones (every non-live card but
    the current player's discards reshuffled, §8.4; deal to the last card, §8.3; a bet and three
    raises, §7.2; no rake without a draw, §9.5; blinds and antes, §6.1), which its logs agree with;
    not PokerStars' own conventions of §18, which they do not show (the table)."""
    return online_rules(max_seats=max_seats, antes=antes)


class KingsClubBuilder(HandBuilder):
    """One KingsClub hand, its lines read by :data:`LINES`."""

    LINES = LINES
    UNCALLED_PRINTED = False  # the table's row 'uncalled bets'
    SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>{MONEY})\)$")

    def __init__(self, lines: list[str], start: int, source: str, *, blinds: tuple[int, int], hand_size: int) -> None:
        super().__init__(lines, start, source, cents=True)
        self.blinds = blinds  # (small, big) as the header gives them: posts of 'blind X' are read by them
        self.hand_size = hand_size
        self.dealt: set[str] = set()
        self.rake = 0  # no 'Rake' line: no rake (the table's row 'rake')
        self.ledger = Ledger()  # the chips each player has in front of him this betting round (row 'calls')
        self.make_ups: list[int] = []  # the index of each 'posts blind X' (row 'missed blinds')
        self.runs: dict[int, int] = {}  # the index of each action of one run only → its run (row 'run it twice')

    def on_post_sb(self, m: re.Match[str], number: int, line: str) -> None:
        super().on_post_sb(m, number, line)
        self.ledger.bring_to(m["name"], self.sb_post)

    def on_post_bb(self, m: re.Match[str], number: int, line: str) -> None:
        self.ledger.bring_to(m["name"], self.amount(m["amt"]))
        super().on_post_bb(m, number, line)

    def on_call(self, m: re.Match[str], number: int, line: str) -> None:
        """``calls X``: X is the total in front of the player after the call; the record holds what he adds."""
        name, to = m["name"], self.amount(m["amt"])
        added = self.ledger.added(name, to)
        if added < 0:
            raise LineError(f"{name} calls to {m['amt']}, less than {name} has in this round", column=m.start("amt") + 1)
        self.ledger.bring_to(name, to)
        self.add(K.CALL, name, number, line, amount=added, all_in=self.all_in(m))

    def on_bet(self, m: re.Match[str], number: int, line: str) -> None:
        self.ledger.bring_to(m["name"], self.amount(m["amt"]))
        super().on_bet(m, number, line)

    def on_raise(self, m: re.Match[str], number: int, line: str) -> None:
        self.ledger.bring_to(m["name"], self.amount(m["amt"]))
        super().on_raise(m, number, line)

    def on_post_blind(self, m: re.Match[str], number: int, line: str) -> None:
        """``P: posts blind X``: X live (a big blind out of position); from a seat outside the blinds
        the small blind dead as well, unprinted (:meth:`finish`, the table's row 'missed blinds')."""
        self.make_ups.append(len(self.actions))
        self.on_post_bb(m, number, line)

    def on_dealt(self, m: re.Match[str], number: int, line: str) -> None:
        """``Dealt to P: [X X X X X]`` (the hero's cards shown): who is dealt in."""
        name = self.player(m["name"])
        if name in self.dealt:
            raise LineError(f"{name} is dealt twice")
        self.dealt.add(name)
        tokens = m["cards"].split()
        known = [t for t in tokens if t != "X"]
        if known:
            self.hero = self.hero or name
        if known or len(tokens) != self.hand_size:
            self.add(K.DEAL, name, number, line, cards=parse_card_list(" ".join(known)) or None, count=len(tokens))

    def draw(self, name: str, number: int, line: str, **fields: Any) -> None:
        """A draw: it ends the betting round (A-5 single draw prints no section before it)."""
        self.ledger.new_round()
        self.add(K.DRAW, name, number, line, **fields)

    def on_draws(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw(m["name"], number, line, count=int(m["n"]))

    def on_swap(self, m: re.Match[str], number: int, line: str) -> None:
        """The hero's ``discards [..] draws [..]``; a second set of new cards is the draw of a second
        run, and so on (the table's row 'run it twice')."""
        discarded = parse_card_list(m["cards"])
        for run, new in enumerate(m["new"][1:-1].split("] ["), 1):
            received = parse_card_list(new)
            if run > 1:
                self.runs[len(self.actions)] = run
            elif "] [" in m["new"]:
                self.runs[len(self.actions)] = 1
            self.draw(m["name"], number, line, count=len(discarded), discarded=discarded, received=received,
                      received_count=len(received))

    def on_pat(self, m: re.Match[str], number: int, line: str) -> None:
        self.draw(m["name"], number, line)

    def on_run(self, m: re.Match[str], number: int, line: str) -> None:
        """``Run N: P shows [..]``: P's hand in run N (the table's row 'run it twice')."""
        run = int(m["run"])
        if run < 1:
            raise LineError("runs are numbered from 1", column=5)
        self.runs[len(self.actions)] = run
        self.on_show(m, number, line)

    def split_runs(self) -> tuple[tuple[Action, ...], tuple[tuple[Action, ...], ...]]:
        """The actions up to where the runs began (after the last betting action) and each run's:
        its own lines, and the lines of no run (the other draws and shows) in every run."""
        if not self.runs:
            return tuple(self.actions), ()
        start = max((k for k, a in enumerate(self.actions) if a.kind in _BETTING), default=-1) + 1
        first = min(self.runs)
        if first < start:
            raise LineError("a run begins before the betting is over", index=self.actions[first].line - self.start)
        count = max(self.runs.values())
        if set(self.runs.values()) != set(range(1, count + 1)):
            raise LineError(f"runs {sorted(set(self.runs.values()))}: a run is missing",
                            index=self.actions[first].line - self.start)
        rest = list(enumerate(self.actions))[start:]
        return tuple(self.actions[:start]), tuple(tuple(a for k, a in rest if self.runs.get(k, run) == run)
                                                   for run in range(1, count + 1))

    def on_final(self, m: re.Match[str], number: int, line: str) -> None:
        """``Seat N: P (X) +Y``: P ends with X, Y more than he started with."""
        name = self.player(m["name"])
        if self.names[name] != int(m["seat"]):
            raise LineError(f"{name} is not in seat {m['seat']}")
        end, net = self.amount(m["stack"]), self.amount(m["net"])
        start = next(s.stack for s in self.seats if s.name == name)
        if end - start != (-net if m["sign"] == "-" else net):
            raise LineError(f"{name} ends with {m['stack']}, {m['sign']}{m['net']} from the starting stack:"
                            " the summary contradicts itself", column=m.start("stack") + 1)
        self.final_stacks.append((name, end))
        self.claim_lines[f"stack:{name}"] = number

    def on_rake(self, m: re.Match[str], number: int, line: str) -> None:
        self.rake = self.amount(m["amt"])
        self.claim_lines["rake"] = number

    def on_wins(self, m: re.Match[str], number: int, line: str) -> None:
        index = int(m["n"]) if m["n"] is not None else None
        self.collected.append(PotClaim(player=self.player(m["name"]), amount=self.amount(m["amt"]),
                                       pot_index=index, line=number))

    def blind_seats(self) -> list[str]:
        """The players in the small and big blind's seats: the first two dealt in left of the button
        (heads-up, the button and the other player; RULES.md §6.1)."""
        dealt = [s for s in sorted(self.seats, key=lambda s: s.seat) if s.name in self.dealt] or self.seats
        button = self.button_seat or 0
        order = [s.name for s in dealt if s.seat > button] + [s.name for s in dealt if s.seat <= button]
        return order[-1:] + order[:1] if len(order) == 2 else order[:2]

    def finish(self) -> None:
        """A seat no ``Dealt to`` line names sits out (the table's row 'deal'); the dead small blind of
        each ``posts blind X`` from a seat outside the blinds: its player posts neither blind and sits
        in neither blind's seat (row 'missed blinds')."""
        make_ups = set(self.make_ups)
        blinds = {a.player for k, a in enumerate(self.actions)
                  if a.kind in (K.POST_SB, K.POST_BB) and k not in make_ups}
        blinds.update(self.blind_seats())
        inserted = []
        for k in reversed(self.make_ups):
            post = self.actions[k]
            if post.player not in blinds:
                small = self.sb_post if self.sb_post is not None else self.blinds[0]
                self.actions.insert(k + 1, replace(post, kind=K.POST_DEAD, amount=small))
                inserted.append(k)
        if inserted and self.runs:  # the actions of the runs moved down
            self.runs = {k + sum(1 for at in inserted if at < k): run for k, run in self.runs.items()}
        if self.dealt:
            acted = {a.player for a in self.actions}
            for seat in self.seats:
                if seat.name not in self.dealt and seat.name not in acted:
                    self.set_sitting_out(seat.name)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One hand from its lines (the first is the header)."""
    end = start + len(lines) - 1
    header = HEADER.match(lines[0])
    if header is None:
        return header_not_read(lines, 0, start, source, "expected a KingsClub hand header ('#N: Limit Badugi - 30/60')",
                               site="KingsClub")
    hand_id, site_game, structure = header["id"], header["game"], header["structure"]
    game = f"{GAMES.get(site_game, site_game)}-{STRUCTURES[structure]}"
    skipped = unsupported(game, f"{structure} {site_game}", hand_id=hand_id, start=start, end=end, source=source,
                          site="KingsClub")
    if skipped is not None:
        return skipped
    if any(line == "Hand cancelled" for line in lines):
        return Skipped(hand_id=hand_id, game=game, reason="cancelled", line=start, end_line=end, source=source,
                       message="KingsClub cancelled this hand")
    fixed = STRUCTURES[structure] == "FL"
    try:
        a, b = parse_amount(header["a"], True), parse_amount(header["b"], True)
    except LineError as e:
        return ParseFailure(message=e.message, line=start, column=header.start("a") + 1, text=lines[0][:200],
                            hand_id=hand_id, start_line=start, end_line=end, source=source)
    small, big = (a // 2, a) if fixed else (a, b)
    builder = KingsClubBuilder(lines, start, source, blinds=(small, big), hand_size=get_game(game).hand_size)
    first = 1
    if len(lines) > first and _DATE.match(lines[first]):
        first += 1
    table = _TABLE.match(lines[first]) if len(lines) > first else None
    if table is None:
        return builder.failure("expected the table line ('Table 'T' Seat N is the button')", min(first, len(lines) - 1),
                               hand_id)
    builder.button_seat = int(table["seat"])
    failure = builder.read_lines(first + 1, hand_id)
    if failure is not None:
        return failure
    builder.finish()
    try:
        common, runs = builder.split_runs()
    except LineError as e:
        return builder.failure(e.message, e.index if e.index is not None else 0, hand_id)
    antes = [x.amount for x in builder.actions if x.kind is K.POST_ANTE]
    ante = max(antes, default=0)
    if fixed:
        sb = builder.sb_post if big % 2 and builder.sb_post is not None else small
        stakes = Stakes(sb=sb, bb=big, ante=ante, small_bet=big, big_bet=b)
    else:
        stakes = Stakes(sb=small, bb=big, ante=ante)
    max_seats = int(table["max"]) if table["max"] else max((s.seat for s in builder.seats), default=None)
    extra = {"kingsclub_header": lines[0], "kingsclub_table": table["table"]}
    if first == 2:
        extra["kingsclub_date"] = lines[1]
    record = builder.record(hand_id=hand_id, game=game, stakes=stakes,
                            options=house_rules(max_seats=max_seats, antes=ante > 0), currency="$", extra=extra,
                            antes_in_position_order=True)
    if runs:
        record = replace(record, actions=record.actions[:len(common)], runs=runs)
    return record


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Parse ``(start_line, lines)`` chunks, one hand each."""
    for start, lines in chunks:
        yield parse_hand(lines, start, source)
