"""Runouts as arrays: every deal of a spot (or a sample of them) with each
player's high and low values and share of the pot, for people who would
rather write numpy than a query.

>>> import hilo_fast as hf
>>> r = hf.runouts(["As2sKhKd", "Ad3dQcJc"], "3h4c5dKs")
>>> r.exact, r.total
(True, 40)
>>> chunk = r.all()
>>> chunk.boards.shape, chunk.share.shape, float(chunk.share.sum())
((40, 5), (40, 2), 40.0)
>>> [round(e, 4) for e in r.equity()] == [round(p.equity, 4) for p in
...     hf.equity(["As2sKhKd", "Ad3dQcJc"], "3h4c5dKs").players]
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb, prod
from typing import TYPE_CHECKING, Any

from ..cards import CardsLike, check_count, check_distinct, parse_cards
from ..core.batch import evaluate_batch
from ..ranges.language import Range
from ..ranges.preflop import _numpy

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["EXACT_LIMIT", "RunoutChunk", "Runouts", "runouts"]

#: Runouts enumerated exactly when there are at most this many (else sampled).
EXACT_LIMIT = 2_000_000
#: Samples drawn when the space is larger and ``samples`` is None.
DEFAULT_SAMPLES = 100_000
#: Rows per chunk: the arrays of one chunk stay a few megabytes.
CHUNK_ROWS = 1 << 16
_BOARD_SIZES = (0, 3, 4, 5)
_HOLE_SIZES = (4, 5, 6)


@dataclass(frozen=True)
class RunoutChunk:
    """Consecutive runouts, one row each (n rows, p players).

    Attributes:
        boards: (n, 5) int32, the five board cards (the known ones first).
        high: (n, p) int32, each player's high value (1..7462, lower is better).
        low: (n, p) int32, each player's low value 1..56, 0 for no low.
        share: (n, p) float64, each player's share of the pot (a row sums
            to 1: halves split between high and low, ties split evenly, the
            whole pot to the high when nobody has a low).
        combo: (n, p) int32, for a range player the row of
            ``Range.combos`` he was dealt, -1 for a known hand.
        hands: (n, p, hole) int32, the hole cards each player held.
        weight: (n,) float64, the runout's weight: the product of the range
            weights dealt when exact, 1.0 for a sample (drawn by weight).
    """

    boards: npt.NDArray[np.int32]
    high: npt.NDArray[np.int32]
    low: npt.NDArray[np.int32]
    share: npt.NDArray[np.float64]
    combo: npt.NDArray[np.int32]
    hands: npt.NDArray[np.int32]
    weight: npt.NDArray[np.float64]

    def __len__(self) -> int:
        return len(self.boards)


@dataclass(frozen=True, eq=False)
class Runouts:
    """The runouts of a spot, iterated as :class:`RunoutChunk` s (each at
    most ``CHUNK_ROWS`` rows: memory stays bounded however many there are).

    ``exact``: every runout once, in order (the range rows' tuples in
    lexicographic order, the last player's fastest, then the board
    completions as ascending combinations of the cards left); else
    ``total`` samples from ``seed``. ``ranges``: per player, its Range or None.
    """

    holes: tuple[tuple[int, ...] | None, ...]
    ranges: tuple[Range | None, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    exact: bool
    total: int
    seed: int | None
    chunk_rows: int = CHUNK_ROWS

    def __iter__(self) -> Iterator[RunoutChunk]:
        return _exact_chunks(self) if self.exact else _sample_chunks(self)

    def all(self) -> RunoutChunk:
        """Every chunk in one (for spaces that fit in memory)."""
        np = _numpy()
        chunks = list(self)
        return RunoutChunk(*(np.concatenate([getattr(c, f) for c in chunks])
                             for f in RunoutChunk.__dataclass_fields__))

    def equity(self) -> list[float]:
        """Each player's expected share of the pot over the runouts (weighted)."""
        np = _numpy()
        shares, total = np.zeros(len(self.holes)), 0.0
        for chunk in self:
            shares += chunk.weight @ chunk.share
            total += float(chunk.weight.sum())
        return [float(s / total) for s in shares]


_RANGE_SYNTAX = frozenset(",:!()@%$*[]")


def _as_cards(player: object) -> list[int] | None:
    """A string that reads as a hand's cards is a hand (as in hf.equity); other
    strings are ranges (None)."""
    if not isinstance(player, str):
        return parse_cards(player)  # type: ignore[arg-type]
    try:
        cards = parse_cards(player)
    except ValueError:
        return None
    return None if len(cards) not in _HOLE_SIZES and _RANGE_SYNTAX & set(player) else cards


