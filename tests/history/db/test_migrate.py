"""A database of the older schema version 1 (no all_in_equities.std_error) is
refused with the way on, migrated in place keeping every hand, and then takes
new hands like a fresh one; both backends (issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hilo_fast.history.db import SCHEMA_VERSION, SchemaError, import_hands, migrate, open_database
from hilo_fast.history.db.stats import stats_rows
from hilo_fast.history.sites.pokerstars import read_pokerstars

from .conftest import _reset_postgres


def test_a_version_1_database_is_migrated_keeping_its_hands(database: str,
                                                           hands_file: Path) -> None:
    hands = list(read_pokerstars(hands_file))
    with open_database(database) as fresh:   # every hand into a new database
        import_hands(fresh, hands)
        expected = stats_rows(fresh)
    if database.startswith("postgres"):
        _reset_postgres(database)
    else:
        Path(database).unlink()
    # a version 1 database holding the first 80 hands: what version 1 wrote
    # (these hands' all-ins are all exact: v1 settled every spot exactly)
    with open_database(database) as db:
        import_hands(db, hands[:80])
        assert db.query("SELECT COUNT(*) FROM all_in_equities WHERE NOT exact")[1] == [(0,)]
        db.query("ALTER TABLE all_in_equities DROP COLUMN std_error")
        db.query("UPDATE schema_version SET version = 1")
        if db.kind == "duckdb":
            db.connection.commit()
    with pytest.raises(SchemaError, match=r"schema version 1, .* migrate it"):
        open_database(database)
    assert migrate(database) == (1, SCHEMA_VERSION)
    assert migrate(database) == (SCHEMA_VERSION, SCHEMA_VERSION)   # (again: nothing to do)
    with open_database(database) as db:
        assert db.query("SELECT version FROM schema_version")[1] == [(SCHEMA_VERSION,)]
        assert "migrated by hilo-fast" in db.query("SELECT created_by FROM schema_version"
                                                   )[1][0][0]
        assert db.query("SELECT COUNT(*) FROM hands")[1] == [(80,)]
        result = import_hands(db, hands)
        assert (result.known, result.stored) == (80, len(hands) - 80)
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
        db.query("ALTER TABLE all_in_equities DROP COLUMN std_error")
        db.query("UPDATE schema_version SET version = 1")
        db.connection.commit()
    assert main(["hh", "stats", "--db", path]) != 0
    assert f"hilo-fast hh migrate --db {path}" in capsys.readouterr().err
    assert main(["hh", "migrate", "--db", path]) == 0
    assert f"migrated from schema version 1 to {SCHEMA_VERSION}" in capsys.readouterr().out
    assert main(["hh", "migrate", "--db", path]) == 0
    assert f"schema version {SCHEMA_VERSION} already" in capsys.readouterr().out
