"""Subgames: bad input named, the tree within the rules (stacks, pot-limit
maximum, fixed-limit cap), card removal."""

from __future__ import annotations

import random

import pytest

import hilo_fast as hf
from hilo_fast.solver.flat import DECISION, FOLD, SHOWDOWN
from tests.solver.helpers import random_subgame

FL = hf.Structure.fixed_limit(10)
PL = hf.Structure.pot_limit(5, 10)
NL = hf.Structure.no_limit(5, 10)


def _game(**kw: object) -> hf.Subgame:
    args: dict[str, object] = {"board": "Kh9s5d4c2h", "ranges": ("AA23", "KK67"), "pot": 100,
                               "stacks": 200, "structure": PL}
    args.update(kw)
    board = args.pop("board")
    return hf.Subgame(board, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("kw", "message"), [
    ({"board": "Kh9s5d4cKh"}, "twice"),
    ({"board": "Kh9s5d"}, "5 cards"),
    ({"ranges": ("AhAsAdAc", "KK"), "board": "AhAs5d4c2h"}, "empty"),
    ({"ranges": ("Kh2c3c4c", "KK")}, "empty"),          # every combo holds a board card
    ({"ranges": ("AsAc2c3c", "AsAc2c3c")}, "no pair"),  # the only combos share cards
    ({"bet_sizes": (0.5, 1.5)}, "pot-limit maximum"),
    ({"bet_sizes": ("allin",)}, "pot-limit"),
    ({"raise_sizes": (2.0,)}, "pot-limit maximum"),
    ({"bet_sizes": (-0.5,)}, "positive"),
    ({"bet_sizes": ()}, "at least one"),
    ({"stacks": -1}, "negative"),
    ({"stacks": (100, -5)}, "negative"),
    ({"pot": -10}, "negative"),
    ({"pot": 0}, "positive"),
    ({"max_raises": -1}, "negative"),
    ({"game": "omahahi5"}, "4 hole cards"),
    ({"ranges": ("AA,,", "KK")}, "ranges\\[0\\]"),
])
def test_bad_subgames_are_named(kw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _game(**kw)


def test_bad_types() -> None:
    with pytest.raises(TypeError, match="structure"):
        _game(structure="pot")
    with pytest.raises(TypeError, match="ranges"):
        _game(ranges=["AA", "KK"])
    with pytest.raises(TypeError, match="stacks"):
        _game(stacks=1.5)


def test_card_removal_and_weights() -> None:
    game = _game(ranges=("AA23@3,KK23@1", "KK67"))
    for p in (0, 1):
        for combo in game.combos(p):
            assert not set(hf.parse_cards(combo)) & set(game.board)
    cards, weights, _, _ = game.arrays(0)
    aces = [w for c, w in zip(cards, weights, strict=True) if sum(x // 4 == 12 for x in c) >= 2]
    assert aces and set(aces) == {3.0}


@pytest.mark.parametrize("seed", range(12))
def test_the_tree_keeps_the_rules(seed: int) -> None:
    game = random_subgame(random.Random(seed), n=3)
    stack = min(game.stacks)
    limit = game.structure.limit
    for node in game.nodes:
        x0, x1 = node.contributed
        assert 0 <= x0 <= stack and 0 <= x1 <= stack
        bets = sum(1 for a in node.sequence if a.startswith(("bet", "raise")))
        assert bets <= game.max_raises + 1
        if node.kind == SHOWDOWN:
            assert x0 == x1
        if node.kind == FOLD:
            assert node.sequence[-1] == "fold"
        if node.kind != DECISION:
            assert not node.children
            continue
        assert len(set(node.actions)) == len(node.actions)
        for label, child in zip(node.actions, node.children, strict=True):
            after = game.nodes[child]
            assert after.sequence == (*node.sequence, label)
            if label.startswith(("bet", "raise")):
                to = int(label.split()[1])
                me, them = node.player, 1 - node.player
                assert after.contributed[me] == to
                behind = node.contributed[them]
                pot_now = game.pot + x0 + x1
                if limit is hf.Limit.POT:   # at most the pot after calling
                    assert to - behind <= pot_now + (behind - node.contributed[me])
                if limit is hf.Limit.FIXED:
                    assert to - behind == min(game.structure.big_bet, stack - behind)


def test_a_turn_tree_deals_every_river_card() -> None:
    game = _game(board="Kh9s5d4c", structure=FL, stacks=30)
    board = set(game.board)
    chance = [n for n in game.nodes if n.kind == 3]
    assert chance and len(game.river_cards) == 48 and not board & set(game.river_cards)
    for node in chance:
        kids = [game.nodes[c] for c in node.children]
        assert sorted(k.card for k in kids) == list(game.river_cards)
        assert all(k.board == game.river_cards.index(k.card) for k in kids)
        assert all(k.sequence[-1] == hf.card_str(k.card) for k in kids)
        assert node.contributed[0] == node.contributed[1]
    for node in game.nodes:
        if node.kind == SHOWDOWN:   # every showdown comes after a river card
            assert any(a in {hf.card_str(c) for c in game.river_cards} for a in node.sequence)


def test_fixed_limit_cap() -> None:
    game = _game(structure=FL, stacks=1000)
    longest = max(game.nodes, key=lambda n: len(n.sequence))
    assert sum(a.startswith(("bet", "raise")) for a in longest.sequence) == FL.max_bets
    assert game.node("check, bet 20").actions == ("fold", "call", "raise 40")


def test_node_lookup() -> None:
    game = _game(structure=FL)
    assert game.node(()) is game.root and game.node("") is game.root
    assert game.node(("bet 20",)) is game.node("bet 20") is game.node(game.node("bet 20").id)
    with pytest.raises(KeyError):
        game.node("bet 999")
    with pytest.raises(KeyError):
        game.combo_index(0, "2c3c4c5c")
