"""The all-in equity rows in C (csrc/py/hhrows_all_in.c's all_in_spot) against
their Python twin (rows._all_in with all_in.pots_equity): the same rows and
chips expected, to the last bit of every float, on every site's fixtures
(and the real files of HILO_FAST_HH_DIR), on synthetic hands, and on spots
of any shape built here (2-10 players, 4-6 cards, any board dealt, side
pots, uncontested pots, chips up to where doubles stop being exact), exact,
sampled and with any number of samples; anything unusual is handed back to
the Python (None), never a crash."""

from __future__ import annotations

import os
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.history.db import rows as rows_module
from hilo_fast.history.db.all_in import DEFAULT_SAMPLES, EXACT_DEALS
from hilo_fast.history.db.rows import Rows, _all_in
from hilo_fast.history.replay_settle import PotResult
from hilo_fast.history.sites.pokerstars import parse_pokerstars
from hilo_fast.history.synth import synthetic_histories

all_in_spot = rows_module._C_ALL_IN
pytestmark = pytest.mark.skipif(all_in_spot is None, reason="native rows not built")

DATA = Path(__file__).parents[1] / "data"
SAMPLES = (DEFAULT_SAMPLES, None, 1, 2, 37)


def twin(rep: Any, key: int, samples: int | None) -> tuple[list[Any], dict[str, float]]:
    out = Rows()
    expected: dict[str, float] = {}
    _all_in(rep, out, key, expected, samples)
    return out.tables["all_in_equities"], expected


def same(rep: Any, key: int, samples: int | None) -> bool:
    """C's answer is the twin's, bit for bit (repr tells -0.0 from 0.0); True
    when C settled it, False when it handed it back."""
    assert all_in_spot is not None
    got = all_in_spot(rep, key, samples)
    if got is None:
        return False
    want = twin(rep, key, samples)
    assert repr(got) == repr(want), (rep, samples)
    assert [type(v) for row in got[0] for v in row] == [type(v) for row in want[0] for v in row]
    return True


def spots(hands: list[hf.HandHistory]) -> list[Any]:
    reps = [h.replay() for h in hands]
    return [rep for rep in reps if rep.settled and rep.all_in_board is not None]


def real_hands() -> list[hf.HandHistory]:
    """Every site's fixtures, and the real files under HILO_FAST_HH_DIR."""
    hands = [h for site in sorted(DATA.iterdir()) for h in hf.read_history([site])]
    for root in filter(None, os.environ.get("HILO_FAST_HH_DIR", "").split(os.pathsep)):
        if Path(root).is_dir():
            hands += hf.read_history([root])
    return hands


def test_real_and_synthetic_hands_settle_as_the_python() -> None:
    hands = real_hands()
    hands += [h for text in synthetic_histories(3000, seed=29) for h in parse_pokerstars(text)]
    reps = spots(hands)
    rows = 0
    for k, rep in enumerate(reps):
        for samples in SAMPLES:
            # every replayed spot is plain: C settles each one itself
            assert same(rep, k * 7919 - 2**40, samples), rep.history.hand_id
        rows += len(twin(rep, k, None)[0])
    assert len(reps) >= 40 and rows >= 2 * len(reps), (len(reps), rows)


