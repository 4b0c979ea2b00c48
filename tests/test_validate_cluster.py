"""``drawdealer validate --cluster`` on a ``distributed.LocalCluster`` of two worker processes started
here (issue 29): the output of ``--jobs 1``, byte for byte, on the corpus and on generated files cut
into byte ranges, whether the workers read the files or are sent their bytes (``--ship``); a worker
killed mid-run costs no hand; failures are one line, exit 2."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from distributed import Client, LocalCluster
from typer.testing import CliRunner

import drawdealer.cluster as cluster_module
import drawdealer.validate as library
from drawdealer.cli.app import app
from validate_support import FIXTURES, write_big_file
from shared_data import ABSENT, CORPUS

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cluster() -> LocalCluster:
    """A scheduler on the loopback and two single-threaded worker processes (each under a nanny,
    which starts a new one when it dies)."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as local:
        yield local


@pytest.fixture(scope="module")
def address(cluster: LocalCluster) -> str:
    return cluster.scheduler_address


@pytest.fixture(scope="module")
def big_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A generated file of 240 hands (three broken), the same with a BOM and CRLF line ends, and in
    UTF-16 (a whole-file task: only UTF-8 files are cut into ranges)."""
    folder = tmp_path_factory.mktemp("cluster")
    plain = write_big_file(folder / "many.txt")
    crlf = folder / "crlf.txt"
    crlf.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes().replace(b"\n", b"\r\n"))
    utf16 = folder / "utf16.txt"
    utf16.write_bytes(plain.read_text(encoding="utf-8").encode("utf-16"))
    return [plain, crlf, utf16]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["validate", *args], input=stdin, env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_the_corpus_gives_the_output_of_one_process(address: str) -> None:
    if not CORPUS.is_dir():
        pytest.skip(ABSENT)
    for output in ("json", "human"):
        one = run("--format", output, "--jobs", "1", str(CORPUS))
        assert one[0] in (0, 1) and one[1].count("\n") > 10
        assert run("--format", output, "--cluster", address, str(CORPUS)) == one
    assert run("--format", "json", "--cluster", address, "--ship", str(CORPUS)) == run(
        "--format", "json", "--jobs", "1", str(CORPUS))


def test_byte_ranges_of_generated_files_give_the_output_of_one_process(
        address: str, big_files: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut into ranges of 20 kB (this process plans; the workers read each range, or are sent it)."""
    monkeypatch.setattr(library, "CHUNK_BYTES", 20_000)
    plain, crlf, utf16 = map(str, big_files)
    files = [plain, str(FIXTURES / "clean" / "ita_session.phhs"), crlf, utf16, plain, str(FIXTURES / "findings")]
    tasks = [t for t in library.plan(files) if isinstance(t, library.Task)]
    assert sum(t.end is not None for t in tasks) > 30 and any(t.file == utf16 and t.end is None for t in tasks)
    one = run("--format", "json", "--jobs", "1", *files)
    assert one[0] == 1 and len(one[1].splitlines()) > 4 * 240
    assert run("--format", "json", "--cluster", address, *files) == one
    assert run("--format", "json", "--cluster", address, "--ship", *files) == one
    assert run("--cluster", address, "--ship", *files) == run("--jobs", "1", *files)  # the human report


