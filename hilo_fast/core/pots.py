"""Splitting the pots of a showdown, once the hands are valued.

The one Python implementation of the settlement rules (stated in
:mod:`hilo_fast.core.showdown`): :func:`~hilo_fast.core.showdown.showdown` builds its
result with it, and the pure backend's ``settle`` (what the engine settles
its hands with) pays out with it. ``csrc/core/settle.c`` is its C twin, tested
chip for chip against it.

>>> pots = split_pots([5, 9], [0, 3], [0, 1], [10, 10], button=0, odd_chip_low=False)
>>> [(pot.amount, pot.high_winners, pot.low_winners, pot.shares) for pot in pots]
[(20, (0,), (1,), {0: 10, 1: 10})]
>>> payouts_of(pots, 2)
[10, 10]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Pot(NamedTuple):
    """One pot: its chips, who contested it, who won what.

    A named tuple (immutable and cheap to make: a hand makes one per level).

    ``eligible``: the live seats that put in at least this pot's level
    (in seat order). ``high_winners`` / ``low_winners``: the seats that won
    each half, clockwise from the first seat left of the button (the order
    in which odd chips are given); ``low_winners`` is empty when nobody
    eligible has a qualifying low. ``shares``: chips each seat got from this
    pot, in seat order. ``contested`` is False for a pot with one eligible seat
    (an uncalled bet returned, with any dead money at its level) and for the
    chips above every live seat's level (no eligible seat; returned to the
    seats that put them in). ``board``: with several boards (double board, the
    runs of run-it-N) a contested pot is one entry per board, each with that
    board's share of the pot as its ``amount``; 0 with one board and for pots
    not contested.
    """

    amount: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    shares: dict[int, int]
    contested: bool = True
    board: int = 0


def _divide(chips: int, winners: Sequence[int], shares: dict[int, int]) -> None:
    """Add ``chips`` divided among ``winners`` (already in odd-chip order) to ``shares``."""
    each, extra = divmod(chips, len(winners))
    for rank, seat in enumerate(winners):
        shares[seat] = shares.get(seat, 0) + each + (rank < extra)


def winners(high: Sequence[int], low: Sequence[int],
            seats: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats with the best high and the best low (empty if no low) among
    ``seats`` (at least one), in the order of ``seats``; values as in
    :func:`split_pots`.

    >>> winners([7, 5, 5], [2, 0, 2], [2, 0, 1])
    ((2, 1), (2, 0))
    """
    best_high = min([high[seat] for seat in seats])
    lows = [low[seat] for seat in seats if low[seat]]
    if not lows:
        return tuple([seat for seat in seats if high[seat] == best_high]), ()
    best_low = min(lows)
    return (tuple([seat for seat in seats if high[seat] == best_high]),
            tuple([seat for seat in seats if low[seat] == best_low]))


def pot_levels(live: Sequence[int], chips: Sequence[int]
               ) -> list[tuple[int, int, tuple[int, ...]]]:
    """``(level, amount, eligible)`` of each pot, main pot first: a pot at each
    live seat's positive contribution level, holding every seat's chips between
    the level below and this one, contested by the live seats (ascending) that
    reached it. ``live`` ascending; chips above every live level are not in any.

    >>> pot_levels([0, 1, 2], [10, 30, 30, 5])
    [(10, 35, (0, 1, 2)), (30, 40, (1, 2))]
    """
    out = []
    below = 0   # every seat's chips up to the last level
    for level in sorted({chips[seat] for seat in live if chips[seat] > 0}):
        up_to = sum([c if c < level else level for c in chips])
        out.append((level, up_to - below, tuple([seat for seat in live
                                                 if chips[seat] >= level])))
        below = up_to
    return out


