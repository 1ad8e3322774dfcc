"""The core's native twin: evaluation, settlement and the batch, thin calls into
the compiled cffi module (:mod:`hilo_fast._native._core`).

Same functions and return conventions as :mod:`hilo_fast.core._py_backend`. The C
validates every card itself; the only checks here are the ones cffi cannot
make for it (a fixed 5-card array needs exactly five items; cards must be
ints, not floats cffi would truncate). Input cffi cannot pass (not ints,
numbers beyond int32/int64) is replaced by values the C refuses at the same
place (a card 52, a count -1), so the C still decides the error code, as
the pure twin does, in the same order. The other concepts' native twins
(equity, engine, envs) build on the helpers here. This module never imports
a pure twin.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from struct import Struct
from typing import Any

from .._native._core import ffi, lib

NAME = "native"


def function_address(name: str) -> int:
    """The address of the core's function ``name``, for a CPython builtin that
    calls it (csrc/py/hhrows_all_in.c, hhrows_seats.c)."""
    return int(ffi.cast("uintptr_t", ffi.addressof(lib, name)))  # type: ignore[call-overload]

# ---- the constants of csrc/hilo_fast.h, read from it (the pure twin's copies
# are checked against the header by tests/native/test_constants.py) ----

ERR_CARD: int = lib.HF_ERR_CARD
ERR_DUPLICATE: int = lib.HF_ERR_DUPLICATE
ERR_COUNT: int = lib.HF_ERR_COUNT
ERR_TOO_MANY_CHIPS: int = lib.HF_ERR_TOO_MANY_CHIPS
ERR_CHIPS_NOT_CONSERVED: int = lib.HF_ERR_CHIPS_NOT_CONSERVED
MAX_CHIPS: int = 1 << lib.HF_MAX_CHIPS_BITS

_NOT_A_CARD = (TypeError, OverflowError, ValueError)

# cffi converts anything with __int__, so a numpy float, a Decimal or a
# Fraction would silently be truncated into a card. A sum is the cheapest
# probe that every card is an int: it stays an int only if they all are.
# Starting at 2**62 keeps sum() on its C-long fast path for ints, while a
# numpy integer scalar raises OverflowError at once (numpy >= 2) instead of
# wrapping around with a RuntimeWarning (only an int64 scalar near 2**63, far
# from any card, can still wrap and warn).
_SUM_START = 2**62


def _ints(cards: Sequence[int], more: Sequence[int] = ()) -> bool:
    """True when every card of both groups is an int (a bool counts: it is one)."""
    try:
        return type(sum(more, sum(cards, _SUM_START))) is int
    except Exception:  # a card that cannot be added is no int
        return False


_LISTS = (list, tuple)


_BAD_CARD = 52   # a card the C refuses (HF_ERR_CARD) where an unpassable item was


def _card_ids(cards: Any) -> list[int]:
    """``cards`` as ints cffi can pass: an item that is not an int in -1..51
    (-1: a random hand's card in equity) becomes a card the C refuses there."""
    return [c if type(c) is int and -1 <= c < 52 else _BAD_CARD for c in cards]


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of five cards, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_high5(cards))
        except _NOT_A_CARD:
            pass
    return int(lib.hf_high5(_card_ids(cards)))


def low5(cards: Sequence[int]) -> int:
    """Low value 1..56 of five cards, 0 for no qualifying low, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    if _ints(cards):
        try:
            return int(lib.hf_low5(cards))
        except _NOT_A_CARD:
            pass
    return int(lib.hf_low5(_card_ids(cards)))


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_*.

    Lists and tuples go to C as bytes: ``bytes()`` takes only true integers
    (``__index__``) in 0..255, so it is an exact card-type check that costs
    less than cffi's own list conversion (anything else goes as checked
    ints). Never ``bytes()`` of other objects: a numpy array would give its
    raw memory.
    """
    if type(hole) in _LISTS and type(board) in _LISTS:
        try:
            cards = bytes(hole) + bytes(board)
        except (TypeError, ValueError):
            pass
        else:
            return lib.hf_omaha_bytes(cards, len(hole), len(board))
    hole_ids, board_ids = _card_ids(hole), _card_ids(board)
    return int(lib.hf_omaha(hole_ids, len(hole_ids), board_ids, len(board_ids)))


def omaha_bytes(cards: bytes, n_hole: int) -> int:
    """``omaha(cards[:n_hole], cards[n_hole:])`` for card ids as bytes: cffi
    passes a bytes object as it is, faster than converting two lists."""
    if type(cards) is not bytes:
        return ERR_CARD
    try:
        return lib.hf_omaha_bytes(cards, n_hole, len(cards) - n_hole)
    except OverflowError:  # a count beyond int32: the pure backend's answer
        return ERR_COUNT


