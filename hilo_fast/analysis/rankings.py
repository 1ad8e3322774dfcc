"""Preflop rankings against several opponents or a range, measured by dealing
whole tables, and a hand's percentile in any of them.

One deal seats ``players`` random hands and a board (card removal exact)
and credits every seat's pot share to its suit-isomorphism class, so a
9-handed deal measures nine hands at once (csrc/analysis/ranking.c). Against
a range, the range seats hold combos of the range and only the random seats
are credited. The deals run in chunks of :data:`CHUNK` deals, chunk ``i``
seeded ``splitmix64(seed, i)``, so the sums do not depend on the threads or
the executor that ran them.

>>> ranking = sample_ranking(3, deals=2_000, seed=1)
>>> int(ranking.samples.sum())
6000
>>> round(float((ranking.share_sum.sum() / ranking.samples.sum())), 6)  # 3 players share the pot
0.333333
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from math import comb
from typing import TYPE_CHECKING, Any

from ..core._backend import backend as core_backend
from ..ranges.language import Range
from ..ranges.preflop import (
    PreflopRanking,
    _numpy,
    all_hands,
    class_name,
    hand_classes,
    hand_keys,
    preflop_ranking,
    range_file,
    read_ranking,
)
from ._backend import backend

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CHUNK", "RankingSample", "percentile", "range_ranking", "sample_ranking"]

#: Deals per chunk (each chunk is one call into C, one job of an executor).
CHUNK = 1_000_000
#: The pot in the kernel's units (HF_EQUITY_POT).
POT = 5040


@cache
def colex_classes(hole_count: int) -> npt.NDArray[np.int32]:
    """``[colex rank of a hand] -> its class``: the table the C kernel reads
    (the colex rank of sorted cards c0 < c1 < .. is C(c0, 1) + C(c1, 2) + ..)."""
    np = _numpy()
    hands = all_hands(hole_count).astype(np.int64)
    binom = np.array([[comb(c, k) for k in range(hole_count + 1)] for c in range(52)],
                     dtype=np.int64)
    rank = sum(binom[hands[:, i], i + 1] for i in range(hole_count))
    table = np.zeros(len(hands), dtype=np.int32)
    table[rank] = hand_classes(hole_count).of_hand
    table.flags.writeable = False
    return table  # type: ignore[no-any-return]


@dataclass(frozen=True)
class RankingSample:
    """Per class (indexed as :func:`hand_classes`): the sum of its pot shares
    (as fractions of the pot), of their squares, and the number of samples."""

    players: int
    hole_count: int
    share_sum: npt.NDArray[np.float64]
    share_sq: npt.NDArray[np.float64]
    samples: npt.NDArray[np.int64]
    deals: int
    seed: int

    @property
    def equity(self) -> npt.NDArray[np.float64]:
        """Each class's mean pot share (nan for a class never dealt)."""
        np = _numpy()
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.share_sum / self.samples

    @property
    def std_error(self) -> npt.NDArray[np.float64]:
        """The standard error of each class's mean (nan below two samples)."""
        np = _numpy()
        n = self.samples.astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            var = (self.share_sq - self.share_sum ** 2 / n) / (n - 1)
            return np.sqrt(np.maximum(var, 0.0) / n)  # type: ignore[no-any-return]


def _chunk_job(job: tuple[int, int, Any, int, int, int]) -> tuple[Any, Any, Any]:
    """One chunk's int64 sums (share, share squared, samples) per class."""
    players, hole_count, combos, range_seats, seed, count = job
    np = _numpy()
    table = colex_classes(hole_count)
    n = len(hand_classes(hole_count).combos)
    share, square, samples = (np.zeros(n, dtype=np.int64) for _ in range(3))
    err = backend.ranking_sample(players, hole_count, table, n, combos, range_seats, seed,
                                 count, share, square, samples)
    if err:  # every argument was checked before: the range's seats never fit
        raise ValueError(f"against: {range_seats} hands of the range (almost) never fit "
                         "together (100,000 draws in a row shared a card)")
    return share, square, samples


def _range_combos(against: Any, hole_count: int) -> Any:
    """The combos of a range (a Range or its text) as one int32 array."""
    rng = against if isinstance(against, Range) else Range(against, hole_count)
    if rng.hole_count != hole_count:
        raise ValueError(f"against: a range of {rng.hole_count}-card hands, "
                         f"not {hole_count}-card")
    if rng.weighted:
        raise ValueError(f"against: the range {rng} is weighted; rankings deal "
                         "every combo of a range equally")
    np = _numpy()
    combos = np.ascontiguousarray(rng.combos, dtype=np.int32)
    if len(combos) == 0:
        raise ValueError(f"against: the range {against!s} holds no hand")
    return combos.reshape(-1)


