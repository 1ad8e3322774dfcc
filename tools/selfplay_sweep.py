"""Self-play at every table size and in every game: played and checked.

The axes: seats 2..10 x fixed / pot / no limit / mixed x each built-in bot and
a mix of the three x stacks (1 chip, 1 big blind, 100 big blinds, 10**6) x
antes off and on, each with its own seed. Every session must

- finish without an error, play every hand and conserve chips (``net`` sums
  to 0; ``simulate`` also checks each hand);
- on the native backend, be played by the C (``csrc/engine/selfplay.c``) and give
  the summary that the Python driver (``Table`` + ``Hand.play``, forced by
  ``on_hand``) gives for the same seed, hand for hand the same as
  docs/engine.md promises: the same net chips, rebuys, actions and showdowns;
- give that summary on the pure backend too (a subprocess with
  ``HILO_FAST_PUREPYTHON=1``, so no line of C is in it).

    python tools/selfplay_sweep.py                  # the CI sweep (about a minute)
    python tools/selfplay_sweep.py --seeds 1 --hands 300 --compare-hands 0 --pure-cases 0

Beside it, the variants matrix: every game (4/5/6-card hi/lo, double board,
Courchevel, Omaha high 4/5-card, double-board high, the PLO/PLO8 mix) x table
option (plain, ante, straddle, bomb pot, single blind) x seats 2..10 (as many
as the deck deals) x fixed / pot / no limit x the four stacks, the three bots
mixed, checked the same way (the Python driver and the pure backend on a
seeded sample of its cells).

Prints one line; exits 1 (each failure on stderr) if any session failed.
Meant for the native backend: on the pure one the defaults take hours.
``tests/engine/test_selfplay_matrix.py`` runs a covering sample of the same matrix.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import hilo_fast as hf
from hilo_fast.engine.selfplay import SimulationSummary, simulate
from hilo_fast.engine.structures import MixedGame, Structure

SEATS = tuple(range(2, 11))
KINDS = ("fixed", "pot", "no", "mixed")
BOTS = {"random": ["random"], "call": ["call"], "pot": ["pot"], "mix": ["random", "pot", "call"]}
STACKS = ("1 chip", "1 bb", "100 bb", "10**6")
ANTES = (False, True)
AXES: tuple[Sequence[object], ...] = (SEATS, KINDS, tuple(BOTS), STACKS, ANTES)
Combo = tuple[int, str, str, str, bool]
#: The variants matrix's axes (games by hf.Game name; "a,b" alternates two games).
GAMES = ("omaha8", "omaha85", "omaha86", "double-board", "courchevel", "high", "omahahi5",
         "double-board-high", "high,omaha8")
OPTIONS = ("plain", "ante", "straddle", "bomb pot", "single blind")


def _combos() -> list[Combo]:
    """Every cell of the matrix (1,152), in a fixed order."""
    return list(itertools.product(SEATS, KINDS, tuple(BOTS), STACKS, ANTES))


class Case(NamedTuple):
    seats: int
    kind: str
    bots: str
    stack: str
    ante: bool
    seed: int
    game: str = "omaha8"
    option: str = "plain"   # or straddle / bomb pot / single blind (the ante is its own axis)

    def structure(self) -> Structure | MixedGame:
        """Blinds 1/2 (fixed limit 2/4, whose blinds are 1/2); ante 1 when on; a
        straddle of 4, a bomb pot of 2 a seat, or the big blind alone."""
        every: dict[str, dict[str, Any]] = {
            "plain": {}, "straddle": {"straddle": 4}, "bomb pot": {"bomb_pot": 2},
            "single blind": {"single_blind": True}}
        options = every[self.option]
        ante = int(self.ante)
        if self.kind == "fixed":
            return Structure.fixed_limit(2, 4, ante=ante, **options)
        if self.kind == "pot":
            return Structure.pot_limit(1, 2, ante=ante, **options)
        if self.kind == "no":
            return Structure.no_limit(1, 2, ante=ante, **options)
        # The CLI's default schedule: one orbit of each game (the fixed game's
        # blinds and ante are twice the pot-limit game's).
        return MixedGame(Structure.pot_limit(1, 2, ante=ante, **options),
                         hands_per_game=self.seats)

    def games(self) -> list[str] | str:
        return self.game.split(",") if "," in self.game else self.game

    def chips(self) -> int:
        big_blind = 2   # every structure above (the mixed game starts with pot limit)
        return {"1 chip": 1, "1 bb": big_blind, "100 bb": 100 * big_blind,
                "10**6": 10**6}[self.stack]

    def __str__(self) -> str:
        return (f"{self.game}, {self.option}, {self.seats} seats, {self.kind} limit, "
                f"bots {self.bots}, stack {self.stack}, ante {'on' if self.ante else 'off'}, "
                f"seed {self.seed}")


def every_case(seeds: int, first_seed: int = 0) -> list[Case]:
    """The whole product, ``seeds`` sessions each (each session its own seed)."""
    combos = _combos()
    return [Case(*combo, first_seed + k * len(combos) + i)
            for k in range(seeds) for i, combo in enumerate(combos)]


def _deals(game: str, seats: int) -> bool:
    """The deck holds every seat's cards and the boards."""
    return all(seats * g.hole_cards + 5 * g.boards <= 52
               for g in map(hf.Game.named, game.split(",")))


