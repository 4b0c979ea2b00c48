"""A :class:`~drawdealer.engine.record.HandRecord` as PokerStars-style text that
:mod:`drawdealer.parsers.pokerstars` reads back to the same record.

The header and table lines are written back verbatim when the record came from PokerStars
(``extra["header"]``, ``extra["table"]``); otherwise they are made from the game, stakes and hand
id and what the hand's PHH fields say of its date, time zone, table, seats, tournament, buy-in and
level (:mod:`drawdealer.parsers.handinfo`); a hand without a date gets none (a table without a
name is ``'drawdealer'``). A draw header (``*** FIRST DRAW ***`` …) opens every draw
round (also the rounds of all-in players, drawn without betting between), ``*** SHOW DOWN ***``
precedes a closing run of shows and mucks. As PokerStars writes them, ``Uncalled bet (X) returned
to P`` follows the last betting action (the round whose bet nobody matched), ``P collected X from
…`` lines pay the last side pot first and the main pot last, ``Total pot X`` holds every pot after
uncalled chips went back (``Main pot X. Side pot-1 Y.`` when there are several) and the summary's
seat lines say who folded when, who showed and lost, won or collected how much. A record that
claims no money (PHH: finishing stacks at most, ``winnings``) gets all of these as the rules settle
the hand (RULES.md §7.1, §9.4, the replay's settlement), since PokerStars always states them; so
are the uncalled bets of a site that returns them without a line (``Claims.uncalled_printed``
false, KingsClub, Boss Media). A hand that cannot be settled gets the pot its actions put in and
``Rake 0``.
A site whose collected amounts hold the uncalled chips or that prints no rake (Merge) gets its
claims as PokerStars states them (:func:`~drawdealer.engine.replay.restated_claims`).
PokerStars has no words for Italian poker (:class:`NoPokerStarsFormat`) or a lone dead blind
(``ValueError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawdealer.engine.cards import cards_str
from drawdealer.engine.frozen import replace
from drawdealer.engine.pots import take_rake
from drawdealer.engine.record import FORCED_KINDS, Action, ActionKind, HandRecord
from drawdealer.engine.variants import get_game
from drawdealer.parsers import handinfo
from drawdealer.parsers.pokerstars import ISO_OF_SYMBOL, LIMIT_NAMES, SITE_NAMES

if TYPE_CHECKING:
    from drawdealer.engine.settle import Settlement

K = ActionKind
_DRAW_NAMES = ("FIRST", "SECOND", "THIRD")
_ORDINALS = ("1st", "2nd", "3rd")
_BETTING = (K.FOLD, K.CHECK, K.CALL, K.BET, K.RAISE)
_PUTS_IN = frozenset((K.POST_SB, K.POST_BB, K.POST_DEAD, K.CALL, K.BET, K.RAISE))  # not an ante: "(didn't bet)" stays
_POST_WORDS = {K.POST_SB: "small blind", K.POST_BB: "big blind", K.POST_ANTE: "the ante"}


class NoPokerStarsFormat(ValueError):
    """The hand's game has no PokerStars hand history format (Italian poker)."""


