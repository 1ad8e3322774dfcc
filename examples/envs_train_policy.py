"""Learning environments: a random masked-action agent in PettingZoo, then a
linear softmax policy, trained with numpy alone, that beats the ``call`` bot."""

from typing import Any

import numpy as np

import hilo_fast as hf
from hilo_fast.envs import OmahaHiLoEnv, omaha_hilo_v0
from hilo_fast.envs.spaces import OFFSETS

rng = np.random.default_rng(0)
env = omaha_hilo_v0.env(num_players=6, structure=hf.Structure.pot_limit(1, 2))
env.reset(seed=42)
for _agent in env.agent_iter():                       # one hand, six random seats
    obs, reward, terminated, truncated, info = env.last()
    env.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"])))

gym_env = OmahaHiLoEnv("call", structure=hf.Structure.fixed_limit(2, 4))   # fold, call, raise
HIGH, LOW, STREET = OFFSETS["high"], OFFSETS["low"], OFFSETS["street"]
W = np.zeros((7, 3))                                 # features x actions


def features(obs: dict[str, Any]) -> Any:
    x = obs["observation"]                           # hand strengths, street one-hot
    return np.array([1.0, 4 * (x[HIGH] - 0.6), 4 * x[LOW], *x[STREET:STREET + 4]])


def play_hand(learn: bool) -> float:
    """One hand; REINFORCE on its reward (big blinds won) when learning."""
    global W
    obs, done, trace = gym_env.reset()[0], False, []
    while not done:
        x = features(obs)
        p = np.exp(x @ W) * obs["action_mask"]
        p /= p.sum()
        action = rng.choice(3, p=p)
        trace.append((x, p, action))
        obs, reward, terminated, truncated, _ = gym_env.step(action)
        done = terminated or truncated
    for x, p, action in trace if learn else ():
        W += 0.01 * reward * np.outer(x, np.eye(3)[action] - p)
    return float(reward)


gym_env.reset(seed=1)
trained = [play_hand(learn=True) for _ in range(2500)]   # a few thousand steps
gym_env.reset(seed=7)
won = np.array([play_hand(learn=False) for _ in range(2000)])
error = won.std() / np.sqrt(len(won))
print(f"after training: {won.mean():+.2f} +- {error:.2f} big blinds a hand against 'call'")
assert won.mean() > 3 * error, "the policy should beat the call bot"
