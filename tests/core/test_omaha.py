"""Omaha Hi-Lo: exactly two hole cards and three board cards, each half.

References: phevaluator (4-card Omaha high), a plain brute force over the
2 x 3 combinations (5/6-card hands, partial boards, the low), pokerkit's
OmahaEightOrBetterLowHand (low ordering), and native vs pure.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast._backends import PURE as _pybackend

RANKS = "23456789TJQKA"


def brute_low_key(hole: list[int], board: list[int]) -> tuple[int, ...] | None:
    """Best low as its ranks high to low (ace = 1), by trying every 2 + 3."""
    best = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            ranks = {1 if c // 4 == 12 else c // 4 + 2 for c in pair + triple}
            if len(ranks) == 5 and max(ranks) <= 8:
                key = tuple(sorted(ranks, reverse=True))
                best = key if best is None or key < best else best
    return best


ALL_LOW_KEYS = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(1, 9), 5))


def brute_low(hole: list[int], board: list[int]) -> int | None:
    key = brute_low_key(hole, board)
    return None if key is None else ALL_LOW_KEYS.index(key) + 1


def brute_high(hole: list[int], board: list[int]) -> int:
    from phevaluator import evaluate_cards

    return min(evaluate_cards(*p, *t)
               for p in combinations(hole, 2) for t in combinations(board, 3))


def deal(rng: random.Random, n_hole: int, n_board: int) -> tuple[list[int], list[int]]:
    cards = rng.sample(range(52), n_hole + n_board)
    return cards[:n_hole], cards[n_hole:]


# ---- traps -----------------------------------------------------------------


def test_four_suited_hole_cards_one_suited_board_card_is_no_flush(backend: ModuleType) -> None:
    assert hf.high_category(hf.omaha_high("AsKsQs2s", "Js9d7c4h3d")) != "Flush"


def test_four_flush_board_one_suited_hole_card_is_no_flush(backend: ModuleType) -> None:
    value = hf.omaha_high("AsKdQc2h", "Js9s7s4s3d")
    assert hf.high_category(value) != "Flush"
    assert hf.high_category(hf.omaha_high("AsKsQc2h", "Js9s7s4s3d")) == "Flush"


def test_board_straight_needs_two_hole_cards(backend: ModuleType) -> None:
    # The board is a straight; the hole plays two cards, so no straight.
    assert hf.high_category(hf.omaha_high("AcAdKhKs", "5c6d7h8s9c")) == "One Pair"


def test_counterfeited_low(backend: ModuleType) -> None:
    assert hf.omaha_low("As2d3cKh", "2c3d4sQhKd") is None
    assert hf.omaha_low("As2d3cKh", "4c5d6sQhKd") == hf.evaluate_low5("As2d4c5d6s")


def test_pairs_on_board(backend: ModuleType) -> None:
    # Trips on board + a pair in the hole = full house.
    assert hf.high_category(hf.omaha_high("9c9d2h3s", "KcKdKh5s4c")) == "Full House"
    # Quads on board: only three of them play, so no four of a kind.
    assert hf.high_category(hf.omaha_high("9c9d2h3s", "KcKdKhKs4c")) == "Full House"
    assert hf.high_category(hf.omaha_high("Ac2d5h6s", "KcKdKhKs4c")) == "Three of a Kind"


def test_low_needs_three_low_board_cards(backend: ModuleType) -> None:
    assert hf.omaha_low("As2d3c4h", "5c6dKsQhJd") is None
    assert hf.omaha_low("As2d3c4h", "5c6d7sQhJd") is not None


@pytest.mark.parametrize("n_hole", [5, 6])
def test_big_o_and_six_card_still_use_exactly_two(backend: ModuleType, n_hole: int) -> None:
    # Three spades in the hole, two on the board: a flush needs three board spades.
    hole = "AsKsQsJcTd9h"[: 2 * n_hole]
    assert hf.high_category(hf.omaha_high(hole, "2s3s8d8c4h")) != "Flush"
    # Four hole cards to a straight and a low board do not make a hole-heavy straight.
    assert hf.omaha_high("AcKdQhJs2c3d"[: 2 * n_hole], "Tc5s7d8h9s") == brute_high(
        hf.parse_cards("AcKdQhJs2c3d"[: 2 * n_hole]), hf.parse_cards("Tc5s7d8h9s"))


# ---- cross-checks ------------------------------------------------------------


def test_high_matches_phevaluator_10k(backend: ModuleType) -> None:
    from phevaluator import evaluate_omaha_cards

    rng = random.Random(10)
    for _ in range(10_000):
        hole, board = deal(rng, 4, 5)
        # phevaluator takes the five board cards first, then the four hole cards.
        assert hf.omaha_high(hole, board) == evaluate_omaha_cards(*board, *hole), (hole, board)


@pytest.mark.parametrize(("n_hole", "n_board"), [(5, 5), (6, 5), (4, 3), (4, 4), (6, 3)])
def test_other_sizes_match_brute_force(backend: ModuleType, n_hole: int, n_board: int) -> None:
    rng = random.Random(n_hole * 10 + n_board)
    for _ in range(2_000):
        hole, board = deal(rng, n_hole, n_board)
        assert hf.omaha_high(hole, board) == brute_high(hole, board), (hole, board)
        assert hf.omaha_low(hole, board) == brute_low(hole, board), (hole, board)


def test_low_matches_brute_force_10k(backend: ModuleType) -> None:
    rng = random.Random(11)
    for _ in range(10_000):
        hole, board = deal(rng, 4, 5)
        assert hf.omaha_low(hole, board) == brute_low(hole, board), (hole, board)


@pytest.fixture(scope="module")
def pokerkit_low_deals() -> list[tuple[list[int], list[int], object]]:
    """10,000 deals with pokerkit's low hand (None when it finds no low).

    Deals are drawn from low-rich decks half the time so most of them have a
    low and the ordering is exercised, not just "no low"."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(12)
    low_deck = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    deals = []
    for i in range(10_000):
        cards = rng.sample(low_deck if i % 2 else range(52), 9)
        hole, board = cards[:4], cards[4:]
        try:
            pk = pokerkit.OmahaEightOrBetterLowHand.from_game(
                hf.format_cards(hole), hf.format_cards(board))
        except ValueError:
            pk = None
        deals.append((hole, board, pk))
    return deals


