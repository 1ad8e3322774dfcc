"""Self-play in C (csrc/engine/hand.c, csrc/engine/selfplay.c) against its twin, the Python engine.

The C plays the same hands as :mod:`hilo_fast.engine` only if every rule,
every shuffle and every bot choice is the same, so the tests compare the two
hand by hand: each hand's final stacks, then the whole summary. The Python
side runs on the pure backend (``on_hand`` keeps it off the C path), so no
line of the C is shared with what it is checked against.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hilo_fast.engine import Action, Hand
from hilo_fast.engine.selfplay import (
    Bot,
    _native_session,
    always_call,
    pot_every_time,
    random_legal,
    simulate,
)
from hilo_fast.engine.structures import MixedGame, Structure

# Every structure and forced-bet shape the engine knows: blinds that are not
# 1:2, a zero small blind, antes (dead money; with short stacks, antes that
# put a seat all in), fixed limit with its cap, and the mixed schedule.
STRUCTURES: list[Structure | MixedGame] = [
    Structure.fixed_limit(2, 4),
    Structure.fixed_limit(15, 30, small_blind=10),
    Structure.fixed_limit(4, 8, ante=1, max_bets=3),
    Structure.pot_limit(1, 2),
    Structure.pot_limit(0, 3, ante=2),
    Structure.no_limit(1, 2),
    Structure.no_limit(2, 5, ante=1),
    MixedGame(Structure.pot_limit(1, 2), hands_per_game=3),
]
BOT_MIXES: list[list[Bot]] = [[random_legal], [always_call], [pot_every_time],
                              [random_legal, pot_every_time, always_call],
                              [pot_every_time, random_legal]]


def _big_blind(structure: Structure | MixedGame) -> int:
    first = structure.structure_for(0) if isinstance(structure, MixedGame) else structure
    return first.big_blind


def python_stacks(hands: int, structure: Structure | MixedGame, players: int, seed: int,
                  bots: list[Bot], stack: int, hole_count: int = 4
                  ) -> tuple[list[list[int]], int, int]:
    """Each hand's final stacks, the actions and the showdowns, by the Python engine
    (``on_hand`` makes simulate play through it on any backend)."""
    log: list[list[int]] = []

    def record(hand: Hand) -> None:
        log.append(list(hand.stacks))

    summary = simulate(hands, structure, players, seed=seed, bots=bots, stack=stack,
                       on_hand=record, hole_count=hole_count)
    assert summary.engine == "Python"
    return log, summary.actions, summary.showdowns


def c_stacks(hands: int, structure: Structure | MixedGame, players: int, seed: int,
             bots: list[Bot], stack: int, hole_count: int = 4
             ) -> tuple[list[list[int]], int, int]:
    """The same, by the C, set up as simulate() sets it up."""
    rng = random.Random(seed)
    table_seed = rng.getrandbits(64)
    seat_bots = [bots[seat % len(bots)] for seat in range(players)]
    session = _native_session(structure, players, stack, seat_bots, table_seed, rng, hands,
                              hole_count)
    assert session is not None
    log = session.run(hands, log=True)
    return log, session.actions, session.showdowns


def _case(seed: int) -> tuple[Structure | MixedGame, int, list[Bot], int]:
    pick = random.Random(seed)
    structure = pick.choice(STRUCTURES)
    players = pick.randint(2, 10)
    # Short stacks make all-ins, side pots, short all-in raises and rebuys common.
    stack = pick.choice([3, 7, 20, 60, 100]) * _big_blind(structure)
    return structure, players, pick.choice(BOT_MIXES), stack


@pytest.mark.parametrize("block", range(6))
def test_c_self_play_matches_the_python_engine_hand_by_hand(native: ModuleType,
                                                            block: int) -> None:
    hands_compared = 0
    for seed in range(block * 50, block * 50 + 50):
        structure, players, bots, stack = _case(seed)
        want = python_stacks(40, structure, players, seed, bots, stack)
        got = c_stacks(40, structure, players, seed, bots, stack)
        assert got[0] == want[0], f"seed {seed}: {structure!r}, {players} seats, stack {stack}"
        assert got[1:] == want[1:], f"seed {seed}: actions, showdowns"
        hands_compared += len(got[0])
    assert hands_compared == 50 * 40


@pytest.mark.parametrize("hole_count", [5, 6])
def test_big_o_and_six_card_self_play_match_too(native: ModuleType, hole_count: int) -> None:
    for seed in range(30):
        structure, players, bots, stack = _case(seed)
        players = min(players, (52 - 5) // hole_count)   # the deck must hold every hand
        want = python_stacks(30, structure, players, seed, bots, stack, hole_count)
        got = c_stacks(30, structure, players, seed, bots, stack, hole_count)
        assert got == want, f"seed {seed}: {structure!r}, {players} seats, {hole_count} cards"


@pytest.mark.parametrize("hole_count", [3, 7, 4.0, True, "5"])
def test_simulate_refuses_a_bad_hole_count(hole_count: object) -> None:
    with pytest.raises(ValueError, match="hole_count must be 4, 5 or 6"):
        simulate(5, Structure.pot_limit(1, 2), 6, hole_count=hole_count)  # type: ignore[arg-type]


def test_simulate_refuses_more_cards_than_the_deck() -> None:
    # 9 seats x 6 cards + 5 = 59 cards: refused up front on both engines.
    with pytest.raises(ValueError, match="need 59 cards, the deck has 52"):
        simulate(5, Structure.pot_limit(1, 2), 9, hole_count=6)


def test_the_comparison_sees_all_ins_side_pots_and_rebuys(native: ModuleType) -> None:
    """The hands above are not all quiet ones: short stacks go all in and bust."""
    busts = all_in_showdowns = 0
    for seed in range(40):
        structure, players, bots, stack = _case(seed)
        hands: list[Hand] = []
        simulate(40, structure, players, seed=seed, bots=bots, stack=stack,
                 on_hand=hands.append)
        busts += sum(chips == 0 for hand in hands for chips in hand.stacks)
        all_in_showdowns += sum(
            1 for hand in hands
            if hand.settlement is not None and len(hand.settlement.pots) > 1)
    assert busts > 100 and all_in_showdowns > 50


@pytest.mark.parametrize("structure", STRUCTURES, ids=repr)
def test_simulate_gives_the_same_summary_on_both_backends(
        native: ModuleType, structure: Structure | MixedGame,
        pure_process: Callable[[str], Any]) -> None:
    done: list[int] = []
    c = simulate(700, structure, 6, seed=11, progress=done.append)
    c_done = done
    py, py_done = pure_process(f"""
