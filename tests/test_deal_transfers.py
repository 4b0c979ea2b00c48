"""Who pays whom at the end of the evening (issue 27, ``cli/deal/ledger.settle``), as properties: the
transfers settle every net exactly, never more than one fewer than the parties with a net, each
from a party who is down to one who is up; up to ``EXACT_UP_TO`` parties their number is the fewest
possible, checked against a brute force over every way of cutting the parties into groups."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drawdealer.cli.deal.ledger import EXACT_UP_TO, Transfer, settle


def _nets(amounts: list[int]) -> list[tuple[str, int]]:
    """Parties P1, P2, … in seat order; the last one's net makes the sum zero."""
    names = [f"P{k + 1}" for k in range(len(amounts) + 1)]
    return list(zip(names, [*amounts, -sum(amounts)]))


NETS = st.lists(st.integers(-300, 300), min_size=1, max_size=9).map(_nets)
SMALL = st.lists(st.sampled_from((-40, -25, -15, -10, -5, 0, 5, 10, 15, 25, 40)), min_size=1, max_size=6).map(_nets)


def _fewest(nets: list[tuple[str, int]]) -> int:
    """The fewest transfers, by brute force: parties with a net, less the most groups of them that
    each sum to zero (every way of cutting them into groups is tried)."""
    values = [v for _, v in nets if v]

    def most_groups(rest: list[int]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = -1
        for mask in range(1 << len(others)):  # the group of ``first``: him and any of the others
            group = [first] + [v for k, v in enumerate(others) if mask >> k & 1]
            if sum(group) == 0:
                left = [v for k, v in enumerate(others) if not mask >> k & 1]
                sub = most_groups(left)
                if sub >= 0:
                    best = max(best, 1 + sub)
        return best

    return len(values) - most_groups(values)


def _settled(nets: list[tuple[str, int]], transfers: list[Transfer]) -> dict[str, int]:
    owed = dict(nets)
    for t in transfers:
        owed[t.payer] += t.amount
        owed[t.payee] -= t.amount
    return owed


@settings(max_examples=300, deadline=None)
@given(nets=NETS)
def test_the_transfers_settle_every_net_with_at_most_one_fewer_than_the_parties(nets):
    transfers = settle(nets)
    assert set(_settled(nets, transfers).values()) <= {0}
    parties = sum(1 for _, v in nets if v)
    assert len(transfers) <= max(0, parties - 1) <= len(nets) - 1
    sign = dict(nets)
    assert all(t.amount > 0 and sign[t.payer] < 0 < sign[t.payee] for t in transfers)
    seat = {name: k for k, (name, _) in enumerate(nets)}
    assert transfers == sorted(transfers, key=lambda t: (seat[t.payer], seat[t.payee]))


@settings(max_examples=300, deadline=None)
@given(nets=SMALL)
def test_the_number_of_transfers_is_the_fewest(nets):
    assert len(settle(nets)) == _fewest(nets)


def test_groups_that_settle_among_themselves_are_found_and_ties_go_by_seat_order():
    """A -7, B -5, C +4, D +5, E +3: paying the largest debt to the largest credit each time takes
    four transfers (A→D 5, A→C 2, B→E 3, B→C 2); B and D settle between themselves, and A with C
    and E: three. Equal debts are paid in seat order."""
    assert settle([("A", -7), ("B", -5), ("C", 4), ("D", 5), ("E", 3)]) == [
        Transfer(payer="A", payee="C", amount=4), Transfer(payer="A", payee="E", amount=3),
        Transfer(payer="B", payee="D", amount=5)]
    assert settle([("A", -5), ("B", -5), ("C", 10)]) == [Transfer(payer="A", payee="C", amount=5),
                                                         Transfer(payer="B", payee="C", amount=5)]


def test_more_parties_than_the_exact_search_are_settled_greedily():
    nets = _nets([(-1) ** k * (k + 3) for k in range(EXACT_UP_TO + 4)])
    transfers = settle(nets)
    assert set(_settled(nets, transfers).values()) <= {0}
    assert len(transfers) <= len(nets) - 1


def test_nets_that_do_not_add_up_cannot_be_settled():
    try:
        settle([("A", -5), ("B", 4)])
    except ValueError as exc:
        assert "add up to -1" in str(exc)
    else:
        raise AssertionError("settled nets that do not add up")
