"""Equity: exact results against a plain brute force written here, Monte
Carlo against exact, threads and executors (a real Dask cluster included)
against one thread, the two backends against each other, and bad input."""

from __future__ import annotations

import importlib
import json
import math
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from functools import cache
from itertools import combinations
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hilo_fast
from hilo_fast import cli
from hilo_fast._backends import PURE as _pybackend
from hilo_fast.cards import parse_cards
from hilo_fast.equity import EquityResult, equity
from hilo_fast.progress import Progress

equity_module = importlib.import_module("hilo_fast.equity.compute")

# ---------------------------------------------------------------------------
# The brute force: poker rules written out plainly, no tables, no shortcuts.


@cache  # the same five cards recur across boards; caching keeps the brute force quick
def plain_high(five: tuple[int, ...]) -> tuple[int, ...]:
    """A 5-card high hand as a tuple; a larger tuple is a better hand."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = [rank for rank, _ in groups]
    flush = len({c & 3 for c in five}) == 1
    top = None
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # the wheel: five high
            top = 3
    shape = [count for _, count in groups]
    if top is not None and flush:
        return (8, top)
    if shape[0] == 4:
        return (7, *by_group)
    if shape[:2] == [3, 2]:
        return (6, *by_group)
    if flush:
        return (5, *ranks)
    if top is not None:
        return (4, top)
    if shape[0] == 3:
        return (3, *by_group)
    if shape[:2] == [2, 2]:
        return (2, *by_group)
    if shape[0] == 2:
        return (1, *by_group)
    return (0, *ranks)


@cache
def plain_low(five: tuple[int, ...]) -> tuple[int, ...] | None:
    """An 8-or-better low as its ranks high to low (ace = 1); smaller is better."""
    ranks = sorted((1 if c >> 2 == 12 else (c >> 2) + 2 for c in five), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > 8:
        return None
    return tuple(ranks)


def plain_omaha(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    high, low = None, None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            five = pair + triple
            h, lo = plain_high(five), plain_low(five)
            if high is None or h > high:
                high = h
            if lo is not None and (low is None or lo < low):
                low = lo
    assert high is not None
    return high, low


def plain_shares(holes: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Each player's share of the pot: halves, then ties within a half."""
    hands = [plain_omaha(hole, board) for hole in holes]
    best_high = max(high for high, _ in hands)
    high_winners = [i for i, (high, _) in enumerate(hands) if high == best_high]
    lows = [low for _, low in hands if low is not None]
    shares = [Fraction(0)] * len(holes)
    high_half = Fraction(1, 2) if lows else Fraction(1)
    for i in high_winners:
        shares[i] += high_half / len(high_winners)
    if lows:
        low_winners = [i for i, (_, low) in enumerate(hands) if low == min(lows)]
        for i in low_winners:
            shares[i] += Fraction(1, 2) / len(low_winners)
    return shares


class Brute:
    """Plain totals over every deal: shares, scoops, wins and ties per player."""

    def __init__(self, n: int) -> None:
        self.deals = 0
        self.no_low = 0
        self.share = [Fraction(0)] * n
        self.counts = [Counter[str]() for _ in range(n)]

    def add(self, holes: Sequence[Sequence[int]], board: Sequence[int]) -> None:
        hands = [plain_omaha(hole, board) for hole in holes]
        shares = plain_shares(holes, board)
        highs = [high for high, _ in hands]
        lows = [low for _, low in hands if low is not None]
        self.deals += 1
        self.no_low += not lows
        for i, (high, low) in enumerate(hands):
            self.share[i] += shares[i]
            counts = self.counts[i]
            counts["scoop"] += shares[i] == 1
            if high == max(highs):
                counts["win_high" if highs.count(high) == 1 else "tie_high"] += 1
            if lows and low == min(lows):
                counts["win_low" if lows.count(low) == 1 else "tie_low"] += 1

    def check(self, result: EquityResult) -> None:
        assert result.exact
        assert result.boards == self.deals
        assert result.no_low == self.no_low / self.deals
        for i, player in enumerate(result.players):
            assert player.equity_fraction == self.share[i] / self.deals, i
            assert player.std_error == 0.0
            for name in ("scoop", "win_high", "tie_high", "win_low", "tie_low"):
                assert getattr(player, name) == self.counts[i][name] / self.deals, (i, name)


