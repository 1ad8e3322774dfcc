"""Equity with ranges: exact answers against a plain brute force over every
combo and every board, Monte Carlo against exact, both backends alike.

The brute force deals every tuple of range hands (skipping any that share a
card with each other, a known hand, the board or the dead cards), weights it
by the product of its weights, runs every board, and splits each pot by the
showdown rules with the public evaluators.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from types import ModuleType

import pytest

pytest.importorskip("numpy")

import hilo_fast as hf
from hilo_fast._backends import PURE as _pybackend
from hilo_fast.cards import parse_cards
from hilo_fast.equity.range_spots import prepare_ranges


def shares(holes: list[list[int]], board: list[int]) -> list[int]:
    """Each player's share of the pot in 1/120 of a pot, by the showdown rules."""
    highs = [hf.omaha_high(hole, board) for hole in holes]
    lows = [hf.omaha_low(hole, board) for hole in holes]
    qualifying = [low for low in lows if low is not None]
    out = [0] * len(holes)
    high_part = 60 if qualifying else 120
    winners = [i for i, h in enumerate(highs) if h == min(highs)]
    for i in winners:
        out[i] += high_part // len(winners)
    if qualifying:
        winners = [i for i, low in enumerate(lows) if low == min(qualifying)]
        for i in winners:
            out[i] += 60 // len(winners)
    return out


def brute_force(players: list[str], board: str, dead: str = "") -> list[Fraction]:
    """Each player's equity: players are hands or ranges (by the text)."""
    board_ids, dead_ids = parse_cards(board), parse_cards(dead)
    options: list[list[tuple[list[int], Fraction]]] = []
    for text in players:
        try:
            options.append([(parse_cards(text), Fraction(1))])
        except ValueError:
            r = hf.Range(text)
            options.append([(parse_cards(" ".join(hand)), Fraction(repr(r.weight(hand))))
                            for hand in r])
    # Integer sums per weight (shares in 1/120 of a pot: up to five players
    # tie a half), made fractions once at the end.
    totals: dict[Fraction, list[int]] = {}
    for choice in itertools.product(*options):
        cards = [c for hand, _ in choice for c in hand] + board_ids + dead_ids
        if len(set(cards)) != len(cards):
            continue
        weight = Fraction(1)
        for _, w in choice:
            weight *= w
        sums = totals.setdefault(weight, [0] * (len(players) + 1))
        deck = [c for c in range(52) if c not in cards]
        for rest in itertools.combinations(deck, 5 - len(board_ids)):
            for i, share in enumerate(shares([hand for hand, _ in choice], board_ids + list(rest))):
                sums[i] += share
            sums[-1] += 1
    weight_sum = sum(w * sums[-1] for w, sums in totals.items())
    return [sum(w * sums[i] for w, sums in totals.items()) / 120 / weight_sum
            for i in range(len(players))]
SPOTS = [
    # river: hand vs range, range vs range, weighted, three players
    (["AcKd3h8h", "QQJJ"], "Kh7c4d2s9s"),
    (["AA33", "QQJJ"], "Kh7c4d2s9s"),
    (["KcKd8s8d", "QQJJ@2,AA33@3"], "Kh7c4d2s9s"),
    (["AcKd3h8h", "QQJJ", "TT66@1.5,TT55@1"], "Kh7c4d2s9s"),
    # turn
    (["AcAh3h8h", "KK99"], "Kh7c4d2s"),
    (["KK99@2,QQ99@1", "JcJd55"], "Kh7c4d2s"),
    # flop
    (["AcAh3h8h", "QsQd5s[6,7,8]@2,JsJd5s[6,8]@1"], "Kh7c4d"),
    (["3h3c5s5d", "AsAdQ[2,3,6]!$np"], "Kh7c4d"),
]


@pytest.mark.parametrize("players,board", SPOTS)
def test_exact_range_equity_equals_brute_force(backend: ModuleType, players: list[str],
                                               board: str) -> None:
    result = hf.equity(players, board)
    assert result.exact
    want = brute_force(players, board)
    assert [p.equity_fraction for p in result.players] == want
    for p, text, dealt in zip(result.players, players, result.ranges, strict=True):
        assert (dealt is None) == (p.hole is not None)
        assert dealt in (None, text)


def test_dead_cards_and_range_objects(backend: ModuleType) -> None:
    players = ["AcKd3h8h", "QQJJ"]
    result = hf.equity([players[0], hf.Range(players[1])], "Kh7c4d2s9s", dead="QsJd")
    assert [p.equity_fraction for p in result.players] == brute_force(players, "Kh7c4d2s9s",
                                                                      "QsJd")


