"""Round trips: read → write → read gives the same record (drawdealer/parsers/*_writer.py, compare.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from engine_dsl import record

from drawdealer.engine.cards import parse_cards
from drawdealer.engine.frozen import fields, replace
from drawdealer.engine.record import Action, ActionKind, HandRecord
from drawdealer.engine.replay import replay
from drawdealer.parsers import read_hands, read_text, write_phh, write_pokerstars
from drawdealer.parsers.compare import comparable, differences
from drawdealer.parsers.fastaction import new_action
from shared_data import CORPUS, corpus_cases

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"


def records(paths: list[Path]) -> list[HandRecord]:
    out = []
    for path in paths:
        out += [r for r in read_hands(path) if isinstance(r, HandRecord)]
    return out


PS_FILES = sorted((FIXTURES / "pokerstars").glob("*.txt"))
PHH_FILES = sorted((FIXTURES / "phh").glob("*.phh")) + [FIXTURES / "phh" / "multi.phhs"]
CORPUS_PS = sorted(p for f in ("fpdb/cash/Stars", "fpdb/tour/Stars") for p in (CORPUS / f).rglob("*.txt")) if CORPUS.is_dir() else []
CORPUS_PHH = sorted((CORPUS / "phh").rglob("*.phh")) if CORPUS.is_dir() else []


def reread(text: str) -> HandRecord:
    (hand,) = list(read_text(text))
    assert isinstance(hand, HandRecord), hand
    return hand


def test_comparable_drops_only_where_a_hand_was_read() -> None:
    (hand,) = list(read_hands(FIXTURES / "pokerstars" / "td_fl_cash.txt"))
    moved = replace(hand, source="elsewhere", line=99,
                    actions=tuple(replace(a, line=(a.line or 0) + 7, text="x") for a in hand.actions))
    assert differences(hand, moved) == []
    assert comparable(hand) == comparable(moved)
    changed = replace(moved, actions=moved.actions[:-1])
    assert differences(hand, changed) and "action 28" in differences(hand, changed)[0]


@pytest.mark.parametrize("path", PS_FILES + corpus_cases(CORPUS_PS), ids=lambda p: p.name)
def test_pokerstars_to_pokerstars(path: Path) -> None:
    for hand in records([path]):
        assert differences(hand, reread(write_pokerstars(hand))) == []


@pytest.mark.parametrize("path", PS_FILES + corpus_cases(CORPUS_PS), ids=lambda p: p.name)
def test_pokerstars_to_phh_and_back(path: Path) -> None:
    """convert --to phh: the extension fields keep game, options, claims, flags, kept cards."""
    for hand in records([path]):
        again = reread(write_phh(hand))
        assert differences(hand, again, ignore={"extra"}) == []


@pytest.mark.parametrize("path", PHH_FILES + corpus_cases(CORPUS_PHH), ids=lambda p: p.name)
def test_phh_to_phh(path: Path) -> None:
    for hand in records([path]):
        assert differences(hand, reread(write_phh(hand))) == []


@pytest.mark.parametrize("path", PHH_FILES + corpus_cases(CORPUS_PHH), ids=lambda p: p.name)
def test_phh_to_pokerstars_keeps_the_play(path: Path) -> None:
    """PokerStars text has its own house rules and no words for unknown cards' count, final
    stacks or kept-cards-unknown: the seats, stakes and every action's kind, player and amount stay."""
    for hand in records([path]):
        again = reread(write_pokerstars(hand))
        assert differences(hand, again, ignore={"extra", "options", "claims", "hero", "actions"}) == []
        assert [(a.kind, a.player, a.amount, a.all_in) for a in hand.actions] == \
               [(a.kind, a.player, a.amount, a.all_in) for a in again.actions]


def test_a_log_whose_amounts_break_the_rules_survives_phh() -> None:
    """A call of the wrong amount and a false all-in flag are kept through PHH commentary."""
    (hand,) = list(read_hands(FIXTURES / "pokerstars" / "td_fl_cash.txt"))
    actions = list(hand.actions)
    actions[5] = replace(actions[5], amount=13)  # Hero 'calls $0.13' instead of $0.15
    actions[19] = replace(actions[19], all_in=True)  # Hero's bet flagged all-in with chips behind
    broken = replace(hand, actions=tuple(actions))
    text = write_phh(broken)
    assert "# drawdealer: as call 0.13" in text and "# drawdealer: all-in" in text
    assert differences(broken, reread(text), ignore={"extra"}) == []


@pytest.mark.parametrize("second", ["A deal 8h6c", "A deal"])
def test_a_second_deal_to_one_player_survives_phh(second: str) -> None:
    """PHH's ``d dh`` deals a player once (and in draws): a second deal is written as ``# drawdealer:
    deal`` commentary, read back as the same action, and still found (RULES.md §11.2)."""
    hand = record(game="27TD-FL", players=["A=100", "B=100"], button="B",
                  actions=["B sb 1", "A bb 2", "A deal 7h5c4d3s2h", second])
    text = write_phh(hand)
    assert "# drawdealer: deal p1" in text
    again = reread(text)
    assert again.actions[-1].kind is ActionKind.DEAL and again.actions[-1].player == "A"
    assert (again.actions[-1].count, again.actions[-1].cards) == (hand.actions[-1].count, hand.actions[-1].cards)
    assert [f.code for f in replay(again).findings] == [f.code for f in replay(hand).findings]


def test_written_phh_of_games_phh_lacks_carries_the_extension_fields() -> None:
    (hand,) = list(read_hands(FIXTURES / "pokerstars" / "td_pl_cash.txt"))
    text = write_phh(hand)
    assert "variant = 'P2L3D'\n_drawdealer_game = '27TD-PL'\n" in text
    assert "_drawdealer_options = {RESHUFFLE_POLICY = 'ALL_BUT_CURRENT_PLAYER'" in text
    assert text.splitlines()[-1].startswith("_drawdealer_hero")


