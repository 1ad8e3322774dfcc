"""hf.analysis.range_vs_range: A's equity and each combo's equity against a
plain brute force over every runout and every pair of combos written here,
against hf.equity's exact range enumeration, and the C twin equal to the pure
twin (integer weights: every sum is exact in a double)."""

from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Any

import numpy as np
import pytest

import hilo_fast as hf
from hilo_fast._backends import NATIVE, PURE
from hilo_fast.analysis.range_vs_range import range_vs_range


def plain_share(a: tuple[int, int | None], b: tuple[int, int | None]) -> float:
    (ha, la), (hb, lb) = a, b
    high = 1.0 if ha < hb else 0.5 if ha == hb else 0.0
    if la is None and lb is None:
        return high
    low = 0.0 if la is None else 1.0 if lb is None or la < lb else 0.5 if la == lb else 0.0
    return (high + low) / 2


def brute(a: hf.Range, b: hf.Range, board: list[int], dead: list[int]
          ) -> tuple[float, list[float]]:
    out = {*board, *dead}
    rows_a = [(tuple(int(c) for c in r), float(w)) for r, w in zip(a.combos, a.weights,
                                                                  strict=True)
              if not out & {int(c) for c in r}]
    rows_b = [(tuple(int(c) for c in r), float(w)) for r, w in zip(b.combos, b.weights,
                                                                  strict=True)
              if not out & {int(c) for c in r}]
    deck = [c for c in range(52) if c not in out]
    share = [0.0] * len(rows_a)
    weight = [0.0] * len(rows_a)
    for more in combinations(deck, 5 - len(board)):
        full = [*board, *more]
        for i, (ha, _) in enumerate(rows_a):
            if set(ha) & set(more):
                continue
            va = hf.omaha_hilo(list(ha), full)
            for hb, wb in rows_b:
                if set(hb) & (set(more) | set(ha)):
                    continue
                share[i] += wb * plain_share(va, hf.omaha_hilo(list(hb), full))
                weight[i] += wb
    total = sum(w * m for (_, w), m in zip(rows_a, weight, strict=True))
    equity = sum(w * s for (_, w), s in zip(rows_a, share, strict=True)) / total
    return equity, [s / m if m else math.nan for s, m in zip(share, weight, strict=True)]


def small_range(seed: int, n: int, board: list[int], weights: bool) -> hf.Range:
    rng = random.Random(seed)
    deck = [c for c in range(52) if c not in board]
    hands = {tuple(sorted(rng.sample(deck, 4))) for _ in range(n)}
    # a few hands that share cards with each other, so card removal matters
    first = sorted(hands)[0]
    hands.add(tuple(sorted((*first[:2], *rng.sample([c for c in deck if c not in first], 2)))))
    text = ",".join(hf.format_cards(list(h)) + (f"@{rng.randint(1, 4)}" if weights else "")
                    for h in sorted(hands))
    return hf.Range(text)


@pytest.mark.parametrize(("board", "dead", "weights"), [
    ("7c8d9h", "", False), ("7c8d9hKs", "2c3c", True), ("7c8d9hKs2s", "", True),
    ("Ah2h3c", "Kd", False),
])
def test_against_the_brute_force(board: str, dead: str, weights: bool) -> None:
    b_ids, d_ids = hf.parse_cards(board), hf.parse_cards(dead)
    n = 7 if len(b_ids) == 3 else 14
    a = small_range(len(board) + 1, n, b_ids + d_ids, weights)
    b = small_range(len(board) + 2, n, b_ids + d_ids, weights)
    got = range_vs_range(a, b, board, dead)
    equity, per_combo = brute(a, b, b_ids, d_ids)
    assert got.equity == pytest.approx(equity, rel=1e-12)
    assert np.allclose(got.combo_equity, per_combo, rtol=1e-12, equal_nan=True)
    assert got.villain_equity == pytest.approx(1 - equity)


