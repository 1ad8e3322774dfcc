"""Differential fuzz target: every C entry point reachable from Python, hostile input.

One fuzz input is a byte string. :func:`run_one` decodes it into a call of one
target (a backend function that calls into C, or a public function on top of
it), makes the call once with the native backend and once with the pure one,
and raises ``AssertionError`` when the answers differ or when anything escapes
that the contract does not allow. Any engine can drive it: atheris or the
seeded random loop in ``fuzz/run.py``, or hypothesis (``st.binary()``) in
``tests/package/test_fuzz_harness.py``.

The decoder turns bytes into hostile Python objects on purpose: card ids
outside 0..51, negative and huge ints, repeats, wrong counts, floats, NaN,
strings, None, numpy scalars, and containers of the wrong kind (numpy arrays
of every dtype, non-contiguous views, bytes, ranges, generators, sets).

Targets (``TARGETS``): the backend functions that enter C (``high5``,
``low5``, ``omaha``, ``omaha_bytes``, ``omaha_best``, ``equity_deals``, ``equity_enumerate``,
``equity_sample``, ``equity_exact``, ``equity_exact_pots``, ``range_deals``, ``range_enumerate``,
``range_sample``, ``settle``, ``splitmix64``, ``hand_deal``, ``hand_deal_forced`` and their
``HandState.act``) and the public functions over them (``evaluate``,
``evaluate_high5``, ``evaluate_low5``, ``omaha_high``, ``omaha_low``, ``omaha_hilo``,
``equity`` with a few samples, ``evaluate_batch`` with hostile arrays,
overlapping outputs and threads, ``showdown`` and ``rank_hands``, and
``simulate``, whose built-in bots play in C on the native backend and through
the Python engine on the pure one, and ``hilo_fast.envs.VectorEnv``, whose
tables step in C on the native backend and in its Python twin on the pure
one, and ``omaha_hilo_v0``, whose observations come from ``hf_env_observe``
on the native backend and from Python on the pure one), and the analysis twins
(``classify``, ``classify_many`` on the buffers the public function builds or
on wrong ones, ``range_vs_range`` and ``range_vs_range_tally`` on tiny ranges
sharing cards, its floats compared to a relative 1e-9: the C sums them in
another order), and the hand database's actions and seats rows
(``action_columns``, ``seat_columns``: Arrow columns made in C against
``rows.action_rows`` and ``rows.seat_rows`` through pyarrow, on histories and
seat facts with fields of any type) and the other tables' row tuples
(``record_columns``, against pyarrow's conversion, on values of any type), and
the boards, pots, pot_winners and discrepancies rows of replays
(``replay_columns``, against ``rows.board_rows`` ... ``discrepancy_rows``),
and a replay's all-in equity rows and lows made at showdown
(``all_in_spot``, ``lows_made``, against ``rows._all_in`` and
``rows._lows_made`` on replay-like spots), and a part's rows made whole from
its hands' replayed numbers (``part_columns``, against the same rows made
through the hands' Replays).
The batch's C entry points (``hf_check_batch``, ``hf_omaha_batch``) take
buffers the public function builds, so they are fuzzed through it (and
directly in ``fuzz/c_driver.c``).

Contracts checked:

- backend functions, on lists or tuples of plain ints of any size (and int
  counts): identical results on both backends, values and ``ERR_*`` codes
  alike. On any other object they may return an
  error code or raise ``TypeError``, ``ValueError`` or ``OverflowError``,
  never crash or raise anything else, and when both backends give a value
  the values agree.
- public functions: identical on both backends, value or exception type, and
  the only exceptions are ``ValueError`` and ``TypeError``; a refused batch
  writes nothing into the outputs it was given.

Adding an entry point: write a ``Decoder -> Call`` function and add it to
``TARGETS``.
"""

from __future__ import annotations

import datetime
import math
import os
import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np

import hilo_fast
from hilo_fast._backends import IN_USE
from hilo_fast._backends import NATIVE as _native
from hilo_fast._backends import PURE as _pybackend

# A numpy int64/uint64 scalar near 2**63 overflows the C backend's int probe
# (hilo_fast/core/_c_backend.py) with a RuntimeWarning before it is rejected as a
# card; expected for such hostile values, so it is not shown thousands of times.
warnings.filterwarnings("ignore", "overflow encountered in scalar add", RuntimeWarning)

# ---- decoding bytes into hostile objects ----

_HOSTILE_INTS = (-1, 52, 53, 64, 255, -52, 2**31 - 1, -(2**31), 2**31, 2**32 + 3,
                 2**63, -(2**63) - 1, 10**30)
_HOSTILE_OBJECTS: tuple[Any, ...] = (
    True, False, 3.0, -0.0, 51.5, float("nan"), float("inf"), "As", "xx", "", None,
    np.int64(5), np.int8(-1), np.uint8(200), np.uint64(2**64 - 1), np.float64(7.0),
    np.float32(float("nan")), np.float32(7.9), Decimal("7.5"), Fraction(15, 2), 1j,
    b"\x05", [3], (4,), object(),
)
_DTYPES = (np.int32, np.int64, np.int16, np.int8, np.uint8, np.uint32, np.uint64,
           np.float64, np.float32, np.bool_, object)