class _Writer:
    def __init__(self, record: HandRecord) -> None:
        self.settled: Settlement | None = None
        self.r = self.stated(record)
        self.symbol = record.currency if record.currency in ISO_OF_SYMBOL else ""
        self.cents = bool(record.currency)
        self.info = handinfo.of_record(record)
        c = self.r.claims
        unclaimed = not (c.collected or c.total_pot is not None or c.pots or c.uncalled)
        self.settles = self.settlement(self.r) if unclaimed else None  # states the money of a record claiming none
        self.uncalled = [(p, x) for p, x, _ in c.uncalled] or self.returned()

    def settlement(self, record: HandRecord) -> Settlement | None:
        """The replay's settlement of ``record`` (replayed once)."""
        if self.settled is None:
            from drawdealer.engine.replay import replay

            self.settled = replay(record).settlement
        return self.settled

    def stated(self, record: HandRecord) -> HandRecord:
        """``record`` with its collected amounts and rake as PokerStars states them, when its site's
        hold the uncalled chips or print no rake (``Claims.uncalled_in_collected``, ``rake_printed``)."""
        c = record.claims
        if not c.uncalled_in_collected and c.rake_printed:
            return record
        from drawdealer.engine.replay import restated_claims

        settlement = self.settlement(record)
        return record if settlement is None else replace(record, claims=restated_claims(c, settlement))

    def returned(self) -> list[tuple[str, int]]:
        """The uncalled bets of a hand whose log returns them without a line or claims no money (§7.1),
        as the replay does."""
        if self.r.claims.uncalled_printed and self.settles is None:
            return []
        settlement = self.settlement(self.r)
        return sorted(settlement.returned.items()) if settlement is not None else []

    def amount(self, value: int) -> str:
        if not self.cents:
            return str(value)
        if value % 100 == 0 and self.symbol:
            return f"{self.symbol}{value // 100}"
        return f"{self.symbol}{value // 100}.{value % 100:02d}"

    def header(self) -> str:
        r = self.r
        if "header" in r.extra:
            return str(r.extra["header"])
        family, _, limit = r.game.partition("-")
        if family not in SITE_NAMES or limit not in LIMIT_NAMES:
            raise NoPokerStarsFormat(f"PokerStars has no hand history format for {r.game}")
        a, b = (r.stakes.small_bet, r.stakes.big_bet) if limit == "FL" else (r.stakes.sb, r.stakes.bb)
        iso = ISO_OF_SYMBOL.get(r.currency, "")
        stakes = f"{self.amount(a)}/{self.amount(b)}"
        if self.cents and not self.symbol:
            stakes = f"{a // 100}.{a % 100:02d}/{b // 100}.{b % 100:02d}"
        stakes += f" {iso}" if iso else ""
        info = self.info
        before, after = handinfo.pokerstars_event(info)
        site = "PokerStars Home Game Hand" if info.club else "PokerStars Hand"
        return (f"{site} #{r.hand_id or 0}: {before or ' '}{SITE_NAMES[family]} {LIMIT_NAMES[limit]}{after} "
                f"({stakes}){handinfo.pokerstars_when(info)}")

    def table(self) -> str:
        r = self.r
        if r.extra.get("table"):
            return str(r.extra["table"])
        seat = next((s.seat for s in r.seats if s.name == r.button), r.extra.get("button_seat"))
        size = self.info.seat_count or max([6, len(r.seats)])
        name = self.info.table or "drawdealer"
        return f"Table '{name}' {size}-max" + (f" Seat #{seat} is the button" if seat is not None else "")

    def write(self) -> str:
        r = self.r
        out = [self.header(), self.table()]
        for s in r.seats:
            out.append(f"Seat {s.seat}: {s.name} ({self.amount(s.stack)} in chips)"
                       + (" is sitting out" if s.sitting_out or s.absent else ""))
        actions = list(r.actions)
        k = 0
        while k < len(actions) and actions[k].kind in FORCED_KINDS:
            k = self.post(actions, k, out)
        out.append("*** DEALING HANDS ***")
        reshuffles = {}
        for index, _ in r.claims.reshuffles:
            reshuffles[index] = reshuffles.get(index, 0) + 1
        closing = len(actions)
        while closing > k and actions[closing - 1].kind in (K.SHOW, K.MUCK):
            closing -= 1
        committed: dict[str, int] = {}
        for a in actions[:k]:
            if a.kind in (K.POST_SB, K.POST_BB):
                committed[a.player] = committed.get(a.player, 0) + a.amount
        high = max(committed.values(), default=0)
        draws = 0
        in_draw = False
        drawn: set[str] = set()  # who drew in the draw round under way
        last_bet = max((j for j in range(k, len(actions)) if actions[j].kind in _BETTING), default=k - 1)
        if last_bet < k:  # no betting action: the uncalled chips go back after the posts
            out += self.uncalled_lines()
        while k < len(actions):
            a = actions[k]
            out += ["The deck is reshuffled"] * reshuffles.pop(k, 0)
            if k == closing:
                out.append("*** SHOW DOWN ***")
            if a.kind is K.DRAW and (not in_draw or a.player in drawn):  # all-in players draw on: a new round
                in_draw, drawn = True, set()
                out.append(f"*** {_DRAW_NAMES[draws]} DRAW ***" if draws < 3 else "*** DRAW ***")
                draws += 1
            if a.kind is K.DRAW:
                drawn.add(a.player)
            if a.kind in FORCED_KINDS:
                k = self.post(actions, k, out)
                continue
            if a.kind in _BETTING:
                if in_draw:
                    in_draw = False
                    committed, high = {}, 0
                out.append(self.betting(a, high))
                if a.kind is K.CALL or a.kind is K.BET:
                    committed[a.player] = committed.get(a.player, 0) + a.amount
                elif a.kind is K.RAISE:
                    committed[a.player] = a.amount
                high = max(high, committed.get(a.player, 0))
                if k == last_bet:
                    out += self.uncalled_lines()
            else:
                out += self.other(a)
            k += 1
        out += ["The deck is reshuffled"] * sum(reshuffles.values())
        out += self.collected()
        out += self.summary()
        return "\n".join(out) + "\n"

    def uncalled_lines(self) -> list[str]:
        """``Uncalled bet (X) returned to P``: PokerStars writes it when the round whose bet nobody
        matched ends, after the hand's last betting action (RULES.md §7.1)."""
        return [f"Uncalled bet ({self.amount(x)}) returned to {p}" for p, x in self.uncalled]

    def post(self, actions: list[Action], k: int, out: list[str]) -> int:
        a = actions[k]
        tail = " and is all-in" if a.all_in else ""
        if a.kind in _POST_WORDS:
            nxt = actions[k + 1] if k + 1 < len(actions) else None
            if (a.kind is K.POST_BB and nxt is not None and nxt.kind is K.POST_DEAD and nxt.player == a.player):
                tail = " and is all-in" if nxt.all_in else ""
                out.append(f"{a.player}: posts small & big blinds {self.amount(a.amount + nxt.amount)}{tail}")
                return k + 2
            out.append(f"{a.player}: posts {_POST_WORDS[a.kind]} {self.amount(a.amount)}{tail}")
            return k + 1
        raise ValueError(f"PokerStars text has no line for a {a.kind.value} ({a.player})")

    def betting(self, a: Action, high: int) -> str:
        tail = " and is all-in" if a.all_in else ""
        if a.kind is K.FOLD:
            return f"{a.player}: folds"
        if a.kind is K.CHECK:
            return f"{a.player}: checks"
        if a.kind is K.CALL:
            return f"{a.player}: calls {self.amount(a.amount)}{tail}"
        if a.kind is K.BET:
            return f"{a.player}: bets {self.amount(a.amount)}{tail}"
        return f"{a.player}: raises {self.amount(max(0, a.amount - high))} to {self.amount(a.amount)}{tail}"

    def other(self, a: Action) -> list[str]:
        if a.kind is K.DEAL:
            return [f"Dealt to {a.player}" + (f" [{cards_str(a.cards)}]" if a.cards is not None else "")]
        if a.kind is K.DRAW:
            if not a.count:
                return [f"{a.player}: stands pat" + (f" on [{cards_str(a.kept)}]" if a.kept is not None else "")]
            word = "card" if a.count == 1 else "cards"
            lines = [f"{a.player}: discards {a.count} {word}" + (f" [{cards_str(a.discarded)}]" if a.discarded is not None else "")]
            if a.received is not None:
                kept = a.kept if a.kept is not None else self.kept(a)
                group = f"[{cards_str(kept)}] " if kept else ""
                lines.append(f"Dealt to {a.player} {group}[{cards_str(a.received)}]")
            return lines
        if a.kind is K.SHOW:
            if not a.cards and a.count:  # PokerStars prints every hand shown (OnGame's summary does not)
                raise NoPokerStarsFormat(f"PokerStars text cannot show {a.player}'s hand without its cards "
                                         "(the log does not print them)")
            desc = next((d for p, d, _ in self.r.claims.descriptions if p == a.player), None)
            return [f"{a.player}: shows [{cards_str(a.cards or ())}]" + (f" ({desc})" if desc is not None else "")]
        if a.kind is K.MUCK:
            return [f"{a.player}: mucks hand"]
        raise ValueError(f"PokerStars text has no line for a {a.kind.value} ({a.player})")

    def kept(self, draw: Action) -> tuple[int, ...]:
        """The cards a player kept, from his known hand, when the record does not say."""
        hand: list[int] | None = None
        for a in self.r.actions:
            if a is draw:
                break
            if a.player != draw.player:
                continue
            if a.kind is K.DEAL:
                hand = list(a.cards) if a.cards and len(a.cards) == (a.count or len(a.cards)) else None
            elif a.kind is K.DRAW and hand is not None:
                if a.count and (a.discarded is None or a.received is None or len(a.discarded) != a.count):
                    hand = None
                elif a.count:
                    hand = [c for c in hand if c not in a.discarded] + list(a.received)  # type: ignore[operator]
        if hand is None or draw.discarded is None or len(draw.discarded) != draw.count:
            return ()
        return tuple(c for c in hand if c not in draw.discarded)

    def collected(self) -> list[str]:
        if self.settles is not None:
            return self.settled_collected(self.settles)
        claims = self.r.claims.collected
        several = len({c.pot_index for c in claims if c.pot_index}) > 1 or any((c.pot_index or 0) > 1 for c in claims)
        out = []
        for c in claims:
            if not c.pot_index:
                pot = "main pot" if any(x.pot_index for x in claims) or (self.r.claims.pots and len(self.r.claims.pots) > 1) else "pot"
            else:
                pot = f"side pot-{c.pot_index}" if several else "side pot"
            out.append(f"{c.player} collected {self.amount(c.amount)} from {pot}")
        return out

    def settled_collected(self, settlement: Settlement) -> list[str]:
        """What each winner takes from each pot as the rules award it, net of the rake: the last side
        pot first (``side pot`` when there is one, ``side pot-2`` … when there are more), the main pot
        last (``pot`` when it is the only one), RULES.md §9.4-§9.6."""
        awards = settlement.awards
        out = []
        for award in reversed(awards):
            index = award.index
            pot = "pot" if len(awards) == 1 else "main pot" if index == 0 else \
                "side pot" if len(awards) == 2 else f"side pot-{index}"
            out += [f"{p} collected {self.amount(x)} from {pot}" for p, x in award.shares.items() if x]
        return out

    def summary(self) -> list[str]:
        r, c = self.r, self.r.claims
        pots, rake = c.pots, c.rake
        if self.settles is not None:
            pots = tuple(p.amount for p in take_rake(self.settles.pots, self.settles.rake))
            total = sum(p.amount for p in self.settles.pots)
            rake = self.settles.rake if rake is None else rake
        else:
            total = c.total_pot if c.total_pot is not None else self.pot_put_in()
        line = f"Total pot {self.amount(total)}"
        if pots is not None and len(pots) > 1:
            line += f" Main pot {self.amount(pots[0])}."
            if len(pots) == 2:
                line += f" Side pot {self.amount(pots[1])}."
            else:
                line += "".join(f" Side pot-{k} {self.amount(p)}." for k, p in enumerate(pots[1:], 1))
        out = ["*** SUMMARY ***", f"{line} | Rake {self.amount(rake or 0)}"]
        posted = {a.player: a.kind for a in r.actions if a.kind in (K.POST_SB, K.POST_BB)}
        folds = self.folds()
        won = {p: x for p, x, _ in c.summary_collected}
        if not won and self.settles is not None:
            won = {p: x for p, x in self.settles.collected.items() if x}
        described: dict[str, list[str]] = {}
        for p, d, _ in c.descriptions:
            described.setdefault(p, []).append(d)
        for s in r.seats:
            marks = " (button)" if s.name == r.button else ""
            if s.name in posted:
                marks += " (small blind)" if posted[s.name] is K.POST_SB else " (big blind)"
            head = f"Seat {s.seat}: {s.name}{marks}"
            mine = [a for a in r.actions if a.player == s.name]
            show = next((a for a in mine if a.kind is K.SHOW), None)
            muck = next((a for a in reversed(mine) if a.kind is K.MUCK), None)
            if show is not None:
                result = f"won ({self.amount(won[s.name])})" if s.name in won else "lost"
                descs = described.get(s.name, [])
                desc = descs[1] if len(descs) > 1 else descs[0] if descs else None
                out.append(f"{head} showed [{cards_str(show.cards or ())}] and {result}" + (f" with {desc}" if desc is not None else ""))
            elif muck is not None and muck.cards is not None:
                out.append(f"{head} mucked [{cards_str(muck.cards)}]")
            elif s.name in won:
                out.append(f"{head} collected ({self.amount(won[s.name])})")
            elif s.name in folds:
                out.append(f"{head} {folds[s.name]}")
        return out

    def folds(self) -> dict[str, str]:
        """How each player who folded folded, in PokerStars' summary words: ``folded before the Draw``
        (``before Flop`` in 2-7 Single Draw; with ``(didn't bet)`` when he put no chip in, antes aside),
        ``folded after the 2nd Draw``, or ``folded after the Draw`` in a single-draw game."""
        spec = get_game(self.r.game)
        before = "folded before Flop" if spec.id.startswith("27SD") else "folded before the Draw"
        out: dict[str, str] = {}
        put_in: set[str] = set()
        draws, in_draw = 0, False
        for a in self.r.actions:
            if a.kind is K.DRAW:
                if not in_draw:
                    draws, in_draw = draws + 1, True
                continue
            in_draw = False
            if a.kind is K.FOLD and a.player not in out:
                if not draws:
                    out[a.player] = before + ("" if a.player in put_in else " (didn't bet)")
                elif spec.draws == 1:
                    out[a.player] = "folded after the Draw"
                else:
                    out[a.player] = f"folded after the {_ORDINALS[min(draws, 3) - 1]} Draw"
            elif a.kind in _PUTS_IN:
                put_in.add(a.player)
        return out

    def pot_put_in(self) -> int:
        """Chips the actions put in, less uncalled bets (when the record claims no total)."""
        total = 0
        street: dict[str, int] = {}
        for a in self.r.actions:
            if a.kind is K.DRAW:
                street = {}
            if a.kind in FORCED_KINDS or a.kind in (K.CALL, K.BET):
                total += a.amount
                if a.kind is not K.POST_ANTE:
                    street[a.player] = street.get(a.player, 0) + a.amount
            elif a.kind is K.RAISE:
                total += a.amount - street.get(a.player, 0)
                street[a.player] = a.amount
        return total - sum(x for _, x in self.uncalled)


def write_pokerstars(record: HandRecord) -> str:
    """``record`` as PokerStars text (one hand, ending with a newline)."""
    return _Writer(record).write()
