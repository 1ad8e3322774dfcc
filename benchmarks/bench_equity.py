"""Equity speed: exhaustive heads-up preflop, one and two threads, against
poker-equity on the same spots, and the ratio to pokerkit's Monte Carlo at
equal accuracy. One process, best of N.

    python benchmarks/bench_equity.py [--repeat 10] [--pokerkit-samples 1000]

poker-equity (``pip install poker-equity``, in the ``bench`` extra) is timed
through its fastest entry points, the mask forms: ``exact`` (which spreads
over its default threads, 2 here) and ``chunk`` with ``threads=1``. Its
answers are checked against ours first (exact equity to 1e-9; Monte Carlo
within five standard errors). The spots: heads-up exhaustive preflop,
Monte Carlo against a random hand (1M samples, 1 thread), and 4-way
exhaustive preflop.

The machine may be shared, so each timing is the best of ``--repeat`` runs
(one- and two-thread runs take turns), and CPU time is reported beside wall
time. pokerkit is timed on ``--pokerkit-samples`` Monte Carlo samples; the
samples it would need for a given standard error are extrapolated from that
(its cost is linear in the samples).
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import time

from _threads import best_of, c_reference, ratio_line

import hilo_fast
from hilo_fast import equity
from hilo_fast._backends import IN_USE

_equity = importlib.import_module("hilo_fast.equity.compute")

HOLES = ["As2dKh3c", "7c8d9hTs"]
FOUR_WAY = ["As2dKh3c", "7c8d9hTs", "QsQhJdTd", "5c6c4h4s"]
MC_SAMPLES = 1_000_000
VARIANT = "omaha_hi_lo"
TARGET_SE = 0.001  # "equal accuracy": a standard error of 0.1 % of the pot


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


def poker_equity_spots(repeat: int) -> None:
    """hilo-fast and poker-equity on the issue's three spots, ratios printed."""
    try:
        import poker_equity as pe
    except ImportError:
        print("poker-equity not installed: no comparison with it (pip install poker-equity)")
        return

    def masks(holes: list[str | None]) -> list[list[list[int]]]:
        return [[[pe.full_deck()] * 4] if h is None else
                [[1 << pe.card_index(h[i:i + 2]) for i in range(0, 8, 2)]] for h in holes]

    def exact_check(holes: list[str]) -> None:
        ours = equity(holes)
        theirs = pe.exact(VARIANT, masks(list(holes)), [], 0)
        for p, player in enumerate(theirs["players"]):
            if abs(player["equity"] - ours.players[p].equity) > 1e-9:
                raise SystemExit(f"poker-equity disagrees on {holes}: player {p + 1} "
                                 f"{player['equity']} != {ours.players[p].equity}")

    print(f"poker-equity {pe.__name__}: exact spreads over {pe.default_thread_count()} threads")
    exact_check(HOLES)
    exact_check(FOUR_WAY)
    vs_random: list[str | None] = [HOLES[0], None]
    ours_mc = equity(vs_random, samples=200_000, seed=3).players[0]
    theirs_mc = pe.chunk(VARIANT, masks(vs_random), [], 0, 200_000, 3, 1)["players"][0]
    if abs(ours_mc.equity - theirs_mc["equity"]) > 5 * math.hypot(ours_mc.std_error,
                                                                 theirs_mc["std_error"]):
        raise SystemExit(f"poker-equity's Monte Carlo disagrees: {theirs_mc['equity']} "
                         f"vs {ours_mc.equity}")

    rows = [
        ("exhaustive heads-up preflop, brute force (the reference), 1 thread",
         lambda: brute_force(HOLES, 1),
         "exact (2 threads)", lambda: pe.exact(VARIANT, masks(list(HOLES)), [], 0)),
        ("exhaustive heads-up preflop, 1 thread", lambda: equity(HOLES),
         "exact (2 threads)", lambda: pe.exact(VARIANT, masks(list(HOLES)), [], 0)),
        ("exhaustive heads-up preflop, 2 threads", lambda: equity(HOLES, threads=2),
         "exact (2 threads)", lambda: pe.exact(VARIANT, masks(list(HOLES)), [], 0)),
        (f"Monte Carlo vs a random hand, {MC_SAMPLES:,} samples, 1 thread",
         lambda: equity(vs_random, samples=MC_SAMPLES, seed=5),
         "chunk, 1 thread", lambda: pe.chunk(VARIANT, masks(vs_random), [], 0, MC_SAMPLES, 5, 1)),
        ("exhaustive 4-way preflop, 1 thread", lambda: equity(FOUR_WAY),
         "exact (2 threads)", lambda: pe.exact(VARIANT, masks(list(FOUR_WAY)), [], 0)),
    ]
    for ours_name, ours, theirs_name, theirs in rows:
        # Ours take milliseconds, theirs seconds: ours get more tries.
        [(wall, cpu)] = best_of(repeat, ours)
        [(peer, peer_cpu)] = best_of(max(2, repeat // 3), theirs)
        print(f"{ours_name}: hilo-fast {wall:.4f} s, poker-equity {theirs_name} {peer:.3f} s "
              f"(wall), ratio x{peer / wall:,.1f} wall, x{peer_cpu / cpu:,.1f} CPU")


def brute_force(holes: list[str], threads: int) -> list[int]:
    """Every board settled one by one (hf_equity_enumerate, the reference the
    grouped enumeration is checked against), in equity's chunks of deals."""
    ids = tuple(card for hand in holes for card in hilo_fast.parse_cards(hand))
    spot = (ids, 4, (), ())
    deals = IN_USE.equity_deals(*spot)
    return _equity._run(_equity._chunks("enumerate", spot, deals, 0), threads, None, None)


def thread_scaling(repeat: int) -> None:
    """One thread against two on the work that splits into many chunks, the
    ratio printed with its target; on a miss, the same kernels on pthreads
    with no Python, measured right after (see benchmarks/_threads.py)."""
    vs_random: list[str | None] = [HOLES[0], None]
    missed: list[tuple[str, int]] = []  # thread_scaling.c's kind, in equity's chunk size
    for kind, name, run in (
            ("0", "brute-force exhaustive heads-up preflop", lambda t: brute_force(HOLES, t)),
            ("1", f"Monte Carlo vs a random hand, {MC_SAMPLES:,} samples",
             lambda t: equity(vs_random, samples=MC_SAMPLES, seed=5, threads=t))):
        one, two = best_of(repeat, lambda r=run: r(1), lambda r=run: r(2))
        print(f"threads, {name}: 1 thread {one[0]:.4f} s ({one[1]:.4f} s CPU), 2 threads "
              f"{two[0]:.4f} s ({two[1]:.4f} s CPU)")
        line, met = ratio_line(name, one, two)
        print(line)
        if not met:
            missed.append((kind, _equity.CHUNK_DEALS if kind == "0" else _equity.CHUNK_SAMPLES))
    for kind, chunk in missed:
        for line in c_reference(kind, chunk):
            print(line)


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
    print(f"exhaustive, threads=2: {two:8.4f} s wall, {two_cpu:.4f} s CPU (grouped: one chunk "
          f"of about a millisecond, so one thread runs it), x{one / two:.2f}")

    thread_scaling(args.repeat)
    poker_equity_spots(args.repeat)

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
