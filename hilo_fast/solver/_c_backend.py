"""The solver's native twin: csrc/solver/cfr.c and terminal.c through cffi.

Same functions and results as :mod:`hilo_fast.solver._py_backend`; the
showdowns are valued by sorted sweeps instead of every pair. numpy (which
ranges need anyway) holds the arrays; it is imported on first use, so that
importing hilo_fast never needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._native._core import ffi, lib
from .flat import FlatGame

NAME = "native"

#: What the solver's C returns when a scratch allocation fails (csrc/solver/solver.h).
SOLVER_ERR_MEMORY = -20

_ERRORS = {lib.HF_ERR_COUNT: "a count or index out of range", lib.HF_ERR_CARD: "a bad card",
           lib.HF_ERR_DUPLICATE: "a combo holding a card twice",
           SOLVER_ERR_MEMORY: "out of memory"}


def _check(code: int) -> None:
    if code < 0:
        message = _ERRORS.get(code, f"error {code}")
        if code == SOLVER_ERR_MEMORY:
            raise MemoryError(f"solver: {message}")
        raise ValueError(f"solver: the flat game is invalid ({message})")


class Prepared:
    """The flat game as the C reads it: numpy arrays kept alive with the struct."""

    def __init__(self, g: FlatGame) -> None:
        import numpy as np

        self.game = g
        i32, i64, f64 = np.int32, np.int64, np.float64

        def arr(values: Sequence[Any], dtype: Any, shape: int | None = None) -> Any:
            out: Any = np.ascontiguousarray(np.asarray(values, dtype=dtype).reshape(-1))
            if not len(out):
                out = np.zeros(1, dtype=dtype)
            self._keep.append(out)
            return ffi.from_buffer(f"{np.dtype(dtype).name}_t[]" if dtype is not f64
                                   else "double[]", out)

        self._keep: list[Any] = []
        s: Any = ffi.new("hf_solver_game *")
        s.n_nodes = g.n_nodes
        s.kind = arr(g.kind, i32)
        s.player = arr(g.player, i32)
        s.first_child = arr(g.first_child, i32)
        s.n_children = arr(g.n_children, i32)
        s.offset = arr(g.offset, i64)
        s.term_a = arr(g.term_a, f64)
        s.term_b = arr(g.term_b, f64)
        s.children = arr(g.children, i32)
        s.n_children_total = len(g.children)
        for p in (0, 1):
            s.n_combos[p] = g.n_combos(p)
            s.cards[p] = arr(g.cards[p], i32)
            s.weights[p] = arr(g.weights[p], f64)
            s.high[p] = arr(g.high[p], i32)
            s.low[p] = arr(g.low[p], i32)
            s.sizes[p] = g.sizes[p]
        s.regret_floor = g.regret_floor
        s.card = arr(g.card, i32)
        s.board = arr(g.board, i32)
        s.n_boards = g.n_boards
        self.struct = s


def prepare(g: FlatGame) -> Prepared:
    return Prepared(g)


def zeros(n: int) -> Any:
    import numpy as np

    return np.zeros(max(n, 1), dtype=np.float64)


def _doubles(values: Any) -> Any:
    import numpy as np

    out: Any = np.ascontiguousarray(values, dtype=np.float64)
    return out, ffi.from_buffer("double[]", out)


def iterate(prepared: Prepared, regret: tuple[Any, Any], strategy: tuple[Any, Any],
            first: int, count: int, threads: int = 1) -> None:
    """DCFR iterations in C on ``threads`` threads (the same result for any
    number); cffi releases the GIL for the call."""
    import numpy as np

    for arr in (*regret, *strategy):
        if not (isinstance(arr, np.ndarray) and arr.dtype == np.float64
                and arr.flags.c_contiguous and arr.flags.writeable):
            raise TypeError("regret and strategy must be writable float64 numpy arrays")
    for p in (0, 1):
        if len(regret[p]) < prepared.game.sizes[p] or len(strategy[p]) < prepared.game.sizes[p]:
            raise ValueError("regret/strategy arrays are shorter than the game's slots")
    ptr = [ffi.from_buffer("double[]", a) for a in (*regret, *strategy)]
    _check(lib.hf_solver_iterate(prepared.struct, ptr[0], ptr[1], ptr[2], ptr[3], first, count,
                                 threads))


def evaluate(prepared: Prepared, strategy: tuple[Sequence[float], Sequence[float]],
             threads: int = 1) -> list[float]:
    arrays = [_doubles(s) for s in strategy]
    for p in (0, 1):
        if len(arrays[p][0]) < prepared.game.sizes[p]:
            raise ValueError("strategy arrays are shorter than the game's slots")
    out = ffi.new("double[3]")
    _check(lib.hf_solver_evaluate(prepared.struct, arrays[0][1], arrays[1][1], out, threads))
    return [out[0], out[1], out[2]]


def showdown_sums(prepared: Prepared, p: int, reach_o: Sequence[float]) -> list[float]:
    reach, ptr = _doubles(reach_o)
    if len(reach) != prepared.game.n_combos(1 - p):
        raise ValueError("reach must hold one value per opponent combo")
    n = prepared.game.n_combos(p)
    out: Any = zeros(2 * n)
    _check(lib.hf_solver_showdown_sums(prepared.struct, p, ptr, ffi.from_buffer("double[]", out)))
    return out.tolist()  # type: ignore[no-any-return]
