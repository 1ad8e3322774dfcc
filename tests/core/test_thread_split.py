"""Threads give the very answers of one thread, and are used only where a split pays.

``evaluate_batch`` and ``equity`` split their work over threads that pull
blocks of rows or chunks of deals (hilo_fast.core.split). Here the split is
forced onto small inputs (the size thresholds and chunk sizes patched down,
and ``PARALLEL`` set so the pure backend splits too), then swept over
sizes, thread counts and bad rows: ``threads=1``, 2 and 4 must agree bit
for bit, raise the same error and leave given outputs untouched on a bad
row. The thresholds themselves are checked as functions of the sizes.
"""

from __future__ import annotations

import importlib
import random
import sys
import threading
from array import array
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import hilo_fast
from hilo_fast import evaluate_batch
from hilo_fast.cards import card_str
from hilo_fast.core import split as _split
from hilo_fast.equity import equity

batch_module = importlib.import_module("hilo_fast.core.batch")
equity_module = importlib.import_module("hilo_fast.equity.compute")

THREADS = (1, 2, 4)


@pytest.fixture
def np() -> ModuleType:
    return pytest.importorskip("numpy")


@pytest.fixture
def small_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """Splits from a few dozen rows and chunks of a few deals, on either backend."""
    monkeypatch.setattr(batch_module, "PARALLEL", True)
    monkeypatch.setattr(batch_module, "MIN_ROWS_PER_THREAD", 24)
    monkeypatch.setattr(batch_module, "MIN_BLOCK_ROWS", 16)
    monkeypatch.setattr(equity_module, "PARALLEL", True)
    monkeypatch.setattr(equity_module, "CHUNK_DEALS", 97)
    monkeypatch.setattr(equity_module, "CHUNK_SAMPLES", 61)


def deal(rng: random.Random, n: int, n_hole: int, n_board: int) -> tuple[list[list[int]],
                                                                         list[list[int]]]:
    holes, boards = [], []
    for _ in range(n):
        cards = rng.sample(range(52), n_hole + n_board)
        holes.append(cards[:n_hole])
        boards.append(cards[n_hole:])
    return holes, boards


def per_hand(holes: list[list[int]], boards: list[list[int]]) -> tuple[list[int], list[int]]:
    """The values one hand at a time (omaha_hilo: not the batch code)."""
    values = [hilo_fast.omaha_hilo(h, b) for h, b in zip(holes, boards, strict=True)]
    return [hi for hi, _ in values], [lo or 0 for _, lo in values]


# ---- evaluate_batch ----

@pytest.mark.parametrize("n_rows", [0, 1, 47, 48, 49, 100, 257, 1000])
def test_batch_threads_agree_bit_for_bit(backend: ModuleType, np: ModuleType,
                                         small_split: None, n_rows: int) -> None:
    rng = random.Random(n_rows)
    n_hole, n_board = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
    holes, boards = deal(rng, n_rows, n_hole, n_board)
    want = per_hand(holes, boards)
    h = np.array(holes, dtype=np.int32).reshape(n_rows, n_hole)
    b = np.array(boards, dtype=np.int32).reshape(n_rows, n_board)
    for threads in THREADS:
        assert evaluate_batch(holes, boards, threads=threads) == want
        high, low = evaluate_batch(h, b, threads=threads)  # outputs made here
        assert (high.tolist(), low.tolist()) == want
        out_high, out_low = np.full(n_rows, -7, np.int32), np.full(n_rows, -7, np.int32)
        evaluate_batch(h, b, out_high=out_high, out_low=out_low, threads=threads)
        assert (out_high.tolist(), out_low.tolist()) == want
        a_high, a_low = array("i", [-7] * n_rows), array("i", [-7] * n_rows)
        evaluate_batch(holes, boards, out_high=a_high, out_low=a_low, threads=threads)
        assert (a_high.tolist(), a_low.tolist()) == want


