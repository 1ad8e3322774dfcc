"""Showdown shares: the pure twin's pair rule against hf.showdown, and the C's
sorted sweeps (card removal by inclusion-exclusion) against every pair."""

from __future__ import annotations

import random

import pytest

import hilo_fast as hf
from hilo_fast.cards import parse_cards
from hilo_fast.solver import _py_backend as pure
from tests.solver.helpers import random_subgame


def _deal(rng: random.Random, low_board: bool) -> tuple[list[int], list[int], list[int]]:
    deck = list(range(52))
    if low_board:   # three or more cards 8 and under: a low is possible
        small = [c for c in deck if c // 4 <= 6 or c // 4 == 12]
        board = rng.sample(small, 3)
        board += rng.sample([c for c in deck if c not in board], 2)
    else:
        board = rng.sample(deck, 5)
    rest = [c for c in deck if c not in board]
    cards = rng.sample(rest, 8)
    return board, cards[:4], cards[4:]


@pytest.mark.parametrize("seed", range(4))
def test_pair_share_equals_showdown(seed: int) -> None:
    rng = random.Random(seed)
    kinds = set()
    for n in range(500):
        board, a, b = _deal(rng, low_board=n % 3 != 0)
        high_a, low_a = hf.omaha_hilo(a, board)
        high_b, low_b = hf.omaha_hilo(b, board)
        share = pure.share(high_a, low_a or 0, high_b, low_b or 0)
        paid = hf.showdown(board, [a, b], [100, 100]).payouts
        assert share * 200 == paid[0], (board, a, b)
        assert pure.share(high_b, low_b or 0, high_a, low_a or 0) * 200 == paid[1]
        kinds.add(share)
    # scoops, halves, quarters (and three quarters) were all met
    assert {0.0, 0.25, 0.5, 0.75, 1.0} <= kinds


def test_a_quartered_pot() -> None:
    board = parse_cards("7h5hKh4d3s")
    a, b = parse_cards("Ah2hQdJs"), parse_cards("Ad2cQcJc")
    ha, la = hf.omaha_hilo(a, board)
    hb, lb = hf.omaha_hilo(b, board)
    assert pure.share(ha, la or 0, hb, lb or 0) == 0.75


@pytest.mark.parametrize("seed", range(6))
def test_sorted_sweeps_equal_every_pair(native: object, seed: int) -> None:
    from hilo_fast.solver import _c_backend as c

    rng = random.Random(100 + seed)
    game = random_subgame(rng, n=rng.choice([5, 30, 60]), game=rng.choice(["omahahi", None]))
    flat = game.flat()
    py, cc = pure.prepare(flat), c.prepare(flat)
    for p in (0, 1):
        reach = [rng.random() * rng.choice([0, 1, 3]) for _ in range(flat.n_combos(1 - p))]
        want = pure.showdown_sums(py, p, reach)
        got = c.showdown_sums(cc, p, reach)
        assert got == pytest.approx(want, abs=1e-9)


def test_sweeps_with_shared_cards(native: object) -> None:
    """Combos sharing 1, 2, 3 and all 4 cards across the ranges (every removal term)."""
    from hilo_fast.solver import _c_backend as c

    oop = "AsKsQsJs,AsKsQsJh,AsKsQhJh,AsKhQhJh,2c3c4c5c,2c3c4c6c"
    ip = "AsKsQsJs,AsKsQsJd,AsKsQdJd,AsKdQdJd,AhKhQhJh,2c3c4c5c,2c3d4d5d"
    game = hf.Subgame("Td9d8h7h6s", ranges=(oop, ip), pot=10, stacks=10,
                      structure=hf.Structure.fixed_limit(2))
    flat = game.flat()
    py, cc = pure.prepare(flat), c.prepare(flat)
    for p in (0, 1):
        reach = [1.0 + j for j in range(flat.n_combos(1 - p))]
        assert c.showdown_sums(cc, p, reach) == pytest.approx(pure.showdown_sums(py, p, reach),
                                                              abs=1e-12)
