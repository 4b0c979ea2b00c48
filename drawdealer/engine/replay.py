"""Replay a :class:`~drawdealer.engine.record.HandRecord` through the rules (RULES.md §11).

``replay`` builds the hand state, applies every recorded action (carrying on after an error with
the recorded action, RULES.md §11.1, unless the state becomes undefined: ``HISTORY_ABORTED``),
then compares what the log *claims* with what the engine computes: uncalled bets, total pot, main
and side pots, rake, winners and shares of each pot, collected amounts, final stacks (§11.5), and
the Italian checks of §11.6. Every finding carries the hand id, the source line and the index of
the event it concerns, and a finding that follows from an earlier one says so (``caused_by``,
``engine.causes``). ``replay_session`` chains hands: button movement and the Italian carry-over
from deal to deal (requirement, carried pot, false opener's penalty).
"""

from __future__ import annotations

from typing import Any, Iterable

from drawdealer.engine.cards import cards_str
from drawdealer.engine.causes import link_causes
from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import maker, record, replace
from drawdealer.engine.money import money
from drawdealer.engine.options import DEFAULT_OPTIONS, OptionError, Options
from drawdealer.engine.pots import rake_division, take_rake
from drawdealer.engine.record import ActionKind, Claims, HandRecord
from drawdealer.engine.state import COMPLETE, HandState, ItalianCarry, Settlement
from drawdealer.engine.variants import GameSpec, UnknownGame, get_game
from drawdealer.engine.words import pot_name

CARRY_KEYS = ("it_carried_pot", "it_requirement", "it_penalty", "it_penalty_player", "it_reentry")
"""``HandRecord.extra`` keys of an Italian deal's incoming :class:`ItalianCarry`."""


@record
class ReplayResult:
    """The findings of one hand, in event order, and the state it ended in.

    ``complete`` is False for a history that stops mid-hand with no result claimed (a partial
    hand: no award checks), and for a hand still under way (``replay(under_way=True)``).
    ``settlement`` is None when the hand could not be settled.
    """

    hand_id: str
    game: str
    findings: tuple[Finding, ...]
    settlement: Settlement | None
    street: str
    complete: bool
    aborted: bool
    state: HandState | None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.is_error]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if not f.is_error]

    @property
    def clean(self) -> bool:
        """No error finding (warnings allowed)."""
        return not any(f.is_error for f in self.findings)

    @property
    def final_stacks(self) -> dict[str, int]:
        if self.settlement is not None:
            return dict(self.settlement.final_stacks)
        return self.state.stacks() if self.state is not None else {}

    @property
    def carry(self) -> ItalianCarry | None:
        """What an Italian deal hands the next one (None for other games)."""
        return self.settlement.carry if self.settlement is not None else None


_new_result = maker(ReplayResult)


def carry_of(record: HandRecord) -> ItalianCarry | None:
    """The incoming Italian carry written in ``record.extra`` (:data:`CARRY_KEYS`), if any."""
    extra = record.extra
    if not extra or not any(k in extra for k in CARRY_KEYS):
        return None
    return ItalianCarry(pot=int(extra.get("it_carried_pot", 0) or 0), requirement=str(extra.get("it_requirement", "J")),
                        penalty=int(extra.get("it_penalty", 0) or 0), penalty_player=extra.get("it_penalty_player"),
                        reentry=tuple((str(name), int(amount)) for name, amount in extra.get("it_reentry", ())))


def _button(record: HandRecord) -> str | None:
    """The record's button, or the seat it must be from the first blind posted (RULES.md §6.1)."""
    names = [s.name for s in record.seats]
    if record.button in names:
        return record.button
    dealt = sorted((s for s in record.seats if not s.sitting_out), key=lambda s: s.seat)
    order = [s.name for s in dealt]
    for action in record.actions:
        if action.kind in (ActionKind.POST_SB, ActionKind.POST_BB) and action.player in order:
            k = order.index(action.player)
            if len(order) == 2:
                return action.player if action.kind is ActionKind.POST_SB else order[1 - k]
            return order[(k - (1 if action.kind is ActionKind.POST_SB else 2)) % len(order)]
    return record.button


