"""A bot's answer that is not ``(action, amount)`` names the seat, the bot and the answer.

``hand.act(*answer)`` would say only "argument after * must be an iterable";
the engine checks the shape first, in the C loop of ``Hand.play`` (native) and
the Python one (pure) alike, and ``simulate`` passes the error on.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

import hilo_fast as hf


def answers_42(hand: Any, rng: random.Random) -> Any:
    return 42


BAD = [42, None, "call", (), ("call", None, 3), "fold", b"c", {"action": "call"}]


@pytest.mark.parametrize("answer", BAD, ids=[repr(a) for a in BAD])
def test_hand_play_names_the_seat_the_bot_and_the_answer(backend: ModuleType,
                                                         answer: object) -> None:
    def stubborn(hand: Any, rng: random.Random) -> Any:
        return answer

    for seats in range(2, 7):
        hand = hf.Hand(hf.Structure.pot_limit(1, 2), [100] * seats, 0, seed=seats)
        actor, before = hand.actor, hand.stacks
        with pytest.raises(TypeError) as raised:
            hand.play(stubborn)
        assert str(raised.value).startswith(
            f"seat {actor}: bot test_hand_play_names_the_seat_the_bot_and_the_answer."
            f"<locals>.stubborn answered {answer!r}; a bot returns (action, amount)")
        assert hand.stacks == before and hand.actions == []   # nothing changed


def test_simulate_names_the_bad_bot_among_good_ones(backend: ModuleType) -> None:
    for seat in range(3):
        bots: list[Any] = ["random", "call", "pot"]
        bots[seat] = answers_42
        with pytest.raises(TypeError, match=r"^seat \d: bot answers_42 answered 42; a bot "
                           r"returns \(action, amount\)"):
            hf.simulate(50, hf.Structure.pot_limit(1, 2), 3, bots=bots, seed=seat)


def test_good_answers_still_play(backend: ModuleType) -> None:
    """Lists and one-item tuples are answers too (act(*answer) takes them)."""
    def as_list(hand: Any, rng: random.Random) -> Any:
        return ["call", None] if hand.call_amount else ("check",)

    hand = hf.Hand(hf.Structure.no_limit(1, 2), [50, 50, 50], 1, seed=4)
    hand.play(as_list)
    assert hand.is_over and sum(hand.stacks) == 150
