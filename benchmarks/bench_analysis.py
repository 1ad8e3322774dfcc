"""Analysis speed (issue 27): a range's classes and exact range vs range on a
flop, each against a brute force timed in the same run, best of ``--repeat``
(CPU time of the one thread each call runs on: see :func:`best`).

    python benchmarks/bench_analysis.py [--repeat 3] [--strict]

1. ``classify_range`` on a 10,000-combo range (random hands, seeded) on a
   flop, against the brute force of classifying each hand alone
   (``hf.classify`` in a loop: one C call a hand, which rebuilds the board's
   table of opponent pairs every time), timed on 1,000 of the hands and
   scaled. Targets: at most ``TARGET_CLASSIFY_SECONDS`` and at least
   ``TARGET_CLASSIFY_RATIO`` times the loop.
2. Exact range vs range on a flop, 1,000 random combos against 1,000
   (``hf.range_vs_range``), against the brute force of settling every pair
   of combos on every board: ``hf.equity``'s exact range enumeration (C) on
   40 x 40 of those combos, scaled by the number of pairs; both answers
   compared on that subset (with hf.equity's own two-range path switched
   off, so that it enumerates every pair). Targets: at most
   ``TARGET_RVR_SECONDS`` on one core, and at least ``TARGET_RVR_RATIO``
   times the brute force.
3. ``hf.equity`` on the same 1,000 x 1,000 flop: exact through the same
   kernel with every field (scoops, wins and ties); target
   ``TARGET_RVR_SECONDS``.

A target missed prints a line starting ``MISSED``; the last line says
whether every target was met. The exit status is 1 on a miss only with
``--strict``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import hilo_fast as hf
from hilo_fast.equity import compute

FLOP = "7c8d9h"
TARGET_CLASSIFY_SECONDS = 0.5
TARGET_CLASSIFY_RATIO = 5.0
TARGET_RVR_SECONDS = 2.0
TARGET_RVR_RATIO = 25.0


def best(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    """The least CPU time of this process over ``repeat`` runs: every call timed
    runs on one thread, so it is the time on one core, which wall time on a
    shared machine is not (it counts the other jobs' turns too)."""
    times, out = [], None
    for _ in range(repeat):
        start = time.process_time()
        out = run()
        times.append(time.process_time() - start)
    return min(times), out


def random_range(count: int, seed: int, board: str) -> hf.Range:
    """``count`` distinct random hands without a board card, as a Range (a list)."""
    rng = random.Random(seed)
    deck = [c for c in range(52) if c not in hf.parse_cards(board)]
    seen: set[tuple[int, ...]] = set()
    while len(seen) < count:
        seen.add(tuple(sorted(rng.sample(deck, 4))))
    return hf.Range(",".join(hf.format_cards(list(h)) for h in sorted(seen)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strict", action="store_true",
                        help="exit with status 1 when a target is missed")
    args = parser.parse_args()
    print(f"backend: {hf.BACKEND}")
    missed: list[str] = []

    def verdict(what: str, met: bool) -> str:
        if not met:
            missed.append(what)
        return "met" if met else "MISSED"

    big = random_range(10_000, 1, FLOP)
    seconds, hits = best(args.repeat, lambda: hf.classify_range(big, FLOP))
    assert hits.hands == 10_000
    sample = [row.tolist() for row in big.combos[:1_000]]
    loop, classes = best(args.repeat, lambda: [hf.classify(h, FLOP) for h in sample])
    assert all(hits.hand_class(i) == c for i, c in enumerate(classes))  # the same answers
    loop_10k = loop * 10
    ratio = loop_10k / seconds
    print(f"classify_range, 10,000 combos on a flop: {seconds * 1e3:.1f} ms "
          f"({seconds / 10_000 * 1e6:.2f} us a combo; target <= {TARGET_CLASSIFY_SECONDS} s): "
          f"{verdict('classify_range time', seconds <= TARGET_CLASSIFY_SECONDS)}")
    print(f"brute force, hf.classify hand by hand: {loop_10k * 1e3:.1f} ms for 10,000 "
          f"(1,000 timed); ratio x{ratio:.1f} (target >= {TARGET_CLASSIFY_RATIO}): "
          f"{verdict('classify_range ratio', ratio >= TARGET_CLASSIFY_RATIO)}")

    a, b = random_range(1_000, 2, FLOP), random_range(1_000, 3, FLOP)
    seconds, result = best(args.repeat, lambda: hf.range_vs_range(a, b, FLOP))
    print(f"exact range vs range on a flop, 1,000 x 1,000 combos: {seconds:.3f} s, equity "
          f"{result.equity:.6f} (target <= {TARGET_RVR_SECONDS} s): "
          f"{verdict('range vs range time', seconds <= TARGET_RVR_SECONDS)}")
    small_a = hf.Range(",".join(hf.format_cards(r.tolist()) for r in a.combos[::25]))
    small_b = hf.Range(",".join(hf.format_cards(r.tolist()) for r in b.combos[::25]))
    # hf.equity settles two ranges on a flop with range_vs_range's kernel
    # (hilo_fast.equity.two_ranges): switched off here, it enumerates every pair
    compute.TWO_RANGES_EXACT = False
    brute, exact = best(1, lambda: hf.equity([small_a, small_b], FLOP))
    compute.TWO_RANGES_EXACT = True
    assert exact.exact
    fast = hf.range_vs_range(small_a, small_b, FLOP)
    assert abs(fast.equity - exact.players[0].equity) < 1e-9, (fast.equity, exact)
    scaled = brute * (1_000 * 1_000) / (40 * 40)
    ratio = scaled / seconds
    print(f"brute force, every pair on every board (hf.equity exact, 40 x 40 combos, "
          f"{exact.boards:,} deals in {brute:.3f} s, same equity {fast.equity:.6f}): "
          f"{scaled:.1f} s scaled to 1,000 x 1,000; ratio x{ratio:.0f} "
          f"(target >= {TARGET_RVR_RATIO}): "
          f"{verdict('range vs range ratio', ratio >= TARGET_RVR_RATIO)}")

    seconds, full = best(args.repeat, lambda: hf.equity([a, b], FLOP))
    assert full.exact and abs(full.players[0].equity - result.equity) < 1e-9
    print(f"hf.equity, the same 1,000 x 1,000 on a flop, exact with scoops, wins and ties "
          f"({full.boards:,} deals): {seconds:.3f} s (target <= {TARGET_RVR_SECONDS} s): "
          f"{verdict('hf.equity range vs range time', seconds <= TARGET_RVR_SECONDS)}")

    print("every target met" if not missed else f"MISSED targets: {', '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
