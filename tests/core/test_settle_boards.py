"""Settlement on several boards (double board, the runs of run-it-N):
``hf.showdown(boards=...)`` and the backends' ``settle_boards`` (C and pure)
against a plain settlement written here, on random multiway all-in hands with
side pots, 2-10 seats; chips conserved on every hand."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast._backends import NATIVE, PURE
from hilo_fast.core.game import Split


def plain_settlement(highs: list[list[int]], lows: list[list[int]], live: list[bool],
                     chips: list[int], button: int, odd_chip_low: bool) -> list[int]:
    """The rules, one slice of chips at a time: the chips between two
    neighbouring contribution amounts form a slice, contested by the live
    seats that put in at least its top; consecutive slices with the same
    contestants are one pot. A pot with one contestant goes back to it, chips
    no live seat matched go back to who put them in. A contested pot is cut
    into len(highs) equal shares (remainder one chip each to the first
    boards); each board's share: half to the best low (8-or-better, lower
    value better, 0 = none) when someone eligible has one, the odd chip to
    the high half (or low), the rest to the best high; ties divide a half,
    leftover chips one each clockwise from the button's left."""
    n = len(chips)
    paid = [0] * n
    tops = sorted({c for c in chips if c > 0})
    pots: list[tuple[frozenset[int], int]] = []   # (contestants, chips)
    bottom = 0
    for top in tops:
        amount = sum(min(c, top) - min(c, bottom) for c in chips)
        contestants = frozenset(s for s in range(n) if live[s] and chips[s] >= top)
        if not contestants:   # nobody live reached it: back to its owners
            for s in range(n):
                paid[s] += min(chips[s], top) - min(chips[s], bottom)
        elif pots and pots[-1][0] == contestants:
            pots[-1] = (contestants, pots[-1][1] + amount)
        else:
            pots.append((contestants, amount))
        bottom = top
    clockwise = [(button + k) % n for k in range(1, n + 1)]

    def give(amount: int, winners: list[int]) -> None:
        ordered = [s for s in clockwise if s in winners]
        for rank, seat in enumerate(ordered):
            paid[seat] += amount // len(ordered) + (rank < amount % len(ordered))

    n_boards = len(highs)
    for contestants, amount in pots:
        if len(contestants) == 1:
            paid[next(iter(contestants))] += amount
            continue
        for board in range(n_boards):
            share = amount // n_boards + (board < amount % n_boards)
            best_high = min(highs[board][s] for s in contestants)
            high_winners = [s for s in contestants if highs[board][s] == best_high]
            with_low = [s for s in contestants if lows[board][s]]
            if not with_low:
                give(share, high_winners)
                continue
            best_low = min(lows[board][s] for s in with_low)
            low_half = (share + 1) // 2 if odd_chip_low else share // 2
            give(low_half, [s for s in with_low if lows[board][s] == best_low])
            give(share - low_half, high_winners)
    return paid


def random_chips(rng: random.Random, n: int) -> list[int]:
    """All-in amounts with side pots: a few distinct stacks from 1 chip, odd
    amounts often, some seats equal."""
    stacks = [rng.choice([1, 2, 3, 5, 7, 11, 50, 99, 100, 1001]) for _ in range(rng.randint(1, 4))]
    return [rng.choice(stacks) for _ in range(n)]


def random_hand(rng: random.Random, n: int, n_hole: int, n_boards: int, shared: int
                ) -> tuple[list[list[int]], list[list[int]]]:
    """Holes and boards dealt from one deck: the boards share their first
    ``shared`` cards (run-it-N after an all-in on the flop: 3, turn: 4), the
    rest of each board is its own."""
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [deck[k * n_hole:(k + 1) * n_hole] for k in range(n)]
    at = n * n_hole
    common = deck[at:at + shared]
    at += shared
    boards = []
    for _ in range(n_boards):
        boards.append(common + deck[at:at + 5 - shared])
        at += 5 - shared
    return holes, boards


def values_of(hole: list[int], board: list[int]) -> tuple[int, int]:
    hand = hf.evaluate(hole, board)
    return hand.high, hand.low or 0


