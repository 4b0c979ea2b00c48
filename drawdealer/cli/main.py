"""The console-script entry point: ``drawdealer`` and ``python -m drawdealer``.

``drawdealer showdown`` with plain arguments is settled before Typer is imported: Typer's import
and its parameter processing (which loads pydantic) cost about 130 ms, more than the whole
120 ms start-up goal (DESIGN.md convention 12; ``bench/bench_startup.py``). ``drawdealer validate``
with plain arguments runs without Typer too (``cli/validate_core.py``). Everything else, including
``showdown --help``, goes through the Typer app (``cli/app.py``).
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run the command named in ``sys.argv``."""
    if sys.argv[1:2] == ["showdown"]:
        from drawdealer.cli.showdown_core import fast_path

        fast_path(sys.argv[2:])  # exits, unless the arguments need Typer
    elif sys.argv[1:2] == ["validate"]:
        from drawdealer.cli.validate_core import fast_path as validate_fast_path

        validate_fast_path(sys.argv[2:])  # the same: Typer's start-up is a tenth of a second
    from drawdealer.cli.app import run

    run()
