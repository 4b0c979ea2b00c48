"""Configuration keys of RULES.md §13: defaults, domains and a validated, frozen :class:`Options`.

Every key of the §13 table is here, plus two extensions of this project: ``OPENERS_JACKS`` (classic
5-card draw played jacks or better) and ``BIG_BLIND_ANTE`` (the big blind posts the whole table's
ante, as in the 2023 WSOP hands of the PHH corpus). Keys are upper-case as in RULES.md; the attribute of
:class:`Options` is the lower-case key (``opts.fl_max_bets_per_round``). Values may come from TOML,
a command line or a site's house rules, so strings such as ``"true"``, ``"6"`` or ``"staged"`` are
accepted and normalised. A value outside its domain raises :class:`OptionError`, which carries the
finding code ``CONFIG_INVALID`` and the option name (RULES.md §11.2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Mapping

from drawdealer.engine.findings import Finding
from drawdealer.engine.frozen import fields, record, replace


class OptionError(ValueError):
    """An option value outside its domain, or an unknown key (code ``CONFIG_INVALID``)."""

    code = "CONFIG_INVALID"

    def __init__(self, option: str, value: Any, reason: str) -> None:
        super().__init__(f"option {option}={value!r}: {reason}")
        self.option = option
        self.value = value
        self.reason = reason

    def finding(self, *, hand_id: str = "") -> Finding:
        """The ``CONFIG_INVALID`` finding for this error (RULES.md §11.2: option name, value)."""
        return Finding(code=self.code, message=str(self), hand_id=hand_id, street="SETUP",
                       expected=self.reason, actual=self.value,
                       details={"option": self.option, "value": self.value})


@record
class OptionSpec:
    """One key: its default, a human description of its domain and the RULES.md section."""

    key: str
    default: Any
    domain: str
    section: str
    parse: Callable[[str, Any], Any]


def _bool(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
        return False
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise OptionError(key, value, "expected true or false")


def _int(low: int | None = None, high: int | None = None, *, optional: bool = False) -> Callable[[str, Any], Any]:
    def parse(key: str, value: Any) -> Any:
        if optional and (value is None or (isinstance(value, str) and value.strip().lower() in ("", "none"))):
            return None
        if isinstance(value, bool):
            raise OptionError(key, value, "expected an integer")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise OptionError(key, value, "expected an integer") from None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int):
            raise OptionError(key, value, "expected an integer")
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low if low is not None else '-∞'}..{high if high is not None else '∞'}"
            raise OptionError(key, value, f"must be within {span}")
        return value
    return parse


def _number(low: float, high: float) -> Callable[[str, Any], Any]:
    def parse(key: str, value: Any) -> Any:
        if isinstance(value, bool):
            raise OptionError(key, value, "expected a number")
        try:
            number = Fraction(str(value).strip()) if isinstance(value, (str, float)) else Fraction(value)
        except (ValueError, TypeError, ZeroDivisionError):
            raise OptionError(key, value, "expected a number") from None
        if not low <= number <= high:
            raise OptionError(key, value, f"must be within {low}..{high}")
        return number
    return parse


def _choice(*values: Any) -> Callable[[str, Any], Any]:
    def parse(key: str, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip().upper()
            for allowed in values:
                if str(allowed) == text:
                    return allowed
        elif value in values and not isinstance(value, bool):
            return value
        raise OptionError(key, value, "must be one of " + ", ".join(str(v) for v in values))
    return parse


def _spec(key: str, default: Any, domain: str, section: str, parse: Callable[[str, Any], Any]) -> OptionSpec:
    return OptionSpec(key=key, default=default, domain=domain, section=section, parse=parse)


OPTION_SPECS: dict[str, OptionSpec] = {s.key: s for s in (
    _spec("MAX_PLAYERS_27", 6, "2..10", "2.1", _int(2, 10)),
    _spec("FORCED_BETS", "BLINDS", "BLINDS, BLINDS_AND_ANTES, ANTES_ONLY", "6.1",
          _choice("BLINDS", "BLINDS_AND_ANTES", "ANTES_ONLY")),
    _spec("SB", None, "integer ≥ 0 (required; the record's stakes when absent)", "6.1", _int(0, optional=True)),
    _spec("BB", None, "integer ≥ 1 (required; the record's stakes when absent)", "6.1", _int(1, optional=True)),
    _spec("ANTE", 0, "integer ≥ 0", "6.1", _int(0)),
    _spec("DRAW_DEAL_MODE", "SEQUENTIAL", "SEQUENTIAL, DECLARE_ALL_THEN_DEAL", "6.3",
          _choice("SEQUENTIAL", "DECLARE_ALL_THEN_DEAL")),
    _spec("FIVE_CARD_DRAW_SPLIT", False, "bool", "6.3", _bool),
    _spec("FL_STRUCTURE", "SMALL_SMALL_BIG_BIG", "SMALL_SMALL_BIG_BIG, FLAT", "7.2",
          _choice("SMALL_SMALL_BIG_BIG", "FLAT")),
    _spec("BIG_BET_MULTIPLIER", 2, "integer ≥ 1", "7.2", _int(1)),
    _spec("FL_MAX_BETS_PER_ROUND", 4, "integer ≥ 2", "7.2", _int(2)),
    _spec("FL_HEADS_UP_UNCAPPED", False, "bool", "7.2", _bool),
    _spec("FL_SHORT_ALLIN_REOPEN_FRACTION", Fraction(1, 2), "0..1", "7.2", _number(0, 1)),
    _spec("FL_RAISE_AFTER_SHORT_ALLIN", "ALLIN_PLUS_UNIT", "ALLIN_PLUS_UNIT, COMPLETE_LEVEL", "18.2",
          _choice("ALLIN_PLUS_UNIT", "COMPLETE_LEVEL")),
    _spec("SITE_KILLS_SITTING_OUT", False, "bool", "18.3", _bool),
    _spec("MIN_OPEN_PREDRAW", "BB", "BB, TWO_BB", "7.4", _choice("BB", "TWO_BB")),
    _spec("BURN_BEFORE_INITIAL_DEAL", False, "bool", "8.1", _bool),
    _spec("BURN_BEFORE_DRAW_ROUND", True, "bool", "8.2", _bool),
    _spec("LAST_CARD_RULE", "HOLD_BACK", "HOLD_BACK, DEAL_TO_LAST", "8.3", _choice("HOLD_BACK", "DEAL_TO_LAST")),
    _spec("RESHUFFLE_POLICY", "STAGED", "STAGED, ALL_BUT_CURRENT_PLAYER", "8.4",
          _choice("STAGED", "ALL_BUT_CURRENT_PLAYER")),
    _spec("RESHUFFLE_BURNS", "ALL", "ALL, LAST_ONLY, NONE", "8.4", _choice("ALL", "LAST_ONLY", "NONE")),
    _spec("BURN_AFTER_RESHUFFLE", True, "bool", "8.4", _bool),
    _spec("ALLOW_OWN_DISCARDS_LAST_RESORT", True, "bool", "8.4", _bool),
    _spec("SHOWDOWN_NO_BET_FIRST", "LEFT_OF_BUTTON", "LEFT_OF_BUTTON, RIGHT_OF_BUTTON", "9.1",
          _choice("LEFT_OF_BUTTON", "RIGHT_OF_BUTTON")),
    _spec("RAKE_PERCENT", Fraction(0), "0..100 (0 = no rake formula)", "9.5", _number(0, 100)),
    _spec("RAKE_CAP", None, "integer ≥ 0 or none", "9.5", _int(0, optional=True)),
    _spec("RAKE_UNIT", 1, "integer ≥ 1", "9.5", _int(1)),
    _spec("NO_DRAW_NO_DROP", True, "bool", "9.5", _bool),
    _spec("IT_FORCED_BET", "DEALER_INVITO", "DEALER_INVITO, ALL_ANTE", "10.1", _choice("DEALER_INVITO", "ALL_ANTE")),
    _spec("IT_INVITO", None, "integer ≥ 0 (required with DEALER_INVITO; the record's stakes when absent)", "10.1",
          _int(0, optional=True)),
    _spec("IT_ANTE", None, "integer ≥ 0 (required with ALL_ANTE; the record's stakes when absent)", "10.1",
          _int(0, optional=True)),
    _spec("IT_CHIP", None, "integer ≥ 1 (the record's stakes when absent)", "7.6", _int(1, optional=True)),
    _spec("IT_OPENER_CAP", "A", "K, A", "10.2", _choice("K", "A")),
    _spec("IT_OPEN_WITH_SF_DRAW", True, "bool", "10.2", _bool),
    _spec("IT_MIN_STRAIGHT_BEATS_MAX_STRAIGHT", False, "bool", "4.2", _bool),
    _spec("IT_MIN_SF_BEATS_MAX", True, "bool", "4.4", _bool),
    _spec("IT_SF_CYCLE_RESOLUTION", "NORMAL_ORDER", "NORMAL_ORDER", "4.4", _choice("NORMAL_ORDER")),
    _spec("IT_SUIT_TIEBREAK_SCOPE", "AFTER_KICKERS", "AFTER_KICKERS, PRIMARY_GROUP_FIRST", "4.3",
          _choice("AFTER_KICKERS", "PRIMARY_GROUP_FIRST")),
    _spec("IT_TWO_PAIR_SUIT_CARD", "TOP_PAIR", "TOP_PAIR, KICKER", "4.3", _choice("TOP_PAIR", "KICKER")),
    _spec("IT_FLUSH_SUIT_FIRST", False, "bool", "4.3", _bool),
    _spec("IT_RAISE_LIMIT", "POT", "POT, NONE", "7.6", _choice("POT", "NONE")),
    _spec("IT_MIN_RAISE", "CHIP", "CHIP, LAST_INCREMENT", "7.6", _choice("CHIP", "LAST_INCREMENT")),
    _spec("IT_MAX_RAISES_PER_ROUND", 0, "integer ≥ 0 (0 = unlimited)", "7.6", _int(0)),
    _spec("IT_DRAW_ORDER_START", "OPENER", "OPENER, LEFT_OF_DEALER", "6.4", _choice("OPENER", "LEFT_OF_DEALER")),
    _spec("IT_DELAYED_CARD_BURN", False, "bool", "6.4", _bool),
    _spec("IT_BLIND_MULTIPLIER", 2, "1, 2", "10.6", _choice(1, 2, "1", "2")),
    _spec("IT_CONTRO_CONTROBUIO", False, "bool", "10.6", _bool),
    _spec("IT_FALSE_OPENER_WIN_POLICY", "ALL_REFUND", "ALL_REFUND, FORFEIT_BETS", "10.4",
          _choice("ALL_REFUND", "FORFEIT_BETS")),
    _spec("IT_PAROLA_REENTRY", False, "bool", "10.5", _bool),
    _spec("BIG_BLIND_ANTE", False, "bool (the big blind alone posts the table's ANTE; needs FORCED_BETS = "
          "BLINDS_AND_ANTES)", "6.1", _bool),
    _spec("OPENERS_JACKS", False, "bool (5-card draw: jacks or better to open; needs FORCED_BETS = ANTES_ONLY)",
          "0.1", _bool),
    _spec("SPLIT_ODD_CHIP_TO", "BADUGI", "BADUGI, LOW (the half that takes the odd chip of a split pot)", "17",
          _choice("BADUGI", "LOW")),
)}
"""Every configuration key, in RULES.md §13 order."""


@record
class Options:
    """A validated set of RULES.md §13 options; build it with :meth:`from_mapping`.

    ``rake_percent`` and ``fl_short_allin_reopen_fraction`` are exact :class:`~fractions.Fraction`
    values so that chip arithmetic never meets a float.
    """

    max_players_27: int = 6
    forced_bets: str = "BLINDS"
    sb: int | None = None
    bb: int | None = None
    ante: int = 0
    draw_deal_mode: str = "SEQUENTIAL"
    five_card_draw_split: bool = False
    fl_structure: str = "SMALL_SMALL_BIG_BIG"
    big_bet_multiplier: int = 2
    fl_max_bets_per_round: int = 4
    fl_heads_up_uncapped: bool = False
    fl_short_allin_reopen_fraction: Fraction = Fraction(1, 2)
    fl_raise_after_short_allin: str = "ALLIN_PLUS_UNIT"
    site_kills_sitting_out: bool = False
    min_open_predraw: str = "BB"
    burn_before_initial_deal: bool = False
    burn_before_draw_round: bool = True
    last_card_rule: str = "HOLD_BACK"
    reshuffle_policy: str = "STAGED"
    reshuffle_burns: str = "ALL"
    burn_after_reshuffle: bool = True
    allow_own_discards_last_resort: bool = True
    showdown_no_bet_first: str = "LEFT_OF_BUTTON"
    rake_percent: Fraction = Fraction(0)
    rake_cap: int | None = None
    rake_unit: int = 1
    no_draw_no_drop: bool = True
    it_forced_bet: str = "DEALER_INVITO"
    it_invito: int | None = None
    it_ante: int | None = None
    it_chip: int | None = None
    it_opener_cap: str = "A"
    it_open_with_sf_draw: bool = True
    it_min_straight_beats_max_straight: bool = False
    it_min_sf_beats_max: bool = True
    it_sf_cycle_resolution: str = "NORMAL_ORDER"
    it_suit_tiebreak_scope: str = "AFTER_KICKERS"
    it_two_pair_suit_card: str = "TOP_PAIR"
    it_flush_suit_first: bool = False
    it_raise_limit: str = "POT"
    it_min_raise: str = "CHIP"
    it_max_raises_per_round: int = 0
    it_draw_order_start: str = "OPENER"
    it_delayed_card_burn: bool = False
    it_blind_multiplier: int = 2
    it_contro_controbuio: bool = False
    it_false_opener_win_policy: str = "ALL_REFUND"
    it_parola_reentry: bool = False
    big_blind_ante: bool = False
    openers_jacks: bool = False
    split_odd_chip_to: str = "BADUGI"

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any] | None = None, *, base: Options | None = None) -> Options:
        """Options from ``{KEY: value}`` (keys case-insensitive) over ``base`` (default: §13 defaults).

        Raises :class:`OptionError` (``CONFIG_INVALID``) for an unknown key or a value outside its
        domain, naming the key.
        """
        base = base if base is not None else DEFAULT_OPTIONS
        if not mapping:
            return base
        changes: dict[str, Any] = {}
        for raw_key, value in mapping.items():
            key = str(raw_key).strip().upper().replace("-", "_")
            spec = OPTION_SPECS.get(key)
            if spec is None:
                raise OptionError(str(raw_key), value, "unknown option (see RULES.md §13)")
            parsed = spec.parse(key, value)
            if key == "IT_BLIND_MULTIPLIER":
                parsed = int(parsed)
            changes[key.lower()] = parsed
        options = replace(base, **changes)
        if options.openers_jacks and options.forced_bets != "ANTES_ONLY":
            raise OptionError("OPENERS_JACKS", True, "jacks or better needs FORCED_BETS = ANTES_ONLY")
        if options.big_blind_ante and options.forced_bets != "BLINDS_AND_ANTES":
            raise OptionError("BIG_BLIND_ANTE", True, "a big-blind ante needs FORCED_BETS = BLINDS_AND_ANTES")
        return options

    def get(self, key: str) -> Any:
        """The value of a §13 key, e.g. ``opts.get("LAST_CARD_RULE")``."""
        return getattr(self, key.strip().upper().lower())

    def to_dict(self) -> dict[str, Any]:
        """``{KEY: value}`` for every key (fractions as strings such as ``"1/2"``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name.upper()] = str(value) if isinstance(value, Fraction) else value
        return out

    def changed(self) -> dict[str, Any]:
        """Only the keys whose value differs from the RULES.md §13 default."""
        defaults = DEFAULT_OPTIONS.to_dict()
        return {k: v for k, v in self.to_dict().items() if defaults[k] != v}


DEFAULT_OPTIONS = Options()
"""Every RULES.md §13 default."""

