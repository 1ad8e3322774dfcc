"""partypoker: both dialects of the hand-written fixtures
(tests/history/data/partypoker/) read field by field and replayed to the chip."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.engine.structures import Limit
from hilo_fast.history.sites.partypoker import SITE, parse_partypoker, read_partypoker, sniff

DATA = Path(__file__).resolve().parents[1] / "data" / "partypoker"


def test_the_classic_dialect() -> None:
    reader = read_partypoker(DATA / "classic.txt")
    cash, tournament = list(reader)
    assert (reader.skipped, reader.errors) == (0, [])   # (a "#Game No" line: no garbage)
    # the header names the table's buy-in: the stakes are the blinds as posted
    assert (cash.site, cash.limit, cash.stakes, cash.currency, cash.buy_in) == (
        SITE, Limit.POT, (10, 25), "USD", "$20 USD")
    # "wins" holds the bet nobody called: given back, the rake is the rest
    assert (cash.total_pot, cash.rake, cash.collected) == (160, 8, {"bob": 152})
    assert (tournament.tournament_id, tournament.level, tournament.stakes,
            tournament.currency) == ("300000001", "3", (30, 60), None)
    assert (tournament.total_pot, tournament.rake, tournament.collected) == (
        720, 0, {"ann": 360, "cat": 360})
    assert tournament.mucked == ("bob",)   # "does not show cards" at the showdown
    for h in (cash, tournament):
        replay = h.replay()
        assert replay.exact, (h.hand_id, replay.discrepancies)


def test_the_current_dialect() -> None:
    (h,) = read_partypoker(DATA / "current.txt")
    assert (h.hand_id, h.table, h.button, h.stakes, h.hero) == (
        "1700000000001abcd", "Reno 3", 3, (10, 25), "ann")
    assert (h.total_pot, h.rake, h.collected) == (225, 11, {"cat": 214})
    assert h.replay().exact


def test_a_payout_the_rules_do_not_give_is_flagged() -> None:
    text = (DATA / "classic.txt").read_text(encoding="utf-8")
    wrong = text.replace("ann wins 360 chips", "ann wins 350 chips").replace(
        "cat wins Lo (360 chips)", "cat wins Lo (370 chips)")
    hands = list(parse_partypoker(wrong))
    replay = hands[1].replay()
    assert not replay.exact
    assert any("ann collected 350 on the site, 360" in d for d in replay.discrepancies)


def test_sniff() -> None:
    for name in ("classic.txt", "current.txt"):
        assert sniff((DATA / name).read_text(encoding="utf-8")[:8192])
    assert not sniff("***** 888poker Hand History for Game 1 *****")
