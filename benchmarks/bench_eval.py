"""Omaha hand evaluation speed: hilo-fast (native per call, native batch,
pure Python) against phevaluator, treys and pokerkit, on the same random
deals in one process.

    python benchmarks/bench_eval.py [--repeat 5] [--json out.json] [--png out.png]

Every contender first evaluates its sample once untimed, and its answers are
checked against hilo-fast's (phevaluator and treys give the same Cactus Kev
high values; pokerkit gives hand objects, so the order of consecutive deals
is compared, high and low); any disagreement stops the run. Then each is
timed ``--repeat`` times and the median is reported, as wall-clock and as
process CPU time (the machine may be shared: CPU time is the steadier).
Peers missing from the environment are skipped (``pip install -e .[bench]``).

What each contender does per hand:

- hilo-fast: both halves (high and 8-or-better low), 4 hole + 5 board cards;
- phevaluator ``evaluate_omaha_cards`` and treys ``PLOEvaluator``: high only;
- pokerkit ``OmahaHoldemHand`` + ``OmahaEightOrBetterLowHand``: both halves.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import hilo_fast
from hilo_fast import _backend, _pybackend, card_str, evaluate, evaluate_batch, format_cards

Deal = tuple[list[int], list[int]]


@dataclass
class Result:
    name: str
    halves: str
    hands: int
    wall_rate: float  # hands per second, median of the repeats
    cpu_rate: float


def deal_hands(n: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        cards = rng.sample(range(52), 9)
        deals.append((cards[:4], cards[4:]))
    return deals


def median_rates(run: Callable[[], object], hands: int, repeat: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return hands / statistics.median(walls), hands / max(statistics.median(cpus), 1e-9)


class Disagreement(Exception):
    pass


def reference(deals: Sequence[Deal]) -> tuple[list[int], list[int]]:
    """hilo-fast's answers, per call; the batch and pure runs must match them."""
    hands = [evaluate(h, b) for h, b in deals]
    return [v.high for v in hands], [v.low or 0 for v in hands]


def check(name: str, got: Sequence[int], want: Sequence[int], deals: Sequence[Deal]) -> None:
    for i, (g, w) in enumerate(zip(got, want[: len(got)], strict=True)):
        if g != w:
            hole, board = deals[i]
            raise Disagreement(f"{name} disagrees on {format_cards(hole)} / "
                               f"{format_cards(board)}: {g} != hilo-fast {w}")


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# ---- contenders: each returns (run, answers) or None when not installed ----

def per_call(evaluate_one: Callable[[Any, Any], object], deals: Sequence[Any]
             ) -> Callable[[], object]:
    """A loop of one call per hand that keeps no results (so no contender pays
    for keeping a million objects alive; answers are checked apart)."""
    def run() -> object:
        for hole, board in deals:
            evaluate_one(hole, board)
        return None
    return run


def hilo_batch(deals: Sequence[Deal], threads: int) -> tuple[Callable[[], object], Any] | None:
    try:
        import numpy as np
    except ImportError:
        return None
    holes = np.array([h for h, _ in deals], dtype=np.int32)
    boards = np.array([b for _, b in deals], dtype=np.int32)
    out_high, out_low = np.empty(len(deals), np.int32), np.empty(len(deals), np.int32)

    def run() -> object:
        return evaluate_batch(holes, boards, out_high=out_high, out_low=out_low, threads=threads)
    return run, run


def phevaluator_one() -> Callable[[list[int], list[int]], int] | None:
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError:
        return None

    def one(hole: list[int], board: list[int]) -> int:
        return evaluate_omaha_cards(*board, *hole)  # board first
    return one


def treys_one(deals: Sequence[Deal]) -> tuple[Callable[[Any, Any], int], list[Any]] | None:
    """treys' evaluate and the deals as treys card ints (converted before timing)."""
    try:
        from treys import Card, PLOEvaluator
    except ImportError:
        return None
    converted = [([Card.new(card_str(c)) for c in h], [Card.new(card_str(c)) for c in b])
                 for h, b in deals]
    return PLOEvaluator().evaluate, converted


