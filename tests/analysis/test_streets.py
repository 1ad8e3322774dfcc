"""hf.unroll and hf.next_street against a brute force written here: every
pair of combos (by weight) and every ordered turn and river, settled with
the plain evaluator, grouped by street. Runs on the backend in use (CI runs
the suite on both)."""

from __future__ import annotations

import random
from collections import defaultdict
from itertools import permutations

import numpy as np
import pytest

import hilo_fast as hf


def share(a: tuple[int, int | None], b: tuple[int, int | None]) -> float:
    (ha, la), (hb, lb) = a, b
    high = 1.0 if ha < hb else 0.5 if ha == hb else 0.0
    if la is None and lb is None:
        return high
    low = 0.0 if la is None else 1.0 if lb is None or la < lb else 0.5 if la == lb else 0.0
    return (high + low) / 2


def rows(r: hf.Range, out: set[int]) -> list[tuple[list[int], float]]:
    return [([int(c) for c in row], float(w)) for row, w in zip(r.combos, r.weights, strict=True)
            if not out & {int(c) for c in row}]


def brute_flop(hero: hf.Range, villain: hf.Range, flop: list[int], dead: list[int]
               ) -> tuple[float, dict[int, tuple[float, float]]]:
    """The flop equity, and per turn card (its deals by weight, the equity after it)."""
    out = {*flop, *dead}
    deck = [c for c in range(52) if c not in out]
    by_turn: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for a, wa in rows(hero, out):
        for b, wb in rows(villain, out):
            if set(a) & set(b):
                continue
            live = [c for c in deck if c not in a and c not in b]
            for turn, river in permutations(live, 2):
                board = [*flop, turn, river]
                got = share(hf.omaha_hilo(a, board), hf.omaha_hilo(b, board))
                by_turn[turn][0] += wa * wb
                by_turn[turn][1] += wa * wb * got
    total = sum(w for w, _ in by_turn.values())
    return (sum(s for _, s in by_turn.values()) / total,
            {c: (w / total, s / w) for c, (w, s) in by_turn.items()})


def small_range(seed: int, n: int, out: list[int]) -> hf.Range:
    rng = random.Random(seed)
    deck = [c for c in range(52) if c not in out]
    hands = {tuple(sorted(rng.sample(deck, 4))) for _ in range(n)}
    return hf.Range(",".join(f"{hf.format_cards(list(h))}@{rng.randint(1, 3)}"
                             for h in sorted(hands)))


@pytest.mark.parametrize("seed", [1, 2])
def test_next_street_against_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(52), 4)
    flop, dead = cards[:3], cards[3:] if seed == 2 else []
    hero = small_range(seed * 10, 2, flop + dead)
    villain = small_range(seed * 10 + 1, 3, flop + dead)
    flop_equity, per_turn = brute_flop(hero, villain, flop, dead)
    got = hf.next_street(hero, villain, flop, dead)
    assert got.equity == pytest.approx(flop_equity, rel=1e-12)
    assert got.street == "turn" and len(got.cards) == len(per_turn)
    for card, p, e in zip(got.cards, got.probability, got.card_equity, strict=True):
        want_p, want_e = per_turn[hf.parse_card(card)]
        assert p == pytest.approx(want_p, rel=1e-12)
        assert e == pytest.approx(want_e, rel=1e-12)
    assert float(got.probability @ got.card_equity) == pytest.approx(got.equity, rel=1e-12)


def test_unroll_street_by_street() -> None:
    rng = random.Random(7)
    board = rng.sample(range(52), 5)
    hero = "".join(hf.card_str(c) for c in rng.sample([c for c in range(52)
                                                       if c not in board], 4))
    villain = small_range(8, 3, board + hf.parse_cards(hero))
    got = hf.unroll(hero, villain, board)
    assert [s.street for s in got.streets] == ["flop", "turn", "river"]
    for street in got.streets:  # each street: hf.equity's exact range enumeration
        want = hf.equity([hero, villain], list(street.board))
        assert want.exact
        assert street.equity == pytest.approx(want.players[0].equity, rel=1e-9)
    assert got.equities == [s.equity for s in got.streets]
    # the river's equity is the plain settlement, weighted by the villain's combos
    river = [(share(hf.omaha_hilo(hf.parse_cards(hero), board), hf.omaha_hilo(b, board)), w)
             for b, w in rows(villain, {*board, *hf.parse_cards(hero)})]
    assert got.streets[-1].equity == pytest.approx(sum(s * w for s, w in river)
                                                   / sum(w for _, w in river))
    # the turn's next street: each river's equity is the river unroll's
    nxt = hf.next_street(hero, villain, board[:4])
    assert nxt.street == "river"
    at = nxt.cards.index(hf.card_str(board[4]))
    assert nxt.card_equity[at] == pytest.approx(got.streets[-1].equity, rel=1e-12)
    equity, cumulative = nxt.distribution()
    assert (np.diff(equity) >= 0).all() and cumulative[-1] == pytest.approx(1.0)


def test_hand_cards_never_come() -> None:
    n = hf.next_street("AsAd2s3d", "KKQQ", "7c8d9h")
    assert not {"As", "Ad", "2s", "3d", "7c", "8d", "9h"} & set(n.cards)
    assert len(n.cards) == 45 and n.probability.sum() == pytest.approx(1.0)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="board for the next street must have"):
        hf.next_street("AsAd2s3d", "KKQQ", "7c8d9hTs2c")
    with pytest.raises(ValueError, match="board must have 3, 4 or 5 cards"):
        hf.unroll("AsAd2s3d", "KKQQ", "7c8d")
    with pytest.raises(TypeError, match="villain must be a Range"):
        hf.unroll("AsAd2s3d", 7, "7c8d9h")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="never be dealt together"):
        hf.unroll("AsAd2s3d", "AsKdKhKc", "7c8d9h")
    with pytest.raises(ValueError, match="duplicate card 7c"):
        hf.unroll("AsAd2s3d", "KKQQ", "7c7c9h")


def test_plot(tmp_path: object) -> None:
    pytest.importorskip("matplotlib")
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "next.png"
    hf.next_street("AsAd2s3d", "KKQQ", "7c8d9hKs").plot(str(path))
    assert path.stat().st_size > 1000
