"""Equity's pure-Python twin: the deals of csrc/equity/equity.c and csrc/equity/range_equity.c,
deal for deal, settled into the same integer tallies.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any

# The pure core's evaluation, its internals included: the deals are settled
# with the same tables and the same best-hand search.
from ..core._py_backend import (
    _FLUSH,
    _MASK64,
    _PAIR,
    _RANK_BIT,
    _SUIT,
    ERR_CARD,
    ERR_COUNT,
    _board_high_row,
    _omaha_high,
    _omaha_low,
    _splitmix64,
    check_cards,
)
from ..core._py_backend import splitmix64 as splitmix64
from ._py_boards import BOARD_FIELDS as BOARD_FIELDS
from ._py_boards import BOARDS_MAX as BOARDS_MAX
from ._py_boards import BOARDS_POT as BOARDS_POT
from ._py_boards import boards_deals as boards_deals
from ._py_boards import boards_enumerate as boards_enumerate
from ._py_boards import boards_pot as boards_pot
from ._py_boards import boards_sample as boards_sample
from ._py_boards import boards_sample_rows as boards_sample_rows
from ._py_draw import _plan_runs, _shuffle_prefix
from ._py_range_vs_range import RVR_FIELDS as RVR_FIELDS
from ._py_range_vs_range import range_vs_range_tally as range_vs_range_tally
from .range_arrays import check_range_arrays

NAME = "python"

# ---- the constants of csrc/hilo_fast.h (the native twin reads them from its
# lib; tests/native/test_constants.py checks these copies against the header) ----

EQUITY_POT = 5040  # a pot in units every split among up to 10 players divides
EQUITY_MAX_PLAYERS = 10
EQUITY_MAX_COUNT = 1 << 30  # deals per call
#: A flat tally: deals, no_low, then these per player (hf_equity_tally).
EQUITY_TALLY_FIELDS = ("share", "share_sq", "scoop", "win_high", "tie_high", "win_low",
                       "tie_low")

# ---- equity: the twin of csrc/equity/equity.c, deal for deal ----
#
# Deals are ordered, and random streams drawn, exactly as in the C, so every
# chunk gives the same tally on both backends (Monte Carlo included).

_HALF_POT = EQUITY_POT // 2
_MAX_PLAYERS = EQUITY_MAX_PLAYERS
_MAX_DEALS = 1 << 62
_TALLY_WIDTH = len(EQUITY_TALLY_FIELDS)


class _Spot:
    """Known hands and board, the unknown cards, and the slots a deal fills:
    each random hand (player index), then the rest of the board (-1).
    ``high_only``: Omaha high, no hand makes a low."""

    def __init__(self, holes: list[list[int]], board: list[int], deck: list[int],
                 slots: list[tuple[int, int]], high_only: bool = False) -> None:
        self.holes = holes
        self.board = board
        self.deck = deck
        self.slots = slots
        self.high_only = high_only

    def place(self, slot: int, cards: Sequence[int]) -> None:
        owner = self.slots[slot][0]
        if owner < 0:
            del self.board[5 - self.slots[slot][1]:]
            self.board.extend(cards)
        else:
            self.holes[owner] = list(cards)


def _make_spot(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int]
) -> _Spot | int:
    if not 4 <= n_hole <= 6 or len(holes) % n_hole or len(board) not in (0, 3, 4, 5):
        return ERR_COUNT
    n_players = len(holes) // n_hole
    if not 2 <= n_players <= _MAX_PLAYERS or len(dead) > 52:
        return ERR_COUNT
    hands = [list(holes[p * n_hole:(p + 1) * n_hole]) for p in range(n_players)]
    known = [hand for hand in hands if hand != [-1] * n_hole]
    err = check_cards(*known, board, dead)
    if err:
        return err
    slots = [(p, n_hole) for p, hand in enumerate(hands) if hand == [-1] * n_hole]
    slots.append((-1, 5 - len(board)))
    seen = {card for group in (*known, board, dead) for card in group}
    deck = [card for card in range(52) if card not in seen]
    if sum(size for _, size in slots) > len(deck):
        return ERR_COUNT
    return _Spot(hands, list(board), deck, slots)


def _slot_choices(spot: _Spot) -> list[int]:
    left, out = len(spot.deck), []
    for _, size in spot.slots:
        out.append(comb(left, size))
        left -= size
    return out


def equity_deals(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int]
) -> int:
    """Number of deals of the spot (random hands are -1s), or ERR_*."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
    total = 1
    for choices in _slot_choices(spot):
        total *= choices
    return total if total <= _MAX_DEALS else ERR_COUNT


