"""Games as :class:`GameSpec` values, with a registry and aliases (RULES.md §0.1).

A game is its ranking, its hand size, its number of draws, the most cards a player may change,
its betting structure, its forced-bet scheme and its deck; a split-pot game (RULES.md §17) names a
ranking that halves every pot. A new game is a :class:`GameSpec` and a ranking, nothing more. ``get_game`` accepts the ids of RULES.md §0.1
(``27TD-FL`` …), the 5-card draw ids added here (``5CD-FL`` …), PHH variant codes (``F2L3D``,
``N2L1D``), site names (``Triple Draw 2-7 Lowball Limit``) and short names (``27``, ``deuce``,
``high``, ``ita``), case-insensitively. It is the one registry of game names: every command's
``--game`` and every reader resolves names here.
"""

from __future__ import annotations

from enum import Enum

from drawdealer.engine.frozen import record


class Structure(str, Enum):
    """Betting structure (RULES.md §7.2-§7.4, §7.6)."""

    FIXED = "FL"
    POT = "PL"
    NO = "NL"
    ITALIAN = "IT"


class ForcedScheme(str, Enum):
    """Blinds (and antes) left of the button (§6.1), or the Italian invito/ante (§10.1)."""

    BLINDS = "blinds"
    ITALIAN = "italian"


class UnknownGame(KeyError):
    """No game has this id or alias (finding code ``GAME_UNSUPPORTED``)."""

    code = "GAME_UNSUPPORTED"

    @property
    def ambiguous(self) -> bool:
        """Whether the name is one players use for more than one game (``lowball``)."""
        return _normal(self.args[0]) in _AMBIGUOUS

    def __str__(self) -> str:
        if self.ambiguous:
            choices = " or ".join(_AMBIGUOUS[_normal(self.args[0])])
            return f"names more than one game; say which: {choices}"
        return f"unknown game {self.args[0]!r}; known: {', '.join(GAMES)}"


@record
class GameSpec:
    """One game (RULES.md §0.1).

    ``draws`` draw rounds, hence ``draws + 1`` betting rounds; ``max_discard`` cards per draw
    (§6.3, §6.4); ``hand_size`` cards dealt to each player (four in Badugi, §15; the stub of §8
    follows); ``deck`` is ``"standard"`` (52 cards) or ``"italian"`` (stripped, §2.2).
    """

    id: str
    name: str
    family: str
    ranking: str
    draws: int
    max_discard: int
    structure: Structure
    forced: ForcedScheme
    deck: str
    hand_size: int = 5
    min_players: int = 2
    max_players: int = 10
    seats_by_option: bool = False
    seats_at_least: int = 2

    def most_players(self, max_players_27: int) -> int:
        """The most players the game seats (RULES.md §18.1). ``MAX_PLAYERS_27`` (default 6, at most 10)
        sets it for 2-7 triple draw, five-card draw and their triple-draw twins (§2.1, §16, §17); single
        draw seats 8 and the option may raise that; Badugi seats 8 and Italian poker 10 (§2.2)."""
        if self.seats_by_option:
            return max(self.seats_at_least, min(self.max_players, max_players_27))
        return self.max_players

    @property
    def splits_pot(self) -> bool:
        """Every pot is halved between two rankings (Badeucey, Badacey, RULES.md §17)."""
        return self.ranking in ("badeucey", "badacey")

    @property
    def streets(self) -> tuple[str, ...]:
        """``B1, D1, B2, …`` in play order (RULES.md §0.3)."""
        out = ["B1"]
        for k in range(1, self.draws + 1):
            out += [f"D{k}", f"B{k + 1}"]
        return tuple(out)

    @property
    def is_italian(self) -> bool:
        return self.family == "ITA"

    def with_structure(self, structure: Structure | str) -> GameSpec:
        """The same game under another betting structure (``--limit``); the Italian game has one."""
        structure = Structure(structure.upper() if isinstance(structure, str) else structure)
        if self.is_italian or structure is Structure.ITALIAN:
            if structure is not self.structure:
                raise UnknownGame(f"{self.id} with {structure.value}")
            return self
        return GAMES[f"{self.family}-{structure.value}"]


