"""The analysis concept's pure-Python twin: csrc/analysis/classify.c, field for
field (the fields are defined in :mod:`hilo_fast.analysis.classes`)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from ..core import tables as gen
from ..core._py_backend import (
    _FLUSH_SUIT,
    _LOW_BIT,
    _MASK64,
    _PAIR,
    _SUIT_COUNT,
    ERR_COUNT,
    _board_high_row,
    _flush_high,
    _int32_view,
    _omaha_high,
    _omaha_low,
    check_cards,
)
from ..equity._py_backend import _below
from ..equity._py_draw import _plan_runs, _shuffle_prefix
from ..equity._py_range_vs_range import bad_row, range_pair

NAME = "python"

_POT = 5040            # HF_EQUITY_POT
_MAX_COUNT = 1 << 30   # HF_EQUITY_MAX_COUNT
_MAX_CLASHES = 100_000  # MAX_CLASHES in csrc/analysis/ranking.c

#: hf_class's fields, in the C struct's order.
CLASS_FIELDS = ("high", "high_rank", "low", "low_rank", "low_counterfeit", "flush_outs",
                "nut_flush_draw", "straight_ranks", "straight_outs", "low_outs", "nut_low_outs",
                "nut_flush_blocker", "nut_low_blocker")

_ALL_CARDS = (1 << 52) - 1


@cache
def _low_value(hole_mask: int, board_mask: int) -> int:
    return gen.omaha_low_value(hole_mask, board_mask)


def _pair_values(board: Sequence[int], left: int) -> list[tuple[int, int]]:
    """(high of the pair with the board, the pair as a card mask) for every
    pair of cards in ``left``."""
    row = _board_high_row(board)
    cards = [c for c in range(52) if left >> c & 1]
    flush_possible = _FLUSH_SUIT[sum(_SUIT_COUNT[c] for c in board)] >= 0
    out = []
    for a, b in combinations(cards, 2):
        value = row[_PAIR[a][b]]
        if flush_possible:
            value = min(value, _flush_high((a, b), board))
        out.append((value, 1 << a | 1 << b))
    return out


def _high_rank(pairs: list[tuple[int, int]], taken: int, high: int) -> int:
    return 1 + len({v for v, mask in pairs if v < high and not mask & taken})


def _low_rank(avail: list[int], board_low: int, low: int) -> int:
    better = set()
    for i, j in combinations(range(8), 2):
        if avail[i] and avail[j]:
            v = _low_value(1 << i | 1 << j, board_low)
            if v and v < low:
                better.add(v)
    return 1 + len(better)


def _best_straight(hole: int, board: int) -> int:
    for top in range(12, 2, -1):
        s = 0x100F if top == 3 else 0x1F << (top - 4)
        missing = s & ~board
        if missing.bit_count() <= 2 and not missing & ~hole and (s & hole).bit_count() >= 2:
            return top
    return -1


def _classify_one(pairs: list[tuple[int, int]], hole: Sequence[int], board: Sequence[int],
                  board_dead: int) -> tuple[int, ...]:
    hero = 0
    for c in hole:
        hero |= 1 << c
    unseen = ~(board_dead | hero) & _ALL_CARDS
    f = dict.fromkeys(CLASS_FIELDS, 0)
    row = _board_high_row(board)
    high = min(row[_PAIR[a][b]] for a, b in combinations(hole, 2))
    f["high"] = high = min(high, _flush_high(hole, board))
    f["high_rank"] = _high_rank(pairs, hero, high)

    unseen_rank, unseen_suit = [0] * 13, [0] * 4
    for c in range(52):
        if unseen >> c & 1:
            unseen_rank[c >> 2] += 1
            unseen_suit[c & 3] += 1
    board_suit, hero_suit = [0] * 4, [0] * 4
    hole_ranks = board_ranks = hole_low = board_low = 0
    for c in hole:
        hero_suit[c & 3] += 1
        hole_ranks |= 1 << (c >> 2)
        hole_low |= _LOW_BIT[c]
    for c in board:
        board_suit[c & 3] += 1
        board_ranks |= 1 << (c >> 2)
        board_low |= _LOW_BIT[c]
    avail = [unseen_rank[12], *unseen_rank[:7]]  # low bit order: ace, then 2..8

    low = _low_value(hole_low, board_low)
    f["low"] = low
    f["low_rank"] = _low_rank(avail, board_low, low) if low else 0
    more = len(board) < 5

    has_flush = any(board_suit[s] >= 3 and hero_suit[s] >= 2 for s in range(4))
    for s in range(4):
        top = next((4 * r + s for r in range(12, -1, -1) if not board_dead >> (4 * r + s) & 1),
                   -1)
        hero_top = top >= 0 and bool(hero >> top & 1)
        if (board_suit[s] >= 3 or (board_suit[s] == 2 and more)) and hero_top:
            f["nut_flush_blocker"] = 1
        if more and not has_flush and board_suit[s] == 2 and hero_suit[s] >= 2:
            f["flush_outs"] += unseen_suit[s]
            if hero_top:
                f["nut_flush_draw"] = 1

    if board_low.bit_count() + 5 - len(board) >= 3:
        free = [i for i in range(8) if not board_low >> i & 1]
        f["nut_low_blocker"] = int(all(hole_low >> i & 1 for i in free[:2]))

    if more:
        straight = _best_straight(hole_ranks, board_ranks)
        for r in range(13):
            if unseen_rank[r] and _best_straight(hole_ranks, board_ranks | 1 << r) > straight:
                f["straight_ranks"] += 1
                f["straight_outs"] += unseen_rank[r]
        for i in range(8):
            if not avail[i]:
                continue
            next_board = board_low | 1 << i
            next_low = _low_value(hole_low, next_board)
            avail[i] -= 1
            next_rank = _low_rank(avail, next_board, next_low) if next_low else 0
            avail[i] += 1
            if not low and next_low:
                f["low_outs"] += avail[i]
            if next_rank == 1 and f["low_rank"] != 1:
                f["nut_low_outs"] += avail[i]
            if low and hole_low >> i & 1 and next_rank > f["low_rank"]:
                f["low_counterfeit"] += avail[i]
    return tuple(f[name] for name in CLASS_FIELDS)


def _check_spot(board: Sequence[int], dead: Sequence[int], n_hole: int) -> tuple[int, int]:
    """(error, mask of the board and dead cards)."""
    if not 3 <= len(board) <= 5 or not 4 <= n_hole <= 6 or len(dead) > 52:
        return ERR_COUNT, 0
    err = check_cards(board, dead)
    if err:  # before the mask: a card like -1 is no shift count
        return err, 0
    mask = 0
    for c in (*board, *dead):
        mask |= 1 << c
    return err, mask


def classify_many(holes: Any, n_hole: int, board: Sequence[int], dead: Sequence[int],
                  out: Any) -> tuple[int, int]:
    """Classify the hands of ``holes`` (a flat int32 buffer, ``n_hole`` cards a
    row) into ``out`` (a writable int32 buffer, CLASS_FIELDS per row):
    (0, -1), or (ERR_*, the first bad row or -1 for the board and dead) with
    nothing written."""
    err, board_dead = _check_spot(board, dead, n_hole)
    if err:
        return err, -1
    cards = _int32_view(holes).tolist()
    rows = [cards[i:i + n_hole] for i in range(0, len(cards), n_hole)]
    for row, hole in enumerate(rows):
        err = ERR_COUNT if len(hole) != n_hole else check_cards(board, dead, hole)
        if err:
            return err, row
    target = _int32_view(out)
    width = len(CLASS_FIELDS)
    if len(target) < width * len(rows):
        return ERR_COUNT, -1
    pairs = _pair_values(board, ~board_dead & _ALL_CARDS)
    for row, hole in enumerate(rows):
        target[row * width:(row + 1) * width] = array("i", _classify_one(pairs, hole, board,
                                                                         board_dead))
    return 0, -1


def classify(hole: Sequence[int], board: Sequence[int], dead: Sequence[int]) -> \
        tuple[int, ...] | int:
    """The CLASS_FIELDS of one hand, or ERR_*."""
    if not 4 <= len(hole) <= 6:
        return ERR_COUNT
    err, board_dead = _check_spot(board, dead, len(hole))
    err = err or check_cards(board, dead, hole)
    if err:
        return err
    return _classify_one(_pair_values(board, ~board_dead & _ALL_CARDS), hole, board, board_dead)


def _pair_share(ha: int, la: int, hb: int, lb: int) -> float:
    high = 1.0 if ha < hb else 0.5 if ha == hb else 0.0
    if not la and not lb:
        return high
    low = 0.0 if not la else 1.0 if not lb or la < lb else 0.5 if la == lb else 0.0
    return 0.5 * high + 0.5 * low


def range_vs_range(a_combos: Any, a_weights: Any, b_combos: Any, b_weights: Any, n_hole: int,
                   board: Sequence[int], dead: Sequence[int], a_share: Any, a_weight: Any
                   ) -> int:
    """As csrc/analysis/range_vs_range.c, pair by pair: every runout, every A
    combo against every B combo that shares no card with it or the runout."""
    err, pair = range_pair(a_combos, a_weights, b_combos, b_weights, n_hole, board, dead,
                           [(a_share, 1), (a_weight, 1)])
    if pair is None:
        return err
    a_rows, b_rows, _, wb = pair
    if not a_rows or not b_rows:  # as the C: nothing to deal, the combos go unread
        share = memoryview(a_share).cast("B").cast("d")
        weight = memoryview(a_weight).cast("B").cast("d")
        for i in range(len(a_rows)):
            share[i] = weight[i] = 0.0
        return 0
    err = bad_row(board, dead, a_rows, b_rows)
    if err:
        return err
    share = memoryview(a_share).cast("B").cast("d")
    weight = memoryview(a_weight).cast("B").cast("d")
    for i in range(len(a_rows)):
        share[i] = weight[i] = 0.0
    known = {*board, *dead}
    deck = [c for c in range(52) if c not in known]
    for more in combinations(deck, 5 - len(board)):
        full = [*board, *more]
        gone = set(more)
        b_values = [None if gone & set(row) else
                    (_omaha_high_of(row, full), _low_value(_low_mask(row), _low_mask(full)))
                    for row in b_rows]
        for i, row in enumerate(a_rows):
            if gone & set(row):
                continue
            ha, la = _omaha_high_of(row, full), _low_value(_low_mask(row), _low_mask(full))
            mine = set(row)
            for j, value in enumerate(b_values):
                if value is None or mine & set(b_rows[j]):
                    continue
                share[i] += wb[j] * _pair_share(ha, la, *value)
                weight[i] += wb[j]
    return 0


def _low_mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= _LOW_BIT[c]
    return mask


def _omaha_high_of(hole: Sequence[int], board: Sequence[int]) -> int:
    row = _board_high_row(board)
    high = min(row[_PAIR[a][b]] for a, b in combinations(hole, 2))
    return min(high, _flush_high(hole, board))


def _colex_rank(hand: Sequence[int]) -> int:
    return sum(comb(card, i + 1) for i, card in enumerate(sorted(hand)))


def ranking_sample(n_players: int, n_hole: int, hand_class: Any, n_classes: int,
                   range_combos: Any, n_range_seats: int, seed: int, count: int,
                   share_sum: Any, share_sq: Any, samples: Any) -> int:
    """The twin of hf_ranking_sample (csrc/analysis/ranking.c): the same
    stream, the same deals, the same sums."""
    classes = _int32_view(hand_class)
    combos = _int32_view(range_combos) if range_combos is not None else None
    outs = [memoryview(b).cast("B").cast("q") for b in (share_sum, share_sq, samples)]
    n_range = len(combos) // n_hole if combos is not None and 4 <= n_hole <= 5 else 0
    if not 2 <= n_players <= 10 or not 4 <= n_hole <= 5 \
            or not 0 <= n_range_seats < n_players or n_players * n_hole + 5 > 52 \
            or len(classes) != comb(52, n_hole) or n_classes < 1 \
            or not 0 <= count <= _MAX_COUNT or any(len(o) != n_classes for o in outs) \
            or (n_range_seats and (combos is None or n_range < 1)) \
            or (combos is not None and len(combos) != n_range * n_hole):
        return ERR_COUNT
    if any(not 0 <= c < n_classes for c in classes):
        return ERR_COUNT
    rows = [list(combos[r * n_hole:(r + 1) * n_hole]) for r in range(n_range)] \
        if n_range_seats and combos is not None else []
    for row in rows:
        err = check_cards(row)
        if err:
            return err
    n_random = n_players - n_range_seats
    needed = n_random * n_hole + 5
    runs = _plan_runs(52 - n_range_seats * n_hole, needed)
    state = seed & _MASK64
    for _ in range(count):
        for tries in range(_MAX_CLASHES + 1):  # the range seats, redrawn until disjoint
            if tries == _MAX_CLASHES:
                return ERR_COUNT
            seated, used = [], 0
            for _seat in range(n_range_seats):
                state, pick = _below(state, n_range)
                seated.append(rows[pick])
                for card in rows[pick]:
                    used |= (1 << card) if not used >> card & 1 else 1 << 52
            if not used >> 52:
                break
        deck = [c for c in range(52) if not used >> c & 1]
        state = _shuffle_prefix(deck, runs, state)
        board = deck[n_random * n_hole:n_random * n_hole + 5]
        hands = [deck[p * n_hole:(p + 1) * n_hole] for p in range(n_random)] + seated
        highs = [_omaha_high(hand, board) for hand in hands]
        lows = [_omaha_low(hand, board) for hand in hands]
        best_high = min(highs)
        best_low = min((low for low in lows if low), default=0)
        n_high = highs.count(best_high)
        n_low = lows.count(best_low) if best_low else 0
        high_share = (_POT // 2 if n_low else _POT) // n_high
        low_share = _POT // 2 // n_low if n_low else 0
        for p in range(n_random):
            share = (high_share if highs[p] == best_high else 0) \
                + (low_share if n_low and lows[p] == best_low else 0)
            cls = classes[_colex_rank(hands[p])]
            outs[0][cls] += share
            outs[1][cls] += share * share
            outs[2][cls] += 1
    return 0