def _parse(players: Sequence[CardsLike | Range | None]
           ) -> tuple[list[tuple[int, ...] | None], list[Range | None], int]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a sequence of hands or ranges, not {players!r}")
    if not 2 <= len(players) <= 10:
        raise ValueError(f"runouts needs 2 to 10 players, got {len(players)}")
    holes: list[tuple[int, ...] | None] = []
    ranges: list[Range | None] = []
    texts: list[tuple[int, str]] = []
    for i, player in enumerate(players):
        cards = None if player is None or isinstance(player, Range) else _as_cards(player)
        holes.append(None if cards is None else tuple(cards))
        ranges.append(player if isinstance(player, Range) else None)
        if cards is None and isinstance(player, str):
            texts.append((i, player))
        if cards is not None:
            check_count(cards, _HOLE_SIZES, f"player {i + 1}'s hole")
    sizes = {len(h) for h in holes if h is not None} | {r.hole_count for r in ranges if r}
    if len(sizes) > 1:
        raise ValueError(f"every player must hold the same number of cards, got {sorted(sizes)}")
    n_hole = sizes.pop() if sizes else 4
    for i, text in texts:
        ranges[i] = Range(text, n_hole)
    for i, player in enumerate(players):
        if player is None:
            ranges[i] = Range("*", n_hole)
    return holes, ranges, n_hole


def runouts(players: Sequence[CardsLike | Range | None], board: CardsLike = (),
            dead: CardsLike = (), *, samples: int | None = None, seed: int | None = None,
            chunk_rows: int = CHUNK_ROWS) -> Runouts:
    """The runouts of a spot: ``players`` 2..10 known hands, ranges (a
    :class:`~hilo_fast.Range` or range text) or None (any hand: the range
    ``*``); ``board`` 0, 3, 4 or 5 known cards; ``dead`` cards out.

    With ``samples=None`` every runout is enumerated when there are at most
    ``EXACT_LIMIT`` (counting every tuple of range hands, colliding or not,
    times the board completions), else ``DEFAULT_SAMPLES`` are drawn;
    ``samples=N`` draws N: range hands by weight jointly (a tuple sharing a
    card is drawn again), then the board uniformly from the cards left,
    reproducibly for a ``seed`` and ``chunk_rows`` (a random seed is chosen
    and kept in the result when None). Either way the runouts come in chunks
    of ``chunk_rows``.
    """
    holes, ranges, n_hole = _parse(players)
    board_ids, dead_ids = parse_cards(board), parse_cards(dead)
    check_count(board_ids, _BOARD_SIZES, "board")
    named = {f"player {i + 1}": h for i, h in enumerate(holes) if h is not None}
    check_distinct(**named, board=board_ids, dead=dead_ids)
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or samples < 1):
        raise ValueError(f"samples must be a positive int or None, got {samples!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed must be a non-negative int or None, got {seed!r}")
    if isinstance(chunk_rows, bool) or not isinstance(chunk_rows, int) or chunk_rows < 1:
        raise ValueError(f"chunk_rows must be a positive int, got {chunk_rows!r}")
    known = 52 - len(board_ids) - len(dead_ids) - sum(len(h) for h in named.values())
    left = known - n_hole * sum(r is not None for r in ranges)
    if left < 5 - len(board_ids):
        raise ValueError("too many players for the deck")
    space = prod(len(r) for r in ranges if r is not None) * comb(left, 5 - len(board_ids))
    exact = samples is None and space <= EXACT_LIMIT
    if exact:
        return Runouts(tuple(holes), tuple(ranges), tuple(board_ids), tuple(dead_ids), True,
                       _exact_total(holes, ranges, board_ids, dead_ids, left), None, chunk_rows)
    seed = secrets.randbits(63) if seed is None else seed
    return Runouts(tuple(holes), tuple(ranges), tuple(board_ids), tuple(dead_ids), False,
                   samples or DEFAULT_SAMPLES, seed, chunk_rows)


def _fixed_mask(holes: Sequence[tuple[int, ...] | None], board: Sequence[int],
                dead: Sequence[int]) -> int:
    mask = 0
    for c in (*board, *dead, *(c for h in holes if h is not None for c in h)):
        mask |= 1 << c
    return mask


