"""drawdealer as a library: the functions of ``drawdealer.__all__`` (docs/API.md, issue 29).

Each gives what the command line prints, as values: a hand's :class:`~drawdealer.validate.HandReport`
(its ``to_dict()`` is the line ``drawdealer validate --format json`` prints for it), a showdown's
:class:`~drawdealer.engine.verdict.Verdict` (``drawdealer showdown --json``), a pot-limit
:class:`~drawdealer.engine.betting.PotLimitQuote` (``drawdealer potlimit --json``). They are thin:
the work is the command line's own (``validate.py``, ``engine/``, ``parsers/``), so a library
caller and the command line cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drawdealer.engine.betting import PotLimitQuote
    from drawdealer.engine.record import HandRecord
    from drawdealer.engine.verdict import Verdict
    from drawdealer.parsers import HandResult
    from drawdealer.validate import FileProblem, HandReport, PassedOver


def validate_paths(paths: Iterable[str | Path], *, game: str | None = None, jobs: int | str = 1,
                   cluster: Any = None, ship: bool = False, strict: bool = False
                   ) -> Iterator[HandReport | FileProblem | PassedOver]:
    """Every hand of the files and folders ``paths``, in input order, as ``drawdealer validate``
    reads them: a :class:`HandReport` per hand, a :class:`FileProblem` for a named file that cannot
    be read, a :class:`PassedOver` for a file of a folder that is not read. Streamed: an archive of
    any size is read a hand at a time.

    ``game`` replays every hand as that game (``--game``); ``jobs`` spreads the work over that many
    processes, ``"auto"`` over every core for a large input (``--jobs``); ``cluster``, a Dask
    scheduler's address or a ``distributed.Client``, runs it on a Dask cluster (``--cluster``, with
    ``ship`` as ``--ship``; needs ``drawdealer[cluster]``); ``strict`` stops after the first hand
    with an error. The reports are the same, in the same order, however the work is run.
    """
    from drawdealer.validate import validate

    return validate(list(paths), game=_game_id(game), jobs=jobs, cluster=cluster, ship=ship, strict=strict)


def validate_bytes(data: bytes, *, name: str = "<bytes>", game: str | None = None) -> list[HandReport]:
    """Every hand of a file's bytes, as ``drawdealer validate`` reports that file: its encoding and
    format told as the command line tells them (a BOM, UTF-16, Windows-1252; a site's header or
    PHH's keys), ``name`` naming it in the reports. Raises ``FormatError`` (a ``ValueError``) when
    the bytes are no hand history drawdealer reads."""
    from drawdealer.parsers import FormatError
    from drawdealer.parsers.sniff import UNKNOWN, sniff
    from drawdealer.validate import FileProblem, Task, _serial

    data = bytes(data)
    sniffed = sniff(data)
    if sniffed.format == UNKNOWN:
        raise FormatError(f"{name}: {sniffed.message}")
    task = Task(file=name, path=name, format=sniffed.format, encoding=sniffed.encoding, size=len(data), data=data)
    reports = list(_serial([task], _game_id(game)))
    for report in reports:
        if isinstance(report, FileProblem):
            raise FormatError(f"{name}: {report.message}")
    return reports


def validate_text(text: str, *, name: str = "<text>", game: str | None = None) -> list[HandReport]:
    """Every hand of ``text``, as ``drawdealer validate`` reports a file holding it in UTF-8
    (:func:`validate_bytes`)."""
    return validate_bytes(text.encode("utf-8", "surrogatepass"), name=name, game=game)


def read_hands(source: str | Path | bytes, *, name: str | None = None) -> Iterator[HandResult]:
    """The hands of a file (its path, or its bytes), streamed, as the validator reads them: a
    :class:`HandRecord` per hand read, for :func:`replay`; a ``ParseFailure`` for a hand whose text
    breaks the format and a ``Skipped`` for a hand of a game drawdealer does not play (each with its
    ``finding()``). ``name`` names the file in the records (default: the path, or ``<bytes>``).
    Raises ``FormatError`` or ``OSError`` before the first hand."""
    from drawdealer.parsers import read_hands as read

    return read(source, source=name)


def replay(record: HandRecord, *, game: str | None = None) -> HandReport:
    """The findings of one hand (a :class:`HandRecord` of :func:`read_hands`), as ``drawdealer
    validate`` reports it, ``game`` forcing its game. A hand is replayed on its own: the validators
    of paths, bytes and text also carry an Italian deal's pot and opening requirement into the next
    deal of the file (RULES.md §10)."""
    from drawdealer.engine.frozen import replace
    from drawdealer.engine.replay import replay as replay_hand
    from drawdealer.validate import HandReport

    game_id = _game_id(game)
    if game_id is not None:
        record = replace(record, game=game_id)
    outcome = replay_hand(record)
    return HandReport(file=record.source, hand_id=record.hand_id, line=record.line, game=outcome.game,
                      findings=outcome.findings)


def showdown(game: str, hands: Mapping[str, str] | Iterable[str], *, players: int | None = None) -> Verdict:
    """Who wins a showdown, and why (``drawdealer showdown``): ``hands`` maps names to cards
    (``{"Ann": "7s5d4c3h2s"}``) or lists ``NAME=CARDS`` / ``CARDS`` as the command line takes them;
    ``game`` is a ranking (``27``, ``high``, ``italian``, ``badugi``, ``a5``, ``badeucey``,
    ``badacey``) or a game id; ``players`` sets the Italian deck (RULES.md §2.2). Raises
    ``ShowdownError`` (a ``ValueError``) with the command line's message for bad cards or names."""
    from drawdealer.engine.verdict import settle_showdown

    texts = [f"{name}={cards}" for name, cards in hands.items()] if isinstance(hands, Mapping) else list(hands)
    return settle_showdown(game, texts, players=players)


def pot_limit(*, pot: int, bets: Mapping[str, int], actor: str, stack: int | None = None,
              big_blind: int | None = None, last_raise: int | None = None) -> PotLimitQuote:
    """What ``actor`` may do in a pot-limit round (``drawdealer potlimit``, RULES.md §7.3), amounts in
    chips or cents: ``pot`` in the middle from earlier rounds, ``bets`` each player's chips in front
    this round, ``stack`` the actor's chips behind (None: unlimited), ``last_raise`` the last full
    raise (None: inferred from the bets and ``big_blind``). Raises ``ValueError`` for a negative
    amount."""
    from drawdealer.engine.betting import pot_limit_quote

    return pot_limit_quote(pot=pot, bets=bets, actor=actor, stack=stack, big_blind=big_blind, last_raise=last_raise)


def _game_id(game: str | None) -> str | None:
    """``game``'s id (an id or alias of ``engine.variants``; ``UnknownGame``, a ``KeyError``, if none)."""
    if game is None:
        return None
    from drawdealer.engine.variants import get_game

    return get_game(game).id
