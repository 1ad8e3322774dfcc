"""examples/dask_equity.py, the README's Dask recipe, run as a script (its workers are new
processes that import it: the ``__main__`` guard is what lets them start)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import hilo_fast as hf

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "dask_equity.py"


@pytest.mark.skipif(not SCRIPT.exists(), reason="needs the source tree's examples/")
@pytest.mark.skipif(os.environ.get("HILO_FAST_PUREPYTHON") == "1",
                    reason="a recipe, not a backend: run once, in the native run")
def test_dask_recipe_runs_as_a_script_on_a_local_cluster() -> None:
    pytest.importorskip("dask.distributed")
    result = subprocess.run([sys.executable, str(SCRIPT), "--samples", "30000", "--seed", "5",
                             "--workers", "2"], capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert "bootstrapping phase" not in result.stderr
    printed = [float(x) for x in re.findall(r"equity (\d\.\d{4})", result.stdout)]
    local = hf.equity(["As2dKh3c", None, None], samples=30_000, seed=5)
    assert printed == [round(p.equity, 4) for p in local.players]  # the same, for a seed
    assert "30,000 samples, seed 5" in result.stdout
