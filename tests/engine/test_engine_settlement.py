"""How the engine pays a showdown: ``backend.settle`` at once, ``hand.settlement`` later.

The engine pays its showdowns with the backend's ``settle`` (the C
``hf_settle`` on the native backend, the shared Python pot splitting on the
pure one) and builds the full :class:`~hilo_fast.core.showdown.ShowdownResult`
only when ``hand.settlement`` is read. These tests check that the two agree
with :func:`~hilo_fast.core.showdown.showdown` called on the hand's public state,
that both backends' ``settle`` answer alike (payouts and error codes), and
that the engine plays the same hands on either backend.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hilo_fast._backends import IN_USE
from hilo_fast._backends import PURE as _pybackend
from hilo_fast.core.showdown import showdown
from hilo_fast.engine import Action, Hand
from hilo_fast.engine.selfplay import Bot, always_call, pot_every_time, random_legal, simulate
from hilo_fast.engine.structures import MixedGame, Structure

STRUCTURES: list[Structure | MixedGame] = [
    Structure.fixed_limit(2, 4),
    Structure.pot_limit(1, 2, ante=1),
    Structure.no_limit(1, 2),
    MixedGame(Structure.pot_limit(1, 2), hands_per_game=3),
]
BOTS: list[Bot] = [random_legal, pot_every_time, always_call]


def _hands(structure: Structure | MixedGame, players: int, seed: int, stack: int) -> list[Hand]:
    hands: list[Hand] = []
    simulate(60, structure, players, seed=seed, bots=BOTS, stack=stack, on_hand=hands.append)
    return hands


def _showdown_from_public_state(hand: Hand) -> tuple[list[int], list[int]]:
    """showdown()'s payouts worked out from what a caller sees, and the stacks
    they lead to. Folded seats come from the action log."""
    folded = [seat for _, seat, kind, _ in hand.actions if kind == Action.FOLD]
    result = showdown(hand.board, hand.holes, list(hand.contributions), folded=folded,
                      button=hand.button)
    stacks = [start - put + won for start, put, won in
              zip(hand.starting_stacks, hand.contributions, result.payouts, strict=True)]
    return result.payouts, stacks


@pytest.mark.parametrize("structure", STRUCTURES, ids=repr)
def test_showdowns_pay_what_showdown_pays(backend: ModuleType,
                                          structure: Structure | MixedGame) -> None:
    showdowns = side_pots = 0
    for seed in range(8):
        for hand in _hands(structure, 2 + seed, seed, stack=[10, 40, 200][seed % 3]):
            if not hand.showdown_order:
                assert hand.settlement is None
                continue
            payouts, stacks = _showdown_from_public_state(hand)
            assert hand.payouts == payouts
            assert hand.stacks == stacks
            settlement = hand.settlement
            assert settlement is not None and settlement.payouts == payouts
            assert hand.settlement is settlement          # worked out once
            assert sorted(settlement.hands) == sorted(hand.showdown_order)
            showdowns += 1
            side_pots += sum(p.contested for p in settlement.pots) > 1
    assert showdowns > 100 and side_pots > 10


def test_settlement_is_the_state_at_showdown(backend: ModuleType) -> None:
    """Read late, after the caller changed the public lists, it is still the
    settlement of the hand as it was."""
    hand = Hand(Structure.pot_limit(1, 2), [100, 100, 100], 0, seed=5)
    while hand.actor >= 0:
        hand.act(Action.CALL if hand.call_amount else Action.CHECK)
    want = showdown(hand.board, hand.holes, list(hand.contributions), button=0)
    hand.contributions[0] += 50
    settlement = hand.settlement
    assert settlement is not None
    assert settlement.payouts == want.payouts == hand.payouts
    assert settlement.pots == want.pots


def test_pots_beyond_64_bits_are_settled_by_showdown(backend: ModuleType) -> None:
    """The backends' settle sums chips in 64 bits (it refuses 2**62 or more);
    the engine then pays with showdown(), which has no bound."""
    for stacks in ([2**70, 2**70, 2**70], [2**61, 2**61, 2**61]):
        hand = Hand(Structure.no_limit(1, 2), stacks, 0, seed=8)
        hand.act(Action.RAISE, hand.max_to)   # the pot: all in
        while hand.actor >= 0:
            hand.act(Action.CALL)
        payouts, final = _showdown_from_public_state(hand)
        assert sum(hand.contributions) == 3 * stacks[0]
        assert hand.payouts == payouts and hand.stacks == final


@pytest.mark.parametrize("seed", range(4))
def test_the_engine_plays_the_same_hands_on_both_backends(
        native: ModuleType, seed: int, pure_process: Callable[[str], Any]) -> None:
    structure = STRUCTURES[seed]
    here = [(h.stacks, h.payouts, h.actions) for h in _hands(structure, 6, seed, 30)]
    assert here == pure_process(f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_engine_settlement import STRUCTURES, _hands
result = [(h.stacks, h.payouts, h.actions) for h in _hands(STRUCTURES[{seed}], 6, {seed}, 30)]
""")


# ---- backend.settle itself: both backends, payouts and error codes ----

