"""Who is up at the end of the evening (issue 16): each player's buy-ins, cash-outs, stack and net.

A buy-in is the first stack plus every rebuy, add-on and re-seat; a cash-out the stack a player
left with (``roster.py``). The stacks are those the current hand ended with, or started with while
it is under way (its bets are not settled yet), with the session commands typed since applied.
Chips are only moved, never made: the nets, the rake (RULES.md §9.5) and the chips left in the
middle of an Italian deal (§10.2, §10.5) add up to zero, and the ledger says whether they do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawdealer.engine.frozen import record

if TYPE_CHECKING:
    from drawdealer.cli.deal.session import DealerSession


def signed(amount: int) -> str:
    """``+1,250`` / ``-40`` / ``0``: a net with its sign, thousands grouped by commas."""
    return f"{amount:+,}" if amount else "0"


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

    @property
    def balance(self) -> int:
        """Nets plus rake plus the chips in the middle: zero when every chip is accounted for."""
        return sum(r.net for r in self.rows) + self.rake + self.middle

    def text(self) -> str:
        """The ledger as the dealer reads it out, one line a player."""
        width = max([6] + [len(r.name) for r in self.rows])
        head = f"Ledger after {self.hands} hand{'s' if self.hands != 1 else ''}"
        if self.under_way is not None:
            head += f" (hand {self.under_way} under way: stacks as it started)"
        lines = [head, f"{'player':<{width}}  {'bought in':>10}  {'cashed out':>10}  {'stack':>10}  {'net':>10}  hands"]
        for r in self.rows:
            lines.append(f"{r.name:<{width}}  {r.bought_in:>10,}  {r.cashed_out:>10,}  {r.stack:>10,}  "
                         f"{signed(r.net):>10}  {r.hands:>5}")
        parts = f"nets {signed(sum(r.net for r in self.rows))} + rake {self.rake:,}"
        if self.middle:
            parts += f" + in the middle {self.middle:,}"
        verdict = ("the ledger adds up" if self.balance == 0
                   else f"{signed(self.balance)} unaccounted: the ledger does NOT add up")
        lines.append(f"{parts} = {signed(self.balance)}: {verdict}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [{"name": r.name, "bought_in": r.bought_in, "cashed_out": r.cashed_out, "stack": r.stack,
                         "net": r.net, "hands": r.hands} for r in self.rows],
            "rake": self.rake, "in_the_middle": self.middle, "hands": self.hands, "hand_under_way": self.under_way,
            "balance": self.balance, "adds_up": self.balance == 0,
        }


def ledger_of(session: DealerSession) -> Ledger:
    """The ledger of ``session`` now (``DealerSession.ended``)."""
    roster, rake, hands, middle = session.ended()
    stacks = {n: s for n, s in roster.seats if n not in roster.gone}
    rows = tuple(LedgerRow(name=name, bought_in=a.bought_in, cashed_out=a.cashed_out, stack=stacks.get(name, 0),
                           hands=a.hands) for name, a in roster.accounts.items())
    under_way = None if session.state.is_complete else session.info.hand
    return Ledger(rows=rows, rake=rake, middle=middle, hands=hands, under_way=under_way)