class Decoder:
    """Reads choices off the front of a byte string; zeros once it runs out."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def below(self, n: int) -> int:
        return self.byte() % n

    def card(self) -> Any:
        """Most often a plain id 0..51; else a hostile int or object."""
        b = self.byte()
        if b < 200:
            return b % 52
        if b < 230:
            return _HOSTILE_INTS[b % len(_HOSTILE_INTS)]
        return _HOSTILE_OBJECTS[b % len(_HOSTILE_OBJECTS)]

    def count(self, usual: int) -> int:
        """``usual`` cards most of the time, else 0..11."""
        b = self.byte()
        return usual if b < 160 else b % 12

    def plain_cards(self, n: int) -> list[int]:
        return [self.byte() % 52 for _ in range(n)]

    def cards(self, usual: int) -> Any:
        """A collection of cards in a container that is sometimes the wrong kind."""
        n = self.count(usual)
        kind = self.byte()
        if kind < 128:  # plain ids in a list: the common, in-contract case
            return self.plain_cards(n)
        items = [self.card() for _ in range(n)]
        if kind < 176:
            return items if kind & 1 else tuple(items)
        ints = [c for c in items if type(c) is int]
        dtype = _DTYPES[kind % len(_DTYPES)]
        if kind < 216:
            try:
                array = np.array(ints, dtype=dtype)
            except (OverflowError, ValueError):
                array = np.array(ints, dtype=object)
            if kind & 1:  # a non-contiguous view of the same values
                array = np.repeat(array, 2)[::2]
            return array
        small = [c & 0xFF for c in ints]
        makers: tuple[Callable[[], Any], ...] = (
            lambda: bytes(small), lambda: bytearray(small), lambda: range(n),
            lambda: iter(items), lambda: set(ints), lambda: " ".join(map(str, items)),
            lambda: hilo_fast.format_cards([c for c in ints if 0 <= c < 52]),
            lambda: {c: c for c in ints}, lambda: None, lambda: 7,
        )
        return makers[kind % len(makers)]()


# ---- targets ----


@dataclass(frozen=True)
class Call:
    """One decoded call: run ``fn`` with each backend and compare."""

    name: str
    args: tuple[Any, ...]
    fn: Callable[[ModuleType], Any]
    public: bool  # a public function (strict contract) or a backend function
    plain: bool  # for backend calls: every argument a list/tuple of plain ints
    close: bool = False  # floats summed in another order: equal to a relative 1e-9

    def __str__(self) -> str:
        return f"{self.name}{self.args!r}"


def _plain(*groups: Any) -> bool:
    return all(type(g) in (list, tuple) and all(type(c) is int for c in g) for g in groups)


def _five_target(name: str) -> Callable[[Decoder], Call]:
    def target(d: Decoder) -> Call:
        cards = d.cards(5)
        return Call(name, (cards,), lambda b: getattr(b, name)(cards), False, _plain(cards))

    return target


def _omaha_target(name: str) -> Callable[[Decoder], Call]:
    def target(d: Decoder) -> Call:
        hole, board = d.cards(4 + d.below(3)), d.cards(3 + d.below(3))
        return Call(name, (hole, board), lambda b: getattr(b, name)(hole, board), False,
                    _plain(hole, board))

    return target


# ---- equity: small windows and samples only, so the pure backend keeps up ----

_HOSTILE_NUMBERS: tuple[Any, ...] = (0, -1, -(2**63), 2**64, 2**70, 2.0, float("nan"), True,
                                     None, "3", np.int64(3))


def _number(d: Decoder, usual: Callable[[int], int]) -> Any:
    """``usual(byte)`` most of the time, else a hostile number."""
    b = d.byte()
    return usual(d.byte()) if b < 192 else _HOSTILE_NUMBERS[b % len(_HOSTILE_NUMBERS)]


def _equity_spot(d: Decoder) -> tuple[Any, Any, Any, Any, bool]:
    """(holes flat, n_hole, board, dead, dealt) for the backend's equity
    functions: distinct ids dealt off a shuffled deck (a hand of -1s is
    random), or hostile."""
    n_players, n_hole = 2 + d.below(3), 4 + d.below(3)
    board_size, n_dead = (0, 3, 4, 5, 5, 4)[d.below(6)], d.below(3)
    if d.byte() < 192:
        deck = list(range(52))
        random.Random(d.byte() << 8 | d.byte()).shuffle(deck)
        holes = []
        for _ in range(n_players):
            holes += [-1] * n_hole if d.byte() < 40 else [deck.pop() for _ in range(n_hole)]
        board = [deck.pop() for _ in range(board_size)]
        dead = [deck.pop() for _ in range(n_dead)]
        return holes, n_hole, board, dead, True
    return (d.cards(n_players * n_hole), _number(d, lambda b: 3 + b % 5),
            d.cards(board_size), d.cards(n_dead), False)


def _equity_target(name: str) -> Callable[[Decoder], Call]:
    def target(d: Decoder) -> Call:
        holes, n_hole, board, dead, _ = _equity_spot(d)
        if name == "equity_deals":
            args: tuple[Any, ...] = (holes, n_hole, board, dead)
        elif name == "equity_enumerate":
            args = (holes, n_hole, board, dead, _number(d, lambda b: b % 64),
                    _number(d, lambda b: b % 24))
        elif name == "equity_exact":  # many parts: the pure twin settles 1/n of a preflop
            args = (holes, n_hole, board, dead, _number(d, lambda b: b % 64),
                    _number(d, lambda b: 16 + b % 48))
        elif name == "equity_exact_pots":   # masks of up to 4 bits: some past the players
            pots = [_number(d, lambda b: 3 << b % 3 if b < 128 else b % 16)
                    for _ in range(d.below(5))]
            if not (hasattr(board, "__len__") and len(board) >= 3):
                pots = [*pots[:1], 1]   # (no parts: the pure twin's preflop is too slow)
            args = (holes, n_hole, board, dead, pots)
            plain = _plain(holes, board, dead, pots) and type(n_hole) is int
            return Call(name, args, lambda b: b.equity_exact_pots(*args), False, plain)
        else:
            args = (holes, n_hole, board, dead, _number(d, lambda b: b * 0x9E3779B97F4A7C15),
                    _number(d, lambda b: b % 6))
        plain = _plain(holes, board, dead) and all(type(a) is int for a in args[1:2] + args[4:])
        return Call(name, args, lambda b: getattr(b, name)(*args), False, plain)

    return target


def _range_target(name: str) -> Callable[[Decoder], Call]:
    """The backend's range equity: some random hands become small ranges
    (rows off the deck, often colliding; weights 1..3), sometimes hostile
    (cards beyond 51, zero weights, wrong dtypes or lengths)."""
    def target(d: Decoder) -> Call:
        holes, n_hole, board, dead, dealt = _equity_spot(d)
        n_players = (len(holes) // n_hole if dealt or (type(n_hole) is int and 4 <= n_hole <= 6
                                                      and hasattr(holes, "__len__")) else 2)
        ranges: list[Any] = []
        hostile = d.byte() >= 200
        for p in range(n_players):
            is_random = dealt and holes[p * n_hole:(p + 1) * n_hole] == [-1] * n_hole
            if not is_random or d.byte() < 64:
                ranges.append(None)
                continue
            m = 1 + d.below(4)
            size = n_hole if type(n_hole) is int else 4
            rows = [d.byte() % (60 if hostile else 52) for _ in range(m * size)]
            weights = [d.below(3) if hostile else 1 + d.below(3) for _ in range(m)]
            dtype = np.int32 if hostile and d.byte() & 1 else np.uint8
            ranges.append((np.array(rows, dtype=dtype), np.cumsum(weights, dtype=np.int64)))
        if hostile and d.byte() & 1:
            ranges = ranges[:-1]
        if name == "range_deals":
            args: tuple[Any, ...] = (holes, n_hole, board, dead, ranges)
        elif name == "range_enumerate":
            args = (holes, n_hole, board, dead, ranges, _number(d, lambda b: b % 64),
                    _number(d, lambda b: b % 24))
        else:
            args = (holes, n_hole, board, dead, ranges,
                    _number(d, lambda b: b * 0x9E3779B97F4A7C15), _number(d, lambda b: b % 6))
        plain = (_plain(holes, board, dead) and type(n_hole) is int
                 and all(type(a) is int for a in args[5:]))
        return Call(name, args, lambda b: getattr(b, name)(*args), False, plain)

    return target


def _equity_result(d: Decoder) -> Call:
    """The public ``equity`` with a few Monte Carlo samples, or hostile options
    (never ``samples=None`` or ``seed=None``: exact runs are too slow for the
    pure backend, and a random seed differs between the two calls)."""
    holes, n_hole, board, dead, dealt = _equity_spot(d)
    if dealt:
        hands: Any = [None if holes[i] == -1 else holes[i:i + n_hole]
                      for i in range(0, len(holes), n_hole)]
    else:
        hands = holes if d.byte() & 1 else [d.cards(4) for _ in range(d.below(12))]
    valid_or_rejected = [n for n in _HOSTILE_NUMBERS if n is not None and not (
        type(n) is int and n > 100)]
    b = d.byte()
    samples = 1 + d.byte() % 30 if b < 200 else valid_or_rejected[b % len(valid_or_rejected)]
    b = d.byte()
    seed = d.byte() * 7919 if b < 200 else [*valid_or_rejected, 2**64 - 1][b % 9]
    threads = _number(d, lambda b: 1 + b % 3) if d.byte() >= 220 else None
    if type(threads) is int and threads > 4:
        threads = 4
    kwargs = {"samples": samples, "seed": seed, "threads": threads}
    args = (hands, board, dead)
    return Call("equity", (*args, kwargs), lambda _: hilo_fast.equity(*args, **kwargs), True, False)


# ---- batch ----


def _batch_rows(d: Decoder, width: int, n_rows: int) -> Any:
    """Rows of cards as a numpy array (any dtype, sometimes non-contiguous or
    of the wrong shape) or as lists (sometimes ragged or hostile)."""
    kind = d.byte()
    rows = [d.plain_cards(width) for _ in range(n_rows)]
    if kind < 100:
        array = np.array(rows, dtype=np.int32).reshape(n_rows, width)
        return array if kind & 1 else np.repeat(array, 2, axis=1)[:, ::2]  # strided view
    if kind < 150:
        dtype = _DTYPES[kind % len(_DTYPES)]
        try:
            array = np.array(rows, dtype=dtype).reshape(n_rows, width)
        except (OverflowError, ValueError):
            array = np.array(rows, dtype=object).reshape(n_rows, width)
        return array.reshape(-1) if kind & 1 and d.byte() < 40 else array
    if kind < 200:
        return rows
    if rows and kind & 1:
        rows[d.below(len(rows))] = [d.card() for _ in range(d.count(width))]
    return rows if kind & 2 else tuple(rows)


def _batch_target(d: Decoder) -> Call:
    n_rows = d.below(6)
    holes = _batch_rows(d, 4 + d.below(3), n_rows)
    boards = _batch_rows(d, 3 + d.below(3), n_rows if d.byte() < 230 else n_rows + 1)
    if d.byte() < 120 and n_rows and isinstance(holes, np.ndarray) and holes.ndim == 2:
        card, row = d.card(), d.below(n_rows)  # plant one bad (or repeated) card
        try:
            holes[row, 0] = card if type(card) is int else 60
        except (OverflowError, ValueError, TypeError):  # it does not fit the dtype
            holes[row, 0] = holes[row, 1]
    kwargs: dict[str, Any] = {}
    out_kind = d.byte()
    if out_kind >= 160 and isinstance(holes, np.ndarray):
        outs = {
            0: lambda: (np.full(n_rows, -7, np.int32), np.full(n_rows, -7, np.int32)),
            1: lambda: (np.full(n_rows, -7, np.int64), np.full(n_rows, -7, np.int32)),
            2: lambda: (holes.reshape(-1)[:n_rows], np.full(n_rows, -7, np.int32)),
            3: lambda: (np.full(2 * n_rows, -7, np.int32)[::2], np.full(n_rows, -7, np.int32)),
            4: lambda: (lambda o: (o, o))(np.full(n_rows, -7, np.int32)),
        }
        kwargs["out_high"], kwargs["out_low"] = outs[out_kind % len(outs)]()
    if d.byte() >= 200:
        kwargs["threads"] = _number(d, lambda b: 1 + b % 4)
        if type(kwargs["threads"]) is int and kwargs["threads"] > 4:
            kwargs["threads"] = 4

    def run(_: ModuleType) -> Any:
        before = {k: v.copy() for k, v in kwargs.items() if isinstance(v, np.ndarray)}
        try:
            high, low = hilo_fast.evaluate_batch(holes, boards, **kwargs)
        except (ValueError, TypeError):
            for name, saved in before.items():  # nothing written on bad input
                assert np.array_equal(kwargs[name], saved), f"{name} written on bad input"
            raise
        return [int(v) for v in high], [int(v) for v in low]

    return Call("evaluate_batch", (holes, boards, kwargs), run, True, False)


# ---- showdown ----


def _showdown_target(d: Decoder) -> Call:
    """``showdown`` (or ``rank_hands``) on dealt or hostile seats and chips."""
    n_seats, size = 2 + d.below(5), 4 + d.below(3)
    if d.byte() < 192:
        deck = list(range(52))
        random.Random(d.byte() << 8 | d.byte()).shuffle(deck)
        board: Any = [deck.pop() for _ in range(5)]
        holes: Any = [None if d.byte() < 30 else [deck.pop() for _ in range(size)]
                      for _ in range(n_seats)]
    else:
        board, holes = d.cards(5), [d.cards(size) for _ in range(n_seats)]
    if d.byte() < 40:
        return Call("rank_hands", (board, holes), lambda _: hilo_fast.rank_hands(board, holes),
                    True, False)
    chips: Any = [0 if hole is None else _number(d, lambda b: b % 50) for hole in holes]
    folded = [seat for seat in range(n_seats) if d.byte() < 50]
    options: dict[str, Any] = {"folded": folded, "button": _number(d, lambda b: b % n_seats)}
    if d.byte() >= 230:
        options["odd_chip"] = ("high", "low", "middle", None)[d.below(4)]
    args = (board, holes, chips, options)
    return Call("showdown", args, lambda _: hilo_fast.showdown(board, holes, chips, **options),
                True, False)


def _settle_target(d: Decoder) -> Call:
    """``backend.settle`` on dealt seats (some folded) or hostile cards, flags,
    chips, button and rule; the answer includes the payouts list after the call."""
    n_seats, size = d.count(2 + d.below(5)), 4 + d.below(3)
    if d.byte() < 192:
        deck = list(range(52))
        random.Random(d.byte() << 8 | d.byte()).shuffle(deck)
        board: Any = [deck.pop() for _ in range(5)]
        holes: Any = [[deck.pop() for _ in range(size)] if len(deck) >= size else None
                      for _ in range(n_seats)]
    else:
        board, holes = d.cards(5), [d.cards(size) for _ in range(n_seats)]
    live: Any = [int(d.byte() >= 60) if d.byte() < 240 else d.card() for _ in range(n_seats)]
    chips: Any = [_number(d, lambda b: b % 50) for _ in range(n_seats + (d.byte() >= 250))]
    button = _number(d, lambda b: b % max(n_seats, 1))
    rule = _number(d, lambda b: b % 2)
    args = (board, holes, live, chips, button, rule)

    def run(b: ModuleType) -> tuple[int, list[int]]:
        payouts = [-7] * n_seats
        return b.settle(*args, payouts), payouts

    plain = _plain(board, live, chips, *[h for h in holes if h is not None]) \
        and type(button) is int and type(rule) is int
    return Call("settle", args, run, False, plain)


def _settle_boards_target(d: Decoder) -> Call:
    """``backend.settle_boards``: values per board (plain, often tied, or out
    of range), flags, chips, button and rule, or hostile numbers and lengths."""
    n_seats, n_boards = d.count(2 + d.below(5)), (1 + d.below(3) if d.byte() < 230
                                                   else d.below(4) - 1)
    width = max(n_seats, 0) * max(n_boards, 0) + (d.byte() >= 245)
    high: Any = [_number(d, lambda b: (1, 2, 7462, 3000)[b % 4] if b < 250 else b * 40)
                 for _ in range(width)]
    low: Any = [_number(d, lambda b: (0, 0, 1, 56)[b % 4] if b < 250 else 57)
                for _ in range(width)]
    live: Any = [int(d.byte() >= 60) if d.byte() < 240 else d.card() for _ in range(n_seats)]
    chips: Any = [_number(d, lambda b: b % 50) for _ in range(n_seats)]
    button = _number(d, lambda b: b % max(n_seats, 1))
    rule = _number(d, lambda b: b % 2)
    args = (n_boards, high, low, live, chips, button, rule)

    def run(b: ModuleType) -> tuple[int, list[int]]:
        payouts = [-7] * n_seats
        return b.settle_boards(*args, payouts), payouts

    plain = _plain(high, low, live, chips) and type(button) is int and type(rule) is int
    return Call("settle_boards", args, run, False, plain)


def _boards_target(name: str) -> Callable[[Decoder], Call]:
    """The backend's equity on several boards: an equity spot whose board gets
    a second board (its own cards, or run-it-twice's shared ones) and enough
    cards for the pure twin to enumerate quickly (turn or river), or hostile."""
    def target(d: Decoder) -> Call:
        holes, n_hole, board, dead, _ = _equity_spot(d)
        boards: Any = [board]
        if d.byte() < 150:   # a second board: its own cards or board 0's (the runs)
            second = list(board) if d.byte() < 100 and isinstance(board, list) else \
                d.plain_cards(d.below(6))
            boards.append(second)
        if name != "boards_deals" and all(isinstance(b, list) for b in boards):
            boards = [b + d.plain_cards(max(0, 4 - len(b))) for b in boards]
        high_only: Any = d.byte() & 1 if d.byte() < 240 else _HOSTILE_OBJECTS[d.below(5)]
        if name == "boards_deals":
            args: tuple[Any, ...] = (holes, n_hole, boards, dead)
        elif name == "boards_enumerate":
            parts = 1 + d.below(3)
            args = (holes, n_hole, boards, dead, high_only, _number(d, lambda b: b % parts),
                    parts)
        else:
            args = (holes, n_hole, boards, dead, high_only,
                    _number(d, lambda b: b * 0x9E3779B97F4A7C15), _number(d, lambda b: b % 6))
        plain = (_plain(holes, dead, *boards) and type(n_hole) is int
                 and all(type(a) is int for a in args[4:]))
        return Call(name, args, lambda b: getattr(b, name)(*args), False, plain)

    return target


def _boards_rows_target(d: Decoder) -> Call:
    """``backend.boards_sample_rows``: an equity spot's hands as one to three
    rows (the same hands, or another shuffle of the cards), counts and a seed,
    or hostile ones."""
    holes, n_hole, board, dead, _ = _equity_spot(d)
    rows: Any = [list(holes) if isinstance(holes, list) else holes]
    for _ in range(d.below(3)):
        if not isinstance(holes, list):
            rows.append(holes)
        else:
            rows.append(list(holes) if d.byte() < 128 else list(reversed(holes)))
    counts: Any = [_number(d, lambda b: b % 4) for _ in range(len(rows) + (d.byte() >= 250))]
    boards: Any = [board + d.plain_cards(max(0, 4 - len(board)))
                   if isinstance(board, list) else board]
    high_only: Any = d.byte() & 1
    seed = _number(d, lambda b: b * 0x9E3779B97F4A7C15)
    args = (rows, counts, n_hole, boards, dead, high_only, seed)
    plain = (_plain(dead, counts, *boards) and all(_plain(row) for row in rows)
             and type(n_hole) is int and type(seed) is int)
    return Call("boards_sample_rows", args, lambda b: b.boards_sample_rows(*args), False,
                plain)


def _omaha_bytes_target(d: Decoder) -> Call:
    """``omaha_bytes(cards, n_hole)``: bytes of any values, or not bytes at all."""
    n_hole, n_board = d.count(4 + d.below(3)), 3 + d.below(3)
    kind = d.byte()
    n_cards = n_hole + n_board
    ids = d.plain_cards(n_cards) if kind < 160 else [d.byte() for _ in range(n_cards)]
    cards: Any = bytes(ids) if kind < 230 else d.cards(n_cards)
    n: Any = n_hole if d.byte() < 200 else _HOSTILE_NUMBERS[d.below(len(_HOSTILE_NUMBERS))]
    plain = type(cards) is bytes and type(n) is int
    return Call("omaha_bytes", (cards, n), lambda b: b.omaha_bytes(cards, n), False, plain)


def _splitmix64_target(d: Decoder) -> Call:
    """``splitmix64(seed, index)``: any 64-bit seed, small or huge indices."""
    seed = int.from_bytes(bytes(d.byte() for _ in range(8)), "big")
    index = d.byte() if d.byte() < 128 else int.from_bytes(bytes(d.byte() for _ in range(8)), "big")
    return Call("splitmix64", (seed, index), lambda b: b.splitmix64(seed, index), False, True)


# ---- the hand: C (hf_hand_deal / hf_hand_act) against the Python engine ----

_HAND_CHIPS = (0, 1, 2, 3, 5, 20, 100, 1000, 2**51 - 1, 2**52 - 1, 2**52, 2**63, -1)


def _shuffled_cards(d: Decoder, n: int) -> list[int]:
    """``n`` distinct cards shuffled by the input (a repeat or a bad id now and then)."""
    deck = random.Random(d.byte() << 8 | d.byte()).sample(range(52), min(n, 52))
    if d.byte() >= 240 and deck:
        deck[d.below(len(deck))] = (deck[0], 52, -1, 99)[d.below(4)]
    return deck


def _hand_target(d: Decoder, forced: bool = False) -> Call:
    """``hand_deal`` (``forced``: ``hand_deal_forced``, each seat's own antes and
    blinds, hostile now and then) then up to 60 actions, legal or not: after
    each one the answer and the whole state must be the same on both backends."""
    from hilo_fast.engine.structures import Structure

    limit, big = d.below(3), (1, 2, 5, 10)[d.below(4)]
    small, ante, cap = (0, 1, big // 2, big)[d.below(4)], (0, 0, 1, big)[d.below(4)], d.below(5)
    structure: Any = Structure.fixed_limit(big, 2 * big, small_blind=small, ante=ante,
                                           max_bets=cap + 1) if limit == 0 else \
        (Structure.pot_limit if limit == 1 else Structure.no_limit)(small, big, ante=ante)
    seats, hole_count = 2 + d.below(9), 4 + d.below(3)
    stacks = [_HAND_CHIPS[d.below(len(_HAND_CHIPS))] if d.byte() < 64 else 1 + d.byte() * big
              for _ in range(seats)]
    button = d.below(seats)
    n_cards = sum(1 for chips in stacks if chips) * hole_count + 5 + (d.byte() >= 250)
    cards = _shuffled_cards(d, n_cards)
    # each seat's own posts (a seat with chips; now and then any seat, any amount):
    # small, large, all in; a named big blind now and then
    def post(values: tuple[int, ...], chips: int) -> int:
        if not forced or d.byte() < 128:
            return 0
        if d.byte() < 16:   # hostile
            return (2**63, 2**52, -1, -3, 1)[d.below(5)]
        return values[d.below(len(values))] if chips else 0

    antes = [post((1, 1, big), chips) for chips in stacks]
    blinds = [post((1, big, big, 2 * big, 1000), chips) for chips in stacks]
    big_blind = (d.below(seats + 1) - 1 if d.byte() < 100 else -1) if forced else -1
    # (action code, amount choice): mostly legal kinds, amounts picked at play time
    moves = [(d.below(8) - 1, d.byte()) for _ in range(60)]

    def play(backend: ModuleType) -> Any:
        hand = backend.hand_deal_forced(structure, stacks, button, hole_count, cards, antes,
                                        blinds, big_blind) if forced else \
            backend.hand_deal(structure, stacks, button, hole_count, cards)
        if isinstance(hand, int):
            return hand
        seen = [hand.state()]
        for action, pick in moves:
            s = seen[-1]
            if s["actor"] < 0:
                break
            amount = (backend.NO_AMOUNT, s["min_to"], s["max_to"], s["call_amount"],
                      (s["min_to"] + s["max_to"]) // 2, s["max_to"] + 1, -2, 2**63 - 1)[pick % 8]
            seen.append((hand.act(action, amount), hand.state()))
        return seen

    if forced:
        args = (structure, stacks, button, hole_count, cards, antes, blinds, big_blind, moves)
        return Call("hand_deal_forced", args, play, False, True)
    args = (structure, stacks, button, hole_count, cards, moves)
    return Call("hand_deal", args, play, False, True)


# ---- self-play ----


def _simulate_target(d: Decoder) -> Call:
    """``simulate`` with built-in bots: C self-play on the native backend, the
    Python engine on the pure one; every hand must come out the same."""
    from hilo_fast.engine.selfplay import always_call, pot_every_time, random_legal

    limit = d.below(4)   # fixed, pot, no limit, or the mixed game
    big = _number(d, lambda b: 1 + b % 6)
    small = _number(d, lambda b: b % 4)
    ante = _number(d, lambda b: b % 3 if b < 128 else 0)
    players = d.below(12) if d.byte() >= 240 else 2 + d.below(9)
    stack = None if d.byte() < 64 else _number(d, lambda b: 1 + b % 120)
    every = (random_legal, always_call, pot_every_time)
    bots = [every[d.below(3)] for _ in range(1 + d.below(3))]
    seed, hands = d.byte(), d.below(25)

    def play(_: ModuleType) -> tuple[Any, ...]:
        structure: Any
        if limit == 0:
            structure = hilo_fast.Structure.fixed_limit(big, small_blind=small, ante=ante)
        elif limit == 3:
            structure = hilo_fast.MixedGame(hilo_fast.Structure.pot_limit(small, big, ante=ante),
                                            hands_per_game=2)
        else:
            make = hilo_fast.Structure.pot_limit if limit == 1 else hilo_fast.Structure.no_limit
            structure = make(small, big, ante=ante)
        s = hilo_fast.simulate(hands, structure, players, seed=seed, bots=bots, stack=stack)
        return s.hands, s.net, s.rebuys, s.actions, s.showdowns

    args = (limit, small, big, ante, players, stack, [b.__name__ for b in bots], seed, hands)
    return Call("simulate", args, play, True, False)


def _hand_summary(hand: hilo_fast.HandValue) -> tuple[Any, ...]:
    return hand.high, hand.low, hand.high_card_ids, hand.low_card_ids


def _public_target(name: str, n_args: int) -> Callable[[Decoder], Call]:
    fn = getattr(hilo_fast, name)

    def target(d: Decoder) -> Call:
        if n_args == 1:
            cards = d.cards(5)
            return Call(name, (cards,), lambda _: fn(cards), True, False)
        hole, board = d.cards(4 + d.below(3)), d.cards(3 + d.below(3))
        if name == "evaluate":
            return Call(name, (hole, board), lambda _: _hand_summary(fn(hole, board)), True, False)
        return Call(name, (hole, board), lambda _: fn(hole, board), True, False)

    return target


# ---- the vector environment: C tables (csrc/envs/vector_env.c) against their Python twin ----


def _vector_env_target(d: Decoder) -> Call:
    """``hilo_fast.envs.VectorEnv``: up to 4 tables, 40 steps of mostly legal
    actions with hostile ones mixed in (masked, out of range, floats, the
    wrong shape); every step's arrays, or the refusal's kind, must be the
    same on both backends (a refused step changes nothing, so play goes on)."""
    kinds = ("fixed", "pot", "no", "mixed")
    kind, big = kinds[d.below(4)], (1, 2, 5)[d.below(3)]
    seats = d.below(12) if d.byte() >= 240 else 2 + d.below(9)
    hole_count = 4 + d.below(3) if d.byte() < 240 else d.below(8)
    stacks: Any = None if d.byte() < 128 else (
        [big * 2 + 1 + d.byte() for _ in range(max(seats, 0))] if d.byte() < 128
        else _HAND_CHIPS[d.below(len(_HAND_CHIPS))])
    tables, seed = 1 + d.below(4), d.byte()
    # table episodes (stacks carried over until a seat busts) half the time,
    # max_hands now and then (0 a bad one)
    episode = "table" if d.byte() >= 128 else "hand"
    max_hands = d.below(7) if d.byte() >= 160 else None
    moves = [(d.byte(), [d.byte() for _ in range(tables)]) for _ in range(40)]

    def play(_: ModuleType) -> Any:
        try:
            from hilo_fast.envs import VectorEnv
        except ImportError:   # no [envs] extra: nothing to compare
            return "no envs"
        structure: Any = {
            "fixed": hilo_fast.Structure.fixed_limit(big, 2 * big),
            "pot": hilo_fast.Structure.pot_limit(big // 2, big),
            "no": hilo_fast.Structure.no_limit(big // 2, big, ante=big // 2),
            "mixed": hilo_fast.MixedGame(hilo_fast.Structure.pot_limit(big // 2, big),
                                        hands_per_game=2)}[kind]
        env = VectorEnv(tables, seed=seed, num_players=seats, structure=structure,
                        stacks=stacks, hole_count=hole_count, episode=episode,
                        max_hands=max_hands)
        obs, infos = env.reset()
        seen: list[Any] = [(obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                            infos["seat"].tolist())]
        for how, picks in moves:
            mask = obs["action_mask"]
            actions: Any = np.array([int(np.flatnonzero(row)[p % int(row.sum())])
                                     for row, p in zip(mask, picks, strict=True)])
            if how >= 232:   # hostile: masked, out of range, floats, the wrong shape
                bad: tuple[Any, ...] = (7, -1, 2**40, mask.shape[1])
                actions[picks[0] % tables] = bad[how % 4] if how < 248 else actions[0]
                if how >= 248:
                    actions = (actions.astype(float), actions[:-1], [actions.tolist()],
                               actions.astype(np.uint8), np.zeros(tables, bool), "x",
                               actions.tolist(), actions[::-1].copy())[how % 8]
            try:
                obs, rewards, terminated, truncated, infos = env.step(actions)
            except ValueError:
                seen.append("refused")
                continue
            seen.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(),
                         rewards.tobytes(), terminated.tolist(), truncated.tolist(),
                         infos["seat"].tolist(), infos["hand_over"].tolist()))
        return seen

    args = (kind, big, seats, hole_count, stacks, tables, seed, episode, max_hands, moves)
    return Call("VectorEnv", args, play, True, False)


def _aec_env_target(d: Decoder) -> Call:
    """``omaha_hilo_v0.raw_env`` played 40 steps, mostly legal actions with
    hostile ones mixed in: every agent's observation after every step (the
    C encoder ``hf_env_observe`` on the native backend, spaces.encode on the
    pure one), the rewards and the refusals must be the same."""
    big, seats = (1, 2, 5)[d.below(3)], 2 + d.below(9)
    kind, episode = d.below(4), ("hand", "table")[d.below(2)]
    hole_count = 4 + d.below(3) if seats <= 9 else 4
    stacks = None if d.byte() < 128 else 2 * big + 1 + d.byte()
    seed = d.byte()
    moves = [d.byte() for _ in range(40)]

    def play(_: ModuleType) -> Any:
        try:
            from hilo_fast.envs import omaha_hilo_v0
        except ImportError:   # no [envs] extra: nothing to compare
            return "no envs"
        structure: Any = (
            hilo_fast.Structure.fixed_limit(big, 2 * big),
            hilo_fast.Structure.pot_limit(big // 2, big),
            hilo_fast.Structure.no_limit(big // 2, big, ante=big // 2),
            hilo_fast.MixedGame(hilo_fast.Structure.pot_limit(big // 2, big),
                                hands_per_game=2))[kind]
        env = omaha_hilo_v0.raw_env(num_players=seats, structure=structure, stacks=stacks,
                                    hole_count=hole_count, episode=episode, max_hands=5)
        env.reset(seed=seed)
        seen: list[Any] = []
        for move in moves:
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
            seen.append([(env.observe(a)["observation"].tobytes(),
                          env.observe(a)["action_mask"].tobytes()) for a in env.agents])
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            action: Any = int(legal[move % len(legal)])
            if move >= 240:   # hostile: masked, out of range, not an int
                action = (6, -1, 2**70, 1.0, None, "1", True, int(np.flatnonzero(
                    env.observe(env.agent_selection)["action_mask"] == 0)[0])
                    if (env.observe(env.agent_selection)["action_mask"] == 0).any() else 9)[
                        move % 8]
            try:
                env.step(action)
            except (ValueError, TypeError) as exc:
                seen.append(type(exc).__name__)
                continue
            seen.append(sorted(env.rewards.items()))
        return seen

    args = (big, seats, kind, episode, hole_count, stacks, seed, moves)
    return Call("omaha_hilo_v0", args, play, True, False)


# ---- analysis: hand classes and range against range ----


def _analysis_spot(d: Decoder, board_sizes: tuple[int, ...]) -> tuple[Any, Any, list[int], bool]:
    """(board, dead, the deck left, plain): distinct ids off a shuffled deck,
    now and then one bad or repeated card, or hostile collections."""
    size = board_sizes[d.below(len(board_sizes))] if d.byte() < 224 else (0, 2, 6)[d.below(3)]
    n_dead = d.below(3)
    if d.byte() < 200:
        deck = _shuffled_cards(d, 52)
        board, dead = deck[:size], deck[size:size + n_dead]
        return board, dead, deck[size + n_dead:], True
    board, dead = d.cards(size), d.cards(n_dead)
    return board, dead, list(range(52)), _plain(board, dead)


def _combos(d: Decoder, pool: list[int], n_rows: int, n_hole: int) -> list[int]:
    """``n_rows`` combos of ``n_hole`` distinct cards from a small pool (rows
    share cards), a card now and then spoiled (out of range, the board's, a repeat)."""
    cards: list[int] = []
    for _ in range(n_rows):
        row = random.Random(d.byte()).sample(pool, n_hole)
        if d.byte() >= 245:
            row[d.below(n_hole)] = (52, -1, row[0], 2**31 - 1, 0, 51)[d.below(6)]
        cards += row
    return cards


def _classify_target(d: Decoder) -> Call:
    """``backend.classify(hole, board, dead)`` on a dealt spot or hostile cards."""
    board, dead, deck, plain = _analysis_spot(d, (3, 4, 5, 5))
    n_hole = 4 + d.below(3) if d.byte() < 240 else d.below(9)
    hole: Any = deck[:n_hole] if d.byte() < 200 else d.cards(n_hole)
    if type(hole) is list and hole and d.byte() >= 220:
        on_board = board[0] if type(board) is list and board else 0
        hole[d.below(len(hole))] = (52, -1, on_board, hole[0])[d.below(4)]
    args = (hole, board, dead)
    return Call("classify", args, lambda b: b.classify(*args), False, plain and _plain(hole))


def _classify_many_target(d: Decoder) -> Call:
    """``backend.classify_many`` on the buffers the public function builds (rows
    int32, out int32 of exactly their classes; nothing written on error), or
    on ragged, short or wrongly typed ones."""
    board, dead, deck, plain = _analysis_spot(d, (3, 4, 5, 5))
    n_hole, n_rows = 4 + d.below(3), d.below(4)
    holes: Any = np.array(_combos(d, deck[:10], n_rows, n_hole), dtype=np.int32)
    width = 13
    out: Any = np.full(width * n_rows, -7, dtype=np.int32)
    kind = d.byte()
    if kind >= 200:   # out of the contract: ragged, a bad n_hole, a short or foreign buffer
        plain = False
        which = kind % 6
        if which == 0:
            holes = holes[:-1] if len(holes) else holes
        elif which == 1:
            n_hole = (0, 3, 7, -1, 2**40)[d.below(5)]
        elif which == 2:
            out = out[:-1] if len(out) else out
        elif which == 3:
            holes = holes.astype(np.int64)
        elif which == 4:
            out = np.full(len(out), -7, dtype=np.int64)   # read as int32 by both twins
        else:
            holes = list(holes)
    args = (holes, n_hole, board, dead, out)

    def run(b: ModuleType) -> Any:
        target = out.copy() if isinstance(out, np.ndarray) else out
        before = target.copy() if isinstance(target, np.ndarray) else None
        err, row = b.classify_many(holes, n_hole, board, dead, target)
        if err and before is not None:
            assert np.array_equal(target, before), "classify_many wrote on an error"
        if not plain and err:
            return err
        return err, row, target.tolist() if isinstance(target, np.ndarray) else None

    return Call("classify_many", args, run, False, plain)


_RVR_WEIGHTS = (1.0, 2.0, 0.5, 0.0, 0.1, 1 / 3, 3.25, -1.0)
_RVR_HOSTILE_WEIGHTS = (float("nan"), float("inf"), 1e300, -float("inf"))


def _range_vs_range_target(d: Decoder) -> Call:
    """``backend.range_vs_range`` on tiny ranges (the pure twin goes pair by
    pair) drawn from a pool of 10 cards, so that combos share cards, on a
    river or a turn; weights plain, fractional, zero or negative (compared to
    a relative 1e-9: the C sums in another order), or not finite (then only
    the error code is compared); or on buffers of the wrong size or type, its
    share buffer sometimes short."""
    board, dead, deck, plain = _analysis_spot(d, (5, 5, 4))
    n_hole = 4 + (d.byte() >= 200)
    most = 3 if isinstance(board, list) and len(board) == 4 else 5
    n_a, n_b = d.below(most + 1), d.below(most + 1)
    pool = deck[:10]
    a = np.array(_combos(d, pool, n_a, n_hole), dtype=np.int32)
    b = np.array(_combos(d, pool, n_b, n_hole), dtype=np.int32)
    finite = d.byte() < 230

    def weights(n: int) -> Any:
        if finite:
            return np.array([_RVR_WEIGHTS[d.below(8)] for _ in range(n)], dtype=np.float64)
        return np.array([_RVR_HOSTILE_WEIGHTS[d.below(4)] for _ in range(n)], dtype=np.float64)

    wa, wb = weights(n_a), weights(n_b)
    kind = d.byte()
    if kind >= 220:   # out of the contract: sizes that disagree, a bad n_hole, a wrong type
        plain = False
        which = kind % 4
        if which == 0:
            a = a[:-1] if len(a) else np.zeros(1, np.int32)
        elif which == 1:
            wb = np.append(wb, 1.0)
        elif which == 2:
            n_hole = (0, 3, 7, -1)[d.below(4)]
        else:
            a = a.astype(np.int64)
    args = (a, wa, b, wb, n_hole, board, dead)
    short = d.byte() >= 240   # (a share buffer one item short: ERR_COUNT, before any card)

    def run(backend: ModuleType) -> Any:
        share, weight = np.full(max(0, n_a - short), -7.0), np.full(n_a, -7.0)
        err = backend.range_vs_range(a, wa, b, wb, n_hole, board, dead, share, weight)
        if err or not finite:
            return err
        return err, share.tolist(), weight.tolist()

    return Call("range_vs_range", args, run, False, plain, close=True)


def _range_vs_range_tally_target(d: Decoder) -> Call:
    """``backend.range_vs_range_tally`` (hf.equity's two-range path: every
    outcome per combo, the scoops by sweeps in C, pair by pair in the twin) on
    the spots and buffers of :func:`_range_vs_range_target`, its tally
    buffer sometimes short."""
    inner = _range_vs_range_target(d)
    a, wa, b, wb, n_hole, board, dead = inner.args
    short = d.byte() >= 240

    def run(backend: ModuleType) -> Any:
        n = len(wa) if hasattr(wa, "__len__") else 0
        tally = np.full(max(0, backend.RVR_FIELDS * n - short), -7.0)
        err = backend.range_vs_range_tally(a, wa, b, wb, n_hole, board, dead, tally)
        if err or not all(math.isfinite(float(w)) for w in (*wa, *wb)):
            return err
        return err, tally.tolist()

    return Call("range_vs_range_tally", inner.args, run, False, inner.plain, close=True)


#: Texts an action's fields take: plain, empty, quotes, non-ASCII, a lone
#: surrogate (no UTF-8: refused by both), a non-str.
_ACTION_TEXTS: tuple[Any, ...] = ("p1", "Zoë", "", "O'Brien \"x\"", "日本", "call", "raise",
                                  "posts", "preflop", "\ud800", None, 7)
_ACTION_INTS: tuple[Any, ...] = (0, 1, 50, -3, 2**63 - 1, -2**63, 2**63, True, 1.0, "5")
#: Hand keys (the int64 first column of the actions and seats rows): around 0
#: and the edges of int64; and hostile ones, which both sides refuse (a bool,
#: not an int, past int64 either way).
_HAND_KEYS: tuple[int, ...] = (0, 1, -1, 7, 2**31, -2**31 - 1, 2**63 - 1, -2**63)
_HOSTILE_KEYS: tuple[Any, ...] = (True, False, "1", None, 2**63, -2**63 - 1, 2**64, 1.0,
                                  np.int64(3))
#: A history's hand_id: only named in an error now, so of any type (still plain).
_HAND_IDS: tuple[Any, ...] = ("h1", "", "\ud800", 12, None, ("a", 1))


def _hand_key(d: Decoder) -> tuple[Any, bool]:
    """A hand key, and whether it is plain (an int, not a bool, in int64):
    most often one of :data:`_HAND_KEYS` or a signed number of 1-8 bytes
    (so negative and large ones too), now and then a hostile one."""
    b = d.byte()
    if b >= 248:
        return _HOSTILE_KEYS[d.below(len(_HOSTILE_KEYS))], False
    if b < 96:
        return _HAND_KEYS[b % len(_HAND_KEYS)], True
    raw = bytes(d.byte() for _ in range(1 + b % 8))
    return int.from_bytes(raw, "little", signed=True), True


def _pair_or_not(d: Decoder, first: Any, key: Any) -> tuple[Any, bool]:
    """(first, key) as a batch item, and True; now and then (and False) not a
    pair: first bare, a triple, a list, a 1-tuple."""
    shape = d.byte()
    if shape < 250:
        return (first, key), True
    return (first, (first, key, key), [first, key], (first,), first, [first, key])[shape - 250], \
        False


def _action_columns_target(d: Decoder) -> Call:
    """The hand database's actions rows of a few (history, hand key) pairs
    (a history: any object with hand_id, posts, actions; site is no longer
    read, hand_id only names the hand in an error): as Arrow columns in C
    (csrc/py/hhrows.c) on the native side, by rows.action_rows(h, key) and
    pyarrow on the pure side; compared as lists of rows. Plain when every
    field has its type and fits, the key too, and every item is a pair (then
    both must give the same table, its hand_key column the keys given)."""
    from types import SimpleNamespace

    plain = True

    def text() -> Any:
        nonlocal plain
        value = _ACTION_TEXTS[d.below(len(_ACTION_TEXTS))] if d.byte() < 24 else f"t{d.byte()}"
        plain &= type(value) is str and value != "\ud800"
        return value

    def number() -> Any:
        nonlocal plain
        value = _ACTION_INTS[d.below(len(_ACTION_INTS))] if d.byte() < 16 else d.byte() * 25
        plain &= type(value) is int and -2**63 <= value < 2**63
        return value

    def flag() -> Any:
        nonlocal plain
        value = d.byte()
        plain &= value < 254
        return value % 2 == 1 if value < 254 else value

    def row(size: int) -> tuple[Any, ...]:
        nonlocal plain
        fields = {4: (text, text, number, flag), 6: (text, text, text, number, number, flag)}
        width = size if d.byte() < 252 else size + (1 if d.byte() % 2 else -1)
        plain &= width == size
        made = [make() for make in fields[size]]
        return tuple(made[:width]) + (False,) * (width - size)

    def item() -> Any:
        nonlocal plain
        key, plain_key = _hand_key(d)   # (first: the rows may use up the bytes)
        plain &= plain_key
        h = SimpleNamespace(hand_id=_HAND_IDS[d.below(len(_HAND_IDS))],
                            posts=tuple(row(4) for _ in range(d.below(4))),
                            actions=tuple(row(6) for _ in range(d.below(9))))
        item, paired = _pair_or_not(d, h, key)
        plain &= paired
        return item

    hands = [item() for _ in range(d.below(4))]

    def run(backend: ModuleType) -> Any:
        import pyarrow as pa

        from hilo_fast.history._backend import fast
        from hilo_fast.history.db.rows import action_rows
        from hilo_fast.history.db.store import _Capsules, _struct_types

        if backend is _native and fast is not None:
            columns = fast.action_columns()
            assert columns is not None, "the native rows are not built"
            return pa.record_batch(_Capsules(columns(hands))).to_pylist()
        records = [r for h, key in hands for r in action_rows(h, key)]
        return pa.RecordBatch.from_struct_array(
            pa.array(records, type=_struct_types()["actions"])).to_pylist()

    return Call("action_columns", (hands,), run, False, plain)


#: A seats fuzz hand's names, streets, kinds (with non-str and unknown ones).
_SEAT_NAMES: tuple[Any, ...] = ("p1", "p2", "p3", "Zoë", "", "p1")
_SEAT_STREETS: tuple[Any, ...] = ("preflop", "flop", "turn", "river", "posts", None)
_SEAT_KINDS: tuple[Any, ...] = ("fold", "call", "bet", "raise", "check", "return", "x", 3)


def _seat_columns_target(d: Decoder) -> Call:
    """The hand database's seats rows of a few hands' seat facts, 7-tuples (a
    history with hand_id, seats, dealt_in, actions, board, hole_cards, button
    (site is no longer read, hand_id only names the hand in an error);
    showdown; contributions, collected, expected, low_made by name; the hand
    key): as Arrow columns in C (csrc/py/hhrows_seats.c) on the native side,
    by rows.seat_rows(*facts) and pyarrow on the pure side; compared as lists
    of rows. Plain when every field has its type and fits, the key too, and
    the facts are a 7-tuple (then both give the same table)."""
    from types import SimpleNamespace

    plain = True

    def name() -> Any:
        nonlocal plain
        odd = d.byte() >= 250
        plain &= not odd
        return 5 if odd else _SEAT_NAMES[d.below(len(_SEAT_NAMES))]

    def chips() -> Any:
        nonlocal plain
        value = d.byte()
        if value >= 250:
            plain = False
            return (2**63, "5", 1.5, -2**63, True, None)[value - 250]
        return value * 7 - 300

    def hand() -> Any:
        nonlocal plain
        key, plain_key = _hand_key(d)   # (first: the rest may use up the bytes)
        plain &= plain_key
        seats = tuple((d.below(12) - 1, name(), chips(), False, None)
                      for _ in range(d.below(7)))
        if d.byte() >= 252:
            plain = False
            seats = (*seats, (1, "p1"))
        names = tuple(name() for _ in range(d.below(6)))
        actions = tuple((_SEAT_STREETS[d.below(len(_SEAT_STREETS))], name(),
                         _SEAT_KINDS[d.below(len(_SEAT_KINDS))], chips(), chips(),
                         d.byte() % 2 == 1) for _ in range(d.below(10)))
        cards = ("Ah", "2c", "9d", "Ks")
        hole = {n: cards[:d.below(5)] for n in names if d.byte() % 2}
        h = SimpleNamespace(hand_id=_HAND_IDS[d.below(len(_HAND_IDS))], seats=seats,
                            dealt_in=names, actions=actions, board=cards[:d.below(5)],
                            hole_cards=hole, button=d.below(10))
        showdown = tuple(n for n in names if d.byte() % 2)
        expected = {n: (d.byte() / 3 if d.byte() % 2 else d.byte()) for n in names
                    if d.byte() % 3 == 0}
        low = {n: (None, True, False)[d.below(3)] for n in names}
        facts = (h, showdown, {n: chips() for n in names}, {n: chips() for n in names},
                 expected, low, key)
        shape = d.byte()
        if shape < 251:
            return facts
        plain = False   # not a 7-tuple: the old 6 (no key), 8, a list, a bare history
        return (facts[:6], (*facts, key), list(facts), h, facts[:6])[shape - 251]

    facts = [hand() for _ in range(d.below(4))]

    def run(backend: ModuleType) -> Any:
        import pyarrow as pa

        from hilo_fast.history._backend import fast
        from hilo_fast.history.db.rows import seat_rows
        from hilo_fast.history.db.store import _Capsules, _struct_types

        if backend is _native and fast is not None:
            columns = fast.seat_columns()
            assert columns is not None, "the native rows are not built"
            return pa.record_batch(_Capsules(columns(facts))).to_pylist()
        records = [r for f in facts for r in seat_rows(*f)]
        return pa.RecordBatch.from_struct_array(
            pa.array(records, type=_struct_types()["seats"])).to_pylist()

    return Call("seat_columns", (facts,), run, False, plain)


#: A records fuzz value of each kind's letter: plain ones, then hostile ones
#: (of another type, out of range, text that is no UTF-8, a datetime with a zone).
_RECORD_PLAIN: dict[str, tuple[Any, ...]] = {
    "u": ("", "x", "Zoë 山田", "O'Brien\"; --", "🂡" * 40),
    "s": (0, -1, 2**15 - 1, -2**15, 300),
    "i": (0, 7, 2**31 - 1, -2**31),
    "l": (0, -5, 2**63 - 1, -2**63, 2**40),
    "b": (True, False),
    "g": (0.0, -0.0, 0.25, 1e300, -math.inf, 5e-324, 3, -2**53),
    "t": (datetime.datetime(1, 1, 1), datetime.datetime(2024, 2, 29, 23, 59, 59, 999999),
          datetime.datetime(1969, 12, 31, 23, 59, 59, 1), datetime.datetime(9999, 12, 31)),
}
_RECORD_HOSTILE: tuple[Any, ...] = (
    "5", 1.5, 1.0, True, 2**63, -2**64, 2**15, 2**31, 2**53 + 1, b"x", "\ud800", [1],
    datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc), datetime.date(2024, 1, 2))


