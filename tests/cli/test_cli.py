"""The ``hilo-fast eval`` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hilo_fast.cli import main


def test_eval_prints_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As2dKh9c", "3s4h5dKd8c"]) == 0
    out = capsys.readouterr().out
    assert "Straight, Five high" in out and "5-4-3-2-A low" in out


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "KsKd7c2h", "Kh7d7s3c9d", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["high"]["description"] == "Full House, Kings full of Sevens"
    phevaluator = pytest.importorskip("phevaluator")
    assert data["high"]["value"] == phevaluator.evaluate_cards("Ks", "Kd", "Kh", "7d", "7s")
    assert data["low"] is None
    assert data["hole"] == ["Ks", "Kd", "7c", "2h"]


def test_eval_bad_input_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As2dKh", "3s4h5d"]) == 2
    assert "hole must have 4, 5 or 6 cards, got 3" in capsys.readouterr().err
    assert main(["eval", "As2dKhXx", "3s4h5d"]) == 2
    assert "'Xx'" in capsys.readouterr().err


def test_python_dash_m() -> None:
    result = subprocess.run([sys.executable, "-m", "hilo_fast", "eval", "As2dKh9c", "3s4h5d"],
                            capture_output=True, text=True, check=True)
    assert "5-4-3-2-A low" in result.stdout
