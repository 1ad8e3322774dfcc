"""The committed 5-card Omaha Hi-Lo ranking (preflop_hilo5_6h.csv, whole
6-handed tables): the file read with csv and checked by code written here
(classes by suit renaming, their sizes, the sort, the sample counts), the
top hands, hf.percentile on 5-card hands and ``P%6h`` with 5-card ranges."""

from __future__ import annotations

import csv
import itertools
import re
from functools import cache
from importlib import resources
from math import comb
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import hilo_fast as hf  # noqa: E402
from hilo_fast._backends import IN_USE, NATIVE  # noqa: E402
from hilo_fast.analysis.rankings import percentile  # noqa: E402
from hilo_fast.cards import format_cards, parse_cards  # noqa: E402
from hilo_fast.ranges.preflop import hand_classes, multiway_file, preflop_ranking  # noqa: E402

NAME = "preflop_hilo5_6h.csv"
TOTAL = comb(52, 5)        # 2,598,960 hands
N_CLASSES = 134_459        # 5-card suit-isomorphism classes (issue 27)
PERMS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)  # 24 renamings


@cache
def _text() -> str:
    return resources.files("hilo_fast.ranges").joinpath(NAME).read_text()


@cache
def _file() -> tuple[Any, Any, Any, Any, dict[str, str]]:
    """(cards [rows x 5], equity, std_error, samples) in file order, and the header."""
    text = _text()
    header = dict(line[2:].split(": ", 1) for line in text.splitlines()
                  if line.startswith("# ") and ": " in line)
    rows = list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))
    cards = np.array([parse_cards(r["hand"]) for r in rows], dtype=np.int64)
    return (cards, np.array([float(r["equity"]) for r in rows]),
            np.array([float(r["std_error"]) for r in rows]),
            np.array([int(r["samples"]) for r in rows]), header)


@cache
def _orbits() -> tuple[Any, Any]:
    """Per row: its canonical key (least of the 24 renamed, sorted hands, as a
    base-52 number) and its class size (the number of distinct renamings)."""
    cards = _file()[0]
    ranks, suits = cards >> 2, cards & 3
    renamed = np.sort(ranks[:, None, :] * 4 + PERMS[:, suits].transpose(1, 0, 2), axis=2)
    keys = np.zeros(renamed.shape[:2], dtype=np.int64)
    for column in range(5):
        keys = keys * 52 + renamed[:, :, column]
    keys.sort(axis=1)
    distinct = 1 + (np.diff(keys, axis=1) != 0).sum(axis=1)
    return keys[:, 0], distinct


def test_the_file_lists_every_class_once_and_fits_the_wheel() -> None:
    cards, *_, header = _file()
    assert len(cards) == N_CLASSES
    assert len(_text()) < 6_000_000
    assert (np.diff(np.sort(cards, axis=1), axis=1) > 0).all()   # 5 distinct cards
    canonical, size = _orbits()
    assert len(np.unique(canonical)) == N_CLASSES     # no class twice
    assert int(size.sum()) == TOTAL                    # so every hand is in one class
    assert header["hole cards"] == "5" and header["players"] == "6"
    assert header["seed"].split()[0].isdigit()


def test_the_file_is_sorted_with_standard_errors_and_samples() -> None:
    _, equity, error, samples, header = _file()
    assert (np.diff(equity) <= 0).all()
    assert ((error > 0) & (error < 0.02)).all()
    assert (samples >= 2).all()
    deals = int(header["deals"])
    assert int(samples.sum()) == 6 * deals             # every seat of every deal
    # a class's samples follow its share of the hands (binomial, 6 sigma)
    expect = _orbits()[1] / TOTAL * 6 * deals
    assert (abs(samples - expect) < 6 * np.sqrt(expect) + 1).all()
    # six players split the pot: the mean share is 1/6
    assert float((equity * samples).sum() / samples.sum()) == pytest.approx(1 / 6, abs=1e-6)
    assert int(re.sub(r"\D", "", header["samples per class"].split()[0])) == samples.min()


def test_the_top_hands_are_double_ace_deuce_trey_double_suited() -> None:
    cards = _file()[0]
    for hand in cards[:10]:
        ranks = sorted(int(c) >> 2 for c in hand)    # 0 = deuce .. 12 = ace
        suits = sorted(np.bincount(np.asarray(hand) & 3, minlength=4), reverse=True)
        assert ranks.count(12) == 2 and 0 in ranks, hand   # two aces and a deuce
        assert suits[1] >= 2, hand                          # at least two suits paired
    first = sorted(int(c) >> 2 for c in cards[0])
    assert first[:2] == [0, 1]                              # the best holds A-A-2-3
    # the bottom: no ace, no low draw and no flush: e.g. four of a kind beats none
    for hand in cards[-20:]:
        assert 12 not in [int(c) >> 2 for c in hand]


