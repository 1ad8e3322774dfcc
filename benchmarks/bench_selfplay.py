"""Self-play speed: hands per second with random legal bots, ours and pokerkit's.

    python benchmarks/bench_selfplay.py [--hands 200000] [--python-hands 20000]
                                        [--pokerkit-hands 300] [--repeat 3]
                                        [--executor-hands 400000] [--workers 2]

The same setup on both sides: 6 seats of 100 big blinds (1/2 blinds; fixed
limit 2/4), a new hand from a fresh shuffle each time, every seat a random
legal bot (a uniformly random kind of action, never folding when it could
check, a uniformly random legal amount), played to the end and settled.
Ours runs through :func:`hilo_fast.simulate` (button moving, rebuys, chip
check after every hand) three ways, on the same hands: the built-in bots
played in C (what ``simulate`` does with the native backend), a Python bot
driving :class:`hilo_fast.engine.Hand` one decision at a time (what a user's
own bot gets), and the pure-Python backend. pokerkit runs the same loop on
its ``State`` with the Omaha high and 8-or-better low hands and its own
dealing automations. One process, one core; each figure is the best of
``--repeat`` runs and also reports CPU time, because the machine may be
shared. The last column is the CPU speed over pokerkit's on that structure.

Two more tables. "Python bot that checks or calls" (issue 15's speed
check): a bot of the user's that always checks or calls (24 decisions a
hand at 6 seats) driving ``engine.Hand`` (``simulate`` plays it with
``Hand.play``) on the native backend and, on the same hands, on the pure
one (a child process with ``HILO_FAST_PUREPYTHON=1``), in CPU hands per
second and CPU microseconds per decision, with the ratios the issue asks
for: native over pure (>= 4x), and native over the native rate before the
issue (>= 3x), measured with this same loop on the development machine at
commit 65af820 (BEFORE_* below; the issue's text measured 5,100 hands/s
elsewhere). "simulate over an executor": the built-in bots' hands cut into
seeded chunks (``simulate(..., executor=)``) on a thread pool and on a Dask
``LocalCluster`` of worker processes, beside one thread.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial

from _pure import run_pure

import hilo_fast
from hilo_fast import MixedGame, Structure, simulate
from hilo_fast.engine import Hand
from hilo_fast.engine.selfplay import Decision, always_call, random_legal

PLAYERS = 6
#: The check-or-call Python bot's native rate before issue 15 (commit 65af820,
#: this loop, the development machine, CPU time): hands/s and us per decision.
BEFORE_RATE, BEFORE_US = 21_287, 1.96
#: The issue's targets: native over pure, native over BEFORE_RATE, the C bots.
TARGET_VS_PURE, TARGET_VS_BEFORE, TARGET_C_HANDS = 4.0, 3.0, 900_000
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


def python_engine_bot(hand: Hand, rng: random.Random) -> Decision:
    """random_legal under another name: simulate() then plays through the Python
    engine (engine.Hand, one act() per decision), as it does for any bot of
    the user's; the decisions and the hands are the same as the C's."""
    return random_legal(hand, rng)


def check_or_call_bot(hand: Hand, rng: random.Random) -> Decision:
    """A user's bot that always checks or calls (simulate plays it through Hand)."""
    return always_call(hand, rng)


