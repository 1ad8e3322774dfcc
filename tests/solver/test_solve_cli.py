"""``hilo-fast solve``: the summary, the JSON strategy, one-line errors, the bar."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import hilo_fast as hf
from hilo_fast.cli import main

SPOT = ["solve", "--board", "KhQdJs9c9h", "--oop", "KdKc8d7d,AcAd2h3h,8h7h4s3s",
        "--ip", "9d8c7c2d,9s6c5c4d", "--pot", "300", "--stack", "3000",
        "--structure", "no-limit", "--bet-sizes", "1", "--max-raises", "0", "--quiet"]


def test_solve_prints_and_writes_the_strategy(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "spot.json"
    assert main([*SPOT, "--target", "0.0001", "--iterations", "3000", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "bet 300" in text and "exploitability" in text
    data = json.loads(out.read_text())
    assert data["exploitability_pot"] <= 0.0001
    root = data["nodes"][0]
    assert root["sequence"] == [] and root["actions"] == ["check", "bet 300"]
    game = hf.Subgame("KhQdJs9c9h", ranges=("KdKc8d7d,AcAd2h3h,8h7h4s3s", "9d8c7c2d,9s6c5c4d"),
                      pot=300, stacks=3000, structure=hf.Structure.no_limit(5, 10),
                      bet_sizes=(1.0,), max_raises=0)
    kings = game.combos(0)[game.combo_index(0, "KdKc8d7d")]
    assert root["strategy"][kings][1] == pytest.approx(1.0, abs=0.01)
    # the JSON is a strategy hf.best_response takes: the same exploitability
    again = hf.best_response(game, out.read_text())
    assert again.exploitability_pot == pytest.approx(data["exploitability_pot"], abs=1e-9)


@pytest.mark.parametrize(("change", "message"), [
    (["--stack", "-3"], "--stack"),
    (["--board", "KhQdJs"], "5 cards"),
    (["--bet-sizes", "x"], "--bet-sizes"),
    (["--structure", "pot-limit", "--bet-sizes", "1.5"], "pot-limit maximum"),
    (["--oop", "9s9d2c3c"], "no pair"),
    (["--target", "2"], "--target"),
])
def test_bad_input_is_one_line(change: list[str], message: str,
                               capsys: pytest.CaptureFixture[str]) -> None:
    args = list(SPOT)
    for k in range(0, len(change), 2):
        if change[k] in args:
            args[args.index(change[k]) + 1] = change[k + 1]
        else:
            args += change[k:k + 2]
    with pytest.raises(SystemExit) if change[0] in ("--stack", "--bet-sizes", "--target") \
            else _nothing():
        assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("hilo-fast: error:")
    import re
    assert re.search(message, err[0])


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def test_progress_bar_shows_the_exploitability(on_terminal: Any) -> None:
    command = [a for a in SPOT if a != "--quiet"]
    _, shown = on_terminal([sys.executable, "-m", "hilo_fast", *command, "--target", "0",
                            "--iterations", "300"], timeout=120, check=True)
    assert "exploitability" in shown and "300/300" in shown
