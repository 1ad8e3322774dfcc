"""Players dealt from ranges, for :func:`hilo_fast.equity`.

A range player's hands are first cut by card removal (the board, the dead
cards and every known hand), then passed to the backend as rows of card ids
with the running sums of integer weights. Weights are made integers
exactly: each weight's shortest decimal form is a fraction, and every
weight of a range is multiplied by the least common multiple of their
denominators (``KK@100,QQ@25`` stays 100 and 25, ``AA@1.5,KK`` 3 and 2).
When that makes numbers too large for 64-bit sums, the weights are rounded
to 30 bits and the answer is Monte Carlo.

The exactness rule (docs/ranges.md): with ``samples=None`` the answer is
exact when the enumeration (range tuples, colliding ones included, times
the random hands and boards each leaves) has at most ``EXACT_LIMIT``
positions and the largest weight product is below ``2**34``; otherwise it
is Monte Carlo with ``DEFAULT_SAMPLES`` samples.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..ranges.language import Range
from ._backend import backend

__all__ = ["RangeSpot", "prepare_ranges", "range_chunk"]

#: Exact enumeration needs sums of weight products x pot shares x deals per
#: chunk (2**15) below 2**62: the weight product stays below this.
MAX_EXACT_WEIGHT_PRODUCT = 1 << 34
_ROUNDED_BITS = 30

#: Per player: None, or (rows of card ids as one uint8 array, running sums of weights).
RangeSpot = tuple[tuple[Any, Any] | None, ...]


def integer_weights(weights: Any) -> tuple[Any, bool]:
    """(positive int64 weights in the same ratios, exact?)."""
    np = __import__("numpy")
    distinct = np.unique(weights)
    fractions = {float(w): Fraction(repr(float(w))) for w in distinct}
    scale = 1
    for f in fractions.values():
        scale = math.lcm(scale, f.denominator)
    as_ints = {w: int(f * scale) for w, f in fractions.items()}
    divisor = math.gcd(*as_ints.values())
    if max(as_ints.values()) // divisor * len(weights) < 1 << 62:
        table = {w: v // divisor for w, v in as_ints.items()}
        ints = np.array([table[float(w)] for w in distinct], dtype=np.int64)
        return ints[np.searchsorted(distinct, weights)], True
    top = float(distinct[-1])
    return np.maximum(1, np.round(weights / top * (1 << _ROUNDED_BITS))).astype(np.int64), False


def prepare_ranges(ranges: list[Range | None], removed: list[int]) -> tuple[RangeSpot, bool]:
    """The ranges cut by card removal, as the backends take them, and
    whether their weights allow an exact enumeration."""
    np = __import__("numpy")
    out: list[tuple[Any, Any] | None] = []
    product, exact = 1, True
    for p, r in enumerate(ranges):
        if r is None:
            out.append(None)
            continue
        cut = r.without(removed) if removed else r
        if not len(cut):
            raise ValueError(f"player {p + 1}'s range {str(r)!r} is empty after card removal "
                             "(the board, the dead cards and the known hands)")
        if cut.weighted:
            weights, exact_weights = integer_weights(cut.weights)
        else:  # every weight 1: the draws need no search (range_equity.c)
            weights, exact_weights = np.ones(len(cut), dtype=np.int64), True
        exact = exact and exact_weights
        product *= int(weights.max())
        cumulative = np.cumsum(weights, dtype=np.int64)
        out.append((np.ascontiguousarray(cut.combos.reshape(-1), dtype=np.uint8), cumulative))
    return tuple(out), exact and product < MAX_EXACT_WEIGHT_PRODUCT


def range_chunk(mode: str, ranges: RangeSpot, holes: tuple[int, ...], n_hole: int,
                board: tuple[int, ...], dead: tuple[int, ...], start: int,
                count: int, high_only: bool = False) -> list[int] | int:
    """One chunk of a range spot on this process's backend: a tally whose
    last item is the number of deals settled (``high_only``: Omaha high)."""
    if mode == "range-enumerate":
        tally = backend.range_enumerate(holes, n_hole, board, dead, ranges, start, count,
                                        high_only)
    else:
        tally = backend.range_sample(holes, n_hole, board, dead, ranges, start, count,
                                     high_only)
    if tally == backend.ERR_RANGE_CLASH:
        raise ValueError(f"the ranges can hardly be dealt together: "
                         f"{backend.RANGE_MAX_REJECTS} draws in a row shared a card")
    return tally  # type: ignore[no-any-return]
