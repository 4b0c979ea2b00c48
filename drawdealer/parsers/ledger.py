"""The chips each player has put in, as a reader reads a hand (sites that print amounts their own way).

Some sites print a call as the player's total for the round (Boss Media), an all-in without saying
whether it calls, bets or raises (Merge, Boss), and never print the uncalled chips that go back.
:class:`Ledger` keeps, per player, the chips of this betting round and of the whole hand, so a
reader can turn such amounts into the record's (RULES.md §7: a call or bet is the chips it puts in,
a raise the player's total this round) and claim what the bets imply.
"""

from __future__ import annotations

from drawdealer.engine.pots import uncalled_excess
from drawdealer.engine.record import ActionKind

K = ActionKind


class Ledger:
    """Chips put in by each player: this round (``round``) and the whole hand (``total``)."""

    def __init__(self) -> None:
        self.round: dict[str, int] = {}
        self.total: dict[str, int] = {}

    def new_round(self) -> None:
        self.round = {}

    def high(self) -> int:
        """The most any player has in front of him this round (the bet to call)."""
        return max(self.round.values(), default=0)

    def put(self, player: str, chips: int, *, live: bool = True) -> None:
        """``player`` puts ``chips`` in; dead money (antes, a dead small blind) counts for the hand only."""
        self.total[player] = self.total.get(player, 0) + chips
        if live:
            self.round[player] = self.round.get(player, 0) + chips

    def added(self, player: str, to: int) -> int:
        """The chips ``player`` puts in to have ``to`` in front of him this round."""
        return to - self.round.get(player, 0)

    def kind(self, player: str, to: int) -> ActionKind:
        """Whether going to ``to`` this round is a call (no more than the bet), a bet (the first
        chips of a round) or a raise."""
        high = self.high()
        if to <= high:
            return K.CALL
        return K.BET if high == 0 else K.RAISE

    def uncalled(self) -> tuple[str, int] | None:
        """The player whose chips nobody matched and how many go back to him (RULES.md §7.1), or None."""
        names = list(self.total)
        excess = uncalled_excess([self.total[n] for n in names])
        return (names[excess[0]], excess[1]) if excess and excess[1] else None

    def put_in(self) -> int:
        """Every chip put in this hand."""
        return sum(self.total.values())


def changed_cards(before: tuple[int, ...], after: tuple[int, ...]) -> dict[str, tuple[int, ...] | int]:
    """A draw's fields read from the hand before and after it (sites that print the hero's new
    hand, not his discards): the cards gone, the cards come, the cards kept (RULES.md §8.2). A
    hand that stands pat keeps all its cards and names no discard."""
    kept = tuple(c for c in before if c in after)
    if len(kept) == len(before):
        return {"kept": kept}
    received = tuple(c for c in after if c not in before)
    return {"discarded": tuple(c for c in before if c not in after), "received": received, "kept": kept,
            "received_count": len(received)}
