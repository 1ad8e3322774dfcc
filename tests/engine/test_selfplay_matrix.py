"""Self-play at every table size (issue 24): the matrix of tools/selfplay_sweep.py.

Heads-up self-play in C used to stop at a multiple of 256 hands ("a
self-play setting out of range"): a seat broke at the end of one run of the
C loop made the next run's start-up check refuse the table before the rebuy.
The tests here play seats 2..10 x fixed / pot / no limit / mixed x each
built-in bot and a mix x stacks of 1 chip, 1 big blind, 100 big blinds and
10**6 x antes off and on:

- on the native backend, every cell of that product once, 2,000 hands each,
  in C: no error, every hand played, chips conserved;
- a covering sample (every value of each axis meets every value of every
  other: 36 cells) against the Python driver on the same backend (2,000
  hands) and against the pure backend in a subprocess (600 hands, across two
  C runs' boundaries): the summaries must be equal, as docs/engine.md
  promises ("the same seed gives the same hands, chips and summary");
- on the pure backend, the covering sample plays without an error.

The variants matrix (issue 26: every game x table option x seats the deck
deals x fixed / pot / no limit x stacks) plays every cell in C, and one cell
of each game and option against the Python driver and the pure backend.

``python tools/selfplay_sweep.py`` (in .ci/run) plays the whole product
three times and compares every cell, and the variants matrix.
"""

from __future__ import annotations

import importlib.util
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast.engine.selfplay import _PROGRESS_EVERY


