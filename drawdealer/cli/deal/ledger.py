"""Who is up at the end of the evening (issue 16), and who pays whom (issue 27).

A buy-in is the first stack plus every rebuy, add-on and re-seat; a cash-out the stack a player
left with (``roster.py``). The stacks are those the current hand ended with, or started with while
it is under way (its bets are not settled yet), with the session commands typed since applied.
Chips are only moved, never made: the nets, the rake (RULES.md §9.5) and the chips left in the
middle of an Italian deal (§10.2, §10.5) add up to zero, and the ledger says whether they do.

The evening is settled by transfers (:func:`settle`): each player who is down pays players who are
up, the rake is paid to the house and chips left in the middle to whoever takes them, until every
net is zero. In a game played for money every amount can be read as money (:class:`ChipValue`: what
one chip is worth).
"""

from __future__ import annotations

from typing import Any, Sequence

from drawdealer.cli.deal.roster import Roster
from drawdealer.engine.frozen import record
from drawdealer.engine.money import money, two_decimals

HOUSE, MIDDLE = "the house", "the middle"
"""The two parties of a settlement besides the players: the rake's holder, and whoever takes the
chips left in the middle of an Italian deal carried over (RULES.md §9.5, §10.2)."""

EXACT_UP_TO = 14
"""The most parties :func:`settle` settles with a proven fewest number of transfers (its search
visits every subset of them: 2**14 × 14 steps, a blink); beyond, greedy pairs (at most one
transfer fewer than the parties, no promise of the fewest)."""


def signed(amount: int) -> str:
    """``+1,250`` / ``-40`` / ``0``: a net with its sign, thousands grouped by commas."""
    return f"{amount:+,}" if amount else "0"


_SIGNS = "$€£"


@record
class ChipValue:
    """What one chip is worth in a game played for money: ``cents`` of ``currency`` (a sign such as
    ``€``, or empty)."""

    cents: int
    currency: str = ""

    @classmethod
    def parse(cls, text: str) -> ChipValue:
        """``€0.10``, ``0.10€``, ``$0.25``, ``0.5``: a positive amount with at most two decimals and
        at most one currency sign; raises ``ValueError`` saying what is wrong."""
        from decimal import Decimal, InvalidOperation

        signs = [c for c in text if c in _SIGNS]
        number = text.strip().strip(_SIGNS).strip()
        try:
            cents = Decimal(number) * 100
        except InvalidOperation:
            raise ValueError(f"'{text}' is not an amount (e.g. 0.10€ or $0.25)") from None
        if len(signs) > 1 or not cents.is_finite() or cents != cents.to_integral_value() or cents <= 0:
            raise ValueError(f"'{text}' is not a positive amount with at most two decimals (e.g. 0.10€)")
        return cls(cents=int(cents), currency=signs[0] if signs else "")

    def text(self, chips: int) -> str:
        """``chips`` as money: ``€4.50``."""
        cents = chips * self.cents
        return money(cents, self.currency) if self.currency else two_decimals(cents)

    def signed(self, chips: int) -> str:
        """A net as money with its sign: ``+€4.50``, ``-€0.40``, ``0``."""
        return ("+" if chips > 0 else "") + self.text(chips) if chips else "0"


@record
class Transfer:
    """``payer`` pays ``payee`` ``amount`` chips."""

    payer: str
    payee: str
    amount: int

    def text(self, value: ChipValue | None = None) -> str:
        """``Ann pays Bob 45`` (``€4.50`` with a chip ``value``)."""
        return f"{self.payer} pays {self.payee} {value.text(self.amount) if value else f'{self.amount:,}'}"


def _greedy(nets: list[tuple[str, int]]) -> list[Transfer]:
    """Transfers settling ``nets`` (summing to zero): the largest debt is paid to the largest credit,
    ties to the earlier party, until all are settled. Each transfer settles at least one party and
    the last settles two, so there is at most one fewer than the parties with a net."""
    owed = {name: net for name, net in nets if net}
    order = {name: k for k, (name, _) in enumerate(nets)}
    out = []
    while owed:
        payer = min((n for n, v in owed.items() if v < 0), key=lambda n: (owed[n], order[n]))
        payee = min((n for n, v in owed.items() if v > 0), key=lambda n: (-owed[n], order[n]))
        amount = min(-owed[payer], owed[payee])
        out.append(Transfer(payer=payer, payee=payee, amount=amount))
        for name, change in ((payer, amount), (payee, -amount)):
            owed[name] += change
            if not owed[name]:
                del owed[name]
    return out


def _zero_sum_groups(nets: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """``nets`` (all non-zero, summing to zero) cut into the most groups that each sum to zero.

    Transfers never need to cross from one such group to another, and a group of ``k`` parties needs
    ``k − 1`` of them; so the most groups give the fewest transfers: parties − groups. Taking the
    parties one after another, a group closes each time the running sum comes back to zero:
    ``best[mask]`` is the most groups the parties of ``mask`` close in their best order, and
    ``last[mask]`` the party that order takes last (the earliest in seat order among the best, so
    ties go the same way every time).
    """
    size = 1 << len(nets)
    total, best, last = [0] * size, [0] * size, [0] * size
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + nets[low.bit_length() - 1][1]
        top, rest = -1, mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] > top:
                top, last[mask] = best[mask ^ bit], bit.bit_length() - 1
            rest ^= bit
        best[mask] = top + (total[mask] == 0)
    groups: list[list[tuple[str, int]]] = []
    group: list[tuple[str, int]] = []
    mask = size - 1
    while mask:  # the best order, walked back: a running sum of zero closes a group
        k = last[mask]
        group.append(nets[k])
        mask ^= 1 << k
        if total[mask] == 0:
            groups.append(group)
            group = []
    return groups


