"""Generate hilo_fast/ranges/preflop_hilo4.csv: every 4-card suit-isomorphism class
ranked by Omaha Hi-Lo pot equity against one random hand.

For each of the 16,432 classes, its least hand plays ``hf.equity`` against a
random hand (random 4 cards, random 5-card board, exact card removal) over
``--samples`` Monte Carlo deals with seed ``--seed + class index``; the file
keeps each class's mean pot share and its standard error, best first.

    python tools/preflop_ranking.py --samples 200000 --threads 2
    python tools/preflop_ranking.py --scheduler tcp://host:8786   # a Dask cluster
    python tools/preflop_ranking.py --classes 50 --out /tmp/x.csv  # a quick sample
    python tools/preflop_ranking.py --named --samples 50000000 --threads 2

``--named`` instead measures a few named hands to high precision and writes
hilo_fast/ranges/preflop_hilo4_named.csv (the same measure, many more deals).

``--players N`` (3..10) ranks against N - 1 random hands by dealing whole
tables (hilo_fast.analysis.rankings: every seat of a deal is one sample of
its class) and writes preflop_hilo4_{N}h.csv; ``--against RANGE`` seats
N - 1 hands of the range instead (a ranking against a range):

    python tools/preflop_ranking.py --players 9 --deals 160000000 --threads 2
    python tools/preflop_ranking.py --players 2 --against 20% --deals 300000000

Classes run as independent jobs on threads (the C releases the GIL) or on any
executor, so the answer does not depend on where they ran.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import hilo_fast as hf
from hilo_fast.ranges.preflop import class_name, hand_classes

OUT = Path(__file__).resolve().parent.parent / "hilo_fast" / "ranges" / "preflop_hilo4.csv"
NAMED_OUT = OUT.with_name("preflop_hilo4_named.csv")
#: Hands the literature names: the best (AA23 double suited) and its cousins,
#: big pairs, a rundown, and the worst (2222).
NAMED = {"AA23 double suited": "AsAh2s3h", "AA24 double suited": "AsAh2s4h",
         "AA23 rainbow": "AsAh2d3c", "AA2K double suited": "AsAh2sKh",
         "A234 double suited": "As2s3h4h", "AAKK double suited": "AsAhKsKh",
         "KKQQ double suited": "KsKhQsQh", "JT98 double suited": "JsTs9h8h",
         "AAAA": "AsAhAdAc", "2222": "2s2h2d2c"}


def class_equity(job: tuple[str, int, int]) -> tuple[float, float]:
    """(equity, standard error) of one hand against a random hand."""
    hand, samples, seed = job
    player = hf.equity([hand, None], samples=samples, seed=seed).players[0]
    return player.equity, player.std_error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200_000, help="deals per class")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--scheduler", help="a Dask scheduler address (runs there instead)")
    parser.add_argument("--classes", type=int, help="only the first N classes (a sample)")
    parser.add_argument("--out", type=Path, help=f"default {OUT.name} ({NAMED_OUT.name} "
                                                 "with --named)")
    parser.add_argument("--named", action="store_true",
                        help="measure the named hands instead of every class")
    parser.add_argument("--players", type=int, help="deal whole tables of this many "
                                                     "players (the multiway rankings)")
    parser.add_argument("--against", help="with --players: the other seats hold this range")
    parser.add_argument("--deals", type=int, default=10_000_000,
                        help="with --players: tables dealt")
    parser.add_argument("--hole", type=int, default=4, choices=(4, 5),
                        help="with --players: hole cards (5: 5-card Omaha Hi-Lo)")
    args = parser.parse_args(argv)
    if args.named:
        return named(args)
    if args.players is not None:
        return tables(args)
    args.out = args.out or OUT

    classes = hand_classes(4)
    names = [class_name(rep) for rep in classes.representatives]
    count = len(names) if args.classes is None else min(args.classes, len(names))
    jobs = [(names[i], args.samples, args.seed + i) for i in range(count)]
    start = time.perf_counter()
    executor: Executor
    if args.scheduler:
        from dask.distributed import Client

        executor = Client(args.scheduler).get_executor()
    else:
        executor = ThreadPoolExecutor(max_workers=args.threads)
    with executor:
        results = list(executor.map(class_equity, jobs, chunksize=64))
    seconds = time.perf_counter() - start
    order = sorted(range(count), key=lambda i: (-results[i][0], names[i]))
    lines = [
        "# Omaha Hi-Lo preflop ranking: pot equity of each 4-card suit-isomorphism class",
        "# against one random hand (2 players, random board), best first.",
        "# Generated by tools/preflop_ranking.py; hand = the class's least hand.",
        f"# samples per class: {args.samples}",
        f"# seed: {args.seed} (class i uses seed + i)",
        f"# cost: {count * args.samples:,} deals in {seconds:.0f} s "
        f"({args.threads} thread(s), backend {hf.BACKEND})",
        "rank,hand,combos,equity,std_error",
    ]
    lines += [f"{r + 1},{names[i]},{classes.combos[i]},{results[i][0]:.6f},{results[i][1]:.6f}"
              for r, i in enumerate(order)]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"{count} classes x {args.samples} samples in {seconds:.1f} s -> {args.out}",
          file=sys.stderr)
    return 0


def tables(args: argparse.Namespace) -> int:
    """A ranking by whole tables: against players - 1 random hands, or a range."""
    import numpy as np

    from hilo_fast.analysis.rankings import sample_ranking
    from hilo_fast.ranges.preflop import multiway_file, range_file

    if args.hole != 4 and args.against:
        raise SystemExit("preflop_ranking: --against needs 4-card hands")
    out = args.out or OUT.with_name(range_file(args.against, args.players) if args.against
                                    else multiway_file(args.players, args.hole))
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 10 == 0 or done == total:
            print(f"{done}/{total} chunks, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)

    sample = sample_ranking(args.players, args.deals, seed=args.seed, against=args.against,
                            range_seats=args.players - 1, hole_count=args.hole,
                            threads=args.threads, progress=progress)
    seconds = time.perf_counter() - start
    classes = hand_classes(args.hole)
    names = [class_name(rep) for rep in classes.representatives]
    equity, error = sample.equity, sample.std_error
    # a class never dealt (a short run) has no equity: last, written nan
    order = sorted(range(len(names)), key=lambda i: (bool(sample.samples[i] == 0),
                                                      -np.nan_to_num(equity[i]), names[i]))
    opponents = (f"{args.players - 1} hand(s) of the range {args.against}" if args.against
                 else f"{args.players - 1} random hands")
    lines = [
        f"# Omaha Hi-Lo preflop ranking: pot equity of each {args.hole}-card suit-isomorphism "
        "class",
        f"# against {opponents} ({args.players} players, random board), best first.",
        "# Generated by tools/preflop_ranking.py --players (whole tables: every random seat",
        "# of a deal is a sample of its class); hand = the class's least hand.",
        f"# players: {args.players}",
        f"# hole cards: {args.hole}",
        f"# against: {args.against or 'random'}",
        f"# deals: {args.deals}",
        f"# samples per class: {int(sample.samples.min())} (the fewest; column samples)",
        f"# seed: {args.seed} (chunk i of 1,000,000 deals uses splitmix64(seed, i))",
        f"# cost: {args.deals:,} deals in {seconds:.0f} s "
        f"({args.threads} thread(s), backend {hf.BACKEND})",
    ]
    if args.hole == 4:
        lines.append("rank,hand,combos,equity,std_error,samples")
        lines += [f"{r + 1},{names[i]},{classes.combos[i]},{equity[i]:.6f},{error[i]:.6f},"
                  f"{sample.samples[i]}" for r, i in enumerate(order)]
    else:  # 134,459 rows: rank (the row) and combos (hand_classes) left out, < 5 MB
        lines.append("hand,equity,std_error,samples")
        lines += [f"{names[i]},{equity[i]:.6f},{error[i]:.6f},{sample.samples[i]}"
                  for i in order]
    out.write_text("\n".join(lines) + "\n")
    print(f"{args.deals:,} deals of {args.players} in {seconds:.1f} s -> {out}", file=sys.stderr)
    return 0


def named(args: argparse.Namespace) -> int:
    """High-precision equities of the named hands against a random hand."""
    out = args.out or NAMED_OUT
    start = time.perf_counter()
    rows = []
    for i, (name, hand) in enumerate(NAMED.items()):
        result = hf.equity([hand, None], samples=args.samples, seed=args.seed + i,
                           threads=args.threads)
        p = result.players[0]
        rows.append(f"{name},{hand},{p.equity:.6f},{p.std_error:.6f},{p.scoop:.6f}")
        print(rows[-1], file=sys.stderr)
    seconds = time.perf_counter() - start
    lines = [
        "# Omaha Hi-Lo: named hands against one random hand (2 players, random board)",
        "# Generated by tools/preflop_ranking.py --named",
        f"# samples per hand: {args.samples}",
        f"# seed: {args.seed} (hand i uses seed + i)",
        f"# cost: {len(NAMED) * args.samples:,} deals in {seconds:.0f} s "
        f"({args.threads} thread(s), backend {hf.BACKEND})",
        "name,hand,equity,std_error,scoop",
        *rows,
    ]
    out.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
