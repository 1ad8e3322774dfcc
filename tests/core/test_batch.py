"""evaluate_batch on both backends: agreement with per-hand evaluation and
phevaluator, numpy dtypes and layouts, outputs, threads, and bad input."""

from __future__ import annotations

import random
from array import array
from itertools import product
from types import ModuleType
from typing import Any

import pytest
from phevaluator import evaluate_omaha_cards

from hilo_fast import evaluate, evaluate_batch


@pytest.fixture
def np() -> ModuleType:
    return pytest.importorskip("numpy")


def deal(rng: random.Random, n_rows: int, n_hole: int, n_board: int,
         deck: list[int] | None = None) -> tuple[list[list[int]], list[list[int]]]:
    holes, boards = [], []
    for _ in range(n_rows):
        cards = rng.sample(deck or range(52), n_hole + n_board)
        holes.append(cards[:n_hole])
        boards.append(cards[n_hole:])
    return holes, boards


def expected(holes: list[list[int]], boards: list[list[int]]) -> tuple[list[int], list[int]]:
    hands = [evaluate(h, b) for h, b in zip(holes, boards, strict=True)]
    return [h.high for h in hands], [h.low or 0 for h in hands]


@pytest.mark.parametrize(("n_hole", "n_board"), list(product((4, 5, 6), (3, 4, 5))))
def test_lists_agree_with_evaluate(backend: ModuleType, n_hole: int, n_board: int) -> None:
    rng = random.Random(n_hole * 10 + n_board)
    for deck in (None, [c for c in range(52) if c & 3 < 2]):  # and a flush-rich deck
        holes, boards = deal(rng, 300, n_hole, n_board, deck)
        result = evaluate_batch(holes, boards)
        assert isinstance(result[0], list) and isinstance(result[1], list)
        assert result == expected(holes, boards)


def test_high_agrees_with_phevaluator(backend: ModuleType, np: ModuleType) -> None:
    holes, boards = deal(random.Random(1), 2000, 4, 5)
    high, low = evaluate_batch(np.array(holes), np.array(boards))
    want = [evaluate_omaha_cards(*b, *h) for h, b in zip(holes, boards, strict=True)]
    assert high.tolist() == want
    assert set(low.tolist()) >= {0} and max(low.tolist()) <= 56


def test_numpy_returns_int32_arrays(backend: ModuleType, np: ModuleType) -> None:
    holes, boards = deal(random.Random(2), 500, 4, 5)
    high, low = evaluate_batch(np.array(holes, dtype=np.int32), np.array(boards, dtype=np.int32))
    assert high.dtype == np.int32 and low.dtype == np.int32 and high.shape == (500,)
    assert (high.tolist(), low.tolist()) == expected(holes, boards)


@pytest.mark.parametrize("layout", ["int64", "uint8", "int16", "fortran", "strided", "big-endian"])
def test_other_dtypes_and_layouts_give_the_same(backend: ModuleType, np: ModuleType,
                                                layout: str) -> None:
    holes, boards = deal(random.Random(3), 400, 5, 4)
    want = expected(holes, boards)
    h, b = np.array(holes), np.array(boards)
    if layout in ("int64", "uint8", "int16"):
        h, b = h.astype(layout), b.astype(layout)
    elif layout == "fortran":
        h, b = np.asfortranarray(h), np.asfortranarray(b)
    elif layout == "strided":  # every other row of a bigger array
        h = np.repeat(h, 2, axis=0)[::2]
        b = np.repeat(b, 2, axis=0)[::2]
    else:
        h, b = h.astype(">i4"), b.astype(">i4")
    high, low = evaluate_batch(h, b)
    assert (high.tolist(), low.tolist()) == want


def test_mixed_list_and_array_input(backend: ModuleType, np: ModuleType) -> None:
    holes, boards = deal(random.Random(4), 50, 4, 3)
    high, _ = evaluate_batch(holes, np.array(boards))
    assert high.tolist() == expected(holes, boards)[0]


def test_caller_outputs_are_filled_and_returned(backend: ModuleType, np: ModuleType) -> None:
    holes, boards = deal(random.Random(5), 300, 4, 5)
    out_high = np.full(300, -7, dtype=np.int32)
    out_low = np.full(300, -7, dtype=np.int32)
    high, low = evaluate_batch(np.array(holes), np.array(boards),
                               out_high=out_high, out_low=out_low)
    assert high is out_high and low is out_low
    assert (high.tolist(), low.tolist()) == expected(holes, boards)


