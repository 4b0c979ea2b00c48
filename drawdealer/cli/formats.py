"""The hand-history formats drawdealer reads, in words for the commands' help.

``parsers.sniff.SITES`` is the registry of the sites read; importing it compiles every reader's
header pattern, which ``drawdealer --help`` does not need, so the words are kept here and
``tests/test_sitekit.py`` checks that they name every site of the registry.
"""

FORMATS = "PokerStars, Full Tilt, KingsClub, Winamax or OnGame text, Merge or Boss Media XML, or PHH"
