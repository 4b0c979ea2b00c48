"""What ``drawdealer stats`` prints (see ``cli/stats.py`` for the command), free of Typer.

The numbers are :func:`drawdealer.stats.figures`' value: ``--json`` prints it, the tables for people
are drawn from it (so both say the same numbers, rounded the same way). The human report: a line
counting the hands counted and left out, then per game and currency a table of results and betting,
a table of draws and, for Italian poker, a table of openings. Names from the input are shown
escaped (``shown``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from drawdealer.cli.text import json_text, shown

ORDINALS = ("1st", "2nd", "3rd")


def run(paths: Sequence[Path], *, players: Sequence[str], game: str | None, as_json: bool, graph: Path | None,
        jobs: str) -> int:
    """Count, print, and draw the graph when asked; the exit code: 2 when a file could not be read or
    the graph could not be drawn, else 1 when hands were left out for their error findings, else 0."""
    from drawdealer.cli.errors import fail
    from drawdealer.cli.validate_core import progress_bar, read_game, read_jobs
    from drawdealer.stats import GRAPH_LINES, collect, figures

    processes = read_jobs(jobs)
    game_id = read_game(game)
    if graph is not None:
        if graph.suffix.lower() not in (".png", ".svg"):
            fail(f"--graph '{graph}': name a .png or .svg file")
        if len(set(players)) > GRAPH_LINES:
            fail(f"--graph draws at most {GRAPH_LINES} players; {len(set(players))} are named with --player")
        from drawdealer.cli.winnings_graph import plotting_library

        missing = plotting_library()
        if missing:
            fail(missing)
    with progress_bar(paths, "counting") as (_bar, advance, chunk):  # on a terminal's stderr, for a long run
        found = collect(paths, players=frozenset(players) if players else None, game=game_id,
                        graph=graph is not None, jobs=processes, chunk=chunk, progress=advance, on_problem=_unreadable)
    numbers = figures(found)
    if as_json:
        sys.stdout.write(json_text(numbers) + "\n")
    else:
        print_report(numbers, game_id)
    code = 2 if found.unreadable else 1 if found.tally.errors else 0
    seen = {row["player"] for g in numbers["games"] for row in g["players"]}
    for name in dict.fromkeys(players):
        if name not in seen:
            sys.stderr.write(f"drawdealer: error: --player '{shown(name)}': not dealt in any hand counted\n")
            code = 2
    if graph is not None:
        code = max(code, _graph(found, graph, players))
    return code


def _graph(found: Any, path: Path, players: Sequence[str]) -> int:
    """Draw the winnings graph into ``path``; 2 with one line on stderr when it cannot be drawn."""
    from drawdealer.cli.winnings_graph import draw
    from drawdealer.stats import GRAPH_LINES

    tally = found.tally
    if tally.too_many_lines:
        sys.stderr.write(f"drawdealer: error: --graph: more than {GRAPH_LINES} players in these hands; name the ones "
                         "to draw with --player\n")
        return 2
    tracks = {name: tally.tracks[name] for name in (dict.fromkeys(players) if players else sorted(tally.tracks))
              if name in tally.tracks}
    if not tracks:
        sys.stderr.write("drawdealer: error: --graph: no hand to draw (none counted with a big blind)\n")
        return 2
    try:
        draw(tracks, path)
    except OSError as exc:
        sys.stderr.write(f"drawdealer: error: --graph '{shown(str(path))}': {shown(exc.strerror or str(exc))}\n")
        return 2
    return 0


def _unreadable(problem: Any) -> None:
    sys.stderr.write(f"drawdealer: error: {shown(problem.file)}: {shown(problem.message)}\n")


# --------------------------------------------------------------------------- the report for people

def print_report(numbers: dict[str, Any], game: str | None) -> None:
    """The summary line, then each game's tables, each as wide as its numbers need: a table wider
    than the console is printed wider, never with a number cut short."""
    from rich.measure import Measurement

    from drawdealer.cli.plainconsole import rich_console

    console = rich_console()
    for line in summary(numbers, game):
        console.print(line, markup=False, highlight=False)
    width = console.width
    for block in numbers["games"]:
        if not block["players"]:  # --player: none of them played this game
            continue
        for table in game_tables(block):
            console.print()
            console.width = max(width, Measurement.get(console, console.options.update_width(1_000_000), table).maximum)
            console.print(table)
            console.width = width


def summary(numbers: dict[str, Any], game: str | None) -> list[str]:
    """``389 hands counted of 581 read``, then a line for each kind of hand left out or skipped."""
    hands, files = numbers["hands"], numbers["files"]
    left = hands["left_out"]
    lines = [f"{_count(hands['counted'], 'hand')} counted of {hands['read']:,} read"]
    out = [f"{n:,} {text}" for n, text in (
        (left["with_errors"], "with error findings (drawdealer validate names them)"),
        (left["not_finished"], "not finished"),
        (left["winner_unknown"], "whose winner the log does not tell (no hand shown, nothing collected)"),
        (left["other_games"], f"of other games than {game}")) if n]
    if out:
        lines.append("left out: " + ", ".join(out))
    if hands["skipped"]:
        lines.append(f"skipped: {hands['skipped']:,} of games drawdealer does not play, cancelled or run twice")
    if files["passed_over"]:
        lines.append(f"passed over: {_count(files['passed_over'], 'file')}, not hand histories (validate names them)")
    return lines


def game_tables(block: dict[str, Any]) -> list[Any]:
    """The tables of one game and currency: results and betting, draws, and openings (Italian)."""
    from drawdealer.engine.money import money

    currency = block["currency"] or ""
    title = f"{block['name']} ({block['game']}{', ' + currency if currency else ', chips'}): " \
            f"{_count(block['hands'], 'hand')}"
    results = _table(title, "bold")
    for header in ("player", "hands", "net", "bb/100", "VPIP", "raised", "AF", "WTSD", "W$SD", "won w/o SD"):
        results.add_column(header, justify="left" if header == "player" else "right", no_wrap=True)
    for row in block["players"]:
        results.add_row(shown(row["player"]), f"{row['hands']:,}",
                        money(row["net"], currency) if currency else f"{row['net']:,}",
                        _number(row["bb_per_100"]), _pct(row["vpip"]), _pct(row["raised"]),
                        _number(row["aggression"]["factor"]), _pct(row["went_to_showdown"]),
                        _pct(row["won_at_showdown"]), _pct(row["won_without_showdown"]))
    tables = [results]
    draws = _table(f"draws ({block['game']})")
    draws.add_column("player", no_wrap=True)
    snow = any(d["snow"] is not None for row in block["players"] for d in row["draws"])
    for k in range(block["draws"]):
        ordinal = ORDINALS[k] if block["draws"] > 1 else "draw"
        draws.add_column(f"{ordinal}\npat", justify="right", no_wrap=True)
        draws.add_column(f"{ordinal}\navg", justify="right", no_wrap=True)
        if k:
            draws.add_column(f"{ordinal}\nbroke", justify="right", no_wrap=True)
        if snow:
            draws.add_column(f"{ordinal}\nsnow", justify="right", no_wrap=True)
    for row in block["players"]:
        cells = [shown(row["player"])]
        for d in row["draws"]:
            cells += [_pct(d["stood_pat"]), _number(d["cards_drawn"]["average"])]
            if d["broke"] is not None:
                cells.append(_pct(d["broke"]))
            if snow:
                cells.append(_pct(d["snow"]))
        draws.add_row(*cells)
    tables.append(draws)
    if any(row["opened"] is not None for row in block["players"]):
        openings = _table(f"openings ({block['game']})")
        for header in ("player", "deals", "opened", "with"):
            openings.add_column(header, justify="right" if header in ("deals", "opened") else "left",
                                no_wrap=header != "with")
        for row in block["players"]:
            opened = row["opened"]
            what = ", ".join(f"{shown(name)} ×{n}" for name, n in opened["with"].items())
            openings.add_row(shown(row["player"]), f"{row['hands']:,}", _pct(opened), what or "—")
        tables.append(openings)
    return tables


def _table(title: str, style: str = "") -> Any:
    """A table in the house style: a rule under the header, one space between columns."""
    from rich import box
    from rich.table import Table

    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style=style, collapse_padding=True,
                 pad_edge=False)


def _pct(value: dict[str, Any]) -> str:
    return "—" if value["pct"] is None else f"{value['pct']:.1f}%"


def _number(value: float | None) -> str:
    return "—" if value is None else f"{value:,.2f}"


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
