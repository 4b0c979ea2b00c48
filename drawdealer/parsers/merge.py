"""Merge Network (Carbon, Lock, …) XML hand histories → :class:`~drawdealer.engine.record.HandRecord`.

A file is a ``<description type="2-7 Lowball" stakes="Limit $1/$2"/>`` (the game of the hands
after it) and one ``<game id="T-N" …>`` element per hand; :mod:`~drawdealer.parsers.sniff` cuts it
at those lines and :mod:`~drawdealer.parsers.xmlsafe` reads each hand (no DTD, no entities).
Games: ``2-7 Lowball`` (2-7 triple draw), ``A-5 Lowball`` (A-5 triple draw), ``Badugi`` and
``5-Draw``, limit, pot limit and no limit, cash. Other games (Hold'em, Stud, ``5-Draw w/Joker`` …),
Half Pot Limit (a structure drawdealer does not play), tournaments (FPDB: Merge prints their stacks
after the forced bets; the corpus has none to check that against) and cancelled hands
(``GAME_CANCELLED``) are :class:`~drawdealer.parsers.results.Skipped`.

Merge's house rules, as its logs show them (the corpus in ../shared/corpus/fpdb/cash/Merge and
FPDB's ``MergeToFpdb.py``); :func:`house_rules` sets the rule options:

============================  ===============================================================
blinds, fixed limit           ``stakes="Limit $1/$2"``: small bet / big bet; the big blind is
                              the small bet, the small blind the ``SMALL_BLIND`` post (else half)
blinds, pot and no limit      ``stakes="Pot Limit ($0.05/$0.10)"``: small and big blind
posts                         ``SMALL_BLIND``, ``BIG_BLIND``, ``ANTE``; ``INITIAL_BLIND`` (a new
                              player's live big blind); ``RETURN_BLIND`` (a returning player's
                              blinds: a big blind, and the small blind above it as dead money)
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
                              record claims the uncalled chips the bets leave (RULES.md §7.1) and
                              the rake as every chip put in less every chip taken back: Merge's
                              rake is checked by the winners' shares, not by a printed figure
                              (the corpus: 5% of the pot, 50 cents at most heads-up, none before
                              the draw; the formula is not stated, so ``RAKE_PERCENT`` stays 0)
rules of play                 PokerStars' options (deal to the last card, the reshuffle of every
                              non-live card, a bet and three raises, no rake before the draw):
                              nothing in the corpus contradicts them (no capped round, no
                              reshuffle)
table size                    ``seats="N"`` on ``<game>`` when given, else the highest seat
cancelled hands               a ``GAME_CANCELLED`` round: skipped
============================  ===============================================================

Read but not checked: the hand descriptions (``hand="9-7-6-4-3"``), which drawdealer's rankings do
not word as Merge does. Not read: ``CHAT``, ``DISCONNECTED``, ``RECONNECTED``, timestamps.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import parse_card
from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes
from drawdealer.engine.variants import UnknownGame, get_game
from drawdealer.parsers import limits
from drawdealer.parsers.pokerstars import house_rules as pokerstars_rules
from drawdealer.parsers.pokerstars import parse_amount
from drawdealer.parsers.ledger import Ledger, changed_cards
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.xmlsafe import Node, XmlError, failure, parse_hand_element, prologue_failure, read_hand

K = ActionKind

GAMES = {"2-7 Lowball": "27TD", "A-5 Lowball": "A5TD", "Badugi": "BADUGI", "5-Draw": "5CD"}
"""Merge's draw-game names (``<description type>``), by ``engine.variants`` family."""
STRUCTURES = {"Limit": "FL", "Pot Limit": "PL", "No Limit": "NL"}
NEW_FORMAT = "20100908"
"""From this day on a ``RAISE`` amount is the raise-to total (FPDB's ``newFormat``)."""

HEADER = re.compile(r"<(?:game|description)\b")
"""A line that starts a hand (``<game``) or names the game of the hands after it (``<description``)."""
_STAKES = re.compile(r"(?P<structure>No Limit|Pot Limit|Half Pot Limit|Limit)\s*"
                     r"(?:Level \d+ Blinds\s*)?\(?(?P<a>[$€£]?[\d.,]+)?/?(?P<b>[$€£]?[\d.,]+)?")
