"""Range Monte Carlo: the C loop and its pure twin draw the same stream on
spots of every shape, and the dealing is unbiased.

The spots are drawn at random (seeded): 2 to 6 players (the C counts deals
by outcome up to four players and settles each deal above), 4 to 6 hole
cards, known hands, random hands and ranges (weighted or not), a board of
0, 3, 4 or 5 cards and dead cards. The tallies must be equal item for item.
Unbiased: Monte Carlo within four standard errors of the exact answer on
a spot where random hands are dealt around range hands.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")

import hilo_fast as hf  # noqa: E402
from hilo_fast._backends import PURE as _pybackend  # noqa: E402


def random_spot(rng: random.Random) -> tuple[list[int], int, list[int], list[int], list[object]]:
    n_hole = rng.choice((4, 4, 5, 6))
    n_players = rng.randint(2, 6 if n_hole == 4 else 4)
    deck = list(range(52))
    rng.shuffle(deck)
    board = [deck.pop() for _ in range(rng.choice((0, 3, 4, 5)))]
    dead = [deck.pop() for _ in range(rng.choice((0, 0, 2)))]
    holes: list[int] = []
    ranges: list[object] = []
    kinds = ["range"] + [rng.choice(("known", "random", "range")) for _ in range(n_players - 1)]
    rng.shuffle(kinds)
    pool = deck[:]  # range hands come from the cards left after known hands
    for kind in kinds:
        if kind == "known":
            hand = [deck.pop() for _ in range(n_hole)]
            holes += hand
            ranges.append(None)
        else:
            holes += [-1] * n_hole
            ranges.append(kind)
    pool = deck[:]
    made: list[object] = []
    for kind in ranges:
        if kind != "range":
            made.append(None)
            continue
        # The backends' array form (_range_arrays.py): rows of card ids, the
        # running sums of integer weights; rows may share cards (a collision
        # is redrawn), never within a row.
        rows = [sorted(rng.sample(pool, n_hole)) for _ in range(rng.randint(1, 12))]
        weights = [rng.choice((1, 1, 2, 3, 7)) for _ in rows]
        made.append((np.array(rows, dtype=np.uint8).reshape(-1),
                     np.cumsum(np.array(weights, dtype=np.int64))))
    return holes, n_hole, board, dead, made


@pytest.mark.parametrize("case", range(60))
def test_the_twins_draw_the_same_stream(native: ModuleType, case: int) -> None:
    rng = random.Random(case)
    holes, n_hole, board, dead, ranges = random_spot(rng)
    dealt = tuple(ranges)
    seed = rng.getrandbits(64)
    want = _pybackend.range_sample(holes, n_hole, board, dead, dealt, seed, 150)
    got = native.range_sample(holes, n_hole, board, dead, dealt, seed, 150)
    assert got == want


def test_random_hands_dealt_around_range_hands_are_unbiased(native: ModuleType) -> None:
    # A known hand, a range and a random hand on the river: the random hand
    # is drawn around the range hand's cards (exact: 3 x 91,390 deals).
    players = ["AsAd2s3d", "KhKc2h3c,KhKcQhQc,QsJsTs9s", None]
    board = "Kd7c4h8s5d"
    exact = hf.equity(players, board=board)
    assert exact.exact
    mc = hf.equity(players, board=board, samples=60_000, seed=5)
    assert not mc.exact
    for e, m in zip(exact.players, mc.players, strict=True):
        assert abs(m.equity - e.equity) < 4 * m.std_error + 1e-9
        assert abs(m.scoop - e.scoop) < 0.02
