"""Evaluate many Omaha Hi-Lo hands in one call: :func:`evaluate_batch`.

One Python call per hand caps out near a million hands a second whatever
the C does; a batch hands the C core whole arrays. numpy int32 arrays that
are C-contiguous go to C without a copy (cffi ``from_buffer``); other
integer dtypes and layouts are converted once, after a range check so that
no value can wrap into a valid card. numpy is optional: lists of rows work
too, on both backends, and give lists back.

Card ids are the core's (``rank * 4 + suit``, 0..51). Values are lower is
better: high 1..7462, low 1..56, and **0 for no qualifying low** (so the
result is an int array).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

from ..cards import check_distinct
from ._backend import backend
from .split import PARALLEL, pull

if TYPE_CHECKING:  # numpy is optional: only its types are needed here
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

    #: One batch's outputs: numpy int32 arrays of shape (N,).
    Int32Array = NDArray[np.int32]

__all__ = ["evaluate_batch"]

HOLE_SIZES = (4, 5, 6)
BOARD_SIZES = (3, 4, 5)


def _numpy() -> Any:
    """numpy if the caller has imported it (so it may have passed arrays), else None."""
    return sys.modules.get("numpy")


def _check_threads(threads: object) -> int:
    if threads is None:
        return 1
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be >= 1, got {threads}")
    return threads


def _shape_error(name: str, sizes: tuple[int, ...], got: str) -> ValueError:
    return ValueError(f"{name} must be rows of {sizes[0]}..{sizes[-1]} card ids "
                      f"(an array of shape (N, k)), got {got}")


def _bad_row_error(row: int, hole: Sequence[object], board: Sequence[object]) -> ValueError:
    """The error for a row the backend rejected, naming the row and the card."""
    for card in (*hole, *board):
        if type(card) is not int or not 0 <= card < 52:
            return ValueError(f"row {row}: bad card {card!r}: card ids are ints 0..51")
    try:
        check_distinct(hole=hole, board=board)  # type: ignore[arg-type]
    except ValueError as err:
        return ValueError(f"row {row}: {err}")
    return ValueError(f"row {row}: bad cards {list(hole)} {list(board)}")


# ---- numpy input ----

def _numpy_rows(np: Any, rows: Any, name: str, sizes: tuple[int, ...]) -> Any:
    """``rows`` as a C-contiguous int32 array of shape (N, k), copied only
    when it is not one already; out-of-range values raise before the cast."""
    arr = np.asarray(rows)
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise _shape_error(name, sizes, f"shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integer card ids, not {arr.dtype}")
    if arr.dtype == np.int32 and arr.flags.c_contiguous and arr.flags.aligned:
        return arr
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        row = int(bad.any(axis=1).argmax())
        card = arr[row][bad[row]][0]
        raise ValueError(f"row {row}: bad card {int(card)} in {name}: card ids are ints 0..51")
    return np.ascontiguousarray(arr, dtype=np.int32)


def _numpy_out(np: Any, out: Any, name: str, n_rows: int) -> Any:
    if out is None:
        return np.empty(n_rows, dtype=np.int32)
    if not isinstance(out, np.ndarray):
        raise TypeError(f"{name} must be a numpy int32 array, not {type(out).__name__}")
    if out.dtype != np.int32 or out.shape != (n_rows,) or not out.flags.c_contiguous \
            or not out.flags.writeable:
        raise ValueError(f"{name} must be a writeable C-contiguous int32 array of shape "
                         f"({n_rows},), got {out.dtype} {out.shape}")
    return out


def _check_separate(overlap: Callable[[Any, Any], bool], high: Any, low: Any,
                    holes: Any, boards: Any) -> None:
    """Outputs may not share memory with the inputs or with each other: the C
    writes row i's values while later rows are still to be read, so an output
    laid over the cards would feed it unchecked "cards" (read out of bounds)."""
    pairs = (("out_high", high, "holes", holes), ("out_high", high, "boards", boards),
             ("out_low", low, "holes", holes), ("out_low", low, "boards", boards),
             ("out_high", high, "out_low", low))
    for out_name, out, other_name, other in pairs:
        if overlap(out, other):
            raise ValueError(f"{out_name} overlaps {other_name}: outputs must be separate arrays")


# ---- list input ----

def _sequence_rows(rows: object, name: str) -> Sequence[Sequence[int]]:
    """``rows`` itself, once it is known to be a sequence (of rows, checked later)."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError(f"{name} must be a sequence of rows or a numpy array, "
                        f"not {type(rows).__name__}")
    return rows


