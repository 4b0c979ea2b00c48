"""What a command loads (DESIGN.md convention 12; the times are bench/bench_startup.py's): the engine
imports neither Typer, Rich nor Lark, nor the standard library's ``dataclasses`` and the ``inspect`` it
imports (records are ``engine/frozen.py``'s), and ``drawdealer validate`` of a clean PokerStars file
loads none of them either, nor Dask (``--cluster``'s alone). Each check runs in a fresh interpreter, which reports the packages it had
loaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import drawdealer

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("typer", "click", "rich", "lark", "dataclasses", "inspect", "dask", "distributed")
_REPORT = ("import atexit, sys\n"
           "atexit.register(lambda: sys.stderr.write('LOADED ' + ' '.join(sorted({m.split('.')[0] for m in sys.modules"
           " if m.split('.')[0] in %r})) + '\\n'))\n")


def _loaded(code: str, *, stdout: int | None = subprocess.DEVNULL, watched: tuple[str, ...] = HEAVY
            ) -> tuple[set[str], subprocess.CompletedProcess]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run([sys.executable, "-c", _REPORT % (watched,) + code], stdin=subprocess.DEVNULL, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    line = [ln for ln in done.stderr.splitlines() if ln.startswith("LOADED")]
    assert line, done.stderr
    return set(line[-1].split()[1:]), done


def test_the_engine_imports_neither_typer_rich_lark_nor_dataclasses() -> None:
    engine = Path(drawdealer.__file__).parent / "engine"
    modules = sorted("drawdealer." + ".".join(p.relative_to(engine.parent).with_suffix("").parts)
                     for p in engine.rglob("*.py") if p.name != "__init__.py")
    assert "drawdealer.engine.replay" in modules
    loaded, done = _loaded("".join(f"import {m}\n" for m in modules))
    assert done.returncode == 0, done.stderr
    assert loaded == set()


def test_validate_of_a_clean_file_loads_no_typer_rich_lark_or_dataclasses() -> None:
    """Piped, a clean file's report is one plain line, written without Rich (``cli/plainconsole.py``)."""
    loaded, done = _loaded("sys.argv = ['drawdealer', 'validate', 'fixtures/clean/27td_fl.txt']\n"
                           "from drawdealer.cli.main import main\nmain()\n", stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "3 hands in 1 file: 3 clean\n"
    assert loaded == set()


def test_typer_reads_every_command_signature_without_compiling_it() -> None:
    """A command module has no ``from __future__ import annotations``: Typer evaluates a string
    annotation twice per parameter on every run through it (``--help`` included), each a compile."""
    import inspect

    from drawdealer.cli.app import app

    callbacks = [info.callback for info in app.registered_commands] + [app.registered_callback.callback]
    assert len(callbacks) >= 10
    for callback in callbacks:
        strings = [name for name, a in inspect.get_annotations(callback).items() if isinstance(a, str)]
        assert not strings, f"{callback.__module__}.{callback.__name__}: string annotations {strings}"


def test_showdown_loads_neither_typer_nor_rich_emoji_table() -> None:
    """The fast path prints the table with Rich, without Typer and without Rich's emoji table (about a
    tenth of the command: our titles hold no ``:code:``)."""
    code = ("sys.argv = ['drawdealer', 'showdown', '--game', '27', '7s5d4c3h2s', '7h6d4s3c2d']\n"
            "from drawdealer.cli.main import main\n"
            "try:\n    main()\nfinally:\n    sys.stderr.write('EMOJI %s\\n' % ('rich._emoji_codes' in sys.modules))\n")
    loaded, done = _loaded(code, stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert "Winner: 1" in done.stdout
    assert loaded <= {"rich", "dataclasses", "inspect"} and "rich" in loaded and "EMOJI False" in done.stderr


def test_help_loads_only_typer_and_the_command_modules() -> None:
    """A command module imports only Typer at module level (``cli/app.py``): what a command needs for
    its work (JSON, the records, Rich) loads when it runs, not for ``drawdealer --help``."""
    code = "sys.argv = ['drawdealer', '--help']\nfrom drawdealer.cli.main import main\nmain()\n"
    loaded, done = _loaded(code, stdout=subprocess.PIPE, watched=("json", "dataclasses", "rich", "lark", "typer"))
    assert done.returncode == 0, done.stderr
    assert "validate" in done.stdout and loaded == {"typer"}


WEB = ("starlette", "uvicorn", "anyio", "segno", "inotify_simple", "drawdealer.web")


def test_only_view_and_deal_serve_load_the_web_stack(tmp_path: Path) -> None:
    """The table view's libraries (the ``web`` extra) load for ``view`` and ``deal --serve`` only:
    ``--help`` of ``view`` and a whole ``deal`` session without ``--serve`` load none of them."""
    report = ("import atexit, sys\natexit.register(lambda: sys.stderr.write('WEB ' + ' '.join(sorted(n for n in %r "
              "if n in sys.modules)) + '\\n'))\n" % (WEB,))
    for argv in (["view", "--help"],
                 ["deal", "--game", "27TD-FL", "--stakes", "1/2", "--seat=A=9", "--seat=B=9", "--button", "A",
                  "--journal", str(tmp_path / "j"), "--json"]):
        code = report + f"sys.argv = ['drawdealer', *{argv!r}]\nfrom drawdealer.cli.main import main\nmain()\n"
        done = subprocess.run([sys.executable, "-c", code], input="call\nquit\n", capture_output=True, text=True,
                              cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        line = [ln for ln in done.stderr.splitlines() if ln.startswith("WEB")]
        assert line == ["WEB "], (argv, line)