def _settle(spot: _Spot, tally: list[int]) -> None:
    board = spot.board
    highs = [_omaha_high(hole, board) for hole in spot.holes]
    lows = [0 if spot.high_only else _omaha_low(hole, board) for hole in spot.holes]
    _settle_values(highs, lows, 1, tally)


def _settle_values(highs: list[int], lows: list[int], weight: int, tally: list[int]) -> None:
    """Settle ``weight`` deals with these highs and lows (the rules of
    csrc/equity/equity_settle.h)."""
    best_high = min(highs)
    n_high = highs.count(best_high)
    qualifying = [low for low in lows if low]
    best_low = min(qualifying) if qualifying else 0
    n_low = lows.count(best_low) if best_low else 0
    tally[0] += weight
    if not n_low:
        tally[1] += weight
    high_share = (_HALF_POT if n_low else EQUITY_POT) // n_high
    low_share = _HALF_POT // n_low if n_low else 0
    for p in range(len(highs)):
        at = 2 + _TALLY_WIDTH * p
        share = 0
        if highs[p] == best_high:
            share += high_share
            tally[at + (3 if n_high == 1 else 4)] += weight
        if n_low and lows[p] == best_low:
            share += low_share
            tally[at + (5 if n_low == 1 else 6)] += weight
        tally[at] += share * weight
        tally[at + 1] += share * share * weight
        tally[at + 2] += weight if share == EQUITY_POT else 0


def _unrank_combination(rank: int, m: int, k: int) -> list[int]:
    """The rank-th k-combination of range(m) in lexicographic order."""
    out, c = [], 0
    for i in range(k):
        while rank >= (below := comb(m - c - 1, k - i - 1)):
            rank -= below
            c += 1
        out.append(c)
        c += 1
    return out


