"""A :class:`~drawdealer.engine.record.HandRecord` as PHH text (see :mod:`drawdealer.parsers.phh`).

Players are written in PHH position order: the first seat left of the button is ``p1``, the
button is last (heads-up: the big blind is ``p1``). Whatever standard PHH cannot say goes into the
``_drawdealer_*`` fields and ``# drawdealer:`` commentary documented in ``phh.py``, so that reading
the text back gives the same record (:func:`drawdealer.parsers.compare.comparable`). A PokerStars
hand keeps its date, time and time zone, table, number of seats and tournament level in PHH's own
fields (``year``, ``month``, ``day``, ``time``, ``time_zone_abbreviation``, ``table``,
``seat_count``, ``level``; its id in ``hand``, its seat numbers in ``seats``, its currency in
``currency``) and its tournament id, buy-in and home-game club in ``_drawdealer_tournament``,
``_drawdealer_buy_in`` and ``_drawdealer_club`` (:mod:`drawdealer.parsers.handinfo`). Every player
gets a ``d dh`` line at the deal (``??`` for unknown cards), and the replacement cards of a draw
round follow all of its discards, as pokerkit (the reference PHH implementation) requires.
"""

from __future__ import annotations

import datetime
import math
from typing import Any

from drawdealer.engine.cards import card_str
from drawdealer.engine.record import FORCED_KINDS, Action, ActionKind, HandRecord
from drawdealer.engine.variants import get_game
from drawdealer.parsers import handinfo
from drawdealer.parsers.phh import (
    _TAG_OF_POST,
    _VARIANT_OF_GAME,
    VARIANTS,
    derive_stakes,
)
from drawdealer.parsers.sitekit import ISO_OF_SYMBOL, position_order

K = ActionKind
DECK_CARDS = 52
"""The most cards any game's deck holds (RULES.md §2.1, §2.2): the most a PHH line may name."""


