"""The actions rows in C (csrc/py/hhrows.c's action_columns, Arrow columns
through the C data interface) against their Python twin (rows.action_rows,
through pyarrow): the same table on every site's fixtures, on synthetic hands,
on names of any text, under hand keys of any int64 (each row carries its
hand's), and a clear error, never a crash, on a bad history or hand key."""

from __future__ import annotations

import dataclasses
import gc
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history._backend import fast
from hilo_fast.history.db.rows import action_rows
from hilo_fast.history.db.store import _Capsules, _struct_types
from hilo_fast.history.model import HandHistory, HHAction, Post
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

pa = pytest.importorskip("pyarrow")
action_columns = fast.action_columns() if fast is not None else None
pytestmark = pytest.mark.skipif(action_columns is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"


Item = tuple[HandHistory, int]   # (a history, its hand key), as Rows.histories holds them

#: Hand keys at the edges of int64 (the column's type), and around 0.
EDGE_KEYS = (0, 1, -1, 2**31, -2**31 - 1, 2**63 - 1, -2**63, 7)


def key_of(k: int) -> int:
    """The ``k``-th hand's key: spread over the whole of int64 (negative and
    large), distinct for every ``k`` (an odd multiplier is one to one mod 2**64)."""
    return (k * 0x9E3779B97F4A7C15 + 2**63) % 2**64 - 2**63


def keyed(hands: list[HandHistory]) -> list[Item]:
    return [(h, key_of(k)) for k, h in enumerate(hands)]


def native(items: list[Item]) -> Any:
    assert action_columns is not None
    return pa.record_batch(_Capsules(action_columns(items)))


def twin(items: list[Item]) -> Any:
    records = [row for h, key in items for row in action_rows(h, key)]
    return pa.RecordBatch.from_struct_array(pa.array(records, type=_struct_types()["actions"]))


def assert_same(items: list[Item]) -> Any:
    got, expected = native(items), twin(items)
    assert got.schema == expected.schema
    assert got.schema.field("hand_key").type == pa.int64()
    assert got.num_rows == expected.num_rows == sum(len(h.posts) + len(h.actions)
                                                     for h, _ in items)
    assert got.equals(expected), (got.to_pylist()[:3], expected.to_pylist()[:3])
    # each row carries exactly its hand's key
    assert got.column("hand_key").to_pylist() == [
        key for h, key in items for _ in range(len(h.posts) + len(h.actions))]
    return got


def every_fixture_hand() -> list[HandHistory]:
    hands: list[HandHistory] = []
    for site in sorted(DATA.iterdir()):
        reader = hf.read_history([site])
        hands += list(reader)
    return hands


def test_every_site_fixture() -> None:
    hands = every_fixture_hand()
    assert len({h.site for h in hands}) >= 17   # (every site's fixtures read)
    assert_same(keyed(hands))
    for k, h in enumerate(hands):   # hand by hand too: seq restarts at 0
        assert_same([(h, k)])


def test_synthetic_hands_in_batches() -> None:
    texts = list(synthetic_histories(600, seed=29))
    hands = [h for text in texts for h in parse_pokerstars(text)]
    for start in range(0, len(hands), 97):
        assert_same(keyed(hands[start:start + 97]))
    assert_same([])


def test_hand_keys_of_any_int64() -> None:
    """Keys at the edges of int64, repeated or not, the same history under
    several keys: each row carries the key it was given."""
    hands = [h for text in synthetic_histories(len(EDGE_KEYS), seed=30)
             for h in parse_pokerstars(text)][:len(EDGE_KEYS)]
    items = list(zip(hands, EDGE_KEYS, strict=True))
    got = assert_same(items)
    assert set(got.column("hand_key").to_pylist()) == set(EDGE_KEYS)
    assert_same([(hands[0], key) for key in EDGE_KEYS])   # one history, many keys
    assert_same([(h, 5) for h in hands])                   # one key, many histories
    # an int subclass (not bool) is an int
    assert_same([(hands[0], type("Key", (int,), {})(-42))])


def test_the_site_is_not_read_and_hand_id_only_names_the_hand() -> None:
    """Rows carry the hand key, not (site, hand_id): any site and hand_id
    do; hand_id names the hand in an error."""
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=7))))
    odd = dataclasses.replace(h, site=None, hand_id=12)
    assert native([(odd, 3)]).equals(native([(h, 3)]))
    assert_same([(odd, 3), (h, 4)])
    with pytest.raises(TypeError, match=r"hand 12, action 0: amount must be an int"):
        assert action_columns is not None
        action_columns([(dataclasses.replace(
            odd, actions=(h.actions[0]._replace(amount="1"),)), 3)])


def _renamed(h: HandHistory, name: str) -> HandHistory:
    """``h`` with its first player named ``name`` in every post and action."""
    first = h.posts[0].player
    return dataclasses.replace(
        h, hand_id=f"{h.hand_id}-{name}",
        posts=tuple(p._replace(player=name) if p.player == first else p for p in h.posts),
        actions=tuple(a._replace(player=name) if a.player == first else a
                      for a in h.actions))


