"""A bot that plays a :class:`~hilo_fast.solver.solve.Solution` in a
:class:`hilo_fast.Hand`: heads-up, on the solved board, from the solved pot and
stacks; it draws each action from its combo's frequencies at the node the
subgame's actions lead to, and refuses any other spot. A turn solution plays
the turn, then on the river the solution's river strategy for the card dealt.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..cards import card_str
from ..engine.actions import Action, Street
from .solve import Solution

if TYPE_CHECKING:
    from ..engine.hand import Hand, HandView

__all__ = ["SolverBot"]

_KINDS = {"check": Action.CHECK, "call": Action.CALL, "fold": Action.FOLD, "bet": Action.BET,
          "raise": Action.RAISE}


class SolverBot:
    """``bot(hand, rng) -> (action, amount)`` for :meth:`hilo_fast.Hand.play` or
    :func:`hilo_fast.simulate`; ValueError on a spot the solution did not solve."""

    def __init__(self, solution: Solution) -> None:
        if not isinstance(solution, Solution):
            raise TypeError(f"SolverBot plays a hilo_fast.Solution, not {solution!r}")
        self.solution = solution
        self.subgame = solution.subgame

    def _refuse(self, why: str) -> ValueError:
        return ValueError(f"SolverBot: not the solved spot ({why})")

    def _streets(self) -> tuple[Street, ...]:
        """The streets the solved subgame covers."""
        return (Street.TURN, Street.RIVER) if self.subgame.river_cards else (Street.RIVER,)

    def sequence(self, hand: Hand | HandView) -> tuple[str, ...]:
        """The subgame's actions so far as the tree's labels: on a turn solution
        the turn's, then on the river the river card's name and the river's."""
        def labels(street: Street) -> list[str]:
            out = []
            for on, _seat, action, amount in hand.actions:
                if on == street:
                    kind = Action(action)
                    name = kind.name.lower()
                    out.append(f"{name} {amount}" if kind in (Action.BET, Action.RAISE)
                               else name)
            return out

        if not self.subgame.river_cards:
            return tuple(labels(Street.RIVER))
        if hand.street != Street.RIVER:
            return tuple(labels(Street.TURN))
        return (*labels(Street.TURN), card_str(hand.board[4]), *labels(Street.RIVER))

    @staticmethod
    def _put_in(hand: Hand | HandView, streets: tuple[Street, ...]) -> list[int]:
        """The chips each seat put in on ``streets`` (bets and raises are "to"
        amounts of their street, calls the chips added)."""
        put = [0] * hand.n_seats
        street_put = [0] * hand.n_seats
        current = None
        for street, seat, action, amount in hand.actions:
            if street not in streets:
                continue
            if street != current:
                current, street_put = street, [0] * hand.n_seats
            if action in (Action.BET, Action.RAISE):
                put[seat] += amount - street_put[seat]
                street_put[seat] = amount
            elif action == Action.CALL:
                put[seat] += amount
                street_put[seat] += amount
        return put

    def __call__(self, hand: Hand | HandView, rng: random.Random, /) -> tuple[Action, Any]:
        g = self.subgame
        streets = self._streets()
        live = [s for s in range(hand.n_seats) if hand.contributions[s] > 0 or hand.stacks[s] > 0]
        if len(live) != 2 or any(hand.folded[s] for s in live):
            raise self._refuse("the solver plays heads-up")
        if hand.street not in streets:
            solved = " or ".join(street.name.lower() for street in streets)
            raise self._refuse(f"the street is {Street(hand.street).name.lower()}, not the "
                               f"{solved}")
        board = list(hand.board)
        if sorted(board[:len(g.board)]) != sorted(g.board):
            raise self._refuse("another board")
        put = self._put_in(hand, streets)
        start_pot = hand.pot - sum(put)
        if start_pot != g.pot:
            where = "turn" if g.river_cards else "river"
            raise self._refuse(f"the pot at the {where} is {start_pot}, not {g.pot}")
        behind = [hand.stacks[s] + put[s] for s in live]
        if min(behind) != min(g.stacks):
            raise self._refuse(f"the effective stack is {min(behind)}, not {min(g.stacks)}")
        ip_seat = hand.button    # heads-up the button acts last after the flop
        player = 1 if hand.actor == ip_seat else 0
        hole: Any = getattr(hand, "hole", None)
        if hole is None:
            hole = hand.holes[hand.actor]  # type: ignore[union-attr]
        sequence = self.sequence(hand)
        try:
            node = g.node(sequence)
            if node.kind != 0 or node.player != player:
                raise KeyError(sequence)
            frequencies = self.solution.strategy(node, hole)
        except KeyError as exc:
            raise self._refuse(f"{exc.args[0]!r} was not solved") from None
        draw, at = rng.random(), 0.0
        chosen = node.actions[-1]
        for label, p in frequencies.items():
            at += p
            if draw < at:
                chosen = label
                break
        kind, _, amount = chosen.partition(" ")
        return _KINDS[kind], (int(amount) if amount else None)
