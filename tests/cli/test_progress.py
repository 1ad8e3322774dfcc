"""One progress bar for equity and simulate: drawn only on a terminal, redrawn by time (not
by count), with rate and ETA; tqdm draws it when installed, else a bar of our own."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from hilo_fast import progress as progress_module
from hilo_fast.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def no_tqdm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_own_bar_is_throttled_by_time_and_shows_rate_and_eta(
        no_tqdm: None, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(progress_module.time, "monotonic", clock)
    stream = Terminal()
    bar = Progress(100_000, "hands", stream=stream, interval=0.25)
    for _ in range(10_000):  # 10,000 updates within 0.1 s: one draw at most
        bar.update(1)
        clock.now += 0.1 / 10_000
    assert stream.getvalue().count("\r") <= 1
    clock.now += 1.0  # 1.1 s in, 10,000 done: about 9,091 a second, 9.9 s to go
    bar.update(1)
    line = stream.getvalue().split("\r")[-1]
    assert "10,001/100,000 hands" in line and "9,092/s" in line and "ETA 0:00:10" in line
    bar.close()
    assert stream.getvalue().endswith("\n")


def test_no_bar_unless_a_terminal(no_tqdm: None) -> None:
    stream = io.StringIO()
    with Progress(10, "hands", stream=stream) as bar:
        bar.update(10)
    assert stream.getvalue() == "" and bar.done == 10
    terminal = Terminal()
    with Progress(10, "hands", stream=terminal, show=False) as bar:  # --quiet, --json
        bar.update(10)
    assert terminal.getvalue() == ""


def test_tqdm_draws_it_when_installed() -> None:
    pytest.importorskip("tqdm")
    stream = Terminal()
    with Progress(500, "samples", stream=stream) as bar:
        bar.update(500)
    assert "500/500" in stream.getvalue() and " samples/s" in stream.getvalue()


posix_only = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")


@posix_only
@pytest.mark.parametrize("command", [
    ["simulate", "--hands", "3000", "--seed", "1"],
    ["equity", "As2dKh3c", "7c8d9hTs", "--samples", "300000", "--seed", "1"],
])
def test_simulate_and_equity_draw_the_same_bar_on_a_terminal(
        command: list[str], on_terminal: Callable[..., Any]) -> None:
    _, shown = on_terminal([sys.executable, "-m", "hilo_fast", *command], timeout=300, check=True)
    total = command[command.index("--hands" if "--hands" in command else "--samples") + 1]
    unit = "hands" if command[0] == "simulate" else "samples"
    assert f"{int(total):,}/{int(total):,} {unit}" in shown or f"{total}/{total}" in shown
    assert "/s" in shown


@posix_only
def test_own_bar_on_a_terminal_is_drawn_by_time(tmp_path: object,
                                                on_terminal: Callable[..., Any]) -> None:
    """Without tqdm (hidden from the child), 30,000 hands redraw a handful of times,
    not once per 256 hands (117 times)."""
    hide = tmp_path / "hide"  # type: ignore[operator]
    hide.mkdir()
    (hide / "tqdm.py").write_text("raise ImportError('hidden by the test')\n")
    _, shown = on_terminal([sys.executable, "-m", "hilo_fast", "simulate", "--hands", "30000",
                            "--seed", "1"], timeout=300, check=True,
                           env={**os.environ, "PYTHONPATH": str(hide)})
    assert "30,000/30,000 hands" in shown and "ETA" in shown
    assert shown.count("\r") < 60


@pytest.mark.parametrize("extra", [["--json"], ["--quiet"], []])
def test_no_bar_into_a_redirected_stderr_or_json(extra: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "hilo_fast", "simulate", "--hands", "600",
                             "--seed", "1", *extra], capture_output=True, text=True, check=True)
    assert result.stderr == ""