def replay(record: HandRecord, *, options: Options | None = None, carry: ItalianCarry | None = None,
           under_way: bool = False) -> ReplayResult:
    """Replay one hand and check its claims (module docstring). ``options`` are the caller's base
    (a site's house rules); ``record.options`` override them.

    ``under_way``: the hand may still be being played (a dealer's journal's current hand). Unless
    the replay finds it over (``HandState.is_over``), its history stops where the play stands: the
    faults of its actions are reported, but nothing due only at a hand's end is asked of it (the
    opener's show, RULES.md §9.2, §10.2; the award and what the record claims of it, §11.5)."""
    findings: list[Finding] = []
    hid = record.hand_id
    try:
        spec = _game(record.game)
    except UnknownGame as exc:
        findings.append(Finding(code="GAME_UNSUPPORTED", message=str(exc), hand_id=hid, line=record.line,
                                actual=record.game))
        return _new_result(hand_id=hid, game=record.game, findings=tuple(findings), settlement=None, street="SETUP",
                            complete=False, aborted=True, state=None)
    base = options or DEFAULT_OPTIONS
    try:
        opts = _options(record.options, base) if record.options else base
    except OptionError as exc:
        findings.append(Finding(code="CONFIG_INVALID", message=str(exc), hand_id=hid, line=record.line,
                                expected=exc.reason, actual=exc.value, details={"option": exc.option}))
        opts = base
    button, carry = _button(record), carry if carry is not None else carry_of(record)
    state = HandState(spec, seats=record.seats, button=button, stakes=record.stakes, options=opts, hand_id=hid,
                      carry=carry, currency=record.currency)
    findings += state.setup_problems()
    state.play(record.actions, findings)
    if record.runs and not state.aborted:
        from drawdealer.engine.runs import play_runs

        findings += play_runs(state, record.runs)
    claims = record.claims
    claimed = bool(claims.collected or claims.summary_collected or claims.total_pot is not None or claims.pots)
    settlement = None
    if under_way and state.ready_to_deal():  # dealt as the dealer deals, at once: a hand file names no unseen card
        findings += state.start()
    waiting = under_way and not state.is_over
    if not state.aborted and not waiting:
        if state.phase != COMPLETE and claimed:
            findings += state.abandon()
        if state.phase == COMPLETE:
            findings += state.finish()
            settlement = _check_claims(state, record, findings)
    return _new_result(hand_id=hid, game=spec.id, findings=link_causes(findings) if findings else (),
                        settlement=settlement, street=state.street,
                        complete=state.phase == COMPLETE and not waiting, aborted=state.aborted, state=state)


_OPTIONS: dict[tuple, tuple[Options, Options]] = {}
_GAMES: dict[str, GameSpec] = {}


def _game(name: str) -> GameSpec:
    """``get_game`` cached by the record's own spelling of the game (raises :class:`UnknownGame`)."""
    spec = _GAMES.get(name)
    if spec is None:
        if len(_GAMES) > 256:
            _GAMES.clear()
        spec = _GAMES[name] = get_game(name)
    return spec


def _options(mapping: dict, base: Options) -> Options:
    """``Options.from_mapping`` cached: the hands of a file share their house rules."""
    try:
        key = (id(base), tuple(mapping.items()))
        hit = _OPTIONS.get(key)
    except TypeError:  # an unhashable value: no caching
        return Options.from_mapping(mapping, base=base)
    if hit is None or hit[0] is not base:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        hit = _OPTIONS[key] = (base, Options.from_mapping(mapping, base=base))
    return hit[1]


def _f(state: HandState, code: str, message: str, *, line: int | None, expected: Any = None, actual: Any = None,
       player: str = "", **details: Any) -> Finding:
    return Finding(code=code, message=message, hand_id=state.hand_id, line=line, event_index=state.events,
                   street="AWARD", player=player, expected=expected, actual=actual, details=details,
                   currency=state.currency)


def _shares(state: HandState, shares: dict[str, int]) -> str:
    """``Hero $1.01, Player1 $1.00``: who takes what of a pot, as money."""
    return ", ".join(f"{player} {state.money(amount)}" for player, amount in shares.items())


