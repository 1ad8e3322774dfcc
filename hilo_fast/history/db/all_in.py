"""The all-in equity of one pot at import: exact where cheap, else seeded Monte Carlo.

An all-in before the river is settled over every completion of the board when
there are at most :data:`EXACT_DEALS` of them: every flop and turn all-in (at
most 1,081 completions) and a preflop all-in of nine or ten players. A
preflop all-in of fewer players has 15,504 to 1,086,008 completions: exactly
that is 0.6-2 ms a spot (the grouped enumeration of hilo_fast.equity), 30-100 times a
whole hand's import, so it is sampled: ``samples`` deals (default
:data:`DEFAULT_SAMPLES`) from a seed made of the hand's key, so that importing
it again gives the same numbers, and the standard error of each equity is
stored beside it (about 0.013 of the pot for 1,000 samples). ``samples=None``
settles every spot exactly (``hh import --exact-equity``).

Why sampling is honest here: the all-in adjusted net replaces the luck of the
run out (a spread of about half the pot a hand) with the expectation; the
sampling error left in its place is 1/sqrt(samples) of that spread, and it
averages out over hands like the luck it replaces.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from typing import Any

from ...equity._backend import backend

__all__ = ["DEFAULT_SAMPLES", "EXACT_DEALS", "PotEquity", "pot_equity", "spot_seed"]

#: Spots with at most this many board completions are settled exactly.
EXACT_DEALS = 5_000
#: Monte Carlo deals of a bigger spot at import (``hh import --equity-samples``).
DEFAULT_SAMPLES = 1_000
_POT = backend.EQUITY_POT
_FIELDS = len(backend.EQUITY_TALLY_FIELDS)
#: The tally's fields an equity is made of, by their place in a flat tally's player block.
_WANTED = tuple(backend.EQUITY_TALLY_FIELDS.index(name) for name in
                ("share", "share_sq", "win_high", "tie_high", "win_low", "tie_low"))
_ffi: Any = None
_lib: Any = None
if backend.NAME == "native":
    from ..._native import _core  # (the C entry points, called straight below)

    _ffi, _lib = _core.ffi, _core.lib


@dataclass(slots=True)
class PotEquity:
    """Each player's share of one pot (``equity``), its standard error (0 when
    ``exact``), and the share of its high and low halves (ties shared)."""

    equity: list[float]
    std_error: list[float]
    high: list[float]
    low: list[float]
    exact: bool


def spot_seed(site: str, hand_id: str, pot: int) -> int:
    """The Monte Carlo seed of a hand's pot: the same on every import."""
    return zlib.crc32(f"{site}\x00{hand_id}\x00{pot}".encode())


def pot_equity(holes: list[list[int]], board: list[int], dead: list[int],
               samples: int | None, seed: int) -> PotEquity | None:
    """The equities of the players ``holes`` (card ids, every hand known) over
    the completions of ``board`` with ``dead`` out of the deck; None when the
    spot cannot be settled (cards repeated: never from a replayed hand)."""
    n_hole = len(holes[0])
    flat = [card for hole in holes for card in hole]
    used = len(flat) + len(board) + len(dead)
    if not n_hole or len(set(flat).union(board, dead)) != used or len(board) > 5:
        return None
    # (every hand known: the deals are the boards)
    exact = samples is None or math.comb(52 - used, 5 - len(board)) <= EXACT_DEALS
    n_players = len(holes)
    columns = _native_tally(flat, n_players, n_hole, board, dead, exact, seed, samples) \
        if _lib is not None else None
    if columns is None:   # (the pure-Python backend, or input the C call refused)
        if exact:
            tally = backend.equity_exact(flat, n_hole, board, dead, 0, 1)
        else:
            tally = backend.equity_sample(flat, n_hole, board, dead, seed, samples)
        if isinstance(tally, int) or not tally[0]:
            return None
        columns = (tally[0], *(tally[2 + f::_FIELDS][:n_players] for f in _WANTED))
    count, shares, shares_sq, wins_high, ties_high, wins_low, ties_low = columns
    if not count:
        return None
    whole = _POT * count
    equity = [share / whole for share in shares]
    if exact or count <= 1:
        std_error = [0.0] * n_players
    else:
        std_error = [math.sqrt(max(share_sq - share * share / count, 0.0) / (count - 1) / count)
                     / _POT for share, share_sq in zip(shares, shares_sq, strict=True)]
    high = [(win + tie / 2) / count for win, tie in zip(wins_high, ties_high, strict=True)]
    low = [(win + tie / 2) / count for win, tie in zip(wins_low, ties_low, strict=True)]
    return PotEquity(equity, std_error, high, low, exact)


def _native_tally(flat: list[int], n_players: int, n_hole: int, board: list[int],
                  dead: list[int], exact: bool, seed: int, samples: int | None
                  ) -> tuple[Any, ...] | None:
    """The C entry point called straight (the backend's wrapper copies every field
    of the tally into a list first): (deals, then each wanted field's values
    per player), or None when the call fails (the backend's wrapper then
    settles it, errors included)."""
    out = _ffi.new("hf_equity_tally *")
    try:
        if exact:
            err = _lib.hf_equity_exact(flat, n_players, n_hole, board, len(board), dead,
                                       len(dead), 0, 1, out)
        else:
            err = _lib.hf_equity_sample(flat, n_players, n_hole, board, len(board), dead,
                                        len(dead), seed, samples, out)
    except (TypeError, OverflowError, ValueError):
        return None
    if err:
        return None
    unpack = _ffi.unpack
    return (out.deals, unpack(out.share, n_players), unpack(out.share_sq, n_players),
            unpack(out.win_high, n_players), unpack(out.tie_high, n_players),
            unpack(out.win_low, n_players), unpack(out.tie_low, n_players))
