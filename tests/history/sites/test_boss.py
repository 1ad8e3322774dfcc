"""The Boss Media reader on fixtures written for it (tests/history/data/boss):
hands one after the other with a byte-order mark, and the same in a <ROOT>
with a hand of another game; both dialects of a call's VALUE (the chips added,
the total called to: told apart by the file's own pot totals); payouts worked
out by hand."""

from __future__ import annotations

import os

import pytest

from hilo_fast.history.sites.boss import parse_boss, read_boss, sniff

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "boss")


def test_both_dialects_of_a_call_replay_exactly() -> None:
    reader = read_boss(os.path.join(DATA, "hands.txt"))
    hands = list(reader)
    assert reader.errors == [] and [h.hand_id for h in hands] == ["31", "32"]
    split, old = hands
    assert (split.currency, split.stakes, split.button, split.hero) == ("SEK", (5, 10), 3, "ann")
    assert [s.name for s in split.seats] == ["ann", "bob", "cat"]   # the empty seat left out
    # 90 in, rake 5 (the POT attributes are after the rake): bob's trip kings 43 (the odd
    # chip), ann's 7-4-3-2-A 42
    replay = split.replay()
    assert replay.exact, replay.discrepancies
    assert (split.total_pot, split.rake, split.collected) == (90, 5, {"ann": 42, "bob": 43})
    # the older dialect: "ACTION_CALL VALUE=0.35" from the small blind is a call of 30
    assert [(a.kind, a.amount) for a in old.actions[:2]] == [("raise", 25), ("call", 30)]
    replay = old.replay()
    assert replay.exact, replay.discrepancies
    assert old.collected == {"ann": 76}   # a full house, kings over nines; rake 4


def test_a_root_element_and_another_game() -> None:
    reader = read_boss(os.path.join(DATA, "root.xml"))
    assert [h.hand_id for h in reader] == ["34"]
    assert reader.skipped == 1 and dict(reader.skipped_games) == {"GAME_THM": 1}


def test_a_hand_whose_pots_add_up_neither_way_is_read_and_flagged() -> None:
    with open(os.path.join(DATA, "hands.txt"), encoding="utf-8-sig") as stream:
        text = stream.read()
    bad = text.replace('POT="0.76" RAKE="0.04"', 'POT="0.70" RAKE="0.04"')
    hands = list(parse_boss(bad))
    assert not hands[1].replay().exact   # its totals: 74 said, 80 put in
    assert any("total pot" in d for d in hands[1].replay().discrepancies)


def test_a_hand_cut_before_its_showdown_is_unreadable() -> None:
    with open(os.path.join(DATA, "hands.txt"), encoding="utf-8-sig") as stream:
        text = stream.read()
    first = text[:text.index("<SHOWDOWN")] + "</HISTORY>\n"
    reader = parse_boss(first + text[text.index('<HISTORY ID="32"'):])
    assert [h.hand_id for h in reader] == ["32"]
    assert [(e.hand_id, e.reason) for e in reader.errors] == \
        [("31", "no SHOWDOWN: the hand is cut short")]


@pytest.mark.parametrize(("head", "expected"), [
    ('<HISTORY ID="1" SESSION="s" GAMEKIND="GAMEKIND_CASH">', True),
    ("<ROOT>\n<HISTORY ID=\"1\" GAMEKIND=\"GAMEKIND_CASH\">", True),
    ('<Game hhversion="4" id="1">', False),
])
def test_sniff(head: str, expected: bool) -> None:
    assert sniff(head) is expected
