"""Generate every lookup table hilo-fast uses, from first principles.

This module is the single source of the tables: ``csrc/gen_tables.py`` writes
them out as C, and the pure-Python backend builds the same tables at import.
Nothing here is copied from another project; the numbering of the 7,462 high
classes follows the Cactus Kev convention (1 = royal flush, 7462 = 7-5-4-3-2
offsuit) so values can be compared with phevaluator and treys.

Ranks are 0..12 = deuce..ace. A "rank mask" has bit r set for rank r.
A "low mask" has bit 0 for the ace and bit k-1 for rank k (2..8).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

N_RANKS = 13
N_HIGH_CLASSES = 7462
N_LOW_CLASSES = 56

CATEGORIES = (
    "Straight Flush",
    "Four of a Kind",
    "Full House",
    "Flush",
    "Straight",
    "Three of a Kind",
    "Two Pair",
    "One Pair",
    "High Card",
)

# A straight as its five ranks, best (ace high) first; the last is the wheel.
STRAIGHTS: tuple[tuple[int, ...], ...] = (
    *(tuple(range(top, top - 5, -1)) for top in range(12, 3, -1)),
    (3, 2, 1, 0, 12),
)


def _descending(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _no_straight_sets() -> list[tuple[int, ...]]:
    """Every set of five distinct ranks that is not a straight, best first."""
    straights = {frozenset(s) for s in STRAIGHTS}
    sets = [
        _descending(c)
        for c in combinations(range(N_RANKS), 5)
        if frozenset(c) not in straights
    ]
    return sorted(sets, reverse=True)


def _kickers(exclude: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Every choice of n distinct kicker ranks avoiding ``exclude``, best first."""
    ranks = [r for r in range(N_RANKS) if r not in exclude]
    return sorted((_descending(c) for c in combinations(ranks, n)), reverse=True)


def high_classes() -> list[tuple[int, tuple[int, ...]]]:
    """The 7,462 high classes in value order (index 0 = value 1 = royal flush).

    Each entry is ``(category index, ranks)``; ``ranks`` lists the five ranks of
    the hand in the order a player names them (quads rank first, and so on).
    """
    ranks_desc = range(N_RANKS - 1, -1, -1)
    no_straight = _no_straight_sets()
    classes: list[tuple[int, tuple[int, ...]]] = []
    classes += [(0, s) for s in STRAIGHTS]
    classes += [
        (1, (q, q, q, q, *k)) for q in ranks_desc for k in _kickers((q,), 1)
    ]
    classes += [
        (2, (t,) * 3 + (p,) * 2) for t in ranks_desc for p in ranks_desc if p != t
    ]
    classes += [(3, s) for s in no_straight]
    classes += [(4, s) for s in STRAIGHTS]
    classes += [
        (5, (t, t, t, *k)) for t in ranks_desc for k in _kickers((t,), 2)
    ]
    classes += [
        (6, (hi, hi, lo, lo, *k))
        for hi in ranks_desc
        for lo in ranks_desc
        if lo < hi
        for k in _kickers((hi, lo), 1)
    ]
    classes += [
        (7, (p, p, *k)) for p in ranks_desc for k in _kickers((p,), 3)
    ]
    classes += [(8, s) for s in no_straight]
    assert len(classes) == N_HIGH_CLASSES
    return classes


def rank_mask(ranks: tuple[int, ...]) -> int:
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def multiset_index(ranks: tuple[int, ...]) -> int:
    """Minimal perfect hash of a multiset of five ranks into 0..6187.

    Sorted ascending, r0 <= r1 <= ... <= r4 maps one-to-one onto the strictly
    increasing r0 < r1+1 < ... < r4+4 drawn from 0..16, whose rank in the
    combinatorial number system is sum(C(ri + i, i + 1)).
    """
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted(ranks)))


N_MULTISETS = comb(N_RANKS + 4, 5)  # 6188 multisets of five ranks


def high_tables() -> tuple[list[int], list[int], list[int]]:
    """``(flush, unique5, multiset)`` tables of the 5-card high evaluator.

    ``flush[mask]`` and ``unique5[mask]`` give the value of five distinct
    ranks (``mask`` with 5 bits) as a flush or offsuit; ``multiset[i]`` gives
    the value of any non-flush hand whose sorted ranks hash to ``i`` (0 for
    the impossible five of a kind).
    """
    flush = [0] * (1 << N_RANKS)
    unique5 = [0] * (1 << N_RANKS)
    multiset = [0] * N_MULTISETS
    for value, (category, ranks) in enumerate(high_classes(), start=1):
        if category in (0, 3):
            flush[rank_mask(ranks)] = value
        else:
            if len(set(ranks)) == 5:
                unique5[rank_mask(ranks)] = value
            multiset[multiset_index(ranks)] = value
    return flush, unique5, multiset


def low_mask_of_rank(rank: int) -> int:
    """The low-mask bit of a rank, or 0 for nine and above (no use to a low)."""
    if rank == 12:
        return 1
    if rank <= 6:
        return 1 << (rank + 1)
    return 0


