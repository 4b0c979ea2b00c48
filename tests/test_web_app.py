"""The table view's server (issue 28): read-only, five GET routes and nothing else, the state pushed
when the journal changes, a clear message for a journal it cannot read, and no write to it, ever.

Everything through real processes on the loopback: ``drawdealer view`` (or ``drawdealer deal
--serve``), its pages read with the standard library's HTTP client, the dealer in another process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from unittest import mock

import pytest
from deal_support import scripted
from web_support import Dealer, Viewer, events, follow, get
from drawdealer.cli.text import json_text
from drawdealer.web.tablestate import read_state

ARGS = ["--game", "27TD-FL", "--stakes", "1/2", "--seat=Ann=100", "--seat=Bob=100", "--seat=Cy=100", "--button",
        "Ann"]


def _journal(tmp_path: Path, commands: tuple[str, ...] = ("call", "call")) -> Path:
    journal = tmp_path / "j"
    scripted(journal, ARGS, list(commands))
    return journal


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    """A journal (hand 1, Cy to act) and ``drawdealer view`` of it; the journal's files as they were."""
    journal = tmp_path_factory.mktemp("served") / "j"
    scripted(journal, ARGS, ["call", "call"])
    before = _files(journal)
    viewer = Viewer(journal)
    yield journal, viewer.url, before
    viewer.stop()


def test_the_page_its_two_assets_and_the_state_are_served(served) -> None:
    journal, url, _ = served
    status, headers, body = get(url)
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in headers["content-security-policy"]
    assert b'<script src="table.js"' in body and b"http" not in body  # nothing from elsewhere
    for path, kind in (("table.js", "text/javascript"), ("table.css", "text/css")):
        status, headers, _ = get(url + path)
        assert status == 200 and headers["content-type"].startswith(kind)
    status, headers, body = get(url + "state")
    assert headers["cache-control"] == "no-store"
    assert body.decode("utf-8") == json_text(read_state(journal))
    assert events(url, 1)[0] == json.loads(body)  # the stream's first event: the same state
    assert json.loads(body)["table"]["to_act"] == "Cy"


@pytest.mark.parametrize("path", ["session.toml", "hand-0001.phh", "dealer.lock", "static/index.html",
                                  "../session.toml", "%2e%2e/session.toml", "table.js/../../session.toml",
                                  "index.html", "favicon.ico", "events/x", "state.json", "j/session.toml"])
def test_no_other_path_is_served(served, path: str) -> None:
    _, url, _ = served
    status, _, body = get(url + path)
    assert status == 404
    assert b"version = 1" not in body and b"actions" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("path", ["", "state", "events", "table.js"])
def test_only_get_is_answered(served, method: str, path: str) -> None:
    journal, url, before = served
    assert get(url + path, method=method)[0] == 405
    assert _files(journal) == before


def test_the_view_never_writes_to_the_journal(tmp_path: Path) -> None:
    """Served and read while the dealer plays on, then with the dealer gone: not a byte, not a file
    (no lock taken, no temporary file, no torn commit rolled forward on disk)."""
    journal = tmp_path / "j"
    dealer = Dealer([*ARGS, "--journal", str(journal)])
    viewer = Viewer(journal)
    try:
        for command in ("call", "call", "check"):
            dealer.send(command)
        assert dealer.finish()[0] == 0
        before = _files(journal)
        (lock := journal / "dealer.lock").unlink()  # a journal copied from another machine
        before.pop("dealer.lock")
        for _ in range(3):
            assert get(viewer.url + "state")[0] == 200
        assert events(viewer.url, 1)[0]["table"]["street"] == "D1"
        assert _files(journal) == before and not lock.exists()
    finally:
        viewer.stop()
    assert _files(journal) == before


