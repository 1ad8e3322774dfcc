"""A hand-history database: DuckDB (a file, embedded, the default) or PostgreSQL.

:func:`open_database` opens (and on first use creates, from schema.sql) either
kind behind one small interface, :class:`Database`: ``query`` with parameters
(never SQL built from values: ``?`` placeholders, turned into psycopg's
``%s``), ``write`` a batch of rows in one transaction (Arrow into DuckDB,
COPY into PostgreSQL), ``known`` hand ids. The schema's version is checked on
opening: a database made by another version of hilo-fast is refused with the
way to go on (:class:`SchemaError`).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

from ..._version import __version__
from .._backend import fast
from .rows import _FROM_REPLAY, TABLES, Rows

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Database", "SchemaError", "drop_statements", "migrate",
           "open_database", "schema_sql"]

#: DuckDB's memory limit while importing (see Database.bounded_cache).
IMPORT_MEMORY_LIMIT = 128 * 2**20
#: The schema this hilo-fast writes and reads (the schema_version table holds it).
SCHEMA_VERSION = 3


class SchemaError(ValueError):
    """The database was made by another schema version (or is not a hilo-fast one)."""


def schema_sql() -> str:
    """The CREATE statements of the schema (schema.sql), the same for both backends."""
    return resources.files(__package__).joinpath("schema.sql").read_text(encoding="utf-8")


def _statements(sql: str) -> list[str]:
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


@functools.cache
def _tables() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """table -> (its CREATE statement, its (column, type) pairs), from schema.sql
    (read once, when first needed)."""
    tables = {}
    for statement in _statements(schema_sql()):
        head, _, body = statement.partition("(")
        if not head.startswith("CREATE TABLE"):
            continue
        columns = []
        for line in body.splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] != "PRIMARY":
                columns.append((words[0], words[1].rstrip(",")))
        tables[head.split()[-1]] = (statement, columns)
    return tables


def drop_statements() -> list[str]:
    """The statements that remove everything schema.sql creates, tables and
    sequences (the tests and benchmarks empty a PostgreSQL server with them)."""
    drops = []
    for statement in _statements(schema_sql()):
        words = statement.split(None, 3)
        if words[0] == "CREATE" and words[1] in ("TABLE", "SEQUENCE"):
            drops.append(f"DROP {words[1]} IF EXISTS {words[2].rstrip('(;')} CASCADE")
    return drops


def _keyed_by_hand_key() -> tuple[str, ...]:
    """Version 2 to 3: hands and every table of a hand's rows rebuilt as
    schema.sql makes them, each hand numbered (hand_key, from the sequence
    hand_keys) and its rows' (site, hand_id) replaced by its number. (Rebuilt,
    not altered: DuckDB cannot alter a table with an index in the transaction
    that updated it. Made from schema.sql, version 3's: a version that changes
    these tables must first write this step's statements out as they are.)"""
    tables = _tables()
    create, columns = tables["hands"]
    names = [name for name, _ in columns if name != "hand_key"]
    steps = ["CREATE SEQUENCE hand_keys",
             create.replace("CREATE TABLE hands (", "CREATE TABLE hands_v3 (", 1),
             f"INSERT INTO hands_v3 ({', '.join(names)}, hand_key) SELECT {', '.join(names)}, "
             "nextval('hand_keys') FROM hands"]
    for table, (create, columns) in tables.items():
        names = [name for name, _ in columns if name != "hand_key"]
        if table == "hands" or len(names) == len(columns):
            continue
        steps += [create.replace(f"CREATE TABLE {table} (", f"CREATE TABLE {table}_v3 (", 1),
                  f"INSERT INTO {table}_v3 (hand_key, {', '.join(names)}) SELECT h.hand_key, "
                  + ", ".join(f"t.{name}" for name in names)
                  + f" FROM {table} t JOIN hands_v3 h ON h.site = t.site AND "
                  "h.hand_id = t.hand_id",
                  f"DROP TABLE {table}",
                  f"ALTER TABLE {table}_v3 RENAME TO {table}"]
    return (*steps, "DROP TABLE hands", "ALTER TABLE hands_v3 RENAME TO hands")


def _std_error_column() -> tuple[str, ...]:
    """Version 1 to 2: all-in equities gain their standard error (version 1
    settled every spot exactly: no error)."""
    return ("ALTER TABLE all_in_equities ADD COLUMN std_error DOUBLE PRECISION NOT NULL "
            "DEFAULT 0",)


#: version -> what makes the statements that bring a database of that version to
#: the next (the same SQL on both backends; made and run in one transaction by
#: :func:`migrate`, so importing the store reads nothing).
MIGRATIONS: dict[int, Callable[[], tuple[str, ...]]] = {
    1: _std_error_column,
    2: _keyed_by_hand_key,
}


