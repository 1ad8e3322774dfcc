"""One learning seat against bots, as a Gymnasium environment.

The opponents are the built-in bots by name (``"random"``, ``"call"``,
``"pot"``: :data:`hilo_fast.engine.selfplay.BOTS`) or callables ``bot(view, rng) ->
(action, amount)`` in the engine's terms (:mod:`hilo_fast.engine.selfplay`); each is
handed the :func:`~hilo_fast.envs.view.seat_view` of its own seat, never the
hand, so no bot sees another seat's cards either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..core.game import Game
from ..engine.actions import ActionLike
from ..engine.selfplay import BOTS
from ..engine.structures import Limit, MixedGame, Structure
from .omaha_hilo import RENDER_MODES, describe
from .session import Session
from .spaces import N_ACTIONS, N_FIXED_ACTIONS, decode, observation, observation_space
from .view import SeatView, seat_view

ViewBot = Callable[[SeatView, random.Random], tuple[ActionLike, "int | None"]]
Observation = dict[str, npt.NDArray[Any]]


def _bot(spec: str | ViewBot) -> ViewBot:
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ValueError(f"unknown bot {spec!r}: expected one of {', '.join(BOTS)} "
                             f"or a callable")
        return BOTS[spec]
    if not callable(spec):
        raise TypeError(f"an opponent must be a bot name or a callable, got {spec!r}")
    return spec


class OmahaHiLoEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` learns; every other seat is played by an opponent bot.

    ``opponents``: one bot for all other seats (with ``num_players``, default
    2), or a sequence of one per other seat in seat order (then
    ``num_players`` is its length + 1). The other arguments, the spaces and
    the rewards are those of :class:`hilo_fast.envs.omaha_hilo_v0.raw_env`;
    a step plays the learner's action, then the bots until the learner is to
    act again or the episode is over. Chips won or lost in hands the learner
    had no decision in (everyone folded to its big blind) are paid with its
    next step's reward (or the episode's last), so the rewards add up to every
    chip it won or lost.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Env's)

    def __init__(self, opponents: str | ViewBot | Sequence[str | ViewBot] = "call",
                 num_players: int | None = None, seat: int = 0,
                 structure: Structure | MixedGame | None = None,
                 stacks: int | Sequence[int] | None = None, hole_count: int | None = None,
                 episode: str = "hand", max_hands: int | None = None, button: int = 0,
                 render_mode: str | None = None, game: Game | str | None = None) -> None:
        if isinstance(opponents, (str, bytes)) or callable(opponents):
            n = 2 if num_players is None else num_players
            others = [opponents] * (n - 1) if isinstance(n, int) and n >= 2 else []
        else:
            others = list(opponents)
            n = len(others) + 1
            if num_players is not None and num_players != n:
                raise ValueError(f"{len(others)} opponents make {n} players, not {num_players}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.session = Session(structure, n, stacks, hole_count=hole_count, episode=episode,
                               max_hands=max_hands, button=button, game=game)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, got {seat!r}")
        self.seat = seat
        bots = [_bot(spec) for spec in others]
        self._bots: list[ViewBot | None] = [*bots[:seat], None, *bots[seat:]]
        fixed = all(g.limit == Limit.FIXED for g in self.session.structures)
        self._n_actions = N_FIXED_ACTIONS if fixed else N_ACTIONS
        self._big_blind = self.session.big_blind
        self.observation_space = observation_space(  # type: ignore[assignment]
            self._n_actions, self.session.total_chips / self._big_blind + 10)
        self.action_space = spaces.Discrete(self._n_actions)
        self.render_mode = render_mode
        self._bot_rng = random.Random()
        self._owed = 0      # chips of hands without a decision, paid with the next reward

    def _observe(self) -> Observation:
        return observation(self.session, self.seat, self._n_actions)

    def _play_bots(self) -> int:
        """Let the bots act until the learner is to act or the episode is over;
        the learner's chips from hands that ended meanwhile."""
        session, seat, chips = self.session, self.seat, 0
        while not (session.over or session.truncated):
            hand = session.hand
            actor = hand.actor
            if actor == seat:
                break
            bot = self._bots[actor]
            assert bot is not None
            kind, amount = bot(seat_view(hand, actor), self._bot_rng)
            won = session.act(kind, amount)
            if won is not None:
                chips += won[seat]
        return chips

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            master = random.Random(seed)
            self.session.reset(master.getrandbits(64))
            self._bot_rng = random.Random(master.getrandbits(64))
            self._owed = 0
        else:
            self.session.reset()
        while True:   # deal until the learner has a decision
            self._owed += self._play_bots()
            if not (self.session.over or self.session.truncated):
                break
            self.session.reset()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        session = self.session
        if session.over or session.truncated:
            raise ValueError("the episode is over: call reset()")
        kind, amount = decode(session.hand, action, self._n_actions)
        won = session.act(kind, amount)
        chips = self._owed + (0 if won is None else won[self.seat]) + self._play_bots()
        self._owed = 0
        if self.render_mode == "human":
            print(describe(session))
        return (self._observe(), chips / self._big_blind, session.over, session.truncated, {})

    def render(self) -> str | None:
        """The table as text (a spectator's view: every seat's cards)."""
        return None if self.render_mode is None else describe(self.session)
