"""PQL on threads and executors: the deals run in chunks, each made on its own
(chunk k of a Monte Carlo run from its own stream), and the chunks' sums are
merged in chunk order, so an answer is the same to the last bit on one
thread, on two, on a thread pool or on a Dask cluster."""

from __future__ import annotations

import pickle
from concurrent.futures import ThreadPoolExecutor

import pytest

import hilo_fast as hf
from hilo_fast.analysis.pql.deal import CHUNK_DEALS
from hilo_fast.analysis.pql.evaluator import _run_parts
from hilo_fast.cli import main

pytest.importorskip("numpy")

# every kind of aggregate, a where that drops deals, ranges on both sides
SAMPLED = ("select avg(riverEquity(hero)) as e, count(scoops(hero)) as s, "
           "histogram(handType(hero, river)) as h, max(hiRating(hero, river)) as best, "
           "min(loRating(villain, river)) as worst "
           "from game='omaha8', hero='A2**', villain='15%' where not pairedBoard(flop)")
# exact, and several chunks: 96 x 36 hands, every river of the turn
EXACT = ("select avg(riverEquity(hero)) as e, histogram(handType(villain, river)) as h "
         "from game='omaha8', hero='AA23', villain='KKQQ', board='7c8d9hTs'")


def test_monte_carlo_is_the_same_on_any_threads_and_executor() -> None:
    samples = 2 * CHUNK_DEALS + 1234   # three chunks, the last short
    one = hf.pql(SAMPLED, samples=samples, seed=11)
    assert not one.exact and one.trials == samples and 0 < one.matched < samples
    assert hf.pql(SAMPLED, samples=samples, seed=11, threads=2) == one
    assert hf.pql(SAMPLED, samples=samples, seed=11, threads=5) == one
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert hf.pql(SAMPLED, samples=samples, seed=11, executor=pool) == one
    assert hf.pql(SAMPLED, samples=samples, seed=12) != one   # another seed, other deals


def test_exact_is_the_same_on_threads_and_spans_several_chunks() -> None:
    one = hf.pql(EXACT)
    assert one.exact and one.trials > 2 * CHUNK_DEALS
    assert hf.pql(EXACT, threads=2) == one
    with ThreadPoolExecutor(max_workers=3) as pool:
        assert hf.pql(EXACT, executor=pool) == one


def test_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    samples = CHUNK_DEALS + 500
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = hf.pql(SAMPLED, samples=samples, seed=3, executor=client.get_executor())
    assert on_dask == hf.pql(SAMPLED, samples=samples, seed=3)


def test_a_task_crosses_processes() -> None:
    # what a cluster of processes does: the task and its answer pickled
    task = pickle.loads(pickle.dumps(_run_parts))
    parts = pickle.loads(pickle.dumps(task(SAMPLED, CHUNK_DEALS + 10, 5, 0, 2)))
    assert [p.trials for p in parts] == [CHUNK_DEALS, 10]


def test_a_chunk_does_not_depend_on_the_run_size() -> None:
    # chunk 0's deals are the same in a run of one chunk and a run of three
    small = _run_parts(SAMPLED, CHUNK_DEALS, 9, 0, 1)[0]
    large = _run_parts(SAMPLED, 3 * CHUNK_DEALS, 9, 0, 1)[0]
    assert small == large


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"threads": 0}, ValueError, "threads must be at least 1"),
    ({"threads": "2"}, TypeError, "threads must be an int"),
    ({"threads": True}, TypeError, "threads must be an int"),
    ({"executor": object()}, TypeError, "executor must be a concurrent.futures.Executor"),
])
def test_bad_threads_and_executors(kwargs: dict[str, object], error: type[Exception],
                                   message: str) -> None:
    with pytest.raises(error, match=message):
        hf.pql(SAMPLED, samples=10, seed=1, **kwargs)  # type: ignore[arg-type]


def test_threads_and_executor_together_are_refused() -> None:
    with ThreadPoolExecutor(max_workers=1) as pool, \
            pytest.raises(ValueError, match="threads or executor, not both"):
        hf.pql(SAMPLED, samples=10, seed=1, threads=2, executor=pool)


def test_cli_threads(capsys: pytest.CaptureFixture[str]) -> None:
    query = "select count(scoops(hero)) as s from hero='AA**', villain='*'"
    assert main(["pql", query, "--samples", "30000", "--seed", "4", "--threads", "2"]) == 0
    two = capsys.readouterr().out
    assert main(["pql", query, "--samples", "30000", "--seed", "4"]) == 0
    assert capsys.readouterr().out == two
    with pytest.raises(SystemExit) as stop:
        main(["pql", query, "--threads", "0"])
    assert stop.value.code == 2
    assert "hilo-fast: error:" in capsys.readouterr().err
