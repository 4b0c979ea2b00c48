"""The dealer's screen: a Rich rendering of a :class:`TableView` (issue 5).

The table with seats, stacks, bets in front, button and blinds, the player to act highlighted, the
pot(s) and the stub; then the legal actions with their amounts, the dealer's instructions
(reshuffle per RULES.md §8.4, who shows first per §9.1, the result of each pot per §9.4-§9.6) and
the answer to the last command. Plain text when the output is not a terminal. Names are data:
shown with control characters escaped (``cli/text.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawdealer.cli.deal.view import TableView
from drawdealer.cli.text import shown

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

_STATUS = {"active": "", "folded": "folded", "allin": "all-in", "out": "sitting out"}


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
    for seat in view.seats:
        marks = " ".join(x for x in ("D" if seat.button else "", seat.blind, _STATUS[seat.status]) if x)
        style = "bold reverse" if seat.to_act else ("dim" if seat.status in ("folded", "out") else "")
        table.add_row(
            "▶" if seat.to_act else "",
            Text(shown(seat.name)),  # a Text: a name is neither markup nor control characters
            str(seat.stack),
            str(seat.bet) if seat.bet else "",
            marks,
            cards_text(seat.cards, fancy=fancy),
            style=style,
        )
    lines: list[RenderableType] = [table]
    pot = f"Pot {view.pot}"
    if len(view.pots) > 1:
        pot += " (" + ", ".join(
            ("main" if i == 0 else f"side {i}") + f" {amount}" for i, amount in enumerate(view.pots)
        ) + ")"
    if view.stub is not None:
        pot += f" · stub {view.stub} cards"
    lines.append(Text(pot))
    legal = view.legal_line()
    if legal:
        lines.append(Text(shown(legal), style="bold"))
    for note in view.notes:
        lines.append(Text(shown(note), style="yellow"))
    if view.message:
        style = "red" if view.refused else "green"
        lines.append(Text(shown(view.message), style=style))
    return Group(*lines)


def show(console: "Console", view: TableView) -> None:
    """Print the screen for ``view`` (suit symbols on a terminal, plain text when piped)."""
    console.print(render(view, fancy=console.is_terminal))