def test_list_input_with_array_outputs(backend: ModuleType) -> None:
    holes, boards = deal(random.Random(6), 20, 6, 5)
    out_high, out_low = array("i", [0] * 20), array("i", [0] * 20)
    high, low = evaluate_batch(holes, boards, out_high=out_high, out_low=out_low)
    assert high is out_high and low is out_low
    assert (high.tolist(), low.tolist()) == expected(holes, boards)


@pytest.mark.parametrize("threads", [1, 2, 3, 7, 1000])
def test_threads_give_identical_results(backend: ModuleType, np: ModuleType, threads: int) -> None:
    holes, boards = deal(random.Random(7), 2001, 4, 5)
    h, b = np.array(holes, dtype=np.int32), np.array(boards, dtype=np.int32)
    one_high, one_low = evaluate_batch(h, b)
    high, low = evaluate_batch(h, b, threads=threads)
    assert (high == one_high).all() and (low == one_low).all()
    assert evaluate_batch(holes, boards, threads=threads) == (one_high.tolist(), one_low.tolist())


def test_empty_batch(backend: ModuleType, np: ModuleType) -> None:
    assert evaluate_batch([], []) == ([], [])
    high, low = evaluate_batch(np.empty((0, 4), np.int32), np.empty((0, 5), np.int32), threads=2)
    assert high.shape == (0,) and low.shape == (0,)


# ---- bad input: an error naming the row and card, and nothing written ----

BAD_ROWS = [
    ([51, 1, 46, 31], [7, 10, 13, 45, 52], "row 3: bad card 52"),
    ([51, 1, 46, -1], [7, 10, 13, 45, 24], "row 3: bad card -1"),
    ([51, 1, 46, 51], [7, 10, 13, 45, 24], "row 3: duplicate card As: twice in hole"),
    ([51, 1, 46, 31], [7, 10, 13, 45, 46], "row 3: duplicate card Kh: in hole and in board"),
    ([51, 1, 46, 31], [7, 10, 10, 45, 24], "row 3: duplicate card 4h: twice in board"),
]


def _with_bad_row(n_rows: int, bad_at: int, hole: list[int], board: list[int]
                  ) -> tuple[list[list[int]], list[list[int]]]:
    holes, boards = deal(random.Random(8), n_rows, 4, 5)
    holes[bad_at], boards[bad_at] = hole, board
    return holes, boards


@pytest.mark.parametrize(("hole", "board", "message"), BAD_ROWS)
def test_bad_card_in_lists(backend: ModuleType, hole: list[int], board: list[int],
                           message: str) -> None:
    holes, boards = _with_bad_row(10, 3, hole, board)
    out_high, out_low = array("i", [-7] * 10), array("i", [-7] * 10)
    with pytest.raises(ValueError, match=message):
        evaluate_batch(holes, boards, out_high=out_high, out_low=out_low)
    assert out_high.tolist() == [-7] * 10 and out_low.tolist() == [-7] * 10


@pytest.mark.parametrize("threads", [1, 4])
@pytest.mark.parametrize(("hole", "board", "message"), BAD_ROWS)
def test_bad_card_in_arrays_writes_nothing(backend: ModuleType, np: ModuleType, threads: int,
                                           hole: list[int], board: list[int], message: str) -> None:
    holes, boards = _with_bad_row(400, 3, hole, board)
    holes[390][0] = 99  # a later bad row, in another thread's share: row 3 is still named
    out_high = np.full(400, -7, dtype=np.int32)
    out_low = np.full(400, -7, dtype=np.int32)
    with pytest.raises(ValueError, match=message):
        evaluate_batch(np.array(holes, dtype=np.int32), np.array(boards, dtype=np.int32),
                       out_high=out_high, out_low=out_low, threads=threads)
    assert (out_high == -7).all() and (out_low == -7).all()


def test_values_that_would_wrap_into_cards_are_rejected(backend: ModuleType,
                                                        np: ModuleType) -> None:
    holes, boards = deal(random.Random(9), 5, 4, 5)
    h = np.array(holes, dtype=np.int64)
    h[2, 1] = 2**32 + 5  # int32 would wrap it to 5
    with pytest.raises(ValueError, match=r"row 2: bad card 4294967301 in holes"):
        evaluate_batch(h, np.array(boards))
    with pytest.raises(ValueError, match=r"row 2: bad card 4294967301 in holes"):
        evaluate_batch(h.tolist(), boards)


