"""``drawdealer view JOURNAL``: the players' table view, a read-only web page of a dealing session
that follows its journal as the dealer writes it (issue 28; ``drawdealer/web``).

The page is served until Ctrl-C (exit 0); the journal is only read (another process or another
machine may be the dealer). A journal that is missing, unreadable, corrupt or of a newer version is
said on the page and here, in one line, and the view goes on waiting for it to be readable. Exit 2
when the address cannot be served or the ``web`` extra is not installed. ``drawdealer deal --serve`` starts
the same view beside the dealer (:func:`serve_beside_dealer`).
"""

import sys
from pathlib import Path

import typer

from drawdealer.cli.errors import fail

DEFAULT_HOST = "127.0.0.1"


def _web():
    """The ``drawdealer.web.serve`` module, or exit 2 saying how to install it."""
    try:
        from drawdealer.web import serve
    except ImportError as exc:
        fail(f"the table view needs the web extra: pip install 'drawdealer[web]' "
             f"({(exc.name or 'starlette').split('.')[0]} is not installed)")
    return serve


def _banner(serve, url: str, host: str, widen: str = "--host 0.0.0.0") -> str:
    """The address, its QR code, and what the binding means (``widen``: the option that opens it)."""
    return f"open: {url}\n{serve.qr_text(url)}{serve.reach(host, widen)}\n"


def view(
    journal: Path = typer.Argument(..., help="The journal directory of a `drawdealer deal` session."),
    host: str = typer.Option(DEFAULT_HOST, "--host", help="Address to serve on: 0.0.0.0 for every device "
                             "on your network (default: this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to serve on (0: any free port)."),
    poll: float = typer.Option(1.0, "--poll", min=0.05, help="Seconds between two looks at the journal besides "
                               "change notifications (a folder another machine writes to over the network)."),
) -> None:
    """Serve the players' table view: a read-only web page of the game that follows the journal."""
    from drawdealer.cli.text import shown

    serve = _web()
    try:
        sock = serve.bind(host, port)
    except serve.BindError as exc:
        fail(str(exc))
    last = {"problem": None}

    def report(state: dict) -> None:
        """One line on stderr when the journal becomes unreadable, changes problem, or is readable again."""
        problem = state["problem"]
        message = problem["message"] if problem else None
        if message != last["problem"]:
            if message:
                sys.stderr.write(f"journal {shown(str(journal))}: {shown(message)}\n")
            elif last["problem"]:
                sys.stderr.write(f"journal {shown(str(journal))}: readable again (hand {state['table']['hand']})\n")
            sys.stderr.flush()
        last["problem"] = message

    running = serve.server(journal, poll=poll, on_change=report)
    urls = serve.urls(host, sock)
    sys.stdout.write(f"drawdealer table view of {shown(str(journal))}\n" + _banner(serve, urls[0], host)
                     + "".join(f"also: {url}\n" for url in urls[1:]) + "Ctrl-C stops it; the journal is only read.\n")
    sys.stdout.flush()
    try:
        running.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again
        pass
    sys.stderr.write("table view stopped\n")


def listen(where: str):
    """``deal --serve [HOST:]PORT``: the host and its bound socket, taken before the session starts
    (a bad address is refused before anything is journaled); exit 2 when it cannot be served."""
    host, _, port_text = where.rpartition(":")
    host = host.strip("[]") or DEFAULT_HOST
    if not port_text.isdigit() or int(port_text) > 65535:
        fail(f"--serve {where}: not [HOST:]PORT (e.g. 8000 or 0.0.0.0:8000)")
    serve = _web()
    try:
        return host, serve.bind(host, int(port_text))
    except serve.BindError as exc:
        fail(f"--serve: {exc}")


def serve_beside_dealer(directory: Path, listening) -> tuple[str, str]:
    """The view of ``directory`` served on ``listening`` (:func:`listen`) beside the dealer, in a
    thread that only reads the journal. Returns the address and the banner to show (address, QR
    code, what the binding means)."""
    host, sock = listening
    serve = _web()
    try:
        serve.serve_beside(directory, sock)
    except serve.BindError as exc:
        fail(f"--serve: {exc}")
    url = serve.urls(host, sock)[0]
    return url, _banner(serve, url, host, widen=f"--serve 0.0.0.0:{sock.getsockname()[1]}")
