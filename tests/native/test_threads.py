"""Many threads at once give the answers one thread gives.

cffi releases the GIL during every C call, so with the native backend these
threads really run the C core concurrently (batch and equity also split
their own work over threads) (the pure backend is checked too:
its lazily filled low-value cache is shared between threads). A barrier
starts the threads together so their calls overlap, and each thread works
through the inputs in its own order. The C core keeps no mutable state: the
built module has no writable data of its own, only cffi's.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import TypeVar

import pytest

import hilo_fast
from hilo_fast.cards import parse_cards

T = TypeVar("T")
THREADS = 8


def _deals(
    n: int, seed: int, hole_size: int = 4, board_size: int = 5
) -> list[tuple[list[int], list[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(52), hole_size + board_size)
        out.append((cards[:hole_size], cards[hole_size:]))
    return out


def _hammer(work: Callable[[int], T], n_items: int, threads: int = THREADS) -> list[list[T]]:
    """Each thread computes ``work(i)`` for every item, in its own shuffled order,
    all threads released at once; returns every thread's answers in item order."""
    barrier = threading.Barrier(threads)

    def one_thread(t: int) -> list[T]:
        order = list(range(n_items))
        random.Random(t).shuffle(order)
        answers: dict[int, T] = {}
        barrier.wait()
        for i in order:
            answers[i] = work(i)
        return [answers[i] for i in range(n_items)]

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(one_thread, range(threads)))


def _all_equal_to(expected: Sequence[T], per_thread: list[list[T]]) -> None:
    for t, answers in enumerate(per_thread):
        assert answers == list(expected), f"thread {t} disagrees with the single-thread run"


def test_evaluate_from_many_threads(backend: ModuleType) -> None:
    deals = _deals(400, seed=1) + _deals(100, seed=2, hole_size=6, board_size=3)

    def work(i: int) -> tuple[object, ...]:
        hand = hilo_fast.evaluate(*deals[i])
        return hand.high, hand.low, hand.high_card_ids, hand.low_card_ids

    expected = [work(i) for i in range(len(deals))]
    _all_equal_to(expected, _hammer(work, len(deals)))


def test_five_card_evaluators_from_many_threads(backend: ModuleType) -> None:
    fives = [random.Random(i).sample(range(52), 5) for i in range(500)]

    def work(i: int) -> tuple[int, int | None]:
        return hilo_fast.evaluate_high5(fives[i]), hilo_fast.evaluate_low5(fives[i])

    expected = [work(i) for i in range(len(fives))]
    _all_equal_to(expected, _hammer(work, len(fives)))


def test_showdown_from_many_threads(backend: ModuleType) -> None:
    rng = random.Random(3)
    spots = []
    for _ in range(60):
        cards = rng.sample(range(52), 5 + 3 * 4)
        spots.append((cards[:5], [cards[5 + 4 * p: 9 + 4 * p] for p in range(3)]))

    def work(i: int) -> object:
        board, holes = spots[i]
        return hilo_fast.showdown(board, holes, [100, 250, 400])

    expected = [work(i) for i in range(len(spots))]
    _all_equal_to(expected, _hammer(work, len(spots)))


SPOTS = [
    (["As2dKh3c", "7c8d9hTs"], "2h5c9d", ""),
    (["AhAd2c3s", None, "KsQsJsTs"], "4c5d9s", "8h"),
    (["As2dKh3c", "7c8d9hTs"], "2h5c9dQs", ""),
]


def test_equity_from_many_threads(backend: ModuleType) -> None:
    """Exact equity and seeded Monte Carlo, many callers at once (each call
    itself single-threaded here; its own threads= is in test_determinism)."""
    calls: list[Callable[[], object]] = []
    for holes, board, dead in SPOTS:
        calls.append(lambda h=holes, b=board, d=dead: hilo_fast.equity(h, b, d, samples=300,
                                                                        seed=7))
    calls.append(lambda: hilo_fast.equity(["As2dKh3c", "7c8d9hTs"], "2h5c9dQs"))  # exact, 44 boards

    expected = [call() for call in calls]
    _all_equal_to(expected, _hammer(lambda i: calls[i](), len(calls), threads=4))