#: A batch's actions, seats, boards, pots, pot_winners and discrepancies rows as
#: Arrow columns made in C (csrc/py/hhrows.c), or None (pure backend, or not
#: built): then pyarrow makes them from Rows.records.
_ACTION_COLUMNS = fast.action_columns() if fast is not None else None
_SEAT_COLUMNS = fast.seat_columns() if fast is not None else None
_REPLAY_COLUMNS = fast.replay_columns() if fast is not None else None
#: The tables _REPLAY_COLUMNS makes, from a batch's replays (Rows.replays):
#: those rows.py makes from them.
_REPLAY_TABLES = frozenset(_FROM_REPLAY)
#: Any other table's row tuples as Arrow columns made in C
#: (csrc/py/hhrows_records.c), or None: then pyarrow converts them.
_RECORD_COLUMNS = fast.record_columns() if fast is not None else None
#: The tables of a batch, in the order they are written.
_WRITTEN = (*TABLES, "unreadable_hands")

_ARROW_TYPES = {"VARCHAR": "string", "BIGINT": "int64", "INTEGER": "int32",
                "SMALLINT": "int16", "BOOLEAN": "bool_", "DOUBLE": "float64"}
#: schema.sql's types as the letters of _RECORD_COLUMNS' kinds (the same Arrow types).
_KIND_LETTERS = {"VARCHAR": "u", "BIGINT": "l", "INTEGER": "i", "SMALLINT": "s",
                 "BOOLEAN": "b", "DOUBLE": "g", "TIMESTAMP": "t"}


@functools.cache
def _record_kinds() -> dict[str, tuple[tuple[str, ...], bytes]]:
    """table -> (its column names, their kinds' letters), for _RECORD_COLUMNS."""
    return {table: (tuple([name for name, _ in columns]),
                    "".join([_KIND_LETTERS[kind] for _, kind in columns]).encode())
            for table, (_, columns) in _tables().items()}


@functools.cache
def _arrow_schemas() -> dict[str, Any]:
    """table -> the Arrow schema of its rows, read from schema.sql's columns."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    return {table: pa.schema([pa.field(name, pa.timestamp("us") if kind == "TIMESTAMP" else
                                       getattr(pa, _ARROW_TYPES[kind])())
                              for name, kind in columns])
            for table, (_, columns) in _tables().items()}


@functools.cache
def _struct_types() -> dict[str, Any]:
    """table -> the Arrow struct type of one row (its columns as fields)."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    return {table: pa.struct(list(schema)) for table, schema in _arrow_schemas().items()}


class _Capsules:
    """Arrow C data interface capsules (schema, array), as pyarrow takes them."""

    def __init__(self, capsules: tuple[Any, Any]) -> None:
        self._capsules = capsules

    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[Any, Any]:
        return self._capsules


def _arrow_table(rows: Rows, table: str) -> Any:
    """The batch's rows of ``table`` as an Arrow table, or None when it has none."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    if table == "actions" and _ACTION_COLUMNS is not None:
        batch = pa.record_batch(_Capsules(_ACTION_COLUMNS(rows.histories)))
    elif table == "seats" and _SEAT_COLUMNS is not None:
        batch = pa.record_batch(_Capsules(_SEAT_COLUMNS(rows.seat_facts)))
    elif table in _REPLAY_TABLES and _REPLAY_COLUMNS is not None:
        batch = pa.record_batch(_Capsules(_REPLAY_COLUMNS(table, rows.replays)))
    else:
        records = rows.records(table)
        if not records:
            return None
        struct = _struct_types()[table]
        if _RECORD_COLUMNS is not None:
            names, kinds = _record_kinds()[table]
            batch = pa.record_batch(_Capsules((struct.__arrow_c_schema__(),
                                               _RECORD_COLUMNS(table, names, kinds, records))))
        else:
            # the row tuples as one struct array, in one pass (a third faster
            # than column by column); typed: inferring the types costs 10x more
            batch = pa.RecordBatch.from_struct_array(pa.array(records, type=struct))
    return pa.Table.from_batches([batch]) if batch.num_rows else None


def _arrow_tables(rows: Rows) -> dict[str, Any]:
    """table -> the rows' Arrow table, for each table with rows (those made as
    Arrow columns already, rows.columns, after the others)."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    tables = {}
    for table in _WRITTEN:
        made = _arrow_table(rows, table)
        batches = [] if made is None else made.to_batches()
        for columns in rows.columns:
            if table in columns:
                batch = pa.record_batch(_Capsules(columns[table]))
                if batch.num_rows:
                    batches.append(batch)
        if batches:
            tables[table] = pa.Table.from_batches(batches)
    return tables


