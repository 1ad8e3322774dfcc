"""The 5-card high evaluator against the published Cactus Kev numbering."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from types import ModuleType

import pytest

import hilo_fast as hf

# The Cactus Kev classes (published numbering, also phevaluator's and treys'):
# category -> (first value, last value, number of 5-card hands).
CACTUS_KEV = {
    "Straight Flush": (1, 10, 40),
    "Four of a Kind": (11, 166, 624),
    "Full House": (167, 322, 3_744),
    "Flush": (323, 1599, 5_108),
    "Straight": (1600, 1609, 10_200),
    "Three of a Kind": (1610, 2467, 54_912),
    "Two Pair": (2468, 3325, 123_552),
    "One Pair": (3326, 6185, 1_098_240),
    "High Card": (6186, 7462, 1_302_540),
}


def _category(value: int) -> str:
    return next(name for name, (lo, hi, _) in CACTUS_KEV.items() if lo <= value <= hi)


def test_all_2598960_hands_native(native: ModuleType) -> None:
    """Every 5-card hand: category counts, 7,462 distinct values, and equal
    to phevaluator's value for every single hand."""
    phevaluator = pytest.importorskip("phevaluator")
    counts: Counter[str] = Counter()
    values: set[int] = set()
    high5, reference = native.high5, phevaluator.evaluate_cards
    mismatches = 0
    for hand in combinations(range(52), 5):
        value = high5(hand)
        counts[_category(value)] += 1
        values.add(value)
        mismatches += value != reference(*hand)
    assert mismatches == 0
    assert len(values) == 7462
    assert counts == {name: n for name, (_, _, n) in CACTUS_KEV.items()}


def test_random_hands_match_phevaluator(backend: ModuleType) -> None:
    phevaluator = pytest.importorskip("phevaluator")
    rng = random.Random(2)
    for _ in range(50_000):
        hand = rng.sample(range(52), 5)
        assert hf.evaluate_high5(hand) == phevaluator.evaluate_cards(*hand), hand


def test_pure_backend_large_sample_category_shares() -> None:
    """The pure backend on 300,000 random hands: category frequencies match
    the exact combinatorial counts within 5 standard deviations."""
    from hilo_fast._backends import PURE as _pybackend

    rng = random.Random(3)
    n = 300_000
    counts = Counter(_category(_pybackend.high5(rng.sample(range(52), 5))) for _ in range(n))
    for name, (_, _, exact) in CACTUS_KEV.items():
        p = exact / 2_598_960
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts[name] - n * p) <= 5 * sd + 1, name


@pytest.mark.parametrize(
    ("cards", "value", "category"),
    [
        ("AsKsQsJsTs", 1, "Straight Flush"),
        ("5h4h3h2hAh", 10, "Straight Flush"),
        ("AcAdAhAsKc", 11, "Four of a Kind"),
        ("2c2d2h2s3c", 166, "Four of a Kind"),
        ("AcAdAhKsKc", 167, "Full House"),
        ("AcKcQcJc9c", 323, "Flush"),
        ("7d5d4d3d2d", 1599, "Flush"),
        ("AcKdQhJsTc", 1600, "Straight"),
        ("5c4d3h2sAc", 1609, "Straight"),
        ("7d5c4h3s2d", 7462, "High Card"),
    ],
)
def test_landmark_values(backend: ModuleType, cards: str, value: int, category: str) -> None:
    assert hf.evaluate_high5(cards) == value
    assert hf.high_category(value) == category


def test_descriptions() -> None:
    assert hf.describe_high(1) == "Royal Flush"
    assert hf.describe_high(hf.evaluate_high5("KcKdKh7s7d")) == "Full House, Kings full of Sevens"
    assert hf.describe_high(hf.evaluate_high5("AcAdAhAs2c")) == "Four of a Kind, Aces"
    assert hf.describe_high(hf.evaluate_high5("AcAd8h8s2c")) == "Two Pair, Aces and Eights"
    assert hf.describe_high(hf.evaluate_high5("JcJd8h3s2c")) == "Pair of Jacks"
    assert hf.describe_high(hf.evaluate_high5("5c4d3h2sAc")) == "Straight, Five high"
    assert hf.describe_high(hf.evaluate_high5("Kc9c7c4c2c")) == "Flush, King high"
    assert hf.describe_high(7462) == "High Card, Seven"
