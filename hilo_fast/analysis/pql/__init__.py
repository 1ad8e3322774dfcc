"""PQL for Omaha hi/lo: ProPokerTools' Poker Query Language over hilo-fast's
deals, ranges and C kernels (docs/pql.md).

>>> from hilo_fast.analysis.pql import pql
>>> r = pql("select count(scoops(hero)) as s from hero='AsAd2s3d', villain='KsKd7h7c', "
...         "board='Ah2h7s8hKc'")
>>> r["s"].value, r.exact
(1.0, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .parser import MAX_SAMPLES, parse_query

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .evaluator import PQLColumn, PQLResult

__all__ = ["MAX_SAMPLES", "PQLColumn", "PQLResult", "parse_query", "pql"]


def __getattr__(name: str) -> Any:
    if name in ("PQLColumn", "PQLResult"):   # (the evaluator needs numpy: on first use)
        from . import evaluator

        return getattr(evaluator, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def pql(query: str, *, samples: int | None = None, seed: int | None = None,
        threads: int | None = None, executor: Executor | None = None) -> PQLResult:
    """Answer a PQL query: ``select ... from ... [where ...]``.

    Exact (every deal enumerated once, weighted) when no ``samples`` is given
    and the deals number at most 200,000 (:data:`~hilo_fast.analysis.pql.deal.EXACT_LIMIT`);
    else Monte Carlo with ``samples`` deals (default 100,000) from ``seed`` (a
    random one is chosen and reported when None), each answer with its
    standard error. Errors in the query are ValueErrors that start with the
    column: ``col N: ...``.

    The deals run in chunks of 20,000, on ``threads`` threads (default 1) or
    on any :class:`concurrent.futures.Executor` (a Dask cluster's
    ``Client.get_executor()``); the answer is the same to the last bit
    wherever the chunks ran.
    """
    from .evaluator import run  # (numpy: loaded when a query is run)

    return run(parse_query(query), samples=samples, seed=seed, threads=threads,
               executor=executor)
