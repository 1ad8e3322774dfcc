"""The ``hilo-fast`` command line.

Each subcommand is one ``_cmd_*`` function registered in :func:`build_parser`;
every one prints a table for people, or JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import BACKEND, __version__
from .cards import format_cards
from .evaluation import evaluate


def _cmd_eval(args: argparse.Namespace) -> int:
    hand = evaluate(args.hole, args.board)
    low = None
    if hand.low is not None:
        low = {"value": hand.low, "description": hand.low_description,
               "cards": list(hand.low_cards or ())}
    result = {
        "hole": format_cards(args.hole, " ").split(),
        "board": format_cards(args.board, " ").split(),
        "high": {"value": hand.high, "category": hand.high_category,
                 "description": hand.high_description, "cards": list(hand.high_cards)},
        "low": low,
        "backend": BACKEND,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"hole   {format_cards(args.hole, ' ')}")
    print(f"board  {format_cards(args.board, ' ')}")
    print(f"high   {hand.high_description:<34} value {hand.high:>4}  "
          f"cards {' '.join(hand.high_cards)}")
    if low is None:
        print("low    no qualifying low")
    else:
        print(f"low    {hand.low_description:<34} value {hand.low:>4}  "
              f"cards {' '.join(hand.low_cards or ())}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hilo-fast",
        description="Omaha Hi-Lo (8-or-better) evaluation. Lower values are better.",
    )
    parser.add_argument("--version", action="version",
                        version=f"hilo-fast {__version__} ({BACKEND} backend)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("eval", help="evaluate one hand, both halves",
                       description="Evaluate an Omaha Hi-Lo hand: exactly 2 hole + 3 board cards "
                                   "for each half. Example: hilo-fast eval As2dKh3c 4s5hKd8c9c")
    p.add_argument("hole", help="4, 5 or 6 hole cards, e.g. As2dKh3c")
    p.add_argument("board", help="3, 4 or 5 board cards, e.g. 4s5hKd")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, TypeError) as exc:
        print(f"hilo-fast: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