def _flat_rows(rows: Sequence[Sequence[int]], name: str,
               sizes: tuple[int, ...]) -> tuple[array[int], int]:
    """Rows of ints as one flat int32 ``array`` and the row length."""
    width = len(rows[0]) if len(rows) else sizes[0]
    if width not in sizes:
        raise _shape_error(name, sizes, f"rows of {width}")
    flat: array[int] = array("i")
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {i}: {name} has {len(row)} cards, row 0 has {width}")
        try:
            flat.extend(row)
        except (TypeError, OverflowError):
            bad = next(c for c in row if type(c) is not int or not 0 <= c < 52)
            raise (TypeError if type(bad) is not int else ValueError)(
                f"row {i}: bad card {bad!r} in {name}: card ids are ints 0..51") from None
    return flat, width


def _array_out(out: Any, name: str, n_rows: int) -> Any:
    if out is None:
        return array("i", bytes(4 * n_rows))
    if not isinstance(out, array) or out.typecode != "i" or len(out) != n_rows:
        raise TypeError(f"{name} must be an array('i') of length {n_rows} for list input")
    return out


# ---- the row loop, split over threads ----

#: A split over threads pays only with enough rows for each thread: about
#: 25 ns a row on one core, so 32,768 rows are 0.8 ms, more than ten times
#: the cost of starting a thread and handing out blocks (a helper the machine
#: cannot run at once costs only that: the caller takes every block itself).
#: Below twice this many rows one thread does the work, whatever ``threads``.
MIN_ROWS_PER_THREAD = 32_768
#: Blocks of rows handed out to the threads one at a time: about 16 per
#: thread, so a thread the machine slows down leaves at most a block to the
#: others, and at least this many rows (Python's cost per block is a few
#: microseconds); a multiple of 16 rows, so two threads' outputs meet at a
#: 64-byte line.
MIN_BLOCK_ROWS = 8_192


