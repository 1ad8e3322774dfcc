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

from ...equity._backend import backend

__all__ = ["DEFAULT_SAMPLES", "EXACT_DEALS", "PotEquity", "pot_equity", "pots_equity",
           "spot_seed"]

#: Spots with at most this many board completions are settled exactly.
EXACT_DEALS = 5_000
#: Monte Carlo deals of a bigger spot at import (``hh import --equity-samples``).
DEFAULT_SAMPLES = 1_000
_POT = backend.EQUITY_POT
_FIELDS = len(backend.EQUITY_TALLY_FIELDS)


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
    if not n_hole or len(board) > 5:   # (a card repeated: the backend refuses the spot)
        return None
    deals = math.comb(52 - used, 5 - len(board))   # (every hand known: the boards)
    exact = samples is None or deals <= EXACT_DEALS
    if exact:
        tally = backend.equity_exact(flat, n_hole, board, dead, 0, 1)
    else:
        tally = backend.equity_sample(flat, n_hole, board, dead, seed, samples)
    if isinstance(tally, int) or not tally[0]:
        return None
    return _pot_equity(tally, len(holes), exact)


def pots_equity(holes: list[list[int]], pots: list[list[int]], board: list[int],
                samples: int | None, seeds: list[int]) -> list[PotEquity] | None:
    """The equities of several pots of one spot (a main pot and side pots):
    ``holes``, every player's cards at the showdown; ``pots[k]``, the indexes
    into ``holes`` of the two or more players contesting pot k, in increasing
    order (its equities' order; the others' cards are dead to it);
    ``seeds[k]``, its Monte Carlo seed. An exact spot's boards are
    enumerated once for all the pots (``equity_exact_pots``: the numbers of
    :func:`pot_equity` pot by pot); a sampled one is sampled pot by pot, by
    :func:`pot_equity`. None when the spot cannot be settled (never from a
    replayed hand)."""
    if not pots:
        return []
    n_hole = len(holes[0]) if holes else 0
    used = sum([len(hole) for hole in holes]) + len(board)
    if not n_hole or len(board) > 5 or used > 52:
        return None
    out: list[PotEquity] = []
    if samples is not None and math.comb(52 - used, 5 - len(board)) > EXACT_DEALS:
        for pot, seed in zip(pots, seeds, strict=True):
            dead = [card for q, hole in enumerate(holes) if q not in pot for card in hole]
            equity = pot_equity([holes[p] for p in pot], board, dead, samples, seed)
            if equity is None:
                return None
            out.append(equity)
        return out
    masks = [sum([1 << p for p in pot]) for pot in pots]
    tallies = backend.equity_exact_pots([card for hole in holes for card in hole], n_hole,
                                        board, [], masks)
    if isinstance(tallies, int) or not all([tally[0] for tally in tallies]):
        return None
    return [_pot_equity(tally, len(pot), True) for pot, tally in zip(pots, tallies, strict=True)]


def _pot_equity(tally: list[int], n_players: int, exact: bool) -> PotEquity:
    """The :class:`PotEquity` of a flat tally of ``n_players``."""
    count = tally[0]
    # each player's fields, by slices of the flat tally (share, share_sq, scoop,
    # win_high, tie_high, win_low, tie_low: _FIELDS apart)
    shares = tally[2::_FIELDS]
    pot_count = _POT * count
    if exact or count < 2:
        errors = [0.0] * n_players
    else:
        errors = [math.sqrt(max(sq - share * share / count, 0.0) / (count - 1) / count) / _POT
                  for share, sq in zip(shares, tally[3::_FIELDS], strict=True)]
    return PotEquity(
        [share / pot_count for share in shares], errors,
        [(win + tie / 2) / count for win, tie in zip(tally[5::_FIELDS], tally[6::_FIELDS],
                                                      strict=True)],
        [(win + tie / 2) / count for win, tie in zip(tally[7::_FIELDS], tally[8::_FIELDS],
                                                      strict=True)],
        exact)
