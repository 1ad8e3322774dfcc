"""A bot that plays a :class:`~hilo_fast.solver.solve.Solution` in a
:class:`hilo_fast.Hand`: heads-up, on the solved river, from the solved pot and
stacks; it draws each action from its combo's frequencies at the node the
river's actions lead to, and refuses any other spot."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

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

    def sequence(self, hand: Hand | HandView) -> tuple[str, ...]:
        """The river's actions so far as the tree's labels."""
        labels = []
        for street, _seat, action, amount in hand.actions:
            if street != Street.RIVER:
                continue
            kind = Action(action)
            name = kind.name.lower()
            labels.append(f"{name} {amount}" if kind in (Action.BET, Action.RAISE) else name)
        return tuple(labels)

    def __call__(self, hand: Hand | HandView, rng: random.Random, /) -> tuple[Action, Any]:
        g = self.subgame
        if g.river_cards:
            raise self._refuse("SolverBot plays river solutions; this one starts on the turn")
        live = [s for s in range(hand.n_seats) if hand.contributions[s] > 0 or hand.stacks[s] > 0]
        if len(live) != 2 or any(hand.folded[s] for s in live):
            raise self._refuse("the solver plays heads-up")
        if hand.street != Street.RIVER:
            raise self._refuse(f"the street is {Street(hand.street).name.lower()}, not the river")
        if sorted(hand.board) != sorted(g.board):
            raise self._refuse("another board")
        river_bets = sum(hand.bets[s] for s in live)
        if hand.pot - river_bets != g.pot:
            raise self._refuse(f"the pot at the river is {hand.pot - river_bets}, not {g.pot}")
        behind = [hand.stacks[s] + hand.bets[s] for s in live]
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
