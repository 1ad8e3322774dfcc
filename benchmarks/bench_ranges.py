"""Range equity speed: ratios in one process, best of ``--repeat`` runs.

    python benchmarks/bench_ranges.py [--samples 200000] [--repeat 3]

1. Preflop Monte Carlo, range vs range (``A2$ds,A3$ds`` vs ``KK,QQ``: every
   sample draws both hands by weight, rejecting collisions) against hand vs
   random hand (``AsAd2s3d`` vs None), the same number of samples, one thread.
2. Exact hand vs range on the flop and on the turn: the range ``KK$ds,QQ$ds``
   (985 combos after card removal), every combo and every board settled;
   reported as ranges per second, scaled to a 1,000-combo range.
3. poker-equity (when installed), which takes a range as a list of
   alternative hands: the same exact flop/turn questions and the same
   preflop Monte Carlo, with the answers side by side.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import hilo_fast as hf

HAND = "AcAh3h8h"
RANGE = "KK$ds,QQ$ds"
FLOP, TURN = "Kh7c4d", "Kh7c4d2s"
PREFLOP_RANGES = ("A2$ds,A3$ds", "KK,QQ")


def best(repeat: int, run: Callable[[], Any]) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - start)
    return min(times), out


def poker_equity() -> Any:
    try:
        import poker_equity as pe
    except ImportError:
        return None
    return pe


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"backend: {hf.BACKEND}")

    a, b = (hf.Range(text) for text in PREFLOP_RANGES)
    t_rr = t_hr = float("inf")
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        seconds, rr = best(1, lambda: hf.equity([a, b], samples=args.samples, seed=1))
        t_rr = min(t_rr, seconds)
        t_hr = min(t_hr, best(1, lambda: hf.equity([HAND, None], samples=args.samples,
                                                     seed=1))[0])
    print(f"preflop Monte Carlo, {args.samples:,} samples: range vs range "
          f"({len(a):,} x {len(b):,} combos) {t_rr:.3f} s, hand vs random {t_hr:.3f} s")
    print(f"ratio, range vs range / hand vs random: x{t_rr / t_hr:.2f} (target <= 1.5)")

    r = hf.Range(RANGE)
    exact: dict[str, tuple[float, float, int]] = {}
    for street, board in (("flop", FLOP), ("turn", TURN)):
        combos = len(r.without(HAND + board))
        seconds, result = best(args.repeat, lambda board=board: hf.equity([HAND, r], board))
        assert result.exact
        exact[street] = (seconds, result.players[0].equity, combos)
        print(f"exact hand vs range on the {street} ({combos} combos, {result.boards:,} deals): "
              f"{seconds * 1e3:.1f} ms = {combos / 1000 / seconds:,.1f} 1,000-combo ranges/s, "
              f"equity {result.players[0].equity:.6f}")

    pe = poker_equity()
    if pe is None:
        print("poker-equity not installed: no comparison (pip install poker-equity)")
        return
    alternatives = ",".join("".join(hand) for hand in r)
    for street, board in (("flop", FLOP), ("turn", TURN)):
        seconds, out = best(args.repeat, lambda board=board: pe.exact_from_text(
            "omaha_hi_lo", [HAND, alternatives], board=board))
        ours, equity, _ = exact[street]
        if out is None:
            print(f"poker-equity exact on the {street}: refused (too many deals)")
            continue
        print(f"poker-equity exact hand vs the same {len(r)} alternatives on the {street}: "
              f"{seconds * 1e3:.1f} ms, equity {out['players'][0]['equity']:.6f} "
              f"(hilo-fast {equity:.6f}); ratio poker-equity / hilo-fast x{seconds / ours:.2f}")
    lists = [",".join("".join(hand) for hand in x) for x in (a, b)]
    seconds, out = best(args.repeat, lambda: pe.chunk_from_text(
        "omaha_hi_lo", lists, samples=args.samples, seed=1, threads=1))
    theirs = out["players"][0]
    print(f"poker-equity preflop Monte Carlo, the same ranges as lists, {args.samples:,} "
          f"samples: {seconds:.3f} s, equity {theirs['equity']:.4f} +- {theirs['std_error']:.4f} "
          f"(hilo-fast {rr.players[0].equity:.4f} +- {rr.players[0].std_error:.4f}); "
          f"ratio poker-equity / hilo-fast x{seconds / t_rr:.2f}")


if __name__ == "__main__":
    main()