#: ``pack, river = OMAHA_RIVER[n_hole]``; ``river(pack(*hole, *board))`` is
#: ``high << 8 | low`` of n_hole cards and a 5-card board, or ERR_*. ``pack``
#: (struct) takes exactly n_hole + 5 ints 0..255 (``__index__``: no float is
#: truncated into a card) or raises struct.error.
OMAHA_RIVER = {n: (Struct(f"{n + 5}B").pack, river) for n, river in
               ((4, lib.hf_omaha_river4), (5, lib.hf_omaha_river5), (6, lib.hf_omaha_river6))}


def builtin_omaha_hilo(fallback: Callable[[Any, Any], tuple[int, int | None]]
                       ) -> Callable[[Any, Any], tuple[int, int | None]] | None:
    """``omaha_hilo`` as a CPython builtin (csrc/py/percall.c) bound to this
    module's ``hf_omaha_bytes``, with ``fallback`` for every input it does not
    answer itself; None where the builtin was not built (PyPy, a failed compile)."""
    try:
        from .._native import _percall
    except ImportError:
        return None
    address = ffi.cast("uintptr_t", ffi.addressof(lib, "hf_omaha_bytes"))  # type: ignore[call-overload]
    _percall.bind(int(address), fallback)
    return _percall.omaha_hilo


def omaha_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None] | int:
    """``(high, low, high_cards, low_cards)`` of an Omaha hand, or ERR_*."""
    out: Any = ffi.new("hf_hand *")  # cffi struct fields are typed at run time only
    try:
        if not _ints(hole, board):
            raise TypeError("not ints")
        err = int(lib.hf_omaha_best(hole, len(hole), board, len(board), out))
    except _NOT_A_CARD:
        hole, board = _card_ids(hole), _card_ids(board)
        err = int(lib.hf_omaha_best(hole, len(hole), board, len(board), out))
    if err:
        return err
    low_cards = tuple(out.low_cards) if out.low else None
    return int(out.high), int(out.low), tuple(out.high_cards), low_cards



# ---- random numbers: splitmix64, which equity and self-play draw from ----

_MASK64 = (1 << 64) - 1


def splitmix64(seed: int, index: int) -> int:
    """Output number ``index`` (0-based) of the splitmix64 stream seeded by ``seed``
    (both modulo 2**64), from ``hf_splitmix64``."""
    return int(lib.hf_splitmix64(seed & _MASK64, index & _MASK64))


# ---- settlement: a hand's payouts at showdown (csrc/core/settle.c) ----


def _row(hole: Any) -> list[Any]:
    """A live seat's cards given as another sequence: converted as the pure
    backend converts them (``array``), else Nones (refused as unconvertible)."""
    try:
        return list(array("i", hole))
    except (TypeError, ValueError, OverflowError):
        return [None] * len(hole)


def _unconvertible(cards: Sequence[Any]) -> bool:
    """Some card is no int32 (what the pure backend refuses before any check)."""
    try:
        array("i", cards)
    except (TypeError, ValueError, OverflowError):
        return True
    return False


def settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], live: Sequence[int],
           contributions: Sequence[int], button: int, odd_chip_low: int,
           payouts: list[int]) -> int:
    """Pay out a hand at showdown with ``hf_settle``: set ``payouts[:]`` and return
    0, or return ERR_* with ``payouts`` untouched (see the pure backend's twin).

    The C gets the live seats' cards in one flat array. Input it cannot be
    given is answered as the pure backend answers it, in the same order:
    flags, chips or options that do not convert, or rows of different sizes,
    are HF_ERR_COUNT; cards that do not convert go as cards the C refuses.
    """
    n = len(holes)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        button, odd_chip_low = int(button.__index__()), int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    if len(flags) != n or len(chips) != n or len(payouts) != n or len(board) != 5 \
            or not 0 <= button < n or odd_chip_low not in (0, 1):
        return ERR_COUNT   # what the C says to them; it must not read short arrays
    live_rows = [holes[seat] for seat in range(n) if flags[seat]]
    try:
        sizes = set(map(len, live_rows))  # type: ignore[arg-type]
    except TypeError:   # a live seat without cards
        return ERR_COUNT
    n_hole = sizes.pop() if len(sizes) == 1 else -1   # -1: refused by the C
    blank = (0,) * max(n_hole, 0)   # the C reads only live seats' cards
    rows: Sequence[Any] = holes
    cards: list[int] = []
    for hole, flag in zip(rows, flags, strict=True):
        cards.extend(blank if not flag else hole if type(hole) in _LISTS else _row(hole))
    board_ids: Sequence[Any] = board
    try:
        bytes(cards), bytes(board_ids)   # plain card ids?
    except (TypeError, ValueError):
        if _unconvertible(cards) or _unconvertible(board_ids):
            # As the pure backend: the C's count checks first, then this.
            counts_ok = 2 <= n <= 10 and any(flags) and 4 <= n_hole <= 6 \
                and min(chips) >= 0 and sum(chips) < 1 << 62
            return ERR_CARD if counts_ok else ERR_COUNT
        cards, board_ids = _card_ids(cards), _card_ids(board_ids)
    out = ffi.new("int64_t[]", n)
    err = int(lib.hf_settle(n, cards, n_hole, board_ids, flags,
                            ffi.from_buffer("int64_t[]", chips), button, odd_chip_low, out))
    if not err:
        payouts[:] = out
    return err


