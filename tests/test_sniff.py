"""Decoding, format detection by content, and streaming hands (drawdealer/parsers/sniff.py)."""

from __future__ import annotations

import codecs
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.parsers import FormatError, limits, read_hands, read_text
from drawdealer.parsers.sniff import (
    BOSS,
    FULL_TILT,
    KINGSCLUB,
    MERGE,
    ONGAME,
    PHH,
    POKERSTARS,
    UNKNOWN,
    WINAMAX,
    detect_encoding,
    detect_format,
    iter_hands,
    _clean,
    decoded,
    open_lines,
    sniff,
    split_phh,
    split_phh_batches,
    split_phh_blocks,
    _block_lines,
    split_pokerstars,
    split_text,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ENCODINGS = FIXTURES / "pokerstars" / "encodings"
TD_FL = FIXTURES / "pokerstars" / "td_fl_cash.txt"


@pytest.mark.parametrize(("name", "encoding"), [
    ("utf8_bom.txt", "utf-8-sig"),
    ("utf8_crlf_trailing_spaces.txt", "utf-8"),
    ("utf16le_bom_crlf.txt", "utf-16"),
    ("utf16be_bom.txt", "utf-16"),
    ("utf16le_no_bom.txt", "utf-16-le"),
    ("cp1252_euro.txt", "utf-8"),
    ("concatenated_boms.txt", "utf-8-sig"),
])
def test_every_encoding_reads_to_the_same_lines(name: str, encoding: str) -> None:
    path = ENCODINGS / name
    assert sniff(path).encoding == encoding
    lines = list(open_lines(path))
    reference = TD_FL.read_text(encoding="utf-8").splitlines()
    # The first hand is the fixture, line for line: no BOM, no CR, no trailing space.
    first = lines[: len(reference)]
    if name == "cp1252_euro.txt":
        reference = [line.replace("$", "€").replace("USD", "EUR").replace("200000000001", "200000000098")
                     for line in reference]
    assert first == reference
    assert not any(line.endswith((" ", "\r")) or line.startswith("\ufeff") for line in lines)


def test_a_bom_in_the_middle_of_a_concatenated_file_is_dropped() -> None:
    hands = list(read_hands(ENCODINGS / "concatenated_boms.txt"))
    assert [h.hand_id for h in hands] == ["200000000001", "200000000097"]


def test_windows_1252_bytes_that_are_not_utf8_are_decoded_not_replaced() -> None:
    (hand,) = list(read_hands(ENCODINGS / "cp1252_euro.txt"))
    assert hand.currency == "€"
    assert hand.stakes.small_bet == 10 and hand.stakes.big_bet == 20


def test_detect_encoding_from_nul_bytes_without_bom() -> None:
    assert detect_encoding("PokerStars".encode("utf-16-le")) == "utf-16-le"
    assert detect_encoding("PokerStars".encode("utf-16-be")) == "utf-16-be"
    assert detect_encoding(codecs.BOM_UTF16_BE + "P".encode("utf-16-be")) == "utf-16"
    assert detect_encoding(b"PokerStars Hand #1") == "utf-8"


@pytest.mark.parametrize(("first_line", "fmt", "words"), [
    ("PokerStars Hand #1:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - 2024/01/01 0:00:00 ET", POKERSTARS, ""),
    ("PokerStars Home Game Hand #9: {Club} Tournament #1, 10+1 Badugi Limit - Level I (10/20)", POKERSTARS, ""),
    ("Full Tilt Poker Game #25325990000: Table David's Draw (6 max) - $150/$300 - Limit 2-7 Triple Draw",
     FULL_TILT, ""),
    ("FullTiltPoker Game #25174900000: Table Squaw Tea (6 max) - $150/$300 - Limit 2-7 Triple Draw", FULL_TILT, ""),
    ("Winamax Poker - CashGame - HandId: #9160772-2-1476189756 - Lowball27 fixed limit (0.50/1)", WINAMAX, ""),
    ("***** History for hand R5-81962116-232 *****", ONGAME, ""),
    ('<description type="2-7 Lowball" stakes="Pot Limit ($0.05/$0.10)"/>', MERGE, ""),
    ('<HISTORY ID="2692984519" SESSION="session583869141.xml" TABLE="Table FCD 192"', BOSS, ""),
    ('<!DOCTYPE lolz [<!ENTITY lol "lol">]>', UNKNOWN, "line 1: an XML DOCTYPE or ENTITY declaration: refused"),
    ("#39969256: Limit 2-7 Triple Draw - 40/80", KINGSCLUB, ""),
    ("#3516416: No Limit 2-7 Single Draw - 125/250", KINGSCLUB, ""),
    ("PokerStars Tournament #1646040883, No Limit Single Draw 2-7 Lowball", UNKNOWN, "tournament summary"),
    ("Dear diary, today I played poker.", UNKNOWN, "not a hand history"),
])
def test_format_is_told_by_content(first_line: str, fmt: str, words: str) -> None:
    found, message = detect_format([first_line, "more text"])
    assert found == fmt
    assert words in message


def test_phh_is_told_by_its_fields_whatever_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"  # not .phh: the name does not matter
    path.write_text((FIXTURES / "phh" / "td_fl.phh").read_text())
    assert sniff(path).format == PHH
    (hand,) = list(read_hands(path))
    assert hand.game == "27TD-FL"


def test_a_document_that_quotes_phh_fields_is_not_phh() -> None:
    """The PHH specification's .rst pages quote PHH in indented code blocks: TOML starts at the top."""
    doc = ["Required Fields", "===============", "", ".. code-block:: toml", "",
           "   variant = 'NT'", "   antes = [0, 0]", "   actions = []"]
    assert detect_format(doc)[0] == UNKNOWN
    assert detect_format(["# a comment", "variant = 'NT'", "antes = [0, 0]"])[0] == PHH


def test_unknown_file_raises_format_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "ipoker.xml"
    path.write_text("<session sessioncode=\"123456\">\n")
    with pytest.raises(FormatError, match=r"ipoker\.xml: iPoker \(XML\) hand histories are not supported"):
        read_hands(path)
    with pytest.raises(FormatError, match="not a hand history"):
        read_text("hello\n")


def test_split_pokerstars_many_hands_blank_lines_and_archive_separators() -> None:
    text = TD_FL.read_text()
    lines = split_text("junk before\n\n" + text + "\n\n\n*********** # 2 **************\n" + text + "\n\n")
    chunks = list(split_pokerstars(lines))
    assert [start for start, _ in chunks] == [1, 3, 3 + len(text.splitlines()) + 4]
    assert chunks[0][1] == ["junk before"]
    assert chunks[1][1] == text.splitlines() == chunks[2][1]


def test_text_before_the_first_header_is_a_parse_failure_and_reading_goes_on() -> None:
    results = list(read_text("stray line\n" + TD_FL.read_text()))
    assert type(results[0]).__name__ == "ParseFailure"
    assert results[0].line == 1 and results[0].text == "stray line"
    assert results[1].hand_id == "200000000001"


def test_split_phh_sections() -> None:
    lines = split_text((FIXTURES / "phh" / "multi.phhs").read_text())
    assert [start for start, _ in split_phh(lines)] == [1, 11, 21, 30]


LINE_PARTS = ["[0]", "[1] # c", "\ufeff[2]", "[a]]", "[]", "variant = 'F2L3D'", "  'p1 cc',", "# note", "",
              "   ", "x\t ", "\ufeff", "\ufeff\ufeffk = 1", "[3]\r", "a\rb", "\x85", "\u2028", "\x0c[4]"]


@st.composite
def line_texts(draw: st.DrawFn) -> str:
    """Text of PHH-like lines: headers, BOMs, CR line ends, odd whitespace, lines around the
    length limit, some crossing the 256k-character blocks the file is read in."""
    lines = draw(st.lists(st.sampled_from(LINE_PARTS), max_size=30))
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(lines)))
        size = draw(st.sampled_from([limits.MAX_LINE_CHARS - 1, limits.MAX_LINE_CHARS, limits.MAX_LINE_CHARS + 1,
                                     limits.MAX_LINE_CHARS + 5, 300_000]))
        end = draw(st.sampled_from(["  ", "]x", "\ufeff "]))
        lines.insert(at, draw(st.sampled_from(["[", "x", " "])) * (size - 2) + end)
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=60, deadline=None)
@given(line_texts())
def test_lines_read_in_blocks_are_the_lines_read_one_by_one(tmp_path_factory: pytest.TempPathFactory,
                                                             text: str) -> None:
    """open_lines reads a block at a time, and gives each line as reading line by line gives it:
    cut past MAX_LINE_CHARS (limits.bounded_lines), cleaned (no trailing blanks, no leading BOM)."""
    path = tmp_path_factory.mktemp("lines") / "f.phhs"
    path.write_bytes(text.encode())
    with open(path, "rb") as raw:
        one_by_one = list(_clean(limits.bounded_lines(decoded(raw, "utf-8"))))
    assert list(open_lines(path, "utf-8")) == one_by_one
    chunks = list(split_phh(one_by_one))
    assert list(iter_hands(path, sniff(path).__class__(format=PHH, encoding="utf-8"))) == chunks


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(LINE_PARTS[:10] + ["y" * 400_000]), max_size=40), st.data())
def test_split_phh_does_not_depend_on_how_the_lines_are_batched(lines: list[str], data: st.DataObject) -> None:
    """The hands (their first lines, their lines, and what a hand over MAX_HAND_CHARS keeps) are the
    same whether the lines come in one batch or cut anywhere into several."""
    cuts = sorted(data.draw(st.lists(st.integers(0, len(lines)), max_size=5)))
    batches = [lines[a:b] for a, b in zip([0, *cuts], [*cuts, len(lines)])]
    assert list(split_phh_batches(batches)) == list(split_phh_batches([lines])) == list(split_phh(lines))