def split_pots(high: Sequence[int], low: Sequence[int], live: Sequence[int],
               chips: Sequence[int], button: int, odd_chip_low: bool) -> list[Pot]:
    """The pots of a hand: main pot first, then side pots, then any chips above
    every live level (returned).

    ``high[seat]`` / ``low[seat]``: the seat's hand values (lower is better;
    low 0 when it has no qualifying low), read for live seats only; ``live``:
    the live seats, ascending (at least one); ``chips``: every seat's
    contribution (ints >= 0); ``button``: where the odd-chip order starts;
    ``odd_chip_low``: the odd chip of a hi/lo split goes to the low half.
    The inputs are trusted: callers check them.
    """
    # Odd chips go clockwise from the first seat left of the button.
    clockwise = [seat for seat in live if seat > button] + [seat for seat in live
                                                            if seat <= button]
    pots: list[Pot] = []
    levels = pot_levels(live, chips)
    for level, amount, eligible in levels:
        if len(eligible) == 1:
            pots.append(Pot(amount, eligible, eligible, (), {eligible[0]: amount},
                            contested=False))
            continue
        high_winners, low_winners = winners(
            high, low, [seat for seat in clockwise if chips[seat] >= level])
        shares: dict[int, int] = {}
        low_half = 0
        if low_winners:
            low_half = amount - amount // 2 if odd_chip_low else amount // 2
            _divide(low_half, low_winners, shares)
        _divide(amount - low_half, high_winners, shares)
        pots.append(Pot(amount, eligible, high_winners, low_winners, dict(sorted(shares.items()))))
    previous = levels[-1][0] if levels else 0   # the top live level
    returned = {seat: c - previous for seat, c in enumerate(chips) if c > previous}
    if returned:
        pots.append(Pot(sum(returned.values()), (), (), (), returned, contested=False))
    return pots


def split_pots_boards(highs: Sequence[Sequence[int]], lows: Sequence[Sequence[int]],
                      live: Sequence[int], chips: Sequence[int], button: int,
                      odd_chip_low: bool) -> list[Pot]:
    """As :func:`split_pots` on several boards: ``highs[b]`` / ``lows[b]`` are
    board ``b``'s values (pass lows of 0 for a high-only game). Each contested
    pot is divided equally among the boards, its remainder one chip each to the
    first boards; each board's share is split hi/lo among that board's
    winners (one :class:`Pot` per board, ``amount`` its share). With one board
    this is :func:`split_pots`.

    >>> pots = split_pots_boards([[5, 9], [9, 5]], [[0, 0], [0, 0]], [0, 1], [5, 5], 0, False)
    >>> [(pot.board, pot.amount, pot.high_winners, pot.shares) for pot in pots]
    [(0, 5, (0,), {0: 5}), (1, 5, (1,), {1: 5})]
    """
    n_boards = len(highs)
    clockwise = [seat for seat in live if seat > button] + [seat for seat in live
                                                            if seat <= button]
    pots: list[Pot] = []
    levels = pot_levels(live, chips)
    for level, amount, eligible in levels:
        if len(eligible) == 1:
            pots.append(Pot(amount, eligible, eligible, (), {eligible[0]: amount},
                            contested=False))
            continue
        contesting = [seat for seat in clockwise if chips[seat] >= level]
        each, extra = divmod(amount, n_boards)
        for board in range(n_boards):
            share = each + (board < extra)
            high_winners, low_winners = winners(highs[board], lows[board], contesting)
            shares: dict[int, int] = {}
            low_half = 0
            if low_winners:
                low_half = share - share // 2 if odd_chip_low else share // 2
                _divide(low_half, low_winners, shares)
            _divide(share - low_half, high_winners, shares)
            pots.append(Pot(share, eligible, high_winners, low_winners,
                            dict(sorted(shares.items())), board=board))
    previous = levels[-1][0] if levels else 0   # the top live level
    returned = {seat: c - previous for seat, c in enumerate(chips) if c > previous}
    if returned:
        pots.append(Pot(sum(returned.values()), (), (), (), returned, contested=False))
    return pots


def payouts_of(pots: Sequence[Pot], n_seats: int) -> list[int]:
    """Chips each of ``n_seats`` seats gets from ``pots``."""
    payouts = [0] * n_seats
    for pot in pots:
        for seat, won in pot.shares.items():
            payouts[seat] += won
    return payouts