def deal_count(n: int, n_hole: int, shared: int) -> int:
    """Most boards one deck can deal to n seats."""
    return min(4, (52 - n * n_hole - shared) // (5 - shared))


@pytest.mark.parametrize("n_seats", range(2, 11))
def test_showdown_on_boards_equals_plain_settlement(n_seats: int) -> None:
    rng = random.Random(2600 + n_seats)
    for _ in range(60):
        n_hole = rng.choice([4, 4, 5]) if n_seats <= 8 else 4
        shared = rng.choice([0, 3, 4])   # double board, run it after the flop / turn
        n_boards = rng.randint(1, deal_count(n_seats, n_hole, shared))
        holes, boards = random_hand(rng, n_seats, n_hole, n_boards, shared)
        chips = random_chips(rng, n_seats)
        folded = [s for s in range(n_seats) if rng.random() < 0.2]
        if len(folded) == n_seats:
            folded.pop()
        button = rng.randrange(n_seats)
        odd_chip: hf.OddChip = rng.choice(["high", "low"])
        split: Split = rng.choice(["hilo", "high"])
        game = hf.Game(hole_cards=n_hole, split=split)
        result = hf.showdown(None, holes, chips, boards=boards, folded=folded, button=button,
                             odd_chip=odd_chip, game=game)
        live = [s not in folded for s in range(n_seats)]
        per_board = [[values_of(holes[s], board) for s in range(n_seats)] for board in boards]
        highs = [[h for h, _ in values] for values in per_board]
        lows = [[lo if split == "hilo" else 0 for _, lo in values] for values in per_board]
        expected = plain_settlement(highs, lows, live, chips, button, odd_chip == "low")
        assert result.payouts == expected, (holes, boards, chips, folded, button)
        assert sum(result.payouts) == sum(chips)
        assert min(result.payouts) >= 0
        assert len(result.board_hands) == n_boards


@pytest.mark.parametrize("n_seats", range(2, 11))
def test_settle_boards_c_equals_pure_equals_plain(n_seats: int) -> None:
    """Random values with many ties (few distinct values), every option."""
    rng = random.Random(7100 + n_seats)
    backends: list[ModuleType] = [PURE] if NATIVE is None else [NATIVE, PURE]
    for _ in range(300):
        n_boards = rng.choice([1, 1, 2, 2, 3, 4, 7])
        highs = [[rng.choice([1, 2, 3, 7462]) for _ in range(n_seats)] for _ in range(n_boards)]
        lows = [[rng.choice([0, 0, 1, 2, 56]) for _ in range(n_seats)] for _ in range(n_boards)]
        live = [rng.random() < 0.8 for _ in range(n_seats)]
        if not any(live):
            live[rng.randrange(n_seats)] = True
        chips = random_chips(rng, n_seats)
        button = rng.randrange(n_seats)
        odd_chip_low = rng.random() < 0.5
        expected = plain_settlement(highs, lows, live, chips, button, odd_chip_low)
        flat_high = [v for row in highs for v in row]
        flat_low = [v for row in lows for v in row]
        for twin in backends:
            out = [0] * n_seats
            assert twin.settle_boards(n_boards, flat_high, flat_low, live, chips, button,
                                      int(odd_chip_low), out) == 0
            assert out == expected, (twin.NAME, highs, lows, live, chips, button)
        assert sum(expected) == sum(chips)


def test_one_board_is_todays_settlement(each_backend: ModuleType) -> None:
    """settle_boards with one board pays what settle pays."""
    rng = random.Random(11)
    for _ in range(200):
        n = rng.randint(2, 10)
        holes, boards = random_hand(rng, n, 4, 1, 0)
        chips = random_chips(rng, n)
        live = [rng.random() < 0.8 for _ in range(n)]
        live[0] = True
        button, odd = rng.randrange(n), rng.randint(0, 1)
        settled = [0] * n
        assert each_backend.settle(boards[0], holes, live, chips, button, odd, settled) == 0
        values = [values_of(holes[s], boards[0]) for s in range(n)]
        out = [0] * n
        assert each_backend.settle_boards(1, [h for h, _ in values], [lo for _, lo in values],
                                          live, chips, button, odd, out) == 0
        assert out == settled


def test_pots_per_board_and_odd_chip_to_the_first_board() -> None:
    """A 101-chip pot (seat 2 folded its 1 chip): seat 0 takes board 0 (aces
    up; no low: the A, 2 and 3 of the board pair its hole), seat 1 board 1
    (four kings, no low): board 0's share takes the odd chip."""
    result = hf.showdown(None, ["As2d3c9h", "KcKdQsJh", None], [50, 50, 1], folded=[2],
                         boards=["Ah2c3d4s9d", "KhKs7c7d7s"])
    assert result.payouts == [51, 50, 0]
    assert [(pot.board, pot.amount, pot.shares) for pot in result.pots] == [
        (0, 51, {0: 51}), (1, 50, {1: 50})]


def test_board_as_a_list_of_boards_and_one_board_unchanged() -> None:
    holes, chips = ["As2dQcQh", "KcKdJs9h"], [50, 50]
    boards = ["Ks8d7h4c3s", "Qd9d7c5s2h"]
    assert hf.showdown(boards, holes, chips).payouts == \
        hf.showdown(None, holes, chips, boards=boards).payouts
    one = hf.showdown("Ks8d7h4c3s", holes, chips)
    assert hf.showdown(None, holes, chips, boards=["Ks8d7h4c3s"]).payouts == one.payouts
    assert one.board_hands == [one.hands]


def test_high_only_game_gives_no_low_half() -> None:
    holes, chips = ["As2dQcQh", "KcKdJs9h"], [50, 50]
    assert hf.showdown("Ks8d7h4c3s", holes, chips).payouts == [50, 50]
    assert hf.showdown("Ks8d7h4c3s", holes, chips, game=hf.Game(split="high")).payouts == [0, 100]


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"boards": ["Ks8d7h4c3s", "9dKs2h5c6s"]}, ValueError, "at another place"),
    ({"boards": ["Ks8d7h4c3s", "Qd9d7c5s"]}, ValueError, "board 1 must have 5"),
    ({"boards": ["Ks8d7h4c3s", "Qd9d7c5sAs"]}, ValueError, "duplicate card As"),
    ({"boards": []}, ValueError, "at least one board"),
    ({"boards": "Ks8d7h4c3s"}, TypeError, "list of boards"),
    ({"boards": ["Ks8d7h4c3s"], "game": hf.Game(boards=2)}, ValueError, "deals 2 boards"),
    ({"boards": ["Ks8d7h4c3s"], "game": hf.Game(hole_cards=5)}, ValueError, "deals 5"),
    ({"boards": ["Ks8d7h4c3s"], "game": "double-board"}, TypeError, "hilo_fast.Game"),
])
def test_bad_boards_are_named(kwargs: dict[str, object], error: type[Exception],
                              words: str) -> None:
    with pytest.raises(error, match=words):
        hf.showdown(None, ["As2dQcQh", "KcKdJs9h"], [5, 5], **kwargs)  # type: ignore[arg-type]


