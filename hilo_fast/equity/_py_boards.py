"""Equity on several boards (double board, run it N times) and Omaha high,
the pure twin of csrc/equity/boards.c: the same deals in the same order, the
same draws, settled into the same integer tallies (hilo_fast.h describes
them; the native twin's flat form: deals, no_low of each of the BOARDS_MAX
boards, then per player share, share_sq, scoop and each board's BOARD_FIELDS)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any

from ..core._py_backend import (
    _MASK64,
    ERR_COUNT,
    _omaha_high,
    _omaha_low,
    check_cards,
    splitmix64,
)
from ._py_draw import _plan_runs, _shuffle_prefix

_MAX_PLAYERS = 10
_MAX_DEALS = 1 << 62
EQUITY_MAX_COUNT = 1 << 30  # deals per call (HF_EQUITY_MAX_COUNT)

BOARDS_POT = 10080   # a half of one of two boards (2520) divides among up to 10
BOARDS_MAX = 8
BOARD_FIELDS = ("board_scoop", "win_high", "tie_high", "win_low", "tie_low")
_BOARD_WIDTH = len(BOARD_FIELDS)
_BOARDS_PLAYER = 3 + _BOARD_WIDTH * BOARDS_MAX   # a player's fields in a flat tally
_HEAD = 1 + BOARDS_MAX                           # deals, then each board's no_low


def boards_pot(n_boards: int) -> int:
    """The units of a pot on ``n_boards`` boards: 5040 x lcm(2, n_boards), so
    that a half of one board divides among up to 10 tied players (hf_boards_pot)."""
    if type(n_boards) is not int or not 1 <= n_boards <= BOARDS_MAX:
        return ERR_COUNT
    return 5040 * (2 * n_boards if n_boards % 2 else n_boards)


class _BoardsSpot:
    def __init__(self, hands: list[list[int]], boards: list[list[int]], deck: list[int]) -> None:
        self.hands, self.boards, self.deck = hands, boards, deck


def _boards_spot(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                 dead: Sequence[int]) -> _BoardsSpot | int:
    """The spot as make_boards_spot checks it, in its order, or ERR_*."""
    if type(n_hole) is not int or not 4 <= n_hole <= 6 or len(holes) % n_hole:
        return ERR_COUNT
    n_players = len(holes) // n_hole
    if not 2 <= n_players <= _MAX_PLAYERS or not 1 <= len(boards) <= BOARDS_MAX \
            or len(dead) > 52 or any(len(board) not in (0, 3, 4, 5) for board in boards):
        return ERR_COUNT
    hands = [list(holes[p * n_hole:(p + 1) * n_hole]) for p in range(n_players)]
    checked: list[list[int]] = []
    for hand in hands:   # in the C's order: a random hand stops it before later cards
        if hand == [-1] * n_hole:
            return ERR_COUNT
        checked.append(hand)
        err = check_cards(*checked)
        if err:
            return err
    rows = [list(board) for board in boards]
    # a card at the same place on an earlier board was dealt before the runs
    own = [[card for at, card in enumerate(row)
            if not any(at < len(earlier) and earlier[at] == card for earlier in rows[:b])]
           for b, row in enumerate(rows)]
    err = check_cards(*hands, *own, dead)
    if err:
        return err
    seen = {card for group in (*hands, *own, dead) for card in group}
    deck = [card for card in range(52) if card not in seen]
    if sum(5 - len(row) for row in rows) > len(deck):
        return ERR_COUNT
    return _BoardsSpot(hands, rows, deck)


def _boards_total(spot: _BoardsSpot) -> int:
    total, left = 1, len(spot.deck)
    for row in spot.boards:
        total *= comb(left, 5 - len(row))
        left -= 5 - len(row)
        if total > _MAX_DEALS:   # the C stops at the first board past it
            return ERR_COUNT
    return total


def boards_deals(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                 dead: Sequence[int]) -> int:
    """Number of deals of a spot on several boards, or ERR_*."""
    spot = _boards_spot(holes, n_hole, boards, dead)
    return spot if isinstance(spot, int) else _boards_total(spot)


def _settle_board_values(spot: _BoardsSpot, board: list[int], high_only: bool
                         ) -> tuple[list[int], list[int], bool]:
    """One completed board: each player's share (1/BOARDS_POT of the pot),
    per player the bit of each BOARD_FIELDS count, and no_low."""
    highs = [_omaha_high(hand, board) for hand in spot.hands]
    lows = [0 if high_only else _omaha_low(hand, board) for hand in spot.hands]
    best_high = min(highs)
    high_winners = [p for p, high in enumerate(highs) if high == best_high]
    qualifying = [low for low in lows if low]
    low_winners = [p for p, low in enumerate(lows) if qualifying and low == min(qualifying)]
    unit = boards_pot(len(spot.boards)) // len(spot.boards)
    high_share = (unit // 2 if low_winners else unit) // len(high_winners)
    low_share = unit // 2 // len(low_winners) if low_winners else 0
    shares, flags = [], []
    for p in range(len(spot.hands)):
        share = high_share * (p in high_winners) + low_share * (p in low_winners)
        shares.append(share)
        flags += [share == unit, p in high_winners and len(high_winners) == 1,
                  p in high_winners and len(high_winners) > 1,
                  p in low_winners and len(low_winners) == 1,
                  p in low_winners and len(low_winners) > 1]
    return shares, [int(flag) for flag in flags], not low_winners


def _settle_deal(spot: _BoardsSpot, completed: list[list[int]], high_only: bool,
                 tally: list[int]) -> None:
    n_boards = len(completed)
    settled = [_settle_board_values(spot, board, high_only) for board in completed]
    tally[0] += 1
    for b, (_, _, no_low) in enumerate(settled):
        tally[1 + b] += no_low
    for p in range(len(spot.hands)):
        at = _HEAD + _BOARDS_PLAYER * p
        won = sum(shares[p] for shares, _, _ in settled)
        tally[at] += won
        tally[at + 1] += won * won
        tally[at + 2] += all(flags[_BOARD_WIDTH * p] for _, flags, _ in settled)
        for b in range(n_boards):
            flags = settled[b][1][_BOARD_WIDTH * p:_BOARD_WIDTH * (p + 1)]
            for k, flag in enumerate(flags):
                tally[at + 3 + _BOARD_WIDTH * b + k] += flag


def boards_enumerate(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                     dead: Sequence[int], high_only: bool, part: int,
                     n_parts: int) -> list[int] | int:
    """Tally of every deal whose board-0 completion's rank is ``part`` modulo
    ``n_parts`` (as the C), or ERR_*."""
    spot = _boards_spot(holes, n_hole, boards, dead)
    if isinstance(spot, int):
        return spot
    missing = [5 - len(row) for row in spot.boards]
    if n_parts < 1 or not 0 <= part < n_parts or any(m > 2 for m in missing[1:]) \
            or _boards_total(spot) < 0:
        return ERR_COUNT
    tally = [0] * (_HEAD + _BOARDS_PLAYER * len(spot.hands))
    for rank, first in enumerate(combinations(spot.deck, missing[0])):
        if rank % n_parts == part:
            _deal_rest(spot, [spot.boards[0] + list(first)], set(first), high_only, tally)
    return tally


def _deal_rest(spot: _BoardsSpot, completed: list[list[int]], used: set[int],
               high_only: bool, tally: list[int]) -> None:
    """Every completion of the boards after ``completed`` from the cards not
    ``used``, each deal settled."""
    b = len(completed)
    if b == len(spot.boards):
        _settle_deal(spot, completed, high_only, tally)
        return
    rest = [card for card in spot.deck if card not in used]
    for cards in combinations(rest, 5 - len(spot.boards[b])):
        _deal_rest(spot, [*completed, spot.boards[b] + list(cards)], used | set(cards),
                   high_only, tally)


def boards_sample(holes: Sequence[int], n_hole: int, boards: Sequence[Sequence[int]],
                  dead: Sequence[int], high_only: bool, seed: int,
                  count: int) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed`` (the C's
    draws: shuffle_prefix of the unknown cards, board 0's then board 1's), or ERR_*."""
    spot = _boards_spot(holes, n_hole, boards, dead)
    if isinstance(spot, int):
        return spot
    if not 0 <= count <= EQUITY_MAX_COUNT or not 0 <= seed <= _MASK64:
        return ERR_COUNT
    missing = [5 - len(row) for row in spot.boards]
    deck = spot.deck
    runs = _plan_runs(len(deck), sum(missing))
    tally = [0] * (_HEAD + _BOARDS_PLAYER * len(spot.hands))
    state = seed
    for _ in range(count):
        state = _shuffle_prefix(deck, runs, state)
        completed, at = [], 0
        for row, m in zip(spot.boards, missing, strict=True):
            completed.append(row + deck[at:at + m])
            at += m
        _settle_deal(spot, completed, high_only, tally)
    return tally


def boards_sample_rows(rows: Any, counts: Any, n_hole: int,
                       boards: Sequence[Sequence[int]], dead: Sequence[int],
                       high_only: bool, seed: int) -> list[int] | int:
    """One tally of ``counts[k]`` random deals for each tuple of hands
    ``rows[k]`` (lists, or a 2-D array), row k's from the stream
    ``splitmix64(seed, k)``; or ERR_*."""
    rows = rows.tolist() if hasattr(rows, "tolist") else rows
    counts = counts.tolist() if hasattr(counts, "tolist") else counts
    if not len(rows) or len(rows) != len(counts) \
            or any(len(row) != len(rows[0]) for row in rows) or not 0 <= seed <= _MASK64 \
            or any(type(c) is not int or c < 0 for c in counts) or sum(counts) > EQUITY_MAX_COUNT:
        return ERR_COUNT
    total: list[int] | None = None
    for k, (row, count) in enumerate(zip(rows, counts, strict=True)):
        tally = boards_sample(row, n_hole, boards, dead, high_only, splitmix64(seed, k), count)
        if isinstance(tally, int):
            return tally
        total = tally if total is None else [a + b for a, b in zip(total, tally, strict=True)]
    assert total is not None
    return total
