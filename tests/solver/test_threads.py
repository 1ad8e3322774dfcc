"""Threads split the C's work (a turn tree's rivers, a river tree's root actions)
and change nothing: the same regrets, strategy sums and exploitability, bit for
bit, on any number of threads; bad thread counts are refused."""

from __future__ import annotations

import random

import pytest

import hilo_fast as hf
from tests.solver.helpers import random_subgame


def _iterate(game: hf.Subgame, iterations: int, threads: int) -> tuple[list[float], ...]:
    from hilo_fast.solver import _c_backend as c

    flat = game.flat()
    prepared = c.prepare(flat)
    regret = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    sums = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    c.iterate(prepared, regret, sums, 1, iterations, threads)
    strategy = [s / max(1.0, float(s.max())) for s in sums]   # any strategy to evaluate
    return (*(a.tolist() for a in (*regret, *sums)),
            c.evaluate(prepared, (strategy[0], strategy[1]), threads))


@pytest.mark.parametrize("seed", range(8))
def test_any_number_of_threads_gives_the_same_bits(native: object, seed: int) -> None:
    rng = random.Random(900 + seed)
    turn = seed % 2 == 1
    game = random_subgame(rng, n=rng.choice([4, 9]) if turn else rng.choice([6, 30]),
                          limit="fixed" if turn else None, turn=turn)
    assert any(node.kind == 3 for node in game.nodes) == turn
    iterations = rng.choice([3, 12])
    one = _iterate(game, iterations, 1)
    for threads in (2, 3, 7):
        assert _iterate(game, iterations, threads) == one   # exact equality, not approx


def test_solve_and_best_response_on_threads(backend: object) -> None:
    game = random_subgame(random.Random(31), n=5, limit="fixed", turn=True)
    one = hf.solve(game, target=0, max_iterations=20, threads=1)
    two = hf.solve(game, target=0, max_iterations=20, threads=2)
    assert two.arrays() == one.arrays()
    assert two.exploitability == one.exploitability and two.history == one.history
    again = hf.best_response(game, one, threads=4)
    assert again.values == one.response.values and again.value == one.response.value


@pytest.mark.parametrize("threads", [0, -1, True, 1.5, "2"])
def test_bad_thread_counts_are_refused(backend: object, threads: object) -> None:
    game = random_subgame(random.Random(2), n=3, limit="fixed")
    with pytest.raises(ValueError, match="threads"):
        hf.solve(game, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="threads"):
        hf.best_response(game, {}, threads=threads)  # type: ignore[arg-type]


def test_each_thread_counts_in_the_memory_check(backend: object) -> None:
    from hilo_fast.solver import estimate_memory

    game = random_subgame(random.Random(12), n=6, limit="fixed", turn=True)
    one, two = estimate_memory(game, 1), estimate_memory(game, 2)
    assert two - one >= 8 * 2 * (52 + 1326 + 22100)   # a second thread's card sums at least
    hf.solve(game, max_iterations=1, threads=1, max_memory=one)
    with pytest.raises(ValueError, match="MiB"):
        hf.solve(game, max_iterations=1, threads=2, max_memory=one)
