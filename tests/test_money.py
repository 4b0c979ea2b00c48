"""Amounts in messages: chips as numbers, cash in its currency (RULES.md §0.3, DESIGN.md 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawdealer.engine.findings import AMOUNT_CODES, CODES
from drawdealer.engine.frozen import replace
from drawdealer.engine.money import money
from drawdealer.engine.replay import replay
from drawdealer.parsers import read_hands

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.parametrize(("amount", "currency", "text"), [
    (225, "", "225"), (225, "$", "$2.25"), (5, "$", "$0.05"), (100, "€", "€1.00"), (-50, "$", "-$0.50"),
    (123456789, "£", "£1,234,567.89"), (250, "USD", "2.50 USD"), (0, "$", "$0.00"),
])
def test_money(amount, currency, text):
    assert money(amount, currency) == text


@given(st.integers(-10**9, 10**9), st.sampled_from(["$", "€", "£", "¤"]))
def test_money_reads_back_to_the_same_cents(amount, currency):
    text = money(amount, currency)
    digits = text.replace(currency, "").replace(",", "")
    assert round(float(digits) * 100) == amount


def test_amount_codes_are_codes():
    assert AMOUNT_CODES <= set(CODES)


@pytest.mark.parametrize(("fixture", "message"), [
    ("BET_ABOVE_POT_LIMIT.txt", "Player3 bets $5.00 into a pot of $3.75"),
    ("BLIND_AMOUNT_WRONG.txt", "Player3 posts $0.05 for the BB ($0.10)"),
])
def test_cash_findings_speak_in_the_hands_currency(fixture, message):
    """A cash game's amounts are cents; the finding's message prints them as money, ``expected`` and
    ``actual`` stay in cents (the JSON contract) and the finding carries the currency."""
    record = next(iter(read_hands(FIXTURES / "findings" / fixture)))
    finding = next(f for f in replay(record).findings if f.code == fixture.removesuffix(".txt"))
    assert finding.message == message
    assert finding.currency == "$" and isinstance(finding.expected, int)


def test_chip_findings_stay_in_chips():
    record = next(r for r in read_hands(FIXTURES / "findings" / "BET_ABOVE_POT_LIMIT.txt"))
    finding = next(f for f in replay(replace(record, currency="")).findings if f.code == "BET_ABOVE_POT_LIMIT")
    assert finding.message == "Player3 bets 500 into a pot of 375" and finding.currency == ""
