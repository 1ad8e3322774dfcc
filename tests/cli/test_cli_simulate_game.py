"""``hilo-fast simulate --game NAME`` (and --straddle, --bomb-pot): the game and
the table's options reach the engine; bad ones are one error line, exit 2."""

from __future__ import annotations

import json

import pytest

from hilo_fast.cli.app import main


@pytest.mark.parametrize(("argv", "described"), [
    (["--game", "courchevel"], "pot limit 1/2, courchevel"),
    (["--game", "high"], "pot limit 1/2, omahahi"),
    (["--game", "double-board"], "pot limit 1/2, double-board"),
    (["--game", "bomb-pot"], "pot limit 1/2 bomb pot 4"),
    (["--game", "double-board-bomb-pot"], "pot limit 1/2 bomb pot 4, double-board"),
    (["--straddle", "--structure", "fixed-limit"], "fixed limit 2/4 straddle 4"),
    (["--bomb-pot", "3", "--structure", "no-limit"], "no limit 1/2 bomb pot 3"),
    (["--hole-count", "5"], "pot limit 1/2, 5 hole cards"),
])
def test_simulate_plays_the_game(argv: list[str], described: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "300", "--json", *argv]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["structure"] == described and out["hands"] == 300
    assert sum(out["net"]) == 0


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "stud"], "unknown game 'stud'"),
    (["--game", "high", "--hole-count", "5"], "not both"),
    (["--game", "omaha86", "--players", "8"], "the deck has 52"),
    (["--bomb-pot", "2", "--straddle"], "bomb pot"),
])
def test_simulate_refuses_a_bad_game(argv: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "10", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hilo-fast: error:") and message in err and err.count("\n") == 1


def test_simulate_plays_the_plo_plo8_mix(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--hands", "200", "--json", "--game", "high,omaha8",
            "--hands-per-game", "3"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["structure"] == "pot limit 1/2, omahahi / omaha8 every 3 hands"
