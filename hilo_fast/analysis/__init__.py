"""Analysis: questions about hands, ranges and runouts beyond "what is my
equity" -- board-aware hand classes (:mod:`.classes`), a range's classes
(:mod:`.range_classes`)."""

from .classes import HandClass, classify

__all__ = ["HandClass", "classify"]
