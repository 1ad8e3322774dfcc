"""One rule per option: ``hf.simulate(...)`` and ``hilo-fast simulate`` accept and
refuse the same values (issue 24: ``seed=-1`` was accepted by the library and
refused by the CLI, and ``--hands 10**23`` was accepted and ran forever).

Each value is tried both ways. So that an accepted huge ``hands`` is not played,
every call also names an unknown bot, which both check after ``hands``,
``seed`` and ``players``: a value is accepted when the error is about the bot
and not about the option. The CLI runs in a subprocess, as a user runs it.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from hilo_fast import Structure, simulate
from hilo_fast.engine.selfplay import MAX_HANDS
from hilo_fast.equity import MAX_SAMPLES

BAD_BOT = "allin"
# (option, API keyword, values) with the bounds on both sides of each rule.
SWEEP: list[tuple[str, str, list[int]]] = [
    ("--seed", "seed", [-(2**64), -1, 0, 1, 2**63, 2**64 - 1, 2**64, 10**30]),
    ("--hands", "hands", [-1, 0, 1, MAX_HANDS - 1, MAX_HANDS, MAX_HANDS + 1, 10**23]),
    ("--players", "players", [0, 1, 2, 10, 11]),
]


def api_accepts(keyword: str, value: int) -> bool:
    kwargs: dict[str, object] = {"hands": 5, "players": 6, "seed": 0, keyword: value}
    with pytest.raises((ValueError, TypeError)) as refused:
        simulate(kwargs.pop("hands"), Structure.pot_limit(1, 2),  # type: ignore[arg-type]
                 bots=[BAD_BOT], **kwargs)  # type: ignore[arg-type]
    message = str(refused.value)
    assert keyword in message or BAD_BOT in message, message
    return keyword not in message


def cli_accepts(option: str, value: int) -> bool:
    done = subprocess.run([sys.executable, "-m", "hilo_fast", "simulate", option, str(value),
                           "--bots", BAD_BOT, "--quiet"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done
    (line,) = done.stderr.splitlines()
    assert line.startswith("hilo-fast: error: "), line
    assert option in line or BAD_BOT in line, line
    return option not in line


def expected(keyword: str, value: int) -> bool:
    """The documented rules (docs/bad-input.md), written out independently."""
    low, high = {"seed": (0, 2**64 - 1), "hands": (0, 10**12), "players": (2, 10)}[keyword]
    return low <= value <= high


@pytest.mark.parametrize(("option", "keyword", "value"),
                         [(o, k, v) for o, k, values in SWEEP for v in values])
def test_the_api_and_the_cli_take_the_same_values(option: str, keyword: str,
                                                  value: int) -> None:
    want = expected(keyword, value)
    assert api_accepts(keyword, value) == want
    assert cli_accepts(option, value) == want


def test_hands_has_the_bound_samples_has() -> None:
    assert MAX_HANDS == MAX_SAMPLES == 10**12


@pytest.mark.parametrize("value", [1.5, True, "1", float("nan")])
def test_a_seed_that_is_not_an_int_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int or None"):
        simulate(5, Structure.pot_limit(1, 2), seed=value)  # type: ignore[arg-type]


def test_the_largest_seed_plays_and_none_is_a_random_session() -> None:
    for seed in (0, 2**64 - 1, None):
        summary = simulate(300, Structure.pot_limit(1, 2), 2, seed=seed)
        assert summary.hands == 300 and sum(summary.net) == 0


def test_cli_the_largest_seed_plays() -> None:
    done = subprocess.run([sys.executable, "-m", "hilo_fast", "simulate", "--seed",
                           str(2**64 - 1), "--players", "2", "--bots", "pot", "--quiet"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr == "", done
    assert "hands       1000" in done.stdout
