"""Importing hand histories into a database, both backends: every row there,
stored once, grown files, batches all-or-nothing, bad input (issue 29)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hilo_fast.history.db import SCHEMA_VERSION, SchemaError, import_hands, open_database
from hilo_fast.history.db.store import Database
from hilo_fast.history.model import HandHistory
from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars

from .conftest import WEIRD_NAMES, synthetic_text


def _count(db: Database, sql: str, params: tuple[object, ...] = ()) -> int:
    return int(db.query(sql, params)[1][0][0])


def _consistent(db: Database) -> None:
    """No row of a hand that is not in hands (a batch is all or nothing), and
    each hand a key of its own."""
    for table in ("seats", "actions", "boards", "pots", "pot_winners", "all_in_equities",
                  "discrepancies"):
        assert _count(db, f"SELECT COUNT(*) FROM {table} t WHERE NOT EXISTS (SELECT 1 FROM "
                          "hands h WHERE h.hand_key = t.hand_key)") == 0
    # every hand has its seats
    assert _count(db, "SELECT COUNT(*) FROM hands h WHERE NOT EXISTS (SELECT 1 FROM seats s "
                      "WHERE s.hand_key = h.hand_key)") == 0
    assert _count(db, "SELECT COUNT(DISTINCT hand_key) FROM hands") == \
        _count(db, "SELECT COUNT(*) FROM hands")


def test_every_row_stored(database: str, hands_file: Path) -> None:
    hands = list(read_pokerstars(hands_file))
    with open_database(database) as db:
        result = import_hands(db, read_pokerstars(hands_file), batch_size=64)
        assert (result.read, result.stored, result.known) == (160, 160, 0)
        assert result.exact == 160 and result.discrepancies == 0
        replays = [h.replay() for h in hands]
        assert _count(db, "SELECT COUNT(*) FROM hands") == 160
        assert _count(db, "SELECT COUNT(*) FROM seats") == sum(len(h.seats) for h in hands)
        assert _count(db, "SELECT COUNT(*) FROM actions") == sum(
            len(h.posts) + len(h.actions) for h in hands)
        assert _count(db, "SELECT COUNT(*) FROM boards") == sum(bool(h.board) for h in hands)
        assert _count(db, "SELECT COUNT(*) FROM pots") == sum(len(r.pots) for r in replays)
        assert _count(db, "SELECT COUNT(*) FROM discrepancies") == 0
        assert _count(db, "SELECT SUM(contributed) FROM seats") == sum(h.total_pot
                                                                     for h in hands)
        for h, rep in list(zip(hands, replays, strict=True))[::5]:   # what the replay paid
            (key,), = db.query("SELECT hand_key FROM hands WHERE site = ? AND hand_id = ?",
                               (h.site, h.hand_id))[1]
            rows = db.query("SELECT player, contributed, collected, net, stack FROM seats "
                            "WHERE hand_key = ? AND dealt_in ORDER BY seat", (key,))[1]
            assert {r[0]: (r[1], r[2], r[3]) for r in rows} == {
                name: (put, rep.collected.get(name, 0), rep.collected.get(name, 0) - put)
                for name, put in rep.contributions.items()}
            assert sum(r[1] for r in rows) == h.total_pot
            won = db.query("SELECT player, high_won + low_won FROM pot_winners WHERE "
                           "hand_key = ?", (key,))[1]
            paid: dict[str, int] = {}
            for name, amount in won:
                paid[name] = paid.get(name, 0) + amount
            assert paid == {k: v for k, v in rep.collected.items() if v}
            board = db.query("SELECT flop, turn, river FROM boards WHERE hand_key = ?",
                             (key,))[1]
            assert "".join(c for c in (board[0] if board else ()) if c) == "".join(h.board)
        # the names that would break built SQL are stored as they are
        names = {r[0] for r in db.query("SELECT DISTINCT player FROM seats")[1]}
        assert set(WEIRD_NAMES.values()) <= names
        assert _count(db, "SELECT COUNT(*) FROM seats WHERE player = ?",
                      (WEIRD_NAMES["p1"],)) == sum(WEIRD_NAMES["p1"] in {s.name for s in h.seats}
                                                   for h in hands)
        _consistent(db)


def test_each_run_of_a_hand_run_twice_is_a_board(database: str) -> None:
    """The board of every run (run 1, 2, ...), as the file's summary lists them."""
    path = Path(__file__).resolve().parents[1] / "data" / "pokerstars" / "run_it_twice.txt"
    text = path.read_text(encoding="utf-8")
    # (site, hand, run) -> cards, from the file's own summary lines
    want: dict[tuple[str, int], str] = {}
    for block in text.split("\n\n"):
        head = re.search(r"Hand #(\d+)", block)
        for number, word in enumerate(("FIRST", "SECOND", "THIRD"), 1):
            board = re.search(rf"^{word} Board \[([^\]]*)\]", block, re.MULTILINE)
            if head and board:
                want[(head[1], number)] = board[1].replace(" ", "")
    assert len(want) >= 4   # two hands, two runs each at least
    with open_database(database) as db:
        import_hands(db, read_pokerstars(path))
        rows = db.query("SELECT h.hand_id, b.run, b.flop, b.turn, b.river FROM boards b "
                        "JOIN hands h USING (hand_key)")[1]
        # hand 9001 by hand: 950 after the rake, 475 a run. Run 1 (4c7d8sQh9c): bob's
        # queens take the high, 238 with the odd chip; both lows are 8-7-4-2-A: 237
        # split 119 to ann (first from the button), 118 to bob. Run 2 (5d6hJcTs2d):
        # bob's pair of queens the high, 238; ann's 6-5-3-2-A the only low, 237.
        won = db.query("SELECT player, high_won, low_won FROM pot_winners JOIN hands "
                       "USING (hand_key) WHERE hand_id = '9001' ORDER BY player")[1]
        assert [tuple(r) for r in won] == [("ann", 0, 119 + 237), ("bob", 238 + 238, 118)]
        pot = db.query("SELECT p.amount, p.has_low, p.high_amount, p.low_amount FROM pots p "
                       "JOIN hands USING (hand_key) WHERE hand_id = '9001'")[1]
        assert [tuple(r) for r in pot] == [(950, True, 476, 474)]
    hands = {hand for hand, _ in want}
    got = {(hand, run): flop + turn + river for hand, run, flop, turn, river in rows
           if hand in hands}
    assert got == want


