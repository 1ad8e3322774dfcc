"""hf.classify against a plain brute force written here (every opponent pair
of unseen cards, every two hole and three board cards, every next card), and
the C twin against the pure twin on random spots (flop, turn, river; 4, 5 and
6 hole cards; dead cards)."""

from __future__ import annotations

import random
from array import array
from itertools import combinations
from types import ModuleType

import pytest

import hilo_fast as hf
from hilo_fast._backends import NATIVE, PURE
from hilo_fast.analysis.classes import HandClass

LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # A, 2..8 as rank ids (0 = deuce)
STRAIGHT_SETS = [frozenset(range(top - 4, top + 1)) for top in range(4, 13)]
STRAIGHT_SETS.insert(0, frozenset({12, 0, 1, 2, 3}))  # the wheel: index = top - 3


def high5(cards: tuple[int, ...]) -> int:
    return hf.evaluate_high5(list(cards))


def low5(cards: tuple[int, ...]) -> int:
    return hf.evaluate_low5(list(cards)) or 0


class Brute:
    """Everything by plain enumeration: pairs x triples of 5-card evaluations."""

    def __init__(self) -> None:
        self._low_cache: dict[tuple[int, ...], int] = {}

    def pair_high(self, pair: tuple[int, int], board: list[int]) -> int:
        return min(high5((*pair, *t)) for t in combinations(board, 3))

    def pair_low(self, pair: tuple[int, int], board: list[int]) -> int:
        # a low depends on ranks only: cache on them (the values still come
        # from five-card evaluations of every triple)
        key = (pair[0] >> 2, pair[1] >> 2, *sorted(c >> 2 for c in board))
        if key not in self._low_cache:
            self._low_cache[key] = min(
                (v for t in combinations(board, 3) if (v := low5((*pair, *t)))), default=0)
        return self._low_cache[key]

    def hero_low(self, hole: list[int], board: list[int]) -> int:
        return min((self.pair_low(p, board) for p in combinations(hole, 2) if
                    self.pair_low(p, board)), default=0)

    def low_rank(self, low: int, unseen: list[int], board: list[int]) -> int:
        better = {v for p in combinations(unseen, 2) if 0 < (v := self.pair_low(p, board)) < low}
        return 1 + len(better)

    @staticmethod
    def can_flush(hole: list[int], board: list[int]) -> bool:
        return any(len({c & 3 for c in (*p, *t)}) == 1
                   for p in combinations(hole, 2) for t in combinations(board, 3))

    @staticmethod
    def best_straight(hole: list[int], board: list[int]) -> int:
        best = -1
        for p in combinations(hole, 2):
            for t in combinations(board, 3):
                ranks = frozenset(c >> 2 for c in (*p, *t))
                if ranks in STRAIGHT_SETS:
                    best = max(best, STRAIGHT_SETS.index(ranks) + 3)
        return best

    def classify(self, hole: list[int], board: list[int], dead: list[int]) -> HandClass:
        unseen = [c for c in range(52) if c not in {*hole, *board, *dead}]
        high = hf.omaha_high(hole, board)
        high_rank = 1 + len({v for p in combinations(unseen, 2)
                             if (v := self.pair_high(p, board)) < high})
        low = self.hero_low(hole, board)
        low_rank = self.low_rank(low, unseen, board) if low else 0
        more = len(board) < 5
        out = dict(flush_outs=0, straight_ranks=0, straight_outs=0, low_outs=0,
                   nut_low_outs=0, low_counterfeit=0)
        flush_now, straight_now = self.can_flush(hole, board), self.best_straight(hole, board)
        hero_low_ranks = {c >> 2 for c in hole if c >> 2 in LOW_RANKS}
        straight_ranks = set()
        for c in unseen if more else []:
            after = [*board, c]
            rest = [u for u in unseen if u != c]
            if not flush_now and self.can_flush(hole, after):
                out["flush_outs"] += 1
            if self.best_straight(hole, after) > straight_now:
                straight_ranks.add(c >> 2)
                out["straight_outs"] += 1
            new_low = self.hero_low(hole, after)
            new_rank = self.low_rank(new_low, rest, after) if new_low else 0
            out["low_outs"] += not low and bool(new_low)
            out["nut_low_outs"] += new_rank == 1 and low_rank != 1
            out["low_counterfeit"] += bool(low) and c >> 2 in hero_low_ranks and new_rank > low_rank
        out["straight_ranks"] = len(straight_ranks)
        nut_flush_draw = blocker = False
        for s in range(4):
            live = [c for c in range(52) if c & 3 == s and c not in board and c not in dead]
            top = max(live, default=-1)
            on_board = sum(c & 3 == s for c in board)
            held = sum(c & 3 == s for c in hole)
            if top in hole and (on_board >= 3 or (on_board == 2 and more)):
                blocker = True
            if top in hole and out["flush_outs"] and on_board == 2 and held >= 2:
                nut_flush_draw = True
        board_low = {c >> 2 for c in board if c >> 2 in LOW_RANKS}
        low_blocker = False
        if len(board_low) + 5 - len(board) >= 3:
            first, second = [r for r in LOW_RANKS if r not in board_low][:2]
            ranks = {c >> 2 for c in hole}
            low_blocker = first in ranks and second in ranks
        return HandClass(high, high_rank, low or None, low_rank or None,
                         out["low_counterfeit"], out["flush_outs"], nut_flush_draw,
                         out["straight_ranks"], out["straight_outs"], out["low_outs"],
                         out["nut_low_outs"], blocker, low_blocker)


