"""Tracker statistics of a hand-history database, with the hi/lo ones.

:func:`stats` adds up the seats of the settled hands per player (and unit:
cents of a currency and tournament chips are never added together), grouped
further ``by`` position, stakes, game or month, in one SQL query that runs
unchanged on DuckDB and PostgreSQL. Definitions: docs/database.md. The answer
is a pandas DataFrame (a polars one when pandas is not installed), built
through Arrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .store import Database

__all__ = ["BY", "STAT_COLUMNS", "stats", "stats_rows"]

#: The groupings of ``by``: name -> SQL expression over hands h and seats s.
BY = {
    "position": "s.position",
    "stakes": "h.limit_type || ' ' || h.stakes || ' ' || h.unit",
    "game": "h.game",
    "month": ("CAST(CAST(EXTRACT(YEAR FROM h.played_at) AS INTEGER) AS VARCHAR) || '-' || "
              "LPAD(CAST(CAST(EXTRACT(MONTH FROM h.played_at) AS INTEGER) AS VARCHAR), 2, '0')"),
}


def _count(condition: str) -> str:
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


def _pct(numerator: str, denominator: str) -> str:
    return f"100.0 * {_count(numerator)} / NULLIF({_count(denominator)}, 0)"


# At showdown in a main pot that two or more contested: the player's part of it.
_SD = "s.showdown AND p.contenders >= 2"
_WON = "(COALESCE(w.high_won, 0) + COALESCE(w.low_won, 0))"

#: (column, SQL) of each statistic, in the order of the answer's columns.
STAT_COLUMNS: list[tuple[str, str]] = [
    ("hands", "COUNT(*)"),
    ("vpip", _pct("s.vpip", "TRUE")),
    ("pfr", _pct("s.pfr", "TRUE")),
    ("three_bet", _pct("s.three_bet", "s.three_bet_chance")),
    ("fold_to_three_bet", _pct("s.fold_to_three_bet", "s.fold_to_three_bet_chance")),
    ("cbet", _pct("s.cbet", "s.cbet_chance")),
    ("fold_to_cbet", _pct("s.fold_to_cbet", "s.fold_to_cbet_chance")),
    ("af", "1.0 * SUM(s.postflop_bets_raises) / NULLIF(SUM(s.postflop_calls), 0)"),
    ("afq", "100.0 * SUM(s.postflop_bets_raises) / NULLIF(SUM(s.postflop_bets_raises + "
            "s.postflop_calls + s.postflop_folds), 0)"),
    ("wtsd", _pct("s.saw_flop AND s.showdown", "s.saw_flop")),
    ("wsd", _pct("s.showdown AND s.won_money", "s.showdown")),
    ("wwsf", _pct("s.saw_flop AND s.won_money", "s.saw_flop")),
    ("net", "SUM(s.net)"),
    ("bb_per_100", "100.0 * SUM(1.0 * s.net / h.big_blind) / COUNT(*)"),
    ("adjusted_net", "SUM(s.adjusted_net)"),
    ("showdowns", _count(_SD)),
    ("scoop", _pct(f"{_SD} AND {_WON} = p.amount AND p.amount > 0", _SD)),
    ("high_only", _pct(f"{_SD} AND w.high_won > 0 AND w.low_won = 0 AND p.has_low", _SD)),
    ("low_only", _pct(f"{_SD} AND w.low_won > 0 AND w.high_won = 0", _SD)),
    ("quartered", _pct(f"{_SD} AND 8 * {_WON} > p.amount AND 8 * {_WON} < 3 * p.amount",
                       _SD)),
    ("low_made", _pct("s.showdown AND s.low_made", "s.showdown AND s.low_made IS NOT NULL")),
    ("split_won", _count(f"{_SD} AND p.winners >= 2 AND {_WON} > 0")),
    ("split_lost", _count(f"{_SD} AND p.winners >= 2 AND {_WON} = 0")),
    ("all_ins", "COUNT(e.player)"),
    ("all_in_equity", "100.0 * AVG(e.equity)"),
    ("all_in_high_equity", "100.0 * AVG(e.high_equity)"),
    ("all_in_low_equity", "100.0 * AVG(e.low_equity)"),
]


def _query(player: str | None, by: str | None) -> tuple[str, list[object]]:
    if by is not None and by not in BY:
        raise ValueError(f"bad grouping {by!r}: expected one of {', '.join(BY)}")
    group = ["s.player", "h.unit"] + ([BY[by]] if by else [])
    names = ["player", "unit"] + ([by] if by else [])
    select = [f"{expr} AS {name}" for expr, name in zip(group, names, strict=True)]
    select += [f"{sql} AS {name}" for name, sql in STAT_COLUMNS]
    where = ["s.dealt_in", "h.settled"]
    params: list[object] = []
    if player is not None:
        where.append("s.player = ?")
        params.append(player)
    sql = (f"SELECT {', '.join(select)} FROM seats s "
           "JOIN hands h ON h.hand_key = s.hand_key "
           "LEFT JOIN pots p ON p.hand_key = s.hand_key AND p.pot = 0 "
           "LEFT JOIN pot_winners w ON w.hand_key = s.hand_key "
           "AND w.pot = 0 AND w.player = s.player "
           "LEFT JOIN all_in_equities e ON e.hand_key = s.hand_key "
           "AND e.player = s.player "
           f"WHERE {' AND '.join(where)} GROUP BY {', '.join(group)} "
           f"ORDER BY {', '.join(str(k + 1) for k in range(len(group)))}")
    return sql, params


def stats_rows(db: Database, player: str | None = None, by: str | None = None
               ) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The statistics as (column names, rows): one row per player and unit (and
    ``by`` group); ``player`` keeps one player's rows only (a parameter, never
    part of the SQL text)."""
    sql, params = _query(player, by)
    names, rows = db.query(sql, params)
    # numbers as Python numbers on both backends (PostgreSQL's are Decimal)
    return names, [tuple(float(v) if type(v).__name__ == "Decimal" else v for v in row)
                   for row in rows]


def stats(db: Database | str, player: str | None = None, by: str | None = None,
          frame: str | None = None) -> Any:
    """The statistics of ``db`` (an open :class:`~.store.Database`, or a DuckDB
    file / ``postgresql://`` string to open) as a DataFrame: pandas, or polars
    when pandas is not installed (``frame="pandas"`` or ``"polars"`` to choose).
    Columns: player, unit, the ``by`` group if any, then :data:`STAT_COLUMNS`
    (percentages 0..100; amounts in the smallest unit)."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]

    from .store import open_database

    if isinstance(db, str):
        with open_database(db, create=False, read_only=True) as opened:
            return stats(opened, player, by, frame)
    names, rows = stats_rows(db, player, by)
    table = pa.table({name: pa.array([row[k] for row in rows]) if rows else pa.array([])
                      for k, name in enumerate(names)})
    if frame is None:
        try:
            import pandas  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: F401
            frame = "pandas"
        except ImportError:
            frame = "polars"
    if frame == "pandas":
        return table.to_pandas()
    if frame == "polars":
        import polars  # type: ignore[import-untyped, import-not-found, unused-ignore]

        return polars.from_arrow(table)
    raise ValueError(f"bad frame {frame!r}: expected 'pandas' or 'polars'")
