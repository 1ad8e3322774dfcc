"""Bad input to every evaluation function: a clear error naming the problem."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import hilo_fast as hf

HOLE, BOARD = "As2dKh9c", "3s4h5dKd8c"

OMAHA_FUNCTIONS: list[Callable[[object, object], object]] = [
    hf.omaha_high, hf.omaha_low, hf.evaluate]


@pytest.mark.parametrize("func", OMAHA_FUNCTIONS)
@pytest.mark.parametrize(
    ("hole", "board", "error", "message"),
    [
        ("As2dKh", BOARD, ValueError, "hole must have 4, 5 or 6 cards, got 3"),
        ("As2dKh9c8h7h6h", BOARD, ValueError, "hole must have 4, 5 or 6 cards, got 7"),
        (HOLE, "3s4h", ValueError, "board must have 3, 4 or 5 cards, got 2"),
        (HOLE, "3s4h5d6d7d8d", ValueError, "board must have 3, 4 or 5 cards, got 6"),
        ("AsAs2dKh", BOARD, ValueError, "duplicate card As: twice in hole"),
        (HOLE, "3s4h5dKh8c", ValueError, "duplicate card Kh: in hole and in board"),
        ([51, 1, 46, 52], BOARD, ValueError, "bad card 52"),
        ([51, 1, 46, -3], BOARD, ValueError, "bad card -3"),
        ([51, 1, 46, 2**40], BOARD, ValueError, "bad card 1099511627776"),
        ([51, 1, 46, 7.0], BOARD, TypeError, "bad card 7.0"),
        ([51, 1, 46, None], BOARD, TypeError, "bad card None"),
        (HOLE, "3s4h5dQx", ValueError, "bad card 'Qx'"),
        (HOLE, 5, TypeError, "bad cards 5"),
    ],
)
def test_omaha_bad_input(backend: ModuleType, func: Callable[[object, object], object],
                         hole: object, board: object, error: type[Exception],
                         message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(".", r"\.")):
        func(hole, board)


@pytest.mark.parametrize("func", [hf.evaluate_high5, hf.evaluate_low5])
@pytest.mark.parametrize(
    ("cards", "error", "message"),
    [
        ("AsKsQsJs", ValueError, "a 5-card hand must have 5 cards, got 4"),
        ("AsKsQsJsTs9s", ValueError, "got 6"),
        ("AsKsQsJsAs", ValueError, "duplicate card As"),
        ([0, 1, 2, 3, 99], ValueError, "bad card 99"),
        ([0, 1, 2, 3, "x"], ValueError, "bad card 'x'"),
        (None, TypeError, "bad cards None"),
    ],
)
def test_five_card_bad_input(backend: ModuleType, func: Callable[[object], object],
                             cards: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        func(cards)


@pytest.mark.parametrize("func", [hf.high_category, hf.describe_high])
@pytest.mark.parametrize("value", [0, 7463, -5, 3.0, "1"])
def test_high_value_functions_reject_bad_values(func: Callable[[object], str],
                                                value: object) -> None:
    with pytest.raises(ValueError, match="bad high value"):
        func(value)


def test_c_rejects_bad_input_without_python_checks(native: ModuleType) -> None:
    """The C validates on its own: out-of-range, duplicate and count errors."""
    assert native.omaha([51, 1, 46, 52], [3, 4, 5]) == native.ERR_CARD
    assert native.omaha([51, 1, 46, -1], [3, 4, 5]) == native.ERR_CARD
    assert native.omaha([51, 1, 46, 46], [3, 4, 5]) == native.ERR_DUPLICATE
    assert native.omaha([51, 1, 46, 3], [3, 4, 5]) == native.ERR_DUPLICATE
    assert native.omaha([51, 1, 46], [3, 4, 5]) == native.ERR_COUNT
    assert native.omaha([51, 1, 46, 2], [3, 4, 5, 6, 7, 8]) == native.ERR_COUNT
    assert native.high5([0, 1, 2, 3, 2**31 - 1]) == native.ERR_CARD
    assert native.low5([0, 1, 2, 3]) == native.ERR_COUNT
