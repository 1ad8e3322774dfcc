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
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as error:
    raise ImportError(f"hilo_fast.envs needs the [envs] extra ({error.name} is missing): "
                      f"pip install 'hilo-fast[envs]'") from error

from . import omaha_hilo_v0
from .gym_env import OmahaHiLoEnv
from .vector import VectorEnv
from .view import SeatView, seat_view

__all__ = ["OmahaHiLoEnv", "SeatView", "VectorEnv", "omaha_hilo_v0", "seat_view"]
