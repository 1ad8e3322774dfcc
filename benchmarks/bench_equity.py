"""Equity speed: exhaustive heads-up preflop, one and two threads, and the
ratio to pokerkit's Monte Carlo at equal accuracy. One process, best of N.

    python benchmarks/bench_equity.py [--repeat 10] [--pokerkit-samples 1000]

The machine may be shared, so each timing is the best of ``--repeat`` runs
(one- and two-thread runs take turns), and CPU time is reported beside wall
time. pokerkit is timed on ``--pokerkit-samples`` Monte Carlo samples; the
samples it would need for a given standard error are extrapolated from that
(its cost is linear in the samples).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable

import hilo_fast
from hilo_fast import equity

HOLES = ["As2dKh3c", "7c8d9hTs"]
TARGET_SE = 0.001  # "equal accuracy": a standard error of 0.1 % of the pot


def best_of(repeat: int, *runs: Callable[[], object]) -> list[tuple[float, float]]:
    """(least wall seconds, least CPU seconds) of each run. The runs take
    turns, so on a shared machine they meet the same background load."""
    best = [(math.inf, math.inf) for _ in runs]
    for _ in range(repeat):
        for i, run in enumerate(runs):
            wall, cpu = time.perf_counter(), time.process_time()
            run()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best[i] = (min(best[i][0], wall), min(best[i][1], cpu))
    return best


def pokerkit_seconds_per_sample(samples: int) -> tuple[float, list[float]] | None:
    try:
        from pokerkit import (
            Card,
            Deck,
            OmahaEightOrBetterLowHand,
            OmahaHoldemHand,
            calculate_equities,
        )
    except ImportError:
        return None
    ranges = [[tuple(Card.parse(h))] for h in HOLES]
    start = time.perf_counter()
    shares = calculate_equities(ranges, (), 4, 5, Deck.STANDARD,
                                (OmahaHoldemHand, OmahaEightOrBetterLowHand),
                                sample_count=samples)
    return (time.perf_counter() - start) / samples, shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--pokerkit-samples", type=int, default=1000)
    args = parser.parse_args()

    print(f"hilo-fast {hilo_fast.__version__}, {hilo_fast.BACKEND} backend; "
          f"{HOLES[0]} vs {HOLES[1]}, preflop")
    exact = equity(HOLES)
    print(f"exact equity {exact.players[0].equity:.6f} / {exact.players[1].equity:.6f} "
          f"over {exact.boards:,} boards")

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load average {load:.2f} (wall times include other work)")
    (one, one_cpu), (two, two_cpu) = best_of(
        args.repeat, lambda: equity(HOLES), lambda: equity(HOLES, threads=2))
    print(f"exhaustive, 1 thread : {one:8.4f} s wall, {one_cpu:.4f} s CPU, "
          f"{exact.boards / one_cpu / 1e6:.1f} M boards per CPU second")
    print(f"exhaustive, 2 threads: {two:8.4f} s wall, {two_cpu:.4f} s CPU (both threads), "
          f"wall speed-up x{one / two:.2f}")

    # Per-sample spread of the pot share, from a large Monte Carlo run.
    probe = equity(HOLES, samples=200_000, seed=1)
    sigma = probe.players[0].std_error * math.sqrt(probe.boards)
    needed = math.ceil((sigma / TARGET_SE) ** 2)
    [(ours_mc, _)] = best_of(args.repeat, lambda: equity(HOLES, samples=needed, seed=2))
    print(f"Monte Carlo for SE {TARGET_SE}: {needed:,} samples (per-sample sd {sigma:.4f})")
    print(f"hilo-fast Monte Carlo, {needed:,} samples, 1 thread: {ours_mc:8.4f} s")

    measured = pokerkit_seconds_per_sample(args.pokerkit_samples)
    if measured is None:
        print("pokerkit not installed: no comparison")
        return
    per_sample, shares = measured
    theirs = per_sample * needed
    print(f"pokerkit Monte Carlo, {args.pokerkit_samples:,} samples: "
          f"{per_sample * args.pokerkit_samples:.2f} s (equity {shares[0]:.4f} / {shares[1]:.4f})")
    print(f"pokerkit for SE {TARGET_SE} ({needed:,} samples, extrapolated): {theirs:,.0f} s")
    print(f"ratio at equal accuracy, pokerkit / hilo-fast Monte Carlo: x{theirs / ours_mc:,.0f}")
    print(f"ratio, pokerkit (SE {TARGET_SE}) / hilo-fast exhaustive (exact, 1 thread): "
          f"x{theirs / one:,.0f}")


if __name__ == "__main__":
    main()