def equity_enumerate(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    first: int, count: int, high_only: bool = False,
) -> list[int] | int:
    """Tally of deals ``first .. first + count - 1``, or ERR_* (as the C;
    ``high_only`` as hf_equity_enumerate_split, which range equity settles with)."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
    spot.high_only = high_only
    choices = _slot_choices(spot)
    total = 1
    for c in choices:
        total *= c
    if total > _MAX_DEALS or not 0 <= count <= EQUITY_MAX_COUNT or not 0 <= first <= total - count:
        return ERR_COUNT
    tally = [0] * (2 + _TALLY_WIDTH * len(spot.holes))
    digits, rest = [0] * len(choices), first
    for j in reversed(range(len(choices))):
        rest, digits[j] = divmod(rest, choices[j])
    if count:
        _enumerate_from(spot, 0, set(), digits, count, tally)
    return tally


def _enumerate_from(spot: _Spot, slot: int, taken: set[int], digits: list[int],
                    budget: int, tally: list[int]) -> int:
    """Settle up to ``budget`` deals with slots before ``slot`` fixed, starting
    this slot and the later ones at ``digits``; return how many were settled.

    An odometer: each slot runs through the combinations of the cards the
    slots before it left free; the board (the last slot) turns fastest.
    """
    size = spot.slots[slot][1]
    avail = [card for card in spot.deck if card not in taken]
    start = _unrank_combination(digits[slot], len(avail), size)
    done = 0
    later = digits[slot + 1:]
    for positions in _combinations_from(start, len(avail)):
        cards = [avail[i] for i in positions]
        spot.place(slot, cards)
        if slot == len(spot.slots) - 1:
            _settle(spot, tally)
            done += 1
        else:
            done += _enumerate_from(spot, slot + 1, taken | set(cards),
                                    [0] * (slot + 1) + later, budget - done, tally)
            later = [0] * len(later)
        if done == budget:
            break
    return done


def _combinations_from(start: list[int], m: int) -> Iterator[list[int]]:
    """k-combinations of range(m) in lexicographic order, from ``start`` on."""
    idx, k = list(start), len(start)
    while True:
        yield idx
        i = k - 1
        while i >= 0 and idx[i] == m - k + i:
            i -= 1
        if i < 0:
            return
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


_INT32_MAX = 2**31 - 1  # the C takes part and n_parts as int32_t


def equity_exact(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    part: int, n_parts: int,
) -> list[int] | int:
    """The twin of ``hf_equity_exact`` (csrc/equity/enumerate.c): the same groups of
    boards (rank multisets of the unknown board cards, flush patterns apart),
    the same split into parts, so each part's tally is the C's."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
    if len(spot.slots) > 1 or not 0 <= part < n_parts <= _INT32_MAX:
        return ERR_COUNT  # a random hand, or no such part
    relevant = [any(sum(c & 3 == s for c in hole) >= 2 for hole in spot.holes) for s in range(4)]
    suit_count = [sum(c & 3 == s for c in board) for s in range(4)]
    suit_ranks = [sum(1 << (c >> 2) for c in board if c & 3 == s) for s in range(4)]
    suits_left = [[s for s in range(4) if r * 4 + s in spot.deck] for r in range(13)]
    tally = [0] * (2 + _TALLY_WIDTH * len(spot.holes))
    known = [c >> 2 for c in board]
    for group, ranks in enumerate(_rank_multisets(5 - len(board), [len(s) for s in suits_left])):
        if group % n_parts != part:
            continue
        mult = {r: ranks.count(r) for r in set(ranks)}
        total = 1
        for r, m in mult.items():
            total *= comb(len(suits_left[r]), m)
        # The board's ranks decide every non-flush high and every low; a
        # card of each rank stands for them (suit 0 and 1 alternating keeps
        # the stand-in board free of flushes).
        stand_in = [r * 4 + (i & 1) for i, r in enumerate(sorted(known + list(ranks)))]
        flushes = 0
        for s in range(4):
            if not relevant[s]:
                continue
            can = [r for r in mult if s in suits_left[r]]
            for size in range(len(can) + 1):
                if suit_count[s] + size < 3:
                    continue
                for u in combinations(can, size):
                    n = 1
                    for r, m in mult.items():
                        a = len(suits_left[r])
                        n *= comb(a - 1, m - 1) if r in u else comb(a - (s in suits_left[r]), m)
                    if n:
                        flush_ranks = suit_ranks[s] | sum(1 << r for r in u)
                        _settle_group(spot, stand_in, (s, flush_ranks), n, tally)
                        flushes += n
        if total > flushes:
            _settle_group(spot, stand_in, None, total - flushes, tally)
    return tally


def equity_exact_pots(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    pots: Sequence[int],
) -> list[list[int]] | int:
    """The twin of ``hf_equity_exact_pots`` (csrc/equity/enumerate.c): pot k's
    tally is :func:`equity_exact`'s for the players of the mask ``pots[k]``
    (in their order), the other players' cards dead: the same deck, so the
    same sums the C's one pass over the boards adds up for every pot."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
    n_players = len(spot.holes)
    if len(spot.slots) > 1 or not 1 <= len(pots) <= _MAX_PLAYERS or any(
            not isinstance(mask, int) or not 0 <= mask < 1 << n_players or mask.bit_count() < 2
            for mask in pots):
        return ERR_COUNT  # a random hand, or a pot that is not two or more of the players
    tallies = []
    for mask in pots:
        mine = [card for p, hole in enumerate(spot.holes) if mask >> p & 1 for card in hole]
        others = [card for p, hole in enumerate(spot.holes) if not mask >> p & 1
                  for card in hole]
        tally = equity_exact(mine, n_hole, board, [*dead, *others], 0, 1)
        if isinstance(tally, int):   # (never: the spot was checked whole)
            return tally
        tallies.append(tally)
    return tallies


def _rank_multisets(k: int, left: list[int]) -> Iterator[tuple[int, ...]]:
    """Multisets of k ranks (each at most as often as it has cards left), in
    the order of the C's walk: the count of rank 0 first, smallest first."""
    def walk(rank: int, k: int) -> Iterator[tuple[int, ...]]:
        if not k:
            yield ()
            return
        if rank == 13:
            return
        for m in range(min(left[rank], k) + 1):
            for rest in walk(rank + 1, k - m):
                yield (rank,) * m + rest
    return walk(0, k)


