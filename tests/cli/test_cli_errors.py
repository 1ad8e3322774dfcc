"""The CLI never shows a traceback: each failure is one line ``hilo-fast: error: ...`` and a
non-zero exit; a closed pipe ends silently; Ctrl-C stops at once with exit 130 and says how
far the run got. Every test runs the real command in a subprocess."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import hilo_fast
from hilo_fast.equity import DEFAULT_SAMPLES, EXACT_LIMIT, MAX_SAMPLES


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hilo_fast", *args], capture_output=True,
                          text=True, timeout=timeout, check=False)


def one_error_line(result: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The single stderr line of a failed run (and nothing on stdout)."""
    assert result.returncode == code, result
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("hilo-fast: error: "), lines[0]
    return lines[0]


# ---- paths ----

def test_unwritable_phh_path_is_one_line() -> None:
    line = one_error_line(run("simulate", "--hands", "10", "--phh", "/nonexistent/dir/x.phhs"),
                          code=1)
    assert "cannot write --phh file '/nonexistent/dir/x.phhs': No such file or directory" in line


def test_phh_path_that_is_a_directory_is_one_line(tmp_path: Path) -> None:
    line = one_error_line(run("simulate", "--hands", "10", "--phh", str(tmp_path)), code=1)
    assert str(tmp_path) in line and "directory" in line.lower()


def test_any_oserror_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A file a subcommand fails to read: its name and the reason, exit 1."""
    from hilo_fast.cli import app
    from hilo_fast.cli import evaluate as eval_command

    def unreadable(*args: object) -> None:
        open("/nonexistent/hands.txt", encoding="utf-8").close()

    monkeypatch.setattr(eval_command, "evaluate", unreadable)
    assert app.main(["eval", "As2dKh3c", "4s5hKd"]) == 1
    assert capsys.readouterr().err == (
        "hilo-fast: error: /nonexistent/hands.txt: No such file or directory\n")


# ---- closed pipe ----

def test_closed_stdout_pipe_is_silent() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "hilo_fast", "equity", "As2dKh3c",
                             "7c8d9hTs", "--board", "2h5c9d", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader left before the first line (| head -0)
    err = proc.stderr.read()
    assert proc.wait(timeout=120) != 0
    assert err == b""


# ---- Ctrl-C ----

def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_mb(pid: int) -> float:
    """The child's own peak memory so far (VmHWM of its address space, made new at
    exec): unlike wait4's ru_maxrss, it never counts the RSS of the process that
    started it, which a vfork child shares until exec (a large test process would
    then look like a large child)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _interrupt_after_work(args: list[str], cpu: float = 1.0) -> tuple[int, str, float, float]:
    """Start the command, let it work ``cpu`` CPU seconds, press Ctrl-C. Returns the exit
    code, stderr, seconds from Ctrl-C to exit, and peak memory in MB."""
    # The child must start with Ctrl-C at its default: a shell runs background jobs
    # (`cmd &`, as a CI runner may) with SIGINT ignored, and an ignored signal stays
    # ignored across exec, while a handled one is reset to the default.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen([sys.executable, "-m", "hilo_fast", *args],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)
    deadline = time.monotonic() + 90
    peak = 0.0
    while _cpu_seconds(proc.pid) < cpu and time.monotonic() < deadline:
        peak = max(peak, _peak_mb(proc.pid))
        time.sleep(0.05)
    peak = max(peak, _peak_mb(proc.pid))   # the high-water mark of all the work done
    pressed = time.monotonic()
    proc.send_signal(signal.SIGINT)
    assert proc.stderr is not None
    guard = threading.Timer(60, proc.kill)  # a run that ignores Ctrl-C fails, never hangs
    guard.start()
    err = proc.stderr.read()
    _, status, _usage = os.wait4(proc.pid, 0)
    guard.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, err, time.monotonic() - pressed, peak


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@needs_proc
@pytest.mark.parametrize("threads", ["1", "2"])
def test_ctrl_c_stops_equity_at_once_with_flat_memory(threads: str) -> None:
    """The biggest sample count allowed: work starts at once (chunks are made lazily,
    a bounded number in flight), memory stays flat, Ctrl-C stops it and says how far."""
    # A pure-Python chunk of samples takes about half a CPU second, after a slower
    # start-up: give it time to finish some before Ctrl-C (else "after 0 samples").
    cpu = 1.0 if hilo_fast.BACKEND == "native" else 4.0
    code, err, stop, peak_mb = _interrupt_after_work(
        ["equity", "As2dKh3c", "random", "--samples", str(MAX_SAMPLES), "--threads", threads],
        cpu)
    assert code == 130
    assert "Traceback" not in err
    match = re.fullmatch(r"hilo-fast: interrupted after ([\d,]+) of 1,000,000,000,000 "
                         r"samples\n", err)
    assert match is not None, err
    assert int(match.group(1).replace(",", "")) > 0  # it was working, not making a list
    assert stop < 10
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):  # ASan's shadow memory is no leak
        assert peak_mb < 250, peak_mb


