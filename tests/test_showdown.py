"""Showdown settlement: worked cases (expected chips worked out by hand from
the rules, in the comments), input errors, and property tests against an
independent brute-force settlement written plainly below.

Every test that settles chips takes the ``backend`` fixture, so both backends
evaluate the hands.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from hilo_fast import rank_hands, showdown

# --------------------------------------------------------------------------
# Worked cases
# --------------------------------------------------------------------------


def test_plain_hi_lo_split(backend: ModuleType) -> None:
    # Seat 0: A-2 with 7-4-3 on board = 7-4-3-2-A low, only a pair of queens.
    # Seat 1: KcKd + Ks = three kings, no low. 100 chips: 50 each.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h"], [50, 50])
    assert result.payouts == [50, 50]
    [pot] = result.pots
    assert (pot.amount, pot.eligible, pot.high_winners, pot.low_winners) == (
        100, (0, 1), (1,), (0,))
    assert pot.shares == {0: 50, 1: 50}
    assert pot.contested
    assert result.hands[0].low is not None and result.hands[1].low is None
    assert result.hands[1].high < result.hands[0].high


def test_scoop_with_a_wheel_straight(backend: ModuleType) -> None:
    # Seat 0: A-2 + 3-4-5 is both a five-high straight and the wheel.
    # Seat 1: A-7 + 5-4-3 is a worse low (7-5-4-3-A) and only queens for high.
    result = showdown("3s4h5dKd8c", ["As2dKh9c", "Ac7dQhQd"], [30, 30])
    assert result.payouts == [60, 0]
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == ((0,), (0,))
    assert result.hands[0].low == 1  # 5-4-3-2-A is the best low
    assert result.hands[0].high_description == "Straight, Five high"


def test_no_qualifying_low_high_takes_all(backend: ModuleType) -> None:
    # Only two board cards are 8 or lower (8, 2): nobody can make a low.
    result = showdown("KsQd9h8c2s", ["AsAc4d3d", "KhKc7d6d"], [50, 50])
    assert result.payouts == [0, 100]
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == ((1,), ())


def test_quartered_pot_pays_15_and_5(backend: ModuleType) -> None:
    # Both seats make the wheel (A-2 + 5-4-3); seat 0 also has the ace-high
    # heart flush (Ah2h + 7h5hKh). High half 10 to seat 0, low half 10
    # split 5/5: seat 0 gets 15, seat 1 gets 5.
    result = showdown("7h5hKh4d3s", ["Ah2hQdJs", "Ad2cQcJc"], [10, 10])
    assert result.payouts == [15, 5]
    [pot] = result.pots
    assert pot.high_winners == (0,)
    assert set(pot.low_winners) == {0, 1}


# Three seats each hold J-T (Broadway with A-K-Q on board) and 3-4 (7-4-3-2-A
# low with A-7-2 on board): a three-way tie for both halves. Only two hearts
# are on the board, so nobody has a flush.
TIED_BOARD = "AhKdQs7c2h"
TIED_HOLES = ["JcTc3d4d", "JdTd3h4h", "JhTh3s4s"]


@pytest.mark.parametrize(
    ("button", "expected"),
    [
        # 33 chips: high half 17 (it takes the split's odd chip), low half 16.
        # 17 / 3 = 5 r 2, 16 / 3 = 5 r 1; extra chips go clockwise from the
        # first seat left of the button.
        (0, [10, 12, 11]),  # order 1, 2, 0: seat 1 gets 6 + 6, seat 2 6 + 5, seat 0 5 + 5
        (1, [11, 10, 12]),  # order 2, 0, 1
        (2, [12, 11, 10]),  # order 0, 1, 2
    ],
)
def test_three_way_tie_odd_chips_go_clockwise_from_button(
    backend: ModuleType, button: int, expected: list[int]
) -> None:
    result = showdown(TIED_BOARD, TIED_HOLES, [11, 11, 11], button=button)
    assert result.payouts == expected
    [pot] = result.pots
    first = (button + 1) % 3
    order = tuple((first + k) % 3 for k in range(3))
    assert pot.high_winners == order and pot.low_winners == order


def test_odd_chip_rule_low_gives_the_split_chip_to_the_low_half(backend: ModuleType) -> None:
    # Same tie, odd_chip="low": high half 16 (5 r 1), low half 17 (5 r 2);
    # button 2, so order 0, 1, 2: seat 0 6 + 6, seat 1 5 + 6, seat 2 5 + 5.
    result = showdown(TIED_BOARD, TIED_HOLES, [11, 11, 11], button=2, odd_chip="low")
    assert result.payouts == [12, 11, 10]
    # The plain hi/lo split of a 101-chip pot: the high half takes the odd chip by
    # default, the low half with odd_chip="low" (seat 0 low, seat 1 high).
    holes = ["As2dQcQh", "KcKdJs9h", "5c6cTdTh"]
    assert showdown("Ks8d7h4c3s", holes, [50, 50, 1], folded=[2]).payouts == [50, 51, 0]
    assert showdown("Ks8d7h4c3s", holes, [50, 50, 1], folded=[2],
                    odd_chip="low").payouts == [51, 50, 0]


def test_three_way_high_tie_without_low(backend: ModuleType) -> None:
    # Board K-Q-9-8-2 allows no low; each seat holds J-T, so each makes the
    # king-high straight K-Q-J-T-9.
    holes = ["JcTc5d5h", "JdTd6d6h", "JhTh4c4h"]
    result = showdown("KsQd9h8c2s", holes, [34, 33, 33], button=1)
    # Levels 33 and 34: main pot 99 split 33 each, and the 1 chip above 33 is
    # seat 0's uncalled chip, returned to it.
    assert result.payouts == [34, 33, 33]
    assert [p.amount for p in result.pots] == [99, 1]
    assert result.pots[1].contested is False and result.pots[1].shares == {0: 1}
    result = showdown("KsQd9h8c2s", holes, [34, 34, 32], button=1)
    # Main pot 96 (32 each) = 32 each; side pot 4 between seats 0 and 1 =
    # 2 each. Payouts 34, 34, 32.
    assert result.payouts == [34, 34, 32]
    result = showdown("KsQd9h8c2s", holes, [33, 33, 33], button=1)
    assert result.payouts == [33, 33, 33]
    result = showdown("KsQd9h8c2s", [*holes, "AcAd4s4d"], [25, 25, 25, 25], folded=[3],
                      button=1)
    # 100 chips, three-way tie: 33 r 1, the extra chip to seat 2 (left of button 1).
    assert result.payouts == [33, 33, 34, 0]


def test_short_all_in_with_the_only_low_gets_nothing_from_the_side_pot(
    backend: ModuleType,
) -> None:
    # Seat 0 is all in for 20 with the only low (A-2 + 7-4-3 = 7-4-3-2-A) and
    # ace-high. Seats 1 (three kings) and 2 (three queens) put in 100 each.
    # Main pot 60 (eligible 0, 1, 2): 30 high to seat 1, 30 low to seat 0.
    # Side pot 160 (eligible 1, 2): nobody eligible has a low, so all 160 to
    # seat 1's high. (pokerkit gives half of it away.)
    board = "7s4h3dKdQc"
    holes = ["As2dJcTc", "KhKc9s9h", "QhQs9c9d"]
    result = showdown(board, holes, [20, 100, 100])
    assert result.payouts == [30, 190, 0]
    main, side = result.pots
    assert (main.amount, main.eligible, main.high_winners, main.low_winners) == (
        60, (0, 1, 2), (1,), (0,))
    assert (side.amount, side.eligible, side.high_winners, side.low_winners) == (
        160, (1, 2), (1,), ())
    assert side.shares == {1: 160}


def test_folded_dead_money_stays_in_the_pot(backend: ModuleType) -> None:
    # Seat 2 folded after putting in 40 (with 5-6 it would have had an
    # eight-high straight: folded hands win nothing). Pot 240 split 120/120.
    board = "Ks8d7h4c3s"
    holes = ["As2dQcQh", "KcKdJs9h", "5c6cTdTh"]
    result = showdown(board, holes, [100, 100, 40], folded=[2])
    assert result.payouts == [120, 120, 0]
    [pot] = result.pots
    assert (pot.amount, pot.eligible) == (240, (0, 1))
    assert 2 not in result.hands
    # A folded seat may have no cards at all.
    result = showdown(board, [holes[0], holes[1], None], [100, 100, 40], folded=[2])
    assert result.payouts == [120, 120, 0]


def test_uncalled_bet_is_returned(backend: ModuleType) -> None:
    # Seat 0 bets 150, seat 1 can only call 100. Main pot 200 split (seat 0
    # low, seat 1 high); the 50 nobody called goes back to seat 0.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h"], [150, 100])
    assert result.payouts == [150, 100]
    main, returned = result.pots
    assert (main.amount, main.shares) == (200, {0: 100, 1: 100})
    assert (returned.amount, returned.eligible, returned.shares) == (50, (0,), {0: 50})
    assert returned.contested is False
    assert returned.low_winners == ()


def test_everyone_else_folded(backend: ModuleType) -> None:
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h", None], [100, 50, 50],
                      folded=[1, 2])
    assert result.payouts == [200, 0, 0]
    [pot] = result.pots
    assert (pot.amount, pot.eligible, pot.contested) == (200, (0,), False)


def test_chips_above_every_live_level_go_back_to_who_put_them_in(backend: ModuleType) -> None:
    # Hand-made: folded seat 2 put in 200, more than either live seat (100).
    # Its first 100 is dead money in the main pot (300, split 150/150); the
    # other 100 was never contested and goes back to seat 2.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h", None], [100, 100, 200],
                      folded=[2])
    assert result.payouts == [150, 150, 100]
    main, returned = result.pots
    assert main.amount == 300
    assert (returned.amount, returned.eligible, returned.shares) == (100, (), {2: 100})
    # Two folded seats above the live level each get back their own excess.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h", None, None],
                      [100, 100, 130, 110], folded=[2, 3])
    assert result.payouts == [200, 200, 30, 10]  # 400 split 200/200


def test_empty_seats_and_live_seats_with_zero_chips(backend: ModuleType) -> None:
    # Seat 1 is empty (None, 0 chips); it needs no folded entry.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", None, "KcKdJs9h"], [50, 0, 50])
    assert result.payouts == [50, 0, 50]
    # A live seat that put in nothing contests no pot (hand-made input).
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "5c6cTdTh", "KcKdJs9h"], [50, 0, 50])
    assert result.payouts == [50, 0, 50]
    assert result.pots[0].eligible == (0, 2)
    # Nothing put in: nothing to settle.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h"], [0, 0])
    assert (result.payouts, result.pots) == ([0, 0], [])


def test_big_o_and_six_card_holes(backend: ModuleType) -> None:
    # Five cards: seat 0 adds a useless 9c to the A-2; still the only low.
    result = showdown("Ks8d7h4c3s", ["As2dQcQh9c", "KcKdJs9hTd"], [50, 50])
    assert result.payouts == [50, 50]
    # Six cards: seat 0 holds 5-6 too, for the eight-high straight (scoop).
    result = showdown("Ks8d7h4c3s", ["As2dQcQh5c6c", "KcKdJs9hTdTh"], [50, 50])
    assert result.payouts == [100, 0]


def test_rank_hands(backend: ModuleType) -> None:
    # Seat 0 and 3 both make 7-4-3-2-A; seat 2 has three kings.
    holes = ["As2dQcQh", None, "KcKdJs9h", "Ac2cJdTd"]
    assert rank_hands("Ks8d7h4c3s", holes) == ((2,), (0, 3))
    assert rank_hands("KsQd9h8c2s", ["AsAc4d3d", "KhKc7d6d"]) == ((1,), ())
    # On the flop: A-2 + 3-4-5 is already the wheel straight and wheel low.
    assert rank_hands("3s4h5d", ["As2dKh9c", "KsKcQhQd"]) == ((0,), (0,))
    assert rank_hands(TIED_BOARD, TIED_HOLES) == ((0, 1, 2), (0, 1, 2))


# --------------------------------------------------------------------------
# Bad input: a clear error naming the problem, nothing changed
# --------------------------------------------------------------------------

GOOD: dict[str, Any] = {
    "board": "Ks8d7h4c3s",
    "holes": ["As2dQcQh", "KcKdJs9h", "5c6cTdTh"],
    "contributions": [100, 100, 40],
    "folded": [2],
}


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"contributions": [100, -5, 40]}, ValueError,
         "seat 1's contribution must be >= 0, got -5"),
        ({"contributions": [100, 2.5, 40]}, TypeError, "seat 1's contribution .* got 2.5"),
        ({"contributions": [100, 100.0, 40]}, TypeError, "seat 1's contribution .* got 100.0"),
        ({"contributions": [True, 100, 40]}, TypeError, "seat 0's contribution .* got True"),
        ({"contributions": [100, "100", 40]}, TypeError, "seat 1's contribution .* got '100'"),
        ({"contributions": [100, 100]}, ValueError, "3 seats in holes but 2 contributions"),
        ({"contributions": 240}, TypeError, "contributions must be a sequence"),
        ({"holes": ["As2dQcQh", "KcKdJs9h", None], "folded": []}, ValueError,
         "seat 2 put in 40 chips but has no cards"),
        ({"holes": ["As2dQcQh", "KcKdJs9h", "5c6cTdAs"]}, ValueError,
         "duplicate card As: in seat 0 and in seat 2"),
        ({"holes": ["As2dQcQh", "KcKdJs9h", "5c6cTdKs"]}, ValueError,
         "duplicate card Ks: in board and in seat 2"),
        ({"holes": ["As2dQcQh", "KcKdJs9hTc", "5c6cTdTh"]}, ValueError,
         "same number of cards: seat 1 has 5"),
        ({"holes": ["As2dQcQh", "KcKdJs", "5c6cTdTh"]}, ValueError, "seat 1's hole must have"),
        ({"holes": "As2dQcQh"}, TypeError, "holes must be a sequence"),
        ({"board": "Ks8d7h4c"}, ValueError, "board must have 5 cards, got 4"),
        ({"board": "Ks8d7h4c3s2s"}, ValueError, "board must have 5 cards, got 6"),
        ({"folded": [0, 1, 2]}, ValueError, "no live seat"),
        ({"folded": [3]}, ValueError, "folded seat 3 is not a seat: seats are 0..2"),
        ({"folded": [True]}, TypeError, "folded seat must be a seat number"),
        ({"button": 3}, ValueError, "button 3 is not a seat"),
        ({"button": -1}, ValueError, "button -1 is not a seat"),
        ({"odd_chip": "button"}, ValueError, "odd_chip must be one of"),
    ],
)
def test_bad_input_raises_naming_the_problem(
    change: dict[str, Any], error: type[Exception], message: str
) -> None:
    kwargs = {**GOOD, **change}
    before = repr(kwargs)
    with pytest.raises(error, match=message):
        showdown(**kwargs)
    assert repr(kwargs) == before  # nothing the caller passed was changed
    showdown(**GOOD)  # and the good input is still good


def test_rank_hands_bad_input() -> None:
    with pytest.raises(ValueError, match="no hands to rank"):
        rank_hands("Ks8d7h4c3s", [None, None])
    with pytest.raises(ValueError, match="duplicate card Ks"):
        rank_hands("Ks8d7h4c3s", ["KsKdJs9h", None])
    with pytest.raises(ValueError, match="board must have 3, 4 or 5 cards"):
        rank_hands("Ks8d", ["KcKdJs9h"])