def _tuples(spot: Runouts | tuple[Any, ...], fixed: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """(the range rows, the cards they and the fixed cards hold) of every tuple
    of range hands that share no card, in lexicographic order."""
    ranges = spot.ranges if isinstance(spot, Runouts) else spot[0]
    dealt = [r for r in ranges if r is not None]
    np = _numpy()
    # each row's cards as a bit mask (distinct cards: their sum is their union)
    masks = [(np.left_shift(1, r.combos.astype(np.int64))).sum(axis=1).tolist() for r in dealt]
    players = range(len(dealt))
    if len(players) == 1:  # one range: no recursion
        for i, m in enumerate(masks[0]):
            if not m & fixed:
                yield (i,), fixed | m
        return

    def walk(k: int, used: int, rows: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        if k == len(players):
            yield rows, used
            return
        for i, m in enumerate(masks[k]):
            if not m & used:
                yield from walk(k + 1, used | m, (*rows, i))

    yield from walk(0, fixed, ())


def _exact_total(holes: Sequence[tuple[int, ...] | None], ranges: Sequence[Range | None],
                 board: Sequence[int], dead: Sequence[int], left: int) -> int:
    n_tuples = sum(1 for _ in _tuples((ranges,), _fixed_mask(holes, board, dead)))
    return n_tuples * comb(left, 5 - len(board))


def _settle(np: Any, high: Any, low: Any) -> Any:
    """Each player's share of the pot per row."""
    best_high = high.min(axis=1, keepdims=True)
    high_winners = high == best_high
    low_key = np.where(low > 0, low, 1 << 20)
    best_low = low_key.min(axis=1, keepdims=True)
    low_winners = (low_key == best_low) & (low > 0)
    any_low = low_winners.any(axis=1, keepdims=True)
    half = np.where(any_low, 0.5, 1.0)
    share = half * high_winners / high_winners.sum(axis=1, keepdims=True)
    n_low = np.maximum(low_winners.sum(axis=1, keepdims=True), 1)
    return share + np.where(any_low, 0.5, 0.0) * low_winners / n_low


def _chunk(np: Any, spot: Runouts, hands: Any, boards: Any, combo: Any, weight: Any
           ) -> RunoutChunk:
    n, p = hands.shape[0], hands.shape[1]
    flat_hands = hands.reshape(n * p, -1)
    flat_boards = np.repeat(boards, p, axis=0)
    high, low = evaluate_batch(flat_hands, flat_boards)
    high, low = high.reshape(n, p), low.reshape(n, p)
    return RunoutChunk(boards, high, low, _settle(np, high, low), combo, hands, weight)


def _exact_chunks(spot: Runouts) -> Iterator[RunoutChunk]:
    """Tuples in order, each with its board completions; built a block of
    tuples at a time (one array operation per block, not per tuple)."""
    np = _numpy()
    fixed = _fixed_mask(spot.holes, spot.board, spot.dead)
    need = 5 - len(spot.board)
    n_players = len(spot.holes)
    players = [p for p, r in enumerate(spot.ranges) if r is not None]
    template = np.zeros((n_players, _hole_size(spot)), dtype=np.int32)
    for p, hole in enumerate(spot.holes):
        if hole is not None:
            template[p] = hole
    board = np.array(spot.board, dtype=np.int32)
    parts: list[tuple[Any, Any, Any, Any]] = []   # (hands, boards, combo, weight) pieces
    rows_held = 0
    block: list[tuple[tuple[int, ...], int]] = []
    tuples = _tuples(spot, fixed)
    while True:
        block.clear()
        for item in tuples:
            block.append(item)
            if len(block) == 4096:
                break
        if not block:
            break
        rows = np.array([t for t, _ in block], dtype=np.int64).reshape(len(block), len(players))
        weight = np.ones(len(block))
        combo = np.full((len(block), n_players), -1, dtype=np.int32)
        hands = np.broadcast_to(template, (len(block), *template.shape)).copy()
        for k, p in enumerate(players):
            r = spot.ranges[p]
            assert r is not None
            combo[:, p] = rows[:, k]
            hands[:, p] = r.combos[rows[:, k]]
            weight *= r.weights[rows[:, k]]
        # each tuple's board completions: ascending combinations of its cards left
        completions = [_completions(np, used, need) for _, used in block]
        counts = np.array([len(c) for c in completions])
        boards = np.hstack([np.tile(board, (int(counts.sum()), 1)), np.concatenate(completions)])
        parts.append((np.repeat(hands, counts, axis=0), boards, np.repeat(combo, counts, axis=0),
                      np.repeat(weight, counts)))
        rows_held += len(boards)
        while rows_held >= spot.chunk_rows:
            yield _emit(np, spot, parts, spot.chunk_rows)
            rows_held -= spot.chunk_rows
    if rows_held:
        yield _emit(np, spot, parts, rows_held)


def _completions(np: Any, used: int, need: int) -> Any:
    """The ``need`` cards to come, every way, from the cards not in ``used``."""
    if need == 0:
        return np.zeros((1, 0), dtype=np.int32)
    deck = [c for c in range(52) if not used >> c & 1]
    return np.array(list(combinations(deck, need)), dtype=np.int32).reshape(
        comb(len(deck), need), need)


def _hole_size(spot: Runouts) -> int:
    for hole in spot.holes:
        if hole is not None:
            return len(hole)
    return next(r.hole_count for r in spot.ranges if r is not None)


def _emit(np: Any, spot: Runouts, parts: list[tuple[Any, Any, Any, Any]], rows: int
          ) -> RunoutChunk:
    """The first ``rows`` rows of the pieces as one chunk; the rest stays in ``parts``."""
    taken: list[tuple[Any, ...]] = []
    count = 0
    while count < rows:
        piece = parts[0]
        size = len(piece[1])
        if count + size <= rows:
            taken.append(piece)
            parts.pop(0)
            count += size
        else:
            cut = rows - count
            taken.append(tuple(a[:cut] for a in piece))
            rest = tuple(a[cut:] for a in piece)
            parts[0] = (rest[0], rest[1], rest[2], rest[3])
            count = rows
    hands, boards, combo, weight = (np.concatenate([t[i] for t in taken]) for i in range(4))
    return _chunk(np, spot, np.ascontiguousarray(hands), boards, np.ascontiguousarray(combo),
                  weight)


def _sample_chunks(spot: Runouts) -> Iterator[RunoutChunk]:
    np = _numpy()
    rng = np.random.default_rng(spot.seed)
    fixed_cards = [*spot.board, *spot.dead, *(c for h in spot.holes if h is not None for c in h)]
    n_players = len(spot.holes)
    n_hole = _hole_size(spot)
    need = 5 - len(spot.board)
    # each range's rows that miss the known cards, drawn by weight among themselves
    allowed: list[Any] = []
    cumulative: list[Any] = []
    for r in spot.ranges:
        rows = (np.flatnonzero(~np.isin(r.combos, fixed_cards).any(axis=1)) if r is not None
                else np.zeros(0, dtype=np.int64))
        if r is not None and not len(rows):
            raise ValueError("a range has no hand left once the known cards are out")
        allowed.append(rows)
        cumulative.append(None if r is None else np.cumsum(r.weights[rows]))
    board = np.array(spot.board, dtype=np.int32)
    done = 0
    while done < spot.total:
        n = min(spot.chunk_rows, spot.total - done)
        hands = np.empty((n, n_players, n_hole), dtype=np.int32)
        combo = np.full((n, n_players), -1, dtype=np.int32)
        for p, hole in enumerate(spot.holes):
            if hole is not None:
                hands[:, p] = hole
        redo = np.arange(n)
        for _ in range(1_000):  # range rows by weight; tuples sharing a card drawn again
            for p, r in enumerate(spot.ranges):
                if r is not None:
                    total = cumulative[p][-1]
                    picked = allowed[p][np.searchsorted(cumulative[p],
                                                        rng.random(len(redo)) * total,
                                                        side="right")]
                    combo[redo, p] = picked
                    hands[redo, p] = r.combos[picked]
            cards = np.sort(hands[redo].reshape(len(redo), -1), axis=1)
            redo = redo[(cards[:, 1:] == cards[:, :-1]).any(axis=1)]
            if not len(redo):
                break
        else:
            raise ValueError("the ranges can hardly ever be dealt together")
        # the board: the `need` cards of smallest random key among those left
        keys = rng.random((n, 52))
        keys[:, fixed_cards] = 2.0
        keys[np.arange(n)[:, None], hands.reshape(n, -1)] = 2.0
        completions = np.argpartition(keys, need, axis=1)[:, :need] if need else \
            np.zeros((n, 0), dtype=np.int64)
        boards = np.hstack([np.tile(board, (n, 1)), np.sort(completions, axis=1).astype(np.int32)])
        yield _chunk(np, spot, hands, boards, combo, np.ones(n))
        done += n