def pokerkit_one(deals: Sequence[Deal]) -> tuple[Callable[[Any, Any], Any], list[Any]] | None:
    """Both pokerkit hands of a deal, and the deals as pokerkit cards."""
    try:
        from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand
    except ImportError:
        return None
    parsed = [(tuple(Card.parse(format_cards(h))), tuple(Card.parse(format_cards(b))))
              for h, b in deals]

    def one(hole: Any, board: Any) -> tuple[Any, Any]:
        try:
            low = OmahaEightOrBetterLowHand.from_game(hole, board)
        except ValueError:  # no qualifying low
            low = None
        return OmahaHoldemHand.from_game(hole, board), low
    return one, parsed


def check_pokerkit(hands: list[tuple[Any, Any]], high: list[int], low: list[int],
                   deals: Sequence[Deal]) -> None:
    """pokerkit's hands order like ours (greater is better there, lower here)."""
    for i in range(len(hands)):
        j = (i + 1) % len(hands)
        (hi_i, lo_i), (hi_j, lo_j) = hands[i], hands[j]
        ours = sign(high[j] - high[i])
        theirs = sign((hi_i > hi_j) - (hi_i < hi_j))
        if ours != theirs or (lo_i is None) != (low[i] == 0):
            raise Disagreement(f"pokerkit disagrees on deals {deals[i]} and {deals[j]}")
        if lo_i is not None and lo_j is not None \
                and sign(low[j] - low[i]) != sign((lo_i > lo_j) - (lo_i < lo_j)):
            raise Disagreement(f"pokerkit's low disagrees on deals {deals[i]} and {deals[j]}")


# ---- the run ----

def machine() -> str:
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
        model = fields.get("Model name", "").strip()
        cpus = fields.get("CPU(s)", "").strip()
        return f"{model}, {cpus} CPUs ({platform.machine()}, {platform.system()})"
    except (OSError, subprocess.CalledProcessError):
        return f"{platform.processor() or platform.machine()} ({platform.system()})"


def run_all(args: argparse.Namespace) -> list[Result]:
    deals = deal_hands(max(args.batch_hands, args.call_hands), args.seed)
    results: list[Result] = []

    def time_it(name: str, halves: str, n: int, run: Callable[[], object]) -> None:
        run()  # warm up (pure Python fills its lazy tables here)
        wall, cpu = median_rates(run, n, args.repeat)
        results.append(Result(name, halves, n, wall, cpu))
        print(f"  {name}: {wall:,.0f} hands/s", file=sys.stderr)

    call_deals = deals[: args.call_hands]
    want_high, want_low = reference(call_deals)

    for threads in (1, 2):
        batch = hilo_batch(deals[: args.batch_hands], threads)
        if batch is None:
            print("numpy not installed: no batch run", file=sys.stderr)
            break
        run, _ = batch
        high, low = run()  # type: ignore[misc]
        check(f"batch threads={threads}", high[: args.call_hands].tolist(), want_high, call_deals)
        check(f"batch threads={threads} low", low[: args.call_hands].tolist(), want_low, call_deals)
        time_it(f"hilo-fast batch, {threads} thread{'s' if threads > 1 else ''}", "hi+lo",
                args.batch_hands, run)

    time_it("hilo-fast evaluate() per call", "hi+lo", args.call_hands,
            per_call(evaluate, call_deals))

    pure_deals = deals[: args.pure_hands]
    with _backend.using(_pybackend):
        pure_high, pure_low = reference(pure_deals)
        check("pure backend", pure_high, want_high[: args.pure_hands], pure_deals)
        check("pure backend low", pure_low, want_low[: args.pure_hands], pure_deals)
        time_it("hilo-fast pure Python, evaluate() per call", "hi+lo", args.pure_hands,
                per_call(evaluate, pure_deals))
        batch = hilo_batch(pure_deals, 1)
        if batch is not None:
            time_it("hilo-fast pure Python, batch", "hi+lo", args.pure_hands, batch[0])

    peer_deals = deals[: args.peer_hands]
    ph = phevaluator_one()
    if ph is not None:
        check("phevaluator", [ph(h, b) for h, b in peer_deals], want_high, peer_deals)
        time_it("phevaluator evaluate_omaha_cards", "hi", args.peer_hands,
                per_call(ph, peer_deals))
    treys_deals = deals[: args.treys_hands]
    tr = treys_one(treys_deals)
    if tr is not None:
        one, converted = tr
        check("treys", [one(h, b) for h, b in converted], want_high, treys_deals)
        time_it("treys PLOEvaluator", "hi", args.treys_hands, per_call(one, converted))
    pk_deals = deals[: args.pokerkit_hands]
    pk = pokerkit_one(pk_deals)
    if pk is not None:
        one, parsed = pk
        check_pokerkit([one(h, b) for h, b in parsed], want_high, want_low, pk_deals)
        time_it("pokerkit OmahaHoldemHand + OmahaEightOrBetterLowHand", "hi+lo",
                args.pokerkit_hands, per_call(one, parsed))
    return results