def test_a_one_hand_range_is_the_hand(backend: ModuleType) -> None:
    board = "Kh7c4d"
    as_hand = hf.equity(["AcAh3h8h", "QsQd5c5h"], board)
    as_range = hf.equity(["AcAh3h8h", hf.Range("QsQd5c5h")], board)
    assert [p.equity_fraction for p in as_range.players] == [
        p.equity_fraction for p in as_hand.players]
    assert as_range.boards == as_hand.boards


def _exact_preflop(hand: str, text: str) -> Fraction:
    """Hand vs range preflop, exact: every combo's exact heads-up equity,
    weighted (all hands known: every board is enumerated)."""
    r = hf.Range(text).without(hand)
    total, weights = Fraction(0), Fraction(0)
    for combo in r:
        w = Fraction(repr(r.weight(combo)))
        total += w * hf.equity([hand, "".join(combo)]).players[0].equity_fraction
        weights += w
    return total / weights


def test_monte_carlo_within_four_standard_errors_preflop(backend: ModuleType) -> None:
    hand, text = "AsAd2s3d", "KhKc2h3c@1,KhKcQhQc@3"
    exact = _exact_preflop(hand, text)  # every hand known: groups of boards, quick on both
    samples = 20_000 if backend.NAME == "native" else 3_000
    result = hf.equity([hand, text], samples=samples, seed=7)
    p = result.players[0]
    assert not result.exact and result.boards == samples
    assert abs(p.equity - float(exact)) < 4 * p.std_error


def test_range_vs_range_monte_carlo_against_a_large_exact_run(native: ModuleType) -> None:
    # Two small ranges preflop: each tuple's exact equity, weighted.
    ranges = ["AsAd2s3d,AsAd2s4d", "KhKc2h3c@2,KhKcQhQc@1"]
    a, b = hf.Range(ranges[0]), hf.Range(ranges[1])
    total, weights = Fraction(0), Fraction(0)
    for x in a:
        for y in b:
            if set(x) & set(y):
                continue
            w = Fraction(repr(a.weight(x) * b.weight(y)))
            total += w * hf.equity(["".join(x), "".join(y)]).players[0].equity_fraction
            weights += w
    result = hf.equity(ranges, samples=40_000, seed=3)
    p = result.players[0]
    assert abs(p.equity - float(total / weights)) < 4 * p.std_error


def test_backends_draw_the_same_stream(native: ModuleType) -> None:
    spot = ([-1] * 12, 4, parse_cards("Kh7c"), [], )
    ranges = [hf.Range("AA:$ds@3,KK$ds@1"), None, hf.Range("QQ@1,JJ@2")]
    dealt, _ = prepare_ranges(ranges, [])
    for seed in (1, 2, 99):
        holes, n_hole, board, dead = spot
        board = parse_cards("Kh7c4d")
        dealt, _ = prepare_ranges(ranges, board)
        want = _pybackend.range_sample(holes, n_hole, board, dead, dealt, seed, 200)
        assert native.range_sample(holes, n_hole, board, dead, dealt, seed, 200) == want
    total = native.range_deals([-1] * 8, 4, parse_cards("Kh7c4d2s"), [], dealt[::2])
    assert total == _pybackend.range_deals([-1] * 8, 4, parse_cards("Kh7c4d2s"), [], dealt[::2])
    for first in (0, 1234, total - 500):
        args = ([-1] * 8, 4, parse_cards("Kh7c4d2s"), [], dealt[::2], first, 500)
        assert native.range_enumerate(*args) == _pybackend.range_enumerate(*args)


def test_same_seed_same_answer_any_threads_or_executor(native: ModuleType) -> None:
    # Chunks are the same whatever runs them; the streams are the same on both
    # backends (test_backends_draw_the_same_stream), so native alone is enough.
    args = (["AA$ds", "KK", None],)
    kwargs = {"board": "Kh7c4d", "samples": 25_000, "seed": 11}
    one = hf.equity(*args, **kwargs)  # type: ignore[arg-type]
    assert hf.equity(*args, threads=3, **kwargs) == one  # type: ignore[arg-type]
    with ThreadPoolExecutor(2) as pool:
        assert hf.equity(*args, executor=pool, **kwargs) == one  # type: ignore[arg-type]
    exact = hf.equity(["AcKd3h8h", "QQJJ,TT66"], "Kh7c4d2s")
    assert exact.exact and hf.equity(["AcKd3h8h", "QQJJ,TT66"], "Kh7c4d2s", threads=2) == exact