def test_low_ordering_matches_pokerkit_10k(backend: ModuleType, pokerkit_low_deals: list) -> None:
    ours = [(hf.omaha_low(h, b), pk) for h, b, pk in pokerkit_low_deals]
    assert all((v is None) == (pk is None) for v, pk in ours)
    with_low = sorted((v, i, pk) for i, (v, pk) in enumerate(ours) if v is not None)
    assert len(with_low) > 3_000
    for (v1, _, pk1), (v2, _, pk2) in pairwise(with_low):
        # pokerkit: a stronger hand compares greater; ours: lower is better.
        assert (pk1 == pk2) if v1 == v2 else (pk1 > pk2)


def test_native_and_pure_agree_100k(native: ModuleType) -> None:
    rng = random.Random(13)
    for i in range(100_000):
        hole, board = deal(rng, 4 + i % 3, 3 + (i // 3) % 3)
        assert native.omaha(hole, board) == _pybackend.omaha(hole, board), (hole, board)
        if i % 10 == 0:
            assert native.omaha_best(hole, board) == _pybackend.omaha_best(hole, board)


def test_best_cards_make_the_values(backend: ModuleType) -> None:
    rng = random.Random(14)
    for _ in range(3_000):
        hole, board = deal(rng, 4, 5)
        hand = hf.evaluate(hole, board)
        high_ids = hand.high_card_ids
        assert set(high_ids[:2]) <= set(hole) and set(high_ids[2:]) <= set(board)
        assert hf.evaluate_high5(high_ids) == hand.high
        if hand.low is None:
            assert hand.low_card_ids is None
        else:
            low_ids = hand.low_card_ids
            assert low_ids is not None
            assert set(low_ids[:2]) <= set(hole) and set(low_ids[2:]) <= set(board)
            assert hf.evaluate_low5(low_ids) == hand.low


def test_evaluate_describes_both_halves(backend: ModuleType) -> None:
    hand = hf.evaluate("KsKd7c2h", "Kh7d7s3c9d")
    assert hand.high_description == "Full House, Kings full of Sevens"
    assert hand.low is None and hand.low_cards is None
    hand = hf.evaluate(["Ah", "2h", "Kc", "Kd"], [RANKS.index("3") * 4, "4h", "8c", "Qh", "Jh"])
    assert hand.low_description == "8-4-3-2-A low"
    assert hand == hf.evaluate("Ah2hKcKd", "3c4h8cQhJh")