_BETTING = {"CALL": K.CALL, "BET": K.BET}
_POSTS = {"SMALL_BLIND": K.POST_SB, "BIG_BLIND": K.POST_BB, "INITIAL_BLIND": K.POST_BB, "ANTE": K.POST_ANTE}
_NOISE = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "TIMEOUT", "SITTING_OUT", "SIT_IN"})
_DRAW_ROUNDS = frozenset({"FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW"})


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Merge's rules as RULES.md §13 options: PokerStars' (its reshuffle of every non-live card but
    the current player's discards, §8.4; deal to the last card, §8.3; a bet and three raises,
    §7.2; no rake without a draw, §9.5; blinds and antes, §6.1), see the module docstring."""
    return pokerstars_rules(max_seats=max_seats, antes=antes)


def split(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """``(start_line, lines)`` per ``<game>`` or ``<description>`` of a Merge file."""
    from drawdealer.parsers.sniff import split_pokerstars

    return split_pokerstars(lines, HEADER, "<")


class Game:
    """What a ``<description>`` says of the hands after it."""

    def __init__(self, node: Node) -> None:
        self.type = node.need("type")
        self.stakes = node.need("stakes")
        self.line = node.line


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Every hand of the chunks of :func:`split`, in order (a ``<description>`` yields nothing)."""
    game: Game | None = None
    for start, lines in chunks:
        if not HEADER.match(lines[0]):  # text before the first hand
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
        yield parse_hand(lines, start, source, game)


def parse_hand(lines: list[str], start: int = 1, source: str = "", game: Game | None = None
               ) -> HandRecord | ParseFailure | Skipped:
    """One ``<game>`` element from its lines, the game named by the last ``<description>``."""
    def read(root: Node) -> HandRecord | ParseFailure | Skipped:
        if game is None:
            raise XmlError("a Merge <game> before any <description> of its game", root.line)
        return _Hand(root, game, source, start, start + len(lines) - 1).read()

    return read_hand(lines, start, source, "game", "id", read)


def _cards(node: Node) -> tuple[int, ...]:
    """``cards="Qh,Tc,4s"`` → cards."""
    try:
        return tuple(parse_card(token) for token in node.need("cards").split(",") if token)
    except ValueError as e:
        raise XmlError(str(e), node.line) from None


