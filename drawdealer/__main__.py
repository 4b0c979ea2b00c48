"""`python -m drawdealer` runs the command-line tool."""

from drawdealer.cli.main import main

main()
