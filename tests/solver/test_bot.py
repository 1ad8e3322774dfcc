"""SolverBot plays a solution in hf.Hand at the solved spot and refuses others."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import hilo_fast as hf
from hilo_fast.solver.bot import SolverBot

BOARD = "KhQdJs9c9h"
OOP = ["KdKc8d7d", "AcAd2h3h", "8h7h4s3s"]   # kings full, air, air
IP = ["9d8c7c2d", "9s6c5c4d"]                # trip nines
FL = hf.Structure.fixed_limit(10)


def _to_river(oop: str, ip: str) -> hf.Hand:
    """Heads-up, button (seat 0, IP) calls, everyone checks to the river: pot 20."""
    hand = hf.Hand(FL, [200, 200], 0, holes=[ip, oop], board=BOARD)
    hand.act("call")
    hand.act("check")
    for _ in range(4):   # flop and turn: check, check
        hand.act("check")
    assert hand.street == hf.Street.RIVER
    return hand


@pytest.fixture(scope="module")
def solution() -> hf.Solution:
    game = hf.Subgame(BOARD, ranges=(",".join(OOP), ",".join(IP)), pot=20, stacks=190,
                      structure=FL, max_raises=0)
    return hf.solve(game, target=1e-5, max_iterations=3000)


def test_the_bot_plays_its_frequencies(solution: hf.Solution) -> None:
    bot = SolverBot(solution)
    rng = random.Random(1)
    seen: Counter[str] = Counter()
    runs = 400
    for n in range(runs):
        oop = OOP[n % 3]
        hand = _to_river(oop, IP[n % 2])
        while not hand.is_over:
            action, amount = bot(hand, rng)
            if hand.actor == 1 and hand.actions[-1][0] != hf.Street.RIVER:
                seen[f"{oop} {action.name}"] += 1
            hand.act(action, amount)
        assert sum(hand.stacks) == 400
    for oop in OOP:
        want = solution.strategy((), oop)["bet 20"]
        got = seen[f"{oop} BET"] / (runs / 3)
        assert got == pytest.approx(want, abs=0.15)   # 133 draws: within 4 sd
    assert seen[f"{OOP[0]} BET"] == len(range(0, runs, 3))   # the value hand always bets


def test_the_bot_refuses_other_spots(solution: hf.Solution) -> None:
    bot = SolverBot(solution)
    rng = random.Random(2)
    preflop = hf.Hand(FL, [200, 200], 0, holes=[IP[0], OOP[0]], board=BOARD)
    with pytest.raises(ValueError, match="river"):
        bot(preflop, rng)
    other = hf.Hand(FL, [200, 200], 0, holes=[IP[0], OOP[0]], board="KhQdJs9c8h")
    other.act("call")
    for _ in range(5):
        other.act("check")
    with pytest.raises(ValueError, match="board"):
        bot(other, rng)
    deeper = hf.Hand(FL, [300, 300], 0, holes=[IP[0], OOP[0]], board=BOARD)
    deeper.act("call")
    for _ in range(5):
        deeper.act("check")
    with pytest.raises(ValueError, match="effective stack"):
        bot(deeper, rng)
    unknown = _to_river("2c3c4c5c", IP[0])
    with pytest.raises(ValueError, match="not solved"):
        bot(unknown, rng)
    with pytest.raises(TypeError):
        SolverBot("solution")  # type: ignore[arg-type]
    turn = hf.Subgame(BOARD[:8], ranges=(OOP[0], IP[0]), pot=20, stacks=10, structure=FL,
                      max_raises=0)
    on_turn = SolverBot(hf.solve(turn, max_iterations=1))
    with pytest.raises(ValueError, match="turn"):
        on_turn(_to_river(OOP[0], IP[0]), rng)
