"""Multiway preflop rankings: whole tables against per-class Monte Carlo.

    python benchmarks/bench_rankings.py [--deals 300000] [--repeat 3] [--strict]

A ranking needs samples of every class. Per-class Monte Carlo (how the
heads-up file was made) plays a hand against N - 1 random hands with
``hf.equity``: one sample of one class per deal. Whole tables
(``hilo_fast.analysis.rankings.sample_ranking``, csrc/analysis/ranking.c)
credit every seat: N samples per deal. Both on one thread, the same
number of deals, at 3, 6 and 9 players; printed as class samples per
second and the ratio. Target: whole tables give at least
``TARGET_RATIO`` times the samples a second at 9 players. Not the nine
seats a deal would suggest: hf.equity prepares the known hand once and
fetches each board's table row a deal ahead, while a table evaluates nine
dealt hands and looks up each one's class in a 1 MB table; at 3 and 6
players per-class Monte Carlo is the faster of the two (printed, no target).

A target missed prints a line starting ``MISSED``; the exit status is 1 on
a miss only with ``--strict``.
"""

from __future__ import annotations

import argparse
import sys
import time

import hilo_fast as hf
from hilo_fast.analysis.rankings import colex_classes, sample_ranking

TARGET_RATIO = 2.0


def best(repeat: int, run: object) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    colex_classes(4)  # the class table is built once, not timed
    print(f"backend {hf.BACKEND}, {args.deals:,} deals, best of {args.repeat}")
    ok = True
    for players in (3, 6, 9):
        tables = best(args.repeat, lambda p=players: sample_ranking(p, args.deals, seed=1))
        per_class = best(args.repeat, lambda p=players: hf.equity(
            ["AsAh2s3h"] + [None] * (p - 1), samples=args.deals, seed=1))
        ratio = (args.deals * players / tables) / (args.deals / per_class)
        print(f"{players} players: whole tables {args.deals * players / tables / 1e6:6.2f}M "
              f"class samples/s, per-class hf.equity {args.deals / per_class / 1e6:6.2f}M/s, "
              f"ratio {ratio:.2f}x")
        if players == 9 and ratio < TARGET_RATIO:
            ok = False
            print(f"MISSED: whole tables {ratio:.2f}x per-class Monte Carlo at 9 players "
                  f"(target {TARGET_RATIO}x)")
    print("all targets met" if ok else "some targets missed")
    return 0 if ok or not args.strict else 1


if __name__ == "__main__":
    sys.exit(main())