def test_batch_from_many_threads(backend: ModuleType) -> None:
    """evaluate_batch called from many threads at once, each call also split
    over its own threads= (1..4): every answer equals the single call's."""
    np = pytest.importorskip("numpy")
    rng = random.Random(5)
    rows = [rng.sample(range(52), 9) for _ in range(3000 if backend.NAME == "native" else 300)]
    holes = np.array([r[:4] for r in rows], dtype=np.int32)
    boards = np.array([r[4:] for r in rows], dtype=np.int32)
    high, low = hilo_fast.evaluate_batch(holes, boards)
    expected = (high.tolist(), low.tolist())

    def work(i: int) -> tuple[list[int], list[int]]:
        out_high, out_low = np.empty(len(rows), np.int32), np.empty(len(rows), np.int32)
        hilo_fast.evaluate_batch(holes, boards, out_high=out_high, out_low=out_low,
                                 threads=1 + i % 4)
        return out_high.tolist(), out_low.tolist()

    _all_equal_to([expected] * 8, _hammer(work, 8, threads=4))


def test_mixed_work_from_many_threads(native: ModuleType) -> None:
    """Different C entry points at the same moment (evaluate, showdown, equity)."""
    deals = _deals(200, seed=4, hole_size=8)  # two hands of four
    jobs: list[Callable[[], object]] = []
    for i, (cards, board) in enumerate(deals):
        hole, other = cards[:4], cards[4:]
        if i % 20 == 0:
            jobs.append(lambda h=hole, o=other, s=i: hilo_fast.equity([h, o], samples=50, seed=s))
        elif i % 3 == 0:
            jobs.append(lambda b=board, h=hole, o=other: hilo_fast.showdown(b, [h, o], [5, 5]))
        else:
            jobs.append(lambda h=hole, b=board: hilo_fast.evaluate(h, b).low)
        if i % 25 == 0:
            jobs.append(lambda h=hole, b=board: hilo_fast.evaluate_batch([h] * 50, [b] * 50))

    expected = [job() for job in jobs]
    _all_equal_to(expected, _hammer(lambda i: jobs[i](), len(jobs)))


def test_c_core_has_no_writable_data_of_its_own(native: ModuleType) -> None:
    """Threads cannot disturb each other in C: every table is const, and no
    function keeps state. nm lists each writable (data/bss) symbol of the
    built module; all of them must be cffi's or the C runtime's."""
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) not installed")
    from hilo_fast._native import _core as _native

    listing = subprocess.run([nm, _native.__file__], capture_output=True, text=True,
                             check=True).stdout
    writable = [line.split()[-1] for line in listing.splitlines()
                if len(line.split()) == 3 and line.split()[1] in "bBdD"]
    assert "_cffi_types" in writable  # the check sees the module's data at all
    runtime = {"_DYNAMIC", "_GLOBAL_OFFSET_TABLE_", "__TMC_END__", "__dso_handle",
               "__do_global_dtors_aux_fini_array_entry", "__frame_dummy_init_array_entry",
               "completed.0", "__data_start", "data_start", "__bss_start", "_edata", "_end"}
    tools = ("_cffi_", "__odr_asan", "__asan", "__ubsan")  # cffi's; a sanitized build's
    ours = [name for name in writable if not name.startswith(tools) and name not in runtime]
    assert ours == [], f"mutable C state: {ours}"


def test_parse_cards_is_thread_safe() -> None:
    texts = ["As2dKh9c", "10c Jd Qh", "ah,kd;qs", "2c3c4c5c6c"]
    expected = [parse_cards(t) for t in texts]
    _all_equal_to(expected * 50, _hammer(lambda i: parse_cards(texts[i % 4]), 200))