def check_or_call_rate(hands: int, seed: int, repeat: int) -> tuple[float, float]:
    """(hands per CPU second, CPU microseconds per decision) of check_or_call_bot."""
    structure = STRUCTURES["pot-limit 1/2"]
    summary = simulate(hands, structure, PLAYERS, seed=seed, bots=[check_or_call_bot])
    _, cpu = best_of(repeat, partial(simulate, hands, structure, PLAYERS, seed=seed,
                                     bots=[check_or_call_bot]))
    return hands / cpu, cpu / summary.actions * 1e6


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
    parser.add_argument("--hands", type=int, default=200_000, help="hands per C run")
    parser.add_argument("--python-hands", type=int, default=20_000,
                        help="hands per run of the Python engine (both backends)")
    parser.add_argument("--pokerkit-hands", type=int, default=300,
                        help="pokerkit hands per run (0 to skip)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--executor-hands", type=int, default=400_000,
                        help="hands of the executor table (0 to skip)")
    parser.add_argument("--workers", type=int, default=2, help="threads / Dask workers")
    parser.add_argument("--pure-rows", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    limits = {"fixed-limit 2/4": "fixed", "pot-limit 1/2": "pot", "no-limit 1/2": "no"}
    pokerkit_cpu: dict[str, float] = {}
    if args.pokerkit_hands and not args.pure_rows:
        for name, limit in limits.items():
            run = pokerkit_loop(args.pokerkit_hands, limit, args.seed)
            if run is None:
                print("pokerkit not installed: its rows are skipped")
                break
            pokerkit_cpu[name] = args.pokerkit_hands / best_of(args.repeat, run)[1]

    if not args.pure_rows:
        print(f"hilo-fast {hilo_fast.__version__} ({hilo_fast.BACKEND} backend), {PLAYERS} seats, "
              f"random legal bots, best of {args.repeat}")
        print(f"{'engine':<34}{'structure':<24}{'hands':>8}{'hands/s':>12}{'CPU hands/s':>13}"
              f"{'showdowns':>11}{'vs pokerkit':>13}")

    c_rates: dict[str, float] = {}

    def row(engine: str, name: str, hands: int, play: Callable[[], object],
            showdowns: int) -> None:
        wall, cpu = best_of(args.repeat, play)
        versus = pokerkit_cpu.get(name)
        ratio = f"x{hands / cpu / versus:,.0f}" if versus else ""
        if "C engine" in engine:
            c_rates[name] = hands / cpu
        print(f"{engine:<34}{name:<24}{hands:>8}{hands / wall:>12,.0f}{hands / cpu:>13,.0f}"
              f"{showdowns / hands:>11.0%}{ratio:>13}")

    bots = [python_engine_bot]
    if args.pure_rows:   # the child process with the pure backend forced
        assert hilo_fast.BACKEND == "python"
        rate, micros = check_or_call_rate(args.python_hands, args.seed, args.repeat)
        print(f"CHECK-OR-CALL {rate} {micros}")
        for name, structure in STRUCTURES.items():
            py = simulate(args.python_hands, structure, PLAYERS, seed=args.seed)
            row("hilo-fast pure backend", name, args.python_hands,
                partial(simulate, args.python_hands, structure, PLAYERS, seed=args.seed),
                py.showdowns)
        return
    for name, structure in STRUCTURES.items():
        c = simulate(args.hands, structure, PLAYERS, seed=args.seed)   # warm-up + counts
        assert c.engine == "C" or hilo_fast.BACKEND != "native"
        row(f"hilo-fast simulate ({c.engine} engine)", name, args.hands,
            partial(simulate, args.hands, structure, PLAYERS, seed=args.seed), c.showdowns)
        py = simulate(args.python_hands, structure, PLAYERS, seed=args.seed, bots=bots)
        row("hilo-fast Hand.play, Python bot", name, args.python_hands,
            partial(simulate, args.python_hands, structure, PLAYERS, seed=args.seed, bots=bots),
            py.showdowns)
    pure_rows: list[str] = []
    if hilo_fast.BACKEND == "native":   # the same hands on the pure backend, in a child
        pure_rows = run_pure(__file__, *sys.argv[1:], "--pure-rows").splitlines()
        print("\n".join(line for line in pure_rows if not line.startswith("CHECK-OR-CALL")))
    for name, cpu in pokerkit_cpu.items():
        print(f"{'pokerkit':<34}{name:<24}{args.pokerkit_hands:>8}{'':>12}{cpu:>13,.0f}")

    if c_rates:
        slowest = min(c_rates, key=c_rates.__getitem__)
        print(f"\nbuilt-in bots in C, slowest structure: {slowest}, {c_rates[slowest]:,.0f} "
              f"CPU hands/s (target >= {TARGET_C_HANDS:,}: "
              f"{'met' if c_rates[slowest] >= TARGET_C_HANDS else 'NOT met'})")

    print(f"\nPython bot that checks or calls, {PLAYERS} seats, pot-limit 1/2, "
          f"{args.python_hands} hands (CPU time, simulate -> Hand.play)")
    print(f"{'backend':<34}{'hands/s':>10}{'us/decision':>13}{'vs pure':>9}{'vs before':>11}")
    native_rate, native_us = check_or_call_rate(args.python_hands, args.seed, args.repeat)
    pure = [line.split()[1:] for line in pure_rows if line.startswith("CHECK-OR-CALL")]
    pure_rate = float(pure[0][0]) if pure else None
    ratio = f"x{native_rate / pure_rate:.2f}" if pure_rate else ""
    print(f"{hilo_fast.BACKEND:<34}{native_rate:>10,.0f}{native_us:>13.2f}{ratio:>9}"
          f"{f'x{native_rate / BEFORE_RATE:.2f}':>11}")
    if pure_rate:
        print(f"{'python':<34}{pure_rate:>10,.0f}{float(pure[0][1]):>13.2f}{'x1.00':>9}")
    print(f"{'native before (65af820, recorded)':<34}{BEFORE_RATE:>10,}{BEFORE_US:>13.2f}"
          f"{'':>9}{'x1.00':>11}")
    if pure_rate and hilo_fast.BACKEND == "native":
        for what, got, target in (("native / pure", native_rate / pure_rate, TARGET_VS_PURE),
                                  ("native / before", native_rate / BEFORE_RATE,
                                   TARGET_VS_BEFORE)):
            print(f"{what}: x{got:.2f} (target >= x{target:.0f}: "
                  f"{'met' if got >= target else 'NOT met'})")
    if args.executor_hands:
        executor_table(args)


def executor_table(args: argparse.Namespace) -> None:
    """simulate(..., executor=) on threads and on a Dask LocalCluster (wall time)."""
    from concurrent.futures import ThreadPoolExecutor

    hands, structure = args.executor_hands, STRUCTURES["pot-limit 1/2"]
    print(f"\nsimulate over an executor: {hands} hands, pot-limit 1/2, built-in random bots, "
          f"{args.workers} workers (wall time, startup excluded)")
    print(f"{'executor':<34}{'hands/s':>12}{'same summary':>14}")

    def timed(executor: object, seed: int = args.seed) -> tuple[float, object]:
        start = time.perf_counter()
        summary = simulate(hands, structure, PLAYERS, seed=seed, executor=executor)  # type: ignore[arg-type]
        return hands / (time.perf_counter() - start), (summary.net, summary.actions)

    with ThreadPoolExecutor(1) as one:
        rate, reference = timed(one)
        print(f"{'one thread':<34}{rate:>12,.0f}{'':>14}")
    with ThreadPoolExecutor(args.workers) as pool:
        rate, got = timed(pool)
        print(f"{f'{args.workers} threads':<34}{rate:>12,.0f}{got == reference!s:>14}")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("dask[distributed] not installed: no LocalCluster row")
        return
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None,
                      processes=True) as cluster, Client(cluster) as client:
        executor = client.get_executor()
        timed(executor, args.seed + 1)   # warm-up (workers import hilo_fast); other chunks
        rate, got = timed(executor)
        print(f"{f'Dask LocalCluster, {args.workers} processes':<34}{rate:>12,.0f}"
              f"{got == reference!s:>14}")


if __name__ == "__main__":
    main()
