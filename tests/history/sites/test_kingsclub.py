"""The KingsClub reader on a fixture written for it (tests/history/data/kingsclub):
a 5-card "Big O" hand with antes to a hi/lo showdown, a hand run twice
(each board, replayed run by run), a razz hand skipped, a fixed-limit walk;
calls name the total called to."""

from __future__ import annotations

import os

import pytest

from hilo_fast.engine.structures import Limit
from hilo_fast.history.model import HHAction
from hilo_fast.history.sites.kingsclub import parse_kingsclub, read_kingsclub, sniff

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "kingsclub")


def test_the_file() -> None:
    reader = read_kingsclub(os.path.join(DATA, "hands.txt"))
    hands = list(reader)
    assert [h.hand_id for h in hands] == ["201", "202", "204"]
    assert reader.skipped == 1 and dict(reader.skipped_games) == {"Limit Razz": 1}
    assert reader.errors == []
    big_o, _twice, walk = hands
    assert (big_o.game, big_o.hole_count, big_o.limit, big_o.stakes) == \
        ("5 Card Omaha Hi/Lo", 5, Limit.POT, (100, 200))
    assert big_o.antes == {"ann": 100, "bob": 100, "cat": 100}
    assert big_o.seats[2].stack == 100000   # "1,000"
    # "ann calls 2": the small blind (1 in) calls to 2, adding 1
    assert big_o.actions[1] == HHAction("preflop", "ann", "call", 100)
    # 2100 in (antes 300, 600 pre-flop, 1200 on the flop), rake 100: bob's trip kings
    # high 1000, ann's 7-4-3-2-A low 1000
    replay = big_o.replay()
    assert replay.exact, replay.discrepancies
    assert big_o.collected == {"bob": 1000, "ann": 1000}
    assert (walk.limit, walk.stakes, walk.collected) == (Limit.FIXED, (4000, 8000), {"ann": 4000})
    assert walk.replay().exact


def test_a_hand_run_twice() -> None:
    twice = next(h for h in read_kingsclub(os.path.join(DATA, "hands.txt"))
                 if h.hand_id == "202")
    # "- - -" on board 2 is the flop both boards share
    assert twice.runs == (("As", "2d", "7c", "Kh", "Ts"), ("As", "2d", "7c", "5d", "3c"))
    assert twice.board == twice.runs[0]
    # 19,800 in, rake 200: 9,800 a board. Board 1: bob's trip kings
    # (KdKs + Kh) take the high, ann's 7-4-3-2-A the low; board 2: ann's 3h4h with
    # A-2-5 is the wheel, the best high and the best low: she scoops it.
    replay = twice.replay()
    assert replay.exact, replay.discrepancies
    assert replay.run_collected == [{"ann": 4900, "bob": 4900}, {"ann": 9800}]
    assert twice.collected == {"ann": 14700, "bob": 4900}


@pytest.mark.parametrize(("board_lines", "reason"), [
    ("*** BOARD 1 - RIVER *** [As 2d 7c Kh] [Ts]\n", "without whole boards"),
    ("*** BOARD 1 - RIVER *** [As 2d 7c Kh] [Ts]\n*** BOARD 3 - RIVER *** [- - - 5d] [3c]\n",
     "without whole boards 1 to 2"),
    ("*** BOARD 1 - RIVER *** [As 2d 7c Kh] [Ts]\n*** BOARD 2 - RIVER *** [Ac - - 5d] [3c]\n",
     "does not follow the board"),
    ("*** BOARD 1 - RIVER *** [As 2d 7c Kh] [Ts]\n*** BOARD 2 - RIVER *** [- - - 5d 3c 2c] [4c]\n",
     "does not follow the board"),
    ("*** BOARD 1 - RIVER *** garbled\n", "unknown line"),
])
def test_a_garbled_run_is_one_unreadable_hand(board_lines: str, reason: str) -> None:
    with open(os.path.join(DATA, "hands.txt"), encoding="utf-8") as stream:
        text = stream.read()
    start, end = text.index("*** BOARD 1"), text.index("*** SUMMARY ***", text.index("#202"))
    reader = parse_kingsclub(text[:start] + board_lines + text[end:])
    assert [h.hand_id for h in reader] == ["201", "204"]
    assert [(e.hand_id, reason in e.reason) for e in reader.errors] == [("202", True)]


def test_a_hand_cut_before_its_summary_is_unreadable() -> None:
    with open(os.path.join(DATA, "hands.txt"), encoding="utf-8") as stream:
        text = stream.read()
    reader = parse_kingsclub(text[:text.index("*** SUMMARY ***")])
    assert list(reader) == []
    assert [(e.hand_id, e.reason) for e in reader.errors] == \
        [("201", "no summary with the rake: the hand is cut short")]


@pytest.mark.parametrize(("head", "expected"), [
    ("#1: Pot Limit Omaha Hi-Lo - 5/10\n2021-01-02 15:45:10\nTable 'T' Seat 6 is the button",
     True),
    ("Full Tilt Poker Game #1: Table T - PL Omaha H/L - $1/$2", False),
])
def test_sniff(head: str, expected: bool) -> None:
    assert sniff(head) is expected
