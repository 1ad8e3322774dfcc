"""The ``hilo-fast hh`` commands over a database (docs/database.md).

- ``hh import FILES... --db hands.duckdb``: read (files or directories), replay
  and store every hand not stored yet; a progress bar with rate on a terminal;
  a transaction per batch, so Ctrl-C leaves every committed batch and says how
  many hands that was. Exit 1 when a file or a hand could not be read, or a
  hand has a discrepancy (each is stored and counted).
- ``hh migrate --db ...``: a database of an older schema brought up to date.
- ``hh stats --db ... [--player NAME] [--by position|stakes|game|month]
  [--json|--csv]``: the tracker statistics.
- ``hh export --db ... --parquet DIR``: each table as DIR/TABLE.parquet.
- ``hh report --db ... --html OUT.html``: one self-contained page.

``--db`` is a DuckDB file (made on first import) or a ``postgresql://`` URL.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..history.db.importer import BATCH_SIZE
from ..progress import Progress

if TYPE_CHECKING:
    from ..history.model import HandHistory

#: --by's choices: hilo_fast.history.db.stats.BY's keys (not imported: the CLI starts fast).
BY_CHOICES = ("game", "month", "position", "stakes")
DB_HELP = "a DuckDB file (made on first import) or a postgresql://user@host:port/name URL"


def add_commands(group: Any) -> None:
    """Add import, stats and export to the ``hh`` subparsers ``group``."""
    p = group.add_parser("import", help="store hand histories in a database",
                         description="Read, replay and store every hand of FILES (files or "
                                     "directories) not stored yet, a transaction per batch; "
                                     "exit 1 when a file or hand could not be read or a "
                                     "hand has a discrepancy (stored and counted).")
    p.add_argument("files", nargs="+", help="hand-history files or directories")
    p.add_argument("--db", required=True, help=DB_HELP)
    p.add_argument("--batch", type=_positive, default=BATCH_SIZE,
                   help=f"hands per transaction (default {BATCH_SIZE})")
    equity = p.add_mutually_exclusive_group()
    equity.add_argument("--equity-samples", type=_positive, default=1000, metavar="N",
                        help="Monte Carlo deals of an all-in spot of more than 5,000 boards "
                             "(most preflop all-ins), its standard error stored (default "
                             "1000)")
    equity.add_argument("--exact-equity", action="store_true",
                        help="settle every all-in spot exactly (a preflop one: 1-2 ms)")
    p.set_defaults(func=_import)
    p = group.add_parser("migrate", help="bring a database of an older schema up to date",
                         description="Migrate a database made by an older hilo-fast to this "
                                     "one's schema version in place, in one transaction, "
                                     "keeping every hand.")
    p.add_argument("--db", required=True, help=DB_HELP)
    p.set_defaults(func=_migrate)
    p = group.add_parser("stats", help="tracker statistics from a database",
                         description="VPIP, PFR, 3-bet, c-bet, aggression, showdown, net, "
                                     "bb/100, all-in adjusted, and the hi/lo statistics "
                                     "(docs/database.md defines each).")
    p.add_argument("--db", required=True, help=DB_HELP)
    p.add_argument("--player", help="only this player")
    p.add_argument("--by", choices=BY_CHOICES, help="one row per player and this")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON")
    out.add_argument("--csv", action="store_true", help="print CSV")
    p.set_defaults(func=_stats)
    p = group.add_parser("export", help="each table of a database as Parquet",
                         description="Write each table of the database as DIR/TABLE.parquet.")
    p.add_argument("--db", required=True, help=DB_HELP)
    p.add_argument("--parquet", required=True, metavar="DIR", help="the folder to write")
    p.set_defaults(func=_export)


def _positive(text: str) -> int:
    from .args import int_in

    return int_in(1)(text)


def read_source(path: str) -> Iterable[HandHistory]:
    """The hands of one path, of any site (files and directories: ``read_history``)."""
    from ..history.read import read_history

    return read_history(path)


def _paths(paths: list[str]) -> Iterator[str]:
    """The files of ``paths``: a directory gives its files (sorted, recursively)."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    if not name.startswith("."):
                        yield os.path.join(root, name)
        else:
            yield path


