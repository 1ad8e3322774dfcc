"""hf.equity with two players, a range and a flop, turn or river (the exact path of
hilo_fast.equity.two_ranges over hf_range_vs_range_tally): every field of both
players against a brute force written here (every pair of combos by weight, every
runout, settled with the plain evaluator), against the general enumeration
(TWO_RANGES_EXACT off) as exact fractions, and the C twin equal to the pure twin on
random spots (overlapping combos, weights, dead cards, 4-6 hole cards)."""

from __future__ import annotations

import importlib
import random
from fractions import Fraction
from itertools import combinations
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import hilo_fast as hf
from hilo_fast._backends import NATIVE, PURE
from hilo_fast.equity import compute

FIELDS = ("equity", "scoop", "win_high", "tie_high", "win_low", "tie_low")


def brute(players: list[str], board: list[int], dead: list[int]
          ) -> tuple[list[dict[str, Fraction]], Fraction, int]:
    """Both players' fields, the no-low fraction and the deals, pair by pair."""
    out = {*board, *dead}
    sides = []
    for text in players:
        r = hf.Range(text)
        sides.append([([int(c) for c in row], Fraction(float(w)))
                      for row, w in zip(r.combos, r.weights, strict=True)
                      if not out & {int(c) for c in row}])
    sums = [{f: Fraction(0) for f in FIELDS} for _ in range(2)]
    total, no_low, deals = Fraction(0), Fraction(0), 0
    deck = [c for c in range(52) if c not in out]
    for a, wa in sides[0]:
        for b, wb in sides[1]:
            if set(a) & set(b):
                continue
            live = [c for c in deck if c not in a and c not in b]
            for more in combinations(live, 5 - len(board)):
                full = [*board, *more]
                values = [hf.omaha_hilo(a, full), hf.omaha_hilo(b, full)]
                w = wa * wb
                total += w
                deals += 1
                lows = [v[1] for v in values]
                no_low += w * (lows[0] is None and lows[1] is None)
                for p in range(2):
                    (h, low), (oh, olow) = values[p], values[1 - p]
                    high = Fraction(1) if h < oh else Fraction(1, 2) if h == oh else Fraction(0)
                    if low is None and olow is None:
                        share, low_alone = high, False
                    else:
                        low_alone = low is not None and (olow is None or low < olow)
                        low_half = (Fraction(1) if low_alone else Fraction(1, 2)
                                    if low is not None and low == olow else Fraction(0))
                        share = (high + low_half) / 2
                    s = sums[p]
                    s["equity"] += w * share
                    s["win_high"] += w * (h < oh)
                    s["tie_high"] += w * (h == oh)
                    s["win_low"] += w * low_alone
                    s["tie_low"] += w * (low is not None and low == olow)
                    s["scoop"] += w * (h < oh and (low_alone or (low is None and olow is None)))
    return [{f: v / total for f, v in s.items()} for s in sums], no_low / total, deals


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["AsAd2s3d@2,AhAc2h4c@1,Ks2d3c4h@3", "KsKdQhQc@1,7h8h9cTc@2,Kh2c3h4s@1"], "5c6d9hJs", ""),
    (["AsAd2s3d,AhAc2h4c", "KsKdQhQc,7h8h9cTc"], "5c6d9h", "Js"),
    (["AsAd2s3d@2,Ah2c3h4s@1", "KsKdQhQc@1,Kh2h3d5c@5"], "5c6d9hJs8d", ""),
    (["As2sKhKd", "Ad3dQcJc,AcAh3s4c"], "3h4d5d", ""),
    (["AsAd2s3d,AsAd2h3h,AsAc2d3c", "2c3s4s5s,AhAd3c3s,KsKhKdKc"], "6c7h8d", "9s"),
])
def test_against_the_brute_force(players: list[str], board: str, dead: str) -> None:
    got = hf.equity(players, board, dead)
    assert got.exact
    want, no_low, deals = brute(players, hf.parse_cards(board), hf.parse_cards(dead))
    assert got.boards == deals
    assert got.no_low == pytest.approx(float(no_low), abs=1e-15)
    assert got.players[0].equity_fraction == want[0]["equity"]
    for p in range(2):
        for field in FIELDS:
            assert getattr(got.players[p], field) == pytest.approx(float(want[p][field]),
                                                                   abs=1e-15), (p, field)


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["A23$L:$ds", "KKQQ:$ds"], "5h6h9cTd", ""),
    (["AAKK@3,AA23@1", "KKQQ@0.5,2345@2"], "Ks4s9c7hJd", ""),
    (["KKQQ:$ds", "As2sKhKd"], "5h6h9c", "Tc"),
    (["AA23:$ds@1.5,AA34:$ds@0.25", "KKQQ:$ds,JJ88:$ds"], "2h7d8cKs", "9h"),
])
def test_equals_the_general_enumeration(players: list[str], board: str, dead: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    fast = hf.equity(players, board, dead)
    monkeypatch.setattr(compute, "TWO_RANGES_EXACT", False)
    general = hf.equity(players, board, dead)
    assert fast.exact and general.exact
    assert (fast.boards, fast.no_low, fast.ranges) == (general.boards, general.no_low,
                                                       general.ranges)
    for mine, theirs in zip(fast.players, general.players, strict=True):
        assert mine.equity_fraction == theirs.equity_fraction
        assert mine.hole == theirs.hole
        for field in FIELDS[1:]:
            assert getattr(mine, field) == pytest.approx(getattr(theirs, field), abs=1e-14)


def _random_range(rng: random.Random, n: int, out: list[int], hole: int) -> tuple[object, object]:
    deck = [c for c in range(52) if c not in out]
    base = sorted(rng.sample(deck, hole))
    rows: set[tuple[int, ...]] = set()
    while len(rows) < n:
        if rng.random() < 0.4:  # share 1..hole-1 cards with one combo: card removal counts
            k = rng.randint(1, hole - 1)
            rest = [c for c in deck if c not in base]
            rows.add(tuple(sorted(base[:k] + rng.sample(rest, hole - k))))
        else:
            rows.add(tuple(sorted(rng.sample(deck, hole))))
    return (np.array(sorted(rows), dtype=np.int32),
            np.array([rng.randint(1, 4) for _ in rows], dtype=np.float64))


@pytest.mark.skipif(NATIVE is None, reason="native backend not built")
@pytest.mark.parametrize("seed", range(40))
def test_c_equals_pure(seed: int) -> None:
    rng = random.Random(seed)
    hole = rng.choice([4, 4, 5, 6])
    n_board = rng.choice([3, 4, 5, 5]) if hole == 4 else rng.choice([4, 5])
    cards = rng.sample(range(52), n_board + rng.randint(0, 2))
    board, dead = cards[:n_board], cards[n_board:]
    a, wa = _random_range(rng, rng.randint(1, 7 if n_board == 3 else 10), cards, hole)
    b, wb = _random_range(rng, rng.randint(1, 7 if n_board == 3 else 10), cards, hole)
    assert NATIVE is not None
    tallies = []
    for twin in (NATIVE, PURE):
        tally = np.zeros(twin.RVR_FIELDS * len(wa))  # type: ignore[arg-type]
        assert twin.range_vs_range_tally(a, wa, b, wb, hole, board, dead, tally) == 0
        tallies.append(tally)
    assert np.array_equal(tallies[0], tallies[1])
    # its first two fields are hf_range_vs_range's share and deals by weight
    share, weight = np.zeros(len(wa)), np.zeros(len(wa))  # type: ignore[arg-type]
    assert NATIVE.range_vs_range(a, wa, b, wb, hole, board, dead, share, weight) == 0
    rows = tallies[0].reshape(-1, NATIVE.RVR_FIELDS)
    assert np.array_equal(rows[:, 0], share) and np.array_equal(rows[:, 1], weight)


def test_bad_buffers_refused(each_backend: ModuleType) -> None:
    a = np.array([[0, 1, 2, 3]], dtype=np.int32)
    w = np.ones(1)
    short = np.zeros(3)
    assert each_backend.range_vs_range_tally(a, w, a, w, 4, [10, 11, 12], [], short) != 0
    assert each_backend.range_vs_range_tally(a, w, a, w, 4, [10, 11], [], np.zeros(10)) != 0
    assert each_backend.range_vs_range_tally(a, w, a, w, 4, [10, 11, 11], [], np.zeros(10)) != 0
    assert each_backend.range_vs_range_tally(a, w, a, w, 4, [0, 11, 12], [], np.zeros(10)) != 0
    assert each_backend.range_vs_range_tally(a, np.ones(2), a, w, 4, [10, 11, 12], [],
                                             np.zeros(20)) != 0


def test_the_path_and_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # three players, a random hand or no flop: the general rule
    two_ranges = importlib.import_module("hilo_fast.equity.two_ranges")
    aa, kk = hf.Range("AAKK:$ds"), hf.Range("QQJJ:$ds")
    flop = hf.parse_cards("2c7d9h")
    assert two_ranges.settle_two([None] * 3, [aa, kk, kk], 4, flop, []) is None
    assert two_ranges.settle_two([None] * 2, [aa, None], 4, flop, []) is None
    assert two_ranges.settle_two([None] * 2, [aa, kk], 4, [], []) is None
    assert two_ranges.settle_two([None] * 2, [aa, kk], 4, flop, []) is not None
    # no deal possible, or an empty range after card removal: ValueError
    with pytest.raises(ValueError, match="never be dealt together"):
        hf.equity(["AsAdAhAc,AsAdAh2c", "AsKdKhKc,AdKdKhKc"], "7c8d9h")
    with pytest.raises(ValueError, match="player 2's range 'AsAh\\*\\*' is empty"):
        hf.equity(["KK", "AsAh**"], "As2c3c")
    # sums too large for exact doubles, or too much work: not this path
    ranges = [hf.Range("AsAd2s3d,AhAc2h4c"), hf.Range("KsKdQhQc,7h8h9cTc")]
    spot: tuple[Any, ...] = ([None, None], ranges, 4, hf.parse_cards("5c6d9hJs"), [])
    sums = two_ranges.settle_two(*spot)
    assert sums is not None and sums[two_ranges.DEALS] == 4 * 40
    monkeypatch.setattr(two_ranges, "EXACT_SUM", 4 * 40)
    assert two_ranges.settle_two(*spot) is None
    monkeypatch.undo()
    monkeypatch.setattr(two_ranges, "MAX_WORK", 100)
    monkeypatch.setattr(two_ranges, "MAX_WORK_PURE", 100)
    assert two_ranges.settle_two(*spot) is None
    monkeypatch.undo()
    # pairs sharing two cards (AsAd) are settled one by one: bounded too
    monkeypatch.setattr(two_ranges, "MAX_PAIR_WORK", 0)
    assert two_ranges.settle_two(*spot) is not None   # (no such pair)
    sharing: tuple[Any, ...] = ([None, None], [ranges[0], hf.Range("AsAdQhQc,7h8h9cTc")],
                                4, hf.parse_cards("5c6d9hJs"), [])
    assert (two_ranges.settle_two(*sharing) is None) == (hf.BACKEND == "native")


def test_threads_and_progress_take_the_same_path() -> None:
    spot = (["AA23:$ds@2,AA24:$ds@1", "KKQQ:$ds"], "5h6h9cTd")
    one = hf.equity(*spot)
    assert hf.equity(*spot, threads=2) == one
    bar = hf.progress.Progress(0, "boards", show=False)
    assert hf.equity(*spot, progress=bar) == one
    assert bar.total == one.boards
