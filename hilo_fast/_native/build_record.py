"""The build's record, ``hilo_fast/_native/_build_info.json`` (setup.py writes it), and the
warning for a pure-Python fallback nobody asked for. No hilo_fast imports here:
the backend loader uses it while the package is still being imported."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

_RECORD = "_build_info.json"


def build_record() -> dict[str, Any] | None:
    """The build's record, or None when this tree was never built by setup.py."""
    try:
        text = resources.files("hilo_fast._native").joinpath(_RECORD).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None
    record: dict[str, Any] = json.loads(text)
    return record


def fallback_warning(record: dict[str, Any] | None, import_error: str) -> str | None:
    """The warning for a pure-Python fallback nobody asked for, or None when there is
    nothing to warn about (no build record: a plain source tree)."""
    if record is None:
        return None
    if not record.get("native_built"):
        if "HILO_FAST_PUREPYTHON" in str(record.get("native_error")):
            return None  # built pure on purpose
        why = f"the C extension failed to build ({record.get('native_error')})"
    else:
        why = f"the compiled module does not load ({import_error})"
    return (f"hilo-fast is using its pure-Python backend, 5-40x slower: {why}. "
            "Install a C compiler and reinstall, or set HILO_FAST_PUREPYTHON=1 to choose "
            "the pure backend; `hilo-fast info` has the details.")
