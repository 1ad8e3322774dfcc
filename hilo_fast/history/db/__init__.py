"""Hand histories in a database: DuckDB (embedded, the default) or PostgreSQL.

:mod:`.store` opens either (one schema, schema.sql, documented in
docs/database.md), :mod:`.rows` turns a replayed hand into rows (:mod:`.all_in`: its all-in
equities),
:mod:`.importer` streams hands in, a transaction per batch, and :mod:`.stats`
adds up the tracker statistics (VPIP ... and the hi/lo ones). The database
libraries (duckdb, psycopg, pyarrow, pandas: the ``db`` extra) are imported
only when a database is opened.
"""

from .all_in import DEFAULT_SAMPLES
from .importer import ImportResult, import_hands
from .store import SCHEMA_VERSION, Database, SchemaError, migrate, open_database, schema_sql

__all__ = ["DEFAULT_SAMPLES", "SCHEMA_VERSION", "Database", "ImportResult", "SchemaError",
           "import_hands", "migrate", "open_database", "schema_sql"]
