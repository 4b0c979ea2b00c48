"""Draw statistics: every replayed hand folded into per-player counters (issue 30). What each number
counts, and what it does not, is ``docs/STATS.md``; the names below are its headings.

:class:`StatsTally` is a :class:`drawdealer.validate.Tally`: ``validate(paths, tally=...)`` adds every
hand of a task to a tally of its own in the process that replays it, and :func:`collect` merges the
tasks' tallies in input order (:meth:`StatsTally.merge`), so the reading, the replay, the worker
processes and the journal folder are ``validate``'s. A tally keeps counters per player, game and
currency (:class:`Counters`) and, for the winnings graph, a bounded line per player (:class:`Track`):
memory grows with the players, never with the hands. A hand with an error finding, a hand whose
history stops before its end, a hand whose winner neither the cards nor the log tell, and a hand of
another game than ``--game`` are counted and left out.

The betting round of an action is read from the record: every player still in the hand draws in
every draw (RULES.md §6.3, §6.4), so the actions before the first ``draw`` action are the first
betting round, and a player's n-th ``draw`` action is his draw in the n-th draw round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drawdealer.engine.cards import Card, parse_cards, rank_value
from drawdealer.engine.record import ActionKind
from drawdealer.engine.state import ranking_for

if TYPE_CHECKING:
    from drawdealer.engine.record import HandRecord
    from drawdealer.engine.replay import ReplayResult
    from drawdealer.validate import FileProblem, HandReport

_K = ActionKind
_DRAW, _CALL, _AGGRESSIVE, _CARDS = "draw", "call", "aggressive", "cards"
_ROLE = {_K.DRAW: _DRAW, _K.CALL: _CALL, _K.BET: _AGGRESSIVE, _K.RAISE: _AGGRESSIVE,
         _K.POST_BLIND_OPEN: _AGGRESSIVE, _K.POST_CONTROBUIO: _AGGRESSIVE,
         _K.DEAL: _CARDS, _K.SHOW: _CARDS, _K.MUCK: _CARDS}
"""What the fold reads in each kind of action; the others (checks, folds, forced bets) it passes
over. Bets and raises (docs/STATS.md "AF") include the Italian blind opening, a bet, and the
*controbuio*, a raise (RULES.md §10.6): both are chosen, neither is forced."""
GRAPH_LINES = 8
"""Players the graph draws at most (one line each); without ``--player`` the input must have no more."""
GRAPH_POINTS = 1000
"""A line keeps between this many and twice this many points, however many hands (:class:`Track`)."""
TEN_LOW = {"lowball27": "Ts9h8d7c5s", "a5": "Ts9h8d7c6s", "badugi": "Ts9h8d7c"}
"""The worst ten-low of each lowball ranking (RULES.md §3, §16, §15): a snow is a pat hand worse than
it (docs/STATS.md "Snow"). 2-7's T-9-8-7-6 is a straight; A-5 has no straights; Badugi's is a
four-suited ten badugi. High-hand games and the split games have no snow."""
_PLURAL = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights", 9: "nines",
           10: "tens", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
NOT_SHOWN = "not shown"
BLIND = "blind (buio)"


class Counters:
    """One player's counters in one game and currency (docs/STATS.md). Draw counters are lists
    indexed by draw (0 = the first draw); ``bb_net`` is the net won at each big blind size, so that
    the net in big blinds is exact whatever the stakes."""

    __slots__ = ("hands", "net", "bb_hands", "bb_net", "vpip", "raised", "aggressive", "calls", "saw_draw",
                 "showdowns", "won_showdown", "won_no_showdown", "net_showdown", "net_no_showdown", "took",
                 "pats", "cards", "broke_chances", "broke", "judged", "snows", "opened", "openings")

    def __init__(self, draws: int) -> None:
        self.hands = self.net = self.bb_hands = self.vpip = self.raised = self.aggressive = self.calls = 0
        self.saw_draw = self.showdowns = self.won_showdown = self.won_no_showdown = 0
        self.net_showdown = self.net_no_showdown = self.opened = 0
        self.bb_net: dict[int, int] = {}
        self.took, self.pats, self.cards = [0] * draws, [0] * draws, [0] * draws
        self.broke_chances, self.broke = [0] * draws, [0] * draws
        self.judged, self.snows = [0] * draws, [0] * draws
        self.openings: dict[str, int] = {}

    def merge(self, other: Counters) -> None:
        """Add ``other``'s counts to these."""
        for name in Counters.__slots__:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, int):
                setattr(self, name, mine + theirs)
            elif isinstance(mine, list):
                for k, value in enumerate(theirs):
                    mine[k] += value
            else:
                for key, value in theirs.items():
                    mine[key] = mine.get(key, 0) + value

    def net_bb(self) -> float:
        """The net won in big blinds: each hand's net divided by its own big blind."""
        return sum(net / bb for bb, net in sorted(self.bb_net.items()))


