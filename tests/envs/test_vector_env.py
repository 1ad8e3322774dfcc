"""The vector environment (hilo_fast.envs.VectorEnv): step for step the same as
the AEC environment on the same seeds, the C tables the same as their Python
twin, random masked play conserving chips, bad actions refused unchanged."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np

from hilo_fast import MixedGame, Structure
from hilo_fast.envs import VectorEnv, omaha_hilo_v0, seat_view
from hilo_fast.envs.spaces import OBS_SIZE, OFFSETS, action_mask, encode, observation

CONFIGS: list[dict[str, Any]] = [
    {"num_players": 2},
    {"num_players": 6, "structure": Structure.no_limit(1, 2, ante=1), "hole_count": 5,
     "stacks": 60, "button": 3},
    {"num_players": 3, "structure": Structure.fixed_limit(2, 4), "hole_count": 6},
    {"num_players": 10, "structure": MixedGame(Structure.pot_limit(1, 2), hands_per_game=2),
     "stacks": [40 + 3 * i for i in range(10)]},
]
IDS = ["hu-pot", "6-nl-ante-big-o", "3-fixed-6card", "10-mixed"]
# Table episodes: short stacks, so seats bust (and post all-in blinds) often.
TABLE_CONFIGS: list[dict[str, Any]] = [
    {"num_players": 2, "episode": "table", "stacks": 12},
    {"num_players": 3, "episode": "table", "stacks": [9, 14, 20], "button": 1, "max_hands": 12,
     "structure": MixedGame(Structure.pot_limit(1, 2), hands_per_game=2)},
    {"num_players": 6, "episode": "table", "structure": Structure.no_limit(1, 2, ante=1),
     "stacks": 30, "hole_count": 5},
    {"num_players": 2, "episode": "table", "structure": Structure.fixed_limit(2, 4),
     "stacks": 30, "max_hands": 6},
]
TABLE_IDS = ["table-hu", "table-3-mixed-max12", "table-6-nl-ante", "table-hu-fixed-max6"]


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask``, vectorised."""
    counts = mask.sum(1)
    pick = (rng.random(len(mask)) * counts).astype(np.int64)
    return (mask.cumsum(1) > pick[:, None]).argmax(1)