def unknown_cards(*groups: Sequence[int]) -> list[int]:
    used = {card for group in groups for card in group}
    return [card for card in range(52) if card not in used]


def brute_force(holes: list[str], board: str, dead: str = "") -> Brute:
    hole_ids = [parse_cards(hole) for hole in holes]
    board_ids, dead_ids = parse_cards(board), parse_cards(dead)
    brute = Brute(len(holes))
    for rest in combinations(unknown_cards(*hole_ids, board_ids, dead_ids), 5 - len(board_ids)):
        brute.add(hole_ids, board_ids + list(rest))
    return brute


# Spots: (holes, board, dead). Chosen for ties and quartering, no-low boards,
# three and four players, Big O (5 cards) and 6-card Omaha, every street.
RIVER = [
    (["AsAhKsKd", "QsQhJsJd"], "KhQd9c9s2h", ""),  # no low possible
    (["As2sKhKd", "Ad2dQcJc", "7h7d8s9c"], "3h4c5dKsQh", ""),  # split high, split low
    (["Ah2c9s9d", "Ad2hKsQc", "3c4d8h8s"], "5c6dJhTs7c", ""),  # quartered low
    (["Ac3c5h6h8d", "KdKhQsQdJc"], "2c4c9cTd7s", ""),  # Big O
]
TURN = [
    (["As2dKh3c", "7c8d9hTs"], "2h5c9dQs", ""),
    (["Ac2c3d4d", "KsKhQsQh", "Ad2h5s6s"], "7c8cJd3h", ""),
    (["Ac2c3d4d5h6h", "KsKhQsQhJcTc"], "7c8cJd9s", ""),  # 6-card Omaha
]
FLOP = [
    (["As2dKh3c", "7c8d9hTs"], "2h5c9d", ""),
    (["AhAd2s3c", "KcKd4h5h"], "QsJs8d", ""),
]
PREFLOP_WITH_DEAD = [
    # Heads-up preflop with most of the deck dead, so the plain brute force is quick.
    (["As2dKh3c", "7c8d9hTs"], "", "2c2h2s3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7d7h7s8c8h8sKsKdKc9c"),
]


@pytest.mark.parametrize(("holes", "board", "dead"), RIVER + TURN + FLOP + PREFLOP_WITH_DEAD)
def test_exact_equals_brute_force(backend: ModuleType, holes: list[str], board: str,
                                  dead: str) -> None:
    brute_force(holes, board, dead).check(equity(holes, board, dead))


@pytest.mark.parametrize(("holes", "board", "dead"), RIVER)
def test_river_equals_pokerkit(backend: ModuleType, holes: list[str], board: str,
                               dead: str) -> None:
    # On a full board pokerkit's "Monte Carlo" has nothing left to sample: it is exact.
    pokerkit = pytest.importorskip("pokerkit")
    ranges = [[tuple(pokerkit.Card.parse(hole))] for hole in holes]
    theirs = pokerkit.calculate_equities(
        ranges, tuple(pokerkit.Card.parse(board)), len(parse_cards(holes[0])), 5,
        pokerkit.Deck.STANDARD,
        (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand), sample_count=1)
    assert [p.equity for p in equity(holes, board, dead).players] == theirs


