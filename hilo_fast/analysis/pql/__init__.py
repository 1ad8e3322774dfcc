"""PQL for Omaha hi/lo: ProPokerTools' Poker Query Language over hilo-fast's
deals, ranges and C kernels (docs/pql.md).

>>> from hilo_fast.analysis.pql import pql
>>> r = pql("select count(scoops(hero)) as s from hero='AsAd2s3d', villain='KsKd7h7c', "
...         "board='Ah2h7s8hKc'")
>>> r["s"].value, r.exact
(1.0, True)
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401 (PQL's deals and columns are numpy arrays)
except ImportError as exc:   # pragma: no cover (numpy is in every test environment)
    raise ImportError("hilo_fast.pql needs numpy: pip install 'hilo-fast[numpy]'") from exc

from .evaluator import PQLColumn, PQLResult, run
from .parser import parse_query

__all__ = ["PQLColumn", "PQLResult", "parse_query", "pql"]


def pql(query: str, *, samples: int | None = None, seed: int | None = None) -> PQLResult:
    """Answer a PQL query: ``select ... from ... [where ...]``.

    Exact (every deal enumerated once, weighted) when no ``samples`` is given
    and the deals number at most 200,000 (:data:`~hilo_fast.analysis.pql.deal.EXACT_LIMIT`);
    else Monte Carlo with ``samples`` deals (default 100,000) from ``seed`` (a
    random one is chosen and reported when None), each answer with its
    standard error. Errors in the query are ValueErrors that start with the
    column: ``col N: ...``.
    """
    return run(parse_query(query), samples=samples, seed=seed)
