"""All-in equities at import (hilo_fast/history/db/all_in.py): exact up to
EXACT_DEALS board completions, else seeded Monte Carlo with its standard error;
checked against hilo_fast.equity, and in a database (issue 29)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import hilo_fast as hf
from hilo_fast.history.db import import_hands, open_database
from hilo_fast.history.db.all_in import EXACT_DEALS, pot_equity, pots_equity, spot_seed
from hilo_fast.history.db.stats import stats_rows
from hilo_fast.history.model import HandHistory
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories


def _deal(rng: random.Random, players: int, hole: int, board: int, dead: int
          ) -> tuple[list[list[int]], list[int], list[int]]:
    deck = rng.sample(range(52), players * hole + board + dead)
    holes = [deck[p * hole:(p + 1) * hole] for p in range(players)]
    rest = deck[players * hole:]
    return holes, rest[:board], rest[board:]


@pytest.mark.parametrize("players, hole, board", [(2, 4, 3), (6, 4, 3), (3, 5, 3), (2, 4, 4),
                                                  (9, 4, 4), (9, 4, 0), (9, 5, 0)])
def test_small_spots_are_exact_as_hilo_fast_equity(players: int, hole: int, board: int) -> None:
    rng = random.Random(players * 100 + hole * 10 + board)
    for _ in range(3):
        holes, cards, dead = _deal(rng, players, hole, board, rng.choice([0, 2]))
        got = pot_equity(holes, cards, dead, 1000, seed=5)
        assert got is not None and got.exact and got.std_error == [0.0] * players
        want = hf.equity([[hf.card_str(c) for c in h] for h in holes], cards, dead)
        assert want.exact and want.boards <= EXACT_DEALS
        for k, p in enumerate(want.players):
            assert got.equity[k] == pytest.approx(p.equity, abs=1e-12)
            assert got.high[k] == pytest.approx(p.win_high + p.tie_high / 2, abs=1e-12)
            assert got.low[k] == pytest.approx(p.win_low + p.tie_low / 2, abs=1e-12)
        assert sum(got.equity) == pytest.approx(1.0)


def test_a_big_preflop_spot_is_sampled_with_its_error() -> None:
    rng = random.Random(29)
    holes, _, _ = _deal(rng, 2, 4, 0, 0)
    sampled = pot_equity(holes, [], [], 2000, seed=spot_seed("pokerstars", "1", 0))
    again = pot_equity(holes, [], [], 2000, seed=spot_seed("pokerstars", "1", 0))
    assert sampled is not None and not sampled.exact and sampled == again   # reproducible
    assert all(0.002 < e < 0.02 for e in sampled.std_error)
    assert sum(sampled.equity) == pytest.approx(1.0)
    exact = pot_equity(holes, [], [], None, seed=0)   # samples=None: every spot exact
    assert exact is not None and exact.exact and exact.std_error == [0.0, 0.0]
    for k in range(2):
        assert abs(sampled.equity[k] - exact.equity[k]) < 5 * sampled.std_error[k]
    other = pot_equity(holes, [], [], 2000, seed=spot_seed("pokerstars", "2", 0))
    assert other is not None and other.equity != sampled.equity   # another hand, another draw
    assert pot_equity([holes[0], holes[0]], [], [], 2000, seed=1) is None   # repeated cards


@pytest.mark.parametrize("players, board", [(3, 3), (4, 4), (5, 3), (6, 4), (3, 0)])
def test_side_pots_are_each_pot_alone(players: int, board: int) -> None:
    """A main pot and side pots settled together (one enumeration of the boards
    when exact, pot by pot when sampled) equal each pot settled alone with the
    other players' cards dead, and hilo_fast.equity's numbers."""
    rng = random.Random(players * 10 + board)
    for _ in range(3):
        holes, cards, _ = _deal(rng, players, 4, board, 0)
        pots = [list(range(players)), list(range(1, players)), [0, players - 1]]
        seeds = [spot_seed("pokerstars", "7", k) for k in range(len(pots))]
        got = pots_equity(holes, pots, cards, 1000, seeds)
        assert got is not None
        for pot, seed, result in zip(pots, seeds, got, strict=True):
            dead = [c for q, hole in enumerate(holes) if q not in pot for c in hole]
            assert result == pot_equity([holes[p] for p in pot], cards, dead, 1000, seed)
            if result.exact:
                want = hf.equity([[hf.card_str(c) for c in holes[p]] for p in pot], cards,
                                 dead)
                assert result.equity == pytest.approx([p.equity for p in want.players],
                                                      abs=1e-12)
        assert got[0].exact == (board > 0)
    assert pots_equity(holes, [], cards, 1000, []) == []
    assert pots_equity([holes[0], holes[0]], [[0, 1]], cards, 1000, [1]) is None


def _all_in_hands(count: int) -> list[HandHistory]:
    hands = []
    for text in synthetic_histories(8 * count, seed=31):
        (h,) = parse_pokerstars(text)
        if h.replay().all_in_board is not None:
            hands.append(h)
            if len(hands) == count:
                break
    return hands


def test_imported_equities_add_up_per_hand(tmp_path: Path) -> None:
    """Every all-in hand, preflop ones included: the expected chips of its
    players add up to its pots, sampled spots carry an error, exact ones none,
    and each seat's adjusted net is its net with expected for collected."""
    hands = _all_in_hands(60)
    path = str(tmp_path / "h.duckdb")
    with open_database(path) as db:
        assert import_hands(db, hands, equity_samples=500).stored == len(hands)
        _, rows = db.query(
            "SELECT e.hand_key, SUM(e.expected), MIN(p.total), BOOL_AND(e.exact), "
            "MIN(e.std_error), MAX(e.std_error), MIN(length(e.board)) FROM all_in_equities e "
            "JOIN (SELECT hand_key, SUM(amount) AS total FROM pots GROUP BY hand_key) p "
            "ON p.hand_key = e.hand_key GROUP BY e.hand_key")
        assert len(rows) >= 40
        preflop = [r for r in rows if r[6] == 0]
        assert preflop and any(not r[3] for r in preflop)
        for _, expected, total, exact, low, high, _ in rows:
            assert expected == pytest.approx(total)
            assert (low, high) == (0, 0) if exact else low > 0
        _, bad = db.query("SELECT COUNT(*) FROM seats s JOIN all_in_equities e ON "
                          "e.hand_key = s.hand_key AND e.player = s.player WHERE "
                          "abs(s.adjusted_net - (s.net - s.collected + e.expected)) > 1e-6")
        assert bad == [(0,)]


