"""Omaha Hi-Lo as a PettingZoo AEC environment (laid out as PettingZoo's
classic environments are): ``env()``, ``raw_env()``, ``parallel_env()``.

=================  =====================================================
agents             ``player_0`` .. ``player_{n-1}`` (seat i), 2..10
actions            ``Discrete(6)`` (``Discrete(3)`` in fixed limit), masked
observations       ``Dict(observation=Box(308,), action_mask=Box(n,))``
rewards            chips won or lost in big blinds, at the end of each hand
episode            one hand, or a table played until a seat busts
=================  =====================================================

The spaces are documented in :mod:`hilo_fast.envs.spaces`. Only the seat to
act has a non-zero ``action_mask``; a masked action raises ValueError and
changes nothing. Each observation is built by
:func:`~hilo_fast.envs.spaces.encode` from :func:`~hilo_fast.envs.view.seat_view`
alone, so it never holds another seat's hidden cards. ``env()`` wraps the raw
environment in PettingZoo's ``OrderEnforcingWrapper``; no ``TerminateIllegal``
wrapper, as an illegal action is an error here, not a lost game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import (  # type: ignore[import-untyped]
    turn_based_aec_to_parallel,
)

from ..cards import format_cards
from ..core.game import Game
from ..engine.structures import Limit, MixedGame, Structure
from .session import Session
from .spaces import N_ACTIONS, N_FIXED_ACTIONS, decode, observation, observation_space

Observation = dict[str, npt.NDArray[Any]]
RENDER_MODES = ("human", "ansi")


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, with ``last()``, ``step()`` and the two
    attributes ``agent_iter()`` reads every turn (``agents``,
    ``agent_selection``) asked of the raw environment at once: the inherited
    ones go through the wrapper's ``__getattr__``, a quarter of a step's
    time. Same values, same checks, same errors."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]


def env(**kwargs: Any) -> Any:
    """The environment as PettingZoo's classic ones are handed out: the raw
    environment in an ``OrderEnforcingWrapper``. Arguments as :class:`raw_env`."""
    return _OrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> Any:
    """The same game through PettingZoo's parallel API (its turn-based
    conversion): every live agent gets an observation; only the action of
    the agent to act (``infos[agent]["active_agent"]`` after a step, the one
    agent with a non-zero mask) is applied, the others are ignored."""
    return turn_based_aec_to_parallel(env(**kwargs))


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]
    """Omaha Hi-Lo for ``num_players`` seats (2..10).

    ``structure``: a :class:`~hilo_fast.engine.structures.Structure` (fixed, pot or
    no limit) or a :class:`~hilo_fast.engine.structures.MixedGame` (default pot limit
    1/2); ``stacks``: chips per seat (an int for all, default 100 big blinds);
    ``hole_count``: 4, 5 or 6; ``game``: the game dealt (a :class:`hilo_fast.Game`
    or its name: double board, Omaha high, Courchevel; a bomb pot or a
    straddle is the structure's option); ``episode``: ``"hand"`` (one hand, every seat
    starting from ``stacks``) or ``"table"`` (hands at one table until a seat
    busts; ``max_hands`` truncates it); ``button``: the first hand's button.
    ``reset(seed=s)`` restarts the stream of hands from ``s``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES), "name": "omaha_hilo_v0",
        "is_parallelizable": False, "render_fps": 1}

    def __init__(self, num_players: int = 2, structure: Structure | MixedGame | None = None,
                 stacks: int | Sequence[int] | None = None, hole_count: int | None = None,
                 episode: str = "hand", max_hands: int | None = None, button: int = 0,
                 render_mode: str | None = None, game: Game | str | None = None) -> None:
        super().__init__()
        EzPickle.__init__(self, num_players, structure, stacks, hole_count, episode, max_hands,
                          button, render_mode, game)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.session = Session(structure, num_players, stacks, hole_count=hole_count,
                               episode=episode, max_hands=max_hands, button=button, game=game)
        self.render_mode = render_mode
        fixed = all(g.limit == Limit.FIXED for g in self.session.structures)
        self._n_actions = N_FIXED_ACTIONS if fixed else N_ACTIONS
        self._big_blind = self.session.big_blind
        self.agents = [f"player_{i}" for i in range(num_players)]
        self.possible_agents = self.agents[:]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        space = observation_space(self._n_actions,
                                  self.session.total_chips / self._big_blind + 10)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action = spaces.Discrete(self._n_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._rewarded = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        """What ``agent``'s seat may know, encoded (see :mod:`hilo_fast.envs.spaces`)."""
        return observation(self.session, self._seat[agent], self._n_actions)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        hand = self.session.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[hand.actor]
        self._rewarded = False

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session = self.session
        kind, amount = decode(session.hand, action, self._n_actions)
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        self._cumulative_rewards[agent] = 0.0
        won = session.act(kind, amount)
        if won is not None:
            unit = self._big_blind
            rewards = self.rewards
            for name, chips in zip(self.possible_agents, won, strict=True):
                rewards[name] = chips / unit
            self._accumulate_rewards()
            self._rewarded = True
        if session.over or session.truncated:
            done = dict.fromkeys(self.agents, True)
            if session.over:
                self.terminations = done
            else:
                self.truncations = done
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[session.hand.actor]
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """The table as text (a spectator's view: every seat's cards)."""
        if self.render_mode is None:
            return None
        return describe(self.session)

    def close(self) -> None:
        pass


def describe(session: Session) -> str:
    """A few lines for people: the hand, the board, each seat."""
    hand = session.hand
    lines = [f"{hand!r}", f"board {format_cards(hand.board, ' ') or '-'}"]
    for seat in range(hand.n_seats):
        hole = hand.holes[seat]
        mark = ">" if seat == hand.actor else " "
        lines.append(f"{mark} seat {seat}: {format_cards(hole, ' ') if hole else 'out':<17} "
                     f"stack {hand.stacks[seat]:>6}  bet {hand.bets[seat]:>5}")
    if hand.actor >= 0:
        lines.append(f"seat {hand.actor} may {hand.legal_actions().describe()}")
    return "\n".join(lines)

