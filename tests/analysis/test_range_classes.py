"""hf.classify_range: each hand's row is hf.classify's, card removal drops
exactly the hands holding a board or dead card, and every class count is the
weight of the hands a plain test over HandClass puts in it."""

from __future__ import annotations

import random

import pytest

import hilo_fast as hf
from hilo_fast.analysis.range_classes import CLASSES

# each class restated over a HandClass, plainly
PLAIN = {
    "nut high": lambda c: c.high_rank == 1,
    "low": lambda c: c.low is not None,
    "no low": lambda c: c.low is None,
    "nut low": lambda c: c.low_rank == 1,
    "second nut low": lambda c: c.low_rank == 2,
    "low counterfeit risk": lambda c: c.low_counterfeit > 0,
    "flush draw": lambda c: c.flush_draw,
    "nut flush draw": lambda c: c.nut_flush_draw,
    "straight draw": lambda c: c.straight_ranks > 0,
    "wrap": lambda c: c.straight_ranks >= 3,
    "low draw": lambda c: c.low_draw,
    "nut low draw": lambda c: c.nut_low_draw,
    "nut flush blocker": lambda c: c.nut_flush_blocker,
    "nut low blocker": lambda c: c.nut_low_blocker,
}
CATEGORIES = ("Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
              "Three of a Kind", "Two Pair", "One Pair", "High Card")


def test_every_class_is_restated() -> None:
    assert set(CLASSES) == set(PLAIN) | set(CATEGORIES)


@pytest.mark.parametrize(("text", "board", "dead"), [
    ("AAKK@3,AA23@1,KKQQ@0.5", "Ks4s9c", ""),
    ("A2$ds:$L$L$L$L,RROO:$ds", "5h6h9cTd", "2c"),
    ("6789:$ss", "2d3d4dKsQs", "Ad Ac"),
    ("6789T", "7c8d9h", ""),
])
def test_the_range_counts_are_the_hands_classes(text: str, board: str, dead: str) -> None:
    hole_count = 5 if text == "6789T" else 4
    hands = hf.Range(text, hole_count)
    hits = hf.classify_range(hands, board, dead)
    out = set(hf.parse_cards(board)) | set(hf.parse_cards(dead))
    kept = [(tuple(int(c) for c in row), float(w))
            for row, w in zip(hands.combos, hands.weights, strict=True)
            if not out & {int(c) for c in row}]
    assert hits.hands == len(kept) and hits.removed == len(hands) - len(kept)
    assert [tuple(r) for r in hits.combos.tolist()] == [k for k, _ in kept]
    rng = random.Random(text)
    rows = rng.sample(range(len(kept)), min(150, len(kept)))
    classes = {row: hf.classify(list(kept[row][0]), board, dead) for row in rows}
    for row, c in classes.items():
        assert hits.hand_class(row) == c
    # the counts over the sampled rows, restated
    sample = hits.weights[rows]
    for name in CLASSES:
        plain = PLAIN.get(name, lambda c, n=name: c.high_category == n)
        expected = sum(w for row, w in zip(rows, sample, strict=True) if plain(classes[row]))
        got = float(hits.weights[rows][hits.mask(name)[rows]].sum())
        assert got == pytest.approx(expected), name
        # and over every hand, from its row read back as a HandClass
        every = sum(w for row, (_, w) in enumerate(kept) if plain(hits.hand_class(row)))
        assert hits.count(name) == pytest.approx(every), name
    assert hits.total == pytest.approx(sum(w for _, w in kept))
    assert sum(hits.count(n) for n in CATEGORIES) == pytest.approx(hits.total)
    assert hits.count("low") + hits.count("no low") == pytest.approx(hits.total)


def test_text_and_errors() -> None:
    hits = hf.classify_range("AA**", "AsKd2c")
    assert hits.hands == len(hf.Range("AA**").without("AsKd2c"))
    assert hits.counts()["Three of a Kind"] == hits.count("Three of a Kind") > 0
    assert (hits.column("high_rank") >= 1).all()
    with pytest.raises(ValueError, match="no class 'sets'"):
        hits.count("sets")
    with pytest.raises(ValueError, match="no field 'outs'"):
        hits.column("outs")
    empty = hf.classify_range("AsKsQsJs", "AsKd2c")
    assert empty.hands == 0 and empty.fraction("low") == 0.0 and empty.removed == 1