def _spot(rng: random.Random) -> Any:
    """A replay-like spot: players at a showdown with known cards, the board
    at the all-in, pots (main and side) each contested by some of them."""
    hole = rng.choice((4, 5, 6))
    n = rng.randint(2, min(10, (52 - 5) // hole))
    board = rng.choice((0, 3, 4))
    deck = rng.sample(range(52), n * hole + board)
    names = [rng.choice(("Ann", "bob", "Zoë 'z'", "陈", "a\x00b", "")) + str(p) for p in range(n)]
    holes: list[list[int] | None] = [deck[p * hole:(p + 1) * hole] for p in range(n)]
    pots = []
    top = rng.choice((10, 10**6, 2**40, 2**49))
    left = list(range(n))
    for _ in range(rng.randint(1, 4)):
        eligible = sorted(rng.sample(left, rng.randint(1, len(left))))
        shares = {names[p]: rng.randint(0, top) for p in eligible[:1]}
        pots.append(PotResult(rng.randint(0, top), 0, tuple(names[p] for p in eligible), shares,
                              None))
        left = eligible
    seats = list(range(n))
    rng.shuffle(seats)
    by_seat: list[list[int] | None] = [None] * n
    for p, seat in enumerate(seats):
        by_seat[seat] = holes[p]
    history = SimpleNamespace(site=rng.choice(("PokerStars", "Winamax")),
                              hand_id=str(rng.randint(1, 10**12)),
                              hole_cards={name: [] for name in names})
    return SimpleNamespace(history=history, holes=by_seat,
                           seat_of={name: seats[p] for p, name in enumerate(names)},
                           showdown=tuple(names), all_in_board=tuple(deck[n * hole:]),
                           pots=pots, collected={names[0]: rng.randint(0, top)})


def test_spots_of_any_shape_settle_as_the_python() -> None:
    rng = random.Random(3)
    settled = handed_back = 0
    for k in range(600):
        rep = _spot(rng)
        samples = rng.choice(SAMPLES)
        if same(rep, k, samples):
            settled += 1
        else:
            handed_back += 1
    # (C hands back only what it cannot make exactly as the Python: chips near 2^53)
    assert settled > 450 and handed_back < 150, (settled, handed_back)


def test_a_spot_c_hands_back_is_one_the_python_settles() -> None:
    """Chips past the doubles' exact ints: the C hands the spot back."""
    rng = random.Random(8)
    rep = _spot(rng)
    rep.pots = [p._replace(amount=2**60) for p in rep.pots]
    assert all_in_spot is not None and all_in_spot(rep, 1, None) is None
    assert twin(rep, 1, None)[0]


def test_no_spot_gives_no_rows() -> None:
    rng = random.Random(9)
    assert all_in_spot is not None
    rep = _spot(rng)
    rep.history.hole_cards.pop(rep.showdown[-1])   # a showdown hand not known
    assert all_in_spot(rep, 1, None) == ([], {}) == twin(rep, 1, None)
    rep = _spot(rng)
    rep.pots = []
    assert all_in_spot(rep, 1, None) == ([], {}) == twin(rep, 1, None)


@pytest.mark.parametrize("change", [
    {"holes": [[99, 1, 2, 3], [4, 5, 6, 7]]}, {"holes": [None, None]}, {"holes": "cards"},
    {"all_in_board": (1, 2, 3, 4, 5, 6)}, {"all_in_board": ("Ah",)}, {"pots": None},
    {"pots": [(1, 2)]}, {"showdown": ("a", 5)}, {"seat_of": {}}, {"collected": None},
    {"showdown": tuple(f"p{k}" for k in range(11))}, {"pots": [PotResult(-5, 0, (), {})]},
])
def test_a_bad_replay_is_handed_back_never_a_crash(change: dict[str, Any]) -> None:
    assert all_in_spot is not None
    rep = _spot(random.Random(11))
    for name, value in change.items():
        setattr(rep, name, value)
    got = all_in_spot(rep, 1, DEFAULT_SAMPLES)
    assert got is None or got == ([], {}), got


def test_bad_arguments_are_refused_or_handed_back() -> None:
    assert all_in_spot is not None
    rep = _spot(random.Random(12))
    with pytest.raises(TypeError):
        all_in_spot(rep, 1)   # type: ignore[call-arg]
    for samples in (0, -1, 2**40, "1000", 1.5):
        assert all_in_spot(rep, 1, samples) is None   # type: ignore[arg-type]
    assert all_in_spot(object(), 1, None) is None


def test_exact_spots_are_the_small_ones() -> None:
    """The exact/sampled line is all_in.EXACT_DEALS's, in C as in Python."""
    rng = random.Random(13)
    for _ in range(50):
        rep = _spot(rng)
        got = all_in_spot(rep, 1, DEFAULT_SAMPLES) if all_in_spot else None
        if not got or not got[0]:
            continue
        n_cards = sum(len(h or []) for h in rep.holes) + len(rep.all_in_board)
        from math import comb
        contested = any(len(p.eligible) >= 2 for p in rep.pots)
        exact = not contested or comb(52 - n_cards, 5 - len(rep.all_in_board)) <= EXACT_DEALS
        assert all(row[8] is exact for row in got[0])
