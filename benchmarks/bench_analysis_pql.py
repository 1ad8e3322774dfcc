"""PQL queries per second against a plain-Python Monte Carlo at equal standard error.

    python benchmarks/bench_analysis_pql.py [--trials 600000] [--python-trials 20000] [--strict]

Each query is run by ``hf.pql`` with ``--trials`` Monte Carlo deals
(ProPokerTools' default is 600,000) and by a plain-Python Monte Carlo written
here, the way a script without PQL asks the same question: per trial, draw
each range's hand (``random.choices`` on the running sums of the weights,
made once; redrawn on a shared card),
deal the board with ``random.sample``, evaluate each hand with the scalar
``hf.omaha_high`` / ``hf.omaha_low``, and count. The plain loop runs
``--python-trials`` trials; its time is scaled to the trials it would need
for PQL's standard error (trials grow as the square of the error ratio). The
ratio is (plain Python's time at PQL's error) / (PQL's time); the two
answers are printed side by side and must agree within 4 combined standard
errors. Times are CPU seconds of this process (time.process_time: both
run on one thread, and a shared machine's load does not bend the ratio).
Target: PQL at least ``TARGET_RATIO`` times faster on every query;
a miss prints a line starting ``MISSED``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import hilo_fast as hf
from hilo_fast.cards import parse_cards

TARGET_RATIO = 5.0


@dataclass(frozen=True)
class Question:
    name: str
    query: str
    players: tuple[str, ...]
    board: str
    #: (hands, board, highs, lows) -> (counted?, value) for the plain loop
    judge: Callable[[list[list[int]], list[int], list[int], list[int | None]],
                    tuple[bool, float]]


def _share(highs: list[int], lows: list[int | None], p: int) -> float:
    best = min(highs)
    hi = [h == best for h in highs]
    made = [v for v in lows if v is not None]
    if not made:
        return hi[p] / sum(hi)
    lo = [v == min(made) for v in lows]
    return hi[p] / sum(hi) / 2 + lo[p] / sum(lo) / 2


def _equity(hands: list[list[int]], board: list[int], highs: list[int],
            lows: list[int | None]) -> tuple[bool, float]:
    return True, _share(highs, lows, 0)


def _scoops(hands: list[list[int]], board: list[int], highs: list[int],
            lows: list[int | None]) -> tuple[bool, float]:
    alone_hi = highs[0] < min(highs[1:])
    made = [v for v in lows if v is not None]
    alone_lo = not made or (lows[0] is not None and all(v is None or lows[0] < v
                                                        for v in lows[1:]))
    return True, float(alone_hi and alone_lo)


def _quartered(hands: list[list[int]], board: list[int], highs: list[int],
               lows: list[int | None]) -> tuple[bool, float]:
    # where hero has the best low at the table and no share of the high:
    # count(tiesLo(hero)) (the table's best low, not the board's nut low)
    mine = lows[0]
    others = [v for v in lows[1:] if v is not None]
    best_lo = mine is not None and all(mine <= v for v in others)
    counted = best_lo and highs[0] > min(highs[1:])
    return counted, float(counted and any(v == mine for v in others))


QUESTIONS = (
    Question("A2 vs 15%: avg(riverEquity)",
             "select avg(riverEquity(hero)) as x from game='omaha8', hero='A2**', "
             "villain='15%'", ("A2**", "15%"), "", _equity),
    Question("AA vs KK, 3-way with a random hand: count(scoops)",
             "select count(scoops(hero)) as x from game='omaha8', hero='AA**', villain='KK**', "
             "third='****'", ("AA**", "KK**", "****"), "", _scoops),
    Question("A2 vs 15%, 15% on a flop: count(tiesLo) where best low and no high",
             "select count(tiesLo(hero)) as x from game='omaha8', hero='A2**', v1='15%', "
             "v2='15%', board='7c5d2h' where bestLoRating(hero, river) and not "
             "(winsHi(hero) or tiesHi(hero))", ("A2**", "15%", "15%"), "7c5d2h", _quartered),
)


def plain_python(question: Question, trials: int, seed: int) -> tuple[float, float, float]:
    """(seconds, answer, standard error) of the plain Monte Carlo."""
    start = time.process_time()   # the hands are listed inside the timer, as PQL does
    rng = random.Random(seed)
    known = parse_cards(question.board)
    lists = []
    for text in question.players:
        r = hf.Range(text).without(known) if known else hf.Range(text)
        cumulative = list(itertools.accumulate(float(w) for w in r.weights))
        lists.append(([[int(c) for c in row] for row in r.combos], cumulative))
    top = bottom = top2 = 0.0
    deck_all = [c for c in range(52) if c not in known]
    for _ in range(trials):
        while True:
            hands = [rng.choices(rows, cum_weights=cum)[0] for rows, cum in lists]
            cards = [c for h in hands for c in h]
            if len(set(cards)) == len(cards):
                break
        used = set(cards)
        board = known + rng.sample([c for c in deck_all if c not in used], 5 - len(known))
        highs = [hf.omaha_high(h, board) for h in hands]
        lows = [hf.omaha_low(h, board) for h in hands]
        counted, value = question.judge(hands, board, highs, lows)
        if counted:
            bottom += 1
            top += value
            top2 += value * value
    seconds = time.process_time() - start
    mean = top / bottom
    spread = max(0.0, top2 - 2 * mean * top + mean * mean * bottom)
    return seconds, mean, math.sqrt(spread) / bottom


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=600_000)
    parser.add_argument("--python-trials", type=int, default=20_000)
    parser.add_argument("--strict", action="store_true",
                        help="exit with status 1 when a target is missed")
    args = parser.parse_args()
    print(f"backend: {hf.BACKEND}; PQL {args.trials:,} trials, plain Python "
          f"{args.python_trials:,} trials scaled to PQL's standard error")
    missed = []
    hf.pql(QUESTIONS[0].query, samples=100, seed=1)   # one-time tables and rankings: not timed
    for question in QUESTIONS:
        start = time.process_time()
        result = hf.pql(question.query, samples=args.trials, seed=1)
        t_pql = time.process_time() - start
        column: Any = result["x"]
        t_py, answer, error = plain_python(question, args.python_trials, seed=2)
        needed = args.python_trials * (error / column.std_error) ** 2 if column.std_error else 0
        t_py_equal = t_py / args.python_trials * needed
        ratio = t_py_equal / t_pql
        agree = abs(answer - column.value) <= 4 * math.hypot(error, column.std_error)
        met = ratio >= TARGET_RATIO and agree
        if not met:
            missed.append(question.name)
        print(f"{question.name}:\n"
              f"  PQL           {column.value:.5f} ± {column.std_error:.5f}  {t_pql:7.2f} s "
              f"({1 / t_pql:.3f} queries/s, {result.matched:,} deals passed where)\n"
              f"  plain Python  {answer:.5f} ± {error:.5f}  {t_py:7.2f} s for "
              f"{args.python_trials:,}; {t_py_equal:,.1f} s at PQL's error "
              f"({1 / t_py_equal if t_py_equal else math.inf:.4f} queries/s)\n"
              f"  ratio x{ratio:,.1f} (target >= x{TARGET_RATIO:g}), answers "
              f"{'agree' if agree else 'DISAGREE'}: {'met' if met else 'MISSED'}")
    print("every target met" if not missed else f"MISSED: {', '.join(missed)}")
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
