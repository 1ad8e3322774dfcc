"""The committed preflop ranking: complete, ordered, and reproducible within
its stated standard errors; the literature's best and worst hands where it
puts them (docs/ranges.md's examples run in tests/package/test_docs.py)."""

from __future__ import annotations

import csv
import itertools
import math
from importlib import resources
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")

import hilo_fast as hf  # noqa: E402
from hilo_fast.ranges.preflop import all_hands, class_name, hand_classes, preflop_ranking  # noqa: E402


def _rows(name: str) -> list[dict[str, str]]:
    text = resources.files("hilo_fast.ranges").joinpath(name).read_text()
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def _cycle_lengths(perm: tuple[int, ...]) -> list[int]:
    seen, out = set(), []
    for start in range(len(perm)):
        length, at = 0, start
        while at not in seen:
            seen.add(at)
            at = perm[at]
            length += 1
        if length:
            out.append(length)
    return out


def test_suit_classes_counted_by_burnside() -> None:
    # Orbits of 4-card hands under the 24 suit renamings (Burnside): the mean
    # over renamings of the hands each leaves fixed, i.e. unions of its card
    # cycles (13 ranks x its suit cycles) holding 4 cards.
    fixed = 0
    for perm in itertools.permutations(range(4)):
        poly = [1]  # coefficients of prod (1 + x^length)^13
        for length in _cycle_lengths(perm) * 13:
            poly = [a + (poly[i - length] if i >= length else 0)
                    for i, a in enumerate(poly + [0] * length)]
        fixed += poly[4]
    got = hand_classes(4)
    assert fixed // 24 == len(got.representatives) == 16432 and fixed % 24 == 0
    assert int(got.combos.sum()) == 270725


def test_ranking_lists_every_class_best_first() -> None:
    rows = _rows("preflop_hilo4.csv")
    assert len(rows) == 16432
    assert sum(int(row["combos"]) for row in rows) == 270725
    equities = [float(row["equity"]) for row in rows]
    assert equities == sorted(equities, reverse=True)
    ranking = preflop_ranking(4)  # validates that every class appears once
    assert len(ranking.order) == 16432
    # Each listed hand's class has as many hands as the row says.
    classes = hand_classes(4)
    for row in rows[:50] + rows[-50:]:
        hand = sorted(hf.parse_cards(row["hand"]))
        assert len(set(hand)) == 4
        index = np.flatnonzero((all_hands(4) == hand).all(axis=1))[0]
        assert classes.combos[classes.of_hand[index]] == int(row["combos"])


@pytest.mark.parametrize("rank", [1, 2, 20, 500, 4000, 9000, 16000, 16432])
def test_sampled_classes_recomputed_within_their_error(backend: ModuleType, rank: int) -> None:
    row = _rows("preflop_hilo4.csv")[rank - 1]
    samples = 200_000 if backend.NAME == "native" else 2_000
    p = hf.equity([row["hand"], None], samples=samples, seed=12345 + rank).players[0]
    error = math.hypot(float(row["std_error"]), p.std_error)
    assert abs(p.equity - float(row["equity"])) < 4 * error, (row, p.equity, p.std_error)


def _rank(hand: str, rows: list[dict[str, str]]) -> int:
    """Rank of the class holding ``hand`` (its least hand names the row)."""
    classes = hand_classes(4)
    cards = sorted(hf.parse_cards(hand))
    index = int(np.flatnonzero((all_hands(4) == cards).all(axis=1))[0])
    name = class_name(classes.representatives[classes.of_hand[index]])
    return next(i + 1 for i, row in enumerate(rows) if row["hand"] == name)


def test_literature_best_and_worst() -> None:
    rows = _rows("preflop_hilo4.csv")
    assert _rank("AsAh2s3h", rows) <= 10          # AA23 double suited: at the very top
    assert _rank("2s2h2d2c", rows) >= 16432 - 20  # 2222: among the very worst


def test_named_hands_recomputed_within_their_error(native: ModuleType) -> None:
    for row in _rows("preflop_hilo4_named.csv")[:3]:
        p = hf.equity([row["hand"], None], samples=400_000, seed=7).players[0]
        error = math.hypot(float(row["std_error"]), p.std_error)
        assert abs(p.equity - float(row["equity"])) < 4 * error, row
