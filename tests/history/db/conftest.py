"""Fixtures of the database tests: a fresh database of each backend.

``database``: an empty hand-history database target, DuckDB (a file in a temp
folder) and PostgreSQL (the server of tools/postgres_for_tests.sh, its DSN in
HILO_FAST_TEST_POSTGRES; .ci/run starts it and sets it). Without the variable
the PostgreSQL cases skip, except where HILO_FAST_REQUIRE_DB_SERVICES is set
(.ci/run's step), where that is a failure: they must not silently skip there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")

from hilo_fast.history.db.store import drop_statements
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

POSTGRES = os.environ.get("HILO_FAST_TEST_POSTGRES")
#: Player names that would break string-built SQL (and psycopg's %s, and ? marks).
WEIRD_NAMES = {"p1": "O'Brien\"; DROP TABLE hands;--", "p2": "Zoë 山田 ?$1 %s"}


def _reset_postgres(dsn: str) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as con:
        for statement in drop_statements():
            con.execute(statement)


@pytest.fixture(params=["duckdb", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database target of each backend."""
    if request.param == "duckdb":
        yield str(tmp_path / "hands.duckdb")
        return
    yield from _postgres()


@pytest.fixture(scope="module", params=["duckdb", "postgresql"])
def imported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
             hands_file: Path) -> Iterator[str]:
    """A database of each backend holding hands_file's hands (imported once per module)."""
    from hilo_fast.history.db import import_hands, open_database
    from hilo_fast.history.sites.pokerstars import read_pokerstars

    targets = module_target(request.param, tmp_path_factory, "hands.duckdb")
    target = next(targets)
    with open_database(target) as db:
        import_hands(db, read_pokerstars(hands_file), batch_size=128)
    yield target
    next(targets, None)   # (PostgreSQL: dropped again)


def module_target(backend: str, tmp_path_factory: pytest.TempPathFactory,
                  name: str) -> Iterator[str]:
    """An empty database target of ``backend`` for a module-scoped fixture: a
    DuckDB file ``name`` in a folder of its own, or the PostgreSQL test
    database (advance the iterator once more after use: dropped again)."""
    if backend == "duckdb":
        yield str(tmp_path_factory.mktemp("db") / name)
        return
    yield from _postgres()


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """An empty PostgreSQL database (the DSN)."""
    yield from _postgres()


def _postgres() -> Iterator[str]:
    if not POSTGRES:
        if os.environ.get("HILO_FAST_REQUIRE_DB_SERVICES"):   # .ci/run: never skip
            pytest.fail("HILO_FAST_TEST_POSTGRES is not set (tools/postgres_for_tests.sh)")
        pytest.skip("HILO_FAST_TEST_POSTGRES not set (tools/postgres_for_tests.sh start DIR)")
    pytest.importorskip("psycopg")
    _reset_postgres(POSTGRES)
    yield POSTGRES
    _reset_postgres(POSTGRES)


def synthetic_text(count: int, seed: int, *, weird: bool = True) -> str:
    """``count`` synthetic PokerStars hands, with two players renamed to names
    full of quotes, SQL and non-ASCII. Hands all in preflop are left out: their
    exact equity (10^6 boards) takes a second each on the pure backend, which
    the suite also runs; all-ins on the flop and turn stay (and their equities)."""
    hands = []
    for text in synthetic_histories(4 * count, seed=seed):
        (h,) = parse_pokerstars(text)
        if h.replay().all_in_board != ():
            hands.append(text)
            if len(hands) == count:
                break
    text = "".join(hands)
    if weird:
        for old, new in WEIRD_NAMES.items():
            text = re.sub(rf"\b{old}\b", new, text)
    return text


@pytest.fixture(scope="session", autouse=True)
def _equities_once() -> Iterator[None]:
    """The tests import the same hands again and again: each all-in spot's
    equities are worked out once (pots_equity is a pure function of its
    arguments)."""
    from hilo_fast.history.db import rows

    original = rows.pots_equity
    cache: dict[object, object] = {}

    def once(holes: Any, pots: Any, board: Any, samples: Any, seeds: Any) -> Any:
        key = (tuple(map(tuple, holes)), tuple(map(tuple, pots)), tuple(board), samples,
               tuple(seeds))
        if key not in cache:
            cache[key] = original(holes, pots, board, samples, seeds)
        return cache[key]

    rows.pots_equity = once   # type: ignore[assignment]
    yield
    rows.pots_equity = original


@pytest.fixture(scope="session")
def hands_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """160 synthetic hands (every structure, 2..9 seats, all-ins), weird names."""
    path = tmp_path_factory.mktemp("hh") / "synthetic.txt"
    path.write_text(synthetic_text(160, seed=29), encoding="utf-8")
    return path
