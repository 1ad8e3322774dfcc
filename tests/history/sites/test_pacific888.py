"""888 (Pacific, Cassava): the hand-written fixtures (tests/history/data/888pacific/)
read field by field and replayed to the chip."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.pacific888 import SITE, parse_pacific888, read_pacific888, sniff

DATA = Path(__file__).resolve().parents[1] / "data" / "888pacific"


def test_hands_read_and_replay_to_the_chip() -> None:
    reader = read_pacific888(DATA / "hands.txt")
    split, practice = list(reader)
    assert (reader.skipped, reader.errors) == (0, [])
    assert (split.hand_id, split.site, split.limit, split.stakes, split.currency,
            split.table, split.max_seats, split.button) == (
        "700000001", SITE, Limit.POT, (25, 50), "USD", "Lima", 6, 2)
    # no total and no rake written: the pot is what was put in, the rake what was not paid
    assert (split.total_pot, split.rake, split.collected) == (1350, 67, {"bob": 642,
                                                                        "cat": 641})
    # play money in hundredths; the fixed limit's stakes are the small and big bet;
    # a player who folds before the deal was not dealt in
    assert (practice.currency, practice.limit, practice.stakes) == (None, Limit.FIXED,
                                                                   (10000, 20000))
    assert practice.seats[0].stack == 125050 and "dan" not in practice.dealt_in
    assert (practice.total_pot, practice.rake, practice.collected) == (80000, 3000,
                                                                       {"cat": 77000})
    for h in (split, practice):
        replay = h.replay()
        assert replay.exact, (h.hand_id, replay.discrepancies)


def test_a_payout_the_rules_do_not_give_is_flagged() -> None:
    text = (DATA / "hands.txt").read_text(encoding="utf-8")
    wrong = text.replace("bob collected [ $6.42 ]", "bob collected [ $6.41 ]").replace(
        "cat collected [ $6.41 ]", "cat collected [ $6.42 ]")
    replay = next(iter(parse_pacific888(wrong))).replay()
    assert not replay.exact
    assert any("bob collected 641 on the site, 642" in d for d in replay.discrepancies)


def test_sniff() -> None:
    assert sniff((DATA / "hands.txt").read_text(encoding="utf-8")[:8192])
    assert not sniff("***** Hand History for Game 1 *****")   # partypoker's
