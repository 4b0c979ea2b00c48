"""``drawdealer status FILE``: whose turn it is in a partial hand, and the legal actions with amounts.

The dealer assistant's answer without a session (issue 5): the file (PHH, or a site's history of
:data:`~drawdealer.parsers.sniff.SITES`, the format found by content, ``parsers/sniff.py``) is read, its last hand is replayed through the
engine (``engine/replay.py``), and the legal-action value of the player to act is printed
(RULES.md §6-§10). A ``drawdealer deal`` journal folder is read the same way: its current hand,
or with ``--hand N`` hand N of the evening (``cli/deal/evening.py``); ``--hand`` also lists the
hand's actions in words and, once it is over, each pot's result (issue 27), so a dispute about a
hand can be looked up. Exit 0, or 1 when the replay found rule errors on the way (they are listed),
2 when the file cannot be read.
"""

import sys
from pathlib import Path
from typing import Optional

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
    from drawdealer.parsers import pokerstars_memo

    if chunk is None or not last.message.startswith("the end of the hand"):
        return last
    start, lines = chunk
    retry = pokerstars_memo.parse_hand(lines + _SYNTHETIC_SUMMARY, start, str(path))
    if hasattr(retry, "claims"):
        return replace(retry, claims=Claims(), end_line=start + len(lines) - 1)
    return last


def _last_hand(path: Path, wanted: Optional[str] = None):
    """The last hand of ``path`` as a record, or the last whose id is ``wanted``; a file with none
    (or broken) fails."""
    from drawdealer import inputs
    from drawdealer.parsers import pokerstars_memo, read_hands
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
            for piece in iter_hands(path, sniffed):
                parsed = pokerstars_memo.parse_hand(piece[1], piece[0], str(name))
                if wanted is None or parsed.hand_id == wanted:
                    last, chunk = parsed, piece
        else:
            for parsed in read_hands(path, source=str(name)):
                if wanted is None or parsed.hand_id == wanted:
                    last = parsed
    except OSError as exc:
        fail(f"{name}: cannot read ({exc.strerror or exc})")
    if last is None:
        fail(f"{name}: no hand in this file" if wanted is None else f"{name}: no hand {wanted} in this file")
    if isinstance(last, ParseFailure) and sniffed.format == POKERSTARS:
        last = _complete_pokerstars(last, chunk, name)
    if isinstance(last, ParseFailure):
        fail(f"{name}:{last.line}: {last.message}")
    if isinstance(last, Skipped):
        fail(f"{name}:{last.line}: {last.message}")
    return last


def _journal_hand(folder: Path, number: Optional[str]):
    """Hand ``number`` of the journal in ``folder`` (its last hand when ``None``), and its file."""
    from drawdealer.cli.deal.evening import HandFileError, read_hand
    from drawdealer.cli.deal.journal import Journal

    journal = Journal(folder)
    numbers = journal.hand_numbers()
    if number is None and not numbers:
        fail(f"{folder}: no hand in this journal")
    if number is not None and not number.isdigit():
        fail(f"--hand {number}: a hand of a journal is a number (1, 2, …)")
    wanted = int(number) if number is not None else numbers[-1]
    try:
        return read_hand(journal, wanted), journal.hand_path(wanted)
    except HandFileError as exc:
        fail(str(exc))


def status(
    file: Path = typer.Argument(..., help=f"A partial hand ({FORMATS}): the last hand of the file; or a "
                                "`drawdealer deal` journal folder."),
    hand: Optional[str] = typer.Option(None, "--hand", help="Hand N of a journal (or the hand whose id is N in a "
                                       "file), with its actions and result."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Whose turn it is in a partial hand, and the legal actions with their amounts; with --hand N, that
    hand's actions and result."""
    from drawdealer.cli.deal.announce import hand_words
    from drawdealer.cli.deal.table import legal_now, pot_limited as pot_set, result_notes
    from drawdealer.cli.deal.view import choices, draws_text, drawn_counts, legal_json
    from drawdealer.engine.replay import replay
    from drawdealer.journal_files import is_current_hand

    if file.is_dir():
        record, file = _journal_hand(file, hand)
    else:
        record = _last_hand(file, hand)
    result = replay(record, under_way=is_current_hand(file))  # a journal's current hand may be under way
    state = result.state
    errors = [f for f in result.findings if f.is_error]
    if state is None:
        fail(f"{file}:{record.line}: {result.findings[0].message if result.findings else 'cannot replay'}")
    legal, player, stack = legal_now(state)
    pot_limited = pot_set(state)
    money = state.money
    actions = hand_words(record.actions) if hand is not None else []
    over = result.complete  # played to its end, and a journal's current hand no longer waiting for openers
    result_lines = result_notes(state.settle()) if hand is not None and over else []
    stacks = state.settle().final_stacks if over else state.stacks()  # a hand over: pots paid

    words = choices(legal, stack=stack, pot_limited=pot_limited) if player is not None else []
    stub = state.deck.stub if state.phase_name not in ("SETUP", "COMPLETE") else None
    drawn = drawn_counts(record.actions)
    if json_output:
        out = {
            "file": str(file), "hand": record.hand_id, "game": state.spec.id, "street": state.street,
            "to_act": player, "pot": state.pot,
            "legal": legal_json(legal) if player is not None else None,
            "choices": words, "stacks": stacks, "stub": stub, "drawn": drawn, "complete": over,
            "openers_due": state.openers_due(),
            "findings": [f.to_dict() for f in result.findings],
        }
        if hand is not None:
            out.update(actions=actions, result=result_lines)
        sys.stdout.write(json_text(out) + "\n")
    else:
        lines = [f"{file}: hand {record.hand_id} ({state.spec.id}), {state.street}, pot {money(state.pot)}"
                 + (f", stub {stub} cards" if stub is not None else "")]
        lines += [f"{k:>4}. {said}" for k, said in enumerate(actions, 1)]
        lines += result_lines
        if player is not None:
            lines.append(f"{player}: " + " · ".join(choices(legal, stack=stack, pot_limited=pot_limited, money=money)))
        if legal.lone_check is not None:  # beside the next to act, who may be drawing already
            lines.append(f"{legal.lone_check}: check (optional, RULES.md §7.1)")
        elif player is None:
            opener = state.openers_due()
            lines.append("the hand is over" if result.complete else "nobody is to act" if opener is None
                         else f"{opener} opened and must show the openers (RULES.md §10.2)")
        lines.append("stacks: " + ", ".join(f"{n} {money(s)}" for n, s in stacks.items()))
        if drawn:
            lines.append("drawn: " + " · ".join(f"{n} {draws_text(c)}" for n, c in drawn.items()))
        for f in result.findings:
            where = f"line {f.line}: " if f.line else ""
            lines.append(f"{f.severity.value}: {where}{f.message} ({f.code})")
        sys.stdout.write("".join(shown(line) + "\n" for line in lines))  # names are data (cli/text.py)
    if errors:
        raise typer.Exit(code=ExitCode.FINDINGS)
