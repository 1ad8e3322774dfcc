"""OpenSpiel as an independent check: the subgame as a pyspiel game, OpenSpiel's
exploitability of hilo-fast's strategy, hilo-fast's best response to
OpenSpiel's CFR strategy, and the game value both converge to."""

from __future__ import annotations

import platform
import random
import sys

import pytest

if sys.platform != "linux" or platform.machine() != "x86_64":  # no open_spiel wheel there
    pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import hilo_fast as hf
from hilo_fast.solver.openspiel import openspiel_game, openspiel_policy, strategy_from_openspiel
from tests.solver.helpers import random_subgame


@pytest.mark.parametrize(("seed", "limit"), [(1, "fixed"), (2, "pot"), (3, "no"), (4, "pot"),
                                             (5, "fixed")])
def test_exploitability_agrees_with_openspiel(seed: int, limit: str) -> None:
    game = random_subgame(random.Random(seed), n=5, limit=limit)
    for iterations in (1, 20):
        solution = hf.solve(game, target=0, max_iterations=iterations)
        spiel = openspiel_game(game)
        theirs = exploitability.exploitability(spiel, openspiel_policy(spiel, solution))
        assert abs(theirs - solution.exploitability) <= 1e-9 * game.pot


def test_exploitability_agrees_with_openspiel_on_the_turn() -> None:
    """The river as a chance node: each card neither combo holds, equally likely."""
    game = random_subgame(random.Random(2), n=3, limit="fixed", turn=True)
    solution = hf.solve(game, target=0, max_iterations=5)
    spiel = openspiel_game(game)
    theirs = exploitability.exploitability(spiel, openspiel_policy(spiel, solution))
    assert abs(theirs - solution.exploitability) <= 1e-9 * game.pot


@pytest.mark.parametrize("seed", [6, 7])
def test_openspiel_cfr_reaches_the_same_value(seed: int) -> None:
    game = random_subgame(random.Random(seed), n=4, limit="pot")
    ours = hf.solve(game, target=1e-7, max_iterations=5000)
    spiel = openspiel_game(game)
    solver = cfr.CFRSolver(spiel)
    for _ in range(40):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    theirs = exploitability.exploitability(spiel, policy)
    # hilo-fast's best response to OpenSpiel's strategy is OpenSpiel's own
    response = hf.best_response(game, strategy_from_openspiel(game, policy))
    assert abs(response.exploitability - theirs) <= 1e-9 * game.pot
    # a strategy pair exploitable by e is within 2e of the game value
    value = expected_game_score.policy_value(spiel.new_initial_state(), [policy, policy])[0]
    assert abs(value - ours.response.value) <= 2 * (theirs + ours.exploitability) + 1e-9
    assert abs(response.value - value) <= 1e-9 * game.pot
