"""Equity on several boards with ranges and random hands, and run it N
times (N >= 3): exact against a brute force written here (every tuple of
hands, every deal of every board, as fractions), Monte Carlo within 4
standard errors of exact, the twins' tallies equal (more than two boards,
batches of hand tuples)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, product
from types import ModuleType
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast._backends import IN_USE, NATIVE, PURE
from hilo_fast.cards import card_str, parse_cards

BACKENDS: list[ModuleType] = [PURE] if NATIVE is None else [NATIVE, PURE]
ON_PURE = IN_USE is PURE


def board_shares(holes: tuple[tuple[int, ...], ...], board: tuple[int, ...],
                 high_only: bool) -> tuple[list[Fraction], list[bool], list[bool], bool]:
    """One board's pot (1) as at showdown: half to the best high, half to the
    best 8-or-better low (all to the high without one), ties dividing a
    half. Also who scooped it, who won its high alone, and no low."""
    hands = [hf.evaluate(list(hole), list(board)) for hole in holes]
    best_high = min(h.high for h in hands)
    lows = [h.low for h in hands if h.low is not None and not high_only]
    best_low = min(lows) if lows else None
    high = [p for p, h in enumerate(hands) if h.high == best_high]
    low = [p for p, h in enumerate(hands) if best_low is not None and h.low == best_low]
    shares = [Fraction(0)] * len(holes)
    for p in high:
        shares[p] += (Fraction(1, 2) if low else Fraction(1)) / len(high)
    for p in low:
        shares[p] += Fraction(1, 2) / len(low)
    return (shares, [s == 1 for s in shares], [len(high) == 1 and p in high
                                               for p in range(len(holes))], not low)


def brute_force(choices: list[list[tuple[tuple[int, ...], int]]], rows: list[list[int]],
                dead: list[int], high_only: bool = False) -> dict[str, list[Fraction]]:
    """Each player's choices: (hand, weight). Every tuple of hands sharing no
    card, weighted by the product of its weights; for each, every deal:
    board 0 completed from the cards left, then board 1 from what that left,
    ...; each board worth 1/len(rows) of the pot."""
    n, n_boards = len(choices), len(rows)
    units = {key: [0] * n for key in ("equity", "square", "scoop", "win_high0")}
    sums: dict[str, list[Fraction]] = {}
    total = no_low_units = 0
    known = {c for row in rows for c in row} | set(dead)
    for picked in product(*choices):
        hands = tuple(hand for hand, _ in picked)
        cards = [c for hand in hands for c in hand]
        if len(set(cards)) < len(cards) or known & set(cards):
            continue
        weight = 1
        for _, w in picked:
            weight *= w
        deck = [c for c in range(52) if c not in known and c not in cards]
        cache: dict[tuple[int, ...], tuple[list[int], list[bool], list[bool], bool]] = {}

        def deals(b: int, left: list[int]) -> list[list[tuple[int, ...]]]:
            if b == n_boards:
                return [[]]
            out = []
            for extra in combinations(left, 5 - len(rows[b])):
                rest = [c for c in left if c not in extra]
                out += [[tuple(rows[b]) + extra, *tail] for tail in deals(b + 1, rest)]
            return out

        for boards in deals(0, deck):
            settled = []
            for board in boards:
                if board not in cache:   # shares in 1/5040 of a board: integers
                    shares, scoops, wins, none = board_shares(hands, board, high_only)
                    cache[board] = ([int(s * 5040) for s in shares], scoops, wins, none)
                settled.append(cache[board])
            total += weight
            no_low_units += weight * sum(s[3] for s in settled)
            for p in range(n):
                share = sum(s[0][p] for s in settled)
                units["equity"][p] += weight * share
                units["square"][p] += weight * share * share
                units["scoop"][p] += weight * all(s[1][p] for s in settled)
                units["win_high0"][p] += weight * settled[0][2][p]
    scale = {"equity": 5040 * n_boards, "square": (5040 * n_boards) ** 2}
    for key, values in units.items():
        sums[key] = [Fraction(v, scale.get(key, 1)) for v in values]
    no_low = Fraction(no_low_units, n_boards)
    out = {key: [v / total for v in values] for key, values in sums.items()}
    out["no_low"] = [no_low / total]
    return out


def hands_of(text: str) -> list[tuple[tuple[int, ...], int]]:
    """A comma list of hands with @weights, as the test's own data."""
    out = []
    for part in text.split(","):
        cards, _, weight = part.partition("@")
        out.append((tuple(parse_cards(cards)), int(weight or 1)))
    return out


