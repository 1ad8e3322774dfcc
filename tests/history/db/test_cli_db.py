"""``hilo-fast hh import / stats / export / report --db`` end to end, and their
one-line errors (issue 29)."""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hilo_fast.cli import main
from hilo_fast.history.db import open_database
from hilo_fast.history.db.stats import BY, stats_rows
from hilo_fast.history.model import HandHistory

from .conftest import WEIRD_NAMES


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_import_stats_export(database: str, hands_file: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_bytes(hands_file.read_bytes())
    status, out, err = _run(capsys, "hh", "import", str(folder), "--db", database,
                            "--batch", "64")
    assert status == 0, err
    assert "160 hands read: 160 stored (160 replayed exactly" in out
    status, out, _ = _run(capsys, "hh", "import", str(folder / "a.txt"), "--db", database)
    assert status == 0 and "0 stored" in out and "160 already stored" in out
    with open_database(database) as db:
        names, rows = stats_rows(db, WEIRD_NAMES["p2"], "position")
    status, out, _ = _run(capsys, "hh", "stats", "--db", database, "--player",
                          WEIRD_NAMES["p2"], "--by", "position", "--json")
    data = json.loads(out)
    assert status == 0 and data["hands"] == 160 and data["with_discrepancies"] == 0
    assert [[r[n] for n in names[:4]] for r in data["rows"]] == [list(r[:4]) for r in rows]
    status, out, _ = _run(capsys, "hh", "stats", "--db", database, "--csv")
    table = list(csv.reader(io.StringIO(out)))
    assert status == 0 and table[0][:4] == ["player", "unit", "hands", "vpip"]
    assert {row[0] for row in table[1:]} >= set(WEIRD_NAMES.values())
    status, out, _ = _run(capsys, "hh", "stats", "--db", database)
    assert status == 0 and out.startswith("160 hands stored (0 with discrepancies), 0 unreadable")
    status, out, _ = _run(capsys, "hh", "export", "--db", database, "--parquet",
                          str(tmp_path / "pq 'x"))
    assert status == 0
    import pyarrow.parquet as pq

    hands = pq.read_table(tmp_path / "pq 'x" / "hands.parquet")
    seats = pq.read_table(tmp_path / "pq 'x" / "seats.parquet")
    assert hands.num_rows == 160 and "hand_id" in hands.column_names
    with open_database(database) as db:
        assert seats.num_rows == db.query("SELECT COUNT(*) FROM seats")[1][0][0]


def test_by_choices_are_the_groupings() -> None:
    from hilo_fast.cli.hh_db import BY_CHOICES

    assert set(BY_CHOICES) == set(BY)


@pytest.mark.parametrize("args, says, code", [
    (["hh", "stats", "--db", "{tmp}/none.duckdb"], "no such database file", 1),
    (["hh", "stats", "--db", "{tmp}/empty.duckdb"], "holds no hands: import some first", 2),
    (["hh", "stats", "--db", "{tmp}/x.duckdb", "--by", "seat"], "invalid choice", 2),
    (["hh", "import", "{tmp}/missing.txt", "--db", "{tmp}/y.duckdb"], "missing.txt", 1),
    (["hh", "stats", "--db", "postgresql://me:pw@127.0.0.1:1/x"],
     "cannot connect to PostgreSQL at postgresql://me@127.0.0.1:1/x", 1),
    (["hh", "report", "--db", "{tmp}/none.duckdb"], "needs --html", 2),
    (["hh", "report", "--html", "{tmp}/r.html", "{tmp}/a.txt"], "--html needs --db", 2),
])
def test_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                         says: str, code: int) -> None:
    import duckdb

    duckdb.connect(str(tmp_path / "empty.duckdb")).close()
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    with pytest.raises(SystemExit) if "invalid choice" in says else _nothing() as exited:
        status, _, err = _run(capsys, *args)
    if exited is not None:
        status, err = int(exited.value.code or 0), capsys.readouterr().err
    assert status == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hilo-fast: error: ") and says in lines[0]
    assert "pw" not in err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_missing_extra_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "duckdb", None)   # import duckdb fails
    status, _, err = _run(capsys, "hh", "stats", "--db", str(tmp_path / "x.duckdb"))
    assert status == 2
    assert err.strip() == "hilo-fast: error: hilo-fast hh needs duckdb: pip install " \
                          "'hilo-fast[db]'"


def test_ctrl_c_says_how_far_it_got(tmp_path: Path, hands_file: Path,
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C (KeyboardInterrupt: what SIGINT raises) in the middle of an import:
    exit 130, the line says how many hands are stored, and the database holds
    exactly those, every one whole."""
    from hilo_fast.cli import hh_db
    from hilo_fast.history.sites.pokerstars import read_pokerstars

    def interrupted(path: str) -> Iterator[HandHistory]:
        for k, h in enumerate(read_pokerstars(path)):
            if k == 130:
                raise KeyboardInterrupt
            yield h

    monkeypatch.setattr(hh_db, "read_source", interrupted)
    target = str(tmp_path / "c.duckdb")
    status, _, err = _run(capsys, "hh", "import", str(hands_file), "--db", target,
                          "--batch", "50")
    assert status == 130
    assert err.strip().splitlines()[-1] == (
        f"hilo-fast: interrupted after 100 hands; 100 hands stored in {target} (every batch "
        "committed; the one being written was rolled back)")
    with open_database(target) as db:
        assert db.query("SELECT COUNT(*) FROM hands")[1][0][0] == 100
        orphans = db.query("SELECT COUNT(*) FROM seats s WHERE NOT EXISTS (SELECT 1 FROM hands "
                           "h WHERE h.hand_key = s.hand_key)")[1][0][0]
        assert orphans == 0
