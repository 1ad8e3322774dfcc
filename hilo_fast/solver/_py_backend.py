"""The solver's pure-Python twin: Discounted CFR, best response and showdown
sums on a :class:`~hilo_fast.solver.flat.FlatGame`, plainly (every pair of
combos compared, O(n^2) per showdown), for small trees and to check the C.

Same functions and results as :mod:`hilo_fast.solver._c_backend`, up to the
order of floating-point sums.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .flat import CHANCE, DECISION, FOLD, FlatGame

NAME = "python"

# Discounted CFR's parameters (Brown & Sandholm 2019): positive regrets weighted
# by t^1.5 / (t^1.5 + 1), negative ones halved, the average strategy by (t / (t + 1))^2.
ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
SOLVER_ERR_MEMORY = -20   # the C's scratch allocation error (the twin never allocates in C)


def share(high_i: int, low_i: int, high_j: int, low_j: int) -> float:
    """The part of the pot combo i takes from combo j: hi/lo halves, quarters on a
    tied half, the whole pot when neither has a low (low 0: none)."""
    high = 1.0 if high_i < high_j else 0.5 if high_i == high_j else 0.0
    if low_i == 0 and low_j == 0:
        return high
    if low_i == 0:
        low = 0.0
    elif low_j == 0:
        low = 1.0
    else:
        low = 1.0 if low_i < low_j else 0.5 if low_i == low_j else 0.0
    return 0.5 * high + 0.5 * low


class _Pairs:
    """For each player's combo, the opponent's combos it can meet and its share
    on each board (worked out on first use)."""

    def __init__(self, g: FlatGame) -> None:
        self.game = g
        self.apart: list[list[list[int]]] = []
        for p in (0, 1):
            others = [set(c) for c in g.cards[1 - p]]
            self.apart.append([[j for j, s in enumerate(others) if s.isdisjoint(cards)]
                               for cards in g.cards[p]])
        self._meets: dict[tuple[int, int], list[list[tuple[int, float]]]] = {}

    def meets(self, p: int, board: int) -> list[list[tuple[int, float]]]:
        """Per combo of p: (opponent combo, p's share) for those it can meet."""
        key = (p, board)
        if key not in self._meets:
            g, o = self.game, 1 - p
            n, m = g.n_combos(p), g.n_combos(o)
            high, low = g.high[p][board * n:], g.low[p][board * n:]
            their_high, their_low = g.high[o][board * m:], g.low[o][board * m:]
            self._meets[key] = [[(j, share(high[i], low[i], their_high[j], their_low[j]))
                                 for j in row] for i, row in enumerate(self.apart[p])]
        return self._meets[key]


def _terminal(g: FlatGame, pairs: _Pairs, node: int, p: int,
              reach_o: Sequence[float]) -> list[float]:
    a, b = g.term_a[node], g.term_b[node]
    if g.kind[node] == FOLD:
        won = a if g.player[node] != p else -a
        return [won * sum(reach_o[j] for j in row) for row in pairs.apart[p]]
    rows = pairs.meets(p, g.board[node])
    return [sum(reach_o[j] * (s * a - b) for j, s in row) for row in rows]


def _chance(g: FlatGame, node: int, p: int, reach_p: list[float] | None, reach_o: list[float],
            child_values: Callable[[int, list[float] | None, list[float]], list[float]]
            ) -> list[float]:
    """A chance node: each card in turn, the combos holding it left out (reach
    0, value not counted), the sum weighted by term_a."""
    first, k = g.first_child[node], g.n_children[node]
    out = [0.0] * g.n_combos(p)
    for child in g.children[first:first + k]:
        card = g.card[child]
        reach = [0.0 if card in g.cards[1 - p][j] else r for j, r in enumerate(reach_o)]
        own = (None if reach_p is None else
               [0.0 if card in g.cards[p][i] else r for i, r in enumerate(reach_p)])
        values = child_values(child, own, reach)
        for i, v in enumerate(values):
            if card not in g.cards[p][i]:
                out[i] += v
    return [v * g.term_a[node] for v in out]


class Prepared:
    """A flat game with the pairs each combo can meet, computed once."""

    def __init__(self, g: FlatGame) -> None:
        self.game = g
        self.pairs = _Pairs(g)


def prepare(g: FlatGame) -> Prepared:
    return Prepared(g)


def zeros(n: int) -> list[float]:
    return [0.0] * n


def showdown_sums(prepared: Prepared, p: int, reach_o: Sequence[float]) -> list[float]:
    """For each of p's combos, sum over the opponent's combos it can meet of
    reach * share, and of reach alone (two lists, concatenated)."""
    pairs = prepared.pairs
    rows = pairs.meets(p, 0)
    return ([sum(reach_o[j] * s for j, s in row) for row in rows]
            + [sum(reach_o[j] for j, _ in row) for row in rows])


def _current(regret: list[float], at: int, k: int, n: int, floor: float) -> list[list[float]]:
    """Regret matching: each action's probability per combo (uniform when no
    action has positive regret)."""
    out = [[0.0] * n for _ in range(k)]
    for i in range(n):
        total = 0.0
        for a in range(k):
            r = regret[at + a * n + i]
            if r > floor:
                total += r
        for a in range(k):
            r = regret[at + a * n + i]
            out[a][i] = (r / total if r > floor else 0.0) if total > 0 else 1.0 / k
    return out


def iterate(prepared: Prepared, regret: tuple[list[float], list[float]],
            strategy: tuple[list[float], list[float]], first: int, count: int,
            threads: int = 1) -> None:
    """Run DCFR iterations first .. first + count - 1 (1-based), alternating:
    player 0 then player 1 in each; ``regret`` and ``strategy`` (the sums
    behind the average strategy) are updated in place. ``threads``: the twin
    runs on one (the C's answer does not depend on it either)."""
    g, pairs = prepared.game, prepared.pairs
    for t in range(first, first + count):
        s = float(t - 1)
        positive = s ** ALPHA / (s ** ALPHA + 1)
        negative = s ** BETA / (s ** BETA + 1)
        weight = (s / t) ** GAMMA
        for p in (0, 1):
            _cfr(g, pairs, 0, p, list(g.weights[p]), list(g.weights[1 - p]), regret, strategy,
                 (positive, negative, weight))


def _cfr(g: FlatGame, pairs: _Pairs, node: int, p: int, reach_p: list[float],
         reach_o: list[float], regret: tuple[list[float], list[float]],
         strategy: tuple[list[float], list[float]],
         discount: tuple[float, float, float]) -> list[float]:
    if g.kind[node] == CHANCE:
        return _chance(g, node, p, reach_p, reach_o,
                       lambda child, own, reach: _cfr(g, pairs, child, p, own or [], reach,
                                                      regret, strategy, discount))
    if g.kind[node] != DECISION:
        return _terminal(g, pairs, node, p, reach_o)
    mover, k, first = g.player[node], g.n_children[node], g.first_child[node]
    n, at = g.n_combos(mover), g.offset[node]
    sigma = _current(regret[mover], at, k, n, g.regret_floor)
    kids = g.children[first:first + k]
    if mover != p:
        total = [0.0] * g.n_combos(p)
        for a, child in enumerate(kids):
            reach = [r * q for r, q in zip(reach_o, sigma[a], strict=True)]
            for i, v in enumerate(_cfr(g, pairs, child, p, reach_p, reach, regret, strategy,
                                       discount)):
                total[i] += v
        return total
    values = [_cfr(g, pairs, child, p, [r * q for r, q in zip(reach_p, sigma[a], strict=True)],
                   reach_o, regret, strategy, discount) for a, child in enumerate(kids)]
    node_value = [0.0] * n
    for a in range(k):
        for i in range(n):
            node_value[i] += sigma[a][i] * values[a][i]
    positive, negative, weight = discount
    r, s = regret[p], strategy[p]
    for a in range(k):
        for i in range(n):
            slot = at + a * n + i
            old = r[slot]
            r[slot] = old * (positive if old > 0 else negative) + values[a][i] - node_value[i]
            s[slot] = s[slot] * weight + reach_p[i] * sigma[a][i]
    return node_value


def evaluate(prepared: Prepared, strategy: tuple[Sequence[float], Sequence[float]],
             threads: int = 1) -> list[float]:
    """[best response value of player 0, of player 1, value of player 0 when both
    play ``strategy``] in chips (zero-sum), per deal of a pair of combos.
    ``strategy``: each player's action probabilities in the regret layout."""
    g, pairs = prepared.game, prepared.pairs
    norm = sum(w * sum(g.weights[1][j] for j in row)
               for w, row in zip(g.weights[0], pairs.apart[0], strict=True))
    out = []
    for p, best in ((0, True), (1, True), (0, False)):
        values = _values(g, pairs, 0, p, list(g.weights[1 - p]), strategy, best)
        out.append(sum(w * v for w, v in zip(g.weights[p], values, strict=True)) / norm)
    return out


def _values(g: FlatGame, pairs: _Pairs, node: int, p: int, reach_o: list[float],
            strategy: tuple[Sequence[float], Sequence[float]], best: bool) -> list[float]:
    if g.kind[node] == CHANCE:
        return _chance(g, node, p, None, reach_o,
                       lambda child, _, reach: _values(g, pairs, child, p, reach, strategy, best))
    if g.kind[node] != DECISION:
        return _terminal(g, pairs, node, p, reach_o)
    mover, k, first = g.player[node], g.n_children[node], g.first_child[node]
    n, at = g.n_combos(mover), g.offset[node]
    kids = g.children[first:first + k]
    plays = strategy[mover]
    if mover != p:
        total = [0.0] * g.n_combos(p)
        for a, child in enumerate(kids):
            reach = [r * plays[at + a * n + i] for i, r in enumerate(reach_o)]
            for i, v in enumerate(_values(g, pairs, child, p, reach, strategy, best)):
                total[i] += v
        return total
    values = [_values(g, pairs, child, p, reach_o, strategy, best) for child in kids]
    if best:
        return [max(values[a][i] for a in range(k)) for i in range(n)]
    return [sum(plays[at + a * n + i] * values[a][i] for a in range(k)) for i in range(n)]
