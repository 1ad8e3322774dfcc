"""The core's pure-Python twin: evaluation, settlement and the batch, with the
C's results.

Tables come from the same generator as the C tables (:mod:`hilo_fast.core.tables`).
Functions take sequences of ints and, like the C, return a negative ``ERR_*``
code for cards out of range, duplicates or wrong counts instead of raising,
so the Python layer treats both twins alike. The pure equity twin builds on
the evaluation here.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import combinations
from struct import Struct
from typing import Any

from . import tables as gen
from .pots import payouts_of, split_pots, split_pots_boards

NAME = "python"

# ---- the constants of csrc/hilo_fast.h (the native twin reads them from its
# lib; tests/native/test_constants.py checks these copies against the header) ----

ERR_CARD = -1
ERR_DUPLICATE = -2
ERR_COUNT = -3
ERR_TOO_MANY_CHIPS = -4
ERR_CHIPS_NOT_CONSERVED = -5
#: Chips at a table stay below this in C (HF_MAX_CHIPS_BITS).
MAX_CHIPS = 1 << 52
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
_OMAHA_LOW: dict[int, int] = {}
# The fast Omaha high (as csrc/core/omaha_fast.h): rank-pair index per two card
# ids, board rows filled lazily by quinary key (unique per rank multiset), and
# per card a 3-bit counter in its suit's field, so a board's suit counts are
# one sum and the suit with three or more cards one lookup.
_PAIR = [[gen.rank_pair_index(a >> 2, b >> 2) for b in range(52)] for a in range(52)]
_HIGH_ROWS: dict[int, list[int]] = {}
_SUIT_COUNT = [1 << 3 * (c & 3) for c in range(52)]
_FLUSH_SUIT = [
    next((s for s in range(4) if counts >> 3 * s & 7 >= 3), -1) for counts in range(1 << 12)
]  # built at import: 4,096 entries, one per packing of four 3-bit suit counts


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


def _board_high_row(board: Sequence[int]) -> list[int]:
    """The best non-flush high per hole rank pair on this board's ranks
    (see ``csrc/core/omaha_fast.h``), built on first sight of the rank multiset."""
    key = 0
    for card in board:
        key += _QUINARY[card]
    row = _HIGH_ROWS.get(key)
    if row is None:
        row = _HIGH_ROWS[key] = gen.omaha_high_row(tuple(card >> 2 for card in board))
    return row


def _flush_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best flush of two suited hole cards and three suited board cards, 7463 if none."""
    suits = 0
    for card in board:
        suits += _SUIT_COUNT[card]
    suit = _FLUSH_SUIT[suits]
    if suit < 0:
        return 7463
    hole_bits = [_RANK_BIT[c] for c in hole if _SUIT[c] == suit]
    if len(hole_bits) < 2:
        return 7463
    board_bits = [_RANK_BIT[c] for c in board if _SUIT[c] == suit]
    return min(
        _FLUSH[x | y | a | b | c]
        for x, y in combinations(hole_bits, 2)
        for a, b, c in combinations(board_bits, 3)
    )


