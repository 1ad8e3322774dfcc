"""``hilo-fast equity A B --board ... --distribution`` (the equity of every
combo of each range against the other player: a histogram, quantiles and
optionally a chart) and ``--unroll`` (the exact equity on each street of the
board given, and the distribution of the equity after the next card).
Both are exact (hilo_fast.analysis: range_vs_range, unroll, next_street)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..analysis.range_vs_range import RangeVsRange, range_vs_range, ranges_of
from ..analysis.streets import NextStreet, next_street, unroll
from ..cards import format_cards, parse_cards

#: Histogram bins: tenths of the pot.
BINS = 10
BAR = 40
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)


def check(args: argparse.Namespace, option: str) -> tuple[str, str, str]:
    """The two players and the board, or a ValueError naming what the option needs."""
    if args.samples is not None:
        raise ValueError(f"{option} is exact: drop --samples")
    game = args.game
    if game is not None and (not game.hilo or game.boards != 1):
        raise ValueError(f"{option} settles hi/lo on one board, not {args.game_name}")
    if args.runs != 1:
        raise ValueError(f"{option} settles one run: drop --runs")
    if len(args.holes) != 2 or any(h.lower() in ("random", "?") for h in args.holes):
        raise ValueError(f"{option} needs two players, each a hand or a range (no random hand)")
    if len(args.board) != 1 or len(parse_cards(args.board[0])) not in (3, 4, 5):
        raise ValueError(f"{option} needs one board of 3, 4 or 5 cards (a flop, turn or river)")
    hero, _ = ranges_of(args.holes[0], args.holes[1])  # read before any work
    if game is not None and hero.hole_count != game.hole_cards:
        raise ValueError(f"the hands hold {hero.hole_count} cards but {args.game_name} deals "
                         f"{game.hole_cards}")
    return args.holes[0], args.holes[1], args.board[0]


def matplotlib_pyplot() -> Any:
    """pyplot on the file backend, or the one-line error naming the extra."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'hilo-fast[plot]'") from None
    return plt


def _quantiles(equity: Any, cumulative: Any) -> list[float]:
    import numpy as np

    at = np.searchsorted(cumulative, np.array(QUANTILES) - 1e-12)
    return [float(equity[min(i, len(equity) - 1)]) for i in at]


def _histogram(equity: Any, weight: Any) -> list[str]:
    import numpy as np

    counts = np.bincount(np.minimum((equity * BINS).astype(int), BINS - 1), weights=weight,
                         minlength=BINS) / weight.sum()
    lines = []
    for k, share in enumerate(counts):
        label = f"{100 * k // BINS}-{100 * (k + 1) // BINS}%"
        lines.append(f"  {label:>8} {100 * share:6.1f}%  {'#' * round(share * BAR)}".rstrip())
    return lines


def _quantile_line(what: str, equity: Any, cumulative: Any) -> str:
    marks = "  ".join(f"{round(100 * q)}%: {e:.3f}"
                      for q, e in zip(QUANTILES, _quantiles(equity, cumulative), strict=True))
    return f"  {what} {marks}"


def run_distribution(args: argparse.Namespace) -> int:
    hero, villain, board = check(args, "--distribution")
    plt = matplotlib_pyplot() if args.plot else None  # a missing extra is said at once
    sides = [(hero, range_vs_range(hero, villain, board, args.dead)),
             (villain, range_vs_range(villain, hero, board, args.dead))]
    if args.json:
        print(json.dumps({
            "board": format_cards(parse_cards(board)), "dead": args.dead, "exact": True,
            "players": [_json_side(name, result) for name, result in sides]}, indent=2))
    else:
        print(f"board {format_cards(parse_cards(board))}   exact: "
              + "   ".join(f"{name} {result.equity:.4f}" for name, result in sides))
        for (name, result), (other, _) in zip(sides, sides[::-1], strict=True):
            dealt = result.weights * result.matchups
            keep = dealt > 0
            if keep.sum() < 2:
                continue  # a hand: its equity is all there is
            print(f"\n{name}: {int(keep.sum()):,} combos, each one's equity against {other} "
                  f"(share of the range by deals)")
            print("\n".join(_histogram(result.combo_equity[keep], dealt[keep])))
            print(_quantile_line("quantiles", *result.distribution()))
    if plt is not None:
        _, ax = plt.subplots(figsize=(6, 4))
        for name, result in sides:
            if int((result.weights * result.matchups > 0).sum()) > 1:
                result.plot(ax=ax, label=name)
        ax.set_title(f"equity of each combo on {format_cards(parse_cards(board))}")
        ax.legend(loc="upper left")
        ax.figure.savefig(args.plot, dpi=100, bbox_inches="tight")
        if not args.json:
            print(f"chart written to {args.plot}")
    return 0


def _json_side(name: str, result: RangeVsRange) -> dict[str, object]:
    order = sorted(range(len(result.combos)), key=lambda i: float(result.combo_equity[i]))
    return {"player": name, "equity": result.equity,
            "combos": [{"hand": format_cards([int(c) for c in result.combos[i]]),
                        "weight": float(result.weights[i]),
                        "deals": float(result.matchups[i]),
                        "equity": float(result.combo_equity[i])}
                       for i in order if result.matchups[i] > 0]}


def run_unroll(args: argparse.Namespace) -> int:
    hero, villain, board = check(args, "--unroll")
    cards = parse_cards(board)
    if args.plot and len(cards) == 5:
        raise ValueError("--unroll --plot draws the next card's chart: give a flop or a turn")
    plt = matplotlib_pyplot() if args.plot else None
    streets = unroll(hero, villain, board, args.dead)
    nxt = next_street(hero, villain, board, args.dead) if len(cards) < 5 else None
    if args.json:
        out: dict[str, object] = {
            "hero": hero, "villain": villain, "dead": args.dead, "exact": True,
            "streets": [{"street": s.street, "board": "".join(s.board), "equity": s.equity}
                        for s in streets.streets]}
        if nxt is not None:
            out["next"] = {"street": nxt.street, "cards": [
                {"card": c, "probability": float(p), "equity": float(e)}
                for c, p, e in zip(nxt.cards, nxt.probability, nxt.card_equity, strict=True)]}
        print(json.dumps(out, indent=2))
    else:
        print(f"{hero} against {villain}: exact equity street by street")
        for s in streets.streets:
            print(f"  {s.street:<6} {''.join(s.board):<12} {s.equity:.4f}")
        if nxt is not None:
            _print_next(nxt)
    if plt is not None and nxt is not None:
        _, ax = plt.subplots(figsize=(6, 4))
        nxt.plot(args.plot, label=hero, ax=ax)
        ax.figure.savefig(args.plot, dpi=100, bbox_inches="tight")
        if not args.json:
            print(f"chart written to {args.plot}")
    return 0


def _print_next(nxt: NextStreet) -> None:
    print(f"\nthe {nxt.street}: {len(nxt.cards)} cards can come; the equity after each "
          f"(share of the deals)")
    print("\n".join(_histogram(nxt.card_equity, nxt.probability)))
    print(_quantile_line("quantiles", *nxt.distribution()))
    order = sorted(range(len(nxt.cards)), key=lambda i: float(nxt.card_equity[i]))
    worst = " ".join(f"{nxt.cards[i]} {nxt.card_equity[i]:.3f}" for i in order[:5])
    best = " ".join(f"{nxt.cards[i]} {nxt.card_equity[i]:.3f}" for i in order[::-1][:5])
    print(f"  best  {best}\n  worst {worst}")
