"""``hilo-fast solve``: a heads-up river spot solved by Discounted CFR, with the
first decision's strategy summed over the range, the exploitability and each
player's EV; ``--json FILE`` writes the whole strategy (docs/solving.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..engine.structures import Structure
from ..progress import Progress
from ..solver import Subgame, solve
from .args import THREADS, int_in, open_for_writing

_STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")


def _sizes(text: str) -> list[float | str]:
    out: list[float | str] = []
    for part in text.split(","):
        part = part.strip().lower()
        if part in ("allin", "all-in"):
            out.append("allin")
            continue
        try:
            out.append(float(part))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"sizes are pot fractions or 'allin' separated by commas, got {part!r}") from None
    return out


def _fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a fraction, got {text!r}") from None
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"must be 0 <= target < 1, got {value}")
    return value


def _structure(args: argparse.Namespace) -> Structure:
    if args.structure == "fixed-limit":
        return Structure.fixed_limit(args.big_blind)
    if args.structure == "pot-limit":
        return Structure.pot_limit(max(1, args.big_blind // 2), args.big_blind)
    return Structure.no_limit(max(1, args.big_blind // 2), args.big_blind)


def _cmd_solve(args: argparse.Namespace) -> int:
    kwargs: dict[str, Any] = {}
    if args.bet_sizes is not None:
        kwargs["bet_sizes"] = args.bet_sizes
    if args.raise_sizes is not None:
        kwargs["raise_sizes"] = args.raise_sizes
    if args.max_raises is not None:
        kwargs["max_raises"] = args.max_raises
    game = Subgame(args.board, ranges=(args.oop, args.ip), pot=args.pot, stacks=args.stack,
                   structure=_structure(args), **kwargs)
    bar = Progress(args.iterations, "iterations", show=not args.quiet)
    args.progress = bar
    solution = solve(game, target=args.target, max_iterations=args.iterations,
                     threads=args.threads, progress=bar)
    if args.json:
        with open_for_writing(args.json, "--json") as out:
            json.dump(solution.as_dict(), out)
    root = game.root
    flat = game.flat()
    cards, weights, _, _ = game.arrays(0)
    plays = solution.arrays()[0]
    freqs = [0.0] * len(root.actions)
    for i, w in enumerate(weights):
        for a in range(len(root.actions)):
            freqs[a] += w * plays[flat.offset[root.id] + a * len(cards) + i]
    total = sum(weights)
    print(f"{game}")
    print(f"OOP's first action over its range ({len(cards):,} combos):")
    for label, f in zip(root.actions, freqs, strict=True):
        print(f"  {label:<12}{f / total:>8.1%}")
    print(f"exploitability {solution.exploitability_pot:.4%} of the pot "
          f"({solution.exploitability:.4f} chips) after {solution.iterations} iterations")
    print(f"EV: OOP {solution.ev[0]:.3f}, IP {solution.ev[1]:.3f} chips of the {game.pot} pot")
    if args.json:
        print(f"strategy written to {args.json}")
    return 0


def add_parser(sub: Any) -> None:
    """Add ``solve`` to the ``hilo-fast`` parser."""
    p = sub.add_parser(
        "solve", help="solve a heads-up river spot, range against range (docs/solving.md)",
        description="Discounted CFR on a river subgame until the exploitability is at most "
                    "--target of the pot. Example: hilo-fast solve --board Kh9s5d4c2h "
                    "--oop 'AA,KK' --ip 'A2$ds' --pot 100 --stack 200 --structure pot-limit")
    p.add_argument("--board", required=True,
                   help="the 5 board cards (a river), or 4 (a turn: the river is dealt)")
    p.add_argument("--oop", required=True, help="the first player's range (acts first)")
    p.add_argument("--ip", required=True, help="the second player's range")
    p.add_argument("--pot", type=int_in(1), required=True, help="chips in the pot")
    p.add_argument("--stack", type=int_in(0), required=True, help="the effective stack behind")
    p.add_argument("--structure", choices=_STRUCTURES, default="pot-limit")
    p.add_argument("--big-blind", type=int_in(1), default=10,
                   help="the big blind (fixed limit: the small bet; the river bets twice it)")
    p.add_argument("--bet-sizes", type=_sizes, help="bet sizes as pot fractions, e.g. "
                                                    "0.33,0.75,1 (no limit: allin too)")
    p.add_argument("--raise-sizes", type=_sizes, help="raise sizes as pot fractions")
    p.add_argument("--max-raises", type=int_in(0), help="raises allowed after a bet")
    p.add_argument("--target", type=_fraction, default=0.001,
                   help="exploitability to reach, a fraction of the pot (default 0.001)")
    p.add_argument("--iterations", type=int_in(1, 10**7), default=1000,
                   help="the most iterations (default 1000)")
    p.add_argument("--threads", type=THREADS,
                   help="threads to solve on (default 1; the same answer on any number)")
    p.add_argument("--json", metavar="FILE", help="write the whole strategy as JSON to FILE")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_solve)