def table(results: list[Result]) -> str:
    base = {r.name: r.cpu_rate for r in results}
    per_call = base.get("hilo-fast evaluate() per call")
    batch = base.get("hilo-fast batch, 1 thread")
    lines = ["| contender | halves | hands | hands/s (wall) | hands/s (CPU) "
             "| vs hilo-fast per call | vs hilo-fast batch |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        vs_call = f"{r.cpu_rate / per_call:.3g}x" if per_call else "-"
        vs_batch = f"{r.cpu_rate / batch:.3g}x" if batch else "-"
        lines.append(f"| {r.name} | {r.halves} | {r.hands:,} | {r.wall_rate:,.0f} "
                     f"| {r.cpu_rate:,.0f} | {vs_call} | {vs_batch} |")
    return "\n".join(lines)


def write_png(results: list[Result], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 0.5 * len(results) + 1.8))
    names = [r.name for r in results][::-1]
    rates = [r.cpu_rate for r in results][::-1]
    ax.barh(names, rates, color=["tab:blue" if n.startswith("hilo") else "tab:gray" for n in names])
    ax.set_xscale("log")
    ax.set_xlabel("Omaha hands per second (CPU time, log scale, higher is better)")
    ax.set_title(title.replace(", Python", "\nPython", 1), fontsize=9)
    for y, rate in enumerate(rates):
        ax.text(rate, y, f" {rate:,.0f}", va="center", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per contender (median)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--batch-hands", type=int, default=1_000_000)
    parser.add_argument("--call-hands", type=int, default=200_000)
    parser.add_argument("--pure-hands", type=int, default=50_000)
    parser.add_argument("--peer-hands", type=int, default=100_000, help="phevaluator")
    parser.add_argument("--treys-hands", type=int, default=5_000)
    parser.add_argument("--pokerkit-hands", type=int, default=500)
    parser.add_argument("--json", help="write the results here as JSON")
    parser.add_argument("--png", help="write a bar chart here (needs matplotlib)")
    args = parser.parse_args(argv)
    if min(args.batch_hands, args.pure_hands, args.peer_hands, args.treys_hands,
           args.pokerkit_hands) < 2 or args.call_hands < max(args.pure_hands, args.peer_hands,
                                                             args.treys_hands, args.pokerkit_hands):
        parser.error("every sample needs >= 2 hands, and --call-hands must be the largest "
                     "but --batch-hands (the others are checked against it)")
    if args.png:  # before the work, not after it
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error('--png needs matplotlib: pip install "hilo-fast[bench]" '
                         "(or pip install matplotlib)")
    for option, path in (("--png", args.png), ("--json", args.json)):
        if path and not Path(path).resolve().parent.is_dir():
            parser.error(f"{option} {path}: no such directory {str(Path(path).parent)!r}")
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    where = machine()
    print(f"hilo-fast {hilo_fast.__version__} ({hilo_fast.BACKEND} backend), Python "
          f"{platform.python_version()}, {where}, {stamp}; seed {args.seed}, "
          f"median of {args.repeat}", file=sys.stderr)
    try:
        results = run_all(args)
    except Disagreement as err:
        print(f"DISAGREEMENT: {err}", file=sys.stderr)
        return 1
    header = (f"{stamp}, {where}, Python {platform.python_version()}, "
              f"hilo-fast {hilo_fast.__version__}, median of {args.repeat} runs")
    print(header)
    print()
    print(table(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"date": stamp, "machine": where, "python": platform.python_version(),
                       "hilo_fast": hilo_fast.__version__, "repeat": args.repeat,
                       "seed": args.seed, "results": [asdict(r) for r in results]}, f, indent=2)
    if args.png:
        write_png(results, args.png, header)
    return 0


if __name__ == "__main__":
    sys.exit(main())
