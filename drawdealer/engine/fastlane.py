"""The replay's fast lane: the regular actions of a history applied inline (RULES.md §6-§9).

Histories are nearly always legal, so the validator's replay runs them through :func:`apply_actions`.
A blind posted by its seat, a fold, check or call by the player to act, a fixed-limit bet or raise of
the right size, a draw of known cards from a known hand, the deal of an unknown hand's cards, a show
or muck in turn: each is checked with a few comparisons and applied with exactly the changes of its
HandState handler, without a call, a list of problems or a finding. Every other action, and any
action that would raise a finding, goes to the handler (``state.HANDLERS``), which checks and applies
it in full. The rules' own steps are the handlers' methods, called from here: the end of the set-up
at the first deal (``HandState._start_play``, RULES.md §5), street transitions, and the reshuffle of
a draw the stub cannot serve (``DeckState.serve``, §8.4). The cards of a draw or a deal are checked
as they move: an irregular one makes the fast lane give up on the hand, which is then
applied again by the handlers alone. ``tests/test_engine_fastlane.py`` replays random and corrupted
histories both ways and compares the findings and the whole state."""

from __future__ import annotations

from typing import Sequence

from drawdealer.engine.deck import DONE, MUCK
from drawdealer.engine.findings import Finding
from drawdealer.engine.phases import BETTING, DRAW, SETUP, SHOWDOWN
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.state import HANDLERS, HandState

_K = ActionKind
CALL, CHECK, FOLD, BET = _K.CALL, _K.CHECK, _K.FOLD, _K.BET
DRAW_KIND, DEAL, MUCK_KIND, POST_SB, POST_BB = _K.DRAW, _K.DEAL, _K.MUCK, _K.POST_SB, _K.POST_BB
_BETTING = frozenset((CALL, CHECK, FOLD, BET, _K.RAISE))
_SHOWDOWN = frozenset((_K.SHOW, MUCK_KIND))
_GAVE_UP = -1


def apply_actions(state: HandState, actions: Sequence[Action], findings: list[Finding], *, fast: bool = True) -> bool:
    """Apply ``actions`` in order, as :meth:`HandState.apply` would one by one, adding their findings
    to ``findings`` (event index = position in ``actions``). An action by a player who is not dealt in
    aborts the hand (``HISTORY_ABORTED``) and ends the loop; ``state.events`` ends as the number of
    actions.

    Returns False when the fast lane gave up in the middle of an action (a card it finds irregular only
    while moving the cards of a draw or a deal): ``state`` is then half-changed; start again from a new
    state with ``fast=False`` (the handlers alone).
    """
    state._settlement = None
    index = state.index
    k, n = 0, len(actions)
    while k < n:
        if fast:
            k = _run(state, actions, k, findings)
            if k < 0:
                return False
            if k >= n:
                break
        action = actions[k]
        i = index.get(action.player, -1)
        if i < 0:
            state.events = k
            findings += state.apply(action)
            break
        street = state.street
        problems = HANDLERS[action.kind](state, i, action)
        if problems:
            findings += _findings(state, problems, action, street, k)
        k += 1
    state.events = n
    return True


def _findings(state: HandState, problems: list, action: Action, street: str, k: int) -> list[Finding]:
    """The findings of ``action``, event ``k``, played in ``street`` (as in :meth:`HandState.apply`)."""
    return [state._finding(p, action, street, k) for p in problems]


def _due_in_new_round(state: HandState) -> int:
    """How many players must act in the betting round just begun (after a street transition): all
    those in the hand when nobody is all-in and nobody has acted yet (RULES.md §6.2, §7.1); -1 when it
    is not that simple (an all-in player, an Italian blind opening, no betting round)."""
    if state.phase != BETTING or state.italian or state.ncan != state.nactive:
        return -1
    return state.ncan


