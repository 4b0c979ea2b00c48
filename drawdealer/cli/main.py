"""The console-script entry point: ``drawdealer`` and ``python -m drawdealer``.

``drawdealer showdown`` and ``drawdealer validate`` with plain arguments run before Typer is
imported (``cli/fastargs.py``): Typer's import and its building of the command tree cost about a
third of a small run, more than the 120 ms start-up goal leaves (DESIGN.md convention 12;
``bench/bench_startup.py``). Everything else, including ``--help`` and usage errors, goes through
the Typer app (``cli/app.py``). Standard output is :func:`drawdealer.cli.stdout.checked` for every
command: a reader that closes the pipe early (``| head``) ends the run quietly with exit 0, any other
failed write (a full disk, a file-size limit) with one line on stderr and exit 2; Ctrl-C ends it with
one line and exit 130.
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    """Run the command named in ``sys.argv``."""
    # The garbage collector walks every object it tracks at each full collection, and once more as
    # the interpreter exits. What the interpreter made before drawdealer starts (site's modules and
    # the like) lives to the end: frozen, it is not walked by the full collections of the start-up.
    # When the command is done, what it made is frozen too: the exit's collection then walks
    # nothing (it would only free cycles, and no command leaves one whose finalizer matters: files
    # are closed by ``with``, stdin's copy is removed at exit). Together about 40 M instructions
    # of a small ``validate`` (bench/bench_startup.py).
    gc.freeze()
    from drawdealer.cli.stdout import OutputFailed, ReaderGone, checked, output_failed, reader_gone

    sys.stdout = checked(sys.stdout)
    try:
        try:
            _dispatch()
        finally:
            sys.stdout.flush()
            gc.freeze()
    except ReaderGone:
        reader_gone()
    except OutputFailed as failed:
        output_failed(failed)
    except KeyboardInterrupt:  # Ctrl-C: stop without a traceback, exit 130 as a shell does
        sys.stderr.write("drawdealer: interrupted\n")
        raise SystemExit(130) from None


def _dispatch() -> None:
    command = sys.argv[1:2]
    if command == ["showdown"]:
        # a few hands settled, then the process ends: collecting would only walk the modules loaded
        # (Rich's and the 2-7 tables: about 20 M instructions of the run)
        gc.disable()
        from drawdealer.cli.showdown_core import fast_path

        fast_path(sys.argv[2:])  # exits, unless the arguments need Typer
    elif command == ["validate"]:
        from drawdealer.cli.validate_core import fast_path

        fast_path(sys.argv[2:])  # likewise
    from drawdealer.cli.app import run

    run()
