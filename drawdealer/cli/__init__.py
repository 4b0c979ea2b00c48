"""The command-line interface: thin Typer commands over the library (DESIGN.md convention 9)."""