_FAMILIES = {
    # family: (title, ranking, draws, hand size = most cards drawn, seats (RULES.md §18.1): "option"
    # for MAX_PLAYERS_27, "8+" for 8 that the option may raise, or a fixed number)
    "27TD": ("2-7 Triple Draw", "lowball27", 3, 5, "option"),
    "27SD": ("2-7 Single Draw", "lowball27", 1, 5, "8+"),
    "5CD": ("5-Card Draw", "high", 1, 5, "option"),
    "BADUGI": ("Badugi", "badugi", 3, 4, 8),                     # RULES.md §15
    "A5TD": ("A-5 Triple Draw", "a5", 3, 5, "option"),           # §16
    "A5SD": ("A-5 Single Draw", "a5", 1, 5, "8+"),
    "BADEUCEY": ("Badeucey", "badeucey", 3, 5, "option"),        # §17
    "BADACEY": ("Badacey", "badacey", 3, 5, "option"),
}
_SEATS = {"option": {"seats_by_option": True}, "8+": {"seats_by_option": True, "seats_at_least": 8}}


def _spec(family: str, structure: Structure, name: str) -> GameSpec:
    if family == "ITA":
        return GameSpec(id="ITA", name=name, family=family, ranking="italian", draws=1, max_discard=4,
                        structure=structure, forced=ForcedScheme.ITALIAN, deck="italian")
    _, ranking, draws, size, seats = _FAMILIES[family]
    bounds = _SEATS[seats] if isinstance(seats, str) else {"max_players": seats}
    return GameSpec(id=f"{family}-{structure.value}", name=name, family=family, ranking=ranking, draws=draws,
                    max_discard=size, hand_size=size, structure=structure, forced=ForcedScheme.BLINDS,
                    deck="standard", **bounds)


_LIMIT_NAMES = {Structure.FIXED: "fixed limit", Structure.POT: "pot limit", Structure.NO: "no limit"}

GAMES: dict[str, GameSpec] = {}
for _family, (_title, *_) in _FAMILIES.items():
    for _structure in (Structure.FIXED, Structure.POT, Structure.NO):
        _game = _spec(_family, _structure, f"{_title} {_LIMIT_NAMES[_structure]}")
        GAMES[_game.id] = _game
GAMES["ITA"] = _spec("ITA", Structure.ITALIAN, "Poker all'italiana")

