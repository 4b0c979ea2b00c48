"""Serving the table view: the socket, the address to open, its QR code, and uvicorn (issue 28).

``drawdealer view`` serves in the foreground until Ctrl-C; ``drawdealer deal --serve`` beside the
dealer, in a thread of its own that only reads the journal, as another process would. The socket is
bound here first, so that an address in use or not on this machine is one line, not a server's log.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path
from typing import Any, Callable

import uvicorn

from drawdealer.web.app import create_app

LOOPBACK = ("127.0.0.1", "localhost", "::1")


class BindError(OSError):
    """The address cannot be served (in use, not an address of this machine)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; :class:`BindError` in words when it cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise BindError(f"--host {host}: not an address of this machine ({exc.strerror})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise BindError(f"{host}:{port}: {exc.strerror or exc}"
                        + (" (another program serves there: choose another --port)" if exc.errno == 98 else "")
                        ) from None
    return sock


def urls(host: str, sock: socket.socket) -> list[str]:
    """The addresses to open the page at: this machine's network addresses when bound to all of them."""
    port = sock.getsockname()[1]
    hosts = [host]
    if host in ("0.0.0.0", "::", ""):
        found = {info[4][0] for info in _addresses()} - {"127.0.0.1", "::1"}
        hosts = sorted(found) or ["localhost"]
    return [f"http://[{h}]:{port}/" if ":" in h else f"http://{h}:{port}/" for h in hosts]


def _addresses() -> list[Any]:
    try:
        return socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []


def reach(host: str, widen: str = "--host 0.0.0.0") -> str:
    """One line on what binding to ``host`` means; ``widen`` is the option that opens it to the network."""
    if host in LOOPBACK:
        return f"Only this machine can open it ({host}); {widen} lets every device on your network open it."
    return (f"Bound to {host}: anyone on your network can open this read-only page (the table, never a "
            "hidden card).")


def qr_text(url: str) -> str:
    """The address as a QR code in text (segno, when installed), or empty."""
    try:
        import segno
    except ImportError:
        return ""
    import io

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


class _Server(uvicorn.Server):
    """uvicorn that sleeps while nothing happens, and ends the event streams first when it stops
    (they would hold its shutdown).

    uvicorn's own main loop wakes every 0.1 s to refresh the Date header and look for a stop: ten
    wake-ups a second of an idle server (``bench/bench_view.py``). Here the header is off and the
    loop waits for the stop itself, which a signal's handler (Ctrl-C) sets."""

    _stop: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    async def main_loop(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        while not self.should_exit:
            await self._stop.wait()
            self._stop.clear()

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.config.app.state.hub.close()
        await super().shutdown(sockets=sockets)


def server(directory: Path, *, poll: float = 1.0,
           on_change: Callable[[dict[str, Any]], None] | None = None) -> uvicorn.Server:
    """A uvicorn server of the view of ``directory``, quiet but for its own errors."""
    app = create_app(directory, poll=poll, on_change=on_change)
    config = uvicorn.Config(app, log_config=None, log_level="error", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=2, date_header=False)
    return _Server(config)


def serve_beside(directory: Path, sock: socket.socket, *, poll: float = 1.0) -> threading.Thread:
    """Serve the view in a daemon thread (``deal --serve``); returns once it answers."""
    running = server(directory, poll=poll)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, name="table-view", daemon=True)
    thread.start()
    while not running.started and thread.is_alive():
        thread.join(0.02)
    if not running.started:
        raise BindError(f"the table view did not start on {sock.getsockname()}")
    return thread
