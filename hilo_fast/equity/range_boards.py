"""Players dealt from ranges (or random hands) on several boards: double
board, run it N times, for :func:`hilo_fast.equity`.

Every board deal of one choice of hands is settled in C (boards.c, or its
pure twin) with the hands known; this module chooses the hands.

Exact: every tuple of hands, one from each range (random hands: every hand
of the cards left), in order, tuples that share a card skipped, each
tuple's exact tally (all its board deals) multiplied by the product of its
hands' integer weights (hilo_fast.equity.range_spots) and summed. Every
tuple leaves the same number of unknown cards, so each has the same number
of board deals and the sums are the joint distribution of hands and boards:
the fractions of the answer are exact. It is chosen when the tuples are at
most ``EXACT_TUPLES``, tuples x deals at most the board limit, the weights
exact and every board after the first known from the flop on.

Monte Carlo: per sample, each range player's hand drawn by weight (a
running-sum search), each random hand from the cards left, the whole tuple
redrawn when two hands share a card; then one board deal. A chunk's draws
come from numpy's PCG64 seeded by the chunk's seed, the same on both
backends; the chunk's samples are settled by one call
(hf_boards_sample_rows: sample k's boards from the stream
``splitmix64(seed, k)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise
from math import comb
from typing import Any

from ._backend import backend
from .range_spots import RangeSpot

__all__ = ["EXACT_TUPLES", "BoardsRangeSpot", "boards_range_chunk", "deals_per_tuple",
           "full_range", "tuple_count"]

#: The most hand tuples an exact answer enumerates (one C call each, some
#: tens of microseconds): 20,000 tuples, about a second.
EXACT_TUPLES = 20_000
#: Rounds of drawing again the samples whose hands share a card, before giving up.
MAX_REJECTS = 1_000

#: (each board's known cards, high only, each player's range arrays or None
#: for a known hand or a random hand (then drawn from the cards left), the
#: cards no hand may hold: boards, dead and known hands).
BoardsRangeSpot = tuple[tuple[tuple[int, ...], ...], bool, RangeSpot, tuple[int, ...]]


def full_range(n_hole: int, removed: Sequence[int]) -> tuple[Any, Any]:
    """Every hand of the cards not ``removed``, weight 1, in the range array form."""
    np = __import__("numpy")
    deck = [c for c in range(52) if c not in set(removed)]
    rows = np.array(list(combinations(deck, n_hole)), dtype=np.uint8).reshape(-1)
    count = len(rows) // n_hole
    return rows, np.arange(1, count + 1, dtype=np.int64)


def tuple_count(ranges: RangeSpot) -> int:
    """Tuples of hands an exact enumeration walks (colliding ones included)."""
    total = 1
    for entry in ranges:
        if entry is not None:
            total *= len(entry[1])
    return total


def deals_per_tuple(rows: Sequence[Sequence[int]], unknown: int) -> int:
    """Board deals of one tuple of hands, ``unknown`` cards left to deal from."""
    total = 1
    for row in rows:
        total *= comb(unknown, 5 - len(row))
        unknown -= 5 - len(row)
    return total


def _weights(sums: Any) -> list[int]:
    """Each row's integer weight, from the running sums."""
    out = [int(w) for w in sums]
    return [out[0]] + [b - a for a, b in pairwise(out)]


def _zeros(n_players: int) -> list[int]:
    """An empty tally of boards.c's flat form."""
    fields = 3 + len(backend.BOARD_FIELDS) * backend.BOARDS_MAX
    return [0] * (1 + backend.BOARDS_MAX + fields * n_players)


def _add(total: list[int] | None, tally: list[int], weight: int) -> list[int]:
    if total is None:
        return [v * weight for v in tally]
    return [a + v * weight for a, v in zip(total, tally, strict=True)]


