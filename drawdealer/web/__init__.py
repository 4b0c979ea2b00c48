"""The players' table view (issue 28): a read-only web page of a dealing session, read from its
journal (never from the dealer's memory), for the phones and tablets around the table.

``tablestate.py`` turns the journal into the page's JSON (no web library), with the evening's
statistics between hands from ``evening_stats.py``; ``watch.py`` tells when the journal changes;
``app.py`` is the Starlette application (the page, its state and the event stream); ``serve.py``
runs it with uvicorn for ``drawdealer view`` and ``drawdealer deal --serve``. Starlette and uvicorn
are the optional extra ``web`` and load only with those two commands.
"""
