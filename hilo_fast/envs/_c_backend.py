"""The environments' native twin: tables stepped in C (csrc/envs/vector_env.c) and
an observation encoded by ``hf_env_observe``.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any

from .._native._core import ffi, lib
from ..core._c_backend import MAX_CHIPS as MAX_CHIPS
from ..engine._c_backend import GameSettings, HandState, fill_structure
from ..engine._c_backend import settings_fields as settings_fields

NAME = "native"

# ---- the vectorised environment (csrc/envs/vector_env.c) ----

OBS_SIZE: int = lib.HF_OBS_SIZE
#: Where each observation field starts, by name, in order (HF_OBS_* of the header).
OBS_OFFSETS: dict[str, int] = dict(sorted(
    ((name[len("HF_OBS_"):].lower(), getattr(lib, name)) for name in dir(lib)
     if name.startswith("HF_OBS_") and name != "HF_OBS_SIZE"), key=lambda item: item[1]))
ENV_ACTIONS: int = lib.HF_ENV_ACTIONS
ENV_FIXED_ACTIONS: int = lib.HF_ENV_FIXED_ACTIONS


class VectorTables:
    """``n`` one-hand tables stepped by ``hf_vector_step``, writing into the
    caller's arrays, given at each call (C-contiguous; ``obs`` float32 n x
    OBS_SIZE, ``masks`` int8 n x n_actions, ``seats`` int32 n, ``rewards``
    float32 n x n_seats, ``done`` uint8 3 x n: hand over, episode
    terminated, truncated; each is checked to hold that many items, and
    written whole). ``games``, ``hands_per_game``, ``stacks``,
    ``hole_count`` as :class:`SelfPlay`'s; ``table_episodes``: hands at one
    table until a seat busts or ``max_hands`` (0: no bound) were played;
    hf_vector_deal checks every setting."""

    __slots__ = ("_bad", "_config", "_n", "_sizes", "_tables")
    _config: Any
    _tables: Any

    def __init__(self, n: int, games: Sequence[GameSettings], hands_per_game: int,
                 stacks: Sequence[int], hole_count: int, n_actions: int, button: int,
                 big_blind: int, table_episodes: bool = False, max_hands: int = 0) -> None:
        config: Any = ffi.new("hf_vector_config *")
        config.table_episodes, config.max_hands = int(table_episodes), max_hands
        for k, fields in enumerate(games):
            fill_structure(config.games[k], fields)
        config.n_games, config.hands_per_game = len(games), hands_per_game
        config.n_seats, config.hole_count, config.n_actions = len(stacks), hole_count, n_actions
        config.first_button, config.big_blind = button, big_blind
        for seat, chips in enumerate(stacks):
            config.stacks[seat] = chips
        self._config, self._n, self._bad = config, n, ffi.new("int64_t *")
        self._tables = ffi.new("hf_vector_table[]", n)
        # items of actions, obs, masks, seats, rewards, done
        self._sizes = (n, n * OBS_SIZE, n * n_actions, n, n * len(stacks), 3 * n)

    def seed(self, table: int, seed: int) -> None:
        """Restart ``table``'s hands from ``seed`` (shuffles by ``random.Random(seed)``)."""
        t = self._tables[table]
        words = random.Random(seed).getstate()[1]
        ffi.memmove(t.rng.key, array("I", words[:624]), 624 * 4)   # one copy, not 624 items
        t.rng.pos = words[624]
        t.hand_number = -1

    def _buffers(self, arrays: Sequence[Any], types: Sequence[str],
                 sizes: Sequence[int]) -> list[Any]:
        buffers = [ffi.from_buffer(kind, array) for kind, array in zip(types, arrays, strict=True)]
        for buffer, size in zip(buffers, sizes, strict=True):
            if len(buffer) != size:
                raise ValueError(f"a buffer of {len(buffer)} items where {size} are written")
        return buffers

    def deal(self, obs: Any, masks: Any, seats: Any) -> None:
        """The next hand at every table, and its first observation."""
        buffers = self._buffers((obs, masks, seats), ("float[]", "int8_t[]", "int32_t[]"),
                                self._sizes[1:4])
        err = lib.hf_vector_deal(self._config, self._tables, self._n, buffers[0], buffers[1],
                                 buffers[2])
        if err:
            raise ValueError(f"hf_vector_deal refused its settings ({err})")

    def step(self, actions: Any, obs: Any, masks: Any, seats: Any, rewards: Any,
             done: Any) -> int:
        """Apply ``actions`` (int64, one per table); -1, or the first table whose
        action is out of range or masked (then nothing changed)."""
        buffers = self._buffers(
            (actions, obs, masks, seats, rewards, done),
            ("int64_t[]", "float[]", "int8_t[]", "int32_t[]", "float[]", "uint8_t[]"),
            self._sizes)
        bad = self._bad
        chosen, obs, masks, seats, rewards, done = buffers
        err = lib.hf_vector_step(self._config, self._tables, self._n, chosen, obs, masks, seats,
                                 rewards, done, bad)
        if err == lib.HF_ERR_ILLEGAL:
            return int(bad[0])
        if err:
            raise RuntimeError(f"hf_vector_step failed ({err}) at table {bad[0]}")
        return -1


def env_observe(machine: Any, history: Any, seat: int, big_blind: int, n_actions: int,
                obs: Any, mask: Any) -> bool:
    """Write the observation of ``seat`` at the hand played by ``machine``
    (an engine hand's state machine) into ``obs`` (float32, OBS_SIZE) and
    ``mask`` (int8, n_actions) with ``hf_env_observe``; ``history`` (int32,
    3 x 4 x 10) its checks, calls and raises. False, with nothing written,
    when the machine is not the C hand (chips beyond the C's bound)."""
    if type(machine) is not HandState or not 0 < big_blind < MAX_CHIPS:
        return False
    history, obs, mask = (ffi.from_buffer("int32_t[]", history), ffi.from_buffer("float[]", obs),
                          ffi.from_buffer("int8_t[]", mask))
    if len(history) != 120 or len(obs) != OBS_SIZE or len(mask) != n_actions:
        raise ValueError(f"buffers of {len(history)}, {len(obs)}, {len(mask)} items where "
                         f"120, {OBS_SIZE}, {n_actions} are read and written")
    err = lib.hf_env_observe(machine.game, history, seat, big_blind, n_actions, obs, mask)
    if err:
        raise ValueError(f"hf_env_observe refused seat {seat} ({err})")
    return True
