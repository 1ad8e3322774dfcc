"""What this install is: version, backend, why the native backend is not in use,
how the C was compiled and the size of its tables (``hilo-fast info``).

The build leaves a record, ``hilo_fast/_build_info.json`` (written by
setup.py: whether the C extension built, the error if not, the compiler
command and flags, the table sizes). When the C build failed, importing
hilo_fast warns once (:func:`hilo_fast._native.build_record.fallback_warning`), so
a slower backend is never a silent surprise; ``HILO_FAST_PUREPYTHON=1`` asks for it and silences it.

>>> sorted(install_info())[:4]
['backend', 'build', 'native_available', 'native_error']
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
from typing import Any

from .._native.build_record import build_record
from .._native.choice import BACKEND
from .._version import __version__

__all__ = ["format_info", "install_info"]


def _native_import_error() -> str | None:
    """Why ``hilo_fast._native`` does not load, or None when it does."""
    try:
        importlib.import_module("hilo_fast._cbackend")
    except ImportError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def install_info() -> dict[str, Any]:
    """Everything ``hilo-fast info`` prints, as a dict (its ``--json``)."""
    record = build_record()
    error = _native_import_error()
    if BACKEND == "native":
        why_not = None
    elif os.environ.get("HILO_FAST_PUREPYTHON") == "1":
        why_not = "HILO_FAST_PUREPYTHON=1 is set"
        if error is not None:
            why_not += f" (and the native module would not load: {error})"
    elif record is not None and not record.get("native_built"):
        why_not = f"the C extension did not build: {record.get('native_error')}"
    else:
        why_not = f"the compiled module does not load: {error}"
    return {
        "version": __version__,
        "backend": BACKEND,
        "native_available": error is None,
        "native_error": why_not,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": sys.platform,
        "build": record,
    }


def format_info(info: dict[str, Any]) -> str:
    """The table ``hilo-fast info`` prints."""
    record = info["build"] or {}
    lines = [
        f"hilo-fast      {info['version']}",
        f"backend        {info['backend']}",
        f"native         {'available' if info['native_available'] else 'not available'}",
    ]
    if info["native_error"]:
        lines.append(f"not native     {info['native_error']}")
    lines.append(f"python         {info['python']} on {info['platform']}")
    if not info["build"]:
        lines.append("build          no build record (a source tree setup.py did not build)")
        return "\n".join(lines)
    compiler = " ".join(record.get("compiler") or []) or "-"
    lines += [
        f"compiler       {compiler}",
        f"compile flags  {' '.join(record.get('extra_compile_args') or []) or '-'}",
        f"link flags     {' '.join(record.get('extra_link_args') or []) or '-'}",
    ]
    tables = record.get("table_bytes") or {}
    if tables:
        lines.append(f"tables         {sum(tables.values()):,} bytes in {len(tables)} C tables")
        lines += [f"  {name:<26}{size:>10,} bytes" for name, size in tables.items()]
    return "\n".join(lines)


def _cmd_info(args: argparse.Namespace) -> int:
    info = install_info()
    print(json.dumps(info, indent=2) if args.json else format_info(info))
    return 0


def add_parser(sub: Any) -> None:
    """Add this group's subcommands to the ``hilo-fast`` parser."""
    p = sub.add_parser("info", help="version, backend, and why the native backend is not in use",
                       description="What this install is: version, backend in use, why the "
                                   "native (C) backend is not in use, the compiler and flags "
                                   "it was built with, and its table sizes.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_cmd_info)
