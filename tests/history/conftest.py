"""Fixtures of the hand-history tests."""

from __future__ import annotations

import platform
from types import ModuleType

import pytest

from hilo_fast.history.sites import pokerstars


@pytest.fixture
def hhlines(native: ModuleType) -> ModuleType:
    """The PokerStars reader, whose hhlines builtins (csrc/py/hhlines.c) must be
    there on CPython's native backend."""
    if platform.python_implementation() != "CPython":
        pytest.skip("the builtins are CPython's")
    assert pokerstars._c_lines is not None and pokerstars._c_stars is not None, \
        "the hhlines builtin was not built"
    return pokerstars