@needs_proc
def test_ctrl_c_stops_simulate_and_keeps_the_hands_written(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    code, err, stop, _ = _interrupt_after_work(
        ["simulate", "--hands", "100000000", "--phh", str(path)])
    assert code == 130 and "Traceback" not in err and stop < 10
    match = re.fullmatch(r"hilo-fast: interrupted after ([\d,]+) of 100,000,000 hands; "
                         r"the ([\d,]+) hands played are in (.*)\n", err)
    assert match is not None, err
    written = int(match.group(2).replace(",", ""))
    assert match.group(3) == str(path)
    assert path.read_text(encoding="utf-8").count("\n[") + 1 == written > 0


# ---- bounded and honest equity ----

def test_sample_count_beyond_the_cap_is_refused() -> None:
    line = one_error_line(run("equity", "As2dKh3c", "random", "--samples",
                              "99999999999999999999"))
    assert f"--samples: must be 1..{MAX_SAMPLES}, got 99999999999999999999" in line


def test_help_and_result_say_random_hands_switch_to_monte_carlo() -> None:
    helped = run("equity", "--help")
    text = " ".join(helped.stdout.split())
    assert f"at most {EXACT_LIMIT:,} deals; beyond that, Monte Carlo with " \
           f"{DEFAULT_SAMPLES:,} samples" in text
    result = run("equity", "As2dKh3c", "random", "--seed", "1")
    assert result.returncode == 0
    assert f"{DEFAULT_SAMPLES:,} samples (Monte Carlo, seed 1: random hands make over " \
           f"{EXACT_LIMIT:,} deals, too many to enumerate; --samples N for more)" in result.stdout
    exact = run("equity", "As2dKh3c", "random", "--board", "2h5c9dTsJd")
    assert "(exact)" in exact.stdout  # few enough deals: still enumerated


# ---- one rule per option ----

def test_seat_names_the_bad_amount() -> None:
    line = one_error_line(run("showdown", "--board", "7h5hKh4d3s", "--seat", "As2dJcTc:-20",
                              "--seat", "Ad2cQcJc:10"))
    assert "bad --seat 'As2dJcTc:-20' (seat 0)" in line and "got '-20'" in line
    no_cards = run("showdown", "--board", "7h5hKh4d3s", "--seat", "-:0", "--seat",
                   "Ad2cQcJc:10", "--seat", "As2dJsTc:10")  # '-' for no cards still works
    assert no_cards.returncode == 0, no_cards.stderr
    line = one_error_line(run("equity", "As2dKh3c", "random", "--board", "--json"))
    assert "argument --board: expected one argument" in line  # an option is not a value


def test_negative_stakes_get_the_stakes_rule() -> None:
    line = one_error_line(run("simulate", "--stakes", "-1/2"))
    assert "--stakes: expected two whole numbers >= 0 like 1/2 (small/big), got '-1/2'" in line


def test_hands_per_game_zero_is_refused() -> None:
    line = one_error_line(run("simulate", "--structure", "mixed", "--hands-per-game", "0"))
    assert "--hands-per-game: must be >= 1, got 0" in line
    line = one_error_line(run("simulate", "--structure", "pot-limit", "--hands-per-game", "3"))
    assert "--hands-per-game is for --structure mixed only" in line


@pytest.mark.parametrize(("seed", "says"), [
    ("-1", "--seed: must be 0..18446744073709551615, got -1"),
    (str(2**64), "--seed: must be 0..18446744073709551615, got 18446744073709551616"),
    ("x", "--seed: expected a whole number, got 'x'"),
])
def test_seed_has_one_rule_in_every_subcommand(seed: str, says: str) -> None:
    for cmd in (["equity", "As2dKh3c", "random"], ["simulate", "--hands", "1"]):
        assert says in one_error_line(run(*cmd, "--seed", seed))


def test_seed_range_is_the_same_in_every_subcommand() -> None:
    for cmd in (["equity", "As2dKh3c", "random", "--samples", "10"],
                ["simulate", "--hands", "2", "--quiet"]):
        assert run(*cmd, "--seed", str(2**64 - 1)).returncode == 0
        assert run(*cmd, "--seed", "0").returncode == 0


@pytest.mark.parametrize("args", [
    ["equity"], ["simulate", "--players", "11"], ["simulate", "--players", "two"],
    ["equity", "As2dKh3c", "random", "--threads", "0"], ["simulate", "--stack", "0"],
    ["showdown", "--board", "7h5hKh4d3s", "--seat", "As2dJcTc:2", "--button", "-1"],
    ["nosuchcommand"],
])
def test_usage_errors_are_one_line(args: list[str]) -> None:
    one_error_line(run(*args))
