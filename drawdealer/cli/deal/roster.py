"""The table between hands (issue 16): rebuys, arrivals, departures, sitting out, the button.

The dealer types these during a hand or between hands; each is a :class:`Change`, journaled in
``session.toml`` with the others of the hand, and all of them take effect together at the next
deal (``next``), in the order typed, on the stacks the hand ended with. The accounts behind the
ledger move with them: a buy-in is the first stack plus every rebuy, add-on and re-seat; a
cash-out is the stack a player leaves with.

A returning player (``sitin``) has two documented options, since RULES.md §6.1 only says where the
blinds fall: ``sitin NAME`` deals him in at the next hand wherever the button puts him (no missed
blinds are charged); ``sitin NAME bb`` keeps him out until the big blind reaches his seat, so he
re-enters posting it. Either way the blinds of every hand follow §6.1 among the players dealt in.
"""

from __future__ import annotations

from typing import Any

from drawdealer.engine.frozen import record, replace

VERBS = ("rebuy", "addon", "seat", "leave", "sitout", "sitin", "button")
"""The session commands, in the words the dealer types."""

OUT, WAIT_BB = "out", "bb"
"""A seat's ``away`` mark: sitting out, or waiting for the big blind (``sitin NAME bb``)."""


class RosterError(ValueError):
    """A change that cannot apply (a name not seated, a seat taken, a table full)."""


class TableFull(RosterError):
    """A seat refused because the table has as many players as its game seats (RULES.md §18.1)."""


@record
class Change:
    """One session command. ``chips`` for rebuy/addon/seat, ``after`` for seat (clockwise after
    that player; empty = after the last seat), ``wait`` for ``sitin NAME bb``; ``actions`` is the
    hand's action count when it was typed, so ``undo`` takes back commands in the order typed."""

    verb: str
    name: str
    chips: int = 0
    after: str = ""
    wait: bool = False
    actions: int = 0

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verb": self.verb, "name": self.name}
        if self.chips:
            out["chips"] = self.chips
        if self.after:
            out["after"] = self.after
        if self.wait:
            out["wait"] = True
        out["actions"] = self.actions
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Change:
        """Raises ``ValueError`` for a row that is not a change (the session file's reader says where)."""
        verb, name = data.get("verb"), data.get("name")
        if verb not in VERBS or not isinstance(name, str) or not name:
            raise ValueError("each [[pending]] needs a 'verb' (" + ", ".join(VERBS) + ") and a 'name'")
        chips, actions = data.get("chips", 0), data.get("actions", 0)
        for key, value in (("chips", chips), ("actions", actions)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"pending '{key}' must be a whole number ≥ 0, not {value!r}")
        after, wait = data.get("after", ""), data.get("wait", False)
        if not isinstance(after, str) or not isinstance(wait, bool):
            raise ValueError("pending 'after' must be a name and 'wait' true or false")
        return cls(verb=verb, name=name, chips=chips, after=after, wait=wait, actions=actions)

    def describe(self) -> str:
        """``Bob rebuys 200`` …, as the dealer's screen says it."""
        if self.verb in ("rebuy", "addon"):
            return f"{self.name} {'rebuys' if self.verb == 'rebuy' else 'adds on'} {self.chips:,}"
        if self.verb == "seat":
            return f"{self.name} takes a seat with {self.chips:,}" + (f" after {self.after}" if self.after else "")
        if self.verb == "leave":
            return f"{self.name} leaves (cashes out)"
        if self.verb == "sitout":
            return f"{self.name} sits out"
        if self.verb == "sitin":
            return f"{self.name} sits in" + (f" when the big blind reaches {self.name}" if self.wait else "")
        return f"the button goes to {self.name}"


@record
class Account:
    """One player's money over the evening: chips bought, chips cashed out, hands dealt in."""

    bought_in: int
    cashed_out: int = 0
    hands: int = 0