@st.composite
def random_spots(draw: st.DrawFn) -> tuple[list[list[int]], list[int]]:
    """2 to 4 players of 4, 5 or 6 cards on a turn or river board, dealt from a shuffled deck."""
    n_players = draw(st.integers(2, 4))
    n_hole = draw(st.sampled_from([4, 5, 6]))
    n_board = draw(st.sampled_from([4, 5]))
    deck = draw(st.permutations(range(52)))
    holes = [list(deck[i * n_hole:(i + 1) * n_hole]) for i in range(n_players)]
    return holes, list(deck[n_players * n_hole:n_players * n_hole + n_board])


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spot=random_spots())
def test_random_spots_equal_brute_force(backend: ModuleType,
                                        spot: tuple[list[list[int]], list[int]]) -> None:
    holes, board = spot
    brute = Brute(len(holes))
    for rest in combinations(unknown_cards(*holes, board), 5 - len(board)):
        brute.add(holes, board + list(rest))
    brute.check(equity(holes, board))


def test_pokerkit_wrong_spot_gives_high_the_whole_pot(backend: ModuleType) -> None:
    # No low is possible on KhQd9c9s2h: pokerkit was reported splitting
    # 0.75/0.25 here (pokerkit 0.7.7 gets 1.0/0.0, see the test above).
    result = equity(["AsAhKsKd", "QsQhJsJd"], board="KhQd9c9s2h")
    assert [p.equity for p in result.players] == [1.0, 0.0]
    assert [p.scoop for p in result.players] == [1.0, 0.0]
    assert result.no_low == 1.0


def test_random_hand_exact_equals_brute_force(backend: ModuleType) -> None:
    hero, board = parse_cards("As2dKh3c"), parse_cards("2h5c9dQs8c")
    dead = parse_cards("KsKdKcQhQdQcJsJhJdJcTsThTdTc9s9h9c8s8h8d7s7h7d7c6s6h6d")
    brute = Brute(2)
    for villain in combinations(unknown_cards(hero, board, dead), 4):
        brute.add([hero, list(villain)], board)
    result = equity([hero, None], board, dead)
    assert result.players[1].hole is None
    brute.check(result)


