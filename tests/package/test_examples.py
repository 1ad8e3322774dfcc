"""Every script in examples/ runs to completion in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py")) if EXAMPLES.is_dir() else []
# optional packages a script needs
NEEDS = {"dask_equity.py": "dask", "envs_train_policy.py": "pettingzoo",
         "range_vs_range_flop.py": "numpy"}
# arguments a script is run with here (its defaults are sized for the native
# backend; the suite also runs on the pure one)
ARGS = {"dask_equity.py": ["--samples", "200000"]}
# what a script's output must say (beyond its own asserts)
SAYS = {
    "range_vs_range_flop.py": [": exact\n", "equities sum to 1.000000"],
    "hand_history_report.py": ["plo8_cash.txt: 4 hands, 4 replayed exactly",
                               "hand #300000000002: replayed all in, cards known",
                               "USD: the nets add up to minus the rake (0.60)"],
}


@pytest.mark.skipif(not SCRIPTS, reason="examples/ is not beside the tests")
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    if script.name in NEEDS:
        pytest.importorskip(NEEDS[script.name])
    run = subprocess.run([sys.executable, str(script), *ARGS.get(script.name, [])],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip(), f"{script.name} printed nothing"
    for words in SAYS.get(script.name, []):
        assert words in run.stdout, (words, run.stdout)


@pytest.mark.skipif(not SCRIPTS, reason="examples/ is not beside the tests")
def test_hand_history_report_reads_the_file_given(tmp_path: Path) -> None:
    """A path on the command line: a tournament, in chips, its all-in counted at equity."""
    data = EXAMPLES.parent / "tests" / "history" / "data" / "pokerstars" / "tournament.txt"
    run = subprocess.run([sys.executable, str(EXAMPLES / "hand_history_report.py"), str(data)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    rows = {line.split()[0]: line.split()[1:] for line in run.stdout.splitlines()
            if line.split() and line.split()[1:2] == ["chips"]}
    # the all-in hand moves chips between net and adjusted, the sums stay 0
    assert sum(int(row[2]) for row in rows.values()) == 0
    assert sum(int(row[3]) for row in rows.values()) in (-1, 0, 1)   # rounding of each
    assert any(row[2] != row[3] for row in rows.values()), run.stdout
