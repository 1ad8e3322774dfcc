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
import warnings
from types import ModuleType


def _warn_fallback(exc: ImportError) -> None:
    """Warn when the C build failed (or its module does not load), not when pure was asked."""
    from ._build import build_record, fallback_warning

    message = fallback_warning(build_record(), f"{type(exc).__name__}: {exc}")
    if message is not None:
        warnings.warn(message, RuntimeWarning, stacklevel=2)


def _load() -> ModuleType:
    if os.environ.get("HILO_FAST_PUREPYTHON") != "1":
        try:
            from . import _cbackend

            return _cbackend
        except ImportError as exc:  # no compiled module: the build was skipped or failed
            _warn_fallback(exc)
    from . import _pybackend

    return _pybackend


backend = _load()
BACKEND: str = backend.NAME