def random_spot(rng: random.Random, n_hole: int, n_board: int, n_dead: int
                ) -> tuple[list[int], list[int], list[int]]:
    # low-heavy and suit-heavy decks half the time, so draws and lows are common
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.5:
        deck.sort(key=lambda c: (c >> 2 not in LOW_RANKS and c & 3 > 1, rng.random()))
    cards = deck[:n_hole + n_board + n_dead]
    rng.shuffle(cards)
    return cards[:n_hole], cards[n_hole:n_hole + n_board], cards[n_hole + n_board:]


SPOTS = [(n_hole, n_board, n_dead) for n_hole in (4, 5, 6) for n_board in (3, 4, 5)
         for n_dead in (0, 3)]


@pytest.mark.parametrize(("n_hole", "n_board", "n_dead"), SPOTS)
def test_classify_equals_the_brute_force(n_hole: int, n_board: int, n_dead: int) -> None:
    rng = random.Random(f"classify {n_hole} {n_board} {n_dead}")
    brute = Brute()
    for _ in range(3):
        hole, board, dead = random_spot(rng, n_hole, n_board, n_dead)
        assert hf.classify(hole, board, dead) == brute.classify(hole, board, dead), (
            hole, board, dead)


KNOWN = [  # hand-made spots: what a player would say, then the brute force agrees
    # A2 on a low flop: the nut low; a deuce pairs the A2's deuce
    ("As2dKhQh", "3c5d8h", dict(low_rank=1, nut_low_blocker=True)),
    # the nut flush draw: the ace of hearts with another heart on two hearts
    ("AhTh4c4d", "Kh7h2s", dict(nut_flush_draw=True, flush_outs=9, nut_flush_blocker=True)),
    # a made flush: no flush outs
    ("AhTh4c4d", "Kh7h2h", dict(flush_outs=0, nut_flush_blocker=True)),
    # a wrap: 9-8-6-5 on 7-4-K makes straights with 3, 5 (no), 6 ... count by brute force
    ("9c8d6h5s", "7c4dKh", {}),
]


@pytest.mark.parametrize(("hole", "board", "expected"), KNOWN)
def test_known_spots(hole: str, board: str, expected: dict[str, object]) -> None:
    got = hf.classify(hole, board)
    assert got == Brute().classify(hf.parse_cards(hole), hf.parse_cards(board), [])
    for name, value in expected.items():
        assert getattr(got, name) == value, name


def test_the_nut_high_on_a_river() -> None:
    # the royal flush is the nuts; a set on a flush board is not
    assert hf.classify("AsKs2c3d", "QsJsTs4h5d").high_rank == 1
    c = hf.classify("9d9c2c3d", "9s5s6sKhJh")
    assert c.high_category == "Three of a Kind" and c.high_rank > 1 and not c.nut_high


@pytest.mark.skipif(NATIVE is None, reason="native backend not built")
@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_c_equals_pure_fuzzed(n_board: int) -> None:
    rng = random.Random(f"twins {n_board}")
    for _ in range(60):
        n_hole, n_dead = rng.choice((4, 5, 6)), rng.choice((0, 0, 1, 5, 20))
        hole, board, dead = random_spot(rng, n_hole, n_board, n_dead)
        assert NATIVE.classify(hole, board, dead) == PURE.classify(hole, board, dead)


@pytest.mark.parametrize("twin", [PURE, NATIVE] if NATIVE else [PURE],
                         ids=lambda t: t.NAME)
def test_many_equals_one_by_one(twin: ModuleType) -> None:
    rng = random.Random(7)
    board, dead = [0, 13, 26, 39], [51]
    holes = []
    while len(holes) < 12:
        hand = rng.sample([c for c in range(52) if c not in (*board, *dead)], 5)
        holes.append(hand)
    flat = array("i", [c for h in holes for c in h])
    out = array("i", [0] * (13 * len(holes)))
    assert twin.classify_many(flat, 5, board, dead, out) == (0, -1)
    for i, hole in enumerate(holes):
        assert tuple(out[13 * i:13 * i + 13]) == twin.classify(hole, board, dead)


@pytest.mark.parametrize("twin", [PURE, NATIVE] if NATIVE else [PURE],
                         ids=lambda t: t.NAME)
def test_many_refuses_a_bad_row_and_writes_nothing(twin: ModuleType) -> None:
    flat = array("i", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40])  # row 2 holds a board card
    out = array("i", [-9] * 39)
    assert twin.classify_many(flat, 4, [40, 41, 42], [], out) == (-2, 2)
    assert set(out) == {-9}
    assert twin.classify_many(flat, 4, [40, 41], [], out)[0] == -3   # a 2-card board
    assert twin.classify_many(flat, 4, [40, 41, 41], [], out) == (-2, -1)
    assert twin.classify([0, 1, 2, 3], [4, 5, 6], [6]) == -2
    assert twin.classify([0, 1, 2], [4, 5, 6], []) == -3
    assert twin.classify([0, 1, 2, 52], [4, 5, 6], []) == -1


@pytest.mark.parametrize(("hole", "board", "dead", "message"), [
    ("AsKs2c", "QsJsTs", "", "hole must have 4, 5 or 6 cards"),
    ("AsKs2c3c", "QsJs", "", "board must have 3, 4 or 5 cards"),
    ("AsKs2c3c", "QsJsTs", "Ts", "duplicate card Ts: in board and in dead"),
    ("AsKs2c3c", "QsJsTs", "As", "duplicate card As: in hole and in dead"),
    ("AsKs2c3c", "QsJsXx", "", "Xx"),
])
def test_bad_input_names_the_problem(hole: str, board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hf.classify(hole, board, dead)
