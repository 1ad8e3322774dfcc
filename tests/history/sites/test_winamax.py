"""Winamax: the hand-written fixtures (tests/history/data/winamax/) read field by
field and replayed to the chip; a payout changed in the text is flagged."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.winamax import SITE, parse_winamax, read_winamax, sniff

DATA = Path(__file__).resolve().parents[1] / "data" / "winamax"


def test_cash_hands_read_and_replay_to_the_chip() -> None:
    reader = read_winamax(DATA / "cash.txt")
    hands = list(reader)
    assert [h.hand_id for h in hands] == ["100-1-1000", "100-2-1001"]
    assert (reader.skipped, dict(reader.skipped_games), reader.errors) == (
        1, {"Holdem no limit": 1}, [])
    split, all_in = hands
    assert (split.site, split.hole_count, split.limit, split.stakes, split.currency) == (
        SITE, 4, Limit.POT, (50, 100), "EUR")
    assert [(s.seat, s.name, s.stack) for s in split.seats] == [
        (1, "ann", 10000), (2, "bob", 8000), (3, "cat", 5000)]
    assert split.hero == "ann" and split.hole_cards["ann"] == ("Ah", "2h", "Kd", "Qc")
    # 12 + 12 + 1 put in; "Total pot" is after the 1.25 rake; the odd cent to the high half
    assert (split.total_pot, split.rake, split.collected) == (
        2500, 125, {"bob": 1188, "ann": 1187})
    # the bet nobody called (10.50) comes back as a "side pot" its bettor alone collects:
    # a return; the pot is 20 + 20 + 0.50
    assert (all_in.total_pot, all_in.rake, all_in.collected) == (4050, 100, {"bob": 3950})
    assert all_in.actions[-1][2:4] == ("return", 1050)
    for h in hands:
        replay = h.replay()
        assert replay.exact, (h.hand_id, replay.discrepancies)


def test_a_tournament_hand_with_antes() -> None:
    (h,) = read_winamax(DATA / "tournament.txt")
    assert (h.tournament_id, h.buy_in, h.level, h.currency, h.stakes) == (
        "Sunday Omaha", "9€ + 1€", "4", None, (50, 100))
    assert h.antes == {"ann": 10, "bob": 10, "cat": 10}
    assert (h.total_pot, h.rake, h.collected) == (630, 0, {"bob": 630})
    assert h.replay().exact


def test_a_payout_the_rules_do_not_give_is_flagged() -> None:
    text = (DATA / "cash.txt").read_text(encoding="utf-8")
    wrong = text.replace("bob collected 11.88€ from pot(HI)", "bob collected 11.87€ from pot(HI)"
                         ).replace("ann collected 11.87€", "ann collected 11.88€")
    h = next(iter(parse_winamax(wrong)))
    replay = h.replay()
    assert not replay.exact
    assert any("bob collected 1187 on the site, 1188 in the replay" in d
               for d in replay.discrepancies), replay.discrepancies


def test_sniff() -> None:
    assert sniff((DATA / "cash.txt").read_text(encoding="utf-8")[:8192])
    assert not sniff("PokerStars Hand #1: Omaha Hi/Lo Pot Limit ($0.01/$0.02 USD)")


def test_a_five_card_hand() -> None:
    (h,) = read_winamax(DATA / "five_card.txt")
    assert (h.hole_count, h.game, h.stakes) == (5, "5 Card Omaha Hi/Lo pot limit", (10, 20))
    assert h.hole_cards["bob"] == ("Ac", "5c", "Jd", "Jh", "8s")
    assert (h.total_pot, h.rake, h.collected) == (40, 2, {"bob": 19, "ann": 19})
    assert h.replay().exact