@settings(max_examples=300, deadline=None)
@given(line_texts(), st.data())
def test_hands_found_in_blocks_are_the_hands_split_phh_finds_in_lines(text: str, data: st.DataObject) -> None:
    """split_phh_blocks searches text blocks (which end anywhere at a line end) for the headers: it
    finds the hands, their start lines and their cleaned lines that split_phh finds testing every line."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as decoded (universal line ends)
    ends = [k + 1 for k, char in enumerate(text) if char == "\n"]
    cuts = sorted(set(data.draw(st.lists(st.sampled_from(ends), max_size=6)))) if ends else []
    blocks = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)]) if b > a]
    lines = [line for block in blocks for line in _block_lines(block)]
    assert list(split_phh_blocks(blocks)) == list(split_phh(lines))


def test_streaming_keeps_memory_flat(tmp_path: Path) -> None:
    """Reading hand after hand holds a block of the file at a time, never the file (issue: flat memory)."""
    hand = TD_FL.read_text()
    path = tmp_path / "big.txt"
    with open(path, "w") as f:
        f.writelines(hand.replace("200000000001", str(300000000000 + k)) + "\n\n" for k in range(15000))
    size = path.stat().st_size
    tracemalloc.start()
    count = 0
    for start, lines in iter_hands(path):
        count += 1
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert count == 15000 and start == 14999 * 50 + 1
    assert size > 20_000_000
    assert peak < 4_000_000  # a few MB for a 21 MB file: no list of every hand