@pytest.mark.parametrize("seed", range(6))
def test_batch_bad_rows_same_error_nothing_written(backend: ModuleType, np: ModuleType,
                                                   small_split: None, seed: int) -> None:
    """Bad rows anywhere (the first block, the last, several blocks): every thread
    count names the first one, and outputs the caller gave stay untouched."""
    rng = random.Random(100 + seed)
    n_rows = rng.randrange(60, 400)
    holes, boards = deal(rng, n_rows, 4, 5)
    for _ in range(rng.randrange(1, 4)):
        row = rng.choice([0, n_rows - 1, rng.randrange(n_rows)])
        if rng.random() < 0.5:
            holes[row][rng.randrange(4)] = rng.choice([52, -1, 99])
        else:
            boards[row][1] = boards[row][0]  # a card twice
    errors = set()
    for threads in THREADS:
        for given in (False, True):
            h, b = np.array(holes, dtype=np.int32), np.array(boards, dtype=np.int32)
            out_high, out_low = np.full(n_rows, -7, np.int32), np.full(n_rows, -7, np.int32)
            outputs: dict[str, Any] = {"out_high": out_high, "out_low": out_low} if given else {}
            with pytest.raises(ValueError) as caught:
                evaluate_batch(h, b, threads=threads, **outputs)
            errors.add(str(caught.value))
            assert (out_high == -7).all() and (out_low == -7).all()
            with pytest.raises(ValueError) as caught:
                evaluate_batch(holes, boards, threads=threads)
            errors.add(str(caught.value))
    assert len(errors) == 1, errors


def test_rowwise_backend_call_stops_at_the_first_bad_row(each_backend: ModuleType,
                                                         np: ModuleType) -> None:
    """omaha_batch(rowwise=True) (hf_omaha_batch_rows in C): the same values as
    the check-first call; on a bad row it returns that row, rows after it are
    untouched and rows before it hold their value or were not yet written."""
    rng = random.Random(5)
    for trial in range(40):
        n_rows = rng.randrange(1, 70)
        holes, boards = deal(rng, n_rows, 5, 4)
        want_high, want_low = per_hand(holes, boards)
        bad = rng.randrange(n_rows) if trial % 2 else -1
        if bad >= 0:
            boards[bad][2] = rng.choice([52, 64, -3, holes[bad][0]])
        h, b = np.array(holes, dtype=np.int32), np.array(boards, dtype=np.int32)
        start = rng.randrange(n_rows + 1) if trial % 3 else 0
        high, low = np.full(n_rows, -7, np.int32), np.full(n_rows, -7, np.int32)
        got = each_backend.omaha_batch(h, 5, b, 4, start, n_rows, high, low, rowwise=True)
        if bad < start:  # no bad row in the rows asked for
            assert got == -1
            assert high[start:].tolist() == want_high[start:]
            assert low[start:].tolist() == want_low[start:]
        else:
            assert got == bad
            assert (high[bad:] == -7).all() and (low[bad:] == -7).all()
            for i in range(start, bad):
                assert (high[i], low[i]) in ((-7, -7), (want_high[i], want_low[i]))
        assert (high[:start] == -7).all() and (low[:start] == -7).all()
        first = each_backend.omaha_batch(h, 5, b, 4, start, n_rows)  # check only
        assert first == (-1 if bad < start else bad)


def test_batch_threads_used_only_where_a_split_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "PARALLEL", True)
    least = batch_module.MIN_ROWS_PER_THREAD
    for n_rows in (0, 1, least, 2 * least - 1, 2 * least, 3 * least + 5, 10**6, 10**9):
        for threads in (1, 2, 3, 4, 16):
            used = batch_module._threads_used(n_rows, threads)
            assert 1 <= used <= threads
            assert used == 1 or used * least <= n_rows  # each thread gets its minimum
            if n_rows < 2 * least:
                assert used == 1
            if n_rows >= threads * least:
                assert used == threads
    monkeypatch.setattr(batch_module, "PARALLEL", False)  # a backend that keeps the GIL
    assert batch_module._threads_used(10**9, 4) == 1


def test_batch_blocks_cover_the_rows_once() -> None:
    least = batch_module.MIN_BLOCK_ROWS
    for n_rows in (0, 1, least - 1, least, least + 1, 10 * least + 3, 10**6 + 1):
        for threads in (2, 3, 4):
            blocks = batch_module._blocks(n_rows, threads)
            starts = [start for start, _ in blocks]
            assert starts == [0, *(stop for _, stop in blocks)][:len(blocks)]
            assert (blocks[-1][1] if blocks else 0) == n_rows
            assert all(start % 16 == 0 for start, _ in blocks)  # outputs meet at 64 bytes
            assert all(stop - start >= least for start, stop in blocks[:-1])
            assert len(blocks) <= max(1, 16 * threads)


# ---- equity ----

def random_spot(rng: random.Random, players: int, n_board: int,
                n_dead: int = 0) -> tuple[list[Any], str, str]:
    cards = rng.sample(range(52), 4 * players + n_board + n_dead)
    holes: list[Any] = ["".join(map(card_str, cards[4 * p:4 * p + 4])) for p in range(players)]
    holes[rng.randrange(players)] = None  # a random hand: more than one board a deal
    board = cards[4 * players:4 * players + n_board]
    return holes, "".join(map(card_str, board)), "".join(map(card_str, cards[len(cards) - n_dead:]))


