"""Small random subgames for the solver's tests (written here, no fixtures copied)."""

from __future__ import annotations

import random

import hilo_fast as hf
from hilo_fast.cards import card_str


def random_combos(rng: random.Random, board: list[int], n: int, weighted: bool = True) -> str:
    """Range text listing n distinct random 4-card combos off the board, with weights."""
    deck = [c for c in range(52) if c not in board]
    out: dict[tuple[int, ...], int] = {}
    while len(out) < n:
        out[tuple(sorted(rng.sample(deck, 4)))] = rng.randint(1, 4) if weighted else 1
    return ",".join("".join(card_str(c) for c in hand) + (f"@{w}" if weighted else "")
                    for hand, w in out.items())


def random_board(rng: random.Random) -> list[int]:
    return rng.sample(range(52), 5)


def random_subgame(rng: random.Random, n: int = 8, *, limit: str | None = None,
                   game: str | None = None, turn: bool = False) -> hf.Subgame:
    board = random_board(rng)[:4] if turn else random_board(rng)
    limit = limit or rng.choice(["fixed", "pot", "no"])
    pot = rng.choice([20, 60, 100])
    stacks = rng.choice([10, 20] if turn else [10, 50, 200])   # a turn tree grows fast
    if limit == "fixed":
        structure = hf.Structure.fixed_limit(10)
        sizes: dict[str, object] = {"max_raises": rng.choice([0, 1] if turn else [0, 1, 3])}
    elif limit == "pot":
        structure = hf.Structure.pot_limit(5, 10)
        sizes = {"bet_sizes": rng.sample([1 / 3, 0.75, 1.0], rng.randint(1, 2)),
                 "raise_sizes": [1.0], "max_raises": rng.choice([0, 1, 2])}
    else:
        structure = hf.Structure.no_limit(5, 10)
        sizes = {"bet_sizes": rng.sample([0.5, 1.0, "allin"], rng.randint(1, 2)),
                 "raise_sizes": ["allin"], "max_raises": rng.choice([0, 1])}
    return hf.Subgame(board, ranges=(random_combos(rng, board, n), random_combos(rng, board, n)),
                      pot=pot, stacks=stacks, structure=structure, game=game,
                      **sizes)  # type: ignore[arg-type]
