"""The iPoker reader on fixtures written for it (tests/history/data/ipoker): a
session of three hands (a walk, a hi/lo split with an odd chip, an all-in
with a side pot, every payout worked out by hand in the comments), a second
session in the same file in euros with decimal commas, sessions cut short,
other games, bad lines."""

from __future__ import annotations

import os
from datetime import datetime

import pytest

from hilo_fast.engine.structures import Limit
from hilo_fast.history.model import HHAction
from hilo_fast.history.sites.ipoker import parse_ipoker, read_ipoker, sniff

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "ipoker")


def _session() -> list:  # type: ignore[type-arg]
    reader = read_ipoker(os.path.join(DATA, "session.xml"))
    hands = list(reader)
    assert reader.errors == [] and reader.skipped == 0
    return hands


def test_the_session_file_reads_every_hand_with_its_header() -> None:
    hands = _session()
    assert [h.hand_id for h in hands] == ["11", "12", "13", "21"]
    assert [h.line for h in hands] == [14, 35, 73, 124]   # the <game> lines of the file
    first = hands[0]
    assert (first.site, first.limit, first.stakes, first.currency) == \
        ("ipoker", Limit.POT, (5, 10), "USD")
    assert (first.table, first.max_seats, first.hero, first.button) == \
        ("Fixture table, 1", 6, "ann", 3)
    assert first.date == datetime(2024, 1, 2, 3, 4, 5)
    assert [(s.seat, s.name, s.stack) for s in first.seats] == \
        [(1, "ann", 500), (2, "bob", 1000), (3, "cat", 400)]
    assert first.hole_cards == {"ann": ("3h", "4h", "8c", "9c")}
    # the second session: euros, decimal commas, a dot for thousands
    last = hands[3]
    assert (last.currency, last.stakes, last.seats[0].stack) == ("EUR", (5, 10), 100000)


def test_every_hand_replays_to_the_payouts_worked_out_by_hand() -> None:
    # 11: a walk: the big blind gets 10 back of the 15 (5 uncalled), wins 10.
    # 12: 90 in (10 + 40 + 40), rake 5: bob's trip kings (Kd Ks + Kh) take the
    #     high half 43 (the odd chip), ann's 7-4-3-2-A (3h 4h + As 2d 7c) the low 42.
    # 13: main pot 150 (dan's 50 x 3): dan's trip kings high 75, eve's 7-5-4-3-2 low 75;
    #     side pot 140 (eve, fay): fay's trip jacks high 70, eve's low 70.
    expected = {
        "11": ([{"bob": 10}], 0),
        "12": ([{"bob": 43, "ann": 42}], 5),
        "13": ([{"dan": 75, "eve": 75}, {"eve": 70, "fay": 70}], 0),
        "21": ([{"hal": 10}], 0),
    }
    for hand in _session():
        replay = hand.replay()
        assert replay.exact, (hand.hand_id, replay.discrepancies)
        shares, rake = expected[hand.hand_id]
        assert [pot.shares for pot in replay.pots] == shares
        assert hand.rake == rake


def test_sums_become_calls_bets_and_raises_as_pokerstars_words_them() -> None:
    hand = _session()[2]
    assert hand.actions[:5] == (
        HHAction("preflop", "dan", "raise", 25, 35),          # type 23: the total, 35
        HHAction("preflop", "eve", "call", 30),               # type 3: the chips added
        HHAction("preflop", "fay", "raise", 85, 120),
        HHAction("preflop", "dan", "call", 15, 0, True),      # type 7: all in, for less
        HHAction("preflop", "eve", "call", 85),
    )
    assert hand.board == ("2c", "5d", "7h", "Kc", "Js")


SESSION = """<session sessioncode="9"><general><gametype>{game}</gametype>
<smallblind>$0.01</smallblind><bigblind>$0.02</bigblind></general>
{games}
</session>"""
WALK = """<game gamecode="{id}"><general><players>
<player seat="1" name="a" chips="$1" dealer="1" win="$0"/>
<player seat="2" name="b" chips="$1" dealer="0" win="$0.02"/></players></general>
<round no="0"><action player="a" type="1" sum="$0.01"/>
<action player="b" type="2" sum="$0.02"/></round>
<round no="1"><action player="a" type="{fold}" sum="$0"/></round></game>"""


def test_other_games_are_counted_and_skipped() -> None:
    reader = parse_ipoker(SESSION.format(game="Holdem NL $0.01/$0.02",
                                         games=WALK.format(id=1, fold=0)))
    assert list(reader) == [] and reader.skipped == 1 and reader.errors == []
    assert dict(reader.skipped_games) == {"Holdem NL $0.01/$0.02": 1}


def test_an_unknown_action_type_makes_its_hand_unreadable_and_reading_goes_on() -> None:
    games = WALK.format(id=1, fold=99) + WALK.format(id=2, fold=0)
    reader = parse_ipoker(SESSION.format(game="Omaha HiLow PL $0.01/$0.02", games=games))
    assert [h.hand_id for h in reader] == ["2"]
    assert [(e.hand_id, e.reason) for e in reader.errors] == \
        [("1", "unknown action type 99 of a")]


def test_a_file_cut_inside_a_hand_reports_it_and_keeps_the_hands_before() -> None:
    text = SESSION.format(game="Omaha HiLow PL $0.01/$0.02",
                          games=WALK.format(id=1, fold=0) + WALK.format(id=2, fold=0))
    cut = text[:text.index('<round no="1">', text.index('gamecode="2"'))]
    reader = parse_ipoker(cut)
    assert [h.hand_id for h in reader] == ["1"]
    assert [(e.hand_id, "cut short" in e.reason) for e in reader.errors] == [("2", True)]
    # a session without its closing tag (as real files end) loses nothing
    reader = parse_ipoker(text.replace("</session>", ""))
    assert [h.hand_id for h in reader] == ["1", "2"] and reader.errors == []


def test_a_broken_hand_is_reported_and_the_next_one_on_the_same_line_read() -> None:
    games = (WALK.format(id=1, fold=0).replace('dealer="1"', 'dealer="1" &bad;') +
             WALK.format(id=2, fold=0)).replace("\n", "")
    reader = parse_ipoker(SESSION.format(game="Omaha HiLow PL $0.01/$0.02", games=games))
    assert [h.hand_id for h in reader] == ["2"]
    assert [e.hand_id for e in reader.errors] == ["1"]
    assert "XML error" in reader.errors[0].reason


def test_another_sites_file_is_no_ipoker_history() -> None:
    reader = parse_ipoker("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)\n"
                          "Seat 1: a ($1 in chips)\n")
    assert list(reader) == []
    assert len(reader.errors) == 1 and "not a ipoker hand history" in reader.errors[0].reason


@pytest.mark.parametrize(("head", "expected"), [
    ('<?xml version="1.0"?>\n<session sessioncode="1">', True),
    ("PokerStars Hand #1: Omaha Hi/Lo", False),
    ('<description type="Omaha H/L8"/>', False),
])
def test_sniff(head: str, expected: bool) -> None:
    assert sniff(head) is expected
