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

from hilo_fast.core import tables as gen


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
def test_random_hands_against_brute_force(each_backend: ModuleType, deck: list[int]) -> None:
    rng = random.Random(4)
    for _ in range(3000):
        hole, board = random_hand(rng, deck)
        packed = each_backend.omaha(hole, board)
        assert packed >> 8 == brute_high(hole, board), (hole, board)
        assert packed & 0xFF == brute_low(each_backend, hole, board), (hole, board)


def test_against_phevaluator_omaha(each_backend: ModuleType) -> None:
    rng = random.Random(5)
    for deck in (FULL_DECK, TWO_SUITS):
        for _ in range(5000):
            cards = rng.sample(deck, 9)
            hole, board = cards[:4], cards[4:]
            assert each_backend.omaha(hole, board) >> 8 == evaluate_omaha_cards(*board, *hole)


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
    from hilo_fast._backends import PURE as _pybackend

    rng = random.Random(8)
    for deck in (FULL_DECK, TWO_SUITS):
        for _ in range(20000):
            hole, board = random_hand(rng, deck)
            assert _pybackend.omaha(hole, board) == native.omaha(hole, board), (hole, board)


def test_bytes_entry_point_equals_omaha(each_backend: ModuleType) -> None:
    """evaluate's hot path passes card ids as bytes; same answers, same checks."""
    rng = random.Random(9)
    for _ in range(2000):
        hole, board = random_hand(rng, FULL_DECK)
        packed = each_backend.omaha(hole, board)
        assert each_backend.omaha_bytes(bytes(hole + board), len(hole)) == packed
    assert each_backend.omaha_bytes(bytes([0, 1, 2, 3, 4, 5, 52]), 4) == each_backend.ERR_CARD
    assert each_backend.omaha_bytes(bytes([0, 1, 2, 3, 4, 5, 255]), 4) == each_backend.ERR_CARD
    assert each_backend.omaha_bytes(bytes([0, 1, 2, 3, 4, 5, 0]), 4) == each_backend.ERR_DUPLICATE
    assert each_backend.omaha_bytes(bytes([0, 1, 2, 3, 4, 5]), 4) == each_backend.ERR_COUNT
    assert each_backend.omaha_bytes(bytes(range(12)), 4) == each_backend.ERR_COUNT
    assert each_backend.omaha_bytes(bytes(range(9)), 3) == each_backend.ERR_COUNT
    assert each_backend.omaha_bytes([0, 1, 2, 3, 4, 5, 6], 4) == each_backend.ERR_CARD  # type: ignore[arg-type]


def test_evaluate_hot_path_keeps_its_behaviour(backend: ModuleType) -> None:
    from hilo_fast import evaluate

    with pytest.raises(ValueError, match="bad card 300"):
        evaluate([300, 1, 2, 3], [4, 5, 6])
    with pytest.raises(ValueError, match="bad card -1"):
        evaluate([51, 1, 2, -1], [4, 5, 6])
    with pytest.raises(ValueError, match="bad card 52"):
        evaluate([51, 1, 2, 3], [4, 5, 52])
    with pytest.raises(ValueError, match="duplicate card As"):
        evaluate([51, 1, 2, 3], [4, 5, 51])
    by_name = evaluate(["As", "2d", "Kh", "9c"], ("3s", "4h", "5d", "Kd", "8c"))
    hole, board = [51, 1, 46, 31], [7, 10, 13, 45, 24]
    hand = evaluate(hole, board)
    assert (hand.high, hand.low) == (by_name.high, by_name.low) == (1609, 1)
    hole[0], board[0] = 0, 50  # the caller reuses its lists: the hand must not change
    assert hand.high_cards == ("As", "2d", "3s", "4h", "5d")
    assert hand.low_cards == ("As", "2d", "3s", "4h", "5d")
