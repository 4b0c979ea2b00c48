"""What every drawdealer command does alike (issue 17, CLI conventions), through the real process
where the behaviour depends on it: ``--version``, ``-h``, shell completion, one registry of game
names, usage errors in one line, and a reader that closes the pipe early."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import drawdealer
from drawdealer.cli.app import app
from drawdealer.engine.variants import get_game

ROOT = Path(__file__).resolve().parents[1]
CLEAN = ROOT / "fixtures" / "clean" / "27td_fl.txt"
FLAGGED = ROOT / "fixtures" / "findings" / "RAISE_ABOVE_POT_LIMIT.txt"
COMMANDS = ("rules", "codes", "showdown", "deal", "status", "potlimit", "validate", "convert", "view", "stats")
runner = CliRunner()


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m drawdealer ARGS``: the console script's own ``main``."""
    return subprocess.run([sys.executable, "-m", "drawdealer", *args], capture_output=True, text=True,
                          timeout=120, env=env)


# --- --version, -h ------------------------------------------------------------------------------

def test_version_prints_the_package_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == f"drawdealer {drawdealer.__version__}\n"


@pytest.mark.parametrize("command", ("",) + COMMANDS)
def test_dash_h_is_help_everywhere(command: str) -> None:
    args = [command] if command else []
    short, long = runner.invoke(app, [*args, "-h"]), runner.invoke(app, [*args, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "Usage: drawdealer" in short.stdout
    assert "-h, --help" in short.stdout


def test_help_is_plain_text_without_rich_panels() -> None:
    result = run("validate", "-h")
    assert result.returncode == 0
    assert "╭" not in result.stdout and "│" not in result.stdout


@pytest.mark.parametrize("command", ("",) + COMMANDS)
def test_help_shows_no_markup_escapes(command: str) -> None:
    """Help is plain text (no Rich markup), so a docstring's ``[N]`` must be written as is: an escape
    written for Rich (a backslash before the bracket) would reach the user verbatim."""
    result = runner.invoke(app, [command, "-h"] if command else ["-h"])
    assert result.exit_code == 0
    assert "\\[" not in result.stdout


# --- shell completion ---------------------------------------------------------------------------

@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_script_for_the_named_shell(shell: str) -> None:
    result = run("--show-completion", shell)
    assert result.returncode == 0, result.stderr
    assert f"_DRAWDEALER_COMPLETE=complete_{shell}" in result.stdout


def test_show_completion_of_an_unknown_shell_is_a_usage_error() -> None:
    result = run("--show-completion", "tcsh")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "drawdealer: error: --show-completion: unknown shell 'tcsh' (use bash, zsh, fish, powershell, pwsh)"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_script_completes_commands_and_options() -> None:
    """Source the printed script in bash and ask its function for completions, as bash does on TAB."""
    scripts = sysconfig.get_path("scripts")
    if not os.access(os.path.join(scripts, "drawdealer"), os.X_OK):
        pytest.skip("the drawdealer console script is not installed")
    script = run("--show-completion", "bash").stdout
    probe = (script + "\nCOMP_WORDS=(drawdealer val); COMP_CWORD=1; _drawdealer_completion drawdealer; "
             "echo \"${COMPREPLY[@]}\"\nCOMP_WORDS=(drawdealer validate --for); COMP_CWORD=2; "
             "_drawdealer_completion drawdealer; echo \"${COMPREPLY[@]}\"\n")
    env = dict(os.environ, PATH=scripts + os.pathsep + os.environ.get("PATH", ""))
    result = subprocess.run(["bash", "--norc", "--noprofile"], input=probe, capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.stdout.splitlines() == ["validate", "--format"], result.stderr


def test_install_completion_writes_the_script_and_sources_it(tmp_path: Path) -> None:
    env = dict(os.environ, HOME=str(tmp_path))
    result = run("--install-completion", "bash", env=env)
    assert result.returncode == 0, result.stderr
    installed = tmp_path / ".bash_completions" / "drawdealer.sh"
    assert "_DRAWDEALER_COMPLETE=complete_bash" in installed.read_text()
    assert str(installed) in (tmp_path / ".bashrc").read_text()


# --- one registry of game names -----------------------------------------------------------------

SHORT_NAMES = {"27": "27TD-FL", "2-7": "27TD-FL", "deuce": "27TD-FL", "Deuce": "27TD-FL", "high": "5CD-FL",
               "5cd": "5CD-FL", "ita": "ITA", "italian": "ITA", "27TD-PL": "27TD-PL"}


@pytest.mark.parametrize("name", sorted(SHORT_NAMES))
def test_a_game_name_means_the_same_game_in_every_command(name: str, tmp_path: Path) -> None:
    """``deuce`` in ``deal`` as in ``showdown`` and ``validate``: each resolves --game through
    ``engine.variants`` alone."""
    game = get_game(name)
    assert game.id == SHORT_NAMES[name]
    # showdown ranks with that game's ranking
    hands = ["A=Ac7c8c9cTc", "B=ThJhQhKhAh"] if game.is_italian else ["A=7s5d4c3h2s", "B=7h6d4s3c2d"]
    shown = runner.invoke(app, ["showdown", "--game", name, "--json", *hands])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["game"] == game.ranking
    # deal sets the table up for that game
    journal = tmp_path / "journal"
    seats = ["--seat=A=500", "--seat=B=500", "--seat=C=500"]
    table = ["--invito", "10", "--chip", "1"] if game.is_italian else ["--stakes", "1/2"]
    dealt = runner.invoke(app, ["deal", "--game", name, *table, *seats, "--button", "A", "--journal", str(journal),
                                "--json"], input="quit\n")
    assert dealt.exit_code == 0, dealt.output
    assert tomllib.loads((journal / "session.toml").read_text())["game"] == game.id
    # validate replays a file under that game
    checked = runner.invoke(app, ["validate", "--game", name, "--format", "json", str(CLEAN)])
    assert checked.exit_code in (0, 1), checked.output
    assert {json.loads(line)["game"] for line in checked.stdout.splitlines()} == {game.id}


@pytest.mark.parametrize("command", [
    ["showdown", "--game", "omaha", "A=7s5d4c3h2s", "B=7h6d4s3c2d"],
    ["validate", "--game", "omaha", str(CLEAN)],
    ["deal", "--game", "omaha", "--stakes", "1/2", "--seat=A=10", "--seat=B=10", "--button", "A"],
])
def test_an_unknown_game_is_refused_alike(command: list[str]) -> None:
    result = runner.invoke(app, command)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("drawdealer: error: --game 'omaha': unknown game")


@pytest.mark.parametrize("command", [
    ["showdown", "--game", "lowball", "A=7s5d4c3h2s", "B=7h6d4s3c2d"],
    ["validate", "--game", "Lowball", str(CLEAN)],
    ["deal", "--game", "lowball", "--stakes", "1/2", "--seat=A=10", "--seat=B=10", "--button", "A"],
])
def test_a_name_of_more_than_one_game_is_refused_with_the_choices(command: list[str]) -> None:
    """"lowball" is 2-7 to some players and A-5 (California lowball) to others (RULES.md §3, §16): it
    used to mean 2-7 silently; every command now asks which."""
    result = runner.invoke(app, command)
    assert result.exit_code == 2
    name = command[2]
    assert result.stderr.splitlines() == [
        f"drawdealer: error: --game '{name}': names more than one game; say which: 2-7 (27TD-FL, deuce) or "
        "A-5 (A5TD-FL, ace-to-five)"]


@pytest.mark.parametrize("game", ["27", "high", "27TD-PL", "badugi"])
def test_players_with_a_full_deck_game_is_an_error(game: str) -> None:
    """RULES.md §2.2: only the Italian deck depends on the number of players; --players with another
    game used to be ignored."""
    result = run("showdown", "--game", game, "--players", "3", "7s5d4c3h2s", "7h6d4s3c2d")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"drawdealer: error: --players: '{game}' is dealt from the full deck; only Italian poker has a deck "
        "stripped by the number of players (RULES.md §2.2)"]


# --- usage errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("args, needle", [
    (("validate",), "Missing argument"),
    (("validate", "--jobs", "many", str(CLEAN)), "--jobs"),
    (("showdown", "-h", "--bogus"), "No such option: --bogus"),
    (("convert", str(CLEAN)), "Missing option '--to'"),
    (("--bogus",), "No such option: --bogus"),
])
def test_usage_errors_are_one_line_exit_2(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "error:" in lines[0] and needle in lines[0], result.stderr
    assert "Traceback" not in result.stderr and "╭" not in result.stderr


# --- a reader that stops reading ---------------------------------------------------------------

@pytest.fixture(scope="module")
def many_flagged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """2,000 flagged hands: far more output than a pipe buffers."""
    path = tmp_path_factory.mktemp("pipe") / "flagged.txt"
    path.write_text("\n\n\n".join([FLAGGED.read_text()] * 2000))
    return path


@pytest.mark.parametrize("extra", [[], ["--format", "json"], ["--format", "json", "--jobs", "2"]],
                         ids=["human", "json", "json-jobs-2"])
def test_a_closed_pipe_ends_quietly_with_exit_0(many_flagged: Path, extra: list[str]) -> None:
    """``drawdealer validate big | head -1``: the reader reads one line and goes; drawdealer stops
    without a traceback or a message, and exits 0 although the hands have findings."""
    proc = subprocess.Popen([sys.executable, "-m", "drawdealer", "validate", *extra, str(many_flagged)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err
    assert first and err == b""


@pytest.mark.parametrize("extra", [["--format", "json"], ["--format", "json", "--jobs", "2"]], ids=["one", "jobs-2"])
def test_ctrl_c_ends_with_one_line_and_exit_130(many_flagged: Path, extra: list[str]) -> None:
    """Ctrl-C (SIGINT to the whole foreground group, as a terminal sends it) in the middle of a run:
    one line, exit 130, no traceback from drawdealer or from its worker processes."""
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "drawdealer", "validate", *extra, str(many_flagged)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    assert proc.stdout is not None
    assert proc.stdout.readline()  # running
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert err.decode().splitlines() == ["drawdealer: interrupted"]
