"""The boards, pots, pot_winners and discrepancies rows in C
(csrc/py/hhrows_pots.c's replay_columns, Arrow columns through the C data
interface) against their Python twins (rows.board_rows, pot_rows,
pot_winner_rows, discrepancy_rows, through pyarrow): the same tables on every
site's fixtures, on synthetic hands in batches, on hands run twice, on pots
of any shape (no low, an empty low, names of any text, chips at the edges of
int64) and under hand keys of any int64; and a clear error, never a crash, on
a bad replay, pot, name, card, message or hand key."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history._backend import fast
from hilo_fast.history.db.rows import _FROM_REPLAY, Rows, hand_rows
from hilo_fast.history.db.store import _Capsules, _struct_types
from hilo_fast.history.replay_settle import PotResult
from hilo_fast.history.sites.pokerstars import parse_pokerstars, read_pokerstars
from hilo_fast.history.synth import synthetic_histories

pa = pytest.importorskip("pyarrow")
replay_columns = fast.replay_columns() if fast is not None else None
pytestmark = pytest.mark.skipif(replay_columns is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"
TABLES = ("boards", "pots", "pot_winners", "discrepancies")


def key_of(k: int) -> int:
    """The ``k``-th hand's key, spread over the whole of int64."""
    return (k * 0x9E3779B97F4A7C15 + 2**63) % 2**64 - 2**63


def items_of(hands: list[hf.HandHistory]) -> list[tuple[Any, int]]:
    rows = Rows()
    for k, h in enumerate(hands):
        hand_rows(h, h.replay(), "test", rows, key=key_of(k), expected={})
    assert [key for _, key in rows.replays] == [key_of(k) for k in range(len(hands))]
    return rows.replays


def native(table: str, items: list[Any]) -> Any:
    assert replay_columns is not None
    return pa.record_batch(_Capsules(replay_columns(table, items)))


def twin(table: str, items: list[Any]) -> Any:
    records = [row for rep, key in items for row in _FROM_REPLAY[table](rep, key)]
    return pa.RecordBatch.from_struct_array(pa.array(records, type=_struct_types()[table]))


def assert_same(table: str, items: list[Any]) -> int:
    """The C's table equals the twin's; its rows."""
    got, expected = native(table, items), twin(table, items)
    assert got.schema == expected.schema, table
    assert got.equals(expected), (table, got.to_pylist()[:3], expected.to_pylist()[:3])
    return got.num_rows


def test_every_site_fixture() -> None:
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    assert len({h.site for h in hands}) >= 17
    items = items_of(hands)
    counts = {table: assert_same(table, items) for table in TABLES}
    # (each table had rows to compare; every fixture replays exactly: the
    # discrepancies are compared in test_pots_of_any_shape_runs_and_messages)
    assert min(counts["boards"], counts["pots"], counts["pot_winners"]) > 0, counts


def test_synthetic_hands_in_batches_and_hands_run_twice() -> None:
    hands = [h for text in synthetic_histories(600, seed=41) for h in parse_pokerstars(text)]
    hands += list(read_pokerstars(DATA / "pokerstars" / "run_it_twice.txt"))
    items = items_of(hands)
    assert any(len(rep.history.runs) > 1 for rep, _ in items)
    for start in range(0, len(items), 97):
        for table in TABLES:
            assert_same(table, items[start:start + 97])
    for table in TABLES:
        assert native(table, []).num_rows == 0
        assert_same(table, items)


def _name(rng: random.Random) -> str:
    """A name of any characters but surrogates (which are no UTF-8)."""
    return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0xD800),
                                   rng.randrange(0xE000, 0x110000)]))
                   for _ in range(rng.choice([1, 2, 5, 40])))


def _pot(rng: random.Random) -> PotResult:
    """A pot of any shape: winners of any names, chips up to the edges of int64,
    no low (None), an empty low ({}) or a low for some winners."""
    names = list({_name(rng) for _ in range(rng.randrange(0, 6))})
    edge = rng.choice([10**4, 2**31, 2**62])
    shares = {name: rng.randrange(0, edge) for name in names}
    lows = rng.choice([None, {}, {name: rng.randrange(0, shares[name] + 1)
                                  for name in names if rng.random() < 0.6}])
    amount = rng.randrange(0, 2**62)
    return PotResult(amount, rng.randrange(0, 100), (*names, "x"), shares, lows)


def test_pots_of_any_shape_runs_and_messages() -> None:
    rng = random.Random(5)
    (rep,) = [h.replay() for h in read_pokerstars(DATA / "pokerstars" / "run_it_twice.txt")][:1]
    items = []
    for k in range(300):
        h = dataclasses.replace(
            rep.history, board=tuple(rng.sample(["Ah", "2c", "Td", "9s", "3h"],
                                                rng.randrange(0, 6))),
            runs=rng.choice([(), (("Ah", "2c", "Td", "9s", "3h"), ("Ah", "2c", "Td", "8s", "4h")),
                             (("Kc",),)]))
        items.append((dataclasses.replace(
            rep, history=h, pots=[_pot(rng) for _ in range(rng.randrange(0, 4))],
            discrepancies=[_name(rng) for _ in range(rng.randrange(0, 3))]),
            rng.choice([key_of(k), 2**63 - 1, -2**63])))
    for table in TABLES:
        assert assert_same(table, items) > 0, table


