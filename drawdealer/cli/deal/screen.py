"""The dealer's screen: a Rich rendering of a :class:`TableView` (issue 5).

The table with seats, stacks, bets in front, button and blinds, the player to act highlighted, the
pot(s) and the stub; then the legal actions with their amounts, the dealer's instructions
(reshuffle per RULES.md §8.4, who shows first per §9.1, the result of each pot per §9.4-§9.6) and
the answer to the last command. Plain text when the output is not a terminal. Names are data:
shown with control characters escaped (``cli/text.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawdealer.cli.deal.view import TableView, chips, draws_text
from drawdealer.cli.text import shown
from drawdealer.engine.words import pot_name

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

_STATUS = {"active": "", "folded": "folded", "allin": "all-in", "out": "sitting out"}


def pot_line(view: TableView) -> str:
    """``Pot 167: main pot 28 + side pot 1 69 (Bob, Cy) + 70 in bets in front · stub 24 cards``: the
    pots of the closed rounds (RULES.md §9.4; a side pot with the players who can win it), this
    round's bets still in front of the players (issue 16), the chips an Italian deal carried in
    (§10.2, §10.5), the stub."""
    bets = view.bets_in_front
    parts = []
    if len(view.pots) > 1:
        parts = [f"{pot_name(k)} {chips(p.amount)}" + (f" ({', '.join(p.eligible)})" if k else "")
                 for k, p in enumerate(view.pots)]
    elif view.pot - bets:
        parts = [f"{chips(view.pot - bets)} in the middle"]
    if bets:
        parts.append(f"{chips(bets)} in bets in front")
    pot = f"Pot {chips(view.pot)}" + (": " + " + ".join(parts) if bets or len(parts) > 1 else "")
    if view.carried:
        pot += f" ({chips(view.carried)} carried from the last deal)"
    if view.stub is not None:
        pot += f" · stub {view.stub} card{'' if view.stub == 1 else 's'}"
    return pot


def render(view: TableView, *, fancy: bool = False) -> "RenderableType":
    """The whole screen for ``view``; ``fancy`` prints cards with coloured suit symbols."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from drawdealer.cli.render import cards_text

    title = f"Hand {view.hand} · {view.game} · {view.street}"
    if view.requirement:
        title += f" · openers {view.requirement}"
    table = Table(title=title, title_justify="left", expand=False, show_edge=True)
    table.add_column("", width=2)
    table.add_column("Player")
    table.add_column("Stack", justify="right")
    table.add_column("Bet", justify="right")
    table.add_column("")
    table.add_column("Cards")
    draws = any(seat.drawn for seat in view.seats)
    if draws:
        table.add_column("Drew")
    for seat in view.seats:
        opened = "opened" if seat.opened and seat.blind != "buio" else ""  # a buio is its own opening
        marks = " ".join(x for x in ("D" if seat.button else "", seat.blind, opened, _STATUS[seat.status]) if x)
        style = "bold reverse" if seat.to_act else ("dim" if seat.status in ("folded", "out") else "")
        cells = ["▶" if seat.to_act else "", Text(shown(seat.name)),  # a Text: neither markup nor control characters
                 chips(seat.stack), chips(seat.bet) if seat.bet else "", marks, cards_text(seat.cards, fancy=fancy)]
        if draws:
            cells.append(draws_text(seat.drawn))
        table.add_row(*cells, style=style)
    lines: list[RenderableType] = [table]
    lines.append(Text(pot_line(view)))
    legal = view.legal_line()
    if legal:
        lines.append(Text(shown(legal), style="bold"))
    for note in view.notes:
        lines.append(Text(shown(note), style="yellow"))
    if view.message:
        style = "red" if view.refused else "green"
        message = "\n".join(shown(line) for line in view.message.split("\n"))  # the ledger's lines each
        lines.append(Text(message, style=style))
    return Group(*lines)


def show(console: "Console", view: TableView) -> None:
    """Print the screen for ``view`` (suit symbols on a terminal, plain text when piped)."""
    console.print(render(view, fancy=console.is_terminal))
