"""The table as the dealer sees it: a :class:`~drawdealer.cli.deal.view.TableView` built from the
engine's :class:`~drawdealer.engine.state.HandState` (issue 5).

Seats with stacks, bets in front, button and blinds; the player to act with the legal actions and
their amounts; the pots (main and side, RULES.md §9.4); and the dealer's instructions of the
moment: who draws now and what is left in the stub (§6.3, §8), who shows first (§9.1), the result
of each pot with its reason, exact split and odd chip (§9.4-§9.6), the Italian outcomes (§10).
"""

from __future__ import annotations

from drawdealer.cli.deal.announce import dealt_words, hand_words, reshuffle_ahead
from drawdealer.cli.deal.sessionfile import SessionInfo
from drawdealer.cli.deal.view import SeatView, TableView, choices, drawn_counts
from drawdealer.engine.frozen import replace
from drawdealer.engine.legal import LegalActions
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.state import HandState, Settlement
from drawdealer.engine.variants import Structure
from drawdealer.engine.words import pot_name

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
    """``deal (no buio)`` while a blind declaration is pending (RULES.md §10.6): the cards are dealt
    without it. His betting words decline it too, as they deal; when nobody else could act after
    the deal (§6.2) he has none, and ``deal`` is his only way on. ``None`` when nothing is pending."""
    if legal.street != "SETUP" or (legal.blind_open is None and legal.controbuio is None):
        return None
    return "deal (no buio)" if legal.blind_open is not None else "deal (no controbuio)"


def pot_limited(state: HandState) -> bool:
    """Whether maximum bets are set by the pot (pot limit; Italian with ``IT_RAISE_LIMIT = POT``)."""
    spec = state.spec
    return spec.structure is Structure.POT or (spec.is_italian and state.opts.it_raise_limit == "POT")


def table_view(state: HandState, info: SessionInfo, actions: list[Action], *, message: str = "",
               refused: bool = False, extra_notes: tuple[str, ...] = ()) -> TableView:
    """The table now: the hand ``state`` reached by ``actions`` at the table ``info`` describes; a
    refusal also lists the legal choices ("nothing changes", issue 5)."""
    spec = state.spec
    complete = state.is_complete
    settlement = state.settle() if complete else None
    legal, player, stack = legal_now(state)
    opener, opened = state.openers_due(), state.opened_by()
    to_act = player if player is not None else opener
    blinds = {a.player: _BLINDS[a.kind] for a in actions if a.kind in _BLINDS}
    drawn = drawn_counts(actions)
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
                              cards=seat.shown or (), drawn=tuple(drawn.get(name, ())), opened=name == opened))
    pots = tuple(settlement.pots) if settlement is not None else tuple(state.pots_now())
    decline = decline_word(legal) if player is not None else None
    notes = list(extra_notes) + dealt_words(state, actions) + _notes(state, settlement, player, decline)
    if info.pending:  # typed during the hand, applied at the next deal (roster.py)
        notes.append("At the next deal: " + "; ".join(change.describe() for change in info.pending))
    words = tuple(choices(legal, stack=stack, pot_limited=pot_limited(state), italian=spec.is_italian)) \
        if player is not None else ()
    if decline:
        words += (decline,)
    if opener:
        words = ("show CARDS (the openers)",)
    if refused and words:
        message += f" — {to_act}: " + " · ".join(words)
    carried = int(info.carry.get("pot", 0)) if spec.is_italian else None
    return TableView(
        hand=info.hand, game=spec.id, street=state.street, to_act=to_act,
        pot=sum(p.amount for p in pots) + sum(s.bet for s in seats), pots=pots, seats=tuple(seats),
        legal=legal if player is not None else None, choices=words,
        stub=state.deck.stub if state.phase_name not in ("SETUP", "COMPLETE") else None,
        awards=tuple(settlement.awards) if settlement is not None else (), notes=tuple(notes),
        message=message, refused=refused, requirement=state.requirement if spec.is_italian else None,
        finished=complete, drawn=drawn, button=info.button, stakes=dict(info.stakes), carried=carried,
        actions=tuple(hand_words(actions)),
    )


def _notes(state: HandState, settlement: Settlement | None, player: str | None, decline: str | None) -> list[str]:
    spec = state.spec
    notes: list[str] = []
    phase = state.phase_name
    if phase == "SETUP" and decline:
        betting = state.copy()
        betting.start()
        offer = "open blind (buio)" if decline == "deal (no buio)" else "answer the buio with a controbuio"
        notes.append(f"{player} may {offer} before the deal (RULES.md §10.6), or decline: "
                     + ("'deal' (nobody else can bet after the deal)" if betting.actor is None
                        else "'deal', or a betting word, which deals the cards"))
    lone = state.legal_actions().lone_check
    if lone is not None and not state.rnd.skipped:  # said for the round he was left alone in, not a skipped one
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
        notes += result_notes(settlement)
        opener = state.openers_due()
        if opener:
            notes.append(f"{opener} opened and must show the openers (show CARDS, RULES.md §10.2)")
        else:
            notes.append("Hand over: type 'next' for the next hand")
    return notes


def result_notes(s: Settlement) -> list[str]:
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
        if s.outcome == "FALSE_OPENER_WOULD_WIN":
            back = ", ".join(f"{p} {v:,}" for p, v in s.refunds.items())
            notes.append(f"{s.false_opener} opened without openers and cannot collect: "
                         + (f"refunds {back}; " if back else "")
                         + f"{s.carried:,} stays in the middle; the next deal needs {needs} (RULES.md §10.4)")
        elif s.carry and s.carry.penalty:
            notes.append(f"{s.false_opener} opened without openers and pays {s.carry.penalty} into the next "
                         "deal's pot (RULES.md §10.4)")
    if s.returned:
        notes.append("Uncalled: " + ", ".join(f"{p} takes back {v:,}" for p, v in s.returned.items()))
    return notes
