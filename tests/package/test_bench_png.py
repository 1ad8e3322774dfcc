"""benchmarks/bench_eval.py --png checks for matplotlib (in the ``bench`` extra) and the
output directory before the work, not after it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_eval.py"
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree")


def _run(tmp_path: Path, *args: str,
         hide_matplotlib: bool) -> tuple[subprocess.CompletedProcess[str], float]:
    env = dict(os.environ)
    if hide_matplotlib:
        hide = tmp_path / "hide"
        hide.mkdir()
        (hide / "matplotlib.py").write_text("raise ImportError('hidden by the test')\n")
        env["PYTHONPATH"] = str(hide)
    start = time.monotonic()
    result = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                            env=env, timeout=120, check=False)
    return result, time.monotonic() - start


def test_png_without_matplotlib_fails_before_the_work(tmp_path: Path) -> None:
    result, seconds = _run(tmp_path, "--png", str(tmp_path / "out.png"), hide_matplotlib=True)
    assert result.returncode == 2
    assert '--png needs matplotlib: pip install "hilo-fast[bench]"' in result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert seconds < 30  # the full benchmark takes minutes


def test_output_into_a_missing_directory_fails_before_the_work(tmp_path: Path) -> None:
    result, _ = _run(tmp_path, "--json", "/nonexistent/dir/out.json", hide_matplotlib=False)
    assert result.returncode == 2 and "no such directory '/nonexistent/dir'" in result.stderr
    assert result.stdout == ""


def test_matplotlib_is_in_the_bench_extra() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert any(req.startswith("matplotlib") for req in extras["bench"])