def _changed(what: str, value: Any) -> Any:
    """A bad item: the fixture's first replay with ``what`` changed to ``value``."""
    (h,) = list(read_pokerstars(DATA / "pokerstars" / "run_it_twice.txt"))[:1]
    rep = h.replay()
    pot = rep.pots[0]
    if what == "item":
        return value
    if what == "key":
        return (rep, value)
    if what == "board":   # (read when the hand was run once)
        return (dataclasses.replace(rep, history=dataclasses.replace(h, board=value, runs=())),
                1)
    if what == "runs":
        return (dataclasses.replace(rep, history=dataclasses.replace(h, runs=value)), 1)
    if what.startswith("pot."):
        return (dataclasses.replace(rep, pots=[pot._replace(**{what[4:]: value})]), 1)
    return (dataclasses.replace(rep, **{what: value}), 1)


BAD = [
    ("item", [1, 2], TypeError, "a tuple (replay, hand key)"),
    ("item", (1,), TypeError, "a tuple (replay, hand key)"),
    ("item", (object(), 1), AttributeError, "history"),
    ("key", "7", TypeError, "hand_key must be an int"),
    ("key", True, TypeError, "hand_key must be an int"),
    ("key", 2**63, OverflowError, "hand_key does not fit 64 bits"),
    ("pots", 5, TypeError, "pots must be a sequence"),
    ("pots", [(1, 2)], TypeError, "a PotResult (5 fields)"),
    ("pot.amount", "10", TypeError, "amount must be an int"),
    ("pot.amount", 2**64, OverflowError, "amount does not fit 64 bits"),
    ("pot.rake", None, TypeError, "rake must be an int"),
    ("pot.shares", [("a", 1)], TypeError, "shares must be a dict"),
    ("pot.low_shares", [("a", 1)], TypeError, "low_shares must be a dict or None"),
    ("pot.low_shares", {"a": 1.5}, TypeError, "a low share must be an int"),
    ("pot.low_shares", {"a": 2**63 - 1, "b": 2**63 - 1}, OverflowError, "low_amount"),
    ("pot.eligible", 3, TypeError, "has no len"),
    ("discrepancies", ["fine", b"bytes"], TypeError, "message must be a str"),
    ("discrepancies", ["\ud800"], UnicodeEncodeError, "surrogate"),
    ("discrepancies", 7, TypeError, "discrepancies must be a sequence"),
    ("board", ("Ah", 2, "Td"), TypeError, "a card must be a str"),
    ("board", ("Ah", "2c", "Td", None), TypeError, "turn must be a str"),
    ("runs", (5,), TypeError, "a sequence of cards"),
    ("runs", 5, TypeError, "runs must be a sequence"),
]


@pytest.mark.parametrize(("what", "value", "error", "words"), BAD,
                         ids=[f"{what}-{k}" for k, (what, *_) in enumerate(BAD)])
def test_bad_items_are_a_clear_error(what: str, value: Any, error: type[Exception],
                                     words: str) -> None:
    assert replay_columns is not None
    good = _changed("key", 1)
    failed = 0
    for table in TABLES:
        try:
            replay_columns(table, [good, _changed(what, value)])
        except error as exc:
            assert words in str(exc), (table, str(exc))
            failed += 1
    assert failed, what   # (the tables that read it refuse it; the others need not)


def test_a_share_of_a_name_not_a_str_and_a_bad_share() -> None:
    assert replay_columns is not None
    (h,) = list(read_pokerstars(DATA / "pokerstars" / "run_it_twice.txt"))[:1]
    rep = h.replay()
    pot = rep.pots[0]
    for shares, error, words in [({7: 1}, TypeError, "player must be a str"),
                                 ({"a": "1"}, TypeError, "a share must be an int"),
                                 ({"a": 1, 2: 1}, TypeError, "not supported between")]:
        bad = dataclasses.replace(rep, pots=[pot._replace(shares=shares, low_shares=None)])
        with pytest.raises(error, match=words):
            replay_columns("pot_winners", [(bad, 1)])
    many = dataclasses.replace(rep, discrepancies=["x"] * (2**15 + 1))
    with pytest.raises(OverflowError, match="seq does not fit 16 bits"):
        replay_columns("discrepancies", [(many, 1)])


def test_a_bad_call() -> None:
    assert replay_columns is not None
    with pytest.raises(ValueError, match="no table 'seats'"):
        replay_columns("seats", [])
    with pytest.raises(TypeError, match="must be a list"):
        replay_columns("pots", ())
    with pytest.raises(TypeError, match=r"replay_columns\(table: str, items: list\)"):
        replay_columns(b"pots", [])   # type: ignore[arg-type]