def settle_boards(n_boards: int, high: Sequence[int], low: Sequence[int], live: Sequence[int],
                  contributions: Sequence[int], button: int, odd_chip_low: int,
                  payouts: list[int]) -> int:
    """Pay out a hand from known values on ``n_boards`` boards with
    ``hf_settle_boards`` (see the pure backend's twin). Arrays of the wrong
    length never reach the C: they are ERR_COUNT, as the C says to them."""
    n = len(payouts)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        highs, lows = array("i", high), array("i", low)
        n_boards, button = int(n_boards.__index__()), int(button.__index__())
        odd_chip_low = int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    if not 1 <= n_boards <= 52 or not 2 <= n <= 10 or len(flags) != n or len(chips) != n \
            or len(highs) != n_boards * n or len(lows) != n_boards * n \
            or n_boards * n >= 1 << 31 or not 0 <= button < n or odd_chip_low not in (0, 1):
        return ERR_COUNT   # all of them HF_ERR_COUNT in C too; some would not fit an int32
    out = ffi.new("int64_t[]", n)
    err = int(lib.hf_settle_boards(n, n_boards, ffi.from_buffer("int32_t[]", highs),
                                   ffi.from_buffer("int32_t[]", lows), flags,
                                   ffi.from_buffer("int64_t[]", chips), button, odd_chip_low,
                                   out))
    if not err:
        payouts[:] = out
    return err


# ---- the batch (csrc/core/batch.c) ----

def omaha_batch(
    holes: Any, n_hole: int, boards: Any, n_board: int, start: int, stop: int,
    out_high: Any = None, out_low: Any = None, rowwise: bool = False,
) -> int:
    """Rows ``start..stop-1`` of flat int32 buffers (``n_hole`` / ``n_board``
    cards a row): -1 when every row is valid, after writing ``out_high[i]``
    and ``out_low[i]`` (when given) for each; else the first bad row, with
    nothing written. ``rowwise``: each row is checked as it is evaluated
    instead of all first (one pass over the cards, not two), and a bad row
    may leave the rows before it written (for outputs nobody sees unless
    every row is valid). The C call runs without the GIL."""
    hole_ids = ffi.from_buffer("int32_t[]", holes)
    board_ids = ffi.from_buffer("int32_t[]", boards)
    if not 0 <= start <= stop or len(hole_ids) < stop * n_hole or len(board_ids) < stop * n_board:
        raise ValueError("batch buffers shorter than the rows asked for")
    bad_row = ffi.new("int64_t *")
    hole_ptr, board_ptr = hole_ids + start * n_hole, board_ids + start * n_board
    if out_high is None or out_low is None:
        err = lib.hf_check_batch(hole_ptr, n_hole, board_ptr, n_board, stop - start, bad_row)
    else:
        high = ffi.from_buffer("int32_t[]", out_high, require_writable=True)
        low = ffi.from_buffer("int32_t[]", out_low, require_writable=True)
        if len(high) < stop or len(low) < stop:
            raise ValueError("batch outputs shorter than the rows asked for")
        run = lib.hf_omaha_batch_rows if rowwise else lib.hf_omaha_batch
        err = run(hole_ptr, n_hole, board_ptr, n_board, stop - start, high + start, low + start,
                  bad_row)
    if err == ERR_COUNT:
        raise ValueError(f"bad batch: {n_hole} hole and {n_board} board cards a row, "
                         "or outputs that overlap the inputs or each other")
    return -1 if err == 0 else start + int(bad_row[0])
