"""The strategy by hand class (hf.strategy_by_class) against a plain
recomputation written here (each combo's reach as the product of its own
earlier frequencies, classes from hf.classify), and its matplotlib chart."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

import hilo_fast as hf
from hilo_fast.cards import card_str, parse_cards
from tests.solver.helpers import random_subgame

CATEGORY_ORDER = ["Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
                  "Three of a Kind", "Two Pair", "One Pair", "High Card"]


def _expected(solution: hf.Solution, node: hf.solver.tree.Node
              ) -> dict[str, tuple[int, float, dict[str, float]]]:
    """{class label: (combos, reach weight, frequencies)} by brute force."""
    game = solution.subgame
    board = list(game.board)
    path = []   # (the node before, the label taken)
    for depth, label in enumerate(node.sequence):
        path.append((game.node(node.sequence[:depth]), label))
        if game.node(node.sequence[:depth]).kind == 3:
            board.append(parse_cards(label)[0])
    groups: dict[str, list[tuple[float, dict[str, float]]]] = defaultdict(list)
    weights = game.arrays(node.player)[1]
    for combo, weight in zip(game.combos(node.player), weights, strict=True):
        if set(parse_cards(combo)) & set(board):
            continue   # holds the river card
        reach = weight
        for before, label in path:
            if before.kind == 0 and before.player == node.player:
                reach *= solution.strategy(before, combo)[label]
        if reach <= 0:
            continue
        found = hf.classify(combo, board)
        low = ("no low" if found.low is None else "nut low" if found.low_rank == 1 else "low")
        label = (f"{found.high_category}, {low}" if game.game.hilo else found.high_category)
        groups[label].append((reach, solution.strategy(node, combo)))
    out = {}
    for label, members in groups.items():
        total = sum(r for r, _ in members)
        freqs = {a: sum(r * f[a] for r, f in members) / total for a in node.actions}
        out[label] = (len(members), total, freqs)
    return out


def _check(solution: hf.Solution, node: hf.solver.tree.Node) -> hf.solver.ClassStrategy:
    table = hf.strategy_by_class(solution, node.sequence)
    want = _expected(solution, node)
    assert [row.label for row in table.rows] == sorted(
        want, key=lambda label: (CATEGORY_ORDER.index(label.split(",")[0]),
                                 ["nut low", "low", "no low"].index(label.split(", ")[1])
                                 if ", " in label else 0))
    for row in table.rows:
        combos, weight, freqs = want[row.label]
        assert row.combos == combos
        assert row.weight == pytest.approx(weight, rel=1e-12)
        assert row.frequencies == pytest.approx(freqs, rel=1e-9, abs=1e-12)
        assert sum(row.frequencies.values()) == pytest.approx(1.0)
    return table


@pytest.mark.parametrize("seed", range(6))
def test_by_class_equals_a_brute_force(backend: object, seed: int) -> None:
    rng = random.Random(300 + seed)
    turn = seed >= 4
    game = random_subgame(rng, n=4 if turn else 25, limit="fixed" if turn else None,
                          turn=turn, game="omahahi" if seed == 3 else None)
    solution = hf.solve(game, target=0, max_iterations=30)
    decisions = game.decisions()
    # the root, and some nodes deeper (on a turn, rivers too)
    picked = [decisions[0], *rng.sample(decisions[1:], min(4, len(decisions) - 1))]
    if turn:
        picked.append(next(n for n in decisions if n.card >= 0 and n.player == 0))
    for node in picked:
        table = _check(solution, node)
        if node.card >= 0:
            assert table.board == (*game.board, node.card)
    if seed == 3:
        assert all(", " not in row.label for row in table.rows)   # high only: no low class


def test_a_river_node_of_a_turn_leaves_out_the_combos_holding_the_card(backend: object) -> None:
    board = "KhQd7s4c"
    oop = "Ac2c3d5d,Kd9h8h2s,QsQc6h5h"
    game = hf.Subgame(board, ranges=(oop, "AdKs3c2d,JhTh9c8c"), pot=20, stacks=20,
                      structure=hf.Structure.fixed_limit(10), max_raises=0)
    solution = hf.solve(game, target=0, max_iterations=20)
    river = ("check", "check", "2c")   # Ac2c3d5d holds the 2c
    table = _check(solution, game.node(river))
    assert sum(row.combos for row in table.rows) == 2
    assert table.board == tuple(parse_cards(board + "2c"))


def test_the_chart_is_drawn_and_saved(backend: object, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    game = random_subgame(random.Random(8), n=20, limit="pot")
    solution = hf.solve(game, target=0, max_iterations=20)
    out = tmp_path / "chart.png"
    ax = hf.plot_strategy(solution, (), str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = hf.strategy_by_class(solution)
    assert len(ax.patches) == len(table.rows) * len(table.actions)   # a bar per class and action
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        f"{row.label} ({row.combos})" for row in table.rows]
    widths = [p.get_width() for p in ax.patches]
    want = [100 * row.frequencies[a] for a in table.actions for row in table.rows]
    assert widths == pytest.approx(want)
    board = "".join(card_str(c) for c in game.board)
    assert board in ax.get_title()
    import matplotlib.pyplot as plt

    _, mine = plt.subplots()
    assert table.plot(ax=mine) is mine
    plt.close("all")


def test_bad_arguments(backend: object) -> None:
    game = random_subgame(random.Random(9), n=5, limit="fixed")
    solution = hf.solve(game, target=0, max_iterations=5)
    leaf = next(n for n in game.nodes if n.kind != 0)
    with pytest.raises(ValueError, match="not a decision"):
        hf.strategy_by_class(solution, leaf.id)
    with pytest.raises(KeyError):
        hf.strategy_by_class(solution, ("no such action",))
    with pytest.raises(TypeError, match="Solution"):
        hf.strategy_by_class(game)  # type: ignore[arg-type]


DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.skipif(not (DOCS / "_hooks").is_dir(), reason="docs/ is not beside the tests")
def test_the_docs_chart_is_of_the_documented_spot(native: object) -> None:
    """docs/_hooks/charts.py draws img/solver_strategy.png of the spot solving.md solves."""
    pytest.importorskip("matplotlib")
    import importlib
    import sys

    sys.path.insert(0, str(DOCS / "_hooks"))
    try:
        charts = importlib.import_module("charts")
    finally:
        sys.path.pop(0)
    page = (DOCS / "solving.md").read_text(encoding="utf-8").replace('"\n...        "', "")
    page = page.replace('"\n...       "', "")
    spot = charts.SOLVER_SPOT
    assert f'hf.Subgame("{spot["board"]}"' in page
    assert f'oop = ("{spot["oop"]}")' in page and f'ip = ("{spot["ip"]}")' in page
    assert "img/solver_strategy.png" in page
    assert charts.strategy_chart()[:8] == b"\x89PNG\r\n\x1a\n"