def _threads_used(n_rows: int, threads: int) -> int:
    """The threads a batch of ``n_rows`` runs on: 1 when a split cannot pay
    (too few rows, or a backend whose calls keep the GIL), else ``threads``
    at most and no more than one per MIN_ROWS_PER_THREAD rows."""
    if not PARALLEL:
        return 1
    return max(1, min(threads, n_rows // MIN_ROWS_PER_THREAD))


def _blocks(n_rows: int, threads: int) -> list[tuple[int, int]]:
    size = max(MIN_BLOCK_ROWS, -(-n_rows // (16 * threads)))
    size = -(-size // 16) * 16
    return [(start, min(start + size, n_rows)) for start in range(0, n_rows, size)]


def _run(holes: Any, n_hole: int, boards: Any, n_board: int, n_rows: int,
         out_high: Any, out_low: Any, threads: int, given: bool,
         new_out: Callable[[int], Any]) -> int:
    """Evaluate every row into the outputs; -1, or the first bad row.

    Each row is checked as it is evaluated (``rowwise``: the cards are read
    from memory once), in blocks pulled by the threads. Outputs made here
    are never seen when a row is bad; outputs the caller ``given`` must stay
    untouched then, so from MIN_ROWS_PER_THREAD rows the rows are evaluated
    into outputs made here (``new_out``) and copied into the caller's once
    all are valid: the copy costs far less than a pass that checks every
    row first (a million rows on one thread: about 28 ns a row in all,
    against 31-34 with the check pass), and the threads need not wait for
    each other between checking and evaluating. Fewer rows: checked first,
    then evaluated, in one C call (hf_omaha_batch)."""
    if given and n_rows < MIN_ROWS_PER_THREAD:
        return int(backend.omaha_batch(holes, n_hole, boards, n_board, 0, n_rows,
                                       out_high, out_low))
    high, low = (new_out(n_rows), new_out(n_rows)) if given else (out_high, out_low)
    used = _threads_used(n_rows, threads)
    if used == 1:
        bad = int(backend.omaha_batch(holes, n_hole, boards, n_board, 0, n_rows, high, low,
                                      rowwise=True))
    else:
        first_bad = [-1]

        def evaluate(block: tuple[int, int]) -> int:
            return int(backend.omaha_batch(holes, n_hole, boards, n_board, *block, high, low,
                                           rowwise=True))

        def note(_block: tuple[int, int], bad: int) -> None:
            if bad >= 0 and (first_bad[0] < 0 or bad < first_bad[0]):
                first_bad[0] = bad

        pull(_blocks(n_rows, used), evaluate, note, used)
        bad = first_bad[0]  # the least: every block before its block ran to its end
    if given and bad < 0:
        out_high[:] = high
        out_low[:] = low
    return bad


@overload
def evaluate_batch(
    holes: NDArray[np.integer[Any]], boards: ArrayLike, *,
    out_high: Int32Array | None = None, out_low: Int32Array | None = None,
    threads: int | None = None,
) -> tuple[Int32Array, Int32Array]: ...
@overload
def evaluate_batch(
    holes: ArrayLike, boards: NDArray[np.integer[Any]], *,
    out_high: Int32Array | None = None, out_low: Int32Array | None = None,
    threads: int | None = None,
) -> tuple[Int32Array, Int32Array]: ...
@overload
def evaluate_batch(
    holes: Sequence[Sequence[int]], boards: Sequence[Sequence[int]], *,
    out_high: None = None, out_low: None = None, threads: int | None = None,
) -> tuple[list[int], list[int]]: ...
@overload
def evaluate_batch(
    holes: Sequence[Sequence[int]], boards: Sequence[Sequence[int]], *,
    out_high: array[int], out_low: array[int], threads: int | None = None,
) -> tuple[array[int], array[int]]: ...
def evaluate_batch(
    holes: ArrayLike,
    boards: ArrayLike,
    *,
    out_high: Int32Array | array[int] | None = None,
    out_low: Int32Array | array[int] | None = None,
    threads: int | None = None,
) -> tuple[Int32Array, Int32Array] | tuple[list[int], list[int]] | tuple[array[int], array[int]]:
    """High and low values of many Omaha Hi-Lo hands, row by row.

    ``holes``: N rows of 4, 5 or 6 card ids; ``boards``: N rows of 3, 4 or 5
    card ids (each a 2-D numpy integer array or a sequence of int sequences;
    every row the same length). Returns ``(high, low)``: high 1..7462 and
    low 1..56 with **0 = no qualifying low**, lower is better; numpy int32
    arrays if either input is a numpy array, else lists.

    ``out_high`` / ``out_low``: optional outputs to fill and return instead
    of new ones (numpy int32 arrays of shape (N,) for numpy input,
    ``array('i')`` of length N for lists). ``threads``: split the rows over
    this many threads (the C releases the GIL); the results are the same.
    Fewer rows than ``2 * MIN_ROWS_PER_THREAD`` (65,536), or the pure
    backend under a GIL, run on one thread: there a split cannot pay.

    Every card is checked: a bad id or a card twice in a row raises
    ``ValueError`` naming the row and the card, and nothing is written.

    >>> from hilo_fast.cards import parse_cards
    >>> holes = [parse_cards("As2dKh9c"), parse_cards("KsKd7c2h")]
    >>> boards = [parse_cards("3s4h5dKd8c"), parse_cards("Kh7d7s3c9d")]
    >>> evaluate_batch(holes, boards)  # a wheel with the nut low; kings full, no low
    ([1609, 185], [1, 0])
    >>> evaluate_batch(holes, [boards[0], parse_cards("Kh7d7s3cKs")])
    Traceback (most recent call last):
    ...
    ValueError: row 1: duplicate card Ks: in hole and in board
    """
    n_threads = _check_threads(threads)
    np = _numpy()
    if np is not None and (isinstance(holes, np.ndarray) or isinstance(boards, np.ndarray)):
        hole_arr = _numpy_rows(np, holes, "holes", HOLE_SIZES)
        board_arr = _numpy_rows(np, boards, "boards", BOARD_SIZES)
        n_rows, n_hole, n_board = len(hole_arr), hole_arr.shape[1], board_arr.shape[1]
        if len(board_arr) != n_rows:
            raise ValueError(f"holes has {n_rows} rows but boards has {len(board_arr)}")
        high = _numpy_out(np, out_high, "out_high", n_rows)
        low = _numpy_out(np, out_low, "out_low", n_rows)
        _check_separate(np.may_share_memory, high, low, hole_arr, board_arr)
        given = out_high is not None or out_low is not None
        bad = _run(hole_arr, n_hole, board_arr, n_board, n_rows, high, low, n_threads, given,
                   lambda n: np.empty(n, dtype=np.int32))
        if bad >= 0:
            raise _bad_row_error(bad, hole_arr[bad].tolist(), board_arr[bad].tolist())
        return high, low
    hole_rows, board_rows = _sequence_rows(holes, "holes"), _sequence_rows(boards, "boards")
    hole_flat, n_hole = _flat_rows(hole_rows, "holes", HOLE_SIZES)
    board_flat, n_board = _flat_rows(board_rows, "boards", BOARD_SIZES)
    n_rows = len(hole_rows)
    if len(board_rows) != n_rows:
        raise ValueError(f"holes has {n_rows} rows but boards has {len(board_rows)}")
    given = out_high is not None or out_low is not None
    high, low = _array_out(out_high, "out_high", n_rows), _array_out(out_low, "out_low", n_rows)
    _check_separate(lambda a, b: a is b, high, low, hole_flat, board_flat)
    bad = _run(hole_flat, n_hole, board_flat, n_board, n_rows, high, low, n_threads, given,
               lambda n: array("i", bytes(4 * n)))
    if bad >= 0:
        raise _bad_row_error(bad, list(hole_rows[bad]), list(board_rows[bad]))
    return (high, low) if given else (high.tolist(), low.tolist())
