"""The betting tree of a two-player subgame, built once.

A node is a decision (a player to act, its legal actions and one child each),
a fold (one player gave up) or a showdown (both put in the same amount).
Each node knows its action sequence from the root (``("check", "bet 30",
"call")``) and the chips each player has put in since the subgame began, so
any program can find it again and check its payoffs.

Actions are labelled ``"check"``, ``"bet N"``, ``"call"``, ``"raise N"`` and
``"fold"``; ``N`` is the player's total for the street after the action
("raise to"), in chips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.structures import Limit
from .flat import CHANCE, DECISION, FOLD, SHOWDOWN

KIND_NAMES = ("decision", "fold", "showdown", "chance")


@dataclass
class Node:
    """One node of the tree (``kind``: 0 decision, 1 fold, 2 showdown, 3 chance:
    the river dealt). ``card``: the river card a chance node's child deals (-1 on
    every other node); ``board``: which river a node is on (an index into the
    subgame's river cards; 0 on a river subgame and on the turn)."""

    id: int
    kind: int
    sequence: tuple[str, ...]
    contributed: tuple[int, int]      # chips each player put in during the subgame
    player: int = -1                  # the player to act (decision) or who folded (fold)
    actions: tuple[str, ...] = ()
    children: list[int] = field(default_factory=list)
    card: int = -1
    board: int = 0

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


@dataclass(frozen=True)
class _Sizing:
    limit: Limit
    big_bet: int          # the fixed-limit bet, and the minimum bet otherwise
    stack: int            # the most either player can put in during the subgame
    pot: int
    bet_sizes: tuple[float | str, ...]
    raise_sizes: tuple[float | str, ...]
    max_bets: int         # bets and raises allowed in the round (bet + raises)


def _amounts(sizing: _Sizing, sizes: Sequence[float | str], to: int, mine: int,
             pot_now: int, last_raise: int) -> list[int]:
    """The totals ("to" amounts) the sizes give over the opponent's total ``to``
    (0 for a bet), kept within the minimum, the pot-limit maximum and the stack."""
    if sizing.limit is Limit.FIXED:
        return [min(to + sizing.big_bet, sizing.stack)]
    call = to - mine
    after_call = pot_now + call
    minimum = to + max(last_raise, sizing.big_bet)
    out: set[int] = set()
    for size in sizes:
        if size == "allin":
            total = sizing.stack
        else:
            total = to + round(float(size) * after_call)
            if sizing.limit is Limit.POT:
                total = min(total, to + after_call)
        total = max(total, minimum)
        out.add(min(total, sizing.stack))
    return sorted(a for a in out if a > to)


def build_tree(sizing: _Sizing, river_cards: Sequence[tuple[int, str]] = ()) -> list[Node]:
    """Every node, the root (OOP to act) first: the river betting round, or with
    ``river_cards`` ((card, name) of each river card) the turn's round, a chance
    node dealing each river card, and a river round after each."""
    nodes: list[Node] = []

    def add(kind: int, seq: tuple[str, ...], contrib: tuple[int, int], player: int = -1,
            card: int = -1, board: int = 0) -> Node:
        node = Node(len(nodes), kind, seq, contrib, player, card=card, board=board)
        nodes.append(node)
        return node

    def close(seq: tuple[str, ...], contrib: tuple[int, int], street: int, board: int) -> int:
        """The round is over with both in for the same: the showdown, or the river."""
        if street == 1 or not river_cards:
            return add(SHOWDOWN, seq, contrib, board=board).id
        node = add(CHANCE, seq, contrib)
        kids = []
        for index, (card, name) in enumerate(river_cards):
            if contrib[0] >= sizing.stack:   # all in: the river is dealt, no betting
                kids.append(add(SHOWDOWN, (*seq, name), contrib, card=card, board=index).id)
            else:
                kids.append(grow(0, (*seq, name), contrib, 0, 0, False, 1, index, card,
                                 contrib[0]))
        node.actions = tuple(name for _, name in river_cards)
        node.children = kids
        return node.id

    def grow(player: int, seq: tuple[str, ...], contrib: tuple[int, int], bets: int,
             last_raise: int, checked: bool, street: int, board: int, card: int = -1,
             base: int = 0) -> int:
        node = add(DECISION, seq, contrib, player, card=card, board=board)
        mine, theirs = contrib[player], contrib[1 - player]
        pot_now = sizing.pot + contrib[0] + contrib[1]
        actions: list[tuple[str, int]] = []   # (label, the child's id)
        if theirs == mine:   # nothing to call
            if player == 1 or checked:
                actions.append(("check", close((*seq, "check"), contrib, street, board)))
            else:
                actions.append(("check", grow(1, (*seq, "check"), contrib, bets, last_raise,
                                              True, street, board, base=base)))
            if bets < sizing.max_bets and mine < sizing.stack:
                for total in _amounts(sizing, sizing.bet_sizes, theirs, mine, pot_now,
                                      last_raise):
                    new = (total, theirs) if player == 0 else (theirs, total)
                    label = f"bet {total - base}"
                    actions.append((label, grow(1 - player, (*seq, label), new, bets + 1,
                                                total - theirs, checked, street, board,
                                                base=base)))
        else:
            actions.append(("fold", add(FOLD, (*seq, "fold"), contrib, player).id))
            called = (theirs, theirs)
            actions.append(("call", close((*seq, "call"), called, street, board)))
            if bets < sizing.max_bets and theirs < sizing.stack:
                for total in _amounts(sizing, sizing.raise_sizes, theirs, mine, pot_now,
                                      last_raise):
                    new = (total, theirs) if player == 0 else (theirs, total)
                    label = f"raise {total - base}"
                    actions.append((label, grow(1 - player, (*seq, label), new, bets + 1,
                                                max(total - theirs, last_raise), checked,
                                                street, board, base=base)))
        node.actions = tuple(label for label, _ in actions)
        node.children = [child for _, child in actions]
        return node.id

    grow(0, (), (0, 0), 0, 0, False, 0 if river_cards else 1, 0)
    return nodes
