"""Replaying hand histories through hf.Hand: the rake rule, mucks, posted blinds,
and every discrepancy named.

Expected amounts are the ones worked out by hand when the fixtures were
written (tests/history/data/pokerstars/); the synthetic check replays thousands of
self-play hands printed as PokerStars text and compares with the engine.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast.engine.selfplay import random_legal
from hilo_fast.history.synth import synthetic_histories, write_hand

DATA = Path(__file__).parent / "data" / "pokerstars"
FIXTURES = ["plo8_cash.txt", "lo8_limit.txt", "tournament.txt", "mixed_home.txt", "bad.txt"]


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def hand(name: str, index: int = 0, edit: tuple[str, str] | None = None) -> hf.HandHistory:
    body = text(name).split("\n\n\n\n")[index]
    if edit is not None:
        assert edit[0] in body
        body = body.replace(*edit)
    (h,) = hf.parse_pokerstars(body)
    return h


@pytest.mark.parametrize("name", FIXTURES)
def test_every_fixture_hand_replays_exactly(name: str, backend: ModuleType) -> None:
    for h in hf.read_pokerstars(DATA / name):
        r = h.replay()
        assert r.discrepancies == [], (h.hand_id, r.discrepancies)
        assert r.exact == (not h.cancelled)
        if r.settled:
            assert r.collected == h.collected
            assert sum(r.collected.values()) + h.rake == h.total_pot


def test_rake_comes_off_the_pot_before_the_hi_lo_split() -> None:
    # $4.70 pot, $0.23 rake: $4.47 splits $2.24 high (odd cent) / $2.23 low, the
    # low quartered $1.12 / $1.11, the odd cent to bob (first left of the button).
    r = hand("plo8_cash.txt").replay()
    assert [tuple(p) for p in r.pots] == [(447, 23, ("alice", "bob"),
                                           {"alice": 111, "bob": 336},
                                           {"alice": 111, "bob": 112})]
    assert r.net == {"alice": -109, "bob": 116, "carol": -30}


def test_side_pot_rake_is_read_from_the_listed_pots() -> None:
    r = hand("plo8_cash.txt", 1).replay()
    assert [(p.amount, p.rake, p.eligible) for p in r.pots] == [
        (270, 30, ("alice", "bob", "erin")[1:]), (400, 0, ("bob",))]
    assert r.collected == {"bob": 535, "erin": 135}


def test_without_listed_pots_the_rake_comes_off_the_main_pot() -> None:
    h = hand("plo8_cash.txt", 1, ("Total pot $7 Main pot $2.70. Side pot $4. | Rake $0.30",
                                  "Total pot $7 | Rake $0.30"))
    r = h.replay()
    assert r.exact and [p.rake for p in r.pots] == [30, 0]


def test_a_different_split_of_the_rake_is_a_discrepancy() -> None:
    h = hand("plo8_cash.txt", 1, ("Main pot $2.70. Side pot $4.", "Main pot $3. Side pot $3.70."))
    r = h.replay()
    assert r.settled and not r.exact
    assert [p.amount for p in r.pots] == [300, 370]
    assert "bob collected 535 on the site, 520 in the replay" in r.discrepancies
    assert any(d.startswith("main pot: the site split it") for d in r.discrepancies)


def test_mucking_at_showdown_forfeits_whatever_the_cards() -> None:
    r = hand("plo8_cash.txt", 3).replay()
    assert r.exact and r.collected == {"erin": 19}
    assert r.showdown == ("bob", "erin")
    # The engine alone settles every live hand: bob's mucked A-2 low would win half.
    assert r.hand is not None and r.hand.payouts[1] == 10


def test_posted_big_blind_and_dead_small_blind() -> None:
    r = hand("plo8_cash.txt", 2).replay()
    assert r.exact
    assert r.contributions == {"alice": 10, "bob": 10, "carol": 40, "dave": 40, "frank": 15}


def test_tournament_three_way_all_in_side_pot_quartered() -> None:
    (h,) = hf.read_pokerstars(DATA / "tournament.txt")
    r = h.replay()
    assert r.exact
    assert [(p.amount, p.shares) for p in r.pots] == [
        (2510, {"kim": 627, "lee": 1255, "max": 628}), (800, {"kim": 600, "max": 200})]
    assert r.all_in_board is not None and len(r.all_in_board) == 3


def test_unknown_cards_come_from_the_rest_of_the_deck_the_same_every_time() -> None:
    h = hand("plo8_cash.txt", 2)
    first, second = h.replay(), h.replay()
    assert first.hand is not None and second.hand is not None
    assert first.hand.holes == second.hand.holes and first.board == second.board
    assert first.hand.holes[0] == hf.parse_cards("JhTc6d5s")   # alice, the hero
    cards = [c for hole in first.hand.holes if hole for c in hole] + list(first.board)
    assert len(set(cards)) == len(cards) == 5 * 4 + 5


@pytest.mark.parametrize(("edit", "found"), [
    (("erin collected $0.19 from pot", "erin collected $0.18 from pot"),
     "the history's totals: collected 18 + rake 1 != total pot 20"),
    (("erin: checks\nbob: checks\n*** TURN", "bob: checks\nerin: checks\n*** TURN"),
     "bob checks on the flop, but hf.Hand has erin to act"),
    (("bob: calls $0.05", "bob: raises $0.90 to $1"), "hf.Hand refused bob's raise"),
    (("Total pot $0.20", "Total pot $0.30"), "total pot: the history says 30"),
    (("bob: calls $0.05", "bob: calls $0.04"), "bob calls 4 on the preflop; hf.Hand's call is 5"),
])
def test_discrepancies_are_named(edit: tuple[str, str], found: str) -> None:
    r = hand("plo8_cash.txt", 3, edit).replay()
    assert not r.exact
    assert any(found in d for d in r.discrepancies), r.discrepancies


def test_a_history_that_stops_early_is_not_settled() -> None:
    body = text("plo8_cash.txt").split("\n\n\n\n")[3]
    cut = body.replace("bob: checks\n*** SHOW DOWN", "*** SHOW DOWN")
    (h,) = hf.parse_pokerstars(cut)
    r = h.replay()
    assert not r.settled and r.discrepancies == ["the history ends with bob to act"]


def test_a_hand_with_no_small_blind_replays() -> None:
    """The small blind's post taken out: the big blind alone is posted, and ivan
    (no post now) raises "to" the same totals, so the chips still add up."""
    h = hand("lo8_limit.txt", 0, ("ivan: posts small blind $0.05\n", ""))
    r = h.replay()
    assert r.exact, r.discrepancies
    assert r.hand is not None and r.hand.small_blind_seat == -1
    assert [p.player for p in h.posts] == ["gina"]


@pytest.mark.parametrize("cash", [True, False])
def test_self_play_printed_as_pokerstars_replays_to_the_engines_payouts(
        backend: ModuleType, cash: bool) -> None:
    """Random hands of every structure (side pots, short all-ins, antes, 5-card)
    printed as PokerStars text, read and replayed: the same payouts."""
    count = 0
    for body in synthetic_histories(1000, seed=7 if cash else 8, cash=cash):
        (h,) = hf.parse_pokerstars(body)
        r = h.replay()
        assert r.exact, (h.hand_id, r.discrepancies, body)
        count += 1
    assert count == 1000


def test_written_hand_matches_the_engine_hand(backend: ModuleType) -> None:
    import random
    rng = random.Random(3)
    for number in range(50):
        structure = hf.Structure.pot_limit(1, 2)
        engine = hf.Hand(structure, [rng.randint(1, 300) for _ in range(6)], number % 6, rng=rng)
        while not engine.is_over:
            engine.act(*random_legal(engine, rng))
        (h,) = hf.parse_pokerstars(write_hand(engine, number + 1, cash=False))
        r = h.replay()
        assert r.exact, r.discrepancies
        assert r.hand is not None and r.hand.stacks == engine.stacks
        assert r.hand.actions == engine.actions
        assert r.collected == {f"p{seat + 1}": won for seat, won in enumerate(engine.payouts)
                               if won}
