"""Showdown settlement: worked cases (expected chips worked out by hand from
the rules, in the comments), input errors, and property tests against an
independent brute-force settlement written plainly below.

Every test that settles chips takes the ``backend`` fixture, so both backends
evaluate the hands.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from types import ModuleType
from typing import Any

import phevaluator  # type: ignore[import-untyped]
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hilo_fast import card_str, format_cards, rank_hands, showdown
from hilo_fast.cli import main

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
    # seat 1's high.
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


def test_middle_side_pot_without_a_low_goes_whole_to_its_high(backend: ModuleType) -> None:
    # A six-way all-in found by comparing with pokerkit 0.7.7 (which pays it
    # differently). Levels 56, 64, 77, 92, 190, 233:
    # - 336 (all): high seat 5 (three kings), low seat 4 (7-6-4-3-2): 168 each.
    # - 40 (seats 0-4): high seat 0 (kings and sixes), low seat 4: 20 each.
    # - 52 (seats 0-3): none of them has a low (seats 2 and 3 hold a 7 that
    #   pairs the board's 7; seat 1 holds only aces): all 52 to seat 0's high.
    # - 45 (seats 1-3): seats 2 and 3 tie with tens and sevens, no low: 23 to
    #   seat 2 (first clockwise from the button's left), 22 to seat 3.
    # - 196 (seats 2, 3): the same tie, 98 each. - 43 above: back to seat 3.
    holes = ["QsKs9c6h", "QhQdAsAh", "7dJcThAd", "3s9sTc7h", "2dTs4dJh", "KdKh8h3d"]
    result = showdown("6c3hTdKc7s", holes, [77, 92, 190, 233, 64, 56])
    assert [(p.amount, p.high_winners, p.low_winners) for p in result.pots] == [
        (336, (5,), (4,)), (40, (0,), (4,)), (52, (0,), ()), (45, (2, 3), ()),
        (196, (2, 3), ()), (43, (3,), ())]
    assert result.payouts == [72, 0, 121, 163, 188, 168]


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


def test_card_forms_give_the_same_settlement(backend: ModuleType) -> None:
    # Plain id lists take a fast path; strings, tuples and mixed forms the full
    # parser. Both must settle alike.
    rng = random.Random(7)
    for _ in range(50):
        table = random_table(rng.randint)
        by_ids = showdown(**table)
        as_text = {**table, "board": format_cards(table["board"], " "),
                   "holes": [None if h is None else format_cards(h) for h in table["holes"]]}
        as_tuples = {**table, "board": tuple(table["board"]),
                     "holes": [None if h is None else tuple(h) for h in table["holes"]]}
        for other in (showdown(**as_text), showdown(**as_tuples)):
            assert other.payouts == by_ids.payouts and other.pots == by_ids.pots
            assert other.hands == by_ids.hands


@pytest.mark.parametrize(
    ("board", "holes", "message"),
    [
        ([0, 1, 2, 3, 4], [[5, 6, 7, 8], [9, 10, 11, 5]],
         "duplicate card 3d: in seat 0 and in seat 1"),
        ([0, 1, 2, 3, 52], [[5, 6, 7, 8], [9, 10, 11, 12]], "bad card 52"),
        ([0, 1, 2, 3, 4], [[5, 6, 7, 8], [9, 10, 11, "Zz"]], "bad card 'Zz'"),
        ([0, 1, 2, 3, 4], [[5, 6, 7, 8], [9, 10, 11, 12.0]], "bad card 12.0"),
        ([0, 1, 2, 3], [[5, 6, 7, 8], [9, 10, 11, 12]], "board must have 5 cards, got 4"),
        ([0, 1, 2, 3, 4], [[5, 6, 7, 8], [9, 10, 11, 12, 13]], "same number of cards"),
    ],
)
def test_bad_card_ids_get_the_full_parser_message(board: list[int], holes: list[list[int]],
                                                  message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        showdown(board, holes, [10, 10])


# --------------------------------------------------------------------------
# Cross-check with pokerkit, where it follows the rule book
# --------------------------------------------------------------------------


def pokerkit_all_in_payouts(board: str, holes: list[str], stacks: list[int]) -> list[int]:
    """What pokerkit pays when every seat is all in for its stack (posted as
    an ante), on our cards: its final stacks."""
    import pokerkit as pk

    a = pk.Automation
    state = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter.create_state(
        (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
         a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING, a.CHIPS_PUSHING, a.CHIPS_PULLING,
         a.RUNOUT_COUNT_SELECTION),
        True, dict(enumerate(stacks)), (0, 0), 2, 4, stacks, len(stacks),
        mode=pk.Mode.CASH_GAME)
    for hole in holes:
        state.deal_hole(hole)
    while state.status:
        if state.can_deal_board():
            dealt = len(state.board_cards)
            state.deal_board(board[2 * dealt:2 * (dealt + (3 if dealt == 0 else 1))])
        else:
            assert state.actor_index is not None and state.checking_or_calling_amount == 0
            state.check_or_call()
    return list(state.stacks)


@pytest.mark.filterwarnings("ignore:A card being dealt:UserWarning")
def test_agrees_with_pokerkit_where_it_follows_the_rule_book(backend: ModuleType) -> None:
    """pokerkit 0.7.7 differs from the rule book in two places, so deals
    touching them are left out: odd chips (it gives a remainder to one seat;
    stacks here are multiples of 840, so every half divides among up to 7
    tied seats), and a pot whose seats have no low while another pot of the
    same deal has one (it decides per board whether there is a low half,
    then shares that half among the pot's seats that did not muck; see the
    worked case above). The rest must agree."""
    pytest.importorskip("pokerkit")
    rng = random.Random(5)
    compared = 0
    for _ in range(150):
        n = rng.randint(2, 6)
        cards = [card_str(c) for c in rng.sample(range(52), 5 + 4 * n)]
        board, holes = "".join(cards[:5]), ["".join(cards[5 + 4 * s:9 + 4 * s]) for s in range(n)]
        stacks = [840 * rng.randint(1, 3) for _ in range(n)]
        result = showdown(board, holes, stacks)
        contested = [p for p in result.pots if p.contested]
        if len({bool(p.low_winners) for p in contested}) > 1:
            continue
        assert result.payouts == pokerkit_all_in_payouts(board, holes, stacks), (board, holes)
        compared += 1
    assert compared >= 100


# --------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------


def test_cli_json_short_all_in(capsys: pytest.CaptureFixture[str]) -> None:
    # The short all-in case above, with a folded seat (no cards) adding 10 dead chips.
    argv = ["showdown", "--board", "7s4h3dKdQc", "--seat", "As2dJcTc:20",
            "--seat", "KhKc9s9h:100", "--seat", "QhQs9c9d:100", "--seat", "none:10",
            "--folded", "3", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert [row["won"] for row in out["seats"]] == [35, 195, 0, 0]
    assert [row["net"] for row in out["seats"]] == [15, 95, -100, -10]
    assert [(p["amount"], p["eligible"], p["low_winners"]) for p in out["pots"]] == [
        (70, [0, 1, 2], [0]), (160, [1, 2], [])]
    assert out["seats"][3] == {"seat": 3, "cards": None, "put_in": 10, "folded": True,
                               "high": None, "low": None, "won": 0, "net": -10}
    assert out["seats"][0]["low"]["description"] == "7-4-3-2-A low"


def test_cli_table_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["showdown", "--board", TIED_BOARD, "--button", "2", "--odd-chip", "low"]
    argv += [arg for hole in TIED_HOLES for arg in ("--seat", f"{hole}:11")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "button: seat 2" in out
    won = [line.split()[-2] for line in out.splitlines()[2:5]]
    assert won == ["12", "11", "10"]  # as in the odd_chip="low" worked case
    assert "main" in out and "0 1 2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seat", "As2dKh3c"], "bad --seat 'As2dKh3c' (seat 0): expected CARDS:CHIPS"),
        (["--seat", "As2dKh3c:-5"], "bad --seat"),
        (["--seat", "As2dKh3c:10", "--seat", "KcKdJs9h:10", "--folded", "x"],
         "bad --folded seat 'x'"),
        (["--seat", "As2dKh3c:10", "--seat", "none:10"], "seat 1 put in 10 chips but has no"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(["showdown", "--board", "7s4h5dKdQc", *argv]) == 2
    assert message in capsys.readouterr().err


# --------------------------------------------------------------------------
# Property tests: random multiway all-in deals against a brute-force settlement
# --------------------------------------------------------------------------
#
# The brute force shares nothing with hilo_fast but the card ids: highs come
# from phevaluator over every 2-hole + 3-board choice, lows from the ranks
# written out below, pots are peeled off one stack level at a time, and chips
# are dealt out one by one.

PickInt = Callable[[int, int], int]  # pick_int(lo, hi): an int in lo..hi inclusive

# Rank index 0..12 = deuce..ace; a low counts an ace as 1.
LOW_RANK = {0: 2, 1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 12: 1}
# All 56 qualifying lows, best first: a low is better when its highest card is
# lower, then its next card, and so on. Position + 1 is hilo_fast's low value.
ALL_LOWS = sorted(tuple(sorted(five, reverse=True)) for five in combinations(range(1, 9), 5))


def brute_high(hole: Sequence[int], board: Sequence[int]) -> int:
    return min(int(phevaluator.evaluate_cards(*pair, *triple))
               for pair in combinations(hole, 2) for triple in combinations(board, 3))


def brute_low(hole: Sequence[int], board: Sequence[int]) -> int | None:
    best = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            cards = (*pair, *triple)
            if any(card // 4 not in LOW_RANK for card in cards):
                continue
            ranks = {LOW_RANK[card // 4] for card in cards}
            if len(ranks) < 5:
                continue
            low = tuple(sorted(ranks, reverse=True))
            if best is None or low < best:
                best = low
    return None if best is None else ALL_LOWS.index(best) + 1


def deal_chips(chips: int, winners: list[int], n_seats: int, button: int) -> dict[int, int]:
    """Hand out chips one at a time, going round the table from the button's left."""
    order = [(button + k) % n_seats for k in range(1, n_seats + 1)]
    order = [seat for seat in order if seat in winners]
    got = dict.fromkeys(winners, 0)
    for chip in range(chips):
        got[order[chip % len(order)]] += 1
    return got


