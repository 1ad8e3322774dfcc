"""A two-player river or turn subgame: board, ranges, pot, stacks, the betting tree.

>>> import hilo_fast as hf
>>> game = hf.Subgame("Kh9s5d4c2h", ranges=("AA", "KK"), pot=100, stacks=200,
...                   structure=hf.Structure.fixed_limit(10))
>>> game.root.actions
('check', 'bet 20')
>>> len(game.combos(0)) > 0 and len(game.combos(1)) > 0
True
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

from ..cards import CardsLike, card_str, parse_cards
from ..core.evaluation import omaha_hilo
from ..core.game import Game
from ..engine.structures import Limit, Structure
from ..ranges.language import Range
from .flat import DECISION, FlatGame, flatten
from .tree import Node, _Sizing, build_tree

__all__ = ["Subgame"]

#: A player's side of the subgame, 0 = out of position (acts first), 1 = in position.
OOP, IP = 0, 1
#: Pot-limit and no-limit sizes when none are given: a third, three quarters, the pot.
DEFAULT_BET_SIZES: tuple[float, ...] = (1 / 3, 0.75, 1.0)
DEFAULT_RAISE_SIZES: tuple[float, ...] = (1.0,)
#: Worse than any high value (1..7462): a combo that holds the river card.
WORST_HIGH = 7463


def _chips(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, got {value!r}")
    try:
        chips = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be an int, got {value!r}") from None
    if chips < 0:
        raise ValueError(f"{name} must not be negative, got {chips}")
    return int(chips)


def _sizes(name: str, sizes: Sequence[float | str], limit: Limit) -> tuple[float | str, ...]:
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Sequence):
        raise TypeError(f"{name} must be a sequence of pot fractions, got {sizes!r}")
    out: list[float | str] = []
    for size in sizes:
        if size == "allin":
            if limit is Limit.POT:
                raise ValueError(f"{name}: 'allin' is not a pot-limit size "
                                 "(the most is the pot, 1.0)")
            out.append("allin")
            continue
        if isinstance(size, bool) or not isinstance(size, (int, float)):
            raise TypeError(f"{name} must hold pot fractions or 'allin', got {size!r}")
        if not math.isfinite(size) or size <= 0:
            raise ValueError(f"{name}: a size must be a positive fraction of the pot, got {size}")
        if limit is Limit.POT and size > 1:
            raise ValueError(f"{name}: {size} of the pot is above the pot-limit maximum (1.0)")
        out.append(float(size))
    if not out:
        raise ValueError(f"{name} must hold at least one size")
    return tuple(out)


class Subgame:
    """A river or turn spot between two ranges: ``board`` (5 cards, or 4 for a
    turn, where each river card is dealt by a chance node), ``ranges=(oop, ip)``
    (each an :class:`hilo_fast.Range` or range text; weights honoured), ``pot``
    (chips in the middle when the river betting starts), ``stacks`` (chips behind,
    one int or one per player: the smaller one, the effective stack, bounds the
    betting), ``structure`` (fixed limit bets the big bet with at most
    ``structure.max_bets`` bets and raises; pot limit and no limit bet the
    ``bet_sizes`` and raise the ``raise_sizes``, fractions of the pot or
    ``"allin"`` in no limit, with at most ``max_raises`` raises), ``game``
    (:class:`hilo_fast.Game`: hi/lo or high only; 4 hole cards).

    Card removal is exact: combos holding a board card are dropped and a pair
    of combos sharing a card is never dealt. The tree is built once:
    :attr:`nodes` (the root first), each with its action sequence.
    """

    def __init__(self, board: CardsLike, *, ranges: tuple[Range | str, Range | str], pot: int,
                 stacks: int | tuple[int, int], structure: Structure,
                 bet_sizes: Sequence[float | str] = DEFAULT_BET_SIZES,
                 raise_sizes: Sequence[float | str] = DEFAULT_RAISE_SIZES,
                 max_raises: int | None = None, game: Game | str | None = None) -> None:
        cards = parse_cards(board)
        if len(cards) not in (4, 5):
            raise ValueError(f"the board must be 5 cards (a river) or 4 (a turn), "
                             f"got {len(cards)}")
        if len(set(cards)) != len(cards):
            raise ValueError(f"the board holds a card twice: {' '.join(map(card_str, cards))}")
        if game is None:
            game = Game()
        elif isinstance(game, str):
            game = Game.named(game)
        if not isinstance(game, Game):
            raise TypeError(f"game must be a hilo_fast.Game or its name, got {game!r}")
        if game.hole_cards != 4 or game.boards != 1:
            raise ValueError("the solver plays one board with 4 hole cards (Omaha); "
                             f"got {game.hole_cards} hole cards and {game.boards} boards")
        if not isinstance(structure, Structure):
            raise TypeError(f"structure must be a hilo_fast.Structure, got {structure!r}")
        self.board: tuple[int, ...] = tuple(cards)
        self.game = game
        self.structure = structure
        self.pot = _chips("pot", pot)
        if self.pot == 0:
            raise ValueError("pot must be positive (payoffs are counted in pots)")
        if isinstance(stacks, tuple):
            if len(stacks) != 2:
                raise ValueError(f"stacks must be one int or two, got {stacks!r}")
            self.stacks = (_chips("stacks[0]", stacks[0]), _chips("stacks[1]", stacks[1]))
        else:
            one = _chips("stacks", stacks)
            self.stacks = (one, one)
        if not isinstance(ranges, tuple) or len(ranges) != 2:
            raise TypeError("ranges must be a tuple (oop, ip) of two ranges")
        limit = structure.limit
        self.bet_sizes = _sizes("bet_sizes", bet_sizes, limit)
        self.raise_sizes = _sizes("raise_sizes", raise_sizes, limit)
        if max_raises is None:
            max_raises = structure.max_bets - 1 if limit is Limit.FIXED else 3
        self.max_raises = _chips("max_raises", max_raises)
        self.ranges = tuple(self._range(f"ranges[{p}]", r, cards) for p, r in enumerate(ranges))
        self._combos = [r.combos for r in self.ranges]
        self._weights = [r.weights for r in self.ranges]
        #: The river cards a turn subgame deals (none on a river), in card order.
        self.river_cards: tuple[int, ...] = (
            tuple(c for c in range(52) if c not in cards) if len(cards) == 4 else ())
        self._values = [self._evaluate(c) for c in self._combos]
        if self.pair_weight() <= 0:
            raise ValueError("no pair of combos can be dealt together: every OOP combo "
                             "shares a card with every IP combo")
        sizing = _Sizing(limit, structure.big_bet, min(self.stacks), self.pot, self.bet_sizes,
                         self.raise_sizes, self.max_raises + 1)
        self.nodes: list[Node] = build_tree(
            sizing, [(c, card_str(c)) for c in self.river_cards])
        self._by_sequence = {node.sequence: node for node in self.nodes}
        self._flat: FlatGame | None = None

    @staticmethod
    def _range(name: str, value: Range | str, board: list[int]) -> Range:
        if isinstance(value, str):
            try:
                value = Range(value)
            except ValueError as exc:
                raise ValueError(f"{name}: {exc}") from None
        if not isinstance(value, Range):
            raise TypeError(f"{name} must be a hilo_fast.Range or range text, got {value!r}")
        if value.hole_count != 4:
            raise ValueError(f"{name} must be a range of 4-card hands")
        kept = value.without(board)
        if not len(kept):
            raise ValueError(f"{name} ({value}) is empty once the board's cards are removed")
        return kept

    def _evaluate(self, combos: Any) -> tuple[list[int], list[int]]:
        """(high, low) of every combo on the board, or on each river in turn (one
        row a river); low 0 when none (or high only). A combo holding the river
        card gets the worst high and no low: it is never dealt with that river."""
        highs, lows = [], []
        boards = ([list(self.board)] if not self.river_cards
                  else [[*self.board, r] for r in self.river_cards])
        rows = combos.tolist()
        for board in boards:
            for row in rows:
                if board[-1] in row:
                    highs.append(WORST_HIGH)
                    lows.append(0)
                    continue
                high, low = omaha_hilo(row, board)
                highs.append(high)
                lows.append(low if (low is not None and self.game.hilo) else 0)
        return highs, lows

    # ---- reading it ----

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def node(self, where: Node | int | Sequence[str] | str) -> Node:
        """The node of an id, an action sequence (a tuple, or its labels joined
        by ``", "``), or a node itself; KeyError when there is none."""
        if isinstance(where, Node):
            return self.nodes[where.id]
        if isinstance(where, int) and not isinstance(where, bool):
            if 0 <= where < len(self.nodes):
                return self.nodes[where]
            raise KeyError(f"no node {where} (the tree has {len(self.nodes)})")
        if isinstance(where, bool):
            raise TypeError("a node is a Node, an id or an action sequence, not a bool")
        if isinstance(where, str):
            seq: tuple[str, ...] = (tuple(s.strip() for s in where.split(","))
                                    if where.strip() else ())
        else:
            seq = tuple(where)
        if seq not in self._by_sequence:
            raise KeyError(f"no node after the actions {seq!r}")
        return self._by_sequence[seq]

    def decisions(self, player: int | None = None) -> list[Node]:
        """The decision nodes (of one player, when given), in id order."""
        return [n for n in self.nodes if n.kind == DECISION and player in (None, n.player)]

    def combos(self, player: int) -> list[str]:
        """Player's combos (card names, ascending ids), in the solver's order."""
        return ["".join(card_str(c) for c in row) for row in self._combos[player].tolist()]

    def combo_index(self, player: int, combo: CardsLike) -> int:
        """The row of ``combo`` in :meth:`combos`; KeyError when not in the range."""
        cards = sorted(parse_cards(combo))
        for i, row in enumerate(self._combos[player].tolist()):
            if row == cards:
                return i
        raise KeyError(f"{combo!r} is not in player {player}'s range on this board")

    def arrays(self, player: int) -> tuple[list[list[int]], list[float], list[int], list[int]]:
        """(cards, weights, high, low) of a player's combos as lists; high and low
        hold a row per river on a turn subgame."""
        highs, lows = self._values[player]
        return (self._combos[player].tolist(), self._weights[player].tolist(), highs, lows)

    def flat(self) -> FlatGame:
        """The flat form both solver twins take (built once)."""
        if self._flat is None:
            left = 52 - len(self.board) - 8   # river cards a pair of combos leaves
            self._flat = flatten(self.nodes, self.pot, (self.arrays(0), self.arrays(1)),
                                 max(1, len(self.river_cards)), 1.0 / left)
        return self._flat

    def pair_weight(self) -> float:
        """The sum of w_i * w_j over every pair of combos that can be dealt together."""
        import numpy as np

        masks = [np.bitwise_or.reduce(np.left_shift(np.uint64(1), c.astype(np.uint64)), axis=1)
                 for c in self._combos]
        apart = (masks[0][:, None] & masks[1][None, :]) == 0
        return float(self._weights[0] @ (apart @ self._weights[1]))

    def __repr__(self) -> str:
        board = "".join(card_str(c) for c in self.board)
        return (f"Subgame({board}, {len(self._combos[0])} vs {len(self._combos[1])} combos, "
                f"pot {self.pot}, stacks {self.stacks}, {len(self.nodes)} nodes)")