def _check_claims(state: HandState, record: HandRecord, out: list[Finding]) -> Settlement:
    """Compare the log's claims with the engine's settlement (RULES.md §11.5, §11.6)."""
    claims = record.claims
    lines = claims.lines
    settlement = state.settle(explain=False)
    pot_total = 0
    for pot in settlement.pots:
        pot_total += pot.amount
    claims = restated_claims(claims, settlement)
    claimed_rake = claims.rake
    division = None  # the rake taken from each pot, when the log lists its pots net of it (Claims.pots)
    if claimed_rake is not None and not state.raked:  # raked: RAKE_PERCENT set (a Fraction's truth is a call)
        if claims.pots and claimed_rake:
            division = rake_division([p.amount for p in settlement.pots], claims.pots, claimed_rake)
        if division is not None or claimed_rake != settlement.rake:
            settlement = state.settle(rake=division or claimed_rake, explain=False)
    # --- uncalled bets (§7.1)
    if claims.uncalled or settlement.returned:
        said: dict[str, int] = {}
        where: dict[str, int | None] = {}
        for player, amount, line in claims.uncalled:
            said[player] = said.get(player, 0) + amount
            where[player] = line
        for player in sorted(set(said) | set(settlement.returned)):
            want, got = settlement.returned.get(player, 0), said.get(player, 0)
            if want != got and (claims.uncalled or (claims.collected and claims.uncalled_printed)):
                out.append(_f(state, "UNCALLED_BET_WRONG", f"the uncalled {state.money(want)} goes back to {player}, "
                                                           f"the log says {state.money(got)}",
                              line=where.get(player), expected=want, actual=got, player=player, seat=player))
    # --- pots (§9.4)
    if claims.total_pot is not None and claims.total_pot != pot_total:
        out.append(_f(state, "POT_AMOUNT_WRONG", f"the pot is {state.money(pot_total)}, the log says "
                                                 f"{state.money(claims.total_pot)}",
                      line=lines.get("total_pot"), expected=pot_total, actual=claims.total_pot, pot_index="total"))
    if claims.pots and division is None:  # else each listed pot is its pot less its share of the rake
        computed = tuple([p.amount for p in take_rake(settlement.pots, settlement.rake)])  # §9.5: main pot first
        if claims.pots != computed:
            for k in range(max(len(computed), len(claims.pots))):
                want = computed[k] if k < len(computed) else 0
                got = claims.pots[k] if k < len(claims.pots) else 0
                if want != got:
                    net = " after the rake" if settlement.rake else ""
                    out.append(_f(state, "POT_AMOUNT_WRONG", f"{pot_name(k, definite=True)} is {state.money(want)}"
                                                             f"{net}, the log says {state.money(got)}",
                                  line=lines.get("pots"), expected=want, actual=got, pot_index=k))
    # --- rake (§9.5)
    if claimed_rake is not None:
        opts = state.opts
        if state.raked:
            want = state.expected_rake(pot_total)
            if claimed_rake != want:
                out.append(_f(state, "RAKE_MISMATCH", f"the rake is {state.money(want)} by RAKE_PERCENT, the log "
                                                      f"says {state.money(claimed_rake)}",
                              line=lines.get("rake"), expected=want, actual=claimed_rake, pot_total=pot_total))
        if opts.rake_cap is not None and claimed_rake > opts.rake_cap:
            out.append(_f(state, "RAKE_EXCEEDS_CAP", f"rake {state.money(claimed_rake)} is above the cap "
                                                     f"{state.money(opts.rake_cap)}",
                          line=lines.get("rake"), expected=opts.rake_cap, actual=claimed_rake))
    collected_claims = claims.collected
    said_collected: dict[str, int] = {}  # what the log says each player collected
    for c in collected_claims:
        said_collected[c.player] = said_collected.get(c.player, 0) + c.amount
    if collected_claims:
        said_total = sum(said_collected.values())
        rake = claimed_rake if claimed_rake is not None else settlement.rake
        paid_out = pot_total - settlement.carried - (sum(settlement.refunds.values()) if settlement.refunds else 0)
        if said_total + rake != paid_out and settlement.determined and not state.italian:
            out.append(_f(state, "RAKE_MISMATCH", f"collected {state.money(said_total)} + rake {state.money(rake)} = "
                                                  f"{state.money(said_total + rake)}, not the pots' "
                                                  f"{state.money(paid_out)}",
                          line=lines.get("rake") or collected_claims[-1].line, expected=paid_out,
                          actual=said_total + rake, rake=rake, pot_total=pot_total))
    _check_awards(state, claims, settlement, said_collected, out)
    if claims.descriptions:
        _check_descriptions(state, claims.descriptions, out)
    # --- final stacks (§9.4): the stack behind plus what the log says was collected, else the settlement's
    if claims.final_stacks:
        if not collected_claims or (not settlement.refunds and said_collected == settlement.collected):
            expected = settlement.final_stacks
        else:
            expected = {name: chips + said_collected.get(name, 0) for name, chips in zip(state.names, state.stack)}
        for player, end in claims.final_stacks:
            want = expected.get(player)
            if want is not None and want != end:
                out.append(_f(state, "STACK_ARITHMETIC", f"{player} ends with {state.money(end)}, the chips say "
                                                         f"{state.money(want)}",
                              line=lines.get(f"stack:{player}"), expected=want, actual=end, player=player, seat=player))
    return settlement


