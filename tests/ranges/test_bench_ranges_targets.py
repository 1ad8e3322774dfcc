"""benchmarks/bench_ranges.py reports a missed target: a ``MISSED`` line and
a last line saying so, exit status 0, or 1 with ``--strict``.

The targets are made unreachable (a ratio below zero, no time at all) by
loading the script as a module and changing them, so the check never
depends on the machine's speed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")

import hilo_fast as hf

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ranges.py"
pytestmark = [
    pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree"),
    # The reporting is the same on both backends; the pure one takes some 20 s
    # for the benchmark's exact flop.
    pytest.mark.skipif(hf.BACKEND != "native", reason="the native backend's speed"),
]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ranges_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("strict", [False, True])
def test_a_missed_target_is_said_and_fails_only_when_strict(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], strict: bool) -> None:
    bench = load()
    monkeypatch.setattr(bench, "TARGET_RANGE_RATIO", -1.0)
    monkeypatch.setattr(bench, "TARGET_LIST_SECONDS", {1_000: 0.0})
    monkeypatch.setattr(bench, "poker_equity", lambda: None)
    argv = ["bench_ranges.py", "--samples", "2000", "--repeat", "1"] + (["--strict"] * strict)
    monkeypatch.setattr(sys, "argv", argv)
    assert bench.main() == (1 if strict else 0)
    lines = capsys.readouterr().out.splitlines()
    assert "MISSED: range vs range / hand vs random" in lines
    assert "MISSED: a list of 1,000 hands" in lines
    assert lines[-1] == "targets: 2 MISSED"


def test_met_targets_say_so(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    bench = load()
    monkeypatch.setattr(bench, "TARGET_RANGE_RATIO", float("inf"))
    monkeypatch.setattr(bench, "TARGET_LIST_SECONDS", {1_000: float("inf")})
    monkeypatch.setattr(bench, "poker_equity", lambda: None)
    monkeypatch.setattr(sys, "argv", ["bench_ranges.py", "--samples", "2000", "--repeat", "1",
                                      "--strict"])
    assert bench.main() == 0
    out = capsys.readouterr().out
    assert "MISSED" not in out and out.splitlines()[-1] == "targets: all met"
