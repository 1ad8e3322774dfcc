"""A solution's strategy by hand class: at a decision node, the action
frequencies of the acting player's range grouped by what each combo makes on
that node's board (:func:`hilo_fast.classify`: the made high category, and a
nut low, another low or none), each combo weighted by how often its player
reaches the node (its range weight times its own earlier actions'
frequencies); and that table as a matplotlib chart (the ``plot`` extra,
imported on first use).

>>> import hilo_fast as hf
>>> game = hf.Subgame("KhQdJs9c9h", ranges=("KdKc8d7d,AcAd2h3h", "9d8c7c2d"), pot=100,
...                   stacks=100, structure=hf.Structure.pot_limit(5, 10), bet_sizes=(1.0,),
...                   max_raises=0)
>>> table = hf.strategy_by_class(hf.solve(game, target=1e-4, max_iterations=2000))
>>> [(row.label, row.combos, round(row.frequencies["bet 100"], 2)) for row in table.rows]
[('Full House, no low', 1, 1.0), ('Two Pair, no low', 1, 0.5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.classes import classify
from ..cards import card_str
from ..core import tables as gen
from .flat import CHANCE, DECISION
from .solve import Solution
from .tree import Node

__all__ = ["ClassRow", "ClassStrategy", "plot_strategy", "strategy_by_class"]

#: The made high categories, best first (the order of the chart's rows).
_CATEGORIES = tuple(dict.fromkeys(gen.CATEGORIES[c] for c, _ in gen.high_classes()))
_LOWS = ("nut low", "low", "no low")


@dataclass(frozen=True)
class ClassRow:
    """One hand class at a node: its label, the combos in it that can reach the
    node, their reach weight and their action frequencies (reach-weighted)."""

    label: str
    combos: int
    weight: float
    frequencies: dict[str, float]


@dataclass(frozen=True)
class ClassStrategy:
    """The acting player's strategy at ``node`` by hand class, the best high
    class first; ``board`` the node's board (the river dealt included)."""

    node: Node
    player: int
    board: tuple[int, ...]
    actions: tuple[str, ...]
    rows: tuple[ClassRow, ...]

    def plot(self, path: str | None = None, *, ax: Any = None) -> Any:
        """The table as horizontal stacked bars, one per class (see :func:`plot_strategy`)."""
        return _draw(self, path, ax)


def _class_label(hole: Sequence[int], board: Sequence[int], hilo: bool) -> tuple[int, int, str]:
    """(category order, low order, label) of a combo on a board."""
    found = classify(list(hole), list(board))
    category = found.high_category
    if not hilo:
        return _CATEGORIES.index(category), 0, category
    low = "nut low" if found.nut_low else "low" if found.low is not None else "no low"
    return _CATEGORIES.index(category), _LOWS.index(low), f"{category}, {low}"


def _reach(solution: Solution, node: Node) -> tuple[list[float], tuple[int, ...]]:
    """The acting player's reach of each combo at ``node`` (range weight times
    its own actions' frequencies on the way), and the node's board."""
    game = solution.subgame
    player = node.player
    reach = list(game.arrays(player)[1])
    board = tuple(game.board)
    cards = game.arrays(player)[0]
    for depth, label in enumerate(node.sequence):
        parent = game.node(node.sequence[:depth])
        if parent.kind == CHANCE:
            river = parent.children[parent.actions.index(label)]
            card = game.nodes[river].card
            board = (*board, card)
            reach = [0.0 if card in held else r for r, held in zip(reach, cards, strict=True)]
        elif parent.kind == DECISION and parent.player == player:
            for i in range(len(reach)):
                if reach[i] > 0:
                    reach[i] *= solution._frequencies(parent, i)[label]
    return reach, board


def strategy_by_class(solution: Solution, node: Node | int | Sequence[str] | str = ()
                      ) -> ClassStrategy:
    """The action frequencies of the player to act at decision ``node`` (a node,
    its id or its action sequence; the root by default) by hand class on that
    node's board: each class's combos weighted by how often they reach it.
    Classes no combo reaches are left out."""
    if not isinstance(solution, Solution):
        raise TypeError(f"strategy_by_class takes a hilo_fast.Solution, not {solution!r}")
    game = solution.subgame
    found = game.node(node)
    if found.kind != DECISION:
        raise ValueError(f"node {found.sequence!r} is a {found.kind_name}, not a decision")
    player = found.player
    reach, board = _reach(solution, found)
    cards = game.arrays(player)[0]
    groups: dict[tuple[int, int, str], list[int]] = {}
    for i, hole in enumerate(cards):
        if reach[i] > 0:
            groups.setdefault(_class_label(hole, board, game.game.hilo), []).append(i)
    rows = []
    for key in sorted(groups):
        members = groups[key]
        total = sum(reach[i] for i in members)
        frequencies = dict.fromkeys(found.actions, 0.0)
        for i in members:
            for label, p in solution._frequencies(found, i).items():
                frequencies[label] += reach[i] * p / total
        rows.append(ClassRow(key[2], len(members), total, frequencies))
    return ClassStrategy(found, player, board, found.actions, tuple(rows))


def plot_strategy(solution: Solution, node: Node | int | Sequence[str] | str = (),
                  path: str | None = None, *, ax: Any = None) -> Any:
    """:func:`strategy_by_class` drawn with matplotlib (the ``plot`` extra): a
    horizontal bar per hand class, split by action frequency, the classes'
    combo counts beside their labels. Saved to ``path`` when given (without a
    display); returns the axes."""
    return _draw(strategy_by_class(solution, node), path, ax)


def _draw(table: ClassStrategy, path: str | None, ax: Any) -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError("the strategy chart needs matplotlib: "
                          "pip install 'hilo-fast[plot]'") from None
    if ax is None:
        if path is not None:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 0.45 * len(table.rows) + 1.5))
    labels = [f"{row.label} ({row.combos})" for row in table.rows]
    y = list(range(len(table.rows)))
    left = [0.0] * len(y)
    for action in table.actions:
        widths = [100 * row.frequencies[action] for row in table.rows]
        ax.barh(y, widths, left=left, label=action)
        left = [a + b for a, b in zip(left, widths, strict=True)]
    ax.set_yticks(y)
    ax.set_yticklabels(labels)
    ax.invert_yaxis()   # the best class on top
    ax.set_xlim(0, 100)
    ax.set_xlabel("frequency (%)")
    where = ", ".join(table.node.sequence) or "the first action"
    board = "".join(card_str(c) for c in table.board)
    ax.set_title(f"{'OOP' if table.player == 0 else 'IP'} at {where} on {board}")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small")   # off the bars
    if path is not None:
        ax.figure.savefig(path, dpi=100, bbox_inches="tight")
    return ax
