"""The clairvoyance game in closed form: on a river where no low is possible,
OOP holds the nuts or air, IP only bluff-catchers (beat air, lose to the
nuts). With one bet size s (bet / pot), OOP bets every value hand and bluffs
s / (1 + s) air for each; IP calls 1 / (1 + s); OOP's value is
v P (1 + s / (1 + s)), v its share of value hands. These numbers come from
the indifference equations, not from the solver."""

from __future__ import annotations

import pytest

import hilo_fast as hf

BOARD = "KhQdJs9c9h"                  # no card 8 or under: no low
VALUE = ["KdKc8d7d", "QhQc6d5d"]      # kings full, queens full
AIR = ["AcAd2h3h", "8h7h4s3s"]        # two pair and a pair: lose to any trip nines
CATCHERS = ["9d8c7c2d", "9s6c5c4d"]   # trip nines
POT = 300


def _game(size: float) -> hf.Subgame:
    oop = ",".join(VALUE + AIR)
    return hf.Subgame(BOARD, ranges=(oop, ",".join(CATCHERS)), pot=POT, stacks=10 * POT,
                      structure=hf.Structure.no_limit(1, 2), bet_sizes=(size,),
                      raise_sizes=(1.0,), max_raises=0)


def test_the_cards_are_what_the_game_needs() -> None:
    for hand in VALUE + AIR + CATCHERS:
        assert hf.omaha_hilo(hand, BOARD)[1] is None
    highs = {h: hf.omaha_hilo(h, BOARD)[0] for h in VALUE + AIR + CATCHERS}
    assert max(highs[h] for h in VALUE) < min(highs[h] for h in CATCHERS)
    assert max(highs[h] for h in CATCHERS) < min(highs[h] for h in AIR)


@pytest.mark.parametrize("size", [1 / 3, 3 / 4, 1.0, 2.0])
def test_bluff_and_call_frequencies(size: float) -> None:
    game = _game(size)
    bet = f"bet {round(size * POT)}"
    solution = hf.solve(game, target=1e-6, max_iterations=4000)
    assert solution.exploitability_pot <= 1e-4
    root = game.root
    for hand in VALUE:
        assert solution.strategy(root, hand)[bet] == pytest.approx(1.0, abs=0.01)
    bluffs = sum(solution.strategy(root, hand)[bet] for hand in AIR)
    assert bluffs / len(VALUE) == pytest.approx(size / (1 + size), abs=0.01)
    calls = [solution.strategy((bet,), hand)["call"] for hand in CATCHERS]
    assert sum(calls) / len(calls) == pytest.approx(1 / (1 + size), abs=0.01)
    value_share = len(VALUE) / (len(VALUE) + len(AIR))
    expected = value_share * POT * (1 + size / (1 + size))
    assert solution.ev[0] == pytest.approx(expected, abs=0.001 * POT)
    assert solution.ev[1] == pytest.approx(POT - expected, abs=0.001 * POT)
