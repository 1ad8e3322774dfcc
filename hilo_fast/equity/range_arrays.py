"""The array form in which both backends take ranges, and its one check.

A range is (combos, cumulative): a C-contiguous 1-D uint8 array of rows of
n_hole card ids, and a 1-D int64 array of the running sums of the rows'
integer weights, one per row. The C trusts these lengths, so every backend
entry point checks them first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def check_range_arrays(ranges: Sequence[tuple[Any, Any] | None], n_hole: int) -> None:
    """ValueError unless each range that is not None has the array form above."""
    for entry in ranges:
        if entry is None:
            continue
        rows, sums = entry
        if (getattr(rows, "dtype", None) != "uint8" or getattr(sums, "dtype", None) != "int64"
                or rows.ndim != 1 or sums.ndim != 1 or not len(sums)
                or len(rows) != len(sums) * n_hole):
            raise ValueError("a range is 1-D uint8 rows of n_hole cards and int64 running sums")
