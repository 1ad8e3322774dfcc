"""The games of issue 26 in the engine, C against Python action by action:
Omaha high, Courchevel's exposed card, 5 and 6 hole cards, double board, run it
N times (the runs agreed at random, sometimes refused), straddles, a single
blind and bomb pots, over 2-10 seats and stacks from 1 chip (the same random
play as tests/engine/test_hand_native.py, whose helpers it reuses)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from hilo_fast import Game
from hilo_fast._backends import PURE as _pybackend
from hilo_fast.engine.structures import Limit, Structure

from .test_hand_native import at_least_two_with_chips, deal_cards, random_action, random_stacks

GAMES = [Game(), Game(split="high"), Game.named("courchevel"), Game(hole_cards=5, split="high"),
         Game(hole_cards=6, split="high"), Game(hole_cards=6),
         Game(hole_cards=5, exposed=1, split="high"), Game(boards=2), Game(boards=2, split="high"),
         Game(boards=2, hole_cards=5, exposed=1)]


def random_variant_structure(rng: random.Random) -> Structure:
    """A structure with one of the table's options (or none)."""
    big = rng.choice([1, 2, 2, 5, 10])
    small = rng.choice([0, 1, big // 2, big])
    limit = rng.choice(list(Limit))
    option = rng.choice(["none", "straddle", "single", "bomb", "straddle+single"])
    kwargs: dict[str, Any] = {}
    if "straddle" in option:
        kwargs["straddle"] = 2 * big if limit is not Limit.NO else rng.choice([2 * big, 3 * big])
    if "single" in option:
        kwargs["single_blind"] = True
    if option == "bomb":
        kwargs["bomb_pot"] = rng.choice([1, big, 3 * big])
    else:
        kwargs["ante"] = rng.choice([0, 0, 1])
    if limit is Limit.FIXED:
        return Structure.fixed_limit(big, 2 * big, small_blind=small,
                                     max_bets=rng.choice([1, 2, 3, 4]), **kwargs)
    make = Structure.pot_limit if limit is Limit.POT else Structure.no_limit
    return make(small, big, **kwargs)


def play_both(native: ModuleType, seed: int, counts: dict[str, int]) -> None:
    rng = random.Random(seed)
    structure = random_variant_structure(rng)
    game = rng.choice(GAMES)
    runs = 1 if game.boards > 1 or rng.random() < 0.4 else rng.randint(2, 4)
    hole_count = game.hole_cards
    seats = rng.randint(2, 10)
    boards = max(game.boards, runs)
    while seats * hole_count + 5 * boards > 52:
        seats -= 1
    stacks = random_stacks(rng, seats, structure.big_blind)
    at_least_two_with_chips(stacks)
    with_chips = [seat for seat in range(seats) if stacks[seat]]
    button = rng.choice(with_chips)
    cards = deal_cards(rng, len(with_chips) * hole_count + 5 * boards)
    c = native.hand_deal(structure, stacks, button, hole_count, cards, game=game, runs=runs)
    py = _pybackend.hand_deal(structure, stacks, button, hole_count, cards, game=game,
                              runs=runs)
    if isinstance(c, int) or isinstance(py, int):
        assert isinstance(c, int) and isinstance(py, int), (seed, c, py)
        counts["refused deals"] += 1
        return
    state = c.state()
    assert state == py.state(), f"seed {seed}: after the deal"
    counts["straddled"] += state["straddle_seat"] >= 0
    counts["bomb pots"] += bool(structure.bomb_pot)
    while state["actor"] >= 0 or state["awaiting_runs"]:
        if state["awaiting_runs"]:
            agreed = rng.choice([0, 1, runs, runs, rng.randint(1, runs), runs + 1])
            got = c.agree_runs(agreed)
            assert got == py.agree_runs(agreed), f"seed {seed}: runs {agreed}"
            counts["runs refused" if got else "runs agreed"] += 1
            counts["run more than once"] += not got and agreed > 1
            state = c.state()
            assert state == py.state(), f"seed {seed}: after runs {agreed}"
            continue
        action, amount = random_action(rng, state)
        got = c.act(action, amount)
        assert got == py.act(action, amount), f"seed {seed}: {action} {amount}"
        counts["illegal refused" if got else "actions"] += 1
        state = c.state()
        assert state == py.state(), f"seed {seed}: after {action} {amount}"
    assert sum(state["stacks"]) == sum(stacks), f"seed {seed}: chips not conserved"
    counts["showdowns" if state["showdown_order"] else "uncontested"] += 1
    counts["high showdowns"] += bool(state["showdown_order"]) and game.split == "high"
    counts["double board showdowns"] += bool(state["showdown_order"]) and game.boards == 2
    counts["hands"] += 1


@pytest.mark.parametrize("block", range(3))
def test_variants_c_equals_python_action_by_action(native: ModuleType, block: int) -> None:
    counts = dict.fromkeys(["hands", "actions", "illegal refused", "refused deals", "showdowns",
                            "uncontested", "straddled", "bomb pots", "high showdowns",
                            "double board showdowns", "runs agreed", "runs refused",
                            "run more than once"], 0)
    for seed in range(block * 1500, (block + 1) * 1500):
        play_both(native, seed, counts)
    assert counts["hands"] > 1300 and counts["actions"] > 8000, counts
    assert min(counts.values()) > 20, counts
