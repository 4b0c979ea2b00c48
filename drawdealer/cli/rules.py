"""``drawdealer rules`` (alias ``codes``): the rules reference and the finding codes.

``rules`` lists the registry of ``drawdealer/engine/findings.py`` (RULES.md §11; DESIGN.md
convention 2) fitted to the terminal; ``rules 7.3`` (or ``§7.3``) prints that section of
docs/RULES.md; ``rules CODE`` explains a code with its section's text and an example.
"""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from drawdealer.cli.plainconsole import rich_console

_TABLE_WIDTH = 100
"""Narrower terminals get one block a code instead of a table whose last column would be a sliver."""

if TYPE_CHECKING:
    from drawdealer.cli.rulebook import Section
    from drawdealer.engine.findings import CodeInfo


def rules(
    topic: Annotated[
        str | None,
        typer.Argument(help="A section (7.3 or §7.3) or a finding code (POT_AMOUNT_WRONG).", show_default=False),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print JSON (the list of codes, or one code or section).")
    ] = False,
) -> None:
    """List every finding code, explain one code, or print a section of docs/RULES.md."""
    from drawdealer.cli.rulebook import section_number, sections
    from drawdealer.engine.findings import CODES, all_codes

    if topic is None:
        infos = list(all_codes())
        if json_output:
            _echo_json([_code_dict(i) for i in infos])
        else:
            _print_codes(infos)
        return

    number = section_number(topic)
    if number is not None:
        found = sections().get(number)
        if found is None:
            from drawdealer.cli.errors import fail

            fail(f"docs/RULES.md has no section §{number} (`drawdealer rules 11` lists the finding codes' sections)")
        if json_output:
            _echo_json(_section_dict(found))
        else:
            _print_markdown(found.text)
        return

    info = CODES.get(topic.strip().upper())
    if info is None:
        from drawdealer.cli.errors import fail

        fail(f"unknown finding code or section '{topic}' (`drawdealer rules` lists the codes)")
    section = sections()[info.section]
    if json_output:
        _echo_json(_code_dict(info) | {"rule": _section_dict(section)})
        return
    _print_code(info, section)


def _echo_json(value: Any) -> None:
    """``value`` as indented JSON (``json`` loaded here: ``--help`` does not need it)."""
    import json

    typer.echo(json.dumps(value, ensure_ascii=False, indent=2))


def _print_codes(infos: "list[CodeInfo]") -> None:
    """The registry fitted to the terminal: a table when it is wide enough, else one block a code."""
    from rich import box
    from rich.padding import Padding
    from rich.table import Table
    from rich.text import Text

    console = rich_console()
    console.print(f"{len(infos)} finding codes", highlight=False)
    if console.width >= _TABLE_WIDTH:
        table = Table(box=box.SIMPLE_HEAD)
        table.add_column("code", style="bold", no_wrap=True)
        table.add_column("severity", no_wrap=True)
        table.add_column("§", no_wrap=True)
        table.add_column("title / example")
        for info in infos:
            text = Text(info.title)
            text.append(f"\ne.g. {info.example}", style="dim")
            table.add_row(info.code, _severity_text(info), f"§{info.section}", text)
        console.print(table)
    else:
        for info in infos:
            console.print(Text.assemble((info.code, "bold"), "  ", _severity_text(info), f"  §{info.section}"))
            text = Text(info.title)
            text.append(f"\ne.g. {info.example}", style="dim")
            console.print(Padding(text, (0, 0, 0, 4)))
    console.print(Text("Sections are those of docs/RULES.md: `drawdealer rules 9.6` prints one, "
                       "`drawdealer rules SPLIT_WRONG` explains a code."))


def _print_code(info: "CodeInfo", section: "Section") -> None:
    """One code: severity, title, example, then the text of the section it enforces."""
    from rich.text import Text

    console = rich_console()
    head = Text.assemble((info.code, "bold"), " (", _severity_text(info), f") §{info.section} {section.title}")
    console.print(head)
    console.print(Text(info.title))
    console.print(Text(f"e.g. {info.example}", style="dim"))
    console.print()
    _print_markdown(section.text, console)


def _print_markdown(text: str, console: Any = None) -> None:
    from rich.markdown import Markdown

    (console or rich_console()).print(Markdown(text))


def _severity_text(info: "CodeInfo") -> Any:
    from rich.text import Text

    return Text(info.severity.value, style="red" if info.severity.value == "error" else "yellow")


def _code_dict(info: "CodeInfo") -> dict[str, str]:
    return {
        "code": info.code,
        "severity": info.severity.value,
        "section": info.section,
        "title": info.title,
        "example": info.example,
    }


def _section_dict(section: "Section") -> dict[str, str]:
    return {"section": section.number, "title": section.title, "text": section.text}
