"""Equity's native twin: chunks of deals and of range deals settled into
integer tallies by csrc/equity/equity.c and csrc/equity/range_equity.c.

Same functions and return conventions as :mod:`hilo_fast.equity._py_backend`;
input cffi cannot pass is handed to the C as values it refuses at the same
place (see :mod:`hilo_fast.core._c_backend`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .._native._core import ffi, lib
from ..core._c_backend import _NOT_A_CARD, ERR_COUNT, _card_ids
from ..core._c_backend import function_address as function_address
from ..core._c_backend import splitmix64 as splitmix64
from .range_arrays import check_range_arrays

NAME = "native"

# ---- the constants of csrc/hilo_fast.h, read from it (the pure twin's copies
# are checked against the header by tests/native/test_constants.py) ----

EQUITY_POT: int = lib.HF_EQUITY_POT
EQUITY_MAX_PLAYERS: int = lib.HF_EQUITY_MAX_PLAYERS
EQUITY_MAX_COUNT: int = lib.HF_EQUITY_MAX_COUNT
#: A flat tally: deals, no_low, then these per player, in hf_equity_tally's order.
EQUITY_TALLY_FIELDS: tuple[str, ...] = tuple(
    name for name, _ in ffi.typeof("hf_equity_tally").fields if name not in ("deals", "no_low"))

# ---- equity: chunks of deals settled into integer tallies (csrc/equity/equity.c) ----
#
# A tally is a list of ints: deals, no_low, then per player share,
# share_sq, scoop, win_high, tie_high, win_low, tie_low (see hf_equity_tally).



# The tally struct read in one copy as its int64 words: deals, no_low, then each
# field's EQUITY_MAX_PLAYERS slots (a field by field read costs 3x more: the
# all-in equities of an import make one a pot).
_TALLY_WORDS = ffi.sizeof("hf_equity_tally") // 8
_FIELD_SLOTS = (_TALLY_WORDS - 2) // len(EQUITY_TALLY_FIELDS)


def _flat_tally(tally: Any, n_players: int) -> list[int]:
    """The flat tally of ``tally`` (a pointer to an hf_equity_tally)."""
    words: list[int] = ffi.unpack(ffi.cast("int64_t *", tally), _TALLY_WORDS)  # type: ignore[assignment]
    out = words[:2]
    for p in range(2, 2 + n_players):
        out += words[p::_FIELD_SLOTS]
    return out


def _n_players(holes: Sequence[int], n_hole: int) -> int:
    """Players in a flat list of hands; 0 (refused by the C) if it does not divide."""
    return len(holes) // n_hole if n_hole > 0 and len(holes) % n_hole == 0 else 0


def equity_deals(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int]
) -> int:
    """Number of deals of the spot (random hands are -1s), or ERR_*."""
    return _equity_spot_error(holes, n_hole, board, dead, checked=False)


def _equity_spot_error(holes: Sequence[int], n_hole: Any, board: Sequence[int],
                       dead: Sequence[int], *, checked: bool = True) -> int:
    """``hf_equity_deals`` of the spot with any item cffi cannot pass replaced
    by one the C refuses: the spot's error code, or (``checked``) ERR_COUNT
    for a valid spot, because the caller's numbers are out of range."""
    if type(n_hole) is not int or not 0 <= n_hole < 64:
        n_hole = -1
    holes, board, dead = _card_ids(holes), _card_ids(board), _card_ids(dead)
    deals = int(lib.hf_equity_deals(holes, _n_players(holes, n_hole), n_hole, board,
                                    len(board), dead, len(dead)))
    return ERR_COUNT if checked and deals >= 0 else deals


def equity_enumerate(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    first: int, count: int,
) -> list[int] | int:
    """Tally of deals ``first .. first + count - 1``, or ERR_*."""
    n_players = _n_players(holes, n_hole)  # a number beyond int64: the except below
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_enumerate(holes, n_players, n_hole, board, len(board),
                                          dead, len(dead), first, count, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)


def equity_sample(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    seed: int, count: int,
) -> list[int] | int:
    """Tally of ``count`` random deals drawn from the stream ``seed``, or ERR_*."""
    n_players = _n_players(holes, n_hole)  # a number beyond int64: the except below
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_sample(holes, n_players, n_hole, board, len(board),
                                       dead, len(dead), seed, count, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)




