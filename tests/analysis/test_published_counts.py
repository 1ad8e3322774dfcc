"""The published counts of Omaha starting hands and boards (issue 27), each
counted here by plain enumeration, then the library's answer to the same
question compared with it: the range language for hand shapes, the low
evaluator for boards that allow a low."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest

import hilo_fast as hf

ACE = 12
LOW_RANKS = {12, 0, 1, 2, 3, 4, 5, 6}  # A, 2..8 (rank ids: 0 = deuce)


@pytest.fixture(scope="module")
def every_hand() -> list[tuple[int, ...]]:
    return list(combinations(range(52), 4))


def test_suit_shapes(every_hand: list[tuple[int, ...]]) -> None:
    shapes = Counter(tuple(sorted(Counter(c & 3 for c in hand).values())) for hand in every_hand)
    assert len(every_hand) == 270_725
    assert shapes[(2, 2)] == 36_504            # double suited
    assert shapes[(1, 1, 2)] == 158_184        # single suited
    assert shapes[(1, 1, 1, 1)] == 28_561      # rainbow
    assert len(hf.Range("$ds")) == 36_504
    assert len(hf.Range("$ss")) == 158_184
    assert len(hf.Range("$r")) == 28_561


def test_exactly_two_aces_and_two_pair(every_hand: list[tuple[int, ...]]) -> None:
    ranks = [Counter(c >> 2 for c in hand) for hand in every_hand]
    assert sum(r[ACE] == 2 for r in ranks) == 6_768
    assert sum(sorted(r.values()) == [2, 2] for r in ranks) == 2_808
    assert len(hf.Range("AA!AAA")) == 6_768
    assert len(hf.Range("RROO")) == 2_808


def _board_with_ranks(ranks: tuple[int, ...]) -> list[int]:
    """A board of these ranks (suits in turn, so repeated ranks differ)."""
    seen: Counter[int] = Counter()
    board = []
    for r in ranks:
        board.append(4 * r + seen[r])
        seen[r] += 1
    return board


def _six_low_cards(board: list[int]) -> list[int]:
    """Six cards of six distinct A-8 ranks, none on the board (a board of
    five cards blocks at most one rank whole)."""
    out = []
    for r in sorted(LOW_RANKS, key=lambda r: (r + 1) % 13):   # A, 2, 3, ...
        free = [4 * r + s for s in range(4) if 4 * r + s not in board]
        if free and len(out) < 6:
            out.append(free[0])
    return out


def test_boards_that_allow_a_low() -> None:
    boards = allowing = allowing_by_evaluator = 0
    for ranks in combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        n = prod(comb(4, m) for m in counts.values())  # boards of this rank multiset
        boards += n
        allows = len(LOW_RANKS & set(ranks)) >= 3
        allowing += n * allows
        board = _board_with_ranks(ranks)
        # six distinct low ranks: any three low board ranks leave two of them free
        allowing_by_evaluator += n * (hf.omaha_low(_six_low_cards(board), board) is not None)
    assert boards == 2_598_960
    assert allowing == allowing_by_evaluator == 1_561_728
    assert round(100 * allowing / boards, 2) == 60.09
