"""The files of a ``drawdealer deal`` journal folder (``cli/deal/journal.py`` writes them).

One PHH file a hand, ``hand-0001.phh`` …, which any PHH reader reads; and the dealer's own files,
which are no hand histories: :data:`SESSION_FILE` (the table between hands), the session file as
it stood before each ``next`` (:data:`KEPT_SESSION_FILE`), :data:`LOCK_FILE` (one dealer per
journal) and :data:`HISTORY_FILE` (the prompt's history). ``validate`` reads a journal folder's
hands and leaves the dealer's own files alone (:func:`dealer_files`).
"""

from __future__ import annotations

import os
from typing import Any

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


def file_signature(path: str | os.PathLike[str]) -> Any:
    """What changes whenever the dealer writes ``path`` (each write is a new file renamed into place,
    ``cli/atomic.py``): its inode, modification time and size; the error number when it cannot be
    looked at (gone, not allowed). One ``stat``."""
    try:
        st = os.stat(path)
    except OSError as exc:
        return exc.errno
    return (st.st_ino, st.st_mtime_ns, st.st_size)
