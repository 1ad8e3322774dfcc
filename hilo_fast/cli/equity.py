"""``hilo-fast equity`` (each hand's or range's share of the pot: exact or Monte
Carlo) and ``hilo-fast range`` (the hands of a range)."""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import asdict
from typing import Any

from .._native.choice import BACKEND
from ..core.game import NAMED, Game
from ..equity.compute import DEFAULT_SAMPLES, EXACT_LIMIT, MAX_RUNS, MAX_SAMPLES, equity
from ..progress import Progress
from ..ranges.language import Range
from .args import GAME_HELP, SEED, THREADS, game_named, int_in
from .distribution import run_distribution, run_unroll

_RANDOM_HANDS = ("random", "?")


def _game_name(game: Game | None) -> str:
    """The first name Game.named knows the game by (omaha8 when none given)."""
    return next(name for name, known in NAMED.items() if known == (game or Game()))


def _cmd_equity(args: argparse.Namespace) -> int:
    args.game_name = _game_name(args.game)
    if args.plot and not (args.distribution or args.unroll):
        raise ValueError("--plot draws --distribution or --unroll: give one of them")
    if args.distribution:
        return run_distribution(args)
    if args.unroll:
        return run_unroll(args)
    holes = [None if hand.lower() in _RANDOM_HANDS else hand for hand in args.holes]
    args.progress = Progress(0, "boards", show=not args.json)  # equity sizes it
    boards = args.board or [""]
    several = len(boards) > 1 or (args.game is not None and args.game.boards > 1)
    result = equity(holes, "" if several else boards[0], args.dead, samples=args.samples,
                    seed=args.seed, threads=args.threads, progress=args.progress,
                    game=args.game, boards=boards if several and args.board else None,
                    runs=args.runs)
    board_text = " / ".join("".join(row) or "-" for row in result.board_cards) \
        or "".join(result.board) or "-"
    if args.json:
        print(json.dumps({
            "players": [
                {"hole": list(p.hole) if p.hole else None, "range": text,
                 "equity": p.equity,
                 "std_error": p.std_error, "scoop": p.scoop, "win_high": p.win_high,
                 "tie_high": p.tie_high, "win_low": p.win_low, "tie_low": p.tie_low,
                 "std_dev": p.std_dev, "scoop_one": p.scoop_one,
                 "boards": [asdict(b) for b in p.boards]}
                for p, text in zip(result.players, result.ranges, strict=True)],
            "board": list(result.board), "dead": list(result.dead),
            "boards_known": [list(row) for row in result.board_cards],
            "game": None if args.game is None else asdict(args.game) | {"name": args.game_name},
            "runs": result.runs,
            "no_low": result.no_low, "boards": result.boards, "exact": result.exact,
            "seed": result.seed, "backend": BACKEND,
        }, indent=2))
        return 0
    print(f"{'hand':<14}{'equity':>9}{'+-se':>8}{'scoop':>8}{'win hi':>8}{'tie hi':>8}"
          f"{'win lo':>8}{'tie lo':>8}")
    for p, text in zip(result.players, result.ranges, strict=True):
        hand = "".join(p.hole) if p.hole else text or "random"
        print(f"{hand:<14}{p.equity:>9.4f}{p.std_error:>8.4f}{p.scoop:>8.4f}"
              f"{p.win_high:>8.4f}{p.tie_high:>8.4f}{p.win_low:>8.4f}{p.tie_low:>8.4f}")
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    if not result.exact and args.samples is None:
        what = "ranges" if any(result.ranges) else "random hands"  # docs/ranges.md: the rule
        how += (f": {what} make over {EXACT_LIMIT:,} deals, too many to enumerate; "
                "--samples N for more")
    if result.board_cards:
        scoops = "   ".join(f"{''.join(p.hole or ()) or 'hand'} scoops one board "
                           f"{p.scoop_one:.4f}" for p in result.players
                           if p.scoop_one is not None)
        if scoops:
            print(scoops)
        print(f"game {args.game_name}   runs {result.runs}   spread (std dev of a hand's "
              f"result): {' '.join(f'{p.std_dev:.4f}' for p in result.players)}")
    print(f"board {board_text}   no low {result.no_low:.4f}   "
          f"{result.boards:,} {'boards' if result.exact else 'samples'} ({how})")
    return 0


