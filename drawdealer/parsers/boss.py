"""Boss Media (Opoker, …) XML hand histories → :class:`~drawdealer.engine.record.HandRecord`.

A file is one ``<ROOT>`` holding a ``<HISTORY ID="N" … GAME="GAME_FCD" LIMIT="FL" STAKES="2.00/4.00">``
element per hand, each starting on its own line; :mod:`~drawdealer.parsers.sniff` cuts the file at
those lines (its row in :data:`~drawdealer.parsers.sniff.SITES`) and
:mod:`~drawdealer.parsers.xmlsafe` reads each hand (no DTD, no entities). Games:
``GAME_FCD`` (5-card draw), limit, pot limit and no limit; Boss's other games (Hold'em, Omaha …)
are :class:`~drawdealer.parsers.results.Skipped`, and so is a hand with no cards dealt.

Boss Media's house rules, as its logs show them (FPDB's regression files of Boss Media,
docs/CONFORMANCE.md, and FPDB's ``BossToFpdb.py``); :func:`house_rules` sets the rule options:

============================  ===============================================================
blinds, fixed limit           ``STAKES="2.00/4.00"``: small bet / big bet; the big blind is the
                              small bet, the small blind the ``HAND_SB`` post (else half)
blinds, pot and no limit      ``STAKES="0.50/1.00"``: small and big blind
posts                         ``HAND_BLINDS`` ``KIND="HAND_SB"`` / ``"HAND_BB"``, in no seat
                              order (the big blind may come first: the record lists the small
                              blind, the big blind, then dead money, §6.1); a second ``HAND_SB`` is a
                              dead small blind; ``HAND_AB`` both blinds (a big blind, and the
                              small blind above it as dead money, RULES.md §18.4); ``HAND_ANTE``
players                       ``<PLAYER NAME SEAT AMOUNT STATE DEALER>`` for every seat of the
                              table: ``STATE_EMPTY`` is an empty seat, ``STATE_SITOUT`` sits
                              out, ``DEALER="Y"`` has the button. The button may sit out (a
                              dead button, outside RULES.md, §0.1): heads-up, the small blind
                              then posts and acts as the button does (§6.1) and the record
                              names him the button (the dealer is kept in ``extra``); with more
                              players the engine puts the button on the last seat dealt in
                              before the dealer's, the blinds left of it, as Boss does
amounts                       ``ACTION_CALL``, ``ACTION_RAISE``, ``ACTION_ALLIN``: the player's
                              total this round after the action (a call puts in the difference;
                              an all-in calls, bets or raises by that total); ``ACTION_BET``: the
                              bet
draws                         ``CHANGECARD COUNT="N"`` (N cards discarded, 0 stands pat) with
                              the player's five cards after the draw (``LINK="b"``, a card's
                              back, for all but the hero); the hero's deal ``HAND_DEAL`` names
                              his cards, so his discards and new cards are read. Cards are
                              numbers: rank = N mod 13 (0 the ace, 1 the deuce … 12 the king),
                              suit = N div 13 (diamonds, clubs, hearts, spades): 22 is ``Tc``
pot before the draw           ``HAND_BOARD POT="X"`` (read, not checked)
pots and rake                 ``<SHOWDOWN POT="X" RAKE="R">``: the pot after the rake (so the
                              total pot is X + R) and the rake; ``MAINPOT``, ``LEFTPOT``,
                              ``RIGHTPOT`` are not read (no side pot in the corpus)
collected                     ``<RESULT PLAYER WIN="X">``: what the player takes, net of rake,
                              without his uncalled chips (0 for a loser); with ``<CARD>``s, the
                              hand he shows; ``HAND="$(STR_G_MUCK)"``: he mucks
showdown order                not logged: the results list the players in no showdown order
                              (a loser's muck may come before the winner's hand), so the
                              record shows and mucks in RULES.md §9.1's order: the last to bet
                              or raise in the final round first, else the first player left of
                              the button, then clockwise
uncalled bets                 never printed (``Claims.uncalled_printed`` false: no line claims
                              nothing, RULES.md §7.1); the printed pot, which excludes them, and
                              the hero's result check them
hero's result                 ``<HISTORY WIN="W" LOSS="L">``: the hero's net result, claimed as
                              his final stack (his stack + W − L)
rake                          taken from the pot before it is paid; none on a hand ended before
                              the draw (the corpus: ``RAKE="0.00"`` on every pre-draw hand)
rules of play                 PokerStars' options (deal to the last card, the reshuffle of every
                              non-live card, a bet and three raises, no rake before the draw):
                              nothing in the corpus contradicts them
table size                    the number of ``<PLAYER>`` seats listed
site conventions (§18)        RULES.md's defaults for §18.2 and §18.3: no fixed-limit hand of
                              the corpus has a raise after an all-in of half a bet or more, nor a
                              hand killed for a sitting-out player
============================  ===============================================================

Not read: the hand descriptions (``HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_TENS)"``, ``WINCARDS``),
``SESSION``, ``DATE``, ``ENDTIME``.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from drawdealer.engine.cards import Card, parse_card
from drawdealer.engine.record import Action, ActionKind, HandRecord, PotClaim, Seat
from drawdealer.parsers.pokerstars import online_rules
from drawdealer.parsers.results import ParseFailure, Skipped
from drawdealer.parsers.sitekit import changed_cards, site_stakes, unsupported
from drawdealer.parsers.xmlsafe import Node, XmlBuilder, XmlError, prologue_failure, read_hand

K = ActionKind

GAMES = {"GAME_FCD": "5CD"}
"""Boss Media's draw games (``GAME``), by ``engine.variants`` family."""
STRUCTURES = {"FL": "FL", "PL": "PL", "NL": "NL"}
CURRENCIES = {"EUR": "€", "USD": "$", "GBP": "£"}
CLOSING = "</ROOT>"
"""The end of a Boss file's root element, after its last hand."""
_BLINDS = {"HAND_SB": K.POST_SB, "HAND_BB": K.POST_BB}
_TO = {"ACTION_CALL", "ACTION_RAISE", "ACTION_ALLIN"}
_SUITS = "dchs"
_RANKS = "A23456789TJQK"
"""Boss numbers each suit's cards from the ace to the king (FPDB: rank = N mod 13 + 1)."""


