"""``drawdealer rules`` (alias ``codes``): the finding codes, their severity, section and example.

Lists the registry of ``drawdealer/engine/findings.py`` (RULES.md §11; DESIGN.md convention 2).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from drawdealer.engine.findings import CodeInfo


def rules(
    code: Annotated[
        str | None, typer.Argument(help="Show only this code, e.g. POT_AMOUNT_WRONG.", show_default=False)
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON (a list, or one object with CODE).")] = False,
) -> None:
    """List every finding code: severity, RULES.md section, title and an example."""
    from drawdealer.engine.findings import CODES, all_codes

    if code is None:
        infos = list(all_codes())
    else:
        info = CODES.get(code.strip().upper())
        if info is None:
            from drawdealer.cli.errors import fail

            fail(f"unknown finding code '{code}' (`drawdealer rules` lists them)")
        infos = [info]

    if json_output:
        payload = [_as_dict(i) for i in infos]
        typer.echo(json.dumps(payload[0] if code is not None else payload, ensure_ascii=False, indent=2))
        return

    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, title=None if code else f"{len(infos)} finding codes", title_justify="left")
    table.add_column("code", style="bold", no_wrap=True)
    table.add_column("severity", no_wrap=True)
    table.add_column("RULES.md", no_wrap=True)
    table.add_column("title / example")
    for info in infos:
        colour = "red" if info.severity.value == "error" else "yellow"
        text = Text(info.title)
        text.append(f"\ne.g. {info.example}", style="dim")
        table.add_row(info.code, Text(info.severity.value, style=colour), f"§{info.section}", text)
    Console().print(table)


def _as_dict(info: CodeInfo) -> dict[str, str]:
    return {
        "code": info.code,
        "severity": info.severity.value,
        "section": info.section,
        "title": info.title,
        "example": info.example,
    }
