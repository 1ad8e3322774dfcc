"""Choose the backend once, at import.

``HILO_FAST_PUREPYTHON=1`` forces the pure-Python backend; otherwise the
compiled module is used when it was built, and pure Python when it was not.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def using(chosen: ModuleType) -> Iterator[None]:
    """Point every imported hilo_fast module at the backend ``chosen`` for a while.

    Each module holds the backend as its ``backend`` attribute, so tests,
    benchmarks and the fuzz harness can run the public API on either one.
    Not thread-safe: it is for harnesses, not for library code.
    """
    default = backend
    swapped = [m for name, m in list(sys.modules.items())
               if name.startswith("hilo_fast") and getattr(m, "backend", None) is default]
    for module in swapped:
        module.backend = chosen  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module in swapped:
            module.backend = default  # type: ignore[attr-defined]
