"""Winning (ACR): both formats of the hand-written fixtures
(tests/history/data/winning-acr/) read field by field and replayed to the chip."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.winning_acr import SITE, parse_winning_acr, read_winning_acr, sniff

DATA = Path(__file__).resolve().parents[1] / "data" / "winning-acr"


def test_current_format_hands() -> None:
    reader = read_winning_acr(DATA / "hands.txt")
    hands = list(reader)
    assert [h.hand_id for h in hands] == ["5000001", "5000002", "5000003", "5000004"]
    # (#5000004, run twice: tests/history/test_runs_and_courchevel.py)
    assert reader.skipped == 0 and reader.errors == []
    split, walk, fixed, _ = hands
    assert (split.site, split.limit, split.stakes, split.currency, split.table, split.button) \
        == (SITE, Limit.POT, (100, 200), "USD", "Denver", 3)
    # "Total pot" is after the rake and the jackpot fee: the hand's rake is both
    assert (split.total_pot, split.rake, split.collected) == (3400, 60, {"ann": 1670,
                                                                       "cat": 1670})
    # a walk: the total and the winnings hold the big blind's uncalled part
    assert (walk.total_pot, walk.rake, walk.collected) == (200, 0, {"cat": 200})
    assert (fixed.limit, fixed.stakes, fixed.total_pot, fixed.rake) == (
        Limit.FIXED, (200, 400), 1600, 70)
    for h in hands:
        replay = h.replay()
        assert replay.exact, (h.hand_id, replay.discrepancies)


def test_the_older_format() -> None:
    (h,) = read_winning_acr(DATA / "old_format.txt")
    assert (h.hand_id, h.table, h.button, h.stakes, h.hero) == (
        "900000001", "Tahoe", 2, (100, 200), "ann")
    assert h.hole_cards == {"ann": ("Ah", "7c", "8d", "Ks")}
    assert (h.total_pot, h.rake, h.collected) == (1400, 60, {"bob": 1340})
    assert h.replay().exact


def test_a_payout_the_rules_do_not_give_is_flagged() -> None:
    text = (DATA / "hands.txt").read_text(encoding="utf-8")
    wrong = text.replace("cat (button) showed [Ac 2d 9h 9s] and won $16.70",
                         "cat (button) showed [Ac 2d 9h 9s] and won $16.60").replace(
        "ann (small blind) showed [Kd Kc 5h 7h] and won $16.70",
        "ann (small blind) showed [Kd Kc 5h 7h] and won $16.80")
    h = next(iter(parse_winning_acr(wrong)))
    assert not h.replay().exact
    assert any("cat collected 1660 on the site, 1670" in d for d in h.replay().discrepancies)


def test_sniff() -> None:
    for name in ("hands.txt", "old_format.txt"):
        assert sniff((DATA / name).read_text(encoding="utf-8")[:8192])
    assert not sniff("Winamax Poker - CashGame - HandId: #1-2-3 - Omaha Hi/Lo pot limit")
