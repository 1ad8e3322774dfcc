"""The pure-Python backend: the C core's functions, identical results.

Tables come from the same generator as the C tables (:mod:`hilo_fast._tablegen`).
Functions take sequences of ints and, like the C, return a negative ``ERR_*``
code for cards out of range, duplicates or wrong counts instead of raising,
so the Python layer treats both backends alike.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from math import comb
from struct import Struct
from typing import Any

from . import _pyhand
from . import _tablegen as gen
from ._pots import payouts_of, split_pots
from ._range_arrays import check_range_arrays

NAME = "python"

# ---- the constants of csrc/hilo_fast.h (the native backend reads them from
# its lib; tests/test_constants.py checks these copies against the header) ----

ERR_CARD = -1
ERR_DUPLICATE = -2
ERR_COUNT = -3
ERR_TOO_MANY_CHIPS = -4
ERR_CHIPS_NOT_CONSERVED = -5
ERR_ILLEGAL = -6          # an action that is not legal now
NO_AMOUNT = -1            # an action given without an amount
#: Chips at a table stay below this in C (HF_MAX_CHIPS_BITS).
MAX_CHIPS = 1 << 52
LIMIT_FIXED, LIMIT_POT, LIMIT_NO = 0, 1, 2                         # HF_FIXED ..
FOLD, CHECK, CALL, BET, RAISE = 0, 1, 2, 3, 4                      # HF_FOLD ..
PREFLOP, FLOP, TURN, RIVER, OVER = 0, 1, 2, 3, 4                   # HF_PREFLOP ..
SEAT_OUT, SEAT_FOLDED, SEAT_ACTIVE, SEAT_ALL_IN = 0, 1, 2, 3       # HF_OUT ..
BOT_RANDOM, BOT_CALL, BOT_POT = 0, 1, 2                            # HF_BOT_*
EQUITY_POT = 5040  # a pot in units every split among up to 10 players divides
EQUITY_MAX_PLAYERS = 10
EQUITY_MAX_COUNT = 1 << 30  # deals per call
#: A flat tally: deals, no_low, then these per player (hf_equity_tally).
EQUITY_TALLY_FIELDS = ("share", "share_sq", "scoop", "win_high", "tie_high", "win_low",
                       "tie_low")

_FLUSH, _UNIQUE5, _MULTISET = gen.high_tables()
_LOW5 = gen.low5_table()

# Per card id: rank bit, suit, and 5**rank (a sum of five is a key of the rank
# multiset, which the non-flush dict maps to its value).
_RANK_BIT = [1 << (c >> 2) for c in range(52)]
_SUIT = [c & 3 for c in range(52)]
_QUINARY = [5 ** (c >> 2) for c in range(52)]
_LOW_BIT = [gen.low_mask_of_rank(c >> 2) for c in range(52)]
_NON_FLUSH = {
    sum(5**r for r in ranks): value
    for value, (category, ranks) in enumerate(gen.high_classes(), start=1)
    if category not in (0, 3)
}
_OMAHA_LOW: dict[int, int] = {}
# The fast Omaha high (as csrc/omaha_fast.h): rank-pair index per two card
# ids, board rows filled lazily by quinary key (unique per rank multiset), and
# per card a 3-bit counter in its suit's field, so a board's suit counts are
# one sum and the suit with three or more cards one lookup.
_PAIR = [[gen.rank_pair_index(a >> 2, b >> 2) for b in range(52)] for a in range(52)]
_HIGH_ROWS: dict[int, list[int]] = {}
_SUIT_COUNT = [1 << 3 * (c & 3) for c in range(52)]
_FLUSH_SUIT = [
    next((s for s in range(4) if counts >> 3 * s & 7 >= 3), -1) for counts in range(1 << 12)
]  # built at import: 4,096 entries, one per packing of four 3-bit suit counts


def check_cards(*groups: Sequence[int]) -> int:
    """0 if every card is an int in 0..51 and all are distinct, else ERR_*."""
    seen = 0
    for cards in groups:
        for card in cards:
            if type(card) is not int or not 0 <= card < 52:
                return ERR_CARD
            bit = 1 << card
            if seen & bit:
                return ERR_DUPLICATE
            seen |= bit
    return 0


def _high5(a: int, b: int, c: int, d: int, e: int) -> int:
    suit = _SUIT[a]
    if suit == _SUIT[b] == _SUIT[c] == _SUIT[d] == _SUIT[e]:
        return _FLUSH[_RANK_BIT[a] | _RANK_BIT[b] | _RANK_BIT[c] | _RANK_BIT[d] | _RANK_BIT[e]]
    return _NON_FLUSH[_QUINARY[a] + _QUINARY[b] + _QUINARY[c] + _QUINARY[d] + _QUINARY[e]]


def _low5(a: int, b: int, c: int, d: int, e: int) -> int:
    return _LOW5[_LOW_BIT[a] | _LOW_BIT[b] | _LOW_BIT[c] | _LOW_BIT[d] | _LOW_BIT[e]]


def high5(cards: Sequence[int]) -> int:
    """High value 1..7462 of five cards, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    return check_cards(cards) or _high5(*cards)