@pytest.mark.slow
def test_full_preflop_heads_up_equals_plain_loop(native: ModuleType) -> None:
    """All 1,086,008 boards, each settled by a plain loop over hf_omaha (the
    5-card-by-5-card evaluator, not the equity code)."""
    a, b = parse_cards("As2dKh3c"), parse_cards("7c8d9hTs")
    share = [0, 0]  # in quarters of a pot
    no_low = boards = 0
    for board in combinations(unknown_cards(a, b), 5):
        pa, pb = native.omaha(a, board), native.omaha(b, board)
        ha, la, hb, lb = pa >> 8, pa & 0xFF, pb >> 8, pb & 0xFF
        high = [4, 0] if ha < hb else [0, 4] if hb < ha else [2, 2]
        if la or lb:
            high = [x // 2 for x in high]
            low = [2, 0] if la and (la < lb or not lb) else [0, 2] if lb and (lb < la or not la) \
                else [1, 1]
            high = [h + lo for h, lo in zip(high, low, strict=True)]
        else:
            no_low += 1
        share = [s + h for s, h in zip(share, high, strict=True)]
        boards += 1
    result = equity([a, b])
    assert result.boards == boards == 1_086_008
    assert result.no_low == no_low / boards
    assert [p.equity_fraction for p in result.players] == [Fraction(s, 4 * boards) for s in share]


# ---------------------------------------------------------------------------
# Monte Carlo


@pytest.mark.parametrize(("holes", "board", "dead"), [TURN[1], FLOP[0], FLOP[1]])
def test_monte_carlo_within_four_standard_errors(backend: ModuleType, holes: list[str],
                                                 board: str, dead: str) -> None:
    exact = brute_force(holes, board, dead)
    samples = 20_000 if backend.NAME == "native" else 2_000
    result = equity(holes, board, dead, samples=samples, seed=2024)
    assert not result.exact and result.boards == samples and result.seed == 2024
    for i, player in enumerate(result.players):
        truth = float(exact.share[i] / exact.deals)
        assert 0 < player.std_error < 0.02
        assert abs(player.equity - truth) <= 4 * player.std_error, (i, player, truth)


def test_monte_carlo_preflop_within_four_standard_errors(native: ModuleType) -> None:
    exact = equity(["As2dKh3c", "7c8d9hTs"])  # checked board by board above
    sampled = equity(["As2dKh3c", "7c8d9hTs"], samples=50_000, seed=7)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(s.equity - e.equity) <= 4 * s.std_error
        assert abs(s.scoop - e.scoop) <= 4 * math.sqrt(e.scoop * (1 - e.scoop) / 50_000)


def test_standard_error_is_the_sample_formula(backend: ModuleType) -> None:
    # With shares s_i: se = sqrt(sum((s_i - mean)^2) / (n - 1) / n).
    holes, board = ["As2dKh3c", "7c8d9hTs"], "2h5c9dQs"
    result = equity(holes, board, samples=300, seed=11)
    seed = equity_module._chunk_seed(11, 0)  # 300 samples are one chunk
    tally = equity_module._run_chunk(("sample", tuple(parse_cards("".join(holes))), 4,
                                      tuple(parse_cards(board)), (), seed, 300))
    share = tally[2]
    mean = Fraction(share, 300)
    variance = (tally[3] - 300 * mean * mean) / 299
    assert result.players[0].std_error == pytest.approx(math.sqrt(variance / 300) / 5040)
    assert result.players[0].equity_fraction == mean / 5040


def test_monte_carlo_same_seed_same_answer_on_both_backends(native: ModuleType) -> None:
    spot = (tuple(parse_cards("As2dKh3c") + [-1] * 4), 4, tuple(parse_cards("2h5c9d")), ())
    for seed in (0, 1, 2**64 - 1):
        assert native.equity_sample(*spot, seed, 500) == _pybackend.equity_sample(*spot, seed, 500)


def test_chunks_agree_across_backends(native: ModuleType) -> None:
    # Chunk boundaries in the middle of the odometer, random hands included.
    spots = [
        (parse_cards("As2dKh3c") + [-1] * 4, parse_cards("2h5c9dQs"), []),
        ([-1] * 4 + parse_cards("As2dKh3c") + [-1] * 4, parse_cards("2h5c9dQsJs"), []),
        (parse_cards("As2dKh3c7c8d9hTs"), parse_cards("2h5c9d"), parse_cards("Jd")),
        # Whole boards, every hand known: the C's incremental preflop path.
        (parse_cards("As2dKh3c7c8d9hTs"), [], parse_cards(PREFLOP_WITH_DEAD[0][2])[:20]),
    ]
    for holes, board, dead in spots:
        total = native.equity_deals(holes, 4, board, dead)
        assert total == _pybackend.equity_deals(holes, 4, board, dead) > 0
        for first, count in ((0, 1), (total // 3, min(2000, total // 2)), (total - 7, 7)):
            expected = _pybackend.equity_enumerate(holes, 4, board, dead, first, count)
            assert native.equity_enumerate(holes, 4, board, dead, first, count) == expected


def test_chunk_tallies_add_up_to_the_whole(each_backend: ModuleType) -> None:
    spot = (tuple(parse_cards("As2dKh3c7c8d9hTs")), 4, tuple(parse_cards("2h5c9d")), ())
    whole = each_backend.equity_enumerate(*spot, 0, 820)
    parts = [each_backend.equity_enumerate(*spot, first, count)
             for first, count in ((0, 1), (1, 400), (401, 419))]
    assert [sum(column) for column in zip(*parts, strict=True)] == whole


def test_random_hands_switch_to_monte_carlo_when_the_space_is_large(native: ModuleType) -> None:
    result = equity(["As2dKh3c", None], seed=5)
    assert not result.exact and result.boards == equity_module.DEFAULT_SAMPLES
    assert result.seed == 5


# ---------------------------------------------------------------------------
# Threads and executors give the very same answer as one thread


def test_threads_identical_to_one_thread(backend: ModuleType) -> None:
    holes, board = ["As2dKh3c", "7c8d9hTs", None], "2h5c9dQs"
    one = equity(holes, board, samples=25_000 if backend.NAME == "native" else 1_200, seed=3)
    assert equity(holes, board, samples=one.boards, seed=3, threads=2) == one
    exact = equity(holes[:2], "2h5c9d")
    assert equity(holes[:2], "2h5c9d", threads=3) == exact


def test_preflop_threads_identical(native: ModuleType) -> None:
    assert equity(["As2dKh3c", "7c8d9hTs"], threads=2) == equity(["As2dKh3c", "7c8d9hTs"])


def test_any_executor(backend: ModuleType) -> None:
    holes, board = ["As2dKh3c", "7c8d9hTs"], "2h5c9d"
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert equity(holes, board, executor=pool) == equity(holes, board)
        assert equity(holes, board, samples=1500, seed=9, executor=pool) == \
            equity(holes, board, samples=1500, seed=9)


def test_dask_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    holes = ["As2dKh3c", "7c8d9hTs"]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        executor = client.get_executor()
        on_dask = equity(holes, "2h5c9d", executor=executor)
        sampled = equity(holes, samples=25_000, seed=1, executor=executor)
    assert on_dask == equity(holes, "2h5c9d")
    assert sampled == equity(holes, samples=25_000, seed=1)
    assert sampled.boards == 25_000


def test_progress_bar_counts_the_boards() -> None:
    bar = Progress(0, "x", show=False)  # sized by equity, counted whether drawn or not
    equity(["As2dKh3c", "7c8d9hTs"], "2h5c9d", progress=bar)
    assert (bar.done, bar.total, bar.unit) == (820, 820, "boards")


# ---------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize(("args", "kwargs", "error", "message"), [
    ((["As2dKh3c", "As8d9hTs"],), {}, ValueError, "duplicate card As: in player 1 and in player 2"),
    ((["As2dKh3c", "7c8d9hTs"], "2h5c9d", "9d"), {}, ValueError, "duplicate card 9d"),
    ((["As2dKh3c", "7c8d9hTs"], "", "Kh"), {}, ValueError, "duplicate card Kh"),
    ((["AsAs2d3c", "7c8d9hTs"],), {}, ValueError, "duplicate card As: twice"),
    ((["As2dKh3c"],), {}, ValueError, "2 to 10 players"),
    ((["As2dKh3c"] * 11,), {}, ValueError, "2 to 10 players"),
    (([None] * 10,), {"dead": "2c2d2h2s3c3d3h3s"}, ValueError, "too many players for the deck"),
    (([None] * 9 + ["AsKsQsJsTs"],), {}, ValueError, "too many players for the deck"),
    ((["As2dKh3c", "7c8d9hTs"], "2h"), {}, ValueError, "board must have 0, 3, 4 or 5 cards"),
    ((["As2dKh3c", "7c8d9hTs"], "2h5c"), {}, ValueError, "board must have 0, 3, 4 or 5 cards"),
    ((["As2dKh3c", "7c8d9hTs"], "2h5c9dQsJsTs"), {}, ValueError, "board must have"),
    ((["As2dKh3c", "7c8d9hTsJs"],), {}, ValueError, "same number of cards"),
    ((["As2dKh", "7c8d9hTs"],), {}, ValueError, "player 1's hole must have 4, 5 or 6"),
    ((["As2dKh3q", "7c8d9hTs"],), {}, ValueError, "bad card"),  # nor a range: 'q'

    (("As2dKh3c7c8d9hTs",), {}, TypeError, "sequence of hands"),
    ((["As2dKh3c", "7c8d9hTs"],), {"samples": 0}, ValueError, "samples must be >= 1"),
    ((["As2dKh3c", "7c8d9hTs"],), {"samples": 1.5}, TypeError, "samples must be an int"),
    ((["As2dKh3c", "7c8d9hTs"],), {"samples": 9, "seed": -1}, ValueError, "seed must be"),
    ((["As2dKh3c", "7c8d9hTs"],), {"samples": 9, "seed": 2**64}, ValueError, "seed must be"),
    ((["As2dKh3c", "7c8d9hTs"],), {"threads": 0}, ValueError, "threads must be >= 1"),
    ((["As2dKh3c", "7c8d9hTs"],), {"executor": object()}, TypeError, "Executor"),
])
def test_bad_input(backend: ModuleType, args: tuple[object, ...], kwargs: dict[str, object],
                   error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        equity(*args, **kwargs)  # type: ignore[arg-type]


def test_threads_and_executor_together_is_an_error() -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match="not both"):
        equity(["As2dKh3c", "7c8d9hTs"], executor=pool, threads=2)


def test_backends_refuse_bad_chunks(each_backend: ModuleType) -> None:
    holes, board = parse_cards("As2dKh3c7c8d9hTs"), parse_cards("2h5c9d")
    assert each_backend.equity_enumerate(holes, 4, board, [], 810, 11) == each_backend.ERR_COUNT
    assert each_backend.equity_enumerate(holes, 4, board, [], -1, 2) == each_backend.ERR_COUNT
    assert each_backend.equity_enumerate(holes, 4, board, [29], 0, 1) == each_backend.ERR_DUPLICATE
    assert each_backend.equity_enumerate(holes, 4, board, [52], 0, 1) == each_backend.ERR_CARD
    assert each_backend.equity_enumerate(holes[:4], 4, board, [], 0, 1) == each_backend.ERR_COUNT
    assert each_backend.equity_deals(holes, 4, board[:2], []) == each_backend.ERR_COUNT
    # A hand is random only when all its cards are -1.
    assert each_backend.equity_deals([*holes, -1, -1, -1, 0], 4, board, []) == each_backend.ERR_CARD
    duplicate = [*holes, 51, 0, 3, 6]
    assert each_backend.equity_deals(duplicate, 4, board, []) == each_backend.ERR_DUPLICATE
    assert each_backend.equity_sample(holes, 4, board, [], 2**64, 1) == each_backend.ERR_COUNT
    assert each_backend.equity_sample(holes, 3, board, [], 1, 1) == each_backend.ERR_COUNT
    # 1.75 hands:
    assert each_backend.equity_sample(holes[:7], 4, board, [], 1, 1) == each_backend.ERR_COUNT
    assert each_backend.equity_deals(holes, 0, board, []) == each_backend.ERR_COUNT
    too_many = each_backend.EQUITY_MAX_COUNT + 1  # sums of squares could overflow 64 bits
    assert each_backend.equity_sample(holes, 4, board, [], 1, too_many) == each_backend.ERR_COUNT
    assert each_backend.equity_enumerate([-1] * 8, 4, [], [], 0, too_many) == each_backend.ERR_COUNT


# ---------------------------------------------------------------------------
# CLI and public names


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "AsAhKsKd", "QsQhJsJd", "--board", "KhQd9c9s2h"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:3] == ["AsAhKsKd", "1.0000", "0.0000"]
    assert lines[2].split()[:2] == ["QsQhJsJd", "0.0000"]
    assert "1 boards (exact)" in lines[3]


def test_cli_json_and_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "As2dKh3c", "random", "--board", "2h5c9d", "--samples", "300",
            "--seed", "4", "--json"]
    assert cli.main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][1]["hole"] is None
    assert (out["exact"], out["boards"], out["seed"]) == (False, 300, 4)
    assert out == json.loads(_run_cli(capsys, argv))  # reproducible


def _run_cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert cli.main(argv) == 0
    return capsys.readouterr().out


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["equity", "As2dKh3c", "As8d9hTs"]) == 2
    assert "duplicate card As" in capsys.readouterr().err


def test_public_names() -> None:
    assert hilo_fast.equity is equity
    assert {"equity", "EquityResult", "PlayerEquity"} <= set(hilo_fast.__all__)