def test_names_of_any_text() -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=3))))
    names = ["Zoë", "O'Brien \"the\" ; DROP TABLE actions; --", "日本語の名前", "🂡🂱", "",
             "a" * 5000, "tab\tand\nnewline", "nul\x00inside"]
    items = keyed([_renamed(h, name) for name in names])
    assert_same(items)
    assert {row["player"] for row in native(items).to_pylist()} >= set(names)


def test_no_posts_or_actions() -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=4))))
    bare = dataclasses.replace(h, posts=(), actions=())
    assert_same([(bare, 1), (h, 2), (bare, 3)])
    assert native([(bare, 1)]).num_rows == 0


@pytest.mark.parametrize(("change", "error", "words"), [
    (lambda h: dataclasses.replace(h, actions=(h.actions[0]._replace(amount="10"),)),
     TypeError, "action 0: amount must be an int"),
    (lambda h: dataclasses.replace(h, actions=(h.actions[0]._replace(amount=True),)),
     TypeError, "amount must be an int"),
    (lambda h: dataclasses.replace(h, actions=(h.actions[0]._replace(to=2**70),)),
     OverflowError, "to does not fit 64 bits"),
    (lambda h: dataclasses.replace(h, posts=(h.posts[0]._replace(all_in=1),)),
     TypeError, "post 0: all_in must be a bool"),
    (lambda h: dataclasses.replace(h, posts=(h.posts[0]._replace(player=None),)),
     TypeError, "player must be a str"),
    (lambda h: dataclasses.replace(h, actions=(("preflop", "p1", "call"),)),
     TypeError, "must be an HHAction"),
    (lambda h: dataclasses.replace(h, actions=[*h.actions, 7]),
     TypeError, "must be an HHAction"),
    (lambda h: dataclasses.replace(h, actions=None),
     TypeError, "actions must be a sequence, not None"),
    (lambda h: dataclasses.replace(h, actions=(h.actions[0],) * 40_000),
     ValueError, "over the 32767"),
    (lambda h: dataclasses.replace(h, posts=(h.posts[0]._replace(player="\ud800"),)),
     UnicodeEncodeError, "surrogates not allowed"),
])
def test_a_bad_history_is_a_clear_error(change: Any, error: type[Exception], words: str) -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=5))))
    with pytest.raises(error, match=words.replace("(", r"\(")):
        assert action_columns is not None
        action_columns([(h, 1), (change(h), 2)])


@pytest.mark.parametrize(("item", "error", "words"), [
    (lambda h: (h, "1"), TypeError, r"actions: hand '\d+': hand_key must be an int"),
    (lambda h: (h, None), TypeError, "hand_key must be an int"),
    (lambda h: (h, 1.0), TypeError, "hand_key must be an int"),
    (lambda h: (h, True), TypeError, "hand_key must be an int"),
    (lambda h: (h, False), TypeError, "hand_key must be an int"),
    (lambda h: (h, 2**63), OverflowError, "hand_key does not fit 64 bits"),
    (lambda h: (h, -2**63 - 1), OverflowError, "hand_key does not fit 64 bits"),
    (lambda h: (h, 2**200), OverflowError, "hand_key does not fit 64 bits"),
    (lambda h: h, TypeError, "a hand must be a tuple"),
    (lambda h: (h,), TypeError, "a hand must be a tuple"),
    (lambda h: (h, 1, 2), TypeError, "a hand must be a tuple"),
    (lambda h: [h, 1], TypeError, "a hand must be a tuple"),
    (lambda h: (1, h), AttributeError, "hand_id"),
])
def test_a_bad_item_is_a_clear_error(item: Any, error: type[Exception], words: str) -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=5))))
    with pytest.raises(error, match=words):
        assert action_columns is not None
        action_columns([(h, 1), item(h)])
    # (a bare hand with no rows is checked all the same)
    bare = dataclasses.replace(h, posts=(), actions=())
    with pytest.raises(error, match=words):
        assert action_columns is not None
        action_columns([item(bare)])


def test_not_a_list_and_capsules_left_unread() -> None:
    assert action_columns is not None
    with pytest.raises(TypeError, match="hands must be a list"):
        action_columns(tuple[Any, ...]())   # type: ignore[arg-type]
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=6))))
    for _ in range(200):   # capsules freed unimported: their release runs (ASan checks)
        action_columns([(h, 9)] * 50)
    with pytest.raises(TypeError, match="a hand must be a tuple"):
        action_columns([(h, 9)] * 50 + [h])   # (an error after many rows: nothing leaks)
    rows, expected = len(h.posts) + len(h.actions), twin(keyed([h] * 3))
    batch = native(keyed([h] * 3))
    del h   # (the columns are copies: the batch outlives the histories)
    gc.collect()
    assert rows and batch.num_rows == 3 * rows and batch.equals(expected)


def test_the_models_fields_are_in_the_c_order() -> None:
    """hhrows.c reads a Post as (player, kind, amount, all_in) and an HHAction
    as (street, player, kind, amount, to, all_in) by position."""
    assert Post._fields == ("player", "kind", "amount", "all_in")
    assert HHAction._fields == ("street", "player", "kind", "amount", "to", "all_in")