def restated_claims(claims: Claims, settlement: Settlement) -> Claims:
    """``claims`` stated as PokerStars states them, where a site's conventions differ: collected
    amounts without the uncalled chips they hold (``uncalled_in_collected``; but for those the log
    returns on their own, ``Claims.uncalled``: RULES.md §7.1, they were never in a pot), taken from
    the player's collected claims from his highest pot down (the last claim first: Winamax pays them
    as a side pot of their own, or in his one claim; Merge in his last), a claim left with nothing
    dropped, and from his summary total and the total pot, which hold them too (Winamax); and, when
    the log prints no rake (``rake_printed`` false),
    the rake the pots hold beyond the collected amounts (None when more is collected than the pots
    hold, §9.5). The replay checks these; ``write_pokerstars`` writes them."""
    if claims.uncalled_in_collected and settlement.returned:
        collected, summary, total = list(claims.collected), claims.summary_collected, claims.total_pot
        for player, chips in settlement.returned.items():
            chips -= sum(amount for p, amount, _ in claims.uncalled if p == player)
            mine = sorted((k for k, c in enumerate(collected) if c.player == player),
                          key=lambda k: (collected[k].pot_index or 0, k), reverse=True)
            for k in mine:
                take = min(chips, collected[k].amount) if chips > 0 else 0
                chips -= take
                collected[k] = replace(collected[k], amount=collected[k].amount - take)
                summary = tuple((p, won - take if p == player else won, at) for p, won, at in summary)
                total = None if total is None else total - take
        claims = replace(claims, collected=tuple(c for c in collected if c.amount), summary_collected=summary,
                         total_pot=total)
    if claims.rake is None and not claims.rake_printed and claims.collected:
        left = sum(p.amount for p in settlement.pots) - settlement.carried - sum(settlement.refunds.values()) - \
            sum(c.amount for c in claims.collected)
        claims = replace(claims, rake=left if left >= 0 else None)
    return claims


