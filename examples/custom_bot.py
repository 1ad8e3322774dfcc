"""A bot of your own at a hilo-fast Table: plays three seats for 300 hands.

The "low hunter" raises when it holds an ace and a deuce (the best start for
the low half), folds hands with no low card facing a bet, and checks or calls
otherwise; its opponents call every time or play at random. Run it:

    python examples/custom_bot.py
"""

from __future__ import annotations

import random
from collections.abc import Callable

import hilo_fast as hf

Bot = Callable[[hf.Hand], tuple[str, int | None]]
LOW_RANKS = set("A2345678")


def low_hunter(hand: hf.Hand) -> tuple[str, int | None]:
    legal = hand.legal_actions()
    hole = hand.holes[hand.actor]
    assert hole is not None                     # a seat asked to act holds cards
    ranks = {card[0] for card in hf.format_cards(hole, " ").split()}
    if {"A", "2"} <= ranks:
        if legal.raise_max:
            return "raise", legal.raise_min
        if legal.bet_max:
            return "bet", legal.bet_max
    if legal.call and not ranks & LOW_RANKS:
        return "fold", None
    return ("call", None) if legal.call else ("check", None)


def calling_station(hand: hf.Hand) -> tuple[str, int | None]:
    return ("call", None) if hand.legal_actions().call else ("check", None)


def make_random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def random_bot(hand: hf.Hand) -> tuple[str, int | None]:
        legal = hand.legal_actions()
        kind = rng.choice([a.name.lower() for a in legal.actions])
        if kind == "bet":
            return kind, rng.randint(legal.bet_min, legal.bet_max)
        if kind == "raise":
            return kind, rng.randint(legal.raise_min, legal.raise_max)
        return kind, None

    return random_bot


def main(hands: int = 300) -> dict[str, int]:
    bots: list[Bot] = [low_hunter, calling_station, make_random_bot(7)]
    names = ["low hunter", "calling station", "random"]
    table = hf.Table([200] * 3, hf.Structure.fixed_limit(2, 4), seed=2024)
    for _ in range(hands):
        hand = table.next_hand(rebuy_to=200)   # a broke seat buys back in
        while not hand.is_over:
            kind, amount = bots[hand.actor](hand)
            hand.act(kind, amount)
    assert table.hand is not None
    final = table.hand.stacks            # after the last hand (table.stacks: before it)
    net = {name: stack - 200 - 200 * rebuys            # each rebuy counts against a seat
           for name, stack, rebuys in zip(names, final, table.rebuys, strict=True)}
    assert sum(net.values()) == 0, "chips were created or lost"
    for name, chips in net.items():
        print(f"{name:<16} {chips:+6d} chips after {hands} hands")
    return net


if __name__ == "__main__":
    main()
