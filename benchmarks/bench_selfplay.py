"""Self-play speed: hands per second with random legal bots, ours and pokerkit's.

    python benchmarks/bench_selfplay.py [--hands 20000] [--pokerkit-hands 300] [--repeat 3]

The same setup on both sides: 6 seats of 100 big blinds (1/2 blinds; fixed
limit 2/4), a new hand from a fresh shuffle each time, every seat a random
legal bot (a uniformly random kind of action, never folding when it could
check, a uniformly random legal amount), played to the end and settled.
Ours runs through :func:`hilo_fast.simulate` (button moving, rebuys, chip
check after every hand); pokerkit runs the same loop on its ``State`` with
the Omaha high and 8-or-better low hands and its own dealing automations.
One process, one core; each figure is the best of ``--repeat`` runs and also
reports CPU time, because the machine may be shared.
"""

from __future__ import annotations

import argparse
import math
import random
import time
import warnings
from collections.abc import Callable

import hilo_fast
from hilo_fast import MixedGame, Structure, simulate

PLAYERS = 6
STRUCTURES: dict[str, Structure | MixedGame] = {
    "fixed-limit 2/4": Structure.fixed_limit(2, 4),
    "pot-limit 1/2": Structure.pot_limit(1, 2),
    "no-limit 1/2": Structure.no_limit(1, 2),
    "mixed (PL 1/2, FL 4/8)": MixedGame(Structure.pot_limit(1, 2), hands_per_game=PLAYERS),
}


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """(best wall seconds, CPU seconds of that run)."""
    best = (math.inf, math.inf)
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        best = min(best, (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def settlement_share(hands: int, structure: Structure | MixedGame, seed: int) -> float:
    """The fraction of self-play CPU time spent inside the showdown API (issue 3's
    ``hilo_fast.showdown``), measured by timing each call in one extra run."""
    import hilo_fast.engine as engine

    real = engine.showdown
    spent = 0.0

    def timed(*args: object, **kwargs: object) -> object:
        nonlocal spent
        start = time.process_time()
        try:
            return real(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            spent += time.process_time() - start

    engine.showdown = timed  # type: ignore[assignment]
    try:
        start = time.process_time()
        simulate(hands, structure, PLAYERS, seed=seed)
        total = time.process_time() - start
    finally:
        engine.showdown = real
    return spent / total


def pokerkit_loop(hands: int, limit: str, seed: int) -> Callable[[], object] | None:
    """A closure playing ``hands`` pokerkit hands with random legal bots."""
    try:
        import pokerkit as pk
    except ImportError:
        return None
    automations = tuple(pk.Automation)   # everything but the players' decisions
    betting = {"pot": pk.BettingStructure.POT_LIMIT, "no": pk.BettingStructure.NO_LIMIT,
               "fixed": pk.BettingStructure.FIXED_LIMIT}[limit]
    small, big = (2, 4) if limit == "fixed" else (2, 2)
    cap = 4 if limit == "fixed" else None
    opening = pk.Opening.POSITION
    streets = (pk.Street(False, (False,) * 4, 0, False, opening, small, cap),
               pk.Street(True, (), 3, False, opening, small, cap),
               pk.Street(True, (), 1, False, opening, big, cap),
               pk.Street(True, (), 1, False, opening, big, cap))

    def run() -> None:
        rng = random.Random(seed)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for _ in range(hands):
                state = pk.State(automations, pk.Deck.STANDARD,
                                 (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand), streets,
                                 betting, True, 0, (1, 2), 0, 200, PLAYERS,
                                 mode=pk.Mode.CASH_GAME)
                while state.status:
                    can_raise = state.can_complete_bet_or_raise_to()
                    facing = state.checking_or_calling_amount
                    kinds = 3 if can_raise else 2
                    pick = int(rng.random() * kinds)
                    if facing and pick == 0:
                        state.fold()
                    elif pick <= 1 or not can_raise:
                        state.check_or_call()
                    else:
                        lo = state.min_completion_betting_or_raising_to_amount
                        hi = state.max_completion_betting_or_raising_to_amount
                        assert lo is not None and hi is not None
                        state.complete_bet_or_raise_to(lo + int(rng.random() * (hi - lo + 1)))
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="our hands per run")
    parser.add_argument("--pokerkit-hands", type=int, default=300,
                        help="pokerkit hands per run (0 to skip)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"hilo-fast {hilo_fast.__version__} ({hilo_fast.BACKEND} backend), {PLAYERS} seats, "
          f"random legal bots, best of {args.repeat}")
    print(f"{'engine':<10}{'structure':<26}{'hands':>8}{'hands/s':>12}{'CPU hands/s':>13}"
          f"{'showdowns':>11}{'in showdown()':>15}")
    for name, structure in STRUCTURES.items():
        summary = simulate(args.hands, structure, PLAYERS, seed=args.seed)   # warm-up + counts
        wall, cpu = best_of(args.repeat, lambda s=structure: simulate(args.hands, s, PLAYERS,
                                                                     seed=args.seed))
        share = settlement_share(args.hands, structure, args.seed)
        print(f"{'hilo-fast':<10}{name:<26}{args.hands:>8}{args.hands / wall:>12,.0f}"
              f"{args.hands / cpu:>13,.0f}{summary.showdowns / args.hands:>11.0%}"
              f"{share:>15.0%}")
    if args.pokerkit_hands:
        for limit, name in (("fixed", "fixed-limit 2/4"), ("pot", "pot-limit 1/2"),
                            ("no", "no-limit 1/2")):
            run = pokerkit_loop(args.pokerkit_hands, limit, args.seed)
            if run is None:
                print("pokerkit not installed: skipped")
                break
            wall, cpu = best_of(args.repeat, run)
            print(f"{'pokerkit':<10}{name:<26}{args.pokerkit_hands:>8}"
                  f"{args.pokerkit_hands / wall:>12,.0f}{args.pokerkit_hands / cpu:>13,.0f}"
                  f"{'':>11}")


if __name__ == "__main__":
    main()
