"""Monte Carlo dealing and settlement (hf_equity_sample and its pure twin).

The deal's bounded draws are batched (several cards from one 64-bit word,
csrc/equity/equity.c): checked here against the arithmetic that makes them exactly
uniform, the two backends deal for deal on random spots (so the C's outcome
histogram, its prefetching one deal ahead and its prepared known hands are
checked against the pure twin's plain settlement), and Monte Carlo with
random hands within a few standard errors of the exact answer.
"""

from __future__ import annotations

import importlib
import math
import random
from types import ModuleType

import pytest

from hilo_fast._backends import PURE as _pybackend
from hilo_fast.equity import equity

equity_module = importlib.import_module("hilo_fast.equity.compute")

MASK64 = (1 << 64) - 1


@pytest.mark.parametrize(("n_deck", "needed"), [(52, 9), (44, 9), (48, 41), (52, 52), (9, 9),
                                                (40, 1), (45, 0)])
def test_runs_are_greedy_and_fit_64_bits(n_deck: int, needed: int) -> None:
    runs = _pybackend._plan_runs(n_deck, needed)
    at = 0
    for first, end, product, threshold in runs:
        assert first == at < end <= needed
        assert product == math.prod(n_deck - i for i in range(first, end))
        assert product <= MASK64
        if end < needed:  # the next bound would not have fitted
            assert product * (n_deck - end) > MASK64
        assert threshold == (1 << 64) % product
        at = end
    assert at == needed


def test_batched_draws_are_one_draw_below_the_product() -> None:
    # The picks of a run, read as mixed-radix digits, are floor(r * P / 2^64)
    # and the word left is r * P mod 2^64: Lemire's method for one draw
    # below P, which is exactly uniform once the low word is refused below
    # 2^64 mod P.
    rng = random.Random(17)
    for _ in range(2000):
        n_deck = rng.randint(5, 52)
        first, end, _, _ = _pybackend._plan_runs(n_deck, rng.randint(1, n_deck))[0]
        bounds = [n_deck - i for i in range(first, end)]
        r = rng.getrandbits(64)
        word, digits = r, []
        for n in bounds:
            m = word * n
            digits.append(m >> 64)
            word = m & MASK64
        value = 0
        for d, n in zip(digits, bounds, strict=True):
            assert 0 <= d < n
            value = value * n + d
        product = math.prod(bounds)
        assert value == r * product >> 64
        assert word == r * product & MASK64


def test_shuffle_is_a_permutation_and_refuses_the_low_words() -> None:
    deck = list(range(52))
    runs = _pybackend._plan_runs(52, 52)
    state = 5
    for _ in range(20):
        state = _pybackend._shuffle_prefix(deck, runs, state)
        assert sorted(deck) == list(range(52))
    # A run whose product is a power of two is never refused: nothing to
    # reject (2^64 mod P = 0); one of 3 * 2 * 1 = 6 refuses 4 words of 2^64.
    assert _pybackend._plan_runs(2, 2)[0][3] == 0
    assert _pybackend._plan_runs(3, 3)[0][2:] == (6, (1 << 64) % 6) == (6, 4)


Spot = tuple[tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]


def random_spot(rng: random.Random) -> Spot:
    n_players = rng.randint(2, 6)
    n_hole = rng.choice((4, 4, 5, 6))
    n_board = rng.choice((0, 3, 4, 5))
    cards = list(range(52))
    rng.shuffle(cards)
    holes: list[int] = []
    randoms = 0
    for _ in range(n_players):
        # At least one random hand most of the time; the deck must stay big enough.
        if rng.random() < 0.5 and randoms < 3:
            holes += [-1] * n_hole
            randoms += 1
        else:
            holes += [cards.pop() for _ in range(n_hole)]
    board = tuple(cards.pop() for _ in range(n_board))
    dead = tuple(cards.pop() for _ in range(rng.randint(0, 4)))
    return tuple(holes), n_hole, board, dead


def test_native_deals_and_settles_as_the_pure_twin(native: ModuleType) -> None:
    rng = random.Random(2026)
    checked = 0
    for _ in range(120):
        spot = random_spot(rng)
        seed = rng.getrandbits(64)
        count = rng.choice((0, 1, 2, 7, 60))
        want = _pybackend.equity_sample(*spot, seed, count)
        assert native.equity_sample(*spot, seed, count) == want, (spot, seed, count)
        checked += isinstance(want, list) and count > 0
    assert checked > 80  # most spots were dealable


# (holes, board): random hands ("") against known ones, on the river and the
# turn (5.4M deals: past equity's exact limit, raised for it), two to five
# players (five: past the C's outcome histogram).
RANDOM_SPOTS = [
    (["As2dKh3c", ""], "2c7h9dJsQd"),
    (["", "AhKh2c3s"], "Kd8h2h4c"),
    (["As2dKh3c", "7c8d9hTs", ""], "2h5c9dQs6h"),
    (["Ac2c3d4d", "KsKhQsQh", "Ad2h5s6s", "9c9dTcJh", ""], "7c8cJd3h5d"),
]


@pytest.mark.parametrize(("holes", "board"), RANDOM_SPOTS)
def test_monte_carlo_with_random_hands_within_standard_errors(
        native: ModuleType, monkeypatch: pytest.MonkeyPatch, holes: list[str], board: str) -> None:
    monkeypatch.setattr(equity_module, "EXACT_LIMIT", 6_000_000)
    hands: list[str | None] = [h or None for h in holes]
    exact = equity(hands, board)
    assert exact.exact
    samples = 100_000
    sampled = equity(hands, board, samples=samples, seed=99)
    assert not sampled.exact
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(s.equity - e.equity) <= 4.5 * s.std_error, (e, s)
        for name in ("scoop", "win_high", "tie_high", "win_low", "tie_low"):
            p = getattr(e, name)
            sd = math.sqrt(p * (1 - p) / samples)
            assert abs(getattr(s, name) - p) <= 4.5 * sd + 1e-12, (name, e, s)
    sd = math.sqrt(exact.no_low * (1 - exact.no_low) / samples)
    assert abs(sampled.no_low - exact.no_low) <= 4.5 * sd + 1e-12


def test_dealt_cards_are_even_chi_square() -> None:
    # Each of the first three positions after a deal holds each of the 52
    # cards about equally often (pure twin; the native deals the same).
    deck = list(range(52))
    runs = _pybackend._plan_runs(52, 3)
    counts = [[0] * 52 for _ in range(3)]
    deals = 52 * 300
    state = 11
    for _ in range(deals):
        state = _pybackend._shuffle_prefix(deck, runs, state)
        for position in range(3):
            counts[position][deck[position]] += 1
    for row in counts:
        chi2 = sum((c - deals / 52) ** 2 / (deals / 52) for c in row)
        assert chi2 < 110  # 51 degrees of freedom: p < 1e-6 beyond
