"""The grouped exact enumeration (hf_equity_exact, csrc/equity/enumerate.c, and its
pure twin) against the brute force it replaces on the exact path
(hf_equity_enumerate over every deal, kept as the reference): integer
tallies equal to the last unit, heads-up and 3- to 6-way, preflop, flop,
turn and river, with dead cards, on decks rich in flushes; and the two
backends part for part."""

from __future__ import annotations

import random
from fractions import Fraction
from types import ModuleType

import pytest

import hilo_fast
from hilo_fast._backends import PURE as _pybackend
from hilo_fast.equity import equity

TWO_SUITS = [c for c in range(52) if c & 3 < 2]  # every board a flush board


def _spot(rng: random.Random, max_deals: int, backend: ModuleType
          ) -> tuple[list[int], int, list[int], list[int], int]:
    """A random spot with every hand known and at most max_deals boards."""
    while True:
        n_players = rng.choice((2, 2, 3, 4, 5, 6))
        n_hole = rng.choice((4, 4, 5, 6)) if n_players <= 4 else 4
        n_board = rng.choice((0, 3, 3, 4, 4, 5))
        n_dead = rng.choice((0, 0, 1, 3))
        need = n_players * n_hole + n_board + n_dead
        flushy = rng.random() < 0.4 and need + 5 <= len(TWO_SUITS)
        cards = rng.sample(TWO_SUITS if flushy else range(52), need)
        holes = cards[:n_players * n_hole]
        board = cards[n_players * n_hole:n_players * n_hole + n_board]
        dead = cards[n_players * n_hole + n_board:]
        deals = backend.equity_deals(holes, n_hole, board, dead)
        if 0 < deals <= max_deals:
            return holes, n_hole, board, dead, deals


def _grouped(backend: ModuleType, holes: list[int], n_hole: int, board: list[int],
             dead: list[int], parts: int) -> list[int]:
    total: list[int] | None = None
    for part in range(parts):
        tally = backend.equity_exact(holes, n_hole, board, dead, part, parts)
        assert not isinstance(tally, int), tally
        total = tally if total is None else [a + b for a, b in zip(total, tally, strict=True)]
    assert total is not None
    return total