def low5(cards: Sequence[int]) -> int:
    """Low value 1..56 of five cards, 0 for no qualifying low, or ERR_*."""
    if len(cards) != 5:
        return ERR_COUNT
    return check_cards(cards) or _low5(*cards)


def _check_hand(hole: Sequence[int], board: Sequence[int]) -> int:
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        return ERR_COUNT
    return check_cards(hole, board)


def _omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    hole_mask = board_mask = 0
    for card in hole:
        hole_mask |= _LOW_BIT[card]
    for card in board:
        board_mask |= _LOW_BIT[card]
    key = hole_mask << 8 | board_mask
    value = _OMAHA_LOW.get(key)
    if value is None:
        value = _OMAHA_LOW[key] = gen.omaha_low_value(hole_mask, board_mask)
    return value


def _board_high_row(board: Sequence[int]) -> list[int]:
    """The best non-flush high per hole rank pair on this board's ranks
    (see ``csrc/omaha_fast.h``), built on first sight of the rank multiset."""
    key = 0
    for card in board:
        key += _QUINARY[card]
    row = _HIGH_ROWS.get(key)
    if row is None:
        row = _HIGH_ROWS[key] = gen.omaha_high_row(tuple(card >> 2 for card in board))
    return row


def _flush_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best flush of two suited hole cards and three suited board cards, 7463 if none."""
    suits = 0
    for card in board:
        suits += _SUIT_COUNT[card]
    suit = _FLUSH_SUIT[suits]
    if suit < 0:
        return 7463
    hole_bits = [_RANK_BIT[c] for c in hole if _SUIT[c] == suit]
    if len(hole_bits) < 2:
        return 7463
    board_bits = [_RANK_BIT[c] for c in board if _SUIT[c] == suit]
    return min(
        _FLUSH[x | y | a | b | c]
        for x, y in combinations(hole_bits, 2)
        for a, b, c in combinations(board_bits, 3)
    )


def _omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    # One row lookup per hole pair, as the C fast path; flushes apart.
    row = _board_high_row(board)
    best = min([row[_PAIR[x][y]] for x, y in combinations(hole, 2)])
    flush = _flush_high(hole, board)
    return flush if flush < best else best


def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """``high << 8 | low`` for an Omaha hand, or ERR_* (as ``hf_omaha``)."""
    return _check_hand(hole, board) or (_omaha_high(hole, board) << 8 | _omaha_low(hole, board))


def omaha_bytes(cards: bytes, n_hole: int) -> int:
    """``omaha(cards[:n_hole], cards[n_hole:])`` for card ids as bytes."""
    if type(cards) is not bytes:
        return ERR_CARD
    return omaha(list(cards[:n_hole]), list(cards[n_hole:]))


#: The twin of the native OMAHA_RIVER: n_hole -> (pack, river), where
#: ``river(pack(*hole, *board))`` is omaha_bytes of the packed cards.
def _river(n_hole: int) -> Callable[[bytes], int]:
    def river(cards: bytes) -> int:
        return omaha_bytes(cards, n_hole)
    return river


OMAHA_RIVER: dict[int, tuple[Callable[..., bytes], Callable[[bytes], int]]] = {
    n: (Struct(f"{n + 5}B").pack, _river(n)) for n in (4, 5, 6)}


def omaha_best(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[int, int, tuple[int, ...], tuple[int, ...] | None] | int:
    """``(high, low, high_cards, low_cards)`` as ``hf_omaha_best``, or ERR_*.

    Of equal hands the first in enumeration order wins: hole pairs, then
    board triples, each lexicographic in the order given.
    """
    err = _check_hand(hole, board)
    if err:
        return err
    low = _omaha_low(hole, board)
    high, high_cards, low_cards = 7463, (0,) * 5, None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = pair + triple
            value = _high5(*five)
            if value < high:
                high, high_cards = value, five
            if low and low_cards is None and _low5(*five) == low:
                low_cards = five
    return high, low, high_cards, low_cards



# ---- settlement: the twin of hf_settle (csrc/settle.c) ----

_MAX_TOTAL_CHIPS = 1 << 62  # as settle.c: the chips of a hand stay below this


def settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], live: Sequence[int],
           contributions: Sequence[int], button: int, odd_chip_low: int,
           payouts: list[int]) -> int:
    """Pay out a hand at showdown as ``hf_settle``: set ``payouts[:]`` to the chips
    of each seat (exactly :func:`hilo_fast.showdown.showdown`'s payouts) and
    return 0, or return ERR_* and leave ``payouts`` untouched.

    One entry per seat in ``holes``, ``live`` (true: not folded; only live
    seats' holes are read), ``contributions`` and ``payouts``. Numbers go
    through the conversions the native backend makes at the C boundary
    (``bytes`` for ``live``, ``array`` for chips and cards), then the C's
    checks in its order: counts, button, rule and chips (ERR_COUNT), then
    the cards of the board and of each live seat (a card that does not
    convert is ERR_CARD).

    Board Kc 8d 7s 4c 3s; seat 0 makes 7-4-3-2-A, seat 1 three kings, seat 2
    folded. The kings' high half takes the odd chip:

    >>> board, holes = [44, 25, 23, 8, 7], [[48, 1, 40, 42], [45, 46, 39, 31], None]
    >>> out = [0, 0, 0]
    >>> settle(board, holes, [True, True, False], [1, 1, 1], 0, 0, out), out
    (0, [1, 2, 0])
    """
    n = len(holes)
    try:
        flags = bytes(live)
        chips = array("q", contributions)
        button, odd_chip_low = int(button.__index__()), int(odd_chip_low.__index__())
    except (TypeError, ValueError, OverflowError, AttributeError):
        return ERR_COUNT
    seats = [seat for seat in range(min(n, len(flags))) if flags[seat]]
    if not 2 <= n <= 10 or len(flags) != n or len(chips) != n or len(payouts) != n \
            or not 0 <= button < n or odd_chip_low not in (0, 1) or not seats \
            or min(chips) < 0 or sum(chips) >= _MAX_TOTAL_CHIPS:
        return ERR_COUNT
    try:
        sizes = {len(holes[seat]) for seat in seats}  # type: ignore[arg-type]
    except TypeError:   # a live seat without cards
        return ERR_COUNT
    if len(sizes) != 1 or not 4 <= min(sizes) <= 6 or len(board) != 5:
        return ERR_COUNT
    try:
        board_ids = list(array("i", board))
        rows = [list(array("i", holes[seat])) for seat in seats]  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return ERR_CARD
    err = check_cards(board_ids, *rows)
    if err:
        return err
    high, low = [0] * n, [0] * n
    for seat, hole in zip(seats, rows, strict=True):
        high[seat] = _omaha_high(hole, board_ids)
        low[seat] = _omaha_low(hole, board_ids)
    pots = split_pots(high, low, seats, list(chips), button, bool(odd_chip_low))
    payouts[:] = payouts_of(pots, n)
    return 0

# ---- equity: the twin of csrc/equity.c, deal for deal ----
#
# Deals are ordered, and random streams drawn, exactly as in the C, so every
# chunk gives the same tally on both backends (Monte Carlo included).

_HALF_POT = EQUITY_POT // 2
_MAX_PLAYERS = EQUITY_MAX_PLAYERS
_MAX_DEALS = 1 << 62
_MASK64 = (1 << 64) - 1
_TALLY_WIDTH = len(EQUITY_TALLY_FIELDS)


class _Spot:
    """Known hands and board, the unknown cards, and the slots a deal fills:
    each random hand (player index), then the rest of the board (-1)."""

    def __init__(self, holes: list[list[int]], board: list[int], deck: list[int],
                 slots: list[tuple[int, int]]) -> None:
        self.holes = holes
        self.board = board
        self.deck = deck
        self.slots = slots

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
    lows = [_omaha_low(hole, board) for hole in spot.holes]
    _settle_values(highs, lows, 1, tally)


def _settle_values(highs: list[int], lows: list[int], weight: int, tally: list[int]) -> None:
    """Settle ``weight`` deals with these highs and lows (the rules of
    csrc/equity_settle.h)."""
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
    first: int, count: int,
) -> list[int] | int:
    """Tally of deals ``first .. first + count - 1``, or ERR_* (as the C)."""
    spot = _make_spot(holes, n_hole, board, dead)
    if isinstance(spot, int):
        return spot
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
    """The twin of ``hf_equity_exact`` (csrc/enumerate.c): the same groups of
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


_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def splitmix64(seed: int, index: int) -> int:
    """Output number ``index`` (0-based) of the splitmix64 stream seeded by ``seed``
    (hf_splitmix64); both are taken modulo 2**64."""
    return _mix64((seed + (index + 1) * _GOLDEN_GAMMA) & _MASK64)


def _splitmix64(state: int) -> tuple[int, int]:
    """(next state, output) of the stream whose state is ``state``."""
    state = (state + _GOLDEN_GAMMA) & _MASK64
    return state, _mix64(state)


def _plan_runs(n_deck: int, needed: int) -> list[tuple[int, int, int, int]]:
    """(first draw, end, product, 2**64 mod product) of each run of bounds
    n_deck - i whose product fits in 64 bits, cut greedily (as plan_runs in
    csrc/equity.c)."""
    runs = []
    i = 0
    while i < needed:
        first, product = i, 1
        while i < needed and product * (n_deck - i) <= _MASK64:
            product *= n_deck - i
            i += 1
        runs.append((first, i, product, (1 << 64) % product))
    return runs


def _shuffle_prefix(deck: list[int], runs: list[tuple[int, int, int, int]], state: int) -> int:
    """The partial Fisher-Yates shuffle of deck's first cards with batched
    bounded draws, one splitmix64 word per run (shuffle_prefix in the C):
    the word is refused when word * product mod 2**64 (the low word the
    draws would leave) is below 2**64 mod product. Returns the next state."""
    n_deck = len(deck)
    for first, end, product, threshold in runs:
        state, r = _splitmix64(state)
        while r * product & _MASK64 < threshold:
            state, r = _splitmix64(state)
        for i in range(first, end):
            m = r * (n_deck - i)
            j = i + (m >> 64)
            r = m & _MASK64
            deck[i], deck[j] = deck[j], deck[i]
    return state


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


# ---- range equity: the twin of csrc/range_equity.c ----
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
                    count: int) -> list[int] | int:
    """Weighted tally of positions ``first .. first + count - 1`` (as the C), or ERR_*."""
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
            sub = equity_enumerate(flat, n_hole, board, dead, offset, n)
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


def _bounded(state: int, n: int) -> tuple[int, int]:
    """(next state, a uniform int in 0..n-1), as ``bounded`` in csrc/range_equity.c:
    Lemire's method on the high half of each splitmix64 output (the range
    stream; hf_equity_sample batches its draws, ``_shuffle_prefix``)."""
    state, z = _splitmix64(state)
    m = (z >> 32) * n
    if m & 0xFFFFFFFF < n:
        threshold = (-n & 0xFFFFFFFF) % n
        while m & 0xFFFFFFFF < threshold:
            state, z = _splitmix64(state)
            m = (z >> 32) * n
    return state, m >> 32


def _draw_row(state: int, cumulative: list[int]) -> tuple[int, int]:
    """(next state, a row drawn by weight), as draw_row in the C."""
    total = cumulative[-1]
    mask = (1 << (total - 1).bit_length()) - 1
    while True:
        state, z = _splitmix64(state)
        x = z & mask
        if x < total:
            break
    lo, hi = 0, len(cumulative) - 1
    while lo < hi:
        mid = lo + (hi - lo) // 2
        if cumulative[mid] > x:
            hi = mid
        else:
            lo = mid + 1
    return state, lo


def range_sample(holes: Sequence[int], n_hole: int, board: Sequence[int], dead: Sequence[int],
                 ranges: Sequence[Any], seed: int, count: int) -> list[int] | int:
    """Tally of ``count`` random deals from the stream ``seed`` (as the C), or ERR_*."""
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
    deck = [card for card in range(52) if card not in spot.known]  # carried over
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
        taken = used - spot.known
        for i in range(needed):  # partial Fisher-Yates, skipping range cards
            while True:
                state, r = _bounded(state, len(deck) - i)
                j = i + r
                if deck[j] not in taken:
                    break
            deck[i], deck[j] = deck[j], deck[i]
        at = 0
        for p in spot.random_players:
            spot.hands[p] = deck[at:at + n_hole]
            at += n_hole
        full[len(board):] = deck[at:at + 5 - len(board)]
        _settle(_Spot(spot.hands, full, [], []), tally)
        tally[-1] += 1
    return tally


def _int32_view(buffer: Any) -> memoryview:
    """A flat view of a C-contiguous int32 buffer (numpy array, array.array)."""
    view = memoryview(buffer)
    if view.nbytes == 0:  # memoryview cannot cast a view with a zero in its shape
        return memoryview(array("i"))
    return view.cast("B").cast("i")


def omaha_batch(
    holes: Any, n_hole: int, boards: Any, n_board: int, start: int, stop: int,
    out_high: Any = None, out_low: Any = None, rowwise: bool = False,
) -> int:
    """As the native ``omaha_batch``: rows ``start..stop-1`` of flat int32
    buffers; -1 when all are valid (outputs written when given), else the
    first bad row with nothing written (``rowwise``: the rows before it
    written, as hf_omaha_batch_rows may)."""
    hole_view, board_view = _int32_view(holes), _int32_view(boards)
    if not 0 <= start <= stop or len(hole_view) < stop * n_hole or len(board_view) < stop * n_board:
        raise ValueError("batch buffers shorter than the rows asked for")
    if not 4 <= n_hole <= 6 or not 3 <= n_board <= 5:
        raise ValueError(f"bad batch shape: {n_hole} hole and {n_board} board cards a row")
    hole_ids = hole_view[start * n_hole : stop * n_hole].tolist()
    board_ids = board_view[start * n_board : stop * n_board].tolist()
    rows = [
        (hole_ids[i * n_hole : (i + 1) * n_hole], board_ids[i * n_board : (i + 1) * n_board])
        for i in range(stop - start)
    ]
    bad = next((i for i, (hole, board) in enumerate(rows) if check_cards(hole, board)), -1)
    if out_high is None or out_low is None or (bad >= 0 and not rowwise):
        return -1 if bad < 0 else start + bad
    high_view, low_view = _int32_view(out_high), _int32_view(out_low)
    if len(high_view) < stop or len(low_view) < stop:
        raise ValueError("batch outputs shorter than the rows asked for")
    good = rows if bad < 0 else rows[:bad]  # rowwise: the rows before a bad one are written
    high_view[start:start + len(good)] = array("i", [_omaha_high(h, b) for h, b in good])
    low_view[start:start + len(good)] = array("i", [_omaha_low(h, b) for h, b in good])
    return -1 if bad < 0 else start + bad


# ---- the hand: the twin of csrc/hand.c is hilo_fast._pyhand's state machine ----

HandState = _pyhand.HandState


def _settle_payouts(board: list[int], holes: list[Any], live: list[bool],
                    contributions: list[int], button: int) -> list[int]:
    """The Python machine's showdown, settled by this backend (a plain function:
    hands are deep-copied, and a copied function is the function itself)."""
    return _pyhand.showdown_payouts(settle, board, holes, live, contributions, button)


def hand_deal(structure: Any, stacks: Sequence[int], button: int, hole_count: int,
              cards: Sequence[int]) -> HandState | int:
    """As ``_cbackend.hand_deal``: the HandState, or ERR_* from hf_hand_deal's
    checks in its order (settings, then stacks seat by seat, then the cards)."""
    s, n = structure, len(stacks)
    amounts = (s.small_blind, s.big_blind, s.ante, s.small_bet, s.big_bet)
    if max(amounts) >= MAX_CHIPS or not 2 <= n <= 10 or not 4 <= hole_count <= 6 \
            or not 0 <= button < n or stacks[button] <= 0:
        return ERR_COUNT
    chips = 0
    for stack in stacks:
        if stack < 0:
            return ERR_COUNT
        if stack >= MAX_CHIPS - chips:
            return ERR_TOO_MANY_CHIPS
        chips += stack
    dealt = [seat for seat in range(n) if stacks[seat]]
    cards = list(cards)
    if len(dealt) < 2 or len(cards) != len(dealt) * hole_count + 5 or len(cards) > 52:
        return ERR_COUNT
    err = check_cards(cards)
    if err:
        return err
    holes: list[list[int] | None] = [None] * n
    for k, seat in enumerate(dealt):
        holes[seat] = cards[k * hole_count:(k + 1) * hole_count]
    return HandState(structure, stacks, button, hole_count, holes, cards[-5:], _settle_payouts)


# ---- the observation layout of the environments (HF_OBS_* of csrc/hilo_fast.h) ----

OBS_SIZE = 308
#: Where each observation field starts, in order.
OBS_OFFSETS = {
    "hole": 0, "board": 52, "street": 104, "limit": 108, "position": 111, "in_hand": 121,
    "folded": 131, "all_in": 141, "stack": 151, "bet": 161, "contributed": 171, "pot": 181,
    "to_call": 182, "min_to": 183, "max_to": 184, "to_act": 185, "high": 186, "low": 187,
    "checks": 188, "calls": 228, "raises": 268,
}
ENV_ACTIONS, ENV_FIXED_ACTIONS = 6, 3


def env_observe(machine: Any, history: Any, seat: int, big_blind: int, n_actions: int,
                obs: Any, mask: Any) -> bool:
    """No C encoder here: False (the environments encode in Python)."""
    return False
