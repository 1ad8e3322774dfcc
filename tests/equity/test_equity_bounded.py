"""Equity's memory stays flat whatever it is asked: chunks are made one at a time, a pool
or executor never holds more than IN_FLIGHT of them, and sample counts beyond the
documented cap are refused. (The CLI run with 10**12 samples: tests/cli/test_cli_errors.py.)"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from itertools import islice
from types import ModuleType
from typing import Any

import pytest

from hilo_fast.equity import IN_FLIGHT, MAX_SAMPLES, equity

equity_module = importlib.import_module("hilo_fast.equity.compute")

HOLES = ["As2dKh3c", None]


def test_chunks_are_made_lazily() -> None:
    spot = ((51, 1, 46, 4, -1, -1, -1, -1), 4, (), ())
    chunks = equity_module._chunks("sample", spot, MAX_SAMPLES, seed=1)
    assert isinstance(chunks, Iterator)  # 10**8 chunks: never a list
    first = list(islice(chunks, 3))
    assert [chunk[-1] for chunk in first] == [equity_module.CHUNK_SAMPLES] * 3
    assert len({chunk[5] for chunk in first}) == 3  # each its own seed


class CountingExecutor(Executor):
    """A thread pool that records the most futures it ever held unfinished."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(2)
        self.lock = threading.Lock()
        self.open = self.most = self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        with self.lock:
            self.open += 1
            self.submitted += 1
            self.most = max(self.most, self.open)
        future = self.pool.submit(fn, *args, **kwargs)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, future: Future[Any]) -> None:
        with self.lock:
            self.open -= 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_an_executor_never_holds_more_than_in_flight_chunks(
        backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(equity_module, "CHUNK_SAMPLES", 5)  # many chunks, little work
    samples = 5 * (3 * IN_FLIGHT + 7)
    with CountingExecutor() as executor:
        spread = equity(HOLES, samples=samples, seed=3, executor=executor)
    assert executor.submitted == 3 * IN_FLIGHT + 7
    assert executor.most <= IN_FLIGHT
    assert spread == equity(HOLES, samples=samples, seed=3)  # same tallies, any order
    assert spread.boards == samples


def test_threads_hold_at_most_in_flight_chunks(backend: ModuleType,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads take chunks as they get free: no more exist at once than there
    are threads (each made when a thread takes it, dropped when it is added up)."""
    monkeypatch.setattr(equity_module, "CHUNK_SAMPLES", 5)
    monkeypatch.setattr(equity_module, "PARALLEL", True)  # the split on the pure backend too
    lock = threading.Lock()
    made = finished = most = 0
    real_chunks, real_run = equity_module._chunks, equity_module._run_chunk

    def chunks(*args: Any) -> Iterator[Any]:
        nonlocal made, most
        for chunk in real_chunks(*args):
            with lock:
                made += 1
                most = max(most, made - finished)
            yield chunk

    def run_chunk(chunk: Any) -> list[int]:
        nonlocal finished
        tally: list[int] = real_run(chunk)
        with lock:
            finished += 1
        return tally

    monkeypatch.setattr(equity_module, "_chunks", chunks)
    monkeypatch.setattr(equity_module, "_run_chunk", run_chunk)
    result = equity(HOLES, samples=5 * 200, seed=4, threads=2)
    assert made == finished == 200
    assert most <= 2 <= IN_FLIGHT
    assert result == equity(HOLES, samples=5 * 200, seed=4)


def test_sample_cap_is_documented_and_enforced() -> None:
    assert MAX_SAMPLES == 10**12
    assert "MAX_SAMPLES" in (equity.__doc__ or "")
    with pytest.raises(ValueError, match=r"samples must be at most 1,000,000,000,000 "
                                         r"\(equity.MAX_SAMPLES\), got 1,000,000,000,001"):
        equity(HOLES, samples=MAX_SAMPLES + 1)