def check_against_brute(result: hf.EquityResult,
                        expected: dict[str, list[Fraction]]) -> None:
    assert result.exact
    for p, player in enumerate(result.players):
        assert player.equity_fraction == expected["equity"][p]
        assert player.scoop == pytest.approx(float(expected["scoop"][p]), abs=1e-12)
        assert player.boards[0].win_high == pytest.approx(float(expected["win_high0"][p]),
                                                          abs=1e-12)
        spread = expected["square"][p] - expected["equity"][p] ** 2
        assert player.std_dev == pytest.approx(float(spread) ** 0.5, abs=1e-9)
    assert result.no_low == pytest.approx(float(expected["no_low"][0]), abs=1e-12)


def dead_but(keep: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` dead cards, none of ``keep``: a small deck the brute force walks."""
    return rng.sample([c for c in range(52) if c not in keep], count)


def text(cards: list[int] | tuple[int, ...]) -> str:
    return "".join(card_str(c) for c in cards)


# (hands or ranges as text, each board's known cards, runs, game boards, dead left in the deck)
SPOTS = [
    # run it three times on the turn, a weighted range against a hand
    (["AsAh2s3d@2,KsKh2c3c@1,QsJs4c5c@3", "QdQc9h8h"], ["Jd7c4s6h"], 3, 1, 14),
    # run it three times from the flop (two cards a run)
    (["AsAh2s3d,KsKh2c3c", "QdQc9h8h"], ["Jd7c4s"], 3, 1, 8),
    # run it four times on the turn, two ranges
    (["AsAh2s3d@1,KsKh2c3c@2", "QdQc9h8h,QdTd9h8h"], ["Jd7c4s6h"], 4, 1, 10),
    # double board run twice on the turns: four boards of one card
    (["AsAh2s3d,KsKh2c3c", "QdQc9h8h"], ["Jd7c4s6h", "5d8c9cTs"], 2, 2, 11),
    # double board, a river and a turn, three players from ranges
    (["AsAh2s3d,KsKh2c3c", "QdQc9h8h@3,QdTd9h8h@1", "Ac2c3h4d"], ["Jd7c4s6h5s", "5d8c9cTs"],
     1, 2, 16),
]


@pytest.mark.parametrize("spot", range(len(SPOTS)))
def test_ranges_and_runs_equal_the_brute_force(spot: int) -> None:
    players, boards, runs, n_boards, deck_left = SPOTS[spot]
    choices = [hands_of(p) for p in players]
    rows = [parse_cards(b) for b in boards]
    every = {c for options in choices for hand, _ in options for c in hand}
    every |= {c for row in rows for c in row}
    rng = random.Random(spot)
    deck_left -= 2 if ON_PURE and runs > 1 else 0   # the pure twin settles each deal alone
    dead = dead_but(sorted(every), 52 - len(every) - deck_left, rng)
    game = hf.Game(boards=n_boards)
    if n_boards == 1:
        result = hf.equity(players, boards[0], dead=text(dead), runs=runs)
    else:
        result = hf.equity(players, dead=text(dead), game=game, boards=boards, runs=runs)
    assert result.runs == runs and len(result.players[0].boards) == n_boards * runs
    assert result.ranges == tuple(p if "," in p else None for p in players)
    check_against_brute(result, brute_force(choices, rows * runs, dead))


def test_random_hand_on_double_board_equals_the_brute_force() -> None:
    """A random hand: every hand of the cards left, each equally likely."""
    rng = random.Random(7)
    hero, boards = parse_cards("As2s3hKd"), [parse_cards("Jd7c4s6h5s"), parse_cards("5d8c9cTs")]
    keep = hero + [c for row in boards for c in row]
    dead = dead_but(keep, 52 - len(keep) - 8, rng)
    deck = [c for c in range(52) if c not in keep and c not in dead]
    choices: list[list[tuple[tuple[int, ...], int]]] = [
        [(tuple(hero), 1)], [(hand, 1) for hand in combinations(deck, 4)]]
    result = hf.equity([text(hero), None], dead=text(dead), game=hf.Game(boards=2),
                       boards=[text(b) for b in boards])
    assert result.ranges == (None, None) and result.players[1].hole is None
    check_against_brute(result, brute_force(choices, boards, dead))


def test_high_only_ranges_on_double_board_equal_the_brute_force() -> None:
    rng = random.Random(8)
    players = ["AsAh2s3d@5,KsKh2c3c@2", "QdQc9h8h"]
    choices = [hands_of(p) for p in players]
    boards = [parse_cards("Jd7c4s6h"), parse_cards("5d8c9cTs")]
    keep = [c for options in choices for hand, _ in options for c in hand]
    keep += [c for row in boards for c in row]
    dead = dead_but(sorted(set(keep)), 52 - len(set(keep)) - 12, rng)
    result = hf.equity(players, dead=text(dead), boards=[text(b) for b in boards],
                       game=hf.Game(boards=2, split="high"))
    check_against_brute(result, brute_force(choices, boards, dead, high_only=True))


def within(sampled: hf.EquityResult, exact: hf.EquityResult) -> None:
    assert exact.exact and not sampled.exact
    for s, e in zip(sampled.players, exact.players, strict=True):
        assert s.std_error > 0
        assert abs(s.equity - e.equity) <= 4 * s.std_error


@pytest.mark.parametrize("seed", [1, 2])
def test_monte_carlo_within_four_standard_errors(seed: int) -> None:
    game = hf.Game(boards=2)
    deck_dead = "" if not ON_PURE else "2c3c4c5c6c7c8c9cTcJcQcKc2d3d4d5d6d7d8d"
    players = ["AsAh2s3h,KsKh2h3s,AsKs4h5h", "QdQhJhTh,9s9h8s8h"]
    boards = ["Ad7h6s", "Jd9dTd"] if not ON_PURE else ["Ad7h6s", "Jd9dTdQs"]
    exact = hf.equity(players, game=game, boards=boards, dead=deck_dead)
    sampled = hf.equity(players, game=game, boards=boards, dead=deck_dead,
                        samples=4000, seed=seed)
    within(sampled, exact)
    # random hands, sampled, against their exact answer (every hand of the cards left)
    boards = ["Ad7h6s5h", "JdTd4h3d"]
    keep = parse_cards("AsAh2s3h") + [c for b in boards for c in parse_cards(b)]
    dead = text(dead_but(keep, 52 - len(keep) - (9 if ON_PURE else 13), random.Random(seed)))
    exact = hf.equity(["AsAh2s3h", None], game=game, boards=boards, dead=dead)
    sampled = hf.equity(["AsAh2s3h", None], game=game, boards=boards, dead=dead,
                        samples=4000, seed=seed)
    within(sampled, exact)


@pytest.mark.parametrize("seed", [3, 4])
def test_run_it_three_times_sampled_within_four_standard_errors(seed: int) -> None:
    holes = ["AsAh2s3h", "QdQhJhTh"]
    # a deck small enough to enumerate three runs of the flop (29 cards: 42.7
    # million deals in C; 10 on the pure backend: 18,900)
    dead = "2c3c4c5c6c7c8c9cTcJcQcKc" + ("" if not ON_PURE else "2d3d4d5d6d7d8d9dTdKdJs3s"
                                                                "4s5sJd7s8s9sTs")
    exact = hf.equity(holes, "Ad7h6s", dead=dead, runs=3)
    sampled = hf.equity(holes, "Ad7h6s", dead=dead, runs=3, samples=5000, seed=seed)
    within(sampled, exact)
    once = hf.equity(holes, "Ad7h6s", dead=dead)
    assert exact.players[0].equity_fraction == once.players[0].equity_fraction
    assert exact.players[0].std_dev is not None and once.players[0].std_dev is not None
    assert exact.players[0].std_dev < once.players[0].std_dev


def test_sampled_ranges_are_reproducible() -> None:
    game = hf.Game(boards=2)
    args = (["AA", "KK"],)
    first = hf.equity(*args, game=game, boards=["Qd7h6s", "Jd9d2c"], samples=3000, seed=5)
    again = hf.equity(*args, game=game, boards=["Qd7h6s", "Jd9d2c"], samples=3000, seed=5,
                      threads=2)
    assert [p.equity_fraction for p in first.players] == \
        [p.equity_fraction for p in again.players]
    assert first.seed == 5 and first.ranges == ("AA", "KK") and first.boards == 3000


def test_ranges_on_several_boards_refuse_bad_spots() -> None:
    game = hf.Game(boards=2)
    with pytest.raises(ValueError, match="never be dealt together"):
        hf.equity(["AsAhKsKd,AsAhKsKc", "AsAhKsKd,AsAhKsKc"], game=game,
                  boards=["Qd7h6s", "Jd9d2c"])
    with pytest.raises(ValueError, match="hardly be dealt together"):   # sampled: the same
        hf.equity(["AsAhKsKd,AsAhKsKc", "AsAhKsKd,AsAhKsKc"], game=game,
                  boards=["Qd7h6s", "Jd9d2c"], samples=10, seed=1)
    with pytest.raises(ValueError, match="too many cards"):
        hf.equity(["AsAhKsKd", None], "2c3c4c", runs=8, dead="".join(
            card_str(c) for c in range(13, 52) if c not in parse_cards("AsAhKsKd")))
    with pytest.raises(ValueError, match="empty after card removal"):
        hf.equity(["AsAhKsKd", "AsAd2c3c,Ah2c3c4c"], game=game, boards=["Qd7h6s", "Jd9d2h"])


@pytest.mark.skipif(NATIVE is None, reason="the native backend is not built")
def test_many_boards_c_equals_pure() -> None:
    """Three to eight boards and batches of hand tuples: the twins' tallies are equal."""
    assert NATIVE is not None
    rng = random.Random(11)
    for _ in range(4):
        cards = rng.sample(range(52), 8 + 4 + 32)
        holes, board, dead = cards[:8], cards[8:12], cards[12:12 + rng.randint(30, 32)]
        for n_boards in (3, 4):
            rows = [board] * n_boards
            for high_only in (False, True) if n_boards == 3 else (False,):
                args = (holes, 4, rows, dead, high_only, 0, 1)
                assert NATIVE.boards_enumerate(*args) == PURE.boards_enumerate(*args)
                parts = [NATIVE.boards_enumerate(holes, 4, rows, dead, high_only, k, 3)
                         for k in range(3)]
                whole = NATIVE.boards_enumerate(*args)
                assert isinstance(whole, list)
                assert [sum(column) for column in zip(*parts, strict=True)] == whole
        rows = [board[:3]] * rng.randint(3, 8)
        sample: tuple[Any, ...] = (holes, 4, rows, [], False, 99, 60)
        assert NATIVE.boards_sample(*sample) == PURE.boards_sample(*sample)
        hands = [rng.sample([c for c in range(52) if c not in board], 8) for _ in range(4)]
        batch: tuple[Any, ...] = (hands, [3, 0, 5, 1], 4, [board[:3], board[:3]], [], False, 17)
        assert NATIVE.boards_sample_rows(*batch) == PURE.boards_sample_rows(*batch)
    for twin in BACKENDS:
        for n in range(1, twin.BOARDS_MAX + 1):   # a half of a board splits 1..10 ways
            assert twin.boards_pot(n) % n == 0 and twin.boards_pot(n) // n % 5040 == 0
        assert twin.boards_pot(1) == twin.boards_pot(2) == twin.BOARDS_POT
        assert twin.boards_pot(9) == twin.ERR_COUNT
        assert twin.boards_sample_rows([[0, 1, 2, 3, 4, 5, 6, 7]], [-1], 4, [[]], [], False,
                                       1) == twin.ERR_COUNT
