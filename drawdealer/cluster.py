"""Validation on a Dask distributed cluster: ``drawdealer validate --cluster ADDRESS`` (issue 29).

The tasks are those of ``--jobs`` (:func:`drawdealer.validate.plan`: a file, or a byte range of a
large PokerStars file starting at a hand header), run by the same runner
(:func:`drawdealer.validate.in_order`) with Dask's client in place of the process pool: the reports
come back in input order, lines numbered in their file, the same as from ``--jobs 1``. Dask does the
distribution: its scheduler places each task on a worker and, when a worker dies, runs the worker's
tasks again on another (a task reads whole hands and changes nothing, so a second run gives the
same reports). At most :data:`~drawdealer.validate.TASKS_AHEAD` tasks a worker thread are in flight.

The workers read the files (a folder every worker sees at the same absolute path as this machine:
NFS, a cluster file system), or with ``ship`` this process reads each task's bytes and sends them
with it. Standard input's private copy is always sent. Workers need drawdealer installed, at this
version (checked before the first task).

Dask (``pip install 'drawdealer[cluster]'``) is imported here only, when a cluster is asked for.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from drawdealer.engine.frozen import replace
from drawdealer.validate import TASKS_AHEAD, FileProblem, PassedOver, Tally, Task, in_order

MISSING = "--cluster needs Dask's distributed scheduler: pip install 'drawdealer[cluster]'"
WORKERS_WAIT = 30.0
"""Seconds to wait for a scheduler that has no worker yet to get one."""


class ClusterError(Exception):
    """The cluster cannot run the validation: Dask missing, the scheduler unreachable or lost, no
    worker, a worker without this drawdealer, a task that killed its workers (one line each)."""


def connect(address: str) -> Any:
    """A ``distributed.Client`` connected to the scheduler at ``address``; :class:`ClusterError` when
    Dask is not installed or the scheduler cannot be reached."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(MISSING) from None
    try:
        # each task's reports come from its worker straight here, not through the scheduler, which
        # would receive and resend them all (Dask asks the scheduler for a worker it cannot reach)
        return Client(address, set_as_default=False, direct_to_workers=True)
    except (OSError, ValueError, TypeError) as exc:
        raise ClusterError(f"--cluster {address}: cannot reach a Dask scheduler there ({exc})") from None


def on_cluster(tasks: Iterable[Task | FileProblem | PassedOver], game: str | None, cluster: Any, *,
               ship: bool = False, tally: Callable[[], Tally] | None = None) -> Iterator[Any]:
    """The tasks run on ``cluster`` (a scheduler's address, or a ``distributed.Client`` the caller
    keeps), as :func:`~drawdealer.validate.in_order` gives them (``tally``: see
    :func:`~drawdealer.validate.validate`). A client made here is closed at the end; tasks still in
    flight when the caller stops early (``--strict``) are cancelled."""
    client = connect(cluster) if isinstance(cluster, str) else cluster
    live: dict[str, Any] = {}

    def submit(run: Callable[[Any], Any], args: tuple[Task, str | None, Any]) -> Callable[[], Any]:
        future = client.submit(run, args, pure=False)
        live[future.key] = future
        return lambda: _result(future, args[0], live)

    try:
        threads = _workers_ready(client)
        yield from in_order(_for_workers(tasks, ship), game, submit, TASKS_AHEAD * threads, tally)
    finally:
        try:
            if live:
                client.cancel(list(live.values()))
        finally:  # a client left open is closed by the garbage collector, on whatever thread runs it:
            if client is not cluster:  # that can deadlock with Dask's loop starting for the next client
                client.close()


def _for_workers(tasks: Iterable[Task | FileProblem | PassedOver], ship: bool
                 ) -> Iterator[Task | FileProblem | PassedOver]:
    """Each task as a worker can run it: its path made absolute (a worker's folder is not this
    one's), or with ``ship`` (and for standard input's copy, which lives here only) its bytes in
    ``data``; a :class:`FileProblem` in its place when they cannot be read."""
    from drawdealer import inputs

    for task in tasks:
        if not isinstance(task, Task):
            yield task
        elif not (ship or task.file == inputs.STDIN_NAME or inputs.is_stream(task.file)):
            yield replace(task, path=os.path.abspath(task.path))
        else:
            try:
                with open(task.path, "rb") as raw:
                    raw.seek(task.start)
                    data = raw.read() if task.end is None else raw.read(task.end - task.start)
            except OSError as exc:
                yield FileProblem(file=task.file, message=exc.strerror or str(exc))
                continue
            yield replace(task, data=data)


def _result(future: Any, task: Task, live: dict[str, Any]) -> Any:
    """The task's value once its worker sends it; :class:`ClusterError` when the task failed on the
    cluster (a worker killed too often, an exception) or the scheduler was lost."""
    try:
        return future.result()
    except Exception as exc:  # noqa: BLE001 - any failure on the cluster (KilledWorker, a lost scheduler …)
        where = task.file if task.end is None else f"{task.file} (bytes {task.start}-{task.end})"
        raise ClusterError(f"--cluster: the task for {where} failed: {type(exc).__name__}: {exc}") from None
    finally:
        del live[future.key]


def _workers_ready(client: Any) -> int:
    """The worker threads of ``client``'s cluster, once it has a worker (waiting up to
    :data:`WORKERS_WAIT` seconds), each checked to run this version of drawdealer."""
    from importlib.metadata import version

    try:
        client.wait_for_workers(1, timeout=WORKERS_WAIT)
    except Exception:  # noqa: BLE001 - Dask's TimeoutError, or the scheduler gone
        raise ClusterError(f"--cluster {client.scheduler.address}: the scheduler has no worker "
                           f"(waited {WORKERS_WAIT:.0f} s)") from None
    here = installed_version()
    found = client.run(version, "drawdealer", on_error="return")
    for worker, theirs in sorted(found.items()):
        if isinstance(theirs, BaseException):
            raise ClusterError(f"--cluster: worker {worker} has no drawdealer installed ({theirs!r})")
        if here is not None and theirs != here:
            raise ClusterError(f"--cluster: worker {worker} runs drawdealer {theirs}, this is {here}: "
                               "install the same version on every worker")
    return sum(client.nthreads().values())


def installed_version() -> str | None:
    """The version of the drawdealer installed here (None when it runs from a source tree)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("drawdealer")
    except PackageNotFoundError:
        return None