def _enumerate(holes: tuple[int, ...], n_hole: int, spot: BoardsRangeSpot,
               dead: tuple[int, ...], start: int, count: int) -> list[int]:
    """Tuples start .. start+count-1 (in the order of itertools.product over
    the range players' rows), weighted; the last item: the deals settled."""
    rows, high_only, ranges, _ = spot
    players = [p for p, entry in enumerate(ranges) if entry is not None]
    sizes = [len(ranges[p][1]) for p in players]  # type: ignore[index]
    cards = [ranges[p][0].reshape(-1, n_hole).tolist() for p in players]  # type: ignore[index]
    weights = [_weights(ranges[p][1]) for p in players]  # type: ignore[index]
    total: list[int] | None = None
    settled = 0
    hand = list(holes)
    for index in range(start, start + count):
        picks, rest = [], index
        for size in reversed(sizes):
            picks.append(rest % size)
            rest //= size
        picks.reverse()
        used: set[int] = set()
        weight = 1
        clash = False
        for p, k, rows_p, weights_p in zip(players, picks, cards, weights, strict=True):
            chosen = rows_p[k]
            if used.intersection(chosen):
                clash = True
                break
            used.update(chosen)
            hand[p * n_hole:(p + 1) * n_hole] = chosen
            weight *= weights_p[k]
        if clash:
            continue
        tally = backend.boards_enumerate(tuple(hand), n_hole, rows, dead, high_only, 0, 1)
        if isinstance(tally, int):
            raise RuntimeError(f"equity backend error {tally} on a tuple of range hands")
        settled += tally[0]
        total = _add(total, tally, weight)
    return [*(total or _zeros(len(holes) // n_hole)), settled]


def _masks(rows: Any, n_hole: int) -> Any:
    """Each row's cards as a 64-bit mask."""
    np = __import__("numpy")
    cards = rows.reshape(-1, n_hole).astype(np.uint64)
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards), axis=1)


def _draw_hands(rng: Any, n_hole: int, ranges: RangeSpot, removed: Sequence[int],
                n_random: int, count: int) -> Any:
    """``count`` rows of drawn hands: each range's (in player order) by
    weight, a row whose hands share a card drawn again, then ``n_random``
    random hands from the cards left (uniform: the cards of the smallest
    random keys)."""
    np = __import__("numpy")
    drawn = [entry for entry in ranges if entry is not None]
    masks = [_masks(rows, n_hole) for rows, _ in drawn]
    picks = np.zeros((count, len(drawn)), dtype=np.int64)
    pending = np.arange(count)
    for _round in range(MAX_REJECTS):
        if not len(pending):
            break
        used = np.zeros(len(pending), dtype=np.uint64)
        clear = np.ones(len(pending), dtype=bool)
        for r, (_, sums) in enumerate(drawn):
            k = np.searchsorted(sums, rng.integers(0, int(sums[-1]), size=len(pending)),
                                side="right")
            picks[pending, r] = k
            clear &= (used & masks[r][k]) == 0
            used |= masks[r][k]
        pending = pending[~clear]
    else:
        if len(pending):
            raise ValueError(f"the ranges can hardly be dealt together: {MAX_REJECTS} "
                             "draws in a row shared a card")
    hands = [rows.reshape(-1, n_hole)[picks[:, r]].astype(np.int64)
             for r, (rows, _) in enumerate(drawn)]
    if n_random:
        keys = rng.random((count, 52))
        keys[:, list(removed)] = np.inf
        for cards in hands:
            np.put_along_axis(keys, cards, np.inf, axis=1)
        chosen = np.argsort(keys, axis=1, kind="stable")[:, :n_random * n_hole]
        hands += [np.sort(chosen[:, i * n_hole:(i + 1) * n_hole], axis=1)
                  for i in range(n_random)]
    return hands


def _sample(holes: tuple[int, ...], n_hole: int, spot: BoardsRangeSpot,
            dead: tuple[int, ...], seed: int, count: int) -> list[int]:
    """``count`` samples from the chunk seed ``seed``; the last item: the
    samples settled."""
    np = __import__("numpy")
    rows, high_only, ranges, removed = spot
    n_players = len(holes) // n_hole
    range_players = [p for p in range(n_players) if ranges[p] is not None]
    random_players = [p for p in range(n_players) if ranges[p] is None
                      and holes[p * n_hole] == -1]
    rng = np.random.Generator(np.random.PCG64(seed))
    drawn = _draw_hands(rng, n_hole, ranges, removed, len(random_players), count)
    table = np.tile(np.array(holes, dtype=np.int64), (count, 1))
    for p, cards in zip(range_players + random_players, drawn, strict=True):
        table[:, p * n_hole:(p + 1) * n_hole] = cards
    tally = backend.boards_sample_rows(table.astype(np.int32), np.ones(count, dtype=np.int64),
                                       n_hole, rows, dead, high_only, seed)
    if isinstance(tally, int):
        raise RuntimeError(f"equity backend error {tally} on tuples of range hands")
    return [*tally, count]


def boards_range_chunk(mode: str, holes: tuple[int, ...], n_hole: int,
                       spot: BoardsRangeSpot, dead: tuple[int, ...], start: int,
                       count: int) -> list[int]:
    """One chunk: tuples ``start`` .. of the exact enumeration
    (``mode="enumerate"``), or ``count`` samples from the seed ``start``:
    a flat tally (boards.c's), weighted, then the deals settled."""
    if mode == "enumerate":
        return _enumerate(holes, n_hole, spot, dead, start, count)
    return _sample(holes, n_hole, spot, dead, start, count)