def _record_columns_target(d: Decoder) -> Call:
    """A table's rows as tuples (a table of the database whose rows Python
    makes, the hands, boards, pots ...): as Arrow columns in C
    (csrc/py/hhrows_records.c) on the native side, by pyarrow on the pure side;
    compared as lists of rows. Values of every kind at its edges and nulls;
    plain when every value has its column's type and fits and every row is a
    tuple of the table's width (then both must give the same table)."""
    from hilo_fast.history.db.store import _WRITTEN, _record_kinds

    tables = [t for t in _WRITTEN if t not in ("actions", "seats")]
    table = tables[d.below(len(tables))]
    names, kinds = _record_kinds()[table]
    plain = True

    def value(kind: str) -> Any:
        nonlocal plain
        b = d.byte()
        if b < 20:
            return None
        if b >= 246:
            plain = False
            return _RECORD_HOSTILE[d.below(len(_RECORD_HOSTILE))]
        choices = _RECORD_PLAIN[kind]
        return choices[b % len(choices)]

    def row() -> Any:
        nonlocal plain
        made = tuple(value(chr(kind)) for kind in kinds)
        shape = d.byte()
        if shape < 250:
            return made
        plain = False   # a row too short or too long, a list
        return (made[:-1], (*made, None), list(made), made, made, made)[shape - 250]

    records = [row() for _ in range(d.below(12))]

    def run(backend: ModuleType) -> Any:
        import pyarrow as pa

        from hilo_fast.history._backend import fast
        from hilo_fast.history.db.store import _Capsules, _struct_types

        struct = _struct_types()[table]
        if backend is _native and fast is not None:
            columns = fast.record_columns()
            assert columns is not None, "the native rows are not built"
            return pa.record_batch(_Capsules((struct.__arrow_c_schema__(),
                                              columns(table, names, kinds, records)))).to_pylist()
        return pa.RecordBatch.from_struct_array(pa.array(records, type=struct)).to_pylist()

    return Call("record_columns", (table, records), run, False, plain)


