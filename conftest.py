"""Collection from the repository root: pytest's --doctest-modules imports every
module under hilo_fast/, and hilo_fast.envs needs the optional [envs] extra;
without it that subpackage is left out (tests/envs/test_envs.py skips itself)."""

import importlib.util

collect_ignore_glob = [] if all(
    importlib.util.find_spec(name) for name in ("pettingzoo", "gymnasium", "numpy")
) else ["hilo_fast/envs/*"]
