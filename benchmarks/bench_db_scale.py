"""A big import into DuckDB: memory flat (peak RSS), disk used, hands per second.

The file: ``--distinct`` synthetic PokerStars hands of random self-play (every
structure, 2..9 seats, many all-ins), written again and again under new hand
ids up to ``--hands`` (writing 10^6 distinct hands would take the generator
ten minutes; every copy is read, replayed and stored as a hand of its own,
its all-in equities worked out again: nothing is cached). The import is
``hilo-fast hh import``'s work, streamed from the file into a fresh DuckDB
file, one thread, a transaction per batch (``--batch``, default the
importer's). The resident set size is sampled at each tenth of the hands.

Target: memory flat (issue 29: "memory flat on 10^6 hands"): the peak RSS
of the whole import at most ``TARGET_GROWTH_MB`` above its peak over the
first half of the hands (which must hold a whole batch, written: a batch
holds its columns until its commit, and DuckDB's cache fills up to its bound
over the first batches; neither may grow after). Speed is reported beside (the 20,000 hands/s target
is bench_db.py's). A target missed prints a line starting ``MISSED``; the
exit status is 1 on a miss only with ``--strict``.

    python benchmarks/bench_db_scale.py --hands 1000000 --dir /tmp   # the closing note
    python benchmarks/bench_db_scale.py --hands 60000                # CI's size
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import sys
import tempfile
import time

from hilo_fast.history.db import import_hands, open_database
from hilo_fast.history.db.importer import BATCH_SIZE
from hilo_fast.history.sites.pokerstars import read_pokerstars
from hilo_fast.history.synth import synthetic_histories

TARGET_GROWTH_MB = 64
_HEADER = re.compile(r"^PokerStars Hand #\d+", re.MULTILINE)


def _rss_mb() -> float:
    """The resident set size now (Linux /proc; else the peak so far)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return _peak_mb()


def _peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def write_file(path: str, hands: int, distinct: int) -> None:
    """``hands`` hands: ``distinct`` synthetic ones, repeated under new ids."""
    texts = list(synthetic_histories(min(distinct, hands), seed=1))
    with open(path, "w", encoding="utf-8") as out:
        for number in range(hands):
            text = texts[number % len(texts)]
            out.write(_HEADER.sub(f"PokerStars Hand #{20_000_000_000 + number}", text, 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands (default 20000)")
    parser.add_argument("--distinct", type=int, default=20_000,
                        help="distinct synthetic hands repeated (default 20000)")
    parser.add_argument("--batch", type=int, default=BATCH_SIZE,
                        help=f"hands per transaction (default {BATCH_SIZE})")
    parser.add_argument("--memory-limit", help="DuckDB's memory_limit for the import "
                        "(e.g. 256MB; default DuckDB's: 80%% of the RAM)")
    parser.add_argument("--dir", help="where the file and database go (made if missing; "
                        "default a temp dir)")
    parser.add_argument("--strict", action="store_true", help="exit 1 on a missed target")
    args = parser.parse_args()
    if args.dir:
        os.makedirs(args.dir, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = os.path.join(tmp, "hands.txt")
        target = os.path.join(tmp, "hands.duckdb")
        write_file(path, args.hands, args.distinct)
        size = os.path.getsize(path)
        tenth = max(1, args.hands // 10)
        samples: list[tuple[int, float]] = []
        first_half: float | None = None   # the peak over the first half of the hands
        read = 0

        def on_read(count: int) -> None:
            # (called as each part of a batch is read, before it is stored)
            nonlocal read, first_half
            if (read + count) // tenth > read // tenth:
                samples.append((read, _rss_mb()))
            if first_half is None and read >= args.hands // 2:
                first_half = _peak_mb()
            read += count

        start_rss = _rss_mb()
        cpu, wall = time.process_time(), time.perf_counter()
        with open_database(target) as db:
            db.connection.execute("SET threads TO 1")
            if args.memory_limit:
                db.connection.execute("SET memory_limit = ?", [args.memory_limit])
            result = import_hands(db, read_pokerstars(path), batch_size=args.batch,
                                  on_read=on_read)
            # DuckDB's own account of its memory (its block cache, indexes)
            duck = db.query("SELECT tag, memory_usage_bytes FROM duckdb_memory() "
                            "WHERE memory_usage_bytes > 0 ORDER BY 2 DESC")[1]
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        end_rss, peak = _rss_mb(), _peak_mb()
        disk = os.path.getsize(target) + sum(
            os.path.getsize(os.path.join(tmp, name)) for name in os.listdir(tmp)
            if name.startswith("hands.duckdb.") and os.path.isfile(os.path.join(tmp, name)))
    n = result.stored
    print(f"{args.hands:,} PokerStars hands ({min(args.distinct, args.hands):,} distinct "
          f"synthetic ones repeated under new ids), {size / 1e6:,.0f} MB of text")
    print(f"import into DuckDB (one thread): {n:,} stored in {cpu:,.1f} s CPU "
          f"({n / cpu:,.0f} hands/s), {wall:,.1f} s wall ({n / wall:,.0f} hands/s)")
    print(f"disk: {disk / 1e6:,.1f} MB ({disk / max(n, 1):,.0f} bytes/hand, "
          f"{disk / size:.2f}x the text)")
    print("RSS at each tenth (MB): " + ", ".join(f"{rss:,.0f}" for _, rss in samples)
          + f"; at the end {end_rss:,.0f}, before {start_rss:,.0f}")
    print("DuckDB's memory at the end (duckdb_memory()): " + ", ".join(
        f"{tag} {size / 2**20:,.0f} MB" for tag, size in duck))
    if first_half is None or args.hands < 2 * args.batch:
        print(f"MISSED: {args.hands:,} hands are fewer than two batches of {args.batch:,}: "
              "nothing shows whether memory stays flat")
        met = False
    else:
        growth = peak - first_half
        met = growth <= TARGET_GROWTH_MB
        print(f"peak RSS {peak:,.0f} MB: {growth:+,.0f} MB over the first half's peak, "
              f"{first_half:,.0f} MB (batches of {args.batch:,} hands; target at most "
              f"+{TARGET_GROWTH_MB} MB: {'met' if met else 'MISSED'})")
    if result.stored != args.hands:
        print(f"MISSED: {result.stored:,} of {args.hands:,} hands stored ({result})")
        met = False
    elif not met and first_half is not None and args.hands >= 2 * args.batch:
        print(f"MISSED: peak RSS grew {peak - first_half:,.0f} MB > {TARGET_GROWTH_MB} MB")
    print("targets: all met" if met else "targets: 1 MISSED")
    return 1 if not met and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())
