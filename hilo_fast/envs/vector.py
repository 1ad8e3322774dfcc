"""Many tables at once: :class:`VectorEnv`, Gymnasium's vector conventions
over one-hand Omaha Hi-Lo episodes, every table stepped in one C call.

Table ``i`` plays exactly the hands of an ``omaha_hilo_v0`` environment
(``episode="hand"``) reset with table ``i``'s seed and then reset again after
every hand: the same cards, buttons and structures, the same observations of
the seat to act (:mod:`hilo_fast.envs.spaces`), the same rewards.

On the native backend the tables live in C (``csrc/vector_env.c``:
shuffle, rules, observation encoder and action decoder) and ``step`` is one
call writing into preallocated numpy arrays; on the pure backend (or chips
beyond the C's bound) the same arrays are filled by a Python loop over the
environments' own session, encoder and decoder, its twin.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector.utils import batch_space

from .._backend import backend
from ..structures import Limit, MixedGame, Structure
from .session import Session
from .spaces import (
    ACTION_NAMES,
    N_ACTIONS,
    N_FIXED_ACTIONS,
    OBS_SIZE,
    action_mask,
    decode,
    encode,
    observation_space,
)
from .view import seat_view

Observation = dict[str, npt.NDArray[Any]]
#: The most tables one VectorEnv holds (a table's state is about 4 KB).
MAX_TABLES = 100_000


class _PythonTables:
    """The twin of the C tables (``_cbackend.VectorTables``): one
    :class:`~hilo_fast.envs.session.Session` per table, the same arrays."""

    def __init__(self, n: int, make: Any, n_actions: int, big_blind: int,
                 arrays: tuple[npt.NDArray[Any], ...]) -> None:
        self._sessions: list[Session] = [make() for _ in range(n)]
        self._seeds: list[int | None] = [None] * n
        self._n_actions, self._big_blind = n_actions, big_blind
        self._obs, self._masks, self._seats, self._rewards, self._terminated = arrays

    def seed(self, table: int, seed: int) -> None:
        self._seeds[table] = seed

    def _observe(self, i: int) -> None:
        hand = self._sessions[i].hand
        seat = hand.actor
        self._obs[i] = encode(seat_view(hand, seat), self._big_blind)
        self._masks[i] = action_mask(hand, seat, self._n_actions)
        self._seats[i] = seat

    def deal(self) -> None:
        for i, session in enumerate(self._sessions):
            session.reset(self._seeds[i])
            self._seeds[i] = None
            self._observe(i)

    def step(self, actions: npt.NDArray[np.int64]) -> int:
        n_actions = self._n_actions
        for i, action in enumerate(actions.tolist()):
            if not 0 <= action < n_actions or not self._masks[i, action]:
                return i
        for i, (session, action) in enumerate(zip(self._sessions, actions.tolist(), strict=True)):
            won = session.act(*decode(session.hand, action, n_actions))
            self._terminated[i] = won is not None
            if won is None:
                self._rewards[i] = 0.0
            else:
                self._rewards[i] = [chips / self._big_blind for chips in won]
                session.reset()
            self._observe(i)
        return -1


class VectorEnv(gymnasium.vector.VectorEnv[Observation, npt.NDArray[np.int64],
                                           npt.NDArray[Any]]):
    """``num_tables`` tables of one-hand episodes, stepped together.

    The table options are :class:`~hilo_fast.envs.omaha_hilo_v0.raw_env`'s
    (``num_players``, ``structure``, ``stacks``, ``hole_count``, ``button``;
    one hand per episode). ``seed``: the seed of the first :meth:`reset`
    without one (table ``i`` gets ``seed + i``).

    - ``reset(seed=None) -> (obs, infos)``: a new hand at every table; an int
      seeds table ``i`` with ``seed + i``, a sequence gives each table its
      own, None deals each table's next hand (a fresh random seed if never
      seeded).
    - ``step(actions) -> (obs, rewards, terminations, truncations, infos)``:
      ``actions`` one action index per table for its seat to act.
    - ``obs``: ``{"observation": float32 (tables, OBS_SIZE), "action_mask":
      int8 (tables, actions)}``, each table's row that of its seat to act,
      ``infos["seat"]`` (tables,) that seat.
    - ``rewards``: float32 (tables, num_players): when a table's hand ended
      at this step, the big blinds each seat won or lost in it (a zero-sum
      row), else zeros; ``terminations`` (tables,) True where a hand ended;
      ``truncations`` all False. A table whose hand ended is reset at once
      (Gymnasium's ``SAME_STEP`` autoreset): its row of ``obs`` is already
      the next hand's first decision.
    - ``copy``: False returns the environment's own arrays, overwritten by
      the next step (faster; copy what you keep).

    A masked or out-of-range action raises ValueError naming the table, the
    action and the legal ones; no table changes.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_tables: int, seed: int | None = None, *, num_players: int = 2,
                 structure: Structure | MixedGame | None = None,
                 stacks: int | Sequence[int] | None = None, hole_count: int = 4,
                 button: int = 0, copy: bool = True, _python: bool = False) -> None:
        if isinstance(num_tables, bool) or not isinstance(num_tables, int) or \
                not 1 <= num_tables <= MAX_TABLES:
            raise ValueError(f"num_tables must be an int 1..{MAX_TABLES}, got {num_tables!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, got {seed!r}")

        def make() -> Session:
            return Session(structure, num_players, stacks, hole_count=hole_count, button=button)

        session = make()   # checks every table option
        games = session.structures
        fixed = all(g.limit == Limit.FIXED for g in games)
        n_actions = self._n_actions = N_FIXED_ACTIONS if fixed else N_ACTIONS
        n, seats = num_tables, num_players
        self.num_envs = n
        self.num_players = seats
        self._seed, self._seeded, self._copy = seed, False, copy
        self.single_observation_space = observation_space(
            n_actions, session.total_chips / session.big_blind + 10)
        self.single_action_space = spaces.Discrete(n_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs = np.zeros((n, OBS_SIZE), np.float32)
        self._masks = np.zeros((n, n_actions), np.int8)
        self._seats = np.zeros(n, np.int32)
        self._rewards = np.zeros((n, seats), np.float32)
        self._terminated = np.zeros(n, np.uint8)
        arrays = (self._obs, self._masks, self._seats, self._rewards, self._terminated)
        self._truncated = np.zeros(n, bool)
        if _python or backend.NAME != "native" or session.total_chips >= backend.MAX_CHIPS:
            self._tables: Any = _PythonTables(n, make, n_actions, session.big_blind, arrays)
        else:
            schedule = session.schedule
            per_game = schedule.hands_per_game if isinstance(schedule, MixedGame) else 1
            self._tables = backend.VectorTables(
                n, [(int(g.limit), g.max_bets, g.small_blind, g.big_blind, g.ante, g.small_bet,
                     g.big_bet) for g in games], per_game, session.stacks, hole_count,
                n_actions, button, session.big_blind, *arrays)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        n = self.num_envs
        if seed is None and not self._seeded:
            seed = self._seed if self._seed is not None else random.SystemRandom().getrandbits(63)
        if seed is not None:
            if isinstance(seed, int) and not isinstance(seed, bool):
                seeds = [seed + i for i in range(n)]
            elif isinstance(seed, Sequence) and len(seed) == n and \
                    all(isinstance(s, int) and not isinstance(s, bool) for s in seed):
                seeds = list(seed)
            else:
                raise ValueError(f"seed must be an int, {n} ints or None, got {seed!r}")
            for i, s in enumerate(seeds):
                self._tables.seed(i, s)
            self._seeded = True
        self._tables.deal()
        self._rewards[:] = 0
        self._terminated[:] = 0
        obs, infos = self._observation(), {"seat": self._out(self._seats)}
        return obs, infos

    def step(self, actions: Any) -> tuple[Observation, npt.NDArray[Any], npt.NDArray[Any],
                                          npt.NDArray[Any], dict[str, Any]]:
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.num_envs} ints (one per table), got "
                             f"shape {given.shape} of {given.dtype}")
        chosen = np.ascontiguousarray(given, np.int64)
        bad = self._tables.step(chosen)
        if bad >= 0:
            self._refuse(bad, given[bad].item())
        obs = self._observation()
        return (obs, self._out(self._rewards), self._terminated.astype(bool),
                self._truncated.copy(), {"seat": self._out(self._seats)})

    def _refuse(self, table: int, action: int) -> None:
        legal = ", ".join(f"{a} ({ACTION_NAMES[a]})"
                          for a in np.flatnonzero(self._masks[table]).tolist())
        named = f" ({ACTION_NAMES[action]})" if 0 <= action < self._n_actions else ""
        raise ValueError(f"table {table}: action {action}{named} is not legal for seat "
                         f"{int(self._seats[table])}; legal: {legal}")

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self._copy else array

    def _observation(self) -> Observation:
        return {"observation": self._out(self._obs), "action_mask": self._out(self._masks)}
