"""The 8-or-better low (ace-to-five): the order of docs/rules.md §1, all 56 lows."""

from __future__ import annotations

from itertools import combinations
from types import ModuleType

import pytest

import hilo_fast as hf

# docs/rules.md §1, worst to best, exactly as the rules of the game give it.
RULE_BOOK_ORDER = [
    "8-7-6-5-4", "8-7-6-5-3", "8-6-4-2-A", "8-4-3-2-A", "7-6-5-4-2",
    "7-6-5-2-A", "7-5-4-3-2", "6-5-4-3-2", "6-4-3-2-A", "5-4-3-2-A",
]
SUIT_CYCLE = "cdhsc"


def _cards(low: str) -> str:
    """A 5-card hand of the given low ranks, not all one suit."""
    ranks = low.split("-")
    return "".join(r + SUIT_CYCLE[i] for i, r in enumerate(ranks))


def test_rule_book_order(backend: ModuleType) -> None:
    values = [hf.evaluate_low5(_cards(low)) for low in RULE_BOOK_ORDER]
    assert all(v is not None for v in values)
    assert values == sorted(values, reverse=True)  # worst first: strictly decreasing
    assert len(set(values)) == len(values)
    assert [hf.describe_low(v) for v in values] == [low + " low" for low in RULE_BOOK_ORDER]


def test_all_56_lows_in_order(backend: ModuleType) -> None:
    """Independent order: compare the ranks from the highest card down."""
    ranks = [1, 2, 3, 4, 5, 6, 7, 8]  # ace counts as 1
    names = {1: "A", **{r: str(r) for r in range(2, 9)}}
    lows = sorted(sorted(c, reverse=True) for c in combinations(ranks, 5))
    assert len(lows) == 56
    values = [hf.evaluate_low5(_cards("-".join(names[r] for r in low))) for low in lows]
    assert values == list(range(1, 57))


def test_straights_and_flushes_do_not_count(backend: ModuleType) -> None:
    assert hf.evaluate_low5("5h4h3h2hAh") == 1  # a straight flush is also the wheel
    assert hf.evaluate_low5("8d6d4d2dAd") == hf.evaluate_low5("8d6c4d2dAd")


def test_no_qualifying_low(backend: ModuleType) -> None:
    assert hf.evaluate_low5("9c4d3h2sAc") is None  # a nine
    assert hf.evaluate_low5("AcAd3h2s4c") is None  # a pair
    assert hf.evaluate_low5("KcQdJhTs9c") is None


def test_ace_is_low(backend: ModuleType) -> None:
    # six-four beats six-five
    assert hf.evaluate_low5("6c4d3h2sAc") < hf.evaluate_low5("6c5d4h3s2c")


@pytest.mark.parametrize("value", [0, 57, -1, 1.0])
def test_describe_low_rejects_bad_values(value: object) -> None:
    with pytest.raises(ValueError, match="low value"):
        hf.describe_low(value)  # type: ignore[arg-type]
