"""The committed C tables equal a fresh run of the generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CSRC = Path(__file__).resolve().parents[2] / "csrc"


@pytest.mark.skipif(not (CSRC / "gen_tables.py").exists(), reason="csrc/ not beside the tests")
def test_committed_tables_are_generated() -> None:
    result = subprocess.run([sys.executable, str(CSRC / "gen_tables.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_generator_invariants() -> None:
    from hilo_fast.core import tables as gen

    flush, unique5, multiset = gen.high_tables()
    assert sorted(v for v in flush if v) == list(range(1, 11)) + list(range(323, 1600))
    assert sum(1 for v in unique5 if v) == 1287 - 10 + 10  # every 5-rank set offsuit
    assert len(multiset) == 6188 and sum(1 for v in multiset if v) == 6188 - 13
    assert sorted(v for v in gen.low5_table() if v) == list(range(1, 57))
