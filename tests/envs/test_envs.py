"""The learning environments (hilo_fast.envs): PettingZoo's and Gymnasium's own
API checks, random masked-action play, the action sizes against the rules,
and that no observation depends on another seat's hidden cards."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from hilo_fast import Action, Hand, Limit, MixedGame, Structure
from hilo_fast.envs import OmahaHiLoEnv, SeatView, omaha_hilo_v0, seat_view
from hilo_fast.envs.check import random_play
from hilo_fast.envs.spaces import OBS_SIZE, OFFSETS, action_mask, decode, encode

MIXED = MixedGame(Structure.pot_limit(1, 2), hands_per_game=2)
CONFIGS = [
    {"num_players": 2},
    {"num_players": 6, "structure": Structure.no_limit(1, 2, ante=1), "hole_count": 5,
     "episode": "table", "max_hands": 20, "stacks": 60},
    {"num_players": 3, "structure": Structure.fixed_limit(2, 4), "hole_count": 6},
    {"num_players": 10, "structure": MIXED, "episode": "table", "stacks": 40},
]
IDS = ["hu-pot", "6-nl-big-o-table", "3-fixed-6card", "10-mixed-table"]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo's checks warn that a Dict observation is "not a NumPy array"
    # (its own classic environments are on an allow-list); that is the layout.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("kwargs", CONFIGS, ids=IDS)
def test_pettingzoo_api(kwargs: dict[str, Any], backend: object) -> None:
    api_test(omaha_hilo_v0.env(**kwargs), num_cycles=60)


@pytest.mark.parametrize("kwargs", CONFIGS[:2], ids=IDS[:2])
def test_pettingzoo_parallel_api(kwargs: dict[str, Any]) -> None:
    parallel_api_test(omaha_hilo_v0.parallel_env(**kwargs), num_cycles=60)


@pytest.mark.parametrize("kwargs", CONFIGS, ids=IDS)
def test_pettingzoo_seed(kwargs: dict[str, Any]) -> None:
    seed_test(lambda: omaha_hilo_v0.env(**kwargs), num_cycles=30)


def _masked_run(env: Any, seed: int, steps: int) -> list[Any]:
    """A parallel run with masked random actions (pettingzoo's parallel_seed_test
    samples unmasked ones, which this environment refuses)."""
    obs, _ = env.reset(seed=seed)
    rng = random.Random(seed)
    trace: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            obs, _ = env.reset()
        actions = {a: rng.choice(np.flatnonzero(o["action_mask"]).tolist() or [0])
                   for a, o in obs.items()}
        obs, rewards, *_ = env.step(actions)
        trace.append((sorted(rewards.items()),
                      [o["observation"].tobytes() for _, o in sorted(obs.items())]))
    return trace


def test_parallel_env_is_deterministic_per_seed() -> None:
    make = lambda: omaha_hilo_v0.parallel_env(num_players=4)  # noqa: E731
    assert _masked_run(make(), 3, 80) == _masked_run(make(), 3, 80)
    assert _masked_run(make(), 3, 80) != _masked_run(make(), 4, 80)


@pytest.mark.parametrize("kwargs", [
    {"opponents": "random", "num_players": 3},
    {"opponents": ["call", "pot"], "structure": Structure.fixed_limit(2, 4)},
    {"opponents": "call", "structure": MIXED, "episode": "table", "max_hands": 10},
], ids=["random", "fixed-call-pot", "mixed-table"])
def test_gymnasium_check_env(kwargs: dict[str, Any]) -> None:
    check_env(OmahaHiLoEnv(**kwargs), skip_render_check=True)


def test_random_masked_play(backend: object) -> None:
    """Every configuration kind; 10**5 hands in CI (python -m hilo_fast.envs.check)."""
    report = random_play(600, seed=11)
    assert report.hands >= 600 and report.refused > 100


# ------------------------------------------------------------------ actions

def _hand_at_flop(structure: Structure, stacks: list[int]) -> Hand:
    hand = Hand(structure, stacks, 0, seed=4)
    while hand.street == 0:
        hand.act("call" if hand.current_bet > hand.bets[hand.actor] else "check")
    return hand


def test_action_sizes_follow_the_rules() -> None:
    # Pot limit, 3 seats, each called 2 pre-flop: the pot is 6 on the flop.
    hand = _hand_at_flop(Structure.pot_limit(1, 2), [100, 100, 100])
    assert hand.pot == 6 and hand.current_bet == 0
    assert [decode(hand, i, 6) for i in range(6)] == [
        (Action.FOLD, None), (Action.CHECK, None), (Action.BET, 2), (Action.BET, 3),
        (Action.BET, 6), (Action.BET, 6)]          # all in clipped to the pot
    hand.act("bet", 4)
    # Facing 4 into 10: a pot raise is to 4 + (10 + 4) = 18; half pot to 4 + 7 = 11.
    assert [decode(hand, i, 6)[1] for i in range(2, 6)] == [8, 11, 18, 18]
    assert decode(hand, 1, 6) == (Action.CALL, None)
    # No limit, facing 20 into 26: min raise to 40, half pot to 20 + 46 // 2,
    # pot to 20 + 46, all in the 98 chips behind.
    hand = _hand_at_flop(Structure.no_limit(1, 2), [100, 100, 100])
    hand.act("bet", 20)
    assert [decode(hand, i, 6)[1] for i in range(2, 6)] == [40, 43, 66, 98]
    # A pot-limit seat short of a full raise: every size is its all in.
    hand = _hand_at_flop(Structure.pot_limit(1, 2), [100, 100, 9])
    hand.act("bet", 6)
    assert hand.actor == 2 and hand.stacks[2] == 7
    assert [decode(hand, i, 6)[1] for i in range(2, 6)] == [7, 7, 7, 7]


def test_fixed_limit_actions_and_mixed_game_masks() -> None:
    env = omaha_hilo_v0.raw_env(num_players=3, structure=Structure.fixed_limit(2, 4))
    assert env.action_space("player_0").n == 3
    env = omaha_hilo_v0.raw_env(num_players=2, structure=MIXED)
    assert env.action_space("player_0").n == 6
    seen = set()
    for episode in range(8):
        env.reset(seed=1) if episode == 0 else env.reset()
        hand = env.session.hand
        mask = env.observe(env.agent_selection)["action_mask"].tolist()
        seen.add(hand.structure.limit)
        assert mask == ([1, 1, 1, 0, 0, 0] if hand.structure.limit == Limit.FIXED else [1] * 6)
    assert seen == {Limit.FIXED, Limit.POT}


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    env = omaha_hilo_v0.env(num_players=2, structure=Structure.fixed_limit(2, 4))
    env.reset(seed=2)
    hand = env.unwrapped.session.hand
    for _ in range(3):                 # raise to the cap: 4 bets pre-flop
        env.step(2)
    assert env.last()[0]["action_mask"].tolist() == [1, 1, 0]
    before = (list(hand.actions), list(hand.stacks), env.agent_selection)
    with pytest.raises(ValueError, match=r"action 2 \(bet/raise min\) is not legal.*fold, "
                                         r"check/call"):
        env.step(2)
    for bad, error in ((3, ValueError), (-1, ValueError), (1.5, TypeError), ("1", TypeError),
                       (True, ValueError)):
        with pytest.raises(error):
            env.step(bad)
    assert (list(hand.actions), list(hand.stacks), env.agent_selection) == before
    env.step(np.int64(1))              # numpy ints are actions too
    assert hand.street == 1


@pytest.mark.parametrize("kwargs, message", [
    ({"num_players": 1}, "num_players"), ({"num_players": 11}, "num_players"),
    ({"hole_count": 7}, "hole_count"), ({"num_players": 10, "hole_count": 6}, "deck has 52"),
    ({"episode": "game"}, "episode"), ({"stacks": 2}, "stack of seat 0"),
    ({"stacks": [100, 100, 100]}, "one entry per seat"), ({"max_hands": 0}, "max_hands"),
    ({"button": 2}, "button"), ({"render_mode": "rgb_array"}, "render_mode"),
])
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        omaha_hilo_v0.raw_env(**kwargs)
    with pytest.raises(TypeError, match="structure"):
        omaha_hilo_v0.raw_env(structure="pot")


# ------------------------------------------------------------ no card leaks

def _replay(holes: list[list[int]], board: list[int], decisions: list[int],
            seat: int) -> list[tuple[Any, bytes]]:
    """Seat ``seat``'s view and observation after each decision (indices into
    the legal engine actions) while the hand is on."""
    hand = Hand(Structure.no_limit(1, 2), [150, 90, 200, 60], 1, holes=holes, board=board)
    seen = []
    for pick in decisions:
        if hand.is_over:
            break
        view = seat_view(hand, seat)
        seen.append(({k: getattr(view, k) for k in SeatView.__slots__ if k != "_legal"},
                     encode(view, 2).tobytes() + action_mask(hand, seat, 6).tobytes()))
        legal = np.flatnonzero(action_mask(hand, hand.actor, 6)).tolist()
        hand.act(*decode(hand, legal[pick % len(legal)], 6))
    return seen


def test_observations_never_depend_on_other_seats_cards() -> None:
    rng = random.Random(18)
    for _ in range(150):
        deck = rng.sample(range(52), 52)
        seat = rng.randrange(4)
        board, mine = deck[:5], deck[5:9]
        decisions = [rng.randrange(6) for _ in range(30)]
        runs = []
        for _ in range(2):             # the other seats get other cards
            rest = rng.sample(deck[9:], 12)
            holes = [rest[0:4], rest[4:8], rest[8:12]]
            holes.insert(seat, mine)
            runs.append(_replay(holes, board, decisions, seat))
        assert runs[0] == runs[1]
        assert runs[0]


def test_card_planes_hold_own_cards_and_board_only() -> None:
    hand = Hand(Structure.pot_limit(1, 2), [100] * 3, 0, seed=9)
    while not hand.is_over:
        for seat in range(3):
            obs = encode(seat_view(hand, seat), 2)
            assert set(np.flatnonzero(obs[:52])) == set(hand.holes[seat] or ())
            board = obs[OFFSETS["board"]:OFFSETS["board"] + 52]
            assert set(np.flatnonzero(board)) == set(hand.board)
        hand.act("call" if hand.current_bet > hand.bets[hand.actor] else "check")
    assert OBS_SIZE == 360   # the documented layout
    view = seat_view(hand, 0)
    assert not hasattr(view, "holes")
    assert set(view.shown) == set(hand.showdown_order)   # shown at showdown: public


# ------------------------------------------------------------ gym wrapper

def test_gym_rewards_add_up_to_the_chips_won() -> None:
    env = OmahaHiLoEnv(["random", "pot"], seat=1, episode="table", max_hands=40, stacks=80)
    obs, _ = env.reset(seed=5)
    start = env.session.stacks[1]
    total, rng, done = 0.0, random.Random(1), False
    while not done:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    assert total == pytest.approx((env.session.hand.stacks[1] - start) / 2)
    with pytest.raises(ValueError, match="reset"):
        env.step(1)


def test_gym_opponent_callables_get_their_own_view_only() -> None:
    seen: list[Any] = []

    def bot(view: Any, rng: random.Random) -> tuple[str, None]:
        seen.append(view)
        return ("call" if view.current_bet > view.bets[view.actor] else "check"), None

    env = OmahaHiLoEnv([bot, bot], seat=0)
    env.reset(seed=3)
    for _ in range(30):
        _, _, terminated, truncated, _ = env.step(1)
        if terminated or truncated:
            env.reset()
    assert seen and all(isinstance(v, SeatView) and v.seat == v.actor != 0 for v in seen)
    with pytest.raises(ValueError, match="unknown bot"):
        OmahaHiLoEnv("nobody")
    with pytest.raises(ValueError, match="2 opponents make 3 players"):
        OmahaHiLoEnv(["call", "call"], num_players=4)


def test_import_without_the_extra_names_it() -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "import hilo_fast\n"
            "try:\n    import hilo_fast.envs\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "hilo_fast.envs needs the [envs] extra" in out and "pettingzoo" in out


def test_check_command_plays_and_refuses_bad_arguments_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m hilo_fast.envs.check`` (CI's 10^5-hand runs): a usage error,
    not a traceback, for a count below one or an unknown game."""
    from hilo_fast.envs.check import main

    assert main(["--hands", "20", "--game", "double-board"]) == 0
    assert capsys.readouterr().out.endswith("all checks passed\n")
    for argv, said in ((["--hands", "0"], "--hands must be at least 1, not 0"),
                       (["--hands", "-3"], "--hands must be at least 1, not -3"),
                       (["--game", "omaha9"], "unknown game 'omaha9'")):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert "error: " + said in err and "Traceback" not in err
