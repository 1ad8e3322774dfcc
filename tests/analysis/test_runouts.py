"""hf.runouts: every runout once (counted and checked row by row against the
evaluator and a plain settlement written here), chunks that add up to the
whole, the expectation equal to hf.equity (exact) or within its standard
error (samples), range rows that are the hands dealt."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

import hilo_fast as hf
from hilo_fast.analysis.runouts import runouts


def plain_shares(highs: list[int], lows: list[int]) -> list[float]:
    n = len(highs)
    best_high = min(highs)
    winners = [i for i in range(n) if highs[i] == best_high]
    qualifying = [i for i in range(n) if lows[i]]
    shares = [0.0] * n
    if not qualifying:
        for i in winners:
            shares[i] += 1 / len(winners)
        return shares
    best_low = min(lows[i] for i in qualifying)
    low_winners = [i for i in qualifying if lows[i] == best_low]
    for i in winners:
        shares[i] += 0.5 / len(winners)
    for i in low_winners:
        shares[i] += 0.5 / len(low_winners)
    return shares


SPOTS = [
    (["As2sKhKd", "Ad3dQcJc"], "3h4c5dKs", ""),
    (["As2sKhKd", "Ad3dQcJc", "7c8c9hTh"], "3h4c5d", "2c"),
    (["As2sKhKd5c", "Ad3dQcJc6c"], "3h4c5dKs9s", ""),
    (["As2sKhKd", "AA$ds,KK$ds"], "3h4c5dKs", ""),
    (["2c3c4c5c", "2d3d4d5d"], "6h7h8sKdKc", ""),   # a tie for high and low: quartering
]


@pytest.mark.parametrize(("players", "board", "dead"), SPOTS)
def test_exact_runouts_equal_equity_and_the_plain_settlement(
        players: list[str], board: str, dead: str) -> None:
    r = runouts(players, board, dead, chunk_rows=97)
    assert r.exact
    chunk = r.all()
    assert len(chunk) == r.total
    eq = hf.equity(players, board, dead)
    assert r.equity() == pytest.approx([p.equity for p in eq.players], abs=1e-12)
    # every row: the values are the evaluator's, the shares the plain settlement's
    rng = np.random.default_rng(1)
    ranges = {p: hf.Range(text) for p, text in enumerate(players) if "$" in text}
    for row in rng.choice(len(chunk), size=min(200, len(chunk)), replace=False):
        hb = chunk.boards[row].tolist()
        assert hb[:len(hf.parse_cards(board))] == hf.parse_cards(board)
        for p in range(len(players)):
            hand = chunk.hands[row, p].tolist()
            assert chunk.high[row, p] == hf.omaha_high(hand, hb)
            assert chunk.low[row, p] == (hf.omaha_low(hand, hb) or 0)
            if chunk.combo[row, p] >= 0:
                assert hand == ranges[p].combos[chunk.combo[row, p]].tolist()
            else:
                assert sorted(hand) == sorted(hf.parse_cards(players[p]))
        assert chunk.share[row].tolist() == pytest.approx(
            plain_shares(chunk.high[row].tolist(), chunk.low[row].tolist()))
    assert np.allclose(chunk.share.sum(axis=1), 1.0)


def test_every_runout_once_in_order() -> None:
    r = runouts(["As2sKhKd", "Ad3dQcJc"], "3h4c5d", chunk_rows=100)
    known = set(hf.parse_cards("As2sKhKd Ad3dQcJc 3h4c5d"))
    deck = [c for c in range(52) if c not in known]
    expected = [list(pair) for pair in combinations(deck, 2)]
    chunks = list(r)
    assert len(expected) == comb(41, 2) == 820
    assert [len(c) for c in chunks] == [100] * 8 + [20]
    got = np.concatenate([c.boards[:, 3:] for c in chunks]).tolist()
    assert got == expected and r.total == 820


def test_range_tuples_sharing_a_card_are_never_dealt() -> None:
    players, board = ["AsAd2c3c", "AAKK@2,KKQQ@1", "A234"], "Kh7c9d8s"
    r = runouts(players, board)
    total_weight = 0.0
    for chunk in r:
        cards = np.sort(chunk.hands.reshape(len(chunk), -1), axis=1)
        assert not (cards[:, 1:] == cards[:, :-1]).any()
        total_weight += chunk.weight.sum()
    assert r.exact and total_weight > 0
    assert r.equity() == pytest.approx([p.equity for p in hf.equity(players, board).players])


def test_samples_are_reproducible_and_near_the_exact_equity() -> None:
    players, board = ["As2sKhKd", "A2$ds,KK$ds"], "3h4c5dTs"
    a = runouts(players, board, samples=6_000, seed=5, chunk_rows=2_500)
    b = runouts(players, board, samples=6_000, seed=5, chunk_rows=2_500)
    c = runouts(players, board, samples=6_000, seed=6, chunk_rows=2_500)
    assert not a.exact and a.total == 6_000 and a.seed == 5
    ca, cb = a.all(), b.all()
    assert len(ca) == 6_000
    assert [len(x) for x in a] == [2_500, 2_500, 1_000]
    assert np.array_equal(ca.boards, cb.boards) and np.array_equal(ca.combo, cb.combo)
    assert not np.array_equal(ca.boards, c.all().boards)
    exact = hf.equity(players, board).players[0].equity
    share = ca.share[:, 0]
    assert abs(share.mean() - exact) < 4 * share.std() / np.sqrt(len(share))
    cards = np.sort(np.hstack([ca.hands.reshape(len(ca), -1), ca.boards]), axis=1)
    assert not (cards[:, 1:] == cards[:, :-1]).any()     # nothing dealt twice


def test_a_random_hand_is_the_range_of_every_hand() -> None:
    r = runouts(["As2sKhKd", None], "3h4c5dKs9s")
    assert r.exact and r.total == comb(52 - 9, 4)
    assert r.equity() == pytest.approx([p.equity for p in
                                        hf.equity(["As2sKhKd", None], "3h4c5dKs9s").players])


@pytest.mark.parametrize(("call", "error", "says"), [
    (lambda: runouts(["As2sKhKd"], ""), ValueError, "2 to 10 players"),
    (lambda: runouts("As2sKhKd", ""), TypeError, "players must be a sequence"),
    (lambda: runouts(["As2sKhKd", "As3dQcJc"], ""), ValueError, "duplicate card As"),
    (lambda: runouts(["As2sKhKd", "Ad3dQcJc"], "3h4c"), ValueError, "board must have"),
    (lambda: runouts(["As2sKhKd", "Ad3dQcJc"], "", samples=0), ValueError, "samples"),
    (lambda: runouts(["As2sKhKd", "Ad3dQcJc"], "", seed=-1), ValueError, "seed"),
    (lambda: runouts(["As2sKhKd", "Ad3dQcJcTc"], ""), ValueError, "same number of cards"),
])
def test_bad_input(call: object, error: type[Exception], says: str) -> None:
    with pytest.raises(error, match=says):
        call()  # type: ignore[operator]
