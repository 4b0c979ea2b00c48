"""HandRecord: what a parser hands the engine (DESIGN.md, "record.py").

A record is the history of one hand as written in a log: the table (seats, stacks, button), the
game and stakes, every action in order with the source line it came from, the cards that are
known, and what the log *claims* (pots, rake, collected amounts, shown hands, descriptions). The
replay (``engine/replay.py``) checks each action and each claim against the rules.

Amounts are integers in the smallest chip unit (RULES.md §0.3); parsers convert ``$0.25`` to 25.
Cards are ``engine.cards.Card`` ints; unknown cards are simply absent (``None`` where a whole list
is unknown).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from drawdealer.engine.cards import Card
from drawdealer.engine.frozen import field, record


class ActionKind(str, Enum):
    """The kinds of event a history records, in the vocabulary of RULES.md §6-§10."""

    POST_SB = "post_sb"
    POST_BB = "post_bb"
    POST_ANTE = "post_ante"
    POST_DEAD = "post_dead"  # a dead blind/extra chips posted out of position (dead money)
    POST_INVITO = "post_invito"  # Italian dealer's forced bet (§10.1)
    POST_BLIND_OPEN = "post_blind_open"  # Italian *buio* (§10.6)
    POST_CONTROBUIO = "post_controbuio"  # Italian *controbuio* (§10.6)
    DEAL = "deal"  # hole cards of one player (possibly partly or wholly unknown)
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"  # discards and replacements; count 0 = stands pat
    SHOW = "show"
    MUCK = "muck"


FORCED_KINDS = frozenset(
    {
        ActionKind.POST_SB,
        ActionKind.POST_BB,
        ActionKind.POST_ANTE,
        ActionKind.POST_DEAD,
        ActionKind.POST_INVITO,
        ActionKind.POST_BLIND_OPEN,
        ActionKind.POST_CONTROBUIO,
    }
)


@record
class Action:
    """One event of a hand.

    ``amount`` means, per kind: posts, ``call`` and ``bet`` the chips put in by this action;
    ``raise`` the total this player has in front of him in this round after the raise (raise *to*,
    RULES.md §7). ``all_in`` is the log's own all-in flag. For ``draw``: ``count`` cards discarded
    (0 = pat), ``discarded``/``received`` the cards when known (``None`` = unknown; a tuple shorter
    than the count lists the known ones), ``received_count`` how many replacements the log says
    were dealt (``None`` = it does not say), ``kept`` the cards the log says were kept (PokerStars
    ``Dealt to X [kept] [new]``, ``stands pat on [..]``), ``received_lines`` the source line of
    each replacement card dealt (known or not, in order) when the log deals them on lines of their
    own (PHH's ``d dh`` after the ``sd``, PokerStars' ``Dealt to``; ``None``: on the draw's line), where
    a fault in the dealt cards is reported (RULES.md §11.1). For ``deal``, ``show`` and ``muck``:
    ``cards`` the known cards (``None`` = none known; a deal may list fewer than five) and
    ``count`` how many cards the log deals or shows, known or not (0 = it does not say). ``line``
    is the 1-based source line, ``None`` in live play.
    """

    kind: ActionKind
    player: str
    amount: int = 0
    all_in: bool = False
    count: int = 0
    discarded: tuple[Card, ...] | None = None
    received: tuple[Card, ...] | None = None
    cards: tuple[Card, ...] | None = None
    kept: tuple[Card, ...] | None = None
    received_count: int | None = None
    received_lines: tuple[int | None, ...] | None = None
    line: int | None = None
    text: str = ""  # the source text, for messages


@record
class Seat:
    """A player at the table: seat number as the log gives it, name, chips at the start.

    ``sitting_out``: seated but not dealt in. ``absent``: dealt in although the log marks him as
    sitting out (a tournament deals an absent player and folds his hand for him, RULES.md §18.3).
    """

    seat: int
    name: str
    stack: int
    sitting_out: bool = False
    absent: bool = False


@record
class Stakes:
    """Forced bets and bet sizes in chip units.

    Fixed limit: ``small_bet`` (= BB unless the log says otherwise) and ``big_bet``.
    Italian: ``invito`` / ``ante`` and ``chip`` (RULES.md §7.6, §10.1).
    """

    sb: int = 0
    bb: int = 0
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    invito: int = 0
    chip: int = 0


@record
class PotClaim:
    """One ``collected X from side pot-1`` style line, or a pot total of the summary."""

    player: str
    amount: int
    pot_index: int | None = None  # 0 main, 1.. side pots; None when the log does not say
    line: int | None = None


@record
class Claims:
    """What the log says happened, to compare with what the engine computes (RULES.md §11.5).

    What each claim means (a reader turns its site's lines into these; PokerStars' are these):
    ``total_pot`` every pot before the rake, after uncalled chips went back (§9.4); ``pots`` the
    main pot and side pots in order, each net of the rake taken from it (Σ pots + rake =
    total; how the rake is divided among the pots is the site's, ``pots.rake_division``);
    ``uncalled`` chips returned (§7.1); ``collected`` what a player takes from a pot, net of rake;
    ``summary_collected`` a player's total from every pot, net of rake; ``final_stacks`` the chips
    behind after the hand; ``uncalled_printed`` whether the site writes a line for every uncalled
    bet it returns (PokerStars, Full Tilt): when it does not (KingsClub), no line claims nothing.
    Two conventions of sites that print only what each winner takes (Merge):
    ``uncalled_in_collected``, a player's collected amounts hold the uncalled chips he gets back
    (the replay takes them out of his last collected claim before comparing, §7.1);
    ``rake_printed`` false, the log states no rake: it is what the pots hold beyond the collected
    amounts (none may be collected beyond the pots, §9.5).
    """

    total_pot: int | None = None
    pots: tuple[int, ...] | None = None  # main, side-1 …, each net of its share of the rake
    rake: int | None = None
    uncalled: tuple[tuple[str, int, int | None], ...] = ()  # (player, amount, line)
    collected: tuple[PotClaim, ...] = ()
    descriptions: tuple[tuple[str, str, int | None], ...] = ()  # (player, "Lo: 7,5,4,3,2", line)
    final_stacks: tuple[tuple[str, int], ...] = ()
    summary_collected: tuple[tuple[str, int, int | None], ...] = ()  # (player, total won, line) per summary seat line
    reshuffles: tuple[tuple[int, int | None], ...] = ()  # (index of the next action, line): "The deck is reshuffled"
    uncalled_printed: bool = True
    uncalled_in_collected: bool = False
    rake_printed: bool = True
    lines: dict[str, int] = field(default_factory=dict)  # where each claim was read ("total_pot": 31 ...)


@record
class HandRecord:
    """One hand as a log records it.

    ``game`` is a game id or alias understood by ``engine.variants`` (``27TD-FL`` …);
    ``options`` overrides RULES.md §13 defaults (a site's house rules, e.g. PokerStars' reshuffle).
    ``runs``: a hand whose rest was dealt more than once (RULES.md §18.5) holds in ``actions`` the play
    up to where the runs began, and in ``runs`` each run's actions (its draws and showdown).
    """

    hand_id: str
    game: str
    seats: tuple[Seat, ...]
    button: str | None
    stakes: Stakes
    actions: tuple[Action, ...]
    claims: Claims = field(default_factory=Claims)
    options: dict[str, Any] = field(default_factory=dict)
    source: str = ""  # file name
    line: int = 1  # line of the hand's header
    end_line: int | None = None
    hero: str | None = None
    currency: str = ""  # "$", "€" or "" for chips; amounts are in cents when a currency is set
    extra: dict[str, Any] = field(default_factory=dict)  # format-specific fields kept for round trips
    runs: tuple[tuple[Action, ...], ...] = ()  # run more than once: the actions of each run (RULES.md §18.5)