@pytest.mark.parametrize("kwargs", CONFIGS + TABLE_CONFIGS, ids=IDS + TABLE_IDS)
def test_vector_env_steps_equal_the_aec_env(kwargs: dict[str, Any], backend: object) -> None:
    tables, seed = 3, 40
    vec = VectorEnv(tables, **kwargs)
    obs, infos = vec.reset(seed=seed)
    aecs = [omaha_hilo_v0.raw_env(**kwargs) for _ in range(tables)]
    for i, aec in enumerate(aecs):
        aec.reset(seed=seed + i)
    rng = np.random.default_rng(1)
    hands = episodes = cut = several = 0
    for _ in range(300):
        for i, aec in enumerate(aecs):
            agent = aec.agent_selection
            assert infos["seat"][i] == aec.possible_agents.index(agent)
            mine = aec.observe(agent)
            np.testing.assert_array_equal(obs["observation"][i], mine["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], mine["action_mask"])
        actions = random_actions(obs["action_mask"], rng)
        obs, rewards, terminated, truncated, infos = vec.step(actions)
        for i, aec in enumerate(aecs):
            before = aec.session.hands
            aec.step(int(actions[i]))
            over, stopped = all(aec.terminations.values()), all(aec.truncations.values())
            ended = aec.session.hands > before   # a hand ended (maybe more: all-in blinds)
            assert (terminated[i], truncated[i], infos["hand_over"][i]) == (over, stopped, ended)
            expected = [aec.rewards[a] for a in aec.possible_agents] if ended else 0.0
            np.testing.assert_array_equal(rewards[i], np.float32(expected))
            hands += ended
            several += aec.session.hands > before + 1
            if over or stopped:
                episodes += 1
                cut += stopped
                aec.reset()
    assert hands > 20 and episodes > (2 if kwargs.get("episode") == "table" else 20)
    assert cut > 0 if kwargs.get("max_hands") else cut == 0
    assert several > 0 or kwargs is not TABLE_CONFIGS[0]   # HU short stacks: all-in blinds


def test_c_tables_equal_their_python_twin(native: object) -> None:
    for kwargs in CONFIGS + TABLE_CONFIGS:
        envs = [VectorEnv(16, seed=5, _python=python, **kwargs) for python in (False, True)]
        outs = [env.reset() for env in envs]
        rng = np.random.default_rng(2)
        for _ in range(200):
            np.testing.assert_array_equal(outs[0][0]["observation"], outs[1][0]["observation"])
            np.testing.assert_array_equal(outs[0][0]["action_mask"], outs[1][0]["action_mask"])
            actions = random_actions(outs[0][0]["action_mask"], rng)
            outs = [env.step(actions) for env in envs]
            for a, b in zip(outs[0][1:4], outs[1][1:4], strict=True):
                np.testing.assert_array_equal(a, b)
            for key in ("seat", "hand_over"):
                np.testing.assert_array_equal(outs[0][4][key], outs[1][4][key])


def _untemper(y: int) -> int:
    """The MT19937 state word whose tempered output is ``y``."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(4):   # y ^= (y << 7) & mask, undone 7 bits at a time
        x = y ^ ((x << 7) & 0x9D2C5680)
    x &= 0xFFFFFFFF
    y = x
    for _ in range(2):   # y ^= y >> 11, undone 11 bits at a time
        y = x ^ (y >> 11)
    return y


def test_a_table_episode_seed_below_2_32_seeds_as_python(native: object) -> None:
    """A table episode seeds its Table from 64 bits of the table's generator; when
    those bits are below 2**32, CPython seeds from one 32-bit word, not two
    (hf_mt_seed64's short branch, a 2**-32 chance a real episode). The
    generator is set where its next 64 bits are small, in C and in the twin."""
    import random
    from array import array

    from hilo_fast._native._core import ffi

    low = 0x9E3779B9
    words = list(random.Random(0).getstate()[1][:624])
    words[622], words[623] = _untemper(low), _untemper(0)
    crafted = random.Random()
    crafted.setstate((3, (*words, 622), None))
    assert random.Random().__class__ is crafted.__class__ and crafted.getrandbits(64) == low
    options: dict[str, Any] = {"num_players": 3, "episode": "table", "stacks": 12}
    envs = [VectorEnv(1, seed=5, _python=python, **options) for python in (False, True)]
    for env in envs:
        env.reset(seed=5)
    table = envs[0]._tables._tables[0]
    ffi.memmove(table.rng.key, array("I", words), 624 * 4)
    table.rng.pos = 622
    crafted.setstate((3, (*words, 622), None))
    envs[1]._tables._sessions[0]._rng = crafted
    outs = [env.reset() for env in envs]
    rng = np.random.default_rng(3)
    for _ in range(300):
        np.testing.assert_array_equal(outs[0][0]["observation"], outs[1][0]["observation"])
        actions = random_actions(outs[0][0]["action_mask"], rng)
        outs = [env.step(actions) for env in envs]
        np.testing.assert_array_equal(outs[0][1], outs[1][1])


@pytest.mark.parametrize("kwargs", CONFIGS + TABLE_CONFIGS, ids=IDS + TABLE_IDS)
def test_random_masked_play_conserves_chips(kwargs: dict[str, Any], backend: Any) -> None:
    # 10^5 hands over the four settings natively; fewer in pure Python.
    tables, target = (250, 25_000) if backend.NAME == "native" else (8, 50)
    env = VectorEnv(tables, seed=11, copy=False, **kwargs)
    obs, _ = env.reset()
    total = sum(kwargs.get("stacks", [200] * kwargs["num_players"])) \
        if not isinstance(kwargs.get("stacks"), int) else kwargs["stacks"] * kwargs["num_players"]
    big_blind = 2
    chips = slice(OFFSETS["stack"], OFFSETS["pot"])
    rng = np.random.default_rng(3)
    hands = 0
    won = np.zeros(kwargs["num_players"])
    step = 0
    while hands < target:
        step += 1
        assert step < 100 * target / tables, "hands do not end"
        o = obs["observation"]
        # every chip is behind a seat or in the pot: stacks + contributions
        behind = o[:, OFFSETS["stack"]:OFFSETS["bet"]].sum(1)
        put_in = o[:, OFFSETS["contributed"]:OFFSETS["pot"]].sum(1)
        np.testing.assert_array_equal((behind + put_in) * big_blind, total)
        np.testing.assert_array_equal(o[:, OFFSETS["pot"]], put_in)
        assert (o[:, OFFSETS["to_act"]] == 1).all() and (o[:, chips] >= 0).all()
        mask = obs["action_mask"]
        if step % 50 == 7:   # a masked (or out-of-range) action is refused, nothing changed
            table = int(rng.integers(tables))
            illegal = np.flatnonzero(mask[table] == 0)
            bad = int(illegal[0]) if len(illegal) else mask.shape[1]
            before = o.copy(), mask.copy()
            actions = random_actions(mask, rng)
            actions[table] = bad
            with pytest.raises(ValueError, match=f"table {table}: action {bad}"):
                env.step(actions)
            np.testing.assert_array_equal(obs["observation"], before[0])
            np.testing.assert_array_equal(obs["action_mask"], before[1])
        obs, rewards, terminated, truncated, infos = env.step(random_actions(mask, rng))
        ended = infos["hand_over"]
        assert (rewards.sum(1) == 0).all()
        assert (rewards[~ended] == 0).all()
        assert not ((terminated | truncated) & ~ended).any()   # episodes end with a hand
        if kwargs.get("episode") != "table":
            np.testing.assert_array_equal(terminated, ended)
            assert not truncated.any()
        hands += int(ended.sum())
        won += rewards.sum(0)
    assert won.sum() == 0


def test_reset_seeds_and_auto_reset() -> None:
    env = VectorEnv(4, seed=9)
    first = env.reset()[0]["observation"]
    assert first.shape == (4, OBS_SIZE)
    again = env.reset(seed=9)[0]["observation"]
    np.testing.assert_array_equal(first, again)
    one = VectorEnv(1)
    for i in range(4):   # table i is seeded with seed + i
        np.testing.assert_array_equal(one.reset(seed=9 + i)[0]["observation"][0], first[i])
    listed = env.reset(seed=[12, 11, 10, 9])[0]["observation"]
    np.testing.assert_array_equal(listed[3], first[0])
    nxt = env.reset()[0]["observation"]      # the next hand of every table
    assert not np.array_equal(nxt, listed)
    assert env.single_action_space.n == 6 and env.action_space.shape == (4,)
    assert VectorEnv(2, structure=Structure.fixed_limit(2, 4)).single_action_space.n == 3


@pytest.mark.parametrize(("make", "message"), [
    (lambda: VectorEnv(0), "num_tables"),
    (lambda: VectorEnv(10**6), "num_tables"),
    (lambda: VectorEnv(2, num_players=11), "num_players"),
    (lambda: VectorEnv(2, hole_count=7), "hole_count"),
    (lambda: VectorEnv(2, seed="x"), "seed"),
    (lambda: VectorEnv(2).reset(seed=[1]), "seed"),
    (lambda: VectorEnv(2).step([0, 0]), "reset"),
])
def test_bad_arguments(make: Any, message: str) -> None:
    with pytest.raises((ValueError, TypeError, RuntimeError), match=message):
        make()


@pytest.mark.parametrize("actions", [[1], [1, 1, 1], [1.0, 1.0], ["a", "b"], [True, False],
                                     [-1, 1], [1, 2**40], [[1], [1]]])
def test_bad_actions_are_refused(actions: Any, backend: object) -> None:
    env = VectorEnv(2, seed=1)
    obs, _ = env.reset()
    with pytest.raises(ValueError, match="action"):
        env.step(np.asarray(actions) if not isinstance(actions[0], str) else actions)
    np.testing.assert_array_equal(env.reset(seed=1)[0]["observation"], obs["observation"])


@pytest.mark.parametrize("kwargs", [*CONFIGS, {"num_players": 4, "episode": "table",
                                                "stacks": 30, "max_hands": 30}],
                         ids=[*IDS, "4-table"])
def test_c_encoder_equals_python_encode(kwargs: dict[str, Any], native: Any) -> None:
    # The AEC and Gymnasium environments' observations come from the C
    # encoder (hf_env_observe) on the native backend: every seat's, at every
    # step and at the end, equal spaces.encode of the seat's view.
    env = omaha_hilo_v0.raw_env(**kwargs)
    env.reset(seed=21)
    session, n_actions = env.session, env.action_space("player_0").n
    rng = np.random.default_rng(4)
    for _ in range(400):
        hand = session.hand
        for seat in range(hand.n_seats):
            mine = observation(session, seat, n_actions)
            obs, mask = np.empty(OBS_SIZE, np.float32), np.empty(n_actions, np.int8)
            assert native.env_observe(hand._m, session.history, seat, session.big_blind,
                                      n_actions, obs, mask)
            np.testing.assert_array_equal(mine["observation"], obs)
            np.testing.assert_array_equal(
                obs, encode(seat_view(hand, seat), session.big_blind))
            np.testing.assert_array_equal(mask, action_mask(hand, seat, n_actions))
        if all(env.terminations.values()) or all(env.truncations.values()):
            env.reset()
            continue
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(rng.choice(legal)))


def test_c_encoder_refuses_bad_arguments(native: Any) -> None:
    env = omaha_hilo_v0.raw_env()
    env.reset(seed=1)
    session = env.session
    obs, mask = np.zeros(OBS_SIZE, np.float32), np.zeros(6, np.int8)
    machine = session.hand._m
    for seat, n_actions in ((2, 6), (-1, 6), (0, 4)):
        with pytest.raises(ValueError, match=f"seat {seat}"):
            native.env_observe(machine, session.history, seat, 2, n_actions, obs,
                               mask[:n_actions])
    for wrong in (np.zeros(OBS_SIZE - 1, np.float32), np.zeros(OBS_SIZE, np.float64)):
        with pytest.raises(ValueError, match="buffers of"):
            native.env_observe(machine, session.history, 0, 2, 6, wrong, mask)
    assert not obs.any() and not mask.any()
    assert not native.env_observe(object(), session.history, 0, 2, 6, obs, mask)
