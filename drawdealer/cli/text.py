"""Text that came from input, made safe to print (issue 15, "Security").

Player names, table names, file names and the messages that quote them are data: a name holding
``ESC [2J`` must not clear the dealer's screen. :func:`shown` is how human output prints them:
control characters become visible escapes (``\\x1b``), and so do the bytes of a file name that are
not UTF-8 (Python holds them as lone surrogates, ``os.fsdecode``). JSON output keeps the exact text
and is always valid UTF-8 (:func:`json_text`). This module imports nothing heavy: ``cli/errors.py``
and the showdown fast path use it; ``json`` is imported by :func:`json_text` and the pattern of
:func:`shown` compiled (``re``'s cache) only when a text needs them, which a plain report never does.
"""

from __future__ import annotations

import re
from typing import Any

_UNSAFE = "[\x00-\x1f\x7f-\x9f\ud800-\udfff]"
"""C0 and C1 control characters, DEL, and lone surrogates."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as os.fsdecode keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with every control character and undecodable byte shown as an escape: ``a\\x1bb``."""
    if text.isprintable():
        return text
    return re.sub(_UNSAFE, _escape, text)


def json_text(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False)``, unless a string in it holds a lone surrogate (the
    undecodable bytes of a file name): then every non-ASCII character is a ``\\u`` escape, so the
    line is valid UTF-8 and ``json.loads`` still gives the exact text back."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return text
