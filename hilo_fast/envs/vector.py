"""Many tables at once: :class:`VectorEnv`, Gymnasium's vector conventions
over Omaha Hi-Lo episodes (one hand, or a table played until a seat busts),
every table stepped in one C call.

Table ``i`` plays exactly the hands of an ``omaha_hilo_v0`` environment with
the same ``episode`` option reset with table ``i``'s seed and then reset
again after every episode: the same cards, buttons, stacks and structures,
the same observations of the seat to act (:mod:`hilo_fast.envs.spaces`), the
same rewards, terminations and truncations.

On the native backend the tables live in C (``csrc/envs/vector_env.c``:
shuffle, rules, observation encoder and action decoder) and ``step`` is one
call writing straight into numpy arrays; on the pure backend (or chips
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

from ..core.game import Game
from ..engine.structures import Limit, MixedGame, Structure
from ._backend import backend
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
Arrays = npt.NDArray[Any]
#: The most tables one VectorEnv holds (a table's state is about 7 KB).
MAX_TABLES = 100_000


class _PythonTables:
    """The twin of the C tables (``_cbackend.VectorTables``): one
    :class:`~hilo_fast.envs.session.Session` per table, the same arrays."""

    def __init__(self, n: int, make: Any, n_actions: int, big_blind: int) -> None:
        self._sessions: list[Session] = [make() for _ in range(n)]
        self._seeds: list[int | None] = [None] * n
        self._n_actions, self._big_blind = n_actions, big_blind

    def seed(self, table: int, seed: int) -> None:
        self._seeds[table] = seed

    def _observe(self, i: int, obs: Arrays, masks: Arrays, seats: Arrays) -> None:
        hand = self._sessions[i].hand
        seat = hand.actor
        obs[i] = encode(seat_view(hand, seat), self._big_blind)
        masks[i] = action_mask(hand, seat, self._n_actions)
        seats[i] = seat

    def deal(self, obs: Arrays, masks: Arrays, seats: Arrays) -> None:
        for i, session in enumerate(self._sessions):
            session.reset(self._seeds[i])
            self._seeds[i] = None
            self._observe(i, obs, masks, seats)

    def step(self, actions: Arrays, obs: Arrays, masks: Arrays, seats: Arrays,
             rewards: Arrays, done: Arrays) -> int:
        n_actions, chosen = self._n_actions, actions.tolist()
        for i, (session, action) in enumerate(zip(self._sessions, chosen, strict=True)):
            hand = session.hand
            if not 0 <= action < n_actions or not action_mask(hand, hand.actor, n_actions)[action]:
                return i
        for i, (session, action) in enumerate(zip(self._sessions, chosen, strict=True)):
            won = session.act(*decode(session.hand, action, n_actions))
            done[:, i] = won is not None, session.over, session.truncated
            rewards[i] = 0.0 if won is None else [chips / self._big_blind for chips in won]
            if session.over or session.truncated:
                session.reset()
            self._observe(i, obs, masks, seats)
        return -1


class VectorEnv(gymnasium.vector.VectorEnv[Observation, npt.NDArray[np.int64],
                                           npt.NDArray[Any]]):
    """``num_tables`` tables, stepped together.

    The table options are :class:`~hilo_fast.envs.omaha_hilo_v0.raw_env`'s
    (``num_players``, ``structure``, ``stacks``, ``hole_count``, ``button``,
    ``episode``: ``"hand"`` or ``"table"``, ``max_hands``). ``seed``: the
    seed of the first :meth:`reset` without one (table ``i`` gets
    ``seed + i``).

    - ``reset(seed=None) -> (obs, infos)``: a new episode at every table; an
      int seeds table ``i`` with ``seed + i``, a sequence gives each table
      its own, None begins each table's next episode (a fresh random seed if
      never seeded).
    - ``step(actions) -> (obs, rewards, terminations, truncations, infos)``:
      ``actions`` one action index per table for its seat to act.
    - ``obs``: ``{"observation": float32 (tables, OBS_SIZE), "action_mask":
      int8 (tables, actions)}``, each table's row that of its seat to act,
      ``infos["seat"]`` (tables,) that seat.
    - ``rewards``: float32 (tables, num_players): when a table's hand ended
      at this step, the big blinds each seat won or lost in it (a zero-sum
      row; in a table episode per hand, as the AEC env gives them, summed
      over the next hands too when they were over at once: all-in blinds),
      else zeros; ``terminations`` (tables,) True where an episode ended (the
      hand, or a seat busted), ``truncations`` True where a table episode
      reached ``max_hands``; ``infos["hand_over"]`` True where a hand ended.
      A table whose hand ended deals the next one, whose episode ended
      begins the next at once (Gymnasium's ``SAME_STEP`` autoreset): its row
      of ``obs`` is already the next decision.
    - ``copy``: each step writes into new arrays (every item is written, so
      none is copied); False reuses the same arrays, overwritten by the
      next step.

    A masked or out-of-range action raises ValueError naming the table, the
    action and the legal ones; no table changes.
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_tables: int, seed: int | None = None, *, num_players: int = 2,
                 structure: Structure | MixedGame | None = None,
                 stacks: int | Sequence[int] | None = None, hole_count: int | None = None,
                 episode: str = "hand", max_hands: int | None = None, button: int = 0,
                 copy: bool = True, _python: bool = False,
                 game: Game | str | None = None) -> None:
        if isinstance(num_tables, bool) or not isinstance(num_tables, int) or \
                not 1 <= num_tables <= MAX_TABLES:
            raise ValueError(f"num_tables must be an int 1..{MAX_TABLES}, got {num_tables!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed must be an int or None, got {seed!r}")

        def make() -> Session:
            return Session(structure, num_players, stacks, hole_count=hole_count,
                           episode=episode, max_hands=max_hands, button=button, game=game)

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
        self._n_seats = seats
        self._obs, self._masks, self._seats, self._rewards, self._done = \
            self._new_arrays(np.zeros)
        if _python or backend.NAME != "native" or session.total_chips >= backend.MAX_CHIPS:
            self._tables: Any = _PythonTables(n, make, n_actions, session.big_blind)
        else:
            schedule = session.schedule
            per_game = schedule.hands_per_game if isinstance(schedule, MixedGame) else 1
            self._tables = backend.VectorTables(
                n, [backend.settings_fields(g, session.game) for g in games], per_game,
                session.stacks, session.game.hole_cards,
                n_actions, button, session.big_blind, episode == "table", max_hands or 0)

    def _new_arrays(self, make: Any = np.empty) -> tuple[Arrays, Arrays, Arrays, Arrays, Arrays]:
        """Observations, masks, seats, rewards, done (hand over, terminated,
        truncated per table; each written whole by a step: no copy is needed
        to hand out arrays of one's own)."""
        n = self.num_envs
        return (make((n, OBS_SIZE), np.float32), make((n, self._n_actions), np.int8),
                make(n, np.int32), make((n, self._n_seats), np.float32), make((3, n), np.uint8))

    def _arrays(self) -> tuple[Arrays, Arrays, Arrays, Arrays, Arrays]:
        """The arrays the next call writes: new ones, or with ``copy=False``
        the environment's own, overwritten."""
        if self._copy:
            return self._new_arrays()
        return self._obs, self._masks, self._seats, self._rewards, self._done

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
        obs, masks, seats = self._arrays()[:3]
        self._tables.deal(obs, masks, seats)
        self._obs, self._masks, self._seats = obs, masks, seats
        return {"observation": obs, "action_mask": masks}, {"seat": seats}

    def step(self, actions: Any) -> tuple[Observation, npt.NDArray[Any], npt.NDArray[Any],
                                          npt.NDArray[Any], dict[str, Any]]:
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or given.dtype.kind not in "iu":
            raise ValueError(f"actions must be {self.num_envs} ints (one per table), got "
                             f"shape {given.shape} of {given.dtype}")
        chosen = np.ascontiguousarray(given, np.int64)
        arrays = self._arrays()
        bad = self._tables.step(chosen, *arrays)
        if bad >= 0:
            self._refuse(bad, given[bad].item())
        obs, masks, seats, rewards, done = arrays
        self._obs, self._masks, self._seats, self._rewards, self._done = arrays
        flags = done.view(bool)
        return ({"observation": obs, "action_mask": masks}, rewards, flags[1], flags[2],
                {"seat": seats, "hand_over": flags[0]})

    def _refuse(self, table: int, action: int) -> None:
        legal = ", ".join(f"{a} ({ACTION_NAMES[a]})"
                          for a in np.flatnonzero(self._masks[table]).tolist())
        named = f" ({ACTION_NAMES[action]})" if 0 <= action < self._n_actions else ""
        raise ValueError(f"table {table}: action {action}{named} is not legal for seat "
                         f"{int(self._seats[table])}; legal: {legal}")
