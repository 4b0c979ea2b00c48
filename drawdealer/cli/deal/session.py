"""The dealing session: hand after hand over the engine's :class:`HandState` (issue 5).

The session is a thin shell. Every command becomes a :class:`~drawdealer.engine.record.Action`,
the engine verifies it (RULES.md §11 findings, DESIGN.md convention 3) and only then applies it;
an illegal command is refused with the reason and the legal choices, and nothing changes.

Crash safety (the journal, ``journal.py``): an accepted command is written to disk before the
screen changes. Within a hand the hand's PHH file is the commit point: it is replaced atomically
with the new action and its ``_dealer_journal.commands`` count, then ``session.toml`` gets the same
count. ``next`` commits the other way round: ``session.toml`` first (new stacks, button, hand
number, Italian carry), then the new hand's file, which can always be rebuilt from the session.
``restore.resume`` therefore finds the hand file at the session's count or one command ahead (then
it rolls the session forward), and refuses anything else.

``next`` follows RULES.md §6.1 (the button moves one occupied seat clockwise, stacks carry over)
and §10 (the Italian requirement and the money left in the middle carry into the next deal), then
applies the session commands typed during the hand (``roster.py``: rebuys, arrivals, departures,
sitting out, the button) in the order typed. Before it writes the new hand it keeps the session
file as it stood in ``hand-NNNN.session.toml``, so ``undo`` can take ``next`` back.

``undo`` takes back the last accepted command: a session command (dropped from ``[[pending]]``),
an action (the hand is rebuilt from its journal minus the action), or ``next`` (the finished hand
comes back from its file and the kept session file; the abandoned new hand's file is removed).

An Italian blind declaration (RULES.md §10.6) is declined by the declarer's first betting word,
which deals the cards, or explicitly by ``deal``: a ``deal`` action with no card, journaled like any
other (``# drawdealer: deal pN`` in the PHH file), which the engine takes as the start of play. It
is the only way out when nobody else has chips behind, since the deal then ends the hand (§6.2).
"""

from __future__ import annotations

from typing import Any, Callable

from drawdealer.cli.deal.actions import action_for
from drawdealer.cli.deal.announce import AUTOMATIC, Before, action_words, draw_words, said_after
from drawdealer.cli.deal.commands import ITALIAN_WORDS, SESSION_VERBS, Command, Verb, help_text
from drawdealer.cli.deal.journal import Journal
from drawdealer.cli.deal.ledger import Ledger
from drawdealer.cli.deal.roster import WAIT_BB, Account, Change, Roster, RosterError, TableFull
from drawdealer.cli.deal.sessionfile import SessionFileError, SessionInfo, parse_session
from drawdealer.cli.deal.setup import max_players, table_full
from drawdealer.cli.deal.table import table_view
from drawdealer.cli.deal.view import TableView, draws_text
from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import record, replace
from drawdealer.engine.options import Options
from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes
from drawdealer.engine.state import HandState, ItalianCarry, ranking_for
from drawdealer.engine.variants import GameSpec, Structure, get_game

K = ActionKind
JOURNAL_KEY = "_dealer_journal"
"""The PHH extension field holding the hand number, the session's command count and the hand's
action count (a line removed from the file by hand is caught on resume)."""


@record
class Reply:
    """What one command produced: the screen to show, and whether the session ends."""

    view: TableView
    quit: bool = False


@record
class Said:
    """An accepted action in the dealer's words (``Bob calls 30``; the screen prefixes ``ok:``) and
    what it set off: a reshuffle, a held-back card, uncalled chips (``announce.py``), the engine's
    warnings."""

    text: str
    notes: tuple[str, ...] = ()


def _seats(seats: tuple[tuple[str, int], ...], away: dict[str, str]) -> tuple[Seat, ...]:
    """Seats clockwise; a player without chips or away (sitting out, waiting) is not dealt in."""
    return tuple(Seat(seat=k + 1, name=name, stack=stack, sitting_out=stack == 0 or name in away)
                 for k, (name, stack) in enumerate(seats))


def _carry_from(data: dict[str, Any]) -> ItalianCarry | None:
    if not data:
        return None
    return ItalianCarry(pot=int(data.get("pot", 0)), requirement=str(data.get("requirement", "J")),
                        penalty=int(data.get("penalty", 0)), penalty_player=data.get("penalty_player") or None)