def test_new_action_builds_the_same_value_as_the_dataclass() -> None:
    made = new_action(ActionKind.RAISE, "Hero", 250, True, 0, None, None, None, None, None, None, 17, "Hero: raises")
    assert made == Action(kind=ActionKind.RAISE, player="Hero", amount=250, all_in=True, line=17, text="Hero: raises")
    assert hash(made) == hash(Action(kind=ActionKind.RAISE, player="Hero", amount=250, all_in=True, line=17,
                                     text="Hero: raises"))
    defaults = new_action(ActionKind.FOLD, "P")
    assert all(getattr(defaults, f.name) == getattr(Action(kind=ActionKind.FOLD, player="P"), f.name)
               for f in fields(Action))
    with pytest.raises(AttributeError):
        made.amount = 1  # type: ignore[misc]


# ``time_zone_abbreviation`` is a field of the PHH spec (spec.rst, optional fields) that pokerkit
# 0.7.7's HandHistory does not declare yet: it warns and loads the hand all the same.
@pytest.mark.filterwarnings("ignore:The field 'time_zone_abbreviation' is an unexpected field:UserWarning")
def test_pokerkit_replays_the_phh_we_write() -> None:
    """The reference PHH implementation loads and replays every F2L3D/N2L1D hand we write, except
    the hand-edited corpus hand whose hero 'discards 2 cards []' and receives five."""
    pokerkit = pytest.importorskip("pokerkit")
    hands = [h for h in records(PS_FILES + CORPUS_PS + PHH_FILES + CORPUS_PHH) if h.game in ("27TD-FL", "27SD-NL")]
    failed = []
    for hand in hands:
        try:
            list(pokerkit.HandHistory.loads(write_phh(hand)))
        except ValueError:
            failed.append(hand.hand_id)
    assert len(hands) >= 6
    assert failed == (["81631597149"] if CORPUS_PS else [])


def test_an_unnamed_currency_survives_phh() -> None:
    text = ("variant = 'N2L1D'\nantes = [0, 0]\nblinds_or_straddles = [0.25, 0.5]\nmin_bet = 0.5\n"
            "starting_stacks = [100, 30]\nactions = ['d dh p1 ??????????', 'd dh p2 ??????????', 'p2 cbr 1.5', 'p1 f']\n")
    hand = reread(text)
    again = reread(write_phh(hand))
    assert again.currency == "¤" and differences(hand, again) == []


def italian_hand() -> HandRecord:
    """Poker all'italiana: the dealer's invito, an opening bet, a draw, a showdown (RULES.md §10)."""
    from drawdealer.engine.record import Claims, Seat, Stakes

    k = ActionKind
    def cards(text: str) -> tuple[int, ...]:
        return tuple(parse_cards(text))

    return HandRecord(
        hand_id="it-1", game="ITA", button="Dealer",
        seats=(Seat(seat=1, name="Anna", stack=500), Seat(seat=2, name="Bruno", stack=500),
               Seat(seat=3, name="Dealer", stack=500)),
        stakes=Stakes(invito=10, chip=5),
        actions=(Action(kind=k.POST_INVITO, player="Dealer", amount=10),
                 Action(kind=k.DEAL, player="Anna", cards=cards("Jh Jd 9s Ks Ac"), count=5),
                 Action(kind=k.BET, player="Anna", amount=10), Action(kind=k.CALL, player="Bruno", amount=10),
                 Action(kind=k.FOLD, player="Dealer"),
                 Action(kind=k.DRAW, player="Anna", count=3, discarded=cards("9s Ks Ac"), received=cards("Jc 8h 9h"),
                        received_count=3),
                 Action(kind=k.DRAW, player="Bruno", count=1),
                 Action(kind=k.CHECK, player="Anna"), Action(kind=k.CHECK, player="Bruno"),
                 Action(kind=k.SHOW, player="Anna", cards=cards("Jh Jd Jc 8h 9h"), count=5)),
        claims=Claims(total_pot=30), options={"IT_CHIP": 5, "IT_INVITO": 10})


def test_italian_poker_goes_through_phh_extensions_not_pokerstars() -> None:
    hand = italian_hand()
    text = write_phh(hand)
    assert "variant = 'ITA'" in text and "# drawdealer: post_invito p3 10" in text
    assert differences(hand, reread(text)) == []
    with pytest.raises(ValueError, match="PokerStars has no hand history format for ITA"):
        write_pokerstars(hand)


_FOLD_LINE = re.compile(r"^Seat \d+: (?P<who>.*?) (?:\((?:button|small blind|big blind)\) )*(?P<how>folded .*?)\s*$")


def _fold_words(lines: list[str]) -> set[tuple[str, str]]:
    return {(m["who"], m["how"]) for m in map(_FOLD_LINE.match, lines) if m}


@pytest.mark.parametrize("path", PS_FILES + corpus_cases(CORPUS_PS), ids=lambda p: p.name)
def test_written_summary_says_when_each_player_folded_as_pokerstars_does(path: Path) -> None:
    """``folded before the Draw (didn't bet)``, ``folded after the 2nd Draw``, ``folded after the Draw``
    (single draw): the summary lines the writer makes are the site's own, hand by hand."""
    text = path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    for hand in records([path]):
        start = (hand.line or 1) - 1
        end = next((k for k in range(start + 1, len(text)) if not text[k].strip()), len(text))
        block = [line.strip() for line in text[start:end]]
        summary = block[block.index("*** SUMMARY ***"):]
        assert _fold_words(write_pokerstars(hand).splitlines()) == _fold_words(summary), hand.hand_id