def test_equals_the_brute_force_on_random_spots(native: ModuleType) -> None:
    rng = random.Random(1717)
    streets = set()
    for _ in range(300):
        holes, n_hole, board, dead, deals = _spot(rng, 120_000, native)
        brute = native.equity_enumerate(holes, n_hole, board, dead, 0, deals)
        for parts in (1, rng.choice((2, 3, 5, 8))):
            assert _grouped(native, holes, n_hole, board, dead, parts) == brute, \
                (holes, n_hole, board, dead, parts)
        streets.add((len(holes) // n_hole, len(board)))
    assert {p for p, _ in streets} == {2, 3, 4, 5, 6} and {b for _, b in streets} == {0, 3, 4, 5}


@pytest.mark.parametrize("holes", [
    ["As2dKh3c", "7c8d9hTs"],               # rainbow: no flush for anyone
    ["AsKs2d3d", "QhJhTc9c"],               # double-suited: four flush suits
    ["AsKsQsJs", "2s3s4s5s"],               # one suit everywhere
    ["Ah2h3c4d", "AdKd5s6s", "QcJc8h9h"],   # three-way, all double-suited
])
def test_full_preflop_equals_the_brute_force(native: ModuleType, holes: list[str]) -> None:
    ids = [c for hand in holes for c in hilo_fast.parse_cards(hand)]
    deals = native.equity_deals(ids, 4, [], [])
    brute = native.equity_enumerate(ids, 4, [], [], 0, deals)
    assert _grouped(native, ids, 4, [], [], 1) == brute
    assert _grouped(native, ids, 4, [], [], 7) == brute


def test_backends_agree_part_for_part(native: ModuleType) -> None:
    rng = random.Random(18)
    for _ in range(40):
        holes, n_hole, board, dead, _ = _spot(rng, 30_000, native)
        for parts in (1, 3):
            for part in range(parts):
                assert _pybackend.equity_exact(holes, n_hole, board, dead, part, parts) == \
                    native.equity_exact(holes, n_hole, board, dead, part, parts)


def test_pure_equals_pure_brute_force() -> None:
    """The pure twin on its own (the HILO_FAST_PUREPYTHON=1 run has no C)."""
    rng = random.Random(19)
    for _ in range(25):
        holes, n_hole, board, dead, deals = _spot(rng, 1_200, _pybackend)
        brute = _pybackend.equity_enumerate(holes, n_hole, board, dead, 0, deals)
        assert _grouped(_pybackend, holes, n_hole, board, dead, 2) == brute


def test_equity_uses_it_and_gives_the_same_answer(backend: ModuleType) -> None:
    holes, board = ["AsKs2d3d", "QhJhTc9c", "5h6h7d8d"], "2h3h9d"
    result = equity(holes, board, dead="Kc")
    ids = [c for hand in holes for c in hilo_fast.parse_cards(hand)]
    brute = backend.equity_enumerate(ids, 4, hilo_fast.parse_cards(board),
                                     hilo_fast.parse_cards("Kc"), 0, result.boards)
    assert [p.equity_fraction for p in result.players] == [
        Fraction(brute[2 + 7 * p], 5040 * brute[0]) for p in range(3)]
    assert result.exact and result.boards == brute[0]


def test_refuses_what_it_cannot_do(backend: ModuleType) -> None:
    hand, other = [0, 1, 2, 3], [4, 5, 6, 7]
    random_hand = [*hand, -1, -1, -1, -1]
    assert backend.equity_exact(random_hand, 4, [], [], 0, 1) == backend.ERR_COUNT
    assert backend.equity_exact(hand + other, 4, [], [], 1, 1) == backend.ERR_COUNT
    assert backend.equity_exact(hand + other, 4, [], [], -1, 2) == backend.ERR_COUNT
    assert backend.equity_exact(hand + other, 4, [], [], 0, 0) == backend.ERR_COUNT
    assert backend.equity_exact(hand + other, 4, [8, 9], [], 0, 1) == backend.ERR_COUNT
    assert backend.equity_exact([*hand, 4, 5, 6, 52], 4, [], [], 0, 1) == backend.ERR_CARD
    assert backend.equity_exact(hand + other, 4, [8, 9, 3], [], 0, 1) == backend.ERR_DUPLICATE


def _masks(rng: random.Random, n_players: int) -> list[int]:
    """1-4 pots: everyone's first (a main pot), then random sets of two or more."""
    pots = [(1 << n_players) - 1]
    while len(pots) < rng.randint(1, 4):
        mask = rng.getrandbits(n_players)
        if bin(mask).count("1") >= 2:
            pots.append(mask)
    return pots


def _alone(backend: ModuleType, holes: list[int], n_hole: int, board: list[int],
           dead: list[int], mask: int) -> list[int] | int:
    """A pot's tally the plain way: its players' hands, the others' cards dead."""
    hands = [holes[p * n_hole:(p + 1) * n_hole] for p in range(len(holes) // n_hole)]
    mine = [c for p, hand in enumerate(hands) if mask >> p & 1 for c in hand]
    others = [c for p, hand in enumerate(hands) if not mask >> p & 1 for c in hand]
    return backend.equity_exact(mine, n_hole, board, [*dead, *others], 0, 1)


def test_pots_equal_each_pot_enumerated_alone(native: ModuleType) -> None:
    """hf_equity_exact_pots values every board once for a main pot and its side
    pots: each pot's tally is the one of its players alone, to the last unit
    (preflop to the turn, 2-6 players, flush-rich decks); the twin's too."""
    rng = random.Random(2029)
    seen = set()
    for k in range(200):
        holes, n_hole, board, dead, _ = _spot(rng, 60_000, native)
        if len(board) == 5:
            continue
        pots = _masks(rng, len(holes) // n_hole)
        got = native.equity_exact_pots(holes, n_hole, board, dead, pots)
        assert got == [_alone(native, holes, n_hole, board, dead, mask) for mask in pots], \
            (holes, n_hole, board, dead, pots)
        if k % 8 == 0 and len(board) >= 3:
            assert _pybackend.equity_exact_pots(holes, n_hole, board, dead, pots) == got
        seen.add((len(pots) > 1, len(board)))
    assert seen >= {(True, 3), (True, 4), (False, 3), (False, 4)}
    # preflop, six players, the short stacks' side pots (53,130 boards)
    holes = rng.sample(range(52), 27)
    pots = [0b111111, 0b111000, 0b011000, 0b000011]
    assert native.equity_exact_pots(holes[:24], 4, [], holes[24:], pots) == \
        [_alone(native, holes[:24], 4, [], holes[24:], mask) for mask in pots]


def test_pots_refuse_what_they_cannot_do(backend: ModuleType) -> None:
    """Both backends give the same code: a spot's own error first, then
    ERR_COUNT for no pot, more than ten, a pot of fewer than two players, a
    player past the spot's, a mask that is not a 32-bit count, a random hand."""
    hand, other, third = [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]
    holes = hand + other + third
    board = [20, 21, 22]
    err = backend.ERR_COUNT
    for pots in ([], [7] * 11, [1], [0], [8 | 3], [7, 4], [-1], [2**40], [3.0]):
        assert backend.equity_exact_pots(holes, 4, board, [], pots) == err, pots
    assert backend.equity_exact_pots([*hand, *other, -1, -1, -1, -1], 4, board, [], [3]) == err
    assert backend.equity_exact_pots(holes, 4, [20, 21, 3], [], [7]) == backend.ERR_DUPLICATE
    assert backend.equity_exact_pots(holes, 4, [20, 21, 52], [], [1]) == backend.ERR_CARD
    assert backend.equity_exact_pots(holes, 4, board, [], [7] * 10) == \
        [backend.equity_exact(holes, 4, board, [], 0, 1)] * 10
