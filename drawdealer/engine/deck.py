"""The stub, the hands, the discard piles, burn cards and the reshuffle (RULES.md §6.3, §6.4, §8).

:class:`DeckState` tracks **counts always and identities when known**: a hand history shows only
some cards (the hero's, the shown hands), the live dealer may enter none. Counts follow the rules
exactly (five cards each, one burn per draw round, the held-back last card, the staged reshuffle of
§8.4), so the engine knows when the stub runs out and which piles go into the new stub even when
no card is known. Known cards are checked: a card in two places at once (``CARD_DUPLICATE``), a
replacement that cannot be in the current stub (``DRAW_CARD_UNAVAILABLE`` with the reason ``LIVE``,
``EXCLUDED_DISCARD``, ``ALREADY_DEALT`` or ``PROTECTED``), a discard the player does not hold.

Piles (RULES.md §8.4): ``PREV_DISCARDS``, ``MUCK``, ``BURNS``, ``CUR_DONE`` (this round's discards
of players already served), this round's *declared* discards (``DECLARE_ALL_THEN_DEAL``, not yet
served), ``X`` (the discards of the player being served, passed to :meth:`DeckState.serve`) and
``PROTECTED`` (the Italian opener's discards). Methods return :class:`~drawdealer.engine.problems.Problem`
values; the hand state turns them into findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Sequence

from drawdealer.engine.cards import Card, card_str, cards_not_in, cards_str
from drawdealer.engine.frozen import maker, record
from drawdealer.engine.options import Options
from drawdealer.engine.problems import Problem
from drawdealer.engine.words import counted

if TYPE_CHECKING:
    from random import Random

# Where a known card is when it is not in the stub: a player index (>= 0, live in his hand) or one of these.
PREV, MUCK, DONE, DECLARED, PROTECTED, BURNED = -2, -3, -4, -5, -6, -7
PILE_NAMES = {PREV: "prev", MUCK: "muck", DONE: "done", DECLARED: "declared", PROTECTED: "protected"}
_PILE_OF = {name: code for code, name in PILE_NAMES.items()}
_THIS_ROUND = frozenset((DONE, DECLARED))


@record
class Reshuffle:
    """One reshuffle (RULES.md §8.4): which piles went in (card counts), before whose cards."""

    player: str
    piles: tuple[tuple[str, int], ...]
    pool: int
    burned: bool
    own_discards: bool
    exhausted: bool

    def describe(self) -> str:
        """The dealer's instruction, e.g. ``reshuffle 25 cards (17 earlier discards, …), cut, burn one``."""
        names = {"prev": "earlier discards", "muck": "folded hands", "burns": "burn cards",
                 "stub": "left in the stub", "done": "this round's discards of players served",
                 "declared": "this round's discards of others", "x": f"{self.player}'s own discards"}
        parts = ", ".join(f"{n} {names[p]}" for p, n in self.piles if n)
        text = f"reshuffle {counted(self.pool, 'card')} ({parts}), cut"
        return text + (", burn one" if self.burned else "") + f", continue with {self.player}"


_new_reshuffle = maker(Reshuffle)


_UNAVAILABLE = {"PROTECTED": "it is one of the opener's discards, kept apart to prove the openers",
                "ALREADY_DEALT": "it was dealt from this stub already",
                "EXCLUDED_DISCARD": "it was discarded and is not in this stub"}
"""Why a replacement of each ``DRAW_CARD_UNAVAILABLE`` reason cannot come from the stub (a held card: who holds it)."""


def _pop(cards: list[Card], count: int) -> list[Card]:
    """The next ``count`` cards of a physical stub (next card last)."""
    return [cards.pop() for _ in range(count)]


