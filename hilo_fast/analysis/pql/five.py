"""Five-card high values of many hands at once (numpy), for the nut questions.

A hand's value depends only on its ranks (sorted, read as a base-13 number)
and on whether it is a flush, so two tables of 13**5 entries, built once from
the core's class list, give every value with one lookup. ``makeable_highs``
uses it to list the high values an opponent could make on a board.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from ...core import tables as gen

__all__ = ["high5_many", "makeable_highs"]

_FLUSH_CATEGORIES = (0, 3)   # straight flush, flush
_POWERS = np.array([13**4, 13**3, 13**2, 13, 1], dtype=np.int64)


@cache
def _tables() -> tuple[Any, Any]:
    plain = np.zeros(13**5, dtype=np.int16)
    flush = np.zeros(13**5, dtype=np.int16)
    for value, (category, ranks) in enumerate(gen.high_classes(), start=1):
        key = int(np.array(sorted(ranks, reverse=True)) @ _POWERS)
        (flush if category in _FLUSH_CATEGORIES else plain)[key] = value
    return plain, flush


def high5_many(cards: Any) -> Any:
    """High values (1..7462, lower is better) of rows of five card ids."""
    plain, flush = _tables()
    ranks = -np.sort(-(cards // 4), axis=1)
    keys = ranks.astype(np.int64) @ _POWERS
    suits = cards % 4
    is_flush = (suits == suits[:, :1]).all(axis=1)
    return np.where(is_flush, flush[keys], plain[keys]).astype(np.int32)


def makeable_highs(board: tuple[int, ...], unseen: tuple[int, ...]) -> Any:
    """The distinct high values of every two unseen cards with three of the board, ascending."""
    pairs = np.array(list(combinations(unseen, 2)), dtype=np.int32).reshape(-1, 2)
    triples = np.array(list(combinations(board, 3)), dtype=np.int32)
    hands = np.concatenate([np.repeat(pairs, len(triples), axis=0),
                            np.tile(triples, (len(pairs), 1))], axis=1)
    return np.unique(high5_many(hands))
