"""A part's rows made whole in C from each hand's replayed numbers
(csrc/py/hhrows_part.c through rows.part_rows) against the same hands' rows
made through their Replays (rows.hand_rows and the tables' builders, the
path every hand took before): every table the same, row for row, on every
site's fixtures, on synthetic hands of every size and structure (all in or
not, spots exact or sampled), on hands it leaves to the Python (run twice,
cancelled, paid otherwise than the replay pays), under hand keys spread over
int64; its tables' Arrow schemas those of schema.sql; a clear error on bad
arguments. The import's own tests (test_import.py and the others) run
through it on DuckDB."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history.db import rows as rows_module
from hilo_fast.history.db.rows import Rows, all_in_rows, hand_rows, part_rows
from hilo_fast.history.db.store import _arrow_schemas, _arrow_tables, _Capsules
from hilo_fast.history.model import HandHistory
from hilo_fast.history.replay import _c_replay_hand
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

pa = pytest.importorskip("pyarrow")
part_columns = rows_module._C_PART
pytestmark = pytest.mark.skipif(part_columns is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"


def key_of(k: int) -> int:
    """The ``k``-th hand's key: spread over the whole of int64, distinct for each ``k``."""
    return (k * 0x9E3779B97F4A7C15 + 2**63) % 2**64 - 2**63


def through_replays(hands: list[HandHistory], keys: list[int], samples: int | None) -> Rows:
    """The rows as the import made them before: each hand replayed, its rows from the Replay."""
    out = Rows()
    for h, key in zip(hands, keys, strict=True):
        rep = h.replay()
        hand_rows(h, rep, "test", out, key=key, samples=samples,
                  expected=all_in_rows(h, rep, out, samples, key=key))
    return out


def through_numbers(hands: list[HandHistory], keys: list[int], samples: int | None
                    ) -> tuple[Rows, list[int]]:
    """The rows as the import makes them now: part_rows, the hands it leaves
    through their Replays; and the indexes of those."""
    out = Rows()
    left = part_rows(hands, keys, "test", out, samples)
    for index in left:
        h, key = hands[index], keys[index]
        rep = h.replay()
        hand_rows(h, rep, "test", out, key=key, samples=samples,
                  expected=all_in_rows(h, rep, out, samples, key=key))
    return out, left


def table_rows(rows: Rows) -> dict[str, Counter[tuple[Any, ...]]]:
    """table -> its rows (a multiset: the hands left come after the others)."""
    return {table: Counter(tuple(row.values()) for row in batch.to_pylist())
            for table, batch in _arrow_tables(rows).items()}


def assert_same(hands: list[HandHistory], samples: int | None) -> list[int]:
    """Both ways the same; the indexes of the hands left to the Python."""
    keys = [key_of(k) for k in range(len(hands))]
    made, left = through_numbers(hands, keys, samples)
    want = table_rows(through_replays(hands, keys, samples))
    got = table_rows(made)
    assert got.keys() == want.keys()
    for table in want:
        if got[table] != want[table]:
            extra, missing = got[table] - want[table], want[table] - got[table]
            raise AssertionError(f"{table}: {sum(extra.values())} rows only made from the "
                                 f"numbers ({list(extra)[:2]}), {sum(missing.values())} only "
                                 f"through the replays ({list(missing)[:2]})")
    assert sum(want["hands"].values()) == len(hands)
    return left


def synthetic(count: int, seed: int) -> list[HandHistory]:
    return [h for text in synthetic_histories(count, seed=seed) for h in parse_pokerstars(text)]


def test_every_site_fixture() -> None:
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    assert len({h.site for h in hands}) >= 17
    left = assert_same(hands, None)
    # most hands are made from the numbers; those run twice are the Python's
    assert len(left) < len(hands) / 2
    assert any(len(hands[i].runs) > 1 for i in left)
    assert all(len(h.runs) <= 1 for k, h in enumerate(hands) if k not in set(left))
    for k in range(0, len(hands), 7):   # hand by hand too
        assert_same(hands[k:k + 1], None)


@pytest.mark.parametrize("samples", [200, 1000])
def test_synthetic_hands_every_size_and_structure(samples: int) -> None:
    """The bots' hands: 2-9 seats, every structure, most of them all in (their
    spots sampled, the flop's and turn's exact)."""
    hands = synthetic(600, seed=41)
    assert {len(h.dealt_in) for h in hands} >= set(range(2, 10))
    # left: the hands the C replay does not answer (the Python replays them)
    assert assert_same(hands, samples) == [k for k, h in enumerate(hands)
                                           if _c_replay_hand(h) is None]
    rows = Rows()
    part_rows(hands, [key_of(k) for k in range(len(hands))], "test", rows, samples)
    streets = Counter(row[26] for row in rows.tables["hands"])
    assert streets["preflop"] and streets["flop"] and streets["turn"] and streets[None]
    assert any(batch.num_rows for columns in rows.columns
               for table, pair in columns.items() if table == "all_in_equities"
               for batch in [pa.record_batch(_Capsules(pair))])