def _copy(cursor: Any, rows: Rows) -> None:
    """Send the rows to PostgreSQL on ``cursor`` (COPY; the unreadable hands by
    INSERT: a file read again adds none twice)."""
    if rows.columns:
        raise TypeError("rows made as Arrow columns (rows.part_rows) go to DuckDB only")
    for table in _WRITTEN:
        records = rows.records(table)
        if not records:
            continue
        if table == "unreadable_hands":
            cursor.executemany("INSERT INTO unreadable_hands VALUES (%s, %s, %s, %s)"
                               " ON CONFLICT DO NOTHING", records)
            continue
        columns = ", ".join(_arrow_schemas()[table].names)
        with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            for record in records:
                copy.write_row(record)


def is_postgres(target: str) -> bool:
    """True for a PostgreSQL connection string (``postgresql://...``)."""
    return target.startswith(("postgresql://", "postgres://"))


class Database:
    """An open database: ``kind`` is ``"duckdb"`` or ``"postgresql"``; ``target``
    what it was opened from (a PostgreSQL password is never kept in it)."""

    def __init__(self, connection: Any, kind: str, target: str) -> None:
        self.connection, self.kind, self.target = connection, kind, target
        self.read_only = False   # a DuckDB file opened to read only
        self._writing = False    # a PostgreSQL transaction of transaction() is open

    # -- queries -------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.kind == "postgresql" else sql

    def query(self, sql: str, params: tuple[object, ...] | list[object] = ()
              ) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Run one statement with ``?`` parameters: (column names, rows)."""
        with self._connection_errors():
            # (the connection's own execute on both: a DuckDB cursor is another connection)
            cursor = self.connection.execute(self._sql(sql), list(params))
            names = [d[0] for d in cursor.description] if cursor.description else []
            rows = cursor.fetchall() if cursor.description else []
            if self.kind == "postgresql" and not self._writing:
                self.connection.commit()   # (psycopg opens a transaction even to read)
        return names, [tuple(row) for row in rows]

    @contextlib.contextmanager
    def _connection_errors(self) -> Iterator[None]:
        """A lost PostgreSQL server as OSError (the transaction is rolled back by it)."""
        if self.kind == "duckdb":
            yield
            return
        import psycopg

        try:
            yield
        except psycopg.OperationalError as exc:
            raise OSError(f"lost the connection to PostgreSQL at {self.target} (a batch "
                          f"being written was rolled back): {_last_line(exc)}") from None

    def known(self, site: str, ids: list[str]) -> set[str]:
        """Which of ``ids`` (hands of ``site``) are stored already."""
        if not ids:
            return set()
        _, rows = self.query("SELECT hand_id FROM hands WHERE site = ? AND hand_id >= ? AND "
                             "hand_id <= ?", (site, min(ids), max(ids)))
        wanted = set(ids)
        return {row[0] for row in rows if row[0] in wanted}

    def id_range(self, site: str) -> tuple[str, str] | None:
        """The least and greatest hand id stored of ``site`` (None: none stored)."""
        _, rows = self.query("SELECT min(hand_id), max(hand_id) FROM hands WHERE site = ?",
                             (site,))
        least, greatest = rows[0]
        return None if least is None else (least, greatest)

    def hand_keys(self, count: int) -> list[int]:
        """``count`` new hand keys, from the sequence hand_keys (never the same
        twice, whoever else imports: a batch rolled back leaves a gap)."""
        if count <= 0:
            return []
        _, rows = self.query("SELECT nextval('hand_keys') FROM generate_series(1, ?)",
                             (count,))
        return [row[0] for row in rows]

    def tables(self) -> set[str]:
        """The tables of the database's main schema."""
        _, rows = self.query("SELECT table_name FROM information_schema.tables WHERE "
                             "table_schema = ?", ("main" if self.kind == "duckdb" else "public",))
        return {row[0] for row in rows}

    @contextlib.contextmanager
    def bounded_cache(self, limit_bytes: int = IMPORT_MEMORY_LIMIT) -> Iterator[None]:
        """DuckDB's memory limit at most ``limit_bytes`` for the block (the
        previous limit restored after). DuckDB keeps the blocks it wrote in its
        cache up to its limit, 80% of the RAM by default: an import of 10^6
        hands would grow by ~0.4 KB a hand; bounded, it stays flat (its
        statements need a few MB). PostgreSQL: nothing to do (a server)."""
        if self.kind != "duckdb":
            yield
            return
        con = self.connection
        (before,) = con.execute("SELECT current_setting('memory_limit')").fetchone()
        if _bytes(before) <= limit_bytes:
            yield
            return
        con.execute("SET memory_limit = ?", [f"{limit_bytes}B"])
        try:
            yield
        finally:
            with contextlib.suppress(Exception):   # (a closed or failed connection)
                con.execute("SET memory_limit = ?", [before])

    # -- writing -------------------------------------------------------------
    def write(self, rows: Rows) -> None:
        """Store a batch in one transaction: all of it or (on any error, Ctrl-C
        included) none of it. A lost PostgreSQL connection raises OSError."""
        with self.transaction() as add:
            add(rows)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Callable[[Rows], None]]:
        """One transaction, written in parts: yields ``add(rows)``, which takes
        a part's rows at once (``rows`` may be cleared after it). Committed when
        the block ends; on any error (Ctrl-C included) none of it is stored.
        DuckDB gets the parts' Arrow tables together at the end, one insert a
        table (a batch of 20,000 hands: DuckDB writes its big tables straight
        to the file and compresses bigger groups, a quarter less time than
        5,000 at a time); PostgreSQL gets each part by COPY as it comes. A lost
        PostgreSQL connection raises OSError."""
        if self.read_only:
            raise OSError(f"cannot write to {self.target}: the file is read-only")
        if self.kind == "duckdb":
            parts: list[dict[str, Any]] = []
            yield lambda rows: parts.append(_arrow_tables(rows))
            self._write_duckdb(parts)
            return
        con = self.connection
        self._writing = True
        try:
            with self._connection_errors():
                try:
                    with con.cursor() as cursor:
                        yield lambda rows: _copy(cursor, rows)
                    con.commit()
                except BaseException:
                    if not con.closed:
                        import psycopg

                        with contextlib.suppress(psycopg.Error):
                            con.rollback()
                    raise
        finally:
            self._writing = False

    def _write_duckdb(self, parts: list[dict[str, Any]]) -> None:
        import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

        if not parts:
            return
        con = self.connection
        con.execute("BEGIN TRANSACTION")
        try:
            for table in _WRITTEN:
                pieces = [part[table] for part in parts if table in part]
                if not pieces:
                    continue
                con.register("hilo_fast_batch", pa.concat_tables(pieces))
                try:
                    # (by name: a migrated table's columns may be in another order)
                    if table == "unreadable_hands":   # the same file read again: once
                        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM "
                                    "hilo_fast_batch ON CONFLICT DO NOTHING")
                    else:
                        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM "
                                    "hilo_fast_batch")
                finally:   # (after a failed insert DuckDB refuses all but ROLLBACK)
                    with contextlib.suppress(Exception):
                        con.unregister("hilo_fast_batch")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- schema --------------------------------------------------------------
    def check_schema(self, create: bool) -> None:
        """Make the schema in an empty database (``create``), else check its version."""
        tables = self.tables()
        if "schema_version" not in tables:
            if tables & {"hands", "seats"} or not create:
                raise SchemaError(f"{self.target} is not a hilo-fast hand-history database "
                                  f"(no schema_version table)" if tables else
                                  f"{self.target} holds no hands: import some first "
                                  f"(hilo-fast hh import FILES --db {self.target})")
            self._create()
            return
        _, rows = self.query("SELECT version FROM schema_version")
        version = rows[0][0] if rows else None
        if version != SCHEMA_VERSION:
            if isinstance(version, int) and version > SCHEMA_VERSION:
                way = ("upgrade hilo-fast (pip install -U 'hilo-fast[db]') to read it, or "
                       "import the files into a new database with this one")
            elif isinstance(version, int) and _migratable(version):
                way = (f"migrate it (hilo-fast hh migrate --db {self.target}, or "
                       "hilo_fast.history.db.migrate); it keeps every hand")
            else:
                way = ("import the hand-history files again into a new database (the files "
                       "are the source: hilo-fast hh import FILES --db NEW); no migration "
                       f"from version {version} exists")
            raise SchemaError(f"{self.target} has schema version {version}, this hilo-fast "
                              f"({__version__}) uses version {SCHEMA_VERSION}: {way}")

    def _create(self) -> None:
        statements = _statements(schema_sql())
        con = self.connection
        if self.kind == "duckdb":
            con.execute("BEGIN TRANSACTION")
        try:
            for statement in statements:
                con.execute(statement)
            con.execute(self._sql("INSERT INTO schema_version VALUES (?, ?)"),
                        [SCHEMA_VERSION, f"hilo-fast {__version__}"])
            self._end(commit=True)
        except BaseException:
            self._end(commit=False)
            raise

    def _end(self, commit: bool) -> None:
        if self.kind == "duckdb":
            self.connection.execute("COMMIT" if commit else "ROLLBACK")
        elif commit:
            self.connection.commit()
        else:
            self.connection.rollback()


