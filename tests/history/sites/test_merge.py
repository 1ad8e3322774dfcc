"""The Merge reader on fixtures written for it (tests/history/data/merge): a
cash file (an all-in with a side pot and its winners by pot, chat inside a
round, a seat not dealt in, an uncalled bet listed as a winner) and a
tournament file (stakes without amounts, balances after the blinds, a hand of
another game), payouts worked out by hand."""

from __future__ import annotations

import os

import pytest

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.merge import parse_merge, read_merge, sniff

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "merge")


def test_the_cash_file() -> None:
    reader = read_merge(os.path.join(DATA, "cash.txt"))
    hands = list(reader)
    assert reader.errors == [] and [h.hand_id for h in hands] == ["500-1", "500-2"]
    first = hands[0]
    assert (first.site, first.limit, first.stakes, first.currency, first.table) == \
        ("merge", Limit.POT, (5, 10), "USD", "Fixture (500)")
    # balances are after the blinds: eve (small blind) had 4.95 + 0.05, fay 4.90 + 0.10
    assert [(s.seat, s.name, s.stack, s.sitting_out) for s in first.seats] == [
        (1, "dan", 50, False), (2, "eve", 500, False), (3, "fay", 500, False),
        (6, "gil", 300, True)]
    assert first.dealt_in == ("dan", "eve", "fay") and first.hero == "eve"
    # main pot 150: dan's trip kings high 75, eve's 7-5-4-3-2 low 75; side pot 140:
    # fay's trip jacks high 70, eve's low 70 (the pot numbers of the <winner> lines)
    replay = first.replay()
    assert replay.exact, replay.discrepancies
    assert [p.shares for p in replay.pots] == [{"dan": 75, "eve": 75}, {"eve": 70, "fay": 70}]
    assert first.pot_collections == ((0, "dan", 75), (0, "eve", 75), (1, "eve", 70),
                                     (1, "fay", 70))
    # the walk: the uncalled 5 listed as a winner (uncalled="true") is not collected
    walk = hands[1]
    assert walk.collected == {"dan": 10} and walk.replay().exact


def test_the_tournament_file() -> None:
    reader = read_merge(os.path.join(DATA, "tournament.xml"))
    hands = list(reader)
    assert reader.errors == [] and reader.skipped == 1
    assert dict(reader.skipped_games) == {"Hold'em": 1}
    hand = hands[0]
    assert (hand.tournament_id, hand.currency, hand.stakes, hand.max_seats) == \
        ("700-1", None, (10, 20), 6)
    assert [s.stack for s in hand.seats] == [1500, 1000, 160]
    # bob's steel wheel scoops cat's tens: all 320 chips
    replay = hand.replay()
    assert replay.exact, replay.discrepancies
    assert hand.collected == {"bob": 320}
    assert [(a.kind, a.amount, a.to, a.all_in) for a in hand.actions] == [
        ("fold", 0, 0, False), ("raise", 40, 60, False), ("raise", 100, 160, True),
        ("call", 100, 0, False)]


def test_a_seat_nobody_sits_in_makes_the_hand_unreadable() -> None:
    with open(os.path.join(DATA, "cash.txt"), encoding="utf-8") as stream:
        text = stream.read()
    reader = parse_merge(text.replace('type="FOLD" player="1"', 'type="FOLD" player="8"'))
    assert [h.hand_id for h in reader] == ["500-1"]
    assert [(e.hand_id, e.reason) for e in reader.errors] == \
        [("500-2", "FOLD by seat 8, where nobody sits")]


@pytest.mark.parametrize(("head", "expected"), [
    ('<description type="Omaha H/L8" stakes="Limit $0.25/$0.50"/>', True),
    ('<game id="1-1" starttime="1" numholecards="4">', True),
    ('<session sessioncode="1">', False),
])
def test_sniff(head: str, expected: bool) -> None:
    assert sniff(head) is expected
