"""Choose the backend once, at import: native (the compiled modules of this
folder) or pure Python.

``HILO_FAST_PUREPYTHON=1`` forces the pure-Python backend; otherwise the
compiled core is used when it was built and loads, and pure Python when it
does not (with a warning when the build failed). Each concept's ``_backend``
module reads :data:`NATIVE` from here once and picks its twin, so every
concept of a process runs on the same backend; nothing swaps it afterwards.
Tests, the fuzzer and the benchmarks that need the other backend run it in a
process of their own (with the variable set), or call the twins directly
(:mod:`hilo_fast._backends`).
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType


def _warn_fallback(exc: ImportError) -> None:
    """Warn when the C build failed (or its module does not load), not when pure was asked."""
    from .build_record import build_record, fallback_warning

    message = fallback_warning(build_record(), f"{type(exc).__name__}: {exc}")
    if message is not None:
        warnings.warn(message, RuntimeWarning, stacklevel=3)


def _native_loads() -> bool:
    if os.environ.get("HILO_FAST_PUREPYTHON") == "1":
        return False
    try:
        from . import _core  # noqa: F401  (the cffi module: ffi and lib)
    except ImportError as exc:  # no compiled module: the build was skipped or failed
        _warn_fallback(exc)
        return False
    return True


#: True when this process runs on the compiled core.
NATIVE: bool = _native_loads()
#: ``"native"`` or ``"python"``: the backend in use (``hilo_fast.BACKEND``).
BACKEND: str = "native" if NATIVE else "python"


def load_twin(package: str) -> ModuleType:
    """The twin a concept (``package``: ``"hilo_fast.core"``, ...) runs on in this
    process: its ``_c_backend`` module when :data:`NATIVE`, else its ``_py_backend``.
    Each concept's ``_backend`` module calls this once, so all choose alike."""
    return importlib.import_module(f"{package}.{'_c_backend' if NATIVE else '_py_backend'}")