def test_stored_once_and_grown_file_adds_its_new_hands(database: str, tmp_path: Path) -> None:
    path = tmp_path / "growing.txt"
    text = synthetic_text(120, seed=5)
    cut = [m.start() for m in re.finditer(r"^PokerStars Hand", text, re.MULTILINE)][50]
    path.write_text(text[:cut], encoding="utf-8")
    with open_database(database) as db:
        first = import_hands(db, read_pokerstars(path), batch_size=32)
        assert (first.read, first.stored) == (50, 50)
        path.write_text(text, encoding="utf-8")   # the site appended 70 hands
        again = import_hands(db, read_pokerstars(path), batch_size=32)
        assert (again.read, again.stored, again.known) == (120, 70, 50)
        twice = import_hands(db, list(read_pokerstars(path)) * 2, batch_size=1000)
        assert (twice.stored, twice.known) == (0, 240)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 120
        seats = _count(db, "SELECT COUNT(*) FROM seats")
    with open_database(database) as db:   # the same rows as one import of the whole file
        assert seats == sum(len(h.seats) for h in read_pokerstars(path))
        _consistent(db)


def test_parts_outside_the_stored_ids_are_not_looked_up(database: str, hands_file: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """DuckDB: a part whose hand ids all lie outside the ids stored of its site
    (asked once, widened by what the import stores) is not looked up; one that
    overlaps them is, and its stored hands are found, in any order. PostgreSQL
    (a server others may import into meanwhile): every part is looked up."""
    from hilo_fast.history.db import importer

    monkeypatch.setattr(importer, "_PART", 10)
    hands = sorted(read_pokerstars(hands_file), key=lambda h: h.hand_id)
    asked: list[int] = []
    with open_database(database) as db:
        known = db.known
        monkeypatch.setattr(db, "known", lambda site, ids: asked.append(len(ids)) or
                            known(site, ids))
        first = import_hands(db, hands[40:80], batch_size=20)   # 4 parts, ids ascending
        assert (first.stored, asked) == (40, [] if db.kind == "duckdb" else [10] * 4)
        asked.clear()
        # above the stored ids (two parts), below them (the range now 0..99),
        # inside (every one stored), inside the widened range (none stored)
        again = import_hands(db, hands[80:100] + hands[:10] + hands[45:55] + hands[10:20][::-1],
                             batch_size=1000)
        assert (again.stored, again.known) == (40, 10)
        assert asked == ([10, 10] if db.kind == "duckdb" else [10] * 5)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 80
        _consistent(db)


def test_same_hand_twice_in_one_batch_is_stored_once(database: str, hands_file: Path) -> None:
    hands = list(read_pokerstars(hands_file))[:5]
    with open_database(database) as db:
        result = import_hands(db, hands + hands[::-1], batch_size=100)
        assert (result.stored, result.known) == (5, 5)


def _interrupted(hands: list[HandHistory], after: int) -> Iterator[HandHistory]:
    for k, h in enumerate(hands):
        if k == after:
            raise KeyboardInterrupt
        yield h


def test_ctrl_c_keeps_the_committed_batches(database: str, hands_file: Path) -> None:
    from hilo_fast.history.db import ImportResult

    hands = list(read_pokerstars(hands_file))
    result = ImportResult()
    with open_database(database) as db:
        with pytest.raises(KeyboardInterrupt):
            import_hands(db, _interrupted(hands, 130), batch_size=50, result=result)
        assert result.stored == 100   # two batches committed, the third never written
        assert _count(db, "SELECT COUNT(*) FROM hands") == 100
        _consistent(db)
        # the rest comes in on the next import
        assert import_hands(db, hands).stored == 60


def test_a_batch_of_several_parts_is_one_transaction(database: str, hands_file: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch is read, replayed and sent a part at a time (PostgreSQL gets each
    part as it comes, DuckDB all of them at the end), yet committed whole: Ctrl-C
    in a batch's fifth part leaves none of its first four, and the hands known
    from a part (or twice in one batch) are stored once."""
    from hilo_fast.history.db import ImportResult, importer

    monkeypatch.setattr(importer, "_PART", 7)
    hands = list(read_pokerstars(hands_file))
    result = ImportResult()
    with open_database(database) as db:
        import_hands(db, hands[:10], batch_size=10)
        with pytest.raises(KeyboardInterrupt):
            import_hands(db, _interrupted(hands[:90] + hands[:5], 80), batch_size=50,
                         result=result)
        # batch 1: hands 0..49 (the 10 stored before known); batch 2 cut in its
        # fifth part of 7 hands, its first four (28 hands) read and not stored
        assert (result.read, result.stored, result.known) == (78, 40, 10)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 50
        _consistent(db)
        again = import_hands(db, hands[:90] + hands[40:60], batch_size=50)
        assert (again.stored, again.known) == (40, 70)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 90
        _consistent(db)


def test_hand_keys_are_taken_a_batch_at_a_time(database: str, hands_file: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a part comes full the keys of the rest of its batch are taken at
    once (one query a batch); a short part (the file's end) takes only its own.
    Every hand a key of its own, whatever is left unused."""
    from hilo_fast.history.db import importer

    monkeypatch.setattr(importer, "_PART", 7)
    asked: list[int] = []
    taking = Database.hand_keys
    monkeypatch.setattr(Database, "hand_keys",
                        lambda self, count: asked.append(count) or taking(self, count))
    hands = list(read_pokerstars(hands_file))[:60]
    with open_database(database) as db:
        assert import_hands(db, hands[:3], batch_size=20).stored == 3   # a short part
        assert asked == [3]
        # batches of 20: a full part takes the batch's 20 at once; the last batch
        # (its parts 7, 7, 3) takes 20 too, 3 of them unused (a gap in the keys)
        assert import_hands(db, hands[3:], batch_size=20).stored == 57
        assert asked == [3, 20, 20, 20]
        # 14 hands: a part of 7 known (no key), then a full part of 3 known and 4
        # new: the keys of the rest of the batch, 20 - 14 + 7
        more = hands[:10] + list(read_pokerstars(hands_file))[60:64]
        assert import_hands(db, more, batch_size=20).stored == 4
        assert asked == [3, 20, 20, 20, 13]
        _consistent(db)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 64


def test_a_failing_batch_writes_nothing(database: str, hands_file: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """An error while a batch is written (here a NULL where the schema forbids
    one, in one of the last tables written) rolls the whole batch back."""
    from hilo_fast.history.db import rows as rows_module

    hands = list(read_pokerstars(hands_file))
    original, original_part = rows_module.hand_rows, rows_module.part_rows
    bad = hands[120].hand_id

    def broken(h: HandHistory, rep: object, source: str, out: rows_module.Rows,
               **options: Any) -> None:
        original(h, rep, source, out, **options)  # type: ignore[arg-type]
        if h.hand_id == bad:
            out.tables["all_in_equities"].append((options["key"], None, "AhKh2c", 0.5, 0.5,
                                                  0.5, 10.0, 0, True, 0.0))

    def broken_part(part: list[HandHistory], keys: list[int], source: str,
                    out: rows_module.Rows, samples: int | None) -> list[int]:
        left = original_part(part, keys, source, out, samples)
        for k, h in enumerate(part):   # (the hands made whole in C: DuckDB's import)
            if h.hand_id == bad and k not in left:
                out.tables["all_in_equities"].append((keys[k], None, "AhKh2c", 0.5, 0.5,
                                                      0.5, 10.0, 0, True, 0.0))
        return left

    with open_database(database) as db:
        import_hands(db, hands[:80], batch_size=80)
        monkeypatch.setattr("hilo_fast.history.db.importer.hand_rows", broken)
        monkeypatch.setattr("hilo_fast.history.db.importer.part_rows", broken_part)
        with pytest.raises(Exception, match=r"(?i)null"):
            import_hands(db, hands[80:], batch_size=80)
        assert _count(db, "SELECT COUNT(*) FROM hands") == 80
        _consistent(db)


def test_unreadable_and_discrepant_hands_are_stored(database: str) -> None:
    hands = synthetic_text(6, seed=7, weird=False).split("\n\n\n")[:-1]
    unreadable = hands[1].replace("in chips)", "in chipz)", 1)
    # the site's payout changed by a cent: the replay finds it
    def one_cent_more(match: re.Match[str]) -> str:
        cents = round(float(match[1]) * 100) + 1
        return f"collected ${cents // 100}.{cents % 100:02d} from"

    discrepant = re.sub(r"collected \$([\d.]+) from", one_cent_more, hands[3], count=1)
    assert discrepant != hands[3]
    text = "\n\n\n".join([hands[0], unreadable, hands[2], discrepant, hands[4]]) + "\n\n\n"
    with open_database(database) as db:
        reader = parse_pokerstars(text)
        result = import_hands(db, reader, source="mixed.txt")
        assert (result.stored, result.unreadable, result.discrepancies) == (4, 1, 1)
        rows = db.query("SELECT source, hand_id, reason FROM unreadable_hands")[1]
        assert rows == [("mixed.txt", "10000001", reader.errors[0].reason)]
        bad = db.query("SELECT h.hand_id, h.exact, d.message FROM hands h JOIN discrepancies d "
                       "ON d.hand_key = h.hand_key")[1]
        assert {r[0] for r in bad} == {"10000003"} and not bad[0][1]
        assert any("collected" in r[2] for r in bad)
        # read again: nothing twice, the unreadable hand included
        import_hands(db, parse_pokerstars(text), source="mixed.txt")
        assert _count(db, "SELECT COUNT(*) FROM unreadable_hands") == 1
        assert _count(db, "SELECT COUNT(*) FROM hands") == 4


def test_file_names_are_parameters(database: str, hands_file: Path, tmp_path: Path) -> None:
    name = str(tmp_path / "x'); DROP TABLE hands;-- ?%s.txt")
    Path(name).write_bytes(hands_file.read_bytes())
    with open_database(database) as db:
        import_hands(db, read_pokerstars(name), source=name)
        assert db.query("SELECT DISTINCT source FROM hands")[1] == [(name,)]
        assert _count(db, "SELECT COUNT(*) FROM hands WHERE source = ?", (name,)) == 160


@pytest.mark.parametrize("version, says", [(SCHEMA_VERSION + 1, "upgrade hilo-fast"),
                                           (0, "import the hand-history files again")])
def test_other_schema_version_is_refused(database: str, version: int, says: str) -> None:
    with open_database(database) as db:
        db.query("UPDATE schema_version SET version = ?", (version,))
        if db.kind == "duckdb":
            db.connection.commit()
    with pytest.raises(SchemaError, match=f"schema version {version}, .* uses version "
                                          f"{SCHEMA_VERSION}: {says}"):
        open_database(database)


def test_not_a_hilo_fast_database(tmp_path: Path) -> None:
    import duckdb

    path = str(tmp_path / "other.duckdb")
    with duckdb.connect(path) as con:
        con.execute("CREATE TABLE hands (x INTEGER)")
    with pytest.raises(SchemaError, match="not a hilo-fast hand-history database"):
        open_database(path)
    with pytest.raises(OSError, match="no such database file"):
        open_database(str(tmp_path / "missing.duckdb"), create=False)


def test_read_only_file(tmp_path: Path, hands_file: Path) -> None:
    path = tmp_path / "ro.duckdb"
    with open_database(path) as db:
        import_hands(db, list(read_pokerstars(hands_file))[:10])
    os.chmod(path, 0o444)
    try:
        with open_database(path) as db:   # opened to read: its statistics still work
            assert db.read_only
            assert _count(db, "SELECT COUNT(*) FROM hands") == 10
            with pytest.raises(OSError, match="read-only"):
                import_hands(db, list(read_pokerstars(hands_file))[10:20])
            assert _count(db, "SELECT COUNT(*) FROM hands") == 10
    finally:
        os.chmod(path, 0o644)


def test_locked_file(tmp_path: Path) -> None:
    path = tmp_path / "locked.duckdb"
    open_database(path).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import duckdb, sys, time
            con = duckdb.connect({str(path)!r})
            print("open", flush=True)
            sys.stdin.read()
        """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(OSError, match="locked by another process"):
            open_database(path)
    finally:
        holder.communicate("", timeout=30)


def test_postgres_down() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(OSError, match=r"cannot connect to PostgreSQL at "
                                      r"postgresql://someone@127\.0\.0\.1:1/none"):
        open_database("postgresql://someone:secret@127.0.0.1:1/none")


def test_postgres_lost_mid_import(postgres_database: str, hands_file: Path) -> None:
    """The server ends the connection between two batches: the batches before
    stay, the one being written is not half there."""
    import psycopg

    database = postgres_database
    hands = list(read_pokerstars(hands_file))

    def cut_after(count: int) -> Iterator[HandHistory]:
        for k, h in enumerate(hands):
            if k == count:
                with psycopg.connect(database, autocommit=True) as other:
                    other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE datname = current_database() AND pid <> "
                                  "pg_backend_pid()")
            yield h

    with open_database(database) as db, pytest.raises(OSError, match="PostgreSQL"):
        import_hands(db, cut_after(130), batch_size=100)
    with open_database(database) as db:
        assert _count(db, "SELECT COUNT(*) FROM hands") == 100
        _consistent(db)


def test_an_import_bounds_duckdbs_cache_and_restores_it(tmp_path: Path,
                                                        hands_file: Path) -> None:
    """DuckDB keeps written blocks cached up to its memory limit (80% of the RAM):
    an import bounds it (memory flat on 10^6 hands) and gives the limit back."""
    from hilo_fast.history.db.store import IMPORT_MEMORY_LIMIT, _bytes

    assert _bytes("18.7 GiB") == 18.7 * 2**30 and _bytes("122.0 MiB") == 122 * 2**20
    assert _bytes("512 B") == 512 and _bytes("what") == float("inf")
    seen: list[float] = []
    with open_database(str(tmp_path / "h.duckdb")) as db:
        def limit() -> float:
            return _bytes(db.query("SELECT current_setting('memory_limit')")[1][0][0])

        before = limit()
        assert before > IMPORT_MEMORY_LIMIT   # (DuckDB's default on any test machine)
        import_hands(db, read_pokerstars(hands_file), batch_size=50,
                     on_read=lambda _: seen.append(limit()))
        assert seen and all(v <= IMPORT_MEMORY_LIMIT for v in seen)
        assert limit() == pytest.approx(before, rel=0.01)
        db.connection.execute("SET memory_limit = '64MB'")   # a smaller one is kept
        import_hands(db, read_pokerstars(hands_file), on_read=lambda _: seen.append(limit()))
        assert seen[-1] == limit() == _bytes("61.0 MiB")
