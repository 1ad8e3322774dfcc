"""Gymnasium and PettingZoo users find the environments the way they expect.

Gymnasium 1.x has no plugin discovery (no ``gymnasium.envs`` entry points),
so an id exists once its package is imported: ``import hilo_fast.envs`` must
register ``hilo_fast/OmahaHiLo-v0``, and ``"hilo_fast.envs:hilo_fast/OmahaHiLo-v0"``
must work with nothing imported. Each way is run in a fresh interpreter (the
installed package, ``pip install -e .``), outside the source tree, with every
warning an error (Gymnasium's environment checker warns about a bad env).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")


def run(code: str, cwd: Path) -> str:
    """Run ``code`` in a fresh interpreter (warnings are errors); its stdout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-W", "error", "-c", textwrap.dedent(code)],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


PLAY = """
    import numpy as np
    def play(env, seed):
        obs, info = env.reset(seed=seed)
        seen = []
        for _ in range(40):
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, term, trunc, info = env.step(int(legal[len(legal) // 2]))
            seen.append((obs["observation"].round(6).tolist(), float(reward), term, trunc))
            if term or trunc:
                obs, info = env.reset()
        return seen
"""


def test_import_registers_and_make_passes_the_arguments(tmp_path: Path) -> None:
    out = run(PLAY + """
    import gymnasium
    import hilo_fast.envs
    from hilo_fast.envs import OmahaHiLoEnv
    spec = gymnasium.spec("hilo_fast/OmahaHiLo-v0")
    from gymnasium.envs.registration import load_env_creator
    assert load_env_creator(spec.entry_point) is OmahaHiLoEnv
    for kwargs in ({}, {"opponents": "pot", "num_players": 3},
                   {"opponents": ["random", "call"], "seat": 2, "episode": "table",
                    "max_hands": 5}):
        made = gymnasium.make("hilo_fast/OmahaHiLo-v0", **kwargs)
        assert isinstance(made.unwrapped, OmahaHiLoEnv)
        assert made.unwrapped.session.num_players == (len(kwargs.get("opponents", "x")) + 1
            if isinstance(kwargs.get("opponents"), list) else kwargs.get("num_players", 2))
        assert play(made, 7) == play(OmahaHiLoEnv(**kwargs), 7)
    print("ok")
    """, tmp_path)
    assert out.strip() == "ok"


def test_the_module_prefixed_id_needs_no_import(tmp_path: Path) -> None:
    out = run("""
    import sys
    import gymnasium
    assert "hilo_fast" not in sys.modules
    env = gymnasium.make("hilo_fast.envs:hilo_fast/OmahaHiLo-v0", opponents="call")
    obs, info = env.reset(seed=1)
    print(env.spec.id, sorted(obs))
    """, tmp_path)
    assert out.strip() == "hilo_fast/OmahaHiLo-v0 ['action_mask', 'observation']"


def test_make_vec_and_register_envs(tmp_path: Path) -> None:
    out = run("""
    import gymnasium
    import hilo_fast.envs
    gymnasium.register_envs(hilo_fast.envs)
    for mode in ("sync", "async"):
        envs = gymnasium.make_vec("hilo_fast/OmahaHiLo-v0", num_envs=3, vectorization_mode=mode)
        obs, info = envs.reset(seed=5)
        assert obs["observation"].shape[0] == 3 and obs["action_mask"].shape[0] == 3
        envs.close()
    print("ok")
    """, tmp_path)
    assert out.strip() == "ok"


def test_importing_again_registers_once(tmp_path: Path) -> None:
    """A reload (notebooks do it) must not register again: Gymnasium would warn,
    an error here."""
    out = run("""
    import importlib
    import gymnasium
    import hilo_fast.envs
    importlib.reload(hilo_fast.envs)
    print([k for k in gymnasium.registry if k.startswith("hilo_fast/")])
    """, tmp_path)
    assert out.strip() == "['hilo_fast/OmahaHiLo-v0']"


def test_every_registered_id_is_listed_and_checked() -> None:
    from gymnasium.utils.env_checker import check_env

    import hilo_fast.envs
    assert set(hilo_fast.envs.GYMNASIUM_IDS) == {
        k for k in gymnasium.registry if k.startswith("hilo_fast/")}
    for env_id in hilo_fast.envs.GYMNASIUM_IDS:
        env: Any = gymnasium.make(env_id)
        check_env(env.unwrapped, skip_render_check=True)


def test_the_pettingzoo_way(tmp_path: Path) -> None:
    """PettingZoo has no registry: the versioned module is the name."""
    out = run("""
    from hilo_fast.envs import omaha_hilo_v0
    env = omaha_hilo_v0.env(num_players=3)
    env.reset(seed=2)
    agents = list(env.agents)
    parallel = omaha_hilo_v0.parallel_env(num_players=3)
    observations, infos = parallel.reset(seed=2)
    print(agents, sorted(observations) == sorted(parallel.agents))
    """, tmp_path)
    assert out.strip().endswith("True")
    assert out.count("'") == 6   # three agents named
