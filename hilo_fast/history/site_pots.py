"""How a site's pots are divided at showdown: the pots the showing hands
contest, each pot's rake, and the high/low split with the site's odd-chip
rule (the rules are worked out from the sites' files: docs/hand-histories.md).
The replay (:mod:`hilo_fast.history.replay`) settles every history with them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.evaluation import fast_omaha_hilo as _omaha_hilo
from ..core.pots import _divide, pot_levels, winners

if TYPE_CHECKING:
    from .model import HandHistory

__all__ = ["LOW_ODD_CHIPS_TO_HIGH", "rake_by_pot", "showdown_pots", "split_pot"]

#: Sites that split a low half among several low winners in whole equal shares and
#: give the chips left over to the high half (worked out from their files, see
#: docs/hand-histories.md); everywhere else each half's odd chips go clockwise.
LOW_ODD_CHIPS_TO_HIGH = frozenset({"bovada"})


def split_pot(h: HandHistory, net: int, eligible: tuple[int, ...], high_winners: tuple[int, ...],
              low_winners: tuple[int, ...], name_of: dict[int, str]
              ) -> tuple[dict[str, int], dict[str, int] | None]:
    """A pot of ``net`` chips (after rake) split high/low: (name -> chips, name
    -> the chips of those that came from the low half, or None when no low
    qualified), the names in seat order, who takes nothing left out."""
    if len(eligible) == 1:   # nobody else reached it: back to its one player
        return ({name_of[eligible[0]]: net} if net else {}), None
    if len(high_winners) == 1 and not low_winners:   # a scoop with no low
        return ({name_of[high_winners[0]]: net} if net else {}), None
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    unit = h.chip_unit
    if unit > 1:   # (whole units; what is left of a unit goes with the first odd chip)
        _split_in_units(net, unit, high_winners, low_winners, high, low)
    else:
        low_half = net // 2 if low_winners else 0
        if low_winners and h.site in LOW_ODD_CHIPS_TO_HIGH:   # (see its doc)
            low_half -= low_half % len(low_winners)
        if low_winners:
            _divide(low_half, low_winners, low)
        _divide(net - low_half, high_winners, high)
    shares = {name_of[seat]: high.get(seat, 0) + low.get(seat, 0)
              for seat in sorted(high.keys() | low.keys())}
    return ({name: won for name, won in shares.items() if won},
            {name_of[seat]: won for seat, won in sorted(low.items()) if won} if low_winners
            else None)


def _split_in_units(net: int, unit: int, high_winners: tuple[int, ...],
                    low_winners: tuple[int, ...], high: dict[int, int],
                    low: dict[int, int]) -> None:
    """A pot split as :func:`split_pot` splits it, counted in ``unit``s, into
    ``high`` and ``low`` (by seat): the halves and each winner's share whole
    units, the odd unit to the high half and the first winners clockwise, and
    the part of a unit left over (``net % unit``) to the first high winner."""
    units, rest = divmod(net, unit)
    low_units = units // 2 if low_winners else 0
    for half, takers, into in ((units - low_units, high_winners, high),
                               (low_units, low_winners, low)):
        if takers:
            each, extra = divmod(half, len(takers))
            for rank, seat in enumerate(takers):
                into[seat] = into.get(seat, 0) + (each + (rank < extra)) * unit
    high[high_winners[0]] += rest


def showdown_pots(holes: list[list[int] | None], board: list[int], showing: list[int],
                   chips: list[int], button: int
                   ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """The pots of the settlement, as hf.showdown builds them (the one pot builder
    and the one winners rule) with only the ``showing`` seats contesting: for
    each, (level, amount, eligible, high winners, low winners), the winners in
    odd-chip order, clockwise from the first seat after ``button``. (The C hand
    answers this itself, csrc/py/hhreplay.c ``pots``: its twin.)"""
    high, low = [0] * len(chips), [0] * len(chips)
    for seat in showing:
        high[seat], best_low = _omaha_hilo(holes[seat], board)  # type: ignore[arg-type]
        low[seat] = best_low or 0
    clockwise = [s for s in showing if s > button] + [s for s in showing if s <= button]
    return [(level, amount, eligible,
             *winners(high, low, [seat for seat in clockwise if chips[seat] >= level]))
            for level, amount, eligible in pot_levels(showing, chips)]


def rake_by_pot(amounts: list[int], h: HandHistory, found: list[str]) -> list[int]:
    """How much rake each pot gives up (see the module doc)."""
    if h.pots and len(h.pots) == len(amounts) and len(amounts) > 1:
        rakes = [gross - listed for gross, listed in zip(amounts, h.pots, strict=True)]
        if min(rakes) >= 0 and sum(rakes) == h.rake:
            return rakes
        found.append(f"pots: the summary lists {list(h.pots)} after a rake of {h.rake}, "
                     f"the chips make {amounts}")
    rakes, left = [], h.rake
    for amount in amounts:
        take = min(left, amount)
        rakes.append(take)
        left -= take
    if left:
        found.append(f"the rake {h.rake} is more than the pots {amounts}")
    return rakes
