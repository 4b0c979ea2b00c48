"""The files of a ``drawdealer deal`` journal folder (``cli/deal/journal.py`` writes them).

One PHH file a hand (:data:`HAND_FILE`: ``hand-0001.phh`` …), which any PHH reader reads; and the
dealer's own files, which are no hand histories: :data:`SESSION_FILE` (the table between hands),
the session file as it stood before each ``next`` (:data:`KEPT_SESSION_FILE`), :data:`LOCK_FILE`
(one dealer per journal) and :data:`HISTORY_FILE` (the prompt's history). ``validate`` reads a
journal folder's hands and leaves the dealer's own files alone (:func:`dealer_files`); the current
hand, the last, may still be under way (:func:`current_hand_file`).
"""

from __future__ import annotations

import os
import stat
from typing import Any

HAND_FILE = "hand-{:04d}.phh"
SESSION_FILE = "session.toml"
KEPT_SESSION_FILE = "hand-{:04d}.session.toml"
LOCK_FILE = "dealer.lock"
HISTORY_FILE = "history"


def dealer_files(names: list[str]) -> set[str]:
    """Those of the file ``names`` of one folder that are a journal's own files: none unless the
    folder holds a journal (its :data:`SESSION_FILE`); then all but the hand files."""
    if SESSION_FILE not in names:
        return set()
    return {n for n in names if n in (SESSION_FILE, LOCK_FILE, HISTORY_FILE) or n.endswith(".session.toml")}


def hand_number(name: str) -> int | None:
    """The number of the hand file named ``name`` (``hand-0001.phh``: 1), None for any other name
    (ASCII digits only: ``str.isdigit`` also takes ``²``, which ``int`` refuses)."""
    if not (name.startswith("hand-") and name.endswith(".phh")):
        return None
    digits = name[len("hand-"):-len(".phh")]
    return int(digits) if digits.isascii() and digits.isdigit() else None


def current_hand_file(folder: str | os.PathLike[str]) -> str | None:
    """The name of the file of the journal's current hand in ``folder``: the hand its
    :data:`SESSION_FILE` names (``hand``), which no ``next`` has closed, so that it may still be
    under way (the dealer's ``next`` starts the following hand at once: every hand before it is
    over). None when the folder holds no journal or its session file cannot be read: its hands are
    then all taken as finished."""
    from drawdealer.parsers import limits

    path = os.path.join(folder, SESSION_FILE)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device is no session file: never opened
            return None
        hand = limits.toml_loads(limits.read_text(path)).get("hand")
    except (OSError, ValueError):  # missing, unreadable, not UTF-8, not TOML
        return None
    if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
        return None
    return HAND_FILE.format(hand)


def is_current_hand(path: str | os.PathLike[str], folders: dict[str, str | None] | None = None) -> bool:
    """Whether ``path`` is the file of its folder's journal's current hand (:func:`current_hand_file`),
    named or found in the folder. ``folders`` keeps what each folder's session file says, read once,
    for a caller that asks of many files; a file not named as a hand file is none, and its folder's
    session file is not read."""
    name = os.path.basename(path)
    if hand_number(name) is None:
        return False
    folder = os.path.dirname(path) or os.curdir
    if folders is None:
        folders = {}
    if folder not in folders:
        folders[folder] = current_hand_file(folder)
    return folders[folder] == name


def file_signature(path: str | os.PathLike[str]) -> Any:
    """What changes whenever the dealer writes ``path`` (each write is a new file renamed into place,
    ``cli/atomic.py``): its inode, modification time and size; the error number when it cannot be
    looked at (gone, not allowed). One ``stat``."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return exc.errno
    return (st.st_ino, st.st_mtime_ns, st.st_size)
