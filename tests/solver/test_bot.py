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


# ---- a turn solution: the turn's strategy, then the river's for the card dealt ----

TURN_BOARD = "KhQdJs9c"
TURN_OOP = ["KdKc8d7d", "AcAd2h3h", "Jh9h4s3s"]   # top set, air with a low draw, two pair
TURN_IP = ["QhQs6c5c", "Td8c7c2d"]                # middle set, an open-ended straight draw


def _to_turn(oop: str, ip: str, river: str) -> hf.Hand:
    """Heads-up, button (seat 0, IP) calls, checks to the turn: pot 20, 190 behind."""
    hand = hf.Hand(FL, [200, 200], 0, holes=[ip, oop], board=TURN_BOARD + river)
    hand.act("call")
    hand.act("check")
    hand.act("check")
    hand.act("check")
    assert hand.street == hf.Street.TURN and hand.pot == 20
    return hand


@pytest.fixture(scope="module")
def turn_solution() -> hf.Solution:
    game = hf.Subgame(TURN_BOARD, ranges=(",".join(TURN_OOP), ",".join(TURN_IP)), pot=20,
                      stacks=190, structure=FL, max_raises=0)
    return hf.solve(game, target=1e-4, max_iterations=300)


def _label(action: hf.Action, amount: object) -> str:
    name = action.name.lower()
    return f"{name} {amount}" if action in (hf.Action.BET, hf.Action.RAISE) else name


def test_a_turn_solution_plays_turn_and_river(turn_solution: hf.Solution) -> None:
    """Both seats played by the bot from the turn to the end on many rivers: each
    action is one the solution gives its combo at the node the test itself
    tracks (turn actions, the river card, river actions) with a frequency > 0."""
    bot = SolverBot(turn_solution)
    rng = random.Random(3)
    deck = [c for c in hf.parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQdKdAd"
                                      "2h3h4h5h6h7h8h9hThJhQhKhAh2s3s4s5s6s7s8s9sTsJsQsKsAs")]
    reached_river = showdowns = 0
    for n in range(120):
        oop, ip = TURN_OOP[n % 3], TURN_IP[n % 2]
        used = set(hf.parse_cards(oop + ip + TURN_BOARD))
        river = hf.format_cards([rng.choice([c for c in deck if c not in used])])
        hand = _to_turn(oop, ip, river.replace(" ", ""))
        seen: list[str] = []
        while not hand.is_over:
            if hand.street == hf.Street.RIVER and river not in seen:
                seen.append(river)
                reached_river += 1
            action, amount = bot(hand, rng)
            hole = ip if hand.actor == 0 else oop
            frequencies = turn_solution.strategy(tuple(seen), hole)
            assert frequencies[_label(action, amount)] > 0, (seen, hole, action, amount)
            seen.append(_label(action, amount))
            hand.act(action, amount)
        assert sum(hand.stacks) == 400
        showdowns += not any(hand.folded)
    assert reached_river > 30 and showdowns > 10


def test_the_river_follows_the_river_strategy_of_the_card(turn_solution: hf.Solution) -> None:
    """Turn checked through by hand; on the river the bot's bet frequency with a
    combo is the solution's at (check, check, the river card)."""
    bot = SolverBot(turn_solution)
    rng = random.Random(4)
    checked = 0
    wants: dict[str, set[float]] = {oop: set() for oop in TURN_OOP}
    for river in ("2c", "Tc", "8h"):
        node = ("check", "check", river)
        for oop in TURN_OOP:
            want = turn_solution.strategy(node, oop)["bet 20"]
            wants[oop].add(round(want, 2))
            bets = 0
            runs = 150
            for n in range(runs):
                hand = _to_turn(oop, TURN_IP[n % 2], river)
                hand.act("check")
                hand.act("check")
                assert hand.street == hf.Street.RIVER and hand.actor == 1
                action, _ = bot(hand, rng)
                bets += action == hf.Action.BET
            assert bets / runs == pytest.approx(want, abs=0.17)   # 150 draws: within 4 sd
            checked += 0 < want < 1
    assert checked >= 1   # at least one mixed frequency among them
    assert any(len(w) > 1 for w in wants.values())   # the river card changes the strategy


def test_a_turn_solution_refuses_other_spots(turn_solution: hf.Solution) -> None:
    bot = SolverBot(turn_solution)
    rng = random.Random(5)
    flop = hf.Hand(FL, [200, 200], 0, holes=[TURN_IP[0], TURN_OOP[0]], board=TURN_BOARD + "2c")
    flop.act("call")
    flop.act("check")
    with pytest.raises(ValueError, match="not the turn or river"):
        bot(flop, rng)
    other = hf.Hand(FL, [200, 200], 0, holes=[TURN_IP[0], TURN_OOP[0]], board="KhQdJs8c2c")
    for action in ("call", "check", "check", "check"):
        other.act(action)
    with pytest.raises(ValueError, match="board"):
        bot(other, rng)
    bigger = hf.Hand(FL, [200, 200], 0, holes=[TURN_IP[0], TURN_OOP[0]],
                     board=TURN_BOARD + "2c")
    bigger.act("raise", 20)   # preflop raised: pot 40
    for action in ("call", "check", "check"):
        bigger.act(action)
    with pytest.raises(ValueError, match="pot at the turn is 40"):
        bot(bigger, rng)
    on_river = _to_turn(TURN_OOP[0], TURN_IP[0], "2c")
    on_river.act("bet", 20)
    on_river.act("call")
    on_river.act("bet", 20)
    on_river.act("raise", 40)   # the solution has no raises (max_raises 0)
    with pytest.raises(ValueError, match="not solved"):
        bot(on_river, rng)
    river_bot = SolverBot(hf.solve(hf.Subgame(BOARD, ranges=(OOP[0], IP[0]), pot=20,
                                              stacks=190, structure=FL, max_raises=0),
                                   max_iterations=1))
    with pytest.raises(ValueError, match="not the river"):
        river_bot(_to_turn(TURN_OOP[0], TURN_IP[0], "2c"), rng)
