"""The PHH reader's fast paths read exactly what the slow ones read (drawdealer/parsers/phh_toml.py,
the plain action strings of drawdealer/parsers/phh.py): the TOML of a hand as :mod:`tomllib` reads it
(or its very error), each action string as the grammar ``phh_actions.lark`` reads it (or its error)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.engine.record import ActionKind as K
from drawdealer.engine.record import HandRecord
from drawdealer.engine.simulate import random_session
from drawdealer.engine.variants import GAMES
from drawdealer.parsers import phh_toml, read_hands, read_text, write_phh
from drawdealer.parsers.phh import (
    _PLAIN_ACTION,
    _Fail,
    _key_lines,
    _parse_with_grammar,
    parse_action_string,
)
from drawdealer.parsers.sniff import open_lines, sniff, split_phh
from shared_data import SHARED

ROOT = Path(__file__).resolve().parents[1]


def toml_result(loads, text: str) -> tuple[str, str]:
    try:
        return "ok", repr(loads(text))
    except tomllib.TOMLDecodeError as e:
        return "error", str(e)


def action_result(parse, text: str) -> tuple:
    try:
        return "ok", parse(text)
    except _Fail as f:
        return "fail", f.message, f.column


def generated_phh(hands: int = 12) -> list[str]:
    """Writer output for every game (extension fields, commentary, inline tables)."""
    texts = []
    for k, game in enumerate(GAMES):
        for record in random_session(game, random.Random(k), hands=hands, players=4 if game == "ITA" else 6):
            texts.append(write_phh(record))
    return texts


def phh_files() -> list[Path]:
    files = sorted((ROOT / "fixtures").rglob("*.phh*"))
    if SHARED.is_dir():
        files += sorted((SHARED / "corpus").rglob("*.phh*"))
    return files


# --------------------------------------------------------------------------- TOML

def test_writer_output_reads_as_tomllib_reads_it_and_without_tomllib() -> None:
    for text in generated_phh():
        assert phh_toml._Scanner(text).document() == tomllib.loads(text)  # the fast scanner, no fallback
        assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text)


def test_phh_files_read_as_tomllib_reads_them() -> None:
    files = phh_files()
    assert files
    for path in files:
        for _start, lines in split_phh(open_lines(path, sniff(path).encoding)):
            text = "\n".join(lines)
            assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text), path


ATOMS = ["'a'", "'#x'", "''", "'''", "'it''s'", "1", "-2", "0", "01", "1.5", "1e3", "-0", "+1", "inf", "true",
         "false", "tru", '"s"', '"#"', '"a\\nb"', "[1, 2]", "['x']", "{a = 1}", "{a = 1,}", "{}", "1979-05-27",
         "07:32:00", "0x1f", "1_000", "\x01"]
GAPS = ["", " ", "\n", " # c\n", "#c\n", "\t", "# it's ''' #\n", "#\x01\n", ",", ",,"]
LINES = ["[0]", "[a.b]", "[[c]]", "[ s ]", "k = ", "k=", "a.b = 1", "'q' = 1", "# comment", "", "x = 1 2"]


@st.composite
def toml_texts(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["kv", "array", "line"]))
        if kind == "line":
            parts.append(draw(st.sampled_from(LINES)))
            continue
        key = draw(st.sampled_from(["k", "key_2", "actions", "k"]))
        if kind == "kv":
            parts.append(f"{key} = {draw(st.sampled_from(ATOMS))}{draw(st.sampled_from(GAPS))}")
        else:
            items = draw(st.lists(st.sampled_from(ATOMS), max_size=5))
            body = draw(st.sampled_from(GAPS)).join(items) if draw(st.booleans()) else ", ".join(items)
            parts.append(f"{key} = [{draw(st.sampled_from(GAPS))}{body}{draw(st.sampled_from(GAPS))}]")
    return "\n".join(parts)


@settings(max_examples=1500, deadline=None)
@given(toml_texts())
def test_any_text_reads_as_tomllib_reads_it_or_fails_the_same(text: str) -> None:
    assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(generated_phh(3)), st.data())
def test_damaged_hands_read_as_tomllib_reads_them(text: str, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        text = text[:at] + data.draw(st.sampled_from(["'", '"', "[", "]", "{", "}", ",", "=", "#", "\n", " ", ""])) \
            + text[at + data.draw(st.integers(0, 1)):]
    assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text)


ROW_ITEMS = ["'P1'", "''", "'a]b'", "'[x'", "488", "-0", "0", "01", "3.5", "1e3", "-2E-1", "1.", "+1", "inf", "[]",
             "[1]", "'it''s'", '"s"', "true"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.lists(st.sampled_from(ROW_ITEMS), max_size=4), max_size=4), st.sampled_from(GAPS[:3] + [","]),
       st.sampled_from(["", " ", "\t", ",", ", "]), st.sampled_from(["", " # c", "x", "]"]))
def test_arrays_of_rows_read_as_tomllib_reads_them(rows: list[list[str]], gap: str, inner: str, end: str) -> None:
    """The one-line arrays of rows (``_drawdealer_claims``' ``[['P1', 488], …]``): the fast path
    (``phh_toml._ROWS``) reads strings, integers and floats as tomllib does; any other shape goes on."""
    body = f",{gap}".join("[" + f",{inner}".join(row) + "]" for row in rows)
    text = f"a = [{body}]{end}\nb = {{x = [{body}]}}"
    assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text)


def test_claims_rows_skip_tomllib() -> None:
    text = "c = {final_stacks = [['P1', 488], ['P 2', 3.5]], collected = [['P1', 112, 0]]}"
    assert repr(phh_toml._Scanner(text).document()) == repr(tomllib.loads(text))


def test_lines_read_before_give_equal_values_never_shared() -> None:
    """The scanner remembers the lines it has read (phh_toml._known_lines): a line read again gives the
    same value as tomllib's, a fresh copy each time, and a key written twice is still tomllib's error."""
    text = "[0]\na = [1, 2]\nb = {x = 'y', n = 2}\nc = 'z'\n[1]\na = [1, 2]\nb = {x = 'y', n = 2}"
    first, second = phh_toml.loads(text), phh_toml.loads(text)
    assert first == second == tomllib.loads(text)
    assert first["0"]["a"] is not second["0"]["a"] and first["0"]["b"] is not second["1"]["b"]
    for twice in ["a = [1, 2]\na = [1, 2]", "[0]\nc = 'z'\nc = 'z'", "d = [\n1]\nd = [\n1]"]:
        assert toml_result(phh_toml.loads, twice) == toml_result(tomllib.loads, twice)
        assert toml_result(phh_toml.loads, twice)[0] == "error"


def test_local_times_skip_tomllib() -> None:
    """PHH's ``time`` field (a converted PokerStars hand has one) is read by the scanner itself, as
    tomllib reads it; a fraction of a second is left to tomllib."""
    text = "time = 20:00:00\nt = [07:32:00, 23:59:59]\nu = {at = 00:00:00}"
    assert repr(phh_toml._Scanner(text).document()) == repr(tomllib.loads(text))
    with pytest.raises(phh_toml._Unsupported):
        phh_toml._Scanner("time = 20:00:00.5").document()
    assert phh_toml.loads("time = 20:00:00.5") == tomllib.loads("time = 20:00:00.5")


def key_lines_both_ways(text: str) -> tuple[dict[str, int] | None, dict[str, int]]:
    """The scanner's key lines (phh_toml.read) and those the reader finds in the lines when tomllib
    reads a hand (phh._key_lines), for the keys a reader can ask for (a letter or '_' first)."""
    _, told = phh_toml.read(text)
    told = {key: line for key, line in told.items() if key[0].isalpha() or key[0] == "_"} if told else told
    return told, _key_lines(text.split("\n"))


def test_the_scanner_tells_each_keys_line_as_the_lines_show_it() -> None:
    """A hand the scanner reads needs no search for the line of each field (phh_toml.read): the line
    it tells is the first ``key = …`` line, in every PHH file, written hand and multi-line array."""
    texts = generated_phh(2)
    for path in phh_files():
        texts += ["\n".join(lines) for _start, lines in split_phh(open_lines(path, sniff(path).encoding))]
    texts += ["a = 1\n\n# c\n[s]\nb = [\n 1,\n # x = 2\n 2]\n  c = 3 # d = 4\n\td = {e = 5}\nf = 6"]
    read = 0
    for text in texts:
        told, found = key_lines_both_ways(text)
        if told is not None:
            read += 1
            assert told == found, text
    assert read > len(texts) // 2


@settings(max_examples=500, deadline=None)
@given(toml_texts())
def test_any_text_the_scanner_reads_tells_its_key_lines_as_the_lines_show_them(text: str) -> None:
    if toml_result(tomllib.loads, text)[0] == "ok":
        told, found = key_lines_both_ways(text)
        assert told is None or told == found


ONE_A_LINE = ["a = [\n  ',\n]", "a = [\n  '',\n]", "a = [\n  ''',\n]", "a = [\n  'p1 cc',\n  'p2 f # x',\n]",
              "a = [\n  'a',\n  'b'\n]", "a = [\n  'a', # c\n  'b',\n]", "a = [\n  'it's',\n]", "a = [\n  'a\x01',\n]",
              "a = [\n  'a\tb',\n]", "a = [\n  'é ü',\n]", "a = [\n  'a',\n  'b',\n] # c\nb = 1",
              "a = [\n  'a',\n  'b',\n]]", "a = [\n  'a',\n 'b',\n]", "a = [\n  'a',\n  \"b\",\n]",
              "a = [\n  'a',\n\n  'b',\n]", "a = [\n  'a',,\n]", "a = [\n  'a',\n]\nb = [\n  'c',\n]"]


def test_arrays_written_one_string_a_line_read_as_tomllib_reads_them() -> None:
    """write_phh's layout of ``actions`` is cut apart at once (phh_toml._Scanner.strings_one_a_line);
    what only looks like it reads as tomllib reads it, or fails as tomllib fails."""
    for text in ONE_A_LINE:
        assert toml_result(phh_toml.loads, text) == toml_result(tomllib.loads, text), text
    assert phh_toml.read("a = [\n  'p1 cc',\n  '',\n]")[1] is not None  # no tomllib


def test_pathological_arrays_fail_fast() -> None:
    """No catastrophic backtracking: a bad character after a long gap is handed to tomllib at once."""
    for text in ["a = ['a'" + " " * 20000 + "x]", "a = [1" + " " * 20000 + "x]", "a = ['a', " + "#c" * 5000 + "\nx]",
                 "a = [" + "['a', 1], " * 5000 + "['a', 1 x]]"]:
        with pytest.raises(tomllib.TOMLDecodeError):
            phh_toml.loads(text)


# --------------------------------------------------------------------------- action strings

LAYOUTS = [
    lambda t: t,  # write_phh's: one string a line, found at once
    lambda t: t.replace("\n  '", "\n\t'"),
    lambda t: t.replace("',\n]", "'\n]"),
    lambda t: t.replace("actions = [\n", "actions = [ # the play\n"),
    lambda t: t.replace("',\n  '", "', '", 3),  # strings sharing a line
    lambda t: t.replace("actions = [\n  '", "actions = ['"),
]


@pytest.mark.parametrize("layout", range(len(LAYOUTS)))
def test_every_action_is_read_on_the_line_that_writes_it(layout: int) -> None:
    """Each action's line (``_locate_strings``) is the line that holds its string, whether the array is
    written as write_phh writes it or otherwise."""
    checked = 0
    for text in generated_phh(2):
        text = LAYOUTS[layout](text)
        lines = text.split("\n")
        strings = set(tomllib.loads(text)["actions"])
        for record in read_text(text):
            assert isinstance(record, HandRecord), record
            for action in record.actions:
                if action.text in strings:
                    assert f"'{action.text}'" in lines[action.line - 1], (action, text)
                    checked += 1
    assert checked > 500


TOKENS = ["p1", "p2", "p10", "p0", "p01", "d", "dh", "db", "pb", "cbr", "cc", "f", "sd", "sm", "7c", "Th", "??",
          "-", "8d9s", "1", "450000", "1.5", "2e3", "1E-2", "0.", "1e", "#", "# drawdealer: all-in", "x", "Kx"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", " ", "  ", "\t"]), st.sampled_from(TOKENS)), max_size=6),
       st.sampled_from(["", " ", "\t"]))
def test_action_strings_read_as_the_grammar_reads_them(tokens: list[tuple[str, str]], end: str) -> None:
    text = "".join(gap + token for gap, token in tokens) + end
    parse_action_string.cache_clear()
    assert action_result(parse_action_string, text) == action_result(_parse_with_grammar, text)


def test_the_strings_writers_write_skip_the_grammar() -> None:
    for text in ["d dh p1 7h6c4c3d2c", "d dh p2 ??????????  # Hui", "p1 cbr 450000", "p4 cc", "p3 f", "p1 sd",
                 "p4 sd AsQs", "p2 sm", "p1 sm -", "# drawdealer: post_invito p4 10", "p2 cc # drawdealer: all-in"]:
        assert _PLAIN_ACTION.fullmatch(text), text
        assert parse_action_string(text) == _parse_with_grammar(text)


# --------------------------------------------------------------------------- lines of actions

def test_each_action_names_the_line_of_its_string(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text("".join(f"[{k}]\n{text}\n" for k, text in enumerate(generated_phh(4))), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    checked = 0
    for record in read_hands(path):
        assert isinstance(record, HandRecord)
        for action in record.actions:
            if action.kind in (K.POST_SB, K.POST_BB, K.POST_ANTE) and "[" in (action.text or ""):
                continue  # forced bets from the arrays name the array's line
            assert f"'{action.text}'" in lines[action.line - 1]
            checked += 1
    assert checked > 100
