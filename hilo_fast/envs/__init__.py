"""Environments for learning bots (the ``[envs]`` extra: PettingZoo, Gymnasium).

- :mod:`hilo_fast.envs.omaha_hilo_v0`: a PettingZoo AEC environment with
  ``env()``, ``raw_env()`` and ``parallel_env()``, 2..10 seats, any structure;
- :class:`OmahaHiLoEnv`: one learning seat against bots, for Gymnasium;
- :class:`VectorEnv`: many tables stepped in one C call (Gymnasium's vector
  conventions);
- :mod:`hilo_fast.envs.spaces`: the observation and action spaces;
- :func:`seat_view`: what one seat may know of a hand, the only input of an
  observation.

``import hilo_fast`` never needs these packages; this module says which are
missing.

Importing this module registers :class:`OmahaHiLoEnv` with Gymnasium as
``"hilo_fast/OmahaHiLo-v0"`` (its keyword arguments go through
``gymnasium.make``). Gymnasium 1.x has no plugin discovery (the
``gymnasium.envs`` entry points of gym and Gymnasium 0.x were removed), so
an id is known only once its package is imported: import this module first
(``gymnasium.register_envs(hilo_fast.envs)`` says so to linters), or name it
in the id, ``gymnasium.make("hilo_fast.envs:hilo_fast/OmahaHiLo-v0")``.
PettingZoo has no registry: its environments are modules,
``from hilo_fast.envs import omaha_hilo_v0``, then ``omaha_hilo_v0.env()``.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as error:
    raise ImportError(f"hilo_fast.envs needs the [envs] extra ({error.name} is missing): "
                      f"pip install 'hilo-fast[envs]'") from error

from . import omaha_hilo_v0
from .gym_env import OmahaHiLoEnv
from .vector import VectorEnv
from .view import SeatView, seat_view

__all__ = ["GYMNASIUM_IDS", "OmahaHiLoEnv", "SeatView", "VectorEnv", "omaha_hilo_v0",
           "seat_view"]

#: The Gymnasium ids registered on import, with their entry points.
GYMNASIUM_IDS = {"hilo_fast/OmahaHiLo-v0": "hilo_fast.envs.gym_env:OmahaHiLoEnv"}

for _id, _entry_point in GYMNASIUM_IDS.items():
    if _id not in gymnasium.registry:   # (a reload must not re-register: Gymnasium warns)
        gymnasium.register(id=_id, entry_point=_entry_point)
