"""Run each test that takes the ``backend`` fixture once per available backend.

The fixture swaps the backend module every hilo_fast module imported (each
module holds it as ``backend``), so public functions are exercised on both.
CI also reruns the whole suite with ``HILO_FAST_PUREPYTHON=1``, where only
the pure backend exists.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator
from types import ModuleType

import pytest

from hilo_fast import _backend, _pybackend


def _available() -> list[ModuleType]:
    backends = [_pybackend]
    if os.environ.get("HILO_FAST_PUREPYTHON") != "1":
        with contextlib.suppress(ImportError):  # not built: pure only
            backends.insert(0, importlib.import_module("hilo_fast._cbackend"))
    return backends


BACKENDS = _available()


@pytest.fixture(params=BACKENDS, ids=[b.NAME for b in BACKENDS])
def backend(request: pytest.FixtureRequest) -> Iterator[ModuleType]:
    chosen: ModuleType = request.param
    with _backend.using(chosen):
        yield chosen


@pytest.fixture
def native() -> ModuleType:
    """The native backend, or skip when it is not built (or pure is forced)."""
    if BACKENDS[0].NAME != "native":
        pytest.skip("native backend not available")
    return BACKENDS[0]
