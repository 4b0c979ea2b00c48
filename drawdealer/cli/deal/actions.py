"""What a typed hand command means now: the engine action it becomes, or why it cannot be one.

Each verb has its builder (:data:`BUILDERS`). A builder reads the hand as it stands (whose turn,
the bet to match, his chips) and returns an :class:`~drawdealer.engine.record.Action`, which the
engine then verifies (RULES.md §11 findings) before the session applies it; or a one-line reason
when the command cannot be an action at all now (nobody draws during a betting round). The words
that depend on the moment are settled here: ``passo`` is a check before the Italian opening and a
fold after it (RULES.md §7.6), ``piatto``/``apro`` a bet of the whole pot and ``chip`` a bet of one
chip (§7.6, §10.3), ``show``/``muck`` without a name are the player the prompt names (§9.1), or
the opener who owes his openers (§10.2).
"""

from __future__ import annotations

from typing import Callable

from drawdealer.cli.deal.commands import Command, Verb
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.state import HandState

K = ActionKind


def _blind(command: Command, state: HandState) -> Action | str:
    """``buio`` / ``controbuio``: the blind opening and its answer, before the deal (RULES.md §10.6)."""
    legal = state.legal_actions()
    verb = command.verb
    amount = legal.blind_open if verb is Verb.BUIO else legal.controbuio
    if amount is None or legal.player is None:
        return f"no {verb.value} is possible now (RULES.md §10.6: R = J, before the deal, left of the dealer)"
    kind = K.POST_BLIND_OPEN if verb is Verb.BUIO else K.POST_CONTROBUIO
    stack = state.player(legal.player).stack
    return Action(kind=kind, player=legal.player, amount=min(amount, stack), all_in=amount >= stack, text=command.text)


def _decline(command: Command, state: HandState) -> Action | str:
    """``deal``: the blind opening is declined and the cards are dealt (RULES.md §10.6)."""
    legal = state.legal_actions()
    if state.phase_name != "SETUP" or legal.player is None:
        return (f"no blind opening to decline now ({state.street}): 'deal' answers a buio or controbuio "
                "offer before the deal (RULES.md §10.6)")
    return Action(kind=K.DEAL, player=legal.player, text=command.text)


def _showdown(command: Command, state: HandState) -> Action | str:
    """``show [NAME] CARDS`` / ``muck [NAME]`` at the showdown (RULES.md §9.1, §9.2), and the Italian
    opener's openers (§10.2); without a name, the player to show now."""
    opener = state.openers_due()
    name = command.player or (state.actor if state.phase_name == "SHOWDOWN" else opener)
    if name is None:
        return f"no showdown now ({state.street})"
    seat = state.player(name)
    if seat is None:
        return f"{name} is not dealt into this hand"
    mucks = command.verb is Verb.MUCK
    if state.phase_name == "SHOWDOWN":
        if seat.folded:
            return f"{name} has folded"
        if seat.shown or seat.mucked:
            return f"{name} has already {'shown' if seat.shown else 'mucked'}"
        if mucks:
            return Action(kind=K.MUCK, player=name, text=command.text)
        size = state.spec.hand_size  # five cards, four in Badugi (RULES.md §15)
        if len(command.cards) != size:
            return f"show {'four' if size == 4 else 'five'} cards, not {len(command.cards)}"
        return Action(kind=K.SHOW, player=name, cards=command.cards, count=size, text=command.text)
    if opener == name and not mucks:
        if len(command.cards) != 5:
            return f"{name} shows the five cards of the opening, not {len(command.cards)}"
        return Action(kind=K.SHOW, player=name, cards=command.cards, count=5, text=command.text)
    if mucks and opener == name:
        return f"{name} opened and must show the openers (RULES.md §9.2, §10.2)"
    return f"no showdown now ({state.street})"


def _draw(command: Command, state: HandState) -> Action | str:
    """``draw N`` / ``pat`` / ``servito`` for the player to draw (RULES.md §6.3, §6.4)."""
    legal = state.legal_actions()
    if state.phase_name == "COMPLETE":
        return "the hand is over; type 'next' for the next hand"
    if state.phase_name != "DRAW" or legal.player is None:
        return f"nobody draws now ({state.street})"
    count = 0 if command.verb is Verb.PAT else command.count or 0
    return Action(kind=K.DRAW, player=legal.player, count=count, text=command.text)


def _bettor(state: HandState) -> HandState | str:
    """The hand in which the player to act bets: ``state`` itself, or during an Italian blind
    declaration a copy with the cards dealt (declining the blind by a betting word deals them,
    RULES.md §10.6); or why nobody can bet now."""
    phase = state.phase_name
    if phase == "COMPLETE":
        return "the hand is over; type 'next' for the next hand"
    table = state
    if phase == "SETUP":
        table = state.copy()
        table.start()
        if table.actor is None:
            return "nobody can bet after the deal (RULES.md §6.2): type 'deal' to deal without a blind opening"
    if phase not in ("BETTING", "SETUP") or table.actor is None:
        return f"no betting now ({state.street})"
    return table