class _Writer:
    def __init__(self, record: HandRecord) -> None:
        self.r = record
        self.order = position_order(record)
        self.n = len(self.order)
        self.index = {s.name: i for i, s in enumerate(self.order)}
        self.scale = 100 if record.currency else 1

    def num(self, amount: int) -> int | float:
        """Chips, or currency units from cents."""
        if self.scale == 1 or amount % 100 == 0:
            return amount // self.scale
        return amount / 100

    def text(self, amount: int) -> str:
        value = self.num(amount)
        return f"{value:.2f}" if isinstance(value, float) else str(value)

    def cards(self, cards: tuple[int, ...] | None, count: int, action: Action | None) -> str:
        """``cards`` then ``??`` for each of the ``count`` cards not known. More unknown cards than a
        deck holds (``discards 300000000 cards``, 52 at most: RULES.md §2.1) are refused, not written,
        so the text stays as small as the hand: ``ValueError`` naming the action's line. (A draw of 6
        is written: an illegal hand, ``DRAW_COUNT_EXCEEDED``, converts as it was played.)"""
        known = "".join(card_str(c) for c in cards) if cards else ""
        unknown = count - (len(cards) if cards else 0)
        if unknown > DECK_CARDS:
            what = action.kind.value if action is not None else "deal"
            where = f"line {action.line}: " if action is not None and action.line is not None else ""
            who = f"{action.player}'s " if action is not None else ""
            raise ValueError(f"{where}{who}{what} of {count:,} cards is more than a deck holds ({DECK_CARDS}, "
                             "RULES.md §2.1): not written")
        return known + "??" * max(0, unknown)

    def p(self, name: str) -> str:
        return f"p{self.index[name] + 1}"

    def write(self) -> str:
        r, n = self.r, self.n
        game = r.game
        structure = "IT" if game == "ITA" else game.rsplit("-", 1)[-1]
        fields: dict[str, Any] = {"variant": _VARIANT_OF_GAME.get(game, game)}
        if game not in VARIANTS.values():
            fields["_drawdealer_game"] = game
        heads_up = n == 2
        antes, blinds = [0] * n, [0] * n
        extra_posts: list[Action] = []
        stacks = [s.stack for s in self.order]
        committed = [0] * n
        nominal = {K.POST_SB: r.stakes.sb, K.POST_BB: r.stakes.bb, K.POST_ANTE: r.stakes.ante}
        for a in r.actions:
            if a.kind not in FORCED_KINDS or a.player not in self.index:
                continue
            i = self.index[a.player]
            slot = 1 - i if heads_up else i
            value = max(a.amount, nominal.get(a.kind, 0)) if a.all_in else a.amount
            exact = min(value, stacks[i]) == a.amount and (stacks[i] == a.amount) == a.all_in
            if a.kind is K.POST_ANTE:
                standard = exact and not antes[slot]
            elif a.kind is K.POST_SB:
                standard = exact and slot == 0 and not blinds[0]
            elif a.kind is K.POST_BB:
                standard = exact and slot == 1 and not blinds[1]
            else:
                standard = False
            if standard:
                (antes if a.kind is K.POST_ANTE else blinds)[slot] = value
            else:
                extra_posts.append(a)
            stacks[i] -= a.amount
            if a.kind in (K.POST_SB, K.POST_BB, K.POST_BLIND_OPEN, K.POST_CONTROBUIO):
                committed[i] += a.amount
        fields["antes"] = [self.num(v) for v in antes]
        fields["blinds_or_straddles"] = [self.num(v) for v in blinds]
        if structure == "FL":
            fields["small_bet"] = self.num(r.stakes.small_bet)
            fields["big_bet"] = self.num(r.stakes.big_bet)
        elif structure != "IT":
            fields["min_bet"] = self.num(r.stakes.bb)
        fields["starting_stacks"] = [self.num(s.stack) for s in self.order]
        fields["actions"] = self.actions(extra_posts, stacks, committed)
        fields["players"] = [s.name for s in self.order]
        fields["seats"] = [s.seat for s in self.order]
        if r.hand_id:
            fields["hand"] = int(r.hand_id) if r.hand_id.isdigit() and len(r.hand_id) < 19 else r.hand_id
        if r.currency:
            code = r.extra.get("phh_currency") or ISO_OF_SYMBOL.get(r.currency)
            if code:
                fields["currency"] = code
            if code is None or code != ISO_OF_SYMBOL.get(r.currency):
                fields["currency_symbol"] = r.currency
        if "header" in r.extra:  # a PokerStars hand: its date, table, tournament … (handinfo)
            fields |= handinfo.phh_fields(handinfo.of_record(r))
        self.claims(fields)
        for key, value in (r.extra.get("phh") or {}).items():
            fields.setdefault(key, value)
        if sum(1 for v in antes if v) > 1:  # every chip counts in the pots, antes too (RULES.md §9.4): pokerkit's
            fields.setdefault("ante_trimming_status", True)  # ante trimming (tests/pokerkit_hands.py DIFFERENCES)
        derived = derive_stakes(structure, antes, blinds, [r.stakes.small_bet, r.stakes.big_bet]
                                if structure == "FL" else [r.stakes.bb])
        if derived != r.stakes:
            fields["_drawdealer_stakes"] = {k: self.num(getattr(r.stakes, k)) for k in
                                            ("sb", "bb", "ante", "small_bet", "big_bet", "invito", "chip")}
        if r.options or any(a.kind is K.DRAW and a.count for a in r.actions):
            # with draws, even when empty: PHH lists every discard of a round before its deals, which the
            # reader takes for DRAW_DEAL_MODE = DECLARE_ALL_THEN_DEAL unless the options are written
            fields["_drawdealer_options"] = {k: (str(v) if not isinstance(v, (bool, int, str)) else v)
                                             for k, v in r.options.items()}
        if "it_carried_pot" in r.extra or "it_requirement" in r.extra:
            x = r.extra
            fields["_drawdealer_carry"] = {
                "pot": self.num(int(x.get("it_carried_pot") or 0)), "requirement": str(x.get("it_requirement") or "J"),
                "penalty": self.num(int(x.get("it_penalty") or 0)), "penalty_player": x.get("it_penalty_player") or "",
                "reentry": [[str(p), self.num(int(a))] for p, a in x.get("it_reentry") or ()]}
        if r.hero is not None:
            fields["_drawdealer_hero"] = r.hero
        if r.button != (self.order[-1].name if self.order else None):
            fields["_drawdealer_button"] = r.button or ""
        absent = [s.name for s in self.order if s.absent]
        if absent:
            fields["_drawdealer_absent"] = absent
        out = [s for s in r.seats if s.sitting_out]
        if out:
            fields["_drawdealer_sitting_out"] = [[s.seat, s.name, self.num(s.stack)] for s in out]
        return "".join(f"{key} = {_toml(value, key == 'actions')}\n" for key, value in fields.items())

    def actions(self, extra_posts: list[Action], stacks: list[int], committed: list[int]) -> list[str]:
        r = self.r
        out: list[str] = []
        for a in extra_posts:
            flag = " all-in" if a.all_in else ""
            out.append(f"# drawdealer: {_TAG_OF_POST[a.kind]} {self.p(a.player)} {self.text(a.amount)}{flag}")
        dealt: dict[str, Action] = {}  # each player's hole cards: his first deal that names a card or a count
        for a in r.actions:
            if a.kind is K.DEAL and a.player not in dealt and (a.cards or a.count):
                dealt[a.player] = a
        size = get_game(r.game).hand_size  # four in Badugi (RULES.md §15)
        for s in self.order:
            deal = dealt.get(s.name)
            count = (deal.count or size) if deal else size
            out.append(f"d dh {self.p(s.name)} {self.cards(deal.cards if deal else None, count, deal)}")
        high = max(committed) if committed else 0
        drawing = False
        replacements: list[str] = []  # PHH (and pokerkit) deal a draw round's cards after all discards
        drawn: set[str] = set()
        for a in r.actions:
            kind = a.kind
            if kind in FORCED_KINDS or (kind is K.DEAL and dealt.get(a.player) is a):
                continue
            i = self.index[a.player]
            who = self.p(a.player)
            if kind is K.DRAW:
                if who in drawn:
                    out += replacements  # the same player again: a new draw round
                    replacements, drawn = [], set()
                drawn.add(who)
                drawing = True
                tags = []
                if a.kept is not None:
                    tags.append(f"kept {self.cards(a.kept, 0, a) or '-'}")
                if a.count and a.discarded == ():
                    tags.append("discarded -")
                notes = f" # drawdealer: {' '.join(tags)}" if tags else ""
                if a.count:
                    out.append(f"{who} sd {self.cards(a.discarded, a.count, a)}{notes}")
                else:
                    out.append(f"{who} sd{notes}")
                replaced = a.received_count if a.received_count is not None else a.count
                if replaced:
                    replacements.append(f"d dh {who} {self.cards(a.received, replaced, a)}")
                continue
            out += replacements
            replacements, drawn = [], set()
            if kind is K.SHOW:
                out.append(f"{who} sm {self.cards(a.cards, a.count, a) or '-'}")
                continue
            if kind is K.MUCK:
                out.append(f"{who} sm" + (f" # drawdealer: cards {self.cards(a.cards, 0, a) or '-'}" if a.cards is not None
                                          else ""))
                continue
            if kind is K.DEAL:  # a second deal, or one naming no card (the live dealer's declined buio)
                cards = self.cards(a.cards, a.count, a)
                out.append(f"# drawdealer: deal {who}" + (f" {cards}" if cards else ""))
                continue
            if drawing:
                committed = [0] * self.n
                high = 0
                drawing = False
            line, kind_derived, amount_derived, paid = self.betting(a, i, stacks, committed, high)
            stacks[i] -= paid
            committed[i] += paid
            high = max(high, committed[i])
            derived_all_in = stacks[i] == 0 and kind in (K.CALL, K.BET, K.RAISE)
            if (kind_derived, amount_derived) != (kind, a.amount):
                flag = " all-in" if a.all_in else " not-all-in"
                out.append(f"{line} # drawdealer: as {kind.value} {self.text(a.amount)}{flag}")
            elif a.all_in != derived_all_in:
                out.append(f"{line} # drawdealer: {'all-in' if a.all_in else 'not-all-in'}")
            else:
                out.append(line)
        return out + replacements

    def betting(self, a: Action, i: int, stacks: list[int], committed: list[int],
                high: int) -> tuple[str, ActionKind, int, int]:
        """The PHH text of a betting action, what the reader will derive from it, and the chips paid."""
        who = self.p(a.player)
        kind = a.kind
        if kind is K.FOLD:
            return f"{who} f", K.FOLD, 0, 0
        if kind in (K.CHECK, K.CALL):
            owed = high - committed[i]
            derived_paid = min(max(owed, 0), stacks[i])
            paid = a.amount if kind is K.CALL else 0
            derived = (K.CHECK, 0) if owed <= 0 else (K.CALL, derived_paid)
            return f"{who} cc", derived[0], derived[1], paid
        paid = a.amount if kind is K.BET else a.amount - committed[i]
        to = committed[i] + paid
        derived_kind = K.BET if high == 0 else K.RAISE
        derived_paid = min(max(0, to - committed[i]), stacks[i])
        derived_amount = derived_paid if derived_kind is K.BET else committed[i] + derived_paid
        return f"{who} cbr {self.text(to)}", derived_kind, derived_amount, paid

    def claims(self, fields: dict[str, Any]) -> None:
        c = self.r.claims
        names = [s.name for s in self.order]
        ext: dict[str, Any] = {}
        if c.final_stacks:
            if [p for p, _ in c.final_stacks] == names:
                fields["finishing_stacks"] = [self.num(a) for _, a in c.final_stacks]
            else:
                ext["final_stacks"] = [[p, self.num(a)] for p, a in c.final_stacks]
        if c.summary_collected:
            if [p for p, _, _ in c.summary_collected] == names:
                fields["winnings"] = [self.num(a) for _, a, _ in c.summary_collected]
            else:
                ext["summary_collected"] = [[p, self.num(a)] for p, a, _ in c.summary_collected]
        if c.total_pot is not None:
            ext["total_pot"] = self.num(c.total_pot)
        if c.pots is not None:
            ext["pots"] = [self.num(a) for a in c.pots]
        if c.rake is not None:
            ext["rake"] = self.num(c.rake)
        if c.uncalled:
            ext["uncalled"] = [[p, self.num(a)] for p, a, _ in c.uncalled]
        if c.collected:
            ext["collected"] = [[x.player, self.num(x.amount), -1 if x.pot_index is None else x.pot_index]
                                for x in c.collected]
        if c.descriptions:
            ext["descriptions"] = [[p, d] for p, d, _ in c.descriptions]
        if c.reshuffles:
            ext["reshuffles"] = [i for i, _ in c.reshuffles]
        if not c.uncalled_printed:
            ext["uncalled_printed"] = False
        if c.uncalled_in_collected:
            ext["uncalled_in_collected"] = True
        if not c.rake_printed:
            ext["rake_printed"] = False
        if ext:
            fields["_drawdealer_claims"] = ext


def _toml(value: Any, multiline: bool = False) -> str:
    """A TOML literal for the values PHH uses (strings, numbers, booleans, dates, arrays, tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return repr(value) if math.isfinite(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, str):
        if "'" not in value and "\n" not in value and all(ord(ch) >= 32 for ch in value):
            return f"'{value}'"
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return f'"{escaped}"'
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        if multiline and value:
            return "[\n" + "".join(f"  {_toml(v)},\n" for v in value) + "]"
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else _toml(key)


def write(record: HandRecord) -> str:
    """The PHH text of ``record``."""
    return _Writer(record).write()
