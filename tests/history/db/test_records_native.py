"""Row tuples to Arrow columns in C (csrc/py/hhrows_records.c's record_columns)
against their twin, pyarrow's conversion of the same tuples to the table's
struct type: the same tables for the rows of every site's fixtures and of
synthetic hands, for random rows of every column type at its edges (text of
any characters, ints of 16, 32 and 64 bits, floats, timestamps of years 1 to
9999, nulls), and a clear error, never a crash, on a bad row or value."""

from __future__ import annotations

import datetime as dt
import gc
import math
import random
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history._backend import fast
from hilo_fast.history.db.rows import Rows, all_in_rows, hand_rows
from hilo_fast.history.db.store import _WRITTEN, _Capsules, _record_kinds, _struct_types
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

pa = pytest.importorskip("pyarrow")
record_columns = fast.record_columns() if fast is not None else None
pytestmark = pytest.mark.skipif(record_columns is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"
#: The tables whose rows are tuples made in Python (the others' columns are made
#: from the histories: test_rows_native.py, test_seats_native.py).
RECORD_TABLES = [table for table in _WRITTEN if table not in ("actions", "seats")]
#: Each kind's letter -> its edges and (for a random value) a maker.
INT_BITS = {"s": 16, "i": 32, "l": 64}


def native(table: str, records: list[Any]) -> Any:
    assert record_columns is not None
    names, kinds = _record_kinds()[table]
    capsule = record_columns(table, names, kinds, records)
    return pa.record_batch(_Capsules((_struct_types()[table].__arrow_c_schema__(), capsule)))


def twin(table: str, records: list[Any]) -> Any:
    return pa.RecordBatch.from_struct_array(pa.array(records, type=_struct_types()[table]))


def assert_same(table: str, records: list[Any]) -> None:
    got, expected = native(table, records), twin(table, records)
    assert got.schema == expected.schema
    assert got.num_rows == len(records)
    assert got.equals(expected), (table, got.to_pylist()[:2], expected.to_pylist()[:2])


def rows_of(hands: list[hf.HandHistory]) -> Rows:
    rows = Rows()
    for key, h in enumerate(hands):
        rep = h.replay()
        hand_rows(h, rep, "the file's name ✓", rows, key=key,
                  expected=all_in_rows(h, rep, rows, key=key))
    return rows


def test_every_site_fixture() -> None:
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    assert len({h.site for h in hands}) >= 17   # (every site's fixtures read)
    rows = rows_of(hands)
    more = {"unreadable_hands": [("a.txt", 3, "7", "cut short"), ("b", 9, None, "?")],
            "discrepancies": [(5, 0, "bob collected 10 on the site, 9 in the replay")]}
    for table in RECORD_TABLES:
        records = rows.records(table) + more.get(table, [])
        assert records, table   # (each table has rows to compare)
        assert_same(table, records)


def test_synthetic_hands_in_batches() -> None:
    hands = [h for text in synthetic_histories(400, seed=31) for h in parse_pokerstars(text)]
    for start in range(0, len(hands), 89):
        rows = rows_of(hands[start:start + 89])
        for table in RECORD_TABLES:
            assert_same(table, rows.records(table))
    assert_same("hands", [])


def _text(rng: random.Random) -> str:
    """Text of any characters but surrogates (which are no UTF-8), some long."""
    size = rng.choice([0, 1, 3, 12, 300])
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0xD800),
                                   rng.randrange(0xE000, 0x110000)])) for _ in range(size))


def _value(kind: str, rng: random.Random) -> Any:
    """A random value of a column of ``kind`` (None a tenth of the time)."""
    if rng.random() < 0.1:
        return None
    if kind == "u":
        return _text(rng)
    if kind in INT_BITS:
        top = 2 ** (INT_BITS[kind] - 1)
        return rng.choice([-top, top - 1, 0, -1, 1, rng.randrange(-top, top)])
    if kind == "b":
        return rng.random() < 0.5
    if kind == "g":
        return rng.choice([0.0, -0.0, 1.5, math.inf, -math.inf, 5e-324, 1.7976931348623157e308,
                           rng.uniform(-1e9, 1e9), rng.randrange(-2**53, 2**53)])
    assert kind == "t"
    start = dt.datetime(1, 1, 1)
    span = (dt.datetime(9999, 12, 31, 23, 59, 59, 999999) - start).total_seconds()
    return rng.choice([start, dt.datetime(1970, 1, 1), dt.datetime(2000, 2, 29, 12),
                       dt.datetime(1969, 12, 31, 23, 59, 59, 999999),
                       start + dt.timedelta(seconds=rng.uniform(0, span),
                                            microseconds=rng.randrange(10**6))])


@pytest.mark.parametrize("table", RECORD_TABLES)
def test_random_rows_of_every_kind(table: str) -> None:
    rng = random.Random(table)
    _, kinds = _record_kinds()[table]
    for count in (1, 2, 7, 8, 9, 300):   # (the validity bitmaps' byte edges)
        records = [tuple(_value(chr(kind), rng) for kind in kinds) for _ in range(count)]
        assert_same(table, records)


def test_every_kind_of_the_schema_is_made() -> None:
    """The tables cover every kind the C makes (so the random rows test each)."""
    assert set(b"".join(kinds for _, kinds in _record_kinds().values())) == set(b"usilbgt")


def test_timestamps_are_the_wall_time() -> None:
    when = dt.datetime(2024, 1, 2, 3, 4, 5, 678901)
    row = ("PokerStars", "1", "Omaha Hi/Lo", 4, "pot", "1/2", 1, 2, "USD", "USD", "T", 6, 1, 2,
           when, "ET", None, None, None, None, None, 3, 0, False, True, True, None, "f", 7, 9)
    (got,) = native("hands", [row]).column("played_at").to_pylist()
    assert got == when