def _migratable(version: int) -> bool:
    return all(v in MIGRATIONS for v in range(version, SCHEMA_VERSION))


def migrate(target: str | os.PathLike[str]) -> tuple[int, int]:
    """Bring the database ``target`` of an older schema to :data:`SCHEMA_VERSION`,
    in one transaction (all the steps or none): (version before, version after).
    A database already at this version is left as it is; one of a newer or
    unknown version raises :class:`SchemaError`."""
    text = os.fspath(target)
    try:
        database = open_database(text, create=False)
    except SchemaError:
        pass
    else:   # (already this version)
        database.close()
        return SCHEMA_VERSION, SCHEMA_VERSION
    database = _open(text, read_only=False)
    with database:
        _, rows = database.query("SELECT version FROM schema_version") \
            if "schema_version" in database.tables() else ([], [])
        version = rows[0][0] if len(rows) == 1 else None
        if not isinstance(version, int) or version > SCHEMA_VERSION or \
                not _migratable(version):
            database.check_schema(create=False)   # (raises the SchemaError naming why)
            raise SchemaError(f"{database.target}: no migration from version {version}")
        if database.read_only:
            raise OSError(f"cannot migrate {text}: the file is read-only")
        con = database.connection
        if database.kind == "duckdb":
            con.execute("BEGIN TRANSACTION")
        try:
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step]():
                    con.execute(statement)
            con.execute(database._sql("UPDATE schema_version SET version = ?, created_by = "
                                      "created_by || ?"),
                        [SCHEMA_VERSION, f"; migrated by hilo-fast {__version__}"])
            database._end(commit=True)
        except BaseException:
            database._end(commit=False)
            raise
    return version, SCHEMA_VERSION