def _check_awards(state: HandState, claims: Claims, settlement: Settlement, said: dict[str, int],
                  out: list[Finding]) -> None:
    """Winners, eligibility, splits and collected amounts per pot (RULES.md §9.4, §9.6, §10); ``said`` is
    what the log's collected lines add up to for each player."""
    collected_claims = claims.collected
    awards = settlement.awards
    if state.spec.splits_pot:  # a log collects both halves of a pot together (RULES.md §17)
        from drawdealer.engine.splitpot import per_pot

        awards = per_pot(awards)
    if collected_claims:
        italian = state.italian
        by_pot: dict[int | None, list] = {}
        for c in collected_claims:
            by_pot.setdefault(c.pot_index, []).append(c)
        if None in by_pot and len(by_pot) == 1 and len(awards) == 1 and not settlement.refunds:
            by_pot = {0: by_pot[None]}  # "collected X from pot": the only pot
        if italian and settlement.outcome in ("PAROLA", "UNOPENED"):
            got = sum(said.values())
            out.append(_f(state, "IT_POT_AWARDED_AFTER_PAROLA", f"{state.money(got)} collected although nobody "
                          "won the deal",
                          line=collected_claims[0].line, expected=0, actual=got))
            return
        if italian:
            for index, group in by_pot.items():
                sharing = sorted({c.player for c in group})
                if index is not None and len(sharing) > 1:
                    out.append(_f(state, "IT_SPLIT_POT", f"{pot_name(index, definite=True)} is split between "
                                  f"{', '.join(sharing)}", line=group[0].line, expected=None, actual=index))
            opener = settlement.false_opener
            if opener is not None:
                got = said.get(opener, 0)
                allowed = settlement.collected.get(opener, 0) + settlement.refunds.get(opener, 0)
                if got > allowed:
                    out.append(_f(state, "IT_FALSE_OPENER_COLLECTED", f"{opener} opened without openers and collects "
                                                                      f"{state.money(got)}; at most "
                                                                      f"{state.money(allowed)} is due",
                                  line=next(c.line for c in collected_claims if c.player == opener), expected=allowed,
                                  actual=got, player=opener))
        for index, group in by_pot.items():
            if index is None or index >= len(awards):
                continue
            award = awards[index]
            said_here: dict[str, int] = {}
            for c in group:  # a split pot's winner of both halves collects in two lines (RULES.md §17)
                said_here[c.player] = said_here.get(c.player, 0) + c.amount
            if said_here == award.shares and len(said_here) == len(group):
                continue  # the log's lines are the award: its winners, all eligible, and its shares
            pot = settlement.pots[index]
            winners = set(said_here)
            for c in group:
                if c.player not in pot.eligible:
                    out.append(_f(state, "POT_ELIGIBILITY_WRONG", f"{c.player} collects from "
                                  f"{pot_name(index, definite=True)} but is not eligible for it (eligible: "
                                  f"{', '.join(pot.eligible)})", line=c.line, expected=list(pot.eligible),
                                  actual=c.player, player=c.player, pot_index=index))
            if not award.winners:
                continue
            if winners != set(award.winners):
                reason = "; ".join(a.reason for a in state.award([pot]))
                out.append(_f(state, "WINNER_WRONG", f"{pot_name(index, definite=True)} goes to "
                              f"{', '.join(award.winners)}, the log says {', '.join(sorted(winners))}: {reason}",
                              line=group[0].line, expected=list(award.winners), actual=sorted(winners), pot_index=index))
            elif len(winners) > 1 and said_here != award.shares:
                out.append(_f(state, "SPLIT_WRONG", f"{pot_name(index, definite=True)} splits as "
                              f"{_shares(state, award.shares)}; the log says {_shares(state, said_here)}",
                              line=group[0].line, expected=dict(award.shares), actual=said_here, pot_index=index))
    if not settlement.determined:
        return
    want = settlement.collected  # what each player takes away: his shares (none of 0) and his refunds
    if settlement.refunds or 0 in want.values():
        want = {p: v for p, v in want.items() if v}
        for p, v in settlement.refunds.items():
            want[p] = want.get(p, 0) + v
    if collected_claims:
        if said != want:
            where: dict[str, int | None] = {}
            for c in collected_claims:
                where.setdefault(c.player, c.line)
            _compare_collected(state, want, said, where, out)
    elif claims.summary_collected:
        summary = {p: v for p, v, _ in claims.summary_collected if v}
        if summary != want:
            _compare_collected(state, want, summary, {p: line for p, _, line in claims.summary_collected}, out)


def _check_descriptions(state: HandState, descriptions: Iterable[tuple[str, str, int | None]],
                        out: list[Finding]) -> None:
    """Each hand description the log prints against the player's five cards (RULES.md §9.2)."""
    from drawdealer.engine.descriptions import contradicts, read_description

    ranking = state._ranking()
    if not hasattr(ranking, "hand_class"):
        return
    for player, text, line in descriptions:
        i = state.index.get(player, -1)
        cards = state.shown.get(i) if i >= 0 else None
        if cards is None and i >= 0 and len(state.deck.hands[i]) == state.spec.hand_size:
            cards = tuple(state.deck.hands[i])
        claimed = read_description(text) if cards is not None and len(cards) == 5 else None
        if claimed is None:
            continue
        actual = ranking.hand_class(cards)
        if contradicts(claimed, actual):
            computed = ranking.describe(cards)
            out.append(_f(state, "HAND_CLAIM_WRONG", f"{player}'s {cards_str(cards)} is {computed}, the log says "
                          f"'{text}'", line=line, expected=computed, actual=text, player=player))


