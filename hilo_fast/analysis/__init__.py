"""Analysis over the core, the ranges and equity: PQL (hilo_fast.analysis.pql)."""

from .pql import pql

__all__ = ["pql"]