def _import(args: argparse.Namespace) -> int:
    from ..history.db import ImportResult, import_hands, open_database

    result = ImportResult()
    failed: list[str] = []
    with open_database(args.db) as db, Progress(None, "hands") as bar:
        if db.read_only:
            raise OSError(f"cannot import into {args.db}: the file is read-only")
        args.progress = bar
        args.partial = lambda: (f"{result.stored:,} hands stored in {db.target} (every batch "
                                f"committed; the one being written was rolled back)")
        for path in _paths(args.files):
            try:
                import_hands(db, read_source(path), source=path, batch_size=args.batch,
                             result=result, on_read=bar.update,
                             equity_samples=None if args.exact_equity else args.equity_samples)
            except (OSError, ValueError) as exc:
                if isinstance(exc, OSError) and exc.strerror:
                    failed.append(f"{exc.filename or path}: {exc.strerror}")
                else:
                    failed.append(f"{path}: {exc}")
    for line in failed:
        print(f"hilo-fast: error: {line}", file=sys.stderr)
    print(f"{args.db if '://' not in args.db else db.target}: {result}")
    return 1 if failed or result.unreadable or result.discrepancies else 0


def _migrate(args: argparse.Namespace) -> int:
    from ..history.db import migrate

    before, after = migrate(args.db)
    shown = args.db if "://" not in args.db else "the database"
    print(f"{shown}: schema version {after} already" if before == after else
          f"{shown}: migrated from schema version {before} to {after}")
    return 0


def _cell(value: object) -> object:
    if isinstance(value, float):
        return round(value, 4)
    return value


def _stats(args: argparse.Namespace) -> int:
    from ..history.db import open_database
    from ..history.db.stats import stats_rows

    with open_database(args.db, create=False, read_only=True) as db:
        names, rows = stats_rows(db, args.player, args.by)
        _, counts = db.query("SELECT (SELECT COUNT(*) FROM hands), "
                             "(SELECT COUNT(DISTINCT hand_key) FROM discrepancies), "
                             "(SELECT COUNT(*) FROM unreadable_hands)")
    hands, discrepant, unreadable = counts[0]
    if args.player and not rows:
        raise ValueError(f"no hands of player {args.player!r} in {db.target}")
    if args.json:
        print(json.dumps({"hands": hands, "with_discrepancies": discrepant,
                          "unreadable": unreadable,
                          "rows": [dict(zip(names, map(_cell, row), strict=True))
                                   for row in rows]}, indent=2, default=str))
        return 0
    if args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(names)
        writer.writerows([[_cell(v) for v in row] for row in rows])
        return 0
    print(f"{hands:,} hands stored ({discrepant:,} with discrepancies), "
          f"{unreadable:,} unreadable")
    for row in rows:
        print()
        for name, value in zip(names, row, strict=True):
            shown = "-" if value is None else f"{value:,.2f}" if isinstance(value, float) \
                else f"{value:,}" if isinstance(value, int) else str(value)
            print(f"  {name:<20}{shown:>16}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from ..history.db import open_database
    from ..history.db.export import export_parquet

    with open_database(args.db, create=False, read_only=True) as db:
        written = export_parquet(db, args.parquet)
    for table, rows in written.items():
        print(f"{os.path.join(args.parquet, table + '.parquet')}: {rows:,} rows")
    return 0


def report_html(args: argparse.Namespace) -> int:
    """``hh report --db ... --html OUT``: the page (hilo_fast.history.db.html)."""
    from ..history.db import open_database
    from ..history.db.html import write_report

    if not args.html:
        raise ValueError("hh report --db needs --html OUT.html")
    with open_database(args.db, create=False, read_only=True) as db:
        write_report(db, args.html, player=args.player)
    print(f"{args.html} written")
    return 0
