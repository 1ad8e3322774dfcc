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


def ranking_sample(n_players: int, n_hole: int, hand_class: Any, n_classes: int,
                   range_combos: Any, n_range_seats: int, seed: int, count: int,
                   share_sum: Any, share_sq: Any, samples: Any) -> int:
    """Add ``count`` whole random tables to the per-class sums (int64 buffers
    of n_classes), or return ERR_* with nothing added (see hf_ranking_sample).
    Runs without the GIL."""
    classes = ffi.from_buffer("int32_t[]", hand_class)
    combos = ffi.from_buffer("int32_t[]", range_combos) if range_combos is not None else ffi.NULL
    n_range = len(combos) // n_hole if range_combos is not None and 4 <= n_hole <= 5 else 0
    outs = [ffi.from_buffer("int64_t[]", b, require_writable=True)
            for b in (share_sum, share_sq, samples)]
    if any(len(o) != n_classes for o in outs) \
            or (range_combos is not None and len(combos) != n_range * n_hole):
        return ERR_COUNT
    return int(lib.hf_ranking_sample(n_players, n_hole, classes, len(classes), n_classes,
                                     combos, n_range, n_range_seats, seed & (2**64 - 1), count,
                                     *outs))
