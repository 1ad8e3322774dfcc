"""Each rule of docs/rules.md §3-§5 as a focused test, with its worked examples.

Expected amounts are worked out by hand from docs/rules.md in the comments,
never read back from the engine.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hilo_fast.core.showdown import showdown
from hilo_fast.engine import Action, Hand, LegalActions, Street, Table
from hilo_fast.engine.structures import Limit, MixedGame, Structure

FL_2_4 = Structure.fixed_limit(2, 4)
PL_1_2 = Structure.pot_limit(1, 2)
NL_1_2 = Structure.no_limit(1, 2)
# Cards for hands whose cards do not matter (4 seats at most).
HOLES4 = ["AsKsQsJs", "AhKhQhJh", "2c3c4c5c", "2d3d4d5d"]
BOARD = "9c9dTh7s6h"


def deal(structure: Structure, stacks: list[int], button: int) -> Hand:
    holes: list[str | None] = [HOLES4[i] if chips else None for i, chips in enumerate(stacks)]
    return Hand(structure, stacks, button, holes=holes, board=BOARD)


def play(hand: Hand, *moves: str | tuple[str, int]) -> None:
    for move in moves:
        if isinstance(move, tuple):
            hand.act(*move)
        else:
            hand.act(move)


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return tuple(copy.deepcopy(getattr(hand, name)) for name in Hand.__slots__
                 if hasattr(hand, name))


def legal(fold: bool = True, check: bool = False, call: int = 0, bet: tuple[int, int] = (0, 0),
          raise_to: tuple[int, int] = (0, 0)) -> LegalActions:
    return LegalActions(fold, check, call, bet[0], bet[1], raise_to[0], raise_to[1])


# ------------------------------------------------------------------ fixed limit

def test_limit_2_4_blinds_and_increments() -> None:
    # $2/$4: blinds $1/$2; pre-flop and flop bets of $2, turn and river $4.
    hand = deal(FL_2_4, [100] * 4, button=0)
    assert hand.bets == [0, 1, 2, 0]
    assert hand.actor == 3 and hand.legal_actions() == legal(call=2, raise_to=(4, 4))
    play(hand, "call", "call", "call", "check")           # seat 2 (BB) checks its option
    assert hand.street == Street.FLOP and hand.actor == 1
    assert hand.legal_actions() == legal(check=True, bet=(2, 2))
    play(hand, ("bet", 2))
    assert hand.legal_actions() == legal(call=2, raise_to=(4, 4))
    play(hand, "call", "call", "call")
    assert hand.street == Street.TURN
    assert hand.legal_actions() == legal(check=True, bet=(4, 4))
    play(hand, ("bet", 4))
    assert hand.legal_actions() == legal(call=4, raise_to=(8, 8))
    play(hand, "call", "call", "call")
    assert hand.street == Street.RIVER
    assert hand.legal_actions() == legal(check=True, bet=(4, 4))


def test_limit_15_30_with_blinds_10_15() -> None:
    # $15/$30: small blind $10, big blind $15 (= the small bet).
    structure = Structure.fixed_limit(15, 30, small_blind=10)
    hand = deal(structure, [500] * 3, button=0)
    assert hand.bets == [0, 10, 15]
    assert hand.legal_actions() == legal(call=15, raise_to=(30, 30))   # seat 0
    play(hand, "call")
    assert hand.legal_actions() == legal(call=5, raise_to=(30, 30))    # the SB completes
    play(hand, "call", "check")
    assert hand.legal_actions() == legal(check=True, bet=(15, 15))     # flop: small bet
    play(hand, "check", "check", "check")
    assert hand.legal_actions() == legal(check=True, bet=(30, 30))     # turn: big bet


def test_limit_cap_four_bets_preflop_counts_the_big_blind() -> None:
    hand = deal(FL_2_4, [100] * 4, button=0)
    play(hand, ("raise", 4), ("raise", 6), ("raise", 8))   # blind, raise, re-raise, cap
    assert hand.legal_actions() == legal(call=6)            # BB may only call or fold
    with pytest.raises(ValueError, match="may not bet or raise"):
        hand.act("raise", 10)


def test_limit_cap_four_bets_after_the_flop() -> None:
    hand = deal(FL_2_4, [100] * 4, button=0)
    play(hand, "call", "call", "call", "check")
    play(hand, ("bet", 2), ("raise", 4), ("raise", 6), ("raise", 8))   # bet, raise, re-raise, cap
    assert hand.actor == 1 and hand.legal_actions() == legal(call=6)   # the bettor: 8 - 2


# ------------------------------------------------------------------- pot limit

def test_pot_limit_rule_book_example_100_pot() -> None:
    # $100 in the pot: A may bet at most $100; B may fold, call $100, or raise
    # to at least $200 and at most $400 ($100 pot + $100 bet + $100 call, plus the call).
    hand = deal(Structure.pot_limit(25, 50), [1000, 1000], button=0)
    play(hand, "call", "check")                       # heads-up: the button completes
    assert hand.street == Street.FLOP and hand.pot == 100
    assert hand.actor == 1                            # heads-up: the button acts last
    assert hand.legal_actions() == legal(check=True, bet=(50, 100))
    play(hand, ("bet", 100))
    assert hand.legal_actions() == legal(call=100, raise_to=(200, 400))
    before = snapshot(hand)
    with pytest.raises(ValueError, match=r"raise to 200\.\.400"):
        hand.act("raise", 401)
    assert snapshot(hand) == before
    play(hand, ("raise", 400))
    assert hand.bets == [400, 100]


@pytest.mark.parametrize("structure", [PL_1_2, NL_1_2], ids=["pot", "no"])
def test_minimum_raise_is_the_last_bet_5_to_10(structure: Structure) -> None:
    # A bet of $5: a raise must put in at least $10 in total ($5 call + $5 raise).
    hand = deal(structure, [200] * 3, button=0)
    play(hand, "call", "call", "check")               # pot 6 on the flop
    play(hand, ("bet", 5))
    got = hand.legal_actions()
    assert (got.call, got.raise_min) == (5, 10)
    # max: pot limit 5 + (6 + 5 + 5) = 21; no limit every chip (198 + 0).
    assert got.raise_max == (21 if structure.limit == Limit.POT else 198)
    with pytest.raises(ValueError):
        hand.act("raise", 9)


@pytest.mark.parametrize("structure", [PL_1_2, NL_1_2], ids=["pot", "no"])
def test_big_blind_2_call_is_2_raise_at_least_4(structure: Structure) -> None:
    hand = deal(structure, [200] * 4, button=0)
    got = hand.legal_actions()
    assert (got.call, got.raise_min) == (2, 4)
    # pot limit: 2 + (3 pot + 2 call) = 7; no limit: all 200.
    assert got.raise_max == (7 if structure.limit == Limit.POT else 200)


def test_pot_limit_minimum_bet_is_the_big_blind() -> None:
    hand = deal(Structure.pot_limit(5, 10), [500] * 3, button=0)
    play(hand, "call", "call", "check")
    assert hand.legal_actions() == legal(check=True, bet=(10, 30))


def test_pot_limit_maximum_is_never_below_a_full_raise() -> None:
    # Pot limit 3/6, both blinds all in for 1 chip: seat 3 faces a bet of 1 in
    # a pot of 2. The pot-size raise would be to 1 + (2 + 1) = 4, short of the
    # minimum full raise to 1 + 6 = 7 (the big blind), so the maximum is 7 too.
    # (Found by the differential fuzzer: the bound used to come out as 7..4.)
    hand = deal(Structure.pot_limit(3, 6), [100, 1, 1, 100], 0)
    assert hand.actor == 3 and hand.pot == 2
    assert hand.legal_actions() == LegalActions(True, False, 1, 0, 0, 7, 7)
    hand.act("raise", 7)
    # Seat 0 faces 7 in a pot of 9: pot-size raise to 7 + (9 + 7), as usual.
    assert hand.actor == 0 and hand.legal_actions().raise_max == 7 + (9 + 7)


def test_pot_limit_reraise_uses_the_last_raise_size() -> None:
    hand = deal(PL_1_2, [500] * 3, button=0)
    play(hand, ("raise", 7))                          # a raise of 5
    # SB: call 6; min 7 + 5 = 12; max 7 + (10 + 6) = 23.
    assert hand.legal_actions() == legal(call=6, raise_to=(12, 23))
    play(hand, ("raise", 23))                         # a raise of 16
    # BB: call 21; min 23 + 16 = 39; max 23 + (32 + 21) = 76.
    assert hand.legal_actions() == legal(call=21, raise_to=(39, 76))


# -------------------------------------------------------------------- no limit

def test_no_limit_maximum_is_every_chip() -> None:
    hand = deal(NL_1_2, [300, 300, 300], button=0)
    play(hand, "call", "call", "check")
    assert hand.legal_actions() == legal(check=True, bet=(2, 298))


def test_short_stack_may_call_or_bet_all_in_below_the_minimum() -> None:
    # Button 0, SB 1, BB 2; seat 3 (5 chips) acts first.
    hand = deal(NL_1_2, [100, 100, 100, 5], button=0)
    play(hand, "call")
    play(hand, ("raise", 10))                         # seat 0
    play(hand, "fold", "fold")
    assert hand.actor == 3
    assert hand.legal_actions() == legal(call=3)      # all in for 3 more, no raise
    play(hand, "call")
    assert hand.returned == [5, 0, 0, 0]              # 10 - the 5 seat 3 could match
    # After the flop a 3-chip stack may bet its 3 chips, below the minimum of 10.
    hand = deal(Structure.no_limit(5, 10), [100, 100, 13], button=0)
    play(hand, "call", "call", "check")
    play(hand, "check")
    assert hand.actor == 2 and hand.legal_actions() == legal(check=True, bet=(3, 3))


def test_all_in_short_of_a_full_raise_does_not_reopen_the_betting() -> None:
    # seat 0 raises to 10 (a raise of 8), the small blind goes all in to 15 (+5,
    # short of 8); the big blind, who has not acted, may still raise; seat 0,
    # who has, may only call or fold.
    hand = deal(NL_1_2, [1000, 15, 1000], button=0)
    play(hand, ("raise", 10), ("raise", 15))
    assert hand.legal_actions() == legal(call=13, raise_to=(23, 1000))
    play(hand, "call")
    assert hand.actor == 0
    assert hand.legal_actions() == legal(call=5)


def test_short_all_ins_add_up() -> None:
    # Four seats, button 0: SB 1, BB 2, seat 3 first. Seat 3 raises to 10 (+8);
    # seat 0 (stack 15) goes all in to 15 (+5); seat 1 (stack 20) all in to 20
    # (+5): together +10 >= 8, a full raise, so seat 3 may raise again.
    hand = deal(NL_1_2, [15, 20, 1000, 1000], button=0)
    assert hand.actor == 3
    play(hand, ("raise", 10), ("raise", 15))
    play(hand, ("raise", 20))
    play(hand, "call")                                # BB calls 20
    assert hand.actor == 3
    got = hand.legal_actions()
    assert got.call == 10 and got.raise_min == 28     # 20 + the last full raise (8)


# ----------------------------------------------------------- order and rounds

def test_preflop_starts_left_of_the_big_blind_and_flop_left_of_the_button() -> None:
    holes = ["AsKsQsJs", "AhKhQhJh", "2c3c4c5c", "2d3d4d5d", "6c7c8c9c", "6d7d8d9d"]
    hand = Hand(NL_1_2, [100] * 6, 2, holes=holes, board="TcJdQc2h3h")
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.actor) == (3, 4, 5)
    play(hand, "call", "call", "call", "call", "fold")          # seats 5, 0, 1, 2; SB folds
    assert hand.actor == 4
    play(hand, "check")
    assert hand.street == Street.FLOP and hand.actor == 4        # SB folded: next is the BB


def test_big_blind_is_live_and_has_the_option() -> None:
    hand = deal(PL_1_2, [100] * 3, button=0)
    play(hand, "call", "call")
    assert hand.actor == 2
    assert hand.legal_actions() == legal(check=True, raise_to=(4, 8))


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = deal(NL_1_2, [100, 100], button=1)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (1, 0)
    assert hand.bets == [2, 1] and hand.actor == 1
    play(hand, "call", "check")
    assert hand.street == Street.FLOP and hand.actor == 0
    play(hand, "check")
    assert hand.actor == 1


def test_round_ends_when_all_matched_or_all_in() -> None:
    hand = deal(NL_1_2, [100, 30, 100], button=0)
    play(hand, ("raise", 50), "call")                 # the SB calls all in for 29 more
    assert hand.street == Street.PREFLOP and hand.actor == 2
    play(hand, "call")
    assert hand.street == Street.FLOP                  # 50, all-in 30, 50: round over


def test_nobody_can_raise_when_nobody_could_answer() -> None:
    hand = deal(NL_1_2, [50, 200], button=0)
    play(hand, ("raise", 50))                          # button all in
    assert hand.legal_actions() == legal(call=48)


# ----------------------------------------------------- ending, uncalled, showdown

def test_all_fold_uncalled_bet_returned() -> None:
    hand = deal(PL_1_2, [200] * 3, button=0)
    play(hand, ("raise", 7), "fold", "fold")
    assert hand.is_over and not hand.showdown_order and hand.settlement is None
    assert hand.returned == [5, 0, 0]                  # 7 - the 2 anybody matched
    assert hand.payouts == [5, 0, 0]                   # blinds 1 + 2 + the matched 2
    assert hand.stacks == [203, 199, 198]
    assert hand.board == []


def test_uncalled_part_of_an_all_in_is_returned_before_showdown() -> None:
    hand = deal(NL_1_2, [100, 30], button=0)
    play(hand, ("raise", 100), "call")                 # BB calls all in for 30
    assert hand.returned == [70, 0]
    assert hand.contributions == [30, 30]
    assert sum(hand.stacks) == 130 and hand.board == list(hand._board)


def test_showing_order_last_river_aggressor_first() -> None:
    hand = deal(NL_1_2, [100] * 4, button=0)
    play(hand, "call", "call", "call", "check")
    for _ in range(2):
        play(hand, "check", "check", "check", "check")
    play(hand, "check", ("bet", 10), "call", "call", "call")     # seat 2 bets the river
    assert hand.showdown_order == [2, 3, 0, 1]


def test_showing_order_without_a_bet_starts_left_of_the_button() -> None:
    hand = deal(NL_1_2, [100] * 4, button=2)
    # Button 2: SB 3, BB 0, seat 1 first: 1 calls, 2 folds, 3 completes, 0 checks.
    play(hand, "call", "fold", "call", "check")
    for _ in range(3):
        play(hand, "check", "check", "check")
    assert hand.showdown_order == [3, 0, 1]


def test_side_pots_are_settled_with_the_showdown_api() -> None:
    # Stacks 20, 50, 100, two all in. Seat 0 has quad nines, seat 1 kings full, seat 2
    # a pair; the board allows no low. Main pot 60 -> seat 0, side pot 60 ->
    # seat 1; seat 2 keeps the 50 nobody could match.
    holes = ["9h9dAsAc", "KsKdAhJc", "2c3c4c5c"]
    board = "KhQd9c9sTd"
    hand = Hand(NL_1_2, [20, 50, 100], 0, holes=holes, board=board)
    play(hand, ("raise", 20), ("raise", 50))
    assert hand.legal_actions() == legal(call=48)      # nobody left to answer a raise
    play(hand, "call")
    assert hand.is_over
    assert hand.returned == [0, 0, 0]
    assert hand.contributions == [20, 50, 50]
    assert hand.payouts == [60, 60, 0]
    assert hand.stacks == [60, 60, 50]
    expected = showdown(board, holes, [20, 50, 50], button=0)
    assert hand.payouts == expected.payouts
    assert hand.settlement is not None and len(hand.settlement.pots) == 2


def test_folded_chips_stay_in_the_pot_as_dead_money() -> None:
    holes = ["9h9dAsAc", "KsKdAhJc", "2c3c4c5c"]
    hand = Hand(NL_1_2, [100, 100, 100], 0, holes=holes, board="KhQd9c9sTd")
    play(hand, ("raise", 10), "fold", "call")           # SB's 1 is dead money
    for _ in range(3):
        play(hand, "check", "check")
    assert hand.payouts == [21, 0, 0]
    assert hand.showdown_order == [2, 0]


def test_antes_are_dead_and_do_not_count_as_the_call() -> None:
    hand = deal(Structure.no_limit(1, 2, ante=1), [100] * 4, button=0)
    assert hand.pot == 4 + 3
    assert hand.bets == [0, 1, 2, 0]
    assert hand.legal_actions() == legal(call=2, raise_to=(4, 200 - 101))


# ------------------------------------------------------------- table and button

def test_button_moves_one_seat_and_empty_seats_sit_out() -> None:
    table = Table([100, 0, 100, 100], NL_1_2, button=0, seed=5)
    buttons = []
    for _ in range(4):
        hand = table.next_hand()
        assert hand.holes[1] is None and hand.contributions[1] == 0
        buttons.append(hand.button)
        while not hand.is_over:
            hand.act("fold" if hand.call_amount else "check")
    assert buttons == [0, 2, 3, 0]


def test_a_seat_that_goes_broke_sits_out_next_hand() -> None:
    holes = ["9h9dAsAc", "KsKdAhJc", "2c3c4c5c"]
    table = Table([100, 100, 40], NL_1_2, button=0)
    hand = table.next_hand(holes=holes, board="KhQd9c9sTd")
    play(hand, ("raise", 40), "fold", "call")           # seat 2 (40) loses to quads
    assert hand.stacks[2] == 0
    nxt = table.next_hand()
    assert nxt.holes[2] is None and nxt.button == 1
    assert (nxt.small_blind_seat, nxt.big_blind_seat) == (1, 0)   # heads-up: button is SB


def test_next_hand_refused_while_a_hand_is_on() -> None:
    table = Table([100, 100], NL_1_2)
    table.next_hand()
    with pytest.raises(ValueError, match="not over"):
        table.next_hand()


def test_mixed_game_alternates_and_raises_the_blinds() -> None:
    mixed = MixedGame(PL_1_2, hands_per_game=2)
    table = Table([500] * 3, mixed, seed=1)
    seen = []
    for _ in range(6):
        hand = table.next_hand()
        seen.append((hand.structure.limit, max(hand.bets)))
        while not hand.is_over:
            hand.act("fold" if hand.call_amount else "check")
    assert seen == [(Limit.POT, 2), (Limit.POT, 2), (Limit.FIXED, 4), (Limit.FIXED, 4),
                    (Limit.POT, 2), (Limit.POT, 2)]
    assert (mixed.fixed.small_blind, mixed.fixed.small_bet, mixed.fixed.big_bet) == (2, 4, 8)


# ------------------------------------------------------------- illegal actions

@pytest.mark.parametrize("move", [("check", None), ("bet", 10), ("raise", 3), ("raise", 8),
                                  ("raise", None), ("fold", 3), ("call", 5), ("shove", None)])
def test_illegal_actions_are_refused_and_change_nothing(move: tuple[str, int | None]) -> None:
    hand = deal(PL_1_2, [100] * 3, button=0)        # seat 0: fold, call 2, raise to 4..7
    before = snapshot(hand)
    with pytest.raises((ValueError, TypeError)) as info:
        hand.act(*move)
    assert snapshot(hand) == before
    if move[0] != "shove":
        assert "legal: fold, call 2, raise to 4..7" in str(info.value)


def test_acting_after_the_hand_is_over_is_refused() -> None:
    hand = deal(PL_1_2, [100] * 2, button=0)
    play(hand, "fold")
    assert hand.legal_actions() == LegalActions(False, False, 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="over"):
        hand.act("check")


def test_actions_by_enum_and_name_agree() -> None:
    a, b = deal(PL_1_2, [100] * 3, 0), deal(PL_1_2, [100] * 3, 0)
    a.act(Action.RAISE, 7)
    b.act("Raise", 7)
    assert snapshot(a) == snapshot(b)


# ------------------------------------------------------------------ bad input

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"stacks": [100]}, "2..10 seats"),
    ({"stacks": [100] * 11}, "2..10 seats"),
    ({"stacks": [100, -1]}, "negative"),
    ({"stacks": [100, 0, 0]}, "at least 2 seats"),
    ({"button": 5}, "button"),
    ({"stacks": [0, 100, 100]}, "no chips"),
])
def test_bad_tables_are_refused(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"stacks": [100, 100, 100], "button": 0} | kwargs
    with pytest.raises(ValueError, match=message):
        Hand(NL_1_2, args["stacks"], args["button"], seed=1)


def test_bad_cards_are_refused() -> None:
    with pytest.raises(ValueError, match=r"twice|duplicate|appears"):
        Hand(NL_1_2, [100, 100], 0, holes=["AsKsQsJs", "AsKhQhJh"], board=BOARD)
    with pytest.raises(ValueError, match="board"):
        Hand(NL_1_2, [100, 100], 0, holes=HOLES4[:2], board="9c9dTh")
    with pytest.raises(ValueError, match="sits out"):
        Hand(NL_1_2, [100, 0, 100], 0, holes=HOLES4[:3], board=BOARD)
    with pytest.raises(ValueError, match="both"):
        Hand(NL_1_2, [100, 100], 0, holes=HOLES4[:2])


def test_bad_structures_are_refused() -> None:
    with pytest.raises(ValueError, match="big blind"):
        Structure(Limit.FIXED, 1, 3, small_bet=2)
    with pytest.raises(ValueError, match="small_blind"):
        Structure.no_limit(5, 2)
    with pytest.raises(TypeError):
        Structure.pot_limit(1, 2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        MixedGame(NL_1_2, hands_per_game=6)


def test_seeded_deals_repeat_and_differ_by_seed() -> None:
    a = Hand(NL_1_2, [100] * 6, 0, seed=42)
    b = Hand(NL_1_2, [100] * 6, 0, seed=42)
    c = Hand(NL_1_2, [100] * 6, 0, seed=43)
    assert a.holes == b.holes and a._board == b._board
    assert a.holes != c.holes
    cards = [card for hole in a.holes for card in hole or []] + a._board
    assert len(set(cards)) == 29 and all(0 <= card < 52 for card in cards)