def test_workers_read_a_relative_path_from_here(address: str, big_files: list[Path],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A path is made absolute before a worker (whose folder is not this one) reads it; reports keep
    the name given."""
    monkeypatch.chdir(big_files[0].parent)
    assert Path.cwd() != ROOT
    code, out, _ = run("--format", "json", "--cluster", address, "many.txt")
    assert (code, out) == run("--format", "json", "--jobs", "1", "many.txt")[:2]
    assert out.startswith('{"schema": 1, "file": "many.txt"')


def test_standard_input_is_sent_to_the_workers(address: str, big_files: list[Path]) -> None:
    """Standard input's copy is a private file of this machine: its bytes travel with the task."""
    text = big_files[0].read_text(encoding="utf-8")
    one = run("--format", "json", "--jobs", "1", "-", stdin=text)
    assert one[0] == 1 and '"file": "<stdin>"' in one[1]
    assert run("--format", "json", "--cluster", address, "-", stdin=text) == one


def test_strict_stops_at_the_first_error_as_one_process_does(address: str, big_files: list[Path]) -> None:
    one = run("--format", "json", "--strict", "--jobs", "1", str(big_files[0]))
    assert one[0] == 1 and len(one[1].splitlines()) == 18
    assert run("--format", "json", "--strict", "--cluster", address, str(big_files[0])) == one


def test_the_progress_bar_is_fed_every_task_s_bytes(address: str, big_files: list[Path]) -> None:
    seen: list[int] = []
    files = [str(p) for p in big_files]
    reports = list(library.validate(files, cluster=address, chunk=30_000, progress=seen.append))
    assert len(reports) == 3 * 240
    assert len(seen) > 20 and sum(seen) == library.total_bytes(files)


def test_a_worker_killed_mid_run_costs_no_hand(cluster: LocalCluster, tmp_path: Path) -> None:
    """When the first task is in, the worker busy with the most tasks is killed (SIGKILL, as a machine
    lost): the scheduler gives its tasks to the other worker (the nanny starts a new one), and the
    run ends with every hand, in order, as from one process."""
    big = write_big_file(tmp_path / "big.txt", hands=1500)
    files = [str(big)] * 3
    expected = [r.to_dict() for r in library.validate(files, jobs=1)]
    with Client(cluster, set_as_default=False) as client:
        before = client.run(os.getpid)
        killed: list[tuple[str, int]] = []

        def kill_a_busy_worker(_: int) -> None:
            if killed:
                return
            busy = {worker: keys for worker, keys in client.processing().items() if keys}
            assert busy, "every task was done before the first was taken: nothing to kill mid-run"
            worker = max(busy, key=lambda w: len(busy[w]))
            killed.append((worker, len(busy[worker])))
            os.kill(before[worker], signal.SIGKILL)

        got = [r.to_dict() for r in library.validate(files, cluster=client, chunk=40_000,
                                                     progress=kill_a_busy_worker)]
        assert killed and killed[0][1] >= 1
        assert got == expected and len(got) == 3 * 1500
        client.wait_for_workers(2, timeout=60)  # the nanny's new worker, for the tests after this one
        assert killed[0][0] not in client.run(os.getpid)


def test_a_worker_of_another_version_is_refused_in_one_line(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Other code could find other faults: every worker must run this version."""
    monkeypatch.setattr(cluster_module, "installed_version", lambda: "0.0.0-other")
    code, out, err = run("--cluster", address, str(FIXTURES / "clean"))
    assert code == 2 and out == ""
    assert err.startswith("drawdealer: error: --cluster: worker tcp://127.0.0.1:") and err.count("\n") == 1
    assert "this is 0.0.0-other" in err


def test_an_unreachable_scheduler_is_one_line() -> None:
    code, out, err = run("--cluster", "nowhere://x", str(FIXTURES / "clean"))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("drawdealer: error: --cluster nowhere://x: cannot reach a Dask scheduler there")


@pytest.mark.parametrize("args, message", [
    (["--ship"], "--ship sends the files' bytes to a cluster's workers: give --cluster ADDRESS too"),
    (["--jobs", "2", "--cluster", "tcp://127.0.0.1:8786"], "--jobs and --cluster: give one"),
])
def test_options_that_do_not_go_together(args: list[str], message: str) -> None:
    code, out, err = run(*args, str(FIXTURES / "clean"))
    assert code == 2 and out == "" and err.startswith(f"drawdealer: error: {message}") and err.count("\n") == 1


def test_without_dask_cluster_says_so_in_one_line() -> None:
    """The console script, in an interpreter where ``distributed`` cannot be imported."""
    code = ("import sys; sys.modules['distributed'] = None\n"
            "sys.argv = ['drawdealer', 'validate', '--cluster', 'tcp://127.0.0.1:8786', 'fixtures/clean']\n"
            "from drawdealer.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("drawdealer: error: --cluster needs Dask's distributed scheduler: "
                           "pip install 'drawdealer[cluster]'\n")


def test_a_cluster_lost_mid_run_prints_what_was_read_then_one_line(
        address: str, big_files: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The hands of the tasks done before the failure are printed, in order; then one line, exit 2
    (here the fourth task's result is lost, as when the scheduler goes)."""
    real = cluster_module._result
    calls: list[int] = []

    def fourth_is_lost(future, task, live):
        calls.append(1)
        if len(calls) == 4:
            future.cancel()
            raise cluster_module.ClusterError("--cluster: the task for many.txt failed: CancelledError: lost")
        return real(future, task, live)

    monkeypatch.setattr(cluster_module, "_result", fourth_is_lost)
    monkeypatch.setattr(library, "CHUNK_BYTES", 40_000)
    file = str(big_files[0])
    one = run("--format", "json", "--jobs", "1", file)[1].splitlines()
    code, out, err = run("--format", "json", "--cluster", address, file)
    assert (code, err) == (2, "drawdealer: error: --cluster: the task for many.txt failed: CancelledError: lost\n")
    assert 0 < len(out.splitlines()) < len(one) and out.splitlines() == one[:len(out.splitlines())]
    calls.clear()
    code, out, err = run("--cluster", address, file)
    assert (code, err.count("\n")) == (2, 1), err
    assert "hands in" not in out  # no count of part of the input


def test_a_tally_travels_with_each_task_as_on_the_pool(address: str, big_files: list[Path]) -> None:
    """``validate(tally=...)`` (``drawdealer stats``' fold): each task's tally comes back after its
    reports, from the cluster as from one process."""
    from functools import partial

    from drawdealer.stats import StatsTally

    def folded(**where) -> tuple[list[dict], dict]:
        whole = StatsTally()
        reports = []
        for item in library.validate([str(big_files[0])], chunk=40_000, tally=partial(StatsTally), **where):
            if isinstance(item, StatsTally):
                whole.merge(item)
            else:
                reports.append(item.to_dict())
        def fields(counters):
            return {name: getattr(counters, name) for name in counters.__slots__}

        return reports, {key: value for key, value in vars(whole).items() if key != "rows"} | {
            "rows": {key: {name: fields(c) for name, c in row.items()} for key, row in whole.rows.items()}}

    one = folded(jobs=1)
    assert one[1]["read"] == 240 and one[1]["counted"] > 200
    assert folded(cluster=address) == one
