"""``drawdealer options``: every RULES.md §13 configuration key with its default, domain and section
(issue 16), as ``deal --option KEY=VALUE`` and the ``[options]`` table of ``deal --config`` take them.

Lists ``engine.options.OPTION_SPECS``, the one registry the engine validates against.
"""

import typer


def _text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options(
    json_output: bool = typer.Option(False, "--json", help="Print a JSON list, one object per key."),
) -> None:
    """List every option key: default, allowed values and RULES.md section."""
    from drawdealer.engine.options import OPTION_SPECS

    rows = [{"key": s.key, "default": _text(s.default), "domain": s.domain, "section": s.section}
            for s in OPTION_SPECS.values()]
    if json_output:
        import json

        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    typer.echo(f"{len(rows)} options: deal --option KEY=VALUE, or KEY = VALUE under [options] in deal --config")
    key_width = max(len(r["key"]) for r in rows)
    default_width = max(len(r["default"]) for r in rows)
    typer.echo(f"{'key':<{key_width}}  {'default':<{default_width}}  RULES.md  domain")
    for row in rows:
        typer.echo(f"{row['key']:<{key_width}}  {row['default']:<{default_width}}  {'§' + row['section']:<8}  "
                   f"{row['domain']}")
