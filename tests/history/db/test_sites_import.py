"""Every site's hands through the import, on both backends (issue 29 over the
every-site readers): what the readers read is what is stored, every chip of it
(each pot paid out whole, what was put in equal to what was paid plus the rake,
the site's own amounts wherever the replay agreed with them), and the
statistics equal a plain recount from the hands read.

The hands are the project's fixtures of each site (tests/history/data); CI
also runs this on the real files beside the repo (HILO_FAST_HH_DIR, folders
separated by os.pathsep, as .ci/run sets it)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hilo_fast.history.db import import_hands, open_database
from hilo_fast.history.db.stats import BY
from hilo_fast.history.model import HandHistory
from hilo_fast.history.read import read_history

from .conftest import module_target
from .test_stats import _seat_records, assert_stats_equal, recount

DATA = Path(__file__).parents[1] / "data"
REAL = [Path(p) for p in os.environ.get("HILO_FAST_HH_DIR", "").split(os.pathsep) if p]


def _files() -> list[Path]:
    """Every hand-history file of the fixtures (and of HILO_FAST_HH_DIR)."""
    found = [f for root in (DATA, *REAL) for f in sorted(root.rglob("*"))
             if f.is_file() and f.name != "README.md"]
    assert found, "no hand-history files"
    return found


@pytest.fixture(scope="module")
def read_hands() -> list[HandHistory]:
    """The hands the readers read, each (site, hand id) once, first seen first."""
    seen: dict[tuple[str, str], HandHistory] = {}
    for path in _files():
        for h in read_history(path):
            seen.setdefault((h.site, h.hand_id), h)
    hands = list(seen.values())
    assert len({h.site for h in hands}) >= 17   # (every site's hands)
    return hands


@pytest.fixture(scope="module")
def seat_records(read_hands: list[HandHistory]) -> list[Any]:
    """The plain recount's seat records of read_hands (made once for both backends)."""
    return _seat_records(read_hands)


@pytest.fixture(scope="module", params=["duckdb", "postgresql"])
def every_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[str]:
    """A database of each backend holding every file's hands, imported file by
    file as ``hh import`` does (small batches: many transactions), every all-in
    settled exactly (``--exact-equity``: the recount's numbers are exact; a
    sampled spot is within its standard error, test_all_in.py)."""
    targets = module_target(request.param, tmp_path_factory, "sites.duckdb")
    target = next(targets)
    with open_database(target) as db:
        for path in _files():
            import_hands(db, read_history(path), source=str(path), batch_size=7,
                         equity_samples=None)
    yield target
    next(targets, None)   # (PostgreSQL: dropped again)


def test_the_hands_read_are_the_hands_stored(every_site: str,
                                             read_hands: list[HandHistory]) -> None:
    with open_database(every_site) as db:
        stored = Counter(db.query("SELECT site, hand_id FROM hands")[1])
        players = dict(((site, hand_id), n) for site, hand_id, n in db.query(
            "SELECT site, hand_id, players FROM hands")[1])
        actions = dict(((site, hand_id), n) for site, hand_id, n in db.query(
            "SELECT h.site, h.hand_id, COUNT(a.seq) FROM hands h LEFT JOIN actions a "
            "ON a.hand_key = h.hand_key GROUP BY h.site, h.hand_id")[1])
    assert stored == Counter((h.site, h.hand_id) for h in read_hands)
    for h in read_hands:
        key = (h.site, h.hand_id)
        assert players[key] == len(set(h.dealt_in)), key
        assert actions[key] == len(h.posts) + len(h.actions), key