def settle(nets: Sequence[tuple[str, int]]) -> list[Transfer]:
    """Transfers that settle every net exactly: each party with a net below zero pays, each above
    it is paid, and after the transfers every net is zero. ``nets`` must sum to zero; they are in
    seat order, which breaks ties.

    Up to :data:`EXACT_UP_TO` parties with a net the number of transfers is the fewest possible:
    the parties are cut into the most groups that settle among themselves
    (:func:`_zero_sum_groups`, an exhaustive search: the general problem is NP-hard, a home game is
    small), and each group is settled by :func:`_greedy`. With more parties, :func:`_greedy` alone:
    never more than one transfer fewer than the parties, often but not always the fewest. Transfers
    are listed by payer, then payee, in seat order.
    """
    if sum(net for _, net in nets):
        raise ValueError(f"the nets add up to {sum(net for _, net in nets):+}, not 0: nothing can settle them")
    order = {name: k for k, (name, _) in enumerate(nets)}
    live = [(name, net) for name, net in nets if net]
    groups = _zero_sum_groups(live) if len(live) <= EXACT_UP_TO else [live]
    transfers = [t for group in groups for t in _greedy(group)]
    return sorted(transfers, key=lambda t: (order[t.payer], order[t.payee]))


@record
class LedgerRow:
    name: str
    bought_in: int
    cashed_out: int
    stack: int
    hands: int

    @property
    def net(self) -> int:
        return self.cashed_out + self.stack - self.bought_in


@record
class Ledger:
    """The evening's accounts; ``under_way`` is the number of a hand not finished (not counted)."""

    rows: tuple[LedgerRow, ...]
    rake: int
    middle: int
    hands: int
    under_way: int | None

    @classmethod
    def of(cls, roster: Roster, *, rake: int, hands: int, middle: int, under_way: int | None) -> Ledger:
        """The ledger of the table ``roster`` describes (``DealerSession.ended``): a row per account."""
        stacks = {n: s for n, s in roster.seats if n not in roster.gone}
        rows = tuple(LedgerRow(name=name, bought_in=a.bought_in, cashed_out=a.cashed_out,
                               stack=stacks.get(name, 0), hands=a.hands) for name, a in roster.accounts.items())
        return cls(rows=rows, rake=rake, middle=middle, hands=hands, under_way=under_way)

    @property
    def balance(self) -> int:
        """Nets plus rake plus the chips in the middle: zero when every chip is accounted for."""
        return sum(r.net for r in self.rows) + self.rake + self.middle

    def transfers(self) -> list[Transfer]:
        """Who pays whom (:func:`settle`): the players' nets, the rake owed to the house and the chips
        in the middle; none when the ledger does not add up (nothing could settle it)."""
        if self.balance:
            return []
        return settle([(r.name, r.net) for r in self.rows] + [(HOUSE, self.rake), (MIDDLE, self.middle)])

    def text(self, value: ChipValue | None = None) -> str:
        """The ledger as the dealer reads it out, one line a player, then who pays whom; every amount
        as money when a chip has a ``value``."""
        amount = value.text if value else (lambda chips: f"{chips:,}")
        net = value.signed if value else signed
        width = max([6] + [len(r.name) for r in self.rows])
        head = f"Ledger after {self.hands} hand{'s' if self.hands != 1 else ''}"
        if self.under_way is not None:
            head += f" (hand {self.under_way} under way: stacks as it started)"
        if value:
            head += f"; one chip is worth {value.text(1)}"
        lines = [head, f"{'player':<{width}}  {'bought in':>10}  {'cashed out':>10}  {'stack':>10}  {'net':>10}  hands"]
        for r in self.rows:
            lines.append(f"{r.name:<{width}}  {amount(r.bought_in):>10}  {amount(r.cashed_out):>10}  "
                         f"{amount(r.stack):>10}  {net(r.net):>10}  {r.hands:>5}")
        parts = f"nets {net(sum(r.net for r in self.rows))} + rake {amount(self.rake)}"
        if self.middle:
            parts += f" + in the middle {amount(self.middle)}"
        verdict = ("the ledger adds up" if self.balance == 0
                   else f"{net(self.balance)} unaccounted: the ledger does NOT add up")
        lines.append(f"{parts} = {net(self.balance)}: {verdict}")
        if self.balance == 0:
            transfers = self.transfers()
            lines.append("Who pays whom:" if transfers else "Who pays whom: nobody, every net is 0")
            lines += [f"  {t.text(value)}" for t in transfers]
            if self.middle:
                lines.append(f"  ({MIDDLE}: whoever takes the {self.middle:,} chips left in the middle)")
        return "\n".join(lines)

    def to_json(self, value: ChipValue | None = None) -> dict[str, Any]:
        """The ledger as JSON, amounts in chips; with a chip ``value`` in cents of its currency
        (``"unit": "cents"``, ``"currency"``, ``"chip_value"``), as ``validate --json`` gives money."""
        scale = value.cents if value else 1
        out = {
            "players": [{"name": r.name, "bought_in": r.bought_in * scale, "cashed_out": r.cashed_out * scale,
                         "stack": r.stack * scale, "net": r.net * scale, "hands": r.hands} for r in self.rows],
            "rake": self.rake * scale, "in_the_middle": self.middle * scale, "hands": self.hands,
            "hand_under_way": self.under_way, "balance": self.balance * scale, "adds_up": self.balance == 0,
            "transfers": [{"from": t.payer, "to": t.payee, "amount": t.amount * scale} for t in self.transfers()],
        }
        if value:
            out.update(unit="cents", currency=value.currency or None, chip_value=value.cents)
        return out