BOARD = [44, 25, 23, 8, 7]          # Kc 8d 7s 4c 3s
LOW = [48, 1, 40, 42]               # Ac 2d Qc Qh: 7-4-3-2-A
KINGS = [45, 46, 39, 31]            # Kd Kh Js 9s: three kings


def _both(*args: object) -> list[tuple[int, list[int]]]:
    """Each backend's (return code, payouts list after the call)."""
    answers = []
    for chosen in (IN_USE, _pybackend):
        payouts = [-7] * 3
        answers.append((chosen.settle(*args, payouts), payouts))
    return answers


def test_settle_worked_example(each_backend: ModuleType) -> None:
    """Worked by hand: 3 chips each, seat 2 folded. The main pot of 9 splits
    4 to the low (seat 0), 5 to the high (seat 1, with the odd chip)."""
    payouts = [0, 0, 0]
    assert each_backend.settle(BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 3], 0, 0, payouts) == 0
    assert payouts == [4, 5, 0]
    assert each_backend.settle(BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 3], 0, 1, payouts) == 0
    assert payouts == [5, 4, 0]


@pytest.mark.parametrize(("args", "code"), [
    ((BOARD, [LOW, KINGS, None], [1, 1, 1], [3, 3, 3], 0, 0), "COUNT"),    # live seat, no cards
    ((BOARD, [LOW, KINGS, [1]], [1, 1, 0], [3, 3, -1], 0, 0), "COUNT"),    # negative chips
    ((BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 2**62], 0, 0), "COUNT"),
    ((BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 3.0], 0, 0), "COUNT"),  # chips not ints
    ((BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 3], 3, 0), "COUNT"),    # no such button
    ((BOARD, [LOW, KINGS, None], [1, 1, 0], [3, 3, 3], 0, 2), "COUNT"),    # no such rule
    ((BOARD, [LOW, KINGS, None], [0, 0, 0], [3, 3, 3], 0, 0), "COUNT"),    # nobody live
    ((BOARD, [LOW, KINGS[:3], None], [1, 1, 0], [3, 3, 3], 0, 0), "COUNT"),  # sizes differ
    ((BOARD[:4], [LOW, KINGS, None], [1, 1, 0], [3, 3, 3], 0, 0), "COUNT"),
    ((BOARD, [LOW, KINGS], [1, 1, 0], [3, 3, 3], 0, 0), "COUNT"),          # lengths differ
    ((BOARD, [LOW, [44, 46, 39, 31], None], [1, 1, 0], [3, 3, 3], 0, 0), "DUPLICATE"),
    ((BOARD, [LOW, [45, 46, 39, 52], None], [1, 1, 0], [3, 3, 3], 0, 0), "CARD"),
    ((BOARD, [LOW, [45, 46, 39, 2**40], None], [1, 1, 0], [3, 3, 3], 0, 0), "CARD"),
    ((BOARD, [LOW, [45, 46, 39, 7.0], None], [1, 1, 0], [3, 3, 3], 0, 0), "CARD"),
    ((BOARD, [LOW, bytes(KINGS), None], [1, 1, 0], [3, 3, 3], 0, 0), "CARD"),  # not a list
    ((BOARD, [[48, 48, 40, 42], [45, 46, 39, 99], None], [1, 1, 0], [3, 3, 3], 0, 0),
     "DUPLICATE"),                                                         # first error first
])
def test_settle_refuses_bad_input_alike_on_both_backends(args: tuple[object, ...],
                                                         code: str) -> None:
    want = getattr(_pybackend, f"ERR_{code}")
    assert _both(*args) == [(want, [-7] * 3)] * 2


def test_settle_reads_only_live_seats_cards(each_backend: ModuleType) -> None:
    """A folded seat's hole is never looked at (it may even be garbage)."""
    payouts = [0, 0, 0]
    holes = [LOW, KINGS, ["not", "cards"]]
    assert each_backend.settle(BOARD, holes, [1, 1, 0], [3, 3, 3], 0, 0, payouts) == 0
    assert payouts == [4, 5, 0]


def test_settle_matches_showdown_on_random_tables(each_backend: ModuleType) -> None:
    rng = random.Random(99)
    for _ in range(300):
        n = rng.randint(2, 10)
        size = rng.randint(4, min(6, 47 // n))
        deck = rng.sample(range(52), 5 + n * size)
        holes = [deck[5 + k * size:5 + (k + 1) * size] for k in range(n)]
        live = [rng.random() < 0.7 for _ in range(n)]
        live[rng.randrange(n)] = True
        chips = [rng.choice((0, 1, 5, 5, 9, 20)) for _ in range(n)]
        button, rule = rng.randrange(n), rng.randrange(2)
        payouts = [0] * n
        assert each_backend.settle(deck[:5], holes, live, chips, button, rule, payouts) == 0
        want = showdown(deck[:5], holes, chips, button=button,
                        folded=[s for s in range(n) if not live[s]],
                        odd_chip=("high", "low")[rule])
        assert payouts == want.payouts
        assert sum(payouts) == sum(chips) and min(payouts) >= 0
