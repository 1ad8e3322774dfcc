"""Each table of a hand-history database as a Parquet file (pyarrow).

The rows are streamed in record batches (DuckDB's Arrow reader; PostgreSQL's
rows fetched in chunks, typed by their column types), so memory holds one
batch whatever the size of the table. The table names are the schema's own,
never taken from input; the folder is a plain path for pyarrow (no SQL).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .rows import TABLES

if TYPE_CHECKING:
    from .store import Database

__all__ = ["EXPORTED", "export_parquet"]

#: The tables written, each to TABLE.parquet.
EXPORTED = ("schema_version", *TABLES, "unreadable_hands")
_CHUNK = 65536


def _postgres_types() -> dict[int, Any]:
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    # PostgreSQL type oids -> Arrow types (the schema's column types only)
    return {16: pa.bool_(), 20: pa.int64(), 21: pa.int16(), 23: pa.int32(),
            701: pa.float64(), 1043: pa.string(), 25: pa.string(), 1114: pa.timestamp("us")}


def _batches(db: Database, table: str) -> tuple[Any, Any]:
    """(schema, iterator of record batches) of ``table``."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    if db.kind == "duckdb":
        con = db.connection
        query = f"SELECT * FROM {table}"
        relation = con.sql(query)
        if hasattr(relation, "to_arrow_reader"):   # DuckDB 2
            reader = relation.to_arrow_reader(_CHUNK)
        else:
            reader = con.execute(query).fetch_record_batch(_CHUNK)
        return reader.schema, iter(reader)
    types = _postgres_types()
    cursor = db.connection.cursor(name=f"hilo_fast_export_{table}")   # server-side: streamed
    cursor.execute(f"SELECT * FROM {table}")   # (its description comes with the execute)
    schema = pa.schema([(d.name, types.get(d.type_code, pa.string()))
                        for d in cursor.description])

    def chunks() -> Any:
        try:
            while True:
                rows = cursor.fetchmany(_CHUNK)
                if not rows:
                    break
                columns = list(zip(*rows, strict=True))
                yield pa.record_batch([pa.array(list(column), type=field.type)
                                       for column, field in zip(columns, schema, strict=True)],
                                      schema=schema)
        finally:
            cursor.close()
            db.connection.commit()
    return schema, chunks()


def export_parquet(db: Database, folder: str | os.PathLike[str]) -> dict[str, int]:
    """Write each table of ``db`` to ``folder``/TABLE.parquet (the folder made when
    missing); returns table -> rows written."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]

    os.makedirs(folder, exist_ok=True)
    written: dict[str, int] = {}
    for table in EXPORTED:
        schema, batches = _batches(db, table)
        path = os.path.join(folder, f"{table}.parquet")
        count = 0
        with pq.ParquetWriter(path + ".part", schema) as writer:
            for batch in batches:
                writer.write_batch(batch)
                count += batch.num_rows
        os.replace(path + ".part", path)
        written[table] = count
    return written