def _settle_group(spot: _Spot, stand_in: list[int], flush: tuple[int, int] | None,
                  weight: int, tally: list[int]) -> None:
    """Settle ``weight`` boards with the stand-in's ranks and, when given, a
    flush suit with the rank mask of its board cards."""
    row = _board_high_row(stand_in)
    highs = []
    for hole in spot.holes:
        high = min([row[_PAIR[x][y]] for x, y in combinations(hole, 2)])
        if flush is not None:
            suit, board_bits = flush
            hole_bits = [_RANK_BIT[c] for c in hole if _SUIT[c] == suit]
            board_ranks = [1 << r for r in range(13) if board_bits >> r & 1]
            for x, y in combinations(hole_bits, 2):
                for a, b, c in combinations(board_ranks, 3):
                    high = min(high, _FLUSH[x | y | a | b | c])
        highs.append(high)
    lows = [_omaha_low(hole, stand_in) for hole in spot.holes]
    _settle_values(highs, lows, weight, tally)


def equity_sample(
    holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
    seed: int, count: int,
) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed`` (as the C), or ERR_*."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
    if not 0 <= count <= EQUITY_MAX_COUNT or not 0 <= seed <= _MASK64:
        return ERR_COUNT
    tally = [0] * (2 + _TALLY_WIDTH * len(spot.holes))
    deck = spot.deck
    needed = sum(size for _, size in spot.slots)
    runs = _plan_runs(len(deck), needed)
    state = seed
    for _ in range(count):  # the shuffle is carried over between deals
        state = _shuffle_prefix(deck, runs, state)
        at = 0
        for slot, (_, size) in enumerate(spot.slots):
            spot.place(slot, deck[at:at + size])
            at += size
        _settle(spot, tally)
    return tally


# ---- range equity: the twin of csrc/equity/range_equity.c ----
#
# The same positions, draws and tallies as the C (hilo_fast.h describes
# them); ranges are (combos, cumulative) numpy arrays or None per player.

ERR_RANGE_CLASH = -7
RANGE_MAX_REJECTS = 100_000


class _RangeSpot:
    """Known cards, which players hold ranges or random hands, and the rest."""

    def __init__(self, hands: list[list[int]], ranges: list[tuple[list[list[int]], list[int]]],
                 range_players: list[int], random_players: list[int], known: set[int],
                 rest: int) -> None:
        self.hands, self.ranges, self.known, self.rest = hands, ranges, known, rest
        self.range_players, self.random_players = range_players, random_players


def _make_range_spot(holes: Sequence[int], n_hole: int, board: Sequence[int],
                     dead: Sequence[int], ranges: Sequence[Any]) -> _RangeSpot | int:
    check_range_arrays(ranges, n_hole)
    if not 4 <= n_hole <= 6 or len(holes) % n_hole or len(board) not in (0, 3, 4, 5):
        return ERR_COUNT
    n_players = len(holes) // n_hole
    if not 2 <= n_players <= _MAX_PLAYERS or len(dead) > 52 or len(ranges) != n_players:
        return ERR_COUNT
    hands = [list(holes[p * n_hole:(p + 1) * n_hole]) for p in range(n_players)]
    unknown = [-1] * n_hole
    known_hands: list[list[int]] = []
    for p, hand in enumerate(hands):  # player by player, as the C validates
        if ranges[p] is not None and hand != unknown:
            return check_cards(*known_hands) or ERR_COUNT  # a range player's cards are -1s
        if hand != unknown:
            known_hands.append(hand)
    err = check_cards(*known_hands, board, dead)
    if err:
        return err
    known = {card for group in (*known_hands, board, dead) for card in group}
    range_players = [p for p in range(n_players) if ranges[p] is not None]
    random_players = [p for p in range(n_players) if hands[p] == unknown and ranges[p] is None]
    left = 52 - len(known) - len(range_players) * n_hole
    rest = 1
    for size in [n_hole] * len(random_players) + [5 - len(board)]:
        c = comb(left, size) if 0 <= size <= left else 0
        if c == 0 or rest * c > _MAX_DEALS:
            return ERR_COUNT
        rest *= c
        left -= size
    lists = [(ranges[p][0].reshape(-1, n_hole).tolist(), ranges[p][1].tolist())
             if ranges[p] is not None else ([], []) for p in range(n_players)]
    return _RangeSpot(hands, lists, range_players, random_players, known, rest)


