"""Hands one after another at one table (:class:`Table`): stacks carry over, the
button moves, seats with no chips sit out, and a :class:`~hilo_fast.engine.structures.MixedGame`
schedule changes the game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import CardsLike
from ..core.game import Game
from .deal import _check_stacks, game_mix
from .hand import Hand
from .structures import MixedGame, Structure


def _next_with_chips(stacks: list[int], seat: int) -> int:
    """The first seat clockwise after ``seat`` that has chips."""
    n = len(stacks)
    for step in range(1, n + 1):
        if stacks[(seat + step) % n]:
            return (seat + step) % n
    raise ValueError("no seat has chips")


class Table:
    """Hands one after another at one table: stacks carry over, the button moves one
    seat clockwise (skipping seats with no chips, which sit out), and the
    structure follows ``structure`` (a :class:`Structure`, or a
    :class:`MixedGame` schedule).

    >>> from hilo_fast.engine.structures import Structure
    >>> table = Table([100, 100, 0, 100], Structure.no_limit(1, 2), seed=3)
    >>> hand = table.next_hand()
    >>> hand.button, hand.small_blind_seat, hand.big_blind_seat
    (0, 1, 3)
    >>> while not hand.is_over:
    ...     hand.act("fold" if hand.call_amount else "check")
    >>> table.next_hand().button   # seat 2 has no chips: it sits out
    1
    """

    __slots__ = ("_rng", "button", "game", "games", "hand", "hand_number", "hands_per_game",
                 "hole_count", "rebuys", "schedule", "stacks")

    def __init__(self, stacks: Sequence[int], structure: Structure | MixedGame, *,
                 button: int = 0, seed: int | None = None, hole_count: int | None = None,
                 game: Game | str | Sequence[Game | str] | None = None,
                 hands_per_game: int | None = None) -> None:
        if not isinstance(structure, (Structure, MixedGame)):
            raise TypeError(f"structure must be a Structure or MixedGame, got {structure!r}")
        self.stacks = _check_stacks(stacks)
        if isinstance(button, bool) or not isinstance(button, int) or \
                not 0 <= button < len(self.stacks):
            raise ValueError(f"button must be a seat 0..{len(self.stacks) - 1}, got {button!r}")
        self.schedule = structure
        self.button = button if self.stacks[button] else _next_with_chips(self.stacks, button)
        self.hand: Hand | None = None
        self.hand_number = 0
        self.rebuys = [0] * len(self.stacks)
        #: The game dealt (``game=``, a :class:`~hilo_fast.core.game.Game` or its name;
        #: else Omaha Hi-Lo with ``hole_count`` cards).
        #: The games dealt in turn (one, or a mix like PLO/PLO8: ``game=["high",
        #: "omaha8"]``, switching every ``hands_per_game`` hands: the mixed
        #: game's, else one orbit, the number of seats).
        self.games, self.hands_per_game = game_mix(game, hole_count, structure, len(self.stacks),
                                                   hands_per_game)
        self.game = self.games[0]
        self.hole_count = self.game.hole_cards
        self._rng = random.Random(seed)

    def game_for(self, hand_number: int) -> Game:
        """The game of hand ``hand_number`` (0-based)."""
        return self.games[(hand_number // self.hands_per_game) % len(self.games)]

    def structure_for(self, hand_number: int) -> Structure:
        """The structure of hand ``hand_number`` (0-based)."""
        if isinstance(self.schedule, MixedGame):
            return self.schedule.structure_for(hand_number)
        return self.schedule

    def next_hand(self, *, holes: Sequence[CardsLike | None] | None = None,
                  board: CardsLike | None = None, rebuy_to: int = 0) -> Hand:
        """Deal the next hand (after the previous one is over), moving the button.

        ``rebuy_to``: a seat left with no chips buys back in to this many chips
        first (a cash game's automatic rebuy, counted in :attr:`rebuys`); with
        the default 0 it sits out. Raises ValueError, changing nothing, when the
        previous hand is still on or fewer than two seats have chips.
        """
        stacks, number, button = self.stacks, self.hand_number, self.button
        rebuys = self.rebuys
        if self.hand is not None:
            if not self.hand.is_over:
                raise ValueError(f"hand {self.hand_number} is not over yet")
            stacks, number = self.hand.stacks, number + 1   # (a fresh list)
            if rebuy_to > 0 and 0 in stacks:
                rebuys = list(rebuys)   # a copy: nothing changes if this call fails
                for seat, chips in enumerate(stacks):
                    if not chips:
                        stacks[seat] = rebuy_to
                        rebuys[seat] += 1
            if len(stacks) - stacks.count(0) < 2:
                raise ValueError(f"fewer than 2 seats have chips: {stacks}")
            button = _next_with_chips(stacks, button)
        hand = Hand(self.structure_for(number), stacks, button, rng=self._rng,
                    holes=holes, board=board, game=self.game_for(number))
        self.stacks, self.hand_number, self.button, self.hand = stacks, number, button, hand
        self.rebuys = rebuys
        return hand
