"""The replay's action loop in C (csrc/py/hhreplay.c ``replay``) against its Python loop.

``hilo_fast.history.replay`` hands each run of plain actions to the C loop and takes
over, in Python, at the first action the C loop leaves (a returned bet, a
discrepancy, a refusal, a player owed a posted blind). Here every hand of a
corpus of clean and damaged histories is replayed both ways and every field
of the two replays must agree; the counts make sure both ways really ran.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
import hilo_fast.engine.hand as engine
from hilo_fast import replay
from hilo_fast.history import replay as replay_module
from hilo_fast.history.synth import synthetic_histories

DATA = Path(__file__).parent / "data" / "pokerstars"


def _damaged(texts: list[str], count: int, rng: random.Random) -> list[str]:
    """``count`` histories with one to three lines cut, doubled, swapped or edited."""
    out = []
    for _ in range(count):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            op = rng.randrange(7)
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, lines[i])
            elif op == 2:   # digits changed: amounts, seats, cards
                lines[i] = re.sub(r"\d", lambda m: str(rng.randrange(10))
                                  if rng.random() < 0.3 else m[0], lines[i])
            elif op == 3:
                lines[i] = lines[i].replace("shows [", "mucks [")
            elif op == 4:
                lines[i] = lines[i].replace("and is all-in", "").replace(
                    "calls", "calls $0.01 and is all-in" if rng.random() < 0.5 else "bets")
            elif op == 5 and i + 1 < len(lines):
                lines[i], lines[i + 1] = lines[i + 1], lines[i]
            else:
                lines[i] = lines[i].replace("calls", "raises $0.01 to").replace(
                    "checks", "folds").replace("folds", "checks")
        out.append("\n".join(lines))
    return out


def _corpus() -> list[hf.HandHistory]:
    texts = list(synthetic_histories(400, seed=31)) + \
        list(synthetic_histories(200, seed=32, cash=False))
    texts += [path.read_text(encoding="utf-8") for path in sorted(DATA.glob("*.txt"))]
    texts += _damaged(texts, 1500, random.Random(33))
    hands = []
    for text in texts:
        with contextlib.suppress(ValueError):   # a damaged header: no history at all
            hands += list(hf.parse_pokerstars(text))
    return hands


def _fields(r: hf.Replay) -> tuple[Any, ...]:
    hand = r.hand
    return (r.settled, r.collected, r.pots, r.contributions, r.discrepancies, r.showdown,
            r.all_in_board, r.board, r.seat_of,
            None if hand is None else (hand.actions, hand.payouts, hand.stacks, hand.bets,
                                       hand.returned, hand.actor, hand.is_over))


def test_the_c_loop_replays_every_hand_as_the_python_loop(native: Any,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    c_loop = engine._c_replay
    assert c_loop is not None, "the native backend has no C replay loop"
    counts = {"calls": 0, "applied": 0, "left": 0}

    def counting(state: Any, actions: tuple[Any, ...], seat_of: dict[str, int],
                 log: list[Any], start: int, kinds: tuple[str, ...],
                 returned: dict[int, int]) -> int:
        reached = c_loop(state, actions, seat_of, log, start, kinds, returned)
        counts["calls"] += 1
        counts["applied"] += reached - start
        counts["left"] += reached < len(actions)
        return reached

    hands = _corpus()
    # (the loop, not the whole replay in C: tests/history/test_replay_hand.py's)
    monkeypatch.setattr(replay_module, "_c_replay_hand", None)
    monkeypatch.setattr(engine, "_c_replay", counting)
    with_c = [_fields(h.replay()) for h in hands]
    monkeypatch.setattr(engine, "_c_replay", None)
    python = [_fields(h.replay()) for h in hands]
    for h, ours, theirs in zip(hands, with_c, python, strict=True):
        assert ours == theirs, h.hand_id
    differing = sum(bool(fields[4]) for fields in python)
    assert len(hands) > 1500 and differing > 200, (len(hands), differing)
    assert counts["applied"] > 10 * len(hands) // 2 and counts["left"] > 200, counts


@pytest.mark.parametrize("call", [
    lambda r, g, k: r(0, None, (), {}, [], 0, k),
    lambda r, g, k: r(g.address, g.game, ((),), {}, [], 0, k),
    lambda r, g, k: r(g.address, g.game, (("flop", "x", "call", 1, 0, True),), {"x": 0}, [],
                      -5, k),
    lambda r, g, k: r(g.address, g.game, (("flop", [1], "call", 1, 0, True),), {}, [], 0, k),
    lambda r, g, k: r(g.address, g.game, (("f", "p1", "bet", 2**70, 0, False),), {"p1": 0},
                      [], 0, k),
    lambda r, g, k: r(g.address, g.game, (("f", "p1", "bet", -3, 0, False),), {"p1": 0}, [], 0,
                      k),
    lambda r, g, k: r(g.address, g.game, (("f", "p1", "call", 0, 0, 1),), {"p1": 2**80}, [], 0,
                      k),
    lambda r, g, k: r(g.address, g.game, (("f", "p1", "raise", 1, 2**63 - 1, False),),
                      {"p1": 0}, [], 0, k),
    lambda r, g, k: r(g.address, g.game, (), {}, [], 10**6, k),
    lambda r, g, k: r(g.address, g.game, (), {}, [], 0, k[:3]),
    lambda r, g, k: r(g.address, g.game, (("f", "p1", "return", 2.5, 0, False),), {"p1": 0},
                      [], 0, k),
])
def test_the_c_loop_refuses_or_leaves_what_is_not_plain(native: Any,
                                                        call: Callable[..., Any]) -> None:
    """Input the replay never gives it: an error or the index it stopped at, no crash."""
    from hilo_fast._native import _hhreplay

    hand = hf.Hand(hf.Structure.pot_limit(1, 2), [100, 100, 100], 0, seed=1)
    before = (hand.stacks, hand.bets, hand.actor)
    returned: dict[int, int] = {}
    try:
        reached = call(lambda *args: _hhreplay.replay(*args, returned), hand._m,
                       ("fold", "check", "call", "bet", "raise", "return"))
    except (TypeError, ValueError, OverflowError):
        reached = None
    assert reached in (None, 0, 10**6)
    assert (hand.stacks, hand.bets, hand.actor, returned) == (*before, {})


def test_the_c_pots_are_the_python_pots(native: Any) -> None:
    """hhreplay.c ``pots`` against site_pots.showdown_pots on random finished hands:
    random chips (dead money, all-in levels, zeros), random showing seats, buttons."""
    from hilo_fast.history.site_pots import showdown_pots

    rng = random.Random(41)
    compared = split = 0
    for number in range(3000):
        n = rng.randint(2, 10)
        count = rng.choice([c for c in (4, 5, 6) if n * c + 5 <= 52])
        hand = hf.Hand(hf.Structure.pot_limit(1, 2), [rng.randint(5, 500) for _ in range(n)],
                       rng.randrange(n), seed=number, hole_count=count)
        dealt = [seat for seat in range(n) if hand.holes[seat] is not None]
        showing = sorted(rng.sample(dealt, rng.randint(1, len(dealt))))
        chips = [rng.choice((0, 1, 7, 50, 50, 120, rng.randint(0, 10**6))) for _ in range(n)]
        if rng.random() < 0.02:
            chips = [0] * n   # no pot at all
        board = hand._board
        button = rng.randrange(n)
        ours = hand._showdown_pots(chips, showing, button)
        assert ours == showdown_pots(hand.holes, board, showing, chips, button), number
        compared += 1
        split += any(len(pot[3]) > 1 or pot[4] for pot in ours)
    assert compared == 3000 and split > 300


@pytest.mark.parametrize("chips, showing, button", [
    ([1, 2], [0, 1], 2), ([1, 2], [0, 1], -1), ([1], [0], 0), ([1, 2, 3], [0, 1], 0),
    ([1, -2], [0, 1], 0), ([1, 2**62], [0, 1], 0), ([1, 2], [1, 0], 0), ([1, 2], [], 0),
    ([1, 2], [0, 0], 0), ([1, 2], [0, 5], 0), ([1, "2"], [0, 1], 0), ([1, 2], [0, 1.0], 0),
])
def test_the_c_pots_refuse_bad_input(native: Any, chips: list[Any], showing: list[Any],
                                     button: int) -> None:
    hand = hf.Hand(hf.Structure.pot_limit(1, 2), [100, 100], 0, seed=1)
    with pytest.raises(ValueError, match="pots: "):
        hand._showdown_pots(chips, showing, button)


def _deal_inputs(h: hf.HandHistory) -> tuple[Any, ...]:
    """The inputs replay._play gives its deal: seats, players dealt in, the turn."""
    n = max(h.max_seats or 2, max(s.seat for s in h.seats))
    seat_of = {s.name: s.seat - 1 for s in h.seats}
    dealt = sorted(s.seat - 1 for s in h.seats if s.name in h.dealt_in and s.stack)
    return n, seat_of, dealt, replay._turn(h.hand_id)


def test_the_c_deal_is_the_python_deal(native: Any) -> None:
    """hhreplay.c ``deal_history`` against replay._deal on the corpus and on
    hole cards and boards edited to be wrong (repeats, bad counts, names and
    cards): the same holes and board, or None where the Python deal has
    something to say (and never None where it has not)."""
    import dataclasses

    from hilo_fast._native import _hhreplay

    rng = random.Random(43)
    counts = {"same": 0, "both refuse": 0}
    for h in _corpus():
        if h.cancelled or max(s.seat for s in h.seats) > 10:
            continue
        for edit in range(2):
            if edit:   # a damaged deal
                holes = dict(h.hole_cards)
                name = rng.choice([*holes, "nobody"]) if holes else "nobody"
                cards = list(holes.get(name, ("As", "Kd", "Qh", "Jc")))
                change = rng.randrange(5)
                if change == 0 and h.board:
                    cards[0] = h.board[0]
                elif change == 1:
                    cards = cards[:-1]
                elif change == 2:
                    cards[-1] = rng.choice(["Xx", "1s", "", "as"])
                elif change == 3 and len(holes) > 1:
                    other = next(c for n, c in holes.items() if n != name)
                    cards[1] = other[0]
                holes[name] = tuple(cards)
                board = (*h.board[:2], h.board[0], *h.board[3:]) if change == 4 and h.board \
                    else h.board
                h = dataclasses.replace(h, hole_cards=holes, board=board)
            n, seat_of, dealt, turn = _deal_inputs(h)
            ours = _hhreplay.deal_history(h.board, h.hole_cards, seat_of, dealt, n,
                                          h.hole_count, replay._CARD_IDS, replay._TURNED[turn])
            try:
                theirs: Any = replay._deal(h, dealt, n, seat_of, [], turn)
            except (replay._Stop, KeyError):
                theirs = None
            assert ours == theirs, (h.hand_id, edit)
            counts["same" if ours else "both refuse"] += 1
    assert counts["same"] > 1500 and counts["both refuse"] > 300, counts


@pytest.mark.parametrize("args", [
    ((), {}, {}, [0, 1], 1, 4),
    ((), {}, {}, [0, 1], 2, 7),
    (("As",) * 6, {}, {}, [0, 1], 2, 4),
    ((), {"p": ("As",) * 4}, {"p": 12}, [0, 1], 2, 4),
    ((), {"p": ["As", "Ks", "Qs", "Js"]}, {"p": 0}, [0, 1], 2, 4),
    ((), {"p": (1, 2, 3, 4)}, {"p": 0}, [0, 1], 2, 4),
    ((), {}, {}, [1, 0], 2, 4),
    ((), {}, {}, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10, 4),
    ((), {}, {}, [0, "1"], 2, 4),
    (("As", "Ks", "Qs"), {}, {}, [0, 1], 2, 4, {"As": 51, "Ks": 51, "Qs": 3}),
])
def test_the_c_deal_leaves_bad_input_to_python(native: Any, args: tuple[Any, ...]) -> None:
    from hilo_fast._native import _hhreplay

    ids = args[6] if len(args) > 6 else replay._CARD_IDS   # (a table mapping two names to one id)
    assert _hhreplay.deal_history(*args[:6], ids, replay._TURNED[0]) is None
