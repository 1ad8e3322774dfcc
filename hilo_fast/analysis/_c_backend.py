"""The analysis concept's native twin: csrc/analysis/classify.c through cffi.

Same functions and return conventions as :mod:`hilo_fast.analysis._py_backend`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._native._core import ffi, lib
from ..core._c_backend import ERR_COUNT, _card_ids

NAME = "native"

#: hf_class's fields, in the C struct's order.
CLASS_FIELDS: tuple[str, ...] = tuple(name for name, _ in ffi.typeof("hf_class").fields)


def classify(hole: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> \
        tuple[int, ...] | int:
    """The CLASS_FIELDS of one hand, or ERR_*."""
    hole, board, dead = _card_ids(hole), _card_ids(board), _card_ids(dead)
    out = ffi.new("hf_class *")
    err = int(lib.hf_classify(hole, len(hole), board, len(board), dead, len(dead), out))
    if err:
        return err
    return tuple(int(getattr(out, name)) for name in CLASS_FIELDS)


def classify_many(holes: Any, n_hole: int, board: Sequence[int], dead: Sequence[int],
                  out: Any) -> tuple[int, int]:
    """As the pure twin: (0, -1) or (ERR_*, bad row or -1). Runs without the GIL."""
    hole_ids = ffi.from_buffer("int32_t[]", holes)
    target = ffi.from_buffer("int32_t[]", out, require_writable=True)
    if not 4 <= n_hole <= 6 or len(hole_ids) % n_hole:
        return ERR_COUNT, -1
    n_rows = len(hole_ids) // n_hole
    if len(target) < len(CLASS_FIELDS) * n_rows:
        return ERR_COUNT, -1
    board, dead = _card_ids(board), _card_ids(dead)
    bad_row = ffi.new("int64_t *")
    err = int(lib.hf_classify_many(hole_ids, n_rows, n_hole, board, len(board), dead, len(dead),
                                   ffi.cast("hf_class *", target), bad_row))
    return err, int(bad_row[0])


def range_vs_range(a_combos: Any, a_weights: Any, b_combos: Any, b_weights: Any, n_hole: int,
                   board: Sequence[int], dead: Sequence[int], a_share: Any, a_weight: Any
                   ) -> int:
    """Fill a_share and a_weight (float64 buffers, one item per A combo), or
    return ERR_* (see hf_range_vs_range). Runs without the GIL."""
    a = ffi.from_buffer("int32_t[]", a_combos)
    b = ffi.from_buffer("int32_t[]", b_combos)
    wa = ffi.from_buffer("double[]", a_weights)
    wb = ffi.from_buffer("double[]", b_weights)
    share = ffi.from_buffer("double[]", a_share, require_writable=True)
    weight = ffi.from_buffer("double[]", a_weight, require_writable=True)
    if not 4 <= n_hole <= 6 or len(a) != n_hole * len(wa) or len(b) != n_hole * len(wb) \
            or len(share) < len(wa) or len(weight) < len(wa):
        return ERR_COUNT
    board, dead = _card_ids(board), _card_ids(dead)
    return int(lib.hf_range_vs_range(a, wa, len(wa), b, wb, len(wb), n_hole, board, len(board),
                                     dead, len(dead), share, weight))
