"""A seeded mutation fuzz of ``drawdealer validate`` over the bundled fixtures (issue 15, "Evidence").

Each case is a fixture changed a few times at random (seeded, so a failure names a case that can
be run again): bytes flipped, lines deleted or repeated, the file cut short, an amount made huge,
a hand given many seats. Whatever the input, ``validate --format json`` must end without a
traceback, with exit code 0, 1 or 2, every output line valid JSON, and one report per hand header
(plus one for text before the first header: the reader reports it as a hand that cannot be read).
A few seconds in all: a small sample here; the issue's own run used 5,500 mutants.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from drawdealer.cli.app import app
from drawdealer.parsers import sniff  # noqa: F401 - registers the decoding fallback used below
from validate_support import FIXTURES

SEED = 15
CASES = 90
SITE_CASES = 30
"""Cases past :data:`CASES` mutate the fixtures of the other sites' readers (Winamax, OnGame)."""
SOURCES = sorted(p for folder in ("clean", "findings", "pokerstars", "phh") for p in (FIXTURES / folder).glob("*.*")
                 if p.suffix in (".txt", ".phh", ".phhs"))
SITE_SOURCES = sorted(p for site in ("winamax", "ongame") for p in (FIXTURES / site).rglob("*.txt"))
_HEADER = re.compile(r"^PokerStars (?:Home Game |Zoom |Rush )?(?:Game|Hand) #", re.M)
_SECTION = re.compile(r"^\[[^\[\]]+\]\s*(?:#.*)?$")
_ARCHIVE_SEPARATOR = re.compile(r"\*{5,} # \d+ \*{5,}$")


def _flip(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data))
    return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]


def _lines(data: bytes, rng: random.Random, *, repeat: bool) -> bytes:
    lines = data.split(b"\n")
    at = rng.randrange(len(lines))
    lines[at:at + 1] = [lines[at]] * (rng.randrange(2, 40) if repeat else 0)
    return b"\n".join(lines)


def _huge_amount(data: bytes, rng: random.Random) -> bytes:
    numbers = list(re.finditer(rb"\d+", data))
    if not numbers:
        return data
    m = rng.choice(numbers)
    return data[:m.start()] + b"9" * rng.choice((16, 40, 5000)) + data[m.end():]


def _many_seats(data: bytes, rng: random.Random) -> bytes:
    seat = re.search(rb"^Seat \d+: .*\n", data, re.M)
    if seat is not None:  # PokerStars: more seat lines after the first
        extra = b"".join(b"Seat %d: Extra%d (1000 in chips)\n" % (k, k) for k in range(20, 20 + rng.randrange(5, 60)))
        return data[:seat.end()] + extra + data[seat.end():]
    stacks = re.search(rb"starting_stacks = \[([^\]\n]*)\]", data)
    if stacks is None:
        return data
    many = b", ".join([b"100"] * rng.randrange(11, 200))
    return data[:stacks.start(1)] + many + data[stacks.end(1):]


MUTATIONS = (
    _flip, _huge_amount, _many_seats,
    lambda data, rng: _lines(data, rng, repeat=False),
    lambda data, rng: _lines(data, rng, repeat=True),
    lambda data, rng: data[:rng.randrange(len(data))],
)


def mutant(case: int) -> tuple[str, bytes]:
    rng = random.Random(SEED * 100_003 + case)
    source = rng.choice(SOURCES if case < CASES else SITE_SOURCES)
    data = source.read_bytes()
    for _ in range(rng.randrange(1, 4)):
        if data:
            data = rng.choice(MUTATIONS)(data, rng)
    return source.name, data


def expected_reports(name: str, data: bytes) -> int | None:
    """Hand headers in ``data``, and one for text before the first (None: not checked)."""
    encoding = sniff.detect_encoding(data[:65536])
    if not encoding.startswith("utf-8"):
        return None
    text = data.decode(encoding, "drawdealer-cp1252").replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    fmt, _ = sniff.detect_format(sniff.split_text(text))
    if fmt == sniff.UNKNOWN:
        return 0
    if fmt == sniff.PHH:
        return None  # a PHH hand is a whole file or a [section]; the PokerStars count is the sharp one
    site = sniff.SITE_OF_FORMAT[fmt]
    header = _HEADER if fmt == sniff.POKERSTARS else re.compile(f"^(?:{site.header.pattern})", re.M)
    headers = list(header.finditer(text))
    before = text[:headers[0].start()] if headers else text
    leading = [line.rstrip() for line in before.split("\n")]
    leading = [line for line in leading if line and not _ARCHIVE_SEPARATOR.match(line)]
    return len(headers) + (1 if leading else 0)


@pytest.mark.parametrize("case", range(CASES + SITE_CASES))
def test_a_mutated_fixture_is_reported_hand_by_hand(tmp_path: Path, case: int) -> None:
    name, data = mutant(case)
    path = tmp_path / name
    path.write_bytes(data)
    result = CliRunner().invoke(app, ["validate", "--format", "json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), (case, name, result.exception)
    assert "Traceback" not in result.stderr and "internal error" not in result.stdout, (case, name)
    assert result.exit_code in (0, 1, 2), (case, name, result.exit_code)
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert all(r["file"] == str(path) for r in reports)
    if result.exit_code == 2:
        assert result.stderr.startswith(f"drawdealer: error: {path}: ") and result.stderr.count("\n") == 1
    expected = expected_reports(name, data)
    if expected is not None:
        assert len(reports) == expected, (case, name)
