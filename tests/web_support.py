"""Helpers for the table view's tests: random dealer sessions of every game, played through the
dealer's own commands (``DealerSession.handle``, what ``deal --json`` runs), the hands picked by
``engine.simulate`` with real cards, so that each card is known to the test (and to the journal, in
the variant that records them)."""

from __future__ import annotations

import json
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from drawdealer.cli.deal.commands import parse_command
from drawdealer.cli.deal.journal import Journal
from drawdealer.cli.deal.session import AUTOMATIC, DealerSession
from drawdealer.cli.deal.sessionfile import SessionInfo
from drawdealer.cli.deal.setup import SetupArgs, build_session
from drawdealer.engine.cards import card_str
from drawdealer.engine.record import Action, ActionKind, HandRecord
from drawdealer.engine.simulate import random_hand
from drawdealer.engine.variants import GAMES
from drawdealer.journal_files import LOCK_FILE

K = ActionKind
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


@dataclass
class Step:
    """One command of a played session: the session after it, the command typed and the dealer's
    reply (``reply.view.to_json()`` is the line ``deal --json`` prints); the hand being played and
    how many of its actions are played (``hand.actions[:upto]``: after ``next``, the new hand as the
    session dealt it); the hands over before it, each with the session as it stood in that hand."""

    session: DealerSession
    line: str
    reply: Any
    hand: HandRecord
    upto: int
    finished: tuple[tuple[SessionInfo, HandRecord], ...] = ()


def hand_over(step: Step) -> bool:
    """The hand of ``step`` is over: played to its end, nobody to act (an Italian opener has shown
    his openers, RULES.md §10.2)."""
    view = step.reply.view
    return view.finished and view.to_act is None


def journal_with_cards(step: Step, folder: Path) -> Path:
    """The journal of ``step``'s moment as a tool that knew every card would write it: the dealer's
    files as they are, and each hand file, the hands over and this one so far, with every card
    dealt, discarded and drawn."""
    session = step.session
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(session.journal.directory, folder, ignore=shutil.ignore_patterns(".*", LOCK_FILE))
    for info, actions in [*((info, hand.actions) for info, hand in step.finished),
                          (session.info, step.hand.actions[:step.upto])]:
        twin = DealerSession(info, Journal(folder))
        errors = twin.rebuild(list(actions))
        assert not errors, errors
        twin.journal.write_hand(info.hand, twin.hand_text())
    return folder


def new_session(journal: Path, game: str, players: int = 4, stack: int = 200) -> DealerSession:
    """A new dealer session of ``game`` in ``journal`` (blinds 1/2; Italian: invito 10, chip 1)."""
    seats = tuple(f"{name}={stack}" for name in NAMES[:players])
    if GAMES[game].is_italian:
        args = SetupArgs(game=game, invito=10, chip=1, seats=seats, button=NAMES[0])
    else:
        args = SetupArgs(game=game, stakes="1/2", seats=seats, button=NAMES[0])
    return DealerSession.start(build_session(args, started=""), Journal(journal))


def random_deal(session: DealerSession, rng: random.Random) -> HandRecord:
    """A random legal hand, with every card, for the table as ``session`` deals its current hand."""
    seats = [s for s in session.seats() if not s.sitting_out]
    names = [s.name for s in seats]
    return random_hand(session.spec, rng, players=len(names), stacks=[s.stack for s in seats], names=names,
                       stakes=session.stakes, options=session.options, button=names.index(session.info.button),
                       carry=session.carry)


def command_for(session: DealerSession, action: Action) -> str | None:
    """What the dealer types for ``action`` (``None`` for what the session does itself: forced bets,
    the deal). Cards are typed only for a ``show``, as at a real table."""
    kind, who = action.kind, action.player
    if kind in AUTOMATIC or (kind is K.DEAL and action.cards):
        return None
    if kind is K.BET:
        return f"bet {session.state.player(who).bet + action.amount}"
    if kind is K.RAISE:
        return f"raise {action.amount}"
    if kind is K.DRAW:
        return f"draw {action.count}" if action.count else "pat"
    if kind is K.SHOW:
        return f"show {who} " + " ".join(card_str(c) for c in action.cards or ())
    if kind is K.MUCK:
        return f"muck {who}"
    words = {K.FOLD: "fold", K.CHECK: "check", K.CALL: "call", K.DEAL: "deal", K.POST_BLIND_OPEN: "buio",
             K.POST_CONTROBUIO: "controbuio"}
    return words[kind]


