"""The players' table view as a Starlette application (issue 28): read-only, nothing secret.

Five routes, all ``GET`` (and ``HEAD``); any other method is refused (405) and any other path is
not found (404): no other file is ever served.

- ``/``: the page (``static/index.html``), ``/table.css`` and ``/table.js`` beside it: plain HTML,
  CSS and JavaScript in the package, no build step and nothing fetched from elsewhere.
- ``/state``: the page's state now (``tablestate.py``), JSON.
- ``/events``: the same state pushed as Server-Sent Events, once when the page connects and then
  each time the journal changes (``watch.py``): one read of the journal per change, whatever the
  number of viewers.

The page may run no inline script or style and load nothing from another address (its
Content-Security-Policy), so a name typed at the table is only ever text.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.routing import Route

from drawdealer.cli.text import json_text
from drawdealer.web import tablestate, watch
from drawdealer.web.evening_stats import EveningStats

STATIC = Path(__file__).parent / "static"
ASSETS = {"/": ("index.html", "text/html; charset=utf-8"),
          "/table.css": ("table.css", "text/css; charset=utf-8"),
          "/table.js": ("table.js", "text/javascript; charset=utf-8")}
"""Every file the server sends: its path, the file in ``static/`` and its type."""
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
RETRY_MS = 1000
"""How soon a page whose stream broke asks again (the ``retry`` field of the event stream)."""


class Hub:
    """The latest state, as JSON text, and a way to wait for the next one."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}
        self.text = ""
        self.version = 0
        self.closed = False
        self._changed = asyncio.Event()

    def publish(self, state: dict[str, Any]) -> bool:
        """Keep ``state``; True when it differs from the last one (the viewers are then woken)."""
        text = json_text(state)
        if text == self.text:
            return False
        self.state, self.text, self.version = state, text, self.version + 1
        self._wake()
        return True

    def close(self) -> None:
        """End every event stream (the server is stopping: the pages say the connection is lost)."""
        self.closed = True
        self._wake()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def newer(self, version: int) -> bool:
        """Wait for a state newer than ``version``; False when the hub closes instead."""
        while self.version <= version and not self.closed:
            await self._changed.wait()
        return not self.closed


def create_app(directory: Path, *, poll: float = 1.0,
               on_change: Callable[[dict[str, Any]], None] | None = None) -> Starlette:
    """The application for the journal in ``directory``. ``poll``: seconds between two looks at the
    journal's files besides inotify (``watch.py``); ``on_change`` is called with each new state."""
    hub = Hub()
    evening = EveningStats()  # the evening's statistics, counted once for every viewer
    hub.publish(tablestate.read_state(directory, evening))
    if on_change is not None:
        on_change(hub.state)

    async def follow() -> None:
        async for _ in watch.changes(directory, poll=poll):
            if hub.publish(tablestate.read_state(directory, evening)) and on_change is not None:
                on_change(hub.state)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(follow())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def asset(request: Request) -> Response:
        name, media_type = ASSETS[request.url.path]
        return FileResponse(STATIC / name, media_type=media_type, headers=HEADERS)

    async def state(request: Request) -> Response:
        return Response(hub.text, media_type="application/json", headers={**HEADERS, "Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield f"retry: {RETRY_MS}\n\n"
            version = 0
            while await hub.newer(version):
                version = hub.version
                yield f"data: {hub.text}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**HEADERS, "Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    routes = [Route(path, asset, methods=["GET"]) for path in ASSETS]
    routes += [Route("/state", state, methods=["GET"]), Route("/events", events, methods=["GET"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
