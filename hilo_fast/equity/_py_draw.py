"""The Monte Carlo draws of csrc/equity/draw.h, for the pure twins: the
partial Fisher-Yates shuffle with batched bounded draws on the splitmix64
stream (equity's samples and those of several boards deal with it)."""

from __future__ import annotations

from ..core._py_backend import _MASK64, _splitmix64


def _plan_runs(n_deck: int, needed: int) -> list[tuple[int, int, int, int]]:
    """(first draw, end, product, 2**64 mod product) of each run of bounds
    n_deck - i whose product fits in 64 bits, cut greedily (as plan_runs in
    csrc/equity/equity.c)."""
    runs = []
    i = 0
    while i < needed:
        first, product = i, 1
        while i < needed and product * (n_deck - i) <= _MASK64:
            product *= n_deck - i
            i += 1
        runs.append((first, i, product, (1 << 64) % product))
    return runs


def _shuffle_prefix(deck: list[int], runs: list[tuple[int, int, int, int]], state: int) -> int:
    """The partial Fisher-Yates shuffle of deck's first cards with batched
    bounded draws, one splitmix64 word per run (shuffle_prefix in the C):
    the word is refused when word * product mod 2**64 (the low word the
    draws would leave) is below 2**64 mod product. Returns the next state."""
    n_deck = len(deck)
    for first, end, product, threshold in runs:
        state, r = _splitmix64(state)
        while r * product & _MASK64 < threshold:
            state, r = _splitmix64(state)
        for i in range(first, end):
            m = r * (n_deck - i)
            j = i + (m >> 64)
            r = m & _MASK64
            deck[i], deck[j] = deck[j], deck[i]
    return state