def _tuples(spot: _RangeSpot) -> int:
    total = 1
    for p in spot.range_players:
        total *= len(spot.ranges[p][1])
    return total


def range_deals(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                ranges: Sequence[Any]) -> int:
    """Positions of the exhaustive range enumeration, or ERR_* (as the C)."""
    spot = _make_range_spot(holes, n_hole, board, dead, ranges)
    if isinstance(spot, int):
        return spot
    total = _tuples(spot) * spot.rest
    return total if total <= _MAX_DEALS else ERR_COUNT


def _row_weight(cumulative: list[int], row: int) -> int:
    return cumulative[row] - cumulative[row - 1] if row else cumulative[0]


def _place_row(spot: _RangeSpot, p: int, row: int, used: set[int]) -> int:
    """1 when the row is placed, 0 on a collision, ERR_CARD for a card
    outside 0..51 (met in the row's order, as the C meets it)."""
    cards = spot.ranges[p][0][row]
    mine: set[int] = set()
    for card in cards:
        if not 0 <= card <= 51:
            return ERR_CARD
        if card in used or card in mine:
            return 0
        mine.add(card)
    spot.hands[p] = list(cards)
    used.update(cards)
    return 1


def _weights_fit(spot: _RangeSpot, bound: int) -> bool:
    """Every weight positive and the largest weights' product within bound (as the C)."""
    product = 1
    for p in spot.range_players:
        cumulative = spot.ranges[p][1]
        weights = [_row_weight(cumulative, row) for row in range(len(cumulative))]
        if min(weights) <= 0 or product > bound // max(weights):
            return False
        product *= max(weights)
    return True


