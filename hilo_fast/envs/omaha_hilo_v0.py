"""``omaha_hilo_v0``: the versioned name of :mod:`hilo_fast.envs.omaha_hilo`, as
PettingZoo names its environments (a change to the spaces or rewards gets v1)."""

from .omaha_hilo import env, parallel_env, raw_env

__all__ = ["env", "parallel_env", "raw_env"]
