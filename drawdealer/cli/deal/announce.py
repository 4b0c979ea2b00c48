"""What the dealer says aloud (issue 16): each action in words, the deal and each draw with its
burn and the stub left, a reshuffle before the draw that needs it, a held-back last card, an
uncalled bet going back.

- Each action as the table hears it (:func:`action_words`): ``Bob raises to 40``, ``Fay shows 7d 5s
  4c 3h 2d``, never the journal's notation.
- The deal (:func:`deal_words`): the cards each player gets, whether a card is burned first
  (``BURN_BEFORE_INITIAL_DEAL``, RULES.md §8.1) and the stub left; each draw, the card burned before
  its first replacement (§8.2) and the stub left: ``Bob draws 2 · burn 1 · stub 24``.
- Before a player draws, if some draw of his could not be served from the stub, which cards make
  the new stub, in cards and piles (RULES.md §8.4), for the counts that need it; asked of the
  engine by drawing on a copy of the hand, so the words follow the rules' own staging.
- When a draw's last card is held back (the Italian fourth card, §6.4; ``FIVE_CARD_DRAW_SPLIT``,
  §6.3) it is said when it happens and when the card is dealt, with the stub left.
- An uncalled bet is returned when its betting round closes (§7.1) and said then.
"""

from __future__ import annotations

from drawdealer.engine.cards import cards_str
from drawdealer.engine.deck import DeckState, Reshuffle
from drawdealer.engine.frozen import record
from drawdealer.engine.record import Action, ActionKind
from drawdealer.engine.state import HandState
from drawdealer.engine.words import counted

K = ActionKind
AUTOMATIC = frozenset({K.POST_SB, K.POST_BB, K.POST_ANTE, K.POST_INVITO, K.POST_DEAD})
"""Forced bets the session posts itself at the start of a hand (RULES.md §6.1, §10.1, §10.4)."""
_SAID = {
    K.FOLD: "{who} folds", K.CHECK: "{who} checks", K.CALL: "{who} calls {amount}", K.BET: "{who} bets {amount}",
    K.RAISE: "{who} raises to {amount}", K.MUCK: "{who} mucks", K.POST_SB: "{who} posts the small blind {amount}",
    K.POST_BB: "{who} posts the big blind {amount}", K.POST_ANTE: "{who} posts an ante {amount}",
    K.POST_INVITO: "{who} posts the invito {amount}", K.POST_DEAD: "{who} posts dead money {amount}",
    K.POST_BLIND_OPEN: "{who} opens blind (buio) for {amount}", K.POST_CONTROBUIO: "{who} posts controbuio {amount}",
}
"""The words of each kind of action with an amount or none (draws, shows and the decline are said by
:func:`action_words` itself)."""


def action_words(action: Action, *, answers_blind: bool = False) -> str:
    """One action as the dealer says it: ``Bob raises to 40 (all-in)``, ``Bob draws 2``, ``Fay shows
    7d 5s 4c 3h 2d``, ``Dee posts the big blind 2``. ``answers_blind``: a ``deal`` that declines the
    controbuio rather than the blind opening (RULES.md §10.6)."""
    who, kind = action.player, action.kind
    if kind is K.DRAW:
        return f"{who} stands pat" if action.count == 0 else f"{who} draws {action.count}"
    if kind is K.SHOW:
        return f"{who} shows {cards_str(action.cards)}" if action.cards else f"{who} shows"
    if kind is K.DEAL and action.cards:  # a journal written by a tool that knows the cards
        return f"{who} is dealt {counted(len(action.cards), 'card')}"
    if kind is K.DEAL:
        return f"{who} declines the {'controbuio' if answers_blind else 'blind opening'}: the cards are dealt"
    return _SAID[kind].format(who=who, amount=f"{action.amount:,}") + (" (all-in)" if action.all_in else "")


def hand_words(actions: list[Action] | tuple[Action, ...]) -> list[str]:
    """Every action of a hand in words (:func:`action_words`), in order."""
    out, blinds = [], False
    for action in actions:
        out.append(action_words(action, answers_blind=blinds))
        blinds = blinds or action.kind is K.POST_BLIND_OPEN
    return out


def burned(deck: DeckState) -> int:
    """The cards burned so far in the hand, those since gathered into a new stub included (RULES.md
    §8.2, §8.4)."""
    return len(deck.burns) + sum(count for r in deck.reshuffles for pile, count in r.piles if pile == "burns")


def dealt_words(state: HandState, actions: list[Action]) -> list[str]:
    """The deal (:func:`deal_words`), said from the deal until the first action after the forced
    bets; an action that dealt the cards (a declined Italian blind) says it itself (:func:`said_after`)."""
    if state.phase_name == "SETUP" or any(a.kind not in AUTOMATIC for a in actions):
        return []
    return [deal_words(state)]


def deal_words(state: HandState) -> str:
    """The deal of a hand just dealt: the cards each, the burn before it or none (RULES.md §8.1,
    ``BURN_BEFORE_INITIAL_DEAL``), the stub left."""
    each = f"{state.spec.hand_size} cards each to {state.n} players"
    if state.opts.burn_before_initial_deal:
        return f"Deal: burn 1, then {each} (BURN_BEFORE_INITIAL_DEAL, RULES.md §8.1); stub {state.deck.stub}"
    return f"Deal: {each}, no burn (RULES.md §8.1); stub {state.deck.stub}"


