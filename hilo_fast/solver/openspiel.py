"""A subgame as an OpenSpiel game (the ``pyspiel`` Python game API), so that
OpenSpiel's own CFR, best response and ``exploitability`` run on it: an
independent check of the solver's numbers (``pip install open_spiel``).

The game: one chance node deals a pair of combos that share no card, with
probability proportional to the product of their weights; then the subgame's
betting tree. A player's information state is its combo and the actions so
far. Returns are the solver's zero-sum chips (each player credited half the
starting pot), so OpenSpiel's exploitability is the solver's, in chips.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._py_backend import share
from .flat import CHANCE, DECISION, FOLD, SHOWDOWN
from .solve import Solution
from .subgame import Subgame

__all__ = ["openspiel_game", "openspiel_policy", "strategy_from_openspiel"]


def _pyspiel() -> Any:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        raise ImportError("the OpenSpiel game needs open_spiel: pip install open_spiel") from None


def _info_key(combo: str, sequence: tuple[str, ...]) -> str:
    return f"{combo}|{','.join(sequence)}"


def openspiel_game(subgame: Subgame) -> Any:
    """A ``pyspiel.Game`` playing ``subgame`` (not registered: built per subgame)."""
    pyspiel = _pyspiel()
    flat = subgame.flat()
    combos = (subgame.combos(0), subgame.combos(1))
    labels = sorted({a for n in subgame.decisions() for a in n.actions})
    action_id = {label: k for k, label in enumerate(labels)}
    deals: list[tuple[int, int, float]] = []
    for i, ci in enumerate(flat.cards[0]):
        for j, cj in enumerate(flat.cards[1]):
            if not set(ci) & set(cj):
                deals.append((i, j, flat.weights[0][i] * flat.weights[1][j]))
    total = sum(w for _, _, w in deals)
    outcomes = [(k, w / total) for k, (_, _, w) in enumerate(deals)]
    bound = max(abs(a) for a in flat.term_a) + max(abs(b) for b in flat.term_b) + 1.0
    depth = max(len(n.sequence) for n in subgame.nodes)

    game_type = pyspiel.GameType(
        short_name="python_hilo_fast_river", long_name="hilo-fast river subgame",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=False, provides_observation_tensor=False,
        provides_factored_observation_string=False)
    game_info = pyspiel.GameInfo(
        num_distinct_actions=len(labels), max_chance_outcomes=max(len(deals), 52), num_players=2,
        min_utility=-bound, max_utility=bound, utility_sum=0.0, max_game_length=depth + 1)

    class Observer:
        def __init__(self, iig_obs_type: Any, params: Any) -> None:
            import numpy as np

            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            if state.deal is None:
                return ""
            node = subgame.nodes[state.node]
            return _info_key(combos[player][state.deal[player]], node.sequence)

    base_state: Any = pyspiel.State
    base_game: Any = pyspiel.Game

    class State(base_state):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.deal: tuple[int, int] | None = None
            self.node = 0

        def current_player(self) -> int:
            if self.deal is None or flat.kind[self.node] == CHANCE:
                return int(pyspiel.PlayerId.CHANCE)
            if flat.kind[self.node] != DECISION:
                return int(pyspiel.PlayerId.TERMINAL)
            return flat.player[self.node]

        def _legal_actions(self, player: int) -> list[int]:
            return sorted(action_id[a] for a in subgame.nodes[self.node].actions)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            if self.deal is None:
                return outcomes
            # the river: each card neither combo holds, equally likely
            held = set(flat.cards[0][self.deal[0]]) | set(flat.cards[1][self.deal[1]])
            node = subgame.nodes[self.node]
            cards = sorted(subgame.nodes[c].card for c in node.children
                           if subgame.nodes[c].card not in held)
            return [(c, 1.0 / len(cards)) for c in cards]

        def _apply_action(self, action: int) -> None:
            if self.deal is None:
                i, j, _ = deals[action]
                self.deal = (i, j)
                return
            node = subgame.nodes[self.node]
            if node.kind == CHANCE:
                self.node = next(c for c in node.children if subgame.nodes[c].card == action)
                return
            self.node = node.children[node.actions.index(labels[action])]

        def _action_to_string(self, player: int, action: int) -> str:
            if player == pyspiel.PlayerId.CHANCE:
                if self.deal is not None:
                    return f"river {action}"
                i, j, _ = deals[action]
                return f"deal {combos[0][i]} {combos[1][j]}"
            return labels[action]

        def is_terminal(self) -> bool:
            return self.deal is not None and flat.kind[self.node] in (FOLD, SHOWDOWN)

        def returns(self) -> list[float]:
            if not self.is_terminal():
                return [0.0, 0.0]
            assert self.deal is not None
            i, j = self.deal
            v, a = self.node, flat.term_a[self.node]
            if flat.kind[v] == FOLD:
                won = -a if flat.player[v] == 0 else a
            else:
                b, n, m = flat.board[v], flat.n_combos(0), flat.n_combos(1)
                s = share(flat.high[0][b * n + i], flat.low[0][b * n + i],
                          flat.high[1][b * m + j], flat.low[1][b * m + j])
                won = s * a - flat.term_b[v]
            return [won, -won]

        def __str__(self) -> str:
            return f"{self.deal} {subgame.nodes[self.node].sequence}"

    class Game(base_game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, game_info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer(iig_obs_type, params)

    return Game()


def openspiel_policy(game: Any, solution: Solution) -> Any:
    """The solution's strategy as an OpenSpiel ``TabularPolicy`` of ``game``
    (an :func:`openspiel_game` of the same subgame)."""
    policy_module = importlib.import_module("open_spiel.python.policy")
    policy = policy_module.TabularPolicy(game)
    subgame = solution.subgame
    labels = sorted({a for n in subgame.decisions() for a in n.actions})
    for node in subgame.decisions():
        for combo in subgame.combos(node.player):
            key = _info_key(combo, node.sequence)
            if key not in policy.state_lookup:
                continue
            row = policy.action_probability_array[policy.state_lookup[key]]
            row[:] = 0.0
            for label, p in solution.strategy(node, combo).items():
                row[labels.index(label)] = p
    return policy


def strategy_from_openspiel(subgame: Subgame, policy: Any) -> dict[tuple[str, ...], Any]:
    """An OpenSpiel policy of :func:`openspiel_game` as the ``{action sequence:
    {combo: frequencies}}`` that :func:`hilo_fast.best_response` takes."""
    labels = sorted({a for n in subgame.decisions() for a in n.actions})
    out: dict[tuple[str, ...], Any] = {}
    for node in subgame.decisions():
        per_combo = {}
        for combo in subgame.combos(node.player):
            key = _info_key(combo, node.sequence)
            if key not in policy.state_lookup:
                continue
            row = policy.action_probability_array[policy.state_lookup[key]]
            per_combo[combo] = [float(row[labels.index(a)]) for a in node.actions]
        if per_combo:
            out[node.sequence] = per_combo
    return out
