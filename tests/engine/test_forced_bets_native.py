"""Given forced bets in C (``hf_hand_deal_forced``) against the Python machine's
(``_py_hand.HandState.post_given_forced_bets``), action by action.

``Hand._with_forced_bets`` posts each seat's own antes and blinds (a hand
history's posts out of position, PHH's straddles and single blinds): on the C
hand where the hand is on it, else on the Python machine. Both must agree on
every field of the state after the posts and after every action, legal or
not, over random tables (2..10 seats, stacks from 1 chip, every structure,
4..6 cards, run once or twice), random posts (dead and live, all in for
less, equal posts, a named big blind) and random actions.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

import hilo_fast as hf
import hilo_fast.engine.hand as engine
from hilo_fast.engine import _py_hand

from .test_hand_native import (
    at_least_two_with_chips,
    random_action,
    random_stacks,
    random_structure,
)


def _posts(rng: random.Random, stacks: list[int], big: int
           ) -> tuple[list[int], list[int], int]:
    """Random antes, blinds and big blind seat for the seats with chips."""
    n = len(stacks)
    seated = [seat for seat in range(n) if stacks[seat]]
    antes = [0] * n
    if rng.random() < 0.3:
        ante = rng.choice([1, big // 2 or 1, big, 10**6])
        for seat in seated:
            antes[seat] = ante if rng.random() < 0.9 else rng.randint(0, 2 * ante)
    blinds = [0] * n
    for seat in rng.sample(seated, rng.randint(0, min(4, len(seated)))):
        blinds[seat] = rng.choice([1, big // 2 or 1, big, big, 2 * big, stacks[seat],
                                   stacks[seat] + 5, rng.randint(1, 4 * big)])
    posting = [seat for seat in range(n) if blinds[seat]]
    big_blind = rng.choice(posting) if posting and rng.random() < 0.4 else -1
    return antes, blinds, big_blind


def _play_both(seed: int, counts: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    structure = random_structure(rng)
    seats = rng.randint(2, 10)
    hole_count = rng.choice([4, 4, 5, 6])
    runs = rng.choice([1, 1, 1, 2])
    while seats * hole_count + 5 * runs > 52:
        seats -= 1
    stacks = random_stacks(rng, seats, structure.big_blind)
    at_least_two_with_chips(stacks)
    with_chips = [seat for seat in range(seats) if stacks[seat]]
    button = rng.choice(with_chips)
    antes, blinds, big_blind = _posts(rng, stacks, structure.big_blind)
    cards = rng.sample(range(52), len(with_chips) * hole_count + 5 * runs)
    holes: list[list[int] | None] = [None] * seats
    for k, seat in enumerate(with_chips):
        holes[seat] = cards[k * hole_count:(k + 1) * hole_count]
    board = cards[len(with_chips) * hole_count:]
    game = hf.Game(hole_cards=hole_count) if runs > 1 else None

    def make() -> Any:
        return hf.Hand._with_forced_bets(structure, stacks, button, antes=antes, blinds=blinds,
                                         holes=holes, board=board, hole_count=hole_count,
                                         game=game, runs=runs, big_blind=big_blind)

    c = make()
    with monkeypatch.context() as patch:
        patch.setattr(engine, "_c_deal_forced", None)
        py = make()
    assert py._m.__class__ is _py_hand.HandState
    if c._m.__class__ is _py_hand.HandState:   # beyond the C's chip bound
        counts["beyond the bound"] += 1
        return
    c_m, py_m = c._m, py._m
    state = c_m.state()
    assert state == py_m.state(), f"seed {seed}: after the posts"
    while state["actor"] >= 0 or state["awaiting_runs"]:
        if state["awaiting_runs"]:
            assert c_m.agree_runs(runs) == py_m.agree_runs(runs), seed
        else:
            action, amount = random_action(rng, state)
            got = c_m.act(action, amount)
            assert got == py_m.act(action, amount), f"seed {seed}: {action} {amount}"
            counts["illegal refused" if got else "actions"] += 1
        state = c_m.state()
        assert state == py_m.state(), f"seed {seed}: after {state['last']}"
    assert sum(state["stacks"]) == sum(stacks), seed
    counts["showdowns" if state["showdown_order"] else "uncontested"] += 1
    counts["no blind"] += not any(blinds)
    counts["named big blind"] += big_blind >= 0
    counts["hands"] += 1


@pytest.mark.parametrize("block", range(2))
def test_the_c_forced_bets_equal_the_python_machines(native: ModuleType,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     block: int) -> None:
    counts = dict.fromkeys(["hands", "actions", "illegal refused", "showdowns", "uncontested",
                            "no blind", "named big blind", "beyond the bound"], 0)
    for seed in range(block * 1500, (block + 1) * 1500):
        _play_both(seed, counts, monkeypatch)
    assert counts["hands"] > 1200 and counts["actions"] > 8000, counts
    assert min(counts[k] for k in counts if k != "beyond the bound") > 20, counts


@pytest.mark.parametrize("stacks, antes, blinds, big_blind", [
    ([100, 100, 100], [0, -1, 0], [0, 1, 2], -1),
    ([100, 100, 100], [0, 0, 0], [0, 1, 2**63 - 1], -1),
    ([100, 100, 100], [0, 0, 0], [0, 1, 2], 0),
    ([100, 100, 100], [0, 0, 0], [0, 1, 2], 7),
    ([100, 100, 100], [0, 0, 0], [0, 1, 2], -2),
    ([100, 0, 100], [0, 1, 0], [0, 0, 2], -1),
    ([100, 0, 100], [0, 0, 0], [0, 2, 2], -1),
])
def test_the_c_forced_deal_refuses_bad_posts(native: ModuleType, stacks: list[int],
                                             antes: list[int], blinds: list[int],
                                             big_blind: int) -> None:
    """The C call alone (the façade checks first): an error code, never a hand."""
    structure = hf.Structure.no_limit(1, 2)
    dealt = sum(1 for chips in stacks if chips)
    cards = random.Random(1).sample(range(52), dealt * 4 + 5)
    got = native.hand_deal_forced(structure, stacks, 0, 4, cards, antes, blinds, big_blind)
    assert isinstance(got, int) and got != 0
