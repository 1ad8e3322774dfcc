"""Equity on several boards (double board, run it twice) and Omaha high:
exact against a brute force written here over every pair of board
completions, Monte Carlo within 4 standard errors of exact, Omaha high
against poker-equity (exactly) and phevaluator (per hand), C == pure."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from types import ModuleType

import poker_equity
import pytest
from phevaluator import evaluate_omaha_cards

import hilo_fast as hf
from hilo_fast._backends import IN_USE, NATIVE, PURE
from hilo_fast.cards import card_str

BACKENDS: list[ModuleType] = [PURE] if NATIVE is None else [NATIVE, PURE]
#: The pure backend settles a deal in tens of microseconds: its runs of the
#: public API take spots with fewer deals (the twins agree deal for deal,
#: test_boards_c_equals_pure).
ON_PURE = IN_USE is PURE


def board_shares(holes: list[list[int]], board: list[int], high_only: bool
                 ) -> tuple[list[Fraction], list[str]]:
    """One board's pot (1) split as at showdown: half to the best high, half
    to the best 8-or-better low when someone has one (else all to the high),
    ties dividing a half. Also each player's result on the board: "scoop",
    "high", "high-tie", ... as a set of words joined by spaces."""
    hands = [hf.evaluate(hole, board) for hole in holes]
    best_high = min(h.high for h in hands)
    lows = [h.low for h in hands if h.low is not None and not high_only]
    best_low = min(lows) if lows else None
    high_winners = [p for p, h in enumerate(hands) if h.high == best_high]
    low_winners = [p for p, h in enumerate(hands)
                   if best_low is not None and h.low == best_low]
    shares = [Fraction(0)] * len(holes)
    words = [""] * len(holes)
    high_pot = Fraction(1, 2) if low_winners else Fraction(1)
    for p in high_winners:
        shares[p] += high_pot / len(high_winners)
        words[p] += " high" if len(high_winners) == 1 else " high-tie"
    for p in low_winners:
        shares[p] += Fraction(1, 2) / len(low_winners)
        words[p] += " low" if len(low_winners) == 1 else " low-tie"
    for p in range(len(holes)):
        if shares[p] == 1:
            words[p] += " scoop"
    return shares, words


def brute_force(holes: list[list[int]], boards: list[list[int]], dead: list[int],
                high_only: bool) -> dict[str, list[Fraction]]:
    """Every pair of completions of the two boards from the one deck (a card
    on one is not on the other), each deal equally likely; each board is
    worth half the pot."""
    used = {c for hole in holes for c in hole} | {c for b in boards for c in b} | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(holes)
    sums: dict[str, list[Fraction]] = {key: [Fraction(0)] * n for key in (
        "equity", "scoop", "scoop_one", "high0", "high-tie0", "low0", "low-tie0",
        "high1", "high-tie1", "low1", "low-tie1")}
    deals = 0
    for first in combinations(deck, 5 - len(boards[0])):
        rest = [c for c in deck if c not in first]
        for second in combinations(rest, 5 - len(boards[1])):
            deals += 1
            results = [board_shares(holes, boards[0] + list(first), high_only),
                       board_shares(holes, boards[1] + list(second), high_only)]
            for p in range(n):
                sums["equity"][p] += sum(shares[p] for shares, _ in results) / 2
                scooped = [" scoop" in words[p] for _, words in results]
                sums["scoop"][p] += all(scooped)
                sums["scoop_one"][p] += sum(scooped) == 1
                for b, (_, words) in enumerate(results):
                    for word in words[p].split():
                        if word != "scoop":
                            sums[f"{word}{b}"][p] += 1
    return {key: [value / deals for value in values] for key, values in sums.items()}


def deal(rng: random.Random, n_players: int, n_hole: int, known: tuple[int, int]
         ) -> tuple[list[list[int]], list[list[int]]]:
    cards = rng.sample(range(52), n_players * n_hole + sum(known))
    holes = [cards[p * n_hole:(p + 1) * n_hole] for p in range(n_players)]
    at = n_players * n_hole
    return holes, [cards[at:at + known[0]], cards[at + known[0]:at + sum(known)]]


@pytest.mark.parametrize("known", [(4, 4), (5, 4), (4, 5), (5, 5), (3, 5)])
def test_double_board_exact_equals_brute_force(known: tuple[int, int]) -> None:
    rng = random.Random(sum(known) * 31 + known[0])
    for n_players, n_hole in [(2, 4), (3, 4), (2, 5), (4, 4), (2, 6)]:
        holes, boards = deal(rng, n_players, n_hole, known)
        for split in ("hilo", "high"):
            result = hf.equity(holes, game=hf.Game(hole_cards=n_hole, boards=2, split=split),
                               boards=boards)
            expected = brute_force(holes, boards, [], split == "high")
            assert result.exact
            for p, player in enumerate(result.players):
                assert player.equity_fraction == expected["equity"][p]
                assert player.scoop == pytest.approx(float(expected["scoop"][p]), abs=1e-12)
                assert player.scoop_one == pytest.approx(float(expected["scoop_one"][p]),
                                                         abs=1e-12)
                for b, on_board in enumerate(player.boards):
                    for field, word in (("win_high", "high"), ("tie_high", "high-tie"),
                                        ("win_low", "low"), ("tie_low", "low-tie")):
                        assert getattr(on_board, field) == pytest.approx(
                            float(expected[f"{word}{b}"][p]), abs=1e-12), (field, b)


def test_double_board_monte_carlo_within_4_standard_errors_on_the_flop() -> None:
    rng = random.Random(5)
    spots = [(2, (3, 4))] if ON_PURE else [(2, (3, 3)), (3, (3, 3))]
    samples = 3000 if ON_PURE else 20_000
    for n_players, known in spots:
        holes, boards = deal(rng, n_players, 4, known)
        game = hf.Game(boards=2)
        exact = hf.equity(holes, game=game, boards=boards)
        sampled = hf.equity(holes, game=game, boards=boards, samples=samples, seed=26)
        assert exact.exact and not sampled.exact and sampled.boards == samples
        for e, s in zip(exact.players, sampled.players, strict=True):
            assert 0 < s.std_error < 0.02
            assert abs(s.equity - e.equity) <= 4 * s.std_error


def test_boards_c_equals_pure() -> None:
    if NATIVE is None:
        pytest.skip("native backend not built")   # the pure run of CI has no C to compare
    rng = random.Random(8)
    for known, runs in [((4, 4), False), ((5, 3), False), ((4, 5), False), ((3, 3), True),
                        ((4, 4), True)]:
        holes, boards = deal(rng, rng.randint(2, 4), rng.choice([4, 5]), known)
        if runs:   # run it twice: both runs share the known cards
            boards = [boards[0], boards[0]]
        n_hole = len(holes[0])
        flat = [c for hole in holes for c in hole]
        for high_only in (False, True):
            if sum(5 - len(b) for b in boards) <= 2:
                args = (flat, n_hole, boards, [], high_only, 0, 1)
                assert NATIVE.boards_enumerate(*args) == PURE.boards_enumerate(*args)
                parts = [NATIVE.boards_enumerate(flat, n_hole, boards, [], high_only, k, 3)
                         for k in range(3)]
                whole = NATIVE.boards_enumerate(*args)
                assert isinstance(whole, list)
                assert [sum(column) for column in zip(*parts, strict=True)] == whole
            sample = (flat, n_hole, boards, [], high_only, 99, 200)
            assert NATIVE.boards_sample(*sample) == PURE.boards_sample(*sample)


@pytest.mark.parametrize("twin", BACKENDS, ids=[b.NAME for b in BACKENDS])
def test_boards_backends_refuse_bad_spots(twin: ModuleType) -> None:
    holes = [51, 50, 49, 48, 0, 1, 2, 3]
    good = [[4, 5, 6], [7, 8, 9]]
    assert twin.boards_deals(holes, 4, good, []) == 38 * 37 // 2 * (36 * 35 // 2)
    # board 1 holds board 0's first card at the same place: runs that share it
    assert twin.boards_deals(holes, 4, [[4, 5, 6], [4, 8, 9]], []) == 39 * 38 // 2 * (37 * 36 // 2)
    assert twin.boards_deals(holes, 4, [[4, 5, 6], [8, 4, 9]], []) == twin.ERR_DUPLICATE
    assert twin.boards_deals(holes, 4, [[4, 5, 6], [7, 8]], []) == twin.ERR_COUNT
    # three runs of one flop: 2 cards each from the 41 left, one after another
    assert twin.boards_deals(holes, 4, [[4, 5, 6]] * 3, []) == 41 * 40 // 2 * (39 * 38 // 2) \
        * (37 * 36 // 2)
    assert twin.boards_deals(holes, 4, [[4, 5, 6]] * (twin.BOARDS_MAX + 1), []) == twin.ERR_COUNT
    assert twin.boards_deals(holes, 4, [], []) == twin.ERR_COUNT
    assert twin.boards_deals([-1] * 4 + holes[4:], 4, good, []) == twin.ERR_COUNT
    assert twin.boards_deals(holes, 4, good, [51]) == twin.ERR_DUPLICATE
    assert twin.boards_deals(holes, 4, [[4, 5, 60]], []) == twin.ERR_CARD
    # two boards, the second missing more than two cards: not enumerated
    assert twin.boards_enumerate(holes, 4, [[4, 5, 6], []], [], False, 0, 1) == twin.ERR_COUNT
    assert twin.boards_enumerate(holes, 4, good, [], False, 1, 1) == twin.ERR_COUNT
    assert twin.boards_sample(holes, 4, good, [], False, 1, -1) == twin.ERR_COUNT


def test_run_it_twice_same_equity_smaller_spread() -> None:
    rng = random.Random(2)
    for known in (4,) if ON_PURE else (3, 4):
        holes, boards = deal(rng, 2, 4, (known, 0))
        once = hf.equity(holes, board=boards[0])
        twice = hf.equity(holes, board=boards[0], runs=2)
        assert twice.exact and twice.runs == 2
        for one, two in zip(once.players, twice.players, strict=True):
            assert two.equity_fraction == one.equity_fraction
            assert one.std_dev is not None and two.std_dev is not None
            assert two.std_dev < one.std_dev or one.std_dev == 0
        # the spread of one run, from the brute force: E[share^2] - E[share]^2
        deck = [c for c in range(52) if c not in {*holes[0], *holes[1], *boards[0]}]
        shares = [board_shares(holes, boards[0] + list(rest), False)[0][0]
                  for rest in combinations(deck, 5 - known)]
        mean = sum(shares, Fraction(0)) / len(shares)
        variance = sum((s - mean) ** 2 for s in shares) / len(shares)
        assert once.players[0].std_dev == pytest.approx(float(variance) ** 0.5, abs=1e-12)


OMAHA_KEYS = {4: "omaha", 5: "omaha_five", 6: "omaha_six"}


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_omaha_high_equals_poker_equity_exactly(n_hole: int) -> None:
    rng = random.Random(40 + n_hole)
    for n_players, known in [(2, 3), (3, 3), (2, 4), (4, 4), (3, 5)]:
        if n_players * n_hole + known > 30:
            continue
        holes, boards = deal(rng, n_players, n_hole, (known, 0))
        texts = ["".join(card_str(c) for c in hole) for hole in holes]
        board = "".join(card_str(c) for c in boards[0])
        theirs = poker_equity.exact_from_text(OMAHA_KEYS[n_hole], texts, board=board)
        ours = hf.equity(holes, board=boards[0], game=hf.Game(hole_cards=n_hole, split="high"))
        assert theirs["exact"] and ours.exact and ours.boards == theirs["samples"]
        for p, player in enumerate(ours.players):
            deals = ours.boards
            assert round(player.scoop * deals) == theirs["scoop_count"][p]
            assert round(player.win_high * deals) == theirs["high_win_count"][p]
            assert round(player.tie_high * deals) == theirs["high_tie_count"][p]
            assert player.win_low == player.tie_low == 0
            assert player.equity == pytest.approx(theirs["players"][p]["equity"], abs=1e-12)


def test_omaha_high_river_winner_agrees_with_phevaluator_per_hand() -> None:
    rng = random.Random(77)
    high = hf.Game(split="high")
    for _ in range(300):
        n_players = rng.randint(2, 6)
        holes, boards = deal(rng, n_players, 4, (5, 0))
        ranks = [evaluate_omaha_cards(*boards[0], *hole) for hole in holes]
        best = min(ranks)
        winners = [p for p, r in enumerate(ranks) if r == best]
        result = hf.equity(holes, board=boards[0], game=high)
        assert [p.equity_fraction for p in result.players] == [
            Fraction(1, len(winners)) if p in winners else 0 for p in range(n_players)]


def test_bad_game_options_are_named() -> None:
    holes = ["AsAhKsKd", "QsQhJsJd"]
    with pytest.raises(ValueError, match="neither cards"):
        hf.equity([holes[0], "AsQq7"], game=hf.Game(boards=2))
    with pytest.raises(ValueError, match="boards must hold 2"):
        hf.equity(holes, game=hf.Game(boards=2), boards=["Kh9c2d"])
    with pytest.raises(ValueError, match="boards=\\[first, second\\]"):
        hf.equity(holes, "Kh9c2d", game=hf.Game(boards=2))
    with pytest.raises(ValueError, match="at most 8 boards"):
        hf.equity(holes, game=hf.Game(boards=2), runs=5, samples=10)
    with pytest.raises(ValueError, match=r"runs must be 1\.\.8"):
        hf.equity(holes, runs=9)
    with pytest.raises(ValueError, match="game deals 5"):
        hf.equity(holes, game=hf.Game(hole_cards=5))
    with pytest.raises(TypeError, match=r"hilo_fast\.Game"):
        hf.equity(holes, game="high")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="duplicate card Kh"):
        hf.equity(holes, game=hf.Game(boards=2), boards=["Kh9c2d", "Kh8c3d"])


def test_double_board_preflop_is_sampled() -> None:
    result = hf.equity(["AsAhKsKd", "QsQhJsJd"], game=hf.Game(boards=2), samples=2000, seed=3)
    assert not result.exact and result.seed == 3 and result.boards == 2000
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


# ---- Omaha high with ranges and random hands (range_equity.c, high_only) ----

def test_omaha_high_range_equity_is_the_mean_over_its_hands() -> None:
    """A range's exact high-only equity is the mean of each of its hands'
    (every hand known: boards.c), the hands that collide left out."""
    high = hf.Game(split="high")
    board = "Kh9c2d"
    hands = ["QsQhJsJd", "QcQdTcTd", "9s9h8s8h", "KsQs7c7d", "Kd2c3s4s"]   # Kd2c... collides
    ours = hf.equity(["AsAhKsKd", hf.Range(",".join(hands), game=high)], board, game=high)
    assert ours.exact and ours.players[0].std_dev is None
    dealt = [h for h in hands if not {"Ks", "Kd"} & {h[i:i + 2] for i in range(0, 8, 2)}]
    per_hand = [hf.equity(["AsAhKsKd", h], board, game=high) for h in dealt]
    for p in range(2):
        expected = sum((r.players[p].equity_fraction for r in per_hand), Fraction(0))
        assert ours.players[p].equity_fraction == expected / len(per_hand)
        assert ours.players[p].win_low == ours.players[p].tie_low == 0
    assert ours.no_low == 1.0


def test_omaha_high_random_hand_exact_equals_brute_force() -> None:
    """Six known hands and a random one on the river: every random hand."""
    rng = random.Random(61)
    high = hf.Game(split="high")
    holes, boards = deal(rng, 6, 4, (5, 0))
    board = boards[0]
    result = hf.equity([*holes, None], board=board, game=high)
    known = {c for hole in holes for c in hole} | set(board)
    deck = [c for c in range(52) if c not in known]
    values = [hf.evaluate(hole, board).high for hole in holes]
    sums = [Fraction(0)] * 7
    count = 0
    for hand in combinations(deck, 4):
        everyone = [*values, hf.evaluate(list(hand), board).high]
        best = min(everyone)
        winners = [p for p, v in enumerate(everyone) if v == best]
        for p in winners:
            sums[p] += Fraction(1, len(winners))
        count += 1
    assert result.exact and result.boards == count
    assert [p.equity_fraction for p in result.players] == [s / count for s in sums]


def test_range_high_only_c_equals_pure() -> None:
    if NATIVE is None:
        pytest.skip("native backend not built")   # the pure run of CI has no C to compare
    from hilo_fast.equity.range_spots import prepare_ranges

    board = [44, 25, 23, 8]
    r = hf.Range("QsQhJsJd@1,QcQdTcTd@1,9s9h8s8h@3")
    holes = [51, 50, 49, 48, -1, -1, -1, -1, -1, -1, -1, -1]
    dealt, _ = prepare_ranges([None, r, None], [*board, 51, 50, 49, 48])
    for high_only in (False, True):
        args = (holes, 4, board, [], dealt)
        whole = NATIVE.range_enumerate(*args, 0, 500, high_only)
        assert whole == PURE.range_enumerate(*args, 0, 500, high_only)
        assert NATIVE.range_sample(*args, 5, 300, high_only) == \
            PURE.range_sample(*args, 5, 300, high_only)
        assert isinstance(whole, list)
        if high_only:   # win_low and tie_low of every player: none
            assert all(whole[2 + 7 * p + 5] == whole[2 + 7 * p + 6] == 0 for p in range(3))


def test_range_takes_the_game() -> None:
    assert hf.Range("AA", game=hf.Game(hole_cards=6)).hole_count == 6
    assert hf.Range("AA").hole_count == 4
    with pytest.raises(ValueError, match="game deals 5"):
        hf.Range("AA", hole_count=4, game=hf.Game(hole_cards=5))
    with pytest.raises(TypeError, match=r"hilo_fast\.Game"):
        hf.Range("AA", game="high")  # type: ignore[arg-type]