class Track:
    """One player's winnings over his hands, in big blinds: the running totals (all hands, hands he
    took to a showdown, the others) and points ``(hands, net, showdown, no showdown)`` along the way.

    A point is kept every ``step`` hands; when more than ``2 × GRAPH_POINTS`` are kept, every other one
    goes and ``step`` doubles, so a line holds at most that many points whatever the number of hands
    (the totals stay exact)."""

    __slots__ = ("hands", "net", "showdown", "no_showdown", "points", "step")

    def __init__(self) -> None:
        self.hands = 0
        self.net = self.showdown = self.no_showdown = 0.0
        self.points: list[tuple[int, float, float, float]] = [(0, 0.0, 0.0, 0.0)]
        self.step = 1

    def add(self, bb: float, showdown: bool) -> None:
        self.hands += 1
        self.net += bb
        if showdown:
            self.showdown += bb
        else:
            self.no_showdown += bb
        if self.hands % self.step == 0:
            self.points.append((self.hands, self.net, self.showdown, self.no_showdown))
            self._thin()

    def merge(self, other: Track) -> None:
        """``other``'s hands after these."""
        h, n, s, o = self.hands, self.net, self.showdown, self.no_showdown
        self.points += [(h + a, n + b, s + c, o + d) for a, b, c, d in other.points[1:]]
        self.hands, self.net = h + other.hands, n + other.net
        self.showdown, self.no_showdown = s + other.showdown, o + other.no_showdown
        self.step = max(self.step, other.step)
        self._thin()

    def _thin(self) -> None:
        while len(self.points) > 2 * GRAPH_POINTS:
            self.points = self.points[::2]
            self.step *= 2

    def line(self) -> list[tuple[int, float, float, float]]:
        """The points to draw, ending at the last hand."""
        last = (self.hands, self.net, self.showdown, self.no_showdown)
        return self.points if self.points[-1][0] == self.hands else [*self.points, last]