def variant_cases(first_seed: int = 0) -> list[Case]:
    """The variants matrix, each cell its own seed (the ante an option of its own:
    a bomb pot's ante replaces it)."""
    cells = [(seats, kind, game, option, stack)
             for game in GAMES for option in OPTIONS for seats in SEATS
             for kind in KINDS[:3] for stack in STACKS if _deals(game, seats)]
    return [Case(seats, kind, "mix", stack, option == "ante", first_seed + i, game,
                 "plain" if option == "ante" else option)
            for i, (seats, kind, game, option, stack) in enumerate(cells)]


def pairwise_cases(seed: int = 0) -> list[Case]:
    """A few cases in which every value of every axis meets every value of every
    other axis at least once (a greedy covering array: about 50 of the 1,152)."""
    combos = _combos()
    pairs_of = [frozenset(((a, combo[a]), (b, combo[b]))
                          for a, b in itertools.combinations(range(len(AXES)), 2))
                for combo in combos]
    uncovered = set().union(*pairs_of)
    picked: list[Case] = []
    while uncovered:
        best = max(range(len(combos)), key=lambda i: len(pairs_of[i] & uncovered))
        uncovered -= pairs_of[best]
        picked.append(Case(*combos[best], seed + best))
    return picked


def play(case: Case, hands: int, *, python_driver: bool = False) -> SimulationSummary:
    """One session; ``python_driver`` forces Table + Hand.play (on_hand does)."""
    on_hand = (lambda hand: None) if python_driver else None
    return simulate(hands, case.structure(), case.seats, seed=case.seed,
                    bots=BOTS[case.bots], stack=case.chips(), on_hand=on_hand,
                    game=case.games())


Outcome = tuple[int, list[int], list[int], int, int]


def outcome(summary: SimulationSummary) -> Outcome:
    """What must be the same on every engine: hands, net, rebuys, actions, showdowns."""
    return (summary.hands, summary.net, summary.rebuys, summary.actions, summary.showdowns)


def problems(case: Case, summary: SimulationSummary, hands: int, engine: str) -> list[str]:
    """Why a finished session is wrong (empty when it is right)."""
    found = []
    if summary.hands != hands or len(summary.net) != case.seats:
        found.append(f"{summary.hands} hands, {len(summary.net)} seats")
    if sum(summary.net) != 0:
        found.append(f"chips not conserved: net {summary.net}")
    if min(summary.rebuys) < 0 or summary.actions < 0 or not 0 <= summary.showdowns <= hands:
        found.append(f"rebuys {summary.rebuys}, actions {summary.actions}")
    if summary.engine != engine:
        found.append(f"played by the {summary.engine} engine, not the {engine} one")
    return found


def run_cases(cases: Iterable[Case], hands: int, engine: str, *,
              python_driver: bool = False) -> tuple[dict[Case, Outcome], list[str]]:
    """Play each case; (outcomes, failures)."""
    outcomes: dict[Case, Outcome] = {}
    failures: list[str] = []
    for case in cases:
        try:
            summary = play(case, hands, python_driver=python_driver)
        except Exception as exc:   # every failure is reported; none stops the sweep
            failures.append(f"{case}: {type(exc).__name__}: {exc}")
            continue
        failures += [f"{case}: {p}" for p in problems(case, summary, hands, engine)]
        outcomes[case] = outcome(summary)
    return outcomes, failures


