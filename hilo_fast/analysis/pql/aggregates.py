"""PQL's aggregates (``count``, ``avg``, ``histogram``, ``max``, ``min``): each
summed over a chunk of deals, the chunks' sums merged (in chunk order, so the
answer does not depend on where chunks ran), and read out as a column with
its standard error: 0 when exact, else that of a ratio estimator (the
aggregate over the deals that pass ``where`` divided by their number)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...cards import card_str
from ...core.evaluation import describe_high, describe_low
from .functions import HAND_TYPES, Context
from .parser import Item

__all__ = ["AGGREGATE_KINDS", "Aggregate", "Compiled", "PQLColumn", "Tally"]

ORDERED = ("num", "int", "handtype", "hirating", "lorating")
_HISTOGRAM_BIN = 0.05

Compiled = Callable[[Context], Any]


@dataclass(frozen=True)
class PQLColumn:
    """One selected item's answer.

    ``value``: a fraction for ``count``, a mean for ``avg``, the extreme value
    for ``max``/``min`` (a description for hand types, ratings and cards), None
    for ``histogram`` (see ``histogram``) or when no deal passed ``where``.
    ``std_error``: 0 when exact (and for max/min). ``histogram``: (label,
    fraction, standard error) per value seen, in the order of the values.
    """

    name: str
    aggregate: str
    value: float | str | None
    std_error: float
    histogram: tuple[tuple[str, float, float], ...] | None = None


@dataclass
class _Sum:
    """Sums over deals for a ratio: a = indicator or value of passing deals."""
    a: float = 0.0       # sum of w * g * x
    b: float = 0.0       # sum of w * g
    a2: float = 0.0      # sum of g * x^2 (unweighted: Monte Carlo only)
    n: int = 0

    def add(self, x: Any, g: Any, w: Any) -> None:
        x = np.asarray(x, dtype=float)
        self.a += float((w * g) @ x)
        self.b += float(w @ g)
        self.a2 += float(g @ (x * x))
        self.n += len(x)

    def merge(self, other: _Sum) -> None:
        self.a += other.a
        self.b += other.b
        self.a2 += other.a2
        self.n += other.n

    def value(self) -> float | None:
        return self.a / self.b if self.b else None

    def error(self, exact: bool) -> float:
        r = self.value()
        if exact or r is None or self.n < 2:
            return 0.0
        spread = max(0.0, self.a2 - 2 * r * self.a + r * r * self.b)
        return math.sqrt(spread * self.n / (self.n - 1)) / self.b


@dataclass
class Tally:
    """One aggregate's sums over some chunks (plain data: an executor sends it back)."""
    total: _Sum = field(default_factory=_Sum)
    buckets: dict[Any, float] = field(default_factory=dict)   # sum of w over each value
    extreme: Any = None

    def merge(self, other: Tally, agg: str) -> None:
        self.total.merge(other.total)
        for key, weight in other.buckets.items():
            self.buckets[key] = self.buckets.get(key, 0.0) + weight
        if other.extreme is not None:
            self.extreme = other.extreme if self.extreme is None else \
                max(self.extreme, other.extreme) if agg == "max" else \
                min(self.extreme, other.extreme)


@dataclass
class Aggregate:
    item: Item
    kind: str
    compiled: Compiled

    def tally(self, ctx: Context, g: Any, w: Any) -> Tally:
        """This aggregate over one chunk's deals (``g``: passed where)."""
        t = Tally()
        x = self.compiled(ctx)
        agg = self.item.aggregate
        if agg in ("count", "avg"):
            values = x.astype(float)
            if self.kind == "num":   # a NaN (no equity: an empty range) counts as no deal
                ok = ~np.isnan(values)
                values, g = np.where(ok, values, 0.0), g & ok
            t.total.add(values, g.astype(float), w)
        elif agg == "histogram":
            keys = (np.minimum(np.floor(x / _HISTOGRAM_BIN), 1 / _HISTOGRAM_BIN - 1)
                    if self.kind == "num" else x)
            t.total.add(np.zeros(len(x)), g.astype(float), w)
            for key in np.unique(keys[g]).tolist():
                t.buckets[key] = float(w @ (g & (keys == key)))
        else:
            picked = x[g]
            if len(picked):
                t.extreme = picked.max() if agg == "max" else picked.min()
        return t

    def column(self, t: Tally, exact: bool) -> PQLColumn:
        agg = self.item.aggregate
        if agg in ("count", "avg"):
            return PQLColumn(self.item.name, agg, t.total.value(), t.total.error(exact))
        if agg == "histogram":
            rows = []
            for key in sorted(t.buckets, reverse=self.kind in ("hirating", "lorating")):
                # a value's share is a ratio with every passing deal below it
                share = _Sum(t.buckets[key], t.total.b, t.buckets[key], t.total.n)
                rows.append((_label(self.kind, key), share.value() or 0.0, share.error(exact)))
            return PQLColumn(self.item.name, agg, None, 0.0, tuple(rows))
        value = None if t.extreme is None else _describe(self.kind, t.extreme)
        return PQLColumn(self.item.name, agg, value, 0.0)


def _describe(kind: str, value: Any) -> float | str:
    if kind == "num":
        return float(value)
    if kind == "int":
        return float(value)
    return _label(kind, value)


def _label(kind: str, key: Any) -> str:
    if kind == "num":
        low = key * _HISTOGRAM_BIN
        close = "]" if key == 1 / _HISTOGRAM_BIN - 1 else ")"
        return f"[{low:.2f}, {low + _HISTOGRAM_BIN:.2f}{close}"
    if kind == "bool":
        return "true" if key else "false"
    if kind == "handtype":
        return HAND_TYPES[int(key)]
    if kind == "hirating":
        return describe_high(7463 - int(key))
    if kind == "lorating":
        return describe_low(57 - int(key) if key else None)
    if kind == "card":
        return card_str(int(key))
    return str(int(key)) if float(key).is_integer() else str(key)


AGGREGATE_KINDS = {"count": ("bool",), "avg": ("num", "int", "bool"),
                    "max": ORDERED, "min": ORDERED,
                    "histogram": ("bool", "num", "int", "handtype", "hirating", "lorating",
                                  "card")}
