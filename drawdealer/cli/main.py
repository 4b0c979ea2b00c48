"""The console-script entry point: ``drawdealer`` and ``python -m drawdealer``.

``drawdealer showdown`` with plain arguments is settled before Typer is imported: Typer's import
and its parameter processing cost about 35 ms, which would leave the 120 ms start-up goal no margin
(DESIGN.md convention 12; ``bench/bench_startup.py``). Everything else, including ``showdown --help``,
goes through the Typer app (``cli/app.py``). A reader that closes the pipe early (``| head``) ends
the run quietly with exit 0 (``cli/pipes.py``).
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command named in ``sys.argv``."""
    from drawdealer.cli.pipes import ReaderGone, WatchedStdout, reader_gone

    sys.stdout = WatchedStdout(sys.stdout)
    try:
        try:
            _dispatch()
        finally:
            sys.stdout.flush()
    except ReaderGone:
        reader_gone()


def _dispatch() -> None:
    if sys.argv[1:2] == ["showdown"]:
        from drawdealer.cli.showdown_core import fast_path

        fast_path(sys.argv[2:])  # exits, unless the arguments need Typer
    from drawdealer.cli.app import run

    run()