def _cmd_range(args: argparse.Namespace) -> int:
    r = Range(args.range, hole_count=args.hole_count)
    total = math.comb(52, args.hole_count)
    hands = ["".join(hand) for hand in r] if args.list else None
    if args.json:
        out: dict[str, object] = {"range": str(r), "hole_count": args.hole_count,
                                  "combos": len(r), "fraction": len(r) / total,
                                  "weighted": r.weighted}
        if hands is not None:
            out["hands"] = ([{"hand": h, "weight": float(w)} for h, w in zip(hands, r.weights,
                                                                            strict=True)]
                            if r.weighted else hands)
        print(json.dumps(out, indent=2))
    elif args.count:
        print(len(r))
    elif hands is not None:  # the hands alone, one a line: a list to pipe on, no header
        for i, hand in enumerate(hands):
            print(f"{hand} {r.weights[i]:g}" if r.weighted else hand)
    else:
        print(f"{r}: {len(r):,} hands ({100 * len(r) / total:.2f}% of {total:,})"
              f"{', weighted' if r.weighted else ''}")
    return 0


def add_parser(sub: Any) -> None:
    """Add this group's subcommands to the ``hilo-fast`` parser."""
    p = sub.add_parser("equity", help="each hand's share of the pot, high, low and scoop",
                       description="Omaha Hi-Lo equity. Exact (every board settled) when all "
                                   "hands are known, and with 'random' hands while they make "
                                   f"at most {EXACT_LIMIT:,} deals; beyond that, Monte Carlo "
                                   f"with {DEFAULT_SAMPLES:,} samples (the result says which). "
                                   "Two players with a range on a flop, turn or river are "
                                   "settled exactly (docs/equity.md). "
                                   "--samples N always runs N Monte Carlo samples. "
                                   "Example: hilo-fast equity As2dKh3c 7c8d9hTs --board 2h5c9d")
    p.add_argument("holes", nargs="+", help="2 to 10 hands, e.g. As2dKh3c; 'random' or '?' "
                                            "for a random hand; or ranges, e.g. 'A2$ds' "
                                            "(docs/ranges.md)")
    p.add_argument("--board", action="append", default=[],
                   help="0, 3, 4 or 5 board cards; twice for double board (each board's "
                        "known cards)")
    p.add_argument("--dead", default="", help="cards out of the deck")
    p.add_argument("--game", type=game_named, help=GAME_HELP)
    p.add_argument("--runs", type=int_in(1, MAX_RUNS), default=1,
                   help=f"run the rest of the board 1 to {MAX_RUNS} times (default 1; "
                        f"boards x runs at most {MAX_RUNS}): the same equity, a smaller "
                        "spread")
    p.add_argument("--samples", type=int_in(1, MAX_SAMPLES),
                   help=f"Monte Carlo samples, 1..{MAX_SAMPLES:,} (default: exact, or "
                        f"{DEFAULT_SAMPLES:,} samples when random hands make over "
                        f"{EXACT_LIMIT:,} deals)")
    p.add_argument("--seed", type=SEED, help="Monte Carlo seed, 0..2**64-1 (default: random, "
                                             "printed)")
    p.add_argument("--threads", type=THREADS, help="threads to run on (default 1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--distribution", action="store_true",
                       help="two players on a flop, turn or river: the exact equity of every "
                            "combo of each range against the other (histogram, quantiles)")
    shown.add_argument("--unroll", action="store_true",
                       help="two players: the exact equity on each street of --board, and "
                            "the equity after each next card (given a flop or a turn)")
    p.add_argument("--plot", metavar="PNG", help="with --distribution or --unroll: draw the "
                                                 "chart to this file (needs matplotlib)")
    p.set_defaults(func=_cmd_equity)

    p = sub.add_parser("range", help="the hands of a range (docs/ranges.md)",
                       description="List or count the starting hands of a range. "
                                   "Example: hilo-fast range 'A2$ds' --count")
    p.add_argument("range", help="a range, e.g. 'A2$ds', 'AA:xxyy,JJ!JJJ', '15%%'")
    p.add_argument("--hole-count", type=int, choices=(4, 5, 6), default=4,
                   help="cards in a hand (default 4)")
    p.add_argument("--count", action="store_true", help="print only the number of hands")
    p.add_argument("--list", action="store_true", help="list every hand (with its weight)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_range)