#: A replay fuzz pot's chips: plain, then hostile (past int64, not an int).
_POT_CHIPS: tuple[Any, ...] = (0, 1, 75, 2**62, 2**63 - 1, -3, 2**63, "5", 1.5, True, None)
_POT_NAMES: tuple[Any, ...] = ("p1", "p2", "Zoë", "", "O'Brien \"x\"", "\ud800", 7)
_BOARD_CARDS: tuple[Any, ...] = ("Ah", "2c", "Td", "9s", "3h", "日本", "", "\ud800", None, 5)


def _replay_columns_target(d: Decoder) -> Call:
    """The hand database's boards, pots, pot_winners or discrepancies rows of
    a few (replay, hand key) pairs (a replay: any object with history (with
    hand_id, runs, board), pots (PotResults: amount, rake, eligible, shares,
    low_shares, of any values) and discrepancies): as Arrow columns in C
    (csrc/py/hhrows_pots.c) on the native side, by rows.board_rows ...
    discrepancy_rows and pyarrow on the pure side; compared as lists of rows.
    Plain when every field has its type and fits, the key too, and every item
    is a pair (then both give the same table)."""
    from types import SimpleNamespace

    table = ("boards", "pots", "pot_winners", "discrepancies")[d.below(4)]
    plain = True

    def pick(choices: tuple[Any, ...], n_plain: int) -> Any:
        nonlocal plain
        b = d.byte()
        if b >= 248:
            value = choices[n_plain + d.below(len(choices) - n_plain)]
            plain = False
            return value
        return choices[b % n_plain]

    def chips() -> Any:
        return pick(_POT_CHIPS, 5) if d.byte() < 32 else d.byte() * 13

    def pot() -> Any:
        from hilo_fast.history.replay_settle import PotResult

        names = [pick(_POT_NAMES, 5) for _ in range(d.below(4))]
        shares = {name: chips() for name in names}
        lows = (None, {}, {name: chips() for name in names if d.byte() % 2})[d.below(3)]
        return PotResult(chips(), chips(), tuple(names), shares, lows)

    def cards() -> Any:
        return tuple(pick(_BOARD_CARDS, 5) for _ in range(d.below(6)))

    def item() -> Any:
        nonlocal plain
        key, plain_key = _hand_key(d)   # (first: the rest may use up the bytes)
        plain &= plain_key
        h = SimpleNamespace(hand_id=_HAND_IDS[d.below(len(_HAND_IDS))], board=cards(),
                            runs=tuple(cards() for _ in range(d.below(3) * d.below(2))))
        rep = SimpleNamespace(history=h, pots=[pot() for _ in range(d.below(4))],
                              discrepancies=[pick(_POT_NAMES, 5) for _ in range(d.below(3))])
        item, paired = _pair_or_not(d, rep, key)
        plain &= paired
        return item

    items = [item() for _ in range(d.below(4))]
    # (a pot's low total, or a high part, past int64: not plain, the twin's
    # Python ints do not overflow where C's chips do)
    for it in items:
        if type(it) is tuple and len(it) == 2:
            for p in getattr(it[0], "pots", ()):
                if isinstance(p[4], dict) and \
                        all(type(v) is int for v in (p[0], *p[3].values(), *p[4].values())):
                    lows = sum(p[4].values())
                    plain &= -2**63 <= p[0] - lows < 2**63 and -2**63 <= lows < 2**63 and \
                        all(-2**63 <= v - p[4].get(k, 0) < 2**63 for k, v in p[3].items())

    def run(backend: ModuleType) -> Any:
        import pyarrow as pa

        from hilo_fast.history._backend import fast
        from hilo_fast.history.db.rows import _FROM_REPLAY
        from hilo_fast.history.db.store import _Capsules, _struct_types

        if backend is _native and fast is not None:
            columns = fast.replay_columns()
            assert columns is not None, "the native rows are not built"
            return pa.record_batch(_Capsules(columns(table, items))).to_pylist()
        records = [r for rep, key in items for r in _FROM_REPLAY[table](rep, key)]
        return pa.RecordBatch.from_struct_array(
            pa.array(records, type=_struct_types()[table])).to_pylist()

    return Call("replay_columns", (table, items), run, False, plain)


