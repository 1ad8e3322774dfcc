"""hand.view(seat), the Bot protocol, bots by name, and the fixed-limit small blind."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import hilo_fast as hf
from hilo_fast.engine.selfplay import BOTS, always_call, pot_every_time, random_legal


def _hand(seed: int = 3) -> hf.Hand:
    return hf.Hand(hf.Structure.no_limit(1, 2), [100, 60, 0, 100], button=0, seed=seed)


def test_a_view_shows_only_the_seats_own_cards() -> None:
    for seed in range(40):
        hand = _hand(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(hand.n_seats):
                view = hand.view(seat)
                assert view.hole == hand.holes[seat]
                # Nobody's hidden cards but its own, anywhere in the view.
                others = {c for s, h in enumerate(hand.holes) if s != seat and h for c in h}
                shown = {c for s, h in view.shown.items() if s != seat for c in h}
                assert not shown or (hand.is_over and hand.showdown_order)
                assert all(getattr(view, name) == getattr(hand, name) for name in (
                    "board", "stacks", "bets", "contributions", "pot", "street", "actor",
                    "current_bet", "call_amount", "min_to", "max_to", "actions"))
                assert set(view.board).isdisjoint(others)
                assert not hasattr(view, "holes") and not hasattr(view, "_board")
                assert view.legal_actions() == hand.legal_actions()
            if hand.is_over:
                break
            hand.act(*random_legal(hand.view(hand.actor), rng))
        if hand.showdown_order:   # shown cards are public once the hand is over
            assert hand.view(1).shown == {s: hand.holes[s] for s in hand.showdown_order}
        else:
            assert hand.view(1).shown == {}


def test_a_view_is_a_copy() -> None:
    hand = _hand()
    view = hand.view(0)
    view.stacks[0] = 0
    view.bets.append(7)
    assert hand.stacks[0] != 0 and len(hand.bets) == 4


@pytest.mark.parametrize("seat", [-1, 4, True, "1", 1.0])
def test_a_view_of_no_such_seat_is_refused(seat: object) -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.3"):
        _hand().view(seat)  # type: ignore[arg-type]


def test_built_in_bots_decide_the_same_on_the_view_and_the_hand() -> None:
    for seed in range(30):
        hand = _hand(seed)
        while not hand.is_over:
            view = hand.view(hand.actor)
            for bot in (random_legal, always_call, pot_every_time):
                assert bot(view, random.Random(seed)) == bot(hand, random.Random(seed))
            hand.act(*always_call(hand, random.Random(0)))


def test_simulate_takes_built_in_bots_by_name() -> None:
    structure = hf.Structure.pot_limit(1, 2)
    by_name = hf.simulate(60, structure, 4, seed=5, bots=["random", "pot", "call"])
    by_function = hf.simulate(60, structure, 4, seed=5,
                              bots=[random_legal, pot_every_time, always_call])
    assert by_name.net == by_function.net and by_name.bots == ["random", "pot", "call",
                                                               "random"]
    assert set(BOTS) == {"random", "call", "pot"}


def test_a_bot_that_is_a_protocol_instance_plays() -> None:
    class Folder:
        def __call__(self, hand: hf.Hand | hf.HandView, rng: random.Random) -> hf.selfplay.Decision:
            return (hf.Action.FOLD, None) if hand.call_amount else (hf.Action.CHECK, None)

    bot: hf.Bot = Folder()
    summary = hf.simulate(20, hf.Structure.no_limit(1, 2), 3, bots=[bot, "call"])
    assert summary.hands == 20 and sum(summary.net) == 0


@pytest.mark.parametrize(("bots", "error", "match"), [
    (["random", "allin"], ValueError, r"unknown bot 'allin' \(bots\[1\]\): choose from random"),
    (["call", 3], TypeError, r"bots\[1\] must be a callable bot"),
    ("random", TypeError, "bots must be a list of bots or built-in bot names"),
    ([None], TypeError, r"bots\[0\] must be a callable"),
])
def test_every_bot_is_checked_before_the_first_hand(bots: object, error: type[Exception],
                                                     match: str) -> None:
    played: list[object] = []
    with pytest.raises(error, match=match):
        hf.simulate(10, hf.Structure.pot_limit(1, 2), 3, bots=bots,  # type: ignore[arg-type]
                    on_hand=played.append)
    assert played == []


def test_fixed_limit_small_blind_is_never_zero_by_default() -> None:
    for small_bet in range(1, 12):
        assert hf.Structure.fixed_limit(small_bet).small_blind >= 1
    assert hf.Structure.fixed_limit(1).small_blind == 1
    assert hf.Structure.fixed_limit(2, 4).small_blind == 1
    assert hf.Structure.fixed_limit(15, 30).small_blind == 7
    assert hf.Structure.fixed_limit(4, small_blind=0).small_blind == 0   # when asked for


def test_cli_fixed_limit_default_stakes_post_a_small_blind() -> None:
    done = subprocess.run([sys.executable, "-m", "hilo_fast", "simulate", "--hands", "20",
                           "--structure", "fixed-limit", "--quiet", "--json"],
                          capture_output=True, text=True, check=True)
    assert '"structure": "fixed limit 2/4"' in done.stdout


def test_cli_unknown_bot_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "hilo_fast", "simulate", "--hands", "5",
                           "--bots", "random,nope", "--quiet"], capture_output=True, text=True)
    assert done.returncode != 0
    assert "hilo-fast: error: --bots: unknown bot 'nope'" in done.stderr
    assert "Traceback" not in done.stderr


def test_hand_play_plays_to_the_end_as_act_would() -> None:
    for seed in range(30):
        played, stepped = _hand(seed), _hand(seed)
        bots = [random_legal, always_call, pot_every_time, random_legal]
        played.play(bots, random.Random(seed))
        rng = random.Random(seed)
        while not stepped.is_over:
            stepped.act(*bots[stepped.actor](stepped, rng))
        assert played.is_over and played.actions == stepped.actions
        assert played.stacks == stepped.stacks and played.payouts == stepped.payouts
    hand = _hand()
    hand.play(always_call)   # one bot for every seat; a fresh random stream
    assert hand.is_over and sum(hand.stacks) == 260


@pytest.mark.parametrize(("bots", "error", "match"), [
    ([always_call] * 3, ValueError, r"one bot per seat \(4\), got 3"),
    ([always_call, 5, always_call, always_call], TypeError, r"bots\[1\]"),
    ("call", TypeError, "callable"),
    (None, TypeError, "callable"),
])
def test_hand_play_checks_its_bots_first(bots: object, error: type[Exception],
                                         match: str) -> None:
    hand = _hand()
    with pytest.raises(error, match=match):
        hand.play(bots)  # type: ignore[arg-type]
    assert hand.actions == [] and hand.actor == 0


def test_hand_play_stops_at_an_illegal_answer_with_act_s_error() -> None:
    hand = _hand()
    with pytest.raises(ValueError, match=r"seat 0 cannot check \(faces a bet of 2 to call\)"):
        hand.play(lambda hand, rng: ("check", None))
    assert hand.actions == [] and hand.actor == 0