def range_enumerate(holes: Sequence[int], n_hole: int, board: Sequence[int],
                    dead: Sequence[int], ranges: Sequence[Any], first: int,
                    count: int, high_only: bool = False) -> list[int] | int:
    """Weighted tally of positions ``first .. first + count - 1`` (as the C;
    ``high_only``: Omaha high), or ERR_*."""
    spot = _make_range_spot(holes, n_hole, board, dead, ranges)
    if isinstance(spot, int):
        return spot
    total = _tuples(spot) * spot.rest
    if total > _MAX_DEALS or not 0 <= count <= EQUITY_MAX_COUNT or not 0 <= first <= total - count:
        return ERR_COUNT
    n_players = len(spot.hands)
    tally = [0] * (2 + _TALLY_WIDTH * n_players + 1)
    if count and not _weights_fit(spot, _MAX_DEALS // EQUITY_POT // count):
        return ERR_COUNT
    pos, left = first, count
    while left > 0:
        tuple_index, offset = divmod(pos, spot.rest)
        n = min(spot.rest - offset, left)
        used, weight, valid = set(spot.known), 1, True
        for p in reversed(spot.range_players):  # the last range turns fastest
            tuple_index, row = divmod(tuple_index, len(spot.ranges[p][1]))
            placed = _place_row(spot, p, row, used) if valid else 0
            if placed < 0:
                return placed
            valid = placed == 1
            weight *= _row_weight(spot.ranges[p][1], row) if valid else 1
        if valid:
            flat = [card for p, hand in enumerate(spot.hands) for card in
                    ([-1] * n_hole if p in spot.random_players else hand)]
            sub = equity_enumerate(flat, n_hole, board, dead, offset, n, high_only)
            assert not isinstance(sub, int)
            tally[0] += weight * sub[0]
            tally[1] += weight * sub[1]
            for p in range(n_players):
                at = 2 + _TALLY_WIDTH * p
                for field in (0, 2, 3, 4, 5, 6):  # share_sq (1) stays 0
                    tally[at + field] += weight * sub[at + field]
            tally[-1] += sub[0]
        pos += n
        left -= n
    return tally


def _below(state: int, n: int) -> tuple[int, int]:
    """(next state, a uniform int in 0..n-1), as ``below`` in csrc/equity/range_equity.c:
    Lemire's multiply-and-reject on one 64-bit splitmix64 word."""
    state, z = _splitmix64(state)
    m = z * n
    if m & _MASK64 < n:
        threshold = (1 << 64) % n
        while m & _MASK64 < threshold:
            state, z = _splitmix64(state)
            m = z * n
    return state, m >> 64


def _draw_row(state: int, cumulative: list[int]) -> tuple[int, int]:
    """(next state, a row drawn by weight), as draw_row in the C."""
    state, x = _below(state, cumulative[-1])
    if cumulative[-1] == len(cumulative):  # every weight 1: row x
        return state, x
    lo, hi = 0, len(cumulative) - 1
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if cumulative[mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return state, lo


def range_sample(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                 ranges: Sequence[Any], seed: int, count: int,
                 high_only: bool = False) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed`` (as the C;
    ``high_only``: Omaha high), or ERR_*.

    Each deal: a tuple of range rows by weight (a colliding tuple redrawn
    whole), then the random hands and the board, card by card, uniform
    draws over the unknown cards (batched, per_word to a splitmix64 word, a
    fresh word each deal), a card already taken drawn again."""
    spot = _make_range_spot(holes, n_hole, board, dead, ranges)
    if isinstance(spot, int):
        return spot
    if not 0 <= count <= EQUITY_MAX_COUNT or not 0 <= seed <= _MASK64:
        return ERR_COUNT
    n_players = len(spot.hands)
    tally = [0] * (2 + _TALLY_WIDTH * n_players + 1)
    if any(spot.ranges[p][1][-1] <= 0 for p in spot.range_players):
        return ERR_COUNT
    needed = len(spot.random_players) * n_hole + 5 - len(board)
    state = seed
    full = list(board) + [0] * (5 - len(board))
    deck = [card for card in range(52) if card not in spot.known]
    per_word, product = 0, 1  # as make_range_deck: draws below len(deck) a word holds
    while deck and per_word < 64 and product * len(deck) <= _MASK64:
        product *= len(deck)
        per_word += 1
    threshold = (1 << 64) % product
    for _ in range(count):
        for _rejects in range(RANGE_MAX_REJECTS):
            used = set(spot.known)
            placed = True
            for p in spot.range_players:
                state, row = _draw_row(state, spot.ranges[p][1])
                outcome = _place_row(spot, p, row, used)
                if outcome < 0:
                    return outcome
                if not outcome:
                    placed = False
                    break
            if placed:
                break
        else:
            return ERR_RANGE_CLASH
        dealt: list[int] = []
        left = r = 0
        while len(dealt) < needed:  # a card already taken is drawn again
            if not left:
                state, r = _splitmix64(state)
                while r * product & _MASK64 < threshold:
                    state, r = _splitmix64(state)
                left = per_word
            m = r * len(deck)
            r = m & _MASK64
            left -= 1
            card = deck[m >> 64]
            if card not in used:
                used.add(card)
                dealt.append(card)
        at = 0
        for p in spot.random_players:
            spot.hands[p] = dealt[at:at + n_hole]
            at += n_hole
        full[len(board):] = dealt[at:at + 5 - len(board)]
        _settle(_Spot(spot.hands, full, [], [], high_only), tally)
        tally[-1] += 1
    return tally
