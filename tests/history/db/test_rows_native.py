"""The actions rows in C (csrc/py/hhrows.c's action_columns, Arrow columns
through the C data interface) against their Python twin (rows.action_rows,
through pyarrow): the same table on every site's fixtures, on synthetic hands,
on names of any text, and a clear error, never a crash, on a bad history."""

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


def native(hands: list[HandHistory]) -> Any:
    assert action_columns is not None
    return pa.record_batch(_Capsules(action_columns(hands)))


def twin(hands: list[HandHistory]) -> Any:
    records = [row for h in hands for row in action_rows(h)]
    return pa.RecordBatch.from_struct_array(pa.array(records, type=_struct_types()["actions"]))


def assert_same(hands: list[HandHistory]) -> None:
    got, expected = native(hands), twin(hands)
    assert got.schema == expected.schema
    assert got.num_rows == expected.num_rows == sum(len(h.posts) + len(h.actions)
                                                     for h in hands)
    assert got.equals(expected), (got.to_pylist()[:3], expected.to_pylist()[:3])


def every_fixture_hand() -> list[HandHistory]:
    hands: list[HandHistory] = []
    for site in sorted(DATA.iterdir()):
        reader = hf.read_history([site])
        hands += list(reader)
    return hands


def test_every_site_fixture() -> None:
    hands = every_fixture_hand()
    assert len({h.site for h in hands}) >= 17   # (every site's fixtures read)
    assert_same(hands)
    for h in hands:   # hand by hand too: seq restarts at 0
        assert_same([h])


def test_synthetic_hands_in_batches() -> None:
    texts = list(synthetic_histories(600, seed=29))
    hands = [h for text in texts for h in parse_pokerstars(text)]
    for start in range(0, len(hands), 97):
        assert_same(hands[start:start + 97])
    assert_same([])


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
    hands = [_renamed(h, name) for name in names]
    assert_same(hands)
    assert {row["player"] for row in native(hands).to_pylist()} >= set(names)


def test_no_posts_or_actions() -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=4))))
    bare = dataclasses.replace(h, posts=(), actions=())
    assert_same([bare, h, bare])
    assert native([bare]).num_rows == 0


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
    (lambda h: dataclasses.replace(h, hand_id=12),
     TypeError, "site and hand_id must be str"),
    (lambda h: dataclasses.replace(h, actions=(h.actions[0],) * 40_000),
     ValueError, "over the 32767"),
    (lambda h: dataclasses.replace(h, posts=(h.posts[0]._replace(player="\ud800"),)),
     UnicodeEncodeError, "surrogates not allowed"),
])
def test_a_bad_history_is_a_clear_error(change: Any, error: type[Exception], words: str) -> None:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=5))))
    with pytest.raises(error, match=words.replace("(", r"\(")):
        assert action_columns is not None
        action_columns([h, change(h)])


def test_not_a_list_and_capsules_left_unread() -> None:
    assert action_columns is not None
    with pytest.raises(TypeError, match="hands must be a list"):
        action_columns(tuple[Any, ...]())   # type: ignore[arg-type]
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=6))))
    for _ in range(200):   # capsules freed unimported: their release runs (ASan checks)
        action_columns([h] * 50)
    rows, expected = len(h.posts) + len(h.actions), twin([h] * 3)
    batch = native([h] * 3)
    del h   # (the columns are copies: the batch outlives the histories)
    gc.collect()
    assert rows and batch.num_rows == 3 * rows and batch.equals(expected)


def test_the_models_fields_are_in_the_c_order() -> None:
    """hhrows.c reads a Post as (player, kind, amount, all_in) and an HHAction
    as (street, player, kind, amount, to, all_in) by position."""
    assert Post._fields == ("player", "kind", "amount", "all_in")
    assert HHAction._fields == ("street", "player", "kind", "amount", "to", "all_in")
