"""This concept's backend in this process: the native twin
(:mod:`._c_backend`) or the pure-Python one (:mod:`._py_backend`), as
:mod:`hilo_fast._native.choice` decided once for every concept."""

from __future__ import annotations

from types import ModuleType

from .._native.choice import NATIVE


def _load() -> ModuleType:
    if NATIVE:
        from . import _c_backend

        return _c_backend
    from . import _py_backend

    return _py_backend


backend = _load()
