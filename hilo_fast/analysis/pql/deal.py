"""The deals a PQL query runs over: every deal (exact) or random ones (Monte Carlo).

A deal is one hand per player, drawn jointly from the players' ranges (no
card twice, weights multiplied), and the board completed to five cards from
the cards left (the flop a set of three cards, the turn and the river each
in its place) (not the players', not the board's, not the dead). Deals come
in chunks of numpy arrays: each player's hands ``(n, hole)``, the boards
``(n, 5)`` in dealing order (flop, turn, river) and each deal's weight.

The exactness rule: with no ``samples`` given, a query is exact when its
deals -- the tuples of range hands that share no card, times the board
completions each leaves -- number at most :data:`EXACT_LIMIT`; every deal is
then enumerated once, weighted by the product of its hands' weights (the
tuples are listed first, so there may be at most :data:`TUPLE_LIMIT` before the
colliding ones are dropped).
Otherwise :data:`DEFAULT_SAMPLES` random deals are drawn, chunk ``k`` from
its own numpy ``Generator`` (the stream spawned from ``seed`` with key
``k``): the same seed gives
the same deals, whichever thread or executor makes each chunk.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

import numpy as np

__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "Chunk", "Deals", "Spot", "exact_deals",
           "iter_exact", "iter_samples"]

#: Enumerate every deal when there are at most this many.
EXACT_LIMIT = 200_000
#: Monte Carlo deals when the space is larger and no ``samples`` is given.
DEFAULT_SAMPLES = 100_000
#: Range tuples listed before the collisions are removed, at most (memory: a few
#: tens of MB for four players); more tuples than this are never enumerated.
TUPLE_LIMIT = 500_000
CHUNK_DEALS = 20_000
#: Redraws of colliding range hands in a row before the ranges are called undealable;
#: sooner when not one row of a chunk could be dealt in HOPELESS_ROUNDS rounds.
MAX_REDRAWS = 1000
HOPELESS_ROUNDS = 50


@dataclass(frozen=True)
class Spot:
    """What is dealt: each player's hands (rows of card ids) and weights, the
    known board cards, the dead cards and the hand size."""

    combos: tuple[Any, ...]     # per player: (m, hole) int32
    weights: tuple[Any, ...]    # per player: (m,) float64 > 0
    board: tuple[int, ...]
    dead: tuple[int, ...]
    hole: int

    @property
    def n_players(self) -> int:
        return len(self.combos)

    @property
    def left(self) -> int:
        """Cards left in the deck after the hands, the board and the dead."""
        return 52 - self.n_players * self.hole - len(self.board) - len(self.dead)

    @property
    def to_deal(self) -> int:
        return 5 - len(self.board)


@dataclass
class Chunk:
    holes: list[Any]     # per player (n, hole) int32
    board: Any           # (n, 5) int32
    weight: Any          # (n,) float64

    def __len__(self) -> int:
        return len(self.weight)


def _clash(cards: Any) -> Any:
    """Rows of ``cards`` (n, k) that hold a card twice."""
    ordered = np.sort(cards, axis=1)
    return (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)


def _valid_tuples(spot: Spot) -> tuple[Any, Any] | None:
    """Every tuple of hands that shares no card (rows of combo indices) and its
    weight, or None when there are more than TUPLE_LIMIT tuples to list."""
    sizes = [len(c) for c in spot.combos]
    if math.prod(sizes) > TUPLE_LIMIT:
        return None
    index = np.indices(sizes).reshape(len(sizes), -1).T
    cards = np.concatenate([spot.combos[p][index[:, p]] for p in range(len(sizes))], axis=1)
    keep = ~_clash(cards)
    index = index[keep]
    weight = np.ones(len(index))
    for p in range(len(sizes)):
        weight = weight * spot.weights[p][index[:, p]]
    return index, weight


def _completion_count(left: int, known: int) -> int:
    """Board completions from ``left`` cards: the flop's cards as a set, then
    the turn and the river each in its place (their order is part of the deal)."""
    flop = max(0, 3 - known)
    rest = 5 - known - flop
    return math.comb(left, flop) * math.perm(left - flop, rest)


def _completions(left: int, known: int) -> Any:
    """Every completion as rows of indices into the cards left (flop ascending)."""
    flop = max(0, 3 - known)
    rest = 5 - known - flop
    rows = [(*f, *o) for f in combinations(range(left), flop)
            for o in permutations([i for i in range(left) if i not in f], rest)]
    return np.array(rows, dtype=np.int64).reshape(len(rows), 5 - known)


def exact_deals(spot: Spot) -> int | None:
    """The number of deals of the spot when it can be listed, else None."""
    tuples = _valid_tuples(spot)
    if tuples is None:
        return None
    return len(tuples[0]) * _completion_count(spot.left, len(spot.board))


def _left_cards(spot: Spot, holes: list[Any]) -> Any:
    """Per row, the cards left in the deck, ascending: (n, spot.left)."""
    n = len(holes[0])
    used = np.zeros((n, 52), dtype=bool)
    for hand in holes:
        used[np.arange(n)[:, None], hand] = True
    used[:, list(spot.board) + list(spot.dead)] = True
    return np.nonzero(~used)[1].reshape(n, spot.left).astype(np.int32)


class Deals:
    """A query's deals cut into chunks of about CHUNK_DEALS, each made on its
    own (any order, any thread): every deal once when ``samples`` is None,
    else ``samples`` random deals, chunk ``k`` from the stream spawned from
    ``seed`` with key ``k``."""

    def __init__(self, spot: Spot, samples: int | None, seed: int = 0) -> None:
        self.spot, self.samples, self.seed = spot, samples, seed
        if samples is None:
            tuples = _valid_tuples(spot)
            assert tuples is not None
            self._index, self._weight = tuples
            self._completions = _completions(spot.left, len(spot.board))
            self._step = max(1, CHUNK_DEALS // len(self._completions))
            self._count = -(-len(self._index) // self._step)
        else:
            self._cumulative = [np.cumsum(w) for w in spot.weights]
            self._count = -(-samples // CHUNK_DEALS)

    def __len__(self) -> int:
        return self._count

    def chunk(self, k: int) -> Chunk:
        return self._listed(k) if self.samples is None else self._sampled(k)

    def _listed(self, k: int) -> Chunk:
        spot, per_tuple = self.spot, len(self._completions)
        start = k * self._step
        rows = self._index[start:start + self._step]
        holes = [spot.combos[p][rows[:, p]] for p in range(spot.n_players)]
        drawn = _left_cards(spot, holes)[:, self._completions]
        board = np.empty((len(rows) * per_tuple, 5), dtype=np.int32)
        board[:, :len(spot.board)] = spot.board
        board[:, len(spot.board):] = drawn.reshape(len(board), spot.to_deal)
        return Chunk([np.repeat(h, per_tuple, axis=0) for h in holes], board,
                     np.repeat(self._weight[start:start + self._step], per_tuple))

    def _sampled(self, k: int) -> Chunk:
        assert self.samples is not None
        spot, cumulative = self.spot, self._cumulative
        n = min(CHUNK_DEALS, self.samples - k * CHUNK_DEALS)
        # chunk k's own stream, spawned from the seed (SeedSequence keeps them apart)
        rng = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(k,)))
        rows = np.stack([_draw_rows(rng, c, n) for c in cumulative], axis=1)
        for attempt in range(MAX_REDRAWS):
            cards = np.concatenate([spot.combos[p][rows[:, p]]
                                    for p in range(spot.n_players)], axis=1)
            bad = np.flatnonzero(_clash(cards))
            if not len(bad):
                break
            if len(bad) == n and attempt >= HOPELESS_ROUNDS:   # not one deal yet: give up
                break
            rows[bad] = np.stack([_draw_rows(rng, c, len(bad)) for c in cumulative], axis=1)
        if len(bad):
            raise ValueError("the ranges can hardly be dealt together: "
                             f"{attempt + 1} redraws in a row shared a card")
        holes = [spot.combos[p][rows[:, p]] for p in range(spot.n_players)]
        board = np.empty((n, 5), dtype=np.int32)
        board[:, :len(spot.board)] = spot.board
        if spot.to_deal:
            keys = rng.random((n, 52))
            for hand in holes:
                keys[np.arange(n)[:, None], hand] = 2.0
            keys[:, list(spot.board) + list(spot.dead)] = 2.0
            # the smallest keys in order: a uniform random ordered draw of the left cards
            m = spot.to_deal
            smallest = np.argpartition(keys, m - 1, axis=1)[:, :m]
            order = np.argsort(np.take_along_axis(keys, smallest, axis=1), axis=1)
            board[:, len(spot.board):] = np.take_along_axis(smallest, order, axis=1)
        return Chunk(holes, board, np.ones(n))


def _draw_rows(rng: Any, cumulative: Any, n: int) -> Any:
    return np.searchsorted(cumulative, rng.random(n) * cumulative[-1], side="right")


def iter_exact(spot: Spot) -> Iterator[Chunk]:
    """Every deal once, in chunks of about CHUNK_DEALS."""
    deals = Deals(spot, None)
    return (deals.chunk(k) for k in range(len(deals)))


def iter_samples(spot: Spot, samples: int, seed: int) -> Iterator[Chunk]:
    """``samples`` random deals from ``seed``, in chunks."""
    deals = Deals(spot, samples, seed)
    return (deals.chunk(k) for k in range(len(deals)))