_UNITS = {"B": 1, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40,
          "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12}


def _bytes(setting: str) -> float:
    """DuckDB's memory_limit setting ("18.7 GiB") in bytes (inf when unknown)."""
    number, _, unit = setting.strip().partition(" ")
    try:
        return float(number) * _UNITS[unit.strip() or "B"]
    except (ValueError, KeyError):
        return float("inf")


def _last_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[-1] if text else type(exc).__name__


def _redacted(dsn: str) -> str:
    """A connection string without its password."""
    head, at, tail = dsn.rpartition("@")
    if not at:
        return dsn
    scheme, _, credentials = head.partition("://")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}@{tail}" if user else f"{scheme}://{tail}"


def open_database(target: str | os.PathLike[str], *, create: bool = True,
                  read_only: bool = False) -> Database:
    """Open the database ``target``: a ``postgresql://`` connection string, else a
    DuckDB file (made when missing and ``create``). Its schema is made on first
    use and its version checked (:class:`SchemaError`; an older one: see
    :func:`migrate`); a file that cannot be opened (locked by another process,
    read-only, not a database) or a server that cannot be reached raises
    OSError naming it."""
    text = os.fspath(target)
    database = _open(text, read_only=read_only, create=create)
    try:
        database.check_schema(create=create and not database.read_only)
    except BaseException:
        database.close()
        raise
    return database


def _open(text: str, *, read_only: bool, create: bool = False) -> Database:
    """The connection to ``text``, its schema not checked."""
    connection: Any
    if is_postgres(text):
        import psycopg

        shown = _redacted(text)
        try:
            connection = psycopg.connect(text, connect_timeout=10)
        except psycopg.OperationalError as exc:
            raise OSError(f"cannot connect to PostgreSQL at {shown}: {_last_line(exc)}"
                          ) from None
        database = Database(connection, "postgresql", shown)
    else:
        import duckdb

        if not os.path.exists(text) and (read_only or not create):
            raise OSError(f"{text}: no such database file")
        if os.path.isdir(text):
            raise OSError(f"{text}: is a directory, not a database file")
        if not read_only and os.path.exists(text) and (
                not os.stat(text).st_mode & 0o222 or not os.access(text, os.W_OK)):
            read_only = True   # a read-only file (even to root): open it to read only
        try:
            connection = duckdb.connect(text, read_only=read_only)
        except duckdb.Error as exc:
            message = str(exc).splitlines()[0]
            if "lock" in message.lower():
                message = "locked by another process (one writer at a time)"
            raise OSError(f"cannot open the database {text}: {message}") from None
        database = Database(connection, "duckdb", text)
        database.read_only = read_only
    return database
