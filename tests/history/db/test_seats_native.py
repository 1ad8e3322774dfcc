"""The seats rows in C (csrc/py/hhrows_seats.c's seat_columns, Arrow columns
through the C data interface) against their Python twin (rows.seat_rows,
through pyarrow): the same table on every site's fixtures, on synthetic hands
of 2-9 seats, on every table size and button, on names of any text; the
positions against the docs' definition; under hand keys of any int64 (each
row carries its hand's); and a clear error, never a crash, on bad facts or a
bad hand key."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history._backend import fast
from hilo_fast.history.db import rows as rows_module
from hilo_fast.history.db.rows import Rows, SeatFacts, hand_rows, seat_rows
from hilo_fast.history.db.store import _Capsules, _struct_types
from hilo_fast.history.model import HandHistory, HHAction, SeatInfo
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

pa = pytest.importorskip("pyarrow")
seat_columns = fast.seat_columns() if fast is not None else None
pytestmark = pytest.mark.skipif(seat_columns is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"


#: Hand keys at the edges of int64 (the column's type), and around 0.
EDGE_KEYS = (0, 1, -1, 2**31, -2**31 - 1, 2**63 - 1, -2**63, 7)


def key_of(k: int) -> int:
    """The ``k``-th hand's key: spread over the whole of int64 (negative and
    large), distinct for every ``k`` (an odd multiplier is one to one mod 2**64)."""
    return (k * 0x9E3779B97F4A7C15 + 2**63) % 2**64 - 2**63


def facts_of(hands: list[HandHistory]) -> list[SeatFacts]:
    rows = Rows()
    for k, h in enumerate(hands):
        hand_rows(h, h.replay(), "test", rows, key=key_of(k))
    assert [f[6] for f in rows.seat_facts] == [key_of(k) for k in range(len(hands))]
    return rows.seat_facts


def native(facts: list[Any]) -> Any:
    assert seat_columns is not None
    return pa.record_batch(_Capsules(seat_columns(facts)))


def twin(facts: list[Any]) -> Any:
    records = [row for f in facts for row in seat_rows(*f)]
    return pa.RecordBatch.from_struct_array(pa.array(records, type=_struct_types()["seats"]))


def assert_same(facts: list[Any]) -> Any:
    got, expected = native(facts), twin(facts)
    assert got.schema == expected.schema
    assert got.schema.field("hand_key").type == pa.int64()
    assert got.num_rows == expected.num_rows == sum(len(f[0].seats) for f in facts)
    # each row carries exactly its hand's key
    assert got.column("hand_key").to_pylist() == [f[6] for f in facts for _ in f[0].seats]
    if not got.equals(expected):
        pairs = zip(got.to_pylist(), expected.to_pylist(), strict=True)
        first = next((a, b) for a, b in pairs if a != b)
        raise AssertionError({key: (first[0][key], first[1][key]) for key in first[0]
                              if first[0][key] != first[1][key]})
    return got


def one_hand(seed: int) -> HandHistory:
    (h,) = parse_pokerstars(next(iter(synthetic_histories(1, seed=seed))))
    return h


def test_every_site_fixture() -> None:
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    assert len({h.site for h in hands}) >= 17
    facts = facts_of(hands)
    table = assert_same(facts)
    for f in facts:   # hand by hand too
        assert_same([f])
    # (the fixtures have seats dealt in and out, shown cards, all-in hands and lows)
    column = table.to_pydict()
    assert False in column["dealt_in"] and None in column["hole_cards"]
    assert any(v is not None for v in column["expected"])
    assert True in column["low_made"] and False in column["low_made"]


def test_synthetic_hands_of_every_size_in_batches() -> None:
    hands = [h for text in synthetic_histories(800, seed=31) for h in parse_pokerstars(text)]
    assert {len(h.dealt_in) for h in hands} >= set(range(2, 10))
    facts = facts_of(hands)
    for start in range(0, len(facts), 113):
        assert_same(facts[start:start + 113])
    assert native([]).num_rows == 0


def _table(h: HandHistory, seats: int, button: int, out: set[int]) -> HandHistory:
    """``h`` re-seated at a table of ``seats`` (seats 1..seats, ``out`` sitting
    out), the button on ``button``."""
    infos = tuple(SeatInfo(k, f"p{k}", 100 * k, k in out) for k in range(1, seats + 1))
    return dataclasses.replace(h, seats=infos, button=button, hole_cards={}, actions=(),
                               dealt_in=tuple(i.name for i in infos if not i.sitting_out))


#: The positions clockwise from the seat after the button (docs/database.md).
POSITIONS = {1: ["BTN"], 2: ["BB", "BTN"], 3: ["SB", "BB", "BTN"],
             4: ["SB", "BB", "CO", "BTN"], 5: ["SB", "BB", "HJ", "CO", "BTN"],
             6: ["SB", "BB", "UTG", "HJ", "CO", "BTN"],
             7: ["SB", "BB", "UTG", "LJ", "HJ", "CO", "BTN"],
             8: ["SB", "BB", "UTG", "UTG+1", "LJ", "HJ", "CO", "BTN"],
             9: ["SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN"],
             10: ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN"]}


@pytest.mark.parametrize("seats", range(1, 11))
def test_every_table_size_and_button(seats: int) -> None:
    h = one_hand(8)
    for button in range(0, seats + 2):
        for out in (set(), {1}, {seats}, set(range(2, seats + 1, 2))):
            t = _table(h, seats, button, out)
            facts = [(t, (), {}, {}, {}, {}, button - seats)]
            got = assert_same(facts).to_pydict()
            dealt = [k for k in range(1, seats + 1) if k not in out]
            clockwise = [k for k in dealt if k > button] + [k for k in dealt if k <= button]
            expected = dict(zip(clockwise, POSITIONS[len(dealt)], strict=True)) if dealt else {}
            assert dict(zip(got["seat"], got["position"], strict=True)) == \
                {k: expected.get(k) for k in range(1, seats + 1)}


def test_flags_of_a_known_line() -> None:
    """A 3-bet pot, c-bet and folded to: the flags as docs/database.md defines them."""
    h = _table(one_hand(9), 4, 4, set())   # p1 SB, p2 BB, p3 CO, p4 BTN
    a = HHAction
    h = dataclasses.replace(h, board=("Ah", "7c", "2d"), actions=(
        a("preflop", "p3", "raise", 20, 20, False), a("preflop", "p4", "raise", 60, 60, False),
        a("preflop", "p1", "fold", 0, 0, False), a("preflop", "p2", "call", 50, 0, False),
        a("preflop", "p3", "call", 40, 0, False),
        a("flop", "p2", "check", 0, 0, False), a("flop", "p3", "check", 0, 0, False),
        a("flop", "p4", "bet", 90, 0, False), a("flop", "p2", "fold", 0, 0, False),
        a("flop", "p3", "raise", 300, 300, False), a("flop", "p4", "return", 0, 0, False)))
    rows = {row["player"]: row for row in assert_same([(h, (), {}, {}, {}, {}, 3)]).to_pylist()}
    assert [rows[p]["vpip"] for p in ("p1", "p2", "p3", "p4")] == [False, True, True, True]
    assert [rows[p]["pfr"] for p in ("p1", "p2", "p3", "p4")] == [False, False, True, True]
    assert rows["p4"]["three_bet_chance"] and rows["p4"]["three_bet"]
    assert rows["p3"]["fold_to_three_bet_chance"] and not rows["p3"]["fold_to_three_bet"]
    assert rows["p4"]["cbet_chance"] and rows["p4"]["cbet"]
    assert rows["p2"]["fold_to_cbet_chance"] and rows["p2"]["fold_to_cbet"]
    assert rows["p3"]["fold_to_cbet_chance"] and not rows["p3"]["fold_to_cbet"]
    assert (rows["p3"]["postflop_bets_raises"], rows["p2"]["postflop_folds"]) == (1, 1)
    assert [rows[p]["saw_flop"] for p in ("p1", "p2", "p3", "p4")] == [False, True, True, True]


def test_the_facts_columns() -> None:
    """contributed, collected, net, expected, adjusted net, showdown, won money
    and low made come from the facts as rows.seat_rows reads them."""
    h = _table(one_hand(10), 3, 1, set())
    h = dataclasses.replace(h, hole_cards={"p1": ("Ah", "2d", "3c", "Kd"), "p3": ()})
    facts = (h, ("p1", "p2"), {"p1": 50, "p2": 50, "p3": 2**62}, {"p1": 100, "p3": -2**62},
             {"p1": 62.5, "p2": 37}, {"p1": True, "p2": False}, -2**63)
    rows = {row["player"]: row for row in assert_same([facts]).to_pylist()}
    assert (rows["p1"]["net"], rows["p1"]["adjusted_net"], rows["p2"]["adjusted_net"]) == \
        (50, 12.5, -13.0)
    assert rows["p1"]["hole_cards"] == "Ah2d3cKd" and rows["p3"]["hole_cards"] is None
    assert [rows[p]["low_made"] for p in ("p1", "p2", "p3")] == [True, False, None]
    assert rows["p3"]["net"] == -2**63 and rows["p3"]["expected"] is None
    assert [rows[p]["showdown"] for p in ("p1", "p2", "p3")] == [True, True, False]


def test_names_of_any_text() -> None:
    h = one_hand(11)
    names = ["Zoë", "O'Brien \"the\" ; DROP TABLE seats; --", "日本語の名前", "🂡🂱", "",
             "a" * 5000, "tab\tand\nnewline", "nul\x00inside"]
    infos = tuple(SeatInfo(k + 1, name, 10 + k) for k, name in enumerate(names))
    t = dataclasses.replace(h, seats=infos, dealt_in=tuple(names), hole_cards={}, button=3,
                            actions=tuple(HHAction("preflop", name, "call", 1, 0, False)
                                          for name in names))
    got = assert_same([(t, tuple(names[:2]), dict.fromkeys(names, 1), {}, {}, {}, 2**63 - 1)])
    assert got.to_pydict()["player"] == names


@pytest.mark.parametrize(("change", "error", "words"), [
    (lambda f: f[0], TypeError, "facts must be a tuple"),
    (lambda f: f[:5], TypeError, "facts must be a tuple"),
    (lambda f: f[:6], TypeError, r"facts must be a tuple \(history, .*, hand key\)"),
    (lambda f: (*f, 1), TypeError, "facts must be a tuple"),
    (lambda f: list(f), TypeError, "facts must be a tuple"),
    (lambda f: (*f[:6], "1"), TypeError, r"seats: hand '\d+': hand_key must be an int"),
    (lambda f: (*f[:6], None), TypeError, "hand_key must be an int"),
    (lambda f: (*f[:6], 1.0), TypeError, "hand_key must be an int"),
    (lambda f: (*f[:6], True), TypeError, "hand_key must be an int"),
    (lambda f: (*f[:6], 2**63), OverflowError, "hand_key does not fit 64 bits"),
    (lambda f: (*f[:6], -2**63 - 1), OverflowError, "hand_key does not fit 64 bits"),
    (lambda f: (dataclasses.replace(f[0], seats=()), *f[1:6], "1"), TypeError,
     "hand_key must be an int"),
    (lambda f: (f[0], f[1], [], *f[3:]), TypeError, "must be dicts"),
    (lambda f: (dataclasses.replace(f[0], hole_cards=[]), *f[1:]), TypeError, "must be dicts"),
    (lambda f: (dataclasses.replace(f[0], seats=None), *f[1:]), TypeError,
     "seats must be a sequence, not None"),
    (lambda f: (dataclasses.replace(f[0], seats=(*f[0].seats, (1, 2))), *f[1:]), TypeError,
     "must be a SeatInfo"),
    (lambda f: (dataclasses.replace(f[0], seats=(f[0].seats[0]._replace(stack="9"),)),
                *f[1:]), TypeError, "seat 0: stack must be an int"),
    (lambda f: (dataclasses.replace(f[0], seats=(f[0].seats[0]._replace(seat=70_000),)),
                *f[1:]), OverflowError, "seat does not fit 16 bits"),
    (lambda f: (dataclasses.replace(f[0], button="1"), *f[1:]), TypeError,
     "button must be an int"),
    (lambda f: (dataclasses.replace(f[0], actions=(("preflop", "p1"),)), *f[1:]), TypeError,
     "action 0: it must be an HHAction"),
    (lambda f: (*f[:4], dict.fromkeys(f[0].dealt_in, "x"), *f[5:]), TypeError,
     "must be real number"),
    (lambda f: (*f[:5], dict.fromkeys(f[0].dealt_in, 1), f[6]), TypeError,
     "low_made must be a bool"),
    (lambda f: (f[0], f[1], dict.fromkeys(f[0].dealt_in, 2**64), *f[3:]), OverflowError,
     "contributed does not fit 64 bits"),
    (lambda f: (f[0], f[1], dict.fromkeys(f[0].dealt_in, -2**63), dict.fromkeys(
        f[0].dealt_in, 2**63 - 1), *f[4:]), OverflowError, "net does not fit 64 bits"),
    (lambda f: (dataclasses.replace(f[0], hole_cards=dict.fromkeys(f[0].dealt_in, (1, 2))),
                *f[1:]), TypeError, "expected str instance"),
    (lambda f: (dataclasses.replace(f[0], actions=(HHAction(
        "flop", f[0].dealt_in[0], "bet", 1, 0, False),) * 40_000), *f[1:]), OverflowError,
     "postflop_bets_raises does not fit 16 bits"),
])
def test_bad_facts_are_a_clear_error(change: Any, error: type[Exception], words: str) -> None:
    (f,) = facts_of([one_hand(12)])
    with pytest.raises(error, match=words):
        assert seat_columns is not None
        seat_columns([f, change(f)])


def test_not_a_list_and_capsules_left_unread() -> None:
    assert seat_columns is not None
    with pytest.raises(TypeError, match="hands must be a list"):
        seat_columns(())   # type: ignore[arg-type]
    facts = facts_of([one_hand(13)])
    for _ in range(200):   # capsules freed unimported: their release runs (ASan checks)
        seat_columns(facts * 50)
    with pytest.raises(TypeError, match="facts must be a tuple"):
        seat_columns(facts * 50 + [facts[0][:6]])   # (an error after many rows: nothing leaks)
    assert native(facts * 3).equals(twin(facts * 3))


def test_hand_keys_of_any_int64() -> None:
    """Keys at the edges of int64, the same facts under several keys, one key
    for several hands: each row carries the key it was given."""
    facts = facts_of([one_hand(20 + k) for k in range(len(EDGE_KEYS))])
    items = [(*f[:6], key) for f, key in zip(facts, EDGE_KEYS, strict=True)]
    got = assert_same(items)
    assert set(got.column("hand_key").to_pylist()) == set(EDGE_KEYS)
    assert_same([(*facts[0][:6], key) for key in EDGE_KEYS])   # one hand, many keys
    assert_same([(*f[:6], 5) for f in facts])                   # one key, many hands
    assert_same([(*facts[0][:6], type("Key", (int,), {})(-42))])   # an int subclass


def test_the_site_is_not_read_and_hand_id_only_names_the_hand() -> None:
    """Rows carry the hand key, not (site, hand_id): any site and hand_id
    do; hand_id names the hand in an error."""
    (f,) = facts_of([one_hand(14)])
    odd = (dataclasses.replace(f[0], site=None, hand_id=12), *f[1:])
    assert native([odd]).equals(native([f]))
    assert_same([odd, f])
    with pytest.raises(TypeError, match=r"seats: hand 12, seat 0: stack must be an int"):
        assert seat_columns is not None
        seat_columns([(dataclasses.replace(odd[0], seats=(
            odd[0].seats[0]._replace(stack="9"),)), *odd[1:])])


def test_the_models_fields_are_in_the_c_order() -> None:
    """hhrows_seats.c reads a SeatInfo as (seat, name, stack, ...) by position."""
    assert SeatInfo._fields[:3] == ("seat", "name", "stack") and len(SeatInfo._fields) == 5


lows_made = rows_module._C_LOWS


@pytest.mark.skipif(lows_made is None, reason="native rows not built")
def test_lows_made_in_c_are_the_pythons() -> None:
    """hand_rows' low_made in C (lows_made) against its twin (rows._lows_made)
    on every site's fixtures and synthetic hands: the same dict, in the same
    order; a hand run twice is handed back to the Python (None)."""
    assert lows_made is not None
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    hands += [h for text in synthetic_histories(2000, seed=17) for h in parse_pokerstars(text)]
    compared = made = twice = 0
    for h in hands:
        rep = h.replay()
        if not (rep.settled and rep.holes and len(rep.board) == 5):
            continue
        got, want = lows_made(rep), rows_module._lows_made(h, rep)
        if len(h.runs) >= 2:
            assert got is None
            twice += 1
            continue
        assert got is not None and list(got.items()) == list(want.items()), h.hand_id
        compared += 1
        made += sum(want.values())
    assert compared > 500 and made > 100 and twice >= 1, (compared, made, twice)


@pytest.mark.skipif(lows_made is None, reason="native rows not built")
@pytest.mark.parametrize("change", [
    {"holes": [[99, 1, 2, 3]] * 10}, {"holes": [[1, 2, 3]] * 10}, {"holes": [None] * 10},
    {"holes": "cards"}, {"board": (1, 2, 3, 4)}, {"board": (1, 2, 3, 4, 52)},
    {"board": ("Ah",) * 5}, {"seat_of": {}}, {"showdown": ["a"]}, {"history": None},
])
def test_lows_made_hands_back_a_bad_replay(change: dict[str, Any]) -> None:
    assert lows_made is not None
    h = next(h for h in hf.read_history([DATA / "pokerstars"])
             if len(h.replay().showdown) >= 2 and h.hole_cards)
    rep = h.replay()
    for name, value in change.items():
        object.__setattr__(rep, name, value)
    assert lows_made(rep) is None