def _betting(build: Callable[[Command, HandState, str], Action | str]) -> Callable[[Command, HandState], Action | str]:
    """A betting word's builder, given the hand it bets in and the player to act."""

    def builder(command: Command, state: HandState) -> Action | str:
        lone = state.legal_actions().lone_check
        if command.verb is Verb.CHECK and lone is not None and state.phase_name != "COMPLETE":
            return Action(kind=K.CHECK, player=lone, text=command.text)  # his optional check (RULES.md §7.1)
        table = _bettor(state)
        if isinstance(table, str):
            return table
        return build(command, table, table.actor)

    return builder


def _fold(command: Command, table: HandState, player: str) -> Action | str:
    return Action(kind=K.FOLD, player=player, text=command.text)


def _check(command: Command, table: HandState, player: str) -> Action | str:
    return Action(kind=K.CHECK, player=player, text=command.text)


def _passo(command: Command, table: HandState, player: str) -> Action | str:
    """Before anybody opens, a check; after the opening, a fold (RULES.md §7.6)."""
    unopened = table.street == "B1" and table.high_bet == 0
    return Action(kind=K.CHECK if unopened else K.FOLD, player=player, text=command.text)


def _call(command: Command, table: HandState, player: str) -> Action | str:
    seat, high = table.player(player), table.high_bet
    owed = max(0, high - seat.bet)
    paid = min(owed, seat.stack)
    if command.amount is not None and command.amount != paid and owed:
        return f"the call is {paid:,}" + (f" (to {high:,})" if seat.bet else "") + f", not {command.amount:,}"
    return Action(kind=K.CALL, player=player, amount=paid, all_in=paid == seat.stack and paid > 0, text=command.text)


def _allin(command: Command, table: HandState, player: str) -> Action | str:
    seat, high = table.player(player), table.high_bet
    stack, committed = seat.stack, seat.bet
    if stack == 0:
        return f"{player} has no chips behind"
    if high == 0:
        return Action(kind=K.BET, player=player, amount=stack, all_in=True, text=command.text)
    if committed + stack > high:
        return Action(kind=K.RAISE, player=player, amount=committed + stack, all_in=True, text=command.text)
    return Action(kind=K.CALL, player=player, amount=stack, all_in=True, text=command.text)


def _bet_to(command: Command, table: HandState, player: str, amount: int) -> Action | str:
    seat, high = table.player(player), table.high_bet
    if high > 0:
        return f"there is a bet of {high:,} to {player}: use call, raise N (to N) or fold"
    return Action(kind=K.BET, player=player, amount=amount - seat.bet, all_in=amount == seat.bet + seat.stack,
                  text=command.text)


def _bet(command: Command, table: HandState, player: str) -> Action | str:
    return _bet_to(command, table, player, command.amount or 0)


def _piatto(command: Command, table: HandState, player: str) -> Action | str:
    """A bet of the whole pot, or the opening of that size (RULES.md §7.6, §10.3)."""
    most = table.legal_actions().max_bet
    if most is None:
        return f"'{command.text}' bets the pot, and {player} cannot bet now: use call, raise N (to N) or fold"
    return _bet_to(command, table, player, most)


def _chip(command: Command, table: HandState, player: str) -> Action | str:
    """A bet of one chip, the smallest (RULES.md §7.6)."""
    least = table.legal_actions().min_bet
    if least is None:
        return f"'{command.text}' bets one chip, and {player} cannot bet now: use call, raise N (to N) or fold"
    return _bet_to(command, table, player, least)


def _raise(command: Command, table: HandState, player: str) -> Action | str:
    if table.high_bet == 0:
        return "nothing to raise: use bet N"
    seat, amount = table.player(player), command.amount or 0
    return Action(kind=K.RAISE, player=player, amount=amount, all_in=amount == seat.bet + seat.stack,
                  text=command.text)


BUILDERS: dict[Verb, Callable[[Command, HandState], Action | str]] = {
    Verb.BUIO: _blind, Verb.CONTROBUIO: _blind, Verb.DEAL: _decline, Verb.SHOW: _showdown, Verb.MUCK: _showdown,
    Verb.DRAW: _draw, Verb.PAT: _draw, Verb.FOLD: _betting(_fold), Verb.CHECK: _betting(_check),
    Verb.PASSO: _betting(_passo), Verb.CALL: _betting(_call), Verb.ALLIN: _betting(_allin),
    Verb.BET: _betting(_bet), Verb.PIATTO: _betting(_piatto), Verb.CHIP: _betting(_chip),
    Verb.RAISE: _betting(_raise),
}
"""The builder of each hand command (``commands.HAND_VERBS``)."""


def action_for(command: Command, state: HandState) -> Action | str:
    """The engine action ``command`` stands for now, or why it cannot be one."""
    return BUILDERS[command.verb](command, state)
