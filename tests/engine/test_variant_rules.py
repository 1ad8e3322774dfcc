"""Hand-written rule spots of the engine's variants (docs/engine.md, Variants):
who acts first with a straddle, the pot limit with it, a single blind, a bomb
pot's first bet, Courchevel's exposed card, Omaha high's settlement."""

from __future__ import annotations

import pytest

import hilo_fast as hf
from hilo_fast.cards import parse_cards
from hilo_fast.engine.structures import Structure


def test_the_straddle_acts_last_preflop_and_raises_are_by_it() -> None:
    hand = hf.Hand(Structure.pot_limit(1, 2, straddle=4), [100] * 6, 0, seed=1)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (1, 2)
    assert hand.bets == [0, 1, 2, 4, 0, 0] and hand.pot == 7
    assert hand.actor == 4                       # the seat left of the straddle
    legal = hand.legal_actions()
    # minimum: the straddle again (to 8); maximum: call 4, pot 11, on top: 4 + 11 = 15
    assert (legal.call, legal.raise_min, legal.raise_max) == (4, 8, 15)
    for _ in range(3):                           # seats 4, 5, 0 call
        hand.act("call")
    hand.act("call")                             # the small blind adds 3
    hand.act("call")                             # the big blind adds 2
    assert hand.actor == 3 and hand.pot == 24    # the straddle has the option
    legal = hand.legal_actions()
    assert legal.check and (legal.raise_min, legal.raise_max) == (8, 28)
    hand.act("check")
    assert hand.street == hf.Street.FLOP and hand.actor == 1   # after the flop: as usual


def test_a_straddle_needs_three_seats_and_is_posted_by_the_button_three_handed() -> None:
    heads_up = hf.Hand(Structure.pot_limit(1, 2, straddle=4), [100, 100], 0, seed=1)
    assert heads_up.bets == [1, 2] and heads_up.actor == 0   # no straddle heads-up
    three = hf.Hand(Structure.pot_limit(1, 2, straddle=4), [100] * 3, 0, seed=1)
    assert three.bets == [4, 1, 2] and three.actor == 1      # the small blind acts first


def test_a_fixed_limit_straddle_is_the_second_bet() -> None:
    hand = hf.Hand(Structure.fixed_limit(2, 4, straddle=4), [100] * 5, 0, seed=2)
    assert hand.bet_count == 2 and hand.actor == 4
    assert hand.legal_actions().raise_min == hand.legal_actions().raise_max == 6
    hand.act("raise", 6)
    hand.act("raise", 8)                         # the cap (4 bets)
    assert hand.legal_actions().raise_max == 0
    with pytest.raises(ValueError):
        Structure.fixed_limit(2, 4, straddle=6)  # a straddle is twice the big blind


def test_a_single_blind() -> None:
    hand = hf.Hand(Structure.no_limit(1, 2, single_blind=True), [100] * 4, 0, seed=3)
    assert hand.bets == [0, 2, 0, 0] and hand.pot == 2
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.actor) == (-1, 1, 2)
    heads_up = hf.Hand(Structure.no_limit(1, 2, single_blind=True), [100, 100], 0, seed=3)
    assert heads_up.bets == [0, 2] and heads_up.actor == 0   # the button acts first pre-flop
    heads_up.act("call")
    heads_up.act("check")
    assert heads_up.street == hf.Street.FLOP and heads_up.actor == 1   # and last after


def test_a_bomb_pots_first_bet_is_on_the_flop() -> None:
    hand = hf.Hand(Structure.pot_limit(1, 2, bomb_pot=5), [100] * 4, 2, seed=4)
    assert hand.street == hf.Street.FLOP and len(hand.board) == 3
    assert hand.pot == 20 and hand.contributions == [5] * 4 and hand.bets == [0] * 4
    assert hand.actor == 3                                   # left of the button
    legal = hand.legal_actions()
    assert legal.check and (legal.bet_min, legal.bet_max) == (2, 20)   # up to the pot
    fixed = hf.Hand(Structure.fixed_limit(2, 4, bomb_pot=3), [50] * 3, 0, seed=4)
    assert fixed.street == hf.Street.FLOP and fixed.legal_actions().bet_max == 2
    # every seat all in on its ante: the board runs out, the pot is settled
    broke = hf.Hand(Structure.pot_limit(1, 2, bomb_pot=5), [5, 3, 5], 0, seed=5)
    assert broke.is_over and sum(broke.stacks) == 13 and len(broke.board) == 5


def test_courchevel_shows_the_first_flop_card_before_the_first_round() -> None:
    hand = hf.Hand(Structure.pot_limit(1, 2), [100] * 3, 0, seed=6, game="courchevel")
    assert all(len(hole) == 5 for hole in hand.holes if hole is not None)
    first = hand.board
    assert len(first) == 1 and hand.street == hf.Street.PREFLOP
    hand.act("call"), hand.act("call"), hand.act("check")
    assert hand.street == hf.Street.FLOP and hand.board[:1] == first and len(hand.board) == 3


def test_omaha_high_pays_no_low() -> None:
    holes = [parse_cards("Ah 2h Kc Kd"), parse_cards("Qs Qh 9c 8c")]
    board = parse_cards("Ks 7d 4s 3h Jc")          # seat 0: kings and the nut low
    plays = {}
    for game in (hf.Game(), hf.Game(split="high")):
        hand = hf.Hand(Structure.pot_limit(1, 2), [50, 50], 0, holes=holes, board=board,
                       game=game)
        hand.act("raise", 6)
        hand.act("call")
        while not hand.is_over:
            hand.act("check")
        plays[game.split] = hand.payouts
    assert plays["hilo"] == [12, 0] and plays["high"] == [12, 0]   # kings scoop either way
    holes = [parse_cards("Ah 2h 9d Td"), parse_cards("Qs Qh 9c 8c")]
    for game, paid in ((hf.Game(), [6, 6]), (hf.Game(split="high"), [0, 12])):
        hand = hf.Hand(Structure.pot_limit(1, 2), [50, 50], 0, holes=holes, board=board,
                       game=game)
        hand.act("raise", 6)
        hand.act("call")
        while not hand.is_over:
            hand.act("check")
        assert hand.payouts == paid, game


def test_game_and_hole_count_arguments() -> None:
    s = Structure.pot_limit(1, 2)
    assert hf.Hand(s, [50, 50], 0, seed=1, hole_count=5).game == hf.Game(hole_cards=5)
    assert hf.Hand(s, [50, 50], 0, seed=1, game="omaha85").holes[0] is not None
    with pytest.raises(ValueError, match="disagrees"):
        hf.Hand(s, [50, 50], 0, seed=1, hole_count=4, game=hf.Game(hole_cards=5))
    with pytest.raises(TypeError, match="game"):
        hf.Hand(s, [50, 50], 0, seed=1, game=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bomb"):
        Structure.pot_limit(1, 2, ante=1, bomb_pot=5)
