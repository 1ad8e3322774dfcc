"""The C and the pure twin of Discounted CFR and of the best response agree;
exploitability is never negative and falls as iterations grow."""

from __future__ import annotations

import itertools
import random

import pytest

import hilo_fast as hf
from hilo_fast.solver import _py_backend as pure
from tests.solver.helpers import random_subgame


def _run(twin: object, game: hf.Subgame, iterations: int,
         threads: int = 1) -> tuple[list[float], list[float]]:
    flat = game.flat()
    prepared = twin.prepare(flat)  # type: ignore[attr-defined]
    regret = (twin.zeros(flat.sizes[0]), twin.zeros(flat.sizes[1]))  # type: ignore[attr-defined]
    sums = (twin.zeros(flat.sizes[0]), twin.zeros(flat.sizes[1]))  # type: ignore[attr-defined]
    twin.iterate(prepared, regret, sums, 1, iterations, threads)  # type: ignore[attr-defined]
    return ([*regret[0][:flat.sizes[0]], *regret[1][:flat.sizes[1]]],
            [*sums[0][:flat.sizes[0]], *sums[1][:flat.sizes[1]]])


@pytest.mark.parametrize("seed", range(11))
def test_same_strategies_after_k_iterations(native: object, seed: int) -> None:
    from hilo_fast.solver import _c_backend as c

    rng = random.Random(seed)
    turn = seed >= 8   # the last seeds: turn subgames (the river a chance node)
    game = random_subgame(rng, n=rng.choice([3, 5] if turn else [3, 8, 15]), turn=turn)
    if turn:
        assert any(node.kind == 3 for node in game.nodes)
    k = rng.choice([1, 2, 7, 25])
    regret_c, sums_c = _run(c, game, k, threads=1 + seed % 3)   # the C on 1, 2 or 3 threads
    regret_p, sums_p = _run(pure, game, k)
    scale = max(1.0, max(map(abs, regret_p), default=1.0))
    assert regret_c == pytest.approx(regret_p, abs=1e-9 * scale)
    assert sums_c == pytest.approx(sums_p, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_best_response_c_equals_pure(native: object, seed: int) -> None:
    from hilo_fast.solver import _c_backend as c

    rng = random.Random(50 + seed)
    game = (random_subgame(rng, n=3, limit="fixed", turn=True) if seed >= 8
            else random_subgame(rng, n=rng.choice([4, 12])))
    flat = game.flat()
    strategy = []
    for p in (0, 1):   # a random strategy: random frequencies, normalised per combo
        arr = [0.0] * flat.sizes[p]
        n = flat.n_combos(p)
        for node in game.decisions(p):
            k, at = len(node.children), flat.offset[node.id]
            for i in range(n):
                raw = [rng.random() ** 3 for _ in range(k)]
                for a in range(k):
                    arr[at + a * n + i] = raw[a] / sum(raw)
        strategy.append(arr)
    want = pure.evaluate(pure.prepare(flat), strategy)
    got = c.evaluate(c.prepare(flat), strategy, 1 + seed % 3)
    assert got == pytest.approx(want, rel=1e-12, abs=1e-9)
    assert want[0] + want[1] >= -1e-9   # exploitability of any strategy pair is >= 0


def test_exploitability_falls(backend: object) -> None:
    rng = random.Random(7)
    game = random_subgame(rng, n=10, limit="pot")
    seen = []
    for iterations in (1, 4, 16, 64, 256):
        solution = hf.solve(game, target=0, max_iterations=iterations)
        assert solution.exploitability >= -1e-12
        seen.append(solution.exploitability_pot)
    assert seen[-1] < 0.002
    assert all(b <= a * 1.05 + 1e-12 for a, b in itertools.pairwise(seen)), seen
    assert seen[-1] < seen[0] / 10


def test_exploitability_falls_on_the_turn(backend: object) -> None:
    game = random_subgame(random.Random(21), n=3, limit="fixed", turn=True)
    seen = [hf.solve(game, target=0, max_iterations=k).exploitability_pot for k in (1, 8, 64)]
    assert all(e >= -1e-12 for e in seen)
    assert seen[2] < seen[1] < seen[0] and seen[2] < 0.01, seen


def test_history_of_a_run(backend: object) -> None:
    game = random_subgame(random.Random(9), n=6, limit="fixed")
    calls: list[tuple[int, float]] = []
    solution = hf.solve(game, target=0, max_iterations=200, check_every=20,
                        progress=lambda i, e: calls.append((i, e)))
    assert calls == solution.history and [i for i, _ in calls] == list(range(20, 201, 20))
    assert all(e >= -1e-12 for _, e in calls)
    assert calls[-1][1] <= calls[0][1]


def test_best_response_of_a_solution_and_its_json(backend: object) -> None:
    game = random_subgame(random.Random(11), n=6, limit="pot")
    solution = hf.solve(game, target=0, max_iterations=100)
    again = hf.best_response(game, solution)
    assert again.exploitability == pytest.approx(solution.exploitability, abs=1e-12)
    from_json = hf.best_response(game, solution.to_json())
    assert from_json.exploitability == pytest.approx(solution.exploitability, abs=1e-9)
    uniform = hf.best_response(game, {})
    assert uniform.exploitability >= solution.exploitability
    ev = solution.ev
    assert ev[0] + ev[1] == pytest.approx(game.pot)


def test_memory_is_checked_before_solving(backend: object) -> None:
    game = random_subgame(random.Random(3), n=4, limit="fixed")
    with pytest.raises(ValueError, match="MiB"):
        hf.solve(game, max_memory=1000)


@pytest.mark.parametrize("field", ["children", "offset", "kind", "player", "cards", "card",
                                   "board"])
def test_the_c_refuses_a_broken_flat_game(native: object, field: str) -> None:
    """A flat game the Python never builds is refused before any array is read."""
    import copy

    from hilo_fast.solver import _c_backend as c

    game = random_subgame(random.Random(4), n=4, limit="pot")
    flat = copy.deepcopy(game.flat())
    if field == "children":
        flat.children[0] = 0                  # a cycle: the root its own child
    elif field == "offset":
        flat.offset[0] = flat.sizes[0]        # slots past the end of the arrays
    elif field == "kind":
        flat.kind[1] = 7
    elif field == "player":
        flat.player[0] = 2
    elif field == "cards":
        flat.cards[0][0][0] = 52
    elif field == "card":
        flat.card[1] = 60
    else:
        flat.board[2] = 5                     # a river game has one board
    prepared = c.prepare(flat)
    regret = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    sums = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    with pytest.raises(ValueError, match="solver"):
        c.iterate(prepared, regret, sums, 1, 1)
    with pytest.raises(ValueError, match="solver"):
        c.evaluate(prepared, sums)


def test_the_c_refuses_no_threads(native: object) -> None:
    from hilo_fast.solver import _c_backend as c

    game = random_subgame(random.Random(5), n=4, limit="fixed")
    flat = game.flat()
    prepared = c.prepare(flat)
    regret = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    sums = (c.zeros(flat.sizes[0]), c.zeros(flat.sizes[1]))
    with pytest.raises(ValueError, match="solver"):
        c.iterate(prepared, regret, sums, 1, 1, 0)
    assert not any(regret[0]) and not any(sums[0])   # nothing written
    with pytest.raises(ValueError, match="solver"):
        c.evaluate(prepared, sums, 0)