def test_an_int_subclass_is_an_int_and_an_int_a_float() -> None:
    key = type("Key", (int,), {})(-42)
    assert_same("discrepancies", [(key, 1, "x")])
    assert_same("all_in_equities", [(1, "a", "AhKd2c", 1, 0, 1, 2**53, 5, True, -2**53)])


#: (table, a bad row, the error, its words, whether pyarrow refuses it too: it
#: takes a float that is an integer for an int and bytes for text).
BAD_ROWS: list[tuple[str, Any, type[Exception], str, bool]] = [
    ("discrepancies", (1, 2), TypeError, r"discrepancies: row 20 must be a tuple of 3 values",
     True),
    ("discrepancies", [1, 2, "x"], TypeError, "row 20 must be a tuple", True),
    ("discrepancies", ("1", 2, "x"), TypeError,
     r"discrepancies: row 20: hand_key must be an int or None, not '1'", True),
    ("discrepancies", (True, 2, "x"), TypeError, r"hand_key must be an int", True),
    ("discrepancies", (1.0, 2, "x"), TypeError, r"hand_key must be an int", False),
    ("discrepancies", (2**63, 2, "x"), OverflowError, "row 20: hand_key does not fit 64 bits",
     True),
    ("discrepancies", (-2**63 - 1, 2, "x"), OverflowError, "hand_key does not fit 64 bits",
     True),
    ("discrepancies", (1, 2**15, "x"), OverflowError, "seq does not fit 16 bits", True),
    ("discrepancies", (1, -2**15 - 1, "x"), OverflowError, "seq does not fit 16 bits", True),
    ("discrepancies", (1, 2, b"x"), TypeError, r"message must be a str or None, not b'x'",
     False),
    ("unreadable_hands", ("f", 2**31, "7", "r"), OverflowError, "line does not fit 32 bits",
     True),
    ("pots", (1, 0, 2, 0, 2, 1, 1, 2, 0), TypeError, "has_low must be a bool", True),
    ("all_in_equities", (1, "a", "b", "0.5", 0, 0, 0, 0, True, 0), TypeError,
     "equity must be a float", True),
    ("all_in_equities", (1, "a", "b", 2**53 + 1, 0, 0, 0, 0, True, 0), ValueError,
     "equity: an int a float cannot hold exactly", True),
    ("all_in_equities", (1, "a", "b", -10**400, 0, 0, 0, 0, True, 0), ValueError,
     "cannot hold exactly", True),
    ("boards", (1, 1, "\ud800", None, None), UnicodeEncodeError, "surrogate", True),
]
#: A good value of each kind (the rows before a bad one).
GOOD = {"u": "x", "s": 0, "i": 0, "l": 0, "b": False, "g": 0.0, "t": None}


@pytest.mark.parametrize(("table", "row", "error", "words", "refused"), BAD_ROWS)
def test_a_bad_row_is_a_clear_error(table: str, row: Any, error: type[Exception], words: str,
                                    refused: bool) -> None:
    assert record_columns is not None
    names, kinds = _record_kinds()[table]
    good = tuple(GOOD[chr(kind)] for kind in kinds)
    with pytest.raises(error, match=words):   # (after good rows: nothing leaks)
        record_columns(table, names, kinds, [good] * 20 + [row])
    assert_same(table, [good] * 20)
    if refused:
        with pytest.raises((TypeError, ValueError, OverflowError)):
            twin(table, [row])


def test_bad_timestamps() -> None:
    assert record_columns is not None
    names, kinds = _record_kinds()["hands"]
    row = list(native("hands", []).schema.names)   # (any row: the date is checked first)
    for bad in (dt.datetime(2024, 1, 2, tzinfo=dt.timezone.utc), dt.date(2024, 1, 2),
                "2024-01-02", 1704164645):
        values = [None] * len(row)
        values[row.index("played_at")] = bad
        with pytest.raises(TypeError, match=r"hands: row 0: played_at must be a naive datetime"):
            record_columns("hands", names, kinds, [tuple(values)])


def test_bad_arguments() -> None:
    assert record_columns is not None
    names, kinds = _record_kinds()["boards"]
    for args, error, words in (
            (("boards", names, kinds, ((1, 1, "x", None, None),)), TypeError, "must be a list"),
            (("boards", names, kinds[:-1], []), ValueError, "a kind for each"),
            (("boards", names, b"ussuz", []), ValueError, "unknown column kind"),
            (("boards", names, b"uss\0u", []), ValueError, "unknown column kind"),
            (("boards", (), b"", []), ValueError, "1 to 32 columns"),
            (("boards", ("a",) * 33, b"u" * 33, []), ValueError, "1 to 32 columns"),
            (("boards", (1, 2, 3, 4, 5), kinds, []), TypeError, "column names must be str"),
            (("boards", names, kinds.decode(), []), TypeError, "record_columns"),
            (("boards", names, kinds), TypeError, "record_columns")):
        with pytest.raises(error, match=words):
            record_columns(*args)


def test_capsules_left_unread_and_the_rows_gone() -> None:
    assert record_columns is not None
    names, kinds = _record_kinds()["pot_winners"]
    rows = [(k, 0, f"player {k} ✓", k, -k) for k in range(50)]
    for _ in range(200):   # capsules freed unimported: their release runs (ASan checks)
        record_columns("pot_winners", names, kinds, rows)
    expected = twin("pot_winners", rows)
    batch = native("pot_winners", rows)
    del rows   # (the columns are copies: the batch outlives the rows)
    gc.collect()
    assert batch.equals(expected)
