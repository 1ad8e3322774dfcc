"""The hands of one episode: one hand, or a table played until a seat busts.

Shared by the PettingZoo and the Gymnasium environments, which only turn
their actions into engine actions and back. Everything goes through the
public :class:`~hilo_fast.engine.Hand` and :class:`~hilo_fast.engine.Table`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ..core.game import Game
from ..engine.actions import Action, ActionLike
from ..engine.deal import cards_needed, game_of
from ..engine.hand import Hand
from ..engine.structures import MixedGame, Structure
from ..engine.table import Table

EPISODES = ("hand", "table")
# The row of Session.history counting each kind of action (a fold is not counted).
_HISTORY_ROW = {Action.CHECK: 0, Action.CALL: 1, Action.BET: 2, Action.RAISE: 2}


def _structures(schedule: Structure | MixedGame) -> list[Structure]:
    return [schedule.pot, schedule.fixed] if isinstance(schedule, MixedGame) else [schedule]


class Session:
    """Deals and plays the hands of an episode.

    ``episode="hand"``: one hand per episode, every seat starting from
    ``stacks``; each reset without a seed deals the next hand (the button one
    seat on, the mixed game's schedule going on). ``episode="table"``: hands
    one after another at one :class:`~hilo_fast.engine.Table`, stacks carried
    over, until a hand leaves a seat with no chips (``over``) or ``max_hands``
    hands were played (``truncated``).
    """

    def __init__(self, structure: Structure | MixedGame | None, num_players: int,
                 stacks: int | Sequence[int] | None, *, hole_count: int | None = None,
                 episode: str = "hand", max_hands: int | None = None, button: int = 0,
                 game: Game | str | None = None) -> None:
        if structure is None:
            structure = Structure.pot_limit(1, 2)
        if not isinstance(structure, (Structure, MixedGame)):
            raise TypeError(f"structure must be a Structure or MixedGame, got {structure!r}")
        if isinstance(num_players, bool) or not isinstance(num_players, int) or \
                not 2 <= num_players <= 10:
            raise ValueError(f"num_players must be an int 2..10, got {num_players!r}")
        #: The game dealt (hilo_fast.Game)
        self.game = game_of(game, hole_count)
        hole_count = self.game.hole_cards
        cards_needed(hole_count, num_players, self.game.boards)
        if episode not in EPISODES:
            raise ValueError(f"episode must be 'hand' or 'table', got {episode!r}")
        if max_hands is not None and (isinstance(max_hands, bool) or
                                      not isinstance(max_hands, int) or max_hands < 1):
            raise ValueError(f"max_hands must be an int >= 1 or None, got {max_hands!r}")
        if isinstance(button, bool) or not isinstance(button, int) or \
                not 0 <= button < num_players:
            raise ValueError(f"button must be a seat 0..{num_players - 1}, got {button!r}")
        games = _structures(structure)
        #: The chip unit of rewards and observations: the structure's big blind
        #: (a mixed game's pot-limit big blind).
        self.big_blind = games[0].big_blind
        if stacks is None:
            stacks = 100 * self.big_blind
        chips = [stacks] * num_players if isinstance(stacks, int) else list(stacks)
        if len(chips) != num_players:
            raise ValueError(f"stacks must have one entry per seat ({num_players}), got {stacks!r}")
        floor = max(g.big_blind + g.ante + g.straddle + g.bomb_pot for g in games)
        for seat, c in enumerate(chips):
            if isinstance(c, bool) or not isinstance(c, int) or c <= floor:
                raise ValueError(f"stack of seat {seat} must be an int above the forced bets "
                                 f"(big blind, ante, straddle, bomb pot: {floor}), got {c!r}")
        self.schedule = structure
        self.stacks = chips
        self.num_players = num_players
        self.hole_count = hole_count
        self.episode = episode
        self.max_hands = max_hands
        self.structures = games
        self._first_button = self._button = button
        self._rng = random.Random()
        self._number = -1
        self._table: Table | None = None
        self.hand: Hand = None  # type: ignore[assignment]   # set by reset()
        #: The current hand's checks, calls and bets or raises (rows) per street
        #: and seat, as the C encoder reads them (hf_vector_table's history).
        self.history = np.zeros((3, 4, 10), np.int32)
        self.hands = 0          # hands finished this episode
        self.over = self.truncated = False

    @property
    def total_chips(self) -> int:
        return sum(self.stacks)

    def reset(self, seed: int | None = None) -> Hand:
        """Start an episode; a seed restarts the whole stream (hand 0, the
        first button), so the same seed gives the same episode."""
        if seed is not None:
            self._rng = random.Random(seed)
            self._number, self._button = -1, self._first_button
        elif self._number >= 0:
            self._button = (self._button + 1) % self.num_players
        self._number += 1
        self.hands, self.over, self.truncated = 0, False, False
        self.history[:] = 0
        if self.episode == "hand":
            self.hand = Hand(self._structure_for(self._number), self.stacks, self._button,
                             rng=self._rng, game=self.game)
        else:
            self._table = Table(self.stacks, self.schedule, button=self._button,
                                seed=self._rng.getrandbits(64), game=self.game)
            self.hand = self._table.next_hand()
        return self.hand

    def _structure_for(self, number: int) -> Structure:
        schedule = self.schedule
        return schedule.structure_for(number) if isinstance(schedule, MixedGame) else schedule

    def act(self, kind: ActionLike, amount: int | None) -> list[int] | None:
        """Apply the actor's action; when a hand ended, the chips each seat won
        (+) or lost (-) in it (several hands' worth when the next hands were
        over at once: all-in blinds), else None."""
        hand = self.hand
        hand.act(kind, amount)
        street, seat, done, _ = hand.actions[-1]
        row = _HISTORY_ROW.get(done)
        if row is not None:
            self.history[row, street, seat] += 1
        if not hand.is_over:
            return None
        won = self._settle(hand)
        table = self._table
        while self.episode == "table" and table is not None and not self._ends(hand):
            hand = self.hand = table.next_hand()
            self.history[:] = 0
            if not hand.is_over:
                return won
            won = [a + b for a, b in zip(won, self._settle(hand), strict=True)]
        self.over = self.over or not self.truncated
        return won

    def _settle(self, hand: Hand) -> list[int]:
        self.hands += 1
        if sum(hand.stacks) != sum(hand.starting_stacks):
            raise RuntimeError(f"a hand did not conserve chips: {hand.starting_stacks} -> "
                               f"{hand.stacks}")
        return [end - start for end, start in zip(hand.stacks, hand.starting_stacks, strict=True)]

    def _ends(self, hand: Hand) -> bool:
        """True when the table's episode ends after ``hand`` (a seat busted,
        or ``max_hands`` played: truncated)."""
        if 0 in hand.stacks:
            return True
        if self.max_hands is not None and self.hands >= self.max_hands:
            self.truncated = True
            return True
        return False
