"""The cffi builder (API, out-of-line mode) for ``hilo_fast._native._core``.

setuptools runs it through ``cffi_modules`` in setup.py. The cdef is the
declarations-only header ``csrc/hilo_fast.h`` read verbatim, so the binding
and the C can never disagree.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parents[2]
CSRC = ROOT / "csrc"


def _relative(path: Path) -> str:
    """setuptools wants source paths relative to the project root."""
    try:
        return path.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(path)


def _compile_args() -> list[str]:
    if sys.platform == "win32":
        return ["/O2"]
    args = ["-O3", "-std=c99", "-pthread"]   # -pthread: the solver's threads
    return args + os.environ.get("HILO_FAST_CFLAGS", "").split()


def _link_args() -> list[str]:
    args = [] if sys.platform == "win32" else ["-pthread"]
    return args + os.environ.get("HILO_FAST_LDFLAGS", "").split()


ffibuilder = FFI()
ffibuilder.cdef((CSRC / "hilo_fast.h").read_text())
ffibuilder.set_source(
    "hilo_fast._native._core",
    '#include <stdint.h>\n#include "hilo_fast.h"\n',
    # The C of every concept (csrc/core, equity, engine, envs); csrc/py holds the
    # CPython builtins, which setup.py builds as modules of their own.
    sources=[_relative(p) for p in sorted(CSRC.glob("*/*.c")) if p.parent.name != "py"],
    include_dirs=[_relative(CSRC)],
    # Headers too, so editing an inline evaluator rebuilds the module.
    depends=[_relative(p) for p in sorted(CSRC.glob("**/*.h"))],
    extra_compile_args=_compile_args(),
    extra_link_args=_link_args(),
    # A failed compile leaves the pure-Python backend, except in a wheel build.
    optional=os.environ.get("CIBUILDWHEEL") != "1",
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
