"""docs/engine.md's examples are executable: run them as doctests."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


@pytest.mark.skipif(not DOC.exists(), reason="docs/engine.md is not beside the tests")
def test_engine_doc_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0