class DeckState:
    """Stub, hands and piles of one hand (RULES.md §8).

    ``hands[i]`` are the known cards of player ``i``, ``unknown[i]`` how many of his cards are
    unknown; ``stub`` counts the cards of the current stub, ``gen`` numbers the stubs (0 = the deck
    after the shuffle, +1 per reshuffle); ``counts`` the cards of each pile by its code.
    """

    opts: Options
    size: int  # cards in a hand: 5, or 4 in Badugi (RULES.md §15)
    deck: frozenset[Card]
    names: tuple[str, ...]
    n: int
    stub: int
    gen: int
    hands: list[list[Card]]
    unknown: list[int]
    where: dict[Card, int]  # a known card out of the stub: a player index or a pile code
    dealt_gen: dict[Card, int]  # the stub each known replacement was dealt from
    counts: dict[int, int]  # cards in each pile, by its code
    burns: list[Card | None]
    round_out: list[Card]  # known cards discarded in this draw round, still in its piles
    hold_back: bool
    burn_pending: bool
    reshuffles: list[Reshuffle]
    cards: list[Card] | None  # physical mode: the real stub, next card last
    rng: Random | None  # physical mode: the generator that reshuffles
    __slots__ = tuple(__annotations__)  # copies follow the declarations (engine.copying)

    def __init__(self, deck: Collection[Card], names: tuple[str, ...], options: Options, size: int = 5) -> None:
        self.opts = options
        self.size = size
        self.deck = deck if isinstance(deck, frozenset) else frozenset(deck)
        self.names = names
        self.n = n = len(names)
        self.stub = len(deck)
        self.gen = 0
        self.hands = [[] for _ in range(n)]
        self.unknown = [0] * n
        self.where = {}
        self.dealt_gen = {}
        self.counts = {PREV: 0, MUCK: 0, DONE: 0, DECLARED: 0, PROTECTED: 0}
        self.burns = []
        self.round_out = []
        self.hold_back = options.last_card_rule == "HOLD_BACK"
        self.burn_pending = False
        self.reshuffles = []
        self.cards = None
        self.rng = None

    def use_physical_deck(self, shuffled: Sequence[Card], rng: Random) -> None:
        """Deal real cards from ``shuffled`` (next card last) and reshuffle with ``rng``.

        For the simulator and a dealer who lets the engine deal: every card becomes known.
        """
        self.cards = list(shuffled)
        self.rng = rng

    # ----------------------------------------------------------------- counts
    def dealable(self) -> int:
        """Cards that may still be dealt from the stub (the last one is held back, §8.3)."""
        return max(0, self.stub - 1) if self.hold_back else self.stub

    def hand_size(self, player: int) -> int:
        return len(self.hands[player]) + self.unknown[player]

    def pile(self, name: str) -> int:
        """Cards in a pile: ``prev``, ``muck``, ``burns``, ``done``, ``declared``, ``protected``."""
        return len(self.burns) if name == "burns" else self.counts[_PILE_OF[name]]

    # ----------------------------------------------------------------- the deal
    def deal_initial(self, players: Sequence[int]) -> list[Problem]:
        """A hand (five cards, four in Badugi) to each player dealt in, one burn first if
        ``BURN_BEFORE_INITIAL_DEAL`` (§8.1, §15)."""
        problems: list[Problem] = []
        if self.opts.burn_before_initial_deal:
            self._burn()
        size = self.size
        need = size * len(players)
        if need > self.dealable():
            problems.append(Problem("DECK_EXHAUSTED", f"the deck cannot deal {counted(need, 'card')}",
                                    expected=need, actual=self.dealable(), data={}))
        self.stub = max(0, self.stub - need)
        cards = self.cards
        if cards is not None:
            dealt: list[list[Card]] = [[] for _ in range(self.n)]
            for _ in range(size):
                for i in players:
                    if cards:
                        dealt[i].append(cards.pop())
            for i in players:
                for c in dealt[i]:
                    self.where[c] = i
                    self.dealt_gen[c] = 0
                self.hands[i] = dealt[i]
        unknown, hands = self.unknown, self.hands
        for i in players:
            unknown[i] = size - len(hands[i])
        return problems

    def reveal(self, player: int, cards: Sequence[Card], *, replace_hand: bool = False) -> list[Problem]:
        """Known cards of ``player``'s hand (a deal line, or a hand shown at showdown).

        ``replace_hand``: ``cards`` are the whole hand (a show); cards tracked for him that are not
        among them give ``SHOWDOWN_HAND_MISMATCH``.
        """
        hand = self.hands[player]
        where = self.where
        in_deck = self.deck.issuperset(cards)
        if in_deck and not hand and not replace_hand and len(cards) <= self.unknown[player]:
            found: list[Problem] = []
            for c in cards:  # the common case: a deal line for a hand with no known card yet
                w = where.get(c)
                if w is not None:
                    found.append(self._duplicate(player, c, w))
                    self._out_of_round(c, w)
                where[c] = player
            self.hands[player] = list(cards)
            self.unknown[player] -= len(cards)
            return found
        if (in_deck and replace_hand and not self.unknown[player] and len(cards) == self.size
                and set(hand) == set(cards)):
            return []  # a shown hand that is the tracked hand
        problems = [] if in_deck else self._not_in_deck(cards)
        if replace_hand:
            missing = cards_not_in(hand, cards) if hand else []
            if missing or len(cards) != self.size:
                name = self.names[player]
                problems.append(Problem("SHOWDOWN_HAND_MISMATCH",
                                        f"{name} shows {cards_str(cards)} but holds {cards_str(hand)}"
                                        + (f" and {self.unknown[player]} unknown" if self.unknown[player] else ""),
                                        expected=cards_str(hand), actual=cards_str(cards), data={"seat": name}))
            for c in missing:
                where.pop(c, None)
            fresh = cards_not_in(cards, hand) if hand else cards
            self.hands[player] = list(cards)
            self.unknown[player] = 0
        else:
            fresh = cards_not_in(cards, hand)
            hand.extend(fresh)
            self.unknown[player] = max(0, self.unknown[player] - len(fresh))
            if len(hand) > self.size:
                problems.append(Problem("HAND_SIZE_INVALID", f"{self.names[player]} would hold {len(hand)} cards, not "
                                                             f"{self.size}",
                                        expected=self.size, actual=len(hand), data={"seat": self.names[player]}))
        for c in fresh:
            w = where.get(c)
            if w is not None:
                problems.append(self._duplicate(player, c, w))
                self._out_of_round(c, w)
            where[c] = player
        return problems

    def _out_of_round(self, card: Card, w: int) -> None:
        """A known card given to a player from ``w`` where it cannot be: if it was one of this draw
        round's discards, it no longer is (:meth:`end_draw_round` moves only those to PREV)."""
        if w in _THIS_ROUND:
            self.round_out.remove(card)

    def _duplicate(self, player: int, card: Card, w: int) -> Problem:
        place = f"{self.names[w]}'s hand" if w >= 0 else ("a protected discard" if w == PROTECTED
                                                          else "the discards, muck or burns")
        return Problem("CARD_DUPLICATE", f"{card_str(card)} given to {self.names[player]} is already in {place}",
                       expected=None, actual=card_str(card),
                       data={"card": card_str(card), "places": [place, f"{self.names[player]}'s hand"]})

    def _not_in_deck(self, cards: Sequence[Card]) -> list[Problem]:
        low = min((c >> 8) & 0xF for c in self.deck) + 2
        return [Problem("CARD_NOT_IN_DECK", f"{card_str(c)} is below the deck's lowest rank {low}",
                        expected=low, actual=card_str(c), data={"card": card_str(c)})
                for c in cards if c not in self.deck]

    # ----------------------------------------------------------------- folding
    def fold(self, player: int) -> None:
        """A folded hand goes to ``MUCK`` (§8.4)."""
        where, hand = self.where, self.hands[player]
        for c in hand:
            where[c] = MUCK
        self.counts[MUCK] += len(hand) + self.unknown[player]
        self.hands[player] = []
        self.unknown[player] = 0

    # ----------------------------------------------------------------- draws
    def begin_draw_round(self) -> None:
        """A new draw round: its first replacement card is preceded by a burn (§8.2)."""
        self.burn_pending = self.opts.burn_before_draw_round

    def discard(self, player: int, count: int, cards: Sequence[Card] | None, pile: int) -> list[Problem]:
        """Take ``count`` cards out of ``player``'s hand into ``pile`` (``DONE``, ``DECLARED`` or
        ``PROTECTED``); ``cards`` are their identities when known (§6.3)."""
        hand = self.hands[player]
        if cards is None and not hand:  # unseen cards out of a hand none of whose cards is known
            unknown = self.unknown
            unknown[player] = unknown[player] - count if count < unknown[player] else 0
            self.counts[pile] += count
            return []
        where = self.where
        if cards is not None and len(hand) == self.size and self.deck.issuperset(cards):
            removed: list[Card] = []
            for c in cards:  # the common case: known discards from a known hand
                if c not in hand:
                    hand.extend(removed)
                    break
                hand.remove(c)
                removed.append(c)
            else:
                for c in removed:
                    where[c] = pile
                if pile != PROTECTED:
                    self.round_out += removed
                self.counts[pile] += count
                return []
        problems: list[Problem] = []
        if cards is None:
            if count >= len(hand) + self.unknown[player]:
                for c in hand:
                    where[c] = pile
                if pile != PROTECTED:
                    self.round_out += hand
                self.hands[player] = []
                self.unknown[player] = 0
            elif count:
                # Which cards went is unknown: the known ones may be kept or gone; stop tracking them.
                for c in hand:
                    where.pop(c, None)
                self.unknown[player] += len(hand) - count
                self.hands[player] = []
        else:
            if not self.deck.issuperset(cards):
                problems += self._not_in_deck(cards)
            for c in cards:
                if c in hand:
                    hand.remove(c)
                elif self.unknown[player] > 0 and c not in where:
                    self.unknown[player] -= 1
                else:
                    problems.append(Problem("DISCARD_NOT_IN_HAND",
                                            f"{self.names[player]} discards {card_str(c)} but does "
                                            "not hold it",
                                            expected=None, actual=card_str(c),
                                            data={"card": card_str(c), "hand": cards_str(hand)}))
                    if self.unknown[player]:
                        self.unknown[player] -= 1
                    elif hand:
                        for k in hand:
                            where.pop(k, None)
                        self.unknown[player] = len(hand) - 1
                        self.hands[player] = hand = []
                    continue
                where[c] = pile
                if pile != PROTECTED:
                    self.round_out.append(c)
        self.counts[pile] += count
        return problems

    def move(self, source: int, target: int, count: int, cards: Sequence[Card] | None) -> None:
        """``count`` cards (identities ``cards`` when known) from one pile to another."""
        self.counts[source] -= count
        self.counts[target] += count
        where = self.where
        for c in cards or ():
            if where.get(c) == source:
                where[c] = target

    def serve(self, player: int, count: int, cards: Sequence[Card] | None, *, own: tuple[int, Sequence[Card]] = (0, ()),
              last_burn: bool = False) -> list[Problem]:
        """Deal ``count`` replacement cards to ``player`` from the stub, reshuffling as §8.4 says.

        ``cards`` are the known replacements (may be fewer than ``count``); ``own`` the player's
        discards of this round (count, known cards): RULES.md §8.4's ``X``, kept out of the pool but
        for the last resort. ``last_burn`` burns one card first (the delayed 5th card of
        ``FIVE_CARD_DRAW_SPLIT``).
        """
        if count <= 0:
            return []
        problems: list[Problem] = []
        if self.burn_pending or last_burn:
            if self.dealable() < 1:
                problems += self._reshuffle(player, count, own)
                if not self.opts.burn_after_reshuffle:
                    self._burn()
            else:
                self._burn()
            self.burn_pending = False
        need = count
        physical = self.cards
        stub = self.stub
        if physical is None and (stub - 1 if self.hold_back else stub) >= need:  # dealable() covers them
            self.stub = stub - need
        else:
            popped: list[Card] = []
            while need:
                take = min(self.dealable(), need)
                self.stub -= take
                need -= take
                if physical is not None:
                    popped += _pop(self.cards, take)
                if not need:
                    break
                problems += self._reshuffle(player, need, own)
                if self.reshuffles[-1].exhausted:
                    self.stub = max(0, self.stub - need)
                    if physical is not None:
                        popped += _pop(self.cards, min(need, len(self.cards)))
                    break
            if physical is not None and cards is None:
                cards = popped
        if cards:
            if not self.deck.issuperset(cards):
                problems += self._not_in_deck(cards)
            where, gen, dealt_gen = self.where, self.gen, self.dealt_gen
            for c in cards:
                if c in where:
                    w = where[c]
                    problems.append(self._unavailable(player, c, w))
                    self._out_of_round(c, w)
                where[c] = player
                dealt_gen[c] = gen
            self.hands[player] += cards  # _unavailable changes only another player's hand
            self.unknown[player] += count - len(cards)
        else:
            self.unknown[player] += count
        return problems

    def _unavailable(self, player: int, c: Card, w: int) -> Problem:
        """A replacement card that cannot come from the current stub (RULES.md §8.5)."""
        name = self.names[player]
        if w >= 0:
            reason = "LIVE"
        elif w == PROTECTED:
            reason = "PROTECTED"
        elif self.dealt_gen.get(c) == self.gen:
            reason = "ALREADY_DEALT"
        else:
            reason = "EXCLUDED_DISCARD"
        details = {"card": card_str(c), "reason": reason, "stub": self.gen}
        if w >= 0 and w != player:  # the card leaves the hand tracked for its holder (one card unknown there)
            partial = any(self.unknown)
            self.hands[w].remove(c)
            self.unknown[w] += 1
            details["holder"] = self.names[w]
            if partial:
                return Problem("CARD_DUPLICATE", f"{card_str(c)} dealt to {name} is in {self.names[w]}'s hand",
                               expected=None, actual=card_str(c),
                               data={"card": card_str(c), "places": [self.names[w], name], "holder": self.names[w]})
        why = (f"{self.names[w]} holds it" if w >= 0 else _UNAVAILABLE[reason])
        return Problem("DRAW_CARD_UNAVAILABLE", f"{card_str(c)} dealt to {name} cannot be in the stub: {why}",
                       expected=None, actual=card_str(c), data=details)

    def _burn(self) -> None:
        if self.stub > 0:
            self.stub -= 1
            card = self.cards.pop() if self.cards else None
            if card is not None:
                self.where[card] = BURNED
            self.burns.append(card)

    def _reshuffle(self, player: int, need: int, own: tuple[int, Sequence[Card]]) -> list[Problem]:
        """Build the new stub from the piles of §8.4 (policy ``RESHUFFLE_POLICY``) for ``need`` cards.

        Stage 1 is the earlier discards, the folded hands, the burns and what is left of the stub;
        stage 2 this round's discards of the players served and declared (``STAGED``: only when
        stage 1 is short; ``ALL_BUT_CURRENT_PLAYER``: always); the player's own discards ``X`` last of
        all, when ``ALLOW_OWN_DISCARDS_LAST_RESORT`` allows.
        """
        opts, counts = self.opts, self.counts
        name = self.names[player]
        problems: list[Problem] = []
        burns = len(self.burns)
        if opts.reshuffle_burns == "NONE":
            burns = 0
        elif opts.reshuffle_burns == "LAST_ONLY":
            burns = min(1, burns)
        own_count, own_cards = own
        prev, muck, done, declared = counts[PREV], counts[MUCK], counts[DONE] - own_count, counts[DECLARED]
        used = [("prev", prev), ("muck", muck), ("burns", burns), ("stub", self.stub)]
        pool = prev + muck + burns + self.stub
        want = need + (1 if opts.burn_after_reshuffle else 0) + (1 if self.hold_back else 0)
        codes = {code for code, n in ((PREV, prev), (MUCK, muck)) if n}
        if opts.reshuffle_policy == "ALL_BUT_CURRENT_PLAYER" or (pool < want and opts.reshuffle_policy == "STAGED"):
            used += [("done", done), ("declared", declared)]
            pool += done + declared
            codes.update(code for code, n in ((DONE, done), (DECLARED, declared)) if n)
            counts[DONE] -= done
            counts[DECLARED] = 0
        own_used = pool < want and opts.allow_own_discards_last_resort and own_count > 0
        if own_used:
            used.append(("x", own_count))
            pool += own_count
            codes.add(DONE)
            counts[DONE] -= own_count
            problems.append(Problem("DECK_REUSED_OWN_DISCARDS", f"{name}'s own discards were reshuffled into the stub "
                                                                f"that serves {name}",
                                    expected=None, actual=name, data={"seat": name}))
        counts[PREV] -= prev
        counts[MUCK] -= muck
        exhausted = pool < want
        if exhausted:
            problems.append(Problem("DECK_EXHAUSTED",
                                    f"the reshuffle yields {counted(pool, 'card')}, {name} still needs "
                                    f"{need}",
                                    expected=need, actual=pool, data={"seat": name}))
        where = self.where
        pool_cards = list(self.cards) if self.cards is not None else []
        if burns:
            taken = self.burns[-burns:]
            del self.burns[-burns:]
            for c in taken:
                if c is not None:
                    del where[c]
                    pool_cards.append(c)
        if DONE in codes and not own_used:  # this round's discards go in, but not the player's own (X)
            own_set = set(own_cards)
            moved = [c for c, w in where.items() if w in codes and c not in own_set]
        else:
            moved = [c for c, w in where.items() if w in codes]
        for c in moved:  # back in the stub: no longer anywhere else
            del where[c]
        if self.round_out and not codes.isdisjoint(_THIS_ROUND):  # this round's discards went in
            self.round_out = [c for c in self.round_out if c in where]
        pool_cards += moved
        self.stub = pool
        self.gen += 1
        if self.cards is not None:
            pool_cards.sort()
            self.rng.shuffle(pool_cards)
            self.cards = pool_cards
        self.reshuffles.append(_new_reshuffle(player=name, piles=tuple(used), pool=pool,
                                              burned=opts.burn_after_reshuffle, own_discards=own_used,
                                              exhausted=exhausted))
        if opts.burn_after_reshuffle:
            self._burn()
        return problems

    def end_draw_round(self) -> None:
        """This round's discards become earlier discards (§8.4 PREV_DISCARDS)."""
        counts = self.counts
        counts[PREV] += counts[DONE] + counts[DECLARED]
        counts[DONE] = counts[DECLARED] = 0
        self.where.update(dict.fromkeys(self.round_out, PREV))
        self.round_out = []
        self.burn_pending = False