def _omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    # One row lookup per hole pair, as the C fast path; flushes apart.
    row = _board_high_row(board)
    best = min([row[_PAIR[x][y]] for x, y in combinations(hole, 2)])
    flush = _flush_high(hole, board)
    return flush if flush < best else best


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_* (as ``hf_omaha``)."""
    return _check_hand(hole, board) or (_omaha_high(hole, board) << 8 | _omaha_low(hole, board))


def omaha_bytes(cards: bytes, n_hole: int) -> int:
    """``omaha(cards[:n_hole], cards[n_hole:])`` for card ids as bytes."""
    if type(cards) is not bytes:
        return ERR_CARD
    return omaha(list(cards[:n_hole]), list(cards[n_hole:]))


#: The twin of the native OMAHA_RIVER: n_hole -> (pack, river), where
#: ``river(pack(*hole, *board))`` is omaha_bytes of the packed cards.
def _river(n_hole: int) -> Callable[[bytes], int]:
    def river(cards: bytes) -> int:
        return omaha_bytes(cards, n_hole)
    return river


OMAHA_RIVER: dict[int, tuple[Callable[..., bytes], Callable[[bytes], int]]] = {
    n: (Struct(f"{n + 5}B").pack, _river(n)) for n in (4, 5, 6)}


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



# ---- random numbers: splitmix64 (hf_splitmix64), which equity and self-play draw from ----

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def splitmix64(seed: int, index: int) -> int:
    """Output number ``index`` (0-based) of the splitmix64 stream seeded by ``seed``
    (hf_splitmix64); both are taken modulo 2**64."""
    return _mix64((seed + (index + 1) * _GOLDEN_GAMMA) & _MASK64)


def _splitmix64(state: int) -> tuple[int, int]:
    """(next state, output) of the stream whose state is ``state``."""
    state = (state + _GOLDEN_GAMMA) & _MASK64
    return state, _mix64(state)


# ---- settlement: the twin of hf_settle (csrc/core/settle.c) ----

_MAX_TOTAL_CHIPS = 1 << 62  # as settle.c: the chips of a hand stay below this


def settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], live: Sequence[int],
           contributions: Sequence[int], button: int, odd_chip_low: int,
           payouts: list[int]) -> int:
    """Pay out a hand at showdown as ``hf_settle``: set ``payouts[:]`` to the chips
    of each seat (exactly :func:`hilo_fast.core.showdown.showdown`'s payouts) and
    return 0, or return ERR_* and leave ``payouts`` untouched.

    One entry per seat in ``holes``, ``live`` (true: not folded; only live
    seats' holes are read), ``contributions`` and ``payouts``. Numbers go
    through the conversions the native backend makes at the C boundary
    (``bytes`` for ``live``, ``array`` for chips and cards), then the C's
    checks in its order: counts, button, rule and chips (ERR_COUNT), then
    the cards of the board and of each live seat (a card that does not
    convert is ERR_CARD).

    Board Kc 8d 7s 4c 3s; seat 0 makes 7-4-3-2-A, seat 1 three kings, seat 2
    folded. The kings' high half takes the odd chip:

    >>> board, holes = [44, 25, 23, 8, 7], [[48, 1, 40, 42], [45, 46, 39, 31], None]
    >>> out = [0, 0, 0]
    >>> settle(board, holes, [True, True, False], [1, 1, 1], 0, 0, out), out
    (0, [1, 2, 0])
    """
    n = len(holes)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        button, odd_chip_low = int(button.__index__()), int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    seats = [seat for seat in range(min(n, len(flags))) if flags[seat]]
    if not 2 <= n <= 10 or len(flags) != n or len(chips) != n or len(payouts) != n \
            or not 0 <= button < n or odd_chip_low not in (0, 1) or not seats \
            or min(chips) < 0 or sum(chips) >= _MAX_TOTAL_CHIPS:
        return ERR_COUNT
    try:
        sizes = {len(holes[seat]) for seat in seats}  # type: ignore[arg-type]
    except TypeError:   # a live seat without cards
        return ERR_COUNT
    if len(sizes) != 1 or not 4 <= min(sizes) <= 6 or len(board) != 5:
        return ERR_COUNT
    try:
        board_ids = list(array("i", board))
        rows = [list(array("i", holes[seat])) for seat in seats]  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return ERR_CARD
    err = check_cards(board_ids, *rows)
    if err:
        return err
    high, low = [0] * n, [0] * n
    for seat, hole in zip(seats, rows, strict=True):
        high[seat] = _omaha_high(hole, board_ids)
        low[seat] = _omaha_low(hole, board_ids)
    pots = split_pots(high, low, seats, list(chips), button, bool(odd_chip_low))
    payouts[:] = payouts_of(pots, n)
    return 0


def settle_boards(n_boards: int, high: Sequence[int], low: Sequence[int], live: Sequence[int],
                  contributions: Sequence[int], button: int, odd_chip_low: int,
                  payouts: list[int]) -> int:
    """Pay out a hand from known hand values on ``n_boards`` boards as
    ``hf_settle_boards``: ``high`` / ``low`` hold ``n_boards * len(payouts)``
    values, board-major, read for live seats only (high 1..7462, low 0..56, 0
    for no low). Sets ``payouts[:]`` and returns 0, or returns ERR_COUNT with
    ``payouts`` untouched (the C's checks: counts, options, chips, values).

    Two boards, seat 0 scoops the first, seat 1 the second (no lows):

    >>> out = [0, 0]
    >>> settle_boards(2, [5, 9, 9, 5], [0, 0, 0, 0], [1, 1], [3, 4], 0, 0, out), out
    (0, [3, 4])
    """
    n = len(payouts)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        highs, lows = array("i", high), array("i", low)
        n_boards, button = int(n_boards.__index__()), int(button.__index__())
        odd_chip_low = int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    seats = [seat for seat in range(min(n, len(flags))) if flags[seat]]
    if not 1 <= n_boards <= 52 or not 2 <= n <= 10 or len(flags) != n or len(chips) != n \
            or len(highs) != n_boards * n or len(lows) != n_boards * n \
            or not 0 <= button < n or odd_chip_low not in (0, 1) or not seats \
            or min(chips) < 0 or sum(chips) >= _MAX_TOTAL_CHIPS:
        return ERR_COUNT
    board_highs = [highs[b * n:(b + 1) * n] for b in range(n_boards)]
    board_lows = [lows[b * n:(b + 1) * n] for b in range(n_boards)]
    for b in range(n_boards):
        if any(not 1 <= board_highs[b][s] <= 7462 or not 0 <= board_lows[b][s] <= 56
               for s in seats):
            return ERR_COUNT
    pots = split_pots_boards(board_highs, board_lows, seats, list(chips), button,
                             bool(odd_chip_low))
    payouts[:] = payouts_of(pots, n)
    return 0


# ---- the batch: the twin of csrc/core/batch.c ----

def _int32_view(buffer: Any) -> memoryview:
    """A flat view of a C-contiguous int32 buffer (numpy array, array.array)."""
    view = memoryview(buffer)
    if view.nbytes == 0:  # memoryview cannot cast a view with a zero in its shape
        return memoryview(array("i"))
    return view.cast("B").cast("i")


def omaha_batch(
    holes: Any, n_hole: int, boards: Any, n_board: int, start: int, stop: int,
    out_high: Any = None, out_low: Any = None, rowwise: bool = False,
) -> int:
    """As the native ``omaha_batch``: rows ``start..stop-1`` of flat int32
    buffers; -1 when all are valid (outputs written when given), else the
    first bad row with nothing written (``rowwise``: the rows before it
    written, as hf_omaha_batch_rows may)."""
    hole_view, board_view = _int32_view(holes), _int32_view(boards)
    if not 0 <= start <= stop or len(hole_view) < stop * n_hole or len(board_view) < stop * n_board:
        raise ValueError("batch buffers shorter than the rows asked for")
    if not 4 <= n_hole <= 6 or not 3 <= n_board <= 5:
        raise ValueError(f"bad batch shape: {n_hole} hole and {n_board} board cards a row")
    hole_ids = hole_view[start * n_hole : stop * n_hole].tolist()
    board_ids = board_view[start * n_board : stop * n_board].tolist()
    rows = [
        (hole_ids[i * n_hole : (i + 1) * n_hole], board_ids[i * n_board : (i + 1) * n_board])
        for i in range(stop - start)
    ]
    bad = next((i for i, (hole, board) in enumerate(rows) if check_cards(hole, board)), -1)
    if out_high is None or out_low is None or (bad >= 0 and not rowwise):
        return -1 if bad < 0 else start + bad
    high_view, low_view = _int32_view(out_high), _int32_view(out_low)
    if len(high_view) < stop or len(low_view) < stop:
        raise ValueError("batch outputs shorter than the rows asked for")
    good = rows if bad < 0 else rows[:bad]  # rowwise: the rows before a bad one are written
    high_view[start:start + len(good)] = array("i", [_omaha_high(h, b) for h, b in good])
    low_view[start:start + len(good)] = array("i", [_omaha_low(h, b) for h, b in good])
    return -1 if bad < 0 else start + bad
