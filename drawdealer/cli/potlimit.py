"""``drawdealer potlimit``: pot-limit amounts for a dealer with chips or money on the table (RULES.md §7.3).

``--pot`` is what is in the middle from earlier rounds (and antes), ``--bets`` what each player has
in front of him in this round (blinds included), ``--actor`` who acts, ``--stack`` his chips behind.
Prints to call, min raise to, max raise to (clipped by the stack) and the pot after the call, with
the arithmetic; when nobody has bet, the min and max bet. RULES.md §12.1 PL-1..PL-10 are its
examples.

Amounts are chips (``--bets UTG=7,BB=2``) or money (``--bets UTG=0.50,BB=0.25``, or ``$0.50``): one
amount with cents or a currency sign makes every amount money, worked in cents and printed as money;
``--json`` then gives the amounts in cents with ``"unit": "cents"``, as ``validate --json`` does.

The minimum raise needs the last full raise ``Lraise``: unless ``--last-raise`` gives it, it is
inferred from the bets as the largest step between successive bet levels, at least the big blind
(``engine.betting.infer_last_raise``).
"""

from typing import Annotated

import typer

_SIGNS = "$€£"


class _Amounts:
    """The amounts of the command line in one unit: chips, or cents when any amount is money."""

    def __init__(self, texts: list[str]) -> None:
        signs = {t.strip()[0] for t in texts if t.strip()[:1] in tuple(_SIGNS)}
        self.sign = "".join(sorted(signs))
        self.cents = bool(signs) or any("." in t for t in texts)

    def read(self, text: str, what: str) -> int:
        """``text`` in this unit; fails on anything that is not a non-negative amount."""
        from decimal import Decimal, InvalidOperation

        from drawdealer.cli.errors import fail

        number = text.strip().lstrip(_SIGNS).strip()
        try:
            value = Decimal(number) * (100 if self.cents else 1)
        except InvalidOperation:
            fail(f"{what}: '{text.strip()}' is not an amount")
        if value != value.to_integral_value() or not value.is_finite():
            fail(f"{what}: '{text.strip()}' " + ("has more than two decimals" if self.cents else "is not an amount"))
        if value < 0:
            fail(f"{what}: '{text.strip()}' is negative")
        return int(value)

    def show(self, amount: int) -> str:
        from drawdealer.engine.money import money, two_decimals

        if not self.cents:
            return str(amount)
        return money(amount, self.sign) if len(self.sign) == 1 else two_decimals(amount)


def _bet_items(text: str) -> list[tuple[str, str]]:
    from drawdealer.cli.errors import fail

    items = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        name, sep, amount = item.partition("=")
        if not sep or not name.strip():
            fail(f"--bets: '{item}' is not NAME=AMOUNT")
        items.append((name.strip(), amount))
    if not items:
        fail("--bets: the bet list is empty (give NAME=AMOUNT for each player in the round, 0 if nothing)")
    return items


def potlimit(
    pot: Annotated[str, typer.Option("--pot", help="Chips or money in the middle from earlier rounds (and "
                                     "antes).", show_default=False)],
    bets: Annotated[str, typer.Option("--bets", help="This round's bets in front: NAME=AMT,NAME=AMT,... "
                                      "(chips, or money such as UTG=0.50,BB=0.25).", show_default=False)],
    actor: Annotated[str, typer.Option("--actor", help="The player to act (one of the --bets names).")],
    stack: Annotated[str | None, typer.Option("--stack", help="The actor's chips behind (not the bet in front).",
                                              show_default=False)] = None,
    big_blind: Annotated[str | None, typer.Option("--big-blind", help="The big blind: minimum bet and raise.",
                                                  show_default=False)] = None,
    last_raise: Annotated[str | None, typer.Option("--last-raise", help="Last full raise size (default: inferred "
                                                   "from the bets).", show_default=False)] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON (money in cents).")] = False,
) -> None:
    """Pot-limit call, minimum and maximum raise (RULES.md §7.3: max raise to = H + P + (H − c))."""
    from drawdealer.cli.errors import fail
    from drawdealer.engine.betting import pot_limit_quote

    items = _bet_items(bets)
    flags = {"--pot": pot, "--stack": stack, "--big-blind": big_blind, "--last-raise": last_raise}
    unit = _Amounts([amount for _, amount in items] + [v for v in flags.values() if v is not None])
    if len(unit.sign) > 1:
        fail(f"amounts in more than one currency ({', '.join(unit.sign)})")
    table: dict[str, int] = {}
    for name, amount in items:
        if name in table:
            fail(f"--bets: {name} is listed twice")
        table[name] = unit.read(amount, f"--bets ({name})")
    value = {flag: None if text is None else unit.read(text, flag) for flag, text in flags.items()}
    if actor not in table:
        fail(f"--actor: '{actor}' is not in --bets ({', '.join(table)})")
    quote = pot_limit_quote(pot=value["--pot"], bets=table, actor=actor, stack=value["--stack"],
                            big_blind=value["--big-blind"], last_raise=value["--last-raise"], money=unit.show)
    if json_output:
        import json

        typer.echo(json.dumps(quote.to_dict() | ({"unit": "cents"} if unit.cents else {})))
        return
    show = unit.show
    for line in quote.explanation:
        typer.echo(line)
    if quote.high and big_blind is None and last_raise is None:
        typer.echo("note: the minimum raise is read from the bets alone; with the blinds in front, give "
                   "--big-blind (blinds 5/10: the big blind is a full bet, so the min raise is to 20, not 15)")
    typer.echo("")
    nothing = "— (call or fold only)"
    if quote.high:
        typer.echo(f"to call:        {show(quote.to_call)}" + (f" (all-in for {show(quote.call_amount)})"
                                                               if quote.call_amount < quote.to_call else ""))
        least, most = "min raise to:   ", "max raise to:   "
    else:  # nobody has bet this round: the actor checks or opens the betting
        typer.echo("to call:        nothing (nobody has bet)")
        least, most = "min bet:        ", "max bet:        "
    typer.echo(least + (show(quote.min_raise_to) if quote.min_raise_to is not None else nothing))
    typer.echo(most + (show(quote.max_raise_to) if quote.max_raise_to is not None else nothing))
    typer.echo(f"pot after call: {show(quote.pot_after_call)}")