def brute_settle(board: Sequence[int], holes: Sequence[Sequence[int] | None], chips: list[int],
                 folded: set[int], button: int, odd_chip: str) -> tuple[list[int], list[Any]]:
    n = len(chips)
    live = [s for s in range(n) if holes[s] is not None and s not in folded]
    high = {s: brute_high(holes[s], board) for s in live}  # type: ignore[arg-type]
    low = {s: brute_low(holes[s], board) for s in live}  # type: ignore[arg-type]
    payouts = [0] * n
    pots = []
    left = list(chips)  # chips not yet in a pot
    while any(left[s] > 0 for s in live):
        in_pot = [s for s in live if left[s] > 0]
        stake = min(left[s] for s in in_pot)
        pot = 0
        for s in range(n):
            take = min(stake, left[s])
            pot += take
            left[s] -= take
        best_high = min(high[s] for s in in_pot)
        high_winners = [s for s in in_pot if high[s] == best_high]
        lows = [low[s] for s in in_pot if low[s] is not None]
        low_winners = [s for s in in_pot if lows and low[s] == min(lows)]  # type: ignore[type-var]
        if len(in_pot) == 1:
            high_winners, low_winners = in_pot, []
        # Split chip by chip: the first (odd) chip to the half the rule names;
        # with no low, every chip to the high.
        halves = {"high": 0, "low": 0}
        second = "low" if odd_chip == "high" else "high"
        for chip in range(pot):
            if not low_winners:
                halves["high"] += 1
            else:
                halves[odd_chip if chip % 2 == 0 else second] += 1
        for half, winners in (("high", high_winners), ("low", low_winners)):
            if winners:
                for seat, won in deal_chips(halves[half], winners, n, button).items():
                    payouts[seat] += won
        pots.append((pot, tuple(in_pot), set(high_winners), set(low_winners)))
    for s in range(n):  # chips no live seat matched go back to their owner
        payouts[s] += left[s]
    return payouts, pots