@pytest.mark.parametrize("seed", range(4))
def test_equity_exact_threads_agree(backend: ModuleType, small_split: None, seed: int) -> None:
    rng = random.Random(seed)
    spot = random_spot(rng, rng.choice((2, 3)), 5, 20)  # a few thousand deals
    results = [equity(*spot, threads=t) for t in THREADS]
    assert results[0].exact
    assert results[0].boards > 3 * equity_module.CHUNK_DEALS  # really split
    assert results[1] == results[0] and results[2] == results[0]


@pytest.mark.parametrize("seed", range(4))
def test_equity_monte_carlo_threads_agree(backend: ModuleType, small_split: None,
                                          seed: int) -> None:
    rng = random.Random(10 + seed)
    spot = random_spot(rng, rng.choice((2, 4)), rng.choice((0, 3)))
    samples = rng.randrange(600, 1500)
    results = [equity(*spot, samples=samples, seed=seed, threads=t) for t in THREADS]
    assert not results[0].exact and results[0].boards == samples
    assert results[1] == results[0] and results[2] == results[0]


def test_equity_range_spot_threads_agree(backend: ModuleType, np: ModuleType,
                                         small_split: None) -> None:
    holes = ["As2dKh3c", "AA"]
    results = [equity(holes, "2h5c9d", samples=700, seed=8, threads=t) for t in THREADS]
    assert results[1] == results[0] and results[2] == results[0]


def test_equity_threads_used_only_where_a_split_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity_module, "PARALLEL", True)
    for mode, size in (("enumerate", equity_module.CHUNK_DEALS),
                       ("sample", equity_module.CHUNK_SAMPLES)):
        for total in (1, size - 1, size, size + 1, 2 * size - 1, 2 * size, 7 * size, 10**12):
            for threads in (1, 2, 3, 8):
                used = equity_module._threads_used(mode, total, threads)
                assert 1 <= used <= threads
                assert used == 1 or used * size <= total  # a full chunk each at least
                if total < 2 * size:
                    assert used == 1
                if total >= threads * size:
                    assert used == threads
    assert equity_module._threads_used("groups", 10**6, 4) == 1  # one chunk of ~1 ms
    monkeypatch.setattr(equity_module, "PARALLEL", False)
    assert equity_module._threads_used("sample", 10**12, 4) == 1


# ---- the pulling itself ----

@pytest.mark.parametrize("threads", [1, 2, 3, 8])
def test_pull_runs_every_item_once(threads: int) -> None:
    seen: list[int] = []
    taken = 0

    def items() -> Iterator[int]:
        nonlocal taken
        for i in range(500):
            taken += 1
            assert taken - len(seen) <= threads  # taken as threads get free, not ahead
            yield i

    _split.pull(items(), lambda i: i * i, lambda i, sq: seen.append(sq - i * i + i), threads)
    assert sorted(seen) == list(range(500))


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_pull_raises_the_error_of_any_thread_and_stops(threads: int) -> None:
    before = threading.active_count()
    ran: list[int] = []

    def work(i: int) -> int:
        if i == 37:
            raise KeyError("chunk 37")
        return i

    with pytest.raises(KeyError, match="chunk 37"):
        _split.pull(range(10**6), work, lambda i, _: ran.append(i), threads)
    assert len(ran) < 10**6 - 1  # stopped, not run to the end
    for thread in threading.enumerate():  # helpers end once their piece is done
        if thread.name.startswith("hilo-fast-"):
            thread.join(timeout=10)
    assert threading.active_count() <= before


def test_parallel_follows_the_backend_and_the_gil(monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads split the work where they can run at once: the C backend (its
    calls release the GIL), or any backend on a Python running without a GIL."""
    check = getattr(sys, "_is_gil_enabled", None)
    without_gil = check is not None and not check()
    assert (hilo_fast.BACKEND == "native" or without_gil) is _split.PARALLEL
    monkeypatch.setattr(_split.sys, "_is_gil_enabled", lambda: False, raising=False)
    assert not _split._gil_enabled()
    monkeypatch.setattr(_split.sys, "_is_gil_enabled", lambda: True, raising=False)
    assert _split._gil_enabled()
    monkeypatch.delattr(_split.sys, "_is_gil_enabled", raising=False)  # before 3.13
    assert _split._gil_enabled()
