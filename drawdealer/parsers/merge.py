"""Merge Network (Carbon, Lock, …) XML hand histories → :class:`~drawdealer.engine.record.HandRecord`.

A file is a ``<description type="2-7 Lowball" stakes="Limit $1/$2"/>`` (the game of the hands
after it) and one ``<game id="T-N" …>`` element per hand; :mod:`~drawdealer.parsers.sniff` cuts it
at those lines (its row in :data:`~drawdealer.parsers.sniff.SITES`) and :mod:`~drawdealer.parsers.xmlsafe`
reads each hand (no DTD, no entities).
Games: ``2-7 Lowball`` (2-7 triple draw), ``A-5 Lowball`` (A-5 triple draw), ``Badugi`` and
``5-Draw``, limit, pot limit and no limit, cash. Other games (Hold'em, Stud, ``5-Draw w/Joker`` …),
Half Pot Limit (a structure drawdealer does not play), tournaments (FPDB: Merge prints their stacks
after the forced bets; the corpus has none to check that against) and cancelled hands
(``GAME_CANCELLED``) are :class:`~drawdealer.parsers.results.Skipped`.

Merge's house rules, as its logs show them (FPDB's regression files of Merge,
docs/CONFORMANCE.md, and FPDB's ``MergeToFpdb.py``); :func:`house_rules` sets the rule options:

============================  ===============================================================
blinds, fixed limit           ``stakes="Limit $1/$2"``: small bet / big bet; the big blind is
                              the small bet, the small blind the ``SMALL_BLIND`` post (else half)
blinds, pot and no limit      ``stakes="Pot Limit ($0.05/$0.10)"``: small and big blind
posts                         ``SMALL_BLIND``, ``BIG_BLIND``, ``ANTE``; ``INITIAL_BLIND`` (a new
                              player's live big blind); ``RETURN_BLIND`` (a returning player's
                              blinds: a big blind, and the small blind above it as dead money,
                              RULES.md §18.4)
players                       ``<player seat nickname balance dealtin>``: seats are numbered from
                              0 (the record numbers them from 1, as FPDB); ``dealtin="false"``
                              sits out; ``<players dealer="S">`` is the button's seat; events
                              name a player by seat, chat by nickname
amounts                       ``CALL``, ``BET``, ``ALL_IN``: the chips this action puts in (an
                              all-in is a call, bet or raise by what it makes the player's total
                              this round); ``RAISE``: the player's total this round (raise to),
                              before 8 September 2010 the chips it puts in (FPDB)
draws                         ``DRAW`` with ``text="N"`` cards discarded (0 stands pat), in draw
                              order; the hero's hand after each draw (``DRAW_DRAWN_CARDS``) names
                              his discards and new cards; others' cards are never shown but at
                              the showdown
showdown                      ``SHOW`` / ``MUCK`` events, their cards in ``SHOWN`` / ``MUCKED``;
                              the winner's ``MUCK`` of a hand won by folds is no showdown muck
pots, rake, uncalled bets     nothing printed but ``<winner amount potnumber player
                              uncalled>``: what the player takes from pot N (1 is the main pot),
                              net of rake and, with ``uncalled="false"``, plus the chips of his
                              bet nobody called (``uncalled="true"``: only those chips). The
                              record's claims say so (``Claims.uncalled_in_collected``,
                              ``rake_printed`` false, ``uncalled_printed`` false): the replay
                              takes the uncalled chips out of the winner's amount (RULES.md
                              §7.1) and the rake is what the pots hold beyond the winners'
                              amounts, so Merge's rake is checked by the winners' shares, not by
                              a printed figure (the corpus: 5% of the pot, 50 cents at most
                              heads-up, none before the draw; the formula is not stated, so
                              ``RAKE_PERCENT`` stays 0)
rules of play                 PokerStars' options (deal to the last card, the reshuffle of every
                              non-live card, a bet and three raises, no rake before the draw):
                              nothing in the corpus contradicts them (no reshuffle); but no cap
                              heads-up (``FL_HEADS_UP_UNCAPPED``, RULES.md §7.2's cash-game
                              rule): FPDB's regression hand 31241825-6 ($5/$10, heads-up) has six
                              bets after the first draw
table size                    ``seats="N"`` on ``<game>`` when given, else the highest seat
cancelled hands               a ``GAME_CANCELLED`` round: skipped
site conventions (§18)        RULES.md's defaults for §18.2 and §18.3: no fixed-limit hand of
                              the corpus has a raise after an all-in of half a bet or more, nor a
                              hand killed for a sitting-out player
============================  ===============================================================

Read but not checked: the hand descriptions (``hand="9-7-6-4-3"``), which drawdealer's rankings do
not word as Merge does. Not read: ``CHAT``, ``DISCONNECTED``, ``RECONNECTED``, timestamps.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import Card, parse_card
from drawdealer.engine.record import ActionKind, HandRecord, PotClaim
from drawdealer.parsers.pokerstars import online_rules
from drawdealer.parsers.results import ParseFailure, Skipped, internal_failure
from drawdealer.parsers.sitekit import SIGN, changed_cards, site_stakes, unsupported
from drawdealer.parsers.xmlsafe import Node, XmlBuilder, XmlError, failure, parse_hand_element, prologue_failure
from drawdealer.parsers.xmlsafe import read_hand

K = ActionKind

GAMES = {"2-7 Lowball": "27TD", "A-5 Lowball": "A5TD", "Badugi": "BADUGI", "5-Draw": "5CD"}
"""Merge's draw-game names (``<description type>``), by ``engine.variants`` family."""
STRUCTURES = {"Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
NEW_FORMAT = "20100908"
"""From this day on a ``RAISE`` amount is the raise-to total (FPDB's ``newFormat``)."""

_STAKES = re.compile(r"(?P<structure>No Limit|Pot Limit|Half Pot Limit|Limit)\s*"
                     rf"(?:Level \d+ Blinds\s*)?\(?(?P<a>{SIGN}?[\d.,]+)?/?(?P<b>{SIGN}?[\d.,]+)?")
_BETTING = {"CALL": K.CALL, "BET": K.BET}
_POSTS = {"SMALL_BLIND": K.POST_SB, "BIG_BLIND": K.POST_BB, "INITIAL_BLIND": K.POST_BB, "ANTE": K.POST_ANTE}
_NOISE = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "TIMEOUT", "SITTING_OUT", "SIT_IN"})
_DRAW_ROUNDS = frozenset({"FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW"})


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Merge's rules as RULES.md §13 options: PokerStars' online ones (its reshuffle of every non-live card but
    the current player's discards, §8.4; deal to the last card, §8.3; a bet and three raises,
    §7.2; no rake without a draw, §9.5; blinds and antes, §6.1), and no cap heads-up
    (``FL_HEADS_UP_UNCAPPED``, §7.2's cash-game rule), see the module docstring."""
    return {**online_rules(max_seats=max_seats, antes=antes), "FL_HEADS_UP_UNCAPPED": True}


class Game:
    """What a ``<description>`` says of the hands after it."""

    def __init__(self, node: Node) -> None:
        self.type = node.need("type")
        self.stakes = node.need("stakes")
        self.line = node.line


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Every hand of the chunks the registry cuts a Merge file into (:data:`~drawdealer.parsers.sniff.SITES`:
    at each ``<game>`` and ``<description>``), in order; a ``<description>`` yields nothing."""
    game: Game | None = None
    for start, lines in chunks:
        if not lines[0].startswith(("<game", "<description")):  # text before the first hand
            problem = prologue_failure(lines, start, source)
            if problem is not None:
                yield problem
            continue
        if lines[0].startswith("<description"):
            try:
                game = Game(parse_hand_element(lines, start))
            except XmlError as e:
                yield failure(e, lines, start, source)
            continue
        try:  # here, not only in parsers.contained: starting again would forget the <description> read so far
            result = parse_hand(lines, start, source, game)
        except Exception as exc:  # noqa: BLE001 - a reader bug: this hand's INTERNAL_ERROR (RULES.md §11.1)
            result = internal_failure(exc, lines, start, source)
        yield result


def parse_hand(lines: list[str], start: int = 1, source: str = "", game: Game | None = None
               ) -> HandRecord | ParseFailure | Skipped:
    """One ``<game>`` element from its lines, the game named by the last ``<description>``."""
    def read(root: Node) -> HandRecord | ParseFailure | Skipped:
        if game is None:
            raise XmlError("a Merge <game> before any <description> of its game", root.line)
        return MergeBuilder(root, game, lines, start, source).build()

    return read_hand(lines, start, source, "game", "id", read)


class MergeBuilder(XmlBuilder):
    """A Merge ``<game>``: its rounds in order, the hero's cards read ahead of the betting."""

    UNCALLED_PRINTED = False  # inside the winner amounts (uncalled="false")
    UNCALLED_IN_COLLECTED = True
    RAKE_PRINTED = False

    def __init__(self, root: Node, game: Game, lines: list[str], start: int, source: str) -> None:
        super().__init__(root, lines, start, source, cents=any(c in game.stakes for c in "$€£"))
        self.game = game
        self.hand_id = root.need("id")
        self.by_seat: dict[str, str] = {}  # the log's seat number → player
        self.hand: tuple[Card, ...] | None = None  # the hero's cards now
        self.winners: list[Node] = []

    def site_name(self) -> str:
        return "Merge"

    def cards_of(self, node: Node) -> tuple[Card, ...]:
        """``cards="Qh,Tc,4s"`` → cards."""
        return tuple(parse_card(token) for token in self.at(node).need("cards").split(",") if token)

    def who(self, node: Node) -> str:
        """The player an element names by his seat."""
        seat = self.at(node).need("player")
        name = self.by_seat.get(seat)
        if name is None:
            raise XmlError(f"seat {seat} acts but nobody is seated there", node.line)
        return name

    def read(self) -> HandRecord | ParseFailure | Skipped:
        skipped = self.skipped()
        if skipped is not None:
            return skipped
        children = self.root.children
        if not children or children[0].tag != "players":
            raise XmlError("a Merge <game> without its <players>", self.root.line)
        players = children[0]
        for p in players.children:
            self.seat_of(p)
            too_many = self.too_many_players(p, self.hand_id)
            if too_many is not None:
                return too_many
        dealer = self.by_seat.get(players.need("dealer"))
        self.button_seat = self.names[dealer] if dealer is not None else None
        for r in children[1:]:
            if r.tag != "round":
                raise XmlError(f"<{r.tag}> in a Merge <game>", r.line)
            self.read_round(r)
        self.claims_of_winners()
        return self.record_of()

    def skipped(self) -> Skipped | None:
        """A hand of a game, structure or kind drawdealer does not read (module docstring)."""
        game = self.game
        name = game.type.removesuffix(" Tournament")
        stakes = _STAKES.match(game.stakes)
        self.structure = STRUCTURES.get(stakes["structure"], "") if stakes else ""
        self.stakes_match = stakes
        family = GAMES.get(name, name)
        where = dict(hand_id=self.hand_id, start=self.start, end=self.end, source=self.source, site="Merge")
        if not self.structure:
            return Skipped(hand_id=self.hand_id, game=f"{game.type} {game.stakes}", reason="game", line=self.start,
                           end_line=self.end, source=self.source,
                           message=f"Merge {game.stakes} {name}: not a betting structure drawdealer plays")
        self.game_id = f"{family}-{self.structure}"
        skipped = unsupported(self.game_id, f"{game.type} {game.stakes}", **where)
        if skipped is None and name != game.type:
            return Skipped(hand_id=self.hand_id, game=self.game_id, reason="game", line=self.start, end_line=self.end,
                           source=self.source, message="a Merge tournament hand: Merge prints tournament stacks "
                                                       "after the forced bets (not read)")
        if skipped is None and any(r.get("id") == "GAME_CANCELLED" for r in self.root.children):
            return Skipped(hand_id=self.hand_id, game=self.game_id, reason="cancelled", line=self.start,
                           end_line=self.end, source=self.source, message="Merge cancelled this hand (GAME_CANCELLED)")
        return skipped

    def seat_of(self, p: Node) -> None:
        if self.at(p).tag != "player":
            raise XmlError(f"<{p.tag}> among the players", p.line)
        name, number = p.need("nickname"), p.need("seat")
        if not number.isdigit():
            raise XmlError(f"seat '{number}' is not a seat number", p.line)
        self.add_seat(int(number) + 1, name, self.amount_of(p, "balance"), sitting_out=p.get("dealtin") == "false")
        self.by_seat[number] = name

    def read_round(self, r: Node) -> None:
        kind = self.at(r).need("id")
        if kind == "BLINDS":
            for e in r.children:
                self.post_event(e)
        elif kind == "PRE_FIRST_DRAW" or kind.startswith("POST_"):
            if kind.startswith("POST_"):
                self.ledger.new_round()
            else:  # the hero's hole cards, written after the betting, come before it
                for c in r.children:
                    if c.tag == "cards" and c.get("type") == "HOLE":
                        self.hero, self.hand = self.who(c), self.cards_of(c)
                        self.add_event(K.DEAL, self.hero, c, cards=self.hand, count=len(self.hand))
            for e in r.children:
                if e.tag == "event":
                    self.bet_event(e)
        elif kind in _DRAW_ROUNDS:
            self.draw_round(r)
        elif kind == "SHOWDOWN":
            self.showdown_round(r)
        elif kind in ("END_OF_FOLDED_GAME", "END_OF_GAME"):
            for e in r.children:
                if e.tag == "winner":
                    self.winners.append(e)
                elif e.get("type") not in ("MUCK", *_NOISE):  # the winner's muck of a hand won by folds
                    raise XmlError(f"a {e.get('type') or e.tag} event at the end of the hand", e.line)
        else:
            raise XmlError(f"a round Merge does not write: '{kind}'", r.line)

    def post_event(self, e: Node) -> None:
        kind = self.at(e).need("type")
        if kind in _NOISE:
            return
        player, amount = self.who(e), self.amount_of(e, "amount")
        if kind == "RETURN_BLIND":
            self.both_blinds(player, e, amount)
            return
        post = _POSTS.get(kind)
        if post is None:
            raise XmlError(f"a '{kind}' event among the blinds", e.line)
        self.forced(post, player, e, amount)

    def stakes_amounts(self) -> tuple[int, int]:
        m = self.stakes_match
        if not m["a"] or not m["b"]:
            raise XmlError(f"stakes without their amounts: '{self.game.stakes}'", self.game.line)
        return self.amount(m["a"]), self.amount(m["b"])

    def bet_event(self, e: Node) -> None:
        kind = self.at(e).need("type")
        if kind in _NOISE:
            return
        player = self.who(e)
        if kind in ("FOLD", "SIT_OUT"):
            self.add_event(K.FOLD, player, e)
        elif kind == "CHECK":
            self.add_event(K.CHECK, player, e)
        elif kind in _BETTING:
            chips = self.amount_of(e, "amount")
            self.add_event(_BETTING[kind], player, e, amount=chips)
            self.ledger.put(player, chips)
        elif kind == "RAISE":
            value = self.amount_of(e, "amount")
            to = value if self.root.need("starttime")[:8] >= NEW_FORMAT else self.ledger.round.get(player, 0) + value
            self.add_event(K.RAISE, player, e, amount=to)
            self.ledger.put(player, self.ledger.added(player, to))
        elif kind == "ALL_IN":
            chips = self.amount_of(e, "amount")
            to = self.ledger.round.get(player, 0) + chips
            what = self.ledger.kind(player, to)
            self.add_event(what, player, e, amount=to if what is K.RAISE else chips, all_in=True)
            self.ledger.put(player, chips)
        else:
            raise XmlError(f"a '{kind}' event in a betting round", e.line)

    def draw_round(self, r: Node) -> None:
        self.ledger.new_round()
        after = next((c for c in r.children if c.tag == "cards" and c.get("type") == "DRAW_DRAWN_CARDS"), None)
        for e in r.children:
            if e.tag != "event" or self.at(e).need("type") in _NOISE:
                continue
            if e.need("type") != "DRAW":
                raise XmlError(f"a '{e.need('type')}' event in a draw", e.line)
            player, count = self.who(e), e.need("text")
            if not count.isdigit():
                raise XmlError(f"'{count}' is not a number of cards", e.line)
            fields: dict[str, Any] = {}
            if after is not None and player == self.hero and self.hand is not None and self.who(after) == player:
                new = self.cards_of(after)
                fields, self.hand = changed_cards(self.hand, new), new
            self.add_event(K.DRAW, player, e, count=int(count), **fields)

    def showdown_round(self, r: Node) -> None:
        cards = {self.who(c): self.cards_of(c) for c in r.children if c.tag == "cards"}
        for e in r.children:
            if e.tag != "event" or self.at(e).need("type") in _NOISE:
                continue
            kind = {"SHOW": K.SHOW, "MUCK": K.MUCK}.get(e.need("type"))
            if kind is None:
                raise XmlError(f"a '{e.need('type')}' event at the showdown", e.line)
            player = self.who(e)
            shown = cards.get(player)
            self.add_event(kind, player, e, cards=shown, count=len(shown) if shown else 0)

    def claims_of_winners(self) -> None:
        """The winners' amounts as the record's claims (the module docstring's "pots, rake, uncalled
        bets"): the engine takes the uncalled chips out (``UNCALLED_IN_COLLECTED``) and the rake
        is what the pots hold beyond them (``RAKE_PRINTED``)."""
        for w in self.winners:
            player, amount = self.who(w), self.amount_of(w, "amount")
            if w.get("uncalled") == "true":
                self.uncalled.append((player, amount, w.line))
            else:
                number = w.need("potnumber")
                index = int(number) - 1 if number.isdigit() and int(number) > 0 else None
                self.collected.append(PotClaim(player=player, amount=amount, pot_index=index, line=w.line))

    def record_of(self) -> HandRecord:
        a, b = self.stakes_amounts()
        ante = next((x.amount for x in self.actions if x.kind is K.POST_ANTE), 0)
        size = self.root.get("seats")
        max_seats = int(size) if size and size.isdigit() else max((s.seat for s in self.seats), default=None)
        return self.record(hand_id=self.hand_id, game=self.game_id,
                           options=house_rules(max_seats=max_seats, antes=ante > 0),
                           stakes=site_stakes(self.structure, a, b, sb_post=self.sb_post, ante=ante),
                           currency=next((c for c in "$€£" if c in self.game.stakes), ""),
                           extra={"merge_description": (self.game.type, self.game.stakes)})
