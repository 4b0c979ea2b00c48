"""``drawdealer deal``: the live dealer assistant (issue 5), one concept per module.

``commands`` parses typed lines; ``setup`` validates a new table; ``sessionfile`` and ``journal``
keep the crash-safe journal; ``session`` runs hands over the engine; ``restore`` resumes from a
journal; ``table`` builds what the dealer sees, ``view`` holds it, ``screen`` draws it with Rich;
``prompt`` reads commands; ``command`` is the Typer entry point.
"""