def equity_exact(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    part: int, n_parts: int,
) -> list[int] | int:
    """Tally of part ``part`` of ``n_parts`` of the grouped exact enumeration
    of a spot with every hand known (``hf_equity_exact``), or ERR_*."""
    n_players = _n_players(holes, n_hole)
    out = ffi.new("hf_equity_tally *")
    try:
        err = int(lib.hf_equity_exact(holes, n_players, n_hole, board, len(board),
                                      dead, len(dead), part, n_parts, out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    return err or _flat_tally(out, n_players)


def equity_exact_pots(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    pots: Sequence[int],
) -> list[list[int]] | int:
    """Each pot's tally of the grouped exact enumeration (``hf_equity_exact_pots``):
    ``pots[k]``, the bit mask of the players contesting pot k; tally k is of
    those players, in their order. Or ERR_*."""
    n_players = _n_players(holes, n_hole)
    out = ffi.new("hf_equity_tally[]", max(len(pots), 1))
    try:
        err = int(lib.hf_equity_exact_pots(holes, n_players, n_hole, board, len(board),
                                           dead, len(dead), pots, len(pots), out))
    except _NOT_A_CARD:
        return _equity_spot_error(holes, n_hole, board, dead)
    if err:
        return err
    return [_flat_tally(out + k, int(mask).bit_count()) for k, mask in enumerate(pots)]


# ---- range equity (csrc/equity/range_equity.c) ----
#
# ``ranges`` has one entry per player: None, or (combos, cumulative), a
# C-contiguous uint8 array of rows of card ids and an int64 array of the
# running sums of the rows' integer weights. A tally is an equity tally
# followed by the number of deals settled. (The array form: _range_arrays.py.)

ERR_RANGE_CLASH: int = lib.HF_ERR_RANGE_CLASH
RANGE_MAX_REJECTS: int = lib.HF_RANGE_MAX_REJECTS


def _ranges(ranges: Sequence[tuple[Any, Any] | None], n_hole: int) -> tuple[Any, list[Any]]:
    """The hf_range array, and the buffers it points into (kept alive by the caller)."""
    check_range_arrays(ranges, n_hole)
    out = ffi.new("hf_range[]", len(ranges))
    keep: list[Any] = []
    for p, entry in enumerate(ranges):
        if entry is not None:
            combos = ffi.from_buffer("uint8_t[]", entry[0])
            cumulative = ffi.from_buffer("int64_t[]", entry[1])
            keep += [combos, cumulative]
            out[p].combos, out[p].cumulative, out[p].n_combos = combos, cumulative, len(cumulative)
    return out, keep


def _range_call(c_function: Any, holes: Sequence[int], n_hole: int, board: Sequence[int],
                dead: Sequence[int], ranges: Sequence[tuple[Any, Any] | None],
                *trailing: Any) -> int:
    """One hf_range_* call over a spot and its ranges: its return code, or ERR_*."""
    table, _keep = _ranges(ranges, n_hole)
    n_players = _n_players(holes, n_hole)
    if len(ranges) != n_players:  # the C reads one entry per player
        return ERR_COUNT
    try:
        return int(c_function(holes, n_players, n_hole, board, len(board), dead, len(dead),
                              table, *trailing))
    except _NOT_A_CARD:  # numbers cffi cannot pass: the C names the spot's error
        return _equity_spot_error(holes, n_hole, board, dead)


def range_deals(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                ranges: Sequence[tuple[Any, Any] | None]) -> int:
    """Positions of the exhaustive range enumeration, or ERR_*."""
    return _range_call(lib.hf_range_deals, holes, n_hole, board, dead, ranges)


def _range_tally(err: int, out: Any, n_players: int) -> list[int] | int:
    """The equity tally and the deals settled, or the error."""
    if err:
        return err
    return [*_flat_tally(ffi.addressof(out, "tally"), n_players), int(out.settled)]


def range_enumerate(holes: Sequence[int], n_hole: int, board: Sequence[int],
                    dead: Sequence[int], ranges: Sequence[tuple[Any, Any] | None],
                    first: int, count: int, high_only: bool = False) -> list[int] | int:
    """Weighted tally of positions ``first .. first + count - 1`` (``high_only``:
    Omaha high, no low half), or ERR_*."""
    out = ffi.new("hf_range_tally *")
    err = _range_call(lib.hf_range_enumerate, holes, n_hole, board, dead, ranges,
                      int(bool(high_only)), first, count, out)
    return _range_tally(err, out, len(ranges))


def range_sample(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                 ranges: Sequence[tuple[Any, Any] | None], seed: int,
                 count: int, high_only: bool = False) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed`` (``high_only``:
    Omaha high), or ERR_*."""
    out = ffi.new("hf_range_tally *")
    err = _range_call(lib.hf_range_sample, holes, n_hole, board, dead, ranges,
                      int(bool(high_only)), seed, count, out)
    return _range_tally(err, out, len(ranges))


# ---- equity on several boards (csrc/equity/boards.c) ----
#
# ``boards`` is a list of 1 to BOARDS_MAX boards' known cards. A flat tally:
# deals, no_low of each of the BOARDS_MAX boards, then per player share,
# share_sq, scoop and, for each of the BOARDS_MAX boards, BOARD_FIELDS (see
# hf_boards_tally); shares in 1/boards_pot(number of boards) of the pot.

BOARDS_POT: int = lib.HF_BOARDS_POT
BOARDS_MAX: int = lib.HF_BOARDS_MAX
BOARD_FIELDS = ("board_scoop", "win_high", "tie_high", "win_low", "tie_low")


def _boards_args(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                 dead: Sequence[int]
                 ) -> tuple[list[int], int, int, list[int], list[int], int, list[int], int]:
    """The C's spot arguments: cards as ints it can pass (others as cards it
    refuses), the boards as rows of 5 and their known counts."""
    if type(n_hole) is not int or not 0 <= n_hole < 64:
        n_hole = -1
    holes, dead = _card_ids(holes), _card_ids(dead)
    rows: list[int] = []
    known: list[int] = []
    for board in boards[:BOARDS_MAX]:
        cards = _card_ids(board)
        known.append(len(cards) if len(cards) <= 5 else -1)  # -1: refused
        rows += (cards + [0] * 5)[:5]
    n_boards = len(boards) if 1 <= len(boards) <= BOARDS_MAX else -1
    known += [0] * (BOARDS_MAX - len(known))
    return (holes, _n_players(holes, n_hole), n_hole, rows + [0] * 5 * BOARDS_MAX, known,
            n_boards, dead, len(dead))


def boards_pot(n_boards: int) -> int:
    """The units of a pot on ``n_boards`` boards (hf_boards_pot), or ERR_COUNT."""
    if type(n_boards) is not int or not 1 <= n_boards <= BOARDS_MAX:
        return ERR_COUNT
    return int(lib.hf_boards_pot(n_boards))


@functools.lru_cache(maxsize=16)
def _flat_order(n_players: int) -> Any:
    """Where each item of the flat tally sits in hf_boards_tally read as int64s."""
    np = __import__("numpy")

    def at(field: str) -> int:
        return int(ffi.offsetof("hf_boards_tally", field)) // 8

    order = [at("deals"), *(at("no_low") + b for b in range(BOARDS_MAX))]
    for p in range(n_players):
        order += [at("share") + p, at("share_sq") + p, at("scoop") + p]
        for b in range(BOARDS_MAX):
            order += [at(field) + 10 * b + p for field in BOARD_FIELDS]
    return np.array(order, dtype=np.intp)


def _boards_flat(out: Any, n_players: int) -> list[int]:
    """The flat tally of an hf_boards_tally (every field an int64)."""
    np = __import__("numpy")
    words = np.frombuffer(ffi.buffer(out), dtype=np.int64)
    return words[_flat_order(n_players)].tolist()  # type: ignore[no-any-return]


def boards_deals(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                 dead: Sequence[int]) -> int:
    """Number of deals of a spot on several boards, or ERR_*."""
    return int(lib.hf_boards_deals(*_boards_args(holes, n_hole, boards, dead)))


def boards_enumerate(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                     dead: Sequence[int], high_only: bool, part: int,
                     n_parts: int) -> list[int] | int:
    """Tally of part ``part`` of ``n_parts`` of every deal, or ERR_*."""
    args = _boards_args(holes, n_hole, boards, dead)
    out = ffi.new("hf_boards_tally *")
    try:
        err = int(lib.hf_boards_enumerate(*args, int(bool(high_only)), part, n_parts, out))
    except _NOT_A_CARD:   # numbers cffi cannot pass: the spot's error, else a count's
        return _boards_refused(args)
    return err or _boards_flat(out, args[1])


def boards_sample(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                  dead: Sequence[int], high_only: bool, seed: int,
                  count: int) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed``, or ERR_*."""
    args = _boards_args(holes, n_hole, boards, dead)
    out = ffi.new("hf_boards_tally *")
    try:
        err = int(lib.hf_boards_sample(*args, int(bool(high_only)), seed, count, out))
    except _NOT_A_CARD:   # numbers cffi cannot pass: the spot's error, else a count's
        return _boards_refused(args)
    return err or _boards_flat(out, args[1])


def boards_sample_rows(rows: Any, counts: Any, n_hole: int,
                       boards: Sequence[Sequence[int]], dead: Sequence[int],
                       high_only: bool, seed: int) -> list[int] | int:
    """One tally of ``counts[k]`` random deals for each tuple of hands
    ``rows[k]`` (flat, every hand known: a list of lists, or a C-contiguous
    2-D int32 array), row k's from the stream ``splitmix64(seed, k)``; or
    ERR_* (hf_boards_sample_rows)."""
    np = __import__("numpy")
    if not isinstance(rows, np.ndarray):   # ids the C refuses for what is not a card
        rows = [_card_ids(row) for row in rows]
    try:
        table = np.ascontiguousarray(rows, dtype=np.int32)
        times = np.ascontiguousarray(counts, dtype=np.int64)
    except (OverflowError, TypeError, ValueError):
        return ERR_COUNT
    if table.ndim != 2 or not len(table) or times.shape != (len(table),) \
            or not 0 <= seed < 1 << 64:
        return ERR_COUNT
    args = _boards_args(table[0].tolist(), n_hole, boards, dead)
    if args[1] * n_hole != table.shape[1]:
        return ERR_COUNT
    out = ffi.new("hf_boards_tally *")
    err = int(lib.hf_boards_sample_rows(ffi.from_buffer("int32_t[]", table), len(table),
                                        ffi.from_buffer("int64_t[]", times), *args[1:],
                                        int(bool(high_only)), seed, out))
    return err or _boards_flat(out, args[1])


def _boards_refused(args: tuple[list[int], int, int, list[int], list[int], int, list[int],
                                int]) -> int:
    """What the C says to a call whose counts cffi could not pass: the
    spot's own error when it has one, else ERR_COUNT (as the pure twin)."""
    deals = int(lib.hf_boards_deals(*args))
    return deals if deals < 0 else ERR_COUNT


#: hf_range_vs_range_tally's fields per A combo.
RVR_FIELDS: int = lib.HF_RVR_FIELDS


def range_vs_range_tally(a_combos: Any, a_weights: Any, b_combos: Any, b_weights: Any,
                         n_hole: int, board: Sequence[int], dead: Sequence[int],
                         tally: Any) -> int:
    """Fill ``tally`` (float64, RVR_FIELDS per A combo; see
    hf_range_vs_range_tally) or return ERR_*. Runs without the GIL."""
    a = ffi.from_buffer("int32_t[]", a_combos)
    b = ffi.from_buffer("int32_t[]", b_combos)
    wa = ffi.from_buffer("double[]", a_weights)
    wb = ffi.from_buffer("double[]", b_weights)
    out = ffi.from_buffer("double[]", tally, require_writable=True)
    if not 4 <= n_hole <= 6 or len(a) != n_hole * len(wa) or len(b) != n_hole * len(wb) \
            or len(out) < RVR_FIELDS * len(wa):
        return ERR_COUNT
    board, dead = _card_ids(board), _card_ids(dead)
    return int(lib.hf_range_vs_range_tally(a, wa, len(wa), b, wb, len(wb), n_hole, board,
                                           len(board), dead, len(dead), out))
