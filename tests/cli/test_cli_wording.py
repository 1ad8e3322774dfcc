"""What the command line says must make sense at a shell: no advice only Python can
follow, no internal names, no header inside a list meant to be piped on. Each run is
a subprocess."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter

import pytest

from hilo_fast.cli import main

# The built-in bots, as docs/engine.md lists them.
BOTS = ["random", "call", "pot"]
RANKS = "23456789TJQKA"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hilo_fast", *args], capture_output=True,
                          text=True, timeout=120, check=False)


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith("hilo-fast: error: "), line
    return line


@pytest.mark.parametrize("bots", ["foo", "random,foo", "pot,call,allin", "random,", "RANDOM",
                                  "callable", ""])
def test_an_unknown_bot_lists_the_names_a_shell_can_pass(bots: str) -> None:
    line = one_error_line(run("simulate", "--hands", "1", "--bots", bots))
    bad = next(name for name in bots.split(",") if name not in BOTS)
    assert f"unknown bot {bad!r}" in line
    assert f"choose from {', '.join(BOTS)}" in line
    assert "callable" not in line.replace(repr(bad), "")   # no "or pass a callable"


def test_every_list_of_built_in_bots_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    for size in (1, 2, 3):
        for names in itertools.product(BOTS, repeat=size):
            assert main(["simulate", "--hands", "0", "--bots", ",".join(names), "--json"]) == 0
            assert json.loads(capsys.readouterr().out)["bots"] == [
                names[seat % size] for seat in range(6)]   # repeated over the 6 seats
    result = run("simulate", "--hands", "20", "--players", "3", "--bots", "pot,call",
                 "--quiet", "--json")
    assert result.returncode == 0, result.stderr
    assert '"bots"' in result.stdout


@pytest.mark.parametrize(("args", "commands"), [
    (["hh"], "check, convert, report"),
    ([], "eval, showdown, equity, range, simulate, info, hh"),
])
def test_a_missing_subcommand_names_the_choices_not_an_internal_name(
        args: list[str], commands: str) -> None:
    line = one_error_line(run(*args))
    assert f"choose a command: {commands}" in line
    assert "hh_command" not in line and "required" not in line


def test_help_shows_no_internal_name() -> None:
    for args in (["--help"], ["hh", "--help"]):
        result = run(*args)
        assert result.returncode == 0
        assert "hh_command" not in result.stdout and "{" not in result.stdout.split("\n")[0]


def _hand_counts(hand: str) -> Counter[str]:
    assert len(hand) == 8, hand
    assert all(hand[i] in RANKS and hand[i + 1] in "shdc" for i in range(0, 8, 2)), hand
    return Counter(hand[0::2])


# Ranges whose hands are fixed by their rank multiset: counted by hand as a product of
# C(4, k) suit choices per rank.
@pytest.mark.parametrize(("text", "ranks", "count"), [
    ("AA22", "AA22", 6 * 6),
    ("AAKK", "AAKK", 6 * 6),
    ("AAA2", "AAA2", 4 * 4),
    ("KQJT", "KQJT", 4 ** 4),
    ("2222", "2222", 1),
])
def test_range_list_is_the_hands_only(text: str, ranks: str, count: int) -> None:
    result = run("range", text, "--list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(set(lines)) == count   # no header: every line is a hand
    for line in lines:
        assert _hand_counts(line) == Counter(ranks), line
        assert len({line[i:i + 2] for i in range(0, 8, 2)}) == 4


def test_weighted_range_list_is_hand_and_weight_only() -> None:
    result = run("range", "AA22@3,KKQQ@1", "--list")
    assert result.returncode == 0, result.stderr
    weights: Counter[str] = Counter()
    for line in result.stdout.splitlines():
        hand, weight = line.split(" ")
        ranks = _hand_counts(hand)
        weights[weight] += 1
        assert weight == ("3" if ranks == Counter("AA22") else "1"), line
        assert ranks in (Counter("AA22"), Counter("KKQQ")), line
    assert weights == {"3": 36, "1": 36}


def test_range_without_list_still_says_the_summary() -> None:
    result = run("range", "AA22")
    assert result.stdout == "AA22: 36 hands (0.01% of 270,725)\n"