def house_rules(*, max_seats: int | None, antes: bool) -> dict[str, Any]:
    """Boss Media's rules as RULES.md §13 options: PokerStars' online ones (§8.3, §8.4, §7.2, §9.5,
    §6.1), see the module docstring."""
    return online_rules(max_seats=max_seats, antes=antes)


def card(link: str, node: Node) -> int | None:
    """A card's number (module docstring) → card; ``b`` (its back) → None."""
    if link == "b":
        return None
    if not link.isdigit() or int(link) > 51:
        raise XmlError(f"'{link}' is not a Boss Media card (0-51 or b)", node.line)
    n = int(link)
    return parse_card(_RANKS[n % 13] + _SUITS[n // 13])


def parse_hands(chunks: Iterable[tuple[int, list[str]]], source: str = ""
                ) -> Iterator[HandRecord | ParseFailure | Skipped]:
    """Every hand of the chunks the registry cuts a Boss file into (:data:`~drawdealer.parsers.sniff.SITES`:
    at each ``<HISTORY>``), in order; the file's prologue yields nothing."""
    for start, lines in chunks:
        if not lines[0].startswith("<HISTORY"):  # the XML declaration and <ROOT>
            problem = prologue_failure(lines, start, source)
            if problem is not None:
                yield problem
            continue
        yield parse_hand(lines, start, source)


def parse_hand(lines: list[str], start: int = 1, source: str = "") -> HandRecord | ParseFailure | Skipped:
    """One ``<HISTORY>`` element from its lines."""
    return read_hand(lines, start, source, "HISTORY", "ID",
                     lambda root: BossBuilder(root, lines, start, source).build(), closing=CLOSING)


class BossBuilder(XmlBuilder):
    """A Boss ``<HISTORY>``: its players, actions and showdown in order."""

    UNCALLED_PRINTED = False

    def __init__(self, root: Node, lines: list[str], start: int, source: str) -> None:
        tournament = root.get("GAMEKIND") == "GAMEKIND_TOURNAMENT"
        self.currency = "" if tournament else CURRENCIES.get(root.get("TABLECURRENCY", "") or "", "")
        super().__init__(root, lines, start, source, cents=bool(self.currency))
        self.hand_id = root.need("ID")
        self.dealer: str | None = None
        self.hand: tuple[Card, ...] | None = None  # the hero's cards now
        self.results: list[Action] = []  # the showdown's shows and mucks, in the log's order
        self.table = 0  # seats listed, empty ones included

    def site_name(self) -> str:
        return "Boss Media"

    def who(self, node: Node) -> str:
        return self.player(self.at(node).need("PLAYER"))

    def cards_of(self, node: Node) -> tuple[Card | None, ...]:
        """The ``<CARD>`` elements of ``node`` (None for a card's back)."""
        return tuple(card(c.need("LINK"), self.at(c)) for c in node.children if c.tag == "CARD")

    def read(self) -> HandRecord | ParseFailure | Skipped:
        root = self.root
        game, structure = GAMES.get(root.need("GAME")), STRUCTURES.get(root.need("LIMIT"))
        self.structure = structure or ""
        self.game_id = f"{game}-{structure}"
        site_game = f"{root.need('LIMIT')} {root.need('GAME')}"
        skipped = unsupported(self.game_id, site_game, hand_id=self.hand_id, start=self.start, end=self.end,
                              source=self.source, site="Boss Media")
        if skipped is not None:
            return skipped
        for node in root.children:
            if node.tag == "PLAYER":
                self.seat_of(node)
            elif node.tag == "ACTION":
                self.action(node)
            elif node.tag == "SHOWDOWN":
                self.showdown_of(node)
            else:
                raise XmlError(f"<{node.tag}> in a Boss Media hand", node.line)
            too_many = self.too_many_players(node, self.hand_id)
            if too_many is not None:
                return too_many
        if not any(a.kind is K.DEAL or a.amount for a in self.actions):
            return Skipped(hand_id=self.hand_id, game=self.game_id, reason="cancelled", line=self.start,
                           end_line=self.end, source=self.source, message="the log holds no play of this hand")
        return self.record_of()

    def seat_of(self, p: Node) -> None:
        self.table += 1
        state = self.at(p).need("STATE")
        if state == "STATE_EMPTY":
            return
        name, number = p.need("NAME"), p.need("SEAT")
        if not number.isdigit():
            raise XmlError(f"seat '{number}' is not a seat number", p.line)
        self.add_seat(int(number), name, self.amount_of(p, "AMOUNT"), sitting_out=state == "STATE_SITOUT")
        if p.get("DEALER") == "Y":
            self.dealer = name

    def action(self, a: Node) -> None:
        kind = self.at(a).need("TYPE")
        if kind == "HAND_BOARD":  # the pot before the draw: the first betting round is over
            return
        if kind == "CHANGECARD":
            self.draw(a)
            return
        player = self.who(a)
        if kind == "HAND_BLINDS":
            self.blind(a, player)
        elif kind == "HAND_ANTE":
            self.forced(K.POST_ANTE, player, a, self.amount_of(a, "VALUE"))
        elif kind == "HAND_DEAL":
            cards = self.cards_of(a)
            if cards and None not in cards:
                self.hero, self.hand = player, cards  # type: ignore[assignment]
                self.add_event(K.DEAL, player, a, cards=cards, count=len(cards))
        elif kind == "ACTION_FOLD":
            self.add_event(K.FOLD, player, a)
        elif kind == "ACTION_CHECK":
            self.add_event(K.CHECK, player, a)
        elif kind == "ACTION_BET":
            chips = self.amount_of(a, "VALUE")
            self.add_event(K.BET, player, a, amount=chips)
            self.ledger.put(player, chips)
        elif kind in _TO:
            to = self.amount_of(a, "VALUE")
            what = K.RAISE if kind == "ACTION_RAISE" else self.ledger.kind(player, to) if kind == "ACTION_ALLIN" \
                else K.CALL
            chips = self.ledger.added(player, to)
            self.add_event(what, player, a, amount=to if what is K.RAISE else chips, all_in=kind == "ACTION_ALLIN")
            self.ledger.put(player, chips)
        else:
            raise XmlError(f"an action Boss Media does not write: '{kind}'", a.line)

    def blind(self, a: Node, player: str) -> None:
        chips, kind = self.amount_of(a, "VALUE"), a.need("KIND")
        if kind == "HAND_SB" and self.sb_post is not None:  # a second small blind: dead money
            self.forced(K.POST_DEAD, player, a, chips)
        elif kind == "HAND_AB":
            self.both_blinds(player, a, chips)
        elif kind in _BLINDS:
            self.forced(_BLINDS[kind], player, a, chips)
        else:
            raise XmlError(f"a blind Boss Media does not write: '{kind}'", a.line)

    def stakes_amounts(self) -> tuple[int, int]:
        text = self.at(self.root).need("STAKES")
        a, _, b = text.partition("/")
        return self.amount(a), self.amount(b)

    def draw(self, a: Node) -> None:
        player = self.who(a)
        if not any(x.kind is K.DRAW for x in self.actions):  # the first draw ends the first betting round
            self.ledger.new_round()
        count = a.need("COUNT")
        if not count.isdigit():
            raise XmlError(f"'{count}' is not a number of cards", a.line)
        fields: dict[str, Any] = {}
        if player == self.hero and self.hand is not None:
            new = self.cards_of(a)
            if new and None not in new:
                fields, self.hand = changed_cards(self.hand, new), new  # type: ignore[arg-type, assignment]
        self.add_event(K.DRAW, player, a, count=int(count), **fields)

    def showdown_of(self, s: Node) -> None:
        rake, net = self.amount_of(s, "RAKE"), self.amount_of(s, "POT")
        for r in s.children:
            if r.tag != "RESULT":
                raise XmlError(f"<{r.tag}> in a Boss Media showdown", r.line)
            player, cards = self.who(r), self.cards_of(r)
            if cards and None not in cards:
                self.results.append(Action(kind=K.SHOW, player=player, cards=cards,  # type: ignore[arg-type]
                                           count=len(cards), line=r.line, text=r.text()))
            elif r.get("HAND") == "$(STR_G_MUCK)":
                self.results.append(Action(kind=K.MUCK, player=player, line=r.line, text=r.text()))
            won = self.amount_of(r, "WIN")
            if won:
                self.collected.append(PotClaim(player=player, amount=won, line=r.line))
        self.total, self.rake = net + rake, rake
        self.claim_lines["total_pot"] = self.claim_lines["rake"] = s.line

    def record_of(self) -> HandRecord:
        a, b = self.stakes_amounts()
        ante = next((x.amount for x in self.actions if x.kind is K.POST_ANTE), 0)
        if self.hero is not None:
            start = next(s.stack for s in self.seats if s.name == self.hero)
            self.final_stacks.append((self.hero, start + self.amount_of(self.root, "WIN")
                                      - self.amount_of(self.root, "LOSS")))
            self.claim_lines[f"stack:{self.hero}"] = self.root.line
        button = self.dealer
        dealt = [s.name for s in self.seats if not s.sitting_out]
        if button not in dealt and len(dealt) == 2:  # a dead button heads-up (module docstring)
            button = next((x.player for x in self.actions if x.kind is K.POST_SB), button)
        self.button_seat = self.names[button] if button is not None else None
        self.actions.sort(key=_post_order)  # the blinds in the record's order, SB first (a stable sort)
        self.actions += _showdown_order(self.results, self.actions, self.seats, button)
        return self.record(hand_id=self.hand_id, game=self.game_id, currency=self.currency,
                           stakes=site_stakes(self.structure, a, b, sb_post=self.sb_post, ante=ante),
                           options=house_rules(max_seats=self.table, antes=ante > 0),
                           extra={"boss_table": self.root.get("TABLE", ""), "boss_dealer": self.dealer})


def _showdown_order(results: list[Action], actions: list[Action], seats: list[Seat], button: str | None
                    ) -> list[Action]:
    """The shows and mucks of the showdown in RULES.md §9.1's order (Boss logs none, see the module
    docstring): the last bettor of the final round, else the first player left of the button, then
    clockwise."""
    if len(results) < 2:
        return results
    last_round = actions[max((k for k, a in enumerate(actions) if a.kind is K.DRAW), default=-1) + 1:]
    showing = {a.player for a in results}
    first = next((a.player for a in reversed(last_round) if a.kind in (K.BET, K.RAISE) and a.player in showing), None)
    order = [s.name for s in sorted(seats, key=lambda s: s.seat)]
    if first is None:  # checked through: from the seat after the button's
        start = order.index(button) + 1 if button in order else 0
        first = next(name for name in order[start:] + order[:start] if name in showing)
    k = order.index(first)
    rank = {name: i for i, name in enumerate(order[k:] + order[:k])}
    return sorted(results, key=lambda a: rank[a.player])


def _post_order(action: Action) -> int:
    """Boss posts the blinds in no order (the big blind may come first): the small blind, the big
    blind, dead money, then everything else as logged (a stable sort)."""
    return _POST_RANK.get(action.kind, 3)


_POST_RANK = {K.POST_SB: 0, K.POST_BB: 1, K.POST_DEAD: 2}

