"""hilo_fast.omaha_hilo (the lean per-call entry: a CPython builtin where
built, csrc/py/percall.c) and its Python twin hilo_fast.core.evaluation.omaha_hilo,
and evaluate's fast paths, against omaha_high / omaha_low, phevaluator and
the plain 60-combination loop (omaha_best), on both backends; and their
errors against omaha_high's, input by input."""

from __future__ import annotations

import random
import struct
from decimal import Decimal
from fractions import Fraction
from types import ModuleType

import numpy as np
import pytest
from phevaluator import evaluate_omaha_cards

import hilo_fast
from hilo_fast import evaluate, evaluation, omaha_high, omaha_low

#: The public builtin (or the Python function where it was not built) and the Python twin.
ENTRIES = [hilo_fast.omaha_hilo, evaluation.omaha_hilo]
omaha_hilo = hilo_fast.omaha_hilo

FLUSHY = [c for c in range(52) if c & 3 < 2]  # two suits: flushes everywhere


def _hands(n: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        deck = FLUSHY if i % 3 == 0 else list(range(52))
        n_hole, n_board = rng.choice((4, 5, 6)), rng.choice((3, 4, 5, 5, 5))
        cards = rng.sample(deck, n_hole + n_board)
        out.append((cards[:n_hole], cards[n_hole:]))
    return out


@pytest.mark.parametrize("entry", ENTRIES, ids=["public", "python"])
def test_equals_both_halves_and_the_plain_loop(backend: ModuleType, entry: object) -> None:
    for i, (hole, board) in enumerate(_hands(3000 if backend.NAME == "native" else 600, seed=17)):
        if i % 2:
            hole, board = tuple(hole), tuple(board)  # type: ignore[assignment]
        high, low = entry(hole, board)  # type: ignore[operator]
        assert (high, low) == (omaha_high(hole, board), omaha_low(hole, board))
        ref_high, ref_low = backend.omaha_best(hole, board)[:2]
        assert (high, low or 0) == (ref_high, ref_low)
        hand = evaluate(hole, board)
        assert (hand.high, hand.low) == (high, low)
        assert hand.high_card_ids == backend.omaha_best(hole, board)[2]


@pytest.mark.parametrize("entry", ENTRIES, ids=["public", "python"])
def test_high_equals_phevaluator(backend: ModuleType, entry: object) -> None:
    for hole, board in _hands(3000 if backend.NAME == "native" else 600, seed=18):
        if len(hole) == 4 and len(board) == 5:
            assert entry(hole, board)[0] == evaluate_omaha_cards(*board, *hole)  # type: ignore[operator]


def test_backends_agree(native: ModuleType) -> None:
    from hilo_fast._backends import PURE as _pybackend

    for hole, board in _hands(2000, seed=19):
        if len(board) == 5:
            pack, river = native.OMAHA_RIVER[len(hole)]
            pure_pack, pure_river = _pybackend.OMAHA_RIVER[len(hole)]
            cards = pack(*hole, *board)
            assert cards == pure_pack(*hole, *board)
            assert river(cards) == pure_river(cards) == native.omaha(hole, board)


def test_the_packing_fixes_the_split(backend: ModuleType) -> None:
    """5 hole + 4 board is nine ints like 4 + 5: the hole size picks the
    entry, whose packing then refuses the nine; and no float, numpy float,
    Decimal or Fraction is truncated into a card."""
    pack = backend.OMAHA_RIVER[5][0]
    with pytest.raises(struct.error):
        pack(*range(9))
    for bad in (8.0, np.float32(8.0), Decimal(8), Fraction(8)):
        with pytest.raises(struct.error):
            backend.OMAHA_RIVER[4][0](0, 1, 2, 3, 4, 5, 6, 7, bad)
    assert backend.OMAHA_RIVER[4][0](*range(8), np.int64(8)) == bytes(range(9))
    hole, board = [0, 1, 2, 3, 4], [5, 6, 7, 8]
    assert omaha_hilo(hole, board) == (omaha_high(hole, board), omaha_low(hole, board))


def test_the_builtin_where_it_is_built(native: ModuleType) -> None:
    """On CPython the public name is the builtin; whatever it does not answer
    itself (keywords, other forms, bools, numpy ints, a list subclass, huge
    ints) its Python twin answers, alike."""
    import platform

    if platform.python_implementation() == "CPython":
        assert type(hilo_fast.omaha_hilo).__name__ == "builtin_function_or_method"
    hole, board = [0, 5, 9, 13], [20, 30, 40, 44, 50]
    want = evaluation.omaha_hilo(hole, board)

    class Cards(list[int]):
        pass

    for args, kwargs in [((hole, board), {}), ((), {"hole": hole, "board": board}),
                         ((hole,), {"board": board}), (("2c3d4d5d", board), {}),
                         (([0, 5, 9, np.int64(13)], board), {}),
                         ((Cards(hole), tuple(board)), {})]:
        assert hilo_fast.omaha_hilo(*args, **kwargs) == want
    with pytest.raises(TypeError, match="a bool is not a card"):  # True == 1, yet no card
        hilo_fast.omaha_hilo([True, 5, 9, 13], board)
    for bad in ([0, 5, 9, 2**70], [0, 5, 9, -2**70], [0, 5, 9]):
        with pytest.raises(ValueError):
            hilo_fast.omaha_hilo(bad, board)
    with pytest.raises(TypeError, match="board"):
        hilo_fast.omaha_hilo(hole)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        hilo_fast.omaha_hilo(hole, board, board)  # type: ignore[call-arg]


@pytest.mark.parametrize(("hole", "board"), [
    ([0, 5, 9, 13], [20, 30, 40, 44, 52]),      # card out of range
    ([0, 5, 9, 13], [20, 30, 40, 44, -1]),
    ([0, 5, 9, 13], [20, 30, 40, 44, 0]),       # duplicate
    ([0, 5, 9], [20, 30, 40, 44, 1]),           # hole too short
    ([0, 5, 9, 13, 1, 2, 3], [20, 30, 40]),     # hole too long
    ([0, 5, 9, 13], [20, 30]),                  # board too short
    ([0, 5, 9, 13.0], [20, 30, 40, 44, 1]),     # a float is no card
    ([0, 5, 9, np.float32(13.5)], [20, 30, 40, 44, 1]),
    ([0, 5, 9, 13], [20, 30, 40, 44, Fraction(1)]),
    ([0, 5, 9, 2**40], [20, 30, 40, 44, 1]),    # beyond int32
    ([True, 5, 9, 13], [20, 30, 40, 44, 1]),    # a bool is an int, as in evaluate
    ("AsKsQsJs", "2c3c4c"),
    ("AsKsQsJs", "2c3c4cZz"),
    (5, [1, 2, 3]),
    (iter([0, 5, 9, 13]), [20, 30, 40, 44, 1]),  # an iterator: parsed, not consumed first
    (["As", "Ks", "Qs", "Js"], ["2c", "3c", "4c", "5d", "9h"]),
])
def test_same_answers_and_errors_as_omaha_high(backend: ModuleType, hole: object,
                                               board: object) -> None:
    def outcome(f: object) -> object:
        h = list(hole) if type(hole) is list else hole
        h = iter([0, 5, 9, 13]) if not isinstance(hole, (list, str, int)) else h
        try:
            return f(h, board)  # type: ignore[operator]
        except (TypeError, ValueError) as err:
            return type(err), str(err)

    got = outcome(omaha_hilo)
    assert outcome(evaluation.omaha_hilo) == got
    want = outcome(omaha_high)
    if isinstance(want, int):
        assert got == (want, outcome(omaha_low))
        def both(h: object, b: object) -> tuple[int, int | None]:
            hand = evaluate(h, b)  # type: ignore[arg-type]
            return hand.high, hand.low

        assert outcome(both) == got
    else:
        assert got == want
        assert outcome(evaluate) == want


def test_public() -> None:
    assert "omaha_hilo" in hilo_fast.__all__
