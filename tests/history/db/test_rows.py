"""The rows of a hand (rows.py): each pot's high and low halves, as the replay
split them (PotResult.low_shares, the C's and the Python's), give what
core.pots' winners and odd-chip division give by seat (issue 29)."""

from __future__ import annotations

from pathlib import Path

from hilo_fast.cards import parse_card
from hilo_fast.core.evaluation import fast_omaha_hilo
from hilo_fast.core.pots import _divide, winners
from hilo_fast.history.db.rows import Rows, hand_rows
from hilo_fast.history.model import HandHistory
from hilo_fast.history.replay import Replay
from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars

from .conftest import synthetic_text

DATA = Path(__file__).resolve().parents[1] / "data"


def _values(h: HandHistory, rep: Replay) -> list[tuple[dict[str, int], dict[str, int]]]:
    """Each run's (high, low) values of the showdown hands known."""
    boards = [list(rep.board)] if len(h.runs) < 2 else \
        [[parse_card(card) for card in run] for run in h.runs]
    out = []
    for board in boards:
        high: dict[str, int] = {}
        low: dict[str, int] = {}
        for name in rep.showdown:
            if name in h.hole_cards:
                high[name], best_low = fast_omaha_hilo(rep.holes[rep.seat_of[name]] or [], board)
                low[name] = best_low or 0
        out.append((high, low))
    return out


def _by_seat(rep: Replay, index: int, values: list[tuple[dict[str, int], dict[str, int]]]
             ) -> tuple[dict[str, int], dict[str, int], bool]:
    """The split by seat arrays, with core.pots' own winners and _divide."""
    pot = rep.pots[index]
    seats = [rep.seat_of[name] for name in pot.eligible]
    button = (rep.history.button - 1) % (len(rep.holes) or max(seats) + 1)
    clockwise = [s for s in seats if s > button] + [s for s in seats if s <= button]
    name_of = {rep.seat_of[name]: name for name in pot.eligible}
    hi: dict[str, int] = {}
    lo: dict[str, int] = {}
    any_low = False
    for run, (high, low) in enumerate(values):
        amount = pot.amount // len(values) + (run < pot.amount % len(values))
        hi_values = [0] * (max(seats) + 1)
        lo_values = [0] * (max(seats) + 1)
        for name in pot.eligible:
            hi_values[rep.seat_of[name]] = high[name]
            lo_values[rep.seat_of[name]] = low[name]
        high_winners, low_winners = winners(hi_values, lo_values, clockwise)
        low_half = amount // 2 if low_winners else 0
        shares: tuple[dict[int, int], dict[int, int]] = ({}, {})
        if low_winners:
            _divide(low_half, low_winners, shares[1])
        _divide(amount - low_half, high_winners, shares[0])
        for part, into in zip(shares, (hi, lo), strict=True):
            for seat, won in part.items():
                if won:
                    into[name_of[seat]] = into.get(name_of[seat], 0) + won
        any_low = any_low or bool(low_winners)
    return hi, lo, any_low


def test_pot_split_by_name_is_core_pots_by_seat() -> None:
    hands = list(parse_pokerstars(synthetic_text(400, seed=11)))
    hands += list(read_pokerstars(DATA / "pokerstars" / "run_it_twice.txt"))
    split = with_low = runs = 0
    for h in hands:
        rep = h.replay()
        if not (rep.settled and rep.holes and len(rep.board) == 5):
            continue
        values = _values(h, rep)
        for index, pot in enumerate(rep.pots):
            if len(pot.eligible) < 2 or not all(name in values[0][0] for name in pot.eligible):
                continue
            lows = pot.low_shares or {}
            high = {name: won - lows.get(name, 0) for name, won in pot.shares.items()}
            got = ({name: won for name, won in high.items() if won}, lows,
                   pot.low_shares is not None)
            assert got == _by_seat(rep, index, values), (h.hand_id, index)
            out = Rows()
            hand_rows(h, rep, "test", out, key=7, expected={})
            assert out.records("pots")[index][6:] == (got[2], sum(high.values()),
                                                      sum(lows.values()))
            assert {row[2]: row[3:] for row in out.records("pot_winners") if row[1] == index} \
                == {name: (high[name], lows.get(name, 0)) for name in pot.shares}
            split += 1
            with_low += got[2]
            runs += len(values) > 1
    assert split > 100 and with_low > 20 and runs >= 2   # (the cases were there)
