"""Seeded randomness gives the same answer every time, whoever runs it.

- Monte Carlo equity with a seed: the same on both backends, for any number
  of threads or any executor, and in a fresh interpreter with another hash
  seed (so nothing depends on set or dict order or on object addresses).
- Seeded self-play: the same hands (the full PHH record of every hand) run
  after run, in fresh interpreters, and when several threads play seeded
  simulations at the same time.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import hilo_fast

ROOT = Path(__file__).resolve().parents[2]
SPOT = (["As2dKh3c", None, "7c8d9hTs"], "2h5c9d", "Qs")


def _equity_digest(threads: int | None = None) -> str:
    result = hilo_fast.equity(*SPOT, samples=25_000, seed=2024, threads=threads)
    return hashlib.sha256(repr(result).encode()).hexdigest()


def _selfplay_digest(seed: int, hands: int = 150) -> str:
    records: list[str] = []
    structure = hilo_fast.MixedGame(hilo_fast.Structure.pot_limit(1, 2), hands_per_game=4)
    bots = [hilo_fast.engine.selfplay.random_legal, hilo_fast.engine.selfplay.pot_every_time,
            hilo_fast.engine.selfplay.always_call]
    summary = hilo_fast.simulate(hands, structure, 4, seed=seed, bots=bots,
                                 on_hand=lambda hand: records.append(hilo_fast.to_phh(hand)))
    records.append(repr((summary.actions, summary.showdowns, summary.rebuys, summary.net)))
    return hashlib.sha256("\n".join(records).encode()).hexdigest()


def test_seeded_equity_is_the_same_for_any_thread_count(backend: ModuleType) -> None:
    one = _equity_digest()
    assert [_equity_digest(threads) for threads in (1, 2, 3, 4)] == [one] * 4
    with ThreadPoolExecutor(max_workers=3) as pool:
        on_pool = hilo_fast.equity(*SPOT, samples=25_000, seed=2024, executor=pool)
    assert hashlib.sha256(repr(on_pool).encode()).hexdigest() == one


def test_seeded_equity_is_the_same_on_both_backends(
    native: ModuleType, pure_process: Callable[[str], Any]
) -> None:
    native_answer = hilo_fast.equity(*SPOT, samples=3_000, seed=99)
    assert pure_process(f"""
import hilo_fast
result = hilo_fast.equity(*{SPOT!r}, samples=3_000, seed=99, threads=2)
""") == native_answer


def test_different_seeds_give_different_samples() -> None:
    """The digests above can tell runs apart at all."""
    a = hilo_fast.equity(*SPOT, samples=2_000, seed=1)
    b = hilo_fast.equity(*SPOT, samples=2_000, seed=2)
    assert a.players != b.players
    assert _selfplay_digest(1, hands=20) != _selfplay_digest(2, hands=20)


def test_seeded_selfplay_repeats(backend: ModuleType) -> None:
    assert _selfplay_digest(7) == _selfplay_digest(7)


def test_seeded_selfplay_from_many_threads_at_once(backend: ModuleType) -> None:
    seeds = [11, 12, 13, 11, 12, 13]
    expected = {seed: _selfplay_digest(seed, hands=60) for seed in set(seeds)}
    with ThreadPoolExecutor(max_workers=len(seeds)) as pool:
        digests = list(pool.map(lambda s: _selfplay_digest(s, hands=60), seeds))
    assert digests == [expected[s] for s in seeds]


_CHILD = """
import sys
sys.path.insert(0, {tests!r})
import test_determinism as t
print(t._equity_digest(threads=2), t._selfplay_digest(5, hands=80))
"""


@pytest.mark.parametrize("pure", [False, True], ids=["default-backend", "pure"])
def test_fresh_interpreters_with_other_hash_seeds_agree(pure: bool) -> None:
    """Two new processes, different PYTHONHASHSEED, same digests as this one."""
    outputs = []
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        if pure:
            env["HILO_FAST_PUREPYTHON"] = "1"
        child = subprocess.run(
            [sys.executable, "-c", _CHILD.format(tests=str(Path(__file__).resolve().parent))],
            capture_output=True, text=True, env=env, cwd=ROOT, check=True, timeout=600)
        outputs.append(child.stdout.split())
    assert outputs[0] == outputs[1]
    assert outputs[0] == [_equity_digest(threads=2), _selfplay_digest(5, hands=80)]