def pure_outcomes(cases: Sequence[Case], hands: int) -> tuple[dict[Case, Outcome], list[str]]:
    """run_cases on the pure backend, in a fresh interpreter (this script's --pure-worker)."""
    env = {**os.environ, "HILO_FAST_PUREPYTHON": "1"}
    done = subprocess.run([sys.executable, __file__, "--pure-worker", str(hands)],
                          input=json.dumps([list(case) for case in cases]),
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode:
        return {}, [f"the pure-backend worker failed:\n{done.stderr}"]
    answer = json.loads(done.stdout)
    outcomes = {Case(*key): (o[0], o[1], o[2], o[3], o[4]) for key, o in answer["outcomes"]}
    return outcomes, answer["failures"]


def _pure_worker(hands: int) -> None:
    assert hf.BACKEND == "python", hf.BACKEND
    cases = [Case(*row) for row in json.loads(sys.stdin.read())]
    outcomes, failures = run_cases(cases, hands, "Python")
    json.dump({"outcomes": [[list(case), list(o)] for case, o in outcomes.items()],
               "failures": failures}, sys.stdout)


def compare(want: dict[Case, Outcome], got: dict[Case, Outcome], what: str) -> list[str]:
    """A failure for each case whose outcome differs from the C's."""
    return [f"{case}: {what} {got[case]} != C {want[case]}"
            for case in got if case in want and got[case] != want[case]]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=3, help="seeds per cell (default 3)")
    parser.add_argument("--hands", type=int, default=2000, help="hands a session (default 2000)")
    parser.add_argument("--compare-hands", type=int, default=500,
                        help="hands of each cell replayed by the Python driver on the native "
                             "backend, every cell once (default 500; 0: none)")
    parser.add_argument("--pure-cases", type=int, default=100,
                        help="random cells also played on the pure backend (default 100)")
    parser.add_argument("--pure-hands", type=int, default=300,
                        help="hands of each pure-backend session (default 300)")
    parser.add_argument("--variant-hands", type=int, default=500,
                        help="hands of each session of the variants matrix (default 500; 0: "
                             "skip it)")
    parser.add_argument("--variant-compare", type=int, default=150,
                        help="cells of the variants matrix also played by the Python driver "
                             "and on the pure backend, 200 hands each (default 150)")
    parser.add_argument("--pure-worker", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pure_worker is not None:
        _pure_worker(args.pure_worker)
        return 0
    start = time.perf_counter()
    native = hf.BACKEND == "native"
    engine = "C" if native else "Python"
    _, failures = run_cases(every_case(args.seeds), args.hands, engine)
    sessions, played = len(every_case(args.seeds)), len(every_case(args.seeds)) * args.hands
    compared = 0
    if native and args.compare_hands:
        cells = every_case(1, first_seed=10**6)
        c, c_failures = run_cases(cells, args.compare_hands, "C")
        py, py_failures = run_cases(cells, args.compare_hands, "Python", python_driver=True)
        failures += c_failures + py_failures + compare(c, py, "Python driver")
        compared = len(cells)
    pure = 0
    if args.pure_cases:
        cells = random.Random(24).sample(every_case(1, first_seed=2 * 10**6), args.pure_cases)
        here, here_failures = run_cases(cells, args.pure_hands, engine)
        there, there_failures = pure_outcomes(cells, args.pure_hands)
        failures += here_failures + there_failures + compare(here, there, "pure backend")
        if len(there) != len(cells) and not there_failures:
            failures.append(f"the pure backend played {len(there)} of {len(cells)} cells")
        pure = len(cells)
    variants = 0
    if args.variant_hands:
        cells = variant_cases(first_seed=3 * 10**6)
        _, v_failures = run_cases(cells, args.variant_hands, engine)
        failures += v_failures
        variants = len(cells)
        sample = random.Random(26).sample(cells, min(args.variant_compare, len(cells)))
        if sample:
            c, c_failures = run_cases(sample, 200, engine)
            failures += c_failures
            if native:
                py, py_failures = run_cases(sample, 200, "Python", python_driver=True)
                failures += py_failures + compare(c, py, "Python driver")
            there, there_failures = pure_outcomes(sample, 200)
            failures += there_failures + compare(c, there, "pure backend")
            if len(there) != len(sample) and not there_failures:
                failures.append(f"the pure backend played {len(there)} of {len(sample)} "
                                "variant cells")
    seconds = time.perf_counter() - start
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"selfplay sweep ({hf.BACKEND}): {sessions:,} sessions, {played:,} hands; "
          f"{compared:,} cells against the Python driver, {pure:,} against the pure backend; "
          f"variants: {variants:,} sessions: {len(failures)} failures in {seconds:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
