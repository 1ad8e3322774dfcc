"""Hand histories into a database: imported hands per second on one core.

The hands are synthetic PokerStars histories of random self-play (every
structure, 2..9 seats, side pots, 4- and 5-card), written to files outside the
timing, in two mixes:

- **real shares** (the target's hands): drawn from the bots' hands so that the
  share all in before the river, and the share all in preflop, are those of
  real hands (``REAL_ALL_IN`` and ``REAL_PREFLOP``: 21 and 2 of 157 real Omaha
  Hi/Lo hands from 18 sites). An all-in spot costs its equity (up to 1,000
  sampled deals preflop), so the mix decides much of the time;
- **as the bots play**: every hand the bots play, 64% of them all in before
  the river and a third preflop (random bets and short stacks): the
  all-in equities' worst case, shown beside.

``--file PATH`` times a PokerStars file of yours instead.
Each all-in spot is settled by the import's rule (hilo_fast/history/db/all_in.py:
exact up to 5,000 boards, else 1,000 seeded Monte Carlo deals with their
standard error); the same import with every spot exact is timed too.
Timed, each into a fresh database: ``hilo-fast hh import``'s work
(read, replay, rows, batched writes, a transaction per batch) into DuckDB with
one thread, and, with ``--postgres DSN``, into PostgreSQL; beside it the read +
replay alone (``hh check``'s work), the floor of any import. The same import
with each hand's rows made through its Replay (as before the rows were made
in C from the replays' numbers, rows.part_rows) shows what that saves. Times
are this process's CPU time (DuckDB runs inside it; PostgreSQL's server work is not counted, so its
wall time is printed too).

Target: 20,000 hands/s into DuckDB (issue 29), on the real shares' hands (or
on ``--file``). A target missed prints a line starting ``MISSED``; the exit
status is 1 on a miss only with ``--strict``.

    python benchmarks/bench_db.py --hands 20000 [--postgres postgresql://...]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable

from hilo_fast.history.db import DEFAULT_SAMPLES, import_hands, open_database
from hilo_fast.history.db import rows as db_rows
from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars
from hilo_fast.history.synth import synthetic_histories

TARGET = 20_000
#: Of 157 real Omaha Hi/Lo hands (18 sites' histories), 21 were all in before
#: the river and 2 of those preflop.
REAL_ALL_IN, REAL_PREFLOP = 21 / 157, 2 / 157


def real_shares(count: int, seed: int) -> list[str]:
    """``count`` of the bots' hands (texts), drawn in order from their stream so
    that the shares all in preflop, all in on a later street, and not all in are
    those of real hands (REAL_ALL_IN, REAL_PREFLOP)."""
    preflop = round(count * REAL_PREFLOP)
    later = round(count * REAL_ALL_IN) - preflop
    wanted = {"preflop": preflop, "later": later, "none": count - preflop - later}
    out: list[str] = []
    for text in synthetic_histories(100 * count + 1000, seed=seed):
        (hand,) = parse_pokerstars(text)
        board = hand.replay().all_in_board
        kind = "none" if board is None else "later" if board else "preflop"
        if wanted[kind]:
            wanted[kind] -= 1
            out.append(text)
            if len(out) == count:
                return out
    raise RuntimeError(f"the bots' hands ran out before {count:,} were drawn: {wanted}")


def _timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best (CPU seconds, wall seconds) of ``repeat`` runs."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        work()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return best_cpu, best_wall


def _reset_postgres(dsn: str) -> None:
    import psycopg

    from hilo_fast.history.db.store import drop_statements

    with psycopg.connect(dsn, autocommit=True) as con:
        for statement in drop_statements():
            con.execute(statement)


def time_import(path: str, what: str, tmp: str, repeat: int, targeted: bool) -> list[str]:
    """Time the import of the PokerStars file ``path`` (print the rates); the
    targets missed (only when ``targeted``)."""
    n = sum(1 for _ in read_pokerstars(path))
    target = os.path.join(tmp, "hands.duckdb")

    def replay_only() -> None:
        assert sum(1 for h in read_pokerstars(path) if h.replay().settled) == n

    def into_duckdb(samples: int | None = DEFAULT_SAMPLES) -> None:
        if os.path.exists(target):
            os.remove(target)
        with open_database(target) as db:
            db.connection.execute("SET threads TO 1")
            assert import_hands(db, read_pokerstars(path), equity_samples=samples).stored == n

    base, _ = _timed(replay_only, repeat)
    duck, _ = _timed(into_duckdb, repeat)
    with open_database(target) as db:
        (all_ins, preflop, sampled), = db.query(
            "SELECT COUNT(*), COUNT(*) FILTER (WHERE all_in_street = 'preflop'), "
            "COUNT(*) FILTER (WHERE hand_key IN (SELECT hand_key FROM all_in_equities "
            "WHERE NOT exact)) FROM hands WHERE hand_key IN (SELECT hand_key FROM "
            "all_in_equities)")[1]
    size = os.path.getsize(target)
    exact, _ = _timed(lambda: into_duckdb(None), 1)
    made_whole = db_rows._C_PART
    db_rows._C_PART = None   # every hand through its Replay, as before rows.part_rows (restored)
    try:
        replays, _ = _timed(into_duckdb, repeat)
    finally:
        db_rows._C_PART = made_whole
    print(f"{n:,} hands, {what}, {os.path.getsize(path) / 1e6:.1f} MB; "
          f"{all_ins:,} ({100 * all_ins / n:.1f}%) all in before the river with the "
          f"hands known ({preflop:,} preflop; {sampled:,} hands with a spot sampled, "
          f"{DEFAULT_SAMPLES:,} deals); best of {repeat}, CPU time")
    print(f"read + replay (hh check):       {n / base:>9,.0f} hands/s")
    met = n / duck >= TARGET
    verdict = (f"; {n / duck / TARGET:.2f}x the {TARGET:,} target: "
               f"{'met' if met else 'MISSED'}") if targeted else ""
    print(f"import into DuckDB:             {n / duck:>9,.0f} hands/s "
          f"({base / duck:.2f}x the read + replay{verdict}); {size / n:,.0f} bytes/hand")
    print(f"  the same, each hand's rows through its Replay: {n / replays:>9,.0f} hands/s "
          f"(rows made from the replays' numbers: {replays / duck:.2f}x faster)")
    print(f"  the same, every all-in spot exact:    {n / exact:>9,.0f} hands/s "
          f"(hh import --exact-equity; best of 1)")
    if targeted and not met:
        return [f"import into DuckDB {n / duck:,.0f} hands/s < {TARGET:,}"]
    return []


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands (default 20000)")
    parser.add_argument("--repeat", type=int, default=2, help="best of N runs (default 2)")
    parser.add_argument("--postgres", metavar="DSN", help="also import into this PostgreSQL "
                        "database (its hilo-fast tables are dropped first)")
    parser.add_argument("--file", help="a PokerStars file to import instead of synthetic hands")
    parser.add_argument("--strict", action="store_true", help="exit 1 on a missed target")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.file:
            path = args.file
            missed = time_import(path, args.file, tmp, args.repeat, True)
        else:
            path = os.path.join(tmp, "real_shares.txt")
            with open(path, "w", encoding="utf-8") as out:
                out.writelines(real_shares(args.hands, seed=1))
            missed = time_import(path, "synthetic PokerStars, drawn to real hands' all-in "
                                 "shares (the target's hands)", tmp, args.repeat, True)
            bots = os.path.join(tmp, "as_played.txt")
            with open(bots, "w", encoding="utf-8") as out:
                out.writelines(synthetic_histories(args.hands, seed=1))
            time_import(bots, "synthetic PokerStars, every hand as the bots play it (the "
                        "all-in equities' worst case)", tmp, args.repeat, False)
        if args.postgres:
            dsn = args.postgres
            n = sum(1 for _ in read_pokerstars(path))

            def into_postgres() -> None:
                _reset_postgres(dsn)
                with open_database(dsn) as db:
                    assert import_hands(db, read_pokerstars(path)).stored == n

            def replay_only() -> None:
                assert sum(1 for h in read_pokerstars(path) if h.replay().settled) == n

            base, _ = _timed(replay_only, 1)
            cpu, wall = _timed(into_postgres, args.repeat)
            print(f"import of the target's hands into PostgreSQL: {n / cpu:,.0f} hands/s CPU "
                  f"here, {n / wall:,.0f} hands/s wall ({base / cpu:.2f}x the read + replay)")
            _reset_postgres(dsn)
    for what in missed:
        print(f"MISSED: {what}")
    print("targets: all met" if not missed else f"targets: {len(missed)} MISSED")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())
