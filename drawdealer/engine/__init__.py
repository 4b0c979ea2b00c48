"""The rules engine: pure Python, no I/O; imports neither Typer, Rich nor Lark (DESIGN.md)."""
