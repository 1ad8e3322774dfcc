"""Equity: what each player wins on average from here, exactly (every deal) or
by Monte Carlo, for known hands and for ranges, on threads or an executor
(:mod:`.compute`); ranges turned into the arrays the kernels read
(:mod:`.range_spots`, :mod:`.range_arrays`).

The kernels are C (:mod:`._c_backend`, csrc/equity/equity.c, csrc/equity/range_equity.c)
with a pure-Python twin (:mod:`._py_backend`) that deals deal for deal the
same; :mod:`._backend` is the one in use.
"""

from .compute import (
    DEFAULT_SAMPLES,
    EXACT_LIMIT,
    IN_FLIGHT,
    MAX_SAMPLES,
    BoardEquity,
    EquityResult,
    PlayerEquity,
    equity,
)

__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "IN_FLIGHT", "MAX_SAMPLES", "BoardEquity",
           "EquityResult", "PlayerEquity", "equity"]