def _carry_to(carry: ItalianCarry | None) -> dict[str, Any]:
    if carry is None:
        return {}
    out: dict[str, Any] = {"pot": carry.pot, "requirement": carry.requirement, "penalty": carry.penalty}
    if carry.penalty_player:
        out["penalty_player"] = carry.penalty_player
    return out


class DealerSession:
    """One table: the session file's data plus the current hand (see the module docstring)."""

    def __init__(self, info: SessionInfo, journal: Journal) -> None:
        """``info`` comes validated from ``setup.build_session`` or ``sessionfile.parse_session``; a
        session file without accounts (written before issue 16) starts them from the seats."""
        if info.accounts is None:
            info = replace(info, accounts={n: Account(bought_in=s) for n, s in info.seats})
        self.info = info
        self.journal = journal
        self.spec: GameSpec = get_game(info.game)
        self.options: Options = Options.from_mapping(info.options)
        self.actions: list[Action] = []
        self.state: HandState = self.fresh_state()

    # ------------------------------------------------------------------ building hands
    @property
    def stakes(self) -> Stakes:
        values = dict(self.info.stakes)
        if self.spec.structure is Structure.FIXED:
            bb = values.get("bb", 0)
            values.setdefault("small_bet", bb)
            flat = self.options.fl_structure == "FLAT"
            values.setdefault("big_bet", bb if flat else bb * self.options.big_bet_multiplier)
        return Stakes(**values)

    @property
    def carry(self) -> ItalianCarry | None:
        return _carry_from(self.info.carry) if self.spec.is_italian else None

    @property
    def max_players(self) -> int:
        return max_players(self.spec, self.options)

    def resize(self, options: Options) -> None:
        """The table's size changed on resume (``MAX_PLAYERS_27``, RULES.md §18.1, the only option a
        running session takes): kept in the session file at once; the hand file, whose hand it does
        not change, takes it at its next write."""
        self.options = options
        self.info = replace(self.info, options=options.changed())
        self.journal.write_session(self.info.to_toml())

    def seats(self) -> tuple[Seat, ...]:
        """Every seat, clockwise; players without chips or away (sitting out) are not dealt in."""
        return _seats(self.info.seats, self.info.away)

    @property
    def names(self) -> tuple[str, ...]:
        """Players dealt into the current hand, clockwise."""
        return tuple(s.name for s in self.seats() if not s.sitting_out)

    def fresh_state(self) -> HandState:
        return HandState(self.spec, seats=self.seats(), button=self.info.button, stakes=self.stakes,
                         options=self.options, hand_id=str(self.info.hand), carry=self.carry)

    def rebuild(self, actions: list[Action]) -> list[tuple[Action, Finding]]:
        """A new state from ``actions``, dealt at the same point as when they were accepted
        (``_start_if_ready`` before the first and after each); returns the error findings met on the
        way (action, finding)."""
        self.state = self.fresh_state()
        self.actions = []
        self._start_if_ready()
        errors: list[tuple[Action, Finding]] = []
        for action in actions:
            errors += [(action, finding) for finding in self._play(action) if finding.is_error]
        return errors

    def _play(self, action: Action) -> list[Finding]:
        """Apply ``action``, keep it, deal if the set-up is over; the engine's findings."""
        findings = self.state.apply(action)
        self.actions.append(action)
        self._start_if_ready()
        return findings

    def accept(self, action: Action) -> Said:
        """Play an action the engine has verified (no error finding) and say what happened: the
        words of the dealer's screen, which ``handle`` journals and shows."""
        before = Before.of(self.state)
        opened = self.state.opened_by()
        findings = self._play(action)
        notes = said_after(before, self.state, action) + [f"warning: {f.message} ({f.code})" for f in findings]
        opening = opened is None and self.state.opened_by() == action.player
        return Said(text=self._said(action, before, opening=opening), notes=tuple(notes))

    def said(self) -> tuple[Said, ...]:
        """The current hand's actions after the forced bets in the dealer's words, as
        :meth:`accept` said them: the hand is played again from its start (the state ends the same)."""
        actions = self.actions
        self.state, self.actions = self.fresh_state(), []
        self._start_if_ready()
        words = []
        for action in actions:
            said = self.accept(action)
            if action.kind not in AUTOMATIC:
                words.append(said)
        return tuple(words)

    def _start_if_ready(self) -> None:
        """Deal once the forced bets are in and no blind declaration is pending (RULES.md §5, §10.6;
        the engine offers none to a player with no chips behind)."""
        if self.state.ready_to_deal():
            self.state.start()

    def begin_hand(self) -> None:
        """Post the forced bets of a new hand (blinds/antes §6.1, invito/ante and penalty §10.1,
        §10.4), deal if nothing else is due, and write the hand's first journal file."""
        self.post_forced_bets()
        self.journal.write_hand(self.info.hand, self.hand_text())

    def post_forced_bets(self) -> None:
        """A new hand with its forced bets posted, dealt if nothing else is due (not journaled)."""
        self.actions = []
        self.state = self.fresh_state()
        for action in self.state.forced_actions():
            self.state.apply(action)
            self.actions.append(action)
        self._start_if_ready()

    # ------------------------------------------------------------------ journal
    def record(self) -> HandRecord:
        """The current hand as a record (what the PHH journal file holds)."""
        claims = Claims()
        state = self.state
        if state.is_complete:
            s = state.settle()
            collected = tuple(PotClaim(player=p, amount=v, pot_index=aw.index)
                              for aw in s.awards for p, v in aw.shares.items() if v)
            final = tuple((s_.name, s.final_stacks[s_.name]) for s_ in self.seats() if s_.name in s.final_stacks)
            claims = Claims(collected=collected, final_stacks=final,
                            total_pot=sum(p.amount for p in s.pots) if s.pots else None,
                            uncalled=tuple((p, v, None) for p, v in s.returned.items()))
        marker = {"hand": self.info.hand, "commands": self.info.commands, "actions": len(self.actions)}
        extra: dict[str, Any] = {"phh": {JOURNAL_KEY: marker}}
        carry = self.carry
        if carry is not None:
            extra.update({"it_carried_pot": carry.pot, "it_requirement": carry.requirement,
                          "it_penalty": carry.penalty, "it_penalty_player": carry.penalty_player})
        return HandRecord(hand_id=str(self.info.hand), game=self.spec.id, seats=self.seats(),
                          button=self.info.button, stakes=self.stakes, actions=tuple(self.actions), claims=claims,
                          options=dict(self.info.options), extra=extra)

    def hand_text(self) -> str:
        from drawdealer.parsers import write_phh

        return write_phh(self.record())

    def _commit(self, *, session_first: bool = False) -> None:
        """Journal one more accepted command: an action commits in the hand file, then the session
        file follows; a session command (``session_first``) commits in the session file, then the
        hand file follows with the same count."""
        self.info = replace(self.info, commands=self.info.commands + 1, session_first=session_first)
        if session_first:
            self.journal.write_session(self.info.to_toml())
        self.journal.write_hand(self.info.hand, self.hand_text())
        if not session_first:
            self.journal.write_session(self.info.to_toml())

    @classmethod
    def start(cls, info: SessionInfo, journal: Journal) -> DealerSession:
        """A new session in an empty journal directory: session file, then hand 1 with its forced bets."""
        session = cls(info, journal)
        journal.create()
        journal.write_session(info.to_toml())
        session.begin_hand()
        return session

    def where(self, verb: str) -> str:
        """``resumed DIR: hand 3, B2, Bob to act (47 commands so far)``."""
        view = self.view()
        who = f", {view.to_act} to act" if view.to_act else ""
        drawn = " · ".join(f"{name} {draws_text(counts)}" for name, counts in view.drawn.items())
        return (f"{verb} {self.journal.directory}: hand {self.info.hand}, {view.street}{who} "
                f"({self.info.commands} commands so far)" + (f"; drawn: {drawn}" if drawn else ""))

    # ------------------------------------------------------------------ commands
    def handle(self, command: Command) -> Reply:
        """Apply one command (:data:`ANSWERS`, a hand command otherwise); the journal is written
        before the returned view is shown."""
        answer = ANSWERS.get(command.verb, DealerSession._hand)(self, command)
        return answer if isinstance(answer, Reply) else Reply(view=answer)

    def _quit(self, command: Command) -> Reply:
        book = self.ledger()
        text = f"{book.text()}\nbye: continue with: drawdealer deal --resume {self.journal.directory}"
        return Reply(view=replace(self.view(message=text), ledger=book.to_json()), quit=True)

    def _help(self, command: Command) -> TableView:
        return self.view(message=help_text(self.spec.is_italian))

    def _status(self, command: Command) -> TableView:
        return self.view(message=self.where("status of"))

    def _ledger(self, command: Command) -> TableView:
        book = self.ledger()
        return replace(self.view(message=book.text()), ledger=book.to_json())

    def _hand(self, command: Command) -> Reply:
        """A hand command: the action it stands for (``actions.py``), verified by the engine, applied,
        journaled; refused with the reason and the choices when it cannot be."""
        action = action_for(command, self.state)
        if isinstance(action, str):
            return Reply(view=self.refuse(command.text, action))
        findings = self.state.verify(action)
        errors = [f for f in findings if f.is_error]
        if errors:
            return Reply(view=self.refuse(command.text, "; ".join(f"{f.message} ({f.code})" for f in errors)))
        said = self.accept(action)
        self._commit()
        text = said.text
        word = command.text.split()[0].lower()
        if ITALIAN_WORDS.get(word) in (Verb.PASSO, Verb.CHECK, Verb.PIATTO, Verb.CHIP, Verb.PAT):
            done, sep, rest = text.partition(" · ")  # the Italian word the table heard, beside what it did
            text = f"{done} ({word}){sep}{rest}"
        return Reply(view=self.view(message=f"ok: {text}", extra_notes=said.notes))

    def _said(self, action: Action, before: Before, *, opening: bool) -> str:
        """The accepted action as the dealer says it: a draw with its burn and the stub left, the
        opening (RULES.md §10.2), a hand shown with what it is, the openers shown after the deal."""
        if action.kind is K.DRAW:
            return draw_words(before, self.state, action)
        if opening and action.kind is K.BET:
            return f"{action.player} opens for {action.amount:,}" + (" (all-in)" if action.all_in else "")
        text = action_words(action, answers_blind=bool(self.state.blind_posters))
        if action.kind is K.SHOW and action.cards:
            if before.complete:  # the deal is over: these are the openers (RULES.md §10.2)
                text = text.replace(" shows ", " shows the openers ", 1)
            text += f": {ranking_for(self.spec, self.state.n, self.options).describe(action.cards)}"
        return text

    def _undo(self, command: Command) -> TableView:
        """Take back the last accepted command (module docstring): a session command typed after the
        hand's last action, else the last action that is not a forced bet, else ``next``."""
        pending = self.info.pending
        if pending and pending[-1].actions >= len(self.actions):
            self.info = replace(self.info, pending=pending[:-1])
            self._commit(session_first=True)
            return self.view(message=f"undone: {pending[-1].describe()}")
        first_free = next((k for k, a in enumerate(self.actions) if a.kind not in AUTOMATIC), len(self.actions))
        if len(self.actions) <= first_free:
            return self._undo_next()
        undone = self.actions[-1]
        errors = self.rebuild(self.actions[:-1])
        assert not errors, errors  # a prefix of accepted actions is always accepted
        self._commit()
        return self.view(message=f"undone: {action_words(undone, answers_blind=bool(self.state.blind_posters))}")

    def _undo_next(self) -> TableView:
        """Back into the finished hand: the session file kept by ``next`` and the hand's own file.
        The finished hand's file is written first (with the new command count), then the session
        file, then the abandoned hand's file goes: a crash in between resumes one side or the other."""
        hand = self.info.hand
        kept = self.journal.read_kept_session(hand - 1) if hand > 1 else None
        text = self.journal.read_hand(hand - 1) if kept is not None else None
        if kept is None or text is None:
            return self.refuse("undo", f"nothing to undo in hand {hand}")
        from drawdealer.parsers.phh import parse_hand
        from drawdealer.parsers.results import ParseFailure, Skipped

        try:
            info = parse_session(kept)
        except SessionFileError as exc:
            return self.refuse("undo", f"cannot undo next: {self.journal.kept_session_path(hand - 1)}: {exc}")
        parsed = parse_hand(text.splitlines(), 1, str(self.journal.hand_path(hand - 1)))
        if isinstance(parsed, (ParseFailure, Skipped)):
            return self.refuse("undo", f"cannot undo next: {parsed.message}")
        self.info = replace(info, commands=self.info.commands)
        if info.accounts is None:
            self.info = replace(self.info, accounts={n: Account(bought_in=s) for n, s in info.seats})
        errors = self.rebuild(list(parsed.actions))
        assert not errors, errors  # the hand was accepted action by action
        self._commit()
        self.journal.remove_hand(hand)
        return self.view(message=f"undone: next (back in hand {self.info.hand}; hand {hand} is not dealt)")

    def _change(self, command: Command) -> TableView:
        """A session command (``roster.py``): checked against the table as the next deal will find it
        with the commands typed before it, journaled, applied at ``next``."""
        roster, *_ = self.ended()
        change = Change(verb=command.verb.value, name=command.player or "", chips=command.amount or 0,
                        after=command.after, wait=command.wait, actions=len(self.actions))
        change = replace(change, name=roster.seated(change.name) or change.name,
                         after=(roster.seated(change.after) or change.after) if change.after else "")
        if change.wait and (self.spec.is_italian or self.options.forced_bets == "ANTES_ONLY"):
            return self.refuse(command.text, f"{self.spec.id} has no big blind to wait for: sitin {change.name}")
        try:
            roster.apply(change, max_players=self.max_players)
        except TableFull:
            full = table_full(self.spec, self.options, self.max_players + 1, self.journal.directory)
            return self.refuse(command.text, f"the table is full: {full}")
        except RosterError as exc:
            return self.refuse(command.text, str(exc))
        self.info = replace(self.info, pending=self.info.pending + (change,))
        self._commit(session_first=True)
        return self.view(message=f"ok: {change.describe()} (at the next deal)")

    def ended(self) -> tuple[Roster, int, int, int]:
        """The table as the next deal will find it, and the evening so far: the stacks this hand
        ended with (while it is under way, an Italian opener's openers still to show included, those
        it started with), every session command typed applied; the rake, the hands played and the
        chips left in the middle (RULES.md §9.5, §10)."""
        info, state = self.info, self.state
        accounts = dict(info.accounts or {})
        seats, rake, hands = info.seats, info.rake, info.hands_played
        middle = int(info.carry.get("pot", 0)) if self.spec.is_italian else 0
        if state.is_over:
            settled = state.settle()
            seats = tuple((n, settled.final_stacks.get(n, stack)) for n, stack in seats)
            for name in self.names:
                accounts[name] = replace(accounts[name], hands=accounts[name].hands + 1)
            rake, hands = rake + settled.rake, hands + 1
            middle = settled.carry.pot if settled.carry is not None else 0
        roster = Roster(seats=seats, away=dict(info.away), accounts=accounts)
        for change in info.pending:
            roster = roster.apply(change, max_players=self.max_players)
        return roster, rake, hands, middle

    def _next(self, command: Command) -> TableView:
        state = self.state
        if not state.is_complete:
            who = self.view().to_act
            return self.refuse("next", f"hand {self.info.hand} is not over" + (f" ({who} to act)" if who else ""))
        opener = self.state.openers_due()
        if opener:
            return self.refuse("next", f"{opener} opened and must show the openers first: "
                               f"show {opener} CARDS (the five cards before the draw, RULES.md §10.2)")
        try:
            roster, rake, hands, _ = self.ended()
        except RosterError as exc:  # e.g. 'button Bob' typed before Bob lost his last chip
            return self.refuse("next", f"the next deal cannot start: {exc} (undo that command)")
        button = roster.next_button(self.info.button)
        roster = self._deal_in_waiting(roster.without_gone(), button)
        playing = roster.dealt_in()
        if len(playing) < 2 or button is None:
            return self.refuse("next", f"only {', '.join(playing) or 'nobody'} has chips left to be dealt in: "
                               "rebuy, seat or sitin a player, or quit")
        settlement = state.settle()
        self.journal.write_kept_session(self.info.hand, self.info.to_toml())
        commands = self.info.commands + 1
        self.info = replace(self.info, seats=roster.seats, away=roster.away, pending=(),
                            accounts=roster.accounts, rake=rake, hands_played=hands, button=button,
                            hand=self.info.hand + 1, hand_start=commands, commands=commands,
                            carry=_carry_to(settlement.carry) if self.spec.is_italian else {})
        self.journal.write_session(self.info.to_toml())
        self.begin_hand()
        return self.view(message=f"hand {self.info.hand}: {button} has the button")

    def _deal_in_waiting(self, roster: Roster, button: str | None) -> Roster:
        """Deal in each player waiting for the big blind (``sitin NAME bb``) whom the next hand would
        make the big blind (RULES.md §6.1, asked of the engine's own forced bets)."""
        for name, mark in list(roster.away.items()):
            if mark != WAIT_BB or button is None:
                continue
            trial = {n: a for n, a in roster.away.items() if n != name}
            state = HandState(self.spec, seats=_seats(roster.seats, trial), button=button, stakes=self.stakes,
                              options=self.options, carry=self.carry)
            if any(a.kind is K.POST_BB and a.player == name for a in state.forced_actions()):
                roster = replace(roster, away=trial)
        return roster

    # ------------------------------------------------------------------ the view
    def completions(self) -> dict[str, tuple[str, ...]]:
        """The words that apply now, each with the names its first argument takes (issue 16): the
        choices of the player to act (``allin`` with any betting word; the Italian words in ``ITA``),
        ``next`` once the hand is over and settled, then the session commands and ``undo``,
        ``status``, ``ledger``, ``help``, ``quit``."""
        view = self.view()
        dealt = tuple(s.name for s in view.seats if s.status != "out")
        words: dict[str, tuple[str, ...]] = {}
        for choice in view.choices:
            for alternative in choice.split(" / "):  # Italian words beside the English ones
                word = alternative.split()[0]
                words[word] = dealt if word in ("show", "muck") else ()
        if words.keys() & {"call", "bet", "raise"}:
            words["allin"] = ()
        if self.state.is_over:
            words["next"] = ()
        try:
            roster = self.ended()[0]  # with the session commands typed so far
        except RosterError:
            roster = Roster(seats=self.info.seats, away=dict(self.info.away), accounts={})
        seated = tuple(n for n, _ in roster.seats if n not in roster.gone)
        away = tuple(roster.away)
        words.update(rebuy=seated, addon=seated, seat=(), leave=seated, sitout=seated, sitin=away, button=seated,
                     undo=(), status=(), ledger=(), help=(), quit=())
        return words

    def refuse(self, typed: str, reason: str) -> TableView:
        """The table unchanged, saying what was typed (at most 60 characters; the screen escapes
        control characters, ``cli/text.py``), why not, and the choices (issue 16)."""
        echo = typed if len(typed) <= 60 else typed[:59] + "…"
        return self.view(message=f"refused '{echo}': {reason}", refused=True)

    def view(self, *, message: str = "", refused: bool = False, extra_notes: tuple[str, ...] = ()) -> TableView:
        """The table now (``table.table_view``)."""
        return table_view(self.state, self.info, self.actions, message=message, refused=refused,
                          extra_notes=extra_notes)

    def ledger(self) -> Ledger:
        """The evening's accounts now (:meth:`ended`)."""
        roster, rake, hands, middle = self.ended()
        return Ledger.of(roster, rake=rake, hands=hands, middle=middle,
                         under_way=None if self.state.is_over else self.info.hand)


ANSWERS: dict[Verb, Callable[[DealerSession, Command], Reply | TableView]] = {
    Verb.QUIT: DealerSession._quit, Verb.HELP: DealerSession._help, Verb.STATUS: DealerSession._status,
    Verb.UNDO: DealerSession._undo, Verb.NEXT: DealerSession._next, Verb.LEDGER: DealerSession._ledger,
    **{verb: DealerSession._change for verb in SESSION_VERBS},
}
"""The method answering each command that is not a hand command (those go to ``DealerSession._hand``):
the screen it leaves, or a :class:`Reply` that also ends the session (``quit``)."""