def test_preflop_ranking_reads_the_file_in_order() -> None:
    ranking = preflop_ranking(5, 5)
    assert ranking.hole_count == 5 and multiway_file(6, 5) == NAME
    cards, equity, error, samples, _ = _file()
    classes = hand_classes(5)
    reps = classes.representatives[ranking.order]
    assert (np.sort(reps, axis=1) == np.sort(cards, axis=1)).all()
    assert np.array_equal(ranking.equity[ranking.order], equity)
    assert np.array_equal(ranking.std_error[ranking.order], error)
    assert ranking.samples == samples.min()
    assert np.array_equal(classes.combos[ranking.order], _orbits()[1])


@pytest.mark.skipif(IN_USE is not NATIVE, reason="8 million deals need the native backend")
def test_the_committed_equities_agree_with_hf_equity() -> None:
    # another measure: each sampled class's least hand against 5 random
    # 5-card hands by hf.equity (per hand, other seeds); z-scores over both SEs
    cards, equity, error, *_ = _file()
    rng = np.random.default_rng(11)
    rows = [0, 1, 2, N_CLASSES - 1, *rng.choice(N_CLASSES, 76, replace=False).tolist()]
    z = []
    for i, row in enumerate(rows):
        hand = format_cards(cards[row].tolist())
        player = hf.equity([hand, None, None, None, None, None], samples=100_000,
                           seed=1000 + i).players[0]
        z.append((player.equity - equity[row]) / np.hypot(player.std_error, error[row]))
    assert max(abs(v) for v in z) < 4.5, z
    assert 0.5 < float(np.mean(np.square(z))) < 1.8   # 1 when both measure the same


def _brute_percentile(row: int) -> float:
    """Percent of all 5-card hands in classes of equity at most row's."""
    _, equity, *_ = _file()
    return 100 * int(_orbits()[1][equity <= equity[row]].sum()) / TOTAL


def test_percentile_of_5_card_hands() -> None:
    cards = _file()[0]
    rng = np.random.default_rng(5)
    rows = [0, 1, N_CLASSES - 1, *rng.choice(N_CLASSES, 12, replace=False).tolist()]
    for row in rows:
        # a random suit renaming of the row's hand is in the same class
        perm = PERMS[rng.integers(24)]
        hand = [int(c >> 2) * 4 + int(perm[c & 3]) for c in cards[row]]
        assert percentile(hand) == pytest.approx(_brute_percentile(row), abs=1e-9)
        assert percentile(hand, against=5) == percentile(hand)
    assert percentile(cards[0].tolist()) == 100.0
    worst = percentile(cards[-1].tolist())
    assert 0 < worst == pytest.approx(100 * _orbits()[1][-1] / TOTAL)
    ordered = [percentile(cards[r].tolist()) for r in sorted(rows)]
    assert ordered == sorted(ordered, reverse=True)


def test_percentile_bad_input() -> None:
    with pytest.raises(ValueError, match="no 5-card ranking against 1 random hands"):
        percentile("AsAh2s3hKd", against=1)
    with pytest.raises(ValueError, match="a ranking of 4-card hands, but the hand"):
        percentile("AsAh2s3hKd", against=preflop_ranking(4, 5))
    with pytest.raises(ValueError, match="a ranking of 5-card hands, but the hand"):
        percentile("AsAh2s3h", against=preflop_ranking(5, 5))
    with pytest.raises(ValueError, match="not 5 distinct cards"):
        percentile("AsAh2s3hAs")
    with pytest.raises(ValueError, match="4- or 5-card hand, not 6 cards"):
        percentile("AsAh2s3hKdKc")
    with pytest.raises(ValueError, match="no preflop ranking for 6-card hands"):
        preflop_ranking(6, 5)


def test_percent_ranges_of_5_card_hands_use_the_5_card_ranking() -> None:
    cards = _file()[0]
    size = _orbits()[1]
    top = hf.Range("1%6h", hole_count=5)
    # the classes whose better-ranked hands are under 1% of all hands
    before = np.cumsum(size) - size
    assert len(top) == int(size[before < TOTAL / 100].sum())
    assert format_cards(cards[0].tolist()) in top
    assert format_cards(cards[-1].tolist()) not in top
    assert len(hf.Range("0%-100%6h", hole_count=5)) == TOTAL
    # the one 5-card ranking is 6-handed: a bare % takes it
    assert hf.Range("3%", hole_count=5) == hf.Range("3%6h", hole_count=5)
    assert len(hf.Range("3%", hole_count=4)) != len(hf.Range("3%6h", hole_count=4))
