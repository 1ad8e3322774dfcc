"""Hostile input at the C boundary: what the fuzzers found, pinned as tests.

- cffi converts any object with ``__int__`` to a C int, so a numpy float, a
  Decimal or a Fraction used to be truncated silently into a card on the
  native backend (``evaluate([np.float32(7.9), ...])`` was card 7) while the
  pure backend rejected it;
- a card cffi cannot convert (an int beyond int32) made the native backend
  answer ERR_CARD where the C and the pure backend check counts first, and
  duplicates before a later bad card;
- a NULL pointer crashed ``hf_high5``, ``hf_low5`` and ``hf_omaha_best``'s
  output; they now return HF_ERR_COUNT.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from types import ModuleType

import numpy as np
import pytest

import hilo_fast

FLOAT_LIKE = [np.float32(7.9), np.float64(7.0), Decimal("7.5"), Fraction(15, 2), 7.0, float("nan")]
HOLE, BOARD = [51, 1, 46, 32], [4, 8, 12, 33, 40]


@pytest.mark.parametrize("card", FLOAT_LIKE, ids=repr)
def test_a_float_like_card_is_a_type_error_not_a_truncated_card(
    backend: ModuleType, card: object
) -> None:
    with pytest.raises(TypeError, match="bad card"):
        hilo_fast.evaluate([card, *HOLE[1:]], BOARD)
    with pytest.raises(TypeError, match="bad card"):
        hilo_fast.omaha_low(HOLE, [*BOARD[:4], card])


@pytest.mark.parametrize("card", FLOAT_LIKE, ids=repr)
def test_backends_return_err_card_for_a_float_like_card(each_backend: ModuleType,
                                                        card: object) -> None:
    five = [card, 12, 20, 30, 40]
    assert each_backend.high5(five) == each_backend.ERR_CARD
    assert each_backend.low5(five) == each_backend.ERR_CARD
    assert each_backend.omaha([card, *HOLE[1:]], BOARD) == each_backend.ERR_CARD
    assert each_backend.omaha_best(HOLE, [*BOARD[:4], card]) == each_backend.ERR_CARD


@pytest.mark.parametrize("huge", [2**31, -(2**31) - 1, 2**64, -(10**30)])
def test_error_order_is_counts_then_cards_in_order(each_backend: ModuleType, huge: int) -> None:
    assert each_backend.omaha([huge, 1, 2], BOARD) == each_backend.ERR_COUNT  # 3 hole cards
    assert each_backend.omaha(HOLE, [huge, 5]) == each_backend.ERR_COUNT  # 2 board cards
    assert each_backend.omaha_best([huge, 1, 2, 3, 4, 5, 6], BOARD) == each_backend.ERR_COUNT
    assert each_backend.high5([3, 3, huge, 4, 5]) == each_backend.ERR_DUPLICATE
    assert each_backend.low5([3, 4, 5, 6, huge]) == each_backend.ERR_CARD
    assert each_backend.omaha([9, 1, 2, 9], [huge, 5, 6]) == each_backend.ERR_DUPLICATE
    assert each_backend.omaha([9, 1, 2, 8], [huge, 5, 6]) == each_backend.ERR_CARD


def test_numpy_integer_cards_still_work(backend: ModuleType) -> None:
    """Integers of any kind are cards; only the fast path is skipped."""
    for dtype in (np.int8, np.uint8, np.int64, np.uint64):
        hole = list(np.array(HOLE, dtype=dtype))
        board = list(np.array(BOARD, dtype=dtype))
        assert hilo_fast.evaluate(hole, board) == hilo_fast.evaluate(HOLE, BOARD)


def test_c_entry_points_take_null_as_a_count_error(native: ModuleType) -> None:
    from hilo_fast._native._core import ffi, lib

    assert lib.hf_high5(ffi.NULL) == lib.HF_ERR_COUNT
    assert lib.hf_low5(ffi.NULL) == lib.HF_ERR_COUNT
    assert lib.hf_omaha(ffi.NULL, 4, BOARD, 5) == lib.HF_ERR_COUNT
    assert lib.hf_omaha(HOLE, 4, ffi.NULL, 5) == lib.HF_ERR_COUNT
    assert lib.hf_omaha_best(HOLE, 4, BOARD, 5, ffi.NULL) == lib.HF_ERR_COUNT
    out = ffi.new("hf_hand *")
    assert lib.hf_omaha_best(HOLE, 4, BOARD, 5, out) == 0  # and a real output still works
    assert out.high == hilo_fast.omaha_high(HOLE, BOARD)
