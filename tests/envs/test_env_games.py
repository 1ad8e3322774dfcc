"""The environments of each game (issue 26): double board (its second board in
``board2``), Omaha high (no low), Courchevel (the exposed card), with the table
options (straddle, bomb pot, one blind): the C vector tables against their
Python twin step by step, the vector environment against the AEC one, and the
random-play check of hilo_fast.envs.check (cards seen, masks, chips, rewards)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hilo_fast.engine.structures import Structure
from hilo_fast.envs import omaha_hilo_v0
from hilo_fast.envs.check import random_play
from hilo_fast.envs.spaces import OBS_SIZE, OFFSETS
from hilo_fast.envs.vector import VectorEnv

from .test_vector_env import random_actions

GAMES = ["double-board", "high", "courchevel", "double-board-high", "omahahi5"]
CONFIGS: list[dict[str, Any]] = [
    {"num_players": 3},
    {"num_players": 6, "structure": Structure.pot_limit(1, 2, straddle=4), "stacks": 40},
    {"num_players": 4, "structure": Structure.no_limit(1, 2, bomb_pot=3), "stacks": 25},
    {"num_players": 2, "structure": Structure.fixed_limit(2, 4, single_blind=True),
     "episode": "table", "stacks": 30, "max_hands": 8},
]


@pytest.mark.parametrize("game", GAMES)
def test_c_tables_equal_their_python_twin(native: object, game: str) -> None:
    for kwargs in CONFIGS:
        envs = [VectorEnv(8, seed=3, _python=python, game=game, **kwargs)
                for python in (False, True)]
        outs = [env.reset() for env in envs]
        rng = np.random.default_rng(4)
        for _ in range(60):
            np.testing.assert_array_equal(outs[0][0]["observation"], outs[1][0]["observation"])
            np.testing.assert_array_equal(outs[0][0]["action_mask"], outs[1][0]["action_mask"])
            actions = random_actions(outs[0][0]["action_mask"], rng)
            outs = [env.step(actions) for env in envs]
            for a, b in zip(outs[0][1:4], outs[1][1:4], strict=True):
                np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("game", ["double-board", "courchevel", "high"])
def test_vector_env_equals_the_aec_env(backend: object, game: str) -> None:
    kwargs = {"num_players": 3, "game": game}
    vec = VectorEnv(2, **kwargs)
    obs, _ = vec.reset(seed=9)
    aecs = [omaha_hilo_v0.raw_env(**kwargs) for _ in range(2)]
    for i, aec in enumerate(aecs):
        aec.reset(seed=9 + i)
    rng = np.random.default_rng(5)
    second = 0
    for _ in range(150):
        for i, aec in enumerate(aecs):
            mine = aec.observe(aec.agent_selection)
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            second += bool(mine["observation"][OFFSETS["board2"]:].any())
        actions = random_actions(obs["action_mask"], rng)
        obs, *_ = vec.step(actions)
        for i, aec in enumerate(aecs):
            aec.step(int(actions[i]))
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                aec.reset()
    assert OFFSETS["board2"] + 52 == OBS_SIZE
    assert (second > 0) == (game == "double-board")


@pytest.mark.parametrize("game", GAMES)
def test_random_play_keeps_every_promise(backend: object, game: str) -> None:
    report = random_play(80, seed=1, game=game)
    assert report.hands >= 80 and report.refused > 0


def test_the_gymnasium_env_takes_the_game(backend: object) -> None:
    from hilo_fast.envs import OmahaHiLoEnv
    env = OmahaHiLoEnv("call", num_players=3, game="courchevel")
    obs, _ = env.reset(seed=2)
    board = obs["observation"][OFFSETS["board"]:OFFSETS["board"] + 52]
    assert env.session.hand.game.exposed == 1 and board.sum() >= 1   # the exposed card
