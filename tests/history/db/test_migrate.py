"""A database of an older schema version (1: no all_in_equities.std_error; 2:
every table keyed by (site, hand_id), no hand_key) is refused with the way
on, migrated in place keeping every hand and every row in its hand, and then
takes new hands like a fresh one; both backends (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hilo_fast.history.db import SCHEMA_VERSION, SchemaError, import_hands, migrate, open_database
from hilo_fast.history.db.stats import stats_rows
from hilo_fast.history.db.store import Database
from hilo_fast.history.sites.pokerstars import read_pokerstars

from .conftest import _reset_postgres

#: The tables of a hand's rows, and the columns each held in version 2 after
#: its key (schema.sql of version 2, written out here: the layout to migrate from).
_VERSION_2 = {
    "seats": "seat, player, position, stack, dealt_in, hole_cards, contributed, collected, "
             "net, expected, adjusted_net, vpip, pfr, three_bet_chance, three_bet, "
             "fold_to_three_bet_chance, fold_to_three_bet, cbet_chance, cbet, "
             "fold_to_cbet_chance, fold_to_cbet, postflop_bets_raises, postflop_calls, "
             "postflop_folds, saw_flop, showdown, won_money, low_made",
    "actions": "seq, street, player, kind, amount, to_amount, all_in",
    "boards": "run, flop, turn, river",
    "pots": "pot, amount, rake, contenders, winners, has_low, high_amount, low_amount",
    "pot_winners": "pot, player, high_won, low_won",
    "all_in_equities": "player, board, equity, high_equity, low_equity, expected, collected, "
                       "exact, std_error",
    "discrepancies": "seq, message",
}


def _as_version(db: Database, version: int) -> None:
    """Make the database (of this version) one of ``version`` 1 or 2: each
    table of a hand's rows keyed by the hand's (site, hand_id) again, no
    hand_key, no sequence (and for 1, no std_error)."""
    for table, columns in _VERSION_2.items():
        picked = ", ".join(f"t.{name}" for name in columns.split(", "))
        db.query(f"CREATE TABLE {table}_old AS SELECT h.site, h.hand_id, {picked} FROM "
                 f"{table} t JOIN hands h ON h.hand_key = t.hand_key")
        db.query(f"DROP TABLE {table}")
        db.query(f"ALTER TABLE {table}_old RENAME TO {table}")
    db.query("ALTER TABLE hands DROP COLUMN hand_key")
    db.query("DROP SEQUENCE hand_keys")
    if version == 1:
        db.query("ALTER TABLE all_in_equities DROP COLUMN std_error")
    db.query("UPDATE schema_version SET version = ?", (version,))
    if db.kind == "duckdb":
        db.connection.commit()


def _rows_by_hand(db: Database) -> dict[str, list[tuple[object, ...]]]:
    """table -> its rows, each with its hand's site and id, sorted."""
    out = {}
    for table, columns in _VERSION_2.items():
        picked = ", ".join(f"t.{name}" for name in columns.split(", ") if name != "std_error")
        _, rows = db.query(f"SELECT h.site, h.hand_id, {picked} FROM {table} t JOIN hands h "
                           "ON h.hand_key = t.hand_key")
        out[table] = sorted(rows, key=repr)
    return out


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_database_is_migrated_keeping_its_hands(database: str, hands_file: Path,
                                                         version: int) -> None:
    hands = list(read_pokerstars(hands_file))
    with open_database(database) as fresh:   # every hand into a new database
        import_hands(fresh, hands)
        expected = stats_rows(fresh)
    if database.startswith("postgres"):
        _reset_postgres(database)
    else:
        Path(database).unlink()
    # a database of that version holding the first 80 hands
    # (these hands' all-ins are all exact: version 1 settled every spot exactly)
    with open_database(database) as db:
        import_hands(db, hands[:80])
        assert db.query("SELECT COUNT(*) FROM all_in_equities WHERE NOT exact")[1] == [(0,)]
        before = _rows_by_hand(db)
        _as_version(db, version)
    with pytest.raises(SchemaError, match=rf"schema version {version}, .* migrate it"):
        open_database(database)
    assert migrate(database) == (version, SCHEMA_VERSION)
    assert migrate(database) == (SCHEMA_VERSION, SCHEMA_VERSION)   # (again: nothing to do)
    with open_database(database) as db:
        assert db.query("SELECT version FROM schema_version")[1] == [(SCHEMA_VERSION,)]
        assert "migrated by hilo-fast" in db.query("SELECT created_by FROM schema_version"
                                                   )[1][0][0]
        assert db.query("SELECT COUNT(*) FROM hands")[1] == [(80,)]
        # every row still in its own hand, each hand a key of its own
        assert _rows_by_hand(db) == before
        assert db.query("SELECT COUNT(DISTINCT hand_key) FROM hands")[1] == [(80,)]
        result = import_hands(db, hands)
        assert (result.known, result.stored) == (80, len(hands) - 80)
        assert db.query("SELECT COUNT(DISTINCT hand_key) FROM hands")[1] == [(len(hands),)]
        assert stats_rows(db) == expected
        assert db.query("SELECT COUNT(*) FROM all_in_equities WHERE std_error <> 0")[1] == [(0,)]


def test_migrate_refuses_what_it_cannot_migrate(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="no such database file"):
        migrate(tmp_path / "missing.duckdb")
    path = tmp_path / "new.duckdb"
    with open_database(path) as db:
        db.query("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
        db.connection.commit()
    with pytest.raises(SchemaError, match="upgrade hilo-fast"):
        migrate(path)
    with open_database(tmp_path / "old.duckdb") as db:
        db.query("UPDATE schema_version SET version = 0")
        db.connection.commit()
    with pytest.raises(SchemaError, match="no migration from version 0"):
        migrate(tmp_path / "old.duckdb")


def test_cli_migrate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from hilo_fast.cli import main

    path = str(tmp_path / "h.duckdb")
    with open_database(path) as db:
        _as_version(db, 1)
    assert main(["hh", "stats", "--db", path]) != 0
    assert f"hilo-fast hh migrate --db {path}" in capsys.readouterr().err
    assert main(["hh", "migrate", "--db", path]) == 0
    assert f"migrated from schema version 1 to {SCHEMA_VERSION}" in capsys.readouterr().out
    assert main(["hh", "migrate", "--db", path]) == 0
    assert f"schema version {SCHEMA_VERSION} already" in capsys.readouterr().out
