"""Random masked-action play that checks the environments' promises, hand
after hand: a masked action is refused and changes nothing, every action the
mask allows is accepted, chips are conserved, each hand's rewards sum to
zero and equal the chips won, and no observation holds a card the seat may
not see. Like ``pettingzoo.test``, it ships with the package so that CI and
users run the same check::

    python -m hilo_fast.envs.check --hands 100000

Configurations cycle through 2..10 seats, fixed / pot / no limit and the
mixed game, 4-, 5- and 6-card hands (as the deck allows) and both episode
kinds.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.game import Game
from ..engine.deal import game_of
from ..engine.structures import MixedGame, Structure
from .omaha_hilo import raw_env
from .spaces import OFFSETS


@dataclass
class RandomPlayReport:
    """What :func:`random_play` did."""

    hands: int = 0
    steps: int = 0
    refused: int = 0     # masked actions tried and refused
    episodes: int = 0
    seconds: float = 0.0


def configurations(game: Game | str | None = None) -> Iterator[dict[str, Any]]:
    """Environment arguments covering seats, structures, hand sizes, episodes;
    with ``game``, that game at every table (its seats: as many as the deck
    deals), under each structure and the table options (straddle, bomb pot)."""
    structures: list[Structure | MixedGame] = [
        Structure.pot_limit(1, 2), Structure.no_limit(1, 2, ante=1), Structure.fixed_limit(2, 4),
        MixedGame(Structure.pot_limit(1, 2), hands_per_game=2)]
    if game is not None:
        structures += [Structure.pot_limit(1, 2, straddle=4), Structure.no_limit(1, 2, bomb_pot=3),
                       Structure.fixed_limit(2, 4, single_blind=True)]
        dealt = game_of(game)
    for n in itertools.cycle(range(2, 11)):
        for k, structure in enumerate(structures):
            stacks = [20 + 17 * ((seat * 7 + n) % 9) for seat in range(n)]
            kwargs = {"num_players": n, "structure": structure,
                      "episode": "table" if (n + k) % 2 else "hand", "max_hands": 30,
                      "stacks": stacks}
            if game is not None:
                if dealt.hole_cards * n + 5 * dealt.boards > 52:
                    continue
                yield {**kwargs, "game": dealt}
                continue
            hole_count = [4, 5, 6][(n + k) % 3]
            while hole_count * n + 5 > 52:
                hole_count -= 1
            yield {**kwargs, "hole_count": hole_count}


def _fail(what: str, env: raw_env) -> AssertionError:
    return AssertionError(f"{what}: {env.session.hand!r}")


def _check_cards(env: raw_env, agent: str, observation: np.ndarray) -> None:
    """The card planes hold exactly the seat's own cards and the board."""
    hand, seat = env.session.hand, env._seat[agent]
    hole = set(np.flatnonzero(observation[:52]).tolist())
    board = np.flatnonzero(observation[OFFSETS["board"]:OFFSETS["board"] + 52]).tolist()
    if hole != set(hand.holes[seat] or ()) or sorted(board) != sorted(hand.board):
        raise _fail(f"seat {seat} sees cards {hole} / {board}", env)
    second = np.flatnonzero(observation[OFFSETS["board2"]:OFFSETS["board2"] + 52]).tolist()
    if sorted(second) != sorted(hand.boards[1] if hand.game.boards == 2 else ()):
        raise _fail(f"seat {seat} sees a second board {second}", env)


def _play_episode(env: raw_env, rng: random.Random, report: RandomPlayReport) -> None:
    session = env.session
    total = session.total_chips
    unit = session.big_blind
    start = list(session.hand.starting_stacks)
    hands_before = session.hands
    paid = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        paid[agent] += reward
        env._cumulative_rewards[agent] = 0.0   # collected (as a learner would)
        if terminated or truncated:
            env.step(None)
            continue
        _check_cards(env, agent, obs["observation"])
        other = rng.choice(env.agents)          # and one more seat's view
        _check_cards(env, other, env.observe(other)["observation"])
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask).tolist()
        hand = session.hand
        offered = hand.legal_actions()
        if not legal or (mask[2] == 1) != bool(offered.bet_max or offered.raise_max):
            raise _fail(f"mask {mask.tolist()} disagrees with {offered}", env)
        illegal = [i for i in range(len(mask)) if not mask[i]]
        if illegal and rng.random() < 0.3:
            before = (len(hand.actions), list(hand.stacks), agent)
            try:
                env.step(rng.choice(illegal))
            except ValueError:
                report.refused += 1
            else:
                raise _fail(f"masked action accepted (mask {mask.tolist()})", env)
            if (len(hand.actions), list(hand.stacks), env.agent_selection) != before:
                raise _fail("a refused action changed the hand", env)
        env.step(rng.choice(legal))
        report.steps += 1
        now = session.hand
        if sum(now.stacks) + (0 if now.is_over else now.pot) != total:
            raise _fail("chips not conserved", env)
        if env._rewarded:   # a hand ended: zero-sum, in big blinds of the chips won
            won = sum(env.rewards.values())
            if abs(won) > 1e-9 * max(1.0, total / unit):
                raise _fail(f"rewards sum to {won}", env)
    report.hands += session.hands - hands_before
    end = session.hand.stacks
    for seat, agent in enumerate(env.possible_agents):
        if abs(paid[agent] - (end[seat] - start[seat]) / unit) > 1e-6:
            raise _fail(f"{agent} was paid {paid[agent]} for {end[seat] - start[seat]} chips",
                        env)


def random_play(hands: int, seed: int = 0,
                configs: Sequence[dict[str, Any]] | None = None,
                game: Game | str | None = None) -> RandomPlayReport:
    """Play at least ``hands`` hands with random masked actions (and random
    masked-out ones, which must be refused), checking every promise; raises
    AssertionError naming the hand on the first broken one."""
    rng = random.Random(seed)
    report = RandomPlayReport()
    began = time.perf_counter()
    source: Iterator[dict[str, Any]] = iter(configs) if configs else configurations(game)
    env: raw_env | None = None
    while report.hands < hands:
        if env is None or report.episodes % 20 == 0:
            kwargs = next(source, None)
            if kwargs is None:
                source = iter(configs or ())
                kwargs = next(source)
            env = raw_env(**kwargs)
            env.reset(seed=rng.getrandbits(32))
        else:
            env.reset()
        _play_episode(env, rng, report)
        report.episodes += 1
    report.seconds = time.perf_counter() - began
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None, help="a hilo_fast.Game name (default: Omaha "
                        "Hi-Lo with 4, 5 and 6 cards)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands must be at least 1, not {args.hands}")
    if args.game is not None:
        try:
            Game.named(args.game)
        except ValueError as error:
            parser.error(str(error))
    report = random_play(args.hands, args.seed, game=args.game)
    print(f"{report.hands} hands, {report.steps} steps, {report.episodes} episodes, "
          f"{report.refused} masked actions refused, {report.seconds:.1f} s: all checks passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