@pytest.mark.parametrize(("a", "b", "board"), [
    ("AA23@1,AA24@2", "KKQQ", "7c8d9hTs"),
    ("A23$L:$ds", "KKQQ,JJTT", "5h6h9cTd"),
    ("AAKK@3,AA23@1", "KKQQ@0.5,2345@2", "Ks4s9c7hJd"),
])
def test_equals_hf_equity_exact(a: str, b: str, board: str) -> None:
    exact = hf.equity([a, b], board)
    assert exact.exact  # the spots are small enough for hf.equity's exact enumeration
    got = range_vs_range(a, b, board)
    assert got.equity == pytest.approx(exact.players[0].equity, rel=1e-9)


@pytest.mark.skipif(NATIVE is None, reason="native backend not built")
@pytest.mark.parametrize("board", [[18, 25, 29], [18, 25, 29, 47], [18, 25, 29, 47, 3]])
def test_c_equals_pure(board: list[int]) -> None:
    a = small_range(11, 12, board, True)
    b = small_range(12, 12, board, True)
    outputs = []
    for twin in (NATIVE, PURE):
        share, weight = np.zeros(len(a)), np.zeros(len(a))
        err = twin.range_vs_range(a.combos, a.weights, b.combos, b.weights, 4, board, [],
                                  share, weight)
        assert err == 0
        outputs.append((share, weight))
    assert np.array_equal(outputs[0][0], outputs[1][0])
    assert np.array_equal(outputs[0][1], outputs[1][1])


@pytest.mark.parametrize("twin", [PURE, NATIVE], ids=["pure", "native"])
@pytest.mark.parametrize("board", [[20, 21, 22, 23, 24], [20, 20, 22, 23, 24]])
def test_short_outputs_are_refused_before_any_card(twin: Any, board: list[int]) -> None:
    """An output buffer one item short is ERR_COUNT on both twins, before the
    cards are looked at (a repeated board card included), and nothing is
    written; the pure twin used to raise IndexError on a short share buffer."""
    if twin is None:
        pytest.skip("native backend not built")
    a, b = np.array([0, 1, 2, 3, 4, 5, 6, 7], np.int32), np.array([8, 9, 10, 11], np.int32)
    wa, wb = np.ones(2), np.ones(1)
    fields = twin.RVR_FIELDS
    for share, weight in ((np.full(1, -7.0), np.full(2, -7.0)),
                          (np.full(2, -7.0), np.full(1, -7.0))):
        assert twin.range_vs_range(a, wa, b, wb, 4, board, [], share, weight) == twin.ERR_COUNT
        assert (share == -7.0).all() and (weight == -7.0).all()
    tally = np.full(fields * 2 - 1, -7.0)
    assert twin.range_vs_range_tally(a, wa, b, wb, 4, board, [], tally) == twin.ERR_COUNT
    assert (tally == -7.0).all()
    whole = (np.zeros(2), np.zeros(2), np.zeros(fields * 2))
    expected = 0 if len(set(board)) == 5 else twin.ERR_DUPLICATE
    assert twin.range_vs_range(a, wa, b, wb, 4, board, [], whole[0], whole[1]) == expected
    assert twin.range_vs_range_tally(a, wa, b, wb, 4, board, [], whole[2]) == expected


def test_distribution_and_errors() -> None:
    r = range_vs_range("A23$L:$ds", "KKQQ,JJTT", "5h6h9cTd")
    equity, cumulative = r.distribution()
    assert (np.diff(equity) >= 0).all() and cumulative[-1] == pytest.approx(1.0)
    dealt = r.weights * r.matchups
    assert float((dealt * r.combo_equity).sum() / dealt.sum()) == pytest.approx(r.equity)
    with pytest.raises(TypeError, match="villain must be a Range"):
        range_vs_range("AA", 3, "7c8d9h")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="board must have 3, 4 or 5 cards"):
        range_vs_range("AA", "KK", "7c8d")
    with pytest.raises(ValueError, match="never be dealt together"):
        range_vs_range("AsAdAhAc", "AsKdKhKc", "7c8d9h")
    with pytest.raises(ValueError, match="same number of cards"):
        range_vs_range(hf.Range("AA", 5), hf.Range("KK"), "7c8d9h")


def test_plot(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "dist.png"
    r = range_vs_range("AA23,AA24", "KKQQ", "7c8d9hKs2s")
    r.plot(str(path))
    assert path.stat().st_size > 1000