def test_each_journal_write_is_pushed_to_the_open_pages(tmp_path: Path) -> None:
    """Two pages follow a dealer in another process: each accepted command reaches both, within a
    second, as the state ``deal --json`` printed for it."""
    journal = tmp_path / "j"
    dealer = Dealer([*ARGS, "--journal", str(journal)])
    viewer = Viewer(journal)
    pages = [follow(viewer.url) for _ in range(2)]
    try:
        for page in pages:
            assert page.get(timeout=10)["table"]["to_act"] == "Ann"
        for command in ["call", "call", "check", "draw 2", "pat", "draw 1"]:
            line = dealer.send(command)
            for page in pages:
                state = page.get(timeout=1.0)
                assert state["table"] == {**line, "message": None, "notes": state["table"]["notes"]}
    finally:
        dealer.finish()
        viewer.stop()


def test_a_missing_journal_is_said_and_waited_for(tmp_path: Path) -> None:
    """Started before the dealer: the page and the terminal say there is no game yet, then the
    game appears on the page as the dealer starts it; Ctrl-C stops the view cleanly."""
    journal = tmp_path / "later"
    viewer = Viewer(journal)
    try:
        first = events(viewer.url, 1)[0]
        assert first["problem"]["kind"] == "missing"
        assert first["problem"]["message"] == "later: no such journal directory"  # its name, not where it is
        dealer = Dealer([*ARGS, "--journal", str(journal)])
        dealer.send("call")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            state = events(viewer.url, 1)[0]
            if state["problem"] is None:
                break
            time.sleep(0.1)
        assert state["problem"] is None and state["table"]["to_act"] == "Bob"
        dealer.finish()
    finally:
        code, out, err = viewer.stop()
    assert code == 0 and err.endswith("table view stopped\n"), err
    assert "Traceback" not in err
    assert err.splitlines()[0] == f"journal {journal}: later: no such journal directory"
    assert "readable again (hand 1)" in err


@pytest.mark.parametrize(("edit", "words"), [
    (lambda j: (j / "session.toml").write_text((j / "session.toml").read_text().replace("version = 1",
                                                                                      "version = 3")),
     "written by a newer drawdealer (journal version 3; this one reads version 1): upgrade drawdealer"),
    (lambda j: (j / "session.toml").write_text((j / "session.toml").read_text().replace("hand = 1", "hand = 1 1")),
     "session.toml:5: not valid TOML"),
    (lambda j: (j / "hand-0001.phh").write_text((j / "hand-0001.phh").read_text().replace("'p3 cc'", "'p3 cbr 50'")),
     "hand-0001.phh"),
])
def test_a_journal_that_cannot_be_read_says_why_on_the_page_and_in_the_terminal(tmp_path: Path, edit,
                                                                              words: str) -> None:
    journal = _journal(tmp_path)
    edit(journal)
    viewer = Viewer(journal)
    try:
        state = events(viewer.url, 1)[0]
        status, _, body = get(viewer.url + "state")
    finally:
        code, _, err = viewer.stop()
    assert status == 200 and state["problem"]["kind"] == "unreadable" and "table" not in state
    assert words in state["problem"]["message"]
    assert code == 0 and "Traceback" not in err and words in err.splitlines()[0]


def test_a_journal_the_system_refuses_to_read_says_so(tmp_path: Path) -> None:
    """A file another program holds locked on a shared folder, or without read permission: the
    system's refusal, in words (permissions do not bind root, so the refusal is simulated)."""
    journal = _journal(tmp_path)
    with mock.patch("drawdealer.cli.deal.journal.Journal.read_session",
                    side_effect=PermissionError(13, "Permission denied")):
        state = read_state(journal)
    assert state["problem"] == {"kind": "unreadable",
                                "message": "j/session.toml: cannot read ([Errno 13] Permission denied)"}


