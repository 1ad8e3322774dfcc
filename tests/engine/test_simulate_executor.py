"""simulate(..., executor=): seeded chunks on any executor, one summary."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast._backends import IN_USE
from hilo_fast.engine import selfplay
from hilo_fast.engine.selfplay import Decision, always_call, random_legal

PL = hf.Structure.pot_limit(1, 2)


def _key(s: hf.SimulationSummary) -> tuple[Any, ...]:
    return s.hands, s.net, s.rebuys, s.actions, s.showdowns, s.engine, s.bots


@pytest.fixture(autouse=True)
def _small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 300 hands keep the pure backend's runs short (any size is alike)."""
    monkeypatch.setattr(selfplay, "CHUNK_HANDS", 300)


def test_any_number_of_threads_gives_the_one_thread_summary() -> None:
    hands = 2 * selfplay.CHUNK_HANDS + 123   # three chunks, the last one short
    with ThreadPoolExecutor(1) as one, ThreadPoolExecutor(3) as three:
        alone = hf.simulate(hands, PL, 6, seed=4, bots=["random", "pot"], executor=one)
        spread = hf.simulate(hands, PL, 6, seed=4, bots=["random", "pot"], executor=three)
    assert _key(alone) == _key(spread)
    assert alone.hands == hands and sum(alone.net) == 0 and alone.showdowns > 0
    with ThreadPoolExecutor(2) as two:   # another seed: another session
        assert hf.simulate(hands, PL, 6, seed=5, executor=two).net != alone.net


def python_bot(hand: hf.Hand | hf.HandView, rng: random.Random) -> Decision:
    return random_legal(hand, rng)


def test_python_bots_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selfplay, "CHUNK_HANDS", 40)
    done: list[int] = []
    with ThreadPoolExecutor(2) as pool:
        a = hf.simulate(130, PL, 4, seed=9, bots=[python_bot, always_call], executor=pool,
                        progress=done.append)
    with ThreadPoolExecutor(1) as pool:
        b = hf.simulate(130, PL, 4, seed=9, bots=[python_bot, always_call], executor=pool)
    assert _key(a) == _key(b) and a.engine == "Python"
    assert sorted(done) == done and done[-1] == 130 and len(done) == 4
    # Each chunk is a table of its own, seeded by the splitmix64 stream of the seed.
    base = random.Random(9).getrandbits(64)
    chunks = [hf.simulate(n, PL, 4, seed=IN_USE.splitmix64(base, k),
                          bots=[python_bot, always_call], stack=200)
              for k, n in enumerate([40, 40, 40, 10])]
    assert a.net == [sum(col) for col in zip(*(c.net for c in chunks), strict=True)]
    assert a.actions == sum(c.actions for c in chunks)


def test_a_dask_cluster_gives_the_same_summary() -> None:
    distributed = pytest.importorskip("distributed")
    hands = selfplay.CHUNK_HANDS + 50
    with ThreadPoolExecutor(1) as pool:
        here = hf.simulate(hands, PL, 6, seed=2, executor=pool)
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1,
                            dashboard_address=None) as client:
        there = hf.simulate(hands, PL, 6, seed=2, executor=client.get_executor())
    assert _key(here) == _key(there)


def test_executor_refusals() -> None:
    with pytest.raises(TypeError, match=r"executor must be a concurrent\.futures\.Executor"):
        hf.simulate(10, PL, executor="threads")  # type: ignore[arg-type]
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="on_hand"):
        hf.simulate(10, PL, executor=pool, on_hand=lambda hand: None)
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="unknown bot"):
        hf.simulate(10, PL, executor=pool, bots=["nope"])
