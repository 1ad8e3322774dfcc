"""Analysis: questions about hands, ranges and runouts beyond "what is my
equity" -- board-aware hand classes (:mod:`.classes`), a range's classes
(:mod:`.range_classes`), runouts as numpy arrays (:mod:`.runouts`), exact range
against range with each combo's equity (:mod:`.range_vs_range`), street by
street equity and the next card's distribution (:mod:`.streets`), PQL queries (:mod:`.pql`)."""

from .classes import HandClass, classify
from .range_classes import CLASSES, RangeClasses, classify_range
from .range_vs_range import RangeVsRange, range_vs_range
from .runouts import RunoutChunk, Runouts, runouts
from .streets import NextStreet, StreetEquity, Unroll, next_street, unroll

__all__ = ["CLASSES", "HandClass", "NextStreet", "RangeClasses", "RangeVsRange", "RunoutChunk",
           "Runouts", "StreetEquity", "Unroll", "classify", "classify_range", "next_street", "pql",
           "range_vs_range", "runouts", "unroll"]


def __getattr__(name: str) -> object:
    if name == "pql":   # (PQL needs numpy: loaded on first use)
        from .pql import pql
        return pql
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
