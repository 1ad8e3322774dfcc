"""Self-play of the engine's variants: the C session (csrc/engine/selfplay.c)
against simulate() through the Python engine, hand by hand, over every game
and table option; and Table/simulate taking a game."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast.engine import Hand
from hilo_fast.engine.selfplay import _native_session, always_call, pot_every_time, random_legal
from hilo_fast.engine.structures import MixedGame, Structure

STRUCTURES: list[Structure | MixedGame] = [
    Structure.pot_limit(1, 2, straddle=4),
    Structure.no_limit(1, 2, straddle=6, ante=1),
    Structure.fixed_limit(2, 4, straddle=4),
    Structure.no_limit(1, 2, single_blind=True),
    Structure.fixed_limit(2, 4, single_blind=True, straddle=4),
    Structure.pot_limit(1, 2, bomb_pot=4),
    Structure.fixed_limit(2, 4, bomb_pot=2),
    MixedGame(Structure.pot_limit(1, 2, straddle=4), hands_per_game=2),
]
GAMES = ["omaha8", "high", "courchevel", "omahahi5", "omaha86", "double-board",
         "double-board-high"]


def both(structure: Structure | MixedGame, players: int, seed: int, stack: int,
         game: str) -> tuple[list[list[int]], list[list[int]]]:
    log: list[list[int]] = []
    bots = [random_legal, pot_every_time, always_call]
    summary = hf.simulate(25, structure, players, seed=seed, bots=bots, stack=stack,
                          on_hand=lambda hand: log.append(list(hand.stacks)), game=game)
    assert summary.engine == "Python"
    rng = random.Random(seed)
    table_seed = rng.getrandbits(64)
    seat_bots = [bots[seat % 3] for seat in range(players)]
    session = _native_session(structure, players, stack, seat_bots, table_seed, rng, 25,
                              hf.Game.named(game))
    assert session is not None
    return session.run(25, log=True), log


@pytest.mark.parametrize("game", GAMES)
def test_c_self_play_of_each_game_matches_the_python_engine(native: ModuleType,
                                                            game: str) -> None:
    for seed in range(16):
        pick = random.Random(seed)
        structure = pick.choice(STRUCTURES)
        players = pick.randint(2, 7 if game == "omaha86" else 9)
        stack = pick.choice([1, 3, 10, 60]) * 2
        got, want = both(structure, players, seed, stack, game)
        assert got == want, f"seed {seed}: {structure!r}, {players} seats, {game}"


def test_table_and_simulate_take_a_game() -> None:
    table = hf.Table([100] * 3, Structure.pot_limit(1, 2), seed=1, game="courchevel")
    hand = table.next_hand()
    assert hand.game == hf.Game.named("courchevel") and len(hand.board) == 1
    assert table.hole_count == 5
    hands: list[Hand] = []
    summary = hf.simulate(30, Structure.pot_limit(1, 2), 4, game="high", on_hand=hands.append)
    assert "omahahi" in summary.structure or "high" in summary.structure
    assert all(h.game.split == "high" for h in hands)
    assert hf.simulate(30, Structure.pot_limit(1, 2), 4, hole_count=5).structure.endswith(
        "5 hole cards")
    with pytest.raises(ValueError, match="unknown game"):
        hf.simulate(3, Structure.pot_limit(1, 2), 4, game="stud")


def test_the_plo_plo8_mix_alternates_the_games(native: ModuleType) -> None:
    table = hf.Table([100] * 3, Structure.pot_limit(1, 2), seed=2, game=["high", "omaha8"],
                     hands_per_game=2)
    splits = []
    for _ in range(6):
        hand = table.next_hand(rebuy_to=100)
        splits.append(hand.game.split)
        hand.play(random_legal, random.Random(1))
    assert splits == ["high", "high", "hilo", "hilo", "high", "high"]
    for structure in (Structure.pot_limit(1, 2), MixedGame(Structure.pot_limit(1, 2),
                                                             hands_per_game=3)):
        both = [hf.simulate(300, structure, 4, seed=5, game=["high", "omaha8"], bots=["pot"],
                            on_hand=on_hand) for on_hand in (None, lambda hand: None)]
        assert [s.engine for s in both] == ["C", "Python"]
        assert both[0].net == both[1].net and both[0].showdowns == both[1].showdowns
    with pytest.raises(ValueError, match="same hole cards"):
        hf.Table([100] * 3, Structure.pot_limit(1, 2), game=["high", "courchevel"])