def _compare_collected(state: HandState, want: dict[str, int], said: dict[str, int],
                       where: dict[str, int | None], out: list[Finding]) -> None:
    """``COLLECTED_AMOUNT_WRONG`` for each player whose collected total the log gets wrong (RULES.md §11.5)."""
    for player in sorted(set(want) | set(said)):
        w, g = want.get(player, 0), said.get(player, 0)
        if w != g:
            out.append(_f(state, "COLLECTED_AMOUNT_WRONG", f"{player} collects {state.money(w)}, the log says "
                                                           f"{state.money(g)}",
                          line=where.get(player), expected=w, actual=g, player=player, seat=player))


def replay_session(records: Iterable[HandRecord], *, options: Options | None = None) -> list[ReplayResult]:
    """Replay consecutive hands of one table, checking what passes from hand to hand (:class:`Session`)."""
    session = Session(options=options)
    return [session.replay(record) for record in records]


class Session:
    """Consecutive hands of one table, replayed one at a time (a stream: the validator's files).

    The button moves one occupied seat clockwise (``BUTTON_POSITION_INVALID``, RULES.md §6.1); in
    the Italian game each deal starts from the previous deal's carry: its requirement
    (``IT_REQUIREMENT_WRONG``), its carried pot (``IT_CARRIED_POT_WRONG``) and the false opener's
    penalty (``IT_FALSE_OPENER_PENALTY_MISSING``, raised by the deal itself), §10.
    """

    def __init__(self, *, options: Options | None = None) -> None:
        self.options = options
        self.previous: HandRecord | None = None
        self.carry: ItalianCarry | None = None

    def replay(self, record: HandRecord, *, under_way: bool = False) -> ReplayResult:
        """Replay the next hand of the session (``under_way``: see :func:`replay`)."""
        previous, carry = self.previous, self.carry
        extra: list[Finding] = []
        if previous is not None:
            extra += _button_moved(previous, record)
        recorded = carry_of(record)
        if carry is not None and recorded is not None:
            if recorded.requirement != carry.requirement:
                extra.append(Finding(code="IT_REQUIREMENT_WRONG", message=f"this deal's requirement is "
                                     f"{carry.requirement}, the record says {recorded.requirement}",
                                     hand_id=record.hand_id, line=record.line, street="SETUP",
                                     expected=carry.requirement, actual=recorded.requirement))
            if recorded.pot != carry.pot:
                currency = record.currency
                extra.append(Finding(code="IT_CARRIED_POT_WRONG", message=f"{money(carry.pot, currency)} is carried "
                                     f"into this deal, the record says {money(recorded.pot, currency)}",
                                     hand_id=record.hand_id, line=record.line, street="SETUP", expected=carry.pot,
                                     actual=recorded.pot, currency=currency))
        result = replay(record, options=self.options, carry=carry, under_way=under_way)
        if extra:
            result = ReplayResult(hand_id=result.hand_id, game=result.game,
                                  findings=link_causes(extra + list(result.findings)),
                                  settlement=result.settlement, street=result.street, complete=result.complete,
                                  aborted=result.aborted, state=result.state)
        self.carry = result.carry
        self.previous = record
        return result


def _button_moved(previous: HandRecord, record: HandRecord) -> list[Finding]:
    """The button moves to the next occupied seat clockwise (RULES.md §6.1)."""
    seat_of = {s.name: s.seat for s in previous.seats}
    seats_now = sorted(s.seat for s in record.seats if not s.sitting_out)
    now = {s.name: s.seat for s in record.seats}
    old = seat_of.get(previous.button or "")
    new = now.get(record.button or "")
    if old is None or new is None or not seats_now:
        return []
    later = [s for s in seats_now if s > old]
    want = later[0] if later else seats_now[0]
    if new == want:
        return []
    return [Finding(code="BUTTON_POSITION_INVALID", message=f"the button should move from seat {old} to seat {want}; "
                    f"the hand has it on seat {new}", hand_id=record.hand_id, line=record.line, street="SETUP",
                    expected=want, actual=new)]

