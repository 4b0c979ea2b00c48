"""``drawdealer stats --graph FILE``: the winnings graph, drawn with matplotlib (issue 30).

The classic tracker graph: cumulative net won in big blinds (y) over the player's hands (x). For one
player three lines: the net (green), the hands he took to a showdown (blue) and the others (red); the
last two add up to the first. For several players one net line each. The lines are
``drawdealer.stats.Track`` values (at most ``2 × GRAPH_POINTS`` points each, whatever the hands).

matplotlib is the optional extra ``plot`` (``pip install 'drawdealer[plot]'``): a well-kept library
beats hand-written PNG and SVG writers, and only users of ``--graph`` need it. It is imported here
only, and this module only by ``stats --graph``. The file is replaced atomically (``cli/atomic.py``):
a failed run leaves an older graph untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

COLOURS = {"net": "#2e7d32", "at showdown": "#1565c0", "without showdown": "#c62828"}
"""The trackers' colours: green net, blue showdown winnings, red non-showdown winnings."""
PLAYER_COLOURS = ("#2e7d32", "#1565c0", "#c62828", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#616161")


def plotting_library() -> str | None:
    """None when matplotlib can be imported, else the one line saying how to get it."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return "--graph needs matplotlib, the optional extra 'plot': pip install 'drawdealer[plot]'"
    return None


def draw(tracks: Mapping[str, Any], path: Path) -> None:
    """Draw ``tracks`` (player → ``Track``) into ``path`` (.png or .svg); OSError when it cannot be
    written."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    figure = Figure(figsize=(11, 5.6), dpi=120, layout="constrained")
    axes = figure.add_subplot()
    names = list(tracks)
    if len(names) == 1:
        name = names[0]
        points = tracks[name].line()
        hands = [p[0] for p in points]
        for k, (label, colour) in enumerate(COLOURS.items(), start=1):
            values = [p[k] for p in points]
            axes.plot(hands, values, color=colour, linewidth=2.2 if k == 1 else 1.4,
                      label=f"{label}: {values[-1]:+,.1f} bb")
        title = f"{name}: {tracks[name].net:+,.1f} big blinds in {_hands(tracks[name].hands)}"
    else:  # the legend lists the players from the best result down, as their lines end
        for k, name in enumerate(sorted(names, key=lambda n: -tracks[n].net)):
            points = tracks[name].line()
            axes.plot([p[0] for p in points], [p[1] for p in points], color=PLAYER_COLOURS[k % len(PLAYER_COLOURS)],
                      linewidth=1.6, label=f"{name}: {points[-1][1]:+,.1f} bb, {_hands(points[-1][0])}")
        title = f"winnings in big blinds, {len(names)} players"
    last = max(track.hands for track in tracks.values())
    axes.axhline(0, color="#9e9e9e", linewidth=0.8, zorder=0)
    axes.set_title(title, loc="left", fontsize=13)
    axes.set_xlabel("hands")
    axes.set_ylabel("net won (big blinds)")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 2.5, 5, 10]))
    axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}"))
    axes.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:+,.0f}" if y else "0"))
    axes.grid(True, color="#e0e0e0", linewidth=0.6)
    axes.set_xlim(0, max(last, 1))
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)  # beside the lines, never on them
    _save(figure, path)


def _save(figure: Any, path: Path) -> None:
    """Write the figure into ``path`` atomically (``cli/atomic.py``)."""
    from drawdealer.cli.atomic import replacing

    with replacing(path, binary=True) as handle:
        figure.savefig(handle, format=path.suffix.lower()[1:])


def _hands(n: int) -> str:
    return f"{n:,} hand" if n == 1 else f"{n:,} hands"
