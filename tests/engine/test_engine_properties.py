"""Properties over many seeded random self-play hands, for every structure.

At every decision an oracle written here from docs/rules.md (not from the
engine) recomputes the legal amounts from what is on the table; every action
the bots apply is checked against it. Every hand must conserve chips, refused
actions must leave the state untouched, and the button must move one seat
clockwise to the next seat with chips.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from hilo_fast.engine import Action, Hand, Street, Table
from hilo_fast.engine.selfplay import always_call, pot_every_time, random_legal
from hilo_fast.engine.structures import Limit, MixedGame, Structure

STRUCTURES = {
    "fixed": Structure.fixed_limit(2, 4),
    "fixed-15-30": Structure.fixed_limit(15, 30, small_blind=10),
    "pot": Structure.pot_limit(1, 2),
    "no": Structure.no_limit(1, 2, ante=1),
    "mixed": MixedGame(Structure.pot_limit(1, 2), hands_per_game=3),
}


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return tuple(copy.deepcopy(getattr(hand, name)) for name in Hand.__slots__
                 if hasattr(hand, name))


class RoundOracle:
    """The rule book's sizing, tracked from the actions of the current round."""

    def __init__(self, hand: Hand) -> None:
        self.street = -1
        self.sync(hand)

    def sync(self, hand: Hand) -> None:
        if hand.street != self.street:
            s = hand.structure
            self.street = hand.street
            self.increment = s.big_bet if hand.street >= Street.TURN else s.small_bet
            self.full_bets = 1 if hand.street == Street.PREFLOP and max(hand.bets) else 0
            self.short = 0
            # seats that acted since the last full bet or raise
            self.acted: set[int] = set()

    def bounds(self, hand: Hand) -> tuple[int, int, int] | None:
        """(call amount, min to, max to) or None when no bet/raise is legal."""
        s, seat = hand.structure, hand.actor
        stack, bet, cur = hand.stacks[seat], hand.bets[seat], max(hand.bets)
        to_call = cur - bet
        call = min(to_call, stack)
        live_others = [i for i in range(hand.n_seats) if i != seat and hand.holes[i] is not None
                       and hand.stacks[i] + hand.bets[i] > cur
                       and not any(a[1] == i and a[2] == Action.FOLD for a in hand.actions)]
        if (stack <= to_call or seat in self.acted or not live_others
                or (s.limit == Limit.FIXED and self.full_bets >= s.max_bets)):
            return call, 0, 0
        all_in = stack + bet
        lo = cur + self.increment
        if s.limit == Limit.FIXED:
            hi = lo
        elif s.limit == Limit.POT:
            hi = cur + sum(hand.contributions) + to_call   # pot + bets + the call, on top
        else:
            hi = all_in
        return call, min(lo, all_in), min(hi, all_in)

    def record(self, hand_before_cur: int, seat: int, action: Action, to: int | None,
               limit: Limit) -> None:
        self.acted.add(seat)
        if action in (Action.BET, Action.RAISE):
            assert to is not None
            size = to - hand_before_cur
            if size >= self.increment:
                if limit != Limit.FIXED:
                    self.increment = size
                full = True
                self.short = 0
            else:
                self.short += size
                full = self.short >= self.increment
                if full:
                    self.short = 0
            if full:
                self.full_bets += 1
                self.acted = {seat}


def probe_illegal(hand: Hand, rng: random.Random) -> None:
    """Try one illegal action; it must raise and change nothing."""
    facing = hand.current_bet > hand.bets[hand.actor]
    kind = "raise" if hand.current_bet else "bet"
    candidates: list[tuple[str, int | None]] = [("call", None) if not facing else ("check", None)]
    if hand.max_to:
        candidates.append((kind, hand.max_to + 1))
        if hand.min_to > 1:
            candidates.append((kind, hand.min_to - 1))
        candidates.append(("bet" if hand.current_bet else "raise", hand.min_to))
    else:
        candidates.append((kind, max(hand.current_bet, 1) * 2 + hand.structure.big_blind))
    move = rng.choice(candidates)
    before = snapshot(hand)
    with pytest.raises(ValueError, match="legal: "):
        hand.act(*move)
    assert snapshot(hand) == before


BOTS = (random_legal, random_legal, random_legal, always_call, pot_every_time)


@pytest.mark.parametrize("name", list(STRUCTURES))
def test_random_self_play_keeps_every_rule(name: str) -> None:
    structure = STRUCTURES[name]
    rng = random.Random(f"properties {name}")
    hands = decisions = showdowns = 0
    while hands < 300:
        n = rng.randint(2, 8)
        stacks = [rng.choice((rng.randint(1, 15), rng.randint(40, 400))) for _ in range(n)]
        bots = [rng.choice(BOTS) for _ in range(n)]
        table = Table(stacks, structure, button=rng.randrange(n), seed=rng.getrandbits(32))
        total = sum(stacks)
        previous: Hand | None = None
        for _ in range(25):
            try:
                hand = table.next_hand()
            except ValueError:
                break   # fewer than two seats with chips left
            if previous is not None:    # the button moved to the next seat with chips
                expected = (previous.button + 1) % n
                while previous.stacks[expected] == 0:
                    expected = (expected + 1) % n
                assert hand.button == expected
                assert [h is None for h in hand.holes] == [c == 0 for c in previous.stacks]
            oracle = RoundOracle(hand)
            while not hand.is_over:
                oracle.sync(hand)
                call, lo, hi = oracle.bounds(hand)
                assert (hand.call_amount, hand.min_to, hand.max_to) == (call, lo, hi), \
                    (hand.actions, hand.stacks, hand.bets)
                if rng.random() < 0.15:
                    probe_illegal(hand, rng)
                seat, cur = hand.actor, hand.current_bet
                action, amount = bots[seat](hand, rng)
                if action in (Action.BET, Action.RAISE):
                    assert amount is not None and lo <= amount <= hi
                hand.act(action, amount)
                oracle.record(cur, seat, action, amount, hand.structure.limit)
                decisions += 1
            hands += 1
            showdowns += bool(hand.showdown_order)
            # Chips conserved: in the hand, and at the table.
            assert sum(hand.stacks) == total
            assert sum(hand.payouts) == sum(hand.contributions)
            assert all(hand.starting_stacks[i] - hand.contributions[i] + hand.payouts[i]
                       == hand.stacks[i] for i in range(n))
            assert min(hand.stacks) >= 0
            previous = hand
    assert decisions > 1000 and showdowns > 30
