"""Two players, at least one dealt from a range, on a flop, turn or river:
:func:`hilo_fast.equity` settles them exactly with hf_range_vs_range_tally
(csrc/analysis/range_vs_range.c): each combo is evaluated once per runout
and the pairs are summed over tables, so 1,000 combos against 1,000 on a
flop take about a second instead of a Monte Carlo estimate.

The sums are doubles; they are exact when every one stays an integer
number of quarter pots below 2^53: integer weights (the range's exact
integer form, :func:`~hilo_fast.equity.range_spots.integer_weights`) whose
largest product times the pairs times the runouts is below ``2**50``.
The work (pairs of combos times runouts) is at most ``MAX_WORK`` on the
native backend; the pure twin settles pair by pair, so it takes the path up
to ``MAX_WORK_PURE`` only (beyond, both backends answer, the pure one by
the general rule: Monte Carlo on a big flop). Otherwise (and for random
hands, three or more players or no flop) the general enumeration or Monte
Carlo of :mod:`.range_spots` applies.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..ranges.language import Range
from ._backend import backend
from .range_spots import integer_weights

__all__ = ["player_fields", "settle_two"]

#: The most work settled here on the native backend, in combos evaluated
#: (both ranges' combos times runouts: 20,000 combos on a flop is about
#: 2 x 10^7, seconds of C) and in pairs settled one by one (pairs of combos
#: sharing two or more cards, which the tables cannot take out, times
#: runouts: AA** against AA** would be about 10^10, minutes). The pure twin
#: settles every pair: it takes 2,000,000 pairs times runouts (hilo_fast.
#: equity's EXACT_LIMIT).
MAX_WORK = 5 * 10**7
MAX_PAIR_WORK = 10**9
MAX_WORK_PURE = 2_000_000
#: Every sum must stay below this (times 4: quarter pots) for exact doubles.
EXACT_SUM = 1 << 50

# The tally's fields (hf_range_vs_range_tally).
(SHARE, WEIGHT, WIN_HIGH, TIE_HIGH, WIN_LOW, TIE_LOW, NO_LOW, SCOOP, LOSE_ALL,
 DEALS) = range(10)


def _side(np: Any, hand: list[int] | None, r: Range | None, removed: list[int]
          ) -> tuple[Any, Any, bool] | None:
    """(combos int32, integer weights as float64, exact?) or None for a random hand."""
    if hand is not None:
        return np.array([hand], dtype=np.int32), np.ones(1), True
    if r is None:
        return None
    cut = r.without(removed) if removed else r
    if not len(cut):
        return np.zeros((0, r.hole_count), dtype=np.int32), np.zeros(0), True
    weights, exact = integer_weights(cut.weights) if cut.weighted else \
        (np.ones(len(cut), dtype=np.int64), True)
    return (np.ascontiguousarray(cut.combos, dtype=np.int32),
            np.ascontiguousarray(weights, dtype=np.float64), exact)


def _sharing_two(np: Any, a: Any, b: Any) -> int:
    """At least the pairs of combos (one of ``a``, one of ``b``) sharing two
    or more cards: the sum over every two cards of the A combos holding both
    times the B combos holding both (a pair sharing k cards counts k(k-1)/2
    times)."""
    def counts(combos: Any) -> Any:
        cells = [combos[:, i] * 52 + combos[:, j]
                 for i in range(combos.shape[1]) for j in range(combos.shape[1])
                 if i != j]  # both orders: the cards of a combo are in any order
        return np.bincount(np.concatenate(cells), minlength=52 * 52)
    return int(counts(a) @ counts(b)) // 2


def settle_two(players: list[list[int] | None], ranges: list[Range | None], n_hole: int,
               board: list[int], dead: list[int]) -> list[Fraction] | None:
    """Player A's sums by weight (Fractions, exact), one per field of
    hf_range_vs_range_tally (SHARE ... DEALS), or None when this path does not apply
    (see the module's rule). Raises ValueError for an empty range."""
    if len(players) != 2 or not 3 <= len(board) <= 5 or all(r is None for r in ranges):
        return None
    np = __import__("numpy")
    known = [c for hand in players if hand is not None for c in hand]
    removed = [*board, *dead, *known]
    side_a, side_b = (_side(np, players[p], ranges[p], removed) for p in range(2))
    if side_a is None or side_b is None:
        return None  # a random hand
    for p, side in enumerate((side_a, side_b)):
        if not len(side[0]):
            raise ValueError(f"player {p + 1}'s range {str(ranges[p])!r} is empty after card "
                             "removal (the board, the dead cards and the known hands)")
    (a, wa, exact_a), (b, wb, exact_b) = side_a, side_b
    runouts = math.comb(52 - len(board) - len(dead), 5 - len(board))
    pairs = len(a) * len(b) * runouts
    if not (exact_a and exact_b) or float(wa.max()) * float(wb.max()) * pairs >= EXACT_SUM:
        return None
    if backend.NAME == "native":
        if (len(a) + len(b)) * runouts > MAX_WORK \
                or _sharing_two(np, a, b) * runouts > MAX_PAIR_WORK:
            return None
    elif pairs > MAX_WORK_PURE:
        return None
    tally = np.zeros(backend.RVR_FIELDS * len(a))
    err = backend.range_vs_range_tally(a, wa, b, wb, n_hole, board, dead, tally)
    if err:  # the rows are checked hands without board or dead cards: not expected
        raise RuntimeError(f"range_vs_range_tally refused the spot (error {err})")
    rows = tally.reshape(len(a), backend.RVR_FIELDS)
    # integers times quarter pots below 2^53: each product and sum is exact
    sums = [sum((Fraction(float(w)) * Fraction(float(x)) for w, x in zip(wa, rows[:, f],
                                                                         strict=True)),
                Fraction(0)) if f != DEALS else Fraction(float(rows[:, f].sum()))
            for f in range(backend.RVR_FIELDS)]
    return sums



def player_fields(sums: list[Fraction]) -> tuple[int, Fraction, list[dict[str, Fraction]]]:
    """From :func:`settle_two`'s sums: the deals, the no-low fraction and each
    player's fractions (A's summed; B's the rest, but its scoops, counted)."""
    total = sums[WEIGHT]
    if not total:
        raise ValueError("the ranges can never be dealt together: every choice of their hands "
                         "shares a card")
    some_low = total - sums[NO_LOW]
    a = {"equity": sums[SHARE], "scoop": sums[SCOOP], "win_high": sums[WIN_HIGH],
         "tie_high": sums[TIE_HIGH], "win_low": sums[WIN_LOW], "tie_low": sums[TIE_LOW]}
    b = {"equity": total - sums[SHARE], "scoop": sums[LOSE_ALL],
         "win_high": total - sums[WIN_HIGH] - sums[TIE_HIGH], "tie_high": sums[TIE_HIGH],
         "win_low": some_low - sums[WIN_LOW] - sums[TIE_LOW], "tie_low": sums[TIE_LOW]}
    return (int(sums[DEALS]), sums[NO_LOW] / total,
            [{name: value / total for name, value in side.items()} for side in (a, b)])
