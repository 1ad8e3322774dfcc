"""The Microgaming reader on fixtures written for it (tests/history/data/microgaming):
a cp1252 file with plain-text lines around the hands (an ampersand among
them), a hi/lo split with an odd chip and an all-in with a side pot; each
seat's end balance checked; payouts worked out by hand."""

from __future__ import annotations

import os

import pytest

from hilo_fast.history.sites.microgaming import parse_microgaming, read_microgaming, sniff

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "microgaming")


def _text() -> str:
    with open(os.path.join(DATA, "hands.txt"), encoding="cp1252") as stream:
        return stream.read()


def test_the_file_replays_exactly() -> None:
    reader = read_microgaming(os.path.join(DATA, "hands.txt"))
    hands = list(reader)
    assert reader.errors == [] and [h.hand_id for h in hands] == ["41", "42"]
    split, side = hands
    assert (split.currency, split.table, split.hero, split.rake, split.line) == \
        ("EUR", "Fixture HILO 1 - \u20ac2 Max", "ann", 5, 3)
    replay = split.replay()
    assert replay.exact, replay.discrepancies
    assert split.collected == {"bob": 43, "ann": 42}   # 85 after a rake of 5: odd chip high
    replay = side.replay()
    assert replay.exact, replay.discrepancies
    assert [p.shares for p in replay.pots] == [{"dan": 75, "eve": 75}, {"eve": 70, "fay": 70}]


def test_a_raise_written_as_its_total_is_told_by_the_end_balances() -> None:
    text = _text().replace('seat="3" value="1.10"', 'seat="3" value="1.20"')
    hands = list(parse_microgaming(text))
    raises = [(a.kind, a.amount, a.to) for a in hands[1].actions if a.player == "fay"]
    assert raises[0] == ("raise", 85, 120)
    assert hands[1].replay().exact


def test_end_balances_that_no_reading_matches_leave_the_hand_flagged() -> None:
    text = _text().replace('seat="2" value="0.85"', 'seat="2" value="0.95"')
    hands = list(parse_microgaming(text))
    assert not hands[1].replay().exact


@pytest.mark.parametrize(("head", "expected"), [
    ('----PRIMA.DAT----\n\n<Game hhversion="2" id="1">', True),
    ('<HISTORY ID="1" GAMEKIND="GAMEKIND_CASH">', False),
])
def test_sniff(head: str, expected: bool) -> None:
    assert sniff(head) is expected
