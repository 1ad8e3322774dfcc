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
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, overload

from ..cards import check_distinct
from ._backend import backend

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

def _split(n_rows: int, threads: int) -> list[tuple[int, int]]:
    parts = min(threads, max(1, n_rows))
    return [(n_rows * k // parts, n_rows * (k + 1) // parts) for k in range(parts)]


def _first_bad(run: Callable[[tuple[int, int]], int], parts: list[tuple[int, int]],
               pool: ThreadPoolExecutor | None) -> int:
    results = list(pool.map(run, parts)) if pool else [run(p) for p in parts]
    bad = [r for r in results if r >= 0]
    return min(bad) if bad else -1


def _run(holes: Any, n_hole: int, boards: Any, n_board: int, n_rows: int,
         out_high: Any, out_low: Any, threads: int) -> int:
    """Check every row, then (only if all are valid) evaluate into the outputs.
    Returns -1 or the first bad row. With threads, each phase splits the rows."""
    def check(part: tuple[int, int]) -> int:
        return int(backend.omaha_batch(holes, n_hole, boards, n_board, *part))

    def evaluate(part: tuple[int, int]) -> int:
        return int(backend.omaha_batch(holes, n_hole, boards, n_board, *part, out_high, out_low))

    parts = _split(n_rows, threads)
    if len(parts) == 1:
        return evaluate(parts[0])
    with ThreadPoolExecutor(max_workers=len(parts)) as pool:
        bad = _first_bad(check, parts, pool)
        return bad if bad >= 0 else _first_bad(evaluate, parts, pool)


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
        bad = _run(hole_arr, n_hole, board_arr, n_board, n_rows, high, low, n_threads)
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
    bad = _run(hole_flat, n_hole, board_flat, n_board, n_rows, high, low, n_threads)
    if bad >= 0:
        raise _bad_row_error(bad, list(hole_rows[bad]), list(board_rows[bad]))
    return (high, low) if given else (high.tolist(), low.tolist())
