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


def _recount(net: int, unit: int, high: tuple[int, ...], low: tuple[int, ...]) -> dict[int, int]:
    """The unit split by hand: a pot of ``net // unit`` chips split to the chip,
    each share times the unit, the rest to the first high winner."""
    units = net // unit
    shares = {seat: 0 for seat in high + low}
    low_units = units // 2 if low else 0
    for half, winners in ((units - low_units, high), (low_units, low)):
        for k in range(half):   # one unit at a time, round the winners in order
            if winners:
                shares[winners[k % len(winners)]] += unit
    shares[high[0]] += net % unit
    return {seat: chips for seat, chips in shares.items() if chips}


def test_unit_splits_match_a_recount() -> None:
    rng = random.Random(5)
    names = {seat: f"p{seat}" for seat in range(10)}
    for _ in range(3000):
        unit = rng.choice([1, 2, 5, 25])
        seats = rng.sample(range(10), rng.randint(2, 6))
        high = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        low = tuple(rng.sample(seats, rng.randint(0, len(seats))))
        net = rng.randint(0, 5000)
        if len(high) == 1 and low in ((), high):
            continue   # a scoop: the whole pot, whatever the unit
        got = split_pot(_history(unit), net, tuple(seats), high, low, names)
        want = {names[seat]: chips for seat, chips in _recount(net, unit, high, low).items()}
        assert got == want, (unit, net, high, low)
        assert sum(got.values()) == net


def test_unit_one_is_the_cent_split() -> None:
    """A unit of 1 goes through the plain split: the same shares as the unit rule."""
    rng = random.Random(6)
    names = {seat: f"p{seat}" for seat in range(10)}
    for _ in range(2000):
        seats = rng.sample(range(10), rng.randint(2, 6))
        high = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        low = tuple(rng.sample(seats, rng.randint(1, len(seats))))
        net = rng.randint(1, 5000)
        if len(high) == 1 and low == high:
            continue
        assert split_pot(_history(1), net, tuple(seats), high, low, names) == {
            names[seat]: chips for seat, chips in _recount(net, 1, high, low).items()}
