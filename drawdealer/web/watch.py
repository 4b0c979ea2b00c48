"""When to read the journal again: wake on a change of its folder, and use no CPU in between.

On Linux the folder is watched with inotify (``inotify_simple``, part of the ``web`` extra): the
dealer's atomic writes (a temporary file renamed over the old one, ``cli/atomic.py``) wake the
server at once, and nothing runs between two writes. inotify is not told of writes made by another
machine to a shared network folder, and other systems have no inotify: the folder's signature
(``tablestate.journal_signature``: two ``stat`` calls) is also compared every ``poll`` seconds, so
such a write shows within that time. ``bench/bench_view.py`` measures both the latency and the CPU
the server uses while nothing is written.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import AsyncIterator

from drawdealer.web.tablestate import journal_signature

try:  # Linux only; elsewhere the stat poll alone
    from inotify_simple import INotify, flags
except (ImportError, OSError, AttributeError):  # pragma: no cover - not Linux, or no inotify in libc
    INotify = flags = None  # type: ignore[assignment,misc]

_EVENTS = ("CREATE", "DELETE", "MOVED_TO", "MOVED_FROM", "CLOSE_WRITE", "ATTRIB", "DELETE_SELF", "MOVE_SELF")
"""The folder's changes that matter: files written, renamed into place or removed; the folder itself gone."""


class _Notifier:
    """An inotify watch of one folder that sets ``woken`` when something in it changes."""

    def __init__(self, directory: Path, woken: asyncio.Event) -> None:
        self.inotify = INotify(nonblocking=True)
        mask = 0
        for name in _EVENTS:
            mask |= getattr(flags, name)
        try:
            self.inotify.add_watch(directory, mask)
        except OSError:
            self.inotify.close()
            raise
        self.woken = woken
        self.gone = False
        self.loop = asyncio.get_running_loop()
        self.loop.add_reader(self.inotify.fileno(), self._read)

    def _read(self) -> None:
        try:
            events = self.inotify.read(timeout=0)
        except OSError:
            events = []
        if any(e.mask & (flags.IGNORED | flags.DELETE_SELF | flags.MOVE_SELF) for e in events):
            self.gone = True  # the folder went: back to polling until it is there again
        self.woken.set()

    def close(self) -> None:
        self.loop.remove_reader(self.inotify.fileno())
        self.inotify.close()


async def changes(directory: Path, *, poll: float = 1.0) -> AsyncIterator[None]:
    """Yield once at the start, then after every change of the journal folder's signature. A
    change is looked for when inotify says the folder changed, and every ``poll`` seconds."""
    woken = asyncio.Event()
    notifier: _Notifier | None = None
    last = None
    try:
        while True:
            if notifier is not None and notifier.gone:
                notifier.close()
                notifier = None
            if notifier is None and INotify is not None and directory.is_dir():
                with contextlib.suppress(OSError):
                    notifier = _Notifier(directory, woken)
            signature = journal_signature(directory)
            if signature != last:
                last = signature
                yield
                continue  # the read may have taken a while: look again at once
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(woken.wait(), poll)
            woken.clear()
    finally:
        if notifier is not None:
            notifier.close()
