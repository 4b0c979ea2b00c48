"""A small TOML writer for the journal's own files (the stdlib reads TOML but cannot write it).

Handles what the session file needs: strings, ints, bools, floats, lists of those, tables
(``[name]``) and arrays of tables (``[[name]]``), one level deep.
"""

from __future__ import annotations

import json
from typing import Any, Mapping


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _is_table_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(v, Mapping) for v in value)


def dumps(data: Mapping[str, Any]) -> str:
    """TOML text for ``data`` (keys must be bare words; ``None`` values are omitted)."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    arrays: list[tuple[str, list[Mapping[str, Any]]]] = []
    for key, value in data.items():
        if value is None:
            continue
        if isinstance(value, Mapping):
            tables.append((key, value))
        elif _is_table_list(value):
            arrays.append((key, list(value)))
        else:
            lines.append(f"{key} = {_scalar(value)}")
    for key, table in tables:
        lines.append("")
        lines.append(f"[{key}]")
        lines.extend(f"{k} = {_scalar(v)}" for k, v in table.items() if v is not None)
    for key, rows in arrays:
        for row in rows:
            lines.append("")
            lines.append(f"[[{key}]]")
            lines.extend(f"{k} = {_scalar(v)}" for k, v in row.items() if v is not None)
    return "\n".join(lines) + "\n"