def test_equity_samples_is_checked(tmp_path: Path) -> None:
    with open_database(str(tmp_path / "h.duckdb")) as db:
        for bad in (0, -1, 1.5, "100", 10**8):
            with pytest.raises(ValueError, match="equity_samples"):
                import_hands(db, [], equity_samples=bad)  # type: ignore[arg-type]



def test_both_backends_store_the_same_sampled_equities(tmp_path: Path,
                                                       postgres_database: str) -> None:
    """The samples are seeded by the hand: DuckDB and PostgreSQL hold the same
    equities, errors and statistics, sampled preflop spots included."""
    hands = _all_in_hands(40)
    query = ("SELECT h.hand_id, e.player, e.equity, e.high_equity, e.low_equity, e.expected, "
             "e.exact, e.std_error FROM all_in_equities e JOIN hands h USING (hand_key) "
             "ORDER BY h.hand_id, e.player")
    stored = []
    for target in (str(tmp_path / "h.duckdb"), postgres_database):
        with open_database(target) as db:
            import_hands(db, hands, equity_samples=300)
            stored.append((db.query(query)[1], stats_rows(db)))
    (duck_rows, duck_stats), (pg_rows, pg_stats) = stored
    assert any(not row[6] for row in duck_rows)
    assert duck_rows == pg_rows
    assert len(duck_stats[1]) == len(pg_stats[1]) and duck_stats[0] == pg_stats[0]
    for a, b in zip(duck_stats[1], pg_stats[1], strict=True):
        for x, y in zip(a, b, strict=True):
            assert x == y if isinstance(x, str) or x is None else x == pytest.approx(
                y, rel=1e-12, abs=1e-9)
