"""The pure-Python backend: the C core's functions, identical results.

Tables come from the same generator as the C tables (:mod:`hilo_fast._tablegen`).
Functions take sequences of ints and, like the C, return a negative ``ERR_*``
code for cards out of range, duplicates or wrong counts instead of raising,
so the Python layer treats both backends alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from . import _tablegen as gen

NAME = "python"

ERR_CARD = -1
ERR_DUPLICATE = -2
ERR_COUNT = -3

_FLUSH, _UNIQUE5, _MULTISET = gen.high_tables()
_LOW5 = gen.low5_table()

# Per card id: rank bit, suit, and 5**rank (a sum of five is a key of the rank
# multiset, which the non-flush dict maps to its value).
_RANK_BIT = [1 << (c >> 2) for c in range(52)]
_SUIT = [c & 3 for c in range(52)]
_QUINARY = [5 ** (c >> 2) for c in range(52)]
_LOW_BIT = [gen.low_mask_of_rank(c >> 2) for c in range(52)]
_NON_FLUSH = {
    sum(5**r for r in ranks): value
    for value, (category, ranks) in enumerate(gen.high_classes(), start=1)
    if category not in (0, 3)
}
_OMAHA_LOW: dict[int, int] = {}  # filled lazily: 65,536 entries cost ~1.5 s to build at once


def check_cards(*groups: Sequence[int]) -> int:
    """0 if every card is an int in 0..51 and all are distinct, else ERR_*."""
    seen = 0
    for cards in groups:
        for card in cards:
            if type(card) is not int or not 0 <= card < 52:
                return ERR_CARD
            bit = 1 << card
            if seen & bit:
                return ERR_DUPLICATE
            seen |= bit
    return 0


def _high5(a: int, b: int, c: int, d: int, e: int) -> int:
    suit = _SUIT[a]
    if suit == _SUIT[b] == _SUIT[c] == _SUIT[d] == _SUIT[e]:
        return _FLUSH[_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c] | _RANK_BIT[d] | _RANK_BIT[e]]
    return _NON_FLUSH[_QUINARY[a] + _QUINARY[b] + _QUINARY[c] + _QUINARY[d] + _QUINARY[e]]


def _low5(a: int, b: int, c: int, d: int, e: int) -> int:
    return _LOW5[_LOW_BIT[a] | _LOW_BIT[b] | _LOW_BIT[c] | _LOW_BIT[d] | _LOW_BIT[e]]


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of five cards, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    return check_cards(cards) or _high5(*cards)


def low5(cards: Sequence[int]) -> int:
    """Low value 1..56 of five cards, 0 for no qualifying low, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    return check_cards(cards) or _low5(*cards)


def _check_hand(hole: Sequence[int], board: Sequence[int]) -> int:
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        return ERR_COUNT
    return check_cards(hole, board)


def _omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    hole_mask = board_mask = 0
    for card in hole:
        hole_mask |= _LOW_BIT[card]
    for card in board:
        board_mask |= _LOW_BIT[card]
    key = hole_mask << 8 | board_mask
    value = _OMAHA_LOW.get(key)
    if value is None:
        value = _OMAHA_LOW[key] = gen.omaha_low_value(hole_mask, board_mask)
    return value


def _omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    # Precompute each board triple's rank bits, quinary sum and common suit
    # (-1 if mixed) once, so the inner loop is a handful of int operations.
    triples = []
    for a, b, c in combinations(board, 3):
        suit = _SUIT[a] if _SUIT[a] == _SUIT[b] == _SUIT[c] else -1
        triples.append((_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c],
                        _QUINARY[a] + _QUINARY[b] + _QUINARY[c], suit))
    best = 7463
    for x, y in combinations(hole, 2):
        pair_bits = _RANK_BIT[x] | _RANK_BIT[y]
        pair_quinary = _QUINARY[x] + _QUINARY[y]
        pair_suit = _SUIT[x] if _SUIT[x] == _SUIT[y] else -2
        for bits, quinary, suit in triples:
            if suit == pair_suit:
                value = _FLUSH[pair_bits | bits]
            else:
                value = _NON_FLUSH[pair_quinary + quinary]
            if value < best:
                best = value
    return best


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_* (as ``hf_omaha``)."""
    return _check_hand(hole, board) or (_omaha_high(hole, board) << 8 | _omaha_low(hole, board))


def omaha_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None] | int:
    """``(high, low, high_cards, low_cards)`` as ``hf_omaha_best``, or ERR_*.

    Of equal hands the first in enumeration order wins: hole pairs, then
    board triples, each lexicographic in the order given.
    """
    err = _check_hand(hole, board)
    if err:
        return err
    low = _omaha_low(hole, board)
    high, high_cards, low_cards = 7463, (0,) * 5, None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = pair + triple
            value = _high5(*five)
            if value < high:
                high, high_cards = value, five
            if low and low_cards is None and _low5(*five) == low:
                low_cards = five
    return high, low, high_cards, low_cards
