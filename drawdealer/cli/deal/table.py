"""The table as the dealer sees it: a :class:`~drawdealer.cli.deal.view.TableView` built from the
engine's :class:`~drawdealer.engine.state.HandState` (issue 5).

Seats with stacks, bets in front, button and blinds; the player to act with the legal actions and
their amounts; the pots (main and side, RULES.md §9.4); and the dealer's instructions of the
moment: who draws now and what is left in the stub (§6.3, §8), who shows first (§9.1), the result
of each pot with its reason, exact split and odd chip (§9.4-§9.6), the Italian outcomes (§10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawdealer.cli.deal.announce import reshuffle_ahead
from drawdealer.cli.deal.view import SeatView, TableView, choices, drawn_counts
from drawdealer.engine.frozen import replace
from drawdealer.engine.legal import LegalActions
from drawdealer.engine.record import ActionKind
from drawdealer.engine.state import HandState, Settlement
from drawdealer.engine.variants import GameSpec, Structure
from drawdealer.engine.words import pot_name

if TYPE_CHECKING:
    from drawdealer.cli.deal.session import DealerSession

K = ActionKind
_BLINDS = {K.POST_SB: "SB", K.POST_BB: "BB", K.POST_INVITO: "invito", K.POST_BLIND_OPEN: "buio",
           K.POST_CONTROBUIO: "controbuio"}


def legal_now(state: HandState) -> tuple[LegalActions, str | None, int]:
    """The legal actions, the player they belong to and his stack. During an Italian blind
    declaration (RULES.md §10.6) the choices also include what the player may do if he declines:
    play on as in ``B1``. A 2-7 hand still in set-up is previewed as dealt."""
    legal = state.legal_actions()
    player = legal.player
    if state.phase_name == "SETUP" and not state.forced_actions():
        preview = state.copy()
        preview.start()
        play = preview.legal_actions()
        if player is None:
            legal, player = play, play.player
        elif play.player == player:
            legal = replace(play, street="SETUP", blind_open=legal.blind_open,
                            controbuio=legal.controbuio)
    stack = state.player(player).stack if player is not None else 0
    return legal, player, stack


def decline_word(legal: LegalActions) -> str | None:
    """``deal (no buio)`` when a blind declaration is pending (RULES.md §10.6) and declining it leaves
    the declarer no betting word (nobody else can act after the deal, §6.2): then only the session's
    ``deal`` declines it. ``None`` otherwise (his betting words decline it as they deal)."""
    if legal.street != "SETUP" or (legal.blind_open is None and legal.controbuio is None):
        return None
    if legal.check or legal.call or legal.bet or legal.raise_ or legal.fold:
        return None
    return "deal (no buio)" if legal.blind_open is not None else "deal (no controbuio)"


def pot_limited(session: DealerSession) -> bool:
    """Whether maximum bets are set by the pot (pot limit; Italian with ``IT_RAISE_LIMIT = POT``)."""
    spec = session.spec
    return spec.structure is Structure.POT or (spec.is_italian and session.options.it_raise_limit == "POT")


def table_view(session: DealerSession, *, message: str = "", refused: bool = False,
               extra_notes: tuple[str, ...] = ()) -> TableView:
    """The table now; a refusal also lists the legal choices ("nothing changes", issue 5)."""
    state, info, spec = session.state, session.info, session.spec
    complete = state.is_complete
    settlement = state.settle() if complete else None
    legal, player, stack = legal_now(state)
    opener = state.openers_due()
    to_act = player if player is not None else opener
    blinds = {a.player: _BLINDS[a.kind] for a in session.actions if a.kind in _BLINDS}
    drawn = drawn_counts(session.actions)
    seats: list[SeatView] = []
    for name, start_stack in info.seats:
        seat = state.player(name)
        if seat is None:
            seats.append(SeatView(name=name, stack=start_stack, status="out", button=name == info.button))
            continue
        chips = settlement.final_stacks[name] if settlement is not None else seat.stack
        status = "folded" if seat.folded else ("allin" if seat.all_in and not complete else "active")
        seats.append(SeatView(name=name, stack=chips, bet=0 if complete else seat.bet, status=status,
                              button=name == info.button, blind=blinds.get(name, ""), to_act=name == to_act,
                              cards=seat.shown or (), drawn=tuple(drawn.get(name, ()))))
    pots = ([p.amount for p in settlement.pots] or [0]) if settlement is not None else state.pots_now()
    decline = decline_word(legal) if player is not None else None
    notes = list(extra_notes) + _notes(session, settlement, player, decline)
    words = tuple(choices(legal, stack=stack, pot_limited=pot_limited(session))) if player is not None else ()
    if decline:
        words += (decline,)
    if opener:
        words = (f"show {opener} CARDS (the openers)",)
    if refused and words:
        message += f" — {to_act}: " + " · ".join(words)
    return TableView(
        hand=info.hand, game=spec.id, street=state.street, to_act=to_act, pot=sum(pots), pots=tuple(pots),
        seats=tuple(seats), legal=legal if player is not None else None, choices=words,
        stub=state.deck.stub if state.phase_name not in ("SETUP", "COMPLETE") else None,
        awards=tuple(settlement.awards) if settlement is not None else (), notes=tuple(notes),
        message=message, refused=refused, requirement=state.requirement if spec.is_italian else None,
        finished=complete, drawn=drawn,
    )


def _notes(session: DealerSession, settlement: Settlement | None, player: str | None,
           decline: str | None) -> list[str]:
    state, spec = session.state, session.spec
    notes: list[str] = []
    phase = state.phase_name
    if phase == "SETUP" and player is not None:
        notes.append(f"{player} may declare a blind opening before the deal (RULES.md §10.6), or "
                     + ("decline it with 'deal' (nobody else can bet after the deal)" if decline
                        else "play on"))
    lone = state.legal_actions().lone_check
    if lone is not None:
        notes.append(f"{lone} may still check (optional): the only player left able to act, with nothing to "
                     "call (RULES.md §7.1)")
    if phase == "DRAW" and player is not None:
        deck = state.deck
        notes.append(f"{state.street}: {player} draws now (0-{spec.max_discard} cards); "
                     f"stub {deck.stub} cards, {deck.dealable()} dealable")
        notes += reshuffle_ahead(state, player, spec.max_discard)
    if phase == "SHOWDOWN" and player is not None and not state.shown and not state.mucked:
        notes.append(f"Showdown: {player} shows first ({state.show_first_reason()}, RULES.md §9.1)")
    if settlement is not None:
        notes += _result_notes(spec, state, settlement)
    return notes


def _result_notes(spec: GameSpec, state: HandState, s: Settlement) -> list[str]:
    """Each pot's winner, reason, split and odd chip; the Italian outcomes (RULES.md §9.4-§9.6, §10)."""
    notes: list[str] = []
    needs = s.carry.requirement if s.carry else "?"
    if s.outcome == "UNOPENED":
        notes.append(f"Nobody opened: {s.carried:,} stays in the middle; the next deal needs {needs} to open "
                     "(RULES.md §10.2)")
    elif s.outcome == "PAROLA":
        notes.append(f"Nobody bet after the draw (parola): {s.carried:,} stays in the middle; the next deal needs "
                     f"{needs} (RULES.md §10.5)")
    for aw in s.awards:
        label = pot_name(aw.index).capitalize()
        if len(aw.winners) > 1:
            split = ", ".join(f"{p} {v:,}" for p, v in aw.shares.items())
            odd = f"; odd chip to {aw.odd_chip_to} (first left of the button, RULES.md §9.6)" if aw.odd_chip_to else ""
            notes.append(f"{label} {aw.amount:,}: split {split}{odd} — {aw.reason}")
        elif aw.winners:
            notes.append(f"{label} {aw.amount:,}: {aw.winners[0]} — {aw.reason}")
        else:
            notes.append(f"{label} {aw.amount:,}: undecided — {aw.reason}")
    if s.false_opener:
        if s.refunds:
            back = ", ".join(f"{p} {v}" for p, v in s.refunds.items())
            notes.append(f"{s.false_opener} opened without openers and cannot collect: refunds {back}; "
                         f"{s.carried} stays in the middle (RULES.md §10.4)")
        elif s.carry and s.carry.penalty:
            notes.append(f"{s.false_opener} opened without openers and pays {s.carry.penalty} into the next "
                         "deal's pot (RULES.md §10.4)")
    if s.returned:
        notes.append("Uncalled: " + ", ".join(f"{p} takes back {v:,}" for p, v in s.returned.items()))
    opener = state.openers_due()
    if opener:
        notes.append(f"{opener} opened and must show the openers (show NAME CARDS, RULES.md §10.2)")
    else:
        notes.append("Hand over: type 'next' for the next hand")
    return notes
