"""The flat form of a subgame both solver twins take: plain lists, no objects.

Per node: ``kind`` (0 decision, 1 fold, 2 showdown), ``player`` (to act, or
who folded), its children (``first_child`` into ``children``, ``n_children``),
and for a decision node ``offset``: where its slots start in its player's
regret and strategy arrays (slot of action a, combo i: offset + a * n + i, n
the player's combo count). Payoffs are in chips, zero-sum (each player's
share of the starting pot counted as half of it):

- fold: the player who did not fold wins ``term_a`` (``pot / 2`` plus the
  folder's chips), the folder loses it;
- showdown: a player wins ``share * term_a - term_b`` (``term_a`` the final
  pot, ``term_b`` its own chips plus ``pot / 2``), ``share`` in 0..1 its
  part of the pot: hi/lo halves, quarters, the whole pot with no low.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tree import Node

#: The kinds of node (csrc/hilo_fast.h's HF_SOLVER_DECISION, _FOLD, _SHOWDOWN).
DECISION, FOLD, SHOWDOWN, CHANCE = 0, 1, 2, 3


@dataclass
class FlatGame:
    kind: list[int]
    player: list[int]
    first_child: list[int]
    n_children: list[int]
    offset: list[int]
    term_a: list[float]
    term_b: list[float]
    children: list[int]
    cards: tuple[list[list[int]], list[list[int]]]
    weights: tuple[list[float], list[float]]
    high: tuple[list[int], list[int]]         # n_boards rows of one value per combo
    low: tuple[list[int], list[int]]          # 0: no qualifying low
    sizes: tuple[int, int]                    # slots of each player's arrays
    regret_floor: float                       # regrets at most this count as 0 (rounding)
    card: list[int]                           # per node: the river card dealt to reach it
    board: list[int]                          # per node: the river it is on (its row)
    n_boards: int

    @property
    def n_nodes(self) -> int:
        return len(self.kind)

    def n_combos(self, player: int) -> int:
        return len(self.weights[player])


def flatten(nodes: list[Node], pot: int,
            sides: tuple[tuple[list[list[int]], list[float], list[int], list[int]], ...],
            n_boards: int = 1, chance_weight: float = 1.0) -> FlatGame:
    """The flat form of a tree and each player's (cards, weights, high, low),
    high and low n_boards rows; a chance node weighs each card chance_weight
    (1 / the cards a pair of combos leaves)."""
    kind: list[int] = []
    player: list[int] = []
    first: list[int] = []
    count: list[int] = []
    offset: list[int] = []
    term_a: list[float] = []
    term_b: list[float] = []
    children: list[int] = []
    sizes = [0, 0]
    n = (len(sides[0][1]), len(sides[1][1]))
    for node in nodes:
        kind.append(node.kind)
        player.append(node.player)
        first.append(len(children))
        count.append(len(node.children))
        children.extend(node.children)
        a = b = 0.0
        if node.kind == DECISION:
            offset.append(sizes[node.player])
            sizes[node.player] += len(node.children) * n[node.player]
        elif node.kind == CHANCE:
            offset.append(-1)
            a = chance_weight
        else:
            offset.append(-1)
            x0, x1 = node.contributed
            if node.kind == FOLD:
                a = pot / 2 + node.contributed[node.player]
            else:
                assert node.kind == SHOWDOWN and x0 == x1
                a, b = float(pot + x0 + x1), pot / 2 + x0
        term_a.append(a)
        term_b.append(b)
    return FlatGame(kind, player, first, count, offset, term_a, term_b, children,
                    (sides[0][0], sides[1][0]), (sides[0][1], sides[1][1]),
                    (sides[0][2], sides[1][2]), (sides[0][3], sides[1][3]),
                    (sizes[0], sizes[1]), _regret_floor(term_a, sides),
                    [node.card for node in nodes], [node.board for node in nodes], n_boards)


def _regret_floor(term_a: list[float],
                  sides: tuple[tuple[list[list[int]], list[float], list[int], list[int]], ...]
                  ) -> float:
    """A regret's rounding noise: 1e-11 of the largest payoff times the larger
    range's weight (a regret sums reach * payoff). Regret matching ignores
    regrets below it, so the twins, which sum in different orders, never part
    over a regret that is 0 but for rounding."""
    payoff = max((abs(a) for a in term_a), default=1.0)   # (a chance weight is below 1)
    return 1e-11 * payoff * max(sum(sides[0][1]), sum(sides[1][1]))