def sample_ranking(players: int, deals: int, *, seed: int = 0, against: Any = None,
                   range_seats: int = 1, hole_count: int = 4, threads: int = 1,
                   executor: Executor | None = None, chunk: int = CHUNK,
                   progress: Callable[[int, int], None] | None = None) -> RankingSample:
    """Deal ``deals`` tables of ``players`` and sum every random seat's pot
    share by class. With ``against`` (a range, or its text), the last
    ``range_seats`` seats hold combos of it. Chunks run on ``threads`` threads
    (the C releases the GIL) or on ``executor`` (e.g. a Dask client's); the
    sums depend on ``seed`` and ``chunk`` (deals per chunk), never on where
    the chunks ran."""
    for name, value in (("players", players), ("deals", deals), ("threads", threads),
                        ("chunk", chunk),
                        ("range_seats", range_seats), ("hole_count", hole_count)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if hole_count not in (4, 5):
        raise ValueError(f"hole_count must be 4 or 5, not {hole_count}")
    if not 2 <= players <= 10 or players * hole_count + 5 > 52:
        raise ValueError(f"players must be 2..{min(10, (52 - 5) // hole_count)} "
                         f"for {hole_count}-card hands, not {players}")
    if deals < 0:
        raise ValueError(f"deals must be >= 0, not {deals}")
    if threads < 1:
        raise ValueError(f"threads must be >= 1, not {threads}")
    if not 1 <= chunk <= 1 << 30:
        raise ValueError(f"chunk must be 1..2**30 deals, not {chunk}")
    combos = None
    seats = 0
    if against is not None:
        if not 1 <= range_seats < players:
            raise ValueError(f"range_seats must be 1..{players - 1}, not {range_seats}")
        combos, seats = _range_combos(against, hole_count), range_seats
    jobs = []
    for i, start in enumerate(range(0, deals, chunk)):
        jobs.append((players, hole_count, combos, seats, core_backend.splitmix64(seed, i),
                     min(chunk, deals - start)))
    np = _numpy()
    n = len(hand_classes(hole_count).combos)
    share, square, samples = (np.zeros(n, dtype=np.int64) for _ in range(3))
    pool = executor if executor is not None else ThreadPoolExecutor(max_workers=threads)
    try:
        for done, (s, q, m) in enumerate(pool.map(_chunk_job, jobs), 1):
            share += s
            square += q
            samples += m
            if progress is not None:
                progress(done, len(jobs))
    finally:
        if executor is None:
            pool.shutdown()
    return RankingSample(players, hole_count, share / POT, square / POT ** 2, samples, deals,
                         seed)


def range_ranking(against: Any, *, players: int = 2, deals: int = 2_000_000, seed: int = 0,
                  threads: int = 1) -> PreflopRanking:
    """A ranking computed now: every class's pot equity with ``players - 1``
    opponents holding hands of the range ``against`` (e.g. ``"20%"``).
    ``deals`` tables, each crediting the one random seat; the standard
    errors come with it."""
    sample = sample_ranking(players, deals, seed=seed, against=against,
                            range_seats=players - 1, threads=threads)
    return _as_ranking(sample)


def _as_ranking(sample: RankingSample) -> PreflopRanking:
    np = _numpy()
    equity = np.nan_to_num(sample.equity, nan=-1.0)
    names = [class_name(rep) for rep in hand_classes(sample.hole_count).representatives]
    order = np.array(sorted(range(len(names)), key=lambda i: (-equity[i], names[i])),
                     dtype=np.int64)
    return PreflopRanking(sample.hole_count, order, sample.equity, sample.std_error,
                          int(sample.samples.min()))


def percentile(hand: str | Sequence[int], against: Any = None) -> float:
    """The share of all hands of its size (by combos, in percent) that
    ``hand`` (4 or 5 cards) beats or ties in a preflop ranking: ``against`` =
    a number of random opponents (the committed rankings: 1, 2, 3, 5 or 8 for
    4-card hands, 5 for 5-card hands; default 1, and 5 for a 5-card hand), a
    :class:`PreflopRanking` of the hand's size, or a 4-card range (its text
    or a Range: computed now, heads-up against it, see :func:`range_ranking`).
    The best class scores 100; ties are hands of equal equity (every hand of
    a class, at least).

    >>> percentile("AsAh2s3h") > 99.9, percentile("2s2h2d2c") < 1
    (True, True)
    >>> percentile("AsAh2s3hKd") > 99   # 5-card: against 5 random 5-card hands
    True
    """
    from ..cards import parse_cards

    cards = parse_cards(hand)   # (a TypeError or ValueError naming a bad card)
    size = len(cards)
    if size not in (4, 5):
        raise ValueError(f"hand: a percentile needs a 4- or 5-card hand, not {size} cards")
    if len(set(cards)) != size:
        raise ValueError(f"hand: {hand!r} is not {size} distinct cards")
    if against is None:
        against = 1 if size == 4 else 5
    ranking = ranking_for(against, size)
    if ranking.hole_count != size:
        raise ValueError(f"against: a ranking of {ranking.hole_count}-card hands, but the "
                         f"hand {hand!r} has {size} cards")
    np = _numpy()
    classes = hand_classes(size)
    key = hand_keys(np.array([sorted(cards)], dtype=np.uint8))[0]
    index = int(np.searchsorted(hand_keys(all_hands(size)), key))
    mine = ranking.equity[classes.of_hand[index]]
    if np.isnan(mine):
        raise ValueError(f"hand: {hand!r}'s class was never dealt in this ranking "
                         "(deal more tables)")
    total = int(classes.combos.sum())
    return float(100.0 * classes.combos[ranking.equity <= mine].sum() / total)


def ranking_for(against: Any, hole_count: int = 4) -> PreflopRanking:
    """The ranking ``against`` names for ``hole_count``-card hands: a number
    of random opponents (committed rankings), a PreflopRanking, or a 4-card
    range (computed now)."""
    if isinstance(against, PreflopRanking):
        return against
    if isinstance(against, int) and not isinstance(against, bool):
        return preflop_ranking(hole_count, opponents=against)
    if isinstance(against, (str, Range)) and hole_count != 4:
        raise ValueError(f"against: rankings against a range are for 4-card hands, not "
                         f"{hole_count}-card (5-card: against=5 random hands)")
    if isinstance(against, str) and resources.files("hilo_fast.ranges").joinpath(
            range_file(against, 2)).is_file():
        return read_ranking(range_file(against, 2))   # committed (docs/ranges.md)
    if isinstance(against, (str, Range)):
        return range_ranking(against)
    raise TypeError(f"against must be a number of opponents, a range or a PreflopRanking, "
                    f"not {type(against).__name__}")
