"""``drawdealer status FILE``: whose turn it is in a partial hand, and the legal actions with amounts.

The dealer assistant's answer without a session (issue 5): the file (PHH, or a site's history of
:data:`~drawdealer.parsers.sniff.SITES`, the format found by content, ``parsers/sniff.py``) is read, its last hand is replayed through the
engine (``engine/replay.py``), and the legal-action value of the player to act is printed
(RULES.md §6-§10). Exit 0, or 1 when the replay found rule errors on the way (they are listed), 2
when the file cannot be read.
"""

import sys
from pathlib import Path

import typer

from drawdealer.cli.errors import ExitCode, fail
from drawdealer.cli.formats import FORMATS
from drawdealer.cli.text import json_text, shown


_SYNTHETIC_SUMMARY = ["*** SUMMARY ***", "Total pot 0 | Rake 0"]


def _complete_pokerstars(last, chunk: tuple[int, list[str]] | None, path: Path):
    """A PokerStars hand cut before its summary, read with an empty summary added (whose claims
    are dropped): the reader's grammar wants a whole hand, a partial hand is what ``status`` is for."""
    from drawdealer.engine.frozen import replace
    from drawdealer.engine.record import Claims
    from drawdealer.parsers import pokerstars

    if chunk is None or not last.message.startswith("the end of the hand"):
        return last
    start, lines = chunk
    retry = pokerstars.parse_hand(lines + _SYNTHETIC_SUMMARY, start, str(path))
    if hasattr(retry, "claims"):
        return replace(retry, claims=Claims(), end_line=start + len(lines) - 1)
    return last


def _last_hand(path: Path):
    """The last hand of ``path`` as a record; a file with none (or broken) fails."""
    from drawdealer import inputs
    from drawdealer.parsers import pokerstars, read_hands
    from drawdealer.parsers.results import ParseFailure, Skipped
    from drawdealer.parsers.sniff import POKERSTARS, UNKNOWN, iter_hands, sniff

    name = path  # what messages call it; ``path`` becomes standard input's copy
    refused = inputs.not_a_file(name)
    if refused is not None:
        fail(f"{name}: {refused}")
    try:
        path = inputs.readable(name)
        sniffed = sniff(path)
    except OSError as exc:
        fail(f"{name}: cannot read ({exc.strerror or exc})")
    if sniffed.format == UNKNOWN:
        fail(f"{name}: {sniffed.message}")
    last = chunk = None
    try:
        if sniffed.format == POKERSTARS:  # chunk by chunk: a hand cut before its summary is completed below
            for chunk in iter_hands(path, sniffed):
                last = pokerstars.parse_hand(chunk[1], chunk[0], str(name))
        else:
            for last in read_hands(path, source=str(name)):
                pass
    except OSError as exc:
        fail(f"{name}: cannot read ({exc.strerror or exc})")
    if last is None:
        fail(f"{name}: no hand in this file")
    if isinstance(last, ParseFailure) and sniffed.format == POKERSTARS:
        last = _complete_pokerstars(last, chunk, name)
    if isinstance(last, ParseFailure):
        fail(f"{name}:{last.line}: {last.message}")
    if isinstance(last, Skipped):
        fail(f"{name}:{last.line}: {last.message}")
    return last


def status(
    file: Path = typer.Argument(..., help=f"A partial hand ({FORMATS}): the last hand of the file."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Whose turn it is in a partial hand, and the legal actions with their amounts."""
    from drawdealer.cli.deal.table import legal_now
    from drawdealer.cli.deal.view import choices, draws_text, drawn_counts, legal_json
    from drawdealer.engine.replay import replay
    from drawdealer.engine.variants import Structure

    record = _last_hand(file)
    result = replay(record)
    state = result.state
    errors = [f for f in result.findings if f.is_error]
    if state is None:
        fail(f"{file}:{record.line}: {result.findings[0].message if result.findings else 'cannot replay'}")
    legal, player, stack = legal_now(state)
    pot_limited = state.spec.structure is Structure.POT or (
        state.spec.is_italian and state.opts.it_raise_limit == "POT")
    money = state.money

    words = choices(legal, stack=stack, pot_limited=pot_limited) if player is not None else []
    stub = state.deck.stub if state.phase_name not in ("SETUP", "COMPLETE") else None
    drawn = drawn_counts(record.actions)
    if json_output:
        out = {
            "file": str(file), "hand": record.hand_id, "game": state.spec.id, "street": state.street,
            "to_act": player, "pot": state.pot,
            "legal": legal_json(legal) if player is not None else None,
            "choices": words, "stacks": state.stacks(), "stub": stub, "drawn": drawn, "complete": state.is_complete,
            "findings": [f.to_dict() for f in result.findings],
        }
        sys.stdout.write(json_text(out) + "\n")
    else:
        lines = [f"{file}: hand {record.hand_id} ({state.spec.id}), {state.street}, pot {money(state.pot)}"
                 + (f", stub {stub} cards" if stub is not None else "")]
        if player is not None:
            lines.append(f"{player}: " + " · ".join(choices(legal, stack=stack, pot_limited=pot_limited, money=money)))
        if legal.lone_check is not None:  # beside the next to act, who may be drawing already
            lines.append(f"{legal.lone_check}: check (optional, RULES.md §7.1)")
        elif player is None:
            lines.append("the hand is over" if state.is_complete else "nobody is to act")
        lines.append("stacks: " + ", ".join(f"{n} {money(s)}" for n, s in state.stacks().items()))
        if drawn:
            lines.append("drawn: " + " · ".join(f"{n} {draws_text(c)}" for n, c in drawn.items()))
        for f in result.findings:
            where = f"line {f.line}: " if f.line else ""
            lines.append(f"{f.severity.value}: {where}{f.message} ({f.code})")
        sys.stdout.write("".join(shown(line) + "\n" for line in lines))  # names are data (cli/text.py)
    if errors:
        raise typer.Exit(code=ExitCode.FINDINGS)