def test_every_chip_of_every_site(every_site: str, read_hands: list[HandHistory]) -> None:
    """Properties of the stored rows, in the one SQL of both backends: each
    should find nothing."""
    checks = {
        "net is collected less contributed":
            "SELECT hand_key, seat FROM seats WHERE net <> collected - contributed",
        "adjusted net is net where nothing was expected":
            "SELECT hand_key, seat FROM seats WHERE expected IS NULL AND adjusted_net <> net",
        "what went in is what was paid out plus the rake (settled hands)":
            "SELECT h.hand_key FROM hands h JOIN seats s ON s.hand_key = h.hand_key "
            "WHERE h.settled GROUP BY h.hand_key, h.rake "
            "HAVING SUM(s.contributed) <> SUM(s.collected) + h.rake",
        "the pots are what the seats collected (settled hands)":
            "SELECT h.hand_key FROM hands h WHERE h.settled AND "
            "(SELECT SUM(s.collected) FROM seats s WHERE s.hand_key = h.hand_key) <> "
            "(SELECT COALESCE(SUM(p.amount), 0) FROM pots p WHERE p.hand_key = h.hand_key)",
        "a pot is its high and low halves":
            "SELECT hand_key, pot FROM pots WHERE high_amount + low_amount <> amount "
            "OR (low_amount > 0) <> has_low",
        "a pot is paid out whole to its winners":
            "SELECT p.hand_key, p.pot FROM pots p WHERE p.amount <> (SELECT "
            "COALESCE(SUM(w.high_won + w.low_won), 0) FROM pot_winners w "
            "WHERE w.hand_key = p.hand_key AND w.pot = p.pot) "
            "OR p.winners <> (SELECT COUNT(*) FROM pot_winners w "
            "WHERE w.hand_key = p.hand_key AND w.pot = p.pot)",
        "a pot's halves are its winners' halves":
            "SELECT p.hand_key, p.pot FROM pots p WHERE p.low_amount <> (SELECT "
            "COALESCE(SUM(w.low_won), 0) FROM pot_winners w "
            "WHERE w.hand_key = p.hand_key AND w.pot = p.pot)",
        "a seat collects its pots' parts (settled hands)":
            "SELECT s.hand_key, s.seat FROM seats s JOIN hands h ON h.hand_key = s.hand_key "
            "WHERE h.settled AND s.collected <> (SELECT COALESCE(SUM(w.high_won + w.low_won), 0) "
            "FROM pot_winners w WHERE w.hand_key = s.hand_key AND w.player = s.player)",
        "the chips expected at an all-in are the pots":
            "SELECT a.hand_key FROM all_in_equities a GROUP BY a.hand_key HAVING "
            "ABS(SUM(a.expected) - (SELECT SUM(p.amount) FROM pots p "
            "WHERE p.hand_key = a.hand_key)) > 1e-6",
        "an exact hand has no discrepancy, a settled inexact one has one":
            "SELECT h.hand_key FROM hands h WHERE h.settled AND h.exact = EXISTS "
            "(SELECT 1 FROM discrepancies d WHERE d.hand_key = h.hand_key)",
        "a hand's players are its seats dealt in":
            "SELECT h.hand_key FROM hands h WHERE h.players <> (SELECT COUNT(*) FROM seats s "
            "WHERE s.hand_key = h.hand_key AND s.dealt_in)",
    }
    with open_database(every_site) as db:
        found = {name: db.query(sql)[1][:3] for name, sql in checks.items()}
        exact = db.query("SELECT COUNT(*) FROM hands WHERE exact")[1][0][0]
        with_all_in = db.query("SELECT COUNT(DISTINCT hand_key) FROM all_in_equities")[1][0][0]
    assert not {name: rows for name, rows in found.items() if rows}
    # (the sweep sees what it checks: hands settled to the chip, and all-in spots)
    assert exact >= 0.9 * len(read_hands) and with_all_in >= 5


def test_the_sites_own_amounts_where_the_replay_agreed(
        every_site: str, read_hands: list[HandHistory]) -> None:
    """An exact hand's seats collected what the site says each collected, and
    its pots and rake add up to the site's total pot."""
    with open_database(every_site) as db:
        collected = {(site, hand_id, player): won for site, hand_id, player, won in db.query(
            "SELECT h.site, h.hand_id, s.player, s.collected FROM hands h JOIN seats s "
            "ON s.hand_key = h.hand_key WHERE h.exact")[1]}
        totals = {(site, hand_id): (pots, total, rake) for site, hand_id, pots, total, rake
                  in db.query("SELECT h.site, h.hand_id, (SELECT SUM(p.amount) FROM pots p "
                              "WHERE p.hand_key = h.hand_key), h.total_pot, h.rake "
                              "FROM hands h WHERE h.exact")[1]}
    checked = 0
    for h in read_hands:
        if (h.site, h.hand_id) not in totals:
            continue
        checked += 1
        for name in h.dealt_in:
            assert collected[h.site, h.hand_id, name] == h.collected.get(name, 0), \
                (h.site, h.hand_id, name)
        pots, total, rake = totals[h.site, h.hand_id]
        assert (pots, total, rake) == (h.total_pot - h.rake, h.total_pot, h.rake), \
            (h.site, h.hand_id)
    assert checked >= 0.9 * len(read_hands)


@pytest.mark.parametrize("by", [None, *BY])
def test_every_sites_stats_equal_a_plain_recount(every_site: str, seat_records: list[Any],
                                                 by: str | None) -> None:
    assert_stats_equal(every_site, recount(seat_records, by), by)