@record
class Roster:
    """Seats clockwise with stacks, who is away, the accounts, and the changes' effect on the
    button: ``gone`` are players who left (kept until the button has moved past their seat),
    ``button`` a button set by hand (``None``: it moves as RULES.md §6.1 says)."""

    seats: tuple[tuple[str, int], ...]
    away: dict[str, str]
    accounts: dict[str, Account]
    gone: frozenset[str] = frozenset()
    button: str | None = None

    def seated(self, name: str) -> str | None:
        """The seated player's spelling of ``name`` (case-insensitive), or ``None``."""
        return next((n for n, _ in self.seats if n.lower() == name.lower() and n not in self.gone), None)

    def dealt_in(self) -> list[str]:
        """Players who would be dealt the next hand: seated, not away, with chips."""
        return [n for n, s in self.seats if s > 0 and n not in self.gone and n not in self.away]

    def apply(self, change: Change, *, max_players: int) -> Roster:
        """The roster after ``change``; raises :class:`RosterError` saying why it cannot apply."""
        verb = change.verb
        if verb == "seat":
            return self._seat(change, max_players)
        name = self.seated(change.name)
        if name is None:
            raise RosterError(f"{change.name} is not seated (players: {', '.join(self._names())})")
        stacks = dict(self.seats)
        if verb in ("rebuy", "addon"):
            account = self.accounts[name]
            seats = tuple((n, s + change.chips if n == name else s) for n, s in self.seats)
            accounts = {**self.accounts, name: replace(account, bought_in=account.bought_in + change.chips)}
            return replace(self, seats=seats, accounts=accounts)
        if verb == "leave":
            account = self.accounts[name]
            accounts = {**self.accounts, name: replace(account,
                                                        cashed_out=account.cashed_out + stacks[name])}
            away = {n: a for n, a in self.away.items() if n != name}
            button = None if self.button == name else self.button
            return replace(self, accounts=accounts, away=away, gone=self.gone | {name}, button=button)
        if verb == "sitout":
            if self.away.get(name) == OUT:
                raise RosterError(f"{name} is already sitting out")
            return replace(self, away={**self.away, name: OUT},
                           button=None if self.button == name else self.button)
        if verb == "sitin":
            if name not in self.away:
                raise RosterError(f"{name} is not sitting out")
            away = {n: a for n, a in self.away.items() if n != name}
            if change.wait:
                away[name] = WAIT_BB
            return replace(self, away=away)
        # button
        if name in self.away or stacks[name] == 0:
            raise RosterError(f"{name} is not dealt in: the button goes to a player who plays the hand")
        return replace(self, button=name)

    def _names(self) -> list[str]:
        return [n for n, _ in self.seats if n not in self.gone]

    def _seat(self, change: Change, max_players: int) -> Roster:
        if self.seated(change.name) is not None:
            raise RosterError(f"{change.name} is already seated: use rebuy {change.name} CHIPS")
        if change.chips <= 0:
            raise RosterError(f"{change.name} needs chips to sit down: seat {change.name} CHIPS")
        if len(self._names()) >= max_players:
            raise TableFull(f"the table is full ({max_players} players)")
        seats = [(n, s) for n, s in self.seats if n != change.name]  # a player who left comes back
        if change.after:
            after = self.seated(change.after)
            if after is None:
                raise RosterError(f"no seat after {change.after}: not seated (players: {', '.join(self._names())})")
            where = next(k for k, (n, _) in enumerate(seats) if n == after) + 1
        else:
            where = len(seats)
        seats.insert(where, (change.name, change.chips))
        known = self.accounts.get(change.name)
        account = (replace(known, bought_in=known.bought_in + change.chips) if known is not None
                   else Account(bought_in=change.chips))
        return replace(self, seats=tuple(seats), accounts={**self.accounts, change.name: account},
                       gone=self.gone - {change.name})

    def next_button(self, old: str) -> str | None:
        """The next hand's button: the one set by ``button NAME``, else the first player dealt in
        clockwise after the old button's seat (RULES.md §6.1), counting seats added or left."""
        if self.button is not None:
            return self.button
        playing = set(self.dealt_in())
        names = [n for n, _ in self.seats]
        if old not in names or not playing:
            return next(iter(self.dealt_in()), None)
        k = names.index(old)
        return next(names[(k + j) % len(names)] for j in range(1, len(names) + 1)
                    if names[(k + j) % len(names)] in playing)

    def without_gone(self) -> Roster:
        """The seats once the departed have been cashed out."""
        return replace(self, seats=tuple((n, s) for n, s in self.seats if n not in self.gone),
                       gone=frozenset())