def test_board_and_boards_together_refused() -> None:
    with pytest.raises(TypeError, match="not both"):
        hf.showdown("Ks8d7h4c3s", ["As2dQcQh", "KcKdJs9h"], [5, 5], boards=["Qd9d7c5s2h"])


def test_settle_boards_refuses_bad_input(each_backend: ModuleType) -> None:
    good: dict[str, object] = dict(n_boards=2, high=[1, 2, 3, 4], low=[0, 0, 0, 0],
                                   live=[1, 1], contributions=[5, 5], button=0, odd_chip_low=0)
    bad_cases: list[dict[str, object]] = [
        {"n_boards": 0}, {"high": [1, 2, 3]}, {"low": [0, 0, 0, 0, 0]},
        {"high": [0, 2, 3, 4]}, {"high": [1, 2, 3, 7463]}, {"low": [0, 57, 0, 0]},
        {"live": [0, 0]}, {"contributions": [-1, 5]}, {"button": 2}, {"odd_chip_low": 2},
        {"contributions": [1 << 61, 1 << 61]},
    ]
    for change in bad_cases:
        out = [7, 7]
        args: dict[str, object] = {**good, **change}
        assert each_backend.settle_boards(*args.values(), out) == each_backend.ERR_COUNT, change
        assert out == [7, 7]
    # A folded seat's values are not read.
    out = [0, 0]
    args = {**good, "high": [1, 0, 3, 0], "live": [1, 0]}
    assert each_backend.settle_boards(*args.values(), out) == 0
    assert out == [10, 0]
