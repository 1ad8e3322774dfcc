"""The fast Omaha evaluator (one table row per board) against references.

References: phevaluator (independent, high only), a brute force over the
2 + 3 card choices written here on phevaluator's 5-card evaluator, and the
plain 60-combination loop kept in ``hf_omaha_best`` / ``omaha_best``.
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement
from types import ModuleType

import pytest
from phevaluator import evaluate_cards, evaluate_omaha_cards

from hilo_fast import _tablegen as gen


def brute_high(hole: list[int], board: list[int]) -> int:
    return min(
        evaluate_cards(*pair, *triple)
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


def brute_low(backend: ModuleType, hole: list[int], board: list[int]) -> int:
    return min(
        (backend.low5(list(pair + triple)) or 99)
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    ) % 99


def random_hand(rng: random.Random, deck: list[int]) -> tuple[list[int], list[int]]:
    n_hole, n_board = rng.choice((4, 5, 6)), rng.choice((3, 4, 5))
    cards = rng.sample(deck, n_hole + n_board)
    return cards[:n_hole], cards[n_hole:]


FULL_DECK = list(range(52))
TWO_SUITS = [c for c in FULL_DECK if c & 3 < 2]  # flushes and straight flushes galore


def test_every_triple_row_against_phevaluator() -> None:
    """All 455 x 91 entries of the 3-card board rows, each made of real offsuit cards."""
    table = gen.omaha_high_rows(3)
    checked = 0
    for triple in gen.rank_multisets(3):
        for pair in combinations_with_replacement(range(13), 2):
            ranks = pair + triple
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            # The k-th card of a rank gets suit k; five distinct ranks would
            # then all be clubs, so the last becomes a diamond.
            cards = [r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)]
            if len(set(ranks)) == 5:
                cards[4] += 1
            assert len(set(cards)) == 5 and len({c & 3 for c in cards}) > 1
            entry = table[gen.multiset_index(triple) * 91 + gen.rank_pair_index(*pair)]
            assert entry == evaluate_cards(*cards), (pair, triple)
            checked += 1
    assert checked == 455 * 91 - 13  # skipped only the pair rr with triple rrr


@pytest.mark.parametrize("deck", [FULL_DECK, TWO_SUITS], ids=["full-deck", "two-suits"])
def test_random_hands_against_brute_force(backend: ModuleType, deck: list[int]) -> None:
    rng = random.Random(4)
    for _ in range(3000):
        hole, board = random_hand(rng, deck)
        packed = backend.omaha(hole, board)
        assert packed >> 8 == brute_high(hole, board), (hole, board)
        assert packed & 0xFF == brute_low(backend, hole, board), (hole, board)


def test_against_phevaluator_omaha(backend: ModuleType) -> None:
    rng = random.Random(5)
    for deck in (FULL_DECK, TWO_SUITS):
        for _ in range(5000):
            cards = rng.sample(deck, 9)
            hole, board = cards[:4], cards[4:]
            assert backend.omaha(hole, board) >> 8 == evaluate_omaha_cards(*board, *hole)


def test_every_board_rank_multiset_against_the_60_combination_loop(native: ModuleType) -> None:
    """Each row of every table (board sizes 3, 4, 5) is reached by real hands,
    and the fast hf_omaha agrees with hf_omaha_best's plain loop on them."""
    rng = random.Random(6)
    for size in (3, 4, 5):
        for ranks in gen.rank_multisets(size):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            for _ in range(4):
                suits = rng.sample(range(4), 4) * 2
                board = [r * 4 + suits[ranks[:i].count(r) + i % 2] for i, r in enumerate(ranks)]
                if len(set(board)) < size:
                    continue
                hole = rng.sample([c for c in FULL_DECK if c not in board], rng.choice((4, 5, 6)))
                high, low = native.omaha_best(hole, board)[:2]
                assert native.omaha(hole, board) == high << 8 | low, (hole, board)


def test_fast_path_equals_reference_loop_on_many_hands(native: ModuleType) -> None:
    rng = random.Random(7)
    for deck in (FULL_DECK, TWO_SUITS):
        for _ in range(40000):
            hole, board = random_hand(rng, deck)
            high, low = native.omaha_best(hole, board)[:2]
            assert native.omaha(hole, board) == high << 8 | low, (hole, board)


def test_pure_and_native_agree(native: ModuleType) -> None:
    from hilo_fast import _pybackend

    rng = random.Random(8)
    for deck in (FULL_DECK, TWO_SUITS):
        for _ in range(20000):
            hole, board = random_hand(rng, deck)
            assert _pybackend.omaha(hole, board) == native.omaha(hole, board), (hole, board)
