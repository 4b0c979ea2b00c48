"""A compact way to write hands in engine tests and in ``tests/cases/*.toml``.

One action per string, ``NAME VERB [ARGS]``::

    A sb 1            B bb 2           D ante 1         D invito 10     A dead 10
    A buio 40         B contro 80      A deal 7s5h4d3c2s
    C fold            C check          C call 2         C bet 4         C raise 8
    C raise 30 allin  C call 5 allin   (``allin`` sets the log's all-in flag)
    B draw 2          B draw 2 7s8s 2c3d   (discards, then replacements, when known)
    B draw 4 7s8s9sTs 2c3d4h           (an Italian 4-card draw served 3 + 1 later)
    B pat             C show 7s5h4d3c2s    C muck

Seats are ``"NAME=STACK"`` in clockwise order (seat numbers 1, 2, …).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.record import Action, ActionKind, Claims, HandRecord, PotClaim, Seat, Stakes

K = ActionKind
_SIMPLE = {"sb": K.POST_SB, "bb": K.POST_BB, "ante": K.POST_ANTE, "dead": K.POST_DEAD, "invito": K.POST_INVITO,
           "buio": K.POST_BLIND_OPEN, "contro": K.POST_CONTROBUIO, "fold": K.FOLD, "check": K.CHECK,
           "call": K.CALL, "bet": K.BET, "raise": K.RAISE}


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def action(text: str, line: int | None = None) -> Action:
    """One action from ``NAME VERB [ARGS]``."""
    words = text.split()
    name, verb, args = words[0], words[1].lower(), words[2:]
    all_in = "allin" in args
    args = [a for a in args if a != "allin"]
    if verb in _SIMPLE:
        amount = int(args[0]) if args else 0
        return Action(kind=_SIMPLE[verb], player=name, amount=amount, all_in=all_in, line=line, text=text)
    if verb in ("deal", "show"):
        known = cards(args[0]) if args else None
        return Action(kind=K.DEAL if verb == "deal" else K.SHOW, player=name, cards=known,
                      count=len(known) if known else 0, line=line, text=text)
    if verb == "muck":
        return Action(kind=K.MUCK, player=name, line=line, text=text)
    if verb == "pat":
        return Action(kind=K.DRAW, player=name, count=0, discarded=(), received=(), line=line, text=text)
    if verb == "draw":
        count = int(args[0])
        discarded = cards(args[1]) if len(args) > 1 else None
        received = cards(args[2]) if len(args) > 2 else None
        return Action(kind=K.DRAW, player=name, count=count, discarded=discarded, received=received, line=line,
                      text=text)
    raise ValueError(f"unknown verb in {text!r}")


def seats(specs: Iterable[str]) -> tuple[Seat, ...]:
    out = []
    for number, spec in enumerate(specs, start=1):
        name, _, stack = spec.partition("=")
        out.append(Seat(seat=number, name=name, stack=int(stack)))
    return tuple(out)


def _pairs(items: Iterable[str]) -> list[tuple[str, int]]:
    return [(name, int(value)) for name, _, value in (item.partition("=") for item in items)]


def claims(data: Mapping[str, Any] | None) -> Claims:
    """Claims from a TOML-ish mapping: ``collected = ["A=30@0"]``, ``uncalled = ["A=4"]`` …"""
    if not data:
        return Claims()
    collected = []
    for item in data.get("collected", ()):
        who, _, where = item.partition("@")
        name, _, amount = who.partition("=")
        collected.append(PotClaim(player=name, amount=int(amount), pot_index=int(where) if where else None))
    return Claims(total_pot=data.get("total_pot"), pots=tuple(data["pots"]) if "pots" in data else None,
                  rake=data.get("rake"), uncalled=tuple((n, v, None) for n, v in _pairs(data.get("uncalled", ()))),
                  collected=tuple(collected), final_stacks=tuple(_pairs(data.get("final_stacks", ()))))


def record(*, game: str, players: Iterable[str], button: str, actions: Iterable[str],
           stakes: Mapping[str, int] | None = None, options: Mapping[str, Any] | None = None,
           claims_data: Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None,
           hand_id: str = "t", runs: Iterable[Iterable[str]] = ()) -> HandRecord:
    """A :class:`HandRecord` from the compact notation (action ``k`` gets source line ``k + 1``);
    ``runs``: the actions of each run of a hand run more than once (RULES.md §18.5), numbered on."""
    played = tuple(action(a, line=k + 1) for k, a in enumerate(actions))
    run_actions: list[tuple[Action, ...]] = []
    line = len(played)
    for run in runs:
        texts = list(run)
        run_actions.append(tuple(action(a, line=line + k + 1) for k, a in enumerate(texts)))
        line += len(texts)
    return HandRecord(hand_id=hand_id, game=game, seats=seats(players), button=button,
                      stakes=Stakes(**(stakes or {"sb": 1, "bb": 2})), actions=played,
                      claims=claims(claims_data), options=dict(options or {}), extra=dict(extra or {}),
                      runs=tuple(run_actions))
