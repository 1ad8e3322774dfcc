"""site_pots.split_pot with a chip unit (Full Tilt's 5-cent splits) against a
plain recount: the pot counted in units is split as the cent split splits a
pot of that many chips, then scaled back, the leftover part of a unit going
to the first high winner."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from hilo_fast.history.site_pots import split_pot


def _history(unit: int, site: str = "fulltilt") -> Any:
    return SimpleNamespace(chip_unit=unit, site=site)


def _recount(net: int, unit: int, high: tuple[int, ...], low: tuple[int, ...]
             ) -> tuple[dict[int, int], dict[int, int] | None]:
    """The unit split by hand: a pot of ``net // unit`` chips split to the chip,
    each share times the unit, the rest to the first high winner; (seat ->
    chips, seat -> the chips from the low half or None without a low)."""
    units = net // unit
    shares = {seat: 0 for seat in high + low}
    lows = {seat: 0 for seat in low}
    low_units = units // 2 if low else 0
    for half, winners in ((units - low_units, high), (low_units, low)):
        for k in range(half):   # one unit at a time, round the winners in order
            shares[winners[k % len(winners)]] += unit
            if winners is low:
                lows[low[k % len(low)]] += unit
    shares[high[0]] += net % unit
    return ({seat: chips for seat, chips in shares.items() if chips},
            {seat: chips for seat, chips in lows.items() if chips} if low else None)


def _named(names: dict[int, str], got: tuple[dict[int, int], dict[int, int] | None]
           ) -> tuple[dict[str, int], dict[str, int] | None]:
    shares, lows = got
    return ({names[seat]: chips for seat, chips in shares.items()},
            None if lows is None else {names[seat]: chips for seat, chips in lows.items()})


def test_unit_splits_match_a_recount() -> None:
    rng = random.Random(5)
    names = {seat: f"p{seat}" for seat in range(10)}
    scoops = 0
    for _ in range(3000):
        unit = rng.choice([1, 2, 5, 25])
        seats = rng.sample(range(10), rng.randint(2, 6))
        high = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        low = tuple(rng.sample(seats, rng.randint(0, len(seats))))
        net = rng.randint(0, 5000)
        scoops += len(high) == 1 and low in ((), high)   # (the whole pot, in both halves)
        got = split_pot(_history(unit), net, tuple(seats), high, low, names)
        assert got == _named(names, _recount(net, unit, high, low)), (unit, net, high, low)
        assert sum(got[0].values()) == net
        assert all(got[0][name] >= won for name, won in (got[1] or {}).items())
    assert scoops > 50


def test_unit_one_is_the_cent_split() -> None:
    """A unit of 1 goes through the plain split: the same shares as the unit rule."""
    rng = random.Random(6)
    names = {seat: f"p{seat}" for seat in range(10)}
    for _ in range(2000):
        seats = rng.sample(range(10), rng.randint(2, 6))
        high = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        low = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        net = rng.randint(1, 5000)
        assert split_pot(_history(1), net, tuple(seats), high, low, names) == \
            _named(names, _recount(net, 1, high, low))