class StatsTally:
    """The fold (module docstring). ``players``: only these players' counters (None: everyone);
    ``game``: only hands of this game id; ``graph``: keep each player's :class:`Track` (the players
    named, else everyone while there are at most :data:`GRAPH_LINES`)."""

    def __init__(self, players: frozenset[str] | None = None, game: str | None = None, graph: bool = False) -> None:
        self.players, self.game, self.graph = players, game, graph
        self.read = self.counted = self.errors = self.unfinished = self.winner_unknown = self.other_games = 0
        self.skipped = 0
        self.rows: dict[tuple[str, str], dict[str, Counters]] = {}  # (game, currency) → player → counters
        self.games: dict[tuple[str, str], int] = {}  # hands counted per (game, currency)
        self.tracks: dict[str, Track] = {}
        self.too_many_lines = False

    # ------------------------------------------------------------------ the fold
    def add(self, report: HandReport, record: HandRecord | None, result: ReplayResult | None) -> None:
        """One hand (``validate.Tally``)."""
        self.read += 1
        if record is None or result is None:
            if report.status == "skipped":
                self.skipped += 1
            else:
                self.errors += 1  # not parsed: a PARSE_ERROR
            return
        if result.findings and report.has_error:
            self.errors += 1
            return
        settlement, state = result.settlement, result.state
        if not result.complete or settlement is None or state is None:
            self.unfinished += 1
            return
        if not settlement.determined and not logged_collections(record, settlement):
            self.winner_unknown += 1
            return
        if self.game is not None and result.game != self.game:
            self.other_games += 1
            return
        self.counted += 1
        key = (result.game, record.currency)
        self.games[key] = self.games.get(key, 0) + 1
        self._fold(record, state, settlement, key)

    def _fold(self, record: HandRecord, state: Any, settlement: Any, key: tuple[str, str]) -> None:
        spec = state.spec
        size = spec.hand_size
        vpip: set[str] = set()
        raised: set[str] = set()
        aggressive: dict[str, int] = {}
        calls: dict[str, int] = {}
        drawn: dict[str, list[int]] = {}
        known: dict[str, Sequence[Card]] = {}  # each player's five (four) cards, while known
        drawing = False  # past the first betting round
        for a in record.actions:
            role = _ROLE.get(a.kind)
            if role is None:  # checks, folds, forced bets
                continue
            name = a.player
            if role is _DRAW:
                drawing = True
                counts = drawn.get(name)
                if counts is None:
                    drawn[name] = [a.count]
                else:
                    counts.append(a.count)
                if a.count or a.kept is not None or name in known:
                    _follow_draw(known, name, a, size)
            elif role is _CALL:
                calls[name] = calls.get(name, 0) + 1
                if not drawing:
                    vpip.add(name)
            elif role is _AGGRESSIVE:
                aggressive[name] = aggressive.get(name, 0) + 1
                if not drawing:
                    vpip.add(name)
                    raised.add(name)
            elif a.cards is not None and len(a.cards) == size:  # dealt, shown or mucked: known cards
                known[name] = a.cards
        start = {seat.name: seat.stack for seat in record.seats}
        final, collected = settlement.final_stacks, settlement.collected
        if not settlement.determined:  # a pot contested with no hand shown: the log's collected amounts
            collected = logged_collections(record, settlement)
            final = {name: chips - settlement.collected.get(name, 0) + collected.get(name, 0)
                     for name, chips in final.items()}
        showdown = state.ended_in == "SHOWDOWN"
        bb = state.bb if not state.italian else state._invito()  # docs/STATS.md "Big blinds"
        folded = state.folded
        snow = snow_judge(spec.ranking)
        opener = state.names[state.opener] if state.italian and state.opener >= 0 else None
        players, tracks = self.players, self.tracks
        rows = self.rows.get(key)
        if rows is None:
            rows = self.rows[key] = {}
        for i, name in enumerate(state.names):
            if players is not None and name not in players:
                continue
            row = rows.get(name)
            if row is None:
                row = rows[name] = Counters(spec.draws)
            net = final[name] - start[name]
            went = showdown and not folded[i]
            won = collected.get(name, 0) > 0
            row.hands += 1
            row.net += net
            if bb > 0:
                row.bb_hands += 1
                row.bb_net[bb] = row.bb_net.get(bb, 0) + net
            if name in vpip:
                row.vpip += 1
                if name in raised:
                    row.raised += 1
            row.aggressive += aggressive.get(name, 0)
            row.calls += calls.get(name, 0)
            if went:
                row.showdowns += 1
                row.net_showdown += net
                row.won_showdown += won
            else:
                row.net_no_showdown += net
                row.won_no_showdown += won
            counts = drawn.get(name)
            if counts:
                row.saw_draw += 1
                _fold_draws(row, counts, known.get(name), snow,
                            lost=folded[i] or (went and not won))
            if name == opener:
                row.opened += 1
                what = BLIND if state.blind_posters else opening_hand(state.predraw.get(state.opener),
                                                                      ranking_for(spec, state.n, state.opts))
                row.openings[what] = row.openings.get(what, 0) + 1
            if self.graph and bb > 0:
                track = tracks.get(name)
                if track is None:
                    track = self._new_track(name)
                if track is not None:
                    track.add(net / bb, went)

    def _new_track(self, name: str) -> Track | None:
        if self.players is None and len(self.tracks) >= GRAPH_LINES:
            self.too_many_lines = True
            return None
        track = self.tracks[name] = Track()
        return track

    # ------------------------------------------------------------------ merging
    def merge(self, other: StatsTally) -> None:
        """Add ``other`` (the tally of the hands after these) to this one."""
        for name in ("read", "counted", "errors", "unfinished", "winner_unknown", "other_games", "skipped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for key, count in other.games.items():
            self.games[key] = self.games.get(key, 0) + count
        for key, theirs in other.rows.items():
            mine = self.rows.setdefault(key, {})
            for name, row in theirs.items():
                if name in mine:
                    mine[name].merge(row)
                else:
                    mine[name] = row
        self.too_many_lines = self.too_many_lines or other.too_many_lines
        for name, track in other.tracks.items():
            mine_track = self.tracks.get(name)
            if mine_track is not None:
                mine_track.merge(track)
            elif self.players is None and len(self.tracks) >= GRAPH_LINES:
                self.too_many_lines = True
            else:
                self.tracks[name] = track
        if self.too_many_lines:
            self.tracks.clear()


def logged_collections(record: HandRecord, settlement: Any) -> dict[str, int]:
    """What the log says each player collected (stated as PokerStars states it,
    ``replay.restated_claims``): the winners of a hand whose showdown the log shows without cards
    (OnGame's summary), which the replay cannot name (``Settlement.determined`` false)."""
    from drawdealer.engine.replay import restated_claims

    claims = restated_claims(record.claims, settlement)
    out: dict[str, int] = {}
    if claims.collected:
        for claim in claims.collected:
            out[claim.player] = out.get(claim.player, 0) + claim.amount
    else:
        for player, amount, _line in claims.summary_collected:
            out[player] = out.get(player, 0) + amount
    return {player: amount for player, amount in out.items() if amount}


def _follow_draw(known: dict[str, Sequence[Card]], name: str, a: Any, size: int) -> None:
    """The player's cards after his draw, when the log tells them (the kept and new cards, or the
    discards and replacements of a known hand); else no longer known."""
    hand = known.get(name)
    kept, received = a.kept, a.received
    if kept is not None and len(kept) + len(received or ()) == size and len(received or ()) == a.count:
        known[name] = (*kept, *(received or ()))
    elif hand is not None and a.count == 0:
        pass
    elif (hand is not None and a.discarded is not None and received is not None
          and len(a.discarded) == len(received) == a.count):
        out = set(a.discarded)
        known[name] = (*(c for c in hand if c not in out), *received)
    else:
        known.pop(name, None)


def _fold_draws(row: Counters, counts: list[int], hand: Sequence[Card] | None, snow: tuple[Any, int] | None, *,
                lost: bool) -> None:
    """One player's draws in one hand (docs/STATS.md "Draws"): ``counts`` the cards he took in each
    draw (0: pat), ``hand`` his last cards if known, ``snow`` the game's :func:`snow_judge`, ``lost``
    whether he folded or lost the showdown."""
    judged = hand is not None and snow is not None and len(set(hand)) == len(hand)
    if judged:
        last_draw = max((k for k, c in enumerate(counts) if c), default=-1)
        snowed = lost and snow[0].strength(hand) < snow[1]
    took, cards, pats = row.took, row.cards, row.pats
    pat_before = False
    for k, count in enumerate(counts):
        took[k] += 1
        if pat_before:
            row.broke_chances[k] += 1
            if count:
                row.broke[k] += 1
        if count:
            cards[k] += count
        else:
            pats[k] += 1
            pat_before = True
            if judged and k > last_draw:
                row.judged[k] += 1
                row.snows[k] += snowed


_SNOW: dict[str, tuple[Any, int] | None] = {}


def snow_judge(ranking: str) -> tuple[Any, int] | None:
    """``ranking`` and the strength of its worst ten-low (:data:`TEN_LOW`): a pat hand weaker than
    that is a snow; None where a snow is not defined."""
    if ranking not in _SNOW:
        text = TEN_LOW.get(ranking)
        if text is None:
            _SNOW[ranking] = None
        else:
            from drawdealer.engine.ranking import get_ranking

            judge = get_ranking(ranking)
            _SNOW[ranking] = (judge, judge.strength(parse_cards(text)))
    return _SNOW[ranking]


def opening_hand(cards: Sequence[Card] | None, ranking: Any) -> str:
    """What an Italian opener held before the draw (docs/STATS.md "Openings"): ``pair of jacks`` …,
    the category of a better hand (``two pair`` …), ``straight-flush draw`` for the *bilaterale
    reale* (RULES.md §10.2: the one way to open without a pair), or :data:`NOT_SHOWN`."""
    if cards is None or len(cards) != 5:
        return NOT_SHOWN
    category = ranking.category(cards)
    if category == "pair":
        ranks = [rank_value(c) for c in cards]
        return "pair of " + _PLURAL[next(r for r in ranks if ranks.count(r) == 2)]
    return "straight-flush draw" if category == "high card" else category


# --------------------------------------------------------------------------- a run

class Collected:
    """What :func:`collect` found: the merged tally, the files that could not be read (each a
    ``validate.FileProblem``, in order) and how many files of folders were passed over."""

    def __init__(self, tally: StatsTally) -> None:
        self.tally = tally
        self.problems: list[FileProblem] = []
        self.passed_over = 0
        self.unreadable = False  # a named file, or a file of a folder, that could not be read


def collect(paths: Sequence[str | Path], *, players: frozenset[str] | None = None, game: str | None = None,
            graph: bool = False, jobs: int | str = 1, chunk: int | None = None,
            progress: Callable[[int], None] | None = None,
            on_problem: Callable[[FileProblem], None] | None = None) -> Collected:
    """The statistics of every hand of ``paths`` (files, folders, ``-``, a dealer's journal: whatever
    ``validate`` reads, with its ``jobs`` processes): each task's :class:`StatsTally`, merged in input
    order. ``on_problem`` is called with each file that cannot be read, as it is met."""
    from functools import partial

    from drawdealer.validate import FileProblem, HandReport, PassedOver, validate

    found = Collected(StatsTally(players, game, graph))
    for item in validate(paths, jobs=jobs, chunk=chunk, progress=progress,
                         tally=partial(StatsTally, players, game, graph)):
        if isinstance(item, StatsTally):
            found.tally.merge(item)
        elif isinstance(item, HandReport):
            continue
        elif isinstance(item, FileProblem):
            found.problems.append(item)
            found.unreadable = True
            if on_problem is not None:
                on_problem(item)
        elif isinstance(item, PassedOver):
            found.passed_over += 1
            found.unreadable = found.unreadable or item.unreadable
    return found


# --------------------------------------------------------------------------- the numbers

def rate(count: int, of: int) -> dict[str, Any]:
    """``count`` of ``of`` and the percentage (one decimal; None when ``of`` is 0)."""
    return {"count": count, "of": of, "pct": round(100 * count / of, 1) if of else None}


def figures(found: Collected) -> dict[str, Any]:
    """Every number of ``drawdealer stats`` as one JSON-ready value (docs/STATS.md): the hands read,
    counted and left out, then per game and currency each player's row. The table for people is
    drawn from this value, so both say the same numbers."""
    from drawdealer.engine.variants import get_game

    tally = found.tally
    games = []
    for (game, currency), hands in sorted(tally.games.items()):
        spec = get_game(game)
        rows = sorted(tally.rows.get((game, currency), {}).items(), key=lambda pair: (-pair[1].hands, pair[0]))
        games.append({"game": game, "name": spec.name, "currency": currency or None,
                      "unit": "cents" if currency else "chips", "draws": spec.draws, "hands": hands,
                      "players": [player_figures(name, row, snow=spec.ranking in TEN_LOW, openings=spec.is_italian)
                                  for name, row in rows]})
    return {"hands": {"read": tally.read, "counted": tally.counted,
                      "left_out": {"with_errors": tally.errors, "not_finished": tally.unfinished,
                                   "winner_unknown": tally.winner_unknown, "other_games": tally.other_games},
                      "skipped": tally.skipped},
            "files": {"passed_over": found.passed_over, "unreadable": len(found.problems)},
            "games": games}


def player_figures(name: str, row: Counters, *, snow: bool, openings: bool) -> dict[str, Any]:
    """One player's numbers in one game (docs/STATS.md, heading by heading)."""
    net_bb = row.net_bb() if row.bb_hands else None
    draws = []
    for k, took in enumerate(row.took):
        draws.append({"draw": k + 1, "took_part": took, "stood_pat": rate(row.pats[k], took),
                      "cards_drawn": {"total": row.cards[k], "average": round(row.cards[k] / took, 2) if took else None},
                      "broke": rate(row.broke[k], row.broke_chances[k]) if k else None,
                      "snow": rate(row.snows[k], row.judged[k]) if snow else None})
    out = {"player": name, "hands": row.hands, "net": row.net,
           "net_bb": None if net_bb is None else round(net_bb, 2),
           "bb_per_100": None if net_bb is None else round(100 * net_bb / row.bb_hands, 2),
           "vpip": rate(row.vpip, row.hands), "raised": rate(row.raised, row.hands),
           "aggression": {"bets_raises": row.aggressive, "calls": row.calls,
                          "factor": round(row.aggressive / row.calls, 2) if row.calls else None},
           "went_to_showdown": rate(row.showdowns, row.saw_draw),
           "won_at_showdown": rate(row.won_showdown, row.showdowns),
           "won_without_showdown": rate(row.won_no_showdown, row.hands),
           "net_showdown": row.net_showdown, "net_no_showdown": row.net_no_showdown,
           "draws": draws, "opened": None}
    if openings:
        out["opened"] = {**rate(row.opened, row.hands),
                         "with": dict(sorted(row.openings.items(), key=lambda kv: (-kv[1], kv[0])))}
    return out