@pytest.mark.parametrize(("holes", "boards", "error", "message"), [
    ([[0, 1, 2]], [[4, 5, 6, 7, 8]], ValueError, r"holes must be rows of 4\.\.6"),
    ([[0, 1, 2, 3]], [[4, 5, 6, 7, 8, 9]], ValueError, r"boards must be rows of 3\.\.5"),
    ([[0, 1, 2, 3], [9, 10, 11]], [[4, 5, 6]] * 2, ValueError, r"row 1: holes has 3 cards"),
    ([[0, 1, 2, 3]], [[4, 5, 6], [7, 8, 9]], ValueError, r"holes has 1 rows but boards has 2"),
    ([[0, 1, 2, "3s"]], [[4, 5, 6]], TypeError, r"row 0: bad card '3s' in holes"),
    ([[0, 1, 2, 3.0]], [[4, 5, 6]], TypeError, r"row 0: bad card 3\.0 in holes"),
    ("As2d3c4h", [[4, 5, 6]], TypeError, r"holes must be a sequence of rows"),
])
def test_bad_shapes_and_types_in_lists(backend: ModuleType, holes: Any, boards: Any,
                                       error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evaluate_batch(holes, boards)


def test_bad_arrays(backend: ModuleType, np: ModuleType) -> None:
    board = np.array([[4, 5, 6, 7, 8]])
    with pytest.raises(TypeError, match="holes must hold integer card ids, not float64"):
        evaluate_batch(np.array([[0.0, 1, 2, 3]]), board)
    with pytest.raises(TypeError, match="holes must hold integer card ids, not bool"):
        evaluate_batch(np.ones((1, 4), dtype=bool), board)
    with pytest.raises(ValueError, match=r"holes must be rows .* got shape \(4,\)"):
        evaluate_batch(np.array([0, 1, 2, 3]), board)
    hole = np.array([[0, 1, 2, 3]], dtype=np.int32)
    with pytest.raises(ValueError, match=r"out_high must be a writeable C-contiguous int32 array"):
        evaluate_batch(hole, board, out_high=np.zeros(1, np.int64))
    with pytest.raises(ValueError, match=r"out_low must be .* shape \(1,\)"):
        evaluate_batch(hole, board, out_low=np.zeros(2, np.int32))
    with pytest.raises(TypeError, match="out_high must be a numpy int32 array, not list"):
        evaluate_batch(hole, board, out_high=[0])
    read_only = np.zeros(1, np.int32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="out_high must be a writeable"):
        evaluate_batch(hole, board, out_high=read_only)


@pytest.mark.parametrize(("threads", "error"), [(0, ValueError), (-2, ValueError),
                                                 ("2", TypeError), (True, TypeError),
                                                 (2.0, TypeError)])
def test_bad_threads(backend: ModuleType, threads: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="threads must be"):
        evaluate_batch([[0, 1, 2, 3]], [[4, 5, 6]], threads=threads)


def test_backends_reject_short_buffers(each_backend: ModuleType) -> None:
    holes, boards = array("i", range(8)), array("i", range(8, 13))
    with pytest.raises(ValueError, match="shorter"):
        each_backend.omaha_batch(holes, 4, boards, 5, 0, 2)
    assert each_backend.omaha_batch(holes, 4, boards, 5, 0, 1) == -1


def test_c_refuses_outputs_laid_over_the_cards(native: ModuleType) -> None:
    """The C itself, not only evaluate_batch, refuses outputs that overlap
    its inputs: writing them would feed it unchecked cards."""
    holes, boards = deal(random.Random(10), 8, 4, 5)
    hole_buf = array("i", [c for h in holes for c in h])
    board_buf = array("i", [c for b in boards for c in b])
    low = array("i", [0] * 8)
    with pytest.raises(ValueError, match="overlap"):
        native.omaha_batch(hole_buf, 4, board_buf, 5, 0, 8, hole_buf, low)
    with pytest.raises(ValueError, match="overlap"):
        native.omaha_batch(hole_buf, 4, board_buf, 5, 0, 8, low, low)
    assert hole_buf.tolist() == [c for h in holes for c in h] and low.tolist() == [0] * 8
    high = array("i", [0] * 8)
    assert native.omaha_batch(hole_buf, 4, board_buf, 5, 0, 8, high, low) == -1
    assert high.tolist() == expected(holes, boards)[0]


def test_int32_c_contiguous_input_is_not_copied(np: ModuleType) -> None:
    """The zero-copy promise: such an array is handed on as it is (the C then
    reads it through cffi from_buffer); anything else is converted once."""
    from hilo_fast import batch

    holes = np.array(deal(random.Random(11), 10, 4, 5)[0], dtype=np.int32)
    assert batch._numpy_rows(np, holes, "holes", batch.HOLE_SIZES) is holes
    converted = batch._numpy_rows(np, holes.astype(np.int64), "holes", batch.HOLE_SIZES)
    assert converted.dtype == np.int32 and converted.flags.c_contiguous
    assert (converted == holes).all()
    strided = np.asfortranarray(holes)
    assert batch._numpy_rows(np, strided, "holes", batch.HOLE_SIZES) is not strided