_ALIASES: dict[str, str] = {
    # the short names every command takes (``showdown --game deuce`` as ``deal --game deuce``): a
    # ranking's name stands for the game most often played with it
    "27": "27TD-FL", "2-7": "27TD-FL", "deuce": "27TD-FL", "deuce to seven": "27TD-FL",
    "lowball27": "27TD-FL", "high": "5CD-FL", "a5": "A5TD-FL", "a-5": "A5TD-FL", "ace-to-five": "A5TD-FL",
    "ace to five": "A5TD-FL", "bad": "BADUGI-FL",
    # 2-7 triple draw
    "27td": "27TD-FL", "2-7 triple draw": "27TD-FL", "2-7 td": "27TD-FL", "f2l3d": "27TD-FL",
    "deuce to seven triple draw": "27TD-FL", "triple draw": "27TD-FL", "td27": "27TD-FL",
    "triple draw 2-7 lowball": "27TD-FL", "triple draw 2-7 lowball limit": "27TD-FL",
    "triple draw 2-7 lowball fixed limit": "27TD-FL", "2-7 triple draw limit": "27TD-FL",
    "triple draw 2-7 lowball pot limit": "27TD-PL", "2-7 triple draw pot limit": "27TD-PL",
    "triple draw 2-7 lowball no limit": "27TD-NL", "2-7 triple draw no limit": "27TD-NL",
    # 2-7 single draw
    "27sd": "27SD-NL", "2-7 single draw": "27SD-NL", "2-7 sd": "27SD-NL", "n2l1d": "27SD-NL",
    "single draw 2-7 lowball": "27SD-NL", "single draw 2-7 lowball no limit": "27SD-NL",
    "2-7 single draw no limit": "27SD-NL", "2-7 no limit single draw": "27SD-NL", "nlsd": "27SD-NL",
    "single draw 2-7 lowball limit": "27SD-FL", "2-7 single draw limit": "27SD-FL", "f2l1d": "27SD-FL",
    "single draw 2-7 lowball pot limit": "27SD-PL", "2-7 single draw pot limit": "27SD-PL",
    # classic 5-card draw
    "5cd": "5CD-FL", "5 card draw": "5CD-FL", "5-card draw": "5CD-FL", "five card draw": "5CD-FL",
    "5 card draw limit": "5CD-FL", "5 card draw fixed limit": "5CD-FL", "f5cd": "5CD-FL",
    "5 card draw pot limit": "5CD-PL", "5 card draw no limit": "5CD-NL", "n5cd": "5CD-NL",
    # Badugi (RULES.md §15)
    "badugi": "BADUGI-FL", "fb": "BADUGI-FL", "badugi limit": "BADUGI-FL", "badugi fixed limit": "BADUGI-FL",
    "limit badugi": "BADUGI-FL", "badugi pot limit": "BADUGI-PL", "pot limit badugi": "BADUGI-PL",
    "badugi no limit": "BADUGI-NL", "no limit badugi": "BADUGI-NL",
    # A-5 lowball (§16)
    "a5td": "A5TD-FL", "a-5 triple draw": "A5TD-FL", "a-5 td": "A5TD-FL", "ace to five triple draw": "A5TD-FL",
    "triple draw a-5 lowball": "A5TD-FL", "triple draw a-5 lowball limit": "A5TD-FL",
    "a-5 triple draw limit": "A5TD-FL", "a-5 triple draw pot limit": "A5TD-PL", "a-5 triple draw no limit": "A5TD-NL",
    "a5sd": "A5SD-NL", "a-5 single draw": "A5SD-NL", "a-5 sd": "A5SD-NL", "ace to five single draw": "A5SD-NL",
    "single draw a-5 lowball": "A5SD-NL", "a-5 single draw no limit": "A5SD-NL", "a-5 single draw limit": "A5SD-FL",
    "a-5 single draw pot limit": "A5SD-PL",
    # split pots (§17)
    "badeucey": "BADEUCEY-FL", "badeucy": "BADEUCEY-FL", "badeucey limit": "BADEUCEY-FL",
    "badeucey pot limit": "BADEUCEY-PL", "badeucey no limit": "BADEUCEY-NL",
    "badacey": "BADACEY-FL", "badacy": "BADACEY-FL", "badacey limit": "BADACEY-FL",
    "badacey pot limit": "BADACEY-PL", "badacey no limit": "BADACEY-NL",
    # Italian
    "ita": "ITA", "italian": "ITA", "poker all'italiana": "ITA", "poker all italiana": "ITA",
    "poker italiano": "ITA", "poker tradizionale": "ITA", "italian poker": "ITA",
}

_AMBIGUOUS: dict[str, tuple[str, ...]] = {
    # names players use for more than one game: refused with the choices instead of a guess
    "lowball": ("2-7 (27TD-FL, deuce)", "A-5 (A5TD-FL, ace-to-five)"),
}


def _normal(name: str) -> str:
    return " ".join(name.strip().lower().replace("_", " ").split())


def get_game(name: str, *, structure: Structure | str | None = None) -> GameSpec:
    """The game called ``name`` (id or alias, case-insensitive), optionally under ``structure``.

    Raises :class:`UnknownGame` (code ``GAME_UNSUPPORTED``) for anything else.
    """
    key = _normal(name)
    game_id = _ALIASES.get(key) or next((g for g in GAMES if g.lower() == key), None)
    if game_id is None:
        raise UnknownGame(name)
    game = GAMES[game_id]
    return game if structure is None else game.with_structure(structure)


def aliases(game_id: str) -> list[str]:
    """Every alias of a game id, for help texts."""
    return sorted(alias for alias, target in _ALIASES.items() if target == game_id)
