"""The C settlement (``hf_settle`` in csrc/core/settle.c) against the Python showdown.

``hf_settle`` is what the C self-play engine settles hands with, so it must
pay exactly what :func:`hilo_fast.core.showdown.showdown` pays. The deals below are
built to make the hard cases common (side pots, high and low ties, quartered
pots, odd chips, dead money, uncalled bets, chips above every live level),
and the tests count that those cases really occurred. Native only: the C has
no pure-Python twin (the Python showdown is the twin).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hilo_fast import omaha_low
from hilo_fast.core.showdown import ShowdownResult, showdown

LOW_RANKS = {12, 0, 1, 2, 3, 4, 5}  # A, 2..7 (8 is rank 6): index = card >> 2
SENTINEL = -77
DEALS = 1000  # per table size, each for every button and both odd-chip rules


def _low_card(card: int) -> bool:
    return card >> 2 in LOW_RANKS or card >> 2 == 6


def _deck(rng: random.Random) -> list[int]:
    """A shuffled deck, mostly biased so low cards (A-8) come first (many
    lows: low ties, quartered pots), with boards that make high ties: a low
    run (A-2 in many hands makes the same wheel) or few ranks (the board's
    trips and pairs fill everyone's hand)."""
    deck = list(range(52))
    style = rng.randrange(4)
    if style == 0:
        rng.shuffle(deck)
        return deck
    # Weighted shuffle: key u ** (1 / w), descending; low cards weigh more.
    deck.sort(key=lambda c: rng.random() ** (1 / (5.0 if _low_card(c) else 1.0)),
              reverse=True)
    if style == 2:  # 3-4-5 or 2-3-4 and two more: wheels and ties everywhere
        first = rng.choice((0, 1))
        run = [(first + k) * 4 + rng.randrange(4) for k in range(3)]
        board = run + [c for c in deck if c not in run][:2]
    elif style == 3:  # two or three ranks only: trips, full houses, quads
        ranks = rng.sample(range(13), rng.choice((2, 3)))
        board = rng.sample([r * 4 + s for r in ranks for s in range(4)], 5)
    else:
        return deck
    return board + [c for c in deck if c not in board]


def _contributions(rng: random.Random, live: Sequence[bool]) -> list[int]:
    """Chips from a few levels, so many seats share a level; folded seats
    sometimes put in more than anyone live; now and then huge values."""
    levels = sorted(rng.sample(range(1, 25), rng.choice((1, 2, 2, 3, 3, 4))))
    scale = rng.choice((1, 1, 1, 1, 7, 1 << 40))
    chips = []
    for is_live in live:
        if is_live:
            c = rng.choice((*levels, *levels, 0) if rng.random() < 0.1 else levels)
        else:
            c = rng.choice((0, rng.randrange(1, 40), *levels))
        chips.append(c * scale + (rng.randrange(2) if scale > 1 else 0))
    return chips


def _deal(rng: random.Random, n_seats: int) -> tuple[list[int], list[list[int]], list[bool],
                                                      list[int]]:
    n_hole = rng.randint(4, min(6, 47 // n_seats))
    deck = _deck(rng)
    board, rest = deck[:5], deck[5:]
    holes = [rest[i * n_hole:(i + 1) * n_hole] for i in range(n_seats)]
    live = [rng.random() < 0.65 for _ in range(n_seats)]
    if not any(live):
        live[rng.randrange(n_seats)] = True
    chips = _contributions(rng, live)
    seats = [s for s in range(n_seats) if live[s]]
    lows = [s for s in seats if omaha_low(holes[s], board) is not None]
    if lows and len(seats) - len(lows) >= 2 and rng.random() < 0.5:
        # The lows all in short: side pots that only hands with no low contest.
        short = rng.randrange(1, 10)
        for seat in seats:
            chips[seat] = short if seat in lows else short + rng.choice((3, 3, 8))
    return board, holes, live, chips


def _c_settle(board: Sequence[int], holes: Sequence[Sequence[int]], live: Sequence[bool],
              chips: Sequence[int], button: int, odd_chip_low: int) -> list[int]:
    from hilo_fast._native._core import ffi, lib

    payouts = ffi.new("int64_t[]", [SENTINEL] * len(holes))
    err = lib.hf_settle(len(holes), [c for hole in holes for c in hole], len(holes[0]),
                        list(board), bytes(map(int, live)), list(chips), button,
                        odd_chip_low, payouts)
    assert err == 0
    return list(payouts)


def _py_settle(board: Sequence[int], holes: Sequence[Sequence[int]], live: Sequence[bool],
               chips: Sequence[int], button: int, odd_chip: str) -> ShowdownResult:
    folded = [seat for seat, is_live in enumerate(live) if not is_live]
    return showdown(list(board), [list(h) for h in holes], list(chips), folded=folded,
                    button=button, odd_chip=odd_chip)  # type: ignore[arg-type]


def _hard_cases(result: ShowdownResult, live: Sequence[bool], chips: Sequence[int],
                odd_chip: str) -> set[str]:
    """Which of the hard cases this settlement went through."""
    cases = set()
    contested = [p for p in result.pots if p.contested]
    if len(contested) >= 2:
        cases.add("side pots")
    top = max(c for c, is_live in zip(chips, live, strict=True) if is_live)
    if top > 0 and any(not is_live and c > 0 for c, is_live in zip(chips, live, strict=True)):
        cases.add("dead money")
    for pot in result.pots:
        if not pot.contested:
            cases.add("returned above every live level" if not pot.eligible else "uncalled")
            continue
        high, low = pot.high_winners, pot.low_winners
        if not low:
            cases.add("no low: high scoops")
        if len(high) > 1:
            cases.add("high tie")
        if len(low) > 1:
            cases.add("low tie")
        if low and (len(high) > 1 or len(low) > 1):
            cases.add("quartered")
        if low and pot.amount % 2:
            cases.add("odd chip of the split")
        low_half = (pot.amount // 2 if odd_chip == "high" else (pot.amount + 1) // 2) if low else 0
        if (pot.amount - low_half) % len(high) or (low and low_half % len(low)):
            cases.add("tie remainder")
    if contested and any(p.low_winners for p in contested) \
            and any(not p.low_winners for p in contested):
        cases.add("low in one pot only")
    return cases


def _check_conservation(payouts: Sequence[int], live: Sequence[bool],
                        chips: Sequence[int]) -> None:
    """Independent of either implementation: chips conserved, none negative,
    and a folded seat gets back only what it put in above every live seat."""
    assert sum(payouts) == sum(chips)
    assert min(payouts) >= 0
    top = max(c for c, is_live in zip(chips, live, strict=True) if is_live)
    for c, is_live, paid in zip(chips, live, payouts, strict=True):
        if not is_live:
            assert paid == max(0, c - top)


@pytest.mark.parametrize("n_seats", range(2, 11))
def test_matches_python_showdown_on_random_deals(native: ModuleType, n_seats: int) -> None:
    rng = random.Random(6000 + n_seats)
    seen: Counter[str] = Counter()
    compared = 0
    for _ in range(DEALS):
        board, holes, live, chips = _deal(rng, n_seats)
        for button in range(n_seats):
            for odd_chip_low, odd_chip in enumerate(("high", "low")):
                want = _py_settle(board, holes, live, chips, button, odd_chip)
                got = _c_settle(board, holes, live, chips, button, odd_chip_low)
                assert got == want.payouts, (board, holes, live, chips, button, odd_chip)
                _check_conservation(got, live, chips)
                seen.update(_hard_cases(want, live, chips, odd_chip))
                compared += 1
    assert compared == DEALS * n_seats * 2
    minimum = 10 * n_seats  # 5 deals: a case is counted once per button and rule
    expected = {"dead money", "uncalled", "returned above every live level",
                "no low: high scoops", "high tie", "low tie", "quartered", "tie remainder"}
    if n_seats > 2:  # heads up, one pot is contested at most, and it is even
        expected |= {"side pots", "low in one pot only", "odd chip of the split"}
    rare = {case: seen[case] for case in expected if seen[case] < minimum}
    assert not rare, f"hard cases too rare: {rare} (all: {dict(seen)})"


def test_button_and_odd_chip_rule_change_the_payouts(native: ModuleType) -> None:
    """Worked by hand. Board Kc 8d 7s 4c 3s. Ac2dQcQh makes 7-4-3-2-A and a
    pair of queens; KdKhJs9s three kings, no low; Ad2hQdQs ties AcQc... both
    ways; 2c2h2s3c (seat 2) always folds."""
    board = [44, 25, 23, 8, 7]
    low, kings, same, folded = [48, 1, 40, 42], [45, 46, 39, 31], [49, 2, 41, 43], [0, 2, 3, 4]
    live = [True, True, False]
    # A 3-chip pot split hi/lo: the odd chip goes to the high half (kings)
    # by default, to the low half with odd_chip_low.
    assert _c_settle(board, [low, kings, folded], live, [1, 1, 1], 0, 0) == [1, 2, 0]
    assert _c_settle(board, [low, kings, folded], live, [1, 1, 1], 0, 1) == [2, 1, 0]
    # Seats 0 and 1 tie both halves of 10 chips: each half of 5 is 3 + 2,
    # the 3 to the first tied seat left of the button.
    assert _c_settle(board, [low, same, folded], live, [5, 5, 0], 0, 0) == [4, 6, 0]
    assert _c_settle(board, [low, same, folded], live, [5, 5, 0], 1, 0) == [6, 4, 0]
    assert _c_settle(board, [low, same, folded], live, [5, 5, 0], 2, 0) == [6, 4, 0]
    # A 9-chip pot (3 dead) is 5 high + 4 low, or 4 + 5: 3 + 2 and 2 + 2 either
    # way; seat 2's 2 chips above every live level go back to it.
    for rule in (0, 1):
        assert _c_settle(board, [low, same, folded], live, [3, 3, 5], 0, rule) == [4, 5, 2]
        assert _c_settle(board, [low, same, folded], live, [3, 3, 5], 1, rule) == [5, 4, 2]


def test_payouts_may_alias_the_contributions(native: ModuleType) -> None:
    from hilo_fast._native._core import ffi, lib

    rng = random.Random(7)
    for _ in range(200):
        board, holes, live, chips = _deal(rng, 6)
        buffer = ffi.new("int64_t[]", chips)
        flat = [c for hole in holes for c in hole]
        assert lib.hf_settle(6, flat, len(holes[0]), board, bytes(live), buffer, 2, 0,
                             buffer) == 0
        assert list(buffer) == _py_settle(board, holes, live, chips, 2, "high").payouts


def test_folded_seats_cards_are_not_read(native: ModuleType) -> None:
    board, holes = [44, 25, 23, 8, 7], [[48, 1, 40, 42], [45, 46, 39, 31]]
    live, chips = [True, True, False], [10, 10, 7]
    want = _py_settle(board, [*holes, [0, 2, 3, 4]], live, chips, 0, "high").payouts
    # out of range, then duplicates of the board and of seat 0
    for junk in ([-1, 99, 2**31 - 1, -(2**31)], [44, 44, 48, 1]):
        assert _c_settle(board, [*holes, junk], live, chips, 0, 0) == want


def test_largest_total_is_settled_exactly(native: ModuleType) -> None:
    board, holes = [44, 25, 23, 8, 7], [[48, 1, 40, 42], [45, 46, 39, 31], [0, 2, 3, 4]]
    live = [True, True, False]
    chips = [(1 << 61) - 1, 1 << 60, (1 << 60) - 2]  # total 2^62 - 3
    for odd_chip_low, rule in enumerate(("high", "low")):
        got = _c_settle(board, holes, live, chips, 1, odd_chip_low)
        assert got == _py_settle(board, holes, live, chips, 1, rule).payouts
        _check_conservation(got, live, chips)


# --------------------------------------------------------------------------
# Bad input: an error code, and the payouts untouched
# --------------------------------------------------------------------------

GOOD: dict[str, Any] = {
    "n_seats": 3, "holes": [48, 1, 40, 42, 45, 46, 39, 31, 0, 2, 3, 4], "n_hole": 4,
    "board": [44, 25, 23, 8, 7], "live": b"\x01\x01\x01", "contributions": [5, 5, 5],
    "button": 0, "odd_chip_low": 0,
}


def _call(**changes: Any) -> tuple[int, list[int]]:
    from hilo_fast._native._core import ffi, lib

    args = {**GOOD, **changes}
    payouts = ffi.new("int64_t[]", [SENTINEL] * 12)
    out = changes.pop("payouts", payouts)
    holes = args["holes"]
    if holes is not ffi.NULL:  # exactly the cards claimed, so nothing beyond is there to read
        holes = ffi.new("int32_t[]", holes)
    err = lib.hf_settle(args["n_seats"], holes, args["n_hole"], args["board"], args["live"],
                        args["contributions"], args["button"], args["odd_chip_low"], out)
    return err, list(payouts)


def test_good_call_succeeds(native: ModuleType) -> None:
    err, payouts = _call()
    assert err == 0 and sum(payouts[:3]) == 15 and payouts[3:] == [SENTINEL] * 9


@pytest.mark.parametrize("change", [
    {"n_seats": 1, "live": b"\x01", "contributions": [5]},
    {"n_seats": 11, "live": b"\x01" * 11, "contributions": [5] * 11, "holes": list(range(44))},
    {"n_seats": 0}, {"n_seats": -3},
    {"n_hole": 3}, {"n_hole": 7, "holes": list(range(8, 29))},
    {"button": -1}, {"button": 3}, {"odd_chip_low": 2}, {"odd_chip_low": -1},
    {"live": b"\x00\x00\x00"},
    {"contributions": [5, -1, 5]},
    {"contributions": [1 << 61, 1 << 61, 0]},  # total exactly 2^62
    {"contributions": [2**63 - 1, 2**63 - 1, 2**63 - 1]},  # each alone would overflow a sum
    {"contributions": [1, 2**62, 0]},
], ids=lambda change: ",".join(f"{k}={str(v)[:12]}" for k, v in change.items()))
def test_count_errors(native: ModuleType, change: dict[str, Any]) -> None:
    from hilo_fast._native._core import lib

    assert _call(**change) == (lib.HF_ERR_COUNT, [SENTINEL] * 12)


@pytest.mark.parametrize("name", ["holes", "board", "live", "contributions", "payouts"])
def test_null_pointers(native: ModuleType, name: str) -> None:
    from hilo_fast._native._core import ffi, lib

    assert _call(**{name: ffi.NULL}) == (lib.HF_ERR_COUNT, [SENTINEL] * 12)


@pytest.mark.parametrize(("change", "error"), [
    ({"board": [44, 25, 23, 8, 52]}, "HF_ERR_CARD"),
    ({"board": [-1, 25, 23, 8, 7]}, "HF_ERR_CARD"),
    ({"board": [44, 25, 23, 8, 44]}, "HF_ERR_DUPLICATE"),
    ({"holes": [48, 1, 40, 42, 45, 46, 39, 31, 0, 2, 3, 52]}, "HF_ERR_CARD"),
    ({"holes": [48, 1, 40, 42, 45, 46, 39, 31, 0, 2, 3, -(2**31)]}, "HF_ERR_CARD"),
    ({"holes": [48, 1, 40, 42, 45, 46, 39, 31, 0, 2, 3, 44]}, "HF_ERR_DUPLICATE"),  # board's
    ({"holes": [48, 1, 40, 42, 45, 46, 39, 48, 0, 2, 3, 4]}, "HF_ERR_DUPLICATE"),  # seat 0's
    ({"holes": [48, 1, 40, 40, 45, 46, 39, 31, 0, 2, 3, 4]}, "HF_ERR_DUPLICATE"),  # own
])
def test_card_errors(native: ModuleType, change: dict[str, Any], error: str) -> None:
    from hilo_fast._native._core import lib

    assert _call(**change) == (getattr(lib, error), [SENTINEL] * 12)


def test_count_errors_come_before_card_errors(native: ModuleType) -> None:
    from hilo_fast._native._core import lib

    assert _call(board=[52] * 5, button=9) == (lib.HF_ERR_COUNT, [SENTINEL] * 12)


# --------------------------------------------------------------------------
# Hypothesis: any chips, any live set, any button and rule
# --------------------------------------------------------------------------


@st.composite
def _tables(draw: st.DrawFn) -> tuple[list[int], list[list[int]], list[bool], list[int], int]:
    n_seats = draw(st.integers(2, 10))
    n_hole = draw(st.integers(4, min(6, 47 // n_seats)))
    deck = draw(st.permutations(range(52)))
    holes = [list(deck[5 + i * n_hole:5 + (i + 1) * n_hole]) for i in range(n_seats)]
    live = draw(st.lists(st.booleans(), min_size=n_seats, max_size=n_seats)
                .filter(any))
    chip = st.one_of(st.integers(0, 12), st.integers(0, 2**58))
    chips = draw(st.lists(chip, min_size=n_seats, max_size=n_seats))
    return list(deck[:5]), holes, live, chips, draw(st.integers(0, n_seats - 1))


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(table=_tables(), odd_chip_low=st.integers(0, 1))
def test_hypothesis_matches_python_showdown(
        native: ModuleType,
        table: tuple[list[int], list[list[int]], list[bool], list[int], int],
        odd_chip_low: int) -> None:
    board, holes, live, chips, button = table
    got = _c_settle(board, holes, live, chips, button, odd_chip_low)
    want = _py_settle(board, holes, live, chips, button, ("high", "low")[odd_chip_low])
    assert got == want.payouts
    _check_conservation(got, live, chips)