def test_large_enumerations_switch_to_monte_carlo() -> None:
    result = hf.equity(["AsAd2s3d", "KK", "QQ"], board="Kh7c4d", samples=None, seed=1)
    assert not result.exact and result.boards == hf.equity.__globals__["DEFAULT_SAMPLES"]
    # two players on a flop are settled exactly (hilo_fast.equity.two_ranges) within the
    # backend's work limit: 6,000 combos x 1,081 runouts is the native one's, not the pure's
    if hf.BACKEND == "native":  # (the pure twin's limit: tests/equity/test_two_ranges_exact.py)
        assert hf.equity(["AsAd2s3d", "KK"], board="Kh7c4d", samples=None, seed=1).exact


@pytest.mark.parametrize("players,board,message", [
    (["AsKsQsJs", "AsAh**"], "", "player 2's range 'AsAh\\*\\*' is empty after card removal"),
    (["AA", "AsAh**"], "As2c3c", "empty after card removal"),
    (["AsAhAdAc**", "KK"], "", "more cards than a 4-card hand"),
    (["AsKsQsJs", "AQb"], "", "'b' at position 2"),
    (["AsKsQsJs", "As2dKh3q"], "", "bad card"),
    (["AsAhAd*", "AcAs*"], "", "never be dealt together|hardly be dealt together"),
    (["AsAhAd*", "AcAs*"], "2c3c4c5c6c", "never be dealt together|hardly be dealt together"),
    (["AsKsQsJsTs", hf.Range("AA")], "", "same number of cards"),
])
def test_bad_range_spots(backend: ModuleType, players: list[object], board: str,
                         message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hf.equity(players, board)  # type: ignore[arg-type]


def test_agrees_with_poker_equity_on_lists_of_hands(backend: ModuleType) -> None:
    # poker-equity takes a range as a list of alternative hands.
    pe = pytest.importorskip("poker_equity")
    r = hf.Range("KK99,QQ99")
    board = "Kh7c4d2s"
    theirs = pe.exact_from_text("omaha_hi_lo", ["AcAh3h8h", ",".join("".join(h) for h in r)],
                                board=board)
    ours = hf.equity(["AcAh3h8h", r], board)
    assert ours.exact and theirs["exact"]
    for p, q in zip(ours.players, theirs["players"], strict=True):
        assert p.equity == pytest.approx(q["equity"], abs=1e-12)


def test_backends_refuse_bad_range_chunks(backend: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    board = parse_cards("Kh7c4d2s")
    rows = np.array([[51, 50, 49, 0], [47, 46, 45, 1]], dtype=np.uint8).reshape(-1)
    good = (rows, np.array([1, 2], dtype=np.int64))
    holes = [-1] * 4 + parse_cards("AcAh3h8h")  # As.. rows vs a known hand
    assert backend.range_deals(holes, 4, board, [], [good, None]) == 2 * 40  # 40 rivers
    assert backend.range_enumerate(holes, 4, board, [], [good, None], 0, 81) == backend.ERR_COUNT
    assert backend.range_enumerate(holes, 4, board, [], [good, None], -1, 2) == backend.ERR_COUNT
    assert backend.range_deals([51, 50, 49, 0, *holes[4:]], 4, board, [], [good, None]) == (
        backend.ERR_COUNT)  # a range player's cards are -1s
    bad_card = (np.array([60, 50, 49, 0], dtype=np.uint8), np.array([1], dtype=np.int64))
    assert backend.range_enumerate(holes, 4, board, [], [bad_card, None], 0, 1) == (
        backend.ERR_CARD)
    assert backend.range_sample(holes, 4, board, [], [bad_card, None], 1, 1) == backend.ERR_CARD
    zero = (rows, np.array([1, 1], dtype=np.int64))  # the second row weighs 0
    assert backend.range_enumerate(holes, 4, board, [], [zero, None], 0, 1) == backend.ERR_COUNT
    clash = [(rows[:4].copy(), np.array([1], dtype=np.int64))] * 2
    assert backend.range_sample([-1] * 8, 4, board, [], clash, 1, 1) == backend.ERR_RANGE_CLASH
    assert backend.range_sample([-1] * 8, 4, board, [], clash, 1, backend.EQUITY_MAX_COUNT + 1) \
        == backend.ERR_COUNT
