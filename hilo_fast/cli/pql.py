"""``hilo-fast pql "select ... from ... where ..."``: a PQL query (docs/pql.md).

Prints each selected column (``count`` as a percentage, each Monte Carlo
answer with ± its standard error), or JSON with ``--json``. A mistake in
the query is one line ``hilo-fast: error: col N: ...``.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from ..analysis.pql import MAX_SAMPLES, pql
from .args import SEED, THREADS, int_in

__all__ = ["add_parser"]


def _cmd_pql(args: argparse.Namespace) -> int:
    result = pql(args.query, samples=args.samples, seed=args.seed, threads=args.threads)
    if args.json:
        print(json.dumps(asdict(result), indent=2))
    else:
        print(result)
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``pql`` command to the ``hilo-fast`` parser."""
    p = sub.add_parser("pql", help="answer a PQL query (ProPokerTools' Poker Query Language)",
                       description="Answer a PQL query: select AGGREGATE(expr) [as name], ... "
                                   "from game='omaha8', hero='A2**', villain='15%', "
                                   "board='...', dead='...' [where condition]. Exact when the "
                                   "deals number at most 200,000, else Monte Carlo with a "
                                   "standard error on every answer (docs/pql.md).")
    p.add_argument("query", help="the query, quoted as one argument")
    p.add_argument("--samples", type=int_in(1, MAX_SAMPLES), default=None,
                   help=f"Monte Carlo deals, 1..{MAX_SAMPLES:,} (default: exact when small, "
                        "else 100,000)")
    p.add_argument("--seed", type=SEED, default=None,
                   help="Monte Carlo seed, 0..2**64-1 (default: random, and printed)")
    p.add_argument("--threads", type=THREADS, default=None,
                   help="threads to run on (default 1; the answer does not depend on it)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_pql)
