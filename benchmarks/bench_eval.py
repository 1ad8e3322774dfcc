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
- hilo-fast ``omaha_hilo()``: the lean per-call entry, both halves as a tuple;
- phevaluator ``evaluate_omaha_cards`` (the public wrapper, which converts
  each card) and its raw C call ``phevaluator._pheval.evaluate_omaha_cards``
  (nine ints, board first), and treys ``PLOEvaluator``: high only;
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

from _pure import run_pure
from _threads import best_of, c_reference, ratio_line

import hilo_fast
from hilo_fast import card_str, evaluate, evaluate_batch, format_cards

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


def per_call_raw(raw: Callable[..., int], deals: Sequence[Deal]) -> Callable[[], object]:
    """phevaluator's raw C call in the loop itself (no Python frame between):
    the strongest per-call entry point it has."""
    def run() -> object:
        for hole, board in deals:
            raw(*board, *hole)
        return None
    return run


def phevaluator_raw() -> Callable[..., int] | None:
    try:
        from phevaluator import _pheval
    except ImportError:
        return None
    return _pheval.evaluate_omaha_cards  # type: ignore[no-any-return]


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


def timer(args: argparse.Namespace, results: list[Result]
          ) -> Callable[[str, str, int, Callable[[], object]], None]:
    def time_it(name: str, halves: str, n: int, run: Callable[[], object]) -> None:
        run()  # warm up (pure Python fills its lazy tables here)
        wall, cpu = median_rates(run, n, args.repeat)
        results.append(Result(name, halves, n, wall, cpu))
        print(f"  {name}: {wall:,.0f} hands/s", file=sys.stderr)
    return time_it


def pure_rows(args: argparse.Namespace) -> dict[str, Any]:
    """The pure backend's answers and rows (run with HILO_FAST_PUREPYTHON=1)."""
    assert hilo_fast.BACKEND == "python", "--pure-rows runs on the pure backend"
    results: list[Result] = []
    time_it = timer(args, results)
    pure_deals = deal_hands(max(args.batch_hands, args.call_hands), args.seed)[: args.pure_hands]
    high, low = reference(pure_deals)
    time_it("hilo-fast pure Python, evaluate() per call", "hi+lo", args.pure_hands,
            per_call(evaluate, pure_deals))
    batch = hilo_batch(pure_deals, 1)
    if batch is not None:
        time_it("hilo-fast pure Python, batch", "hi+lo", args.pure_hands, batch[0])
    return {"high": high, "low": low, "results": [asdict(r) for r in results]}


def batch_thread_ratio(runs: dict[int, Callable[[], object]], hands: int,
                       repeat: int) -> list[str]:
    """The batch on 2 threads against 1, taking turns (best of ``repeat``):
    the ratio with its target, and on a miss the C-only reference."""
    if set(runs) != {1, 2}:
        return []
    one, two = best_of(max(3, repeat), runs[1], runs[2])
    line, met = ratio_line(f"batch ({hands:,} rows, outputs given)", one, two)
    return [line] if met else [line, *c_reference("4")]


def run_all(args: argparse.Namespace, thread_lines: list[str] | None = None) -> list[Result]:
    deals = deal_hands(max(args.batch_hands, args.call_hands), args.seed)
    results: list[Result] = []
    time_it = timer(args, results)

    call_deals = deals[: args.call_hands]
    want_high, want_low = reference(call_deals)

    batch_runs: dict[int, Callable[[], object]] = {}
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
        batch_runs[threads] = run
    if thread_lines is not None:
        thread_lines.extend(batch_thread_ratio(batch_runs, args.batch_hands, args.repeat))

    time_it("hilo-fast evaluate() per call", "hi+lo", args.call_hands,
            per_call(evaluate, call_deals))
    omaha_hilo = getattr(hilo_fast, "omaha_hilo", None)
    if omaha_hilo is not None:
        got = [omaha_hilo(h, b) for h, b in call_deals]
        check("omaha_hilo", [hi for hi, _ in got], want_high, call_deals)
        check("omaha_hilo low", [lo or 0 for _, lo in got], want_low, call_deals)
        time_it("hilo-fast omaha_hilo() per call", "hi+lo", args.call_hands,
                per_call(omaha_hilo, call_deals))

    # The pure backend's rows come from a child process with it forced.
    pure_deals = deals[: args.pure_hands]
    pure = json.loads(run_pure(__file__, *sys.argv[1:], "--pure-rows"))
    check("pure backend", pure["high"], want_high[: args.pure_hands], pure_deals)
    check("pure backend low", pure["low"], want_low[: args.pure_hands], pure_deals)
    results.extend(Result(**row) for row in pure["results"])

    peer_deals = deals[: args.peer_hands]
    raw = phevaluator_raw()
    if raw is not None:
        check("phevaluator raw", [raw(*b, *h) for h, b in peer_deals], want_high, peer_deals)
        time_it(RAW, "hi", args.peer_hands, per_call_raw(raw, peer_deals))
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


RAW = "phevaluator._pheval.evaluate_omaha_cards (raw C call)"
#: The issue-17 ratios: (what, contender) against the raw call, CPU rates.
RATIOS = (("omaha_hilo per call (hi+lo) / raw call (hi)", "hilo-fast omaha_hilo() per call"),
          ("evaluate per call (hi+lo) / raw call (hi)", "hilo-fast evaluate() per call"),
          ("batch, 1 thread / raw call", "hilo-fast batch, 1 thread"))


def ratios(results: list[Result]) -> str:
    """hilo-fast against phevaluator's raw call, in CPU hands/s of this run."""
    rate = {r.name: r.cpu_rate for r in results}
    if RAW not in rate:
        return "phevaluator not installed: no ratios to its raw call"
    lines = [f"{what}: {rate[name] / rate[RAW]:.2f}x" for what, name in RATIOS if name in rate]
    return "\n".join(lines)


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
    parser.add_argument("--pure-rows", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pure_rows:   # the child process of the pure backend's rows
        print(json.dumps(pure_rows(args)))
        return 0
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
    thread_lines: list[str] = []
    try:
        results = run_all(args, thread_lines)
    except Disagreement as err:
        print(f"DISAGREEMENT: {err}", file=sys.stderr)
        return 1
    header = (f"{stamp}, {where}, Python {platform.python_version()}, "
              f"hilo-fast {hilo_fast.__version__}, median of {args.repeat} runs")
    print(header)
    print()
    print(table(results))
    print()
    print(ratios(results))
    for line in thread_lines:
        print(line)
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