#: Samples of an all-in spot: plain (None: exact), then hostile.
_SPOT_SAMPLES: tuple[Any, ...] = (None, 1, 2, 37, 1000, 0, -1, 2**31, "5", 1.5, True)


def _twin_outcome(fn: Callable[[], Any]) -> Any:
    """``fn()``, or the name of what it raised: a replay twin of the database
    rows is no backend function, and on a hostile replay it may raise
    anything; its C twin hands such a replay back to it, so both sides raise
    alike (and the C must not answer what the Python refuses)."""
    try:
        return fn()
    except Exception as exc:   # (compared, never hidden)
        return ("raised", type(exc).__name__)


def _spot_replay(d: Decoder) -> tuple[Any, bool]:
    """A replay-like all-in spot (history with site, hand_id, hole_cards, runs;
    holes by seat, seat_of, showdown, all_in_board, board, pots, collected,
    settled), most often plain (distinct cards, 2-10 players of 4-6 cards,
    pots contested by some of them), now and then with a hostile field; and
    whether it is plain."""
    from types import SimpleNamespace

    from hilo_fast.history.replay_settle import PotResult

    plain = True
    hole = 4 + d.below(3)
    n = 2 + d.below(min(9, 47 // hole - 1))
    n_board = (0, 3, 4, 5)[d.below(4)]
    deck = sorted(range(52), key=lambda c: (d.byte(), c))
    names = [_POT_NAMES[d.below(5)] + str(p) for p in range(n)]
    holes: Any = [deck[p * hole:(p + 1) * hole] for p in range(n)]
    board: Any = tuple(deck[n * hole:n * hole + n_board])
    pots: Any = []
    left = list(range(n))
    for _ in range(1 + d.below(3)):
        eligible = [p for p in left if d.byte() < 200] or left[:1]
        pots.append(PotResult(d.byte() * 7 + 1, 0, tuple(names[p] for p in eligible),
                              {names[eligible[0]]: d.byte()}, None))
        left = eligible
    fields: dict[str, Any] = {
        "holes": holes, "seat_of": {name: p for p, name in enumerate(names)},
        "showdown": tuple(names), "all_in_board": board, "pots": pots,
        "collected": {names[0]: d.byte()}, "settled": True,
        "board": tuple(deck[n * hole:n * hole + 5])}
    history = SimpleNamespace(site="PokerStars", hand_id=_HAND_IDS[d.below(2)],
                              hole_cards={name: [] for name in names}, runs=())
    kind = d.byte()
    if kind >= 200:   # one field made hostile
        plain = False
        name = sorted(fields)[kind % len(fields)]
        which = d.byte()
        if name == "holes":
            fields[name] = [d.cards(hole) for _ in range(n)] if which & 1 else d.cards(hole)
        elif name in ("all_in_board", "board"):
            fields[name] = d.cards(5)
        elif name == "pots":
            fields[name] = [PotResult(_POT_CHIPS[d.below(len(_POT_CHIPS))], 0,
                                      tuple(_POT_NAMES[d.below(len(_POT_NAMES))]
                                            for _ in range(d.below(4))),
                                      {names[0]: _POT_CHIPS[d.below(len(_POT_CHIPS))]}, None)
                            for _ in range(d.below(4))] if which & 1 else (None, 7, "x")[which % 3]
        elif name == "showdown":
            fields[name] = tuple(_POT_NAMES[d.below(len(_POT_NAMES))] for _ in range(d.below(12)))
        else:
            fields[name] = _HOSTILE_OBJECTS[which % len(_HOSTILE_OBJECTS)]
    if d.byte() >= 240:   # a hand run twice: its runs' cards as text
        history.runs = tuple(tuple(hilo_fast.card_str(c) if 0 <= c < 52 else "Zz"
                                   for c in d.plain_cards(5)) for _ in range(2))
    return SimpleNamespace(history=history, **fields), plain


def _all_in_spot_target(d: Decoder) -> Call:
    """The all-in equity rows of a replay-like spot (see _spot_replay) and the
    chips expected: by rows._all_in in C (csrc/py/hhrows_all_in.c's
    all_in_spot, the Python when it hands the spot back) on the native side,
    by rows._all_in alone on the pure side; equal to the last bit."""
    rep, plain = _spot_replay(d)
    key, plain_key = _hand_key(d)
    samples = _SPOT_SAMPLES[d.below(len(_SPOT_SAMPLES))]

    def twin() -> Any:
        from hilo_fast.history.db.rows import Rows, _all_in

        out = Rows()
        expected: dict[str, float] = {}
        _all_in(rep, out, key, expected, samples)
        return repr((out.tables["all_in_equities"], expected))

    def run(backend: ModuleType) -> Any:
        from hilo_fast.history.db import rows

        if backend is _native and rows._C_ALL_IN is not None:
            got = rows._C_ALL_IN(rep, key, samples)
            if got is not None:
                return repr((got[0], got[1]))
        return _twin_outcome(twin)

    return Call("all_in_spot", (rep, key, samples), run, False, plain and plain_key)


def _lows_made_target(d: Decoder) -> Call:
    """Who made a low at showdown on a replay-like hand (see _spot_replay): by
    csrc/py/hhrows_seats.c's lows_made (the Python when it hands the hand
    back) on the native side, by rows._lows_made alone on the pure side."""
    rep, plain = _spot_replay(d)
    rep.history.hole_cards = {name: [] for name in
                              (rep.showdown if isinstance(rep.showdown, tuple) else ())
                              if isinstance(name, str) and d.byte() < 200}

    def run(backend: ModuleType) -> Any:
        from hilo_fast.history.db import rows

        if backend is _native and rows._C_LOWS is not None:
            got = _twin_outcome(lambda: rows._C_LOWS(rep))   # type: ignore[misc]
            if got is not None:
                return got
        return _twin_outcome(lambda: rows._lows_made(rep.history, rep))

    return Call("lows_made", (rep,), run, False, plain)


def _part_hands(d: Decoder) -> tuple[list[Any], bool]:
    """A few hand histories of the bots' hands (:func:`_history_text`'s), each
    now and then changed: cancelled, a chip paid or put in more (a
    discrepancy), a showdown hand or a seat's cards unshown, run twice, its
    button moved; or (not plain) a field of another type. Plain when every
    field keeps its type."""
    import dataclasses

    from hilo_fast.history.sites.pokerstars import parse_pokerstars

    _history_text(d)   # (fills _HISTORY_BODIES)
    plain, hands = True, []
    for _ in range(1 + d.below(4)):
        (h,) = parse_pokerstars(_HISTORY_BODIES[d.below(len(_HISTORY_BODIES))])
        change = d.byte()
        if change < 120:
            pass
        elif change < 140:
            h = dataclasses.replace(h, cancelled=True)
        elif change < 160 and h.collected:
            name = list(h.collected)[d.below(len(h.collected))]
            h = dataclasses.replace(h, collected={**h.collected, name: h.collected[name] + 1})
        elif change < 175:
            h = dataclasses.replace(h, total_pot=h.total_pot + d.below(3) - 1)
        elif change < 195 and h.hole_cards:
            name = list(h.hole_cards)[d.below(len(h.hole_cards))]
            h = dataclasses.replace(h, hole_cards={k: v for k, v in h.hole_cards.items()
                                                   if k != name})
        elif change < 210:
            cards = [hilo_fast.card_str(c) for c in d.plain_cards(5)]
            h = dataclasses.replace(h, runs=(tuple(h.board) if len(h.board) == 5 else
                                             tuple(cards), tuple(cards)))
        elif change < 225:
            h = dataclasses.replace(h, button=h.button + d.below(3) - 1)
        else:   # a field of another type
            field = ("seats", "actions", "posts", "hole_cards", "collected", "board",
                     "total_pot", "stakes", "button", "max_seats")[d.below(10)]
            h = dataclasses.replace(h, **{field: _HOSTILE_OBJECTS[d.below(
                len(_HOSTILE_OBJECTS))]})
            plain = False
        hands.append(h)
    return hands, plain


def _part_columns_target(d: Decoder) -> Call:
    """A part's rows made whole in C from its hands' replayed numbers
    (csrc/py/hhrows_part.c through rows.part_rows, the hands it leaves
    through their Replays) on the native side; every hand through its Replay
    (rows.hand_rows and the tables' builders) on the other; compared as each
    table's rows, in any order. Hands of :func:`_part_hands`, keys of
    :func:`_hand_key`, a few sampled or exact deals a spot."""
    hands, plain = _part_hands(d)
    keys = []
    for _ in hands:
        key, plain_key = _hand_key(d)
        keys.append(key)
        plain &= plain_key
    samples = (1, 2, 37, None)[d.below(4)]

    def tables(rows: Any) -> Any:
        from hilo_fast.history.db.store import _arrow_tables

        return {table: sorted(map(repr, batch.to_pylist()))
                for table, batch in _arrow_tables(rows).items()}

    def made(left: list[int], rows: Any) -> Any:
        from hilo_fast.history.db.rows import all_in_rows, hand_rows

        for index in left:
            h, key = hands[index], keys[index]
            rep = h.replay()
            hand_rows(h, rep, "fuzz", rows, key=key, samples=samples,
                      expected=all_in_rows(h, rep, rows, samples, key=key))
        return tables(rows)

    def run(backend: ModuleType) -> Any:
        from hilo_fast.history.db.rows import Rows, part_rows

        rows = Rows()
        if backend is _native:
            got = _twin_outcome(lambda: made(part_rows(hands, keys, "fuzz", rows, samples),
                                             rows))
        else:
            got = _twin_outcome(lambda: made(list(range(len(hands))), rows))
        # (a key or field of another type: each side may refuse it first, by another error)
        return ("raised",) if not plain and isinstance(got, tuple) else got

    return Call("part_columns", (hands, keys, samples), run, False, plain)


#: Header parts the reader meets (and some it must refuse), drawn by _header_line.
_HEADER_PARTS = (
    ("Hand", "Zoom Hand", "Game", "Home Game Hand", "Home Game", "Tourney Hand", "hand"),
    ("1", "10000001", "264012345678", "", "0x1"),
    (": ", ":  ", ":", " : ", ": \t"),
    ("Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD)", "Omaha Hi/Lo Limit (10/20)",
     "Tournament #1, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level II (15/30)",
     "{Club #7} Omaha Hi/Lo Pot Limit (5/10)", "5 Card Omaha Hi/Lo Pot Limit ($1/$2)",
     "Hold'em No Limit ($1/$2)", "Courchevel Hi/Lo Pot Limit ($0.10/$0.25 USD)", ""),
    (" - ", " -", "  - ", ""),
    ("2024/01/02 3:04:05 ET", "2024/1/2 13:04:59 CET [2024/01/02 7:04:59 ET]",
     "2024/12/31 23:59:60 ET", "2024/13/01 1:02:03", "2024/01/02-3:04:05 (AEST)",
     "2024/01/123 3:04:05", "2024/01/02 3:4:05", "2024/02/30 1:02:03 ET", "2024/01/02"),
)
_HISTORY_BODIES: list[str] = []


def _header_line(d: Decoder) -> str:
    """A hand's first line from _HEADER_PARTS (most often of their first two,
    which the reader reads), now and then a byte edited."""
    line = "PokerStars {} #{}{}{}{}{}".format(
        *(parts[d.below(2) if d.byte() < 170 else d.below(len(parts))]
          for parts in _HEADER_PARTS))
    if d.byte() >= 200 and line:
        at = d.below(len(line))
        edits = " -/:(#1\x1f\xe9"
        line = line[:at] + edits[d.below(len(edits))] + line[at + d.below(2):]
    return line


def _history_text(d: Decoder) -> tuple[str, int, int]:
    """(text, start, stop): a hand of synthetic lines under a decoded header line,
    now and then cut or edited, between other text."""
    from hilo_fast.history.synth import synthetic_histories

    if not _HISTORY_BODIES:
        _HISTORY_BODIES.extend(synthetic_histories(6, seed=5))
        _HISTORY_BODIES.extend(synthetic_histories(6, seed=6, cash=False))
    body = _HISTORY_BODIES[d.below(len(_HISTORY_BODIES))]
    hand = _header_line(d) + body[body.index("\n"):]
    if d.byte() >= 220:
        hand = hand[:d.below(256) * len(hand) // 256]
    before = ("", "x\n", "PokerStars Hand #5: y\n", " \t")[d.below(4)]
    after = ("", "\nPokerStars Hand #9: x", "\n\n", "\nsaid PokerStars Hand #1: x")[d.below(4)]
    return before + hand + after, len(before), len(before) + len(hand)


def _read_stars_target(d: Decoder) -> Call:
    """A PokerStars hand read from a text span by the file reader: with the
    header line read in C (csrc/py/hhlines_header.c read_stars, the HandHistory
    made there) on the native side, by the Python (_HEADER, _header, _date,
    _c_history) on the pure side, whatever the caches hold: the same hand (its
    every field and type), the same error, or the same refusal."""
    from hilo_fast.history.sites import pokerstars

    text, start, stop = _history_text(d)
    clear = d.byte() if d.byte() >= 200 else 0

    def run(backend: ModuleType) -> Any:
        if pokerstars._c_stars is None or not text.isascii():
            return None
        if clear & 1:   # (cold caches: the C leaves the hand to the Python)
            pokerstars._HEADERS.clear()
        if clear & 2:
            pokerstars._MINUTES.clear()
        if clear & 4:
            pokerstars._TABLES.clear()
        reader = pokerstars.PokerStarsReader(iter(()), "fuzz")
        saved = pokerstars._c_stars
        if backend is not _native:
            pokerstars._c_stars = lambda *_: None
        try:
            hand = _twin_outcome(lambda: reader._finish_span(text, start, stop, 1))
        finally:
            pokerstars._c_stars = saved
        fields = hand if not hasattr(hand, "hand_id") else tuple(
            (type(getattr(hand, f)), getattr(hand, f)) for f in hand.__slots__)
        return repr((fields, reader.hands, reader.skipped, reader.errors, reader.error_count))

    return Call("read_stars", (text, start, stop), run, False, True)


def _next_hand_target(d: Decoder) -> Call:
    """Where the next hand's header line starts in a text, and its line ends so
    far: csrc/py/hhlines_header.c's next_hand (native side) against
    pokerstars._next_header and str.count (pure side)."""
    from hilo_fast.history.sites import pokerstars

    pieces = [_history_text(d)[0] for _ in range(1 + d.below(3))]
    text = ("", "\n", "\n\n")[d.below(3)].join(pieces)
    pos = d.below(len(text) + 1)
    start = min(pos + d.below(3), len(text) + 1)
    end = min(len(text), max(start - d.below(2), start + d.below(256) * len(text) // 256))

    def run(backend: ModuleType) -> Any:
        if backend is _native and pokerstars._c_next is not None and text.isascii():
            return pokerstars._c_next(text, pos, start, end)
        at = pokerstars._next_header(text, start, end)
        return at, text.count("\n", pos, at) if at >= 0 else 0

    return Call("next_hand", (text, pos, start, end), run, False, True)


_RANKING_CLASSES: dict[int, Any] = {}


def _ranking_classes(n_hole: int) -> Any:
    """A class table for every hand of ``n_hole`` cards: hand i in class i % 7."""
    if n_hole not in _RANKING_CLASSES:
        _RANKING_CLASSES[n_hole] = (np.arange(math.comb(52, n_hole)) % 7).astype(np.int32)
    return _RANKING_CLASSES[n_hole]


def _ranking_target(d: Decoder) -> Call:
    """``backend.ranking_sample`` (the preflop rankings' whole tables): 2-10
    seats of 4 (or 5) cards, up to two seats from a range of disjoint combos,
    a few deals; out of the contract, a class past n_classes, a bad or
    repeated combo card, a short buffer, a negative count or 11 seats. The
    sums (and, on an error, the untouched buffers) must be equal."""
    n_hole = 4 + (d.byte() >= 230)
    n_players = min(2 + d.below(9), 47 // n_hole)
    n_range_seats = d.below(min(3, n_players))
    deck = sorted(range(52), key=lambda c: (d.byte(), c))
    n_range = min(n_range_seats + d.below(3), 52 // n_hole) if n_range_seats else 0
    combos: Any = np.array(deck[:n_range * n_hole], dtype=np.int32) if n_range else None
    n_classes, size, count = 7, 7, d.below(3)
    seed = d.byte() << 8 | d.byte()
    kind = d.byte()
    if kind >= 215:   # out of the contract
        which = kind % 5
        if which == 0:
            n_classes = size = 6
        elif which == 1 and combos is not None:
            combos[d.below(len(combos))] = (60, deck[0], -1)[d.below(3)]
        elif which == 2:
            size = 6
        elif which == 3:
            count = -1
        else:
            n_players = 11
    classes = _ranking_classes(n_hole)
    args = (n_players, n_hole, n_classes, combos, n_range_seats, seed, count)

    def run(backend: ModuleType) -> Any:
        outs = [np.zeros(size, dtype=np.int64) for _ in range(3)]
        err = backend.ranking_sample(n_players, n_hole, classes, n_classes, combos,
                                     n_range_seats, seed, count, *outs)
        return err, [o.tolist() for o in outs]

    return Call("ranking_sample", args, run, False, False)


TARGETS: dict[str, Callable[[Decoder], Call]] = {
    "backend.high5": _five_target("high5"),
    "backend.low5": _five_target("low5"),
    "backend.omaha": _omaha_target("omaha"),
    "backend.omaha_best": _omaha_target("omaha_best"),
    "backend.omaha_bytes": _omaha_bytes_target,
    "evaluate_high5": _public_target("evaluate_high5", 1),
    "evaluate_low5": _public_target("evaluate_low5", 1),
    "omaha_high": _public_target("omaha_high", 2),
    "omaha_low": _public_target("omaha_low", 2),
    "omaha_hilo": _public_target("omaha_hilo", 2),
    "evaluate": _public_target("evaluate", 2),
    "backend.equity_deals": _equity_target("equity_deals"),
    "backend.equity_enumerate": _equity_target("equity_enumerate"),
    "backend.equity_sample": _equity_target("equity_sample"),
    "backend.equity_exact": _equity_target("equity_exact"),
    "backend.equity_exact_pots": _equity_target("equity_exact_pots"),
    "backend.range_deals": _range_target("range_deals"),
    "backend.range_enumerate": _range_target("range_enumerate"),
    "backend.range_sample": _range_target("range_sample"),
    "equity": _equity_result,
    "evaluate_batch": _batch_target,
    "showdown": _showdown_target,
    "simulate": _simulate_target,
    "backend.settle": _settle_target,
    "backend.settle_boards": _settle_boards_target,
    "backend.boards_deals": _boards_target("boards_deals"),
    "backend.boards_enumerate": _boards_target("boards_enumerate"),
    "backend.boards_sample": _boards_target("boards_sample"),
    "backend.boards_sample_rows": _boards_rows_target,
    "backend.boards_pot": lambda d: (lambda n: Call(
        "boards_pot", (n,), lambda b: b.boards_pot(n), False, type(n) is int))(
        _number(d, lambda b: b % 10)),
    "backend.splitmix64": _splitmix64_target,
    "backend.hand_deal": _hand_target,
    "backend.hand_deal_forced": lambda d: _hand_target(d, forced=True),
    "VectorEnv": _vector_env_target,
    "omaha_hilo_v0": _aec_env_target,
    "backend.classify": _classify_target,
    "backend.classify_many": _classify_many_target,
    "backend.range_vs_range": _range_vs_range_target,
    "backend.range_vs_range_tally": _range_vs_range_tally_target,
    "action_columns": _action_columns_target,
    "seat_columns": _seat_columns_target,
    "record_columns": _record_columns_target,
    "replay_columns": _replay_columns_target,
    "all_in_spot": _all_in_spot_target,
    "lows_made": _lows_made_target,
    "part_columns": _part_columns_target,
    "read_stars": _read_stars_target,
    "next_hand": _next_hand_target,
    "backend.ranking_sample": _ranking_target,
}
_TARGET_LIST = list(TARGETS.values())


# ---- running ----


def _outcome(call: Call, backend: ModuleType) -> tuple[str, Any]:
    """Run ``call``: a backend function on ``backend``, a public function on the
    backend this process's public API uses (which must then be ``backend``)."""
    assert not call.public or backend is IN_USE
    # A backend function out of its contract may refuse in any clean way.
    allowed: tuple[type[Exception], ...] = (
        (ValueError, TypeError) if call.public else (TypeError, ValueError, OverflowError))
    try:
        return "value", call.fn(backend)
    except allowed as exc:
        return "raises", type(exc)


class _PureProcess:
    """This file run as a child with ``HILO_FAST_PUREPYTHON=1``: the public
    functions of the pure backend, for the public targets (nothing here
    swaps the backend of a loaded module). Bytes go in, outcomes come back,
    pickled over the pipes."""

    def __init__(self) -> None:
        env = {**os.environ, "HILO_FAST_PUREPYTHON": "1"}
        self._child = subprocess.Popen([sys.executable, __file__, "--pure-worker"], env=env,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def outcome(self, data: bytes) -> tuple[str, Any]:
        child = self._child
        assert child.stdin is not None and child.stdout is not None
        pickle.dump(data, child.stdin)
        child.stdin.flush()
        answer: tuple[str, Any] = pickle.load(child.stdout)
        return answer


_pure_process: _PureProcess | None = None


def _pure_outcome(data: bytes) -> tuple[str, Any]:
    global _pure_process
    call = decode(data)
    if not call.public:
        return _outcome(call, _pybackend)
    if _pure_process is None:
        _pure_process = _PureProcess()
    return _pure_process.outcome(data)


def _serve_pure() -> None:
    """The child's loop: outcomes of public calls on the pure backend."""
    assert IN_USE is _pybackend, "the worker must run with HILO_FAST_PUREPYTHON=1"
    out = sys.stdout.buffer
    sys.stdout = sys.stderr   # nothing but answers on the pipe
    while True:
        try:
            data = pickle.load(sys.stdin.buffer)
        except EOFError:
            return
        pickle.dump(_outcome(decode(data), _pybackend), out)
        out.flush()


def check(data: bytes) -> None:
    """Decode ``data`` and run the call on both backends (each on freshly
    decoded arguments: an iterator is used up by one call); assert the contract.
    Public calls run on the pure backend in a child process."""
    assert _native is not None, "the differential fuzzer needs the compiled backend"
    assert IN_USE is _native, "the differential fuzzer runs on the native backend"
    call = decode(data)
    native, pure = _outcome(call, _native), _pure_outcome(data)
    same = _close if call.close else _equal
    if call.public or call.plain:
        assert same(native, pure), f"{call}: native {native!r} != pure {pure!r}"
        return
    # Out of the backend's contract: errors may differ in kind, values may not.
    if native[0] == pure[0] == "value" and not _is_error(native[1]) and not _is_error(pure[1]):
        assert same(native, pure), f"{call}: native {native!r} != pure {pure!r}"


def _equal(a: Any, b: Any) -> bool:
    return bool(a == b)


def _close(a: Any, b: Any) -> bool:
    """Equal, but floats to a relative 1e-9 (or 1e-9 near 0)."""
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_close, a, b))
    return _equal(a, b)


def _is_error(value: Any) -> bool:
    return isinstance(value, int) and value < 0


def decode(data: bytes) -> Call:
    """The call a byte string stands for (the first byte picks the target)."""
    d = Decoder(data)
    return _TARGET_LIST[d.byte() % len(_TARGET_LIST)](d)


def run_one(data: bytes) -> None:
    """The fuzz entry point: decode, call on both backends, check."""
    check(data)


if __name__ == "__main__" and sys.argv[1:] == ["--pure-worker"]:
    _serve_pure()
