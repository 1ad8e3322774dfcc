"""Each rank macro against ProPokerTools' definition, spelled out by hand.

ProPokerTools' generic syntax (which the range language follows) defines
the rank macros as sets of ranks: $B big cards A-J, $R broadway A-T, $M
middle T-7, $Z small 6-2, $L low cards A-8 (the ace low, as hi/lo players
mean it), $N no-low K-9, $F face K-J, $W wheel cards A-5. The sets below are
written from those definitions, not read from ``RANK_MACROS``; each macro
must hold exactly the hands with a card of its set (and, with a suit, a card
of its set in that suit), over every 4-card hand.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hilo_fast import Range  # noqa: E402
from hilo_fast.ranges import RANK_MACROS  # noqa: E402

SPELLED = {
    "B": {"A", "K", "Q", "J"},
    "R": {"A", "K", "Q", "J", "T"},
    "M": {"T", "9", "8", "7"},
    "Z": {"6", "5", "4", "3", "2"},
    "L": {"A", "2", "3", "4", "5", "6", "7", "8"},
    "N": {"K", "Q", "J", "T", "9"},
    "F": {"K", "Q", "J"},
    "W": {"A", "2", "3", "4", "5"},
}
RANK_OF = {r: i for i, r in enumerate("23456789TJQKA")}


@cache
def every_hand() -> Any:
    return np.array(list(itertools.combinations(range(52), 4)), dtype=np.int16)


def holding(ranks: set[str], suit: int | None = None, at_least: int = 1) -> Any:
    """Hands with at least ``at_least`` cards of a rank in ``ranks`` (of ``suit``)."""
    cards = every_hand()
    hit = np.isin(cards >> 2, [RANK_OF[r] for r in ranks])
    if suit is not None:
        hit &= (cards & 3) == suit
    keep = hit.sum(axis=1) >= at_least
    return cards[keep]


def test_the_macros_are_exactly_the_documented_ones() -> None:
    assert {name: set(ranks) for name, ranks in RANK_MACROS.items()} == SPELLED


@pytest.mark.parametrize("name", sorted(SPELLED))
def test_a_macro_is_one_card_of_its_set(name: str) -> None:
    want = holding(SPELLED[name])
    assert np.array_equal(Range(f"${name}").combos, want)


@pytest.mark.parametrize("name", sorted(SPELLED))
def test_a_macro_with_a_suit(name: str) -> None:
    # s is suit 3 in card ids (2c 2d 2h 2s ...); two occurrences are two cards.
    want = holding(SPELLED[name], suit=3, at_least=2)
    assert np.array_equal(Range(f"${name}s${name}s").combos, want)


def test_low_is_what_a_hi_lo_player_means() -> None:
    low = Range("A2$L")
    assert "As2d3c9h" in low and "As2d8c9h" in low and "As2dAcKh" in low
    assert "As2d9cKh" not in low and "As2dTcJh" not in low
