"""``drawdealer potlimit``: pot-limit amounts for a dealer with chips on the table (RULES.md §7.3).

``--pot`` is what is in the middle from earlier rounds (and antes), ``--bets`` what each player has
in front of him in this round (blinds included), ``--actor`` who acts, ``--stack`` his chips behind.
Prints to call, min raise to, max raise to (clipped by the stack) and the pot after the call, with
the arithmetic; RULES.md §12.1 PL-1..PL-10 are its examples.

The minimum raise needs the last full raise ``Lraise``: unless ``--last-raise`` gives it, it is
inferred from the bets as the largest step between successive bet levels, at least the big blind
(``engine.betting.infer_last_raise``).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer


def _parse_bets(text: str) -> dict[str, int]:
    from drawdealer.cli.errors import fail

    bets: dict[str, int] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, amount = item.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(f"--bets: '{item}' is not NAME=AMOUNT")
        try:
            value = int(amount.strip())
        except ValueError:
            fail(f"--bets: '{amount.strip()}' (for {name}) is not a whole number of chips")
        if value < 0:
            fail(f"--bets: {name}'s bet {value} is negative")
        if name in bets:
            fail(f"--bets: {name} is listed twice")
        bets[name] = value
    if not bets:
        fail("--bets: the bet list is empty (give NAME=AMOUNT for each player in the round, 0 if nothing)")
    return bets


def potlimit(
    pot: Annotated[int, typer.Option("--pot", help="Chips in the middle from earlier rounds (and antes).")],
    bets: Annotated[str, typer.Option("--bets", help="This round's bets in front: NAME=AMT,NAME=AMT,...")],
    actor: Annotated[str, typer.Option("--actor", help="The player to act (one of the --bets names).")],
    stack: Annotated[int | None, typer.Option("--stack", help="The actor's chips behind (not his bet in front).",
                                              show_default=False)] = None,
    big_blind: Annotated[int | None, typer.Option("--big-blind", help="The big blind: minimum bet and raise.",
                                                  show_default=False)] = None,
    last_raise: Annotated[int | None, typer.Option("--last-raise", help="Last full raise size (default: inferred "
                                                   "from the bets).", show_default=False)] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Pot-limit call, minimum and maximum raise (RULES.md §7.3: max raise to = H + P + (H − c))."""
    from drawdealer.cli.errors import fail
    from drawdealer.engine.betting import pot_limit_quote

    for flag, value in (("--pot", pot), ("--stack", stack), ("--big-blind", big_blind), ("--last-raise", last_raise)):
        if value is not None and value < 0:
            fail(f"{flag} {value} is negative")
    table = _parse_bets(bets)
    if actor not in table:
        fail(f"--actor: '{actor}' is not in --bets ({', '.join(table)})")
    quote = pot_limit_quote(pot=pot, bets=table, actor=actor, stack=stack, big_blind=big_blind,
                            last_raise=last_raise)
    if json_output:
        typer.echo(json.dumps(quote.to_dict()))
        return
    for line in quote.explanation:
        typer.echo(line)
    if quote.high and big_blind is None and last_raise is None:
        typer.echo("note: the minimum raise is read from the bets alone; with the blinds in front, give "
                   "--big-blind (blinds 5/10: the big blind is a full bet, so the min raise is to 20, not 15)")
    typer.echo("")
    typer.echo(f"to call:        {quote.to_call}" + (f" (all-in for {quote.call_amount})"
                                                      if quote.call_amount < quote.to_call else ""))
    typer.echo(f"min raise to:   {quote.min_raise_to if quote.min_raise_to is not None else '— (call or fold only)'}")
    typer.echo(f"max raise to:   {quote.max_raise_to if quote.max_raise_to is not None else '— (call or fold only)'}")
    typer.echo(f"pot after call: {quote.pot_after_call}")