class _Hand:
    """One ``<game>`` read into a record."""

    def __init__(self, root: Node, game: Game, source: str, start: int, end: int) -> None:
        self.root, self.game, self.source, self.start, self.end = root, game, source, start, end
        self.hand_id = root.need("id")
        self.cents = "$" in game.stakes or "€" in game.stakes or "£" in game.stakes
        self.seats: list[Seat] = []
        self.by_seat: dict[str, str] = {}  # the log's seat number → player
        self.actions: list[Action] = []
        self.ledger = Ledger()
        self.hero: str | None = None
        self.hand: tuple[int, ...] | None = None  # the hero's cards now
        self.sb_post: int | None = None
        self.winners: list[Node] = []

    def amount(self, node: Node, name: str = "amount") -> int:
        try:
            return parse_amount(node.need(name), self.cents)
        except ValueError as e:
            raise XmlError(str(e), node.line) from None

    def player(self, node: Node) -> str:
        seat = node.need("player")
        name = self.by_seat.get(seat)
        if name is None:
            raise XmlError(f"seat {seat} acts but nobody is seated there", node.line)
        return name

    def add(self, kind: ActionKind, player: str, node: Node, **fields: Any) -> None:
        if len(self.actions) >= limits.MAX_ACTIONS:
            raise XmlError(limits.actions_message(len(self.actions) + 1), node.line)
        self.actions.append(Action(kind=kind, player=player, line=node.line, text=node.text(), **fields))

    def read(self) -> HandRecord | Skipped | ParseFailure:
        skipped = self.skipped()
        if skipped is not None:
            return skipped
        players = self.root.children[0] if self.root.children and self.root.children[0].tag == "players" else None
        if players is None:
            raise XmlError("a Merge <game> without its <players>", self.root.line)
        for p in players.children:
            self.seat(p)
        if len(self.seats) > limits.MAX_PLAYERS:
            return limits.player_count_failure(len(self.seats), line=players.line, hand_id=self.hand_id,
                                               start_line=self.start, end_line=self.end, source=self.source)
        button = self.by_seat.get(players.need("dealer"))
        rounds = [r for r in self.root.children[1:] if r.tag == "round"]
        for r in rounds:
            self.round(r)
        return self.record(button)

    def skipped(self) -> Skipped | None:
        game = self.game
        name = game.type.removesuffix(" Tournament")
        stakes = _STAKES.match(game.stakes)
        structure = STRUCTURES.get(stakes["structure"]) if stakes else None
        self.family = GAMES.get(name)
        why = None
        if self.family is None:
            why = f"Merge {game.type}: not a game drawdealer plays"
        elif structure is None:
            why = f"Merge {game.stakes} {name}: not a betting structure drawdealer plays"
        elif name != game.type:
            why = "a Merge tournament hand: Merge prints tournament stacks after the forced bets (not read)"
        else:
            self.structure = structure
            self.stakes_match = stakes
            try:
                get_game(f"{self.family}-{structure}")
            except UnknownGame:
                why = f"Merge {game.stakes} {name}: not a game drawdealer plays"
        end = self.end
        if why is not None:
            return Skipped(hand_id=self.hand_id, game=f"{game.type} {game.stakes}", reason="game", line=self.start,
                           end_line=end, source=self.source, message=why)
        if any(r.get("id") == "GAME_CANCELLED" for r in self.root.children):
            return Skipped(hand_id=self.hand_id, game=f"{self.family}-{structure}", reason="cancelled",
                           line=self.start, end_line=end, source=self.source,
                           message="Merge cancelled this hand (GAME_CANCELLED)")
        return None

    def seat(self, p: Node) -> None:
        if p.tag != "player":
            raise XmlError(f"<{p.tag}> among the players", p.line)
        name, number = p.need("nickname"), p.need("seat")
        if name in self.by_seat.values():
            raise XmlError(f"player '{name}' is seated twice", p.line)
        if not number.isdigit() or int(number) >= limits.MAX_SEAT:
            raise XmlError(f"seat '{number}' is not a seat number", p.line)
        self.by_seat[number] = name
        self.seats.append(Seat(seat=int(number) + 1, name=name, stack=self.amount(p, "balance"),
                               sitting_out=p.get("dealtin") == "false"))

    def round(self, r: Node) -> None:
        kind = r.need("id")
        if kind in ("PRE_FIRST_DRAW",) or kind.startswith("POST_"):
            if kind.startswith("POST_"):
                self.ledger.new_round()
            if kind == "PRE_FIRST_DRAW":
                self.deal(r)
            for e in r.children:
                if e.tag == "event":
                    self.bet(e)
        elif kind == "BLINDS":
            for e in r.children:
                self.post(e)
        elif kind in _DRAW_ROUNDS:
            self.draws(r)
        elif kind == "SHOWDOWN":
            self.showdown(r)
        elif kind in ("END_OF_FOLDED_GAME", "END_OF_GAME"):
            for e in r.children:
                if e.tag == "winner":
                    self.winners.append(e)
                elif e.get("type") not in ("MUCK", *_NOISE):  # the winner's muck of a hand won by folds
                    raise XmlError(f"a {e.get('type') or e.tag} event at the end of the hand", e.line)
        else:
            raise XmlError(f"a round Merge does not write: '{kind}'", r.line)

    def post(self, e: Node) -> None:
        kind = e.need("type")
        if kind in _NOISE:
            return
        player = self.player(e)
        amount = self.amount(e)
        if kind == "RETURN_BLIND":  # both blinds: the big blind live, the rest dead
            big = min(amount, self.big_blind())
            self.add(K.POST_BB, player, e, amount=big)
            self.ledger.put(player, big)
            if amount > big:
                self.add(K.POST_DEAD, player, e, amount=amount - big)
                self.ledger.put(player, amount - big, live=False)
            return
        post = _POSTS.get(kind)
        if post is None:
            raise XmlError(f"a '{kind}' event among the blinds", e.line)
        if post is K.POST_SB:
            self.sb_post = amount
        self.add(post, player, e, amount=amount)
        self.ledger.put(player, amount, live=post is not K.POST_ANTE)

    def big_blind(self) -> int:
        a, b = self.stakes_amounts()
        return a if self.structure == "FL" else b

    def stakes_amounts(self) -> tuple[int, int]:
        m = self.stakes_match
        if not m["a"] or not m["b"]:
            raise XmlError(f"stakes without their amounts: '{self.game.stakes}'", self.game.line)
        return parse_amount(m["a"], self.cents), parse_amount(m["b"], self.cents)

    def deal(self, r: Node) -> None:
        """The hero's hole cards (``<cards type="HOLE">``, written after the betting) before the betting."""
        for c in r.children:
            if c.tag == "cards" and c.get("type") == "HOLE":
                self.hero = self.player(c)
                self.hand = _cards(c)
                self.add(K.DEAL, self.hero, c, cards=self.hand, count=len(self.hand))

    def bet(self, e: Node) -> None:
        kind = e.need("type")
        if kind in _NOISE:
            return
        player = self.player(e)
        if kind in ("FOLD", "SIT_OUT"):
            self.add(K.FOLD, player, e)
        elif kind == "CHECK":
            self.add(K.CHECK, player, e)
        elif kind in _BETTING:
            chips = self.amount(e)
            self.add(_BETTING[kind], player, e, amount=chips)
            self.ledger.put(player, chips)
        elif kind == "RAISE":
            value = self.amount(e)
            to = value if self.root.need("starttime")[:8] >= NEW_FORMAT else self.ledger.round.get(player, 0) + value
            self.add(K.RAISE, player, e, amount=to)
            self.ledger.put(player, self.ledger.added(player, to))
        elif kind == "ALL_IN":
            chips = self.amount(e)
            to = self.ledger.round.get(player, 0) + chips
            what = self.ledger.kind(player, to)
            self.add(what, player, e, amount=to if what is K.RAISE else chips, all_in=True)
            self.ledger.put(player, chips)
        else:
            raise XmlError(f"a '{kind}' event in a betting round", e.line)

    def draws(self, r: Node) -> None:
        self.ledger.new_round()
        after = next((c for c in r.children if c.tag == "cards" and c.get("type") == "DRAW_DRAWN_CARDS"), None)
        for e in r.children:
            if e.tag != "event" or e.need("type") in _NOISE:
                continue
            if e.need("type") != "DRAW":
                raise XmlError(f"a '{e.need('type')}' event in a draw", e.line)
            player = self.player(e)
            count = e.need("text")
            if not count.isdigit():
                raise XmlError(f"'{count}' is not a number of cards", e.line)
            fields: dict[str, Any] = {}
            if after is not None and player == self.hero and self.player(after) == player and self.hand is not None:
                new = _cards(after)
                fields = changed_cards(self.hand, new)
                self.hand = new
            self.add(K.DRAW, player, e, count=int(count), **fields)

    def showdown(self, r: Node) -> None:
        cards = {}
        for c in r.children:
            if c.tag == "cards":
                cards[self.player(c)] = _cards(c)
        for e in r.children:
            if e.tag != "event" or e.need("type") in _NOISE:
                continue
            kind = {"SHOW": K.SHOW, "MUCK": K.MUCK}.get(e.need("type"))
            if kind is None:
                raise XmlError(f"a '{e.need('type')}' event at the showdown", e.line)
            player = self.player(e)
            shown = cards.get(player)
            self.add(kind, player, e, cards=shown, count=len(shown) if shown else 0)

    def claims(self) -> Claims:
        """The winners' amounts as the record's claims (the module docstring's "pots, rake, uncalled bets")."""
        collected: list[PotClaim] = []
        uncalled: list[tuple[str, int, int | None]] = []
        for w in self.winners:
            player, amount = self.player(w), self.amount(w)
            if w.get("uncalled") == "true":
                uncalled.append((player, amount, w.line))
            else:
                number = w.need("potnumber")
                index = int(number) - 1 if number.isdigit() and int(number) > 0 else None
                collected.append(PotClaim(player=player, amount=amount, pot_index=index, line=w.line))
        back = self.ledger.uncalled()
        if back is not None and not uncalled:
            owner, chips = back
            mine = [k for k, c in enumerate(collected) if c.player == owner]
            if mine:  # his winner amount holds his uncalled chips: take them out of his last pot's
                k = mine[-1]
                c = collected[k]
                collected[k] = PotClaim(player=owner, amount=c.amount - chips, pot_index=c.pot_index, line=c.line)
                uncalled.append((owner, chips, c.line))
        taken = sum(c.amount for c in collected) + sum(u[1] for u in uncalled)
        rake = self.ledger.put_in() - taken
        lines = {"rake": self.winners[-1].line} if self.winners else {}
        return Claims(rake=rake if rake >= 0 and self.winners else None, uncalled=tuple(uncalled),
                      collected=tuple(collected), lines=lines)

    def record(self, button: str | None) -> HandRecord:
        a, b = self.stakes_amounts()
        if self.structure == "FL":
            stakes = Stakes(sb=self.sb_post if self.sb_post is not None else a // 2, bb=a, small_bet=a, big_bet=b)
        else:
            stakes = Stakes(sb=a, bb=b)
        ante = next((x.amount for x in self.actions if x.kind is K.POST_ANTE), 0)
        if ante:
            from dataclasses import replace

            stakes = replace(stakes, ante=ante)
        size = self.root.get("seats")
        max_seats = int(size) if size and size.isdigit() else max((s.seat for s in self.seats), default=None)
        currency = next((c for c in "$€£" if c in self.game.stakes), "")
        return HandRecord(hand_id=self.hand_id, game=f"{self.family}-{self.structure}", seats=tuple(self.seats),
                          button=button, stakes=stakes, actions=tuple(self.actions), claims=self.claims(),
                          options=house_rules(max_seats=max_seats, antes=ante > 0), source=self.source,
                          line=self.start, end_line=self.end, hero=self.hero, currency=currency,
                          extra={"merge_description": (self.game.type, self.game.stakes)})