def _run(state: HandState, actions: Sequence[Action], k: int, findings: list[Finding]) -> int:
    """Apply regular actions from ``actions[k]`` on; return the index of the first one left to the
    handler, or ``_GAVE_UP``."""
    n = len(actions)
    index = state.index
    stack, total, folded, nxt, after = state.stack, state.total, state.folded, state.nxt, state.after
    deck = state.deck
    hands, unknown, where, dealt_gen, cards_in_deck = deck.hands, deck.unknown, deck.where, deck.dealt_gen, deck.deck
    size = deck.size  # cards in a hand: five, four in Badugi (RULES.md §15)
    fixed, italian, max_discard = state.fixed, state.italian, state.spec.max_discard
    draws = state.plain_draw and deck.cards is None  # draws of the fast path of DrawRound._draw, no physical deck
    r = state.rnd
    bet, acted, level = state.bet, r.acted, r.level
    pending = -1  # players still due to act in this betting round while nobody is all-in; -1: look for them
    for k, a in enumerate(actions[k:], k):
        try:
            i = index[a.player]
        except KeyError:  # not dealt in: HISTORY_ABORTED
            return k
        kind = a.kind
        if kind in _BETTING:
            # --- betting (rounds.BettingRound): the player to act, in an open round
            if i != state.to_act or state.phase != BETTING:
                return k
            high = r.high
            if kind is CALL:
                owed = high - bet[i]
                if owed <= 0:
                    return k
                left = stack[i]
                due = owed if owed < left else left
                if (a.amount and a.amount != due) or (a.all_in and due != left) or (state.two_bb and state.k == 0):
                    return k
                stack[i] = left - due
                bet[i] += due
                total[i] += due
                state.pot += due
                if due == left:
                    state.ncan -= 1
                    pending = -1
                acted[i] = True
                level[i] = r.full if r.unit else high
            elif kind is CHECK:
                if bet[i] < high:
                    return k
                acted[i] = True
                level[i] = r.full if r.unit else high
            elif kind is FOLD:
                folded[i] = True
                for s, j in enumerate(nxt):
                    if j == i:
                        nxt[s] = nxt[i]
                state.nactive -= 1
                if stack[i] > 0:
                    state.ncan -= 1
                hand = hands[i]
                for c in hand:
                    where[c] = MUCK
                deck.counts[MUCK] += len(hand) + unknown[i]
                hands[i] = []
                unknown[i] = 0
            else:
                # a fixed-limit bet (no bet to face) or raise (facing one) of exactly one unit
                if not fixed:
                    return k
                c = bet[i]
                full, unit, nbets = r.full, r.unit, r.nbets
                if kind is BET:
                    if high or full or not r.opened:
                        return k
                    to = c + a.amount
                    if to != unit:
                        return k
                else:
                    to = a.amount
                    if not high or to != full + unit or (acted[i] and full <= level[i]):
                        return k
                left = stack[i]
                cap = state.opts.fl_max_bets_per_round
                d = to - c
                if to <= high or d > left or (a.all_in and d != left) or nbets >= cap or unit <= 0:
                    return k
                r.full = to
                r.nbets = nbets = nbets + 1
                if nbets >= cap and state.nactive > 2:
                    r.capped_multiway = True
                if d > 0:
                    stack[i] = left - d
                    bet[i] = to
                    total[i] += d
                    state.pot += d
                    if d == left:
                        state.ncan -= 1
                        pending = -1
                if pending >= 0:  # everyone else in the hand now faces the bet
                    pending = state.nactive
                r.high = high = to
                r.aggressor = i
                r.any_bet = True
                acted[i] = True
                level[i] = to
            # the turn passes on (BettingRound._pass_turn): with nobody all-in, to the next seat in the hand
            # until everyone due has acted; else to the first seat that must act
            if pending > 0:
                pending -= 1
                j = nxt[i] if pending and state.nactive > 1 else -1
                state.to_act = j
            elif state.nactive > 1:
                several = state.ncan >= 2
                j = nxt[i]
                if not (stack[j] > 0 and (bet[j] < high or (several and not acted[j]))):
                    for j in after[i]:
                        if (bet[j] < high or (several and not acted[j])) and not folded[j] and stack[j] > 0:
                            break
                    else:
                        j = -1
                state.to_act = j
            else:
                j = -1
            if j < 0:
                state.to_act = -1
                street = state.street
                problems = state._end_round()
                if problems:
                    findings += _findings(state, problems, a, street, k)
                r = state.rnd
                bet, acted, level = state.bet, r.acted, r.level
                pending = _due_in_new_round(state)
        elif kind is DRAW_KIND:
            # --- a draw of known cards from a known hand, or of unseen cards from an unseen hand; the
            # replacements from the stub (drawing.DrawRound)
            if not draws or state.phase != DRAW:
                return k
            order, pos = state.draw_order, state.draw_pos
            count, discarded, received = a.count, a.discarded, a.received
            if order[pos] != i or count > max_discard or (a.received_count is not None and a.received_count != count):
                return k
            kept = a.kept
            if kept is not None:  # the cards kept, as the hero's "Dealt to" line shows them: already his
                hand = hands[i]
                for c in kept:
                    if c not in hand:
                        return k
            if count:
                hand = hands[i]
                if discarded is None:  # a hand none of whose cards is known changes cards unseen
                    if hand or unknown[i] != size or received is not None:
                        return k
                elif len(discarded) != count or len(hand) != size or (received is not None and len(received) != count):
                    return k
                stub = deck.stub
                burn = deck.burn_pending
                # fewer cards dealable than the burn and the replacements: DeckState.serve reshuffles (§8.4)
                reshuffle = (stub - 1 if deck.hold_back else stub) - burn < count
                # DeckState.discard: from here on an irregular card leaves the state half-changed
                if discarded is None:  # unseen cards out of an unseen hand (the serve brings the count back)
                    unknown[i] -= count
                else:
                    for c in discarded:
                        if c not in hand or c not in cards_in_deck:
                            return _GAVE_UP
                        hand.remove(c)
                        where[c] = DONE
                    deck.round_out += discarded
                deck.counts[DONE] += count
                state.drawn[i] = True
                state.draw_pos = pos = pos + 1
                if reshuffle:
                    problems = deck.serve(i, count, received, own=(count, discarded or ()))
                    if problems:
                        findings += _findings(state, problems, a, state.street, k)
                else:  # DeckState.serve, no reshuffle
                    if burn:
                        deck.burns.append(None)
                        deck.burn_pending = False
                    deck.stub = stub - burn - count
                    if received is None:
                        unknown[i] += count
                    else:
                        gen = deck.gen
                        for c in received:
                            if c not in cards_in_deck or c in where:
                                return _GAVE_UP
                            where[c] = i
                            dealt_gen[c] = gen
                        hand += received
            else:
                if received:
                    return k
                state.drawn[i] = True
                state.draw_pos = pos = pos + 1
            if pos >= len(order):
                street = state.street
                problems = []
                state._finish_draw_round(problems)
                if problems:
                    findings += _findings(state, problems, a, street, k)
                r = state.rnd
                bet, acted, level = state.bet, r.acted, r.level
                pending = _due_in_new_round(state)
        elif kind is DEAL:
            # --- the cards of a hand none of whose cards is known yet (HandState._deal, DeckState.reveal);
            # the first deal ends the set-up (HandState._start_play: a hand of unseen cards each, B1 begins)
            if italian or a.count > size:
                return k
            setup = state.phase == SETUP
            if setup and deck.cards is not None:  # a physical deck deals known cards
                return k
            cards = a.cards
            if cards and (hands[i] or len(cards) > (size if setup else unknown[i])):
                return k
            if setup:
                problems = state._start_play()
                if problems:
                    findings += _findings(state, problems, a, "SETUP", k)
                r = state.rnd
                bet, acted, level = state.bet, r.acted, r.level
                pending = _due_in_new_round(state)
            if cards:
                for c in cards:
                    if c not in cards_in_deck or c in where:
                        return _GAVE_UP
                    where[c] = i
                hands[i] = list(cards)
                unknown[i] -= len(cards)
        elif kind in _SHOWDOWN:
            # --- a show or muck in turn at the showdown (showdown.Showdown)
            if state.phase != SHOWDOWN or folded[i] or state._current() != i or (italian and i == state.opener):
                return k
            if kind is MUCK_KIND:
                state.mucked.add(i)
            else:
                cards = a.cards
                if not cards or len(cards) != size or not cards_in_deck.issuperset(cards):
                    return k
                if unknown[i]:  # a hand none of whose cards was known (DeckState.reveal): a hand of cards, each once
                    if hands[i] or unknown[i] != size or len(set(cards)) != size:
                        return k
                    for c in cards:
                        if c in where:
                            return k
                    for c in cards:
                        where[c] = i
                    hands[i] = list(cards)
                    unknown[i] = 0
                elif set(hands[i]) != set(cards):
                    return k
                state.shown[i] = tuple(cards)
            state.first_show_checked = True
            if state._current() < 0 or state._contenders() <= 1:
                state._complete("SHOWDOWN")
        elif kind is POST_SB or kind is POST_BB:
            # --- a blind of the stakes by its seat before the deal (forced.ForcedBets._forced)
            amount = a.amount
            if state.phase != SETUP or italian or amount > stack[i]:
                return k
            if kind is POST_SB:
                if state.sb_poster >= 0 or i != state.sb_expected or amount != state.sb:
                    return k
                state.sb_poster = i
                state.posted.add((i, "sb"))
            else:
                if state.bb_poster >= 0 or i != state.bb_expected or amount != state.bb:
                    return k
                state.bb_poster = i
                state.posted.add((i, "bb"))
            stack[i] -= amount
            total[i] += amount
            state.pot += amount
            bet[i] += amount
        else:
            return k
    return n
