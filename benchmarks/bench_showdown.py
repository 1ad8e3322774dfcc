"""Showdown speed: settling 6-handed all-in pots, both backends, one process.

    python benchmarks/bench_showdown.py [--deals 2000] [--repeat 5]

Each deal has six seats with different stacks (a main pot and four side
pots) and one folded seat's dead money. Reported per settlement: the best of
``--repeat`` runs over the same ``--deals`` deals, and the share of that time
spent evaluating the hands (the same ``backend.omaha`` calls, timed alone),
so the settlement's own cost is visible whatever the machine's speed. Times
are process CPU time, as the machine may be shared.
No peer library settles a hi-lo showdown on its own (pokerkit's lives inside
its game state; ``bench_selfplay.py`` compares whole hands), so the figures
are absolute and relative to the hand evaluation.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from types import ModuleType

from _pure import run_pure

from hilo_fast import showdown
from hilo_fast._backends import IN_USE

Deal = tuple[list[int], list[list[int]], list[int], list[int]]


def make_deals(count: int, seed: int = 1) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = rng.sample(range(52), 5 + 7 * 4)
        board, holes = cards[:5], [cards[5 + 4 * s:9 + 4 * s] for s in range(7)]
        stacks = rng.sample(range(10, 500), 7)
        deals.append((board, holes, stacks, [rng.randrange(7)]))
    return deals


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """Best CPU seconds of ``repeat`` runs: process time, because the machine
    may be shared and wall time then counts other processes' turns."""
    best = math.inf
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--row-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    deals = make_deals(args.deals)
    module: ModuleType = IN_USE   # what showdown() runs on in this process

    def settle_all() -> None:
        for board, holes, stacks, folded in deals:
            showdown(board, holes, stacks, folded=folded)

    def evaluate_all() -> None:
        omaha = module.omaha
        for board, holes, _, folded in deals:
            for seat, hole in enumerate(holes):
                if seat not in folded:
                    omaha(hole, board)

    settle_all()  # warm up (the pure backend fills its low cache lazily)
    settle = best_of(args.repeat, settle_all) / args.deals
    hands = best_of(args.repeat, evaluate_all) / args.deals
    row = f"{module.NAME:<10}{settle * 1e6:>19.1f}{hands / settle:>16.0%}"
    if args.row_only:
        print(row)
        return
    print(f"{args.deals} deals, 7 seats (1 folded), best of {args.repeat}")
    print(f"{'backend':<10}{'CPU us/settlement':>19}{'of which hands':>16}")
    print(row)
    if module.NAME == "native":   # the pure backend's row, from a process forcing it
        print(run_pure(__file__, *sys.argv[1:], "--row-only"), end="")
    else:
        print("native backend not built or not in use: pure Python only")

if __name__ == "__main__":
    main()
