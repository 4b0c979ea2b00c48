"""`python -m drawdealer` runs the command-line tool."""

from drawdealer.cli.app import main

main()