def card_low_bit_table() -> list[int]:
    """``table[card & 63]`` = the low-mask bit of a card id (0 for 52..63),
    so the C lookup is defined for any int."""
    return [low_mask_of_rank(c >> 2) if c < 52 else 0 for c in range(64)]


def low_classes() -> list[int]:
    """The 56 qualifying lows as low masks, best (5-4-3-2-A) first.

    Comparing lows from the top card down is comparing their masks as
    integers, so the order is simply ascending.
    """
    return sorted(rank_mask(c) for c in combinations(range(8), 5))


_LOW_CLASSES = tuple(low_classes())


def low5_table() -> list[int]:
    """``low5[mask]`` = 1..56 for an 8-bit low mask, else 0 (no low).

    Bit 0 is the ace, bit 7 the eight; a low is a mask of five set bits.
    """
    table = [0] * 256
    for value, mask in enumerate(low_classes(), start=1):
        table[mask] = value
    return table


def omaha_low_value(hole_mask: int, board_mask: int) -> int:
    """Best Omaha low from the low masks of the hole and board cards.

    A low L can be made from exactly two hole and three board cards exactly
    when L lies within hole | board, at least two of its ranks are in the hole
    and at least three on the board (ranks only in the hole must come from the
    hole, and so on; the ranks in both can go either way).

    >>> omaha_low_value(0b11, 0b11100)  # A-2 in the hole, 3-4-5 on board
    1
    """
    usable = hole_mask | board_mask
    if hole_mask.bit_count() < 2 or board_mask.bit_count() < 3 or usable.bit_count() < 5:
        return 0
    for value, low in enumerate(_LOW_CLASSES, start=1):
        if (
            low & ~usable == 0
            and (low & hole_mask).bit_count() >= 2
            and (low & board_mask).bit_count() >= 3
        ):
            return value
    return 0


def omaha_low_table() -> list[int]:
    """``table[hole_mask << 8 | board_mask]`` = best Omaha low 0..56."""
    return [omaha_low_value(h, b) for h in range(256) for b in range(256)]


# ---- Omaha high by rank structure (the fast evaluator's tables) ----
#
# Ignoring suits, the best Omaha high of a hand depends only on the ranks of
# each hole pair and the rank multiset of the board. So for every board rank
# multiset (3, 4 or 5 ranks) one row gives, per hole rank pair, the best
# non-flush value of the pair plus any three board ranks. A hand then costs one
# lookup per hole pair; flushes are handled apart, and only when the board has
# three cards of one suit (a flush value always beats the same ranks offsuit).

N_RANK_PAIRS = N_RANKS * (N_RANKS + 1) // 2  # 91 multisets of two ranks


def rank_pair_index(r1: int, r2: int) -> int:
    """Index 0..90 of the multiset {r1, r2}: hi * (hi + 1) / 2 + lo."""
    lo, hi = min(r1, r2), max(r1, r2)
    return hi * (hi + 1) // 2 + lo


def card_pair_table() -> list[int]:
    """``table[a * 52 + b]`` = :func:`rank_pair_index` of cards ``a`` and ``b``."""
    return [rank_pair_index(a >> 2, b >> 2) for a in range(52) for b in range(52)]


def rank_multisets(k: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of ``k`` ranks, at position :func:`multiset_index`."""
    multisets = list(combinations_with_replacement(range(N_RANKS), k))
    multisets.sort(key=multiset_index)
    assert [multiset_index(m) for m in multisets] == list(range(len(multisets)))
    return multisets


@lru_cache(maxsize=1)
def _multiset_values() -> list[int]:
    return high_tables()[2]


@cache
def _triple_row(triple: tuple[int, ...]) -> list[int]:
    """Row of one sorted board rank triple: the non-flush value of each rank
    pair plus the triple (0 where a rank would appear five times: no real hand)."""
    multiset = _multiset_values()
    pairs = sorted(combinations_with_replacement(range(N_RANKS), 2),
                   key=lambda p: rank_pair_index(*p))
    return [multiset[multiset_index(pair + triple)] for pair in pairs]


def omaha_high_row(board_ranks: tuple[int, ...]) -> list[int]:
    """Best non-flush high of each hole rank pair (by :func:`rank_pair_index`)
    plus any three of ``board_ranks`` (3..5 ranks, any order).

    >>> row = omaha_high_row((12, 12, 0, 5, 7))  # A A 2 7 9 on board
    >>> row[rank_pair_index(12, 12)]  # two aces in the hole: four aces, nine kicker
    15
    """
    rows = [_triple_row(t) for t in set(combinations(sorted(board_ranks), 3))]
    return list(map(min, *rows)) if len(rows) > 1 else list(rows[0])


def omaha_high_rows(board_size: int) -> list[int]:
    """Flat table ``[multiset_index(board ranks) * 91 + rank_pair_index]`` of
    :func:`omaha_high_row` for every multiset of ``board_size`` ranks.

    Rows for impossible rank counts (a rank five times) hold 0; real cards
    never reach them.
    """
    flat: list[int] = []
    for board in rank_multisets(board_size):
        flat += omaha_high_row(board)
    return flat
