"""Hand histories: the model every reader fills (:mod:`.model`:
:class:`HandHistory`), one reader per site (:mod:`.sites`), any site's files read by
:func:`~hilo_fast.history.read.read_history` (:mod:`.read`), the replay that
plays a history again through the engine and checks every chip
(:mod:`.replay`), PHH in and out (:mod:`.phh`), all-in EV reports
(:mod:`.report`), and synthetic histories for tests and benchmarks
(:mod:`.synth`). The readers' and the replay's C fast paths are
:mod:`._c_backend`; the Python code is their twin.

:mod:`.db` stores hands in DuckDB or PostgreSQL; :func:`stats` gives a
database's tracker statistics.

Nothing is imported here: ``hilo_fast`` loads the reader on first use (its
regular expressions would add a fifth to every program's import time).
"""

from __future__ import annotations

from typing import Any


def stats(db: Any, player: str | None = None, by: str | None = None,
          frame: str | None = None) -> Any:
    """The tracker statistics of a hand-history database as a DataFrame (pandas,
    or polars without pandas): see :func:`hilo_fast.history.db.stats.stats` and
    docs/database.md. ``db``: a DuckDB file, a ``postgresql://`` URL or an open
    :class:`~hilo_fast.history.db.Database` (the ``db`` extra)."""
    from .db.stats import stats as database_stats

    return database_stats(db, player, by, frame)