def secrets_of(hand: HandRecord) -> set[str]:
    """Every card of ``hand`` as the players must not see it: dealt, discarded, drawn."""
    cards: set[int] = set()
    for action in hand.actions:
        for group in (action.cards if action.kind is K.DEAL else None, action.discarded, action.received):
            cards.update(group or ())
    return {card_str(c) for c in cards}


def played(game: str, seed: int, *, hands: int = 2, players: int = 4, journal: Path | None = None,
           stack: int = 200) -> Iterator[Step]:
    """Play ``hands`` random hands of ``game`` through the dealer's commands in a new journal, each
    followed by ``next``; yield a :class:`Step` after every command. The journal is in a folder
    removed at the end, or in ``journal``, kept."""
    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp())
    try:
        session = new_session(journal or folder / "j", game, players, stack)
        finished: tuple[tuple[SessionInfo, HandRecord], ...] = ()
        hand = random_deal(session, rng)
        for _ in range(hands):
            for upto, action in enumerate(hand.actions, start=1):
                line = command_for(session, action)
                if line is None:
                    continue
                if action.kind is K.SHOW and action.text == "openers" and not session.state.openers_due():
                    continue  # an Italian opener who need not show (he won without a call)
                reply = session.handle(parse_command(line, names=session.names, italian=session.spec.is_italian))
                yield Step(session=session, line=line, reply=reply, hand=hand, upto=upto, finished=finished)
            info = session.info
            reply = session.handle(parse_command("next"))
            if reply.view.refused:  # fewer than two players with chips
                yield Step(session=session, line="next", reply=reply, hand=hand, upto=len(hand.actions),
                           finished=finished)
                break
            finished += ((info, hand),)
            hand = random_deal(session, rng)
            dealt = next((k for k, a in enumerate(hand.actions) if command_for(session, a) is not None),
                         len(hand.actions))  # what the session played itself: forced bets, the deal
            yield Step(session=session, line="next", reply=reply, hand=hand, upto=dealt, finished=finished)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Dealer:
    """``drawdealer deal ARGS --json`` in a process of its own, one command at a time (its first
    line on standard error says where the journal and the table view are)."""

    def __init__(self, args: list[str]) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "drawdealer", "deal", *args, "--json"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        assert self.process.stderr is not None
        self.where = self.process.stderr.readline()

    def send(self, command: str) -> dict[str, Any]:
        """Type ``command``; the JSON line the dealer prints once it is journaled."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        assert line, self.finish()
        return json.loads(line)

    def finish(self) -> tuple[int, str]:
        """Close its input (the end of the session); the exit code and the rest of standard error."""
        _, err = self.process.communicate(timeout=60)
        return self.process.returncode, err


class Viewer:
    """``drawdealer view JOURNAL --port 0`` in a process of its own: ``url`` is the page's address."""

    def __init__(self, journal: Path, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "drawdealer", "view", str(journal), "--port", "0", *args],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout is not None
        self.banner = []  # read to its last line: what a pipe's buffer holds is not read again
        for line in self.process.stdout:
            self.banner.append(line)
            if line.startswith("Ctrl-C"):
                break
        assert len(self.banner) > 1 and self.banner[1].startswith("open: http://"), (self.banner, self.stop())
        self.url = self.banner[1].split()[1]

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C, as at the terminal: the exit code, the rest of standard output and standard error."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=30)
        return self.process.returncode, out, err


def get(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """``GET url`` (or ``method``): status, headers (lower-case names) and body."""
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def events(url: str, count: int, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The first ``count`` states pushed by ``url``'s ``/events`` stream."""
    import urllib.request

    states = []
    with urllib.request.urlopen(url + "events", timeout=timeout) as stream:
        for raw in stream:
            line = raw.decode("utf-8")
            if line.startswith("data: "):
                states.append(json.loads(line[6:]))
                if len(states) == count:
                    break
    return states


def follow(url: str) -> "queue.Queue[dict[str, Any]]":
    """Open ``url``'s event stream as a page does; each state pushed lands in the queue returned
    (read in a daemon thread until the server closes the stream)."""
    import threading
    import urllib.request

    states: queue.Queue[dict[str, Any]] = queue.Queue()

    def read() -> None:
        try:
            with urllib.request.urlopen(url + "events", timeout=120) as stream:
                for raw in stream:
                    if raw.startswith(b"data: "):
                        states.put(json.loads(raw[6:]))
        except OSError:
            return

    threading.Thread(target=read, daemon=True).start()
    return states


def stats_json(journal: Path) -> dict[str, Any]:
    """What ``drawdealer stats JOURNAL --json`` prints, run in another process."""
    run = subprocess.run([sys.executable, "-m", "drawdealer", "stats", str(journal), "--json"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)