def _load_sweep() -> ModuleType | None:
    """tools/selfplay_sweep.py, found from this file wherever the tests folder is
    (None beside a copy of the tests alone: an installed wheel's suite)."""
    for folder in Path(__file__).resolve().parents:
        path = folder / "tools" / "selfplay_sweep.py"
        if path.exists():
            spec = importlib.util.spec_from_file_location("selfplay_sweep", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


_sweep = _load_sweep()
if _sweep is None:
    pytest.skip("tools/selfplay_sweep.py is not beside the tests", allow_module_level=True)
sweep: ModuleType = _sweep
PAIRWISE = sweep.pairwise_cases()


def test_the_covering_sample_covers_every_pair_of_values() -> None:
    """Checked independently of how the sample was picked."""
    axes = [sweep.SEATS, sweep.KINDS, tuple(sweep.BOTS), sweep.STACKS, sweep.ANTES]
    assert [len(axis) for axis in axes] == [9, 4, 4, 4, 2]
    for a in range(5):
        for b in range(a + 1, 5):
            seen = {(case[a], case[b]) for case in PAIRWISE}
            assert len(seen) == len(axes[a]) * len(axes[b]), (a, b)
    assert len(set(case.seed for case in PAIRWISE)) == len(PAIRWISE)


@pytest.mark.parametrize("seats", sweep.SEATS)
def test_every_cell_plays_in_c(native: ModuleType, seats: int) -> None:
    cells = [case for case in sweep.every_case(1) if case.seats == seats]
    assert len(cells) == 4 * 4 * 4 * 2
    _, failures = sweep.run_cases(cells, 2000, "C")
    assert failures == []


def test_c_matches_the_python_driver_hand_for_hand(native: ModuleType) -> None:
    c, c_failures = sweep.run_cases(PAIRWISE, 2000, "C")
    py, py_failures = sweep.run_cases(PAIRWISE, 2000, "Python", python_driver=True)
    assert c_failures == py_failures == []
    assert len(c) == len(py) == len(PAIRWISE)
    assert sweep.compare(c, py, "Python driver") == []
    # The sample is not all quiet sessions: seats went broke and bought back in.
    assert sum(sum(o[2]) for o in c.values()) > 10_000


def test_c_matches_the_pure_backend(native: ModuleType) -> None:
    hands = 600
    assert hands > 2 * _PROGRESS_EVERY   # the C plays it as three runs
    c, c_failures = sweep.run_cases(PAIRWISE, hands, "C")
    pure, pure_failures = sweep.pure_outcomes(PAIRWISE, hands)
    assert c_failures == pure_failures == []
    assert len(pure) == len(PAIRWISE)
    assert sweep.compare(c, pure, "pure backend") == []


def test_the_covering_sample_plays_on_this_backend(backend: ModuleType) -> None:
    engine = "C" if backend.NAME == "native" else "Python"
    _, failures = sweep.run_cases(PAIRWISE, 300, engine)
    assert failures == []


# ---- the variants matrix: every game x table option x seats x limit x stack ----

VARIANTS = sweep.variant_cases()


def test_the_variants_matrix_is_whole() -> None:
    """Every game meets every option, every seat count the deck deals, every
    limit and stack; a game leaves out only the seat counts it cannot deal."""
    games = {case.game for case in VARIANTS}
    assert games == set(sweep.GAMES)
    for game in games:
        cells = [c for c in VARIANTS if c.game == game]
        hole, boards = max((g.hole_cards, g.boards) for g in map(hf.Game.named, game.split(",")))
        seats = {c.seats for c in cells}
        assert seats == {n for n in sweep.SEATS if n * hole + 5 * boards <= 52}, game
        assert {(c.option, c.ante) for c in cells} == {
            ("plain", False), ("plain", True), ("straddle", False), ("bomb pot", False),
            ("single blind", False)}
        assert len(cells) == len(seats) * 5 * 3 * len(sweep.STACKS)
    assert len({c.seed for c in VARIANTS}) == len(VARIANTS)


@pytest.mark.parametrize("game", sweep.GAMES)
def test_every_variant_cell_plays_in_c(native: ModuleType, game: str) -> None:
    cells = [case for case in VARIANTS if case.game == game]
    _, failures = sweep.run_cases(cells, 300, "C")
    assert failures == []


def test_variants_c_matches_the_python_driver_and_the_pure_backend(native: ModuleType) -> None:
    # one cell of each game and option, the other axes drawn
    rng = random.Random(26)
    sample = [rng.choice([c for c in VARIANTS if c.game == game and (c.option, c.ante) == key])
              for game in sweep.GAMES
              for key in (("plain", True), ("straddle", False), ("bomb pot", False),
                          ("single blind", False))]
    c, c_failures = sweep.run_cases(sample, 300, "C")
    py, py_failures = sweep.run_cases(sample, 300, "Python", python_driver=True)
    pure, pure_failures = sweep.pure_outcomes(sample, 300)
    assert c_failures == py_failures == pure_failures == []
    assert len(c) == len(py) == len(pure) == len(sample)
    assert sweep.compare(c, py, "Python driver") == []
    assert sweep.compare(c, pure, "pure backend") == []


# ---- the sessions of the issue, as reported ----

@pytest.mark.parametrize(("structure", "players", "bots", "hands", "seeds"), [
    (hf.Structure.pot_limit(1, 2), 2, ["pot"], 1000, range(50)),      # 36 of 50 failed
    (hf.Structure.pot_limit(1, 2), 2, ["random"], 1000, range(50)),   # 4 of 50
    (hf.Structure.no_limit(1, 2), 2, ["random"], 1000, range(50)),    # 12 of 50
    (hf.Structure.no_limit(1, 2), 3, ["random"], 100_000, range(3)),  # 20 of 20
])
def test_the_reported_sessions_play(native: ModuleType, structure: hf.Structure,
                                    players: int, bots: list[str], hands: int,
                                    seeds: range) -> None:
    rebuys = 0
    for seed in seeds:
        summary = hf.simulate(hands, structure, players, seed=seed, bots=bots)
        assert summary.engine == "C" and summary.hands == hands and sum(summary.net) == 0
        rebuys += sum(summary.rebuys)
    assert rebuys > len(seeds)   # seats did go broke (the case that failed)


def test_heads_up_over_an_executor(native: ModuleType) -> None:
    """simulate(executor=) plays chunks of 10,000 hands, each the failing case."""
    with ThreadPoolExecutor(2) as pool:
        summary = hf.simulate(30_000, hf.Structure.pot_limit(1, 2), 2, seed=0, bots=["pot"],
                              executor=pool)
    assert summary.engine == "C" and summary.hands == 30_000 and sum(summary.net) == 0
    assert min(summary.rebuys) > 0


def test_a_run_may_start_right_after_a_seat_went_broke(native: ModuleType) -> None:
    """The C loop itself: heads-up all-in bots played one hand a run give the
    hands of one long run (a run often starts with a seat to rebuy)."""
    def session() -> object:
        return native.SelfPlay([(native.LIMIT_NO, 0, 1, 2, 0, 2, 2)], 1, [200, 200], 4, [2, 2], 200,
                               random.Random(1).getstate(), random.Random(2).getstate())

    whole, steps = session(), session()
    log = whole.run(300, log=True)  # type: ignore[attr-defined]
    stepped = [row for _ in range(300) for row in steps.run(1, log=True)]  # type: ignore[attr-defined]
    assert stepped == log
    assert sum(0 in row for row in log) > 100   # a seat broke at the end of a third of them
    assert steps.rebuys == whole.rebuys and sum(whole.rebuys) > 100  # type: ignore[attr-defined]
