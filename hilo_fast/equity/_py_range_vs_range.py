"""The pure-Python twin of hf_range_vs_range_tally (csrc/analysis/range_vs_range.c):
pair by pair, every runout, every A combo against every B combo that shares
no card with it or the runout; the same sums, field for field."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

from ..core import tables as gen
from ..core._py_backend import (
    _LOW_BIT,
    _PAIR,
    ERR_COUNT,
    _board_high_row,
    _flush_high,
    _int32_view,
    check_cards,
)

#: Per A combo: share, deals by weight, win high, tie high, win low, tie low,
#: no low, A scoops, B scoops, deals (unweighted): HF_RVR_FIELDS.
RVR_FIELDS = 10


@cache
def _low_value(hole_mask: int, board_mask: int) -> int:
    return gen.omaha_low_value(hole_mask, board_mask)


def _low_mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= _LOW_BIT[c]
    return mask


def _value(hole: Sequence[int], board: Sequence[int]) -> tuple[int, int]:
    """(high, low): lower is better, low 0 when none."""
    row = _board_high_row(board)
    high = min(row[_PAIR[a][b]] for a, b in combinations(hole, 2))
    return min(high, _flush_high(hole, board)), _low_value(_low_mask(hole), _low_mask(board))


def pair_fields(ha: int, la: int, hb: int, lb: int) -> tuple[float, ...]:
    """A's fields against one B combo on one runout (deals 1, weight 1)."""
    high = 1.0 if ha < hb else 0.5 if ha == hb else 0.0
    low_alone = bool(la) and (not lb or la < lb)
    share = high if not la and not lb else \
        0.5 * high + 0.5 * (0.0 if not la else 1.0 if low_alone else 0.5 if la == lb else 0.0)
    return (share, 1.0, float(ha < hb), float(ha == hb), float(low_alone),
            float(bool(la) and la == lb), float(not la and not lb),
            float(ha < hb and (low_alone if la else not lb)),
            float(hb < ha and (bool(lb) and lb < la if la else True)))


#: Two ranges' combos as rows and their weights (float64 views): what
#: :func:`range_pair` gives the twins of both range-vs-range C functions.
RangePair = tuple[list[list[int]], list[list[int]], "memoryview[float]", "memoryview[float]"]


def range_pair(a_combos: Any, a_weights: Any, b_combos: Any, b_weights: Any, n_hole: int,
               board: Sequence[int], dead: Sequence[int],
               outputs: Sequence[tuple[Any, int]]) -> tuple[int, RangePair | None]:
    """The checks a range-vs-range function makes first, in its native
    wrapper's order (the buffers' sizes: ``outputs`` are (float64 buffer,
    items per A combo) pairs; then the counts, the board and dead cards):
    (ERR_* or 0, the ranges' rows and weights when 0). The twins of
    range_equity.c's tally and analysis/range_vs_range.c share them."""
    a_cards, b_cards = _int32_view(a_combos).tolist(), _int32_view(b_combos).tolist()
    wa, wb = memoryview(a_weights).cast("B").cast("d"), memoryview(b_weights).cast("B").cast("d")
    if not 4 <= n_hole <= 6 or len(a_cards) != n_hole * len(wa) \
            or len(b_cards) != n_hole * len(wb) \
            or any(len(memoryview(out).cast("B")) // 8 < per * len(wa) for out, per in outputs):
        return ERR_COUNT, None
    if not 3 <= len(board) <= 5 or len(dead) > 52:
        return ERR_COUNT, None
    err = check_cards(board, dead)
    if err:
        return err, None
    return 0, ([a_cards[i:i + n_hole] for i in range(0, len(a_cards), n_hole)],
               [b_cards[i:i + n_hole] for i in range(0, len(b_cards), n_hole)], wa, wb)


def bad_row(board: Sequence[int], dead: Sequence[int], *ranges: list[list[int]]) -> int:
    """ERR_* of the first combo of ``ranges`` that is no hand beside the board
    and dead cards, or 0 (the C's check of each combo, in its order)."""
    for rows in ranges:
        for row in rows:
            err = check_cards(board, dead, row)
            if err:
                return err
    return 0


def range_vs_range_tally(a_combos: Any, a_weights: Any, b_combos: Any, b_weights: Any,
                         n_hole: int, board: Sequence[int], dead: Sequence[int],
                         tally: Any) -> int:
    """Fill ``tally`` (float64, RVR_FIELDS per A combo) or return ERR_*."""
    err, pair = range_pair(a_combos, a_weights, b_combos, b_weights, n_hole, board, dead,
                           [(tally, RVR_FIELDS)])
    if pair is None:
        return err
    a_rows, b_rows, _, wb = pair
    out = memoryview(tally).cast("B").cast("d")
    for i in range(RVR_FIELDS * len(a_rows)):
        out[i] = 0.0
    if not a_rows or not b_rows:  # as the C: nothing to deal, the combos go unread
        return 0
    err = bad_row(board, dead, a_rows, b_rows)
    if err:
        return err
    known = {*board, *dead}
    deck = [c for c in range(52) if c not in known]
    for more in combinations(deck, 5 - len(board)):
        full = [*board, *more]
        gone = set(more)
        b_values = [None if gone & set(row) else _value(row, full) for row in b_rows]
        for i, row in enumerate(a_rows):
            if gone & set(row):
                continue
            ha, la = _value(row, full)
            mine = set(row)
            at = RVR_FIELDS * i
            for j, value in enumerate(b_values):
                if value is None or mine & set(b_rows[j]):
                    continue
                for f, x in enumerate(pair_fields(ha, la, *value)):
                    out[at + f] += wb[j] * x
                out[at + RVR_FIELDS - 1] += 1.0
    return 0
