"""Every script in examples/ runs to completion in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py")) if EXAMPLES.is_dir() else []
NEEDS = {"dask_equity.py": "dask"}   # optional packages a script needs


@pytest.mark.skipif(not SCRIPTS, reason="examples/ is not beside the tests")
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    if script.name in NEEDS:
        pytest.importorskip(NEEDS[script.name])
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip(), f"{script.name} printed nothing"
