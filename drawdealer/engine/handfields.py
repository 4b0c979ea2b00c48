"""The fields of one hand (:class:`~drawdealer.engine.state.HandState`), declared with their types in
the groups the rules give them.

Each group is a class of annotations. :class:`HandFields` gathers them; HandState and each part of
the rules it is made of (the mixins ``ForcedBets``, ``BettingRound``, ``DrawRound``, ``Showdown``,
``Openers``, ``LegalQueries``, ``Settling``) inherit it, so a type checker and an IDE see every field,
with its type, wherever it is used. The values live in HandState's own slots, derived from these
declarations (``copying.slots``): the replay reads ``self.stack[i]`` or ``self.to_act`` once per
action or more, and a group held as an object of its own would cost an attribute load on each of
those reads, and rename fields that the dealer's screens and the stats read. The betting round
(:class:`~drawdealer.engine.rounds.RoundState`) and the deck (:class:`~drawdealer.engine.deck.DeckState`)
are objects of their own, declared the same way.

``HandState.copy`` (what ``verify`` applies an action to) is derived from these declarations
(``copying.copy_of``): lists, dicts and sets are copied, the round and the deck copied as their own
declarations say, immutable values shared.

To add a field: declare it with its type in its group below and set it in ``HandState.__init__``.
Nothing else lists fields. Declare what the value really is: a ``list`` is copied, a ``tuple``
shared; ``tests/test_engine_state_fields.py`` fails when a copy shares a mutable value or when
any part of the rules sets a field that is not declared here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drawdealer.engine.cards import Card
    from drawdealer.engine.deck import DeckState
    from drawdealer.engine.options import Options
    from drawdealer.engine.ranking import Ranking
    from drawdealer.engine.record import Stakes
    from drawdealer.engine.rounds import RoundState
    from drawdealer.engine.settle import ItalianCarry, Settlement
    from drawdealer.engine.state import HandState
    from drawdealer.engine.variants import GameSpec


class Table:
    """What the game, options, stakes and seating fix when the hand begins; never changed after
    (RULES.md §2, §6.1, §7). Players are numbered 0..n-1 in seat order."""

    __slots__ = ()
    spec: GameSpec
    opts: Options
    stakes: Stakes
    hand_id: str
    currency: str  # amounts are cents when set (HandRecord.currency): messages say "$2.25"
    names: tuple[str, ...]
    seat_no: tuple[int, ...]
    index: dict[str, int]  # name -> player number
    n: int
    button: int
    order: tuple[int, ...]  # clockwise from the left of the button
    after: tuple[tuple[int, ...], ...]  # the seats after each seat, itself last
    sb_expected: int
    bb_expected: int
    sb: int
    bb: int
    ante: int
    chip: int
    small_bet: int
    big_bet: int
    italian: bool
    fixed: bool
    two_bb: bool  # MIN_OPEN_PREDRAW = TWO_BB (§7.4)
    plain_draw: bool  # draws with no delayed card and no declare-all-then-deal (the fast path of _draw)
    units: tuple[int, ...]  # the fixed-limit bet of each betting round
    raked: bool
    streets: tuple[str, ...]
    absent: frozenset[int]  # players whose hand the site folds when a forced bet puts them all-in (§18.3)


class Chips:
    """Chips behind, in front and in the pot (RULES.md §7.1, §9.4)."""

    __slots__ = ()
    stack: list[int]
    bet: list[int]  # in front in the betting round under way
    total: list[int]  # in the pot this hand (T[i], §9.4)
    returned: list[int]  # uncalled chips given back
    short: list[int] | None  # chips each call recorded short left out (rounds.matched)
    pot: int
    dead: int  # dead money in the middle: Italian forced bets, a big-blind ante, a carried pot


class InHand:
    """Who is still in the hand, and who can still act (RULES.md §0.3, §7.1)."""

    __slots__ = ()
    folded: list[bool]
    nxt: list[int]  # the next seat clockwise not folded
    nactive: int  # players not folded
    ncan: int  # players not folded with chips behind


class Turn:
    """Where the hand is: phase, street, the betting round, who acts (RULES.md §5, §6.2, §7.1)."""

    __slots__ = ()
    phase: int  # phases.SETUP .. COMPLETE
    k: int  # the street's index in ``streets`` (-1 in the set-up)
    street: str  # SETUP, B1, D1, ..., SHOWDOWN, AWARD
    rnd: RoundState
    to_act: int  # -1: nobody (between rounds, outside betting)
    lone: tuple[int, int] | None  # (player, street index k): his optional check (§7.1, rounds)
    last_street_bet: bool  # the last betting round had a bet (who shows first, §9.1)
    events: int  # actions applied
    aborted: bool
    outcome: str  # FOLDED, SHOWDOWN, UNOPENED, PAROLA, ABANDONED
    ended_in: str


class Posts:
    """The forced bets posted (RULES.md §6.1, §10.1, §10.6, §18.4)."""

    __slots__ = ()
    sb_poster: int
    bb_poster: int
    posted: set[tuple[int, str]]  # (player, "sb" | "bb" | "ante" | "invito")
    blind_posters: list[int]  # Italian buio and controbuio, in order
    dead_paid: list[int]
    dead_posted: bool  # a dead blind was posted: in the totals, no bet (forced, §18.4)


class Draws:
    """The deck and the draw round under way (RULES.md §6.3, §6.4, §8)."""

    __slots__ = ()
    deck: DeckState
    draw_order: list[int]
    draw_pos: int
    drawn: list[bool]
    delayed: list[tuple[int, int, tuple[Card, ...] | None, tuple[int | None, ...] | None]]
    declared: list[tuple[int, int, tuple[Card, ...] | None, tuple[Card, ...] | None, tuple[int | None, ...] | None]]


class Shows:
    """The showdown (RULES.md §9.1, §9.2, §18.5)."""

    __slots__ = ()
    shown: dict[int, tuple[Card, ...]]
    mucked: set[int]
    show_order: list[int]
    first_show_checked: bool
    runs: list[HandState] | None  # the runs of a hand run more than once (engine.runs)


class Opening:
    """The opener and his openers: Italian poker and jacks or better (RULES.md §10)."""

    __slots__ = ()
    carry_in: ItalianCarry | None  # what the last Italian deal handed this one
    requirement: str  # R
    opener: int
    opening_pot: int
    false_opener: bool | None  # None until judged
    predraw: dict[int, tuple[Card, ...]]  # the opener's hand before the draw, once known
    opener_draw: tuple[int, tuple[Card, ...] | None, tuple[Card, ...] | None] | None


class Memos:
    """Values computed once from the others (cleared or kept as they say)."""

    __slots__ = ()
    _settlement: Settlement | None  # settle()'s result, cleared by every action
    ranking_cache: Ranking | None


class HandFields(Table, Chips, InHand, Turn, Posts, Draws, Shows, Opening, Memos):
    """Every field of a hand, by group (module docstring)."""

    __slots__ = ()