def test_every_table_size_structure_and_stack() -> None:
    """Self-play at 2 to 10 seats, fixed, pot (with and without an ante) and no
    limit, stacks from 1 chip up: every table the same both ways; the hands
    left are those the C replay does not answer."""
    from hilo_fast.engine.hand import Hand
    from hilo_fast.engine.selfplay import random_legal
    from hilo_fast.engine.structures import Structure
    from hilo_fast.history.synth import write_hand

    rng = random.Random(77)
    hands = []
    for number in range(540):
        seats = 2 + number % 9
        structure = (Structure.fixed_limit(10, 20, small_blind=5),
                     Structure.pot_limit(5, 10, ante=rng.choice((0, 1))),
                     Structure.no_limit(5, 10))[number // 9 % 3]
        stacks = [rng.choice((1, 2, rng.randint(1, 60), rng.randint(200, 1500)))
                  for _ in range(seats)]
        hand = Hand(structure, stacks, rng.randrange(seats), rng=rng,
                    hole_count=4 if seats > 8 else rng.choice((4, 5)))
        while not hand.is_over:
            hand.act(*random_legal(hand, rng))
        hands.extend(parse_pokerstars(write_hand(hand, 20_000_000 + number, cash=True, hero=0)))
    assert {len(h.dealt_in) for h in hands} == set(range(2, 11))
    assert min(s.stack for h in hands for s in h.seats) == 1
    assert assert_same(hands, 200) == [k for k, h in enumerate(hands)
                                       if _c_replay_hand(h) is None]


def test_hands_left_to_the_python() -> None:
    """A cancelled hand, and one the site paid otherwise than the replay pays
    (a discrepancy), are left: their rows are made through their Replays, as
    the same part's other hands' are made from the numbers."""
    hands = synthetic(90, seed=43)
    changed = []
    for k, h in enumerate(hands):
        if k % 3 == 1:
            h = dataclasses.replace(h, cancelled=True)
        elif k % 3 == 2 and h.collected:
            name = next(iter(h.collected))
            h = dataclasses.replace(h, collected={**h.collected, name: h.collected[name] + 1})
        changed.append(h)
    left = assert_same(changed, 200)
    assert set(left) == {k for k, h in enumerate(changed)
                         if h.cancelled or not h.replay().exact}
    assert any(changed[k].cancelled for k in left)
    assert any(changed[k].replay().discrepancies for k in left)


def test_schemas_are_schema_sqls() -> None:
    hands = synthetic(40, seed=47)
    tables, streets = part_columns(hands, [key_of(k) for k in range(len(hands))], 100)
    assert len(streets) == len(hands)
    assert set(tables) == {"seats", "actions", "boards", "pots", "pot_winners",
                           "all_in_equities"}
    for table, pair in tables.items():
        batch = pa.record_batch(_Capsules(pair))
        assert batch.schema == _arrow_schemas()[table], table
        assert batch.num_rows > 0, table
    empty, none = part_columns([], [], None)
    assert none == [] and all(pa.record_batch(_Capsules(pair)).num_rows == 0
                              for pair in empty.values())


def test_bad_arguments_are_clear_errors() -> None:
    (h,) = synthetic(1, seed=53)
    cases: list[tuple[tuple[Any, ...], type[Exception], str]] = [
        (("x", [1], None), TypeError, "histories: list"),
        (([h], (1,), None), TypeError, "keys: list"),
        (([h], [], None), ValueError, "0 hand keys for 1 hands"),
        (([h], ["1"], None), TypeError, "hand_key must be an int"),
        (([h], [True], None), TypeError, "hand_key must be an int"),
        (([h], [2**63], None), OverflowError, "hand_key does not fit 64 bits"),
        (([h], [1], 0), ValueError, "samples must be None or 1.."),
        (([h], [1], "5"), ValueError, "samples must be None or 1.."),
        (([h], [1], 2**31), ValueError, "samples must be None or 1.."),
        (([object()], [1], None), AttributeError, "cancelled"),
    ]
    for args, error, words in cases:
        with pytest.raises(error, match=words.replace(".", r"\.").replace("(", r"\(")):
            part_columns(*args)
    with pytest.raises(TypeError):
        part_columns([h], [1])   # type: ignore[call-arg]