import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from test_selfplay_native import STRUCTURES, simulate
done = []
result = simulate(700, STRUCTURES[{STRUCTURES.index(structure)}], 6, seed=11,
                  progress=done.append), done
""")
    assert (c.engine, py.engine) == ("C", "Python")
    assert c.net == py.net and c.rebuys == py.rebuys and sum(c.net) == 0
    assert (c.actions, c.showdowns) == (py.actions, py.showdowns)
    assert c_done == py_done == [256, 512, 700]


def test_custom_bots_and_on_hand_play_through_the_python_engine(native: ModuleType) -> None:
    def cautious(hand: Hand, rng: random.Random) -> tuple[Action, int | None]:
        return always_call(hand, rng)

    assert simulate(20, Structure.pot_limit(1, 2), 3, bots=[cautious]).engine == "Python"
    assert simulate(20, Structure.pot_limit(1, 2), 3, on_hand=lambda h: None).engine == "Python"
    assert simulate(20, Structure.pot_limit(1, 2), 3).engine == "C"


def test_stacks_too_deep_for_the_c_play_in_python_with_the_same_rules(
        native: ModuleType) -> None:
    deep = 2**50   # 6 seats x 2^50 chips passes the C's 2^52 bound: Python plays
    summary = simulate(30, Structure.no_limit(1, 2), 6, seed=4, stack=deep)
    assert summary.engine == "Python" and sum(summary.net) == 0


# ------------------------------------------------------------- the C's guards

def _session(native: ModuleType, **change: object) -> object:
    settings: dict[str, object] = {
        "games": [(2, 0, 1, 2, 0, 2, 2)], "hands_per_game": 1, "stacks": [200] * 6,
        "hole_count": 4, "bots": [0] * 6, "rebuy_to": 200,
        "deal_state": random.Random(1).getstate(), "bot_state": random.Random(2).getstate(),
        "button": 0}
    settings.update(change)
    return native.SelfPlay(**settings)


def _state(session: object) -> tuple[list[int], list[int], int, int]:
    return (session.stacks, session.rebuys, session.actions,  # type: ignore[attr-defined]
            session.showdowns)  # type: ignore[attr-defined]


@pytest.mark.parametrize("change", [
    {"games": [(3, 0, 1, 2, 0, 2, 2)]},                 # no such limit
    {"games": [(2, 0, 3, 2, 0, 2, 2)]},                 # small blind above the big
    {"games": [(2, 0, 1, 0, 0, 2, 2)]},                 # no big blind
    {"games": [(2, -1, 1, 2, 0, 2, 2)]},                # negative cap
    {"games": [(2, 0, 1, 2, -1, 2, 2)]},                # negative ante
    {"games": [(0, 4, 1, 2, 0, 0, 4)]},                 # fixed limit without a small bet
    {"hands_per_game": 0},
    {"stacks": [200] * 10, "bots": [0] * 10, "hole_count": 6},   # 65 cards: more than a deck
    {"hole_count": 3},
    {"bots": [0, 0, 0, 0, 0, 3]},                       # no such bot
    {"rebuy_to": 0},
    {"stacks": [200, 0, 0, 0, 0, 0]},                   # one seat with chips
    {"stacks": [0, 200, 200, 200, 200, 200]},           # the button has no chips
    {"stacks": [200, -5, 200, 200, 200, 200]},
    {"stacks": [2**51] * 6},                            # past the 2^52 bound
    {"button": 6},
    {"deal_state": (3, (0,) * 624 + (625,), None)},    # a read position past the words
])
def test_bad_settings_are_refused_and_change_nothing(native: ModuleType,
                                                     change: dict[str, object]) -> None:
    session = _session(native, **change)
    before = _state(session)
    with pytest.raises(RuntimeError, match="setting out of range"):
        session.run(10)  # type: ignore[attr-defined]
    assert _state(session) == before


def test_chips_past_the_bound_stop_between_two_hands(native: ModuleType) -> None:
    """Rebuys add chips; the C stops before a hand would start with more than
    2^52 (HF_MAX_CHIPS_BITS) at the table, leaving the state as the last hand ended."""
    big = 2**51
    session = _session(native, stacks=[big, big - 1], bots=[2, 2], rebuy_to=big,
                       games=[(2, 0, 1, 2, 0, 2, 2)])
    with pytest.raises(RuntimeError, match="4503599627370496 chips or more"):
        session.run(1000)  # type: ignore[attr-defined]
    stacks, rebuys, _, _ = _state(session)
    assert sum(stacks) == 2 * big - 1 and rebuys == [0, 0]   # the bust seat did not rebuy


def test_a_short_run_can_be_continued(native: ModuleType) -> None:
    """Playing 100 hands at once or as 30 + 70 gives the same hands."""
    whole = _session(native)
    parts = _session(native)
    log = whole.run(100, log=True)  # type: ignore[attr-defined]
    first = parts.run(30, log=True)  # type: ignore[attr-defined]
    assert first + parts.run(70, log=True) == log  # type: ignore[attr-defined]
    assert _state(whole) == _state(parts)
