"""The history's C fast paths in this process (:mod:`._c_backend`), or None on
the pure backend, where the Python code, their twin, does all the work."""

from __future__ import annotations

from types import ModuleType

from .._native.choice import NATIVE


def _load() -> ModuleType | None:
    if NATIVE:
        from . import _c_backend

        return _c_backend
    return None


fast = _load()