def piles_text(reshuffle: Reshuffle, folded: list[str], hand_size: int = 5) -> str:
    """``the 5 cards of Cy's folded hand, 6 earlier discards, 1 burn card`` (RULES.md §8.4)."""
    parts = []
    for pile, count in reshuffle.piles:
        if not count:
            continue
        if pile == "muck":
            owners = " and ".join(name + "'s" for name in folded)
            hands = "folded hand" + ("s" if len(folded) > 1 else "")
            of = f"of {owners} {hands}" if folded and count == hand_size * len(folded) else "of folded hands"
            parts.append(f"the {counted(count, 'card')} {of}")
        elif pile == "prev":
            parts.append(counted(count, "earlier discard"))
        elif pile == "burns":
            parts.append(counted(count, "burn card"))
        elif pile == "stub":
            parts.append(f"the {counted(count, 'card')} left in the stub")
        elif pile in ("done", "declared"):
            parts.append(f"{counted(count, 'discard')} of this draw by players already served")
        else:  # x: the player's own discards, the last resort
            parts.append(f"{reshuffle.player}'s own {counted(count, 'discard')} (last resort)")
    return ", ".join(parts)


def reshuffle_text(reshuffle: Reshuffle, folded: list[str], hand_size: int = 5) -> str:
    """The instruction for one reshuffle: the cards, the piles, cut and burn."""
    piles = piles_text(reshuffle, folded, hand_size)
    text = f"shuffle {counted(reshuffle.pool, 'card')} into a new stub ({piles}), cut"
    return text + (", burn one" if reshuffle.burned else "")


def _folded(state: HandState) -> list[str]:
    return [name for name in state.names if state.player(name).folded]


def reshuffle_ahead(state: HandState, player: str, most: int) -> list[str]:
    """Before ``player`` draws: for each count of cards that the stub cannot serve, the reshuffle it
    takes (counts with the same instruction grouped: ``draws 3–5: …``); empty when none does."""
    said: list[tuple[int, int, str]] = []
    dealable = state.deck.dealable()
    for count in range(1, most + 1):
        trial = state.copy()
        before = len(trial.deck.reshuffles)
        trial.apply(Action(kind=ActionKind.DRAW, player=player, count=count))
        made = trial.deck.reshuffles[before:]
        if not made:
            continue
        text = "; then ".join(reshuffle_text(r, _folded(state), state.spec.hand_size) for r in made)
        if said and said[-1][2] == text and said[-1][1] == count - 1:
            said[-1] = (said[-1][0], count, text)
        else:
            said.append((count, count, text))
    out = []
    for low, high, text in said:
        counts = f"{low}" if low == high else f"{low}–{high}"
        first = f"deal the {counted(dealable, 'dealable card')} of the stub, then " if dealable else ""
        out.append(f"Reshuffle ahead: if {player} draws {counts}, {first}{text} (RULES.md §8.4)")
    return out


@record(kw_only=False)
class Before:
    """What an action may change that the dealer must say: taken before it is applied."""

    reshuffles: int
    returned: tuple[int, ...]
    delayed: tuple[int, ...]
    burned: int
    dealt: bool
    complete: bool

    @classmethod
    def of(cls, state: HandState) -> Before:
        return cls(len(state.deck.reshuffles), tuple(state.returned), tuple(i for i, *_ in state.delayed),
                   burned(state.deck), state.phase_name != "SETUP", state.is_complete)


def draw_words(before: Before, state: HandState, action: Action) -> str:
    """``Bob draws 2 · burn 1 · stub 24``: a draw, the cards it burned (the burn before a draw round's
    first card, RULES.md §8.2, and after a reshuffle, §8.4) and the stub left."""
    burns = burned(state.deck) - before.burned
    return action_words(action) + (f" · burn {burns}" if burns else "") + f" · stub {state.deck.stub}"


def said_after(before: Before, state: HandState, action: Action) -> list[str]:
    """The dealer's words for what ``action`` set off: the deal (§8.1, when a blind declaration
    ended), reshuffles (§8.4), a card held back or now dealt (§6.3, §6.4), uncalled chips returned
    when the round closed (§7.1)."""
    notes = [deal_words(state)] if not before.dealt and state.phase_name != "SETUP" else []
    folded = _folded(state)
    for r in state.deck.reshuffles[before.reshuffles:]:
        notes.append(f"Reshuffle now, before {r.player}'s next card: {reshuffle_text(r, folded, state.spec.hand_size)} "
                     "(RULES.md §8.4)")
    names = state.names
    held = [i for i, *_ in state.delayed]
    count = action.count if action.kind is ActionKind.DRAW else 0
    if (state.italian and count == 4) or (state.opts.five_card_draw_split and count == 5):
        if len(held) > len(before.delayed):
            notes.append(f"{action.player} draws {count}: deal {count - 1} now and hold the last card back until "
                         f"every other player has been served (RULES.md §6.3, §6.4); stub {state.deck.stub}")
        elif not held:  # the last to draw: his held-back card follows at once
            notes.append(f"{action.player} draws {count}: deal {count - 1}, then the last card (every other player "
                         f"is served, RULES.md §6.3, §6.4); stub {state.deck.stub}")
    if before.delayed and not held:
        who = ", ".join(names[i] for i in before.delayed)
        notes.append(f"Now deal the held-back card{'s' if len(before.delayed) > 1 else ''} to {who}; "
                     f"stub {state.deck.stub} (RULES.md §6.3, §6.4)")
    if state.is_complete:  # the hand's result says what went back
        return notes
    for j, chips in enumerate(state.returned):
        back = chips - before.returned[j]
        if back > 0:
            notes.append(f"Uncalled: {back:,} goes back to {names[j]} (RULES.md §7.1)")
    return notes
