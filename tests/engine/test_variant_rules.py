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


def _check_down(hand: hf.Hand) -> None:
    while not hand.is_over and not hand.awaiting_runs:
        hand.act("call" if hand.call_amount else "check")


def test_double_board_deals_two_boards_street_by_street() -> None:
    hand = hf.Hand(Structure.pot_limit(1, 2), [100] * 3, 0, seed=8, game="double-board")
    assert hand.boards == [[], []]
    hand.act("call"), hand.act("call"), hand.act("check")
    first, second = hand.boards
    assert len(first) == len(second) == 3 and not set(first) & set(second)
    assert hand.board == first
    hand.act("check"), hand.act("check"), hand.act("check")
    assert [len(b) for b in hand.boards] == [4, 4] and hand.boards[0][:3] == first
    _check_down(hand)
    dealt = {c for hole in hand.holes if hole for c in hole}
    assert len(dealt | set(hand.boards[0]) | set(hand.boards[1])) == 12 + 10
    # paid as the core's showdown on both boards pays (issue 26's settlement)
    assert hand.payouts == hf.showdown(None, hand.holes, [2, 2, 2], boards=hand.boards).payouts
    assert hand.settlement is not None and hand.settlement.payouts == hand.payouts


def test_a_double_board_of_given_cards_and_a_scoop_of_both() -> None:
    holes = [parse_cards("AhKh2c3d"), parse_cards("QsQd9c8c")]
    board = parse_cards("Kd7h4s5hJc" "QhTd6c2s3s")   # the first board, then the second
    hand = hf.Hand(Structure.no_limit(1, 2), [50, 50], 0, holes=holes, board=board,
                   game="double-board")
    hand.act("raise", 50), hand.act("call")
    assert hand.is_over and hand.boards == [board[:5], board[5:]]
    # board 1: kings for seat 0 high, A-2-4-5-7 low for seat 0: 50 chips
    # board 2: queens (three) for seat 1 high, seat 0's A-2-3-6 + ... low: quartered
    assert hand.payouts == hf.showdown(None, holes, [50, 50], boards=hand.boards).payouts
    assert sum(hand.payouts) == 100


def test_run_it_twice_when_everyone_agrees() -> None:
    s = Structure.no_limit(1, 2)
    hand = hf.Hand(s, [40, 40, 40], 0, seed=9, runs=2)
    hand.act("raise", 40), hand.act("call"), hand.act("call")
    assert hand.awaiting_runs and hand.actor == -1 and not hand.is_over
    with pytest.raises(ValueError, match=r"runs must be 1\.\.2"):
        hand.run_it(3)
    with pytest.raises(ValueError):
        hand.act("check")
    hand.run_it(2)
    assert hand.is_over and len(hand.boards) == 2 and hand.boards[0] != hand.boards[1]
    assert sum(hand.stacks) == 120
    assert hand.payouts == hf.showdown(None, hand.holes, [40] * 3, boards=hand.boards).payouts
    with pytest.raises(ValueError, match="not waiting"):
        hand.run_it(1)


def test_runs_share_the_cards_dealt_before_the_all_in() -> None:
    hand = hf.Hand(Structure.pot_limit(1, 2), [30, 30], 0, seed=10, runs=3)
    hand.act("call"), hand.act("check")                  # pre-flop
    hand.act("bet", 4), hand.act("raise", 16), hand.act("raise", 28)
    hand.act("call")                                     # all in on the flop
    assert hand.awaiting_runs and len(hand.board) == 3
    flop = hand.board
    hand.run_it(3)
    assert [b[:3] for b in hand.boards] == [flop] * 3
    assert len({tuple(b[3:]) for b in hand.boards}) == 3
    once = hf.Hand(Structure.pot_limit(1, 2), [30, 30], 0, seed=10, runs=3)
    for act in (("call",), ("check",), ("bet", 4), ("raise", 16), ("raise", 28), ("call",)):
        once.act(*act)
    once.run_it(1)                                       # somebody said no: once
    assert len(once.boards) == 1 and once.boards[0] == hand.boards[0]


def test_bots_agree_to_runs_in_play() -> None:
    def shove(hand: hf.Hand, rng: object) -> tuple[str, int | None]:
        if hand.max_to:
            return ("raise" if hand.current_bet else "bet"), hand.max_to
        return ("call" if hand.call_amount else "check"), None

    def once_only(view: object, offered: int) -> int:
        return 1

    hand = hf.Hand(Structure.no_limit(1, 2), [20, 20, 20], 0, seed=11, runs=2)
    hand.play(shove)
    assert hand.is_over and len(hand.boards) == 2    # a bot without agree_runs agrees
    shy = lambda hand, rng: shove(hand, rng)  # noqa: E731
    shy.agree_runs = once_only  # type: ignore[attr-defined]
    hand = hf.Hand(Structure.no_limit(1, 2), [20, 20, 20], 0, seed=11, runs=2)
    hand.play([shove, shy, shove])
    assert hand.is_over and len(hand.boards) == 1    # the fewest answered
    with pytest.raises(ValueError, match="one board only"):
        hf.Hand(Structure.no_limit(1, 2), [20, 20], 0, seed=1, runs=2, game="double-board")


@pytest.mark.parametrize("game", ["omaha8", "high", "courchevel", "double-board",
                                  "double-board-high", "omahahi5"])
def test_payouts_are_the_core_showdowns_and_chips_are_conserved(game: str) -> None:
    import random
    rng = random.Random(game)
    for _ in range(60):
        seats = rng.randint(2, 6)
        stacks = [rng.choice([1, 2, 5, 30, 200]) for _ in range(seats)]
        runs = 1 if hf.Game.named(game).boards > 1 else rng.choice([1, 2, 3])
        hand = hf.Hand(Structure.pot_limit(1, 2, straddle=rng.choice([0, 4])), stacks, 0,
                       seed=rng.getrandbits(32), game=game, runs=runs)
        while not hand.is_over:
            if hand.awaiting_runs:
                hand.run_it(rng.randint(1, runs))
                continue
            legal = hand.legal_actions()
            if legal.raise_max and rng.random() < 0.3:
                hand.act("raise", rng.randint(legal.raise_min, legal.raise_max))
            elif legal.bet_max and rng.random() < 0.3:
                hand.act("bet", rng.randint(legal.bet_min, legal.bet_max))
            else:
                hand.act("call" if hand.call_amount else "check")
        assert sum(hand.stacks) == sum(stacks)
        if hand.showdown_order:
            assert hand.settlement is not None and hand.settlement.payouts == hand.payouts