def test_a_read_that_meets_the_next_write_is_read_again(tmp_path: Path) -> None:
    """The hand file of one command and the session file of an older one (two writes of the
    dealer between the reader's two reads) do not belong together: read again, not an error."""
    journal = _journal(tmp_path)
    good = read_state(journal)
    session = (journal / "session.toml").read_text()
    older = session.replace("commands = 2", "commands = 0").replace("hand_start = 0", "hand_start = 0")
    reads = {"n": 0}
    original = __import__("drawdealer.cli.deal.journal", fromlist=["Journal"]).Journal.read_session

    def racing(self):
        reads["n"] += 1
        if reads["n"] == 1:  # the first read sees the old session file; the dealer writes meanwhile
            os.utime(journal / "session.toml", ns=(1, 1))
            return older
        return original(self)

    with mock.patch("drawdealer.cli.deal.journal.Journal.read_session", racing):
        assert read_state(journal) == good
    assert reads["n"] == 2


def test_a_used_port_is_one_line_and_exit_2(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    viewer = Viewer(journal)
    try:
        port = viewer.url.rsplit(":", 1)[1].strip("/")
        second = subprocess.run([sys.executable, "-m", "drawdealer", "view", str(journal), "--port", port],
                                capture_output=True, text=True, timeout=60)
    finally:
        viewer.stop()
    assert second.returncode == 2 and second.stdout == ""
    assert second.stderr.count("\n") == 1 and "choose another --port" in second.stderr


def test_without_the_web_extra_the_command_says_how_to_install_it(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['starlette'] = None\n"
            f"sys.argv = ['drawdealer', 'view', {str(tmp_path)!r}]\n"
            "from drawdealer.cli.main import main\nmain()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == ("drawdealer: error: the table view needs the web extra: pip install 'drawdealer[web]' "
                                   "(starlette is not installed)")


def test_binding_beyond_this_machine_is_said_in_one_line(tmp_path: Path) -> None:
    viewer = Viewer(_journal(tmp_path), "--host", "127.0.0.2")
    try:
        assert viewer.url.startswith("http://127.0.0.2:")
        assert get(viewer.url)[0] == 200
    finally:
        _, out, _ = viewer.stop()
    out = "".join(viewer.banner)
    assert "Bound to 127.0.0.2: anyone on your network can open this read-only page" in out


def test_deal_serve_shows_the_same_view_beside_the_dealer(tmp_path: Path) -> None:
    """``deal --serve 127.0.0.1:0``: the address on the first line; the page follows each command;
    the view ends with the session."""
    journal = tmp_path / "j"
    dealer = Dealer([*ARGS, "--journal", str(journal), "--serve", "127.0.0.1:0"])
    url = dealer.where.split("table view: ")[1].strip()
    assert url.startswith("http://127.0.0.1:")
    line = dealer.send("call")
    deadline = time.monotonic() + 10
    while json_text(events(url, 1)[0]["table"]) != json_text({**line, "message": None}) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert events(url, 1)[0]["table"] == {**line, "message": None}
    code, err = dealer.finish()
    assert code == 0 and "Traceback" not in err
    with pytest.raises(OSError):
        get(url)


def test_deal_serve_with_a_bad_address_starts_nothing(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    done = subprocess.run([sys.executable, "-m", "drawdealer", "deal", *ARGS, "--journal", str(journal), "--serve",
                           "nowhere:x"], input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "not [HOST:]PORT" in done.stderr
    assert not journal.exists()


def test_a_journal_named_by_a_relative_path_is_named_on_the_page(tmp_path: Path, monkeypatch) -> None:
    """``drawdealer view .`` inside the journal, or ``view j`` beside it: the page names the folder."""
    journal = _journal(tmp_path)
    (journal / "session.toml").write_text("version = 9\n")
    monkeypatch.chdir(journal)
    here = read_state(Path("."))
    assert here["journal"] == "j" and here["problem"]["message"].startswith("session.toml:1: written by a newer")
    monkeypatch.chdir(tmp_path)
    beside = read_state(Path("j"))
    assert beside["journal"] == "j" and beside["problem"]["message"].startswith("j/session.toml:1: written by a newer")
