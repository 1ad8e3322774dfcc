"""Choose the backend once, at import.

``HILO_FAST_PUREPYTHON=1`` forces the pure-Python backend; otherwise the
compiled module is used when it was built, and pure Python when it was not.
Every module of the package reads ``backend`` from here once; nothing swaps
it afterwards. Tests, the fuzzer and the benchmarks that need the other
backend's public API run it in a process of its own (with the variable set),
and call backend functions on either module directly.
"""

from __future__ import annotations

import os
from types import ModuleType


def _load() -> ModuleType:
    if os.environ.get("HILO_FAST_PUREPYTHON") != "1":
        try:
            from . import _cbackend

            return _cbackend
        except ImportError:  # no compiled module: the build was skipped or failed
            pass
    from . import _pybackend

    return _pybackend


backend = _load()
BACKEND: str = backend.NAME
