"""Bovada: the hand-written fixtures (tests/history/data/bovada/) read field by
field and replayed to the chip, with the site's rule for a shared low half."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.bovada import SITE, parse_bovada, read_bovada, sniff

DATA = Path(__file__).resolve().parents[1] / "data" / "bovada"


def test_cash_hands() -> None:
    reader = read_bovada(DATA / "cash.txt")
    quartered, side_pot = list(reader)
    assert (reader.skipped, reader.errors) == (0, [])
    assert (quartered.site, quartered.limit, quartered.stakes, quartered.currency,
            quartered.button, quartered.hero) == (SITE, Limit.POT, (5, 10), "USD", 1,
                                                  "Big Blind")
    assert len(quartered.hole_cards) == 4   # every player's cards are printed
    # 4.20 put in, 0.21 rake: 3.99 left. The two low winners get 0.99 each (the low
    # half, 1.99, in whole equal shares) and the cent left goes to the high half.
    assert (quartered.total_pot, quartered.rake, quartered.collected) == (
        420, 21, {"Dealer": 201, "Small Blind": 99, "Big Blind": 99})
    # each pot gives up its own rake: the main pot 3.00 -> 2.85, the side pot 4.00 -> 3.80
    assert (side_pot.total_pot, side_pot.rake, side_pot.pots) == (700, 35, (285, 380))
    assert side_pot.mucked == ("Big Blind",)
    for h in (quartered, side_pot):
        replay = h.replay()
        assert replay.exact, (h.hand_id, replay.discrepancies)


def test_a_tournament_hand_renumbers_its_seat_ids() -> None:
    (h,) = read_bovada(DATA / "tournament.txt")
    assert [(s.seat, s.name) for s in h.seats] == [
        (1, "UTG"), (2, "Dealer"), (3, "Small Blind"), (4, "Big Blind")]
    assert (h.tournament_id, h.level, h.stakes, h.button, h.currency) == (
        "7000001", "2", (25, 50), 2, None)
    assert (h.total_pot, h.rake, h.collected) == (145, 0, {"UTG": 145})
    assert h.replay().exact


def test_the_usual_odd_chip_rule_would_be_flagged() -> None:
    text = (DATA / "cash.txt").read_text(encoding="utf-8")
    wrong = text.replace("Dealer : Hand result $2.01", "Dealer : Hand result $2.00").replace(
        "Small Blind : Hand result $0.99", "Small Blind : Hand result $1.00")
    replay = next(iter(parse_bovada(wrong))).replay()
    assert not replay.exact
    assert any("Dealer collected 200 on the site, 201" in d for d in replay.discrepancies)


def test_sniff() -> None:
    for name in ("cash.txt", "tournament.txt"):
        assert sniff((DATA / name).read_text(encoding="utf-8")[:8192])
    assert not sniff("Hand #1 - Omaha H/L(Pot Limit) - $1.00/$2.00 - 2023/03/04 12:00:00 UTC")