def random_table(pick_int: PickInt) -> dict[str, Any]:
    """A random multiway all-in deal: 2-10 seats, some folded (with or without
    cards), some empty, stacks drawn from a few levels so side pots and equal
    stacks are common. The cards come from one of three decks: the full deck;
    only the ranks A-8 (lows and split, quartered and three-way pots are
    common); or a board with at least three low cards where each seat's hole
    comes either from the A-8 cards or from the 9-K cards (which can make no
    low), so pots where only some seats have a low are common."""
    hole_size = pick_int(4, 6)
    low_cards = [c for c in range(52) if c // 4 in LOW_RANK]
    high_cards = [c for c in range(52) if c // 4 not in LOW_RANK]
    deck_kind = pick_int(0, 2)
    piles = [list(range(52))] if deck_kind == 0 else [low_cards, high_cards]
    for pile in piles:
        for i in range(len(pile) - 1):  # Fisher-Yates shuffle
            j = pick_int(i, len(pile) - 1)
            pile[i], pile[j] = pile[j], pile[i]
    if deck_kind == 1:
        piles = [low_cards]
    board = [piles[0].pop() for _ in range(3)]
    board += [piles[pick_int(0, len(piles) - 1)].pop() for _ in range(2)]
    max_seats = min(10, sum(len(pile) // hole_size for pile in piles))
    n = pick_int(2, max_seats)
    holes: list[list[int] | None] = []
    for _ in range(n):
        pile = piles[pick_int(0, len(piles) - 1)]
        if len(pile) < hole_size:
            pile = max(piles, key=len)
        holes.append([pile.pop() for _ in range(hole_size)])
    dealt = list(holes)
    levels = [pick_int(0, 300) for _ in range(pick_int(1, 5))]
    chips = [levels[pick_int(0, len(levels) - 1)] for _ in range(n)]
    folded: set[int] = set()
    for s in range(n):
        status = pick_int(0, 9)  # 0-6 live, 7 folded, 8 folded and mucked, 9 empty
        if status >= 7:
            folded.add(s)
        if status >= 8:
            holes[s] = None
        if status == 9:
            folded.discard(s)
            chips[s] = 0
    if all(holes[s] is None or s in folded for s in range(n)):
        seat = pick_int(0, n - 1)
        folded.discard(seat)
        holes[seat] = dealt[seat]
    return {"board": board, "holes": holes, "contributions": chips, "folded": folded,
            "button": pick_int(0, n - 1), "odd_chip": "high" if pick_int(0, 2) else "low"}


def check_settlement(table: dict[str, Any]) -> None:
    """Settle ``table`` and check every invariant and the brute force."""
    result = showdown(**table)
    chips, folded = table["contributions"], table["folded"]
    n = len(chips)
    live = [s for s in range(n) if table["holes"][s] is not None and s not in folded]
    top_live = max(chips[s] for s in live)
    # Conservation, pot by pot and overall; no negative payout.
    assert sum(result.payouts) == sum(chips)
    assert all(sum(pot.shares.values()) == pot.amount for pot in result.pots)
    assert sum(pot.amount for pot in result.pots) == sum(chips)
    assert all(won >= 0 for won in result.payouts)
    for seat in range(n):
        if seat in live:
            # Never more than the pots the seat could win.
            assert result.payouts[seat] <= sum(p.amount for p in result.pots if seat in p.eligible)
        else:
            # Folded and empty seats win nothing; only chips no live seat
            # matched come back.
            assert result.payouts[seat] == max(0, chips[seat] - top_live)
    expected_payouts, expected_pots = brute_settle(
        table["board"], table["holes"], chips, folded, table["button"], table["odd_chip"])
    assert result.payouts == expected_payouts
    contested = [p for p in result.pots if p.eligible]
    assert [(p.amount, p.eligible, set(p.high_winners), set(p.low_winners))
            for p in contested] == expected_pots
    for seat in live:
        hole = table["holes"][seat]
        assert result.hands[seat].high == brute_high(hole, table["board"])
        assert result.hands[seat].low == brute_low(hole, table["board"])
    assert sorted(result.hands) == live


# The function-scoped fixture only swaps the backend, the same for every example.
@settings(max_examples=300, deadline=None, suppress_health_check=[
          HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_settlements_match_brute_force(backend: ModuleType, data: st.DataObject) -> None:
    check_settlement(random_table(lambda lo, hi: data.draw(st.integers(lo, hi))))


SEEDED_DEALS = 2000


def test_seeded_random_settlements_match_brute_force(backend: ModuleType) -> None:
    """A fixed seed, so the same deals every run, and a count of what they
    covered, so the generator cannot quietly stop producing the hard cases."""
    rng = random.Random(20261130)
    seen = {"side pots": 0, "quartered": 0, "three-way tie": 0, "odd chip to a tie": 0,
            "side pot without a low": 0, "dead money": 0, "returned": 0}
    for _ in range(SEEDED_DEALS):
        table = random_table(rng.randint)
        check_settlement(table)
        result = showdown(**table)
        pots = [p for p in result.pots if p.contested]
        seen["side pots"] += len(pots) > 1
        seen["quartered"] += any(len(p.low_winners) == 2 and len(p.high_winners) == 1
                                 and p.high_winners[0] in p.low_winners for p in pots)
        seen["three-way tie"] += any(len(p.high_winners) > 2 or len(p.low_winners) > 2
                                     for p in pots)
        seen["odd chip to a tie"] += any(
            len(set(p.shares.values())) > 1 and len(p.high_winners) > 1 for p in pots)
        seen["side pot without a low"] += any(not p.low_winners for p in pots[1:]) and any(
            p.low_winners for p in pots[:1])
        seen["dead money"] += any(s in table["folded"] and c for s, c in
                                  enumerate(table["contributions"]))
        seen["returned"] += any(not p.contested for p in result.pots)
    assert min(seen.values()) >= 20, seen
